"""The HE Fire mission on the map, and the HQ checks it leaves pending (WAW-HE-a..l).

:func:`he_fire` takes the target hex's defence dice from its terrain
(:func:`~ordnance.waw.rules.he_fire.defence_dice`), resolves the salvo against every unit there
(:func:`~ordnance.waw.rules.he_fire.resolve_he_fire`) and records the conditions. An HQ check
the rules leave to the players (WAW-HE-k, WAW-AMB-5) stays pending until
:func:`hq_check_result` enters their judgement.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from ordnance.core.forms import numbered_hex
from ordnance.core.game import Outcome
from ordnance.core.messages import joined, msg, term
from ordnance.waw import actions as A
from ordnance.waw.rules.he_fire import (
    check_firepower,
    check_hit_number,
    defence_dice,
    resolve_he_fire,
)
from ordnance.waw.rules.units import Condition, condition_term
from ordnance.waw.seats import check_seat
from ordnance.waw.shapes import HeFireEvent, HqCheckResultEvent
from ordnance.waw.state import PendingHqCheck, WawState


def he_fire(state: WawState, a: A.HeFire, dice: DiceSource, seat: str | None) -> Outcome[WawState]:
    """An HE Fire mission (WAW-HE-a to -l) against every unit in the target hex."""
    state.check_side(a.side)
    check_seat(seat, a.side)
    check_hit_number(a.hit_number)
    check_firepower(a.firepower)
    target = state.hex(a.target)
    terrain = state.terrain_at(target)
    info = state.hex_info(target)
    pool = defence_dice(terrain, state.settings, info.wreck_dice, info.cover_dice)
    result = resolve_he_fire(
        state.targets_in(target),
        a.firepower,
        a.hit_number,
        pool,
        dice,
        state.settings,
        city=terrain.city,
    )
    new = state
    for u in result.units:
        new = new.with_condition(u.unit, u.after)
    pending = list(state.pending_hq)
    for check in result.hq_checks:
        if check.result == "pending":
            pending.append(PendingHqCheck(check.hq, check.dice))
        else:
            new = new.with_condition(check.hq, check.after)
    new = replace(new, pending_hq=tuple(pending))
    data: HeFireEvent = {
        "side": a.side,
        "target": str(target),
        "terrain": terrain.name,
        "firepower": a.firepower,
        "hit_number": a.hit_number,
        "defence_dice": pool,
        "salvos": [
            {
                "against": s.against,
                "attack": list(s.attack),
                "hits": s.hits,
                "defence": list(s.defence),
                "cancelled": s.cancelled,
                "net": s.net,
            }
            for s in result.salvos
        ],
        "net_hits": result.net_hits,
        "order": list(result.order),
        "order_die": result.order_die,
        "units": [
            {"unit": u.unit, "hits": u.hits, "before": u.before.label, "after": u.after.label}
            for u in result.units
        ],
        "lost_hits": result.lost,
        "hq_checks": [
            {"hq": c.hq, "dice": list(c.dice), "result": c.result} for c in result.hq_checks
        ],
    }
    parts: list[dict[str, Any]] = [
        term(
            "HE Fire {firepower} dice at {hit_number}+ on {target}: {net_hits} net Hit(s)",
            firepower=a.firepower,
            hit_number=a.hit_number,
            target=numbered_hex(target),
            net_hits=result.net_hits,
        )
    ]
    parts += [
        term(
            "{unit} {before} -> {after}",
            unit=u.unit,
            before=condition_term(u.before),
            after=condition_term(u.after),
        )
        for u in result.units
        if u.hits
    ]
    parts += [
        term(
            "HQ {hq} check d6={dice}: {result}",
            hq=c.hq,
            dice=",".join(map(str, c.dice)),
            result=term("players to judge (rule 1.3.3.2)" if c.result == "pending" else c.result),
        )
        for c in result.hq_checks
    ]
    message = msg("{parts}", parts=joined("; ", parts))
    return Outcome(new, (Event.of("he_fire", data, message),))


def hq_check_result(state: WawState, a: A.HqCheckResult, seat: str | None) -> Outcome[WawState]:
    """The players judge a pending HQ check (WAW-HE-k, WAW-AMB-5)."""
    pending = [p for p in state.pending_hq if p.hq == a.hq]
    if not pending:
        raise RuleViolation(
            "WAW-HE-k",
            msg("no HQ check is pending for {hq!r}", hq=a.hq),
            hint=msg("an HQ checks only when another unit in its hex takes an HE Hit"),
        )
    unit = state.unit(a.hq)
    cond = Condition.from_label(a.condition)
    rest = list(state.pending_hq)
    rest.remove(pending[0])
    new = replace(state.with_condition(unit.id, cond), pending_hq=tuple(rest))
    event = Event.of(
        "hq_check_result",
        HqCheckResultEvent(hq=unit.id, dice=list(pending[0].dice), after=cond.label),
        msg(
            "HQ {hq} check (d6={dice}): {after}",
            hq=unit.id,
            dice=",".join(map(str, pending[0].dice)),
            after=condition_term(cond),
        ),
    )
    return Outcome(new, (event,))
