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
from typing import Any

from ordnance.core.errors import OrdnanceError, UnknownName
from ordnance.core.hexes import Direction, Hex, line, parse_hex


@dataclass(frozen=True)
class Terrain:
    """A terrain type: its cover (red defense dice) and what it does to LOS."""

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
                f"hex {h} is not on the map {self.name!r}", hint="pick a hex of the map"
            ) from None

    def elevation(self, h: Hex) -> int:
        return self.info(h).elevation

    def is_building(self, h: Hex) -> bool:
        return self.info(h).terrain.building

    def terrain_cover(self, h: Hex) -> int:
        return self.info(h).terrain.cover

    def to_json(self) -> list[dict[str, Any]]:
        """The ``hexes`` list of the conventional ``view["map"]`` shape."""
        out: list[dict[str, Any]] = []
        for h in sorted(self.hexes):
            info = self.hexes[h]
            row: dict[str, Any] = {"hex": str(h), "terrain": info.terrain.name}
            if info.elevation:
                row["elevation"] = info.elevation
            out.append(row)
        return out


#: Smoke adds 2 cover to units in its hex (notes B10).
SMOKE_COVER = 2


def cover(m: ToIMap, h: Hex, smoke: Iterable[Hex] = ()) -> int:
    """Cover of a hex: terrain, plus 2 when it holds smoke (B10)."""
    return m.terrain_cover(h) + (SMOKE_COVER if h in set(smoke) else 0)


def has_los(m: ToIMap, a: Hex, b: Hex, smoke: Iterable[Hex] = ()) -> bool:
    """Line of sight from ``a`` to ``b`` (see the module docstring)."""
    if a == b:
        return True
    smoky = set(smoke)

    def blocks(h: Hex) -> bool:
        if h not in m.hexes:
            return False
        return m.hexes[h].terrain.blocks_los or h in smoky

    ln = line(a, b)
    if any(blocks(h) for h in ln.interior_hexes if h not in (a, b)):
        return False
    return not any(
        blocks(run.left) and blocks(run.right) and a not in run.hexside and b not in run.hexside
        for run in ln.runs
    )


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
        raise UnknownName(f"no map called {name!r} (known: {', '.join(map_names())})")
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
            raise OrdnanceError(f"map terrain names {key}, which is off the map")
        if name not in table:
            raise UnknownName(f"unknown terrain {name!r} (known: {', '.join(table)})")
        hexes[h] = HexInfo(table[name], hexes[h].elevation)
    for key, level in (data.get("elevation") or {}).items():
        h = parse_hex(key)
        if h not in hexes:
            raise OrdnanceError(f"map elevation names {key}, which is off the map")
        if not 0 <= int(level) <= 2:
            raise OrdnanceError(f"elevation {level} at {key}: levels are 0, 1 and 2 (B2)")
        hexes[h] = HexInfo(hexes[h].terrain, int(level))
    return ToIMap(
        name=str(data["name"]),
        title=str(data.get("title", data["name"])),
        hexes=MappingProxyType(hexes),
        directional_marker=Direction.parse(str(data.get("directional_marker", "N"))),
    )
