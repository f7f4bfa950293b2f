"""The texts ASL options are typed as, read into values (no face: every face reads them alike).

A date (``1944-06``), an ASL-AMB option (``burma_p=pto-only``), a Canister
aim point (``V3``) and a Location DRM (``1,-2@1=3``): the notations a form
field cannot express, read by :mod:`ordnance.asl.calculators` (as declared
parsers or inside a question) and by the game's commands.
"""

from __future__ import annotations

import json
from typing import Any

from ordnance.asl.rules.dates import ScenarioDate
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.messages import msg

CA_HELP = "Covered Arc: 0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW, 5 = NW."


def parse_date(text: str | None) -> ScenarioDate | None:
    """``YYYY-MM`` read (``None`` when not given)."""
    return None if text is None else ScenarioDate.parse(text)


def option_values(option: list[str] | None) -> dict[str, Any]:
    """``["burma_p=pto-only", "captured_rof_loss=2"]`` -> the values, JSON-read where they can be."""
    values: dict[str, Any] = {}
    for opt in option or []:
        key, sep, value = opt.partition("=")
        if not sep:
            raise OrdnanceError(
                msg("cannot read the option {opt!r}", opt=opt), hint=msg("name=value")
            )
        try:
            values[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            values[key.strip()] = value
    return values


def parse_aim(text: str) -> int:
    """``V3``, ``v3`` or ``3`` -> 3 (the aim points of one CA are V1..V5, ASL-8.4-k)."""
    raw = text.strip().upper().removeprefix("V")
    if not raw.isdigit() or not 1 <= int(raw) <= 5:
        raise RuleViolation(
            "ASL-8.4-k",
            msg("{text!r} is not a Canister aim point", text=text),
            hint=msg("--aim V1, V2, V3, V4 or V5 (counted across the CA)"),
        )
    return int(raw)


def loc_drm(items: list[str] | None) -> dict[str, int]:
    """``["1,-2=1", "2,-3@1=3"]`` -> ``{"1,-2": 1, "2,-3@1": 3}`` (ASL-8.4-d, -i)."""
    out: dict[str, int] = {}
    for item in items or []:
        where, sep, value = item.rpartition("=")
        try:
            out[where.strip()] = int(value)
        except ValueError:
            sep = ""
        if not sep or not where.strip():
            raise OrdnanceError(
                msg("cannot read the Location DRM {item!r}", item=item),
                clause="ASL-8.4-i",
                hint=msg("--loc-drm q,r=N or q,r@level=N, e.g. --loc-drm 1,-2=3"),
            )
    return out


def canister_extras(
    aim: str | None,
    manned_in_mph: bool,
    loc_drm_items: list[str] | None = None,
    mount: str | None = None,
    building: str | None = None,
    building_level: int | None = None,
    cellar: bool = False,
) -> dict[str, Any]:
    """The ``fire_canister`` fields these options give (only those given)."""
    extras: dict[str, Any] = {}
    if aim is not None:
        extras["aim"] = parse_aim(aim)
    if manned_in_mph:
        extras["manned_in_mph"] = True
    if loc_drm_items:
        extras["location_drm"] = loc_drm(loc_drm_items)
    if mount is not None:
        extras["mount"] = mount
    if building is not None:
        extras["building_hex"] = building
        extras["building_level"] = 1 if building_level is None else building_level
        if cellar:
            extras["building_lowest"] = -1
    elif building_level is not None or cellar:
        raise OrdnanceError(
            msg("--building-level and --cellar belong to a building aim"),
            clause="ASL-8.4-j",
            hint=msg("add --building q,r"),
        )
    return extras


def check_canister_only(kind: str | None, aim: str | None, manned_in_mph: bool) -> None:
    """``--aim`` and ``--manned-in-mph`` are refused on a shot that is no Canister."""
    if kind in ("CANISTER", "C") or (aim is None and not manned_in_mph):
        return
    option = "--aim" if aim is not None else "--manned-in-mph"
    raise OrdnanceError(
        msg("{option} belongs to a Canister shot", option=option),
        clause="ASL-8.4-c" if aim is None else "ASL-8.4-h",
        hint=msg("fire with --ammo Canister"),
    )


__all__ = [
    "CA_HELP",
    "canister_extras",
    "check_canister_only",
    "loc_drm",
    "option_values",
    "parse_aim",
    "parse_date",
]
