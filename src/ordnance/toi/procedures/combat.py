"""The attack action: plan, reveal, roll, and apply the net hits (TOI-B4..B6, TOI-GEN-7).

:func:`attack` plans with :func:`~ordnance.toi.rules.targeting.prepare_attack` (a Smoke round
goes to :mod:`~ordnance.toi.procedures.smoke_round`), flips the firer's tokens and fatigues every
participant (:mod:`~ordnance.toi.rules.firer`), rolls the black attack dice and red defence dice
(:func:`~ordnance.toi.rules.attack.resolve_attack`) and applies the net hits to the target
(:mod:`~ordnance.toi.rules.damage`). HE revealed at long range voids the attack under the
TOI-AMB-7 option; a destroyed unit's tokens leave the board (TOI-AMB-16).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.events import Event
from ordnance.core.messages import joined, msg, render_message, term
from ordnance.toi.actions import Attack
from ordnance.toi.procedures.smoke_round import smoke_round
from ordnance.toi.procedures.status_phase import return_token
from ordnance.toi.rules.attack import AttackRoll, resolve_attack
from ordnance.toi.rules.damage import VehicleDamage, squad_after_hits, vehicle_after_hits
from ordnance.toi.rules.firer import fatigue, reveal_tokens
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.rules.targeting import PreparedAttack, PreparedSmoke, prepare_attack
from ordnance.toi.seats import check_seat
from ordnance.toi.shapes import AttackEvent, UnitEvent
from ordnance.toi.state import ToIState, Unit


def attack(
    state: ToIState, a: Attack, dice: DiceSource, seat: str | None
) -> tuple[ToIState, list[Event]]:
    """Resolve an attack (or, with a Smoke token, a Smoke round) by the seat's unit."""
    attacker = state.unit(a.unit)
    check_seat(seat, attacker.side, state)
    prepared = prepare_attack(state, a)
    if isinstance(prepared, PreparedSmoke):
        return smoke_round(state, prepared, dice)
    state, events = reveal_tokens(state, prepared.revealed)
    state = fatigue(state, (prepared.attacker, *prepared.supporters))
    if prepared.void:
        for t in prepared.revealed:
            if t.munition is Munition.HE:
                state = return_token(state, t)
        events.append(
            Event.of(
                "attack-void",
                UnitEvent(unit=attacker.id),
                msg(
                    "{unit} revealed HE at long range: the attack is void (TOI-AMB-7 option)",
                    unit=attacker.id,
                ),
            )
        )
        return state, events
    roll = resolve_attack(prepared.plan, dice)
    state, result = apply_hits(state, prepared.target, roll.net, a.suppressive)
    events.append(_attack_event(prepared, roll, result))
    return state, events


def _attack_event(p: PreparedAttack, roll: AttackRoll, result: dict[str, Any]) -> Event:
    plan = p.plan
    data: AttackEvent = {
        "unit": p.attacker.id,
        "target": p.target.id,
        "support": [s.id for s in p.supporters],
        "band": plan.band.value,
        "attack_dice": plan.attack_dice,
        "hit_on": plan.hit_on,
        "defence_dice": plan.defence_dice,
        "cancel_on": plan.cancel_on,
        "black": list(roll.black),
        "red": list(roll.red),
        "hits": roll.hits,
        "cancels": roll.cancels,
        "net_hits": roll.net,
        "result": render_message(result["template"], result["args"]),
        "steps": list(plan.steps),
        "clauses": list(plan.clauses),
    }
    message = msg(
        "{unit} attacks {target} at {range}: {attack_dice} black dice hitting on {hit_on}+ "
        "{black} = {hits} hit(s); {defence_dice} red dice {red} cancel {cancels}; "
        "net {net}: {result}",
        unit=p.attacker.id,
        target=p.target.id,
        range=term(f"{plan.band.value} range"),
        attack_dice=plan.attack_dice,
        hit_on=plan.hit_on,
        black=str(list(roll.black)),
        hits=roll.hits,
        defence_dice=plan.defence_dice,
        red=str(list(roll.red)),
        cancels=roll.cancels,
        net=roll.net,
        result=result,
    )
    return Event.of("attack", data, message)


def apply_hits(
    state: ToIState, target: Unit, net: int, suppressive: bool
) -> tuple[ToIState, dict[str, Any]]:
    """Net hits on the target (notes B6, documented default; see :mod:`~ordnance.toi.rules.damage`).

    The result is a translatable term (``render_message`` gives the English text).
    """
    unharmed = term("{unit} unharmed", unit=target.id)
    if target.is_vehicle:
        after = vehicle_after_hits(target.damage, net)
        target2 = replace(target, damage=after, alive=after is not VehicleDamage.DESTROYED)
        result = (
            term(f"{{unit}} {after.value}", unit=target.id)
            if after is not target.damage
            else unharmed
        )
    else:
        figures, morale = squad_after_hits(target.figures, net, suppressive, target.morale)
        target2 = replace(target, figures=figures, morale=morale, alive=figures > 0)
        if figures == 0:
            result = term("{unit} eliminated", unit=target.id)
        elif suppressive:
            result = term(f"{{unit}} {morale}", unit=target.id) if net else unharmed
        else:
            result = (
                term(
                    "{unit} loses {count} figure(s)", unit=target.id, count=target.figures - figures
                )
                if net
                else unharmed
            )
    state = state.with_unit(target2)
    if not target2.alive:
        state, notes = _unit_destroyed(state, target2)
        if notes:
            result = term(
                result["template"] + "; {notes}", **result["args"], notes=joined("; ", notes)
            )
    return state, result


def _unit_destroyed(state: ToIState, unit: Unit) -> tuple[ToIState, list[dict[str, Any]]]:
    """A destroyed unit's tokens leave the board (TOI-AMB-16: back to the supply unrevealed)."""
    notes = []
    for t in state.tokens_on(unit.id):
        state = return_token(state, t)
        if t.face_up or state.settings.destroyed_unit_token == "reveal":
            notes.append(term("its {munition} token is discarded", munition=t.munition.value))
        else:
            notes.append(
                term("its face-down munitions token leaves the board unrevealed (TOI-AMB-16)")
            )
    return state, notes
