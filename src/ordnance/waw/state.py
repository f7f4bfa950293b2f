"""The state of a World at War game: board, terrain, units and markers.

States are immutable: every change builds a new :class:`WawState` with
:func:`dataclasses.replace`, and the mappings inside are never mutated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ordnance.core.errors import OrdnanceError, RuleViolation, UnknownName
from ordnance.core.forms import numbered_hex
from ordnance.core.hexes import Hex, parse_hex
from ordnance.core.messages import msg
from ordnance.waw.rules.catalogue import Catalogue, TerrainType, UnitType, catalogue
from ordnance.waw.rules.he_fire import Target
from ordnance.waw.rules.units import STACKING_LIMIT, Condition, Unit
from ordnance.waw.settings import WawSettings


@dataclass(frozen=True, slots=True)
class HexInfo:
    """Terrain placed in a hex, with the optional WAW-AMB-2 extras."""

    terrain: str
    wreck_dice: int = 0
    cover_dice: int = 0


@dataclass(frozen=True, slots=True)
class PendingHqCheck:
    """An HQ check rolled under ``hq_check.mode = "ask"``, awaiting the players."""

    hq: str
    dice: tuple[int, ...]


@dataclass(frozen=True)
class WawState:
    settings: WawSettings
    catalogue: Catalogue = field(compare=False, repr=False)
    terrain: Mapping[Hex, HexInfo] = field(default_factory=dict)
    units: Mapping[str, Unit] = field(default_factory=dict)
    smoke: Mapping[Hex, int] = field(default_factory=dict)
    mines: frozenset[Hex] = frozenset()
    pending_hq: tuple[PendingHqCheck, ...] = ()
    #: Marker Removal Phases run so far.
    marker_phases: int = 0
    #: Sides that said "done" with this turn's impulses (:mod:`ordnance.waw.turns`).
    done: frozenset[str] = frozenset()

    # -- construction ---------------------------------------------------------------
    def rebuilt_catalogue(self) -> Catalogue:
        """The catalogue of the settings (a state's snapshot leaves it out)."""
        return catalogue().extended(self.settings.unit_types, self.settings.terrain_types)

    @classmethod
    def start(cls, settings: WawSettings) -> WawState:
        cat = catalogue().extended(settings.unit_types, settings.terrain_types)
        return cls(settings=settings, catalogue=cat)

    # -- board ------------------------------------------------------------------------
    def board(self) -> list[Hex]:
        """Every board hex (flat-top columns, odd-q offsets)."""
        s = self.settings
        return [Hex.from_offset(c, r) for c in range(s.map_columns) for r in range(s.map_rows)]

    def on_board(self, h: Hex) -> bool:
        col, row = h.to_offset()
        return 0 <= col < self.settings.map_columns and 0 <= row < self.settings.map_rows

    def hex(self, text: str) -> Hex:
        h = parse_hex(text)
        if not self.on_board(h):
            raise OrdnanceError(
                msg(
                    "hex {value} is off the board ({map_columns} columns x {map_rows} rows)",
                    value=numbered_hex(h),
                    map_columns=self.settings.map_columns,
                    map_rows=self.settings.map_rows,
                ),
                hint=msg("use a hex on the board; see the view's map"),
            )
        return h

    def terrain_at(self, h: Hex) -> TerrainType:
        info = self.terrain.get(h)
        return self.catalogue.terrain(info.terrain if info else "clear")

    def hex_info(self, h: Hex) -> HexInfo:
        return self.terrain.get(h) or HexInfo("clear")

    # -- units ------------------------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        try:
            return self.units[uid]
        except KeyError:
            known = ", ".join(self.units) or "none"
            raise UnknownName(
                msg("no unit {uid!r} (units: {known})", uid=uid, known=known)
            ) from None

    def live_unit(self, uid: str) -> Unit:
        unit = self.unit(uid)
        if unit.condition.eliminated:
            raise OrdnanceError(msg("unit {uid} has been Eliminated", uid=uid))
        return unit

    def unit_type(self, unit: Unit) -> UnitType:
        return self.catalogue.unit(unit.kind)

    def units_in(self, h: Hex) -> list[Unit]:
        return [u for u in self.units.values() if u.hex == h and not u.condition.eliminated]

    def targets_in(self, h: Hex) -> list[Target]:
        out = []
        for u in self.units_in(h):
            t = self.unit_type(u)
            out.append(Target(u.id, t.armour, u.condition, t.hq))
        return out

    def check_stacking(self, h: Hex, unit: Unit) -> None:
        """Notes B5: at most 2 units per hex; an HQ does not count."""
        if self.unit_type(unit).hq:
            return
        others = [u for u in self.units_in(h) if u.id != unit.id and not self.unit_type(u).hq]
        if len(others) >= STACKING_LIMIT:
            raise RuleViolation(
                "WAW-B5",
                msg(
                    "hex {value} already holds {n_others} units ({value2})",
                    value=numbered_hex(h),
                    n_others=len(others),
                    value2=", ".join(u.id for u in others),
                ),
                hint=msg("at most 2 units stack in a hex; an HQ does not count"),
            )

    def with_unit(self, unit: Unit) -> WawState:
        return replace(self, units={**self.units, unit.id: unit})

    def with_condition(self, uid: str, cond: Condition) -> WawState:
        return self.with_unit(replace(self.unit(uid), condition=cond))

    def side_nationality(self, side: str) -> str:
        self.check_side(side)
        return self.settings.sides[side]

    def check_side(self, side: str) -> None:
        if side not in self.settings.sides:
            raise UnknownName(
                msg(
                    "no side called {side!r} (sides: {value})",
                    side=side,
                    value=", ".join(self.settings.sides),
                )
            )

    def summary(self) -> dict[str, Any]:
        return {"units": len(self.units), "smoke": len(self.smoke), "mines": len(self.mines)}
