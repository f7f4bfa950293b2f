"""``ordnance asl canister``: one Canister shot off the map (ASL-8.4): Locations, DRM, odds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.asl.cli_canister_options import (
    AimOpt,
    BuildingLevelOpt,
    BuildingOpt,
    CellarOpt,
    LocDrmOpt,
    MountOpt,
    canister_extras,
)
from ordnance.asl.cli_options import CA_HELP, DrOpt
from ordnance.asl.notation import check_depletion_number
from ordnance.cli.common import JsonOpt, emit
from ordnance.core.dice import dice_source
from ordnance.core.errors import InvalidDice, OrdnanceError
from ordnance.core.messages import msg
from ordnance.i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Group

    from ordnance.core.hexes import Hex


def _hex(text: str) -> Hex:
    from ordnance.asl.shot_checks import check_hex

    return check_hex(text)


def _render(d: dict[str, Any]) -> Group:
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    t = Table(title=_("Canister at {aim}").format(aim=d["aim"]["name"]))
    for col in ("hex", "level", "role", "FP", "column", "DRM"):
        t.add_column(col)
    for a in d["attacks"]:
        t.add_row(
            a["hex"], str(a["level"]), a["role"], a["fp"], str(a["column"]), str(a["total_drm"])
        )
    parts: list[Any] = [t]
    if "result" in d:
        r = d["result"]
        parts.append(Text(f"DR {r['original']}: {r['depletion']}"))
        for h in r["hexes"]:
            parts.append(Text(f"  {h['hex']}@{h['level']}: {h['result'] or 'no effect'}"))
    else:
        for loc in d["odds"]["locations"]:
            parts.append(
                Text(
                    f"  {loc['hex']}@{loc['level']}: "
                    + ", ".join(f"{k} {v}" for k, v in loc["distribution"].items())
                )
            )
    return Group(*parts)


def canister_cmd(
    fp: Annotated[
        int,
        typer.Option("--canister-fp", "--fp", help="Canister FP (Ordnance Listing, ASL-8.4-e)."),
    ],
    depletion: Annotated[
        int | None, typer.Option("--depletion", "-n", help="Canister Depletion Number C#.")
    ] = None,
    hex_: Annotated[str, typer.Option("--hex", help="The Gun's hex q,r.")] = "0,0",
    ca: Annotated[int, typer.Option("--ca", help=CA_HELP + " The CA fired into.")] = 0,
    ca_before: Annotated[
        int | None,
        typer.Option("--ca-before", help="The CA before the shot: a change adds its DRM."),
    ] = None,
    mount: MountOpt = None,
    in_obstacle: Annotated[
        bool, typer.Option("--in-obstacle", help="Gun in woods/building/rubble: CA DRM x2.")
    ] = False,
    aim: AimOpt = None,
    building: BuildingOpt = None,
    building_level: BuildingLevelOpt = None,
    cellar: CellarOpt = False,
    gun_level: Annotated[int, typer.Option("--gun-level", help="The Gun's level.")] = 0,
    moved: Annotated[bool, typer.Option("--moved", help="FP halved (ASL-8.4-c).")] = False,
    loc_drm: LocDrmOpt = None,
    drm: Annotated[int, typer.Option("--drm", help="A DRM on every Location.")] = 0,
    obstacle_first_hex: Annotated[
        bool,
        typer.Option(
            "--obstacle-first-hex",
            help="A LOS obstacle in the first cluster hex: only it is attacked (ASL-8.4-i).",
        ),
    ] = False,
    out_of_los: Annotated[
        list[str] | None,
        typer.Option(
            "--out-of-los", help="A cluster hex q,r out of the Gun's LOS (repeat; ASL-8.4-i)."
        ),
    ] = None,
    breakdown: Annotated[int | None, typer.Option("--breakdown", "-b", help="B#.")] = None,
    dr: DrOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """One Canister shot off the map: attacked Locations, their DRM, and exact odds or a result.

    Without ``--dr`` it prints the exact odds per Location (ASL-8.4-d/f/g/i);
    with ``--dr`` it resolves that IFT DR.
    """
    from ordnance.asl import canister
    from ordnance.asl.canister_game import parse_location
    from ordnance.core.hexes import Direction

    if depletion is not None:
        check_depletion_number(depletion)
    extras = canister_extras(aim, False, loc_drm, mount, building, building_level, cellar)
    if not 0 <= ca <= 5 or (ca_before is not None and not 0 <= ca_before <= 5):
        raise OrdnanceError(msg("a CA is 0 to 5"), clause="ASL-8.4-h", hint=CA_HELP)
    gun_hex = _hex(hex_)
    changes = 0 if ca_before is None else canister.hexspine_changes(ca_before, ca)
    ca_drm = canister.ca_change_drm(
        changes, extras.get("mount", "non-turreted"), in_obstacle=in_obstacle
    )
    if building is not None:
        middle = extras["building_level"]
        the_aim = canister.building_aim(
            gun_hex,
            _hex(building),
            middle,
            lowest_level=extras.get("building_lowest", 0),
            highest_level=middle + 1,
            ca=ca,
        )
    else:
        aims = canister.aim_points(gun_hex, Direction(ca), level=gun_level)
        the_aim = aims[extras.get("aim", 3) - 1]
    tem = {parse_location(k): v for k, v in extras.get("location_drm", {}).items()}
    attacks = canister.canister_attacks(
        the_aim,
        fp,
        moved_or_manned_in_mph=moved,
        gun_level=gun_level,
        tem=tem,
        ca_drm=ca_drm,
        obstacle_in_first_hex=obstacle_first_hex,
        out_of_los={_hex(h) for h in out_of_los or []},
    )
    data: dict[str, Any] = {
        "aim": the_aim.to_dict(),
        "ca_change": {"hexspines": changes, "drm": ca_drm, "clause": "ASL-8.4-d"},
        "attacks": [a.to_dict() for a in attacks],
    }
    if dr is not None:
        try:
            source = dice_source(dr, None)
            result = canister.fire_canister(
                source,
                attacks,
                depletion_number=depletion,
                breakdown_number=breakdown,
                common_drm=drm,
            )
            finish = getattr(source, "finish", None)
            if finish is not None:
                finish()
        except InvalidDice as exc:  # the game names its dice rule (ASL-B2), as in play
            from ordnance.asl.plugin import GAME  # the game's rules load only here

            raise GAME.dice_refusal(exc, {"type": "fire_canister"}) from None
        data["result"] = result.to_dict()
    else:
        data["odds"] = canister.canister_odds(
            attacks, depletion_number=depletion, breakdown_number=breakdown, common_drm=drm
        ).to_dict()
    emit(data, as_json, _render)


__all__ = ["canister_cmd"]
