"""The checks before a Gun's DR (ASL-B3, ASL-B5.3-H, B5.7, B5.8, ASL-8.1-a/c, 8.8-b, 8.9-a/d/e).

Every shot procedure (:mod:`ordnance.asl.procedures.fire`, :mod:`ordnance.asl.procedures.place_smoke`,
:mod:`ordnance.asl.procedures.fire_canister`) runs these first, so a refused shot
consumes no dice:

* who may fire now (notes B3: ATTACKER in PFPh/AFPh, DEFENDER in MPh/DFPh),
  a malfunctioned Gun (B5.7), Intensive Fire eligibility (B5.8), a second
  shot without Multiple ROF (ASL-8.1-c) and the once-per-Player-Turn limit
  (:mod:`ordnance.asl.rules.fire_limits`);
* captured use: B# -2 and ROF lowered by the option (notes B5.3 Case H);
* the special ammunition on the record, at the date and not gone (ASL-8.9);
* the declared ammunition honoured (ASL-8.1-a) and the automatic HE/AP choice
  never firing limited-stowage AP#/HE# (ASL-8.8-b).
"""

from __future__ import annotations

from ordnance.asl.actions import Fire
from ordnance.asl.rules.depletion import breakdown_number
from ordnance.asl.rules.fire_limits import check_fire_limit
from ordnance.asl.rules.notation import Ammo
from ordnance.asl.rules.phases import Phase
from ordnance.asl.shot.spec import CAPTURED_BREAKDOWN_CHANGE
from ordnance.asl.state import AslState, Capability, Gun
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.hexes import Hex, parse_hex
from ordnance.core.messages import msg, term

__all__ = [
    "ARMORED_TARGETS",
    "captured_use",
    "check_automatic_choice",
    "check_hex",
    "check_may_fire",
    "effective_breakdown",
    "effective_rof",
    "firing_sides",
    "refuse_changed_declaration",
    "resolve_ammo",
    "special_capability",
]

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
        allowed = term(
            "PFPh/AFPh as ATTACKER, MPh/DFPh as DEFENDER" if state.attacker else "a fire phase"
        )
        raise RuleViolation(
            "ASL-B3",
            msg(
                "Gun {id} ({side}) cannot fire in the {value} of the Player Turn ({attacker})",
                side=gun.side,
                id=gun.id,
                value=state.phase.value,
                attacker=state.attacker,
            ),
            hint=msg("Guns fire in {allowed}", allowed=allowed),
        )
    if gun.malfunctioned:
        raise RuleViolation(
            "ASL-B5.7",
            msg("{id} has malfunctioned and cannot fire", id=gun.id),
            hint=msg("repair it first (a malfunctioned Gun may not fire again)"),
        )
    if intensive:
        if state.phase is Phase.AFPh:
            raise RuleViolation(
                "ASL-B5.8",
                msg("Intensive Fire is not allowed in the AFPh"),
                hint=msg("fire normally"),
            )
        if not gun.fired_this_phase or gun.may_fire_again or gun.intensive_used:
            raise RuleViolation(
                "ASL-B5.8",
                msg(
                    "{id} may use Intensive Fire only once, after its normal fire (and ROF) this phase",
                    id=gun.id,
                ),
                hint=msg("fire normally first"),
            )
    elif gun.fired_this_phase and not gun.may_fire_again:
        raise RuleViolation(
            "ASL-8.1-c",
            msg("{id} has already fired this phase and kept no Multiple ROF", id=gun.id),
            hint=msg("Intensive Fire (B# -2, N unchanged) or wait for the next phase"),
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
            msg("{id} has no {value} on its counter or the chart", id=gun.id, value=ammo.value),
            hint=msg("fire ordinary ammunition, or check the counter notation"),
        )
    if not cap.available_at_date:
        raise RuleViolation(
            cap.clause,
            msg(
                "{id} has no {value} at this date: {reason}",
                id=gun.id,
                value=ammo.value,
                reason=cap.reason,
            ),
            hint=msg("fire ordinary ammunition"),
        )
    if cap.exhausted is not None:
        e = cap.exhausted
        raise RuleViolation(
            "ASL-8.9-d" if e.outcome == "used-and-depleted" else "ASL-8.9-e",
            msg(
                "{id}'s {value} is gone for the scenario (DR {original_dr}, turn {turn} {phase})",
                id=gun.id,
                value=ammo.value,
                original_dr=e.original_dr,
                turn=e.turn,
                phase=e.phase,
            ),
            hint=msg("fire other ammunition"),
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
        msg(
            "{id} carries limited-stowage {value}{token}: the automatic choice of {value} (target: {target}) does not cover it; {state_text}",
            id=gun.id,
            value=auto.value,
            token=token,
            target=act.target,
            state_text=state_text,
        ),
        hint=msg(
            "declare {value} (as the ammunition: the To Hit DR is then its depletion check, ASL-8.9) or fire {other}",
            value=auto.value,
            other=other,
        ),
    )


def refuse_changed_declaration(gun: Gun, ammo: str) -> RuleViolation:
    return RuleViolation(
        "ASL-8.1-a",
        msg(
            "{id} declared {pending} for this shot before the DR; it cannot fire {ammo}",
            id=gun.id,
            pending=gun.pending,
            ammo=ammo,
        ),
        hint=msg("fire the declared {pending}", pending=gun.pending),
    )


def check_hex(text: str) -> Hex:
    """The hex ``"q,r"``, or an error naming the text that is not one."""
    try:
        return parse_hex(text)
    except (ValueError, TypeError) as exc:
        raise OrdnanceError(
            msg("cannot read the hex {text!r}: {exc}", text=text, exc=exc),
            hint=msg("write its printed id (C5) or axial q,r"),
        ) from None
