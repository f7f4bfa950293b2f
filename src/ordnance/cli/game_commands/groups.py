"""The Click groups a game mounts: ``game`` (its actions) and its top level (older spellings)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import typer
from typer.core import TyperGroup

from ordnance.cli.game_commands.resolve import action_kinds, derived_command
from ordnance.cli.game_commands.shared_commands import every_game_commands
from ordnance.cli.lazy import Command, as_command, maybe_command, resolved
from ordnance.core.commands import Alias


class GameActions(TyperGroup):
    """A game's ``game`` group: its own commands, the shared ones, then one per action."""

    game_name: str = ""
    aliases: Mapping[str, Alias | str] = {}
    new_options: Mapping[str, str] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        shared = every_game_commands(self.game_name, self.new_options)
        return sorted(set(self.commands) | set(shared) | set(action_kinds(self.game_name)))

    def get_command(self, ctx: Any, cmd_name: str) -> Command | None:
        if cmd_name in self.commands:
            return as_command(self.commands[cmd_name])
        return derived_command(self.game_name, cmd_name, self.aliases, None, self.new_options)

    def resolve_command(
        self, ctx: Any, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        name, rest = args[0], args[1:]
        cmd = (
            None
            if name in self.commands
            else derived_command(self.game_name, name, self.aliases, rest, self.new_options)
        )
        if cmd is None:
            return resolved(super().resolve_command(ctx, args))  # its own, or Click's refusal
        return name, cmd, rest


class AliasCommands(TyperGroup):
    """A game's top-level group keeping older spellings of game commands (hidden)."""

    game_name: str = ""
    aliases: Mapping[str, Alias | str] = {}
    #: Shared commands also kept under the game's top level (``ordnance waw view``).
    shared: frozenset[str] = frozenset()

    def _hidden(self, name: str, args: Sequence[str] | None) -> Command | None:
        if name in self.commands or (name not in self.aliases and name not in self.shared):
            return None
        cmd = derived_command(self.game_name, name, self.aliases, args)
        if cmd is not None:
            cmd.hidden = True
        return cmd

    def get_command(self, ctx: Any, cmd_name: str) -> Command | None:
        return maybe_command(super().get_command(ctx, cmd_name)) or self._hidden(cmd_name, None)

    def resolve_command(
        self, ctx: Any, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        cmd = self._hidden(args[0], args[1:])
        if cmd is None:
            return resolved(super().resolve_command(ctx, args))
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
