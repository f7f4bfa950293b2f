"""The table server keeps no derived state of its own (one state cache per process).

It reads every state through ``GameSession``, whose only in-memory cache is
``ordnance.core.journal.snapshots.STATES``, keyed by (database, game,
version): an entry appended by another face (the CLI, another server
process) is in the very next answer, and that answer equals a full replay
of the journal (the journal is the truth).
"""

from __future__ import annotations

from pathlib import Path

from ordnance.core import registry
from ordnance.core.dice import SeededDice
from ordnance.core.journal import GameSession, open_journal
from ordnance.core.journal.snapshots import STATES
from ordnance.server.service import TableService


def test_the_server_reads_states_through_the_core_cache_only(tmp_path: Path) -> None:
    journal = open_journal(f"sqlite:///{tmp_path / 'one.db'}")
    service = TableService(journal)
    table = service.create("toi", {})
    gid, seat = table.game_id, table.seat
    STATES.clear()
    first = service.view(gid, seat)
    assert STATES.get((journal.cache_key, gid, first["version"])) is not None

    cli = GameSession(journal, gid)  # another face on the same journal
    cli.act({"type": "advance"}, SeededDice(3), None)

    after = service.view(gid, seat)
    assert after["version"] == first["version"] + 1
    game = registry.game("toi")
    replayed = cli.replay(cli.entries_all())
    assert after["view"] == game.view(replayed, seat)
    assert after["turn"] == game.turn_view(replayed)
    assert after["turn"] != first["turn"]  # the advance is seen, not a stale state


def test_the_service_holds_only_table_metadata(tmp_path: Path) -> None:
    """What the service remembers per table is its game session, which holds the game
    and its settings (never a state: states live in ``STATES`` only)."""
    service = TableService(open_journal(f"sqlite:///{tmp_path / 'meta.db'}"))
    table = service.create("toi", {})
    service.view(table.game_id, table.seat)
    remembered = service._meta[table.game_id]
    assert isinstance(remembered, GameSession) and remembered.game_name == "toi"
    held = set(vars(remembered)) - {"code_key"}  # the snapshots' key, a digest
    assert held == {"journal", "game_id", "game_name", "settings", "game"}
    assert service.session(table.game_id) is remembered  # one per table, not per call
