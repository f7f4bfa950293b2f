"""``make bench-table``'s method: same requests for every target, CPU summed per target.

No test here is timed: a fake clock stands in for ``time.process_time``, so
the figures are known exactly.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from ordnance.bench.table import TARGETS, Meter, _write_engine, bench, percentile, share
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
            bench(app, journal.engine, write, games=1, turns=2, warmup=1, clock=Ticks())
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
