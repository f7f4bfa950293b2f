"""Which command a word after ``ordnance <game> game`` names: shared, alias or action.

The choices an action's options offer are those of the game named on the
command line: its ``GAME_ID``, ``--db`` and ``--as`` are read before the
command is built; without them (``--help``) a new game's are used.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ordnance.cli.common import open_game
from ordnance.cli.game_commands.action import action_command
from ordnance.cli.game_commands.form_fields import command_name
from ordnance.cli.game_commands.shared_commands import every_game_commands
from ordnance.cli.lazy import Command, plain_help
from ordnance.cli.localize import localize_command
from ordnance.core import registry
from ordnance.core.commands import Alias

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.journal import GameSession


def peek(args: Sequence[str]) -> tuple[str | None, str | None, str | None]:
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


def action_kinds(game_name: str) -> dict[str, str]:
    """Command name -> action type, for every action the game takes."""

    return {command_name(k): k for k in registry.get(game_name).game.action_kinds()}


def position(game_name: str, game_id: str | None, db: str | None) -> tuple[Any, GameSession | None]:
    """The named game's state (its choices), else a new game's with default settings."""

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
) -> Command | None:
    """The shared command, the alias or the action command called ``name``, or None.

    ``args`` (the words after ``name``) name the game whose choices the
    options offer; without them (help) a new game's are used.
    """
    shared = every_game_commands(game_name, new_options or {})
    alias = aliases.get(name)
    if isinstance(alias, str):  # an older name of a shared command (``record`` for ``view``)
        cmd = shared[alias]
        cmd.hidden = True
        return shown(cmd)
    if name in shared:
        return shown(shared[name])
    kind = alias.action if alias is not None else action_kinds(game_name).get(name)
    if kind is None:
        return None

    game = registry.get(game_name).game
    game_id, db, seat = peek(args) if args is not None and "--help" not in args else (None,) * 3
    state, session = position(game_name, game_id, db)
    form = game.action_form(state, seat, kind) or {"type": kind, "schema": {}}
    cmd = action_command(
        game, form, seats=list(game.seats(state)), alias=alias, name=name, session=session
    )
    return shown(cmd)


def shown(cmd: Command) -> Command:
    """Help as written (no Rich markup), in the active language: as every mounted command."""
    localize_command(cmd)
    plain_help(cmd)
    return cmd
