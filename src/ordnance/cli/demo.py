"""``ordnance demo``: a game's guided walk-through, found through the game registry.

A game offers one by naming it in its plug-in (``GamePlugin.demo``); this face
names no game. Without ``--game`` the first game (by name) that has a
walk-through runs. The walk-through writes to a throw-away SQLite journal
unless ``--db`` keeps it; it runs unattended by default (CI), and ``--step``
pauses for Enter between steps.

The game registry is imported when the walk-through runs: reading the installed
games' entry points costs more than ``ordnance demo --help`` needs.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console


def demo(
    step: Annotated[bool, typer.Option("--step", help="Pause for Enter between steps.")] = False,
    db: Annotated[
        str | None, typer.Option("--db", help="Keep the journal in this file (default: temp).")
    ] = None,
    game: Annotated[
        str | None,
        typer.Option("--game", help="Whose walk-through (default: the first game that has one)."),
    ] = None,
) -> None:
    """A guided walk-through of a game (non-interactive unless --step)."""
    from ordnance.core import registry

    walks = {name: p for name, p in sorted(registry.plugins().items()) if p.demo}
    if not walks:
        raise typer.BadParameter("no installed game offers a walk-through", param_hint="--game")
    if game is None:
        game = next(iter(walks))
    if game not in walks:
        raise typer.BadParameter(
            f"no walk-through for {game!r} (games that have one: {', '.join(walks)})",
            param_hint="--game",
        )
    console = Console()
    with tempfile.TemporaryDirectory() as tmp:
        walks[game].demo_walk()(console, db or str(Path(tmp) / "demo.db"), step)
