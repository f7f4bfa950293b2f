"""Exact odds of an attack action as the asking seat may know them (TOI-GEN-7).

The plan is the one the roll would use (:func:`~ordnance.toi.rules.targeting.prepare_attack`);
an opponent plans without the attacker's face-down tokens, and the answer
says their effect is left out. What the net hits do to the target (TOI-B4 a
squad's figures or morale, TOI-B6 a vehicle's damage) is the attack's own
:func:`~ordnance.toi.procedures.combat.apply_hits` run on each net-hit count,
so the chance to destroy the target is the resolving code's. A Smoke round
gives where the marker lands.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ordnance.core.forms import numbered_hex
from ordnance.core.messages import said, term
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.toi.actions import Attack, parse_action
from ordnance.toi.procedures.combat import apply_hits
from ordnance.toi.rules.attack import attack_distribution
from ordnance.toi.rules.smoke import SmokeAim, smoke_landing_distribution
from ordnance.toi.rules.targeting import PreparedSmoke, face_down_tokens, prepare_attack
from ordnance.toi.shapes import ToIAttackOdds, ToIOdds
from ordnance.toi.state import ToIState, Unit


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
    target = prepared.target
    after = {n: apply_hits(state, target, n, a.suppressive)[0].unit(target.id) for n in net}
    out: ToIAttackOdds = {
        "title": said(
            "{unit} attacks {target}: net hits", unit=attacker.id, target=prepared.target.id
        ),
        "distribution": net.to_json(),
        "p_kill": fraction_text(net.probability(lambda n: not after[n].alive)),
        "after": _after_json(net, {n: target_after(u) for n, u in after.items()}),
        "attack_dice": prepared.plan.attack_dice,
        "hit_on": prepared.plan.hit_on,
        "defence_dice": prepared.plan.defence_dice,
        "band": prepared.plan.band.value,
        "munitions": [t.munition.value for t in prepared.revealed],
    }
    if target.is_vehicle:
        out["p_damage"] = fraction_text(
            net.probability(lambda n: after[n].damage is not target.damage)
        )
    elif a.suppressive:
        out["p_morale"] = fraction_text(net.probability(lambda n: after[n].morale != target.morale))
    else:
        out["p_figure"] = fraction_text(
            net.probability(lambda n: after[n].figures < target.figures)
        )
    if hidden:
        out["note"] = "the attacker carries a face-down munitions token; its effect is not included"
    return out


#: A vehicle's damage state in words (TOI-B6).
_DAMAGE = {"undamaged": "undamaged", "light": "lightly damaged", "heavy": "heavily damaged"}


def target_after(unit: Unit) -> str:
    """The target's state after an attack, as the odds name it (TOI-B4, TOI-B6): a shown
    text (``said``), so a face words it in its reader's language."""
    if not unit.alive:
        return said("destroyed") if unit.is_vehicle else said("eliminated")
    if unit.is_vehicle:
        return said(_DAMAGE[unit.damage.value])
    if unit.morale == "normal":
        return said("{figures} figure(s) left", figures=unit.figures)
    return said(
        "{figures} figure(s) left, {morale}", figures=unit.figures, morale=term(unit.morale)
    )


def _after_json(net: Distribution[int], state_of: Mapping[int, str]) -> dict[str, str]:
    """Each state after the attack -> its chance, the least harm first (by net hits)."""
    acc: dict[str, Fraction] = {}
    for n in net.outcomes():
        acc[state_of[n]] = acc.get(state_of[n], Fraction(0)) + net[n]
    return {k: fraction_text(p) for k, p in acc.items()}
