"""Canister aim points (ASL-8.4-h, -j, -k, ASL-AMB-7): the legal aims of a Gun in one CA.

:func:`aim_points` lists the vertex aims: by the recommended reading of
ASL-AMB-7 a vertex on the outer edge of the range-2 ring (shared by range-2
and range-3 hexes only), strictly inside the Covered Arc, exactly five per CA
(ASL-8.4-k), named V1..V5 from the ``d0`` side of the arc to the ``d1`` side.
The rest of an aim is derived from the exact line of sight
(:func:`ordnance.core.hexes.line`) from the Gun's hex centre to the vertex:
the adjacent hex(es) it crosses (one hex at half FP, or both hexes of a
hexside it runs along at quarter FP, ASL-8.41-b/-c) and the first cluster hex
it enters (where an obstacle stops the fire, ASL-8.4-i). :func:`check_aim`
refuses a vertex that is not one of them (ASL-8.4-h); :func:`building_aim` is
the alternative of ASL-8.4-j (three levels of one building hex at range 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cmp_to_key
from typing import Any, Literal

from ordnance.asl.canister.options import CanisterOptions
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.hexes import CoveredArc, Direction, Hex, Hexside, Vertex, line, ring
from ordnance.core.messages import msg

__all__ = ["CanisterAim", "aim_points", "building_aim", "check_aim"]


@dataclass(frozen=True, slots=True)
class CanisterAim:
    """One legal Canister aim and the geometry derived from its line of sight."""

    name: str
    gun_hex: Hex
    kind: Literal["vertex", "building"]
    #: The aimed vertex, or the target building hex.
    target: Vertex | Hex
    #: The aimed elevation (vertex) or the middle level (building).
    level: int
    #: The attacked hexes, the first one the LOS enters first.
    cluster: tuple[Hex, ...]
    #: The levels attacked in the cluster: one for a vertex, three for a building.
    levels: tuple[int, ...]
    #: The hex(es) next to the Gun that the LOS crosses (ASL-8.41-b/-c).
    adjacent: tuple[Hex, ...]
    #: 1/2 for one adjacent hex, 1/4 when the LOS runs along a hexside there.
    adjacent_factor: Fraction
    along_hexside: Hexside | None = None
    on_ca_boundary: bool = False

    @property
    def first_hex(self) -> Hex:
        """The first cluster hex on the LOS: an obstacle here stops the rest (ASL-8.4-i)."""
        return self.cluster[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "gun_hex": str(self.gun_hex),
            "target": str(self.target),
            "level": self.level,
            "cluster": [str(h) for h in self.cluster],
            "levels": list(self.levels),
            "first_hex": str(self.first_hex),
            "adjacent": [str(h) for h in self.adjacent],
            "adjacent_factor": f"{self.adjacent_factor.numerator}/{self.adjacent_factor.denominator}",
            "along_hexside": None if self.along_hexside is None else str(self.along_hexside),
            "on_ca_boundary": self.on_ca_boundary,
        }


def _ca_of(gun_hex: Hex, ca: CoveredArc | Direction | int) -> CoveredArc:
    arc = ca if isinstance(ca, CoveredArc) else CoveredArc(gun_hex, Direction(ca))
    if arc.origin != gun_hex:
        raise OrdnanceError(
            msg(
                "the Covered Arc starts at {origin}, not at the Gun's hex {gun_hex}",
                origin=arc.origin,
                gun_hex=gun_hex,
            ),
            hint=msg("give the CA of the firing Gun"),
        )
    return arc


def _cross(u: tuple[int, int], v: tuple[int, int]) -> int:
    return u[0] * v[1] - u[1] * v[0]


def _vertex_coords(arc: CoveredArc, v: Vertex) -> tuple[int, int]:
    """3x the vertex's position in the arc's (a, b) basis (exact integers)."""
    coords = [arc.coords(h) for h in v.hexes]
    return (sum(c[0] for c in coords), sum(c[1] for c in coords))


def _rays(options: CanisterOptions) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two bounding rays of the CA in (a, b) coordinates, in clockwise order."""
    if options.canister_ca == "hexrow-bounded":
        return ((1, 0), (0, 1))  # along the hexrows d0 and d1
    return ((2, -1), (1, 1))  # through the corners at both ends of edge d0


def _candidate_vertices(gun_hex: Hex, options: CanisterOptions) -> set[Vertex]:
    """Vertices of the right ring type around the Gun (ASL-AMB-7)."""
    wanted = (
        {(2, 1), (2, 2)}  # vertex-ring: only range-2 and range-3 hexes, both present
        if options.canister_geometry == "vertex-ring"
        else {(1, 1)}  # hexside-path: one range-1 hex and two range-2 hexes
    )
    out: set[Vertex] = set()
    for h in ring(gun_hex, 2):
        for k in range(6):
            v = Vertex.of(h, k)
            ranges = sorted(gun_hex.distance(x) for x in v.hexes)
            if options.canister_geometry == "vertex-ring":
                key = (2, ranges.count(2)) if set(ranges) == {2, 3} else None
            else:
                key = (1, ranges.count(1)) if ranges == [1, 2, 2] else None
            if key in wanted:
                out.add(v)
    return out


def aim_points(
    gun_hex: Hex,
    ca: CoveredArc | Direction | int,
    *,
    level: int = 0,
    options: CanisterOptions | None = None,
) -> tuple[CanisterAim, ...]:
    """The legal vertex aims of a Gun in ``gun_hex`` for one CA (ASL-8.4-h, -k, ASL-AMB-7).

    Default geometry: exactly five aims V1..V5, none on the CA boundary, whose
    clusters together cover the three range-2 and four range-3 hexes of the CA.
    ``level`` is the aimed elevation (the cluster is attacked at that level).
    """
    opts = options or CanisterOptions()
    arc = _ca_of(gun_hex, ca)
    ray0, ray1 = _rays(opts)
    found: list[tuple[Vertex, tuple[int, int], bool]] = []
    for v in _candidate_vertices(gun_hex, opts):
        p = _vertex_coords(arc, v)
        c0, c1 = _cross(ray0, p), _cross(p, ray1)
        if c0 >= 0 and c1 >= 0:
            found.append((v, p, c0 == 0 or c1 == 0))
    found.sort(key=cmp_to_key(_clockwise))
    return tuple(
        _vertex_aim(f"V{i}", gun_hex, v, level, boundary)
        for i, (v, _p, boundary) in enumerate(found, start=1)
    )


def _clockwise(
    x: tuple[Vertex, tuple[int, int], bool], y: tuple[Vertex, tuple[int, int], bool]
) -> int:
    """Order aims from the CA's first bounding ray to its second (then by position)."""
    turn = -_cross(x[1], y[1])
    if turn:
        return turn
    return (x[1] > y[1]) - (x[1] < y[1])


def _adjacent_geometry(
    gun_hex: Hex, prefix: Sequence[Hex | Hexside | Vertex]
) -> tuple[tuple[Hex, ...], Fraction, Hexside | None]:
    """The range-1 hexes a LOS prefix crosses, with the FP factor (ASL-8.41-b/-c)."""
    for step in prefix:
        if isinstance(step, Hexside) and all(gun_hex.distance(h) == 1 for h in step.hexes):
            return (step.hexes, Fraction(1, 4), step)
    adjacent = tuple(s for s in prefix if isinstance(s, Hex) and gun_hex.distance(s) == 1)
    if len(adjacent) != 1:  # pragma: no cover - a LOS to range 2+ always crosses ring 1
        raise OrdnanceError(
            msg(
                "the LOS from {gun_hex} crosses {n_adjacent} adjacent hexes",
                gun_hex=gun_hex,
                n_adjacent=len(adjacent),
            )
        )
    return (adjacent, Fraction(1, 2), None)


def _vertex_aim(name: str, gun_hex: Hex, v: Vertex, level: int, boundary: bool) -> CanisterAim:
    ln = line(gun_hex, v)
    prefix = ln.steps[: ln.steps.index(v)]
    adjacent, factor, along = _adjacent_geometry(gun_hex, prefix)
    crossed = [h for h in ln.hexes if h in v.hexes]
    if not crossed:  # pragma: no cover - the LOS always enters one hex of its vertex
        raise OrdnanceError(
            msg("the LOS from {gun_hex} to {v} enters no hex of the cluster", gun_hex=gun_hex, v=v)
        )
    first = crossed[0]
    cluster = (first, *sorted(h for h in v.hexes if h != first))
    return CanisterAim(
        name=name,
        gun_hex=gun_hex,
        kind="vertex",
        target=v,
        level=level,
        cluster=cluster,
        levels=(level,),
        adjacent=adjacent,
        adjacent_factor=factor,
        along_hexside=along,
        on_ca_boundary=boundary,
    )


def check_aim(
    gun_hex: Hex,
    ca: CoveredArc | Direction | int,
    vertex: Vertex,
    *,
    level: int = 0,
    options: CanisterOptions | None = None,
) -> CanisterAim:
    """The aim at ``vertex``, or a refusal if it is not one of the CA's aim points (ASL-8.4-h)."""
    aims = aim_points(gun_hex, ca, level=level, options=options)
    for aim in aims:
        if aim.target == vertex:
            return aim
    raise RuleViolation(
        "ASL-8.4-h",
        msg(
            "{vertex} is not a Canister aim point of a Gun in {gun_hex} in this CA",
            vertex=vertex,
            gun_hex=gun_hex,
        ),
        hint="aim at one of "
        + ", ".join(f"{a.name} {a.target}" for a in aims)
        + ", or at the middle of three levels of a building hex at range 2",
    )


def building_aim(
    gun_hex: Hex,
    target_hex: Hex,
    middle_level: int,
    *,
    lowest_level: int = 0,
    highest_level: int,
    ca: CoveredArc | Direction | int | None = None,
) -> CanisterAim:
    """Canister at three contiguous levels of a building hex at range 2 (ASL-8.4-j).

    The aim is the middle level; the building must have the levels directly
    below and above it (``lowest_level``..``highest_level`` are its levels: a
    building starts at ground level 0 unless it has a cellar, level -1, so an
    aim at level 0 is refused by default). With ``ca`` the hex must lie in
    that Covered Arc (ASL-8.4-h): a hex behind it needs a CA change first,
    which adds its DRM (:func:`~ordnance.asl.canister.ca.ca_change_drm`, ASL-8.4-d).
    """
    if ca is not None:
        arc = _ca_of(gun_hex, ca)
        if not arc.contains(target_hex):
            raise RuleViolation(
                "ASL-8.4-h",
                msg(
                    "the building hex {target_hex} is outside the Gun's Covered Arc (facing {name})",
                    target_hex=target_hex,
                    name=arc.spine.name,
                ),
                hint=msg(
                    "turn the CA towards it for this shot (its Covered Arc; the change adds its DRM, ASL-8.4-d)"
                ),
            )
    rng = gun_hex.distance(target_hex)
    if rng != 2:
        raise RuleViolation(
            "ASL-8.4-j",
            msg(
                "Canister aimed at building levels needs a building hex two hexes away, not {rng}",
                rng=rng,
            ),
            hint=msg("pick a building hex at range 2, or aim at a vertex"),
        )
    if middle_level - 1 < lowest_level:
        raise RuleViolation(
            "ASL-8.4-j",
            msg(
                "an aim at level {middle_level} would attack level {value}, below the building's lowest level {lowest_level}",
                middle_level=middle_level,
                value=middle_level - 1,
                lowest_level=lowest_level,
            ),
            hint=f"aim at level {lowest_level + 1} or higher"
            + (" (or say the building has a cellar, level -1)" if lowest_level == 0 else ""),
        )
    if middle_level + 1 > highest_level:
        raise RuleViolation(
            "ASL-8.4-j",
            msg(
                "an aim at level {middle_level} would attack level {value}, above the building's highest level {highest_level}",
                middle_level=middle_level,
                value=middle_level + 1,
                highest_level=highest_level,
            ),
            hint=msg("aim at level {value} or lower", value=highest_level - 1),
        )
    ln = line(gun_hex, target_hex)
    prefix = ln.steps[: ln.steps.index(target_hex)]
    adjacent, factor, along = _adjacent_geometry(gun_hex, prefix)
    return CanisterAim(
        name=f"B{middle_level}",
        gun_hex=gun_hex,
        kind="building",
        target=target_hex,
        level=middle_level,
        cluster=(target_hex,),
        levels=(middle_level - 1, middle_level, middle_level + 1),
        adjacent=adjacent,
        adjacent_factor=factor,
        along_hexside=along,
    )
