"""The Tide of Iron map: terrain, buildings, elevation, cover and line of sight.

Maps and the terrain table are package data (``data/maps/*.json``,
``data/terrain.json``) with sample values a scenario author can edit.

Line of sight (a documented default; the munitions rules only need "smoke
blocks LOS", notes B10): the centre-to-centre line is traced exactly with
:func:`ordnance.core.hexes.line`. It is blocked when a hex whose interior it
crosses (the end hexes excepted) holds blocking terrain or a smoke marker, or
when it runs along a hexside with blocking hexes on BOTH sides. Touching a
blocking hex at a single vertex does not block. Elevation is used for the range
bonus from higher ground (B2) but not for LOS: hills do not block here.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ordnance.core.errors import OrdnanceError, UnknownName
from ordnance.core.forms import numbered_hex
from ordnance.core.hexes import Direction, Hex, line, parse_hex
from ordnance.core.messages import msg

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.toi.shapes import LosBlockView, MapHex


@dataclass(frozen=True)
class Terrain:
    """A terrain type: its cover (red defence dice) and what it does to LOS."""

    name: str
    cover: int
    blocks_los: bool = False
    building: bool = False


@dataclass(frozen=True)
class HexInfo:
    terrain: Terrain
    elevation: int = 0


@dataclass(frozen=True)
class ToIMap:
    """An immutable map: which hexes exist and what is in them."""

    name: str
    title: str
    hexes: Mapping[Hex, HexInfo]
    #: The hex direction the directional marker's "1" points to (TOI-AMB-2).
    directional_marker: Direction = Direction.N

    def __contains__(self, h: object) -> bool:
        return h in self.hexes

    def info(self, h: Hex) -> HexInfo:
        try:
            return self.hexes[h]
        except KeyError:
            raise OrdnanceError(
                msg(
                    "hex {value} is not on the map {name!r}", value=numbered_hex(h), name=self.name
                ),
                hint=msg("pick a hex of the map"),
            ) from None

    def elevation(self, h: Hex) -> int:
        return self.info(h).elevation

    def is_building(self, h: Hex) -> bool:
        return self.info(h).terrain.building

    def terrain_cover(self, h: Hex) -> int:
        return self.info(h).terrain.cover

    def to_json(self) -> list[MapHex]:
        """The ``hexes`` list of the conventional ``view["map"]`` shape."""
        out: list[MapHex] = []
        for h in sorted(self.hexes):
            info = self.hexes[h]
            row: MapHex = {"hex": str(h), "terrain": info.terrain.name}
            if info.elevation:
                row["elevation"] = info.elevation
            out.append(row)
        return out


#: Smoke adds 2 cover to units in its hex (notes B10).
SMOKE_COVER = 2


def cover(m: ToIMap, h: Hex, smoke: Iterable[Hex] = ()) -> int:
    """Cover of a hex: terrain, plus 2 when it holds smoke (B10)."""
    return m.terrain_cover(h) + (SMOKE_COVER if h in set(smoke) else 0)


@dataclass(frozen=True)
class LosBlock:
    """One reason a line of sight is blocked: a hex, or a hexside run with both hexes blocking."""

    #: The blocking hex, or both hexes of the hexside the line runs along.
    hexes: tuple[Hex, ...]
    #: ``"smoke"`` or the terrain name, per hex of ``hexes``.
    what: tuple[str, ...]
    #: ``TOI-B10`` when smoke is one of the causes, else ``TOI-B2`` (terrain),
    #: the clauses the attack procedure names when it refuses.
    clause: str
    hexside: str | None = None

    @property
    def reason(self) -> str:
        parts = [f"{w} in {numbered_hex(h)}" for h, w in zip(self.hexes, self.what, strict=True)]
        if self.hexside is not None:
            return f"it runs along the hexside {self.hexside_label} with {' and '.join(parts)}"
        return f"{parts[0]} blocks it"

    @property
    def hexside_label(self) -> str:
        """The hexside as printed numbers, ``0203|0303``."""
        if self.hexside is None:
            return ""
        return "|".join(numbered_hex(parse_hex(p)) for p in self.hexside.split("|"))

    def to_dict(self) -> LosBlockView:
        return {
            "hexes": [str(h) for h in self.hexes],
            "what": list(self.what),
            "hexside": self.hexside,
            "clause": self.clause,
            "reason": self.reason,
        }


def blocker(m: ToIMap, h: Hex, smoky: frozenset[Hex]) -> str | None:
    """What blocks LOS in ``h`` (``"smoke"`` first, B10; else blocking terrain), or None."""
    if h not in m.hexes:
        return None
    if h in smoky:
        return "smoke"
    terrain = m.hexes[h].terrain
    return terrain.name if terrain.blocks_los else None


def los_blocks(m: ToIMap, a: Hex, b: Hex, smoke: Iterable[Hex] = ()) -> tuple[LosBlock, ...]:
    """Everything that blocks the line from ``a`` to ``b``, in order (module docstring).

    Empty when the line of sight is clear.
    """
    if a == b:
        return ()
    smoky = frozenset(smoke)
    out: list[LosBlock] = []
    ln = line(a, b)
    runs = {run.left: run for run in ln.runs} | {run.right: run for run in ln.runs}
    done: set[str] = set()
    for h in ln.hexes:
        if h in (a, b):
            continue
        run = runs.get(h)
        if run is None:
            what = blocker(m, h, smoky)
            if what is not None:
                clause = "TOI-B10" if what == "smoke" else "TOI-B2"
                out.append(LosBlock((h,), (what,), clause))
            continue
        side = str(run.hexside)
        if side in done or a in run.hexside or b in run.hexside:
            continue
        done.add(side)
        left, right = blocker(m, run.left, smoky), blocker(m, run.right, smoky)
        if left is not None and right is not None:
            clause = "TOI-B10" if "smoke" in (left, right) else "TOI-B2"
            out.append(LosBlock((run.left, run.right), (left, right), clause, side))
    return tuple(out)


def has_los(m: ToIMap, a: Hex, b: Hex, smoke: Iterable[Hex] = ()) -> bool:
    """Line of sight from ``a`` to ``b`` (see the module docstring)."""
    return not los_blocks(m, a, b, smoke)


def nearest_direction(a: Hex, b: Hex) -> Direction:
    """The hex direction closest to the bearing from ``a`` to ``b`` (flat-top, N up)."""
    if a == b:
        return Direction.N

    def pixel(h: Hex) -> tuple[float, float]:
        return (1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2))

    ax, ay = pixel(a)
    bx, by = pixel(b)
    dx, dy = bx - ax, by - ay
    best = max(
        Direction,
        key=lambda d: (
            (pixel(d.vector)[0] * dx + pixel(d.vector)[1] * dy),
            -int(d),
        ),
    )
    return best


# -- package data -------------------------------------------------------------------


def _data(name: str) -> Any:
    return json.loads(resources.files("ordnance.toi").joinpath("data", name).read_text("utf-8"))


@cache
def terrain_table() -> Mapping[str, Terrain]:
    raw = _data("terrain.json")["terrain"]
    return MappingProxyType(
        {
            name: Terrain(
                name,
                int(t["cover"]),
                bool(t.get("blocks_los", False)),
                bool(t.get("building", False)),
            )
            for name, t in raw.items()
        }
    )


def map_names() -> list[str]:
    folder = resources.files("ordnance.toi").joinpath("data", "maps")
    return sorted(
        p.name.removesuffix(".json") for p in folder.iterdir() if p.name.endswith(".json")
    )


@cache
def map_data(name: str) -> Mapping[str, Any]:
    if name not in map_names():
        raise UnknownName(
            msg("no map called {name!r} (known: {value})", name=name, value=", ".join(map_names()))
        )
    data: Mapping[str, Any] = _data(f"maps/{name}.json")
    return data


@cache
def load_map(name: str) -> ToIMap:
    """A map from the package data, by name."""
    return map_from_dict(map_data(name))


def map_from_dict(data: Mapping[str, Any]) -> ToIMap:
    """Build a map: a rectangle of ``columns`` x ``rows`` printed (odd-q offset)
    hexes, with terrain and elevation given per axial hex ``"q,r"``."""
    table = terrain_table()
    columns, rows = int(data["columns"]), int(data["rows"])
    default = table[data.get("default_terrain", "clear")]
    hexes: dict[Hex, HexInfo] = {
        Hex.from_offset(c, r): HexInfo(default) for c in range(columns) for r in range(rows)
    }
    for key, name in (data.get("terrain") or {}).items():
        h = parse_hex(key)
        if h not in hexes:
            raise OrdnanceError(msg("map terrain names {key}, which is off the map", key=key))
        if name not in table:
            raise UnknownName(
                msg("unknown terrain {name!r} (known: {value})", name=name, value=", ".join(table))
            )
        hexes[h] = HexInfo(table[name], hexes[h].elevation)
    for key, level in (data.get("elevation") or {}).items():
        h = parse_hex(key)
        if h not in hexes:
            raise OrdnanceError(msg("map elevation names {key}, which is off the map", key=key))
        if not 0 <= int(level) <= 2:
            raise OrdnanceError(
                msg("elevation {level} at {key}: levels are 0, 1 and 2 (B2)", level=level, key=key)
            )
        hexes[h] = HexInfo(hexes[h].terrain, int(level))
    return ToIMap(
        name=str(data["name"]),
        title=str(data.get("title", data["name"])),
        hexes=MappingProxyType(hexes),
        directional_marker=Direction.parse(str(data.get("directional_marker", "N"))),
    )
