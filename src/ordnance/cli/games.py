"""Generic commands for any registered game: list, types, new, and the shared ones.

The game-specific sub-commands (``ordnance asl game ...``) are friendlier
front ends over these same journal calls.

The scenario loader is imported inside the one command that starts from a scenario file,
the only one that needs it; the journal inside the two commands that open it here, and
the registry of games inside ``types``, so ``ordnance game --help`` loads no database
layer (nor Pydantic, which its codec uses) and no game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.cli.common import DbOpt, JsonOpt, NewGame, emit, with_new_game
from ordnance.cli.game_commands.shared_commands import SHARED
from ordnance.cli.tables import Table
from ordnance.core.errors import OrdnanceError
from ordnance.i18n import N_, _

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.shapes import EntryView

app = typer.Typer(
    help="Play any game through its journal (generic commands).", no_args_is_help=True
)


def parse_json_arg(text: str, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise OrdnanceError(f"{what} is not valid JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(value, dict):
        raise OrdnanceError(f"{what} must be a JSON object")
    return value


def render_log(rows: Sequence[EntryView]) -> Table:
    table = Table(title=_("Journal"))
    for col in ("#", N_("seat"), N_("dice"), N_("what happened")):
        table.add_column(_(col))
    for row in rows:
        text = "; ".join(e.get("text", "") or e["kind"] for e in row["events"])
        if row["undone"]:
            text = f"[strike]{text}[/strike] " + _("(undone)")
        dice = "" if row["dice"] is None else ",".join(map(str, row["dice"]))
        table.add_row(str(row["seq"]), row["seat"] or "-", dice, text)
    return table


@app.command("list")
def list_cmd(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """List the games in the journal database."""
    from ordnance.core.journal import open_journal
    from ordnance.core.journal.session import list_games

    games = list_games(open_journal(db))
    emit({"games": games}, as_json)


@app.command("types")
def types_cmd(as_json: JsonOpt = False) -> None:
    """List the installed game modules."""
    from ordnance.core import registry

    data = {"games": [{"name": p.name, "title": p.game.title} for p in registry.plugins().values()]}
    emit(data, as_json)


@app.command("new")
@with_new_game
def new_cmd(
    game: Annotated[
        str | None, typer.Argument(help="Game module: asl, toi or waw (not with --scenario).")
    ] = None,
    settings: Annotated[str, typer.Option(help="Settings as a JSON object.")] = "{}",
    new: NewGame = NewGame(),
) -> None:
    """Create a game in the journal (from settings, or from a scenario file)."""
    new_game(game, settings, new)


def new_game(game: str | None, settings: str, new: NewGame) -> None:
    """``new``: the game from ``--scenario``, or from ``settings`` (JSON text)."""
    if new.from_scenario(game, settings):
        return
    if game is None:
        raise OrdnanceError("name the game (asl, toi or waw), or give --scenario FILE")
    session = new.create(game, parse_json_arg(settings, "--settings"))
    emit({"game_id": session.game_id, "game": game}, new.as_json)


# ``view``, ``log``, ``undo``, ``los``, ``legal`` and ``act``: the commands every game
# shares, the very functions of ``ordnance <game> game`` (one implementation).
for _name, _command in SHARED.items():
    app.command(_name)(_command)
