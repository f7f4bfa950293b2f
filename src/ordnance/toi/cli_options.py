"""Options and readers the Tide of Iron odds commands share (``--range``, ``--defence``...)."""

from __future__ import annotations

from typing import Annotated

import typer

from ordnance.core.errors import OrdnanceError
from ordnance.toi.attack import RangeBand

#: The American spelling of ``--defence``, still accepted (hidden from help).
DefenseAlias = Annotated[int | None, typer.Option("--defense", hidden=True)]
PlotOpt = Annotated[
    str | None, typer.Option("--plot", help="Also write a PNG bar chart to FILE.png.")
]


def read_band(text: str) -> RangeBand:
    """``--range``: close, normal or long."""
    try:
        found = RangeBand(text.strip().lower())
    except ValueError:
        raise OrdnanceError(
            f"unknown range band {text!r}", clause="TOI-B2", hint="close, normal or long"
        ) from None
    return found
