"""The effect of a hit on Infantry: the IFT at the HE Equivalency or the HE FP.

AP, APCR, APDS and HEAT attack Personnel at their HE Equivalency FP
(ASL-8.31-h, :mod:`ordnance.asl.rules.he_equivalency`); HE at the FP its caliber
gives (notes B7.3). The second DR plus the entered TEM/Hindrance DRM is read
on that IFT column. :func:`ift_severity` orders IFT results, the worst for
the target first (the Canister branch and the shot sequences pick the worst
result with it).

>>> sorted(["1MC", "NMC", "1KIA", "K/2", "PTC", "2MC", "2KIA"], key=ift_severity)
['2KIA', '1KIA', 'K/2', '2MC', '1MC', 'NMC', 'PTC']
"""

from __future__ import annotations

from dataclasses import replace

from ordnance.asl.rules import ift
from ordnance.asl.rules.he_equivalency import he_equivalency
from ordnance.asl.rules.to_hit import parse_gun_size
from ordnance.asl.shot.outcome import ShotOutcome
from ordnance.core.dice import DR


def ift_effect(scored: ShotOutcome, second: DR) -> ShotOutcome:
    """The ``scored`` hit on an ``infantry`` target resolved on the IFT with the DR ``second``."""
    spec = scored.spec
    caliber, _mark = parse_gun_size(spec.gun)
    if spec.ammo == "HE":
        column = ift.he_column_for_caliber(caliber)
        fp_text, why = str(column), "HE FP by caliber (notes B7.3)"
        clause = "ASL-B7.3"
    else:
        eq = he_equivalency(spec.ammo, caliber_mm=caliber, options=spec.options)
        column = ift.fp_column(eq.fp)
        fp_text, why, clause = str(eq.fp), eq.reason, eq.clause
    final = second.total + spec.ift_drm
    cell = ift.result(column, final)
    data = {
        "fp": fp_text,
        "column": column,
        "why": why,
        "dr": [second.coloured, second.white],
        "drm": spec.ift_drm,
        "final_dr": final,
        "result": cell,
        "clause": clause,
    }
    return replace(
        scored,
        effect=cell or "no effect",
        ift=data,
        clauses=(*scored.clauses, "ASL-8.31-h", clause),
    )


def ift_severity(cell: str) -> tuple[int, int]:
    """Order IFT cells: more KIA first, then K/#, #MC, NMC, PTC."""
    res = ift.parse_result(cell)
    rank = {"KIA": 0, "K": 1, "MC": 2, "NMC": 3, "PTC": 4}[res.kind]
    return rank, -res.number
