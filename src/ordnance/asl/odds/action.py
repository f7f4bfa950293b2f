"""Exact odds of a shot before it is taken, for ``Game.odds`` (ASL-8.9-c/d/e, B5.7, B5.8).

The answer the page's odds panel and ``ordnance game odds`` show: for
ordinary ammunition the malfunction chance (B#, Intensive Fire lowering it by
2); for special ammunition the depletion outcome and malfunction joint
(:mod:`ordnance.asl.odds.depletion`); plus the whole shot with a range (notes
B5, B6, :mod:`ordnance.asl.shot.preview`), a SMOKE/WP placement and Canister
per Location (:func:`ordnance.asl.procedures.fire_canister.canister_shot_odds`).
An undeclared shot that the automatic choice refuses (ASL-8.8-b) answers with
the refusal and its clause.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ordnance.asl.actions import Fire, FireCanister, PlaceSmoke, parse_action
from ordnance.asl.odds.depletion import (
    malfunction_distribution,
    shot_distribution,
    shot_with_malfunction,
)
from ordnance.asl.procedures.fire_canister import canister_shot_odds
from ordnance.asl.rules.board import accept_hexes
from ordnance.asl.rules.depletion import breakdown_number
from ordnance.asl.rules.notation import Ammo
from ordnance.asl.shapes import AslShotOdds
from ordnance.asl.shot.checks import check_automatic_choice, resolve_ammo
from ordnance.asl.shot.preview import placement_preview, whole_shot_preview
from ordnance.asl.state import AslState
from ordnance.core.errors import RuleViolation
from ordnance.core.messages import nested, said
from ordnance.core.odds.distribution import fraction_text

__all__ = ["shot_odds"]


def shot_odds(state: AslState, action: Mapping[str, Any]) -> AslShotOdds | None:
    """The odds of a shot action; None for an action that rolls no shot or an unknown Gun."""
    kind = action.get("type")
    if kind not in ("fire", "place_smoke", "place_wp", "fire_canister"):
        return None
    action = accept_hexes(state.settings.board, action)
    act = parse_action(action)
    gun = state.gun(str(action.get("gun")))
    if gun is None:
        return None
    intensive = bool(getattr(act, "intensive", False))
    if isinstance(act, Fire):
        ammo, special = resolve_ammo(gun, act.ammo)
        if not special:
            try:
                check_automatic_choice(gun, act)
            except RuleViolation as exc:
                return {
                    "title": said(
                        "{gun}: {message}",
                        gun=gun.id,
                        message=nested(exc.said) if exc.said is not None else exc.message,
                    ),
                    "distribution": {"refused": "1/1"},
                    "clause": exc.clause,
                }
    elif isinstance(act, PlaceSmoke):
        ammo, special = (Ammo.SMOKE if act.type == "place_smoke" else Ammo.WP), True
    else:
        ammo, special = Ammo.CANISTER, True
    if not special or ammo is None:
        b = breakdown_number(gun.breakdown, intensive=intensive)
        dist = malfunction_distribution(gun.breakdown, intensive=intensive)
        ordinary: AslShotOdds = {
            "title": said(
                "{gun}: ordinary shot, malfunction on DR >= {breakdown}", gun=gun.id, breakdown=b
            ),
            "distribution": dist.to_json(),
        }
        if isinstance(act, Fire):  # notes B5/B6: the whole shot when a range is given
            whole = whole_shot_preview(state, gun, act, ammo, None)
            if whole is not None:
                ordinary = {**ordinary, **whole}
        return ordinary
    cap = gun.capability(ammo.value)
    if cap is None or cap.status != "available":
        return {
            "title": said("{gun}: {ammo} is not available", gun=gun.id, ammo=ammo.value),
            "distribution": {"refused": "1/1"},
        }
    dist = shot_distribution(cap.depletion)
    joint = shot_with_malfunction(cap.depletion, gun.breakdown, intensive=intensive)
    answer: AslShotOdds = {
        "title": said(
            "{gun}: {ammo} N={n} (ASL-8.9-c/d/e)", gun=gun.id, ammo=ammo.value, n=cap.depletion
        ),
        "distribution": dist.to_json(),
        "malfunction": fraction_text(joint.probability(lambda o: o[1])),
        "available_after": fraction_text(dist["used"]),
        "joint": {
            f"{o}{' + malfunction' if m else ''}": fraction_text(p) for (o, m), p in joint.items()
        },
    }
    if isinstance(act, FireCanister):
        answer = {**answer, **canister_shot_odds(state, gun, act, cap)}
    if isinstance(act, Fire):  # notes B5/B6: the whole shot when a range is given
        whole = whole_shot_preview(state, gun, act, ammo, cap)
        if whole is not None:
            answer = {**answer, **whole}
    if isinstance(act, PlaceSmoke):  # C8.9: placed only by a hit
        answer = {**answer, **placement_preview(state, gun, act, ammo, cap)}
    return answer
