"""World at War scenario files: counters' printed ratings, the board and its terrain.

A WaW document adds to the common envelope (:mod:`ordnance.core.scenario`):

* ``unit_types``: the counters you own, with their printed values (armour
  class, AP and HE ratings as ``range/firepower/hit number``, HQ flag);
* ``terrain_types``: terrain with its infantry Defensive Bonus (WAW-HE-b);
* ``map``: columns x rows and the terrain per hex (wreck and cover dice for
  the WAW-AMB-2 options); WaW uses no elevation or hexside features here;
* ``units``: each unit's type (``kind``), side, set-up hex and condition;
* ``rules.options``: any World at War setting (the ambiguity readings).

The settings take the sides, board size and types; the terrain and units
become hot-seat ``place_terrain`` and ``place_unit`` set-up actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal

from pydantic import ConfigDict, Field, field_serializer

from ordnance.core.errors import OrdnanceError
from ordnance.core.fields import Record
from ordnance.core.hexes import Hex, parse_hex
from ordnance.core.messages import msg
from ordnance.core.scenario import (
    POSITION_KEY,
    HexCell,
    HexText,
    Loc,
    MapSpec,
    ScenarioDoc,
    ScenarioFieldError,
    ScenarioStart,
    UnitSpec,
    add_options,
    check_settings,
    exported_options,
    read_position,
    refuse_hexsides,
)
from ordnance.waw.actions import CONDITIONS
from ordnance.waw.rules.catalogue import Rating, TerrainType, UnitType
from ordnance.waw.settings import WawSettings
from ordnance.waw.state import PendingHqCheck, WawState

OWN_FIELDS = frozenset({"sides", "map_columns", "map_rows", "unit_types", "terrain_types"})


class WawUnitType(UnitType):
    """A counter's printed values (unknown keys refused, so typos show)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @field_serializer("ap", "he")
    def _as_printed(self, rating: Rating | None) -> str | None:
        """Written back as on the counter: ``range/firepower/hit number``."""
        if rating is None:
            return None
        return f"{rating.range}/{rating.firepower}/{rating.hit_number}"


class WawTerrainType(TerrainType):
    model_config = ConfigDict(frozen=True, extra="forbid")


class WawHex(HexCell):
    wreck_dice: int = Field(0, ge=0, le=6, description="WAW-AMB-2: Wreck dice in the hex.")
    cover_dice: int = Field(0, ge=0, le=6, description="WAW-AMB-2: cover dice in the hex.")


class WawMapSpec(MapSpec):
    hexes: tuple[WawHex, ...] = ()


class WawUnit(UnitSpec):
    hex: HexText = Field(description="Set-up hex: its printed number ('0305') or axial 'q,r'.")
    kind: str = Field(description="A unit type: one of unit_types or the sample catalogue.")
    condition: CONDITIONS = "good order"


class WawRules(Record):
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="Any World at War setting (e.g. city_defence, he_soft_cap): "
        "see the settings schema of `ordnance waw`.",
    )


class WawSmoke(Record):
    hex: HexText
    level: Literal[1, 2] = Field(description="Smoke 2 (fresh) or Smoke 1 (WAW-8.2-h).")


class WawHqCheck(Record):
    hq: str = Field(description="The HQ unit whose check waits.")
    dice: tuple[int, ...] = Field(description="The dice of the check, as rolled.")


class WawPosition(Record):
    """The game in play beyond the units: markers laid by fire missions, pending checks."""

    smoke: tuple[WawSmoke, ...] = Field((), description="Smoke markers (WAW-8.2).")
    fascam: tuple[str, ...] = Field((), description="FASCAM minefield markers' hexes (WAW-8.3).")
    pending_hq: tuple[WawHqCheck, ...] = ()
    marker_phases: int = Field(0, ge=0, description="Marker Removal Phases run so far.")
    done: tuple[str, ...] = Field((), description="Sides that said done with this turn.")


class WawScenario(ScenarioDoc):
    game: Literal["waw"] = "waw"
    unit_types: tuple[WawUnitType, ...] = Field(
        (), description="Unit types with the values printed on your counters."
    )
    terrain_types: tuple[WawTerrainType, ...] = ()
    map: WawMapSpec | None = None
    units: tuple[WawUnit, ...] = ()
    rules: WawRules = WawRules()
    position: WawPosition | None = Field(
        None, description="The game in play, as exported (absent: the set-up)."
    )


def from_scenario(doc: ScenarioDoc) -> ScenarioStart:
    """Settings (sides, board, types, options) and the set-up actions."""
    assert isinstance(doc, WawScenario)
    settings: dict[str, Any] = {"sides": {s.id: s.nationality for s in doc.sides}}
    if doc.map is not None:
        settings["map_columns"], settings["map_rows"] = doc.map.columns, doc.map.rows
    if doc.unit_types:
        settings["unit_types"] = [
            t.model_dump(mode="json", exclude={"advanced_imaging"}) for t in doc.unit_types
        ]
    if doc.terrain_types:
        settings["terrain_types"] = [t.model_dump(mode="json") for t in doc.terrain_types]
    add_options(settings, doc.rules.options, OWN_FIELDS)
    _check_settings(settings)
    actions: list[dict[str, Any]] = []
    locs: list[Loc] = []
    if doc.map is not None:
        m = doc.map
        refuse_hexsides(m, "World at War")
        listed = set()
        for i, cell in enumerate(m.hexes):
            if cell.elevation is not None:
                raise ScenarioFieldError(
                    ("map", "hexes", i, "elevation"), "World at War uses no elevation here"
                )
            listed.add(_on_map(("map", "hexes", i, "hex"), cell.hex, m.columns, m.rows))
            action: dict[str, Any] = {
                "type": "place_terrain",
                "hexes": [cell.hex],
                "terrain": cell.terrain or m.default_terrain or "clear",
            }
            if cell.wreck_dice:
                action["wreck_dice"] = cell.wreck_dice
            if cell.cover_dice:
                action["cover_dice"] = cell.cover_dice
            actions.append(action)
            locs.append(("map", "hexes", i))
        if m.default_terrain not in (None, "clear"):
            rest = [
                str(Hex.from_offset(c, r))
                for c in range(m.columns)
                for r in range(m.rows)
                if Hex.from_offset(c, r) not in listed
            ]
            if rest:
                actions.insert(
                    0, {"type": "place_terrain", "hexes": rest, "terrain": m.default_terrain}
                )
                locs.insert(0, ("map", "default_terrain"))
    for i, unit in enumerate(doc.units):
        actions.append(
            {
                "type": "place_unit",
                "id": unit.id,
                "kind": unit.kind,
                "side": unit.side,
                "hex": unit.hex,
                "condition": unit.condition,
            }
        )
        locs.append(("units", i))
    if doc.position is not None:
        _check_position(doc)
        settings[POSITION_KEY] = doc.position.model_dump(mode="json", exclude_defaults=True)
    return ScenarioStart(settings=settings, actions=tuple(actions), action_locs=tuple(locs))


def _on_map(loc: Loc, text: str, columns: int, rows: int) -> Hex:
    """The hex ``text`` of the document, refused at ``loc`` when off the columns x rows map."""
    h = parse_hex(text)
    col, row = h.to_offset()
    if not (0 <= col < columns and 0 <= row < rows):
        raise ScenarioFieldError(loc, f"{text} is off the {columns} x {rows} map")
    return h


def _check_position(doc: WawScenario) -> None:
    p = doc.position
    assert p is not None
    if doc.map is None:  # the default board: restore() checks the hexes against it
        return
    columns, rows = doc.map.columns, doc.map.rows
    hexes: list[tuple[Loc, str]] = [(("smoke", i, "hex"), m.hex) for i, m in enumerate(p.smoke)]
    hexes += [(("fascam", i), h) for i, h in enumerate(p.fascam)]
    for loc, text in hexes:
        _on_map(("position", *loc), text, columns, rows)
    units = {u.id for u in doc.units}
    for i, check in enumerate(p.pending_hq):
        if check.hq not in units:
            raise ScenarioFieldError(("position", "pending_hq", i, "hq"), f"no unit {check.hq!r}")


def restore(state: WawState, data: Any) -> WawState:
    """The state ``new`` built, with the markers and pending checks of ``position``."""
    p: WawPosition = read_position(WawPosition, data)
    try:
        smoke = {parse_hex(m.hex): m.level for m in p.smoke}
        mines = frozenset(parse_hex(h) for h in p.fascam)
    except ValueError as exc:
        raise OrdnanceError(msg("bad position: {exc}", exc=exc)) from None
    for h in (*smoke, *mines):
        state.hex(str(h))  # off the board: refused, naming the board's size
    return replace(
        state,
        smoke=smoke,
        mines=mines,
        pending_hq=tuple(PendingHqCheck(c.hq, c.dice) for c in p.pending_hq),
        marker_phases=p.marker_phases,
        done=frozenset(p.done),
    )


def _position(state: WawState) -> dict[str, Any]:
    return {
        "smoke": [
            {"hex": str(h), "level": level}
            for h, level in sorted(state.smoke.items(), key=lambda x: x[0].to_offset())
        ],
        "fascam": [str(h) for h in sorted(state.mines, key=lambda h: h.to_offset())],
        "pending_hq": [{"hq": c.hq, "dice": list(c.dice)} for c in state.pending_hq],
        "marker_phases": state.marker_phases,
        "done": sorted(state.done),
    }


def _settings_place(loc: Loc) -> Loc:
    """Where in a WaW document a settings field is written."""
    head = str(loc[0]) if loc else ""
    return (head, *loc[1:]) if head in OWN_FIELDS else ("rules", "options", *loc)


def _check_settings(settings: Mapping[str, Any]) -> None:
    check_settings(WawSettings, settings, _settings_place, "not a World at War setting")


def to_scenario(state: WawState, seat: str | None = None) -> dict[str, Any]:
    """The position as a document: board, terrain, units still on the map, conditions,
    and ``position``: Smoke and FASCAM markers, pending HQ checks, the turn's progress.

    Eliminated units are left out. World at War hides nothing from either
    side, so ``seat`` changes nothing.
    """
    s = state.settings
    hexes = []
    for h in sorted(state.terrain, key=lambda x: x.to_offset()):
        info = state.terrain[h]
        cell: dict[str, Any] = {"hex": str(h), "terrain": info.terrain}
        if info.wreck_dice:
            cell["wreck_dice"] = info.wreck_dice
        if info.cover_dice:
            cell["cover_dice"] = info.cover_dice
        hexes.append(cell)
    units = [
        {
            "id": u.id,
            "side": u.side,
            "hex": str(u.hex),
            "kind": u.kind,
            "condition": u.condition.label,
        }
        for u in state.units.values()
        if not u.condition.eliminated
    ]
    return {
        "game": "waw",
        "title": "World at War position (exported)",
        "sides": [{"id": side, "nationality": nat} for side, nat in s.sides.items()],
        "unit_types": [
            t.model_dump(mode="json", exclude={"advanced_imaging"}) for t in s.unit_types
        ],
        "terrain_types": [t.model_dump(mode="json") for t in s.terrain_types],
        "map": {"columns": s.map_columns, "rows": s.map_rows, "hexes": hexes},
        "units": units,
        "rules": {"options": exported_options(s, OWN_FIELDS)},
        "position": _position(state),
    }
