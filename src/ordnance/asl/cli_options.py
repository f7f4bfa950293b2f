"""What several ``ordnance asl`` commands share: option types and the reading of a date.

Kept light on purpose (Typer and the dates module only): every ASL command
module imports it, and a stand-alone procedure must not load the rules of
the other commands (issue 13: a fast CLI).
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from ordnance.asl.dates import ScenarioDate
from ordnance.core.errors import OrdnanceError
from ordnance.core.messages import msg

DateOpt = Annotated[str, typer.Option("--date", help="Scenario date YYYY-MM (1939-1945).")]
TheatreOpt = Annotated[str, typer.Option("--theatre", help="ETO, PTO or Burma.")]
CA_HELP = "Covered Arc: 0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW, 5 = NW."
DrOpt = Annotated[
    str | None,
    typer.Option("--dr", "--dice", help="Dice rolled at the table, coloured die first: 3,2."),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", help="ASL-AMB option as name=value (e.g. burma_p=pto-only)."),
]


def parse_date(text: str | None) -> ScenarioDate | None:
    """``--date YYYY-MM`` read (``None`` when not given)."""
    return None if text is None else ScenarioDate.parse(text)


def option_values(option: list[str] | None) -> dict[str, Any]:
    """``["burma_p=pto-only", "captured_rof_loss=2"]`` -> the values, JSON-read where they can be."""
    values: dict[str, Any] = {}
    for opt in option or []:
        key, sep, value = opt.partition("=")
        if not sep:
            raise OrdnanceError(
                msg("cannot read the option {opt!r}", opt=opt), hint=msg("name=value")
            )
        try:
            values[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            values[key.strip()] = value
    return values


__all__ = [
    "CA_HELP",
    "DateOpt",
    "DrOpt",
    "OptionOpt",
    "TheatreOpt",
    "option_values",
    "parse_date",
]
