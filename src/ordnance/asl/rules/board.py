"""The ASL board a game is played on: its size, number and orientation (a setting).

An ASL geomorphic board prints its hex ids as a column letter and a row
number (``C5``); a scenario names a hex of a given board with the board's
number first (``2C5``). :class:`BoardGeometry` says which board is drawn and
how its printed ids map to the core's axial ``q,r`` hexes:

* ``columns`` x ``rows``: the default is one geomorphic board, columns A..GG
  (33) by rows 1..10;
* ``orientation``: ``"normal"`` puts ``A1`` at axial ``0,0`` with the
  even-lettered columns (B, D...) half a hex lower (the core's odd-q
  offsets); ``"rotated"`` turns the board half a turn (180 degrees), as
  scenarios often do, so the last hex (``GG10``) is at ``0,0`` and ``A1`` at
  the far corner. A half turn of a hex grid is ``(q, r) -> (-q, -r)`` plus a
  shift, so the geometry stays exact and every hexside and vertex keeps its
  neighbours;
* ``number``: the board's number, shown in the title and accepted (or
  refused, when it names another board) before a printed id.

Hex fields of the actions accept a printed id or axial ``q,r``. A printed
id that is not on the board is refused naming :data:`BOARD_CLAUSE`; axial
hexes stay the core's coordinates (a piece placed off the board is still
drawn). The clause id is ours: the notes describe no board.

The hexes and their printed labels (:mod:`ordnance.core.hexes`,
:mod:`ordnance.core.forms`) are imported when a method first needs them, not
with this module: every ASL command reads the settings this geometry is part
of, and most never map a hex (``asl odds gun`` starts faster without them).

>>> from ordnance.core.hexes import Hex
>>> g = BoardGeometry()
>>> g.hex_of("A1"), g.hex_of("C5"), g.label_of(Hex(2, 3))
(Hex(0, 0), Hex(2, 3), 'C5')
>>> r = BoardGeometry(orientation="rotated")
>>> r.hex_of("GG10"), r.label_of(Hex(0, 0)), r.hex_of("A1")
(Hex(0, 0), 'GG10', Hex(32, -7))
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal

from ordnance.core.errors import RuleViolation
from ordnance.core.fields import Record, option
from ordnance.core.messages import msg, said

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.hexes import Hex

__all__ = ["BOARD_CLAUSE", "HEX_FIELDS", "BoardGeometry", "accept_hexes"]

#: Our clause id for hex ids printed on the configured board.
BOARD_CLAUSE = "ASL-BOARD-1"

#: The action fields that hold one hex (as the forms mark them, ``x-hex``).
HEX_FIELDS: Mapping[str, tuple[str, ...]] = {
    "add_gun": ("hex",),
    "place_smoke": ("target",),
    "place_wp": ("target",),
    "fire_canister": ("building_hex",),
}

_PRINTED = re.compile(r"^\s*(\d*)\s*([A-Za-z]+)\s*(\d+)\s*$")


def _hex(q: int, r: int) -> Hex:
    from ordnance.core.hexes import Hex

    return Hex(q, r)


def _from_offset(col: int, row: int) -> Hex:
    from ordnance.core.hexes import Hex

    return Hex.from_offset(col, row)


def _label(col: int, row: int) -> str:
    """:func:`ordnance.core.forms.lettered_label` (imported on first use)."""
    from ordnance.core.forms import lettered_label as label

    return label(col, row)


class BoardGeometry(Record):
    """Which ASL board is drawn and how its printed hex ids map to hexes."""

    number: str = option(
        "",
        "Board number",
        "The geomorphic board's number, e.g. '2' (empty: unnamed). "
        "Hex ids may then be written with it first, e.g. '2C5'.",
        max_length=8,
        pattern=r"^[0-9A-Za-z]*$",
    )
    columns: int = option(
        33,
        "Hex columns",
        "Columns of hexes, lettered A, B... Z, AA... (33 = A to GG, one board).",
        ge=1,
        le=52,
    )
    rows: int = option(10, "Hex rows", "Rows of hexes, numbered from 1.", ge=1, le=99)
    orientation: Literal["normal", "rotated"] = option(
        "normal",
        "Orientation",
        "'normal': A1 at the top left; 'rotated': the board turned half a "
        "turn, A1 at the bottom right.",
        labels=["A1 at the top left", "Turned: A1 at the bottom right"],
    )

    # -- the mapping ----------------------------------------------------------------
    def _far_corner(self) -> Hex:
        return _from_offset(self.columns - 1, self.rows - 1)

    def hex_at(self, col: int, row: int) -> Hex:
        """The hex of printed column ``col`` (0 = A) and row ``row`` (0 = row 1)."""
        h = _from_offset(col, row)
        if self.orientation == "normal":
            return h
        far = self._far_corner()
        return _hex(far.q - h.q, far.r - h.r)

    def cells(self) -> Iterator[tuple[Hex, str]]:
        """Every hex of the board with its printed id, column by column."""
        for c in range(self.columns):
            for r in range(self.rows):
                yield self.hex_at(c, r), _label(c, r)

    def label_of(self, h: Hex) -> str | None:
        """The printed id of ``h`` (None: not on this board)."""
        if self.orientation == "rotated":
            far = self._far_corner()
            h = _hex(far.q - h.q, far.r - h.r)
        col, row = h.to_offset()
        if 0 <= col < self.columns and 0 <= row < self.rows:
            return _label(col, row)
        return None

    def printed(self, h: Hex | str) -> str:
        """How ``h`` (a Hex or its ``"q,r"`` id) is written for a player: its printed id
        (``C5``); a hex off the board is written ``off-board q:r``."""
        from ordnance.core.hexes import parse_hex

        hx = parse_hex(h) if isinstance(h, str) else h
        return self.label_of(hx) or f"off-board {hx.q}:{hx.r}"

    def hexside(self, text: str) -> str:
        """A hexside id ``"q,r|q,r"`` as printed ids, ``C5|D5``."""
        return "|".join(self.printed(p) for p in text.split("|"))

    def hex_of(self, text: str) -> Hex:
        """The hex a printed id (``C5``, ``2C5``) names; refused when it is not on the board."""
        m = _PRINTED.match(text) if isinstance(text, str) else None
        if m is None:
            raise self._refuse(text, "is not a printed hex id (a column letter and a row)")
        number, letters, digits = m.group(1), m.group(2).upper(), m.group(3)
        if number and number.upper() != self.number.upper():
            which = f"board {self.number}" if self.number else "an unnumbered board"
            raise self._refuse(text, f"names board {number}, but this game is on {which}")
        if len(set(letters)) != 1:
            raise self._refuse(text, "has a column of different letters (ASL doubles one: AA)")
        col = (ord(letters[0]) - ord("A")) + 26 * (len(letters) - 1)
        row = int(digits) - 1
        if not (0 <= col < self.columns and 0 <= row < self.rows):
            raise self._refuse(text, "is not on the board")
        return self.hex_at(col, row)

    def _refuse(self, text: object, why: str) -> RuleViolation:
        last = _label(self.columns - 1, self.rows - 1)
        return RuleViolation(
            BOARD_CLAUSE,
            msg("the hex {text!r} {why}", text=text, why=why),
            hint=msg(
                "write a hex of {value}: A1 to {last} (or axial q,r)", value=self.title(), last=last
            ),
        )

    def title(self) -> str:
        return f"ASL board {self.number}" if self.number else "the ASL board"

    def numbering(self) -> str:
        """One sentence saying how to read the printed ids."""
        last_col = _label(self.columns - 1, 0)[:-1]
        turned = " The board is turned: A1 is at the bottom right." if self.rotated else ""
        return said(
            "Hex ids as printed on an ASL board: column letter A to {last}, row 1 to {rows} (C5)."
            + turned,
            last=last_col,
            rows=self.rows,
        )

    @property
    def rotated(self) -> bool:
        return self.orientation == "rotated"

    def example(self) -> str:
        """A printed id of this board for form placeholders (C5, or the nearest one)."""
        return _label(min(2, self.columns - 1), min(4, self.rows - 1))


def _axial(text: str) -> bool:
    return "," in text


def accept_hexes(geometry: BoardGeometry, action: Mapping[str, Any]) -> Mapping[str, Any]:
    """``action`` with its printed hex ids turned into axial ``q,r`` (others left as given).

    Refuses (:data:`BOARD_CLAUSE`) a printed id not on the board; text that is
    neither is left for the rules to refuse as they do.
    """
    fields = HEX_FIELDS.get(str(action.get("type")), ())
    changed: dict[str, Any] = {}
    for name in fields:
        value = action.get(name)
        if isinstance(value, str) and value.strip() and not _axial(value):
            changed[name] = str(geometry.hex_of(value))
    return {**action, **changed} if changed else action
