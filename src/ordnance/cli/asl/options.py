"""The option types several ``ordnance asl`` commands share (``game``, ``counters``, ``vasl``).

Only the spellings and help texts: the texts are read by
:mod:`ordnance.asl.rules.option_text`, which every face uses alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ordnance.core.errors import OrdnanceError
from ordnance.core.messages import msg

DateOpt = Annotated[str, typer.Option("--date", help="Scenario date YYYY-MM (1939-1945).")]
TheatreOpt = Annotated[str, typer.Option("--theatre", help="ETO, PTO or Burma.")]
DrOpt = Annotated[
    str | None,
    typer.Option("--dr", "--dice", help="Dice rolled at the table, coloured die first: 3,2."),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", help="ASL-AMB option as name=value (e.g. burma_p=pto-only)."),
]
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

#: The commands that write the library (``--library NEW`` creates the file).
_WRITES_LIBRARY = frozenset({"set", "import"})


def _existing_library(ctx: typer.Context, value: str | None) -> str | None:
    """``--library FILE`` of a command that reads it: refused (exit 2) when there is no
    such file, instead of reading a mistyped path as an empty library. ``set`` and
    ``import`` create it; without ``--library`` the default file may be missing."""
    if value is None or ctx.info_name in _WRITES_LIBRARY:
        return value
    path = Path(value).expanduser()
    if path.is_file():
        return value
    raise OrdnanceError(
        msg("there is no counter library file {path!r}", path=str(path))
        if not path.exists()
        else msg("the counter library {path!r} is not a file", path=str(path)),
        hint=msg(
            "give the path of an existing library, or create one with "
            "`ordnance asl counters set ... --library FILE`"
        ),
    )


LibraryOpt = Annotated[
    str | None,
    typer.Option(
        "--library",
        help="Counter library file (else $ORDNANCE_COUNTER_LIBRARY or "
        "$XDG_CONFIG_HOME/ordnance/counters.yaml).",
        callback=_existing_library,
    ),
]

__all__ = [
    "AimOpt",
    "BuildingLevelOpt",
    "BuildingOpt",
    "CellarOpt",
    "DateOpt",
    "DrOpt",
    "LibraryOpt",
    "LocDrmOpt",
    "MannedOpt",
    "MountOpt",
    "OptionOpt",
    "TheatreOpt",
]
