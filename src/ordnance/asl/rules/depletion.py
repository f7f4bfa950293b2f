"""The depletion check (ASL-8.9) and everything that follows from it.

A firer declares special ammunition before the To Hit (or Placement) DR
(ASL-8.1-a, ASL-8.9-b). The Original DR of that roll is then compared with
the Depletion Number N (ASL-8.9-c/d/e):

========  ===================  ==========  ===============  ===================
DR vs N   outcome              depleted    counts as fired  may fire other ammo
========  ===================  ==========  ===============  ===================
DR < N    ``used``             no          yes              only by ROF/IF
DR = N    ``used-and-depleted``  yes       yes              only by ROF/IF
DR > N    ``not-available``    yes         no (except B#)   yes, unless it broke
========  ===================  ==========  ===============  ===================

The same DR is always the malfunction check against B# (ASL-AMB-18), with
B# lowered by 2 under Intensive Fire, which leaves N unchanged (ASL-8.92-a).
OBA and vehicular smoke dispensers have no depletion check (ASL-8.9-f), nor
has SCW HEAT (ASL-8.3-b): such a shot is ``used`` whatever the DR.

:func:`special_ammo_shot` takes its dice from a
:class:`~ordnance.core.dice.DiceSource`, so the very same function resolves a
real roll and, under :func:`~ordnance.core.odds.enumerate_procedure`, defines
the odds.

>>> from ordnance.core.dice import EnteredDice
>>> special_ammo_shot(EnteredDice([3, 2]), "APCR", 5).outcome.value
'used-and-depleted'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from ordnance.core.dice import DR, DiceSource
from ordnance.core.errors import RuleViolation
from ordnance.core.messages import Message, msg, render_message, term
from ordnance.core.plain import attributes

#: The B# when the counter prints none: an Original 12 malfunctions (notes B5.7).
DEFAULT_BREAKDOWN = 12
INTENSIVE_FIRE_BREAKDOWN_CHANGE = -2
#: The ammunition a question declares, as typed (a Gun's depletion-checked or ordinary rounds).
AmmoName = Literal["AP", "APCR", "APDS", "HEAT", "HE", "SMOKE", "WP"]


class DepletionOutcome(StrEnum):
    USED = "used"
    USED_AND_DEPLETED = "used-and-depleted"
    NOT_AVAILABLE = "not-available"


def depletion_outcome(original_dr: int, depletion: int | None) -> DepletionOutcome:
    """ASL-8.9-c/d/e: the outcome of an Original DR against the Depletion Number.

    ``depletion=None`` means no depletion check applies (ASL-8.9-f, ASL-8.3-b).

    >>> [depletion_outcome(dr, 5).value for dr in (4, 5, 6)]
    ['used', 'used-and-depleted', 'not-available']
    """
    if not 2 <= original_dr <= 12:
        raise RuleViolation(
            "ASL-8.9-c",
            msg("an Original DR of two dice cannot be {original_dr}", original_dr=original_dr),
            hint=msg("2 to 12"),
        )
    if depletion is None or original_dr < depletion:
        return DepletionOutcome.USED
    if original_dr == depletion:
        return DepletionOutcome.USED_AND_DEPLETED
    return DepletionOutcome.NOT_AVAILABLE


def breakdown_number(breakdown: int | None, *, intensive: bool = False) -> int:
    """The effective B#: printed (or 12), minus 2 under Intensive Fire (ASL-8.92-a)."""
    value = DEFAULT_BREAKDOWN if breakdown is None else breakdown
    return value + (INTENSIVE_FIRE_BREAKDOWN_CHANGE if intensive else 0)


def malfunctions(original_dr: int, breakdown: int | None, *, intensive: bool = False) -> bool:
    """Whether the Original DR reaches the B# (checked whatever the depletion outcome)."""
    return original_dr >= breakdown_number(breakdown, intensive=intensive)


@dataclass(frozen=True, slots=True)
class ShotResult:
    """One declared special-ammunition shot, after its DR.

    ``depletion`` is the N used; Intensive Fire never changes it (ASL-8.92-a).
    """

    ammo: str
    depletion: int | None
    dr: DR
    outcome: DepletionOutcome
    malfunctioned: bool
    breakdown: int
    intensive: bool = False
    rof: int = 0

    @property
    def original_dr(self) -> int:
        return self.dr.total

    @property
    def fired_special(self) -> bool:
        """ASL-8.9-c/d: the hit/placement of this DR is resolved with the special round."""
        return self.outcome is not DepletionOutcome.NOT_AVAILABLE

    @property
    def counts_as_fired(self) -> bool:
        """ASL-8.9-e: a DR > N shot does not count as fired (except for malfunction)."""
        return self.outcome is not DepletionOutcome.NOT_AVAILABLE

    @property
    def gone(self) -> bool:
        """ASL-8.9-d/e: the ammunition is gone for the rest of the scenario."""
        return self.outcome is not DepletionOutcome.USED

    @property
    def may_fire_again_other_ammo(self) -> bool:
        """ASL-8.9-e: after DR > N the Gun may fire again at once, unless it malfunctioned."""
        return self.outcome is DepletionOutcome.NOT_AVAILABLE and not self.malfunctioned

    @property
    def rof_retained(self) -> bool:
        """Multiple ROF: the coloured die at or below the ROF keeps the Gun firing (B5.6).

        A shot that never happened (DR > N) gives no ROF; a malfunction ends firing.
        """
        return (
            self.counts_as_fired
            and not self.malfunctioned
            and self.rof > 0
            and self.dr.coloured <= self.rof
            and not self.intensive
        )

    @property
    def clause(self) -> str:
        if self.depletion is None:
            return "ASL-8.9-f"
        return {
            DepletionOutcome.USED: "ASL-8.9-c",
            DepletionOutcome.USED_AND_DEPLETED: "ASL-8.9-d",
            DepletionOutcome.NOT_AVAILABLE: "ASL-8.9-e",
        }[self.outcome]

    def message(self) -> Message:
        """:meth:`explain` as a message template a face can translate."""
        n = (
            term("no Depletion Number")
            if self.depletion is None
            else term("N={n}", n=self.depletion)
        )
        outcome = term(
            {
                DepletionOutcome.USED: "the round is fired and more remain",
                DepletionOutcome.USED_AND_DEPLETED: (
                    "the round is fired, the last one: gone for the scenario"
                ),
                DepletionOutcome.NOT_AVAILABLE: (
                    "there was none: no shot, the Gun has not fired and may fire other "
                    "ammunition; gone for the scenario"
                ),
            }[self.outcome]
        )
        args: dict[str, Any] = {
            "ammo": self.ammo,
            "n": n,
            "coloured": self.dr.coloured,
            "white": self.dr.white,
            "dr": self.original_dr,
            "outcome": outcome,
        }
        if self.malfunctioned:
            return msg(
                "{ammo}, {n}, DR {coloured}+{white}={dr}: {outcome}; "
                "the Gun malfunctions (DR {total} >= B#{breakdown})",
                **args,
                total=self.original_dr,
                breakdown=self.breakdown,
            )
        return msg("{ammo}, {n}, DR {coloured}+{white}={dr}: {outcome}", **args)

    def explain(self) -> str:
        m = self.message()
        return render_message(m.template, m.args)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ammo": self.ammo,
            "depletion": self.depletion,
            "dr": [self.dr.coloured, self.dr.white],
            "original_dr": self.original_dr,
            "outcome": self.outcome.value,
            **attributes(
                self,
                "fired_special counts_as_fired gone may_fire_again_other_ammo malfunctioned",
                "breakdown intensive rof_retained clause",
            ),
            "explanation": self.explain(),
        }


def check_shot(
    ammo: str,
    depletion: int | None,
    dr: DR,
    *,
    breakdown: int | None = None,
    intensive: bool = False,
    rof: int = 0,
) -> ShotResult:
    """ASL-8.9-c/d/e and ASL-AMB-18 for a DR already rolled after the declaration."""
    return ShotResult(
        ammo=ammo,
        depletion=depletion,  # ASL-8.92-a: Intensive Fire leaves N alone
        dr=dr,
        outcome=depletion_outcome(dr.total, depletion),
        malfunctioned=malfunctions(dr.total, breakdown, intensive=intensive),
        breakdown=breakdown_number(breakdown, intensive=intensive),
        intensive=intensive,
        rof=rof,
    )


def special_ammo_shot(
    dice: DiceSource,
    ammo: str,
    depletion: int | None,
    *,
    breakdown: int | None = None,
    intensive: bool = False,
    rof: int = 0,
) -> ShotResult:
    """Roll the To Hit (or Placement) DR of a declared special-ammunition shot.

    The declaration is this call's arguments, so it necessarily comes before
    the DR (ASL-8.1-a); see :func:`refuse_late_declaration` for the other order.
    """
    dr = dice.dr("To Hit DR")
    return check_shot(ammo, depletion, dr, breakdown=breakdown, intensive=intensive, rof=rof)


def refuse_late_declaration(ammo: str, shot: int) -> RuleViolation:
    """ASL-8.1-a: special ammunition declared after its DR was rolled is refused."""
    return RuleViolation(
        "ASL-8.1-a",
        msg(
            "shot #{shot} has already been rolled; {ammo} must be declared before its To Hit DR",
            shot=shot,
            ammo=ammo,
        ),
        hint=msg("declare the special ammunition for the next shot, before rolling"),
    )
