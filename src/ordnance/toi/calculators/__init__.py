"""The stand-alone questions of Tide of Iron, declared once for every face.

Each is an input model (every field with its title, description and clause),
a pure function over the attack and Smoke rules, and a rendering hint
(:mod:`ordnance.core.calculators`): the CLI (``ordnance toi odds``, ``toi
smoke``, ``toi advise``, ``toi units|munitions|maps``), the HTTP API
(``/api/calculators/toi/...``) and the page (``/calc/toi``) are derived.

One module a family, each with its own ``CALCULATORS`` (the fields they share
in :mod:`.fields`); this package's ``CALCULATORS`` joins them in the order of
:data:`FAMILIES`, made when first read, so that a command that asks one
question (``ordnance toi odds``) loads neither the unit catalogue, nor the
maps, nor the Smoke rules and the hex geometry they use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ordnance.core.calculators import joined

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.calculators import Calculator

#: The families, in the order the faces list their calculators.
FAMILIES = ("attack", "smoke", "advise", "reference")


def __getattr__(name: str) -> tuple[Calculator, ...]:
    return joined(__name__, name)


__all__ = ["CALCULATORS", "FAMILIES"]
