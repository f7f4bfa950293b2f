"""Buying a munitions token in the Status Phase (TOI-GEN-2..6, TOI-AMB-11, TOI-AMB-12).

One command buys one token, placed face down beside one of the nation's own
vehicles; at most three a Status Phase and three on the board. The type is
chosen by the buyer or, with the TOI-AMB-12 option, drawn at random from the
supply. :func:`carrier_refusal` is the one place of the unit and nation checks,
so the buy form offers exactly the units :func:`buy` accepts.
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.core.dice import DiceSource
from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from ordnance.core.messages import msg
from ordnance.toi.actions import Buy
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.seats import check_seat, check_status_step, secret_event
from ordnance.toi.shapes import TokenBoughtEvent, TokenBoughtPublic
from ordnance.toi.state import ToIState, Token, Unit

#: The on-board cap per nation (TOI-GEN-6) and the purchase limit per Status Phase (TOI-GEN-4).
MAX_ON_BOARD = 3
MAX_PER_STATUS_PHASE = 3
TOKEN_COST = 1


def buy(
    state: ToIState, a: Buy, dice: DiceSource, seat: str | None
) -> tuple[ToIState, list[Event]]:
    """Buy one token and place it face down beside a vehicle (TOI-GEN-2..6)."""
    s = state.settings
    if not s.munitions_in_force:
        why = (
            "the scenario forbids them"
            if s.scenario_munitions == "forbidden"
            else "the players did not agree to use them"
        )
        raise RuleViolation(
            "TOI-GEN-2",
            msg("munitions tokens are not in use in this game: {why}", why=why),
            hint="this scenario is played without tokens; a scenario rule overrides any agreement"
            if s.scenario_munitions == "forbidden"
            else "both players may agree to use them when the game is created "
            "(munitions_agreed=true)",
        )
    unit = state.unit(a.unit)
    if seat is not None and seat in state.sides and seat != unit.side:
        raise RuleViolation(
            "TOI-GEN-5",
            msg(
                "{id} belongs to {side}: a token goes beside one of your own nation's units",
                id=unit.id,
                side=unit.side,
            ),
            hint=msg("pick one of your own vehicles or pieces of equipment"),
        )
    check_seat(seat, unit.side, state)
    check_status_step(
        state,
        "munitions",
        "TOI-GEN-4",
        msg(
            "tokens are bought only in the Status Phase, right before Op Fire placement (now: {position})",
            position=state.position,
        ),
        msg("advance to the munitions step first"),
    )
    refusal = carrier_refusal(state, unit)
    if refusal is not None:
        raise refusal
    nation = state.nation(unit.side)
    munition = _choose_type(state, a, nation.name, dice)
    nation = replace(
        nation,
        command=nation.command - TOKEN_COST,
        bought_this_status=nation.bought_this_status + 1,
        purchases=nation.purchases + 1,
    )
    if not s.unlimited_supply:
        nation = nation.with_supply(munition, -1)
    token = Token(
        id=f"{nation.name}-{nation.purchases}",
        side=nation.name,
        munition=munition,
        unit=unit.id,
        bought_in_status=state.status_no,
    )
    state = replace(state.with_nation(nation), tokens=(*state.tokens, token))
    event = secret_event(
        nation.name,
        "token-bought",
        TokenBoughtEvent(
            side=nation.name,
            unit=unit.id,
            token=token.id,
            munition=munition.value,
            command=nation.command,
        ),
        msg(
            "{side} bought {munition} (token {token}) and placed it face down beside {unit}; "
            "command {before} -> {after}",
            side=nation.name,
            munition=munition.value,
            token=token.id,
            unit=unit.id,
            before=nation.command + 1,
            after=nation.command,
        ),
        TokenBoughtPublic(side=nation.name, unit=unit.id, command=nation.command),
        msg(
            "{side} placed a munitions token face down beside {unit} (1 command; {left} left)",
            side=nation.name,
            unit=unit.id,
            left=nation.command,
        ),
    )
    return state, [event]


def carrier_refusal(state: ToIState, unit: Unit) -> RuleViolation | None:
    """Why ``unit``'s nation may not buy a token for it now, or ``None`` if it may.

    One place for the unit and nation checks of a purchase (TOI-GEN-4..6,
    notes B7, TOI-AMB-11), so the buy form offers exactly the units that
    :func:`buy` accepts.
    """
    s = state.settings
    if not unit.alive:
        return RuleViolation(
            "TOI-GEN-5",
            msg("{id} is no longer on the board", id=unit.id),
            hint=msg("pick a unit in play"),
        )
    if not unit.is_vehicle:
        return RuleViolation(
            "TOI-GEN-5",
            msg(
                "{id} is a squad: a token goes beside a vehicle or a piece of equipment", id=unit.id
            ),
            hint=msg(
                "pick one of your vehicles or pieces of equipment (AT guns count as vehicles)"
            ),
        )
    if unit.profile.vs_vehicle.firepower == 0 and unit.profile.vs_infantry.firepower == 0:
        return RuleViolation(
            "TOI-B7",
            msg("{id} has no attack, so a token beside it could never be revealed", id=unit.id),
            hint=msg("pick a vehicle that can attack"),
        )
    nation = state.nation(unit.side)
    on_board = len(state.tokens_of(nation.name))
    if on_board >= MAX_ON_BOARD:
        return RuleViolation(
            "TOI-GEN-6",
            msg("{name} already has three munitions tokens on the board", name=nation.name),
            hint=msg("use or discard a token first"),
        )
    if nation.bought_this_status >= MAX_PER_STATUS_PHASE:
        return RuleViolation(
            "TOI-GEN-4",
            msg("{name} already bought three tokens this Status Phase", name=nation.name),
            hint=msg("buy more in the next Status Phase"),
        )
    if nation.command < TOKEN_COST:
        return RuleViolation(
            "TOI-GEN-4",
            msg(
                "{name} holds {command} command; a token costs 1",
                name=nation.name,
                command=nation.command,
            ),
            hint=msg("receive command in the Command Phase"),
        )
    if len(state.tokens_on(unit.id)) >= s.tokens_per_unit:
        return RuleViolation(
            "TOI-AMB-11",
            msg("{id} already carries a munitions token", id=unit.id),
            hint=msg("pick another vehicle (one token per unit by default)"),
        )
    return None


def _choose_type(state: ToIState, a: Buy, side: str, dice: DiceSource) -> Munition:
    s = state.settings
    nation = state.nation(side)
    if s.token_choice == "random":
        if a.munition is not None:
            raise RuleViolation(
                "TOI-AMB-12",
                msg("in this game tokens are drawn at random from the supply"),
                hint=msg("buy without naming a type"),
            )
        pool = [m for m in Munition for _ in range(nation.supply_count(m))]
        if s.unlimited_supply:
            pool = list(Munition)
        if not pool:
            raise RuleViolation(
                "TOI-GEN-3", msg("{side} has no token left in its supply", side=side)
            )
        return pool[dice.die(len(pool), "token draw") - 1]
    if a.munition is None:
        raise RuleViolation(
            "TOI-AMB-12",
            msg("name the type of token to buy"),
            hint=msg("one of HE, AP-B, AP-C, Smoke"),
        )
    if not s.unlimited_supply and nation.supply_count(a.munition) <= 0:
        raise RuleViolation(
            "TOI-GEN-3",
            msg(
                "{side} has no {value} token left in its supply", side=side, value=a.munition.value
            ),
            hint=msg("buy another type, or wait for a token to return to the supply"),
        )
    return a.munition
