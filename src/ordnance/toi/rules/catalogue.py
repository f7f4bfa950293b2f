"""The sample unit catalogue shipped as package data (``data/units.json``).

The values are SAMPLE VALUES (see ``data/README.md``); a scenario may pass its
own profiles in the settings.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType

from ordnance.core.errors import UnknownName
from ordnance.core.messages import msg
from ordnance.toi.rules.units import UnitProfile


@cache
def catalogue() -> Mapping[str, UnitProfile]:
    raw = json.loads(
        resources.files("ordnance.toi").joinpath("data", "units.json").read_text("utf-8")
    )
    return MappingProxyType({p["name"]: UnitProfile.model_validate(p) for p in raw["profiles"]})


def catalogue_note() -> str:
    raw = json.loads(
        resources.files("ordnance.toi").joinpath("data", "units.json").read_text("utf-8")
    )
    return str(raw["note"])


def profile(name: str) -> UnitProfile:
    try:
        return catalogue()[name]
    except KeyError:
        raise UnknownName(
            msg(
                "no unit profile called {name!r} (known: {value})",
                name=name,
                value=", ".join(sorted(catalogue())),
            )
        ) from None
