"""The older spellings of World at War's action commands (the commands themselves
are derived from the action forms by every face)."""

from __future__ import annotations

from ordnance.core.commands import Alias, GameCommands

COMMANDS = GameCommands(
    help="Play World at War: new, view, each action.",
    # ``ordnance waw game mission GAME --side --target --fp --hit-number``: the odds of
    # an HE Fire mission against the units now in a hex (was ``waw odds mission``).
    game_aliases={"mission": Alias("he_fire", odds=True, options={"--fp": "firepower"})},
    # ``ordnance waw place GAME ID KIND ...`` and the other spellings of the first CLI.
    top_aliases={
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
    },
    top_shared=frozenset({"new", "view", "log", "undo"}),
)
