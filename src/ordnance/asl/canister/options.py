"""Canister's documented alternatives (ASL-AMB-7 to ASL-AMB-10), one Pydantic model.

Every Canister step (:mod:`ordnance.asl.canister.aim`,
:mod:`ordnance.asl.canister.attacks`, :mod:`ordnance.asl.canister.resolve`,
:mod:`ordnance.asl.canister.odds`) takes a :class:`CanisterOptions`; its
defaults are the notes' recommended readings.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ordnance.core.fields import Record

__all__ = ["CanisterOptions"]


class CanisterOptions(Record):
    """The documented alternatives to the notes' recommended defaults (ASL-AMB-7 to -10)."""

    canister_geometry: Literal["vertex-ring", "hexside-path"] = Field(
        "vertex-ring",
        description=(
            "ASL-AMB-7: 'vertex-ring' (default) aims at vertices shared by range-2 and range-3 "
            "hexes; 'hexside-path' at vertices two hexside steps out from the Gun hex's corners "
            "(one adjacent hex and two range-2 hexes)."
        ),
    )
    canister_ca: Literal["hexrow-bounded", "hexspine-bounded"] = Field(
        "hexrow-bounded",
        description=(
            "ASL-AMB-7: 'hexrow-bounded' (default) CA between the two hexrows of the facing "
            "hexspine; 'hexspine-bounded' CA centred on the spine's first direction and bounded "
            "by the rays through the two corners of that hexside (variant maps)."
        ),
    )
    canister_reductions: Literal["cumulative", "largest"] = Field(
        "cumulative",
        description=(
            "ASL-AMB-8: 'cumulative' (default) multiplies the movement halving and the adjacent "
            "hex halving/quartering; 'largest' applies only the largest single reduction."
        ),
    )
    canister_dr: Literal["one", "per-location"] = Field(
        "one",
        description=(
            "ASL-AMB-9: 'one' (default) IFT DR for every Location, each with its own Final DR; "
            "'per-location' rolls a DR per Location, the first one being the depletion and "
            "malfunction check."
        ),
    )
    canister_vehicles: Literal["armored-immune", "all-immune"] = Field(
        "armored-immune",
        description=(
            "ASL-AMB-10: 'armored-immune' (default): armored vehicles are immune, unarmored "
            "vehicles are attacked (IFT vehicle line); 'all-immune': every vehicle is immune and "
            "only Vulnerable PRC are attacked."
        ),
    )
