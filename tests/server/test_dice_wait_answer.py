"""An action whose dice wait for the other seat answers once they are drawn (``?wait_dice=1``).

The acting page sends its action with ``wait_dice=1`` and ``since``: the action is
committed as pending (TABLE-DICE-7: the other seat's element travels only for a
committed action), the request waits on the event loop for the draw, and the
answer carries the drawn entry and the acting seat's ``next`` (its view, entries
and rolls after the draw), so that page asks nothing more. Past the server's
``dice_wait_answer`` (injected here as 0 s: no sleeps) the answer is the pending
one, as without the flag; other clients (no flag) are answered at once as before.
The dice protocol is ``ordnance-dice-v2`` unchanged: the roll the answer carries
is the one the other seat's reveal drew, with both seats' elements.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from ordnance.server.app import create_app
from ordnance.server.dice_scheme import chain_from, next_reveal
from tests.server.dice_helpers import LENGTH, root_of

ATTACK = {"type": "attack", "dice": 6, "target": "2,0"}


class Seats:
    """A secrets table over an in-process client; both seats' chains published."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client
        self.tokens: dict[str, str] = {}
        self.chains = {s: chain_from(root_of(s), LENGTH) for s in ("allies", "axis")}
        self.id = ""

    async def open(self) -> None:
        res = await self.client.post("/api/tables", json={"game": "secrets", "settings": {}})
        data = res.raise_for_status().json()
        self.id = data["game_id"]
        self.tokens[data["seat"]] = data["token"]
        for inv in data["invitations"]:
            code = inv["link"].partition("#invite=")[2]
            claimed = await self.client.post(
                f"/api/tables/{self.id}/claim", json={"invitation": code}
            )
            self.tokens[claimed.json()["seat"]] = claimed.json()["token"]
        for seat, chain in self.chains.items():
            res = await self.post(seat, "/dice/anchor", {"anchor": chain[-1]})
            assert res.status_code == 200, res.text
        assert (await self.act("allies", {"type": "end_phase"}, 0)).status_code == 200

    async def post(self, seat: str, path: str, body: Any, **params: Any) -> httpx.Response:
        return await self.client.post(
            f"/api/tables/{self.id}{path}",
            json=body,
            params=params,
            headers={"Authorization": f"Bearer {self.tokens[seat]}"},
        )

    async def view(self, seat: str) -> dict[str, Any]:
        res = await self.client.get(
            f"/api/tables/{self.id}/view", headers={"Authorization": f"Bearer {self.tokens[seat]}"}
        )
        out: dict[str, Any] = res.raise_for_status().json()
        return out

    async def act(self, seat: str, action: dict[str, Any], version: int) -> httpx.Response:
        return await self.post(seat, "/actions", {"action": action, "expected_version": version})

    async def attack(self, **params: Any) -> httpx.Response:
        """Allies attack with their element, holding entries and rolls up to version 1."""
        view = await self.view("allies")
        body = {
            "action": ATTACK,
            "expected_version": view["version"],
            "commitment": view["commitment"]["hash"],
            "element": next_reveal(self.chains["allies"], view["dice"]["chain"]["last"]),
            "since": 1,
            "dice_since": 1,
        }
        return await self.post("allies", "/actions", body, **params)

    async def reveal_axis(self) -> httpx.Response:
        """What the axis page sends on the notice: its reveal inside its one ``/since``."""
        view = await self.view("axis")
        pending = view["dice"]["pending"]
        assert pending is not None and pending["seat"] == "allies"
        reveal = {
            "version": view["version"],
            "commitment": view["commitment"]["hash"],
            "element": next_reveal(self.chains["axis"], view["dice"]["chain"]["last"]),
            "pending": pending["digest"],
        }
        return await self.post("axis", "/since", {"version": 1, "reveal": reveal})


def _play(tmp_path: Path, scenario: Any, **settings: Any) -> Any:
    app = create_app(tmp_path / "wait.db", heartbeat=0.5, create_rate=None, **settings)

    async def run() -> Any:
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                seats = Seats(client)
                await seats.open()
                return await scenario(app, seats)

    try:
        return asyncio.run(run())
    finally:
        app.state.service.journal.close()


def test_the_answer_waits_for_the_draw_and_carries_the_roll(tmp_path: Path) -> None:
    async def scenario(app: Any, seats: Seats) -> Any:
        notices = app.state.broadcaster.subscribe(seats.id)
        acting = asyncio.create_task(seats.attack(wait_dice=1))
        assert await notices.get() == 1  # committed as pending at version 1: told to the seats
        assert not acting.done()  # the acting request still waits
        revealed = await seats.reveal_axis()
        assert revealed.status_code == 200, revealed.text
        assert revealed.json()["reveal"]["applied"] == 2  # the axis reveal drew the dice
        return await acting

    res = _play(tmp_path, scenario)
    assert res.status_code == 200, res.text
    data = res.json()
    assert data["version"] == 2 and "rolling" not in data
    assert data["entry"]["seq"] == 2 and data["entry"]["seat"] == "allies"
    assert len(data["entry"]["dice"]) == ATTACK["dice"]
    after = data["next"]
    assert after["view"]["version"] == 2 and after["view"]["dice"]["pending"] is None
    assert [e["seq"] for e in after["log"]["entries"]] == [2]
    (roll,) = after["dice"]["rolls"]  # the drawn roll, with both seats' elements (v2)
    assert roll["seq"] == 2 and roll["version"] == 1  # entry 2, rolled at version 1
    assert all(roll["elements"][s] for s in ("allies", "axis"))


def test_past_the_wait_the_answer_is_the_pending_one(tmp_path: Path) -> None:
    async def scenario(_app: Any, seats: Seats) -> Any:
        res = await seats.attack(wait_dice=1)
        later = await seats.reveal_axis()  # the roll is still drawn by the axis reveal
        assert later.json()["reveal"]["applied"] == 2
        return res

    res = _play(tmp_path, scenario, dice_wait_answer=0)
    assert res.status_code == 202, res.text
    data = res.json()
    assert data["version"] == 1 and data["rolling"]["waiting_for"] == ["axis"]
    assert data["next"]["view"]["dice"]["pending"]["seat"] == "allies"
    assert data["next"]["dice"] is None  # nothing rolled yet: the page reads after the notice


@pytest.mark.parametrize("params", [{}, {"wait_dice": 0}])
def test_without_the_flag_the_answer_comes_at_once(tmp_path: Path, params: Any) -> None:
    """Other clients (the CLI, table_client) send no flag: 202 ``rolling`` at once."""

    async def scenario(_app: Any, seats: Seats) -> Any:
        return await seats.attack(**params)

    res = _play(tmp_path, scenario)
    assert res.status_code == 202, res.text
    assert res.json()["rolling"]["waiting_for"] == ["axis"]
    assert res.json()["next"]["view"]["version"] == 1


def test_a_refused_action_with_the_flag_writes_nothing(tmp_path: Path) -> None:
    """The flag changes when the answer comes, never what is checked (TABLE-DICE-8 etc.)."""

    async def scenario(_app: Any, seats: Seats) -> Any:
        stale = await seats.post(
            "allies",
            "/actions",
            {"action": ATTACK, "expected_version": 0, "since": 0},
            wait_dice=1,
        )
        return stale, await seats.view("allies")

    stale, view = _play(tmp_path, scenario)
    assert stale.status_code == 409 and stale.json()["error"] == "StaleVersion"
    assert view["version"] == 1 and view["dice"]["pending"] is None


def test_a_client_that_leaves_while_it_waits_leaves_the_committed_action(
    tmp_path: Path,
) -> None:
    """The acting request is cancelled while it waits (its client left): the action
    stays committed as pending (TABLE-DICE-8 keeps the version), the wait stops
    listening, and the other seat's reveal still draws it."""

    async def scenario(app: Any, seats: Seats) -> Any:
        broadcaster = app.state.broadcaster
        notices = broadcaster.subscribe(seats.id)
        acting = asyncio.create_task(seats.attack(wait_dice=1))
        assert await notices.get() == 1
        acting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await acting
        broadcaster.unsubscribe(seats.id, notices)
        listeners = len(broadcaster._queues.get(seats.id, ()))
        waiting = (await seats.view("allies"))["dice"]["pending"]
        revealed = await seats.reveal_axis()
        return listeners, waiting, revealed.json()

    listeners, waiting, revealed = _play(tmp_path, scenario)
    assert listeners == 0  # the cancelled wait unsubscribed
    assert waiting is not None and waiting["seat"] == "allies" and waiting["mine"] is True
    assert revealed["reveal"]["applied"] == 2 and revealed["view"]["version"] == 2


@pytest.mark.parametrize("answering", ["allies", "axis"])
def test_an_undo_that_drops_the_waiting_action_says_so(tmp_path: Path, answering: str) -> None:
    """TABLE-UNDO-1..3 with an action waiting for its dice: the undo accepted while the
    acting request waits drops that action (never rolled), and the waiting answer says
    so (200 ``dropped``, reason ``undo``), never 202 ``rolling`` for an action that will
    not roll, nor the undo's entry as if it were the action's (the undo's entry is the
    acting seat's own when the acting seat is the one that accepts)."""
    asking = "axis" if answering == "allies" else "allies"

    async def scenario(app: Any, seats: Seats) -> Any:
        notices = app.state.broadcaster.subscribe(seats.id)
        acting = asyncio.create_task(seats.attack(wait_dice=1))
        assert await notices.get() == 1  # committed as pending at version 1
        asked = await seats.post(asking, "/undo", {"expected_version": 1})
        assert asked.status_code == 201, asked.text
        answer = await seats.post(answering, f"/undo/{asked.json()['request']}", {"accept": True})
        assert answer.status_code == 200, answer.text
        assert "dropped, never rolled" in answer.json()["dice_note"]
        return await acting, await seats.view("allies")

    res, view = _play(tmp_path, scenario)
    assert res.status_code == 200, res.text
    data = res.json()
    assert "rolling" not in data and "entry" not in data
    assert data["dropped"]["reason"] == "undo" and data["dropped"]["version"] == 1
    assert "dropped by an undo" in data["dropped"]["text"]
    assert data["version"] == 2 == data["next"]["view"]["version"]
    assert data["next"]["view"]["dice"]["pending"] is None
    assert view["version"] == 2 and view["dice"]["pending"] is None
