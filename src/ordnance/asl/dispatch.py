"""One action to its procedure, and the rule behind refused entered dice.

:func:`apply_action` is what ``AslGame.apply`` runs: it validates the action
(:mod:`ordnance.asl.actions`, printed hex ids read on the table's board) and hands
it to its procedure, one module per action (``add_gun``, ``set_phase`` and ``done``,
``declare_ammo``, ``fire``, ``place_smoke``/``place_wp``, ``fire_canister``,
``turn_ca``, ``fire_scw``). :func:`dice_rule` names the clause of refused dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ordnance.asl.actions import (
    DICE_CLAUSE,
    DICE_HINT,
    AddGun,
    DeclareAmmo,
    Done,
    Fire,
    FireCanister,
    FireScw,
    PlaceSmoke,
    SetPhase,
    TurnCa,
    parse_action,
)
from ordnance.asl.procedures.add_gun import add_gun
from ordnance.asl.procedures.declare_ammo import declare_ammo
from ordnance.asl.procedures.fire import fire
from ordnance.asl.procedures.fire_canister import fire_canister
from ordnance.asl.procedures.fire_scw import fire_scw
from ordnance.asl.procedures.place_smoke import place_smoke
from ordnance.asl.procedures.set_phase import done, set_phase
from ordnance.asl.procedures.turn_ca import turn_ca
from ordnance.asl.rules.board import accept_hexes
from ordnance.asl.seats import own_gun
from ordnance.asl.state import AslState
from ordnance.core.dice import DiceSource
from ordnance.core.errors import UnknownName
from ordnance.core.game import Outcome
from ordnance.core.messages import msg


def apply_action(
    state: AslState, action: Mapping[str, Any], dice: DiceSource, seat: str | None
) -> Outcome[AslState]:
    """Run one action; a refusal comes before any die is asked for."""
    act = parse_action(accept_hexes(state.settings.board, action))  # C5 -> q,r
    if isinstance(act, AddGun):
        return add_gun(state, act, seat)
    if isinstance(act, SetPhase):
        return set_phase(state, act)
    if isinstance(act, Done):
        return done(state, act, seat)
    if isinstance(act, DeclareAmmo):
        return declare_ammo(state, act, seat)
    if isinstance(act, Fire):
        return fire(state, own_gun(state, act.gun, seat), act, dice)
    if isinstance(act, PlaceSmoke):
        return place_smoke(state, own_gun(state, act.gun, seat), act, dice)
    if isinstance(act, FireCanister):
        return fire_canister(state, own_gun(state, act.gun, seat), act, dice)
    if isinstance(act, TurnCa):
        return turn_ca(state, act, seat)
    if isinstance(act, FireScw):
        return fire_scw(state, act, seat)
    raise UnknownName(
        msg("unknown ASL action {value!r}", value=action.get("type"))
    )  # pragma: no cover


def dice_rule() -> tuple[str, str]:
    """Every ASL roll is a DR (notes B2): two dice, the coloured die first."""
    return DICE_CLAUSE, DICE_HINT
