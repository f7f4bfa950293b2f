"""Generic commands for any registered game: new, act, view, log, undo, list.

The game-specific sub-commands (``ordnance asl game ...``) are friendlier
front ends over these same journal calls.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group
from rich.json import JSON
from rich.table import Table
from rich.text import Text

from ordnance.cli import i18n
from ordnance.cli.common import DbOpt, DiceOpt, JsonOpt, SeatOpt, SeedOpt, emit, to_jsonable
from ordnance.cli.i18n import N_, _, entry_rows, event_text
from ordnance.core import registry
from ordnance.core.dice import dice_source
from ordnance.core.errors import OrdnanceError
from ordnance.core.journal import GameSession, open_journal
from ordnance.core.journal.session import list_games

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import RenderableType

    from ordnance.core.shapes import ActionForm, EntryView, JsonSchema, Panel, SessionView

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
    games = list_games(open_journal(db))
    emit({"games": games}, as_json)


@app.command("types")
def types_cmd(as_json: JsonOpt = False) -> None:
    """List the installed game modules."""
    data = {"games": [{"name": p.name, "title": p.game.title} for p in registry.plugins().values()]}
    emit(data, as_json)


@app.command("new")
def new_cmd(
    game: Annotated[
        str | None, typer.Argument(help="Game module: asl, toi or waw (not with --scenario).")
    ] = None,
    settings: Annotated[str, typer.Option(help="Settings as a JSON object.")] = "{}",
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", help="Start from a scenario file (or an example name)."),
    ] = None,
    game_id: Annotated[str | None, typer.Option("--id", help="Id for the new game.")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Create a game in the journal (from settings, or from a scenario file)."""
    if scenario is not None:
        from ordnance.cli.scenario import new_from_scenario

        new_from_scenario(scenario, game, settings, game_id, db, as_json)
        return
    if game is None:
        raise OrdnanceError("name the game (asl, toi or waw), or give --scenario FILE")
    session = GameSession.create(
        open_journal(db), game, parse_json_arg(settings, "--settings"), game_id
    )
    emit({"game_id": session.game_id, "game": game}, as_json)


@app.command("act")
def act_cmd(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    action: Annotated[str, typer.Argument(help='Action as JSON, e.g. {"type": "advance"}.')],
    seat: SeatOpt = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    version: Annotated[
        int | None, typer.Option(help="Refuse unless the game is at this version.")
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Apply one action (with rolled or entered dice) and append it to the journal."""
    session = GameSession(open_journal(db), game_id)
    entry = session.act(
        parse_json_arg(action, "the action"), dice_source(dice, seed), seat, version
    )
    emit(entry.for_seat(seat), as_json, lambda _row: render_log(entry_rows([entry], seat)))


@app.command("view")
def view_cmd(
    game_id: str, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False
) -> None:
    """Show the game as one seat sees it (or the public view), with whose move it is."""
    session = GameSession(open_journal(db), game_id)
    view = session.view(seat)
    turn = session.game.turn(session.state()).to_view()

    def render(data: SessionView) -> Group:
        head = Text(_("Whose move: {text}").format(text=event_text(turn)), style="bold")
        lang = i18n.current()
        if lang == i18n.DEFAULT:
            return Group(head, JSON(json.dumps(to_jsonable(data), ensure_ascii=False)))
        # another language: what the page shows in words (panels, board legend);
        # the raw view (ids and values) is what --json prints
        words = i18n.localize_view_words(data, _, lang)
        parts: list[RenderableType] = [head, *(panel_table(p) for p in words.get("panels", []))]
        board = words.get("board") or {}
        if board.get("numbering"):
            parts.append(Text(f"{board.get('title', '')}: {board['numbering']}"))
        for terrain in board.get("terrains", []):
            parts.append(Text(f"  {terrain.get('label', '')}"))
        parts.append(Text(_("The whole view, ids and values: --json"), style="dim"))
        return Group(*parts)

    emit(view, as_json, render)


def panel_table(panel: Panel) -> Table:
    """One of a view's panels as a table (already in the language wanted)."""
    table = Table(title=panel["title"], caption=panel.get("note") or None)
    for column in panel["columns"]:
        table.add_column(column)
    for row in panel["rows"]:
        table.add_row(*row)
    return table


@app.command("legal")
def legal_cmd(
    game_id: str, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False
) -> None:
    """What the seat may do now: each action's fields, help and choices."""
    session = GameSession(open_journal(db), game_id)
    state = session.state()
    legal = session.game.legal(state, seat)

    def render(forms: list[ActionForm]) -> Group:
        lang = i18n.current()
        parts: list[RenderableType] = []
        for form in i18n.localize_legal(forms, _, lang):
            schema = i18n.localize_schema_words(form["schema"], _, lang)
            table = Table(title=f"{form['title']} (`{form['type']}`)")
            for col in (N_("field"), N_("what it is"), N_("choices")):
                table.add_column(_(col))
            for name, field in (schema.get("properties") or {}).items():
                if name == "type":
                    continue
                labels = field_labels(field)
                table.add_row(
                    str(field.get("title") or name), str(field.get("description") or ""), labels
                )
            parts.append(table)
        return Group(*parts)

    emit(legal, as_json, render)


def field_labels(field: JsonSchema) -> str:
    """The choice labels of a form field (on the field, its items or an ``anyOf`` branch)."""
    for node in (field, field.get("items") or {}, *(field.get("anyOf") or [])):
        if isinstance(node, dict) and isinstance(node.get("x-labels"), list):
            return "; ".join(str(x) for x in node["x-labels"])
    return ""


@app.command("log")
def log_cmd(game_id: str, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Show the journal, redacted for the seat."""
    session = GameSession(open_journal(db), game_id)
    rows = session.log(seat)
    emit({"entries": rows}, as_json, lambda _d: render_log(entry_rows(session.entries(), seat)))


@app.command("undo")
def undo_cmd(
    game_id: str, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False
) -> None:
    """Undo the latest action still in force (recorded as a journal entry)."""
    entry = GameSession(open_journal(db), game_id).undo(seat)
    emit(entry.for_seat(seat), as_json, lambda _row: render_log(entry_rows([entry], seat)))
