"""What one accepted action costs the table: SQL statements, sessions, seat look-ups.

The page's players (:mod:`ordnance.bench.page_players`: the acting seat's action,
whose answer carries its next view, entries and rolls; the other seat's one
``POST /since`` after the notice, carrying its reveal when the action waits for
its dice; the odds before an attack) play real Tide of Iron tables in process;
SQLAlchemy's ``before_cursor_execute`` event counts every statement sent to the
database.
"""

from __future__ import annotations

import asyncio
import copy
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from ordnance.bench.table import play_counted
from ordnance.core import registry
from ordnance.core.journal.store import Journal, request_scope
from ordnance.server import seat_cache, seats, table_status
from ordnance.server.app import create_app
from ordnance.toi.legal import _model_schema
from tests.server.conftest import Table, fresh_pg_db

#: Statements per accepted action (issue goal: 15). Measured 14.9 on SQLite and
#: 12.9 on PostgreSQL once a turn takes two or three requests (the action's answer
#: carrying the acting page's next view, the other page's one ``/since`` with its
#: reveal); 49.3 and 48.9 before, over ~8.6 requests. Since a ToI move fatigues
#: its unit (TOI-B8) the players roll more: 6 or 7 of the 16 actions are attacks
#: (by the dice drawn) instead of 4, each about 27 statements more than a move (its
#: pending roll, reveal, draw), so the same flow counts 18.1 or 19.8 on SQLite and
#: 19.4 to about 21 on PostgreSQL. A rolling action's commitment now reads its
#: order number, the chains in force and the actor's earlier reveal in one
#: statement, a reveal reads the waiting action, its reveals, the seat's earlier
#: reveal and the order number in one, and the chain heads a reveal leaves are
#: kept, not read back (8 statements fewer per roll): 16.3 on SQLite and 15.9 on
#: PostgreSQL with 7 attacks (about 14.9 with 6, 17.4 with 8). A journal append
#: whose transaction writes only its row (a plain action, a drawn roll) keeps the
#: table status it leaves instead of reading it again, and a drawn roll checks its
#: reveals by their count in the UPDATE of its pending action instead of reading
#: them back: 13.7 on SQLite and 13.2 to 13.7 on PostgreSQL with 6 attacks, 14.9
#: on SQLite and 14.4 on PostgreSQL with 7 (26 runs: 6 or 7 attacks each; 8 would
#: count about 16).
#: A ratchet: lower it (the per-kind ones are tight). The mix is judged at a fixed
#: share of attacks, REFERENCE_ATTACKS of the 16 actions (the most the dice have
#: drawn in this flow), from the per-kind figures of the run, so the dice drawn
#: cannot make the test fail or pass: with 8 attacks the raw figure is about 16.
MAX_STATEMENTS_PER_ACTION = 15
REFERENCE_ATTACKS = 7

#: Statements per accepted action of each kind (each turn's own requests: the odds
#: previews and refusals before it, the action, the other page's ``/since``), so the
#: mix of the dice drawn no longer hides what a roll costs. Measured: a move 7.75
#: to 8 (a ``done`` 7); an attack, which waits for the other seat's element, 27.9
#: on SQLite and 26.9 on PostgreSQL (36 before; each refused odds preview before
#: it adds one). Without the status read after an append and the reveals read
#: back: a move 6.75 to 7 (a ``done`` 6), an attack 25.9 to 26 on SQLite, 24.7 to
#: 26 on PostgreSQL.
MAX_STATEMENTS_PER_KIND = {"move": 8, "attack": 27}

#: Requests per accepted action besides the odds previews (``/odds``, asked before
#: each attack the players consider): the action, and one ``/since`` per other page
#: (the awaited page's reveal travels in it when the action waits for its dice; the
#: acting page's answer waits for the draw, ``wait_dice``, and carries it, so it reads
#: nothing more: 3 for such an attack before, 2 now), for every kind of action.
MAX_REQUESTS_PER_ACTION = 2


def _count(db: str) -> dict[str, Any]:
    app = create_app(db, create_rate=None)
    engine = app.state.service.journal.engine
    try:
        return asyncio.run(play_counted(app, engine, games=2, turns=8))
    finally:
        app.state.service.journal.close()


def test_statements_per_accepted_action_on_sqlite(tmp_path: Path) -> None:
    counted = _count(str(tmp_path / "cost.db"))
    assert counted["actions"] == 16
    routes = counted["requests_by_route"]
    assert routes["actions"] == 16 and routes["since"] >= 16, routes  # every other page read
    assert set(routes) <= {"actions", "since", "odds", "dice"}, routes  # no /view, /log
    turn = (counted["requests"] - routes.get("odds", 0)) / counted["actions"]
    assert turn <= MAX_REQUESTS_PER_ACTION, counted
    by_kind = counted["requests_by_kind"]
    assert all(k["most"] <= MAX_REQUESTS_PER_ACTION for k in by_kind.values()), by_kind
    assert by_kind["attack"]["odds_most"] >= 1, by_kind  # the odds before an attack
    assert _at_reference_mix(counted) <= MAX_STATEMENTS_PER_ACTION, counted
    _assert_per_kind(counted)
    kinds = counted["statement_kinds"]
    # seat tokens come from the cache; readers open no transaction of their own
    assert not any(k.startswith("SELECT seats") for k in kinds), kinds
    assert "BEGIN" not in kinds, kinds


@pytest.mark.postgres
def test_statements_per_accepted_action_on_postgres(pg_url: str) -> None:
    counted = _count(fresh_pg_db(pg_url))
    assert counted["actions"] == 16
    assert _at_reference_mix(counted) <= MAX_STATEMENTS_PER_ACTION, counted
    _assert_per_kind(counted)
    assert not any(k.startswith("SELECT seats") for k in counted["statement_kinds"])


def _at_reference_mix(counted: dict[str, Any]) -> float:
    """Statements per accepted action with REFERENCE_ATTACKS attacks in the 16: an
    attack's average and the other actions' average of this run, so the figure is
    the same whichever share of attacks the dice gave this run."""
    actions = counted["actions"]
    attack = counted["statements_by_kind"]["attack"]
    others = (counted["statements_in_turns"] - attack["per_action"] * attack["n"]) / (
        actions - attack["n"]
    )
    return (
        attack["per_action"] * REFERENCE_ATTACKS + others * (actions - REFERENCE_ATTACKS)
    ) / actions


def _assert_per_kind(counted: dict[str, Any]) -> None:
    """Every statement is some turn's, and each kind stays under its own ratchet."""
    assert counted["statements_in_turns"] == counted["statements"], counted
    by_kind = counted["statements_by_kind"]
    assert by_kind["attack"]["n"] >= 1, by_kind  # 6 or 7 of the 16, by the dice drawn
    for kind, most in MAX_STATEMENTS_PER_KIND.items():
        if kind in by_kind:
            assert by_kind[kind]["per_action"] <= most, (kind, by_kind)


def test_a_request_reads_through_one_session(tmp_path: Path) -> None:
    journal = Journal(f"sqlite:///{tmp_path / 'one.db'}")
    with request_scope() as scope:
        with journal.reading() as a:
            pass
        with journal.reading() as b:
            pass
        assert a is b and len(scope.sessions) == 1
    assert scope.closed
    with journal.reading() as c, journal.reading() as d:  # outside a request: one each
        assert c is not d
    journal.close()


def test_row_reads_open_no_orm_session_and_share_the_scopes_connection(tmp_path: Path) -> None:
    journal = Journal(f"sqlite:///{tmp_path / 'rows.db'}")
    checkouts: list[object] = []
    event.listen(journal.engine, "checkout", lambda *a: checkouts.append(a[0]))
    with request_scope() as scope:
        assert table_status.status(journal, "no-such-table").version == 0
        with journal.reading_rows() as first, journal.reading_rows() as second:
            assert first is second
        assert scope.sessions == {} and len(scope.connections) == 1  # rows only: no session
        with journal.reading() as session:  # a read that wants entities: bound to it
            assert session.connection() is first
    assert scope.closed and scope.connections == {} and len(checkouts) == 1
    assert journal.engine.pool.checkedout() == 0  # type: ignore[attr-defined]
    journal.close()


def test_a_reissued_token_stops_at_once_though_cached(client: TestClient) -> None:
    table = Table(client)
    assert table.get("axis", "/view").status_code == 200  # now cached
    assert seat_cache.size() >= 1
    res = table.post("allies", "/invitations", {"seat": "axis"})
    assert res.status_code == 202, res.text  # a held seat: its holder is asked
    request = res.json()["request"]
    res = table.post("axis", f"/reissues/{request}", {"accept": True})  # and hands it over
    assert res.status_code == 200, res.text
    assert table.get("axis", "/view").status_code == 403


def test_a_replaced_token_stops_at_once_though_cached(client: TestClient) -> None:
    table = Table(client)
    assert table.get("allies", "/view").status_code == 200
    res = table.post("allies", "/token", {})
    assert res.status_code == 200, res.text
    assert table.get("allies", "/view").status_code == 403
    table.tokens["allies"] = res.json()["token"]
    assert table.get("allies", "/view").status_code == 200


def test_seat_cache_is_bounded_expires_and_drops_raced_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [1000.0]
    monkeypatch.setattr(seat_cache, "clock", lambda: now[0])
    monkeypatch.setattr(seat_cache, "MAX_ENTRIES", 3)
    seat_cache.clear()
    for i in range(5):
        seat_cache.put("j", f"h{i}", "g", f"s{i}", seat_cache.generation())
    assert seat_cache.size() == 3 and seat_cache.get("j", "h0") is None
    assert seat_cache.get("j", "h4") == ("g", "s4")
    now[0] += seat_cache.TTL_SECONDS + 1
    assert seat_cache.get("j", "h4") is None  # too old: read again
    seen = seat_cache.generation()
    seat_cache.invalidate("h9")  # a revocation while a look-up was under way
    seat_cache.put("j", "h9", "g", "old", seen)
    assert seat_cache.get("j", "h9") is None
    seat_cache.put("j", "h5", "g", "s5", seat_cache.generation())
    seat_cache.forget_seat("g", "s5")
    assert seat_cache.get("j", "h5") is None
    seat_cache.clear()


def test_legal_forms_leave_the_shared_schemas_unchanged() -> None:
    """The forms share the cached model schemas (no deep copy per view): building
    them, for both seats and every step, changes none of those schemas."""
    game = registry.game("toi")
    state = game.new({})
    kinds = ["move", "attack", "buy", "advance", "op_fire", "discard"]
    before = {k: copy.deepcopy(_model_schema(k)) for k in kinds}
    for seat in ("german", "soviet", None):
        first = game.legal(state, seat)
        assert first == game.legal(state, seat)
    assert {k: _model_schema(k) for k in kinds} == before


def _reads_of(client: TestClient, do: Any) -> list[str]:
    """The SELECT statements ``do()`` sends, each as its first words."""
    engine = client.app.state.service.journal.engine  # type: ignore[attr-defined]
    seen: list[str] = []

    def count(_c: Any, _cur: Any, statement: str, *_a: Any) -> None:
        seen.append(" ".join(statement.split()[:2]))

    event.listen(engine, "before_cursor_execute", count)
    try:
        do()
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return seen


def test_a_view_reads_what_is_open_only_and_the_holder_still_stops_the_wait(
    client: TestClient,
) -> None:
    """The table status (one statement) says nothing is open: a view reads no
    reissue, consent, pending-dice or seat-event row. Once another seat asks for
    the holder's seat, the holder's next request reads it and stops its waiting
    period (docs/server.md "Asking for a new invitation for another seat")."""
    table = Table(client)
    table.get("allies", "/view")  # the seat events, read once per count
    reads = _reads_of(client, lambda: table.get("allies", "/view"))
    skipped = (
        "SELECT seat_reissues",
        "SELECT undo_requests",
        "SELECT dice_pending",
        "SELECT seat_events",
    )
    assert not [r for r in reads if r.startswith(skipped)], reads
    assert sum(r.startswith("SELECT games.version") for r in reads) == 1, reads
    asked = table.post("axis", "/invitations", {"seat": "allies"})
    assert asked.status_code == 202, asked.text
    reads = _reads_of(client, lambda: table.get("allies", "/view"))
    assert any(r.startswith("SELECT seat_reissues") for r in reads), reads
    assert table.get("axis", "/seats").json()["requests"][0]["status"] == "kept"


def test_the_status_flags_name_the_open_reissue_statuses() -> None:
    assert table_status.REISSUE_OPEN == seats.OPEN
