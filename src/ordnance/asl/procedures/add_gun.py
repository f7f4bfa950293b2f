"""The ``add_gun`` action: a Gun enters play with its side record (ASL-8.0-a, 8.2, 8.8-a).

The record's lines come from the counter notation (:mod:`ordnance.asl.rules.notation`)
and the Ammunition Supply Chart row of its nationality and gun size
(:mod:`ordnance.asl.rules.supply`), each resolved at the scenario date
(:func:`ordnance.asl.rules.capability.resolve_capability`: HEAT dates, the Elite rule).
A Commonwealth army's Guns are British ordnance by default (ASL-8.2-g).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ordnance.asl.actions import AddGun
from ordnance.asl.rules.capability import resolve_capability
from ordnance.asl.rules.nationalities import KNOWN_NATIONALITIES, nationality_key
from ordnance.asl.rules.notation import DEFAULT_MONTH_LETTERS, Ammo, Entry, parse_notation
from ordnance.asl.rules.supply import (
    NATIONALITIES,
    chart_row,
    normalise_gun_size,
    ordnance_nationality,
)
from ordnance.asl.shapes import GunAddedEvent
from ordnance.asl.shot.checks import check_hex
from ordnance.asl.state import AslState, Capability, Gun, find_side
from ordnance.core.errors import NotYourSeat, OrdnanceError, RuleViolation, UnknownName
from ordnance.core.events import Event
from ordnance.core.game import Outcome
from ordnance.core.messages import joined, msg, term

__all__ = ["add_gun"]


def _month_letters(state: AslState) -> Mapping[str, int]:
    return state.settings.options.month_letters or DEFAULT_MONTH_LETTERS


def add_gun(state: AslState, act: AddGun, seat: str | None) -> Outcome[AslState]:
    side = find_side(state, act.side)
    if seat is not None and seat != act.side:
        raise NotYourSeat(msg("{seat} cannot add a Gun for {side}", seat=seat, side=act.side))
    if state.gun(act.id) is not None:
        raise OrdnanceError(
            msg("a Gun called {id!r} is already in play", id=act.id),
            clause="ASL-8.0-a",
            hint=msg("give each piece its own id: the record is kept per piece"),
        )
    size = normalise_gun_size(act.gun_size) if act.gun_size else None
    # ASL-8.2-g: a Commonwealth army's Guns are British ordnance by default.
    made_by = ordnance_nationality(act.made_by or side.nationality)
    if act.made_by and made_by not in KNOWN_NATIONALITIES:
        raise UnknownName(
            msg("unknown nationality {made_by!r}", made_by=act.made_by),
            clause="ASL-8.2-g",
            hint=msg("e.g. american"),
        )
    entries: list[Entry] = []
    if act.notation:
        entries = parse_notation(act.notation, month_letters=_month_letters(state))
    elif size is None:
        raise OrdnanceError(
            msg("a Gun needs its counter notation or a gun size for the chart"),
            clause="ASL-8.2-a",
            hint=msg("give the counter's notation (e.g. A5^4^/6^5) or its gun size (e.g. 85L)"),
        )
    else:
        chart_row(made_by, size)  # an unknown nationality or gun size is refused here
    if not act.can_fire_he and any(e.ammo is Ammo.HE for e in entries):
        raise RuleViolation(
            "ASL-8.8-a",
            msg(
                "a Gun that cannot fire HE (underscored caliber, notes B5.2) has no limited-stowage HE#"
            ),
            hint=msg("drop the HE# entry, or add the Gun with its HE"),
        )
    if act.hex is not None:
        check_hex(act.hex)
    elite = side.elite if act.elite is None else act.elite
    opts = state.settings.options
    ammos: list[Ammo] = []
    for entry in entries:
        if entry.ammo not in ammos:
            ammos.append(entry.ammo)
    if size and made_by in NATIONALITIES:
        try:
            row = chart_row(made_by, size)
        except UnknownName:
            row = None
        if row is not None and row.ammo not in ammos:
            ammos.insert(0, row.ammo)
    caps = []
    for ammo in ammos:
        res = resolve_capability(
            ammo,
            entries,
            state.date,
            state.theatre,
            made_by=made_by,
            used_by=nationality_key(side.nationality),
            gun_size=size,
            elite=elite,
            pre_adjusted=side.pre_adjusted,
            options=opts,
        )
        token = next((e.token for e in entries if e.ammo is ammo), None)
        caps.append(
            Capability(
                ammo=ammo.value,
                token=token,
                source=res.source,
                depletion=res.depletion,
                depletion_applies=ammo.has_depletion,
                available_at_date=res.available,
                clause=res.clause,
                reason=res.reason,
            )
        )
    gun = Gun(
        id=act.id,
        side=act.side,
        name=act.name,
        notation=act.notation,
        gun_size=size,
        made_by=made_by,
        breakdown=act.breakdown,
        rof=act.rof,
        hex=act.hex,
        elite=elite,
        can_fire_he=act.can_fire_he,
        capabilities=tuple(caps),
        canister_fp=act.canister_fp,
        ca=act.ca,
        captured=act.captured,
        to_hit=act.to_hit,
        piece_id=act.piece_id,
        armour=(act.af_hull_front, act.af_hull_side, act.af_turret_front, act.af_turret_side),
    )
    items = [
        f"{c.ammo} {c.depletion if c.depletion is not None else ''}".strip()
        if c.available_at_date
        else term("{ammo} n/a", ammo=c.ammo)
        for c in caps
    ]
    summary = joined(", ", items) if items else term("no special ammunition")
    message = (
        msg("{side} added {gun} ({name}): {summary}", side=act.side, gun=act.id,
            name=act.name, summary=summary)
        if act.name
        else msg("{side} added {gun}: {summary}", side=act.side, gun=act.id, summary=summary)
    )  # fmt: skip
    event = Event.of("gun_added", GunAddedEvent(gun=gun.to_dict()), message)
    return Outcome(replace(state, guns=(*state.guns, gun)).remember(event.text), (event,))
