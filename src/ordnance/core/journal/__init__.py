"""The game journal: the append-only truth every state is rebuilt from.

* :mod:`.models`: SQLAlchemy 2 tables (``games``, ``journal``);
* :mod:`.store`: opening a database (SQLite by default, any SQLAlchemy URL),
  running the Alembic migrations, and the write discipline (one transaction
  per action, ``BEGIN IMMEDIATE`` on SQLite, optimistic version check);
* :mod:`.session`: :class:`GameSession`, which applies an action through the
  game's rules and appends it with its dice, rebuilds state by replay, undoes;
* :mod:`.scope`: the game type a command serves (a wrong game id is refused).

Importing the package does not import SQLAlchemy; opening a journal does.
"""

from ordnance.core.journal.session import GameSession, JournalEntry, WrongGame
from ordnance.core.journal.store import Journal, JournalUnavailable, open_journal

__all__ = [
    "GameSession",
    "Journal",
    "JournalEntry",
    "JournalUnavailable",
    "WrongGame",
    "open_journal",
]
