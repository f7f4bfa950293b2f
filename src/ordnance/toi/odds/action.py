"""Exact odds of an attack action as the asking seat may know them (TOI-GEN-7).

The plan is the one the roll would use (:func:`~ordnance.toi.rules.targeting.prepare_attack`);
an opponent plans without the attacker's face-down tokens, and the answer
says their effect is left out. A Smoke round gives where the marker lands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ordnance.core.forms import numbered_hex
from ordnance.core.messages import said, term
from ordnance.toi.actions import Attack, parse_action
from ordnance.toi.rules.attack import attack_distribution
from ordnance.toi.rules.smoke import SmokeAim, smoke_landing_distribution
from ordnance.toi.rules.targeting import PreparedSmoke, face_down_tokens, prepare_attack
from ordnance.toi.shapes import ToIAttackOdds, ToIOdds
from ordnance.toi.state import ToIState


def attack_odds(state: ToIState, action: Mapping[str, Any], seat: str | None) -> ToIOdds | None:
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
        aim = SmokeAim(
            prepared.target_hex,
            state.map,
            state.smoke_hexes,
            prepared.orientation,
            state.settings,
        )
        dist = smoke_landing_distribution(prepared.plan, aim)
        return {
            "title": said(
                "Smoke round by {unit} at {hex}",
                unit=term(attacker.label),
                hex=numbered_hex(prepared.target_hex),
            ),
            "distribution": dist.to_json(),
            "dice": prepared.plan.dice,
            "hit_on": prepared.plan.hit_on,
        }
    net = attack_distribution(prepared.plan)
    out: ToIAttackOdds = {
        "title": said(
            "{unit} attacks {target}: net hits", unit=attacker.id, target=prepared.target.id
        ),
        "distribution": net.to_json(),
        "attack_dice": prepared.plan.attack_dice,
        "hit_on": prepared.plan.hit_on,
        "defence_dice": prepared.plan.defence_dice,
        "band": prepared.plan.band.value,
        "munitions": [t.munition.value for t in prepared.revealed],
    }
    if hidden:
        out["note"] = "the attacker carries a face-down munitions token; its effect is not included"
    return out
