"""HE Fire missions: the salvo, the defence roll, Hit allocation and the HQ check.

One function, :func:`resolve_he_fire`, resolves a real mission (dice rolled or
entered) and, run by :func:`ordnance.core.odds.enumerate_procedure` over every
dice sequence, defines the odds that :mod:`ordnance.waw.odds.he_fire` computes in
closed form.

Dice are asked for in this order, so entered dice follow it too:

1. the salvo: Firepower d6 (WAW-HE-a);
2. the defence pool: as many d6 as the hex's infantry Defensive Bonus, 2 in a
   city (WAW-HE-b to -f);
3. the allocation die, only when the order of the units changes the result
   (WAW-HE-g): with two target units, 1-3 means the unit listed first takes
   the first Hit, 4-6 the other one (a hex holds at most two units besides
   its HQs, WAW-B5);
4. one d6 per HQ in the hex when another unit there took a Hit (WAW-HE-k).

Under the optional per-unit rule (WAW-HE-l) steps 1 and 2 repeat for each
target unit in turn and no allocation die is rolled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import permutations

from ordnance.core.dice import DiceSource
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.messages import msg
from ordnance.waw.rules.catalogue import ArmourClass, TerrainType
from ordnance.waw.rules.units import STACKING_LIMIT, Condition, harmable_hits, he_hit, he_hits
from ordnance.waw.settings import WawSettings

#: A defence die cancels one Hit on this face or higher (WAW-HE-e).
CANCEL_ON = 5


@dataclass(frozen=True, slots=True)
class Target:
    """A unit in the target hex as HE Fire sees it."""

    id: str
    armour: ArmourClass
    condition: Condition = field(default_factory=Condition)
    hq: bool = False


@dataclass(frozen=True, slots=True)
class Salvo:
    """One salvo's dice: against the whole hex (``against=None``) or one unit."""

    attack: tuple[int, ...]
    hits: int
    defence: tuple[int, ...]
    cancelled: int
    net: int
    against: str | None = None


@dataclass(frozen=True, slots=True)
class UnitResult:
    unit: str
    hits: int
    before: Condition
    after: Condition


@dataclass(frozen=True, slots=True)
class HqCheck:
    """An HQ's d6 check (rule 1.3.3.2), due because a unit in its hex was hit."""

    hq: str
    dice: tuple[int, ...]
    #: "pending" (players enter the outcome) or the HQ's condition label after it.
    result: str
    before: Condition
    after: Condition


@dataclass(frozen=True, slots=True)
class HeFireResult:
    salvos: tuple[Salvo, ...]
    order: tuple[str, ...]
    order_die: int | None
    units: tuple[UnitResult, ...]
    #: Hits that could harm no unit (WAW-AMB-3 overflow) and were lost.
    lost: int
    hq_checks: tuple[HqCheck, ...]
    #: HQs in the hex that made no check (no other unit took a Hit).
    hqs_unchecked: tuple[tuple[str, Condition], ...] = ()

    @property
    def net_hits(self) -> int:
        return sum(s.net for s in self.salvos)

    @property
    def hits_applied(self) -> int:
        """Hits the units of the hex took (after every defence roll, lost Hits left out)."""
        return sum(u.hits for u in self.units)

    def outcome_key(self) -> tuple[tuple[str, str], ...]:
        """Each unit's (and HQ's) resulting condition: the odds' outcome."""
        rows = [(u.unit, u.after.label) for u in self.units]
        rows += [
            (h.hq, "HQ check due" if h.result == "pending" else h.after.label)
            for h in self.hq_checks
        ]
        rows += [(hq, cond.label) for hq, cond in self.hqs_unchecked]
        return tuple(sorted(rows))


def defence_dice(
    terrain: TerrainType, settings: WawSettings, wreck_dice: int = 0, cover_dice: int = 0
) -> int:
    """Dice the defender rolls against HE Fire.

    WAW-HE-b: the terrain's infantry Defensive Bonus, without cover.
    WAW-HE-c / WAW-HE-f: armour does not matter; every stack, vehicles and
    mixed stacks included, uses the infantry value. WAW-HE-d: 2 dice in a city.
    WAW-AMB-2 options add Wreck or cover dice.
    """
    dice = 2 if terrain.city else terrain.infantry_db
    if settings.he_defence_include_wrecks:
        dice += wreck_dice
    if settings.he_defence_include_cover:
        dice += cover_dice
    return dice


def check_hit_number(hit_number: int, clause: str = "WAW-HE-a") -> None:
    """A Hit Number must be a d6 face: above 6 nothing can hit (notes B2)."""
    if hit_number > 6:
        raise RuleViolation(
            clause,
            msg(
                "Hit Number {hit_number} cannot be fired: a d6 never shows more than 6",
                hit_number=hit_number,
            ),
            hint=msg("fire only with a Hit Number of 6 or less"),
        )
    if hit_number < 1:
        raise OrdnanceError(msg("a Hit Number is 1 to 6, not {hit_number}", hit_number=hit_number))


def check_firepower(firepower: int) -> None:
    """A mission's Firepower is the d6 of its salvo (WAW-HE-a): one die at least."""
    if firepower < 1:
        raise RuleViolation(
            "WAW-HE-a",
            msg(
                "an HE Fire mission of Firepower {firepower} rolls no die and cannot hit",
                firepower=firepower,
            ),
            hint=msg(
                "give the mission's Firepower from the scenario or order of battle (1 or more)"
            ),
        )


def count_at_least(values: Sequence[int], threshold: int) -> int:
    return sum(1 for v in values if v >= threshold)


def allocate(
    hits: int, order: Sequence[Target], settings: WawSettings
) -> tuple[dict[str, int], int]:
    """Share ``hits`` among the units in ``order``; returns (hits per unit, lost).

    WAW-HE-h: every unit takes one Hit before any takes a second.
    WAW-AMB-3 "overflow" (default): Hits beyond the first round go round, in
    the same order, only to units a further Hit can still harm (soft targets,
    WAW-HE-j); the rest are lost. "strict_round_robin": keep going round every
    unit; a Hit on a unit it cannot harm is wasted (counted on that unit).
    """
    given = {t.id: 0 for t in order}
    left = hits
    for t in order:  # the first round
        if not left:
            break
        given[t.id] += 1
        left -= 1
    if not order:
        return given, left
    if settings.he_allocation == "strict_round_robin":
        while left:
            for t in order:
                if not left:
                    break
                given[t.id] += 1
                left -= 1
        return given, 0
    while left:
        room = [
            t
            for t in order
            if t.armour.soft
            and given[t.id]
            < harmable_hits(t.condition, t.armour, settings.he_ladder, settings.he_soft_cap)
        ]
        if not room:
            break
        for t in room:
            if not left:
                break
            given[t.id] += 1
            left -= 1
    return given, left


def orders(targets: Sequence[Target]) -> list[tuple[Target, ...]]:
    """The possible orders, in the sequence the allocation die picks them."""
    return list(permutations(targets))


def order_for_die(targets: Sequence[Target], die: int) -> tuple[Target, ...]:
    """The order a d6 picks: 2 units 1-3 / 4-6, 3 units one order per face."""
    options = orders(targets)
    return options[(die - 1) * len(options) // 6]


def _apply(
    order: Sequence[Target], given: dict[str, int], settings: WawSettings
) -> tuple[UnitResult, ...]:
    return tuple(
        UnitResult(
            t.id,
            given[t.id],
            t.condition,
            he_hits(t.condition, t.armour, given[t.id], settings.he_ladder, settings.he_soft_cap),
        )
        for t in sorted(order, key=lambda t: t.id)
    )


def split_targets(units: Sequence[Target]) -> tuple[list[Target], list[Target]]:
    """(target units, HQs): HQs are never targets (WAW-HE-k); Eliminated units are gone."""
    live = sorted((u for u in units if not u.condition.eliminated), key=lambda u: u.id)
    return [u for u in live if not u.hq], [u for u in live if u.hq]


def check_targets(units: Sequence[Target]) -> None:
    """Refuse a mission with nothing it may attack (WAW-HE-k, WAW-HE-a)."""
    targets, hqs = split_targets(units)
    if not targets and hqs:
        raise RuleViolation(
            "WAW-HE-k",
            msg("an HQ cannot be the target of artillery, and it is alone in that hex"),
            hint=msg("target a hex holding another unit; the HQ then makes its check"),
        )
    if not targets:
        raise RuleViolation(
            "WAW-HE-a",
            msg("there is no unit in the target hex for the salvo to hit"),
            hint=msg("target a hex holding enemy units"),
        )
    if len(targets) > STACKING_LIMIT:
        raise RuleViolation(
            "WAW-B5",
            msg(
                "{n_targets} target units in one hex, but at most {stacking_limit} units stack in a hex",
                n_targets=len(targets),
                stacking_limit=STACKING_LIMIT,
            ),
            hint=msg(
                "list at most {stacking_limit} units besides any HQ (an HQ does not count)",
                stacking_limit=STACKING_LIMIT,
            ),
        )


def resolve_he_fire(
    units: Sequence[Target],
    firepower: int,
    hit_number: int,
    defence: int,
    dice: DiceSource,
    settings: WawSettings,
    city: bool = False,
) -> HeFireResult:
    """Resolve one HE Fire mission against the units of one hex (see module doc)."""
    check_hit_number(hit_number)
    if firepower < 0 or defence < 0:
        raise OrdnanceError(msg("Firepower and defence dice cannot be negative"))
    check_targets(units)
    targets, hqs = split_targets(units)

    salvos: list[Salvo] = []
    order: tuple[Target, ...] = tuple(targets)
    order_die: int | None = None
    lost = 0
    if settings.he_per_unit_salvo:  # WAW-HE-l, WAW-AMB-6
        given: dict[str, int] = {}
        for t in targets:
            salvo = _salvo(firepower, hit_number, defence, dice, against=t.id)
            salvos.append(salvo)
            given[t.id] = salvo.net
    elif city and settings.city_defence == "per_unit":  # WAW-AMB-1 option
        attack = dice.pool(firepower, "salvo")
        raw = count_at_least(attack, hit_number)
        order, order_die, given, lost = _allocate_with_die(raw, targets, dice, settings)
        salvos.append(Salvo(attack, raw, (), 0, raw))
        for t in sorted(targets, key=lambda t: t.id):
            if given[t.id]:
                pool = dice.pool(defence, f"defence {t.id}")
                cancelled = min(count_at_least(pool, CANCEL_ON), given[t.id])
                given[t.id] -= cancelled
                salvos.append(Salvo((), 0, pool, cancelled, -cancelled, against=t.id))
    else:
        salvo = _salvo(firepower, hit_number, defence, dice)
        salvos.append(salvo)
        order, order_die, given, lost = _allocate_with_die(salvo.net, targets, dice, settings)

    results = _apply(order, given, settings)
    landed = sum(given.values())
    checks = tuple(_hq_check(hq, landed, dice, settings) for hq in hqs if landed)
    unchecked = () if landed else tuple((hq.id, hq.condition) for hq in hqs)
    return HeFireResult(
        tuple(salvos), tuple(t.id for t in order), order_die, results, lost, checks, unchecked
    )


def _salvo(
    firepower: int, hit_number: int, defence: int, dice: DiceSource, against: str | None = None
) -> Salvo:
    """WAW-HE-a (Hits on Hit Number+), WAW-HE-e (each 5+ defence die cancels one)."""
    suffix = f" vs {against}" if against else ""
    attack = dice.pool(firepower, "salvo" + suffix)
    hits = count_at_least(attack, hit_number)
    pool = dice.pool(defence, "defence" + suffix)
    cancelled = min(count_at_least(pool, CANCEL_ON), hits)
    return Salvo(attack, hits, pool, cancelled, hits - cancelled, against)


def _allocate_with_die(
    hits: int, targets: Sequence[Target], dice: DiceSource, settings: WawSettings
) -> tuple[tuple[Target, ...], int | None, dict[str, int], int]:
    """WAW-HE-g: roll for the order only when the order changes who gets what."""
    options = orders(targets)
    shares = [allocate(hits, o, settings) for o in options]
    if all(s == shares[0] for s in shares):
        return options[0], None, *shares[0]
    die = dice.d6("allocation")
    order = order_for_die(targets, die)
    given, lost = allocate(hits, order, settings)
    return order, die, given, lost


def _hq_check(hq: Target, landed: int, dice: DiceSource, settings: WawSettings) -> HqCheck:
    """WAW-HE-k / WAW-AMB-5: the HQ rolls when another unit in its hex took a Hit."""
    rolls = landed if settings.hq_roll == "per_hit" else 1
    values = [dice.d6(f"HQ check {hq.id}") for _ in range(rolls)]
    rule = settings.hq_check
    if rule.mode == "ask":
        return HqCheck(hq.id, tuple(values), "pending", hq.condition, hq.condition)
    after = hq.condition
    for v in values:
        if v in rule.fails_on:
            after = (
                Condition(eliminated=True)
                if rule.effect == "eliminated"
                else he_hit(after, hq.armour, settings.he_soft_cap)
            )
    return HqCheck(hq.id, tuple(values), after.label, hq.condition, after)
