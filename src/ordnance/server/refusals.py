"""How the table words a game's refusal of input it could not read.

A game refuses bad input as an :class:`~ordnance.core.errors.OrdnanceError`
(passed through) or as a Pydantic ``ValidationError`` from the models that
read actions and settings, which :func:`guarded` words as a
:class:`BadAction`; :class:`NotFound` is the table's own "no such table".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from pydantic import ValidationError

from ordnance.core.errors import OrdnanceError
from ordnance.core.messages import msg


class BadAction(OrdnanceError):
    """An action the game could not read (wrong fields or types)."""


class NotFound(OrdnanceError):
    """No such table (or no such request)."""


T = TypeVar("T")


def guarded(fn: Callable[[], T]) -> T:
    """Run a game function; word a Pydantic refusal of its input as a :class:`BadAction`.

    Games refuse bad input in two ways, both answered as 4xx: an
    :class:`OrdnanceError` (a rule, a name, a scenario problem), which passes
    through as it is, and a Pydantic ``ValidationError`` from the models that
    read actions and settings, worded here. The message names fields, never
    values from the state, so it cannot carry another seat's secret.

    Nothing else is caught: a ``KeyError`` or ``TypeError`` out of a game is a
    bug (in the game, or in a check that should have refused the input
    first), and it stays one, a 500 that tests see.
    """
    try:
        return fn()
    except ValidationError as exc:
        fields = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'action'}: {e['msg']}"
            for e in exc.errors(include_input=False, include_url=False)
        )
        raise BadAction(msg("the action is not valid: {fields}", fields=fields)) from None
