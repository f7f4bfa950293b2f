"""Resolving a planned Smoke round on the board (TOI-SMK-1..5, TOI-B10).

The dice decide between placed, drift and misfire (:func:`~ordnance.toi.rules.smoke.resolve_smoke_round`);
:func:`~ordnance.toi.rules.smoke.land_smoke` finds where the marker ends, and this module puts it
on the map, returns a misfired Smoke token to the supply (TOI-SMK-5) and
writes the event.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.events import Event
from ordnance.core.forms import numbered_hex
from ordnance.core.messages import msg, term
from ordnance.toi.procedures.status_phase import return_token
from ordnance.toi.rules.firer import fatigue, reveal_tokens
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.rules.smoke import Landing, SmokeAim, land_smoke, resolve_smoke_round
from ordnance.toi.rules.targeting import PreparedSmoke
from ordnance.toi.shapes import SmokeRoundEvent
from ordnance.toi.state import SmokeMarker, ToIState


def smoke_round(
    state: ToIState, p: PreparedSmoke, dice: DiceSource
) -> tuple[ToIState, list[Event]]:
    """Roll a planned Smoke round and place, drift or lose the marker (TOI-SMK-3..5)."""
    state, events = reveal_tokens(state, p.revealed)
    roll = resolve_smoke_round(p.plan, dice)
    aim = SmokeAim(p.target_hex, state.map, state.smoke_hexes, p.orientation, state.settings)
    landing = land_smoke(roll, aim)
    state = fatigue(state, (p.attacker,))
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
    data: SmokeRoundEvent = {
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
        "hex": numbered_hex(p.target_hex),
        "range": term(f"{p.plan.band.value} range"),
        "dice": p.plan.dice,
        "hit_on": p.plan.hit_on,
        "black": str(list(black)),
        "hits": hits,
    }
    if outcome == "drift":
        data["drift_red"] = red_die
        data["drift_black"] = black_die
        data["direction"] = landing.direction.name if landing.direction is not None else None
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
