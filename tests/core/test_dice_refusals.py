"""Refusals of entered dice name a clause in every game (issue 12, defect 8).

Through :class:`GameSession` (what the CLI and the table call), too few, too
many or impossible dice are refused with the rule of the roll that asked for
them, and nothing is written. Covers TOI-B1, TOI-B4, WAW-HE-a, WAW-HE-e,
WAW-8.3-d and ASL-B2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ordnance.core.dice import EnteredDice
from ordnance.core.errors import InvalidDice
from ordnance.core.journal import GameSession, open_journal
from tests.toi.helpers import settings as toi_settings


def _session(tmp_path: Path, game: str, settings: dict[str, Any]) -> GameSession:
    return GameSession.create(open_journal(tmp_path / f"{game}.db"), game, settings)


def _refusal(session: GameSession, action: dict[str, Any], dice: list[int]) -> InvalidDice:
    before = session.version
    with pytest.raises(InvalidDice) as err:
        session.act(action, EnteredDice(dice))
    assert session.version == before  # nothing written
    return err.value


@pytest.mark.parametrize(
    ("dice", "clause"),
    [
        ([1, 1], "TOI-B4"),  # T-34 vehicle attack: 5 black dice asked for, 2 entered
        ([1] * 5 + [1] * 3, "TOI-B4"),  # 5 attack dice, no defense dice in the open: 3 extra
        ([7, 1, 1, 1, 1], "TOI-B1"),  # a 7 is no d6 face
    ],
)
def test_tide_of_iron_dice_name_their_rule(tmp_path: Path, dice: list[int], clause: str) -> None:
    """covers TOI-B4 (the attack's black and red dice) and TOI-B1 (dice are d6)."""
    session = _session(tmp_path, "toi", toi_settings())
    session.act(
        {"type": "done", "side": "german"}, EnteredDice([])
    )  # German passes: the Soviet's turn (TOI-B8)
    action = {"type": "attack", "unit": "s-tank", "target": "g-gun"}
    err = _refusal(session, action, dice)
    assert err.clause == clause and err.hint


def test_world_at_war_dice_name_their_rule(tmp_path: Path) -> None:
    """covers WAW-HE-a (salvo), WAW-HE-e (defence dice) and leftover dice."""
    session = _session(tmp_path, "waw", {})
    session.act(
        {
            "type": "place_unit",
            "id": "mr",
            "kind": "Motor Rifle Infantry",
            "side": "soviet",
            "hex": "3,3",
        },
        EnteredDice([]),
    )
    session.act({"type": "place_terrain", "hexes": ["3,3"], "terrain": "woods"}, EnteredDice([]))
    fire = {"type": "he_fire", "side": "us", "target": "3,3", "firepower": 3, "hit_number": 4}
    assert _refusal(session, fire, [6, 6]).clause == "WAW-HE-a"  # salvo of 3: 2 entered
    assert _refusal(session, fire, [6, 6, 6]).clause == "WAW-HE-e"  # woods: 1 defence die missing
    leftover = _refusal(session, fire, [1, 1, 1, 2, 5])
    assert leftover.clause == "WAW-HE-a" and "5 dice were entered" in leftover.message


def test_world_at_war_mine_dice(tmp_path: Path) -> None:
    """covers WAW-8.3-d: the mine attack's d6 is named by the FASCAM rule."""
    session = _session(tmp_path, "waw", {})
    session.act(
        {"type": "place_unit", "id": "t", "kind": "T-72", "side": "soviet", "hex": "1,3"},
        EnteredDice([]),
    )
    session.act({"type": "fascam", "side": "us", "target": "3,3"}, EnteredDice([]))
    move = {"type": "move", "unit": "t", "path": ["2,3"]}
    assert _refusal(session, move, []).clause == "WAW-8.3-d"


def test_asl_dice_name_notes_b2_in_the_session(tmp_path: Path) -> None:
    """covers ASL-B2 through the journal (the HTTP table and the CLI share this path)."""
    session = _session(
        tmp_path,
        "asl",
        {
            "date": "1944-06",
            "sides": [
                {"name": "german", "nationality": "german"},
                {"name": "russian", "nationality": "russian"},
            ],
        },
    )
    session.act(
        {"type": "add_gun", "side": "german", "id": "g", "notation": "A5 s7", "gun_size": "75L"},
        EnteredDice([]),
    )
    session.act({"type": "set_phase", "phase": "PFPh", "attacker": "german"}, EnteredDice([]))
    err = _refusal(session, {"type": "fire", "gun": "g", "ammo": "APCR"}, [3])
    assert err.clause == "ASL-B2"
