"""``ordnance``: the top-level command.

Game modules contribute their own sub-commands through the registry
(``ordnance asl ...``, ``ordnance toi ...``, ``ordnance waw ...``); the core
adds ``game`` (generic journal commands) and ``odds``.
"""

from __future__ import annotations

import json
import sys
from importlib import import_module

import typer

from ordnance.cli import games
from ordnance.cli.common import err_console, wants_json
from ordnance.core import registry
from ordnance.core.errors import OrdnanceError

app = typer.Typer(
    name="ordnance",
    help="Rules engine, exact odds and table keeper for special ammunition and fire missions.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(games.app, name="game")


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
    return app


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    build()
    try:
        app(args=args, standalone_mode=True)
    except OrdnanceError as exc:
        if wants_json(args):
            sys.stdout.write(json.dumps(exc.to_dict(), ensure_ascii=False) + "\n")
        else:
            err_console.print(f"[bold red]refused:[/] {exc}", highlight=False, markup=True)
        raise SystemExit(2) from None


if __name__ == "__main__":  # pragma: no cover
    main()
