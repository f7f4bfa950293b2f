"""``make soak``'s verdict: a plateau only when the last half of the run grew little."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str) -> Any:
    sys.path.insert(0, str(ROOT / "scripts"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


soak = _script("soak")


def test_slope_of_a_line() -> None:
    assert soak.slope([(0.0, 1.0), (1.0, 3.0), (2.0, 5.0)]) == 2.0
    assert soak.slope([(1.0, 4.0)]) == 0.0


def test_rss_that_fills_its_caches_then_levels_off_is_a_plateau() -> None:
    samples = [(m, 100 + min(m, 10) * 4.0) for m in range(31)]  # +40 MB, then flat
    out = soak.verdict(samples)
    assert out["verdict"] == "plateau", out
    assert out["rss_end_mb"] == 140.0
    assert out["first_third_mb_per_min"] == 4.0 and out["last_third_mb_per_min"] == 0.0


def test_rss_growing_in_a_straight_line_is_not() -> None:
    samples = [(m, 116 + 2.7 * m) for m in range(31)]  # the audit's 116 -> 143 MB line
    assert soak.verdict(samples)["verdict"] == "still growing"


def test_a_run_too_short_has_no_verdict() -> None:
    assert soak.verdict([(0.0, 100.0), (1.0, 101.0)])["verdict"] == "too short"
