"""ASL's Canister shot off the map (ASL-8.4)."""

from __future__ import annotations

from ordnance.asl.canister.question import canister_answer
from ordnance.core.calculators import Calculator, calculator

#: The longer help: the title and what it does not say.
_HELP = (
    "One Canister shot off the map: attacked Locations, their DRM, and exact odds "
    "or a result.\n\nWithout dice the exact odds per Location (ASL-8.4-d/f/g/i); with --dr "
    "that IFT DR resolved."
)

# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(canister_answer, "canister", "One Canister shot off the map: attacked Locations, their DRM, and exact odds or a result.", ("ASL-8.4",), help=_HELP, flags={"fp": ("--canister-fp", "--fp"), "depletion": ("-n",), "breakdown": ("-b",), "dr": ("--dr", "--dice")}, example={"fp": 12, "ca": 0}),
)
# fmt: on

__all__ = ["CALCULATORS"]
