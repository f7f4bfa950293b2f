"""ASL's whole Gun shot and its comparison across ammunition (notes B5, B6)."""

from __future__ import annotations

from ordnance.asl.shot.question import ammo_comparison, whole_shot
from ordnance.core.calculators import Calculator, calculator


def _ammo_list(text: str) -> list[str]:
    """``"AP, APCR=5; HEAT"`` -> ``["AP", "APCR=5", "HEAT"]`` (commas, semicolons or spaces)."""
    return text.replace(",", " ").replace(";", " ").split()


_GUN_EXAMPLE = {"gun": "75L", "range": 3, "ammo": "APCR", "depletion": 5, "af": 11}

_GUN_FLAGS = {
    "depletion": ("-n",),
    "breakdown": ("-b",),
    "shots": ("-k",),
    "red": ("--red/--black",),
}

#: The longer help: the title and what it does not say.
_HELP = (
    "AP against APCR, APDS and HEAT at the same target: hit and kill.\n\n"
    "The whole shot with each ammunition at the same target (a chart of hit and kill)."
)

# One line a calculator; the formatter is off so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(whole_shot, "gun", "Exact odds of the whole shot: To Hit, depletion, B#, To Kill or IFT (notes B5, B6).", ("ASL-8.1-a", "ASL-8.9-a"), hint="distribution", command=("odds", "gun"), parsers={"compare": _ammo_list}, flags=_GUN_FLAGS, local=("library",), example=_GUN_EXAMPLE),
    calculator(ammo_comparison, "gun-compare", "AP against APCR, APDS and HEAT at the same target: hit and kill.", ("ASL-8.1-a", "ASL-8.9-a"), help=_HELP, hint="comparison", command=("odds", "gun-compare"), parsers={"compare": _ammo_list}, flags=_GUN_FLAGS, local=("library",), example={**_GUN_EXAMPLE, "compare": ["AP", "APCR=5", "HEAT"]}),
)
# fmt: on

__all__ = ["CALCULATORS"]
