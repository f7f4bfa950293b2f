"""The generic odds as calculators (no game): a pool of d6 and a 2d6 DR.

Declared like a game's (:mod:`ordnance.core.calculators`), so ``ordnance odds
pool|dr``, ``POST /api/calculators/odds/pool`` and the page ``/calc/odds``
are derived from them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ordnance.core.calculators import Calculator, calculator
from ordnance.core.messages import said
from ordnance.core.odds.distribution import fraction_text, percent_text
from ordnance.core.odds.dr import dr_at_most, dr_exactly, dr_totals, dr_versus
from ordnance.core.odds.pools import net_counts

#: Pools with more dice than this are summarised unless ``exact`` is asked.
SUMMARY_DICE = 100
#: In a summary, the outcomes less likely than this are one tail (with their count).
SHOWN = 1e-6


class PoolQuestion(BaseModel):
    """N attack d6 hitting on T+, minus M defence d6 cancelling on C+."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    attack: int = Field(title="Attack dice", description="N (0 to 1000)")
    hit_on: int = Field(
        5, title="Hit on", description="a die hits on this face or more", ge=1, le=7
    )
    defence: int = Field(0, title="Defence dice", description="M (0 to 1000)")
    cancel_on: int = Field(
        5, title="Cancel on", description="a defence die cancels a hit on this or more", ge=1, le=7
    )
    exact: bool = Field(
        False,
        title="Exact",
        description=f"every exact fraction even above {SUMMARY_DICE} dice "
        "(bigger pools are summarised in decimals)",
    )
    decimals: bool = Field(False, title="Decimals", description="instead of exact 'p/q'")


def _pool_data(counts: tuple[int, ...], den: int, decimals: bool, summary: bool) -> dict[str, Any]:
    """Distribution, mean and "at least k" in O(N) big-integer steps.

    The tail sums are integer suffix sums over the common denominator (one
    pass), not one probability sum per k. A ``summary`` gives probabilities
    as floats and folds the outcomes below :data:`SHOWN` into ``tail``, so its
    size grows with the outcomes that matter, not with the digits of ``6**N``.
    """
    outcomes = [k for k, w in enumerate(counts) if w]
    weights = [counts[k] for k in outcomes]
    at_least: dict[int, int] = {}
    acc, i = 0, len(outcomes) - 1
    for k in range(max(outcomes, default=0), 0, -1):
        while i >= 0 and outcomes[i] >= k:
            acc += weights[i]
            i -= 1
        at_least[k] = acc
    at_least = dict(reversed(at_least.items()))

    def p(w: int) -> str | float:
        return w / den if decimals or summary else fraction_text(Fraction(w, den))

    exact_mean = Fraction(sum(k * w for k, w in zip(outcomes, weights, strict=True)), den)
    if not summary:
        return {
            "distribution": {str(o): p(w) for o, w in zip(outcomes, weights, strict=True)},
            "mean": float(exact_mean) if decimals else fraction_text(exact_mean),
            "at_least": {str(o): p(s) for o, s in at_least.items()},
            "lines": [
                said(
                    "mean net hits {exact} = {decimal}",
                    exact=fraction_text(exact_mean),
                    decimal=f"{float(exact_mean):.4f}",
                )
            ],
        }
    kept = [(o, w) for o, w in zip(outcomes, weights, strict=True) if w / den >= SHOWN]
    shown = {o for o, _w in kept}
    folded = [(o, w) for o, w in zip(outcomes, weights, strict=True) if o not in shown]
    rest = sum(w for _o, w in folded) / den
    return {
        "distribution": {str(o): w / den for o, w in kept},
        "mean": float(exact_mean),
        "at_least": {str(k): s / den for k, s in at_least.items() if k in shown},
        "tail": {
            "outcomes": len(folded),
            "from": min((o for o, _w in folded), default=None),
            "to": max((o for o, _w in folded), default=None),
            "probability": rest,
        },
        "summarised": f"floats; outcomes below {SHOWN:g} folded into 'tail'; "
        "exact prints every exact fraction",
        "lines": [
            f"{len(folded)} other outcomes: {rest:.2g}",
            f"mean net hits {float(exact_mean):.4f}",
        ],
    }


def pool(q: PoolQuestion) -> dict[str, Any]:
    """Net hits of the pool; above :data:`SUMMARY_DICE` dice a summary unless ``exact``."""
    counts, den = net_counts(q.attack, q.hit_on, q.defence, q.cancel_on)
    summary = not q.exact and q.attack + q.defence > SUMMARY_DICE
    return {
        "query": q.model_dump(include={"attack", "hit_on", "defence", "cancel_on"}),
        **_pool_data(counts, den, q.decimals, summary),
        "title": said(
            "{attack}d6 hitting on {hit_on}+ vs {defence}d6 cancelling on {cancel_on}+",
            attack=q.attack,
            hit_on=q.hit_on,
            defence=q.defence,
            cancel_on=q.cancel_on,
        ),
        "xlabel": "net hits",
    }


class DrQuestion(BaseModel):
    """A 2d6 DR with a modifier."""

    model_config = ConfigDict(extra="forbid", defer_build=True)
    modifier: int = Field(0, title="DRM", description="the total modifier added", ge=-20, le=20)
    at_most: int | None = Field(
        None, title="At most", description="P(final DR <= this)", ge=-30, le=40
    )
    exactly: int | None = Field(
        None, title="Exactly", description="P(final DR == this)", ge=-30, le=40
    )
    versus: int | None = Field(
        None,
        title="Versus",
        description="original DR below, equal to, above this (a Depletion Number)",
        ge=2,
        le=12,
    )
    decimals: bool = Field(False, title="Decimals", description="instead of exact 'p/q'")


def _p(p: Fraction, decimals: bool) -> str | float:
    return float(p) if decimals else fraction_text(p)


def _dist(dist: Any, decimals: bool) -> dict[str, Any]:
    return dist.to_float_json() if decimals else dist.to_json()  # type: ignore[no-any-return]


def dr(q: DrQuestion) -> dict[str, Any]:
    dist = dr_totals(q.modifier)
    data: dict[str, Any] = {
        "title": f"2d6 DR{q.modifier:+d}" if q.modifier else "2d6 DR",
        "xlabel": "final DR",
        "modifier": q.modifier,
        "distribution": _dist(dist, q.decimals),
    }
    lines = []
    if q.at_most is not None:
        p = dr_at_most(q.at_most, q.modifier)
        data["at_most"] = {"target": q.at_most, "p": _p(p, q.decimals)}
        lines.append(
            f"P(DR{q.modifier:+d} <= {q.at_most}) = {fraction_text(p)} ({percent_text(p)})"
        )
    if q.exactly is not None:
        p = dr_exactly(q.exactly, q.modifier)
        data["exactly"] = {"target": q.exactly, "p": _p(p, q.decimals)}
        lines.append(
            f"P(DR{q.modifier:+d} == {q.exactly}) = {fraction_text(p)} ({percent_text(p)})"
        )
    if q.versus is not None:
        vs = dr_versus(q.versus)
        data["versus"] = {"number": q.versus, "distribution": _dist(vs, q.decimals)}
        lines.append(
            f"Original DR vs {q.versus}: "
            + ", ".join(f"{k} {fraction_text(vs[k])}" for k in ("below", "equal", "above"))
        )
    data["lines"] = lines
    return data


# One line a calculator: its function, name, title, clauses and how the faces offer it.
# The formatter is off here so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(pool, "pool", "Net hits of a pool of d6 against defence dice.", (), help="Net hits: N attack d6 hitting on T+, minus M defence d6 cancelling on C+, at least 0.", hint="distribution", flags={"attack": ("-n",), "hit_on": ("-t",), "defence": ("-m",), "cancel_on": ("-c",), "decimals": ("--float",)}, example={"attack": 5, "hit_on": 5, "defence": 2}),
    calculator(dr, "dr", "A 2d6 DR with a modifier.", (), help="2d6 DR: the final DR's distribution, and 'at most' / 'exactly' / 'versus N' odds.", hint="distribution", flags={"modifier": ("-m",), "decimals": ("--float",)}, example={"modifier": 1, "at_most": 7}),
)
# fmt: on

__all__ = ["CALCULATORS"]
