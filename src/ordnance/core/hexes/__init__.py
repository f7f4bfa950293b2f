"""Hex geometry for every game: coordinates, hexsides and vertices, covered arcs and
exact line of sight.

Why hand-written: no kept Python hex library (hexy, hexutil, hexpex) reports
hexsides or vertices on a line of sight, and the canonical reference (Red Blob
Games) nudges a line by a small epsilon so that a line exactly along a hexside
falls to one side. That is fine for pictures and wrong for rules: ASL needs both
hexes of a hexside a LOS runs along (hindrance, Canister quartering, ASL-8.41-c)
and the vertex geometry of Canister aiming (ASL-AMB-7). Here every line test is
integer arithmetic (cube coordinates scaled by 6 make every hex centre, hexside
midpoint and vertex an integer point), with no floats and no epsilon.

Conventions: flat-top hexes, axial ``(q, r)`` with cube ``s = -q - r``,
directions N=0, NE=1, SE=2, S=3, SW=4, NW=5 clockwise with axial vectors
N=(0,-1), NE=(1,-1), SE=(1,0), S=(0,1), SW=(-1,1), NW=(-1,0) (screen y grows
downward). Corner ``k`` of a hex lies between edge ``k`` and edge ``k + 1``.
Hex ids in JSON are ``"q,r"`` strings (``str(hex)`` / :func:`parse_hex`).
Printed map coordinates use flat-top "odd-q" offsets (:meth:`Hex.from_offset`).

>>> from ordnance.core.hexes import Hex, line
>>> ln = line(Hex(0, 0), Hex(4, -2))
>>> ln.along_hexsides
(Hexside(1,-1|1,0), Hexside(3,-2|3,-1))
>>> [str(h) for h in ln.hexes]
['0,0', '1,-1', '1,0', '2,-1', '3,-2', '3,-1', '4,-2']
"""

from .arc import CoveredArc
from .coords import ORIGIN, Direction, Hex, disk, distance, neighbours, parse_hex, ring
from .features import Hexside, Vertex, parse_hexside, parse_vertex
from .los import Contact, HexsideRun, Line, Point, Side, Step, VertexPass, line
from .pixels import center, corners, pixel, svg_points

__all__ = [
    "ORIGIN",
    "Contact",
    "CoveredArc",
    "Direction",
    "Hex",
    "Hexside",
    "HexsideRun",
    "Line",
    "Point",
    "Side",
    "Step",
    "Vertex",
    "VertexPass",
    "center",
    "corners",
    "disk",
    "distance",
    "line",
    "neighbours",
    "parse_hex",
    "parse_hexside",
    "parse_vertex",
    "pixel",
    "ring",
    "svg_points",
]
