"""Canister (ASL-8.4 to ASL-8.42): aim points, the hexes each shot attacks, and its resolution.

Three steps, each a pure function:

1. :func:`aim_points` lists the legal aims of a Gun for one Covered Arc. By the
   recommended reading of ASL-AMB-7 an aim is a vertex on the outer edge of the
   range-2 ring (shared by range-2 and range-3 hexes only), strictly inside the
   CA: exactly five per CA (ASL-8.4-k), named V1..V5 from the ``d0`` side of the
   arc to the ``d1`` side. Everything else about an aim is DERIVED from the exact
   line of sight (:func:`ordnance.core.hexes.line`) from the Gun's hex centre to
   the vertex: the adjacent hex(es) it crosses (one hex at half FP, or both hexes
   of a hexside it runs along at quarter FP, ASL-8.41-b/-c) and the first cluster
   hex it enters (the one an obstacle stops the fire in, ASL-8.4-i).
   :func:`building_aim` is the alternative of ASL-8.4-j (three levels of one
   building hex at range 2, aimed at the middle one).
2. :func:`canister_attacks` turns an aim into the attacked Locations with their
   exact FP and IFT column: Area Fire halving after movement (ASL-8.4-c), the
   adjacent hex (ASL-8.41-b/-c), combined per ASL-AMB-8, with armored targets
   immune but not their Vulnerable PRC (ASL-8.4-a, ASL-AMB-10).
3. :func:`resolve` judges ONE Original DR (ASL-8.4-f, ASL-AMB-9): the Canister
   depletion check (8.9 when exceeded, ASL-8.4-g), the malfunction check, and
   each Location's own Final DR on the IFT. :func:`fire_canister` takes the dice
   from a :class:`~ordnance.core.dice.DiceSource`; :func:`canister_odds` gives
   the exact distribution, checked in the tests against
   :func:`~ordnance.core.odds.enumerate_procedure` over :func:`fire_canister`.

>>> from ordnance.core.hexes import CoveredArc, Direction, Hex
>>> aims = aim_points(Hex(0, 0), CoveredArc(Hex(0, 0), Direction.N))
>>> [a.name for a in aims]
['V1', 'V2', 'V3', 'V4', 'V5']
>>> v3 = aims[2]
>>> [str(h) for h in v3.cluster], [str(h) for h in v3.adjacent], v3.adjacent_factor
(['1,-2', '1,-3', '2,-3'], ['0,-1', '1,-1'], Fraction(1, 4))
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cmp_to_key
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ordnance.asl import depletion, ift
from ordnance.core.dice import DR, DiceSource
from ordnance.core.errors import OrdnanceError, RuleViolation, TooManyDice
from ordnance.core.hexes import CoveredArc, Direction, Hex, Hexside, Vertex, line, ring
from ordnance.core.odds import Distribution

__all__ = [
    "NOT_FIRED",
    "NO_EFFECT",
    "CanisterAim",
    "CanisterHexAttack",
    "CanisterHexResult",
    "CanisterOdds",
    "CanisterOptions",
    "CanisterResult",
    "CanisterTarget",
    "aim_points",
    "building_aim",
    "ca_change_drm",
    "canister_attacks",
    "canister_odds",
    "check_aim",
    "clusters_view",
    "fire_canister",
    "hexspine_changes",
    "outcome_key",
    "resolve",
]

#: Outcome label of a Location whose Final DR gives no IFT result.
NO_EFFECT = "no effect"
#: Outcome label when the DR exceeded the Canister Depletion Number (nothing attacked).
NOT_FIRED = "not fired (no Canister)"

Location = tuple[Hex, int]
TargetKind = Literal["personnel", "armored-vehicle", "unarmored-vehicle", "vulnerable-prc"]
DepletionOutcome = Literal["used", "used-and-depleted", "not-available", "no-check"]


class CanisterOptions(BaseModel):
    """The documented alternatives to the notes' recommended defaults (ASL-AMB-7 to -10)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    canister_geometry: Literal["vertex-ring", "hexside-path"] = Field(
        "vertex-ring",
        description=(
            "ASL-AMB-7: 'vertex-ring' (default) aims at vertices shared by range-2 and range-3 "
            "hexes; 'hexside-path' at vertices two hexside steps out from the Gun hex's corners "
            "(one adjacent hex and two range-2 hexes)."
        ),
    )
    canister_ca: Literal["hexrow-bounded", "hexspine-bounded"] = Field(
        "hexrow-bounded",
        description=(
            "ASL-AMB-7: 'hexrow-bounded' (default) CA between the two hexrows of the facing "
            "hexspine; 'hexspine-bounded' CA centred on the spine's first direction and bounded "
            "by the rays through the two corners of that hexside (variant maps)."
        ),
    )
    canister_reductions: Literal["cumulative", "largest"] = Field(
        "cumulative",
        description=(
            "ASL-AMB-8: 'cumulative' (default) multiplies the movement halving and the adjacent "
            "hex halving/quartering; 'largest' applies only the largest single reduction."
        ),
    )
    canister_dr: Literal["one", "per-location"] = Field(
        "one",
        description=(
            "ASL-AMB-9: 'one' (default) IFT DR for every Location, each with its own Final DR; "
            "'per-location' rolls a DR per Location, the first one being the depletion and "
            "malfunction check."
        ),
    )
    canister_vehicles: Literal["armored-immune", "all-immune"] = Field(
        "armored-immune",
        description=(
            "ASL-AMB-10: 'armored-immune' (default): armored vehicles are immune, unarmored "
            "vehicles are attacked (IFT vehicle line); 'all-immune': every vehicle is immune and "
            "only Vulnerable PRC are attacked."
        ),
    )


# -- aim points --------------------------------------------------------------------------


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
            f"the Covered Arc starts at {arc.origin}, not at the Gun's hex {gun_hex}",
            hint="give the CA of the firing Gun",
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
        raise OrdnanceError(f"the LOS from {gun_hex} crosses {len(adjacent)} adjacent hexes")
    return (adjacent, Fraction(1, 2), None)


def _vertex_aim(name: str, gun_hex: Hex, v: Vertex, level: int, boundary: bool) -> CanisterAim:
    ln = line(gun_hex, v)
    prefix = ln.steps[: ln.steps.index(v)]
    adjacent, factor, along = _adjacent_geometry(gun_hex, prefix)
    crossed = [h for h in ln.hexes if h in v.hexes]
    if not crossed:  # pragma: no cover - the LOS always enters one hex of its vertex
        raise OrdnanceError(f"the LOS from {gun_hex} to {v} enters no hex of the cluster")
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
        f"{vertex} is not a Canister aim point of a Gun in {gun_hex} in this CA",
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
    which adds its DRM (:func:`ca_change_drm`, ASL-8.4-d).
    """
    if ca is not None:
        arc = _ca_of(gun_hex, ca)
        if not arc.contains(target_hex):
            raise RuleViolation(
                "ASL-8.4-h",
                f"the building hex {target_hex} is outside the Gun's Covered Arc "
                f"(facing {arc.spine.name})",
                hint="turn the CA towards it for this shot (--ca; the change adds its DRM, "
                "ASL-8.4-d)",
            )
    rng = gun_hex.distance(target_hex)
    if rng != 2:
        raise RuleViolation(
            "ASL-8.4-j",
            f"Canister aimed at building levels needs a building hex two hexes away, not {rng}",
            hint="pick a building hex at range 2, or aim at a vertex",
        )
    if middle_level - 1 < lowest_level:
        raise RuleViolation(
            "ASL-8.4-j",
            f"an aim at level {middle_level} would attack level {middle_level - 1}, below the "
            f"building's lowest level {lowest_level}",
            hint=f"aim at level {lowest_level + 1} or higher"
            + (" (or say the building has a cellar, level -1)" if lowest_level == 0 else ""),
        )
    if middle_level + 1 > highest_level:
        raise RuleViolation(
            "ASL-8.4-j",
            f"an aim at level {middle_level} would attack level {middle_level + 1}, above the "
            f"building's highest level {highest_level}",
            hint=f"aim at level {highest_level - 1} or lower",
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


def hexspine_changes(
    current: CoveredArc | Direction | int, new: CoveredArc | Direction | int
) -> int:
    """How many hexspines a CA turns from ``current`` to ``new`` (0..3), for the DRM of ASL-8.4-d.

    >>> hexspine_changes(Direction.N, Direction.SW)
    2
    """
    a = current.spine if isinstance(current, CoveredArc) else Direction(current)
    b = new.spine if isinstance(new, CoveredArc) else Direction(new)
    turn = (int(b) - int(a)) % 6
    return min(turn, 6 - turn)


Mount = Literal["turret", "slow-turret", "non-turreted"]

#: To Hit Case A (notes B5.3), the DRM per hexspine of CA change: the first
#: change, then each further one. ASL-8.4-d adds "hexspine changes in the CA"
#: to the Canister IFT DR without giving values; the engine takes Case A's
#: [inference]. A towed Gun is non-turreted.
CA_CHANGE_DRM: Mapping[str, tuple[int, int]] = {
    "turret": (1, 1),
    "slow-turret": (2, 1),
    "non-turreted": (3, 1),
}


def ca_change_drm(changes: int, mount: Mount = "non-turreted", *, in_obstacle: bool = False) -> int:
    """ASL-8.4-d: the Canister DRM for turning the CA ``changes`` hexspines before the DR.

    Case A of the To Hit DRM (notes B5.3): turret +1 each; slow turret +2
    then +1; non-turreted (and Guns) +3 then +1; doubled when the firer is in
    woods, a building or rubble (``in_obstacle``).

    >>> ca_change_drm(0), ca_change_drm(1), ca_change_drm(2, "turret"), ca_change_drm(2, in_obstacle=True)
    (0, 3, 2, 8)
    """
    if not 0 <= changes <= 3:
        raise OrdnanceError(f"a CA turns 0 to 3 hexspines, not {changes}", clause="ASL-8.4-d")
    if changes == 0:
        return 0
    if mount not in CA_CHANGE_DRM:
        raise OrdnanceError(
            f"unknown mount {mount!r}", clause="ASL-8.4-d", hint=", ".join(CA_CHANGE_DRM)
        )
    first, more = CA_CHANGE_DRM[mount]
    drm = first + more * (changes - 1)
    return drm * 2 if in_obstacle else drm


def clusters_view(aims: Sequence[CanisterAim]) -> list[dict[str, Any]]:
    """The ``"clusters"`` entries of a game's map view for these aims."""
    return [
        {"hexes": [str(h) for h in a.cluster], "kind": "canister", "label": a.name} for a in aims
    ]


# -- attacked Locations ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CanisterTarget:
    """Something in a Location that Canister might attack."""

    id: str
    hex: Hex
    kind: TargetKind = "personnel"
    level: int = 0


@dataclass(frozen=True, slots=True)
class CanisterHexAttack:
    """One Location a Canister shot attacks, with its exact FP and IFT column."""

    hex: Hex
    level: int
    role: Literal["cluster", "adjacent"]
    fp: Fraction
    #: None when the FP is below 1: no attack in that Location (notes B7.1).
    column: int | None
    area_fire: bool
    #: (clause, factor) for each FP reduction applied, in order.
    factors: tuple[tuple[str, Fraction], ...]
    targets: tuple[str, ...] = ()
    #: Targets attacked through the IFT vehicle line (unarmored vehicles, ASL-AMB-10).
    vehicle_targets: tuple[str, ...] = ()
    #: (target id, clause) for targets Canister cannot affect here.
    immune: tuple[tuple[str, str], ...] = ()
    #: (what, DRM) added to this Location's Final DR: TEM, LOS Hindrance and
    #: the CA change (ASL-8.4-d, -i: "the individual TEM of each Location").
    drm: tuple[tuple[str, int], ...] = ()

    @property
    def location(self) -> Location:
        return (self.hex, self.level)

    @property
    def total_drm(self) -> int:
        return sum(v for _what, v in self.drm)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hex": str(self.hex),
            "level": self.level,
            "role": self.role,
            "fp": f"{self.fp.numerator}/{self.fp.denominator}",
            "column": self.column,
            "area_fire": self.area_fire,
            "factors": [[c, f"{f.numerator}/{f.denominator}"] for c, f in self.factors],
            "targets": list(self.targets),
            "vehicle_targets": list(self.vehicle_targets),
            "immune": [list(x) for x in self.immune],
            "drm": [list(x) for x in self.drm],
            "total_drm": self.total_drm,
        }


def _combine(factors: Sequence[tuple[str, Fraction]], options: CanisterOptions) -> Fraction:
    if not factors:
        return Fraction(1)
    if options.canister_reductions == "largest":
        return min(f for _c, f in factors)  # ASL-AMB-8 option
    out = Fraction(1)
    for _c, f in factors:  # ASL-AMB-8 default: cumulative
        out *= f
    return out


def canister_attacks(
    aim: CanisterAim,
    gun_fp: int | Fraction,
    *,
    moved_or_manned_in_mph: bool = False,
    same_level: bool | None = None,
    gun_level: int = 0,
    obstacle_in_first_hex: bool = False,
    out_of_los: Collection[Hex] = (),
    targets: Sequence[CanisterTarget] | None = None,
    tem: Mapping[Hex | Location, int] | None = None,
    hindrance: Mapping[Hex | Location, int] | None = None,
    ca_drm: int = 0,
    options: CanisterOptions | None = None,
) -> list[CanisterHexAttack]:
    """The Locations one Canister shot attacks, with FP, IFT column and DRM each.

    * ``gun_fp``: the Canister FP from the Ordnance Listing (ASL-8.4-e;
      :meth:`ordnance.asl.tables.AslTables.canister_fp` is the chart fallback).
    * ``moved_or_manned_in_mph``: the AFV moved this Player Turn, or Infantry
      manned the Gun in the MPh and fire in the AFPh: FP halved as Area Fire (ASL-8.4-c).
    * ``same_level``: firing at a same-level target, so the adjacent hex(es) on
      the LOS are attacked too (ASL-8.41-b/-c). Default: ``gun_level`` equals
      the aimed level (a building aim: is one of its three levels).
    * ``obstacle_in_first_hex``: only the first cluster hex is attacked (ASL-8.4-i).
    * ``out_of_los``: cluster hexes the firer cannot see at that elevation (not attacked).
    * ``targets``: when given, only Locations holding one of them are listed, each
      with the targets attacked and those immune (ASL-8.4-a, ASL-AMB-10). Targets
      in the firer's hex are never attacked (ASL-8.41-a).
    * ``tem`` / ``hindrance``: each Location's own TEM and LOS Hindrance DRM,
      keyed by ``(hex, level)`` or by hex (ASL-8.4-d, -i); ``ca_drm``: the DRM
      of a CA change made for this shot (:func:`ca_change_drm`), on every
      Location. Each attack carries them in ``drm``.
    """
    opts = options or CanisterOptions()
    base = Fraction(gun_fp)
    if base <= 0:
        raise OrdnanceError(f"Canister FP must be positive, not {base}", clause="ASL-8.4-e")
    movement: list[tuple[str, Fraction]] = (
        [("ASL-8.4-c", Fraction(1, 2))] if moved_or_manned_in_mph else []
    )
    if same_level is None:
        same_level = gun_level in aim.levels

    locations: list[
        tuple[Hex, int, Literal["cluster", "adjacent"], list[tuple[str, Fraction]]]
    ] = []
    cluster = aim.cluster[:1] if obstacle_in_first_hex else aim.cluster
    cluster_set = set(aim.cluster)
    if same_level:
        clause = "ASL-8.41-c" if aim.adjacent_factor == Fraction(1, 4) else "ASL-8.41-b"
        for h in aim.adjacent:
            if h in cluster_set:
                continue  # hexside-path geometry: attacked once, as a cluster hex
            locations.append((h, gun_level, "adjacent", [*movement, (clause, aim.adjacent_factor)]))
    for h in cluster:
        if h in out_of_los or h == aim.gun_hex:
            continue
        for lvl in aim.levels:
            locations.append((h, lvl, "cluster", list(movement)))

    by_location: dict[Location, list[CanisterTarget]] = {}
    for t in targets or ():
        by_location.setdefault((t.hex, t.level), []).append(t)

    attacks: list[CanisterHexAttack] = []
    for h, lvl, role, factors in locations:
        fp = base * _combine(factors, opts)
        drm: list[tuple[str, int]] = []
        for what, table in (("TEM", tem), ("LOS Hindrance", hindrance)):
            value = _lookup(table, h, lvl)
            if value:
                drm.append((what, value))
        if ca_drm:
            drm.append(("CA change", ca_drm))
        here = by_location.get((h, lvl), [])
        if targets is not None and not here:
            continue
        attacked: list[str] = []
        vehicles: list[str] = []
        immune: list[tuple[str, str]] = []
        for t in here:
            if t.kind == "armored-vehicle":
                immune.append((t.id, "ASL-8.4-a"))
            elif t.kind == "unarmored-vehicle":
                if opts.canister_vehicles == "all-immune":
                    immune.append((t.id, "ASL-AMB-10"))
                else:
                    vehicles.append(t.id)
            else:
                attacked.append(t.id)
        attacks.append(
            CanisterHexAttack(
                hex=h,
                level=lvl,
                role=role,
                fp=fp,
                column=ift.fp_column_or_none(fp),
                area_fire=bool(factors),
                factors=tuple(factors),
                targets=tuple(attacked),
                vehicle_targets=tuple(vehicles),
                immune=tuple(immune),
                drm=tuple(drm),
            )
        )
    return attacks


def _lookup(table: Mapping[Hex | Location, int] | None, h: Hex, level: int) -> int:
    if not table:
        return 0
    if (h, level) in table:
        return table[(h, level)]
    return table.get(h, 0)


# -- resolution --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CanisterHexResult:
    """The IFT outcome in one attacked Location."""

    hex: Hex
    level: int
    role: Literal["cluster", "adjacent"]
    fp: Fraction
    column: int | None
    dr: DR
    final_dr: int
    #: The IFT cell, or None for no effect (also when the FP is below 1).
    result: str | None
    #: ASL-8.42-b: a KIA gives any SW in the hex the same destruction chance as an HE KIA.
    sw_destruction_as_he_kia: bool
    #: The IFT vehicle line (Final TK#) for unarmored vehicles here (ASL-AMB-10).
    vehicle_tk: int | None
    targets: tuple[str, ...] = ()
    vehicle_targets: tuple[str, ...] = ()

    @property
    def outcome(self) -> str:
        return self.result or NO_EFFECT

    def to_dict(self) -> dict[str, Any]:
        return {
            "hex": str(self.hex),
            "level": self.level,
            "role": self.role,
            "fp": f"{self.fp.numerator}/{self.fp.denominator}",
            "column": self.column,
            "dr": str(self.dr),
            "final_dr": self.final_dr,
            "result": self.result,
            "sw_destruction_as_he_kia": self.sw_destruction_as_he_kia,
            "vehicle_tk": self.vehicle_tk,
            "targets": list(self.targets),
            "vehicle_targets": list(self.vehicle_targets),
        }


@dataclass(frozen=True, slots=True)
class CanisterResult:
    """Everything one Canister shot did."""

    original: DR
    depletion: DepletionOutcome
    #: False when the DR exceeded the Depletion Number: the Gun has not fired (ASL-8.9-e).
    fired: bool
    #: True when the Gun has no Canister left for the scenario (DR >= C#).
    canister_gone: bool
    malfunction: bool
    hexes: tuple[CanisterHexResult, ...]
    clauses: tuple[str, ...]
    #: ASL-8.42-a: Canister never rubbles a building, sets a Fire or clears Wire.
    can_rubble: bool = field(default=False)
    can_set_fire: bool = field(default=False)
    can_clear_wire: bool = field(default=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "original": str(self.original),
            "original_total": self.original.total,
            "depletion": self.depletion,
            "fired": self.fired,
            "canister_gone": self.canister_gone,
            "malfunction": self.malfunction,
            "hexes": [h.to_dict() for h in self.hexes],
            "can_rubble": self.can_rubble,
            "can_set_fire": self.can_set_fire,
            "can_clear_wire": self.can_clear_wire,
            "clauses": list(self.clauses),
        }


def _drm_for(
    attack: CanisterHexAttack, drm: Mapping[Hex | Location, int] | None, common_drm: int
) -> int:
    extra = 0
    if drm:
        if attack.location in drm:
            extra = drm[attack.location]
        elif attack.hex in drm:
            extra = drm[attack.hex]
    return common_drm + extra + attack.total_drm


def _depletion(total: int, depletion_number: int | None) -> DepletionOutcome:
    """ASL-8.9-c/d/e via ASL-8.4-g through :func:`ordnance.asl.depletion.depletion_outcome`.

    The one Canister addition: a piece with no C# reports ``"no-check"``.
    """
    if depletion_number is None:
        return "no-check"
    return depletion.depletion_outcome(total, depletion_number).value


def resolve(
    dr: DR,
    attacks: Sequence[CanisterHexAttack],
    *,
    depletion_number: int | None,
    breakdown_number: int | None = None,
    drm: Mapping[Hex | Location, int] | None = None,
    common_drm: int = 0,
    location_drs: Sequence[DR] = (),
    options: CanisterOptions | None = None,
) -> CanisterResult:
    """Judge one Canister shot from its Original IFT DR (ASL-8.4-b, -f, -g, ASL-AMB-9).

    * No To Hit DR (ASL-8.4-b): ``dr`` is the IFT DR, and its Original total is
      also the depletion check against ``depletion_number`` (the C#) and the
      malfunction check against ``breakdown_number`` (B#; None = 12, notes B5.7).
    * DR > C#: 8.9 applies: nothing is attacked, the Gun has not fired (except
      for malfunction) and its Canister is gone (ASL-8.4-g, ASL-8.9-e).
    * Otherwise each Location gets Final DR = Original + ``common_drm`` (e.g. the
      CA change DRM of ASL-8.4-d) + its own TEM/Hindrance DRM from ``drm``
      (keyed by ``(hex, level)`` or by hex), read on the IFT in its column.
    * Depletion and malfunction are judged independently (ASL-AMB-18): a
      malfunctioning Gun still resolves the shot its DR made.
    * ASL-AMB-9 option ``per-location``: ``location_drs`` gives one more DR for
      each Location after the first; the first uses ``dr``.
    """
    opts = options or CanisterOptions()
    total = dr.total
    outcome = _depletion(total, depletion_number)
    malfunction = depletion.malfunctions(total, breakdown_number)
    clauses = ["ASL-8.4-b", "ASL-8.4-f", "ASL-AMB-9", "ASL-8.42-a"]
    if outcome == "not-available":
        if location_drs:
            raise TooManyDice(
                "the Canister DR exceeded the Depletion Number, so no Location DR is rolled"
            )
        return CanisterResult(
            original=dr,
            depletion=outcome,
            fired=False,
            canister_gone=True,
            malfunction=malfunction,
            hexes=(),
            clauses=(*clauses, "ASL-8.4-g", "ASL-8.9-e"),
        )
    per_location = opts.canister_dr == "per-location"
    needed = max(len(attacks) - 1, 0) if per_location else 0
    if len(location_drs) != needed:
        raise OrdnanceError(
            f"{len(location_drs)} extra Location DRs given, {needed} needed",
            clause="ASL-AMB-9",
            hint="one DR per attacked Location after the first with the per-location option, "
            "none otherwise",
        )
    drs = [dr, *location_drs] if per_location else [dr] * len(attacks)
    results: list[CanisterHexResult] = []
    for attack, own in zip(attacks, drs, strict=True):
        final = own.total + _drm_for(attack, drm, common_drm)
        cell = None if attack.column is None else ift.result(attack.column, final)
        vehicle_tk = (
            ift.vehicle_line(attack.column)
            if attack.column is not None and attack.vehicle_targets
            else None
        )
        results.append(
            CanisterHexResult(
                hex=attack.hex,
                level=attack.level,
                role=attack.role,
                fp=attack.fp,
                column=attack.column,
                dr=own,
                final_dr=final,
                result=cell,
                sw_destruction_as_he_kia=ift.is_kia(cell),
                vehicle_tk=vehicle_tk,
                targets=attack.targets,
                vehicle_targets=attack.vehicle_targets,
            )
        )
    if per_location:
        clauses.append("ASL-AMB-9:per-location")
    return CanisterResult(
        original=dr,
        depletion=outcome,
        fired=True,
        canister_gone=outcome == "used-and-depleted",
        malfunction=malfunction,
        hexes=tuple(results),
        clauses=(*clauses, "ASL-8.4-d", "ASL-8.4-i", "ASL-8.42-b"),
    )


def fire_canister(
    dice: DiceSource,
    attacks: Sequence[CanisterHexAttack],
    *,
    depletion_number: int | None,
    breakdown_number: int | None = None,
    drm: Mapping[Hex | Location, int] | None = None,
    common_drm: int = 0,
    options: CanisterOptions | None = None,
) -> CanisterResult:
    """Roll the Canister DR (and the per-Location DRs of the ASL-AMB-9 option) and :func:`resolve`."""
    opts = options or CanisterOptions()
    first = dice.dr("canister")
    extra: list[DR] = []
    if (
        opts.canister_dr == "per-location"
        and _depletion(first.total, depletion_number) != "not-available"
    ):
        extra = [dice.dr(f"canister:{i}") for i in range(1, len(attacks))]
    return resolve(
        first,
        attacks,
        depletion_number=depletion_number,
        breakdown_number=breakdown_number,
        drm=drm,
        common_drm=common_drm,
        location_drs=extra,
        options=opts,
    )


# -- exact odds --------------------------------------------------------------------------

OutcomeKey = tuple[str, bool, tuple[str, ...]]


def outcome_key(result: CanisterResult) -> OutcomeKey:
    """A hashable summary of a shot: (depletion outcome, malfunction, outcome per Location)."""
    return (result.depletion, result.malfunction, tuple(h.outcome for h in result.hexes))


@dataclass(frozen=True, slots=True)
class CanisterOdds:
    """Exact odds of one Canister shot (all :class:`~fractions.Fraction`)."""

    #: Joint distribution of :func:`outcome_key`.
    joint: Distribution[OutcomeKey]
    #: Per attacked Location: IFT result, ``NO_EFFECT`` or ``NOT_FIRED``.
    per_location: tuple[tuple[Location, Distribution[str]], ...]
    depletion: Distribution[str]
    malfunction: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {
            "depletion": self.depletion.to_json(),
            "malfunction": f"{self.malfunction.numerator}/{self.malfunction.denominator}",
            "locations": [
                {"hex": str(h), "level": lvl, "distribution": d.to_json()}
                for (h, lvl), d in self.per_location
            ],
        }


def _column_cells(
    totals: Distribution[int], cell: Callable[[int, int], str], i: int
) -> Distribution[str]:
    return totals.map(lambda t: cell(i, t))


def _append(acc: tuple[str, ...], c: str) -> tuple[str, ...]:
    return (*acc, c)


def _marginal(joint: Distribution[OutcomeKey], i: int) -> Distribution[str]:
    return joint.map(lambda k: NOT_FIRED if k[0] == "not-available" else k[2][i])


def _dr_totals() -> Distribution[int]:
    d6 = Distribution.uniform(range(1, 7))
    return d6 + d6


def canister_odds(
    attacks: Sequence[CanisterHexAttack],
    *,
    depletion_number: int | None,
    breakdown_number: int | None = None,
    drm: Mapping[Hex | Location, int] | None = None,
    common_drm: int = 0,
    options: CanisterOptions | None = None,
) -> CanisterOdds:
    """Exact distribution of a Canister shot's outcome, from the 2d6 totals.

    Only the DR totals matter to :func:`resolve` (no cowering for ordnance,
    notes B7.6), so this works over the 11 totals instead of 36 (or, with the
    per-location option, 36**n) dice sequences. The tests check it equals
    :func:`~ordnance.core.odds.enumerate_procedure` over :func:`fire_canister`.
    """
    opts = options or CanisterOptions()
    totals = _dr_totals()
    finals = [_drm_for(a, drm, common_drm) for a in attacks]

    def cell(i: int, total: int) -> str:
        col = attacks[i].column
        res = None if col is None else ift.result(col, total + finals[i])
        return res or NO_EFFECT

    def joint_given(first: int) -> Distribution[OutcomeKey]:
        outcome = _depletion(first, depletion_number)
        malf = depletion.malfunctions(first, breakdown_number)
        if outcome == "not-available":
            return Distribution.certain((outcome, malf, ()))
        if opts.canister_dr == "one" or not attacks:
            return Distribution.certain(
                (outcome, malf, tuple(cell(i, first) for i in range(len(attacks))))
            )
        rest: Distribution[tuple[str, ...]] = Distribution.certain((cell(0, first),))
        for i in range(1, len(attacks)):
            rest = rest.combine(_column_cells(totals, cell, i), _append)
        return rest.map(lambda cells: (outcome, malf, cells))

    joint = totals.bind(joint_given)
    per_location = tuple((a.location, _marginal(joint, i)) for i, a in enumerate(attacks))
    return CanisterOdds(
        joint=joint,
        per_location=per_location,
        depletion=joint.map(lambda k: k[0]),
        malfunction=joint.probability(lambda k: k[1]),
    )
