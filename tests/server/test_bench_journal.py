"""The journal benchmark's games (``ordnance.bench.journal.play``) are games the table accepts.

Every entry is sent again, in order, through :meth:`GameSession.act` with its
seat (so the sequence-of-play check, TOI-B8 / TOI-B9 / TOI-GEN-4 / TOI-GEN-8,
runs before the rules) and with the dice the entry recorded, the undos through
:meth:`GameSession.undo` (CORE-UNDO): not one is refused, and the table ends
in the state the benchmark computed. The journal holds what a real game
holds: moves, attacks that reveal tokens (TOI-GEN-5), dice, purchases, undos.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ordnance.bench import journal as bench
from ordnance.bench import toi_players
from ordnance.core.dice import EnteredDice
from ordnance.core.journal import open_journal, snapshots
from ordnance.core.journal.session import GameSession

Played = tuple[Any, dict[str, Any], list[dict[str, Any]]]


@pytest.fixture(scope="module")
def played() -> Played:
    return bench.play(400)


def test_every_bench_entry_passes_the_sequence_of_play_and_the_rules(
    played: Played, tmp_path: Path
) -> None:
    """TOI-B8, TOI-B9, TOI-GEN-4, TOI-GEN-8, CORE-UNDO: the table accepts each entry as the
    bench recorded it (same seat, same dice) and reaches the bench's final state."""
    _game, settings, rows = played
    session = GameSession.create(open_journal(tmp_path / "replay.db"), "toi", settings, "g")
    for row in rows:
        if row["kind"] == "undo":
            session.undo()
            continue
        dice = EnteredDice(int(d[0]) for d in row["dice"])
        entry = session.act(row["action"], dice, row["seat"])
        assert [e.kind for e in entry.events] == [e["kind"] for e in row["events"]]
    final, _top = rows[-1]["_state"]
    assert session.version == len(rows)
    assert session.state() == final


def test_a_bench_journal_holds_what_a_real_game_holds(
    played: Played,
) -> None:
    """Moves, attacks with dice that reveal face-down tokens (TOI-GEN-5), purchases
    (TOI-GEN-4), Op Fire (TOI-B9), passes and an undo every 50 entries; no nation is
    ever wiped out (the fight goes on at every length)."""
    _game, _settings, rows = played
    kinds = Counter(str(r["action"]["type"]) for r in rows)
    assert {"move", "attack", "buy", "op_fire", "done", "advance", "undo"} <= set(kinds)
    assert kinds["undo"] == len(rows) // bench.UNDO_EVERY
    assert kinds["advance"] < len(rows) / 2
    assert sum(1 for r in rows if r["dice"]) >= 5
    revealed = [e for r in rows for e in r["events"] if e["kind"] == "token-revealed"]
    assert revealed
    assert not any(toi_players.decided(r["_state"][0]) for r in rows)


def test_bench_snapshots_give_the_replayed_state(played: Played, tmp_path: Path) -> None:
    """The bulk-inserted journal, read from the snapshots ``GameSession.act`` would have
    written, gives the state the players' game reached."""
    game, settings, rows = played
    db = tmp_path / "bulk.db"
    [gid] = bench.insert_games(db, game, settings, rows, ["bulk"])
    snapshots.STATES.clear()
    journal = open_journal(db)
    session = GameSession(journal, gid)
    assert session.state() == rows[-1]["_state"][0]
    journal.close()
