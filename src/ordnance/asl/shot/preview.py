"""The whole-shot figures of the game's odds preview (``Game.odds`` for a ``fire`` with a range).

The preview builds the very :class:`~ordnance.asl.shot.spec.GunShot` the ``fire``
action resolves (:func:`ordnance.asl.procedures.fire.whole_shot_plan`) and answers with
:func:`ordnance.asl.shot.odds.gun_odds`, so the page, ``asl game odds`` and
``asl odds gun`` print the same fractions. ``compare`` holds AP against each
APCR/APDS/HEAT the Gun still has, at the same target, as bar-chart series
(``chart``: ``x`` and ``series.p_hit`` / ``series.p_kill``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ordnance.asl.actions import Fire
from ordnance.asl.procedures.fire import whole_shot_plan
from ordnance.asl.procedures.place_smoke import placement_to_hit
from ordnance.asl.rules.depletion import depletion_outcome
from ordnance.asl.rules.to_hit import judge
from ordnance.asl.shapes import PlacementPart, WholeShotPart
from ordnance.asl.shot.checks import captured_use, check_hex
from ordnance.asl.shot.odds import compare_ammo, gun_odds
from ordnance.asl.state import AslState, Capability, Gun
from ordnance.core.dice import DR
from ordnance.core.errors import OrdnanceError
from ordnance.core.odds.distribution import fraction_text

COMPARED = ("APCR", "APDS", "HEAT")


def whole_shot_preview(
    state: AslState, gun: Gun, act: Fire, ammo: Any, cap: Capability | None
) -> WholeShotPart | None:
    """``{"whole_shot", "p_hit", "p_kill", "compare"}`` or a refusal with its clause; None
    when the action gives no range (the preview is then the depletion check alone)."""
    if act.range is None:
        return None

    try:
        planned = whole_shot_plan(state, gun, act, ammo, cap, captured_use(gun, act.captured))
        assert planned is not None
        spec, _plan = planned
        report = gun_odds(spec)
    except OrdnanceError as exc:
        return {"whole_shot": {"refused": exc.message, "clause": exc.clause, "hint": exc.hint}}
    depletions: dict[str, int | None] = {"AP": None}
    refused: dict[str, dict[str, str | None]] = {}
    for name in COMPARED:
        c = gun.capability(name)
        if c is None:
            continue
        if c.status != "available":
            refused[name] = {"message": f"{name} is {c.status}", "clause": c.clause}
            continue
        depletions[name] = c.depletion
    return {
        "whole_shot": report,
        "p_hit": report["p_hit"],
        "p_kill": report["p_kill"],
        "compare": compare_ammo(spec, depletions, refused=refused),
    }


def placement_preview(
    state: AslState, gun: Gun, act: Any, ammo: Any, cap: Capability
) -> PlacementPart:
    """``{"placed": p}`` for a SMOKE/WP placement: DR <= N (ASL-8.9-c/d) and a hit (C8.9).

    Summed over the 36 dice with the same TH# and DRM the placement uses
    (:func:`ordnance.asl.procedures.place_smoke.placement_to_hit`); a refusal gives its clause.
    """

    try:
        th, drm = placement_to_hit(state, gun, act, ammo, check_hex(act.target), captured_use(gun))
    except OrdnanceError as exc:
        return {"placed": None, "placement_refused": exc.message, "clause": exc.clause}
    ways = 0
    for coloured in range(1, 7):
        for white in range(1, 7):
            dr = DR(coloured, white)
            used = depletion_outcome(dr.total, cap.depletion).value != "not-available"
            if used and judge(th, drm, dr, options=state.settings.options).hit:
                ways += 1

    return {"placed": fraction_text(Fraction(ways, 36)), "th": th.number, "drm": drm.total}
