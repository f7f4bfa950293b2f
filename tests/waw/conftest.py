"""A World at War game in a throwaway journal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ordnance.core.dice import EnteredDice
from ordnance.core.journal import GameSession, open_journal


@pytest.fixture
def new_game(tmp_path) -> Callable[..., GameSession]:
    def make(settings: dict[str, Any] | None = None) -> GameSession:
        journal = open_journal(tmp_path / "waw.db")
        return GameSession.create(journal, "waw", settings or {})

    return make


def act(session: GameSession, action: dict[str, Any], dice: list[int] | None = None) -> Any:
    return session.act(action, EnteredDice(dice or []))


def place(session: GameSession, uid: str, kind: str, side: str, hex_: str, **extra: Any) -> None:
    act(
        session, {"type": "place_unit", "id": uid, "kind": kind, "side": side, "hex": hex_, **extra}
    )
