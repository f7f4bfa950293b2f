"""Covered arcs (ASL CA) as a pair of hex directions.

A Gun faces a hexspine: the corner ``spine`` of its hex, between edge ``spine``
and edge ``spine + 1``. Its covered arc is the 60-degree wedge between the two
hexrows that leave the Gun's hex through those two edges, both rows included
(the reading recommended by ASL-AMB-7). Every hex is ``origin + a*d0 + b*d1``
for one pair of integers ``(a, b)``, with ``d0`` the vector of ``spine`` and
``d1`` the next direction clockwise; the hex is in the arc when ``a, b >= 0``,
and its range is then ``a + b``.

>>> ca = CoveredArc(Hex(0, 0), Direction.N)
>>> ca.coords(Hex(1, -2)), ca.contains(Hex(1, -2)), ca.contains(Hex(1, 0))
((1, 1), True, False)
>>> ca.hex_at(2, 1)
Hex(1, -3)
"""

from __future__ import annotations

from dataclasses import dataclass

from .coords import Direction, Hex
from .features import Vertex


@dataclass(frozen=True, slots=True)
class CoveredArc:
    """The covered arc of a unit in ``origin`` facing corner ``spine`` of its hex."""

    origin: Hex
    spine: Direction

    def __post_init__(self) -> None:
        object.__setattr__(self, "spine", Direction(self.spine))

    @classmethod
    def all(cls, origin: Hex) -> tuple[CoveredArc, ...]:
        """The six covered arcs of a hex, one per hexspine."""
        return tuple(cls(origin, d) for d in Direction)

    @property
    def directions(self) -> tuple[Direction, Direction]:
        """The two directions ``(d0, d1)`` of the hexrows bounding the arc."""
        return (self.spine, self.spine.cw())

    @property
    def facing(self) -> Vertex:
        """The hexspine (corner of ``origin``) the arc is centred on."""
        return Vertex.of(self.origin, self.spine)

    def coords(self, h: Hex) -> tuple[int, int]:
        """``(a, b)`` with ``h == origin + a*d0 + b*d1``, for any hex (negative outside the arc)."""
        v = h - self.origin
        d0, d1 = self.spine.vector, self.spine.cw().vector
        det = d0.q * d1.r - d0.r * d1.q  # +-1: two adjacent directions are a lattice basis
        a = (v.q * d1.r - v.r * d1.q) * det
        b = (d0.q * v.r - d0.r * v.q) * det
        return (a, b)

    def hex_at(self, a: int, b: int) -> Hex:
        """The hex at arc coordinates ``(a, b)``."""
        return self.origin + self.spine.vector * a + self.spine.cw().vector * b

    def contains(self, h: Hex) -> bool:
        """True when ``h`` is in the arc (the origin and both boundary rows included)."""
        a, b = self.coords(h)
        return a >= 0 and b >= 0

    __contains__ = contains

    def on_boundary(self, h: Hex) -> bool:
        """True for hexes of the arc on one of its two bounding hexrows (origin included)."""
        a, b = self.coords(h)
        return (a == 0 and b >= 0) or (b == 0 and a >= 0)

    def range_to(self, h: Hex) -> int:
        """The range from the origin to ``h`` (hex distance)."""
        return self.origin.distance(h)

    def hexes(self, max_range: int, min_range: int = 0) -> tuple[Hex, ...]:
        """The arc's hexes from ``min_range`` to ``max_range``, nearest first, then by ``a`` descending."""
        return tuple(
            self.hex_at(n - b, b) for n in range(min_range, max_range + 1) for b in range(n + 1)
        )
