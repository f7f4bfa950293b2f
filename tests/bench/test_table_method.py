"""``make bench-table``'s method: same requests for every target, CPU summed per target.

No test here is timed: a fake clock stands in for ``time.process_time``, so
the figures are known exactly.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from ordnance.bench.table import (
    TARGETS,
    Meter,
    _write_engine,
    bench,
    client_for,
    percentile,
    share,
    slot_order,
    spread,
)
from ordnance.server.app import create_app


class Ticks:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_a_meter_sums_only_what_it_measures() -> None:
    clock = Ticks()
    meter = Meter(clock=clock)
    with meter.measure():
        clock.now += 5  # 5 s inside, plus the tick of the closing read
    clock.now += 100  # outside: not counted
    with meter.measure():
        pass
    meter.actions = 2
    assert meter.cpu == 7.0
    assert meter.cpu_ms_per_action() == 3500.0


def test_a_meter_leaves_out_the_players_own_work() -> None:
    """What the players do meanwhile (decoding, choosing) is counted apart, not in ``cpu``."""
    clock, thought = Ticks(), Ticks()
    meter = Meter(clock=clock, players_clock=thought)
    with meter.measure():
        clock.now += 5
        thought.now += 2  # 2 s of it the players' (plus the tick of the closing read)
    meter.actions = 1
    assert meter.players == 3.0
    assert meter.cpu == 6.0 - 3.0
    assert meter.players_ms_per_action() == 3000.0


def test_every_client_asks_for_answers_uncompressed() -> None:
    """The table's app gzips when asked and the baselines never do: the bench's clients
    ask for none, so no target pays compression, nor its players decompression."""
    client = client_for(object())  # the transport is only built, never called
    assert client.headers["accept-encoding"] == "identity"


def test_share_is_taken_net_of_the_client() -> None:
    assert share(bare_cpu=10.0, table_cpu=30.0, client_cpu=2.0) == round(8 / 28, 3)
    assert share(10.0, 10.0) == 1.0
    assert share(2.0, 2.0, 2.0) is None  # nothing left once the client is taken out


def test_percentiles() -> None:
    assert percentile([], 0.5) is None
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile([float(i) for i in range(100)], 0.99) == 99.0


def test_every_target_gets_the_tables_requests_and_its_own_clock(tmp_path: Path) -> None:
    """One table, two measured turns: the baselines replay exactly the requests the
    table's players sent (so the same count per action); each target's clock is read
    around its own part of each turn only (two reads a turn: one second each)."""
    app = create_app(tmp_path / "t.db", create_rate=None)
    journal = app.state.service.journal
    write = _write_engine(f"sqlite:///{tmp_path / 'bare.db'}")
    try:
        out = asyncio.run(
            bench(
                app,
                journal.engine,
                write,
                games=1,
                turns=2,
                warmup=1,
                rounds=1,
                warmup_rounds=0,
                clock=Ticks(),
                players_clock=lambda: 0.0,
            )
        )
    finally:
        journal.close()
        write.dispose()
    assert out["actions"] == 2
    per_action = out["requests_per_action"]
    assert per_action["table"] >= 2  # the action and the other page's read at least
    assert {per_action[name] for name in TARGETS} == {per_action["table"]}
    assert out["cpu_ms_per_action"] == {name: 1000.0 for name in TARGETS}
    assert out["share_of_bare_with_write"] is None  # equal clocks: nothing net of the client
    assert out["statements_per_action"] > 0
    assert set(out["routes"]["table"]) >= {"since", "actions"}
    assert out["routes"]["bare_with_write"]["actions"]["n"] >= 2


def test_spread_is_the_median_and_range_of_the_rounds() -> None:
    out = spread([0.2, None, 0.1, 0.4, 0.3, 0.25])
    assert out["median"] == 0.25
    assert (out["min"], out["max"]) == (0.1, 0.4)
    assert out["iqr"] == 0.1  # quartiles 0.2 and 0.3 (inclusive method)
    assert out["rel_range"] == 1.2  # (0.4 - 0.1) / 0.25
    assert spread([None])["median"] is None
    assert spread([0.5])["iqr"] == 0.0


def test_the_order_of_the_targets_turns_slot_by_slot() -> None:
    """Each target goes first once in any four slots, and follows each of the others."""
    orders = [slot_order(n) for n in range(len(TARGETS))]
    assert {o[0] for o in orders} == set(TARGETS)
    assert all(sorted(o) == sorted(TARGETS) for o in orders)
    pairs = [(o[i], o[i + 1]) for o in orders for i in range(len(o) - 1)]
    assert sorted(pairs) == sorted((a, b) for a in TARGETS for b in TARGETS if a != b)
    assert slot_order(len(TARGETS)) == slot_order(0)


def test_rounds_are_counted_apart_and_the_headline_is_their_median(tmp_path: Path) -> None:
    """Two counted rounds after one uncounted: only the counted rounds' turns are in
    the figures, every target gets one part per counted turn (each part two reads of a
    one-second clock), and the per-round shares are in the line with their spread."""
    app = create_app(tmp_path / "t.db", create_rate=None)
    journal = app.state.service.journal
    write = _write_engine(f"sqlite:///{tmp_path / 'bare.db'}")
    clock = Ticks()
    try:
        out = asyncio.run(
            bench(
                app,
                journal.engine,
                write,
                games=1,
                turns=2,
                warmup=1,
                rounds=2,
                warmup_rounds=1,
                clock=clock,
                players_clock=lambda: 0.0,
            )
        )
    finally:
        journal.close()
        write.dispose()
    assert out["rounds"] == 2
    assert out["actions"] == 4  # 2 counted rounds x 2 counted turns x 1 table
    # two reads per part, 4 targets x 2 turns x 3 rounds (the uncounted round runs
    # the same, on meters thrown away)
    assert clock.now == 2 * 4 * 2 * 3
    assert out["cpu_ms_per_action"] == {name: 1000.0 for name in TARGETS}
    assert len(out["per_round"]) == 2
    assert out["share_of_bare_with_write_spread"]["median"] is None  # nothing net of client
    assert set(out["share_of_bare_with_write_spread"]) == {
        "median",
        "min",
        "max",
        "iqr",
        "rel_range",
    }
    per_action = out["requests_per_action"]
    assert {per_action[name] for name in TARGETS} == {per_action["table"]}
