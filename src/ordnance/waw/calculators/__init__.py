"""The stand-alone questions of World at War, declared once for every face.

HE Fire odds, the FASCAM mine attack, line of sight with smoke, and the
reference tables (:mod:`ordnance.core.calculators`); the HTTP API
(``/api/calculators/waw/...``) and the page (``/calc/waw``) are derived. One
module a family, each with its own ``CALCULATORS``; this package's
``CALCULATORS`` joins them in the order of :data:`FAMILIES`, made when first
read so that importing one family leaves the others unloaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ordnance.core.calculators import joined

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.calculators import Calculator

#: The families, in the order the faces list their calculators.
FAMILIES = ("he_fire", "los", "reference")


def __getattr__(name: str) -> tuple[Calculator, ...]:
    return joined(__name__, name)


__all__ = ["CALCULATORS", "FAMILIES"]
