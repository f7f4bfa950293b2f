"""``apply``: every action of the Tide of Iron munitions game, as pure functions.

Each refusal names its clause (``TOI-GEN-4``, ``TOI-HE-3``...). Events that
carry a secret (the type of a token bought or discarded face down) are marked
``secret_for`` the owner, with a public version that says "a munitions token"
and nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.errors import (
    InvalidDice,
    NotEnoughDice,
    OrdnanceError,
    RuleViolation,
    TooManyDice,
)
from ordnance.core.game import Event, joined, msg, render_message, term
from ordnance.core.hexes import Direction, Hex, parse_hex
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
    AttackInput,
    AttackPlan,
    AttackRoll,
    RangeBand,
    Supporter,
    attack_distribution,
    plan_attack,
    range_band,
    resolve_attack,
    worst_band,
)
from ordnance.toi.buy import buy
from ordnance.toi.command import receive_command
from ordnance.toi.damage import (
    VehicleDamage,
    armour_penalty,
    firepower_halvings,
    squad_after_hits,
    vehicle_after_hits,
)
from ordnance.toi.discard import discard
from ordnance.toi.hexmap import cover, has_los
from ordnance.toi.move import move
from ordnance.toi.munitions import Munition
from ordnance.toi.op_fire import place_op_fire
from ordnance.toi.seats import check_seat
from ordnance.toi.smoke import (
    Landing,
    SmokePlan,
    land_smoke,
    orientation_for,
    plan_smoke,
    resolve_smoke_round,
    smoke_allowed,
    smoke_landing_distribution,
)
from ordnance.toi.state import Phase, SmokeMarker, ToIState, Token, Unit
from ordnance.toi.status_phase import return_token

# -- Status Phase: buy, discard, Op Fire ----------------------------------------------


# -- attacks ------------------------------------------------------------------------


@dataclass(frozen=True)
class PreparedAttack:
    """An attack on a unit, planned: the rules applied, the dice not yet rolled."""

    attacker: Unit
    target: Unit
    supporters: tuple[Unit, ...]
    inp: AttackInput
    plan: AttackPlan
    revealed: tuple[Token, ...]
    void: bool = False


@dataclass(frozen=True)
class PreparedSmoke:
    """A Smoke round, planned."""

    attacker: Unit
    target_hex: Hex
    plan: SmokePlan
    orientation: Direction
    revealed: tuple[Token, ...]


def _halvings(state: ToIState, u: Unit) -> int:
    """Heavy damage halves firepower (B6); so does firing from a smoke hex (B10)."""
    return firepower_halvings(u.damage) + (1 if u.hex in state.smoke_hexes else 0)


def _defense(state: ToIState, target: Unit) -> int:
    """Defense dice = armour (less damage) + cover of the hex, +2 in smoke (B4, B6, B10)."""
    armour = (
        max(target.profile.armour - armour_penalty(target.damage), 0) if target.is_vehicle else 0
    )
    return armour + cover(state.map, target.hex, state.smoke_hexes)


def _los(state: ToIState, a: Hex, b: Hex, who: str) -> None:
    if has_los(state.map, a, b, state.smoke_hexes):
        return
    clause = "TOI-B10" if has_los(state.map, a, b) else "TOI-B2"
    why = (
        "smoke blocks the line of sight"
        if clause == "TOI-B10"
        else "terrain blocks the line of sight"
    )
    raise RuleViolation(
        clause,
        f"{who} has no line of sight from {a} to {b}: {why}",
        hint="pick a target in line of sight",
    )


def _check_activation(u: Unit, mode: str, role: str) -> None:
    if mode == "op_fire":
        if u.activation != "op-fire":
            raise RuleViolation(
                "TOI-B9",
                f"{u.id} is not on Op Fire",
                hint="only units placed on Op Fire may Op Fire",
            )
    elif u.activation != "fresh":
        raise RuleViolation(
            "TOI-B8",
            f"{u.id} is {u.activation}: only a fresh unit may be activated",
            hint=f"pick a fresh unit as {role}",
        )


def face_down_tokens(state: ToIState, unit: Unit) -> tuple[Token, ...]:
    return tuple(t for t in state.tokens_on(unit.id) if not t.face_up)


def prepare_attack(
    state: ToIState, a: Attack, *, know_tokens: bool = True
) -> PreparedAttack | PreparedSmoke:
    """Plan an attack or a Smoke round without rolling. ``know_tokens=False`` plans as
    someone who cannot see the attacker's face-down tokens (the odds for an opponent)."""
    if state.phase is not Phase.ACTION:
        raise RuleViolation(
            "TOI-B8",
            f"attacks are made in the Action Phase (now: {state.position})",
            hint="advance to the action phase",
        )
    attacker = state.unit(a.unit)
    if not attacker.alive:
        raise RuleViolation("TOI-B8", f"{attacker.id} is no longer on the board")
    _check_activation(attacker, a.mode, "attacker")
    tokens = face_down_tokens(state, attacker) if know_tokens else ()
    if any(t.munition is Munition.SMOKE for t in tokens):
        return _prepare_smoke(state, a, attacker, tokens)
    if a.target is None:
        raise RuleViolation(
            "TOI-SMK-1",
            "only a Smoke round targets a hex; an attack targets a unit",
            hint="name a target unit",
        )
    target = state.unit(a.target)
    if not target.alive:
        raise RuleViolation("TOI-B4", f"{target.id} is no longer on the board")
    if target.side == attacker.side:
        raise RuleViolation(
            "TOI-B4", f"{target.id} is on your own side", hint="attack an enemy unit"
        )
    vs_vehicle = target.is_vehicle
    kind = "vehicle" if vs_vehicle else "squad"
    fp = attacker.firepower(vs_vehicle)
    if fp <= 0 or attacker.range_value(vs_vehicle) <= 0:
        raise RuleViolation("TOI-B4", f"{attacker.id} has no firepower against a {kind}")
    _los(state, attacker.hex, target.hex, attacker.id)
    distance = attacker.hex.distance(target.hex)

    def band_of(u: Unit) -> RangeBand:
        return range_band(
            distance if u is attacker else u.hex.distance(target.hex),
            u.range_value(vs_vehicle),
            higher_ground=state.map.elevation(u.hex) > state.map.elevation(target.hex),
        )

    lead_band = band_of(attacker)
    supporters: list[Unit] = []
    support_inputs: list[Supporter] = []
    for sid in a.support:
        sup = state.unit(sid)
        if sup.id == attacker.id or sup in supporters:
            raise RuleViolation("TOI-B5", f"{sup.id} is named twice in the attack")
        if sup.side != attacker.side or not sup.alive:
            raise RuleViolation("TOI-B5", f"{sup.id} cannot join: not a friendly unit in play")
        _check_activation(sup, a.mode, "supporter")
        if sup.morale != "normal":
            raise RuleViolation("TOI-B5", f"{sup.id} is {sup.morale} and cannot join combined fire")
        if sup.firepower(vs_vehicle) <= 0:
            raise RuleViolation("TOI-B5", f"{sup.id} has no firepower against a {kind}")
        _los(state, sup.hex, target.hex, sup.id)
        band = band_of(sup)
        if band is RangeBand.OUT:
            raise RuleViolation(
                "TOI-B5", f"{sup.id} is out of range of {target.id}", hint="leave it out"
            )
        sup_tokens = (
            face_down_tokens(state, sup)
            if (know_tokens and state.settings.reveal_on_support)
            else ()
        )
        supporters.append(sup)
        support_inputs.append(
            Supporter(
                sup.firepower(vs_vehicle),
                _halvings(state, sup),
                tuple(t.munition for t in sup_tokens if t.munition is not Munition.SMOKE),
                band,
            )
        )
    band = worst_band([lead_band, *(s.band for s in support_inputs if s.band is not None)])
    revealed = tokens
    if state.settings.reveal_only_vs_vehicles and not vs_vehicle:
        revealed = ()
    munitions = tuple(t.munition for t in revealed)
    sup_revealed = tuple(
        t
        for s in supporters
        for t in (
            face_down_tokens(state, s) if know_tokens and state.settings.reveal_on_support else ()
        )
    )
    inp = AttackInput(
        firepower=fp,
        target=kind,
        band=band,
        defense=_defense(state, target),
        munitions=munitions,
        fire_and_movement=a.mode == "fire_and_movement",
        halvings=_halvings(state, attacker),
        support=tuple(support_inputs),
        lead_band=lead_band,
    )
    mband = lead_band if state.settings.combined_band == "per_participant" else band
    if (
        mband is RangeBand.LONG
        and Munition.HE in munitions
        and state.settings.he_long_range == "void"
    ):
        plan = AttackPlan(
            0,
            7,
            0,
            state.settings.cancel_on,
            band,
            ("HE at long range: the attack is void (TOI-AMB-7 option)",),
            ("TOI-HE-3",),
        )
        return PreparedAttack(
            attacker, target, tuple(supporters), inp, plan, revealed + sup_revealed, void=True
        )
    plan = plan_attack(inp, state.settings)
    return PreparedAttack(attacker, target, tuple(supporters), inp, plan, revealed + sup_revealed)


def _prepare_smoke(
    state: ToIState, a: Attack, attacker: Unit, tokens: tuple[Token, ...]
) -> PreparedSmoke:
    if a.hex is not None:
        target_hex = parse_hex(a.hex)
    elif a.target is not None:
        target_hex = state.unit(a.target).hex
    else:
        raise RuleViolation("TOI-SMK-1", "a Smoke round targets a hex", hint="give the target hex")
    state.map.info(target_hex)
    if a.support:
        raise RuleViolation(
            "TOI-SMK-2",
            "a Smoke round is fired by one unit alone",
            hint="leave out the supporting units",
        )
    why = smoke_allowed(state.map, target_hex, state.smoke_hexes)
    if why is not None and state.settings.smoke_targets == "open_only":
        raise RuleViolation(
            "TOI-AMB-5",
            f"smoke cannot be placed in {target_hex} ({why}; no smoke in buildings, one per hex, B10)",
            hint="target a hex without a building or smoke",
        )
    fire = attacker.profile.vs_vehicle
    if fire.firepower <= 0 or fire.range <= 0:
        raise RuleViolation(
            "TOI-SMK-2", f"{attacker.id} has no attack against vehicles to fire smoke with"
        )
    _los(state, attacker.hex, target_hex, attacker.id)
    band = range_band(
        attacker.hex.distance(target_hex),
        fire.range,
        higher_ground=state.map.elevation(attacker.hex) > state.map.elevation(target_hex),
    )
    plan = plan_smoke(
        fire.firepower,
        band,
        state.settings,
        halvings=_halvings(state, attacker),
        fire_and_movement=a.mode == "fire_and_movement",
        cover=cover(state.map, target_hex, state.smoke_hexes),
    )
    orientation = orientation_for(state.settings, state.map, attacker.hex, target_hex)
    return PreparedSmoke(attacker, target_hex, plan, orientation, tokens)


def _reveal(state: ToIState, tokens: tuple[Token, ...]) -> tuple[ToIState, list[Event]]:
    events = []
    ids = {t.id for t in tokens}
    state = replace(
        state, tokens=tuple(replace(t, face_up=True) if t.id in ids else t for t in state.tokens)
    )
    for t in tokens:
        events.append(
            Event.of(
                "token-revealed",
                {"side": t.side, "unit": t.unit, "munition": t.munition.value},
                msg(
                    "{unit}'s munitions token is flipped: {munition} (TOI-GEN-7)",
                    unit=t.unit,
                    munition=t.munition.value,
                ),
            )
        )
    return state, events


def _fatigue(state: ToIState, units: tuple[Unit, ...]) -> ToIState:
    for u in units:
        state = state.with_unit(replace(state.unit(u.id), activation="fatigued"))
    return state


def attack(
    state: ToIState, a: Attack, dice: DiceSource, seat: str | None
) -> tuple[ToIState, list[Event]]:
    attacker = state.unit(a.unit)
    check_seat(seat, attacker.side, state)
    prepared = prepare_attack(state, a)
    if isinstance(prepared, PreparedSmoke):
        return _smoke_round(state, prepared, dice)
    state, events = _reveal(state, prepared.revealed)
    state = _fatigue(state, (prepared.attacker, *prepared.supporters))
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


def _smoke_round(
    state: ToIState, p: PreparedSmoke, dice: DiceSource
) -> tuple[ToIState, list[Event]]:
    state, events = _reveal(state, p.revealed)
    roll = resolve_smoke_round(p.plan, dice)
    landing = land_smoke(
        roll, p.target_hex, state.map, state.smoke_hexes, p.orientation, state.settings
    )
    state = _fatigue(state, (p.attacker,))
    if roll.outcome == "misfire":
        for t in p.revealed:
            if t.munition is Munition.SMOKE:
                state = return_token(state, t)
    state = _place_smoke(state, landing)
    if landing.path:
        state = replace(state, last_drift=(str(p.target_hex), str(landing.path[-1])))
    events.append(
        _smoke_event(
            p, roll.black, roll.hits, roll.outcome, roll.drift_red, roll.drift_black, landing
        )
    )
    return state, events


def _place_smoke(state: ToIState, landing: Landing) -> ToIState:
    if landing.hex is None:
        return state
    kept = tuple(s for s in state.smoke if s.hex != landing.hex)
    return replace(state, smoke=(*kept, SmokeMarker(landing.hex, state.round)))


def _smoke_event(
    p: PreparedSmoke,
    black: tuple[int, ...],
    hits: int,
    outcome: str,
    red_die: int | None,
    black_die: int | None,
    landing: Landing,
) -> Event:
    data: dict[str, Any] = {
        "unit": p.attacker.id,
        "hex": str(p.target_hex),
        "band": p.plan.band.value,
        "dice": p.plan.dice,
        "hit_on": p.plan.hit_on,
        "black": list(black),
        "hits": hits,
        "outcome": outcome,
        "landing": str(landing.hex) if landing.hex else None,
        "reason": landing.reason,
    }
    clause = {"placed": "TOI-SMK-3", "drift": "TOI-SMK-4", "misfire": "TOI-SMK-5"}[outcome]
    shot = (
        "{unit} fires Smoke at {hex} ({range}): {dice} dice hitting on {hit_on}+ "
        "{black} = {hits} hit(s)"
    )
    args: dict[str, Any] = {
        "unit": p.attacker.id,
        "hex": str(p.target_hex),
        "range": term(f"{p.plan.band.value} range"),
        "dice": p.plan.dice,
        "hit_on": p.plan.hit_on,
        "black": str(list(black)),
        "hits": hits,
    }
    if outcome == "drift":
        data.update(
            drift_red=red_die,
            drift_black=black_die,
            direction=landing.direction.name if landing.direction is not None else None,
        )
        shot += "; drift: red {red}, black {black_die}"
        args.update(red=red_die, black_die=black_die)
        if landing.direction is not None:
            shot += " -> {count} hex(es) {direction}"
            args.update(count=len(landing.path), direction=landing.direction.name)
    if outcome == "misfire":
        shot += "; misfire: the Smoke token is discarded"
    shot += "; {landing} ({clause})"
    data["clause"] = clause
    message = msg(shot, **args, landing=landing.label_term, clause=clause)
    return Event.of("smoke-round", data, message)


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
