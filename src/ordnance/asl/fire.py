"""Shots and SMOKE/WP placement in the scenario game (ASL-8.1, 8.5-8.6, 8.8, 8.9).

Pure procedures over an :class:`~ordnance.asl.record.AslState` and one of its
Guns: each checks everything first, then asks the dice source for its DR (so a
refused shot consumes no dice), and returns the new state and its event.
:class:`~ordnance.asl.game.AslGame` finds the Gun for the seat and calls them.

* a DR > N attempt is not a shot for any purpose but the malfunction check
  (ASL-8.9-e): the Gun keeps the firing rights it had before it;
* Intensive Fire eligibility follows the notes' B5.8 (``ASL-B5.8``), a
  malfunctioned Gun is refused under B5.7 (``ASL-B5.7``);
* Canister in the game is :mod:`ordnance.asl.canister_game`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal

from ordnance.asl.actions import Fire, PlaceSmoke
from ordnance.asl.capability import GOVERNED_ELSEWHERE
from ordnance.asl.depletion import ShotResult, breakdown_number, check_shot, malfunctions
from ordnance.asl.fire_limits import check_fire_limit, record_fired
from ordnance.asl.he_equivalency import check_heat_target
from ordnance.asl.notation import Ammo
from ordnance.asl.phases import Phase
from ordnance.asl.record import AslState, Capability, Exhaustion, Gun, Marker
from ordnance.asl.shot import CAPTURED_BREAKDOWN_CHANGE
from ordnance.core.dice import DiceSource
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.game import Event, Message, Outcome, msg, term
from ordnance.core.hexes import Direction, Hex

#: The marker a Gun that fired gets in each phase (none in the AFPh).
FIRE_MARKERS = {Phase.PFPh: "Prep Fire", Phase.MPh: "First Fire", Phase.DFPh: "Final Fire"}
#: Targets at which the Gun's automatic choice is AP; every other target gets HE (ASL-8.8-b).
ARMORED_TARGETS = ("vehicle",)


def firing_sides(state: AslState) -> tuple[str, ...]:
    """Who may fire Guns now (notes B3): ATTACKER in PFPh/AFPh, DEFENDER in MPh/DFPh."""
    if state.phase in (Phase.PFPh, Phase.AFPh):
        return (state.attacker,)
    if state.phase in (Phase.MPh, Phase.DFPh):
        return (state.defender,)
    return ()


def check_may_fire(
    state: AslState, gun: Gun, *, intensive: bool = False, range_hexes: int | None = None
) -> None:
    if gun.side not in firing_sides(state):
        allowed = (
            "PFPh/AFPh as ATTACKER, MPh/DFPh as DEFENDER" if state.attacker else "a fire phase"
        )
        raise RuleViolation(
            "ASL-B3",
            f"{gun.side}'s Gun {gun.id} cannot fire in the {state.phase.value} of "
            f"{state.attacker}'s Player Turn",
            hint=f"Guns fire in {allowed}",
        )
    if gun.malfunctioned:
        raise RuleViolation(
            "ASL-B5.7",
            f"{gun.id} has malfunctioned and cannot fire",
            hint="repair it first (a malfunctioned Gun may not fire again)",
        )
    if intensive:
        if state.phase is Phase.AFPh:
            raise RuleViolation(
                "ASL-B5.8",
                "Intensive Fire is not allowed in the AFPh",
                hint="fire normally",
            )
        if not gun.fired_this_phase or gun.may_fire_again or gun.intensive_used:
            raise RuleViolation(
                "ASL-B5.8",
                f"{gun.id} may use Intensive Fire only once, after its normal fire "
                "(and ROF) this phase",
                hint="fire normally first",
            )
    elif gun.fired_this_phase and not gun.may_fire_again:
        raise RuleViolation(
            "ASL-8.1-c",
            f"{gun.id} has already fired this phase and kept no Multiple ROF",
            hint="Intensive Fire (B# -2, N unchanged) or wait for the next phase",
        )
    # notes B5.6 / B3: once per Player Turn, kept in the Gun's record
    check_fire_limit(gun, state.phase, range_hexes=range_hexes)


def captured_use(gun: Gun, override: bool | None = None) -> bool:
    """Captured or non-qualified use for this shot (notes B5.3 Case H): the action or the record."""
    return gun.captured if override is None else override


def effective_breakdown(gun: Gun, *, captured: bool) -> int | None:
    """B# for the malfunction check: -2 for captured use (B5.3-H); Intensive Fire applies later."""
    if not captured:
        return gun.breakdown
    return breakdown_number(gun.breakdown) + CAPTURED_BREAKDOWN_CHANGE


def effective_rof(state: AslState, gun: Gun, *, captured: bool) -> int:
    """ROF, lowered by the option ``captured_rof_loss`` for captured use (B5.3-H)."""
    if not captured:
        return gun.rof
    return max(gun.rof - state.settings.options.captured_rof_loss, 0)


def special_capability(gun: Gun, ammo: Ammo) -> Capability:
    cap = gun.capability(ammo.value)
    if cap is None:
        raise RuleViolation(
            "ASL-8.9-a",
            f"{gun.id} has no {ammo.value} on its counter or the chart",
            hint="fire ordinary ammunition, or check the counter notation",
        )
    if not cap.available_at_date:
        raise RuleViolation(
            cap.clause,
            f"{gun.id} has no {ammo.value} at this date: {cap.reason}",
            hint="fire ordinary ammunition",
        )
    if cap.exhausted is not None:
        e = cap.exhausted
        raise RuleViolation(
            "ASL-8.9-d" if e.outcome == "used-and-depleted" else "ASL-8.9-e",
            f"{gun.id}'s {ammo.value} is gone for the scenario (DR {e.original_dr}, "
            f"turn {e.turn} {e.phase})",
            hint="fire other ammunition",
        )
    return cap


def resolve_ammo(gun: Gun, requested: str | None) -> tuple[Ammo | None, bool]:
    """(ammunition, is special) for a ``fire`` action; honours a pending declaration."""
    if requested is None:
        if gun.pending is not None:
            return Ammo.parse(gun.pending), True
        return None, False
    if requested.strip().lower() == "ordinary":
        if gun.pending is not None:
            raise refuse_changed_declaration(gun, "ordinary ammunition")
        return None, False
    ammo = Ammo.parse(requested)
    if gun.pending is not None and gun.pending != ammo.value:
        raise refuse_changed_declaration(gun, ammo.value)
    if ammo in (Ammo.AP, Ammo.HE) and gun.capability(ammo.value) is None:
        return ammo, False  # normal AP/HE: not limited stowage
    return ammo, True


def check_automatic_choice(gun: Gun, act: Fire) -> None:
    """ASL-8.8-b: the automatic HE/AP choice never fires limited-stowage AP#/HE#.

    An undeclared shot at a known target would get HE (unarmored target)
    or AP (vehicle) automatically. When that type is the piece's scarce
    AP#/HE#, it can only be fired by declaring it before the DR, which
    brings the depletion check; the undeclared shot is refused.
    """
    if act.target is None or gun.pending is not None:
        return
    if act.ammo is not None and act.ammo.strip().lower() != "ordinary":
        return
    auto = Ammo.AP if act.target in ARMORED_TARGETS else Ammo.HE
    cap = gun.capability(auto.value)
    if cap is None:
        return
    other = "HE" if auto is Ammo.AP else "AP"
    token = f" ({cap.token})" if cap.token else ""
    state_text = {
        "available": "it may be fired only by declaring it before the To Hit DR",
        "gone": "and it is gone for the scenario",
        "not-available": "and none is available at this date",
    }[cap.status]
    raise RuleViolation(
        "ASL-8.8-b",
        f"{gun.id} carries limited-stowage {auto.value}{token}: the automatic choice of "
        f"{auto.value} (target: {act.target}) does not cover it; {state_text}",
        hint=f"declare {auto.value} (--ammo {auto.value}: the To Hit DR is then its "
        f"depletion check, ASL-8.9) or fire {other}",
    )


def fire(state: AslState, gun: Gun, act: Fire, dice: DiceSource) -> Outcome[AslState]:
    ammo, special = resolve_ammo(gun, act.ammo)
    if ammo in (Ammo.SMOKE, Ammo.WP):
        raise RuleViolation(
            "ASL-8.5-a",
            f"{ammo.value} is placed with place_smoke / place_wp",
            hint="use the place_smoke or place_wp action",
        )
    if ammo is Ammo.CANISTER:
        raise RuleViolation(
            "ASL-8.4-b", "Canister needs no To Hit DR", hint="use the fire_canister action"
        )
    if ammo is not None and ammo.is_dispenser:
        raise RuleViolation(
            "ASL-8.9-f",
            f"{ammo.value} is a vehicular dispenser ({GOVERNED_ELSEWHERE['sD']}), "
            "not Gun ammunition",
            hint="dispensers have no depletion check; resolve them under D13",
        )
    if ammo is Ammo.IR:
        raise RuleViolation(
            "ASL-8.7-a",
            "IR is recorded as a capability; its use belongs to the "
            f"{GOVERNED_ELSEWHERE['IR']} night rules",
            hint="fire another ammunition",
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
        data = {
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
    extra: dict[str, Any] = {"limited_stowage": "ASL-8.8-b"} if ammo in (Ammo.AP, Ammo.HE) else {}
    extra["captured"] = captured
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
    from ordnance.asl.shot import GunShot, plan_shot
    from ordnance.asl.to_hit import FirerCases

    if act.target is None:
        raise RuleViolation(
            "ASL-B5.1",
            "a shot resolved To Hit needs its Target Type",
            hint="--target vehicle (with --af), unarmored, infantry, gun...",
        )
    if gun.gun_size is None:
        raise RuleViolation(
            "ASL-B5.2",
            f"{gun.id} has no gun size, so its To Hit and To Kill numbers are unknown",
            hint="add the Gun with --size (e.g. 75L), or fire without --range",
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
        captured=captured,
        intensive=act.intensive,
        cases=FirerCases(target_drm=act.drm, acquisition=act.acquisition),
        options=opts,
    )
    return spec, plan_shot(spec)


def _with_whole_shot(
    message: Message,
    data: dict[str, Any],
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
    data: dict[str, Any], whole: tuple[Any, Any] | None, dr: Any, dice: DiceSource
) -> dict[str, Any] | None:
    """Resolve To Hit and the effect on the shot's DR, rolling the To Kill/IFT DR on a hit.

    The result goes to ``data["whole_shot"]``; the return value is the text
    to add to the event (None when no shot took place, ASL-8.9-e).
    """
    if whole is None:
        return None
    from ordnance.asl.shot import judge_shot

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


def record_shot(
    state: AslState,
    gun: Gun,
    cap: Capability,
    result: ShotResult,
    shot_no: int,
    *,
    kind: str,
    extra: Mapping[str, Any] | None = None,
    non_smoke: bool = True,
    markers: tuple[Marker, ...] = (),
    ca_before: int | Literal["unchanged"] | None = "unchanged",
    note: dict[str, Any] | None = None,
) -> Outcome[AslState]:
    cap2 = replace(
        cap,
        uses=cap.uses + (1 if result.fired_special else 0),
        attempts=cap.attempts + 1,
        exhausted=(
            Exhaustion(
                (result.dr.coloured, result.dr.white),
                state.turn,
                state.phase.value,
                shot_no,
                result.outcome.value,
            )
            if result.gone and cap.depletion_applies
            else None
        ),
    )
    caps = tuple(cap2 if c.ammo == cap.ammo else c for c in gun.capabilities)
    fired = result.counts_as_fired
    ca = gun.ca
    prior = gun.ca if ca_before == "unchanged" else ca_before
    voided: dict[str, Any] | None = None
    if not fired:
        # ASL-AMB-15: no Acquisition and no fire marker from a voided shot; a CA
        # change made for it stays, unless the option undoes it.
        undo = state.settings.options.voided_shot_ca == "undo" and prior != gun.ca
        if undo:
            ca = prior
        voided = {
            "fire_marker": gun.fire_marker,
            "acquisition": False,
            "ca": ca,
            "ca_changed_for_shot": prior != gun.ca,
            "ca_restored": undo,
            "clause": "ASL-AMB-15",
        }
    if fired:
        gun2 = replace(
            gun,
            capabilities=caps,
            shots=shot_no,
            fired_this_phase=True,
            may_fire_again=result.rof_retained,
            intensive_used=gun.intensive_used or result.intensive,
            malfunctioned=result.malfunctioned,
            pending=None,
            fire_marker=FIRE_MARKERS.get(state.phase),
        )
        gun2 = record_fired(gun2, state.phase)
    else:
        # ASL-8.9-e: the attempt counts as not fired for every purpose but the
        # malfunction check, so the Gun keeps the firing rights it had before it
        # (a voided Intensive Fire attempt may be made again as Intensive Fire,
        # and does not turn into a normal shot); only the ammunition is gone.
        gun2 = replace(
            gun,
            capabilities=caps,
            shots=shot_no,
            malfunctioned=result.malfunctioned,
            pending=None,
            ca=ca,
        )
    fired_sides = state.non_smoke_fired | ({gun.side} if fired and non_smoke else set())
    new = state.with_gun(
        gun2, non_smoke_fired=frozenset(fired_sides), markers=state.markers + markers
    )
    shot_result = result.message()
    if not fired:
        shot_result = _voided_message(shot_result, gun, result)
    args: dict[str, Any] = {
        "gun": gun.id,
        "shot": shot_no,
        "result": {"template": shot_result.template, "args": dict(shot_result.args)},
    }
    message: Message = msg("{gun} shot #{shot}: {result}", **args)
    data = {"gun": gun.id, "shot": shot_no, "special": True, **result.to_dict()}
    if extra:
        data.update(extra)
    if voided is not None:
        data["voided"] = voided
        data["may_fire_next"] = _after_voided(gun, result)  # ASL-8.9-e, ASL-B5.8
        if voided["ca_restored"] and ca is not None:
            message = msg(
                "{gun} shot #{shot}: {result}; CA back to {ca} (ASL-AMB-15)",
                **args,
                ca=Direction(ca).name,
            )
    if note is not None:
        message = msg(
            "{text}; {note}",
            text={"template": message.template, "args": dict(message.args)},
            note=note,
        )
    event = Event.of(kind, data, message)
    return Outcome(new.remember(event.text), (event,))


def _after_voided(gun: Gun, result: ShotResult) -> str:
    """What the Gun may still fire after a voided (DR > N) attempt (ASL-8.9-e, ASL-B5.8).

    The attempt leaves the Gun's firing rights as they were before it: a voided
    Intensive Fire attempt may be made again, but only as Intensive Fire.
    """
    if result.malfunctioned:
        return "nothing (malfunctioned)"
    if result.intensive:
        return "Intensive Fire only"
    return "other ammunition"


def _voided_message(message: Message, gun: Gun, result: ShotResult) -> Message:
    """The DR > N record text, saying what the Gun may really do next (ASL-8.9-e)."""
    after = _after_voided(gun, result)
    if after == "other ammunition":
        return message  # the depletion check's own text is true here
    if after == "Intensive Fire only":
        outcome = term(
            "there was none: no shot, the Gun has not fired and may fire other ammunition "
            "only as Intensive Fire; gone for the scenario"
        )
    else:
        outcome = term("there was none: no shot and the Gun has not fired; gone for the scenario")
    return msg(message.template, **{**dict(message.args), "outcome": outcome})


def place_smoke(state: AslState, gun: Gun, act: PlaceSmoke, dice: DiceSource) -> Outcome[AslState]:
    from ordnance.asl import smoke

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
    from ordnance.asl.to_hit import judge

    hit = judge(th, drm, dr, options=opts) if result.fired_special else None
    placed = hit is not None and hit.hit
    markers: tuple[Marker, ...] = ()
    if placed:
        # C8.9: the round is used on DR <= N, but only a hit places the counter
        markers = (Marker(str(target), placement.marker_kind, placement.label),)
    extra = {
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
    from ordnance.asl.to_hit import FirerCases, modified_th, to_hit_drm
    from ordnance.core.hexes import distance

    if gun.hex is not None and isinstance(target, Hex):
        rng = distance(check_hex(gun.hex), target)
    elif act.range is not None:
        rng = act.range
    else:
        raise RuleViolation(
            "ASL-B5.1",
            f"{gun.id} has no hex, so the range of its {ammo.value} is unknown",
            hint="add the Gun with --hex q,r, or give the range",
        )
    th = modified_th(
        "area", rng, gun_size=gun.gun_size, ammo=ammo.value, options=state.settings.options
    )
    drm = to_hit_drm(FirerCases(target_drm=act.drm), captured=captured)
    return th, drm


def refuse_changed_declaration(gun: Gun, ammo: str) -> RuleViolation:
    return RuleViolation(
        "ASL-8.1-a",
        f"{gun.id} declared {gun.pending} for this shot before the DR; it cannot fire {ammo}",
        hint=f"fire the declared {gun.pending}",
    )


def check_hex(text: str) -> Any:
    try:
        from ordnance.core.hexes import parse_hex
    except ImportError:  # pragma: no cover - the hex module ships with the core
        return text
    try:
        return parse_hex(text)
    except (ValueError, TypeError) as exc:
        raise OrdnanceError(f"cannot read the hex {text!r}: {exc}", hint="write q,r") from None
