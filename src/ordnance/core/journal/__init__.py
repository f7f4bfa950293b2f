"""The game journal: the append-only truth every state is rebuilt from.

* :mod:`.models`: SQLAlchemy 2 tables (``games``, ``journal``);
* :mod:`.store`: opening a database (SQLite by default, any SQLAlchemy URL),
  running the Alembic migrations, and the write discipline (one transaction
  per action, ``BEGIN IMMEDIATE`` on SQLite, optimistic version check);
* :mod:`.session`: :class:`GameSession`, which applies an action through the
  game's rules and appends it with its dice, rebuilds state by replay, undoes;
* :mod:`.entries`: :class:`JournalEntry` (a line read back) and which actions
  are still in force;
* :mod:`.derive`: the state at a version, from the nearest cached or
  snapshotted state plus the entries after it;
* :mod:`.snapshots`: the state cache and the snapshot format;
* :mod:`.scope`: the game type a command serves (a wrong game id is refused).

Importing the package does not import SQLAlchemy; opening a journal does.
The names below are imported on first use (PEP 562): the command line
enters :mod:`.scope` for every game command, and a stand-alone procedure
that never opens a game should not load the session and its Pydantic models.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.journal.entries import JournalEntry
    from ordnance.core.journal.session import GameSession, WrongGame
    from ordnance.core.journal.store import Journal, JournalUnavailable, open_journal

#: Where each name of the package lives.
_HOME = {
    "GameSession": "session",
    "JournalEntry": "entries",
    "WrongGame": "session",
    "Journal": "store",
    "JournalUnavailable": "store",
    "open_journal": "store",
}

__all__ = [
    "GameSession",
    "Journal",
    "JournalEntry",
    "JournalUnavailable",
    "WrongGame",
    "open_journal",
]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # later look-ups find it directly
    return value
