"""The whole-shot figures of the game's odds preview (``Game.odds`` for a ``fire`` with a range).

The preview builds the very :class:`~ordnance.asl.shot.GunShot` the ``fire``
action resolves (:func:`ordnance.asl.fire.whole_shot_plan`) and answers with
:func:`ordnance.asl.shot_odds.gun_odds`, so the page, ``asl game odds`` and
``asl odds gun`` print the same fractions. ``compare`` holds AP against each
APCR/APDS/HEAT the Gun still has, at the same target, as bar-chart series
(``chart``: ``x`` and ``series.p_hit`` / ``series.p_kill``).
"""

from __future__ import annotations

from typing import Any

from ordnance.asl.actions import Fire
from ordnance.asl.record import AslState, Capability, Gun
from ordnance.asl.shot_odds import compare_ammo, gun_odds
from ordnance.core.errors import OrdnanceError

COMPARED = ("APCR", "APDS", "HEAT")


def whole_shot_preview(
    state: AslState, gun: Gun, act: Fire, ammo: Any, cap: Capability | None
) -> dict[str, Any] | None:
    """``{"whole_shot", "p_hit", "p_kill", "compare"}`` or a refusal with its clause; None
    when the action gives no range (the preview is then the depletion check alone)."""
    if act.range is None:
        return None
    from ordnance.asl.fire import captured_use, whole_shot_plan

    try:
        planned = whole_shot_plan(state, gun, act, ammo, cap, captured_use(gun, act.captured))
        assert planned is not None
        spec, _plan = planned
        report = gun_odds(spec)
    except OrdnanceError as exc:
        return {"whole_shot": {"refused": exc.message, "clause": exc.clause}}
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
