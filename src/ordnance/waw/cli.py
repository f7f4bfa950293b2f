"""``ordnance waw ...``: exact odds, line of sight and a game kept in the journal.

This module is the list of commands only: each lives in its own module
(``cli_odds``, ``cli_los``, ``cli_reference``, ``cli_game``), imported when that
command runs, so a stand-alone command loads neither the plug-in nor the
journal nor the other commands' rules.

Every command takes ``--json`` (one JSON document, fractions as ``"p/q"``).
Refusals name their clause and exit with status 2, writing nothing
(``ordnance.cli.main`` prints them). The commands decide no rule: they build
actions and queries and print what the ``ordnance.waw`` procedures return.
"""

from __future__ import annotations

from ordnance.cli.lazy import LazyGroup, Sub

_ODDS_HELP = "Exact odds of World at War fire missions."

#: ``ordnance waw odds`` (and ``ordnance odds waw``).
odds_app = LazyGroup(
    help=_ODDS_HELP,
    subs={
        "he-fire": Sub(
            "ordnance.waw.cli_odds:odds_he_fire",
            "Net Hits of an HE Fire mission and, with --unit, each unit's resulting state.",
        ),
        "fascam": Sub(
            "ordnance.waw.cli_odds:odds_fascam",
            "One mine attack on a unit entering a mined hex (WAW-8.3-d, -e).",
        ),
        "mission": Sub(
            "ordnance.waw.cli_odds:odds_mission",
            "Odds of an HE Fire mission against the units now in a hex of a game.",
        ),
    },
)

app = LazyGroup(
    help="World at War artillery: HE Fire, Smoke and FASCAM missions on a map.",
    subs={
        "units": Sub(
            "ordnance.waw.cli_reference:units_cmd", "The unit types (sample values are marked)."
        ),
        "terrain-types": Sub(
            "ordnance.waw.cli_reference:terrain_types_cmd",
            "Terrain types and their infantry Defensive Bonus in dice.",
        ),
        "los": Sub(
            "ordnance.waw.cli_los:los_cmd",
            "Line of sight between two hexes: the hexes crossed, which smoke blocks it, for whom.",
        ),
        "odds": Sub("ordnance.waw.cli:odds_app", _ODDS_HELP),
        "game": Sub("ordnance.waw.cli_game:game_app", "Play World at War: new, view, each action."),
    },
    fallback="ordnance.waw.cli_game:older_spelling",
)
