"""Every text a player reads in Russian, for a sample scenario of each game.

:func:`http_texts` plays a short script of each game at a table (FastAPI's
test client, ``?lang=ru`` as the page asks) and gathers the presentation
texts of ``/view`` (panels, turn line, board and map labels, the ``legal``
forms' titles, help and choice labels, pending consent and undo requests),
``/log``, ``/odds``, refusals (message and hint), and the lobby's settings
schema (``/modules``). :func:`cli_texts` runs ``ordnance --lang ru`` over the
same scenario: ``game view`` for every seat and the public, ``game log``,
``game legal``, ``game act`` (refusals too) and ``game undo``. Each text comes with where it was read, so a
failing test names its source.

Only presentation strings are gathered: ids, enum values and the raw state
data in a view are what the page shows in its collapsed "raw view" and what
``--json`` prints, and stay language-neutral by design.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ordnance.core.scenario import open_source
from tests.server.conftest import claim

#: Keys whose string values are words shown to a player.
WORDS = frozenset(
    {"title", "label", "text", "note", "numbering", "description", "message", "hint",
     "columns", "rows", "x-labels", "short", "summary", "explanation", "help"}
)  # fmt: skip
#: Parts of a view that the page draws as words (the rest is the raw view).
VIEW_PARTS = ("panels", "turn", "board", "map")


def words_in(node: Any, where: str, key: str | None = None) -> Iterator[tuple[str, str]]:
    """Every string under a presentation key of a JSON value, with its path."""
    if isinstance(node, Mapping):
        for k, v in node.items():
            if k in ("enum", "const", "default", "examples", "required", "pattern", "type"):
                continue
            yield from words_in(v, f"{where}.{k}", str(k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from words_in(v, f"{where}[{i}]", key)
    elif isinstance(node, str) and key in WORDS and node:
        yield where, node


def view_words(view: Mapping[str, Any], where: str) -> Iterator[tuple[str, str]]:
    for part in VIEW_PARTS:
        if part in view:
            yield from words_in(view[part], f"{where}.{part}")


@dataclass
class Script:
    """A few moves of one scenario: what each seat does, and what must be refused."""

    scenario: str
    #: (seat, action, dice): played in order; each must succeed (or open a consent request)
    moves: list[tuple[str, dict[str, Any], list[int] | None]]
    #: (seat, action, dice): each must be refused
    refusals: list[tuple[str, dict[str, Any], list[int] | None]]
    #: (seat, action): odds asked before the moves
    odds: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    #: action types among the moves that change the other side's pieces: the table
    #: asks for consent; the CLI refuses them with ``--as`` and plays them hot-seat
    consent: tuple[str, ...] = ()


SCRIPTS: dict[str, Script] = {
    "toi": Script(
        "toi/crossroads-sample",
        moves=[
            # the nations alternate one unit's action each (TOI-ACT-1/2)
            ("german", {"type": "move", "unit": "g-pziv-1", "to": "1,3"}, None),
            ("soviet", {"type": "attack", "unit": "s-zis3-1", "target": "g-squad-1"}, None),
            ("german", {"type": "attack", "unit": "g-squad-1", "target": "s-zis3-1"}, None),
            ("soviet", {"type": "done"}, None),
            ("german", {"type": "done"}, None),
        ],
        refusals=[
            ("german", {"type": "move", "unit": "s-t34-1", "to": "5,2"}, None),
            ("german", {"type": "attack", "unit": "g-squad-1", "target": "s-t34-1"}, [6, 6]),
            ("soviet", {"type": "advance"}, None),
        ],
        odds=[("german", {"type": "attack", "unit": "g-squad-1", "target": "s-zis3-1"})],
    ),
    "asl": Script(
        "asl/normandy-sample",
        moves=[
            ("american", {"type": "turn_ca", "gun": "m4a3-76-1", "ca": 2}, None),
            ("american", {"type": "done"}, None),
            ("german", {"type": "done"}, None),
        ],
        refusals=[
            ("german", {"type": "turn_ca", "gun": "m4a3-76-1", "ca": 3}, None),
            ("german", {"type": "fire", "gun": "pak40-1", "target": "vehicle", "range": 3}, [3, 4]),
        ],
    ),
    "waw": Script(
        "waw/fulda-sample",
        moves=[
            ("us", {"type": "he_fire", "side": "us", "target": "5,0", "firepower": 4,
                    "hit_number": 4}, None),
            ("soviet", {"type": "smoke", "side": "soviet", "target": "3,1"}, None),
            ("us", {"type": "move", "unit": "us-inf-1", "path": ["3,2"]}, None),
            ("us", {"type": "set_condition", "unit": "sv-mri-1", "condition": "disrupted"}, None),
            ("us", {"type": "done"}, None),
        ],
        refusals=[
            ("soviet", {"type": "move", "unit": "us-m60-1", "path": ["2,0"]}, None),
            ("us", {"type": "he_fire", "side": "us", "target": "99,99", "firepower": 4,
                    "hit_number": 4}, [6, 5, 2, 1]),
        ],
        odds=[("us", {"type": "he_fire", "side": "us", "target": "5,0", "firepower": 4,
                      "hit_number": 4})],
        consent=("set_condition",),
    ),
}  # fmt: skip


class Seats:
    """A table created from a scenario, with a token per seat."""

    def __init__(self, client: TestClient, scenario: str):
        src = open_source(scenario)
        body = {"game": src.data["game"], "scenario": src.data, "dice": "server"}
        res = client.post("/api/tables", json=body)
        assert res.status_code == 201, res.text
        data = res.json()
        self.client, self.id = client, data["game_id"]
        self.tokens = {data["seat"]: data["token"]}
        for invitation in data["invitations"]:
            claimed = claim(client, invitation["link"])
            self.tokens[claimed["seat"]] = claimed["token"]

    def call(self, seat: str, method: str, path: str, body: Any = None) -> Any:
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"}
        url = f"/api/tables/{self.id}{path}"
        if method == "GET":
            return self.client.get(url, headers=headers)
        return self.client.post(url, json=body, headers=headers)

    def version(self) -> int:
        seat = next(iter(self.tokens))
        return int(self.call(seat, "GET", "/view").json()["version"])

    def act(
        self, seat: str, action: dict[str, Any], dice: list[int] | None, lang: str = "ru"
    ) -> Any:
        body: dict[str, Any] = {"action": action, "expected_version": self.version()}
        del dice  # the server rolls (the CLI enters them: same scripts)
        return self.call(seat, "POST", f"/actions?lang={lang}", body)


def _answer_pending(t: Seats) -> None:
    """Accept a pending consent request (the other seat answers it)."""
    for seat in t.tokens:
        view = t.call(seat, "GET", "/view").json()
        pending = view.get("pending_request")
        if pending and pending.get("may_answer"):
            res = t.call(seat, "POST", f"/undo/{pending['request']}", {"accept": True})
            assert res.status_code in (200, 201), res.text


def http_texts(client: TestClient, game: str, lang: str = "ru") -> list[tuple[str, str]]:
    """The texts of one game's table in ``lang`` (Russian), gathered over its script."""
    script = SCRIPTS[game]
    t = Seats(client, script.scenario)
    found: list[tuple[str, str]] = []

    def look(label: str) -> None:
        for seat in t.tokens:
            answer = t.call(seat, "GET", f"/view?lang={lang}").json()
            where = f"HTTP /view as {seat} ({label})"
            found.extend(view_words(answer["view"], where))
            found.extend(words_in(answer.get("legal", []), f"{where}.legal"))
            found.extend(words_in(answer.get("turn", {}), f"{where}.turn"))
            for key in ("pending_request", "undo"):
                found.extend(words_in(answer.get(key) or {}, f"{where}.{key}", None))
                pending = answer.get(key) or {}
                if isinstance(pending, dict) and isinstance(pending.get("text"), str):
                    found.append((f"{where}.{key}.text", pending["text"]))
            log = t.call(seat, "GET", f"/log?lang={lang}").json()
            found.extend(words_in(log, f"HTTP /log as {seat} ({label})"))

    modules = client.get(f"/api/modules?lang={lang}").json()
    for m in modules["games"]:
        if m["name"] == game:
            found.extend(words_in(m["settings_schema"], f"HTTP /modules {game} settings"))
    for seat, action in script.odds:
        res = t.call(seat, "POST", f"/odds?lang={lang}", {"action": action})
        assert res.status_code == 200, res.text
        found.extend(words_in(res.json(), f"HTTP /odds as {seat} {action['type']}"))
    look("start")
    for seat, action, dice in script.refusals:
        res = t.act(seat, action, dice, lang)
        assert res.status_code >= 400, res.text
        found.extend(words_in(res.json(), f"HTTP refusal of {seat} {action['type']}", None))
        for key in ("message", "hint"):
            if res.json().get(key):
                found.append((f"HTTP refusal of {seat} {action['type']}.{key}", res.json()[key]))
    for seat, action, dice in script.moves:
        res = t.act(seat, action, dice, lang)
        assert res.status_code in (200, 202), res.text
        if res.status_code == 202:
            look(f"after {seat} asked {action['type']}")
            _answer_pending(t)
    ask = t.call(next(iter(t.tokens)), "POST", "/undo", {"expected_version": t.version()})
    assert ask.status_code == 201, ask.text
    look("end, undo asked")
    return found


def cli_texts(run: Any, db: Path, game: str, seats: list[str]) -> list[tuple[str, str]]:
    """``ordnance --lang ru`` over the same script: each command's printed lines."""
    script = SCRIPTS[game]
    found: list[tuple[str, str]] = []
    gid = f"ru-{game}"
    run("game", "new", "--scenario", script.scenario, "--id", gid, "--db", str(db))

    def printed(label: str, *args: str, ok: bool = True) -> None:
        out = run("--lang", "ru", *args, "--db", str(db), ok=ok)
        found.extend((f"CLI {label}", line) for line in out.splitlines() if line.strip())

    for seat, action, dice in script.refusals:
        extra = ["--dice", ",".join(map(str, dice))] if dice else []
        printed(f"game act --as {seat} {action['type']} (refused)", "game", "act", gid,
                json.dumps(action), "--as", seat, *extra, ok=False)  # fmt: skip
    for seat, action, dice in script.moves:
        extra = ["--dice", ",".join(map(str, dice))] if dice else ["--seed", "7"]
        act = ["game", "act", gid, json.dumps(action)]
        if action["type"] in script.consent:
            printed(f"game act --as {seat} {action['type']} (needs consent)", *act, "--as", seat,
                    *extra, ok=False)  # fmt: skip
            printed(f"game act {action['type']} (hot seat)", *act, *extra)
            continue
        printed(f"game act --as {seat} {action['type']}", *act, "--as", seat, *extra)
    printed("game undo", "game", "undo", gid)  # the core's undo event, in the log below
    for seat in [*seats, None]:
        who = ["--as", seat] if seat else []
        printed(f"game view {' '.join(who) or '(public)'}", "game", "view", gid, *who)
        printed(f"game log {' '.join(who) or '(public)'}", "game", "log", gid, *who)
        printed(f"game legal {' '.join(who) or '(hot seat)'}", "game", "legal", gid, *who)
    return found


def start_texts(client: TestClient, scenario: str) -> list[tuple[str, str]]:
    """Every seat's Russian view, forms and journal of a scenario as it starts."""
    t = Seats(client, scenario)
    found: list[tuple[str, str]] = []
    for seat in t.tokens:
        answer = t.call(seat, "GET", "/view?lang=ru").json()
        where = f"HTTP {scenario} /view as {seat}"
        found.extend(view_words(answer["view"], where))
        found.extend(words_in(answer.get("legal", []), f"{where}.legal"))
        found.extend(words_in(answer.get("turn", {}), f"{where}.turn"))
        log = t.call(seat, "GET", "/log?lang=ru").json()
        found.extend(words_in(log, f"HTTP {scenario} /log as {seat}"))
    return found
