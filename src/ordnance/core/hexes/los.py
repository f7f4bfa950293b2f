"""Exact line of sight: what a centre-to-centre segment crosses, runs along and touches.

Why exact: rules care about the degenerate cases. A line that runs exactly along
a hexside involves BOTH hexes of that hexside (ASL hindrance along a hexside,
Canister quartering, ASL-8.41-c), and a line through a vertex touches a third hex
at a single point. Red Blob Games' line drawing nudges the end points by a small
epsilon so such a line falls to one side; that is right for pictures and wrong
for rules. Here every test is integer arithmetic.

How: in cube coordinates ``(x, y, z)`` the closed cell of hex ``h`` is
``|u - u_h| <= 1, |v - v_h| <= 1, |w - w_h| <= 1`` with ``u = x - y``,
``v = y - z``, ``w = z - x``. Every hexside and every long diagonal of a hex lies
on a line where ``u``, ``v`` or ``w`` is an integer, and those three families of
lines cut the plane into small triangles, each inside one hex. The walker finds
every parameter ``t`` where the segment meets one of those lines (exact
rationals, brought to one integer denominator), then classifies each such point
and the midpoint of each piece between them by counting the hexes whose closed
cell contains it: 1 hex = interior, 2 = on a hexside, 3 = a vertex.

What is reported, in order along the segment (:attr:`Line.steps`):

* a :class:`Hex` whose interior the segment crosses;
* a :class:`Hexside` the segment runs ALONG for a positive length (both of its
  hexes are then in :attr:`Line.hexes`, left of travel first, then right);
* a :class:`Vertex` the segment passes exactly through.

A segment that crosses a hexside transversally (from one hex into its neighbour)
produces no step of its own: it is just the move from one Hex step to the next.

At a vertex the three hexes split like this: the segment arrives in (or along
the hexside of) one or two of them and leaves in (or along) one or two. A hex of
the vertex that it neither arrives in nor leaves into is touched at that single
point only: it is NOT in :attr:`Line.hexes` (its interior is not crossed), it is
named by :attr:`VertexPass.touched` with the side of the line it lies on, and
``line.contact(hex)`` answers ``Contact.VERTEX`` for it. Whether such a touch
matters is a rules question for the game module, not for the geometry.

>>> ln = line(Hex(0, 0), Hex(2, -1))   # two steps out across the NE/SE hexspine
>>> ln.steps
(Hex(0, 0), Vertex(0,0|1,-1|1,0), Hexside(1,-1|1,0), Vertex(1,-1|1,0|2,-1), Hex(2, -1))
>>> ln.hexes
(Hex(0, 0), Hex(1, -1), Hex(1, 0), Hex(2, -1))
>>> ln.contact(Hex(1, 0)), ln.contact(Hex(0, 1))
(<Contact.HEXSIDE: 'hexside'>, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from math import lcm
from typing import TYPE_CHECKING

from .coords import Hex
from .features import Hexside, Vertex

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.shapes import HexLine

Point = Hex | Vertex
"""What a line may start or end at: a hex centre or a vertex."""

Step = Hex | Hexside | Vertex
"""One item of :attr:`Line.steps`."""


class Contact(StrEnum):
    """How a line meets a hex."""

    INTERIOR = "interior"  # the segment crosses the hex's interior
    HEXSIDE = "hexside"  # only runs along one of its hexsides
    VERTEX = "vertex"  # only touches one of its corners


class Side(StrEnum):
    """A side of the directed segment, as seen on screen (y down) looking along travel."""

    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class HexsideRun:
    """A hexside the segment runs along, with its two hexes by side of travel."""

    hexside: Hexside
    left: Hex
    right: Hex


@dataclass(frozen=True, slots=True)
class VertexPass:
    """A vertex the segment passes through strictly between its end points.

    ``touched`` is the vertex's hex that the segment touches at this point only (it
    enters neither its interior nor one of its hexsides here), or ``None`` when the
    segment arrives or leaves along a hexside or a hex's long diagonal so that all
    three hexes are entered. ``side`` is the side of the line the touched hex lies on.
    """

    vertex: Vertex
    touched: Hex | None
    side: Side | None


@dataclass(frozen=True, slots=True)
class Line:
    """The exact trace of the segment from ``start`` to ``end`` (see the module doc)."""

    start: Point
    end: Point
    steps: tuple[Step, ...]
    hexes: tuple[Hex, ...]
    """Hexes whose interior is crossed, plus both hexes of every hexside run along, in
    order along the line (a hexside's pair left of travel first). Hexes touched only at
    a vertex are not included. Hex end points are included."""
    runs: tuple[HexsideRun, ...]
    vertex_passes: tuple[VertexPass, ...]

    @property
    def along_hexsides(self) -> tuple[Hexside, ...]:
        """The hexsides the segment runs exactly along, in order."""
        return tuple(run.hexside for run in self.runs)

    @property
    def through_vertices(self) -> tuple[Vertex, ...]:
        """The vertices the segment passes exactly through, strictly between its ends.

        A vertex END point is a step of :attr:`steps` but not listed here.
        """
        return tuple(p.vertex for p in self.vertex_passes)

    @property
    def interior_hexes(self) -> tuple[Hex, ...]:
        """Only the hexes whose interior the segment crosses, in order."""
        return tuple(s for s in self.steps if isinstance(s, Hex))

    @property
    def touched_hexes(self) -> tuple[Hex, ...]:
        """Hexes met at a single point only (a vertex), in order; not in :attr:`hexes`."""
        seen = set(self.hexes)
        out: list[Hex] = []
        for step in self.steps:
            if isinstance(step, Vertex):
                for h in step.hexes:
                    if h not in seen:
                        seen.add(h)
                        out.append(h)
        return tuple(out)

    @property
    def is_along_hexside(self) -> bool:
        """True when some part of the segment runs exactly along a hexside."""
        return bool(self.runs)

    def contact(self, h: Hex) -> Contact | None:
        """How the segment meets ``h``: through its interior, only along one of its
        hexsides, only at a vertex, or not at all (``None``)."""
        if h in self.interior_hexes:
            return Contact.INTERIOR
        if any(h in run.hexside for run in self.runs):
            return Contact.HEXSIDE
        if any(isinstance(s, Vertex) and h in s for s in self.steps):
            return Contact.VERTEX
        return None

    def enters(self, h: Hex) -> bool:
        """True when ``h`` is in :attr:`hexes` (interior crossed or a hexside run along)."""
        return h in self.hexes

    def to_dict(self) -> HexLine:
        """A JSON-ready description (ids as strings: ``"q,r"``, ``"q,r|q,r"``, ...).

        >>> line(Hex(0, 0), Hex(2, -1)).to_dict()["along_hexsides"]
        [{'hexside': '1,-1|1,0', 'left': '1,-1', 'right': '1,0'}]
        """
        kinds = {Hex: "hex", Hexside: "hexside", Vertex: "vertex"}
        return {
            "from": str(self.start),
            "to": str(self.end),
            "hexes": [str(h) for h in self.hexes],
            "steps": [{"kind": kinds[type(s)], "id": str(s)} for s in self.steps],
            "along_hexsides": [
                {"hexside": str(r.hexside), "left": str(r.left), "right": str(r.right)}
                for r in self.runs
            ],
            "through_vertices": [
                {
                    "vertex": str(p.vertex),
                    "touched": None if p.touched is None else str(p.touched),
                    "side": None if p.side is None else p.side.value,
                }
                for p in self.vertex_passes
            ],
            "touched_hexes": [str(h) for h in self.touched_hexes],
        }

    def reversed(self) -> Line:
        """The same segment traced from ``end`` to ``start``."""
        return line(self.end, self.start)


def line(a: Point, b: Point) -> Line:
    """Trace the segment from the centre (or vertex) ``a`` to the centre (or vertex) ``b``.

    >>> [str(h) for h in line(Hex(0, 0), Hex(3, -1)).hexes]
    ['0,0', '1,0', '2,-1', '3,-1']
    """
    p0, p1 = _cube6(a), _cube6(b)
    d = (p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2])
    # the three line families u = x - y, v = y - z, w = z - x (still scaled by 6)
    starts = (p0[0] - p0[1], p0[1] - p0[2], p0[2] - p0[0])
    slopes = (d[0] - d[1], d[1] - d[2], d[2] - d[0])
    nonzero = [abs(k) for k in slopes if k]
    if not nonzero:
        return _single(a)
    big = lcm(*nonzero)  # t = T / big with T an integer for every breakpoint
    breaks = {0, big}
    for c0, dc in zip(starts, slopes, strict=True):
        if dc == 0:
            continue
        lo, hi = sorted((c0, c0 + dc))
        first = -(-lo // 6) * 6  # smallest multiple of 6 >= lo
        for m in range(first, hi + 1, 6):
            breaks.add(big * (m - c0) // dc)
    scale = 6 * big
    # the hexes whose closed cell holds each breakpoint (cube coordinates scaled by 6 * big)
    cells = [
        _containing(big * p0[0] + t * d[0], big * p0[1] + t * d[1], big * p0[2] + t * d[2], scale)
        for t in sorted(breaks)
    ]

    def side_of(h: Hex) -> int:
        # > 0: right of travel on screen, < 0: left (cross product in axial terms)
        return d[0] * (6 * h.r - p0[1]) - d[1] * (6 * h.q - p0[0])

    # Each open piece between two breakpoints lies inside one small triangle (one hex) or
    # along one edge of the line arrangement (a long diagonal: one hex; a hexside: two).
    # Cells are convex, so the hexes holding the piece are those holding both its ends.
    steps: list[Step] = []
    runs: list[HexsideRun] = []
    passes: list[VertexPass] = []
    if len(cells[0]) == 3:
        steps.append(_vertex(cells[0]))
    before: tuple[Hex, ...] = ()
    last = len(cells) - 2
    for i in range(len(cells) - 1):
        piece = tuple(h for h in cells[i] if h in cells[i + 1])
        if i > 0 and len(cells[i]) == 3:
            vertex = _vertex(cells[i])
            steps.append(vertex)
            rest = [h for h in vertex.hexes if h not in before and h not in piece]
            if rest:
                side = Side.RIGHT if side_of(rest[0]) > 0 else Side.LEFT
                passes.append(VertexPass(vertex, rest[0], side))
            else:
                passes.append(VertexPass(vertex, None, None))
        if len(piece) == 1:
            if not steps or steps[-1] != piece[0]:
                steps.append(piece[0])
        else:
            hexside = Hexside((piece[0], piece[1]))
            if not steps or steps[-1] != hexside:
                steps.append(hexside)
                left, right = sorted(piece, key=side_of)
                runs.append(HexsideRun(hexside, left, right))
        before = piece
        if i == last and len(cells[-1]) == 3:
            steps.append(_vertex(cells[-1]))

    hexes: list[Hex] = []
    seen: set[Hex] = set()
    run_iter = iter(runs)
    for step in steps:
        if isinstance(step, Hex):
            members: tuple[Hex, ...] = (step,)
        elif isinstance(step, Hexside):
            run = next(run_iter)
            members = (run.left, run.right)
        else:
            continue
        for h in members:
            if h not in seen:
                seen.add(h)
                hexes.append(h)

    return Line(a, b, tuple(steps), tuple(hexes), tuple(runs), tuple(passes))


def _single(p: Point) -> Line:
    if isinstance(p, Hex):
        return Line(p, p, (p,), (p,), (), ())
    return Line(p, p, (p,), (), (), ())


def _vertex(hexes: tuple[Hex, ...]) -> Vertex:
    return Vertex((hexes[0], hexes[1], hexes[2]))


def _cube6(p: Point) -> tuple[int, int, int]:
    if isinstance(p, Hex):
        return (6 * p.q, 6 * p.r, 6 * p.s)
    return p.cube6


def _containing(x: int, y: int, z: int, scale: int) -> tuple[Hex, ...]:
    """The hexes whose closed cell holds the point ``(x, y, z) / scale`` (cube coordinates).

    A containing hex's centre is within 2/3 of the point in each cube coordinate, so
    only the four hexes with ``q`` and ``r`` next to the point's need checking.
    """
    q0, r0 = x // scale, y // scale
    u, v, w = x - y, y - z, z - x
    found: list[Hex] = []
    for q in (q0, q0 + 1):
        for r in (r0, r0 + 1):
            if (
                abs(u - scale * (q - r)) <= scale
                and abs(v - scale * (q + 2 * r)) <= scale
                and abs(w + scale * (2 * q + r)) <= scale
            ):
                found.append(Hex(q, r))
    return tuple(sorted(found))
