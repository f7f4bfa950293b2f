"""The baselines the table is measured against: bare FastAPI, with and without a write.

:func:`bare_app` answers the table's routes (view, since, log, odds, action,
dice anchor, reveal and record) with canned JSON of a real table (the same size and
shape, from :func:`canned_answers`) and does nothing else; its only state is a
version counter per table and each seat's dice chain (anchor, last reveal), so
the players read and reveal as on the table. With ``write`` (a SQLAlchemy
engine), every action also makes one durable INSERT and COMMIT of a journal
row's size: what a table must do at the least.

:func:`null_app` is the client's floor: a raw ASGI app answering every request
with pre-encoded bytes, no framework; what the in-process client costs alone.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import httpx
from fastapi import FastAPI, Header
from pydantic import BaseModel
from sqlalchemy import Column, Engine, Integer, LargeBinary, MetaData, String, Table, insert

from ordnance.bench.toi_players import SEATS, attacks

_meta = MetaData()
BENCH_ROWS = Table(
    "bench_rows",
    _meta,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(64), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("body", LargeBinary, nullable=False),
)


class BareBody(BaseModel):
    action: dict[str, Any]
    expected_version: int
    element: str | None = None
    commitment: str | None = None
    since: int | None = None
    dice_since: int | None = None


class BareSince(BaseModel):
    version: int | None = None
    dice_since: int | None = None
    reveal: dict[str, Any] | None = None


class BareOdds(BaseModel):
    action: dict[str, Any]


class BareAnchor(BaseModel):
    anchor: str


class BareReveal(BaseModel):
    version: int
    commitment: str
    element: str
    pending: str | None = None


def bare_app(answers: dict[str, Any], write: Engine | None = None) -> FastAPI:
    """Bare FastAPI endpoints doing the table's HTTP and JSON work and nothing else
    (plus, with ``write``, one INSERT and COMMIT per action of a journal row's size)."""
    by_seat = {f"bare-{seat}": view for seat, view in answers["views"].items()}
    versions: dict[str, int] = {}
    chains: dict[tuple[str, str], dict[str, Any]] = {}
    row = json.dumps(answers["act"].get("entry", answers["act"])).encode()
    if write is not None:
        _meta.create_all(write)
    app = FastAPI()

    @app.get("/bare/{game_id}/view")
    def bare_view(game_id: str, authorization: str = Header("")) -> dict[str, Any]:
        token = authorization.removeprefix("Bearer ")
        view = by_seat[token]
        version = versions.get(game_id, 0)
        chain = chains.get((game_id, token))
        if chain is not None:
            shown = {**chain, "revealed": chain["last"] if chain["at"] == version else None}
            shown.pop("at")
            view = {**view, "dice": {**view["dice"], "chain": shown}}
        return {**view, "game_id": game_id, "version": version}

    @app.post("/bare/{game_id}/dice/anchor")
    def bare_anchor(
        game_id: str, body: BareAnchor, authorization: str = Header("")
    ) -> dict[str, Any]:
        start = versions.get(game_id, 0) + 1
        chains[(game_id, authorization.removeprefix("Bearer "))] = {
            "anchor": body.anchor,
            "from_version": start,
            "last": body.anchor,
            "at": None,
        }
        return {"anchor": body.anchor, "from_version": start}

    @app.post("/bare/{game_id}/dice/reveal")
    def bare_reveal(
        game_id: str, body: BareReveal, authorization: str = Header("")
    ) -> dict[str, Any]:
        key = (game_id, authorization.removeprefix("Bearer "))
        chain = chains.setdefault(key, {"anchor": None, "from_version": 0, "last": None})
        chain.update(last=body.element, at=body.version)
        return {"version": body.version, "element": body.element}

    @app.get("/bare/{game_id}/dice")
    def bare_dice(game_id: str, since: int = 0, authorization: str = Header("")) -> dict[str, Any]:
        return {**answers["dice"], "game_id": game_id}

    @app.get("/bare/{game_id}/log")
    def bare_log(game_id: str, since: int = 0, authorization: str = Header("")) -> dict[str, Any]:
        return {**answers["log"], "game_id": game_id, "version": versions.get(game_id, 0)}

    def since_answer(game_id: str, authorization: str) -> dict[str, Any]:
        version = versions.get(game_id, 0)
        return {
            "view": bare_view(game_id, authorization),
            "log": {**answers["log"], "game_id": game_id, "version": version},
            "dice": {**answers["dice"], "game_id": game_id},
            "reveal": None,
        }

    @app.post("/bare/{game_id}/since")
    def bare_since(
        game_id: str, body: BareSince, authorization: str = Header("")
    ) -> dict[str, Any]:
        if body.reveal is not None:
            bare_reveal(game_id, BareReveal(**body.reveal), authorization)
        return since_answer(game_id, authorization)

    @app.post("/bare/{game_id}/odds")
    def bare_odds(game_id: str, body: BareOdds, authorization: str = Header("")) -> dict[str, Any]:
        return dict(answers["odds"])

    @app.post("/bare/{game_id}/actions")
    def bare_act(game_id: str, body: BareBody, authorization: str = Header("")) -> dict[str, Any]:
        version = body.expected_version + 1
        if write is not None:  # the one durable write an accepted action needs at least
            with write.begin() as conn:
                conn.execute(insert(BENCH_ROWS).values(game_id=game_id, seq=version, body=row))
        versions[game_id] = version
        out = {**answers["act"], "version": version}
        if body.since is not None:
            out["next"] = since_answer(game_id, authorization)
        return out

    return app


Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


def null_app(answers: dict[str, Any]) -> Callable[[Scope, Receive, Send], Awaitable[None]]:
    """Raw ASGI answering each route with its canned bytes: the client's cost alone."""
    encoded = {
        "view": json.dumps(next(iter(answers["views"].values()))).encode(),
        "log": json.dumps(answers["log"]).encode(),
        "dice": json.dumps(answers["dice"]).encode(),
        "odds": json.dumps(answers["odds"]).encode(),
        # the players send ``since`` with every action: its answer carries ``next``
        "actions": json.dumps({**answers["act"], "next": answers["since"]}).encode(),
        "since": json.dumps(answers["since"]).encode(),
    }

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        more = True
        while more:
            message = await receive()
            more = bool(message.get("more_body"))
        parts = scope["path"].strip("/").split("/")
        body = encoded.get(parts[2] if len(parts) > 2 else "", b"{}")
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body})

    return app


async def canned_answers(client: httpx.AsyncClient) -> dict[str, Any]:
    """A real table's answers (each seat's view, a log, odds, an action, the dice record)."""
    res = await client.post("/api/tables", json={"game": "toi", "settings": {}})
    res.raise_for_status()
    data = res.json()
    gid, tokens = data["game_id"], {data["seat"]: data["token"]}
    for inv in data["invitations"]:
        claimed = await client.post(f"/api/tables/{gid}/claim", json={"invitation": inv["code"]})
        tokens[inv["seat"]] = claimed.raise_for_status().json()["token"]
    auth = {s: {"Authorization": f"Bearer {tok}"} for s, tok in tokens.items()}
    views = {}
    for s, h in auth.items():
        views[s] = (await client.get(f"/api/tables/{gid}/view", headers=h)).json()
    first = views[SEATS[0]]
    form = next(f for f in first["legal"] if f["type"] == "attack")
    attack = next(a for a in attacks(first["view"], form, SEATS[0]))
    odds = await client.post(
        f"/api/tables/{gid}/odds", json={"action": attack}, headers=auth[SEATS[0]]
    )
    move = {"type": "move", "unit": attack["unit"], "to": first["view"]["units"][0]["hex"]}
    acted = await client.post(
        f"/api/tables/{gid}/actions",
        json={"action": move, "expected_version": first["version"]},
        headers=auth[SEATS[0]],
    )
    log = await client.get(
        f"/api/tables/{gid}/log", params={"since": first["version"]}, headers=auth[SEATS[1]]
    )
    dice = await client.get(f"/api/tables/{gid}/dice", headers=auth[SEATS[1]])
    since = await client.get(
        f"/api/tables/{gid}/since", params={"version": 0, "dice_since": 0}, headers=auth[SEATS[1]]
    )
    return {
        "since": since.json(),
        "views": views,
        "odds": odds.json(),
        "act": acted.json(),
        "log": log.json(),
        "dice": dice.json(),
    }
