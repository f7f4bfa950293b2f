"""``ordnance``: the top-level command.

Game modules contribute their own sub-commands through the registry
(``ordnance asl ...``, ``ordnance toi ...``, ``ordnance waw ...``); the core
adds ``game`` (generic journal commands) and ``odds``.
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from importlib import import_module
from typing import Annotated

import typer
from rich.markup import escape

from ordnance.cli import games, i18n
from ordnance.cli.common import err_console, wants_json
from ordnance.cli.i18n import _
from ordnance.core import registry
from ordnance.core.errors import OrdnanceError

app = typer.Typer(
    name="ordnance",
    help="Rules engine, exact odds and table keeper for special ammunition and fire missions.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    # Help texts are plain text: "[HQ check dice]" must print as written, not be
    # read as Rich markup (the mode propagates to every mounted command).
    rich_markup_mode=None,
)
app.add_typer(games.app, name="game")


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
        i18n.activate(lang.value)


def _mount_optional(name: str, dotted: str, help_text: str) -> None:
    """Mount a face that may not exist yet in this build (odds, serve)."""
    module, _, attr = dotted.partition(":")
    try:
        sub = getattr(import_module(module), attr)
    except ModuleNotFoundError:
        return
    if isinstance(sub, typer.Typer):
        app.add_typer(sub, name=name, help=help_text)
    else:
        app.command(name, help=help_text)(sub)


_BUILT = False


def build() -> typer.Typer:
    """Mount the game and optional faces once per process (idempotent)."""
    global _BUILT
    if _BUILT:
        return app
    _BUILT = True
    for plugin in registry.plugins().values():
        sub = plugin.cli_app()
        if sub is not None:
            app.add_typer(sub, name=plugin.name, help=plugin.game.title)
    _mount_optional("odds", "ordnance.cli.odds:app", "Exact odds and sweeps for every procedure.")
    _mount_optional("serve", "ordnance.server.cli:serve", "Serve the multiplayer table.")
    _mount_optional("demo", "ordnance.cli.demo:demo", "A guided walk-through.")
    _mount_optional("scenario", "ordnance.cli.scenario:app", "Scenario files: check, export.")
    return app


def refusal_text(exc: OrdnanceError) -> str:
    """The refusal as printed (Rich markup).

    English: exactly ``refused: <error>`` as always. Russian: a one-line
    summary of the clause, then the English detail (message and hint).
    """
    if i18n.current() == i18n.DEFAULT:
        return f"[bold red]refused:[/] {exc}"
    refused = escape(_("refused:"))
    instead = _("instead:")
    detail_label = escape(_("detail:"))
    detail = escape(exc.message)
    if exc.hint:
        detail += escape(f" ({instead} {exc.hint})")
    clause = escape(f"[{exc.clause}]") if exc.clause else ""
    summary = i18n.clause_summary(exc.clause)
    if summary is None:
        return f"[bold red]{refused}[/] {clause} {detail}".replace("[/]  ", "[/] ")
    return f"[bold red]{refused}[/] {clause} {escape(summary)}\n  {detail_label} {detail}"


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    i18n.activate(i18n.pick(i18n.lang_from_argv(args)))
    build()
    command = typer.main.get_command(app)
    i18n.localize_command(command)
    try:
        command(args=args, standalone_mode=True)
    except OrdnanceError as exc:
        if wants_json(args):
            sys.stdout.write(json.dumps(exc.to_dict(), ensure_ascii=False) + "\n")
        else:
            err_console.print(refusal_text(exc), highlight=False, markup=True)
        raise SystemExit(2) from None


if __name__ == "__main__":  # pragma: no cover
    main()
