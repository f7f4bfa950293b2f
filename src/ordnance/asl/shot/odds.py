"""Exact odds of the whole Gun shot, one shot or a sequence (notes B5, B6; ASL-8.9).

The closed form sums over the 36 To Hit dice and, for a hit, the 11 totals of
the effect DR, calling the same pure steps as the resolving code
(:func:`ordnance.asl.shot.resolve.judge_shot`, :func:`~ordnance.asl.shot.effect.effect_of_hit`);
a sequence is a Markov chain over :func:`ordnance.asl.shot.sequence.advance`.
Both are tested equal to :func:`~ordnance.core.odds.enumerate_procedure` run
over :func:`~ordnance.asl.shot.resolve.resolve_shot` and
:func:`~ordnance.asl.shot.sequence.resolve_sequence` (all dice), see
``tests/asl/test_shot_odds.py``.

>>> spec = GunShot(gun="75L", ammo="APCR", depletion=5, range=3, target="vehicle", af=11)
>>> report = gun_odds(spec)
>>> report["p_hit"], report["p_kill"]
('5/18', '305/1296')
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, Unpack

from ordnance.asl.odds.depletion import DR_WAYS
from ordnance.asl.shot.effect import effect_of_hit, needs_effect_dr
from ordnance.asl.shot.plan import plan_shot
from ordnance.asl.shot.resolve import judge_shot, resolve_shot
from ordnance.asl.shot.sequence import (
    DEFAULT_ACQUISITION,
    Mode,
    SequenceRules,
    SequenceSummary,
    Step,
    advance,
    check_sequence,
    default_fallback,
    next_spec,
    resolve_sequence,
)
from ordnance.asl.shot.spec import GunShot
from ordnance.core.dice import DR, DiceSource
from ordnance.core.errors import OrdnanceError
from ordnance.core.odds import Distribution, enumerate_procedure
from ordnance.core.odds.distribution import fraction_text

ShotKey = tuple[str, str | None, bool, bool, bool]


def _any_dr(total: int) -> DR:
    """A DR with this total (only the total of an effect DR matters to its result)."""
    coloured = min(6, total - 1)
    return DR(coloured, total - coloured)


@lru_cache(maxsize=4096)  # declarations come from requests: bounded
def shot_distribution(spec: GunShot) -> Distribution[ShotKey]:
    """One shot's outcome keys (:meth:`~ordnance.asl.shot.outcome.ShotOutcome.key`), in closed form.

    Canister has no To Hit and its IFT is per Location: it is enumerated
    over its own DR (36 leaves) through the resolving code.
    """
    if spec.ammo == "Canister":
        return enumerate_procedure(lambda dice: resolve_shot(dice, spec).key())
    plan = plan_shot(spec)
    counts: dict[ShotKey, int] = {}
    for coloured in range(1, 7):
        for white in range(1, 7):
            out = judge_shot(spec, plan, DR(coloured, white), None)
            if out.status != "hit" or out.effect is not None:
                key = out.key()
                counts[key] = counts.get(key, 0) + 36
                continue
            assert out.to_hit is not None
            if not needs_effect_dr(spec):
                key = effect_of_hit(spec, plan, out.check, out.to_hit, None).key()
                counts[key] = counts.get(key, 0) + 36
                continue
            for total, ways in DR_WAYS.items():
                key = effect_of_hit(spec, plan, out.check, out.to_hit, _any_dr(total)).key()
                counts[key] = counts.get(key, 0) + ways
    return Distribution.from_counts(counts)


@lru_cache(maxsize=1024)
def sequence_distribution(
    spec: GunShot,
    shots: int = 1,
    *,
    mode: Mode = "rof",
    fallback: str | None = None,
    acquire: tuple[int, ...] = (),
) -> Distribution[SequenceSummary]:
    """The summary of up to ``shots`` shots (the chain of :func:`advance`), exactly.

    Memoised: a declaration is an immutable value, so the same query (a
    page redrawn, a comparison repeated) is answered from the cache.
    """
    check_sequence(spec, shots, mode)

    @cache
    def go(step: Step) -> Distribution[SequenceSummary]:
        if step.fired >= shots:
            return Distribution.certain(step.summary(False))
        nxt = next_spec(spec, step, fallback, acquire)
        if nxt is None:
            return Distribution.certain(step.summary(False))
        cur, special = nxt
        parts: list[tuple[Fraction, Distribution[SequenceSummary]]] = []
        for key, p in shot_distribution(cur).items():
            new, go_on = advance(spec, step, special, key, mode, acquire)
            parts.append((p, go(new) if go_on else Distribution.certain(new.summary(key[2]))))
        return Distribution.mixture(parts)

    return go(Step())


def enumerated_sequence(
    spec: GunShot, shots: int = 1, **rules: Unpack[SequenceRules]
) -> Distribution[SequenceSummary]:
    """The brute-force reference: every die through :func:`resolve_sequence`."""

    def procedure(dice: DiceSource) -> SequenceSummary:
        return resolve_sequence(dice, spec, shots, **rules)[0]

    return enumerate_procedure(procedure)


def _fractions(dist: Distribution[Any]) -> dict[str, str]:
    return {str(k): fraction_text(p) for k, p in dist.items()}


def gun_odds(
    spec: GunShot,
    shots: int = 1,
    *,
    mode: Mode = "rof",
    fallback: str | None = None,
    acquisition: bool = True,
) -> dict[str, Any]:
    """Everything ``ordnance asl odds gun`` prints, exact ``"p/q"`` strings.

    ``fallback``: the ammunition fired once the declared one is gone (None:
    stop there, the default); ``"default"`` picks
    :func:`~ordnance.asl.shot.sequence.default_fallback` (AP at a vehicle, HE
    otherwise). ``acquisition``: later shots at the same target gain
    Acquisition (:data:`~ordnance.asl.shot.sequence.DEFAULT_ACQUISITION`).
    """
    chosen = default_fallback(spec) if fallback == "default" else fallback
    acquire = DEFAULT_ACQUISITION if acquisition and shots > 1 else ()
    dist = sequence_distribution(spec, shots, mode=mode, fallback=chosen, acquire=acquire)
    plan = plan_shot(spec)
    first = shot_distribution(spec)
    outcomes = dist.map(lambda s: s.effect)
    return {
        "gun": spec.gun,
        "nationality": spec.nationality,
        "ammo": spec.ammo,
        "depletion": spec.depletion,
        "breakdown": spec.effective_breakdown,
        "rof": spec.effective_rof,
        "range": spec.range,
        "target": spec.target,
        "af": spec.af,
        "shots": shots,
        "mode": mode,
        "fallback": chosen,
        "acquisition": {
            "drm_after_shots": list(acquire),
            "clause": "ASL-B5.3-N",
            "status": "unverified (notes B5.3: per Acquisition counter)",
        },
        "th": None if plan.th is None else plan.th.number,
        "drm": None if plan.drm is None else plan.drm.total,
        "to_hit": plan.to_dict(),
        "p_hit": fraction_text(dist.probability(lambda s: s.hits > 0)),
        "p_kill": fraction_text(dist.probability(lambda s: s.killed)),
        "p_malfunction": fraction_text(dist.probability(lambda s: s.malfunctioned)),
        "p_special_left": fraction_text(dist.probability(lambda s: s.special_left))
        if spec.depletion is not None
        else None,
        "outcomes": _fractions(outcomes),
        "special_rounds": _fractions(dist.map(lambda s: s.special_rounds)),
        "shots_fired": _fractions(dist.map(lambda s: s.shots)),
        "first_shot": {
            "no_round": fraction_text(first.probability(lambda k: k[0] == "no-round")),
            "miss": fraction_text(first.probability(lambda k: k[0] == "miss")),
            "hit": fraction_text(first.probability(lambda k: k[0] in ("hit", "fired"))),
            "malfunction": fraction_text(first.probability(lambda k: k[2])),
        },
        "clauses": [
            "ASL-8.1-a",
            "ASL-B5.1",
            "ASL-B5.2",
            "ASL-B5.3",
            "ASL-B5.4",
            "ASL-8.9-c",
            "ASL-8.9-d",
            "ASL-8.9-e",
            "ASL-B5.6",
            "ASL-B5.7",
            "ASL-B6",
            "ASL-B6.5",
        ],
    }


COMPARED = ("AP", "APCR", "APDS", "HEAT")


def compare_ammo(
    spec: GunShot,
    depletions: dict[str, int | None],
    shots: int = 1,
    *,
    mode: Mode = "rof",
    refused: dict[str, dict[str, str | None]] | None = None,
    acquisition: bool = True,
) -> dict[str, Any]:
    """AP against APCR/APDS/HEAT at the same target: the figures a bar chart needs.

    ``depletions`` maps each ammunition to compare to its N (None: no check,
    ordinary AP). An ammunition the Gun cannot fire (no Basic TK#, no N) is
    listed under ``refused`` with its clause, as are those the caller refused
    already (``refused``: no N at the date...).
    """

    rows: list[dict[str, Any]] = []
    refused = dict(refused or {})
    for ammo, n in depletions.items():
        try:
            report = gun_odds(spec.with_ammo(ammo, n), shots, mode=mode, acquisition=acquisition)
        except OrdnanceError as exc:
            refused[ammo] = {"message": exc.message, "clause": exc.clause}
            continue
        rows.append(
            {
                "ammo": ammo,
                "depletion": n,
                "p_hit": report["p_hit"],
                "p_kill": report["p_kill"],
                "p_malfunction": report["p_malfunction"],
                "outcomes": report["outcomes"],
            }
        )
    return {
        "chart": {
            "kind": "bar",
            "x": [r["ammo"] for r in rows],
            "series": {
                "p_hit": [r["p_hit"] for r in rows],
                "p_kill": [r["p_kill"] for r in rows],
            },
        },
        "rows": rows,
        "refused": refused,
        "target": spec.target,
        "af": spec.af,
        "range": spec.range,
        "shots": shots,
    }
