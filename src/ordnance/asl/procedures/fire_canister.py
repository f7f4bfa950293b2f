"""Canister in the scenario game: the plan fixed before the DR, the shot and its odds.

What the game adds to the Canister rules (:mod:`ordnance.asl.canister`):

* the aim uses the Gun's Covered Arc, or a CA the shot turns to before its DR
  (ASL-AMB-15); that change adds its DRM to every Location (ASL-8.4-d,
  :func:`~ordnance.asl.canister.ca.ca_change_drm` by the Gun's ``mount``);
* a building aim must lie in that CA (ASL-8.4-h) and within the building's
  levels, which start at 0 unless the player says the building has a cellar
  (ASL-8.4-j: an aim at level 0 needs level -1);
* the adjacent hex(es) are attacked only when the target is at the Gun's
  level (ASL-8.41-b/-c): never when the aimed levels miss the Gun's level,
  and not when the player says the target is at another level;
* each Location gets its own TEM/Hindrance DRM (``location_drm``; ASL-8.4-d,
  -i) on top of the common ``drm``;
* Multiple ROF after Canister follows the option ``canister_rof``
  (:class:`~ordnance.asl.settings.AslOptions`; default ``lose``);
* Infantry that manned the Gun in the MPh halve it only in the AFPh (ASL-8.4-c).

The shot and its odds both build the same :class:`CanisterPlan`, so they
attack the same Locations with the same DRM.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ordnance.asl.actions import FireCanister
from ordnance.asl.canister import resolve as canister_resolve
from ordnance.asl.canister.aim import CanisterAim, aim_points, building_aim
from ordnance.asl.canister.attacks import CanisterHexAttack, canister_attacks
from ordnance.asl.canister.ca import ca_change_drm, hexspine_changes
from ordnance.asl.canister.odds import canister_odds
from ordnance.asl.canister.options import CanisterOptions
from ordnance.asl.rules.depletion import check_shot
from ordnance.asl.rules.notation import Ammo
from ordnance.asl.rules.phases import Phase
from ordnance.asl.rules.supply import caliber_of
from ordnance.asl.rules.tables import load_tables
from ordnance.asl.shapes import CanisterExtra, CanisterPart
from ordnance.asl.shot.checks import (
    check_hex,
    check_may_fire,
    refuse_changed_declaration,
    special_capability,
)
from ordnance.asl.shot.record import record_shot
from ordnance.asl.state import AslState, Capability, Gun
from ordnance.core.dice import DiceSource
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.game import Outcome
from ordnance.core.hexes import Hex
from ordnance.core.messages import msg, render_message, term

Location = tuple[Hex, int]


@dataclass(frozen=True, slots=True)
class CanisterPlan:
    """What a Canister shot attacks, fixed before its DR (ASL-8.4-c/d/h/i/j/k)."""

    options: CanisterOptions
    ca: int
    aim: CanisterAim
    attacks: tuple[CanisterHexAttack, ...]
    #: ASL-8.4-c: manned by Infantry in the MPh and fired in the AFPh.
    manned_halves: bool
    #: Why the manned-in-MPh halving did or did not apply (a translatable term).
    note: dict[str, Any] | None
    #: Hexspines turned for this shot and the DRM that adds (ASL-8.4-d).
    ca_changes: int = 0
    ca_drm: int = 0


def parse_location(text: str) -> Hex | Location:
    """``"q,r"`` (every level of the hex) or ``"q,r@level"`` (one Location)."""
    where, sep, level = text.partition("@")
    h = check_hex(where.strip())
    if not sep:
        return h
    try:
        return (h, int(level))
    except ValueError:
        raise OrdnanceError(
            msg("cannot read the level in {text!r}", text=text),
            clause="ASL-8.4-i",
            hint=msg("write q,r@level"),
        ) from None


def canister_plan(state: AslState, gun: Gun, act: FireCanister) -> CanisterPlan:
    """Aim point, CA, attacked Locations and their DRM of a Canister shot, before its DR."""
    if gun.hex is None:
        raise RuleViolation(
            "ASL-8.4-h",
            msg("{id} has no hex, so its Canister aim points are unknown", id=gun.id),
            hint=msg("place the Gun on the board (its hex)"),
        )
    opts = state.settings.options
    copts = CanisterOptions(
        canister_geometry=opts.canister_geometry,
        canister_ca=opts.canister_ca,
        canister_reductions=opts.canister_reductions,
        canister_dr=opts.canister_dr,
        canister_vehicles=opts.canister_vehicles,
    )
    ca = act.ca if act.ca is not None else gun.ca
    if ca is None:
        raise RuleViolation(
            "ASL-8.4-h",
            msg(
                "{id} has no recorded Covered Arc, so its Canister aim points are unknown",
                id=gun.id,
            ),
            hint=msg(
                "give the Covered Arc, 0..5 (0 = N ... 5 = NW), or turn the Gun's CA first (turn_ca)"
            ),
        )
    changes = 0 if gun.ca is None else hexspine_changes(gun.ca, ca)
    ca_drm = ca_change_drm(changes, act.mount, in_obstacle=act.firer_in_obstacle)
    gun_hex = check_hex(gun.hex)
    if act.building_hex is not None:
        highest = act.building_highest
        aim = building_aim(
            gun_hex,
            check_hex(act.building_hex),
            act.building_level,
            lowest_level=act.building_lowest,
            highest_level=act.building_level + 1 if highest is None else highest,
            ca=ca,
        )
    else:
        aims = aim_points(gun_hex, ca, level=act.gun_level, options=copts)
        names = [a.name for a in aims]
        wanted = f"V{act.aim or 3}"
        if wanted not in names:
            raise RuleViolation(
                "ASL-8.4-k",
                msg("{wanted} is not an aim point of this CA", wanted=wanted),
                hint="aim at one of " + ", ".join(names),
            )
        aim = aims[names.index(wanted)]
    # ASL-8.4-c: a Gun manned by Infantry in the MPh fires Canister at half FP in
    # the AFPh that follows; in any other phase the manning does not halve it.
    manned_halves = act.manned_in_mph and state.phase is Phase.AFPh
    location_drm = {parse_location(k): v for k, v in act.location_drm.items()}
    attacks = canister_attacks(
        aim,
        canister_fp(gun),
        moved_or_manned_in_mph=act.moved or manned_halves,
        # ASL-8.41-b: a same-level target only if the aimed levels include the Gun's.
        same_level=act.same_level and act.gun_level in aim.levels,
        gun_level=act.gun_level,
        tem=location_drm,
        ca_drm=ca_drm,
        obstacle_in_first_hex=act.obstacle_in_first_hex,
        out_of_los={check_hex(h) for h in act.out_of_los},
        options=copts,
    )
    note: dict[str, Any] | None = None
    if act.manned_in_mph:
        note = (
            term("manned in the MPh, fired in the AFPh: Canister FP halved (ASL-8.4-c)")
            if manned_halves
            else term(
                "manned in the MPh but fired in the {phase}: no halving, it applies only "
                "in the AFPh (ASL-8.4-c)",
                phase=state.phase.value,
            )
        )
    return CanisterPlan(copts, ca, aim, tuple(attacks), manned_halves, note, changes, ca_drm)


def fire_canister(
    state: AslState, gun: Gun, act: FireCanister, dice: DiceSource
) -> Outcome[AslState]:
    """One Canister shot: one IFT DR for depletion, malfunction and every Location (ASL-8.4-f)."""
    if gun.pending is not None and gun.pending != Ammo.CANISTER.value:
        raise refuse_changed_declaration(gun, Ammo.CANISTER.value)
    plan = canister_plan(state, gun, act)
    check_may_fire(state, gun)
    cap = special_capability(gun, Ammo.CANISTER)
    ca_before = gun.ca
    gun = replace(gun, ca=plan.ca)  # a CA change is made before the DR (ASL-AMB-15)
    result = canister_resolve.fire_canister(
        dice,
        plan.attacks,
        depletion_number=cap.depletion,
        breakdown_number=gun.breakdown,
        common_drm=act.drm,
        options=plan.options,
    )
    keeps_rof = state.settings.options.canister_rof == "keep"
    shot = check_shot(
        Ammo.CANISTER.value,
        cap.depletion,
        result.original,
        breakdown=gun.breakdown,
        rof=gun.rof if keeps_rof else 0,
    )
    extra: CanisterExtra = {
        "aim": plan.aim.to_dict(),
        "ca": plan.ca,
        "ca_before": ca_before,
        "ca_change": {"hexspines": plan.ca_changes, "drm": plan.ca_drm, "clause": "ASL-8.4-d"},
        "attacks": [a.to_dict() for a in plan.attacks],
        "canister": result.to_dict(),
        "canister_rof": state.settings.options.canister_rof,
    }
    if plan.note is not None:
        extra["manned_in_mph"] = {
            "halved": plan.manned_halves,
            "clause": "ASL-8.4-c",
            "why": render_message(plan.note["template"], plan.note["args"]),
        }
    out = record_shot(
        state,
        gun,
        cap,
        shot,
        gun.shots + 1,
        kind="canister",
        extra=extra,
        ca_before=ca_before,
        note=plan.note,
    )
    cluster = tuple(str(h) for h in plan.aim.cluster)
    return Outcome(replace(out.state, clusters=(cluster,)), out.events)


def canister_shot_odds(
    state: AslState, gun: Gun, act: FireCanister, cap: Capability
) -> CanisterPart:
    """The Canister attack per Location (ASL-8.4-d/f/g), from :func:`~ordnance.asl.canister.odds.canister_odds`."""
    try:
        plan = canister_plan(state, gun, act)
    except RuleViolation as exc:
        return {"canister": {"refused": exc.message, "clause": exc.clause}}
    odds = canister_odds(
        plan.attacks,
        depletion_number=cap.depletion,
        breakdown_number=gun.breakdown,
        common_drm=act.drm,
        options=plan.options,
    )
    return {
        "title": f"{gun.id}: Canister C#={cap.depletion}, {plan.aim.name} "
        "(ASL-8.4-f/g, ASL-8.9-c/d/e)",
        "canister": {
            "aim": plan.aim.to_dict(),
            "ca": plan.ca,
            "ca_change": {"hexspines": plan.ca_changes, "drm": plan.ca_drm},
            "attacks": [a.to_dict() for a in plan.attacks],
            "manned_halved": plan.manned_halves,
            **odds.to_dict(),
        },
    }


def canister_fp(gun: Gun) -> int:
    """ASL-8.4-e: the Ordnance Listing's Canister FP, else the chart value for the caliber."""

    if gun.canister_fp is not None:
        return gun.canister_fp
    if gun.gun_size is None:
        raise RuleViolation(
            "ASL-8.4-e",
            msg("{id} has no gun size, so its Canister FP is unknown", id=gun.id),
            hint=msg("add the Gun with its Canister FP (its Ordnance Listing) or its gun size"),
        )
    return load_tables().canister_fp(caliber_of(gun.gun_size))
