"""Snapshots and the state cache are a cache of the replay, never a second truth.

The property (CORE-JOURNAL-1: the state is the replay of the effective
entries; CORE-UNDO: an undo cancels the newest action in force): over random
sequences of actions and undos, with a snapshot every few entries, the state
a fresh process rebuilds from snapshots equals a full replay at every
version, and the log read ``since`` any point equals the tail of the full log.
Run on SQLite and on a throwaway PostgreSQL.
"""

from __future__ import annotations

import contextlib
import json
import pickle
from collections.abc import Iterator
from itertools import count
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select, update

from ordnance.core import registry
from ordnance.core.codec import MAGIC
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation
from ordnance.core.journal import GameSession, Journal, open_journal, snapshots
from ordnance.core.journal.entries import effective_entries
from ordnance.core.journal.models import SnapshotRow
from ordnance.core.registry import GamePlugin
from tests.core.toy_game import ToyGame, ToyState
from tests.server.conftest import fresh_pg_db, pg_url  # noqa: F401 - the fixture

registry.register(GamePlugin(ToyGame()))

_ids = count()

Step = tuple[str, str, int]
steps = st.lists(
    st.one_of(
        st.tuples(st.just("roll"), st.sampled_from(["red", "blue"]), st.integers(1, 6)),
        st.tuples(st.just("hide"), st.sampled_from(["red", "blue"]), st.integers(0, 99)),
        st.tuples(st.just("undo"), st.just(""), st.just(0)),
    ),
    max_size=30,
)


def _play(journal: Journal, plan: list[Step]) -> GameSession:
    session = GameSession.create(journal, "toy", {}, game_id=f"toy-{next(_ids)}")
    for kind, side, value in plan:
        if kind == "undo":
            with contextlib.suppress(RuleViolation):  # nothing left to undo
                session.undo()
        elif kind == "roll":
            session.act({"type": "roll", "side": side}, EnteredDice([value]))
        else:
            session.act({"type": "hide", "side": side, "value": value}, EnteredDice([]))
    return session


def _check_against_replay(journal: Journal, plan: list[Step], drop: int) -> None:
    with mock.patch.object(snapshots, "EVERY", 3):
        session = _play(journal, plan)
    everything = session.entries_all()
    undos = [e.seq for e in everything if e.kind == "undo"]
    # Lose some snapshots (as a journal written before them would), so the
    # replay also walks back over undos: 0 keeps all, 1 drops the undos',
    # 2 drops every other one, 3 drops all.
    doomed = SnapshotRow.seq.in_(undos) if drop == 1 else SnapshotRow.seq % 2 == 0
    if drop:
        with journal.transaction() as s:
            s.execute(
                delete(SnapshotRow).where(
                    SnapshotRow.game_id == session.game_id, *([doomed] if drop < 3 else [])
                )
            )
    in_force = {e.seq for e in effective_entries(everything)}
    for version in range(len(everything) + 1):
        snapshots.STATES.clear()  # a fresh process: only the snapshots table helps
        fresh = GameSession(journal, session.game_id)
        state, top = fresh._at(version)
        expected = fresh.replay(everything[:version])
        assert state == expected, version
        alive = effective_entries(everything[:version])
        assert top == (alive[-1].seq if alive else 0)
    snapshots.STATES.clear()
    full = GameSession(journal, session.game_id).entries()
    assert [e.undone for e in full] == [
        e.kind == "action" and e.seq not in in_force for e in everything
    ]
    for since in range(len(full) + 1):
        assert session.entries(since) == full[since:]


@pytest.fixture(scope="module")
def sqlite_journal(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Journal]:
    journal = open_journal(tmp_path_factory.mktemp("snap") / "j.db")
    yield journal
    journal.close()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(plan=steps, drop=st.integers(0, 3))
def test_snapshots_equal_full_replay_on_sqlite(
    sqlite_journal: Journal, plan: list[Step], drop: int
) -> None:
    """CORE-JOURNAL-1, CORE-UNDO: snapshots + cache == full replay (SQLite)."""
    _check_against_replay(sqlite_journal, plan, drop)


@pytest.fixture(scope="module")
def pg_journal(pg_url: str) -> Iterator[Journal]:  # noqa: F811 - the imported fixture
    journal = open_journal(fresh_pg_db(pg_url))
    yield journal
    journal.close()


@pytest.mark.postgres
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(plan=steps, drop=st.integers(0, 3))
def test_snapshots_equal_full_replay_on_postgres(
    pg_journal: Journal, plan: list[Step], drop: int
) -> None:
    """CORE-JOURNAL-1, CORE-UNDO: snapshots + cache == full replay (PostgreSQL)."""
    _check_against_replay(pg_journal, plan, drop)


# -- a snapshot that must not be used ------------------------------------------------------
def _played(tmp_path: Path) -> GameSession:
    journal = open_journal(tmp_path / "j.db")
    with mock.patch.object(snapshots, "EVERY", 2):
        return _play(journal, [("roll", "red", 3), ("roll", "blue", 5), ("roll", "red", 2)])


def test_snapshot_of_other_code_is_ignored(tmp_path: Path) -> None:
    """CORE-JOURNAL-1: a snapshot is read only under the code key it was written with."""
    session = _played(tmp_path)
    planted = snapshots.dumps(ToyState(totals=(40, 40)), ToyGame())
    with session.journal.transaction() as s:
        s.execute(update(SnapshotRow).values(state=planted))
    snapshots.STATES.clear()
    # Under its own key the (planted) snapshot is used: red's last roll of 2 lands on it.
    assert GameSession(session.journal, session.game_id).state().totals == (42, 40)
    snapshots.STATES.clear()
    with mock.patch.object(GameSession, "code_key", "another version of the code"):
        assert GameSession(session.journal, session.game_id).state().totals == (5, 5)


def test_broken_or_forged_snapshot_falls_back_to_replay(tmp_path: Path) -> None:
    """CORE-JOURNAL-1: a snapshot that fails to load is ignored: a pickle (even one
    naming a function), a string, JSON of another shape."""

    class Forged:
        def __reduce__(self) -> tuple[Any, ...]:
            return (print, ("this must never run",))

    session = _played(tmp_path)
    with session.journal.reading() as s:
        assert s.scalars(select(SnapshotRow.seq)).all() == [2]
    forged = [
        b"not a state",
        pickle.dumps(Forged()),
        pickle.dumps("a string"),
        MAGIC + b'{"totals": [40, 40]}',
        MAGIC + b'[["40", 40], [0, 0]]',
        MAGIC + b"[[40, 40, 1], [0, 0]]",
    ]
    for blob in forged:
        with session.journal.transaction() as s:
            s.execute(update(SnapshotRow).values(state=blob))
        snapshots.STATES.clear()
        with mock.patch("builtins.print") as printed:
            assert GameSession(session.journal, session.game_id).state().totals == (5, 5)
        printed.assert_not_called()


@pytest.mark.parametrize("game", ["asl", "toi", "waw"])
def test_every_game_state_round_trips(game: str) -> None:
    """Each game declares its state codec (typed JSON, no per-game code in the core);
    its snapshots are data, not pickles."""
    plugin = registry.game(game)
    state = plugin.new({})
    blob = snapshots.dumps(state, plugin)
    assert blob is not None and blob.startswith(MAGIC)
    json.loads(blob[len(MAGIC) :])  # plain JSON
    assert snapshots.loads(blob, plugin) == state


def test_a_game_without_a_codec_keeps_no_snapshots(tmp_path: Path) -> None:
    """CORE-JOURNAL-1: with no declared codec the states are replayed, never stored."""
    with mock.patch.object(ToyGame, "state_codec", None):
        session = _played(tmp_path)
        with session.journal.reading() as s:
            assert s.scalars(select(SnapshotRow.seq)).all() == []
        snapshots.STATES.clear()
        assert GameSession(session.journal, session.game_id).state().totals == (5, 5)
