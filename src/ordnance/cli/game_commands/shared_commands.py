"""The commands every game shares: ``new`` (its settings as options), ``view``, ``log``,
``undo``, ``legal`` and ``act``."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping
from typing import Annotated, Any

import typer

from ordnance.cli.common import (
    DbOpt,
    DiceOpt,
    JsonOpt,
    NewGame,
    SeatOpt,
    SeedOpt,
    VersionOpt,
    emit,
    open_game,
)
from ordnance.cli.game_commands.form_fields import form_fields, option_name, parameter
from ordnance.cli.game_commands.render import entry_line, entry_table, render_legal, render_view
from ordnance.cli.lazy import Command, typer_command
from ordnance.cli.option_groups import dataclass_options
from ordnance.core.errors import OrdnanceError
from ordnance.core.shapes import GameView

GameArg = Annotated[str, typer.Argument(help="Game id.", metavar="GAME_ID")]


def view_cmd(
    game_id: GameArg, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False
) -> None:
    """Show the game as one seat sees it (or the public view), with whose move it is."""
    from ordnance import i18n
    from ordnance.i18n import _, event_text

    session = open_game(db, game_id)
    view = session.view(seat)
    turn = event_text(session.game.turn_view(session.state()))

    def render(data: GameView) -> Any:
        lang = i18n.current()
        # another language: the words the page shows (panels, board legend);
        # the raw view (ids and values) is what --json prints
        if lang == i18n.DEFAULT:
            return render_view(data, turn)
        words: Any = i18n.localize_view_words(data, _, lang)  # the same keys, in words
        return render_view(words, turn)

    emit(view, as_json, render)


def log_cmd(
    game_id: GameArg, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False
) -> None:
    """Show the journal, redacted for the seat."""
    session = open_game(db, game_id)
    rows = session.log(seat)
    emit({"entries": rows}, as_json, lambda _d: entry_table(session.entries(), seat))


def undo_cmd(
    game_id: GameArg, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False
) -> None:
    """Undo the latest action still in force (recorded as a journal entry)."""
    entry = open_game(db, game_id).undo(seat)
    emit(entry.for_seat(seat), as_json, lambda _row: entry_line(entry, seat))


def los_cmd(
    game_id: GameArg,
    origin: Annotated[
        str, typer.Argument(help='From hex: its printed number (0104) or axial "q,r".')
    ],
    target: Annotated[
        str, typer.Argument(help='To hex: its printed number (0504) or axial "q,r".')
    ],
    seat: SeatOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Line of sight in this game, as the seat sees it (the game judges it)."""
    session = open_game(db, game_id)
    state = session.state()
    game = session.game  # a hex as its map prints it (0305, ASL C5), or axial
    answer = game.los(state, game.read_hex(state, origin), game.read_hex(state, target), seat)
    emit(answer, as_json, lambda a: str(a.get("text") or " ".join(a.get("hexes", []))))


def legal_cmd(
    game_id: GameArg, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False
) -> None:
    """What the seat may do now: each action's command, fields, help and choices."""
    session = open_game(db, game_id)
    legal = session.game.legal(session.state(), seat)
    emit({"legal": legal}, as_json, lambda d: render_legal(d["legal"]))


def act_cmd(
    game_id: GameArg,
    action: Annotated[str, typer.Argument(help='Action as JSON, e.g. {"type": "advance"}.')],
    seat: SeatOpt = None,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    version: VersionOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Apply one action given as JSON (with rolled or entered dice) and append it."""
    from ordnance.cli.games import parse_json_arg
    from ordnance.core.dice import dice_source

    session = open_game(db, game_id)
    entry = session.act(
        parse_json_arg(action, "the action"), dice_source(dice, seed), seat, version
    )
    emit(entry.for_seat(seat), as_json, lambda _row: entry_line(entry, seat))


#: The commands every game shares, the same functions under ``ordnance game`` and
#: ``ordnance <game> game`` (one implementation, one way of printing).
SHARED: dict[str, Callable[..., None]] = {
    "view": view_cmd,
    "log": log_cmd,
    "undo": undo_cmd,
    "los": los_cmd,
    "legal": legal_cmd,
    "act": act_cmd,
}


def generic_app(game_name: str) -> typer.Typer:
    """``view``, ``log``, ``undo``, ``los``, ``legal`` and ``act`` (for any game)."""
    app = typer.Typer(add_completion=False)
    for name, command in SHARED.items():
        app.command(name)(command)
    return app


def every_game_commands(game_name: str, new_options: Mapping[str, str]) -> dict[str, Command]:
    group: Any = typer.main.get_command(generic_app(game_name))
    return {**group.commands, "new": new_command(game_name, new_options)}


#: Option names of ``new`` itself, never taken by a settings field.
NEW_OWN = frozenset({"settings", "scenario", "id", "db", "json"})


def new_command(game_name: str, options: Mapping[str, str] | None = None) -> Command:
    """``new``: the settings schema's fields as options, over ``--settings`` JSON.

    ``options`` are further names of settings fields (``{"--start": "start_phase"}``).
    A field holding an object takes JSON.
    """
    from ordnance.core import registry

    schema = registry.get(game_name).game.settings_schema()
    fields = [f for f in form_fields(schema) if f.name not in NEW_OWN]
    extra: dict[str, list[str]] = {}
    for old, target in (options or {}).items():
        extra.setdefault(target, []).append(old)
    params = [f.option(extra.get(f.name, ())) for f in fields]
    text = Annotated[str | None, typer.Option("--settings", help="Settings as a JSON object.")]
    params += [parameter("settings", text, None), *dataclass_options(NewGame)]

    def run(**values: Any) -> None:
        from ordnance.cli.games import new_game, parse_json_arg

        given = {}
        for f in fields:
            raw = values.get(f"field_{f.name}")
            if isinstance(raw, tuple):
                raw = list(raw)
            if raw is not None and not (f.many and not raw):
                given[f.name] = f.convert(raw)
        settings = parse_json_arg(values["settings"] or "{}", "--settings")
        if values["scenario"] is not None and given:
            names = ", ".join(option_name(k) for k in given)
            raise OrdnanceError(f"--scenario sets the settings: drop {names}")
        merged = json.dumps({**settings, **given}) if given else values["settings"] or "{}"
        new = NewGame(values["scenario"], values["game_id"], values["db"], values["as_json"])
        new_game(game_name, merged, new)

    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    run.__doc__ = "Create a game in the journal (from settings, or from a scenario file)."
    return typer_command(run, "new")
