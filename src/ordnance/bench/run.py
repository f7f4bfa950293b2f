"""``python -m ordnance.bench.run [--quick]``: the odds benchmark.

One process, the same queries, side by side:

* **this engine**, warm (the query was asked before: an ``lru_cache`` hit
  returning the same immutable :class:`~ordnance.core.odds.Distribution`)
  and cold (every cache cleared before each timed call or sweep);
* **icepool** and **dyce**, warm: the library is imported, its d6 object is
  built once, and the query expression is evaluated once before timing
  (so any cache the library keeps internally is warm); each timed call then
  evaluates the whole expression again, as a caller would;
* a **hand-written integer convolution** (per-die convolution, then the
  floored difference);
* for Monte Carlo, a **naive per-die NumPy** simulation (every die drawn with
  ``Generator.integers``) against this engine's sufficient-statistic samplers
  (warm: the exact law of each group of identical rounds and its guide table
  are built once per plan and cached; cold: rebuilt inside the timed call),
  same number of trials, same bit generator (PCG64).

Times are ``time.perf_counter_ns`` medians over repetitions; calls shorter than
about 0.2 ms are timed in batches and divided. Every sweep case, the DR and
the smoke rounds are compared exactly (as ``Fraction`` tables) across all
engines; the count of differences is ``exact_mismatches``. The last line of
output is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from statistics import median
from typing import Any

import numpy as np

from ordnance.bench import baselines
from ordnance.core.odds import dr as dr_mod
from ordnance.core.odds import drift as drift_mod
from ordnance.core.odds import montecarlo, pools
from ordnance.core.odds.dr import dr_totals
from ordnance.core.odds.drift import hits_then_drift
from ordnance.core.odds.montecarlo import one_round_changed, sample_depletion, simulate_series
from ordnance.core.odds.pools import net_hits

SWEEP = [
    (n, t, m, 5) for n in range(1, 21) for t in range(2, 7) for m in range(0, 7)
]  # 20 x 5 x 7 = 700 cases
SINGLE = (10, 5, 3, 5)
SMOKE = (4, 5)
SCALING_N = (1, 2, 5, 10, 20, 50, 100, 200)

TARGETS = {
    "speedup_vs_dyce_single": 30.0,
    "speedup_vs_icepool_single": 300.0,
    "speedup_vs_dyce_sweep": 10.0,
    "mc_speedup_vs_naive_numpy": 5.0,
}


def clear_all() -> None:
    montecarlo.clear_caches()
    pools.clear_caches()
    dr_mod.clear_caches()
    drift_mod.clear_caches()


# -- timing -----------------------------------------------------------------
class Candidate:
    """One engine on one query: a callable, timed warm (batched) or cold."""

    def __init__(self, fn: Callable[[], Any], *, cold: bool = False, min_batch_ns: int = 200_000):
        self.fn = fn
        self.cold = cold
        self.batch = 1
        if not cold:
            fn()  # warm: the query has been asked once
            t0 = time.perf_counter_ns()
            fn()
            one = max(time.perf_counter_ns() - t0, 1)
            self.batch = max(1, min_batch_ns // one)
        self.samples: list[float] = []

    def once(self) -> None:
        if self.cold:
            clear_all()
            t0 = time.perf_counter_ns()
            self.fn()
            self.samples.append(time.perf_counter_ns() - t0)
            return
        fn, batch = self.fn, self.batch
        t0 = time.perf_counter_ns()
        for _ in range(batch):
            fn()
        self.samples.append((time.perf_counter_ns() - t0) / batch)


def measure(candidates: dict[str, Candidate], reps: dict[str, int] | int) -> dict[str, float]:
    """Median per call of each candidate, repetitions interleaved round-robin.

    Interleaving spreads any background load on the shared machine evenly over
    the engines being compared, so ratios measured in one run are fair.
    """
    want = {k: reps if isinstance(reps, int) else reps.get(k, 1) for k in candidates}
    for i in range(max(want.values())):
        for name, cand in candidates.items():
            if i < want[name]:
                cand.once()
    return {name: float(median(c.samples)) for name, c in candidates.items()}


def cold_ns(fn: Callable[[], Any], reps: int) -> float:
    """Median time of ``fn`` with every odds cache cleared before each call."""
    cand = Candidate(fn, cold=True)
    for _ in range(reps):
        cand.once()
    return float(median(cand.samples))


def fmt_ns(ns: float) -> str:
    if ns < 1_000:
        return f"{ns:.0f} ns"
    if ns < 1_000_000:
        return f"{ns / 1_000:.1f} µs"
    if ns < 1_000_000_000:
        return f"{ns / 1_000_000:.2f} ms"
    return f"{ns / 1_000_000_000:.2f} s"


# -- exactness --------------------------------------------------------------
def count_mismatches(engines: dict[str, Any]) -> tuple[int, int, list[str]]:
    """Compare every sweep case, the DR and smoke rounds across all engines."""
    checked = 0
    bad: list[str] = []

    def compare(label: str, tables: dict[str, dict[Any, Fraction]]) -> None:
        nonlocal checked
        ref = tables["ordnance"]
        for name, table in tables.items():
            checked += 1
            if table != ref:
                bad.append(f"{label}: {name}")

    for case in SWEEP:
        tables = {
            "ordnance": baselines.ours_fractions(net_hits(*case)),
            "hand": baselines.counts_fractions(*baselines.hand_net(*case)),
        }
        for name, eng in engines.items():
            tables[name] = eng.fractions(eng.net(*case))
        compare(f"sweep {case}", tables)
    tables = {
        "ordnance": baselines.ours_fractions(dr_totals()),
        "hand": baselines.counts_fractions(*baselines.hand_dr()),
    }
    for name, eng in engines.items():
        tables[name] = eng.fractions(eng.dr())
    compare("dr", tables)
    for dice in range(0, 9):
        for hit_on in (4, 5, 6):
            ours = hits_then_drift(dice, hit_on).map(baselines.drift_code)
            tables = {
                "ordnance": baselines.ours_fractions(ours),
                "hand": baselines.counts_fractions(*baselines.hand_smoke(dice, hit_on)),
            }
            for name, eng in engines.items():
                tables[name] = eng.fractions(eng.smoke(dice, hit_on))
            compare(f"smoke {dice}d {hit_on}+", tables)
    return len(bad), checked, bad


# -- main -------------------------------------------------------------------
def machine() -> dict[str, Any]:
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "nproc": os.cpu_count(),
        "cpu": cpu,
        "python": platform.python_version(),
        "numpy": np.__version__,
    }


def run(quick: bool) -> dict[str, Any]:
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    console = Console(stderr=False, width=110)
    reps = 7 if quick else 21
    sweep_reps = 3 if quick else 7
    slow_sweep_reps = 1 if quick else 3
    mc_trials = 200_000 if quick else 1_000_000
    mc_reps = 5 if quick else 9

    engines: dict[str, Any] = {}
    for cls in (baselines.Icepool, baselines.Dyce):
        try:
            engines[cls.name] = cls()
        except ImportError:  # pragma: no cover - bench extras missing
            console.print(f"[yellow]{cls.name} is not installed; skipped[/]")

    rows: list[tuple[str, str, float]] = []
    results: dict[str, dict[str, float]] = {}

    def record(query: str, engine: str, ns: float) -> None:
        rows.append((query, engine, ns))
        results.setdefault(query, {})[engine] = ns

    def record_all(query: str, timings: dict[str, float]) -> None:
        for engine, ns in timings.items():
            record(query, engine, ns)

    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("benchmarking", total=6)

        # 1. a single net-hits query
        q = f"net hits {SINGLE[0]}d {SINGLE[1]}+ vs {SINGLE[2]}d {SINGLE[3]}+"
        cands = {
            "ordnance (warm)": Candidate(lambda: net_hits(*SINGLE)),
            "ordnance (cold)": Candidate(lambda: net_hits(*SINGLE), cold=True),
        }
        for name, eng in engines.items():
            cands[name] = Candidate(partial(eng.net, *SINGLE))
        cands["hand convolution"] = Candidate(lambda: baselines.hand_net(*SINGLE))
        record_all(
            q,
            measure(
                cands,
                {"ordnance (cold)": reps * 5} | {k: reps for k in cands if k != "ordnance (cold)"},
            ),
        )
        progress.advance(task)

        # 2. the 700-case sweep
        q = "sweep: 700 cases"

        def ours_sweep() -> None:
            for c in SWEEP:
                net_hits(*c)

        def hand_sweep() -> None:
            for c in SWEEP:
                baselines.hand_net(*c)

        cands = {
            "ordnance (warm)": Candidate(ours_sweep),
            "ordnance (cold)": Candidate(ours_sweep, cold=True),
        }
        for name, eng in engines.items():

            def lib_sweep(eng: Any = eng) -> None:
                for c in SWEEP:
                    eng.net(*c)

            cands[name] = Candidate(lib_sweep, min_batch_ns=0)
        cands["hand convolution"] = Candidate(hand_sweep, min_batch_ns=0)
        record_all(
            q,
            measure(
                cands,
                {
                    "ordnance (warm)": sweep_reps,
                    "ordnance (cold)": sweep_reps * 3,
                    "icepool": slow_sweep_reps,
                    "dyce": sweep_reps,
                    "hand convolution": sweep_reps,
                },
            ),
        )
        progress.advance(task)

        # 3. a 2d6 DR
        q = "2d6 DR"
        cands = {
            "ordnance (warm)": Candidate(dr_totals),
            "ordnance (cold)": Candidate(dr_totals, cold=True),
        }
        for name, eng in engines.items():
            cands[name] = Candidate(eng.dr)
        cands["hand convolution"] = Candidate(baselines.hand_dr)
        record_all(q, measure(cands, reps))
        progress.advance(task)

        # 4. the ToI smoke round with drift
        q = f"smoke round {SMOKE[0]}d {SMOKE[1]}+ with drift"
        cands = {
            "ordnance (warm)": Candidate(lambda: hits_then_drift(*SMOKE)),
            "ordnance (cold)": Candidate(lambda: hits_then_drift(*SMOKE), cold=True),
        }
        for name, eng in engines.items():
            cands[name] = Candidate(partial(eng.smoke, *SMOKE))
        cands["hand convolution"] = Candidate(lambda: baselines.hand_smoke(*SMOKE))
        record_all(q, measure(cands, reps))
        progress.advance(task)

        # 5. Monte Carlo (same trials, same generator type, interleaved)
        plan = one_round_changed(6, 10, 5, 4, 5, extra_dice=1)
        q = f"MC token series: 6 rounds 10d(+1) 5+ vs 4d, {mc_trials:,} trials"
        rng = np.random.default_rng(1)
        cands = {
            "ordnance (table)": Candidate(
                lambda: simulate_series(rng, plan, mc_trials), min_batch_ns=0
            ),
            "ordnance (table, cold)": Candidate(
                lambda: simulate_series(rng, plan, mc_trials), cold=True
            ),
            "ordnance (binomial)": Candidate(
                lambda: simulate_series(rng, plan, mc_trials, "binomial"), min_batch_ns=0
            ),
            "naive per-die numpy": Candidate(
                lambda: baselines.naive_attack_series(rng, plan, mc_trials), min_batch_ns=0
            ),
        }
        record_all(q, measure(cands, mc_reps))
        q2 = f"MC depletion: N=8, 10 declared shots, {mc_trials:,} trials"
        cands = {
            "ordnance (geometric)": Candidate(
                lambda: sample_depletion(rng, 8, 10, mc_trials), min_batch_ns=0
            ),
            "naive per-die numpy": Candidate(
                lambda: baselines.naive_depletion(rng, 8, 10, mc_trials), min_batch_ns=0
            ),
        }
        record_all(q2, measure(cands, mc_reps))
        progress.advance(task)

        # 6. scaling of one cold query with N (attack N, defence N)
        scaling: dict[int, float] = {}
        for n in SCALING_N:
            scaling[n] = cold_ns(partial(net_hits, n, 4, n, 5), reps * 3)
        progress.advance(task)

    mismatches, checked, bad = count_mismatches(engines)

    # -- report -------------------------------------------------------------
    table = Table(title=f"odds benchmark ({'quick' if quick else 'full'}): medians")
    table.add_column("query")
    table.add_column("engine")
    table.add_column("median", justify="right")
    table.add_column("x slower than ordnance", justify="right")
    last = None
    for query, engine, ns in rows:
        base = next(v for k, v in results[query].items() if k.startswith("ordnance"))
        table.add_row(
            query if query != last else "",
            engine,
            fmt_ns(ns),
            f"{ns / base:,.1f}" if not engine.startswith("ordnance") else "",
        )
        last = query
    console.print(table)

    xs = [n for n in SCALING_N if n >= 10]
    slope = float(np.polyfit([math.log(n) for n in xs], [math.log(scaling[n]) for n in xs], 1)[0])
    scale_table = Table(title="cost of one cold query net_hits(N, 4+, N, 5+) against N")
    scale_table.add_column("N", justify="right")
    scale_table.add_column("median", justify="right")
    for n in SCALING_N:
        scale_table.add_row(str(n), fmt_ns(scaling[n]))
    console.print(scale_table)
    console.print(
        f"fitted cost ~ N^{slope:.2f} for N in 10..200 (log-log least squares); "
        "O(N) big-integer operations on integers of O(N) bits"
    )
    if bad:
        console.print(f"[red]mismatches:[/] {bad[:10]}")

    single = results[f"net hits {SINGLE[0]}d {SINGLE[1]}+ vs {SINGLE[2]}d {SINGLE[3]}+"]
    sweep = results["sweep: 700 cases"]
    smoke = results[f"smoke round {SMOKE[0]}d {SMOKE[1]}+ with drift"]
    drq = results["2d6 DR"]
    mc = results[q]
    mc2 = results[q2]

    def ratio(a: float | None, b: float) -> float | None:
        return None if a is None else round(a / b, 1)

    summary: dict[str, Any] = {
        "mode": "quick" if quick else "full",
        "speedup_vs_dyce_single": ratio(single.get("dyce"), single["ordnance (warm)"]),
        "speedup_vs_icepool_single": ratio(single.get("icepool"), single["ordnance (warm)"]),
        "speedup_vs_hand_single": ratio(single["hand convolution"], single["ordnance (warm)"]),
        "cold_speedup_vs_dyce_single": ratio(single.get("dyce"), single["ordnance (cold)"]),
        "cold_speedup_vs_icepool_single": ratio(single.get("icepool"), single["ordnance (cold)"]),
        "speedup_vs_dyce_sweep": ratio(sweep.get("dyce"), sweep["ordnance (cold)"]),
        "speedup_vs_icepool_sweep": ratio(sweep.get("icepool"), sweep["ordnance (cold)"]),
        "speedup_vs_hand_sweep": ratio(sweep["hand convolution"], sweep["ordnance (cold)"]),
        "warm_speedup_vs_dyce_sweep": ratio(sweep.get("dyce"), sweep["ordnance (warm)"]),
        "speedup_vs_dyce_dr": ratio(drq.get("dyce"), drq["ordnance (warm)"]),
        "speedup_vs_icepool_dr": ratio(drq.get("icepool"), drq["ordnance (warm)"]),
        "speedup_vs_dyce_smoke": ratio(smoke.get("dyce"), smoke["ordnance (warm)"]),
        "speedup_vs_icepool_smoke": ratio(smoke.get("icepool"), smoke["ordnance (warm)"]),
        "cold_speedup_vs_dyce_smoke": ratio(smoke.get("dyce"), smoke["ordnance (cold)"]),
        "mc_speedup_vs_naive_numpy": ratio(mc["naive per-die numpy"], mc["ordnance (table)"]),
        "mc_cold_speedup_vs_naive_numpy": ratio(
            mc["naive per-die numpy"], mc["ordnance (table, cold)"]
        ),
        "mc_binomial_speedup_vs_naive_numpy": ratio(
            mc["naive per-die numpy"], mc["ordnance (binomial)"]
        ),
        "mc_depletion_speedup_vs_naive_numpy": ratio(
            mc2["naive per-die numpy"], mc2["ordnance (geometric)"]
        ),
        "mc_trials_per_second": round(mc_trials / (mc["ordnance (table)"] / 1e9)),
        "single_warm_ns": round(single["ordnance (warm)"]),
        "single_cold_ns": round(single["ordnance (cold)"]),
        "sweep_cold_ms": round(sweep["ordnance (cold)"] / 1e6, 2),
        "sweep_dyce_ms": round(sweep["dyce"] / 1e6, 2) if "dyce" in sweep else None,
        "sweep_icepool_ms": round(sweep["icepool"] / 1e6, 2) if "icepool" in sweep else None,
        "scaling_exponent": round(slope, 2),
        "scaling_n": [SCALING_N[0], SCALING_N[-1]],
        "exact_mismatches": mismatches,
        "exact_comparisons": checked,
        "versions": {name: eng.version for name, eng in engines.items()},
        "machine": machine(),
    }
    summary["targets_met"] = mismatches == 0 and all(
        (summary.get(k) or 0) >= v for k, v in TARGETS.items()
    )
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ordnance.bench.run", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (under 60 s)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    summary = run(args.quick)
    summary["wall_seconds"] = round(time.perf_counter() - started, 1)
    sys.stdout.write(json.dumps(summary, ensure_ascii=False) + "\n")
    return 0 if summary["exact_mismatches"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
