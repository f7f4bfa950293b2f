"""The benchmark's method: blocks of fresh queries, rotation, caches cleared, targets.

No test here is timed: a fake clock stands in for ``perf_counter_ns``, so the
medians are known exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ordnance.bench.cli_start import commands
from ordnance.bench.run import (
    TARGETS,
    failed_targets,
    fresh_blocks_ns,
    fresh_per_call_interleaved_ns,
)
from ordnance.core.odds.pools import net_hits


class FakeEngines:
    """Engines that advance a fake clock by a fixed cost and log who ran which query."""

    def __init__(self, costs: dict[str, int]) -> None:
        self.now = 0
        self.calls: list[tuple[str, tuple[int, ...]]] = []
        self.cache_sizes: list[int] = []
        self.engines: dict[str, Callable[..., Any]] = {
            name: self._engine(name, cost) for name, cost in costs.items()
        }

    def _engine(self, name: str, cost: int) -> Callable[..., Any]:
        def run(*query: int) -> None:
            # The cache must be empty when a call starts, then the query fills it.
            self.cache_sizes.append(net_hits.cache_info().currsize)
            net_hits(*query)
            self.calls.append((name, query))
            self.now += cost

        return run

    def clock(self) -> int:
        return self.now


QUERIES = [(2, 4, 1, 5), (3, 4, 2, 5), (4, 5, 3, 5)]


def test_blocks_give_each_engine_its_median_per_query() -> None:
    fake = FakeEngines({"ours": 10, "lib": 300})
    got = fresh_blocks_ns(fake.engines, QUERIES, rounds=3, clock=fake.clock)
    assert got == {"ours": 10.0, "lib": 300.0}
    assert len(fake.calls) == 3 * 2 * len(QUERIES)


def test_blocks_run_the_whole_family_and_rotate_the_order_each_round() -> None:
    fake = FakeEngines({"a": 1, "b": 2, "c": 3})
    fresh_blocks_ns(fake.engines, QUERIES, rounds=3, clock=fake.clock)
    block_owners = [fake.calls[i][0] for i in range(0, len(fake.calls), len(QUERIES))]
    assert block_owners == ["a", "b", "c", "b", "c", "a", "c", "a", "b"]
    for start in range(0, len(fake.calls), len(QUERIES)):
        block = fake.calls[start : start + len(QUERIES)]
        assert {name for name, _ in block} == {block[0][0]}  # one engine per block
        assert [q for _, q in block] == QUERIES  # every query of the family, once


def test_every_timed_call_starts_with_the_odds_caches_cleared() -> None:
    fake = FakeEngines({"a": 1, "b": 1})
    net_hits(*QUERIES[0])  # something cached before the run
    fresh_blocks_ns(fake.engines, QUERIES, rounds=2, clock=fake.clock)
    fresh_per_call_interleaved_ns(fake.engines, QUERIES, clock=fake.clock)
    assert fake.cache_sizes and set(fake.cache_sizes) == {0}


def test_per_call_interleaving_rotates_engines_query_by_query() -> None:
    fake = FakeEngines({"a": 5, "b": 7})
    got = fresh_per_call_interleaved_ns(fake.engines, QUERIES, clock=fake.clock)
    assert got == {"a": 5.0, "b": 7.0}
    assert [name for name, _ in fake.calls] == ["a", "b", "b", "a", "a", "b"]


def test_blocks_need_a_round() -> None:
    with pytest.raises(ValueError):
        fresh_blocks_ns({"a": lambda: None}, [()], rounds=0)


def _meeting_every_goal() -> dict[str, Any]:
    return {key: goal for key, (goal, _) in TARGETS.items()}


def test_targets_met_at_their_goals() -> None:
    assert failed_targets(_meeting_every_goal()) == []


def test_targets_compare_in_their_own_direction() -> None:
    summary = _meeting_every_goal()
    summary["speedup_vs_icepool_single"] = 119.9  # higher is better: missed
    summary["cli_start_s"] = 0.29  # lower is better: met
    summary["journal_20k_first_view_ms"] = 1000.5  # lower is better: missed
    summary["exact_mismatches"] = 1
    assert failed_targets(summary) == [
        "exact_mismatches",
        "speedup_vs_icepool_single",
        "journal_20k_first_view_ms",
    ]


def test_a_missing_figure_fails_its_target() -> None:
    summary = _meeting_every_goal()
    del summary["cli_toi_odds_s"]
    summary["speedup_vs_dyce_single"] = None  # dyce not installed
    assert failed_targets(summary) == ["speedup_vs_dyce_single", "cli_toi_odds_s"]


def test_the_cli_and_journal_goals_are_targets() -> None:
    for name in commands():  # every command the start-up benchmark times
        assert TARGETS[f"cli_{name}_s"] == (0.3, "<="), name
    assert TARGETS["journal_20k_first_view_ms"] == (1000.0, "<=")
    assert TARGETS["mc_speedup_vs_numpy_binomial"] == (5.0, ">=")


def test_the_headline_is_the_call_by_call_figure_and_the_block_is_named() -> None:
    goals = {key: goal for key, (goal, _) in TARGETS.items()}
    assert goals["speedup_vs_dyce_single"] < goals["speedup_vs_dyce_single_block"]
    assert "speedup_vs_dyce_single_fresh_process" in goals


def test_first_queries_in_fresh_processes_interleave_and_take_medians(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each round starts one new interpreter per engine, in turn; the figure is the median."""
    import subprocess

    from ordnance.bench import run as bench_run

    order: list[str] = []
    costs = {"ordnance": [30, 10, 20], "dyce": [900, 700, 800]}

    def fake_run(cmd: list[str], **_kw: object) -> subprocess.CompletedProcess[str]:
        name = cmd[3]
        order.append(name)
        return subprocess.CompletedProcess(cmd, 0, stdout=f"{costs[name].pop(0)}\n")

    monkeypatch.setattr(bench_run.subprocess, "run", fake_run)
    got = bench_run.first_query_in_fresh_processes(["dyce"], 3)
    assert order == ["ordnance", "dyce"] * 3
    assert got == {"ordnance": 20.0, "dyce": 800.0}
