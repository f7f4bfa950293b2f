"""``apply``: every action of the Tide of Iron munitions game, as pure functions.

Each refusal names its clause (``TOI-GEN-4``, ``TOI-HE-3``...). Events that
carry a secret (the type of a token bought or discarded face down) are marked
``secret_for`` the owner, with a public version that says "a munitions token"
and nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.errors import (
    InvalidDice,
    NotEnoughDice,
    OrdnanceError,
    TooManyDice,
)
from ordnance.core.game import Event
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
    attack_distribution,
)
from ordnance.toi.buy import buy
from ordnance.toi.combat import attack
from ordnance.toi.command import receive_command
from ordnance.toi.discard import discard
from ordnance.toi.move import move
from ordnance.toi.op_fire import place_op_fire
from ordnance.toi.smoke import (
    smoke_landing_distribution,
)
from ordnance.toi.state import ToIState
from ordnance.toi.targeting import PreparedSmoke, face_down_tokens, prepare_attack

# -- Status Phase: buy, discard, Op Fire ----------------------------------------------


# -- attacks ------------------------------------------------------------------------


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
