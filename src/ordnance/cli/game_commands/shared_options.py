"""The options every derived command shares: ``--as``, the dice, ``--version``, ``--db``, ``--json``."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Annotated

import typer

from ordnance.cli.common import DbOpt, JsonOpt, SeedOpt, VersionOpt
from ordnance.cli.game_commands.form_fields import parameter
from ordnance.i18n import _


def shared_parameters(seats: Sequence[str], rolls: bool) -> list[inspect.Parameter]:
    """``--as``, the dice (only when the action rolls), ``--version``, ``--db``, ``--json``."""
    seat_help = _("Act as this seat (side); default: hot seat, any side.")
    if seats:
        seat_help += " (" + "; ".join(seats) + ")"
    params = [
        parameter(
            "seat",
            Annotated[
                str | None,
                typer.Option(
                    "--as",
                    help=seat_help,
                    autocompletion=lambda incomplete: [
                        s for s in seats if s.startswith(incomplete)
                    ],
                ),
            ],
            None,
        )
    ]
    if rolls:
        params += [
            parameter(
                "dice",
                Annotated[
                    str | None,
                    typer.Option(
                        "--dice",
                        "--dr",
                        help=_("Dice rolled at the table, in order (e.g. '3,2'); omit to roll."),
                    ),
                ],
                None,
            ),
            parameter("seed", SeedOpt, None),
        ]
    return [
        *params,
        parameter("expect_version", VersionOpt, None),
        parameter("db", DbOpt, None),
        parameter("as_json", JsonOpt, False),
    ]
