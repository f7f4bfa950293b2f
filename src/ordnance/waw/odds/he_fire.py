"""Exact odds of an HE Fire mission, in closed form.

Net Hits come from the binomial closed form
:func:`ordnance.core.odds.pools.net_hits`; the allocation among the units of
the hex is a uniform mixture over the orders the allocation die can pick; the
HQ check is a binomial over its dice. The tests check every function here
against :func:`ordnance.core.odds.enumerate_procedure` run over
:func:`ordnance.waw.rules.he_fire.resolve_he_fire`, the code that resolves a real
mission.

>>> he_net_hits(6, 4, 2)[0]
Fraction(3, 32)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from math import comb

from ordnance.core.dice import DiceSource
from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import Hex
from ordnance.core.messages import msg
from ordnance.core.odds import Distribution, enumerate_procedure
from ordnance.core.odds.pools import net_hits, successes
from ordnance.waw.rules.he_fire import (
    CANCEL_ON,
    Target,
    allocate,
    check_hit_number,
    check_targets,
    order_for_die,
    orders,
    split_targets,
)
from ordnance.waw.rules.mines import enter_hex
from ordnance.waw.rules.units import Condition, he_hit, he_hits
from ordnance.waw.settings import WawSettings
from ordnance.waw.state import WawState

#: An outcome: each unit's (and HQ's) resulting condition label, sorted by id.
Outcome = tuple[tuple[str, str], ...]
#: Hits given to each target unit, sorted by id.
Shares = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class HeMission:
    """One HE Fire mission as its odds read it: the stack in the hex, the salvo
    (Firepower dice on the Hit Number, WAW-HE-a), the hex's defence dice
    (WAW-HE-e) and whether the hex is a city (WAW-AMB-1)."""

    units: Sequence[Target]
    firepower: int
    hit_number: int
    defence: int
    settings: WawSettings
    city: bool = False


def he_net_hits(firepower: int, hit_number: int, defence: int) -> Distribution[int]:
    """Net Hits of a salvo (WAW-HE-a, WAW-HE-e): Firepower d6 on Hit Number+, minus 5+ defence dice."""
    check_hit_number(hit_number)
    return net_hits(firepower, hit_number, defence, CANCEL_ON)


def _shares(hits: int, targets: Sequence[Target], settings: WawSettings) -> Distribution[Shares]:
    """Who gets the Hits: a uniform mixture over the allocation die's faces."""
    options = orders(targets)
    found = [allocate(hits, o, settings)[0] for o in options]
    if all(f == found[0] for f in found):
        return Distribution.certain(tuple(sorted(found[0].items())))
    faces = [allocate(hits, order_for_die(targets, die), settings)[0] for die in range(1, 7)]
    return Distribution.uniform(tuple(sorted(f.items())) for f in faces)


def _cancel(given: int, defence: int) -> Distribution[int]:
    return successes(defence, CANCEL_ON).map(lambda c: max(given - c, 0))


def _product(parts: Sequence[Distribution[Shares]]) -> Distribution[Shares]:
    acc: Distribution[Shares] = Distribution.certain(())
    for part in parts:
        acc = acc.combine(part, lambda a, b: tuple(sorted(a + b)))
    return acc


def he_fire_shares(m: HeMission) -> Distribution[Shares]:
    """Distribution of the Hits each target unit ends up with (after defence)."""
    check_hit_number(m.hit_number)
    check_targets(m.units)
    targets, _hqs = split_targets(m.units)
    if m.settings.he_per_unit_salvo:  # WAW-HE-l
        salvo = he_net_hits(m.firepower, m.hit_number, m.defence)
        return _product([_tagged(salvo, t.id) for t in targets])
    if m.city and m.settings.city_defence == "per_unit":  # WAW-AMB-1 option

        def defend(shares: Shares) -> Distribution[Shares]:
            return _product([_tagged(_cancel(h, m.defence), u) for u, h in shares])

        return (
            successes(m.firepower, m.hit_number)
            .bind(lambda raw: _shares(raw, targets, m.settings))
            .bind(defend)
        )
    return he_net_hits(m.firepower, m.hit_number, m.defence).bind(
        lambda h: _shares(h, targets, m.settings)
    )


def defends_per_unit(settings: WawSettings, city: bool) -> bool:
    """Whether each unit rolls its own defence (WAW-AMB-1 option in a city, WAW-HE-l)."""
    return settings.he_per_unit_salvo or (city and settings.city_defence == "per_unit")


def he_hits_headline(m: HeMission) -> tuple[Distribution[int], str]:
    """The one-number summary of a mission and what it counts.

    With one defence roll for the hex (the default) it is the salvo's net
    Hits (WAW-HE-a, WAW-HE-e). When each unit defends on its own, or takes
    its own salvo, no single pool exists: the figure is then the Hits the
    units take in all, :attr:`HeFireResult.hits_applied`, whose distribution
    follows from :func:`he_fire_shares`.
    """
    if not defends_per_unit(m.settings, m.city):
        return he_net_hits(m.firepower, m.hit_number, m.defence), "net Hits"
    if not [u for u in m.units if not u.hq]:
        raise OrdnanceError(
            msg("when each unit defends on its own, the Hits depend on the stack"),
            hint=msg("name each unit in the hex"),
        )
    return he_fire_shares(m).map(_total), "Hits taken by the units"


def _total(shares: Shares) -> int:
    return sum(h for _u, h in shares)


def _hq_after(hq: Target, landed: int, settings: WawSettings) -> Distribution[str]:
    """The HQ's row of the outcome (WAW-HE-k, WAW-AMB-5)."""
    if not landed:
        return Distribution.certain(hq.condition.label)
    rule = settings.hq_check
    if rule.mode == "ask":
        return Distribution.certain("HQ check due")
    rolls = landed if settings.hq_roll == "per_hit" else 1
    p = Fraction(len(rule.fails_on), 6)
    acc: dict[str, Fraction] = {}
    for fails in range(rolls + 1):
        weight = comb(rolls, fails) * p**fails * (1 - p) ** (rolls - fails)
        cond = hq.condition
        for _ in range(fails):
            cond = (
                Condition(eliminated=True)
                if rule.effect == "eliminated"
                else he_hit(cond, hq.armour, settings.he_soft_cap)
            )
        acc[cond.label] = acc.get(cond.label, Fraction(0)) + weight
    return Distribution(acc)


def he_fire_outcomes(m: HeMission) -> Distribution[Outcome]:
    """Joint distribution of every unit's and HQ's condition after the mission."""
    targets, hqs = split_targets(m.units)
    by_id = {t.id: t for t in targets}

    def finish(shares: Shares) -> Distribution[Outcome]:
        rows = tuple(
            (
                uid,
                he_hits(
                    by_id[uid].condition,
                    by_id[uid].armour,
                    hits,
                    m.settings.he_ladder,
                    m.settings.he_soft_cap,
                ).label,
            )
            for uid, hits in shares
        )
        landed = sum(h for _u, h in shares)
        acc: Distribution[Outcome] = Distribution.certain(rows)
        for hq in hqs:
            acc = acc.combine(_hq_after(hq, landed, m.settings), partial(_add_row, hq.id))
        return acc.map(lambda rows: tuple(sorted(rows)))

    return he_fire_shares(m).bind(finish)


def marginals(outcomes: Distribution[Outcome]) -> dict[str, Distribution[str]]:
    """Each unit's own distribution of resulting conditions."""
    ids = sorted({uid for outcome in outcomes for uid, _ in outcome})
    return {uid: outcomes.map(partial(_row_of, uid)) for uid in ids}


def _row_of(uid: str, outcome: Outcome) -> str:
    return dict(outcome)[uid]


def _add_row(uid: str, rows: Outcome, label: str) -> Outcome:
    return (*rows, (uid, label))


def _tagged(hits: Distribution[int], uid: str) -> Distribution[Shares]:
    return hits.map(partial(_share, uid))


def _share(uid: str, hits: int) -> Shares:
    return ((uid, hits),)


def fascam_attack() -> Distribution[str]:
    """One mine attack (WAW-8.3-d, -e): odd no effect, 2/4 Disrupt, 6 Disrupt and clear."""
    return Distribution.from_counts(
        {"no effect": 3, "disrupted": 2, "disrupted, marker removed": 1}
    )


#: A point of a move through mines: the unit's condition, the markers left,
#: whether it has been attacked during this move (WAW-AMB-13 option).
_MovePoint = tuple[Condition, frozenset[Hex], bool]


def move_through_mines(state: WawState, uid: str, path: Sequence[Hex]) -> Distribution[str]:
    """Exact outcome of a unit's move through mined hexes (WAW-8.3-d, -e, WAW-AMB-13).

    Each hex of the path is resolved by the move's own code,
    :func:`ordnance.waw.rules.mines.enter_hex`, enumerated over its dice; only the
    unit's condition, the markers left and the "attacked this move" flag carry
    from hex to hex, so the cost is linear in the path. An outcome reads
    ``"disrupted"`` or ``"disrupted; Mines! removed: 4,4"``.
    """
    start = state.unit(uid)
    points: Distribution[_MovePoint] = Distribution.certain(
        (start.condition, frozenset(state.mines), False)
    )
    for step in path:

        def step_from(point: _MovePoint, step: Hex = step) -> Distribution[_MovePoint]:
            cond, mines, attacked = point
            if cond.eliminated:
                return Distribution.certain(point)
            here = replace(state.with_condition(uid, cond), mines=mines)

            def roll(dice: DiceSource) -> _MovePoint:
                new, _events, hit = enter_hex(here, uid, step, dice, attacked)
                return (new.unit(uid).condition, frozenset(new.mines), hit)

            return enumerate_procedure(roll)

        points = points.bind(step_from)
    return points.map(partial(_move_label, frozenset(state.mines)))


def _move_label(before: frozenset[Hex], point: _MovePoint) -> str:
    cond, mines, _attacked = point
    removed = sorted(before - mines)
    if not removed:
        return cond.label
    return f"{cond.label}; Mines! removed: {', '.join(map(str, removed))}"


def outcome_json(outcomes: Distribution[Outcome]) -> dict[str, str]:
    """``{"A: disrupted, B: good order": "p/q"}`` for display and ``--json``."""
    return Distribution(
        {", ".join(f"{u}: {c}" for u, c in o): p for o, p in outcomes.items()}
    ).to_json()


def marginals_json(outcomes: Distribution[Outcome]) -> dict[str, dict[str, str]]:
    return {uid: dist.to_json() for uid, dist in marginals(outcomes).items()}
