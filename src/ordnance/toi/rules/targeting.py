"""Planning an attack or a Smoke round from the game state, before any die is rolled.

:func:`prepare_attack` applies every check of the attack procedure to the
state (Action Phase and activation, TOI-B8/B9; target and LOS, TOI-B4,
TOI-B2, TOI-B10; combined fire, TOI-B5; the attacker's face-down tokens,
TOI-GEN-7) and returns the plan :mod:`~ordnance.toi.rules.attack` resolves. An attacker holding
a Smoke token fires a Smoke round instead (TOI-SMK-1, TOI-SMK-2). The same
plan serves the roll (:mod:`~ordnance.toi.procedures.combat`, :mod:`~ordnance.toi.procedures.smoke_round`) and the exact
odds (:mod:`~ordnance.toi.odds.action`), which plans as a seat that may not know the
tokens.
"""

from __future__ import annotations

from dataclasses import dataclass

from ordnance.core.errors import RuleViolation
from ordnance.core.forms import numbered_hex
from ordnance.core.hexes import Direction, Hex, parse_hex
from ordnance.core.messages import msg, term
from ordnance.toi.actions import Attack
from ordnance.toi.rules.attack import (
    AttackInput,
    AttackPlan,
    RangeBand,
    Supporter,
    plan_attack,
    range_band,
    worst_band,
)
from ordnance.toi.rules.damage import armour_penalty, firepower_halvings
from ordnance.toi.rules.hexmap import cover, has_los
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.rules.smoke import SmokePlan, orientation_for, plan_smoke, smoke_allowed
from ordnance.toi.state import Phase, ToIState, Token, Unit


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


def _defence(state: ToIState, target: Unit) -> int:
    """Defence dice = armour (less damage) + cover of the hex, +2 in smoke (B4, B6, B10)."""
    armour = (
        max(target.profile.armour - armour_penalty(target.damage), 0) if target.is_vehicle else 0
    )
    return armour + cover(state.map, target.hex, state.smoke_hexes)


def _los(state: ToIState, a: Hex, b: Hex, who: str) -> None:
    if has_los(state.map, a, b, state.smoke_hexes):
        return
    clause = "TOI-B10" if has_los(state.map, a, b) else "TOI-B2"
    why = term(
        "smoke blocks the line of sight"
        if clause == "TOI-B10"
        else "terrain blocks the line of sight"
    )
    raise RuleViolation(
        clause,
        msg("{who} has no line of sight from {a} to {b}: {why}", who=who, a=a, b=b, why=why),
        hint=msg("pick a target in line of sight"),
    )


def _check_activation(u: Unit, mode: str, role: str) -> None:
    if mode == "op_fire":
        if u.activation != "op-fire":
            raise RuleViolation(
                "TOI-B9",
                msg("{id} is not on Op Fire", id=u.id),
                hint=msg("only units placed on Op Fire may Op Fire"),
            )
    elif u.activation != "fresh":
        raise RuleViolation(
            "TOI-B8",
            msg(
                "{id} is {activation}: only a fresh unit may be activated",
                id=u.id,
                activation=u.activation,
            ),
            hint=msg("pick a fresh unit as {role}", role=role),
        )


def face_down_tokens(state: ToIState, unit: Unit) -> tuple[Token, ...]:
    """The unit's tokens still face down (those an attack would reveal, TOI-GEN-7)."""
    return tuple(t for t in state.tokens_on(unit.id) if not t.face_up)


def prepare_attack(
    state: ToIState, a: Attack, *, know_tokens: bool = True
) -> PreparedAttack | PreparedSmoke:
    """Plan an attack or a Smoke round without rolling. ``know_tokens=False`` plans as
    someone who cannot see the attacker's face-down tokens (the odds for an opponent)."""
    if state.phase is not Phase.ACTION:
        raise RuleViolation(
            "TOI-B8",
            msg("attacks are made in the Action Phase (now: {position})", position=state.position),
            hint=msg("advance to the action phase"),
        )
    attacker = state.unit(a.unit)
    if not attacker.alive:
        raise RuleViolation("TOI-B8", msg("{id} is no longer on the board", id=attacker.id))
    if not (a.mode != "op_fire" and attacker.id == state.open_move()):
        _check_activation(attacker, a.mode, "attacker")  # the mover may still fire (TOI-ACT-3)
    tokens = face_down_tokens(state, attacker) if know_tokens else ()
    if any(t.munition is Munition.SMOKE for t in tokens):
        return _prepare_smoke(state, a, attacker, tokens)
    if a.target is None:
        raise RuleViolation(
            "TOI-SMK-1",
            msg("only a Smoke round targets a hex; an attack targets a unit"),
            hint=msg("name a target unit"),
        )
    target = state.unit(a.target)
    if not target.alive:
        raise RuleViolation("TOI-B4", msg("{id} is no longer on the board", id=target.id))
    if target.side == attacker.side:
        raise RuleViolation(
            "TOI-B4",
            msg("{id} is on your own side", id=target.id),
            hint=msg("attack an enemy unit"),
        )
    vs_vehicle = target.is_vehicle
    kind = "vehicle" if vs_vehicle else "squad"
    fp = attacker.firepower(vs_vehicle)
    if fp <= 0 or attacker.range_value(vs_vehicle) <= 0:
        raise RuleViolation(
            "TOI-B4", msg("{id} has no firepower against a {kind}", id=attacker.id, kind=kind)
        )
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
            raise RuleViolation("TOI-B5", msg("{id} is named twice in the attack", id=sup.id))
        if sup.side != attacker.side or not sup.alive:
            raise RuleViolation(
                "TOI-B5", msg("{id} cannot join: not a friendly unit in play", id=sup.id)
            )
        _check_activation(sup, a.mode, "supporter")
        if sup.morale != "normal":
            raise RuleViolation(
                "TOI-B5",
                msg("{id} is {morale} and cannot join combined fire", id=sup.id, morale=sup.morale),
            )
        if sup.firepower(vs_vehicle) <= 0:
            raise RuleViolation(
                "TOI-B5", msg("{id} has no firepower against a {kind}", id=sup.id, kind=kind)
            )
        _los(state, sup.hex, target.hex, sup.id)
        band = band_of(sup)
        if band is RangeBand.OUT:
            raise RuleViolation(
                "TOI-B5",
                msg("{id} is out of range of {id2}", id=sup.id, id2=target.id),
                hint=msg("leave it out"),
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
        defence=_defence(state, target),
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
        raise RuleViolation(
            "TOI-SMK-1", msg("a Smoke round targets a hex"), hint=msg("give the target hex")
        )
    state.map.info(target_hex)
    if a.support:
        raise RuleViolation(
            "TOI-SMK-2",
            msg("a Smoke round is fired by one unit alone"),
            hint=msg("leave out the supporting units"),
        )
    why = smoke_allowed(state.map, target_hex, state.smoke_hexes)
    if why is not None and state.settings.smoke_targets == "open_only":
        raise RuleViolation(
            "TOI-AMB-5",
            msg(
                "smoke cannot be placed in {value} ({why}; no smoke in buildings, one per hex, B10)",
                value=numbered_hex(target_hex),
                why=why,
            ),
            hint=msg("target a hex without a building or smoke"),
        )
    fire = attacker.profile.vs_vehicle
    if fire.firepower <= 0 or fire.range <= 0:
        raise RuleViolation(
            "TOI-SMK-2",
            msg("{id} has no attack against vehicles to fire smoke with", id=attacker.id),
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
