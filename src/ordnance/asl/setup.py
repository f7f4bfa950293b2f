"""A new ASL game: the scenario's two sides, date and theatre.

:func:`new_state` checks the settings (ASL-8.2-g: two differently named sides of
known nationalities); the game's ``restore`` adds the position of a scenario file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.nationalities import KNOWN_NATIONALITIES, nationality_key
from ordnance.asl.settings import parse_settings
from ordnance.asl.state import AslState
from ordnance.core.errors import OrdnanceError, UnknownName
from ordnance.core.messages import msg


def new_state(settings: Mapping[str, Any]) -> AslState:
    """The scenario at its start: two differently named sides of known nationalities (ASL-8.2-g)."""
    parsed = parse_settings(settings)
    date = ScenarioDate.parse(parsed.date)
    theatre = Theatre.parse(parsed.theatre)
    names = [s.name for s in parsed.sides]
    if len(parsed.sides) != 2 or len(set(names)) != 2:
        raise OrdnanceError(
            msg("an ASL scenario has two sides with different names"),
            hint=msg(
                'e.g. [{{"name": "russian", "nationality": "russian"}}, {{"name": "german", "nationality": "german"}}]'
            ),
        )
    for side in parsed.sides:
        if nationality_key(side.nationality) not in KNOWN_NATIONALITIES:
            raise UnknownName(
                msg(
                    "unknown nationality {nationality!r} for side {name!r}",
                    nationality=side.nationality,
                    name=side.name,
                ),
                clause="ASL-8.2-g",
                hint="one of " + ", ".join(KNOWN_NATIONALITIES),
            )
    return AslState(settings=parsed, date=date, theatre=theatre, attacker=names[0])
