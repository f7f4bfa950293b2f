"""``ordnance <game> game <action> GAME_ID --field ...``: game actions derived from their forms.

One implementation for every game: each action type the game takes
(:meth:`~ordnance.core.game.Game.action_kinds`) becomes a command whose
options are the fields of its form (:meth:`~ordnance.core.game.Game.action_form`,
the JSON-schema form ``legal()`` hands the table page): a field's title is the
option's help, an ``enum`` becomes the option's choices (its completions), a
list field takes the option again for each item. ``--as SEAT`` names who acts;
``--dice``/``--dr`` and ``--seed`` are offered only where the form says the
action rolls (``"x-dice"``). Beside the actions every game gets the same
``new``, ``view``, ``log``, ``undo``, ``legal`` and ``act``.

The choices are those of the game named on the command line: the group reads
``GAME_ID`` (the first word after the action), ``--db`` and ``--as`` before it
builds the command, so ``--unit`` offers that seat's units. Without a game id
(``--help``) the form of a new game with default settings is used.

A game adds nothing for its actions; it may pass :class:`Alias` entries for
the spellings its older commands used (positional fields, renamed options),
and register commands of its own on the Typer app (they win over derived
ones of the same name).

The module is imported only when ``ordnance <game> ...`` runs (see
:mod:`ordnance.cli.lazy`); the journal is opened only when a command runs.
"""

from __future__ import annotations

import inspect
import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from ordnance.cli.common import DbOpt, DiceOpt, JsonOpt, SeatOpt, SeedOpt, emit, open_game
from ordnance.cli.i18n import _
from ordnance.cli.lazy import click, typer_command
from ordnance.core.errors import OrdnanceError

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Group, RenderableType
    from rich.table import Table
    from rich.text import Text

    from ordnance.core.game import Game
    from ordnance.core.journal import GameSession, JournalEntry
    from ordnance.core.shapes import GameView, OddsAnswer

__all__ = [
    "Alias",
    "action_command",
    "alias_group",
    "command_name",
    "default_app",
    "game_group",
    "generic_app",
    "take",
]


def command_name(kind: str) -> str:
    """``fire_canister`` -> ``fire-canister``: how an action type is spelt as a command."""
    return kind.replace("_", "-")


def option_name(field_name: str) -> str:
    return "--" + field_name.replace("_", "-")


@dataclass(frozen=True)
class Alias:
    """An older spelling of an action's command, kept working (hidden from help).

    ``arguments``: fields given as positional arguments after ``GAME_ID``, in
    order (a list field takes the rest of the words); ``options``: further
    option names of fields (``{"--size": "gun_size"}``); ``odds``: print the
    exact odds of the action (:meth:`~ordnance.core.game.Game.odds`) instead of
    taking it.
    """

    action: str
    arguments: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    odds: bool = False


# -- one field -> one Click parameter ------------------------------------------------------


def _value_branch(prop: Mapping[str, Any]) -> Mapping[str, Any]:
    """The branch of ``prop`` holding the value (``X | None`` has two)."""
    alts = prop.get("anyOf")
    if isinstance(alts, list):
        rest = [a for a in alts if isinstance(a, dict) and a.get("type") != "null"]
        if len(rest) == 1:
            return {**prop, **rest[0]}
    return prop


@dataclass(frozen=True)
class _Field:
    """How one form field is read from the command line."""

    name: str
    prop: Mapping[str, Any]
    required: bool

    @property
    def value(self) -> Mapping[str, Any]:
        return _value_branch(self.prop)

    @property
    def many(self) -> bool:
        return self.value.get("type") == "array"

    @property
    def item(self) -> Mapping[str, Any]:
        items = self.value.get("items")
        return _value_branch(items) if self.many and isinstance(items, dict) else self.value

    @property
    def flag(self) -> bool:
        return not self.many and self.value.get("type") == "boolean"

    def choices(self) -> list[str]:
        enum = self.item.get("enum")
        return [str(v) for v in enum] if isinstance(enum, list) else []

    def py_type(self) -> Any:
        """The annotation Typer reads the words with.

        Choices are offered (help, completion) but not enforced here: a value
        off the list reaches the game, whose refusal names the rule.
        """
        item = self.item
        enum = item.get("enum")
        if isinstance(enum, list) and enum:
            every_int = all(isinstance(v, int) and not isinstance(v, bool) for v in enum)
            one: Any = int if every_int else str
        else:
            one = {"integer": int, "number": float}.get(str(item.get("type")), str)
        if self.flag:
            return bool | None
        return list[one] | None if self.many else one | None

    def complete(self) -> Callable[[str], list[str]]:
        """Shell completion: the choices that start with what was typed."""
        options = self.choices()

        def complete(incomplete: str) -> list[str]:
            return [c for c in options if c.lower().startswith(incomplete.lower())]

        return complete

    def help(self) -> str:
        """The field's title (in the active language), its choices and marks."""
        text = _(str(self.prop.get("title") or self.name.replace("_", " ")))
        labels = self.item.get("x-labels")
        shown = [_(str(x)) for x in labels] if isinstance(labels, list) else self.choices()
        if shown and len(shown) <= 16:
            text += " (" + "; ".join(shown) + ")"
        elif shown:
            text += " " + _("({n} choices: press TAB, or see `legal`)").format(n=len(shown))
        if self.prop.get("x-hex"):
            text += " " + _('(a hex, "q,r")')
        if self.required:
            text += " " + _("(required)")
        return text

    def convert(self, raw: Any) -> Any:
        """The command-line word(s) as the JSON value the action takes."""
        if self.many:
            words = list(raw)
            if not self.prop.get("x-hex"):  # "a,b" lists two (a hex "3,2" is one word)
                words = [w for word in words for w in str(word).replace(",", " ").split()]
            return [self._one(v) for v in words]
        return raw if self.flag else self._one(raw)

    def _one(self, word: Any) -> Any:
        item = self.item
        enum = item.get("enum")
        if isinstance(enum, list):
            for v in enum:  # case and - or _ as the player likes
                if str(v).lower().replace("-", "_") == str(word).lower().replace("-", "_"):
                    return v
        if isinstance(word, str) and "type" not in item and "enum" not in item:
            try:  # a nested object or a free value: JSON when it reads as JSON
                return json.loads(word)
            except json.JSONDecodeError:
                return word
        return word

    def option(self, extra_names: Sequence[str] = ()) -> inspect.Parameter:
        names = [option_name(self.name), *extra_names]
        if self.flag:
            dashed = self.name.replace("_", "-")
            names = [f"--{dashed}/--no-{dashed}", *extra_names]
        info = typer.Option(*names, help=self.help(), autocompletion=self.complete())
        return _param(f"field_{self.name}", Annotated[self.py_type(), info], None)

    def argument(self, last: bool) -> inspect.Parameter:
        info = typer.Argument(
            help=self.help(),
            metavar=self.name.upper(),
            show_default=False,
            autocompletion=self.complete(),
        )
        kind = self.py_type() if self.many and last else self.item_type()
        return _param(f"field_{self.name}", Annotated[kind, info], ... if self.required else None)

    def item_type(self) -> Any:
        """One word's annotation (a positional argument of a list field takes one)."""
        one = self.py_type()
        return one if not self.many else one.__args__[0].__args__[0] | None


def _param(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
    )


def _fields(schema: Mapping[str, Any]) -> list[_Field]:
    required = set(schema.get("required", []))
    return [
        _Field(name, prop, name in required and "default" not in prop)
        for name, prop in schema.get("properties", {}).items()
        if name != "type" and isinstance(prop, dict)
    ]


# -- the options every command shares ------------------------------------------------------


def _common(seats: Sequence[str], rolls: bool) -> list[inspect.Parameter]:
    """``--as``, the dice (only when the action rolls), ``--version``, ``--db``, ``--json``."""
    seat_help = _("Act as this seat (side); default: hot seat, any side.")
    if seats:
        seat_help += " (" + "; ".join(seats) + ")"
    params = [
        _param(
            "seat",
            Annotated[
                str | None,
                typer.Option(
                    "--as",
                    help=seat_help,
                    autocompletion=lambda incomplete: [
                        s for s in seats if s.startswith(incomplete)
                    ],
                ),
            ],
            None,
        )
    ]
    if rolls:
        params += [
            _param(
                "dice",
                Annotated[
                    str | None,
                    typer.Option(
                        "--dice",
                        "--dr",
                        help=_("Dice rolled at the table, in order (e.g. '3,2'); omit to roll."),
                    ),
                ],
                None,
            ),
            _param(
                "seed",
                Annotated[
                    int | None,
                    typer.Option("--seed", help="Seed for rolled dice (reproducible rolls)."),
                ],
                None,
            ),
        ]
    return [
        *params,
        _param(
            "expect_version",
            Annotated[
                int | None,
                typer.Option("--version", help="Refuse unless the game is at this version."),
            ],
            None,
        ),
        _param(
            "db",
            Annotated[
                str | None,
                typer.Option(
                    "--db",
                    envvar="ORDNANCE_DB",
                    help="Journal database: file path or SQLAlchemy URL.",
                ),
            ],
            None,
        ),
        _param(
            "as_json",
            Annotated[bool, typer.Option("--json", help="Print one JSON document.")],
            False,
        ),
    ]


# -- one action -> one command -------------------------------------------------------------


def action_command(
    game: Game[Any],
    form: Mapping[str, Any],
    *,
    seats: Sequence[str] = (),
    alias: Alias | None = None,
    name: str | None = None,
    session: GameSession | None = None,
) -> click.Command:
    """The command of one action form (and, with ``alias``, of an older spelling of it)."""
    kind = str(form["type"])
    schema: Mapping[str, Any] = form.get("schema") or {}
    rolls = bool(schema.get("x-dice"))
    fields = _fields(schema)
    by_name = {f.name: f for f in fields}
    positional = [by_name[a] for a in (alias.arguments if alias else ()) if a in by_name]
    extra: dict[str, list[str]] = {}
    for old, target in (alias.options if alias else {}).items():
        extra.setdefault(target, []).append(old)
    game_arg = typer.Argument(help="Game id.", metavar="GAME_ID")
    params = [
        _param("game_id", Annotated[str, game_arg], ...),
        *(f.argument(i == len(positional) - 1) for i, f in enumerate(positional)),
    ]
    params += [f.option(extra.get(f.name, ())) for f in fields if f not in positional]
    params += _common(seats, rolls and not (alias is not None and alias.odds))

    def run(**values: Any) -> None:
        from ordnance.core.dice import dice_source

        action: dict[str, Any] = {"type": kind}
        for f in fields:
            raw = values.get(f"field_{f.name}")
            if isinstance(raw, tuple):
                raw = list(raw)
            if raw is None or (f.many and not raw):
                continue
            action[f.name] = f.convert(raw)
        game_id, db, seat = values["game_id"], values["db"], values["seat"]
        here = session if session is not None and session.game_id == game_id else None
        live = here or open_game(db, game_id)
        if alias is not None and alias.odds:
            odds = live.game.odds(live.state(), action, seat)
            if odds is None:
                raise OrdnanceError(f"{kind!r} rolls no dice here: there are no odds to show")
            emit(odds, values["as_json"], render_odds)
            return
        dice = dice_source(values.get("dice"), values.get("seed")) if rolls else dice_source("")
        entry = live.act(action, dice, seat, values["expect_version"])
        emit(entry.for_seat(seat), values["as_json"], lambda _row: entry_line(entry, seat))

    title = _(str(form.get("title") or kind))
    dice_note = " " + _("Rolls dice: enter them with --dice, or omit to roll.") if rolls else ""
    if alias is not None and alias.odds:
        title = _("Exact odds of: {title}").format(title=title)
        dice_note = " " + _("Rolls nothing, writes nothing.")
    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    about = str(schema.get("description") or "").replace("``", "")
    run.__doc__ = (
        f"{title} ({kind}). {_(about)}{dice_note}" if about else f"{title} ({kind}).{dice_note}"
    )
    cmd = typer_command(run, name or command_name(kind))
    cmd.short_help = title
    cmd.hidden = alias is not None and cmd.name != command_name(kind)
    return cmd


def take(
    db: str | None,
    game_id: str,
    action: Mapping[str, Any],
    *,
    seat: str | None = None,
    dice: str | None = "",
    seed: int | None = None,
    as_json: bool = False,
) -> None:
    """Take one action and print its journal entry, as every derived command does.

    For a game's own front-end commands (a notation or a counter turned into an
    action). ``dice``: entered dice, ``None`` to roll (with ``seed``), ``""``
    (the default) for an action that rolls nothing.
    """
    from ordnance.core.dice import dice_source

    entry = open_game(db, game_id).act(dict(action), dice_source(dice, seed), seat)
    emit(entry.for_seat(seat), as_json, lambda _row: entry_line(entry, seat))


def entry_line(entry: JournalEntry, seat: str | None) -> Text:
    """One journal entry as one line: ``#4 [dice 1,2]: what happened`` (as ``seat`` sees it)."""
    from rich.text import Text

    from ordnance.cli import i18n
    from ordnance.cli.i18n import _, entry_rows

    row = entry_rows([entry], seat)[0]
    lang = i18n.current()
    texts = [i18n.localize_text(e.get("text") or e["kind"], _, lang) for e in row["events"]]
    rolled = row.get("dice") or []
    dice = f" [{_('dice')} {','.join(map(str, rolled))}]" if rolled else ""
    return Text(f"#{row['seq']}{dice}: " + "; ".join(texts))


def _entry_table(entries: Sequence[JournalEntry], seat: str | None) -> Table:
    from ordnance.cli.games import render_log
    from ordnance.cli.i18n import entry_rows

    return render_log(entry_rows(entries, seat))


# -- the commands every game shares --------------------------------------------------------


def render_view(view: GameView, turn_text: str) -> Group:
    """A view as the page shows it: whose move, then each of its panels as a table."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[RenderableType] = [
        Text(_("Whose move: {text}").format(text=turn_text), style="bold")
    ]
    for p in view.get("panels") or []:
        table = Table(title=p["title"], caption=p.get("note"))
        for col in p["columns"]:
            table.add_column(col)
        for row in p["rows"]:
            table.add_row(*row)
        parts.append(table)
    if len(parts) == 1:  # a game without panels: the view as JSON
        from rich.json import JSON

        from ordnance.cli.common import to_jsonable

        parts.append(JSON(json.dumps(to_jsonable(dict(view)), ensure_ascii=False)))
    return Group(*parts)


GameArg = Annotated[str, typer.Argument(help="Game id.", metavar="GAME_ID")]


def render_odds(data: OddsAnswer) -> Group:
    """Odds as :meth:`Game.odds` answers: the distribution as a table, then the other figures."""
    from rich.console import Group

    from ordnance.cli.common import distribution_table, fraction
    from ordnance.core.odds.distribution import Distribution

    dist = Distribution({k: fraction(v) for k, v in data["distribution"].items()})
    parts: list[RenderableType] = [distribution_table(dist, data["title"])]
    for key, value in data.items():
        if key not in ("title", "distribution") and isinstance(value, str | int | float | list):
            shown = ", ".join(map(str, value)) if isinstance(value, list) else value
            parts.append(f"{key.replace('_', ' ')}: {shown}")
    return Group(*parts)


def generic_app(game_name: str) -> typer.Typer:
    """``new``, ``view``, ``log``, ``undo``, ``legal`` and ``act`` for one game."""
    app = typer.Typer(add_completion=False)

    @app.command("view")
    def view_cmd(
        game_id: GameArg, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False
    ) -> None:
        """Show the game as one seat sees it (or the public view), with whose move it is."""
        from ordnance.cli.i18n import event_text

        session = open_game(db, game_id)
        view = session.view(seat)
        turn = event_text(session.game.turn(session.state()).to_view())
        emit(view, as_json, lambda v: render_view(v, turn))

    @app.command("log")
    def log_cmd(
        game_id: GameArg, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False
    ) -> None:
        """Show the journal, redacted for the seat."""
        session = open_game(db, game_id)
        rows = session.log(seat)
        emit({"entries": rows}, as_json, lambda _d: _entry_table(session.entries(), seat))

    @app.command("undo")
    def undo_cmd(
        game_id: GameArg, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False
    ) -> None:
        """Undo the latest action still in force (recorded as a journal entry)."""
        entry = open_game(db, game_id).undo(seat)
        emit(entry.for_seat(seat), as_json, lambda _row: entry_line(entry, seat))

    @app.command("legal")
    def legal_cmd(
        game_id: GameArg, seat: SeatOpt = None, db: DbOpt = None, as_json: JsonOpt = False
    ) -> None:
        """What the seat may do now: each action's command and title."""
        session = open_game(db, game_id)
        rows = session.game.legal(session.state(), seat)
        emit(
            {"legal": rows},
            as_json,
            lambda d: "\n".join(f"{command_name(r['type'])}: {r['title']}" for r in d["legal"]),
        )

    @app.command("act")
    def act_cmd(
        game_id: GameArg,
        action: Annotated[str, typer.Argument(help='Action as JSON, e.g. {"type": "advance"}.')],
        seat: SeatOpt = None,
        dice: DiceOpt = None,
        seed: SeedOpt = None,
        db: DbOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Apply one action given as JSON (any action, as ``ordnance game act``)."""
        from ordnance.cli.games import act_cmd as generic_act

        generic_act(game_id, action, seat, dice, seed, None, db, as_json)

    return app


# -- the group -----------------------------------------------------------------------------


def _peek(args: Sequence[str]) -> tuple[str | None, str | None, str | None]:
    """``(GAME_ID, --db, --as)`` read from a command's words before it is built."""
    game_id = args[0] if args and not args[0].startswith("-") else None
    found: dict[str, str] = {}
    for i, word in enumerate(args):
        for opt in ("--db", "--as"):
            if word == opt and i + 1 < len(args):
                found[opt] = args[i + 1]
            elif word.startswith(opt + "="):
                found[opt] = word.partition("=")[2]
    return game_id, found.get("--db", os.environ.get("ORDNANCE_DB")), found.get("--as")


def _shared(game_name: str, new_options: Mapping[str, str]) -> dict[str, click.Command]:
    group: Any = typer.main.get_command(generic_app(game_name))
    return {**group.commands, "new": new_command(game_name, new_options)}


#: Option names of ``new`` itself, never taken by a settings field.
_NEW_OWN = frozenset({"settings", "scenario", "id", "db", "json"})


def new_command(game_name: str, options: Mapping[str, str] | None = None) -> click.Command:
    """``new``: the settings schema's fields as options, over ``--settings`` JSON.

    ``options`` are further names of settings fields (``{"--start": "start_phase"}``).
    A field holding an object takes JSON.
    """
    from ordnance.core import registry

    schema = registry.get(game_name).game.settings_schema()
    fields = [f for f in _fields(schema) if f.name not in _NEW_OWN]
    extra: dict[str, list[str]] = {}
    for old, target in (options or {}).items():
        extra.setdefault(target, []).append(old)
    params = [f.option(extra.get(f.name, ())) for f in fields]
    text = Annotated[str | None, typer.Option("--settings", help="Settings as a JSON object.")]
    params += [
        _param("settings", text, None),
        _param(
            "scenario",
            Annotated[
                str | None,
                typer.Option("--scenario", help="Start from a scenario file (or an example name)."),
            ],
            None,
        ),
        _param(
            "game_id",
            Annotated[str | None, typer.Option("--id", help="Id for the new game.")],
            None,
        ),
        *_common((), False)[-2:],  # --db, --json
    ]

    def run(**values: Any) -> None:
        from ordnance.cli.games import new_cmd as generic_new
        from ordnance.cli.games import parse_json_arg

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
        generic_new(
            game_name,
            merged,
            values["scenario"],
            values["game_id"],
            values["db"],
            values["as_json"],
        )

    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params}
    run.__doc__ = "Create a game in the journal (from settings, or from a scenario file)."
    return typer_command(run, "new")


def _kinds(game_name: str) -> dict[str, str]:
    """Command name -> action type, for every action the game takes."""
    from ordnance.core import registry

    return {command_name(k): k for k in registry.get(game_name).game.action_kinds()}


def _position(
    game_name: str, game_id: str | None, db: str | None
) -> tuple[Any, GameSession | None]:
    """The named game's state (its choices), else a new game's with default settings."""
    from ordnance.core import registry

    if game_id is not None:
        try:
            session = open_game(db, game_id)
            return session.state(), session
        except Exception:  # the command runs again and words the problem there
            pass
    return registry.get(game_name).game.new({}), None


def derived_command(
    game_name: str,
    name: str,
    aliases: Mapping[str, Alias | str],
    args: Sequence[str] | None = None,
    new_options: Mapping[str, str] | None = None,
) -> click.Command | None:
    """The shared command, the alias or the action command called ``name``, or None.

    ``args`` (the words after ``name``) name the game whose choices the
    options offer; without them (help) a new game's are used.
    """
    shared = _shared(game_name, new_options or {})
    alias = aliases.get(name)
    if isinstance(alias, str):  # an older name of a shared command (``record`` for ``view``)
        cmd = shared[alias]
        cmd.hidden = True
        return _shown(cmd)
    if name in shared:
        return _shown(shared[name])
    kind = alias.action if alias is not None else _kinds(game_name).get(name)
    if kind is None:
        return None
    from ordnance.core import registry

    game = registry.get(game_name).game
    game_id, db, seat = _peek(args) if args is not None and "--help" not in args else (None,) * 3
    state, session = _position(game_name, game_id, db)
    form = game.action_form(state, seat, kind) or {"type": kind, "schema": {}}
    cmd = action_command(
        game, form, seats=list(game.seats(state)), alias=alias, name=name, session=session
    )
    return _shown(cmd)


def _shown(cmd: click.Command) -> click.Command:
    """Help as written (no Rich markup), in the active language: as every mounted command."""
    from ordnance.cli.i18n import localize_command
    from ordnance.cli.lazy import plain_help

    localize_command(cmd)
    plain_help(cmd)
    return cmd


class GameActions(TyperGroup):
    """A game's ``game`` group: its own commands, the shared ones, then one per action."""

    game_name: str = ""
    aliases: Mapping[str, Alias | str] = {}
    new_options: Mapping[str, str] = {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        shared = _shared(self.game_name, self.new_options)
        return sorted(set(self.commands) | set(shared) | set(_kinds(self.game_name)))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        return derived_command(self.game_name, cmd_name, self.aliases, None, self.new_options)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name, rest = args[0], args[1:]
        cmd = (
            None
            if name in self.commands
            else derived_command(self.game_name, name, self.aliases, rest, self.new_options)
        )
        if cmd is None:
            return super().resolve_command(ctx, args)  # its own command, or Click's refusal
        return name, cmd, rest


class AliasCommands(TyperGroup):
    """A game's top-level group keeping older spellings of game commands (hidden)."""

    game_name: str = ""
    aliases: Mapping[str, Alias | str] = {}
    #: Shared commands also kept under the game's top level (``ordnance waw view``).
    shared: frozenset[str] = frozenset()

    def _hidden(self, name: str, args: Sequence[str] | None) -> click.Command | None:
        if name in self.commands or (name not in self.aliases and name not in self.shared):
            return None
        cmd = derived_command(self.game_name, name, self.aliases, args)
        if cmd is not None:
            cmd.hidden = True
        return cmd

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return super().get_command(ctx, cmd_name) or self._hidden(cmd_name, None)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        cmd = self._hidden(args[0], args[1:])
        if cmd is None:
            return super().resolve_command(ctx, args)
        return args[0], cmd, args[1:]


def game_group(
    game_name: str,
    aliases: Mapping[str, Alias | str] | None = None,
    new_options: Mapping[str, str] | None = None,
) -> type[GameActions]:
    """The group class of ``ordnance <game_name> game`` (pass it as ``typer.Typer(cls=...)``).

    ``aliases``: older spellings of actions; ``new_options``: further option
    names of settings fields in ``new`` (``{"--start": "start_phase"}``).
    """
    return type(
        f"GameActions_{game_name}",
        (GameActions,),
        {
            "game_name": game_name,
            "aliases": dict(aliases or {}),
            "new_options": dict(new_options or {}),
        },
    )


def alias_group(
    game_name: str, aliases: Mapping[str, Alias | str], shared: Sequence[str] = ()
) -> type[AliasCommands]:
    """The class of a game's top-level group that keeps older spellings (``cls=...``)."""
    return type(
        f"AliasCommands_{game_name}",
        (AliasCommands,),
        {"game_name": game_name, "aliases": dict(aliases), "shared": frozenset(shared)},
    )


def default_app(game_name: str) -> typer.Typer:
    """The CLI of a game that brings none: ``ordnance <game> game ...`` derived from its forms."""
    app = typer.Typer(no_args_is_help=True, add_completion=False)
    game_app = typer.Typer(
        cls=game_group(game_name),
        no_args_is_help=True,
        help="Play the game: its actions, derived from its forms.",
    )
    app.add_typer(game_app, name="game")
    return app
