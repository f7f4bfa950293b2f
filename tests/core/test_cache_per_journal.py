"""The process-wide caches belong to one journal object (CORE-JOURNAL-1: the state is the
replay of *this* journal's entries).

Two in-memory journals have the same URL (``sqlite://``); a state cached for
one must never be served for the other, whose entries differ. Found by a
review: the cache was keyed by URL, and journal A answered with journal B's roll.
"""

from __future__ import annotations

from ordnance.core import registry
from ordnance.core.dice import EnteredDice
from ordnance.core.journal import GameSession, open_journal
from ordnance.core.registry import GamePlugin
from tests.core.toy_game import ToyGame

registry.register(GamePlugin(ToyGame()))


def test_two_in_memory_journals_keep_their_own_states() -> None:
    a, b = open_journal(":memory:"), open_journal(":memory:")
    assert a.url == b.url  # the case the key must tell apart
    first = GameSession.create(a, "toy", {}, game_id="g")
    first.act({"type": "roll", "side": "red"}, EnteredDice([6]))
    second = GameSession.create(b, "toy", {}, game_id="g")
    second.act({"type": "roll", "side": "red"}, EnteredDice([1]))
    for journal, session in ((a, first), (b, second)):
        fresh = GameSession(journal, "g")
        assert fresh.state() == session.replay(session.entries_all())
    assert GameSession(a, "g").state() != GameSession(b, "g").state()
