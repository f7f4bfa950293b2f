"""The older spellings of Tide of Iron's action commands (the commands themselves
are derived from the action forms by every face)."""

from __future__ import annotations

from ordnance.core.commands import Alias, GameCommands

COMMANDS = GameCommands(
    help="Play Tide of Iron: new, view, log, undo and each action of the sequence of play.",
    # ``buy --type HE``, ``assign`` (the same), ``command``, ``preview`` (the odds of an attack).
    game_aliases={
        "buy": Alias("buy", options={"--type": "munition"}),
        "assign": Alias("buy", options={"--type": "munition"}),
        "command": Alias("receive_command"),
        "preview": Alias("attack", odds=True),
    },
    new_options={"--start": "start_phase"},
)
