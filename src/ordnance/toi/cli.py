"""``ordnance toi ...``: odds, smoke, advice and a game kept in the journal.

This module is the list of commands only: each lives in its own module
(``cli_odds``, ``cli_smoke``, ``cli_advise``, ``cli_reference``, ``cli_game``),
imported when that command runs, so ``ordnance toi odds ...`` loads the attack
rules alone (no map, no plug-in, no journal, no Pydantic).

Every command takes ``--json``. Refusals exit with status 2 and write nothing
(``ordnance.cli.main`` prints them with their clause id).
"""

from __future__ import annotations

from ordnance.cli.lazy import LazyGroup, Sub

_SMOKE = Sub(
    "ordnance.toi.cli_smoke:smoke_cmd",
    "Exact outcome of a Smoke round: placed, drift (to each hex), misfire.",
)
_ADVISE = Sub(
    "ordnance.toi.cli_advise:advise_cmd",
    "Rank the munitions tokens by expected net hits and chance to destroy.",
)

#: ``ordnance toi odds`` (and ``ordnance odds toi``): the attack, with smoke and advise.
odds_app = LazyGroup(
    help="Exact odds of a Tide of Iron attack (with or without a munitions token).",
    subs={"smoke": _SMOKE, "advise": _ADVISE},
    base="ordnance.toi.cli_odds:odds_app",
)

app = LazyGroup(
    help="Tide of Iron: Fury of the Bear munitions tokens.",
    subs={
        "smoke": _SMOKE,
        "advise": _ADVISE,
        "units": Sub(
            "ordnance.toi.cli_reference:units_cmd",
            "The sample unit catalogue (package data; sample values).",
        ),
        "munitions": Sub(
            "ordnance.toi.cli_reference:munitions_cmd",
            "The munitions reference card: what each token does (TOI-GEN-10).",
        ),
        "maps": Sub(
            "ordnance.toi.cli_reference:maps_cmd", "The sample maps shipped with the package."
        ),
        "odds": Sub(
            "ordnance.toi.cli:odds_app",
            "Exact odds of a Tide of Iron attack (with or without a munitions token).",
        ),
        "game": Sub(
            "ordnance.toi.cli_game:game_app",
            "Play Tide of Iron: new, view, log, undo and each action of the sequence of play.",
        ),
    },
)
