"""``ordnance``: the top-level command.

Game modules contribute their own sub-commands through the ``ordnance.games``
entry points (``ordnance asl ...``, ``ordnance toi ...``, ``ordnance waw ...``);
the core adds ``game`` (generic journal commands), ``odds``, ``serve`` and
``demo``. Every sub-command is mounted lazily (:mod:`ordnance.cli.lazy`): its
module is imported only when it runs, so ``ordnance --help`` and a
stand-alone procedure start fast.

Errors: :func:`main` prints every :class:`~ordnance.core.errors.OrdnanceError`
as one line (a JSON object under ``--json``) and exits with status 2 for bad
input, 1 for a problem of the environment (a database server that is down,
a read-only journal, a broken installation). A database error the journal
did not already word (it surfaces on first write) is worded the same way.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from enum import StrEnum
from importlib import import_module
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from ordnance import i18n
from ordnance.cli import localize
from ordnance.cli.common import stderr_console, wants_json
from ordnance.cli.failures import as_refusal, exit_status
from ordnance.cli.game_entries import GAMES_GROUP, GameEntry, game_entries
from ordnance.cli.lazy import Command, LazyMount, as_command, maybe_command, typer_command
from ordnance.core.errors import OrdnanceError
from ordnance.i18n import _

app = typer.Typer(
    name="ordnance",
    help="Rules engine, exact odds and table keeper for special ammunition and fire missions.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    # An absent --help is False (Click's documented default map): Typer leaves it
    # None, and converts a None through Pydantic (see _after_lang).
    context_settings={"default_map": {"help": False}},
)


class Lang(StrEnum):
    en = "en"
    ru = "ru"


@app.callback()
def _global_options(
    lang: Annotated[
        Lang | None,
        typer.Option(
            "--lang",
            help="Language of tables and messages: en or ru "
            "(default: ORDNANCE_LANG, else LC_ALL/LC_MESSAGES/LANG, else en).",
        ),
    ] = None,
) -> None:
    # main() reads --lang before the command runs (help texts are translated
    # before Click parses anything); declaring it here lets Click accept it.
    if lang is not None:
        localize.activate(lang.value)


def _from(dotted: str, name: str) -> Callable[[], Command]:
    """A loader for ``module:attribute`` (a Typer app or a command function)."""

    def load() -> Command:
        module, _sep, attr = dotted.partition(":")
        return typer_command(getattr(import_module(module), attr), name)

    return load


def _game_entries() -> list[tuple[str, str, GameEntry]]:
    """``(name, help line, entry point)`` of every installed game, without importing one.

    The help line is the first line of the docstring of the game's package
    (``ordnance.asl`` for ``ordnance.asl.plugin:PLUGIN``), which holds no rules.
    """
    found = []
    for ep in game_entries(GAMES_GROUP):
        package = ep.module.rpartition(".")[0] or ep.module
        doc = (import_module(package).__doc__ or ep.name).strip().splitlines()[0]
        found.append((ep.name, doc, ep))
    return found


def game_loader(ep: GameEntry, which: str) -> Callable[[], Command]:
    """A loader for a game's CLI (``which="cli"``) or odds app (``"odds"``).

    Derived from the game's declarations (:mod:`ordnance.cli.calculators`):
    its calculators and the spellings of its action commands. A game package
    that names them (``CALCULATORS`` / ``COMMANDS``, dotted ``module:attribute``
    in its ``__init__``) has them imported directly, so a stand-alone command
    loads neither the plug-in nor the rules it does not use; otherwise the
    plug-in is loaded and asked. (A game that still ships a command line of its
    own names it as ``CLI`` / ``ODDS_CLI``.)
    """

    def load() -> Command:
        package = import_module(ep.module.rpartition(".")[0] or ep.module)
        dotted = getattr(package, "CLI" if which == "cli" else "ODDS_CLI", None)
        if isinstance(dotted, str):
            module, _sep, attr = dotted.partition(":")
            return typer_command(getattr(import_module(module), attr), ep.name, _localized())
        from ordnance.cli.calculator_cache import declared_at
        from ordnance.cli.calculators import Declared, game_command, odds_command
        from ordnance.core.commands import GameCommands

        calcs_path = getattr(package, "CALCULATORS", None)
        commands_path = getattr(package, "COMMANDS", None)
        help_text = (package.__doc__ or ep.name).strip().splitlines()[0]
        if isinstance(calcs_path, str):
            declared = declared_at(calcs_path)
        else:
            from ordnance.core.registry import GamePlugin

            plugin = ep.load()
            if not isinstance(plugin, GamePlugin):
                raise OrdnanceError(f"the entry point {ep.value!r} is not a game plug-in")
            declared = Declared.of(plugin.calculator_list())
            commands_path = commands_path or plugin.commands
        commands = None
        if isinstance(commands_path, str):
            module, _sep, attr = commands_path.partition(":")
            commands = getattr(import_module(module), attr)
            if not isinstance(commands, GameCommands):
                raise OrdnanceError(f"{commands_path!r} is not a GameCommands declaration")
        if which == "cli":
            cmd = game_command(ep.name, declared, commands, help_text)
        elif any(p[0] == "odds" for s in declared.specs for p in (s.path, *s.also)):
            cmd = odds_command(declared, f"{help_text.partition(':')[0]}: odds.")
        else:
            raise OrdnanceError(
                f"the game {ep.name!r} has no odds commands",
                hint=f"see 'ordnance {ep.name} --help'",
            )
        return typer_command(cmd, ep.name, _localized())

    return load


def _expecting(name: str) -> Callable[[], Any]:
    def scope() -> Any:
        from ordnance.core.scope import expecting

        return expecting(name)

    return scope


def _localized(then: Callable[[Command], None] | None = None) -> Any:
    def prepare(cmd: Command) -> None:
        if then is not None:
            then(cmd)
        localize.localize_command(cmd)

    return prepare


def _mount_game_odds(odds: Command) -> None:
    """``ordnance odds <game> ...``: each game's odds app, itself lazy."""
    group: Any = odds
    for name, doc, ep in _game_entries():
        group.commands[name] = LazyMount(
            name,
            f"{doc.partition(':')[0]}: odds.",
            game_loader(ep, "odds"),
            scope=_expecting(name),
            prepare=_localized(),
        )


#: the commands that are not a game's: name, help line, ``module:attribute`` of the Typer app
_FACES = (
    ("game", "Play any game through its journal (generic commands).", "ordnance.cli.games:app"),
    ("odds", "Exact odds and sweeps for every procedure.", "ordnance.cli.odds:app"),
    ("serve", "Serve the multiplayer table.", "ordnance.server.cli:serve"),
    ("scenario", "Scenario files: check, export.", "ordnance.cli.scenario:app"),
    ("table", "Play at a remote table.", "ordnance.server.table_client:app"),
    ("demo", "A guided walk-through.", "ordnance.cli.demo:demo"),
)


def cli_command() -> TyperGroup:
    """The Click command of ``ordnance``, every sub-command a lazy placeholder."""
    command = as_command(typer.main.get_command(app))
    if not isinstance(command, TyperGroup):
        raise TypeError("the ordnance app is a group")
    mounts = [
        LazyMount(
            name,
            doc,
            _from(target, name),
            prepare=_localized(_mount_game_odds if name == "odds" else None),
        )
        for name, doc, target in _FACES
    ]
    for name, doc, ep in _game_entries():
        mounts.append(
            LazyMount(
                name, doc, game_loader(ep, "cli"), scope=_expecting(name), prepare=_localized()
            )
        )
    for mount in sorted(mounts, key=lambda m: m.name or ""):
        command.add_command(mount, mount.name)
    localize.localize_command(command)
    return command


def walk(command: Command, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Command]]:
    """Every leaf command under ``command`` with its path, loading each lazy mount.

    Tests use it to run every command (so a new command is covered by them).
    """
    group = command.real() if isinstance(command, LazyMount) else command
    if not isinstance(group, TyperGroup):
        yield path, group
        return
    ctx = typer.Context(group)
    for name in group.list_commands(ctx):
        sub = maybe_command(group.get_command(ctx, name))
        if sub is not None and not sub.hidden:
            yield from walk(sub, (*path, name))


def refusal_text(exc: OrdnanceError) -> str:
    """The refusal as printed (Rich markup).

    English: exactly ``refused: <error>`` as always. Russian: the message
    and hint in Russian when the catalogue words them (an entry or a
    template), else a one-line summary of the clause, then the English detail.
    """
    from rich.markup import escape  # only a refusal needs it, not every start

    label = "error:" if exit_status(exc) == 1 else "refused:"
    if i18n.current() == i18n.DEFAULT:
        return f"[bold red]{label}[/] {escape(str(exc))}"
    refused = escape(_(label))
    instead = _("instead:")
    detail_label = escape(_("detail:"))
    detail = escape(exc.message)
    if exc.hint:
        detail += escape(f" ({instead} {exc.hint})")
    clause = escape(f"[{exc.clause}]") if exc.clause else ""
    said, told, found = i18n.localize_refusal(exc, _, i18n.current())
    if found:  # the refusal itself has a Russian text: no English detail
        told_part = escape(f" ({instead} {told})") if told else ""
        return f"[bold red]{refused}[/] {clause} {escape(said)}{told_part}".replace("[/]  ", "[/] ")
    summary = i18n.clause_summary(exc.clause)
    if summary is None:
        return f"[bold red]{refused}[/] {clause} {detail}".replace("[/]  ", "[/] ")
    return f"[bold red]{refused}[/] {clause} {escape(summary)}\n  {detail_label} {detail}"


def main(argv: list[str] | None = None) -> None:
    """``ordnance ...``: run the command line on ``argv`` (default: ``sys.argv[1:]``)."""
    args = sys.argv[1:] if argv is None else argv
    localize.activate(i18n.pick(i18n.lang_from_argv(args)))
    if "--help" in args:  # the help of a command whose context is not a HelpContext
        localize.localize_typer_marks()
    command = cli_command()
    rest = _after_lang(args)
    if rest is not None:
        command.params = [p for p in command.params if p.name != "lang"]
        args = rest
    run_command(command, args)


def _after_lang(args: list[str]) -> list[str] | None:
    """The words after the top-level options when they are one valid ``--lang`` (or
    none) and a sub-command follows; ``None`` otherwise.

    :func:`main` has then read the language already, and runs the sub-command
    with the option taken out of the top-level command: Typer converts every
    option's value through a Pydantic ``TypeAdapter``, ``None`` included, and
    the first one built costs about 0.1 s (Pydantic's import and schema
    machinery), which a help screen or a command without Pydantic would pay
    for an option whose value is already read. ``ordnance --help`` and an
    invalid or repeated ``--lang`` keep the option, so Click shows and refuses
    it as always.
    """
    values = {lang.value for lang in Lang}
    words = list(args)
    if words[:1] == ["--lang"] and len(words) > 1 and words[1] in values:
        words = words[2:]
    elif words and words[0].startswith("--lang=") and words[0].partition("=")[2] in values:
        words = words[1:]
    return None if not words or words[0].startswith("-") else words


def run_command(command: Any, args: list[str]) -> None:
    """Run a Click command; every refusal and environment problem becomes one line.

    Other command-line entry points (``python -m ordnance.server.verify``)
    call this too, so they word errors and exit the same way.
    """
    try:
        command(args=args, standalone_mode=True)
    except OrdnanceError as exc:
        _refuse(exc, args)
    except Exception as exc:
        problem = as_refusal(exc)
        if problem is None:
            raise  # a bug: let it show
        _refuse(problem, args)


def _refuse(exc: OrdnanceError, args: list[str]) -> None:
    if wants_json(args):
        sys.stdout.write(json.dumps(exc.to_dict(), ensure_ascii=False) + "\n")
    else:
        # soft_wrap: one line however narrow the terminal (the terminal may fold it)
        stderr_console().print(refusal_text(exc), highlight=False, markup=True, soft_wrap=True)
    raise SystemExit(exit_status(exc)) from None


if __name__ == "__main__":  # pragma: no cover
    main()
