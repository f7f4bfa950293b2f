"""The generic odds as calculators (no game): a pool of d6 and a 2d6 DR.

Declared like a game's (:mod:`ordnance.core.calculators`), so ``ordnance odds
pool|dr``, ``POST /api/calculators/odds/pool`` and the page ``/calc/odds``
are derived from them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ordnance.core.calculators import Calculator
from ordnance.core.odds.distribution import fraction_text
from ordnance.core.odds.dr import dr_at_most, dr_exactly, dr_totals, dr_versus
from ordnance.core.odds.pools import net_hits


class PoolQuestion(BaseModel):
    """N attack d6 hitting on T+, minus M defence d6 cancelling on C+."""

    model_config = ConfigDict(extra="forbid")
    attack: int = Field(title="Attack dice", description="N", ge=0, le=100)
    hit_on: int = Field(
        5, title="Hit on", description="a die hits on this face or more", ge=1, le=7
    )
    defence: int = Field(0, title="Defence dice", description="M", ge=0, le=100)
    cancel_on: int = Field(
        5, title="Cancel on", description="a defence die cancels a hit on this or more", ge=1, le=7
    )


def pool(q: PoolQuestion) -> dict[str, Any]:
    dist = net_hits(q.attack, q.hit_on, q.defence, q.cancel_on)
    at_least: dict[str, str] = {}
    tail = Fraction(0)
    for k in sorted(dist.outcomes(), reverse=True):
        tail += dist[k]
        at_least[str(k)] = fraction_text(tail)
    mean = dist.mean()
    return {
        "title": f"{q.attack}d6 hitting on {q.hit_on}+ vs {q.defence}d6 cancelling on {q.cancel_on}+",
        "xlabel": "net hits",
        "query": q.model_dump(),
        "distribution": dist.to_json(),
        "mean": fraction_text(mean),
        "at_least": dict(sorted(at_least.items(), key=lambda kv: int(kv[0]))),
        "lines": [f"mean net hits {fraction_text(mean)} = {float(mean):.4f}"],
    }


class DrQuestion(BaseModel):
    """A 2d6 DR with a modifier."""

    model_config = ConfigDict(extra="forbid")
    modifier: int = Field(0, title="DRM", description="the total modifier added", ge=-20, le=20)
    at_most: int | None = Field(
        None, title="At most", description="P(final DR <= this)", ge=-30, le=40
    )
    exactly: int | None = Field(
        None, title="Exactly", description="P(final DR == this)", ge=-30, le=40
    )
    versus: int | None = Field(
        None, title="Versus", description="original DR below, equal to, above this", ge=2, le=12
    )


def dr(q: DrQuestion) -> dict[str, Any]:
    dist = dr_totals(q.modifier)
    data: dict[str, Any] = {
        "title": f"2d6 DR{q.modifier:+d}" if q.modifier else "2d6 DR",
        "xlabel": "final DR",
        "modifier": q.modifier,
        "distribution": dist.to_json(),
    }
    lines = []
    if q.at_most is not None:
        p = dr_at_most(q.at_most, q.modifier)
        data["at_most"] = {"target": q.at_most, "p": fraction_text(p)}
        lines.append(f"P(DR{q.modifier:+d} <= {q.at_most}) = {fraction_text(p)}")
    if q.exactly is not None:
        p = dr_exactly(q.exactly, q.modifier)
        data["exactly"] = {"target": q.exactly, "p": fraction_text(p)}
        lines.append(f"P(DR{q.modifier:+d} == {q.exactly}) = {fraction_text(p)}")
    if q.versus is not None:
        vs = dr_versus(q.versus)
        data["versus"] = {"number": q.versus, "distribution": vs.to_json()}
        lines.append(
            f"Original DR vs {q.versus}: "
            + ", ".join(f"{k} {fraction_text(vs[k])}" for k in ("below", "equal", "above"))
        )
    data["lines"] = lines
    return data


CALCULATORS: tuple[Calculator, ...] = (
    Calculator(
        name="pool",
        title="Net hits of a pool of d6 against defence dice.",
        help="Net hits: N attack d6 hitting on T+, minus M defence d6 cancelling on C+, at least 0.",
        clauses=(),
        input_model=PoolQuestion,
        run=pool,
        hint="distribution",
        flags={"attack": ("-n",), "hit_on": ("-t",), "defence": ("-m",), "cancel_on": ("-c",)},
        example={"attack": 5, "hit_on": 5, "defence": 2},
    ),
    Calculator(
        name="dr",
        title="A 2d6 DR with a modifier.",
        help="2d6 DR: the final DR's distribution, and 'at most' / 'exactly' / 'versus N' odds.",
        clauses=(),
        input_model=DrQuestion,
        run=dr,
        hint="distribution",
        flags={"modifier": ("-m",)},
        example={"modifier": 1, "at_most": 7},
    ),
)

__all__ = ["CALCULATORS"]
