"""``ordnance waw game ...`` and the older top-level spellings of its actions.

The game's commands are derived from its forms (:mod:`ordnance.cli.game_commands`);
``ordnance waw place GAME ID KIND ...`` and the other spellings of the first
command line stay working, hidden from help (:func:`older_spelling`).
"""

from __future__ import annotations

from ordnance.cli.game_commands import Alias, derived_command, game_group
from ordnance.cli.lazy import Factory, click

#: ``ordnance waw place GAME ID KIND ...`` and the other spellings of the first CLI.
ALIASES = {
    "terrain": Alias("place_terrain", arguments=("terrain", "hexes")),
    "place": Alias("place_unit", arguments=("id", "kind")),
    "he": Alias("he_fire", options={"--fp": "firepower"}),
    "smoke": Alias("smoke"),
    "fascam": Alias("fascam"),
    "move": Alias("move", arguments=("unit", "path")),
    "fire": Alias("fire", arguments=("unit", "target")),
    "markers": Alias("marker_removal"),
    "hq-result": Alias("hq_check_result", arguments=("hq", "condition")),
    "set-condition": Alias("set_condition", arguments=("unit", "condition")),
}
#: Shared game commands also kept at the top level (``ordnance waw view GAME``).
SHARED = frozenset({"new", "view", "log", "undo"})


def older_spelling(name: str, args: list[str] | None) -> click.Command | None:
    """The hidden command ``ordnance waw <name>`` stands for, if it is an older spelling."""
    if name not in ALIASES and name not in SHARED:
        return None
    cmd = derived_command("waw", name, ALIASES, args)
    if cmd is not None:
        cmd.hidden = True
    return cmd


def _game_group() -> click.Command:
    group = game_group("waw")
    return group(name="game", help="Play World at War: new, view, each action.")


game_app = Factory(_game_group)
