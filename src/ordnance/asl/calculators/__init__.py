"""The stand-alone questions of ASL C8, declared once for every face.

Each is an input model, a pure function over the C8 rules and a rendering hint
(:mod:`ordnance.core.calculators`); the HTTP API (``/api/calculators/asl/...``)
and the page (``/calc/asl``) are derived from them. One module a family, each
with its own ``CALCULATORS``; this package's ``CALCULATORS`` joins them in the
order of :data:`FAMILIES`, made when first read so that importing one family
(the command line running ``asl odds gun``) leaves the others unloaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ordnance.core.calculators import joined

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.calculators import Calculator

#: The families, in the order the faces list their calculators.
FAMILIES = ("notation", "shot", "chart", "canister", "depletion")


def __getattr__(name: str) -> tuple[Calculator, ...]:
    return joined(__name__, name)


__all__ = ["CALCULATORS", "FAMILIES"]
