"""The odds bench times ASL's multi-shot query (12 shots at ROF 3) in ``make bench-quick``.

No duration is asserted: a fake measurement stands in, and the test checks the
figures' names, their goal (20 ms memoised, docs/asl.md) and that the quick run
reports them.
"""

from __future__ import annotations

import inspect
from typing import Any

import pytest

from ordnance.bench import asl_shots, run

KEYS = ("asl_12_shots_rof3_first_ms", "asl_12_shots_rof3_cached_ms")


class Quiet:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def print(self, text: Any) -> None:
        self.lines.append(str(text))


def test_the_bench_query_is_twelve_shots_at_rof_three() -> None:
    assert asl_shots.SHOTS == 12 and asl_shots.SPEC.rof == 3


def test_the_run_reports_both_figures_and_their_goal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(asl_shots, "measure", lambda: dict(zip(KEYS, (170.0, 1.5), strict=True)))
    console = Quiet()
    figures = run.asl_shot_figures(console)
    assert set(figures) == set(KEYS)
    assert "first 170.0 ms" in console.lines[-1] and "memoised 1.5 ms" in console.lines[-1]
    assert run.TARGETS["asl_12_shots_rof3_cached_ms"] == (20.0, "<=")
    # the summary of every run (quick or full) takes them
    assert "asl_shot_figures(console)" in inspect.getsource(run.run)


def test_a_slow_memoised_answer_misses_its_target() -> None:
    slow = {key: value for key, (value, _) in run.TARGETS.items()}
    assert "asl_12_shots_rof3_cached_ms" not in run.failed_targets(slow)
    slow["asl_12_shots_rof3_cached_ms"] = 25.0
    assert "asl_12_shots_rof3_cached_ms" in run.failed_targets(slow)
