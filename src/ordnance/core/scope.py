"""Which game type the running command serves, so a wrong game id is refused early.

``ordnance asl game record ID`` only makes sense for an ASL game; handed the
id of a Tide of Iron game it would run ASL code over a ToI state and fail
somewhere deep inside. The command line enters :func:`expecting` for every
``ordnance <game> ...`` command, and :class:`~ordnance.core.journal.GameSession`
checks the stored game type against it when it opens a game.

A context variable rather than an argument: the game type is known where the
command is mounted, not in the game's own command functions, and threading it
through each of them would repeat the same check in every game.

It lives outside :mod:`ordnance.core.journal` so that entering it imports no
journal: a stand-alone command (odds, supply) enters it too and opens no game.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: The game type the current command serves (``None``: any game).
expected_game: ContextVar[str | None] = ContextVar("ordnance_expected_game", default=None)


@contextmanager
def expecting(game: str | None) -> Iterator[None]:
    """Within the block, games opened by id must be of type ``game``."""
    token = expected_game.set(game)
    try:
        yield
    finally:
        expected_game.reset(token)
