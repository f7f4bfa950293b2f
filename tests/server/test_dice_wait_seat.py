"""The waiting answer of ``POST /actions?wait_dice=1`` belongs to the seat's token as it is
when the answer is sent, not as it was when the action came (TABLE-SEAT-6: a replaced or
recovered token stops working; TABLE-DICE-7: the roll travels only to the seats).

A thief holding a seat's link sends an action with the flag; while it waits for the other
seat's element, the rightful holder replaces the token. The draw must not carry the seat's
view (its hidden records, the drawn roll) to the revoked token; the action itself stays
committed and drawn, as for a client that left.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.server.test_dice_wait_answer import Seats, _play


def test_a_token_replaced_while_the_answer_waits_gets_no_view(tmp_path: Path) -> None:
    async def scenario(app: Any, seats: Seats) -> Any:
        notices = app.state.broadcaster.subscribe(seats.id)
        acting = asyncio.create_task(seats.attack(wait_dice=1))  # the old token's request
        assert await notices.get() == 1  # committed as pending: the request now waits
        rotated = await seats.post("allies", "/token", {})  # the holder replaces it
        assert rotated.status_code == 200, rotated.text
        revealed = await seats.reveal_axis()
        assert revealed.json()["reveal"]["applied"] == 2  # the draw still happens
        seats.tokens["allies"] = rotated.json()["token"]
        return await acting, await seats.view("allies")

    answer, view = _play(tmp_path, scenario)
    assert answer.status_code == 403, answer.text
    assert "next" not in answer.json() and "entry" not in answer.json()
    assert view["version"] == 2 and view["dice"]["pending"] is None  # drawn, for the new token


def test_the_same_token_still_gets_its_drawn_answer(tmp_path: Path) -> None:
    """The check refuses only a changed token: a token rotated and then the answer of a
    request sent with the new one is the drawn one (the control of the test above)."""

    async def scenario(app: Any, seats: Seats) -> Any:
        rotated = await seats.post("allies", "/token", {})
        seats.tokens["allies"] = rotated.json()["token"]
        notices = app.state.broadcaster.subscribe(seats.id)
        acting = asyncio.create_task(seats.attack(wait_dice=1))
        assert await notices.get() == 1
        await seats.reveal_axis()
        return await acting

    answer = _play(tmp_path, scenario)
    assert answer.status_code == 200, answer.text
    assert answer.json()["version"] == 2 and answer.json()["entry"]["seat"] == "allies"
