"""Hexsides and vertices as first-class, hashable ids.

A hexside is the edge two adjacent hexes share; a vertex is the corner three
mutually adjacent hexes share. Each is identified by its hexes in sorted order,
so the same edge or corner reached from any of its hexes is the same value.

Exact points: a hexside's midpoint is the mean of two hex centres and a vertex
the mean of three, so cube coordinates scaled by 6 (``.cube6``) are integers
for every centre, hexside midpoint and vertex. ``.point`` gives the same point
as axial ``Fraction`` coordinates.

>>> side = Hexside.of(Hex(0, 0), Direction.NE)
>>> side, side.hexes, side.point
(Hexside(0,0|1,-1), (Hex(0, 0), Hex(1, -1)), (Fraction(1, 2), Fraction(-1, 2)))
>>> corner = Vertex.of(Hex(0, 0), 0)  # between the N and NE edges
>>> corner.hexes, corner.cube6
((Hex(0, -1), Hex(0, 0), Hex(1, -1)), (2, -4, 2))
>>> corner == Vertex.of(Hex(1, -1), 4) == Vertex.of(Hex(0, -1), 2)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ordnance.core.errors import OrdnanceError
from ordnance.core.messages import Message, msg

from .coords import Direction, Hex, parse_hex


class _HexGroup:
    """What a hexside and a vertex share: they are named by their hexes (sorted)."""

    __slots__ = ()
    hexes: tuple[Hex, ...]

    def __contains__(self, h: object) -> bool:
        return h in self.hexes

    def __str__(self) -> str:
        return "|".join(map(str, self.hexes))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self})"


@dataclass(frozen=True, order=True, slots=True, repr=False)
class Hexside(_HexGroup):
    """The edge shared by two adjacent hexes (stored in sorted order)."""

    hexes: tuple[Hex, Hex]

    def __post_init__(self) -> None:
        a, b = self.hexes
        if a.distance(b) != 1:
            raise OrdnanceError(
                msg("{a} and {b} are not adjacent, so they share no hexside", a=a, b=b),
                hint=msg("give two adjacent hexes"),
            )
        if b < a:
            object.__setattr__(self, "hexes", (b, a))

    @classmethod
    def between(cls, a: Hex, b: Hex) -> Hexside:
        """The hexside between two adjacent hexes."""
        return cls((a, b))

    @classmethod
    def of(cls, h: Hex, direction: Direction | int) -> Hexside:
        """Edge ``direction`` of hex ``h``."""
        return cls((h, h.neighbour(direction)))

    def direction_from(self, h: Hex) -> Direction:
        """Which edge of ``h`` this hexside is (``h`` must be one of its hexes)."""
        return h.direction_to(self.other(h))

    def other(self, h: Hex) -> Hex:
        """The hex on the other side from ``h``."""
        a, b = self.hexes
        if h == a:
            return b
        if h == b:
            return a
        raise OrdnanceError(
            msg("{h} is not on hexside {self_}", h=h, self_=self),
            hint=msg("use {a} or {b}", a=a, b=b),
        )

    @property
    def vertices(self) -> tuple[Vertex, Vertex]:
        """The two corners at the ends of this hexside."""
        a = self.hexes[0]
        k = self.direction_from(a)
        return (Vertex.of(a, k - 1), Vertex.of(a, k))

    @property
    def cube6(self) -> tuple[int, int, int]:
        """The midpoint in cube coordinates multiplied by 6 (always integers)."""
        a, b = self.hexes
        return (3 * (a.q + b.q), 3 * (a.r + b.r), 3 * (a.s + b.s))

    @property
    def point(self) -> tuple[Fraction, Fraction]:
        """The midpoint in axial coordinates, exactly."""
        a, b = self.hexes
        return (Fraction(a.q + b.q, 2), Fraction(a.r + b.r, 2))

    def rotate(self, turns: int = 1, center: Hex | None = None) -> Hexside:
        a, b = self.hexes
        return Hexside((a.rotate(turns, center), b.rotate(turns, center)))

    def __add__(self, offset: Hex) -> Hexside:
        a, b = self.hexes
        return Hexside((a + offset, b + offset))


@dataclass(frozen=True, order=True, slots=True, repr=False)
class Vertex(_HexGroup):
    """The corner shared by three mutually adjacent hexes (stored in sorted order)."""

    hexes: tuple[Hex, Hex, Hex]

    def __post_init__(self) -> None:
        a, b, c = self.hexes
        if a.distance(b) != 1 or b.distance(c) != 1 or a.distance(c) != 1:
            raise OrdnanceError(
                msg(
                    "{a}, {b} and {c} are not mutually adjacent, so they share no vertex",
                    a=a,
                    b=b,
                    c=c,
                ),
                hint=msg("give three hexes around one corner"),
            )
        ordered = tuple(sorted(self.hexes))
        if ordered != self.hexes:
            object.__setattr__(self, "hexes", ordered)

    @classmethod
    def of(cls, h: Hex, corner: int) -> Vertex:
        """Corner ``k`` of ``h``: the point between edge ``k`` and edge ``k + 1``.

        Corner 0 is between the N and NE edges, corner 1 (the east point of a flat-top hex)
        between NE and SE, and so on clockwise.
        """
        return cls((h, h.neighbour(corner % 6), h.neighbour((corner + 1) % 6)))

    @classmethod
    def between(cls, a: Hex, b: Hex, c: Hex) -> Vertex:
        """The corner shared by three mutually adjacent hexes."""
        return cls((a, b, c))

    def corner_of(self, h: Hex) -> int:
        """Which corner (0..5) of ``h`` this vertex is (``h`` must be one of its hexes)."""
        for k in range(6):
            if Vertex.of(h, k) == self:
                return k
        raise OrdnanceError(
            msg("{h} is not at vertex {self_}", h=h, self_=self),
            hint=msg("use one of its three hexes"),
        )

    @property
    def hexsides(self) -> tuple[Hexside, Hexside, Hexside]:
        """The three hexsides that meet at this corner."""
        a, b, c = self.hexes
        return (Hexside((a, b)), Hexside((a, c)), Hexside((b, c)))

    @property
    def cube6(self) -> tuple[int, int, int]:
        """The corner in cube coordinates multiplied by 6 (always integers)."""
        a, b, c = self.hexes
        return (2 * (a.q + b.q + c.q), 2 * (a.r + b.r + c.r), 2 * (a.s + b.s + c.s))

    @property
    def point(self) -> tuple[Fraction, Fraction]:
        """The corner in axial coordinates, exactly."""
        a, b, c = self.hexes
        return (Fraction(a.q + b.q + c.q, 3), Fraction(a.r + b.r + c.r, 3))

    def rotate(self, turns: int = 1, center: Hex | None = None) -> Vertex:
        a, b, c = self.hexes
        return Vertex((a.rotate(turns, center), b.rotate(turns, center), c.rotate(turns, center)))

    def __add__(self, offset: Hex) -> Vertex:
        a, b, c = self.hexes
        return Vertex((a + offset, b + offset, c + offset))


def _parse_hexes(text: str, count: int, error: Message, hint: Message) -> list[Hex]:
    """The ``count`` hexes of ``text`` written ``"q,r|q,r..."``, or ``error`` with ``hint``."""
    parts = text.split("|") if isinstance(text, str) else []
    if len(parts) != count:
        raise OrdnanceError(error, hint=hint)
    return [parse_hex(p) for p in parts]


def parse_hexside(text: str) -> Hexside:
    """Read a hexside written ``"q,r|q,r"`` (as ``str(hexside)`` prints it)."""
    a, b = _parse_hexes(
        text,
        2,
        msg("cannot read a hexside from {text!r}", text=text),
        msg('write two adjacent hexes, e.g. "0,0|1,-1"'),
    )
    return Hexside((a, b))


def parse_vertex(text: str) -> Vertex:
    """Read a vertex written ``"q,r|q,r|q,r"`` (as ``str(vertex)`` prints it)."""
    a, b, c = _parse_hexes(
        text,
        3,
        msg("cannot read a vertex from {text!r}", text=text),
        msg('write three mutually adjacent hexes, e.g. "0,-1|0,0|1,-1"'),
    )
    return Vertex((a, b, c))
