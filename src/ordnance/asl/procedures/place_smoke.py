"""Placing SMOKE or WP from a Gun (ASL-8.5, 8.51, 8.52, 8.6, ASL-AMB-14, notes B5.1-B5.3).

:func:`place_smoke` checks the placement window and target
(:func:`ordnance.asl.rules.smoke.check_placement`) and the Gun's right to fire,
then rolls the Placement DR: it is the depletion check (ASL-AMB-14) and, when
the round is used, the To Hit DR against the Area Target Type
(:func:`placement_to_hit`); only a hit places the counter (C8.9).
"""

from __future__ import annotations

from typing import Any

from ordnance.asl.actions import PlaceSmoke
from ordnance.asl.rules import smoke
from ordnance.asl.rules.depletion import check_shot
from ordnance.asl.rules.notation import Ammo
from ordnance.asl.rules.to_hit import FirerCases, judge, modified_th, to_hit_drm
from ordnance.asl.shapes import SmokeExtra
from ordnance.asl.shot.checks import (
    captured_use,
    check_hex,
    check_may_fire,
    effective_breakdown,
    effective_rof,
    refuse_changed_declaration,
    special_capability,
)
from ordnance.asl.shot.record import record_shot
from ordnance.asl.state import AslState, Gun, Marker
from ordnance.core.dice import DiceSource
from ordnance.core.errors import RuleViolation
from ordnance.core.game import Outcome
from ordnance.core.hexes import Hex, distance
from ordnance.core.messages import msg, term

__all__ = ["place_smoke", "placement_to_hit"]


def place_smoke(state: AslState, gun: Gun, act: PlaceSmoke, dice: DiceSource) -> Outcome[AslState]:

    ammo = Ammo.SMOKE if act.type == "place_smoke" else Ammo.WP
    if gun.pending is not None and gun.pending != ammo.value:
        raise refuse_changed_declaration(gun, ammo.value)
    target = check_hex(act.target)
    opts = state.settings.options
    placement = smoke.check_placement(
        ammo.value,
        state.phase,
        owner_is_attacker=gun.side == state.attacker,
        non_smoke_fired_this_phase=(
            bool(state.non_smoke_fired) if ammo is Ammo.SMOKE else gun.side in state.non_smoke_fired
        ),
        target_hex=target,
        gun_hex=check_hex(gun.hex) if gun.hex else None,
        target_is_interior_building=act.interior_building,
        target_level=act.target_level,
        options=smoke.SmokeOptions(
            smoke_other_phases=opts.smoke_other_phases,
            smoke_interior_building=opts.smoke_interior_building,
            wp_defensive_first_fire=opts.wp_defensive_first_fire,
        ),
    )
    check_may_fire(state, gun)
    cap = special_capability(gun, ammo)
    captured = captured_use(gun)
    th, drm = placement_to_hit(state, gun, act, ammo, target, captured)
    dr = dice.dr("Placement DR")
    shot_no = gun.shots + 1
    result = check_shot(
        ammo.value,
        cap.depletion,
        dr,
        breakdown=effective_breakdown(gun, captured=captured),
        rof=effective_rof(state, gun, captured=captured),
    )

    hit = judge(th, drm, dr, options=opts) if result.fired_special else None
    placed = hit is not None and hit.hit
    markers: tuple[Marker, ...] = ()
    if placed:
        # C8.9: the round is used on DR <= N, but only a hit places the counter
        markers = (Marker(str(target), placement.marker_kind, placement.label),)
    extra: SmokeExtra = {
        "placement": placement.to_dict() if placed else None,
        "placement_clauses": [*placement.clauses, "ASL-AMB-14"],
        "target": str(target),
        "to_hit": None if hit is None else {**hit.to_dict(), "th_parts": th.to_dict()},
        "placed": placed,
    }
    note = None
    if hit is not None:
        note = (
            term("To Hit {th}, Final DR {final}: hit, placed", th=hit.th, final=hit.final_dr)
            if placed
            else term(
                "To Hit {th}, Final DR {final}: miss, nothing placed (the round is used)",
                th=hit.th,
                final=hit.final_dr,
            )
        )
    return record_shot(
        state,
        gun,
        cap,
        result,
        shot_no,
        kind="smoke",
        extra=extra,
        non_smoke=False,  # SMOKE and WP never close the smoke window
        markers=markers,
        note=note,
    )


def placement_to_hit(
    state: AslState, gun: Gun, act: PlaceSmoke, ammo: Ammo, target: Any, captured: bool
) -> tuple[Any, Any]:
    """The Area Target Type TH# and DRM of a SMOKE/WP placement (notes B5.1-B5.3).

    The range is the hex distance from the Gun, or the action's ``range`` for
    a Gun with no hex; without either the placement is refused (ASL-B5.1).
    """

    if gun.hex is not None and isinstance(target, Hex):
        rng = distance(check_hex(gun.hex), target)
    elif act.range is not None:
        rng = act.range
    else:
        raise RuleViolation(
            "ASL-B5.1",
            msg(
                "{id} has no hex, so the range of its {value} is unknown",
                id=gun.id,
                value=ammo.value,
            ),
            hint=msg("place the Gun on the board (its hex), or give the range"),
        )
    th = modified_th(
        "area", rng, gun_size=gun.gun_size, ammo=ammo.value, options=state.settings.options
    )
    drm = to_hit_drm(FirerCases(target_drm=act.drm), captured=captured)
    return th, drm
