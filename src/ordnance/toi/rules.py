"""``apply``: every action of the Tide of Iron munitions game, as pure functions.

Each refusal names its clause (``TOI-GEN-4``, ``TOI-HE-3``...). Events that
carry a secret (the type of a token bought or discarded face down) are marked
``secret_for`` the owner, with a public version that says "a munitions token"
and nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.errors import (
    InvalidDice,
    NotEnoughDice,
    OrdnanceError,
    TooManyDice,
)
from ordnance.core.game import Event, joined, msg, render_message, term
from ordnance.core.turns import done_side
from ordnance.toi import status_phase
from ordnance.toi import turns as toi_turns
from ordnance.toi.actions import (
    Advance,
    Attack,
    Buy,
    Discard,
    Done,
    Move,
    PlaceOpFire,
    ReceiveCommand,
    parse_action,
)
from ordnance.toi.attack import (
    AttackRoll,
    attack_distribution,
    resolve_attack,
)
from ordnance.toi.buy import buy
from ordnance.toi.command import receive_command
from ordnance.toi.damage import (
    VehicleDamage,
    squad_after_hits,
    vehicle_after_hits,
)
from ordnance.toi.discard import discard
from ordnance.toi.firer import fatigue, reveal_tokens
from ordnance.toi.move import move
from ordnance.toi.munitions import Munition
from ordnance.toi.op_fire import place_op_fire
from ordnance.toi.seats import check_seat
from ordnance.toi.smoke import (
    smoke_landing_distribution,
)
from ordnance.toi.smoke_round import smoke_round
from ordnance.toi.state import ToIState, Unit
from ordnance.toi.status_phase import return_token
from ordnance.toi.targeting import PreparedAttack, PreparedSmoke, face_down_tokens, prepare_attack

# -- Status Phase: buy, discard, Op Fire ----------------------------------------------


# -- attacks ------------------------------------------------------------------------


def attack(
    state: ToIState, a: Attack, dice: DiceSource, seat: str | None
) -> tuple[ToIState, list[Event]]:
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
                {"unit": attacker.id},
                msg(
                    "{unit} revealed HE at long range: the attack is void (TOI-AMB-7 option)",
                    unit=attacker.id,
                ),
            )
        )
        return state, events
    roll = resolve_attack(prepared.plan, dice)
    state, result = _apply_hits(state, prepared.target, roll.net, a.suppressive)
    events.append(_attack_event(prepared, roll, result))
    return state, events


def _attack_event(p: PreparedAttack, roll: AttackRoll, result: dict[str, Any]) -> Event:
    plan = p.plan
    data = {
        "unit": p.attacker.id,
        "target": p.target.id,
        "support": [s.id for s in p.supporters],
        "band": plan.band.value,
        "attack_dice": plan.attack_dice,
        "hit_on": plan.hit_on,
        "defense_dice": plan.defense_dice,
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
        "{black} = {hits} hit(s); {defense_dice} red dice {red} cancel {cancels}; "
        "net {net}: {result}",
        unit=p.attacker.id,
        target=p.target.id,
        range=term(f"{plan.band.value} range"),
        attack_dice=plan.attack_dice,
        hit_on=plan.hit_on,
        black=str(list(roll.black)),
        hits=roll.hits,
        defense_dice=plan.defense_dice,
        red=str(list(roll.red)),
        cancels=roll.cancels,
        net=roll.net,
        result=result,
    )
    return Event.of("attack", data, message)


def _apply_hits(
    state: ToIState, target: Unit, net: int, suppressive: bool
) -> tuple[ToIState, dict[str, Any]]:
    """Net hits on the target (notes B6, documented default; see :mod:`.damage`).

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


# -- dispatch -----------------------------------------------------------------------


def apply_action(
    state: ToIState, action: Mapping[str, Any], dice: DiceSource, seat: str | None
) -> tuple[ToIState, list[Event]]:
    """Run one action (refusals of entered dice name their rule: :func:`dice_rule`)."""
    return _dispatch(state, action, dice, seat)


#: Which rule rolls a die, by the label the procedure gives it.
_DICE_RULES = (
    ("attack", "TOI-B4"),
    ("defense", "TOI-B4"),
    ("smoke round", "TOI-SMK-2"),
    ("cover", "TOI-SMK-2"),
    ("drift", "TOI-SMK-4"),
    ("token draw", "TOI-AMB-12"),
)


def dice_rule(action: Mapping[str, Any], exc: InvalidDice) -> tuple[str, str]:
    """The clause of refused dice: a value no d6 shows breaks B1; a wrong count, the rule
    of the roll that asked for them (B4 attack and defense dice, TOI-SMK-2/4 smoke...)."""
    if not isinstance(exc, NotEnoughDice | TooManyDice):
        return "TOI-B1", "Tide of Iron dice are d6: enter values 1 to 6"
    by_type = {"attack": "TOI-B4", "buy": "TOI-AMB-12"}
    label = exc.label or ""
    clause = next(
        (c for prefix, c in _DICE_RULES if label.startswith(prefix)),
        by_type.get(str(action.get("type")), "TOI-B1"),
    )
    return clause, "Tide of Iron dice are d6: enter values 1 to 6, as many as the roll needs"


def _dispatch(
    state: ToIState, action: Mapping[str, Any], dice: DiceSource, seat: str | None
) -> tuple[ToIState, list[Event]]:
    a = parse_action(action)
    if isinstance(a, Advance):
        return status_phase.advance(state, a.to)
    if isinstance(a, Done):
        side = done_side(toi_turns.turn(state), action, seat)
        state, events, ends = toi_turns.done(state, side)
        if ends:
            state, more = status_phase.advance(state, None)
            events += more
        return state, events
    if isinstance(a, ReceiveCommand):
        return receive_command(state, a, seat)
    if isinstance(a, Buy):
        return buy(state, a, dice, seat)
    if isinstance(a, Discard):
        return discard(state, a, seat)
    if isinstance(a, PlaceOpFire):
        return place_op_fire(state, a, seat)
    if isinstance(a, Move):
        return move(state, a, seat)
    if isinstance(a, Attack):
        return attack(state, a, dice, seat)
    raise OrdnanceError(f"unhandled action {a!r}")  # pragma: no cover


def attack_odds(
    state: ToIState, action: Mapping[str, Any], seat: str | None
) -> dict[str, Any] | None:
    """Exact odds of an attack action for ``seat``: the attacker's own face-down
    tokens are used only when ``seat`` owns them."""
    a = parse_action(action)
    if not isinstance(a, Attack):
        return None
    attacker = state.unit(a.unit)
    knows = seat == attacker.side
    prepared = prepare_attack(state, a, know_tokens=knows)
    hidden = bool(face_down_tokens(state, attacker)) and not knows
    if isinstance(prepared, PreparedSmoke):
        dist = smoke_landing_distribution(
            prepared.plan,
            prepared.target_hex,
            state.map,
            state.smoke_hexes,
            prepared.orientation,
            state.settings,
        )
        return {
            "title": f"Smoke round by {attacker.id} at {prepared.target_hex}",
            "distribution": dist.to_json(),
            "dice": prepared.plan.dice,
            "hit_on": prepared.plan.hit_on,
        }
    net = attack_distribution(prepared.plan)
    out: dict[str, Any] = {
        "title": f"{attacker.id} attacks {prepared.target.id}: net hits",
        "distribution": net.to_json(),
        "attack_dice": prepared.plan.attack_dice,
        "hit_on": prepared.plan.hit_on,
        "defense_dice": prepared.plan.defense_dice,
        "band": prepared.plan.band.value,
        "munitions": [t.munition.value for t in prepared.revealed],
    }
    if hidden:
        out["note"] = "the attacker carries a face-down munitions token; its effect is not included"
    return out
