"""The core's sequence-of-play protocol (ordnance.core.turns), on toy games.

A game that declares nothing keeps the old behaviour (every seat may act,
CORE-TURN); a game that declares an owner has its other seats refused by
``GameSession.act`` with the game's clause, and nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from ordnance.core import registry
from ordnance.core.dice import SeededDice
from ordnance.core.errors import RuleViolation
from ordnance.core.journal import GameSession, open_journal
from ordnance.core.messages import msg
from ordnance.core.registry import GamePlugin
from ordnance.core.turns import Turn, check_turn, done_form, owned_legal
from tests.core.toy_game import ToyGame, ToyState


class RedFirst(ToyGame):
    """Red owns the turn; ``hide`` is any time; blue's totals need blue's consent."""

    name = "toy-red-first"
    any_time_actions = frozenset({"hide"})

    def turn(self, state: ToyState) -> Turn:
        return Turn("play", None, ("red",), (), "TOY-TURN", msg("red to act"))

    def acting_seat(self, state: ToyState, action: Mapping[str, Any]) -> str | None:
        """A roll's ``side`` is whose total changes, not who rolls: red rolls."""
        return "red" if action.get("type") == "roll" else None

    def needs_consent(
        self, state: ToyState, action: Mapping[str, Any], seat: str | None
    ) -> str | None:
        side = action.get("side", seat)
        return side if seat is not None and side != seat else None


def test_default_turn_lets_every_seat_act() -> None:
    """CORE-TURN: no declared sequence of play, every seat active, nobody awaited."""
    game = ToyGame()
    state = game.new({})
    turn = game.turn(state)
    assert turn.active == ("red", "blue") and turn.waiting_for == () and turn.clause == "CORE-TURN"
    check_turn(game, state, {"type": "roll"}, "blue")
    with pytest.raises(RuleViolation) as err:
        check_turn(game, state, {"type": "done"}, "blue")
    assert err.value.clause == "CORE-TURN"
    assert done_form(turn, "blue") is None
    assert game.needs_consent(state, {"type": "roll"}, "red") is None


def test_owner_check_in_act_writes_nothing(tmp_path: Path) -> None:
    """TOY-TURN: blue's roll is refused with the game's clause; hot seat and any-time pass."""
    registry.register(GamePlugin(RedFirst()))
    session = GameSession.create(open_journal(tmp_path / "t.db"), "toy-red-first", {})
    with pytest.raises(RuleViolation) as err:
        session.act({"type": "roll"}, SeededDice(1), "blue")
    assert err.value.clause == "TOY-TURN" and "blue" in err.value.message
    assert session.version == 0
    session.act({"type": "hide", "value": 3}, SeededDice(1), "blue")  # any time
    session.act({"type": "roll"}, SeededDice(1), "red")
    session.act({"type": "roll", "side": "blue"}, SeededDice(1), None)  # hot seat
    with pytest.raises(RuleViolation) as err:
        session.act({"type": "roll", "side": "blue"}, SeededDice(1), "red")
    assert err.value.clause == "CORE-CONSENT"
    assert session.version == 3


def test_owned_legal_and_done_form() -> None:
    """A simultaneous step: the awaited seat gets 'done', the others lose the step's forms."""
    game = RedFirst()
    state = game.new({})
    forms = [
        {"type": "roll", "title": "Roll", "schema": {}},
        {"type": "hide", "title": "Hide", "schema": {}},
    ]
    assert [f["type"] for f in owned_legal(game, state, "blue", forms)] == ["hide"]
    assert [f["type"] for f in owned_legal(game, state, "red", forms)] == ["roll", "hide"]
    waiting = Turn("play", "step", ("blue",), ("blue",), "TOY-TURN", msg("blue to finish"))
    form = done_form(waiting, None)
    assert form is not None and form["schema"]["properties"]["side"]["enum"] == ["blue"]
