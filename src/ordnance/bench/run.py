"""``python -m ordnance.bench.run [--quick]``: the odds benchmark.

One process, the same queries, side by side. Which figures are cached:

* **the headline is one fresh query, call by call**: ``speedup_vs_dyce_single``
  and ``speedup_vs_icepool_single`` time 125 distinct "20 attack dice vs
  18-22 defence dice" queries (every hit and cancel number 2..6), asked of
  every engine in turn, query by query (this engine's caches cleared before
  every call, the garbage collector paused during it, as ``timeit`` does):
  each call starts after the other engines' work, as a query of a user does;
  the figure is the median per query;
* ``*_single_block`` is the same family answered by each engine in a block
  of its own, each query once; the blocks alternate engines round by round
  (3 rounds quick, 7 full), the order rotating. It is higher (warm CPU
  caches and branch history), a best case. icepool and dyce evaluate the
  same expression (whatever they cache internally stays, which can only
  favour them). The DR, the 2d6 joint roll (total, coloured die) and the
  smoke round with drift are timed in such blocks, also against a
  hand-written loop, in shorter blocks (15 calls) and more rounds (21 quick,
  49 full);
* ``*_single_fresh_process`` is the first query in a new interpreter (the
  engine imported, then one query timed; 3 processes per engine quick, 7
  full, interleaved): what a command-line user pays;
* **cached figures are named so** (``cached_*``): this engine's
  ``lru_cache`` hit against the library wrapped in ``functools.lru_cache``
  (a cached library), both answering a repeated query;
* the 700-case **sweep** runs with this engine's caches cleared first;
* **Monte Carlo** is compared with the natural NumPy code, two
  ``Generator.binomial`` draws per round (``mc_speedup_vs_numpy_binomial``,
  this engine's samplers built inside the timed call), and, as a second
  figure, with rolling every die (``mc_speedup_vs_numpy_per_die``); same
  trials, same bit generator (PCG64);
* ``exact_comparisons`` counts cross-engine checks only (icepool, dyce and the
  hand loops against this engine, every sweep case, DR, joint roll and smoke
  round), ``exact_mismatches`` the ones that differ;
* the **scaling** fit covers one uncached query ``net_hits(N, 4+, N, 5+)`` for
  N up to 1000 and reports two regimes (10..200 and 200..1000 dice);
* the **journal** figures (``journal_20k_*``) come from
  :mod:`ordnance.bench.journal` at 20,000 events (HTTP API, in process);
* the **CLI start** figures (``cli_*``) come from :mod:`ordnance.bench.cli_start`
  (fresh processes);
* the **ASL multi-shot** figures (``asl_12_shots_rof3_*``) come from
  :mod:`ordnance.bench.asl_shots`: ``ordnance asl odds gun`` with 12 shots at
  ROF 3, first answer and the memoised one (goal: 20 ms).

``targets_met`` says whether every goal of :data:`TARGETS` holds (each is a
goal with its comparison, ``>=`` or ``<=``); ``targets_failed`` lists the
fields that miss theirs.

Times are ``time.perf_counter_ns`` medians; cached calls shorter than about
0.2 ms are timed in batches and divided. The last line of output is one JSON
object.
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib
import json
import math
import operator
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from statistics import median
from typing import Any

import numpy as np

from ordnance.bench import baselines
from ordnance.core.odds import dr as dr_mod
from ordnance.core.odds import drift as drift_mod
from ordnance.core.odds import montecarlo, pools
from ordnance.core.odds.dr import dr_joint, dr_totals
from ordnance.core.odds.drift import hits_then_drift
from ordnance.core.odds.montecarlo import one_round_changed, sample_depletion, simulate_series
from ordnance.core.odds.pools import net_hits

SWEEP = [
    (n, t, m, 5) for n in range(1, 21) for t in range(2, 7) for m in range(0, 7)
]  # 20 x 5 x 7 = 700 cases
#: The headline family: N = 20 attack dice against 18..22 defence dice, every
#: hit and cancel number (125 distinct queries, each asked once per engine).
SINGLE_FAMILY = [
    (20, t, m, c) for t in range(2, 7) for c in range(2, 7) for m in (18, 19, 20, 21, 22)
]
SINGLE = (20, 4, 20, 5)
#: Calls per block for the DR, the joint roll and the smoke round (one query
#: each, asked afresh); 21 rounds in ``--quick``, 49 in the full run.
SMALL_BLOCK = 15
SMOKE = (4, 5)
SCALING_N = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)

#: Goals: field -> (goal, comparison), checked by :func:`failed_targets`.
#: A field that is missing from the summary (an engine or a figure that could
#: not be measured) fails its target.
TARGETS: dict[str, tuple[float, str]] = {
    "exact_mismatches": (0, "<="),
    # the headline: one fresh query, engines interleaved call by call (34x / 205x at
    # idle, 24x / 150x under load in the audit of issue 21)
    "speedup_vs_dyce_single": (20.0, ">="),
    "speedup_vs_icepool_single": (120.0, ">="),
    # the same queries in each engine's own blocks (warm caches and branch history)
    "speedup_vs_dyce_single_block": (30.0, ">="),
    "speedup_vs_icepool_single_block": (300.0, ">="),
    # the first query in a new interpreter (12-14x dyce at idle)
    "speedup_vs_dyce_single_fresh_process": (5.0, ">="),
    "speedup_vs_dyce_sweep": (10.0, ">="),
    "joint_speedup_vs_hand": (1.0, ">="),
    "smoke_speedup_vs_hand": (1.0, ">="),
    "mc_speedup_vs_numpy_binomial": (5.0, ">="),
    "journal_20k_view_ms": (50.0, "<="),
    "journal_20k_log_since_ms": (50.0, "<="),
    "journal_20k_odds_ms": (50.0, "<="),
    "journal_20k_action_ms": (50.0, "<="),
    "journal_20k_first_view_ms": (1000.0, "<="),
    # every command group's help and each stand-alone procedure (ordnance.bench.cli_start)
    "cli_start_s": (0.3, "<="),
    **{
        f"cli_{group}_help_s": (0.3, "<=")
        for group in ("asl", "toi", "waw", "odds", "game", "scenario", "serve", "table", "demo")
    },
    "cli_asl_supply_s": (0.3, "<="),
    "cli_toi_odds_s": (0.3, "<="),
    "cli_asl_odds_gun_s": (0.3, "<="),
    "cli_waw_odds_he_fire_s": (0.3, "<="),
    "asl_12_shots_rof3_cached_ms": (20.0, "<="),
}
_COMPARE: dict[str, Callable[[float, float], bool]] = {">=": operator.ge, "<=": operator.le}


def failed_targets(
    summary: dict[str, Any], targets: dict[str, tuple[float, str]] = TARGETS
) -> list[str]:
    """The fields of ``summary`` that miss their goal (or are missing), in ``targets`` order."""
    failed = []
    for key, (goal, op) in targets.items():
        value = summary.get(key)
        if not isinstance(value, int | float) or not _COMPARE[op](value, goal):
            failed.append(key)
    return failed


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


Clock = Callable[[], int]


def _time_fresh(fn: Callable[..., Any], query: tuple[int, ...], clock: Clock) -> int:
    """One fresh call: every odds cache cleared first, the collector paused (as ``timeit``)."""
    clear_all()
    gc.disable()
    try:
        t0 = clock()
        fn(*query)
        return clock() - t0
    finally:
        gc.enable()


def fresh_blocks_ns(
    engines: dict[str, Callable[..., Any]],
    queries: Sequence[tuple[int, ...]],
    rounds: int,
    *,
    clock: Clock = time.perf_counter_ns,
) -> dict[str, float]:
    """Median time of one *fresh* query per engine, each engine in blocks of its own.

    This is what a user of each engine sees computing fresh queries: in each
    round every engine answers the whole family of ``queries`` in one block
    (each query once, this engine's caches cleared before every call, the
    collector paused during the call), and the blocks alternate engines, the
    order rotating from round to round so that load from other programs falls
    on every engine alike over ``rounds`` rounds.
    """
    if rounds < 1:
        raise ValueError("rounds must be at least 1")
    samples: dict[str, list[int]] = {k: [] for k in engines}
    names = list(engines)
    for r in range(rounds):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            fn, out = engines[name], samples[name]
            for q in queries:
                out.append(_time_fresh(fn, q, clock))
    return {k: float(median(v)) for k, v in samples.items()}


def fresh_per_call_interleaved_ns(
    engines: dict[str, Callable[..., Any]],
    queries: Sequence[tuple[int, ...]],
    *,
    clock: Clock = time.perf_counter_ns,
) -> dict[str, float]:
    """Median time of one fresh query per engine, the engines interleaved *call by call*.

    Each query is asked of every engine in turn (the order rotating from one
    query to the next) before the next query. This engine's 10-15 µs call then
    starts with the CPU caches full of a library's 1-15 ms of work, so it runs two
    to three times as slow as in a block of its own: a lower figure than
    :func:`fresh_blocks_ns`, kept to show that effect.
    """
    samples: dict[str, list[int]] = {k: [] for k in engines}
    names = list(engines)
    for i, q in enumerate(queries):
        shift = i % len(names)
        for name in names[shift:] + names[:shift]:
            samples[name].append(_time_fresh(engines[name], q, clock))
    return {k: float(median(v)) for k, v in samples.items()}


def cached(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A library wrapped in ``functools.lru_cache`` (the fair partner of a cache hit)."""
    return functools.lru_cache(maxsize=None)(fn)


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
            if name == "ordnance":
                continue  # a check of this engine against itself proves nothing
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
    tables = {
        "ordnance": baselines.ours_fractions(dr_joint().map(baselines.joint_code)),
        "hand": {
            baselines.joint_code(k): p
            for k, p in baselines.counts_fractions(*baselines.hand_joint()).items()
        },
    }
    for name, eng in engines.items():
        tables[name] = eng.fractions(eng.joint())
    compare("2d6 joint", tables)
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
    rounds = 3 if quick else 7  # rounds of per-engine blocks of fresh queries
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
        task = progress.add_task("benchmarking", total=7)

        # 1. one fresh N=20 query per call (uncached): each engine answering the
        # family in blocks of its own, then call by call interleaved; then the
        # same query cached
        q_fresh = "net hits 20d vs 18-22d, fresh query each call (uncached), blocks"
        fresh = {"ordnance": net_hits} | {name: eng.net for name, eng in engines.items()}
        fresh["hand convolution"] = baselines.hand_net
        record_all(q_fresh, fresh_blocks_ns(fresh, SINGLE_FAMILY, rounds))
        q_inter = "the same, engines interleaved call by call (uncached)"
        record_all(q_inter, fresh_per_call_interleaved_ns(fresh, SINGLE_FAMILY))
        q_cached = f"net hits {SINGLE[0]}d {SINGLE[1]}+ vs {SINGLE[2]}d {SINGLE[3]}+, repeated"
        cands = {"ordnance (cached)": Candidate(lambda: net_hits(*SINGLE))}
        for name, eng in engines.items():
            cands[f"{name} (lru_cache)"] = Candidate(partial(cached(eng.net), *SINGLE))
        record_all(q_cached, measure(cands, reps))
        progress.advance(task)

        # 2. the 700-case sweep
        q = "sweep: 700 cases"

        def ours_sweep() -> None:
            for c in SWEEP:
                net_hits(*c)

        def hand_sweep() -> None:
            for c in SWEEP:
                baselines.hand_net(*c)

        cands = {"ordnance (cold)": Candidate(ours_sweep, cold=True)}
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
                    "ordnance (cold)": sweep_reps * 3,
                    "icepool": slow_sweep_reps,
                    "dyce": sweep_reps,
                    "hand convolution": sweep_reps,
                },
            ),
        )
        progress.advance(task)

        # 3.-5. DR, joint roll, smoke round: uncached (caches cleared before each call)
        small: dict[str, tuple[Callable[[], Any], str, Callable[[], Any]]] = {
            "2d6 DR": (dr_totals, "dr", baselines.hand_dr),
            "2d6 joint (total, coloured die)": (dr_joint, "joint", baselines.hand_joint),
            f"smoke round {SMOKE[0]}d {SMOKE[1]}+ with drift": (
                lambda: hits_then_drift(*SMOKE),
                "smoke",
                lambda: baselines.hand_smoke(*SMOKE),
            ),
        }
        for q, (ours, method, hand) in small.items():
            fns: dict[str, Callable[..., Any]] = {"ordnance": ours}
            for name, eng in engines.items():
                fns[name] = (
                    getattr(eng, method) if method != "smoke" else partial(eng.smoke, *SMOKE)
                )
            fns["hand loop"] = hand
            # Short blocks, many rounds: this engine's block of a few µs calls
            # would otherwise be over in a millisecond and could fall whole
            # into a burst of load from other programs.
            record_all(q, fresh_blocks_ns(fns, [()] * SMALL_BLOCK, rounds * 7))
            progress.advance(task)

        # 6. Monte Carlo (same trials, same generator type, interleaved)
        plan = one_round_changed(6, 10, 5, 4, 5, extra_dice=1)
        q = f"MC series: 6 rounds 10d(+1 once) 5+ vs 4d, {mc_trials:,} trials"
        rng = np.random.default_rng(1)
        cands = {
            "ordnance (table, samplers built in the call)": Candidate(
                lambda: simulate_series(rng, plan, mc_trials), cold=True
            ),
            "ordnance (table, samplers cached)": Candidate(
                lambda: simulate_series(rng, plan, mc_trials), min_batch_ns=0
            ),
            "numpy binomial per round": Candidate(
                lambda: baselines.numpy_binomial_series(rng, plan, mc_trials), min_batch_ns=0
            ),
            "numpy per die": Candidate(
                lambda: baselines.naive_attack_series(rng, plan, mc_trials), min_batch_ns=0
            ),
        }
        record_all(q, measure(cands, mc_reps))
        q2 = f"MC depletion: N=8, 10 declared shots, {mc_trials:,} trials"
        cands = {
            "ordnance (geometric)": Candidate(
                lambda: sample_depletion(rng, 8, 10, mc_trials), min_batch_ns=0
            ),
            "numpy per die": Candidate(
                lambda: baselines.naive_depletion(rng, 8, 10, mc_trials), min_batch_ns=0
            ),
        }
        record_all(q2, measure(cands, mc_reps))
        progress.advance(task)

        # 7. scaling of one cold query with N (attack N, defence N)
        scaling: dict[int, float] = {}
        for n in SCALING_N:
            scaling[n] = cold_ns(partial(net_hits, n, 4, n, 5), reps if n >= 500 else reps * 3)
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

    def fit(lo: int, hi: int) -> float:
        xs = [n for n in SCALING_N if lo <= n <= hi]
        return float(
            np.polyfit([math.log(n) for n in xs], [math.log(scaling[n]) for n in xs], 1)[0]
        )

    slope_small, slope_large = fit(10, 200), fit(200, 1000)
    scale_table = Table(title="cost of one uncached query net_hits(N, 4+, N, 5+) against N")
    scale_table.add_column("N", justify="right")
    scale_table.add_column("median", justify="right")
    for n in SCALING_N:
        scale_table.add_row(str(n), fmt_ns(scaling[n]))
    console.print(scale_table)
    console.print(
        f"fitted cost ~ N^{slope_small:.2f} for N in 10..200 and N^{slope_large:.2f} for "
        "200..1000 (log-log least squares): O(N) big-integer steps, each on integers of "
        "O(N) bits, so it turns quadratic once the integers outgrow a few machine words"
    )
    if bad:
        console.print(f"[red]mismatches:[/] {bad[:10]}")

    single = results[q_fresh]
    inter = results[q_inter]
    first = first_query_in_fresh_processes(list(engines), 3 if quick else 7)
    single_cached = results[q_cached]
    sweep = results["sweep: 700 cases"]
    drq = results["2d6 DR"]
    joint = results["2d6 joint (total, coloured die)"]
    smoke = results[f"smoke round {SMOKE[0]}d {SMOKE[1]}+ with drift"]
    mc = results[q]
    mc2 = results[q2]

    def ratio(a: float | None, b: float | None) -> float | None:
        return None if a is None or b is None else round(a / b, 1)

    def versus(
        label: str,
        timings: dict[str, float],
        ours: str = "ordnance",
        hand: str | None = "hand convolution",
        hand_key: str | None = None,
    ) -> dict[str, float | None]:
        """``speedup_vs_dyce_<label>``, ``speedup_vs_icepool_<label>`` and (unless ``hand``
        is None) the hand-written code's, under ``hand_key`` or ``speedup_vs_hand_<label>``."""
        out = {
            f"speedup_vs_{engine}_{label}": ratio(timings.get(engine), timings[ours])
            for engine in ("dyce", "icepool")
        }
        if hand is not None:
            out[hand_key or f"speedup_vs_hand_{label}"] = ratio(timings[hand], timings[ours])
        return out

    mc_ours = mc["ordnance (table, samplers built in the call)"]
    summary: dict[str, Any] = {
        "mode": "quick" if quick else "full",
        # headline: one fresh query, the engines interleaved call by call
        **versus("single", inter),
        # the same queries, each engine answering them in blocks of its own
        **versus("single_block", single),
        # the first query of a new interpreter (imports done, nothing else warm)
        **versus("single_fresh_process", first, hand=None),
        "single_fresh_process_ns": {k: round(v) for k, v in first.items()},
        "cached_speedup_vs_dyce_single": ratio(
            single_cached.get("dyce (lru_cache)"), single_cached["ordnance (cached)"]
        ),
        "cached_speedup_vs_icepool_single": ratio(
            single_cached.get("icepool (lru_cache)"), single_cached["ordnance (cached)"]
        ),
        **versus("sweep", sweep, "ordnance (cold)"),
        **versus("dr", drq, hand="hand loop", hand_key="dr_speedup_vs_hand"),
        **versus("joint", joint, hand="hand loop", hand_key="joint_speedup_vs_hand"),
        **versus("smoke", smoke, hand="hand loop", hand_key="smoke_speedup_vs_hand"),
        "mc_speedup_vs_numpy_binomial": ratio(mc["numpy binomial per round"], mc_ours),
        "mc_speedup_vs_numpy_per_die": ratio(mc["numpy per die"], mc_ours),
        "mc_cached_speedup_vs_numpy_binomial": ratio(
            mc["numpy binomial per round"], mc["ordnance (table, samplers cached)"]
        ),
        "mc_depletion_speedup_vs_numpy_per_die": ratio(
            mc2["numpy per die"], mc2["ordnance (geometric)"]
        ),
        "mc_trials_per_second": round(mc_trials / (mc_ours / 1e9)),
        "single_uncached_ns": round(inter["ordnance"]),
        "single_uncached_block_ns": round(single["ordnance"]),
        "single_cached_ns": round(single_cached["ordnance (cached)"]),
        "smoke_uncached_ns": round(smoke["ordnance"]),
        "smoke_hand_ns": round(smoke["hand loop"]),
        "sweep_cold_ms": round(sweep["ordnance (cold)"] / 1e6, 2),
        "sweep_dyce_ms": round(sweep["dyce"] / 1e6, 2) if "dyce" in sweep else None,
        "sweep_icepool_ms": round(sweep["icepool"] / 1e6, 2) if "icepool" in sweep else None,
        "scaling_exponent_10_200": round(slope_small, 2),
        "scaling_exponent_200_1000": round(slope_large, 2),
        "scaling_ms_at_1000": round(scaling[1000] / 1e6, 2),
        "exact_mismatches": mismatches,
        "exact_comparisons": checked,
        "versions": {name: eng.version for name, eng in engines.items()},
        "machine": machine(),
    }
    summary.update(journal_figures(console))
    summary.update(cli_start_figures())
    summary.update(asl_shot_figures(console))
    failed = failed_targets(summary)
    summary["targets_met"] = not failed
    summary["targets_failed"] = failed
    for key in failed:
        goal, op = TARGETS[key]
        console.print(f"[red]target missed:[/] {key} = {summary.get(key)} (goal {op} {goal})")
    return summary


#: What a new interpreter runs: import the engine, then time its first query (ns).
_FIRST_QUERY = """
import sys, time
from ordnance.bench import baselines
from ordnance.core.odds.pools import net_hits
name, query = sys.argv[1], tuple(int(x) for x in sys.argv[2:])
if name == "ordnance":
    run = net_hits
else:
    run = {"icepool": baselines.Icepool, "dyce": baselines.Dyce}[name]().net
t0 = time.perf_counter_ns()
run(*query)
print(time.perf_counter_ns() - t0)
"""


def first_query_in_fresh_processes(
    libraries: list[str], rounds: int, query: tuple[int, ...] = SINGLE
) -> dict[str, float]:
    """Median time of the first query in a new interpreter, per engine (imports not
    counted), the engines' processes interleaved round by round."""
    timings: dict[str, list[int]] = {name: [] for name in ["ordnance", *libraries]}
    for _ in range(rounds):
        for name in timings:
            done = subprocess.run(
                [sys.executable, "-c", _FIRST_QUERY, name, *map(str, query)],
                capture_output=True,
                text=True,
                check=True,
                timeout=300,
            )
            timings[name].append(int(done.stdout.strip().splitlines()[-1]))
    return {name: float(median(ns)) for name, ns in timings.items()}


def journal_figures(console: Any) -> dict[str, Any]:
    """The table API at 20,000 journal events (:mod:`ordnance.bench.journal`)."""
    import tempfile
    from pathlib import Path

    from ordnance.bench import journal

    console.print("journal: building and timing a 20,000-event table ...")
    with tempfile.TemporaryDirectory(prefix="ordnance-bench-") as tmp:
        figures = journal.measure(20_000, Path(tmp))
    keys = ("view_ms", "log_since_ms", "odds_ms", "action_ms", "first_view_ms", "cold_state_ms")
    return {f"journal_20k_{k}": figures[k] for k in keys} | {
        "journal_20k_view_kb": figures["view_kb"]
    }


def asl_shot_figures(console: Any) -> dict[str, Any]:
    """The ASL whole-shot odds, 12 shots at ROF 3 (:mod:`ordnance.bench.asl_shots`)."""
    from ordnance.bench import asl_shots

    console.print("asl: 12 shots at ROF 3, first and memoised answers ...")
    figures: dict[str, Any] = asl_shots.measure()
    console.print(
        f"asl odds gun, 12 shots at ROF 3: first {figures['asl_12_shots_rof3_first_ms']} ms, "
        f"memoised {figures['asl_12_shots_rof3_cached_ms']} ms"
    )
    return figures


def cli_start_figures() -> dict[str, Any]:
    """CLI start-up figures of every timed command, from ``ordnance.bench.cli_start``
    (its :func:`~ordnance.bench.cli_start.measure`, the same figures it prints).

    Where that module is missing, the fields are omitted and a note says so.
    """
    try:
        module = importlib.import_module("ordnance.bench.cli_start")
    except ImportError:
        return {"cli_start_note": "ordnance.bench.cli_start is not there yet; figures omitted"}
    figures: dict[str, Any] = module.measure()
    return {k: v for k, v in figures.items() if k.startswith("cli_")}


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
