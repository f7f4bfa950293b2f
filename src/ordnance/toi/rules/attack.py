"""The Tide of Iron attack the munitions tokens modify.

An attack is planned, then rolled:

1. :func:`range_band` (notes B2): close = adjacent, normal = within the range
   value, long = within twice it, else out of range; +1 range from higher
   ground; Fire and Movement may not fire at long range.
2. :func:`plan_attack` (notes B3-B5, TOI-HE-*, TOI-APB-*, TOI-APC-*,
   TOI-AMB-6/8/10): attack dice = the lead unit's firepower (with its munitions
   modifier, then halvings, rounded up at each) plus half, rounded up, of each
   supporter's; Hit Number by band (HE: 4+ at normal range); defence dice =
   armour + cover.
3. :func:`resolve_attack`: black attack dice first, then red defence dice
   (labelled), net hits = hits - cancels, at least 0. This one function
   resolves a real roll and, through ``enumerate_procedure``, defines the odds;
   :func:`attack_distribution` is its closed form (``pools.net_hits``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ordnance.core.dice import DiceSource
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.messages import msg, said, term
from ordnance.core.odds.distribution import Distribution
from ordnance.core.odds.pools import net_hits
from ordnance.toi.rules.munitions import (
    Munition,
    forbids_long_range,
    normal_range_hit_number,
    vehicle_firepower_modifier,
)
from ordnance.toi.rules.readings import DEFAULTS, RuleReadings


class RangeBand(StrEnum):
    CLOSE = "close"
    NORMAL = "normal"
    LONG = "long"
    OUT = "out"

    @property
    def worse(self) -> int:
        return ("close", "normal", "long", "out").index(self.value)


def range_band(distance: int, range_value: int, *, higher_ground: bool = False) -> RangeBand:
    """The range band of an attack over ``distance`` hexes (notes B2).

    >>> [range_band(d, 3).value for d in (1, 3, 6, 7)]
    ['close', 'normal', 'long', 'out']
    >>> range_band(4, 3, higher_ground=True).value
    'normal'
    """
    if range_value <= 0:
        return RangeBand.OUT
    effective = range_value + (1 if higher_ground else 0)
    if distance <= 1:
        return RangeBand.CLOSE
    if distance <= effective:
        return RangeBand.NORMAL
    if distance <= 2 * effective:
        return RangeBand.LONG
    return RangeBand.OUT


def worst_band(bands: Sequence[RangeBand]) -> RangeBand:
    """A combined attack takes the worst band of its participants (notes B5)."""
    return max(bands, key=lambda b: b.worse)


def halve_up(value: int) -> int:
    """Half, rounded up (every halving in Tide of Iron rounds up)."""
    return -(-value // 2)


@dataclass(frozen=True)
class Supporter:
    """A unit joining with combined fire: it adds half its firepower, rounded up."""

    firepower: int
    halvings: int = 0
    #: Tokens this supporter reveals (only with ``reveal_on_support``, TOI-AMB-9).
    munitions: tuple[Munition, ...] = ()
    band: RangeBand | None = None


@dataclass(frozen=True)
class AttackInput:
    """What an attack is made of, before any rule is applied."""

    firepower: int
    target: str  # "vehicle" or "squad"
    band: RangeBand
    defence: int
    munitions: tuple[Munition, ...] = ()
    fire_and_movement: bool = False
    #: Other halvings of the lead unit (heavy damage, firing from smoke).
    halvings: int = 0
    support: tuple[Supporter, ...] = ()
    #: The lead unit's own band, for munitions under ``combined_band="per_participant"``.
    lead_band: RangeBand | None = None


@dataclass(frozen=True)
class AttackPlan:
    """Dice to roll and the numbers to roll for; ``steps`` explains the sums."""

    attack_dice: int
    hit_on: int
    defence_dice: int
    cancel_on: int
    band: RangeBand
    steps: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ()


def _munition_band(inp: AttackInput, settings: RuleReadings) -> RangeBand:
    if settings.combined_band == "per_participant" and inp.lead_band is not None:
        return inp.lead_band
    return inp.band


def check_attack_legal(inp: AttackInput, settings: RuleReadings | None = None) -> None:
    """Refusals of an attack (notes B2, B5, TOI-SMK-1, TOI-HE-3).

    HE's ban on long range is judged in the band the munitions use: the
    combined attack's single band by default, the lead unit's own band under
    ``combined_band="per_participant"`` (TOI-AMB-10).
    """
    settings = settings or DEFAULTS
    if inp.target not in ("vehicle", "squad"):
        raise OrdnanceError(
            msg("target must be 'vehicle' or 'squad', not {target!r}", target=inp.target)
        )
    if inp.band is RangeBand.OUT:
        raise RuleViolation(
            "TOI-B2",
            msg("the target is out of range (beyond twice the range value)"),
            hint=msg("move closer or pick a target within twice the range"),
        )
    if inp.fire_and_movement and inp.band is RangeBand.LONG:
        raise RuleViolation(
            "TOI-B2",
            msg("a unit doing Fire and Movement may not attack at long range"),
            hint=msg("use Concentrated Fire, or a target at close or normal range"),
        )
    if inp.fire_and_movement and inp.support:
        raise RuleViolation(
            "TOI-B5",
            msg("combined fire is not allowed with Fire and Movement"),
            hint=msg("attack alone, or use Concentrated Fire"),
        )
    if Munition.SMOKE in inp.munitions:
        raise RuleViolation(
            "TOI-SMK-1",
            msg("a Smoke round is not an attack on a unit; it targets a hex"),
            hint=msg("resolve it as a Smoke round"),
        )
    mband = _munition_band(inp, settings)
    if mband is RangeBand.LONG and any(forbids_long_range(m) for m in inp.munitions):
        raise RuleViolation(
            "TOI-HE-3",
            msg("a unit firing HE may not make a long-range attack"),
            hint=msg("attack a target at close or normal range"),
        )
    if inp.firepower < 0 or inp.defence < 0:
        raise OrdnanceError(msg("firepower and defence cannot be negative"))
    if inp.firepower == 0:
        raise RuleViolation(
            "TOI-B4",
            msg("a unit with no firepower against a {target} cannot attack it", target=inp.target),
            hint=msg("a token adds to a unit's firepower; it never lets a unit without it attack"),
        )


def plan_attack(inp: AttackInput, settings: RuleReadings | None = None) -> AttackPlan:
    """Turn an attack into dice and Hit Numbers (pure; refuses illegal attacks)."""
    settings = settings or DEFAULTS
    check_attack_legal(inp, settings)
    steps: list[str] = []
    clauses: list[str] = []
    mband = _munition_band(inp, settings)

    modifier = sum(vehicle_firepower_modifier(m, mband.value, inp.target) for m in inp.munitions)
    for m in inp.munitions:
        delta = vehicle_firepower_modifier(m, mband.value, inp.target)
        clause = {
            Munition.HE: "TOI-HE-1",
            Munition.AP_B: "TOI-APB-1" if inp.target == "vehicle" else "TOI-APB-2",
            Munition.AP_C: {"close": "TOI-APC-1", "long": "TOI-APC-2"}.get(
                mband.value, "TOI-APC-3"
            ),
        }.get(m, "TOI-GEN-7")
        if inp.target != "vehicle" and m is Munition.HE:
            clause = "TOI-AMB-6"
        clauses.append(clause)
        steps.append(
            said(
                "{munition}: {delta} firepower vs {target} at {band} ({clause})",
                munition=m.value,
                delta=f"{delta:+d}",
                target=term(inp.target),
                band=term(mband.value),
                clause=clause,
            )
        )

    halvings = inp.halvings + (1 if inp.fire_and_movement else 0)
    fp = inp.firepower
    if settings.firepower_order == "modifier_first":
        fp += modifier
        fp = max(fp, 0)
        for _ in range(halvings):
            fp = halve_up(fp)
    else:
        for _ in range(halvings):
            fp = halve_up(fp)
        fp += modifier
    fp = max(fp, settings.firepower_floor if inp.firepower > 0 else 0)
    if inp.fire_and_movement:
        steps.append(said("Fire and Movement: firepower halved, rounded up (B4)"))
    if inp.halvings:
        steps.append(
            said("{n} other halving(s): heavy damage or firing from smoke", n=inp.halvings)
        )
    steps.append(said("lead unit: {fp} dice", fp=fp))

    total = fp
    for sup in inp.support:
        sfp = sup.firepower
        smod = sum(vehicle_firepower_modifier(m, mband.value, inp.target) for m in sup.munitions)
        sfp = max(sfp + smod, 0)
        for _ in range(sup.halvings):
            sfp = halve_up(sfp)
        add = halve_up(sfp)
        total += add
        steps.append(
            said("combined fire: +{add} (half of {sfp}, rounded up; B5)", add=add, sfp=sfp)
        )

    hit_on = settings.hit_on.for_band(inp.band.value)
    if inp.band is RangeBand.NORMAL:
        for m in inp.munitions:
            special = normal_range_hit_number(m)
            if special is None:
                continue
            if settings.he_scope == "vehicles_only" and inp.target != "vehicle":
                continue
            hit_on = min(hit_on, special)
            clauses.append("TOI-HE-2")
            steps.append(
                said(
                    "{munition}: normal-range attack hits on {special}+ (TOI-HE-2)",
                    munition=m.value,
                    special=special,
                )
            )
    return AttackPlan(
        attack_dice=total,
        hit_on=hit_on,
        defence_dice=inp.defence,
        cancel_on=settings.cancel_on,
        band=inp.band,
        steps=tuple(steps),
        clauses=tuple(dict.fromkeys(clauses)),
    )


@dataclass(frozen=True)
class AttackRoll:
    """A rolled attack: the black and red dice and what they scored."""

    black: tuple[int, ...]
    red: tuple[int, ...]
    hits: int
    cancels: int
    net: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "net", max(self.hits - self.cancels, 0))


def resolve_attack(plan: AttackPlan, dice: DiceSource) -> AttackRoll:
    """Roll the black attack dice, then the red defence dice (notes B4)."""
    black = dice.pool(plan.attack_dice, "attack (black)")
    red = dice.pool(plan.defence_dice, "defence (red)")
    hits = sum(1 for v in black if v >= plan.hit_on)
    cancels = sum(1 for v in red if v >= plan.cancel_on)
    return AttackRoll(black, red, hits, cancels)


def attack_distribution(plan: AttackPlan) -> Distribution[int]:
    """Exact distribution of net hits (closed form of :func:`resolve_attack`)."""
    return net_hits(plan.attack_dice, plan.hit_on, plan.defence_dice, plan.cancel_on)
