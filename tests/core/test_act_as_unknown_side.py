"""An action under a name that is no side of the game is refused as such.

Before, the sequence-of-play check ran first and answered "it is not martian's
move", as if martian were a seat waiting for its turn.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ordnance.core.errors import UnknownName
from ordnance.core.journal import GameSession, open_journal


def test_acting_as_an_unknown_side_names_the_sides_and_writes_nothing(tmp_path: Path) -> None:
    session = GameSession.create(open_journal(str(tmp_path / "j.db")), "toi", {}, "g1")
    before = len(session.entries(0))
    action = {"type": "attack", "unit": "g-squad-1", "target": "s-zis3-1"}
    with pytest.raises(UnknownName) as err:
        session.act(action, seat="martian")
    assert "'martian' is not a side" in err.value.message
    assert err.value.hint is not None and "german" in err.value.hint and "soviet" in err.value.hint
    assert len(session.entries(0)) == before
