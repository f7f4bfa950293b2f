"""``ordnance toi game ...``: the game kept in the journal.

Its commands are derived from the game's forms (:mod:`ordnance.cli.game_commands`);
:data:`ALIASES` are the older spellings kept working.
"""

from __future__ import annotations

from ordnance.cli.game_commands import Alias, game_group
from ordnance.cli.lazy import Factory, click

#: ``buy --type HE``, ``assign`` (the same), ``command``, ``preview`` (the odds of an attack).
ALIASES = {
    "buy": Alias("buy", options={"--type": "munition"}),
    "assign": Alias("buy", options={"--type": "munition"}),
    "command": Alias("receive_command"),
    "preview": Alias("attack", odds=True),
}


def _game_group() -> click.Command:
    group = game_group("toi", ALIASES, new_options={"--start": "start_phase"})
    return group(
        name="game",
        help="Play Tide of Iron: new, view, log, undo and each action of the sequence of play.",
        no_args_is_help=True,
    )


game_app = Factory(_game_group)
