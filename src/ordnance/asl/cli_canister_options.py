"""Canister options shared by ``asl canister`` and ``asl game fire/odds`` (ASL-8.4).

The option types and their reading into the fields of a ``fire_canister``
action (aim point, Location DRM, mount, building aim), so the off-map
command and the game's commands accept the same spellings.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.messages import msg

AimOpt = Annotated[
    str | None,
    typer.Option("--aim", help="Canister aim point V1..V5 of the CA (default V3; ASL-8.4-h/k)."),
]
MannedOpt = Annotated[
    bool,
    typer.Option(
        "--manned-in-mph",
        help="Canister: Infantry manned the Gun in the MPh (FP halved in the AFPh, ASL-8.4-c).",
    ),
]
LocDrmOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--loc-drm",
        help="Canister: one Location's TEM/Hindrance DRM, q,r=N or q,r@level=N "
        "(repeat; ASL-8.4-d/i).",
    ),
]
MountOpt = Annotated[
    str | None,
    typer.Option(
        "--mount",
        help="Canister: turret, slow-turret or non-turreted (default): the CA change DRM.",
    ),
]
BuildingOpt = Annotated[
    str | None,
    typer.Option("--building", help="Canister: aim at a building hex q,r at range 2 (ASL-8.4-j)."),
]
BuildingLevelOpt = Annotated[
    int | None,
    typer.Option("--building-level", help="Canister: the middle of the three levels aimed at."),
]
CellarOpt = Annotated[
    bool, typer.Option("--cellar", help="Canister: the building has a level -1 (ASL-8.4-j).")
]


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
    "AimOpt",
    "BuildingLevelOpt",
    "BuildingOpt",
    "CellarOpt",
    "LocDrmOpt",
    "MannedOpt",
    "MountOpt",
    "canister_extras",
    "check_canister_only",
    "loc_drm",
    "parse_aim",
]
