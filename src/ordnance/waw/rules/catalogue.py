"""Unit types and terrain types: the editable data the rules read.

A World at War counter carries two attack ratings, AP and HE, each written
Range/Firepower/Hit Number (``"10/4/4"``), an armour class, a nationality and,
for some, a thermal imager (the Advanced Imaging column of the player aid
card). Terrain carries its infantry Defensive Bonus in dice.

The packaged numbers live in ``data/*.json``; most are sample values (see
``data/README.md``). A scenario can add or replace types through the game
settings (``unit_types`` / ``terrain_types``) without touching the package.
The three models are built when the catalogue is first read (``defer_build``):
a command that lists WaW's calculators reads none.

>>> cat = catalogue()
>>> abrams = cat.unit("M1 Abrams")
>>> abrams.ap, abrams.armour.value, abrams.advanced_imaging
(Rating(range=10, firepower=4, hit_number=4), 'heavy', True)
>>> cat.terrain("city").infantry_db, cat.terrain("city").city
(2, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ordnance.core.errors import OrdnanceError, UnknownName
from ordnance.core.messages import msg
from ordnance.core.names import Name


class ArmourClass(StrEnum):
    """How a target takes HE Fire (WAW-HE-c, -i, -j)."""

    HEAVY = "heavy"  # heavily armoured combat vehicle
    LIGHT = "light"  # lightly armoured combat vehicle
    UNARMOURED = "unarmoured"  # unarmoured vehicle (trucks, jeeps)
    VULNERABLE = "vulnerable"  # infantry, teams, HQs: a "vulnerable target"

    @property
    def combat_vehicle(self) -> bool:
        """Armoured vehicles: Disrupted by HE Fire, never Reduced (WAW-HE-i)."""
        return self in (ArmourClass.HEAVY, ArmourClass.LIGHT)

    @property
    def soft(self) -> bool:
        """Targets that further HE Hits Reduce (WAW-HE-j)."""
        return not self.combat_vehicle


class Rating(BaseModel):
    """An attack rating: Range / Firepower / Hit Number."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    range: int = Field(ge=0)
    firepower: int = Field(ge=0)
    hit_number: int = Field(ge=1, le=6)

    @classmethod
    def parse(cls, text: str) -> Rating:
        """``"10/4/4"`` -> ``Rating(range=10, firepower=4, hit_number=4)``."""
        parts = text.replace(" ", "").split("/")
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            raise OrdnanceError(
                msg("a rating is Range/Firepower/Hit Number, e.g. 10/4/4, not {text!r}", text=text)
            )
        return cls(range=int(parts[0]), firepower=int(parts[1]), hit_number=int(parts[2]))

    def __str__(self) -> str:
        return f"{self.range}/{self.firepower}/{self.hit_number}"


def _rating(value: Any) -> Any:
    return Rating.parse(value) if isinstance(value, str) else value


class UnitType(BaseModel):
    """One kind of counter. ``values`` says whether the numbers are sourced."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: Name
    family: str
    nationality: Name
    armour: ArmourClass
    ap: Rating | None = None
    he: Rating | None = None
    hq: bool = False
    values: Literal["confirmed", "secondary", "sample"] = "sample"
    note: str = ""
    #: Set by the catalogue from the Advanced Imaging list (WAW-8.2-d).
    advanced_imaging: bool = False

    _parse_ap = field_validator("ap", mode="before")(_rating)
    _parse_he = field_validator("he", mode="before")(_rating)


class TerrainType(BaseModel):
    """A terrain type and its infantry Defensive Bonus in dice (WAW-HE-b)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    infantry_db: int = Field(ge=0, le=6)
    city: bool = False
    values: Literal["confirmed", "secondary", "sample"] = "sample"
    note: str = ""


class Catalogue:
    """Unit and terrain types by name, with the Advanced Imaging families."""

    def __init__(
        self,
        units: Iterable[UnitType],
        terrain: Iterable[TerrainType],
        imaging_families: Iterable[str],
    ):
        self.imaging_families = frozenset(imaging_families)
        self._units = {
            u.name.casefold(): u.model_copy(
                update={"advanced_imaging": u.family in self.imaging_families}
            )
            for u in units
        }
        self._terrain = {t.name.casefold(): t for t in terrain}

    def unit(self, name: str) -> UnitType:
        try:
            return self._units[name.casefold()]
        except KeyError:
            raise UnknownName(
                msg(
                    "no unit type called {name!r} (known: {value})",
                    name=name,
                    value=", ".join(self.unit_names()),
                )
            ) from None

    def terrain(self, name: str) -> TerrainType:
        try:
            return self._terrain[name.casefold()]
        except KeyError:
            known = ", ".join(t.name for t in self._terrain.values())
            raise UnknownName(
                msg("no terrain called {name!r} (known: {known})", name=name, known=known)
            ) from None

    def unit_names(self) -> list[str]:
        return [u.name for u in self._units.values()]

    def units(self) -> list[UnitType]:
        return list(self._units.values())

    def terrains(self) -> list[TerrainType]:
        return list(self._terrain.values())

    def extended(
        self, units: Iterable[UnitType] = (), terrain: Iterable[TerrainType] = ()
    ) -> Catalogue:
        """A copy with scenario types added (same name replaces the packaged one)."""
        merged_units = {**self._units, **{u.name.casefold(): u for u in units}}
        merged_terrain = {**self._terrain, **{t.name.casefold(): t for t in terrain}}
        return Catalogue(merged_units.values(), merged_terrain.values(), self.imaging_families)


def _load(name: str) -> Mapping[str, Any]:
    text = resources.files("ordnance.waw").joinpath("data", name).read_text(encoding="utf-8")
    data: Mapping[str, Any] = json.loads(text)
    return data


@cache
def catalogue() -> Catalogue:
    """The packaged catalogue (data/units.json, terrain.json, advanced_imaging.json)."""
    units = [UnitType.model_validate(u) for u in _load("units.json")["unit_types"]]
    terrain = [TerrainType.model_validate(t) for t in _load("terrain.json")["terrain"]]
    families = _load("advanced_imaging.json")["families"]
    return Catalogue(units, terrain, families)
