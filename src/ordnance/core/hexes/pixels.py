"""Screen positions for drawing (SVG): flat-top hexes, y growing downward.

These are floats for display only; rules never use them.

>>> tuple(round(c, 3) for c in center(Hex(2, 0), 10))
(30.0, 17.321)
>>> [tuple(round(c, 3) for c in xy) for xy in corners(Hex(0, 0), 2)][:2]
[(1.0, -1.732), (2.0, 0.0)]
"""

from __future__ import annotations

import math

from .coords import Hex
from .features import Hexside, Vertex

_SQRT3 = math.sqrt(3.0)


def center(h: Hex, size: float) -> tuple[float, float]:
    """The pixel centre of ``h`` for hexes of circumradius ``size`` (hex 0,0 at the origin)."""
    return (size * 1.5 * h.q, size * _SQRT3 * (h.r + h.q / 2))


def corners(h: Hex, size: float) -> tuple[tuple[float, float], ...]:
    """The six corner points of ``h``, corner ``k`` first for k = 0..5 (matching
    :meth:`Vertex.of`): corner 0 is the upper right one, between the N and NE edges."""
    cx, cy = center(h, size)
    out = []
    for k in range(6):
        angle = math.radians(60 * (k - 1))
        out.append((cx + size * math.cos(angle), cy + size * math.sin(angle)))
    return tuple(out)


def pixel(item: Hex | Hexside | Vertex, size: float) -> tuple[float, float]:
    """The pixel position of a hex centre, a hexside midpoint or a vertex."""
    if isinstance(item, Hex):
        return center(item, size)
    q, r = item.point
    return (size * 1.5 * float(q), size * _SQRT3 * float(r + q / 2))


def svg_points(h: Hex, size: float) -> str:
    """The ``points`` attribute of an SVG ``<polygon>`` drawing ``h``."""
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in corners(h, size))
