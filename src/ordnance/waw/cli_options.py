"""Options and readers the World at War commands share (``--settings``, ``--plot``...)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.waw.settings import WawSettings

PlotOpt = Annotated[
    str | None,
    typer.Option("--plot", help="Also write a PNG bar chart of the net Hits to FILE.png."),
]
GameArg = Annotated[str, typer.Argument(help="Game id (from `ordnance waw game new`).")]
SideOpt = Annotated[str, typer.Option("--side", help="The side calling the mission.")]
TargetOpt = Annotated[
    str, typer.Option("--target", help='Target hex: its printed number (0504) or axial "q,r".')
]
#: The American spelling of ``--defence``, still accepted (hidden from help).
DefenseAlias = Annotated[int | None, typer.Option("--defense", hidden=True)]
SettingsOpt = Annotated[
    str | None,
    typer.Option("--settings", help="Game settings as a JSON object (options named WAW-AMB-n)."),
]


def read_settings(text: str | None) -> WawSettings:
    """``--settings``: validated game settings (default settings when omitted)."""
    from ordnance.waw.settings import parse_settings

    if not text:
        return parse_settings({})
    from ordnance.cli.games import parse_json_arg

    return parse_settings(parse_json_arg(text, "--settings"))
