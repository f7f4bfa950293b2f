"""Line of sight through Smoke, with its reasons (WAW-8.2-b, -c, -d; WAW-AMB-7, -10, -11).

The line between two hex centres comes from :func:`ordnance.core.hexes.line`
(exact: a line along a hexside involves both hexes). Each Smoke marker clouds
its own hex and the six around it (the smoke area, WAW-8.2-b); Smoke 1 blocks
exactly as Smoke 2 does (WAW-AMB-10), at every height (WAW-AMB-11), so height
plays no part here. Terrain and elevation are not judged: the LOS rules for
them are not in the section 8 text.

Default reading (WAW-AMB-7): smoke blocks a line that enters, leaves or crosses
any hex of a smoke area, unless the firer is adjacent to its target.
Advanced Imaging units are not blocked (WAW-8.2-d) but fire at Hit Number +1
(see :mod:`ordnance.waw.rules.smoke`).

>>> from ordnance.core.hexes import Hex
>>> from ordnance.waw.settings import WawSettings
>>> rep = judge_los(Hex(0, 0), Hex(4, 0), {Hex(2, 0): 2}, WawSettings())
>>> rep.blocked, [str(h) for h in rep.crossings[0].hexes]
(True, ['1,0', '2,0', '3,0'])
>>> judge_los(Hex(1, 0), Hex(2, 0), {Hex(2, 0): 2}, WawSettings()).blocked
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ordnance.core.forms import numbered_hex
from ordnance.core.hexes import Hex, Line, line
from ordnance.core.messages import said
from ordnance.waw.settings import WawSettings

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.waw import shapes


def smoke_area(marker: Hex) -> frozenset[Hex]:
    """The marker hex and its six neighbours (WAW-8.2-b; also the FASCAM area, WAW-8.3-c)."""
    return frozenset((marker, *marker.neighbours()))


@dataclass(frozen=True, slots=True)
class SmokeCrossing:
    """One Smoke marker whose area the line meets, and whether it blocks."""

    marker: Hex
    level: int
    #: Hexes of the line inside this marker's area, in order along the line.
    hexes: tuple[Hex, ...]
    blocks: bool
    reason: str

    def to_dict(self) -> shapes.SmokeCrossing:
        return {
            "marker": str(self.marker),
            "level": self.level,
            "line_hexes_in_area": [str(h) for h in self.hexes],
            "blocks": self.blocks,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class LosReport:
    """What the line crosses and which smoke blocks it, for whom."""

    origin: Hex
    target: Hex
    line: Line
    crossings: tuple[SmokeCrossing, ...]

    @property
    def blocked(self) -> bool:
        """Blocked for units without Advanced Imaging."""
        return any(c.blocks for c in self.crossings)

    def explanation(self) -> list[str]:
        """One English sentence per Smoke marker the line meets, with its clause."""
        out: list[str] = []
        for c in self.crossings:
            area = ", ".join(map(numbered_hex, c.hexes))
            if c.blocks:
                out.append(
                    said(
                        "Smoke {level} at {marker} blocks the line (WAW-8.2-c): its smoke area "
                        "(the marker hex and its six neighbours, WAW-8.2-b) holds {area} of the line.",
                        level=c.level,
                        marker=numbered_hex(c.marker),
                        area=area,
                    )
                )
            else:
                out.append(
                    said(
                        "Smoke {level} at {marker} does not block: {reason}.",
                        level=c.level,
                        marker=numbered_hex(c.marker),
                        reason=c.reason,
                    )
                )
        if not self.crossings:
            out.append(said("No smoke area touches the line: it is clear of Smoke (WAW-8.2-c)."))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "from": str(self.origin),
            "to": str(self.target),
            "distance": self.origin.distance(self.target),
            "hexes": [str(h) for h in self.line.hexes],
            "along_hexsides": [str(s) for s in self.line.along_hexsides],
            "through_vertices": [str(v) for v in self.line.through_vertices],
            "smoke": [c.to_dict() for c in self.crossings],
            "blocked": self.blocked,
            "blocking_markers": [str(c.marker) for c in self.crossings if c.blocks],
            "advanced_imaging_sees": True,
            "advanced_imaging_hit_number_plus": 1 if self.blocked else 0,
        }


def _hexes_in_area(ln: Line, area: frozenset[Hex], settings: WawSettings) -> tuple[Hex, ...]:
    """Line hexes inside ``area``; a hexside run counts per ``smoke_hexside``."""
    inside = [h for h in ln.interior_hexes if h in area]
    for run in ln.runs:
        pair = run.hexside.hexes
        hit = [h for h in pair if h in area]
        if settings.smoke_hexside == "both" and len(hit) < 2:
            continue
        inside.extend(hit)
    order = {h: i for i, h in enumerate(ln.hexes)}
    return tuple(sorted(set(inside), key=lambda h: order.get(h, len(order))))


def _exemption(origin: Hex, target: Hex, marker: Hex, settings: WawSettings) -> str | None:
    """Why this smoke does not blind a unit in ``origin`` (WAW-AMB-7), or None."""
    mode = settings.smoke_adjacent
    if origin == target:
        return "same hex"
    if mode == "firer_adjacent_to_target" and origin.distance(target) == 1:
        return said("the firer is adjacent to its target (WAW-8.2-c, WAW-AMB-7)")
    if mode == "inside_area" and origin in smoke_area(marker):
        return said("the unit is inside this smoke area (WAW-AMB-7 option inside_area)")
    if mode == "adjacent_to_marker" and target == marker and origin.distance(marker) == 1:
        return said("the unit is adjacent to the marker hex (WAW-AMB-7 option adjacent_to_marker)")
    return None


def judge_los(
    origin: Hex, target: Hex, smoke: Mapping[Hex, int], settings: WawSettings
) -> LosReport:
    """Trace ``origin`` -> ``target`` and judge every Smoke marker on the way (WAW-8.2-c)."""
    ln = line(origin, target)
    crossings: list[SmokeCrossing] = []
    for marker in sorted(smoke):
        inside = _hexes_in_area(ln, smoke_area(marker), settings)
        if not inside:
            continue
        why = _exemption(origin, target, marker, settings)
        if why is None:
            reason = said(
                "the line meets the smoke area of {marker} in {hexes}",
                marker=numbered_hex(marker),
                hexes=", ".join(map(numbered_hex, inside)),
            )
            crossings.append(SmokeCrossing(marker, smoke[marker], inside, True, reason))
        else:
            crossings.append(SmokeCrossing(marker, smoke[marker], inside, False, why))
    return LosReport(origin, target, ln, tuple(crossings))
