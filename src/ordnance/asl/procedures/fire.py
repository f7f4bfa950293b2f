"""The ``fire`` action: a Gun's shot with ordinary or special ammunition (ASL-8.1, 8.3, 8.7-8.9).

:func:`fire` runs the checks of :mod:`ordnance.asl.shot.checks` first, then
asks the dice source for the To Hit DR (so a refused shot consumes no dice),
and returns the new state and its event:

* ordinary ammunition: the malfunction check (B#, lowered by 2 for Intensive
  Fire, ASL-B5.8) and Multiple ROF on the coloured die;
* special ammunition (declared, ASL-8.1-a): the DR is its depletion check
  (ASL-8.9-c/d/e), recorded by :func:`~ordnance.asl.shot.record.record_shot`;
  a DR > N attempt is not a shot for any purpose but the malfunction check
  (ASL-8.9-e);
* SMOKE/WP are refused here (:mod:`ordnance.asl.procedures.place_smoke`, ASL-8.5-a), as
  are Canister (:mod:`ordnance.asl.procedures.fire_canister`, ASL-8.4-b), dispensers
  (ASL-8.9-f) and IR (ASL-8.7-a); HEAT checks its target (ASL-8.31-b);
* with a range, the whole shot (To Hit, then To Kill or the IFT, notes B5,
  B6) is resolved on the same DR (:func:`whole_shot_plan`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ordnance.asl.actions import Fire
from ordnance.asl.rules.capability import GOVERNED_ELSEWHERE
from ordnance.asl.rules.depletion import breakdown_number, check_shot, malfunctions
from ordnance.asl.rules.fire_limits import record_fired
from ordnance.asl.rules.he_equivalency import check_heat_target
from ordnance.asl.rules.notation import Ammo
from ordnance.asl.rules.to_hit import FirerCases
from ordnance.asl.shapes import FireExtra, OrdinaryShotEvent
from ordnance.asl.shot.checks import (
    captured_use,
    check_automatic_choice,
    check_may_fire,
    effective_breakdown,
    effective_rof,
    resolve_ammo,
    special_capability,
)
from ordnance.asl.shot.plan import plan_shot
from ordnance.asl.shot.record import FIRE_MARKERS, record_shot
from ordnance.asl.shot.resolve import judge_shot
from ordnance.asl.shot.spec import GunShot
from ordnance.asl.state import AslState, Capability, Gun
from ordnance.core.dice import DiceSource
from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from ordnance.core.game import Outcome
from ordnance.core.messages import Message, msg, term

__all__ = ["fire", "whole_shot_plan"]


def fire(state: AslState, gun: Gun, act: Fire, dice: DiceSource) -> Outcome[AslState]:
    ammo, special = resolve_ammo(gun, act.ammo)
    if ammo in (Ammo.SMOKE, Ammo.WP):
        raise RuleViolation(
            "ASL-8.5-a",
            msg("{value} is placed with place_smoke / place_wp", value=ammo.value),
            hint=msg("use the place_smoke or place_wp action"),
        )
    if ammo is Ammo.CANISTER:
        raise RuleViolation(
            "ASL-8.4-b",
            msg("Canister needs no To Hit DR"),
            hint=msg("use the fire_canister action"),
        )
    if ammo is not None and ammo.is_dispenser:
        raise RuleViolation(
            "ASL-8.9-f",
            msg(
                "{value} is a vehicular dispenser ({sd}), not Gun ammunition",
                value=ammo.value,
                sd=GOVERNED_ELSEWHERE["sD"],
            ),
            hint=msg("dispensers have no depletion check; resolve them under D13"),
        )
    if ammo is Ammo.IR:
        raise RuleViolation(
            "ASL-8.7-a",
            msg(
                "IR is recorded as a capability; its use belongs to the {ir} night rules",
                ir=GOVERNED_ELSEWHERE["IR"],
            ),
            hint=msg("fire another ammunition"),
        )
    if ammo is Ammo.HEAT and act.target is not None:
        check_heat_target(act.target, act.tem)
    if not special:
        check_automatic_choice(gun, act)
    check_may_fire(state, gun, intensive=act.intensive, range_hexes=act.range)
    cap = special_capability(gun, ammo) if special and ammo is not None else None
    captured = captured_use(gun, act.captured)
    b_gun = effective_breakdown(gun, captured=captured)
    rof = effective_rof(state, gun, captured=captured)
    whole = whole_shot_plan(state, gun, act, ammo, cap, captured)
    ca_before = gun.ca
    if act.ca is not None:
        gun = replace(gun, ca=act.ca)  # the CA change is made before the DR
    # every check passed: only now is the DR rolled (ASL-8.1-a)
    dr = dice.dr("To Hit DR")
    shot_no = gun.shots + 1
    label = ammo.value if ammo is not None else "ordinary"
    if cap is None:
        broke = malfunctions(dr.total, b_gun, intensive=act.intensive)
        b = breakdown_number(b_gun, intensive=act.intensive)
        rof_kept = not broke and rof > 0 and dr.coloured <= rof and not act.intensive
        gun2 = replace(
            gun,
            shots=shot_no,
            fired_this_phase=True,
            may_fire_again=rof_kept,
            intensive_used=gun.intensive_used or act.intensive,
            malfunctioned=broke,
            pending=None,
            fire_marker=FIRE_MARKERS.get(state.phase),
        )
        gun2 = record_fired(gun2, state.phase)
        fired = "{gun} fires {ammo} (shot #{shot}), DR {coloured}+{white}={dr}"
        if broke:
            fired += ": malfunction (B#{breakdown})"
        elif rof_kept:
            fired += ": Multiple ROF kept"
        shot_args: dict[str, Any] = {
            "gun": gun.id,
            "ammo": term(label) if ammo is None else label,
            "shot": shot_no,
            "coloured": dr.coloured,
            "white": dr.white,
            "dr": dr.total,
            **({"breakdown": b} if broke else {}),
        }
        if act.intensive:
            # ASL-B5.8: say it was Intensive Fire (B# lowered by 2, no ROF kept)
            if ammo is None:
                shot_args["ammo"] = term("ordinary ammunition")
            message = (
                msg(
                    "{gun} fires {ammo} as Intensive Fire (shot #{shot}), "
                    "DR {coloured}+{white}={dr}: malfunction (B#{breakdown})",
                    **shot_args,
                )
                if broke
                else msg(
                    "{gun} fires {ammo} as Intensive Fire (shot #{shot}), "
                    "DR {coloured}+{white}={dr}",
                    **shot_args,
                )
            )
        else:
            message = msg(fired, **shot_args)
        data: OrdinaryShotEvent = {
            "gun": gun.id,
            "ammo": label,
            "special": False,
            "intensive": act.intensive,
            "dr": [dr.coloured, dr.white],
            "original_dr": dr.total,
            "malfunctioned": broke,
            "breakdown": b,
            "rof_retained": rof_kept,
            "shot": shot_no,
            "captured": captured,
        }
        message = _with_whole_shot(message, data, whole, dr, dice)
        new = state.with_gun(gun2, non_smoke_fired=state.non_smoke_fired | {gun.side})
        event = Event.of("shot", data, message)
        return Outcome(new.remember(event.text), (event,))
    assert ammo is not None
    result = check_shot(
        ammo.value,
        cap.depletion,
        dr,
        breakdown=b_gun,
        intensive=act.intensive,
        rof=rof,
    )
    extra: FireExtra = (
        {"limited_stowage": "ASL-8.8-b", "captured": captured}
        if ammo in (Ammo.AP, Ammo.HE)
        else {"captured": captured}
    )
    note = _whole_shot_note(extra, whole, dr, dice)
    return record_shot(
        state, gun, cap, result, shot_no, kind="shot", extra=extra, ca_before=ca_before, note=note
    )


def whole_shot_plan(
    state: AslState, gun: Gun, act: Fire, ammo: Ammo | None, cap: Capability | None, captured: bool
) -> tuple[Any, Any] | None:
    """The whole shot's spec and plan (notes B5, B6) when the ``fire`` action gives a range.

    Built before the DR, so a shot the To Hit/To Kill steps refuse consumes
    no dice (ASL-8.1-a). The ordinary ammunition is AP at a vehicle and HE
    at anything else (the automatic choice, ASL-8.8-b).
    """
    if act.range is None:
        return None

    if act.target is None:
        raise RuleViolation(
            "ASL-B5.1",
            msg("a shot resolved To Hit needs its Target Type"),
            hint=msg(
                "say what is fired at: a vehicle (with its Armour Factor), an unarmored vehicle, infantry, a Gun..."
            ),
        )
    if gun.gun_size is None:
        raise RuleViolation(
            "ASL-B5.2",
            msg("{id} has no gun size, so its To Hit and To Kill numbers are unknown", id=gun.id),
            hint=(
                msg(
                    "no gun size for {name!r}: add it with `ordnance asl counters set {piece_id}"
                    " --gun-size SIZE` and add the Gun again (or give its gun size, e.g. 75L);"
                    " or fire without a range",
                    name=gun.name or gun.id,
                    piece_id=gun.piece_id,
                )
                if gun.piece_id
                else msg(
                    "add the Gun with its gun size (e.g. 75L), or from a counter whose gun size"
                    " the counter library holds (ordnance asl counters set); or fire without a range"
                )
            ),
        )
    target = {"vehicle": "vehicle", "unarmored": "unarmored"}.get(act.target, "infantry")
    kind = ("AP" if target in ("vehicle", "unarmored") else "HE") if ammo is None else ammo.value
    opts = state.settings.options
    spec = GunShot(
        gun=gun.gun_size,
        nationality=gun.made_by or "german",
        ammo=kind,
        depletion=cap.depletion if cap is not None else None,
        breakdown=gun.breakdown,
        rof=gun.rof,
        range=act.range,
        target=target,
        af=act.af,
        af_turret=act.af_turret,
        tem=act.tem,
        ift_drm=act.ift_drm,
        # the counter's own marking, the nationality's default only where it says nothing
        red=None if gun.to_hit is None else gun.to_hit == "red",
        captured=captured,
        intensive=act.intensive,
        cases=FirerCases(target_drm=act.drm, acquisition=act.acquisition),
        options=opts,
    )
    return spec, plan_shot(spec)


def _with_whole_shot(
    message: Message,
    data: OrdinaryShotEvent,
    whole: tuple[Any, Any] | None,
    dr: Any,
    dice: DiceSource,
) -> Message:
    """``message`` with the whole shot's To Hit and effect added (see :func:`_whole_shot_note`)."""
    part = _whole_shot_note(data, whole, dr, dice)
    if part is None:
        return message
    return msg(
        "{text}; {note}",
        text={"template": message.template, "args": dict(message.args)},
        note=part,
    )


def _whole_shot_note(
    data: OrdinaryShotEvent | FireExtra, whole: tuple[Any, Any] | None, dr: Any, dice: DiceSource
) -> dict[str, Any] | None:
    """Resolve To Hit and the effect on the shot's DR, rolling the To Kill/IFT DR on a hit.

    The result goes to ``data["whole_shot"]``; the return value is the text
    to add to the event (None when no shot took place, ASL-8.9-e).
    """
    if whole is None:
        return None

    spec, plan = whole
    out = judge_shot(spec, plan, dr, dice)
    data["whole_shot"] = out.to_dict()
    th = out.to_hit
    if out.status == "no-round" or th is None:
        return None
    return (
        term(
            "To Hit {th}, Final DR {final}: hit, {effect}",
            th=th.th,
            final=th.final_dr,
            effect=term(out.effect or "no effect"),
        )
        if th.hit
        else term("To Hit {th}, Final DR {final}: miss", th=th.th, final=th.final_dr)
    )
