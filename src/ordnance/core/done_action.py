"""The ``done`` action of a simultaneous step, the same in every game (see :mod:`ordnance.core.turns`).

:func:`~ordnance.core.turns.check_turn` lets only an awaited seat say it; a
game subclasses :class:`DoneAction` with its own docstring (the sequence-of-play
clause it serves), which becomes the action's description.
"""

from __future__ import annotations

from typing import Literal

from ordnance.core.fields import Record

__all__ = ["DoneAction"]


class DoneAction(Record):
    """A seat's part of the current simultaneous step is over."""

    type: Literal["done"] = "done"
    #: The side that is done (hot-seat play names it; a seated player is known).
    side: str | None = None
