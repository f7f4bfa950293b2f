"""Hexes and directions: axial coordinates on a flat-top grid.

Coordinates are axial ``(q, r)`` with the implied cube coordinate
``s = -q - r``. Column ``q`` grows to the east; the grid is drawn flat-top with
the screen's y axis growing downward, so the six directions, numbered
clockwise from north, have these axial vectors::

    N  = 0: ( 0, -1)        S  = 3: ( 0, +1)
    NE = 1: (+1, -1)        SW = 4: (-1, +1)
    SE = 2: (+1,  0)        NW = 5: (-1,  0)

Edge ``k`` of a hex is the hexside facing direction ``k``.

>>> h = Hex(2, -1)
>>> str(h), h.s, h.neighbour(Direction.S), h.distance(Hex(0, 0))
('2,-1', -1, Hex(2, 0), 2)
>>> parse_hex(" -3, 4 ")
Hex(-3, 4)
>>> Direction.from_die(2), Direction.NE.opposite
(<Direction.NE: 1>, <Direction.SW: 4>)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from ordnance.core.errors import InvalidDice, OrdnanceError, UnknownName
from ordnance.core.messages import msg

_VECTORS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


@dataclass(frozen=True, order=True, slots=True, repr=False)
class Hex:
    """One hex (or a hex vector) in axial coordinates; ordered by ``(q, r)``.

    Hexes add, subtract and scale like vectors, so ``origin + 2 * Direction.N.vector``
    is the hex two steps north of ``origin``.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    @property
    def cube(self) -> tuple[int, int, int]:
        """Cube coordinates ``(q, r, s)``."""
        return (self.q, self.r, -self.q - self.r)

    @classmethod
    def from_cube(cls, q: int, r: int, s: int) -> Hex:
        """The hex at cube coordinates ``(q, r, s)``; they must sum to zero."""
        if q + r + s != 0:
            raise OrdnanceError(
                msg("cube coordinates ({q}, {r}, {s}) do not sum to zero", q=q, r=r, s=s),
                hint=msg("give q, r, s with q + r + s == 0"),
            )
        return cls(q, r)

    def __add__(self, other: Hex | Direction) -> Hex:
        if isinstance(other, Direction):
            other = other.vector
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def __mul__(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    __rmul__ = __mul__

    def neighbour(self, direction: Direction | int) -> Hex:
        """The adjacent hex across edge ``direction``."""
        dq, dr = _VECTORS[int(direction) % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes in direction order N, NE, SE, S, SW, NW."""
        return tuple(Hex(self.q + dq, self.r + dr) for dq, dr in _VECTORS)

    def distance(self, other: Hex) -> int:
        """The number of hex steps to ``other`` (the usual hex count, firer's hex not counted)."""
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> Direction:
        """The direction of an adjacent hex; refuses a hex that is not adjacent."""
        delta = (other.q - self.q, other.r - self.r)
        if delta in _VECTORS:
            return Direction(_VECTORS.index(delta))
        raise OrdnanceError(
            msg("{other} is not adjacent to {self_}", other=other, self_=self),
            hint=msg("give two adjacent hexes"),
        )

    def rotate(self, turns: int = 1, center: Hex | None = None) -> Hex:
        """Rotate by ``turns`` sixths of a circle clockwise (on screen) about ``center``."""
        c = center if center is not None else Hex(0, 0)
        q, r, s = self.q - c.q, self.r - c.r, self.s - c.s
        for _ in range(turns % 6):
            q, r, s = -r, -s, -q
        return Hex(q + c.q, r + c.r)

    # -- printed map coordinates ------------------------------------------------------
    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        """The hex at printed offset coordinates (flat-top, "odd-q": odd columns sit half a hex lower).

        >>> Hex.from_offset(1, 0), Hex.from_offset(2, 0), Hex.from_offset(1, 0).to_offset()
        (Hex(1, 0), Hex(2, -1), (1, 0))
        """
        return cls(col, row - (col - (col & 1)) // 2)

    def to_offset(self) -> tuple[int, int]:
        """``(col, row)`` in the odd-q offset convention of :meth:`from_offset`."""
        return (self.q, self.r + (self.q - (self.q & 1)) // 2)

    # -- text -------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Hex:
        """Same as :func:`parse_hex`."""
        return parse_hex(text)

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


ORIGIN = Hex(0, 0)


class Direction(IntEnum):
    """The six hex directions, numbered clockwise from north (flat-top hexes)."""

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    @property
    def vector(self) -> Hex:
        """The axial step to the neighbour in this direction."""
        return Hex(*_VECTORS[self])

    @property
    def opposite(self) -> Direction:
        return Direction((self + 3) % 6)

    def cw(self, turns: int = 1) -> Direction:
        """The direction ``turns`` sixths of a circle clockwise from this one."""
        return Direction((self + turns) % 6)

    def ccw(self, turns: int = 1) -> Direction:
        """The direction ``turns`` sixths of a circle counter-clockwise from this one."""
        return Direction((self - turns) % 6)

    @property
    def diagonal(self) -> Hex:
        """The axial vector across the hexspine (corner) between edge ``d`` and edge ``d + 1``.

        It is ``d.vector + d.cw().vector``: the hex two steps away that a line from the
        centre through that corner reaches after running along a hexside.

        >>> Direction.NE.diagonal
        Hex(2, -1)
        """
        return self.vector + self.cw().vector

    @classmethod
    def from_die(cls, value: int) -> Direction:
        """Map a d6 roll to a direction: 1 -> N, 2 -> NE, ... 6 -> NW."""
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise InvalidDice(
                msg("a d6 shows 1 to 6, not {value!r}", value=value),
                hint=msg("enter a die from 1 to 6"),
            )
        return cls(value - 1)

    @classmethod
    def parse(cls, text: str) -> Direction:
        """A direction from its name (``"ne"``, ``"NE"``) or number (``"1"``)."""
        key = text.strip().upper()
        if key in cls.__members__:
            return cls[key]
        if key.isdigit() and int(key) < 6:
            return cls(int(key))
        raise UnknownName(
            msg("unknown direction {text!r}", text=text),
            hint=msg("use one of N, NE, SE, S, SW, NW or 0..5"),
        )


def distance(a: Hex, b: Hex) -> int:
    """Hex distance between ``a`` and ``b``."""
    return a.distance(b)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``h`` in direction order."""
    return h.neighbours()


def ring(center: Hex, radius: int) -> tuple[Hex, ...]:
    """The ``6 * radius`` hexes at exactly ``radius`` from ``center``.

    They run clockwise starting with the hex straight north of ``center``.

    >>> ring(Hex(0, 0), 1) == Hex(0, 0).neighbours()
    True
    """
    if radius < 0:
        raise OrdnanceError(
            msg("a ring radius cannot be negative ({radius})", radius=radius),
            hint=msg("use 0 or more"),
        )
    if radius == 0:
        return (center,)
    out: list[Hex] = []
    h = center + Direction.N.vector * radius
    for side in range(6):
        step = Direction((side + 2) % 6)
        for _ in range(radius):
            out.append(h)
            h = h + step
    return tuple(out)


def disk(center: Hex, radius: int) -> tuple[Hex, ...]:
    """Every hex within ``radius`` of ``center``, ring by ring from the centre outward."""
    if radius < 0:
        raise OrdnanceError(
            msg("a disk radius cannot be negative ({radius})", radius=radius),
            hint=msg("use 0 or more"),
        )
    return tuple(h for k in range(radius + 1) for h in ring(center, k))


_HEX_TEXT = re.compile(r"^\s*\(?\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*\)?\s*$")
_NUMBERED = re.compile(r"^\s*(\d{2})(\d{2})\s*$")


def parse_hex(text: str) -> Hex:
    """Read a hex written ``"q,r"`` (axial; spaces and parentheses allowed) or as its
    four-digit printed number ``"CCRR"`` (column then row, both from 01, odd columns
    half a hex lower: the numbering of the ToI and WaW maps, see
    :func:`ordnance.core.forms.numbered_hex`).

    >>> parse_hex("0305"), parse_hex("0101"), parse_hex("2,-1")
    (Hex(2, 3), Hex(0, 0), Hex(2, -1))
    """
    numbered = _NUMBERED.match(text) if isinstance(text, str) else None
    if numbered is not None and int(numbered.group(1)) > 0 and int(numbered.group(2)) > 0:
        return Hex.from_offset(int(numbered.group(1)) - 1, int(numbered.group(2)) - 1)
    match = _HEX_TEXT.match(text) if isinstance(text, str) else None
    if match is None:
        raise OrdnanceError(
            msg("cannot read a hex from {text!r}", text=text),
            hint=msg('write a hex as its printed number, e.g. "0305", or as axial "q,r"'),
        )
    return Hex(int(match.group(1)), int(match.group(2)))
