"""The journal package's layout (issue 13 item 7): the snapshot walk in its own module.

``GameSession`` keeps thin methods over :mod:`ordnance.core.journal.derive` (the state at
a version from the nearest known one) and :mod:`ordnance.core.journal.entries` (entries
read back, what is in force); a name is imported from the module that defines it. The
behaviour is checked by ``test_snapshots.py`` (CORE-JOURNAL-1, CORE-UNDO); these tests
pin the paths.
"""

from __future__ import annotations

import ordnance.core.journal as journal
from ordnance.core.journal import derive, entries, session


def test_the_package_names_the_entries_of_their_module() -> None:
    assert journal.JournalEntry is entries.JournalEntry  # the package's lazy name
    assert "JournalEntry" not in session.__all__ and "effective_entries" not in session.__all__


def test_the_session_delegates_the_walk() -> None:
    """No second copy of the walk is left in the session module."""
    assert not hasattr(session.GameSession, "_walk")
    assert not hasattr(session.GameSession, "_save_snapshot")
    assert callable(derive.walk) and callable(derive.state_at)


def test_every_session_export_exists() -> None:
    assert all(hasattr(session, name) for name in session.__all__)
