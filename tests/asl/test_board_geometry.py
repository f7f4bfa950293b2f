"""The ASL board as a setting: size, number and orientation (ordnance.asl.rules.board).

covers ours ASL-BOARD-1 (hex ids as printed on the configured board; the notes
describe no board): the board the view draws and the printed ids the actions
accept follow the ``board`` setting, and a printed id off the board is refused
naming the clause, writing nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ordnance.asl.plugin import AslGame
from ordnance.asl.rules.board import BOARD_CLAUSE, BoardGeometry
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.hexes import Hex

GAME = AslGame()


def _gun(hex_: str) -> dict[str, Any]:
    return {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85",
            "notation": "A5^4^/6^5", "gun_size": "85L", "hex": hex_}  # fmt: skip


def _board(settings: dict[str, Any]) -> dict[str, Any]:
    view: dict[str, Any] = GAME.view(GAME.new(settings), None)
    board: dict[str, Any] = view["board"]
    return board


def test_default_board_is_one_geomorphic_board_as_before() -> None:
    """covers ASL-BOARD-1: A1..GG10 (330 hexes), A1 at 0,0, even-lettered columns lower."""
    board = _board({})
    labels = {h["hex"]: h["label"] for h in board["hexes"]}
    assert len(labels) == 33 * 10
    assert labels["0,0"] == "A1" and labels[str(Hex.from_offset(1, 0))] == "B1"
    assert labels[str(Hex.from_offset(32, 9))] == "GG10"
    assert "A to GG" in board["numbering"] and "row 1 to 10" in board["numbering"]


def test_board_size_and_number_change_the_board_drawn() -> None:
    """covers ASL-BOARD-1: a 10 x 5 board numbered 2: J5 is its last hex, its title names it."""
    board = _board({"board": {"number": "2", "columns": 10, "rows": 5}})
    labels = [h["label"] for h in board["hexes"]]
    assert len(labels) == 50 and "J5" in labels and "K1" not in labels and "A6" not in labels
    assert "board 2" in board["title"]


def test_rotated_board_turns_the_ids_half_a_turn() -> None:
    """covers ASL-BOARD-1: turned 180 degrees, GG10 is at 0,0 and A1 at the far corner;
    neighbours stay neighbours (a half turn is an exact symmetry of the grid)."""
    normal, rotated = BoardGeometry(), BoardGeometry(orientation="rotated")
    board = _board({"board": {"orientation": "rotated"}})
    labels = {h["hex"]: h["label"] for h in board["hexes"]}
    assert labels["0,0"] == "GG10" and len(labels) == 330
    assert "turned" in board["numbering"]
    for a, b in (("C5", "C6"), ("C5", "D5"), ("B1", "C1")):
        assert normal.hex_of(a).distance(normal.hex_of(b)) == 1
        assert rotated.hex_of(a).distance(rotated.hex_of(b)) == 1
    far = Hex.from_offset(32, 9)
    for h, label in normal.cells():  # each printed id sits on its hex turned about the centre
        assert rotated.hex_of(label) == Hex(far.q - h.q, far.r - h.r)


@given(st.integers(1, 52), st.integers(1, 99), st.sampled_from(["normal", "rotated"]))
def test_every_printed_id_round_trips(columns: int, rows: int, orientation: str) -> None:
    """covers ASL-BOARD-1: hex_of(label_of(h)) == h for every hex of any board."""
    g = BoardGeometry(columns=columns, rows=rows, orientation=orientation)  # type: ignore[arg-type]
    cells = list(g.cells())
    assert len({h for h, _ in cells}) == columns * rows
    for h, label in cells[:: max(1, len(cells) // 40)]:
        assert g.label_of(h) == label and g.hex_of(label) == h


def test_actions_accept_the_printed_id_of_the_configured_board() -> None:
    """covers ASL-BOARD-1: 'C5' (and '2C5' on board 2) is the same hex as its q,r."""
    state = GAME.new({"board": {"number": "2"}})
    by_label = GAME.apply(state, _gun("2C5"), EnteredDice(())).state
    by_axial = GAME.apply(state, _gun("2,3"), EnteredDice(())).state
    assert by_label.gun("t34").hex == by_axial.gun("t34").hex == "2,3"  # type: ignore[union-attr]
    rotated = GAME.new({"board": {"orientation": "rotated"}})
    turned = GAME.apply(rotated, _gun("GG10"), EnteredDice(())).state
    assert turned.gun("t34").hex == "0,0"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("settings", "hex_"),
    [({}, "HH3"), ({}, "C11"), ({}, "C0"), ({"board": {"columns": 10}}, "K1"),
     ({"board": {"number": "2"}}, "3C5"), ({}, "AB3"), ({}, "5C5")],
)  # fmt: skip
def test_a_printed_id_off_the_board_is_refused_naming_the_clause(
    settings: dict[str, Any], hex_: str
) -> None:
    """covers ASL-BOARD-1: a printed id the board does not have is refused, with a hint."""
    state = GAME.new(settings)
    with pytest.raises(RuleViolation) as err:
        GAME.apply(state, _gun(hex_), EnteredDice(()))
    assert err.value.clause == BOARD_CLAUSE and hex_ in err.value.message
    assert "A1 to" in (err.value.hint or "")


def test_bad_board_settings_are_refused() -> None:
    """A board of 0 columns, 53 columns (past ZZ) or an unknown orientation is no board."""
    for bad in ({"columns": 0}, {"columns": 53}, {"orientation": "sideways"}, {"rows": 100}):
        with pytest.raises(OrdnanceError):
            GAME.new({"board": bad})


def test_forms_show_the_boards_own_hex_id_as_example() -> None:
    """covers ASL-BOARD-1: the hex fields' example is a printed id (C5), not the core's q,r."""
    legal = GAME.legal(GAME.new({}), None)
    add = next(f for f in legal if f["type"] == "add_gun")
    hex_prop = add["schema"]["properties"]["hex"]
    assert hex_prop["x-hex"] == "one" and hex_prop["examples"] == ["C5"]
    small = GAME.legal(GAME.new({"board": {"columns": 2, "rows": 3}}), None)
    add = next(f for f in small if f["type"] == "add_gun")
    assert add["schema"]["properties"]["hex"]["examples"] == ["B3"]


def test_board_title_and_numbering_have_russian() -> None:
    """covers ASL-BOARD-1: a numbered, resized, turned board's words are in the catalogue."""
    from ordnance.i18n import game_texts, localize_text

    ru = game_texts("ru").gettext
    for settings in ({}, {"number": "2", "columns": 10, "rows": 5, "orientation": "rotated"}):
        board = _board({"board": settings})
        for text in (board["title"], board["numbering"]):
            translated = localize_text(text, ru, "ru")
            assert translated != text and "board" not in translated, text
