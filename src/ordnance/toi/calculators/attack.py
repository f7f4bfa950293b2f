"""Tide of Iron's attack odds, with or without a munitions token (TOI-B4, TOI-GEN-10)."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, field_validator

from ordnance.core.calculators import Calculator, calculator
from ordnance.core.errors import OrdnanceError
from ordnance.core.fields import option
from ordnance.core.messages import msg, said, term
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.core.questions import question_config
from ordnance.toi.calculators.fields import ATTACK_FLAGS, BandText, Target, band_field, target_word
from ordnance.toi.rules.attack import (
    AttackInput,
    RangeBand,
    Supporter,
    attack_distribution,
    plan_attack,
)
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.rules.readings import DEFAULTS


def _support(text: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(",", " ").split()]
    except ValueError:
        raise OrdnanceError(
            msg("cannot read supporting firepower {text!r}", text=text),
            clause="TOI-B5",
            hint=msg("e.g. 3,2"),
        ) from None


class AttackQuestion(BaseModel):
    """One attack, with or without a munitions token."""

    model_config = question_config("TOI-B4")

    fp: int = option(
        title="Firepower", description="of the firing unit against this target type", ge=0, le=40
    )
    target: Annotated[Target, BeforeValidator(target_word)] = option(
        "vehicle", "Target", "vehicle or squad"
    )
    band: BandText = band_field()
    defence: int = option(0, "Defence dice", "red dice: armour and cover", ge=0, le=40)
    # Smoke is a token too: the attack rules refuse it (TOI-SMK-1), one copy of the rule
    munition: Literal["HE", "AP-B", "AP-C", "Smoke"] | None = option(
        None, "Munitions token", "HE, AP-B or AP-C (none: a plain attack)", clause="TOI-GEN-10"
    )
    fire_and_movement: bool = option(False, "Fire and Movement", "the attack is halved")
    support: list[int] = option(
        title="Supporting firepower",
        description="the supporting units' firepower, e.g. 3,2",
        clause="TOI-B5",
        default_factory=list,
    )

    @field_validator("munition", mode="before")
    @classmethod
    def _munition(cls, value: Any) -> Any:
        if value is None or (
            isinstance(value, str) and value.strip().lower() in ("", "none", "plain")
        ):
            return None
        if isinstance(value, str):
            key = value.strip().upper().replace("_", "").replace("-", "")
            for m in Munition:
                if m.value.upper().replace("-", "") == key:
                    return m.value
        return value


def _at_least(dist: Distribution[int]) -> dict[str, str]:
    out: dict[str, str] = {}
    tail = Fraction(0)
    for k in sorted(dist.outcomes(), reverse=True):
        tail += dist[k]
        out[str(k)] = fraction_text(tail)
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))


def attack_odds(q: AttackQuestion) -> dict[str, Any]:
    """The exact distribution of net hits of one attack (closed form)."""
    m = Munition(q.munition) if q.munition else None
    inp = AttackInput(
        firepower=q.fp,
        target=q.target,
        band=RangeBand(q.band),
        defence=q.defence,
        munitions=(m,) if m else (),
        fire_and_movement=q.fire_and_movement,
        support=tuple(Supporter(s) for s in q.support),
    )
    plan = plan_attack(inp, DEFAULTS)
    dist = attack_distribution(plan)
    mean = dist.mean()
    return {
        "title": said(
            "Net hits: firepower {fp} vs {target} at {band} range, defence {defence}"
            + (", {munition}" if m else ""),
            fp=q.fp,
            target=term(q.target),
            band=term(plan.band.value),
            defence=q.defence,
            **({"munition": m.value} if m else {}),
        ),
        "xlabel": "net hits",
        "distribution": dist.to_json(),
        "munition": m.value if m else None,
        "attack_dice": plan.attack_dice,
        "hit_on": plan.hit_on,
        "defence_dice": plan.defence_dice,
        "cancel_on": plan.cancel_on,
        "band": plan.band.value,
        "mean": fraction_text(mean),
        "at_least": _at_least(dist),
        "steps": list(plan.steps),
        "clauses": list(plan.clauses),
        "lines": [
            said(
                "{attack} black dice hitting on {hit_on}+, {defence} red dice cancelling on "
                "{cancel_on}+; mean {exact} = {decimal} net hits",
                attack=plan.attack_dice,
                hit_on=plan.hit_on,
                defence=plan.defence_dice,
                cancel_on=plan.cancel_on,
                exact=fraction_text(mean),
                decimal=f"{float(mean):.3f}",
            ),
            *plan.steps,
        ],
    }


# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(attack_odds, "odds", "Exact odds of a Tide of Iron attack (with or without a munitions token).", ("TOI-B4", "TOI-GEN-10"), help="Exact distribution of net hits of one attack (closed form, exact fractions).", hint="distribution", parsers={"support": _support}, flags=ATTACK_FLAGS, example={"fp": 5, "target": "vehicle", "band": "close", "defence": 2, "munition": "AP-C"}),
)
# fmt: on

__all__ = ["CALCULATORS"]
