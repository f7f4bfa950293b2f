"""Tide of Iron scenario files: the printed unit values, the map and the munitions rules.

A ToI document adds to the common envelope (:mod:`ordnance.core.scenario`):

* ``profiles``: unit profiles with the values printed on your own counters
  (firepower and range against infantry and vehicles, armour, figures);
* ``units``: each unit's profile (one of ``profiles`` or the sample
  catalogue, ``ordnance toi units``), its set-up hex and figures;
* ``map``: the board (columns x rows of printed hexes, terrain per hex,
  elevation 0-2) or ``map_name``, a map of the package data;
* ``rules``: the scenario's special rules that set options: munitions
  required or forbidden (TOI-GEN-2), the token supply per nation (TOI-GEN-3),
  starting command, and ``options`` for any other setting (the ambiguity
  readings, ``ordnance toi`` settings schema).

Everything becomes one :class:`~ordnance.toi.settings.ToISettings`: ToI needs
no set-up actions (the units are placed by ``new``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal

from pydantic import BaseModel, Field, NonNegativeInt

from ordnance.core.errors import OrdnanceError
from ordnance.core.fields import Record
from ordnance.core.hexes import parse_hex
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
from ordnance.toi.rules.catalogue import catalogue
from ordnance.toi.rules.damage import VehicleDamage
from ordnance.toi.rules.hexmap import load_map, map_from_dict, map_names, terrain_table
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.rules.units import UnitProfile
from ordnance.toi.settings import DIRECTIONS, HitNumbers, ToISettings
from ordnance.toi.state import STATUS_STEPS, Phase, SmokeMarker, ToIState, Token

#: Settings a document sets through its own fields, not through ``rules.options``.
OWN_FIELDS = frozenset(
    {"nations", "map", "custom_map", "units", "profiles", "scenario_munitions", "supply"}
    | {"unlimited_supply", "command", "start_phase", "hit_on", "munitions_agreed"}
)


class ToIHex(HexCell):
    elevation: int | None = Field(None, ge=0, le=2, description="Level 0, 1 or 2 (B2).")


class ToIMapSpec(MapSpec):
    hexes: tuple[ToIHex, ...] = ()
    default_terrain: str | None = Field("clear", description="Terrain of every hex not listed.")
    directional_marker: Literal["N", "NE", "SE", "S", "SW", "NW"] = Field(
        "N", description="The hex direction the directional marker's 1 points to (TOI-AMB-2)."
    )


class ToIUnit(UnitSpec):
    hex: HexText = Field(description="Set-up hex: its printed number ('0305') or axial 'q,r'.")
    profile: str = Field(description="A name from `profiles` or the sample catalogue.")
    figures: int | None = Field(None, ge=1, le=12, description="Squads: figures in the squad.")


class ToIRules(Record):
    """The scenario's special rules that set options."""

    munitions: Literal["agreed", "not_agreed", "required", "forbidden"] = Field(
        "agreed",
        description="TOI-GEN-2: the players agreed (or not) to the tokens, or the scenario "
        "requires or forbids them.",
    )
    supply: dict[str, dict[Munition, NonNegativeInt]] | None = Field(
        None, description="TOI-GEN-3: tokens per type per nation (default one of each)."
    )
    unlimited_supply: bool = False
    command: dict[str, NonNegativeInt] = Field(
        default_factory=dict, description="Starting command."
    )
    start_phase: Literal["action", "status"] = "action"
    hit_on: HitNumbers = HitNumbers()
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="Any other Tide of Iron setting (e.g. drift_dice, combined_band): "
        "see the settings schema of `ordnance toi`.",
    )


class ToIUnitState(Record):
    """A unit's state in play (only what differs from a fresh unit is written)."""

    activation: Literal["fresh", "fatigued", "op-fire"] = "fresh"
    morale: Literal["normal", "pinned", "disrupted"] = "normal"
    damage: VehicleDamage = Field(VehicleDamage.UNDAMAGED, description="Vehicles (TOI-B6).")


class ToIToken(Record):
    """A munitions token held by a unit (TOI-GEN-5); face down unless ``face_up``."""

    id: str = Field(min_length=1, max_length=40)
    side: str
    unit: str = Field(description="The id of the unit holding it.")
    munition: Munition
    face_up: bool = False
    bought_in_status: int = Field(0, ge=0, description="The Status Phase it was bought in.")


class ToISmoke(Record):
    hex: HexText
    placed_round: int = Field(ge=1)


class ToINationState(Record):
    bought_this_status: int = Field(0, ge=0, description="Tokens bought this Status Phase.")
    purchases: int = Field(0, ge=0, description="Tokens bought so far (token ids count them).")
    supply: dict[Munition, NonNegativeInt] | None = Field(
        None,
        description="The supply left, by type (TOI-GEN-3); absent: the starting supply of "
        "rules.supply. Secret from the other side, so a seat's export writes only its own.",
    )


class ToIPosition(Record):
    """The game in play: round and step, units' states, tokens, smoke markers.

    Written by ``ordnance scenario export``; the command left is
    ``rules.command``, the supply left each nation's ``supply`` here.
    """

    round: int = Field(1, ge=1)
    phase: Literal["action", "command", "status"] = "action"
    step: str | None = Field(None, description="The Status Phase step (notes B8).")
    status_no: int = Field(0, ge=0, description="Status Phases entered so far.")
    done: tuple[str, ...] = Field((), description="Nations that said done in this step.")
    units: dict[str, ToIUnitState] = Field(default_factory=dict)
    tokens: tuple[ToIToken, ...] = ()
    smoke: tuple[ToISmoke, ...] = ()
    nations: dict[str, ToINationState] = Field(default_factory=dict)
    last_drift: tuple[str, str] | None = Field(None, description="The last smoke drift arrow.")


class ToIScenario(ScenarioDoc):
    game: Literal["toi"] = "toi"
    profiles: tuple[UnitProfile, ...] = Field(
        (), description="Unit profiles with the values printed on your counters."
    )
    map: ToIMapSpec | None = None
    map_name: str | None = Field(None, description="A map of the package data instead of `map`.")
    units: tuple[ToIUnit, ...] = ()
    rules: ToIRules = ToIRules()
    position: ToIPosition | None = Field(
        None, description="The game in play, as exported (absent: the set-up)."
    )


def _map_data(spec: ToIMapSpec) -> dict[str, Any]:
    table = terrain_table()
    refuse_hexsides(spec, "Tide of Iron")
    if spec.default_terrain is not None and spec.default_terrain not in table:
        raise ScenarioFieldError(
            ("map", "default_terrain"),
            f"unknown terrain {spec.default_terrain!r} (known: {', '.join(table)})",
        )
    data: dict[str, Any] = {
        "name": spec.name,
        "title": spec.title or spec.name,
        "columns": spec.columns,
        "rows": spec.rows,
        "default_terrain": spec.default_terrain or "clear",
        "directional_marker": spec.directional_marker,
        "terrain": {},
        "elevation": {},
    }
    for i, cell in enumerate(spec.hexes):
        if cell.terrain is not None:
            if cell.terrain not in table:
                raise ScenarioFieldError(
                    ("map", "hexes", i, "terrain"),
                    f"unknown terrain {cell.terrain!r} (known: {', '.join(table)})",
                )
            data["terrain"][cell.hex] = cell.terrain
        if cell.elevation is not None:
            data["elevation"][cell.hex] = cell.elevation
    try:
        board = map_from_dict(data)
    except Exception as exc:
        raise ScenarioFieldError(("map", "hexes"), str(exc)) from None
    for i, cell in enumerate(spec.hexes):
        if parse_hex(cell.hex) not in board:
            raise ScenarioFieldError(
                ("map", "hexes", i, "hex"),
                f"{cell.hex} is off the {spec.columns} x {spec.rows} map",
            )
    return data


def from_scenario(doc: ScenarioDoc) -> ScenarioStart:
    """ToI settings for a validated document (every unit placed by ``new``)."""
    assert isinstance(doc, ToIScenario)
    nations = tuple(s.id for s in doc.sides)
    settings: dict[str, Any] = {"nations": list(nations)}
    if doc.map is not None:
        if doc.map_name is not None:
            raise ScenarioFieldError(("map_name",), "give either map or map_name, not both")
        custom = _map_data(doc.map)
        settings["custom_map"] = custom
        board = map_from_dict(custom)
    else:
        name = doc.map_name or "village"
        if name not in map_names():
            raise ScenarioFieldError(
                ("map_name",), f"no map called {name!r} (known: {', '.join(map_names())})"
            )
        settings["map"] = name

        board = load_map(name)
    known = {p.name for p in doc.profiles} | set(catalogue())
    for i, unit in enumerate(doc.units):
        if unit.profile not in known:
            raise ScenarioFieldError(
                ("units", i, "profile"),
                f"no profile called {unit.profile!r}: define it under profiles "
                "(or see `ordnance toi units`)",
            )
        if parse_hex(unit.hex) not in board:
            raise ScenarioFieldError(("units", i, "hex"), f"{unit.hex} is not on the map")
    settings["units"] = [
        {k: v for k, v in u.model_dump(mode="json").items() if v is not None} for u in doc.units
    ]
    settings["profiles"] = [p.model_dump(mode="json") for p in doc.profiles]
    r = doc.rules
    for what, mapping in (("supply", r.supply or {}), ("command", r.command)):
        for nation in mapping:
            if nation not in nations:
                raise ScenarioFieldError(
                    ("rules", what, nation),
                    f"{nation!r} is not a side of this scenario ({', '.join(nations)})",
                    hint="TOI-GEN-3: the supply and command are per nation of the game",
                )
    if r.munitions in ("required", "forbidden"):
        settings["scenario_munitions"] = r.munitions
    settings["munitions_agreed"] = r.munitions != "not_agreed"
    for key in ("supply", "command", "start_phase", "unlimited_supply", "hit_on"):
        value = getattr(r, key)
        if isinstance(value, BaseModel):
            value = value.model_dump(mode="json")
        if value is not None:
            settings[key] = value
    add_options(settings, r.options, OWN_FIELDS)
    _check_settings(settings)
    if doc.position is not None:
        _check_position(doc, board)
        settings[POSITION_KEY] = doc.position.model_dump(mode="json", exclude_defaults=True)
    return ScenarioStart(settings=settings)


def _check_position(doc: ToIScenario, board: Any) -> None:
    """Every token, unit state and marker of the position refers to something of the file."""
    p = doc.position
    assert p is not None
    units = {u.id: u for u in doc.units}
    sides = [s.id for s in doc.sides]
    if p.phase == "status" and p.step not in STATUS_STEPS:
        raise ScenarioFieldError(
            ("position", "step"), f"the Status Phase step is one of {', '.join(STATUS_STEPS)}"
        )
    if p.phase != "status" and p.step is not None:
        raise ScenarioFieldError(("position", "step"), "only the Status Phase has steps")
    for where, names in (("units", p.units), ("nations", p.nations)):
        known = units if where == "units" else sides
        for name in names:
            if name not in known:
                raise ScenarioFieldError(("position", where, name), f"no unit or side {name!r}")
    seen: set[tuple[str, str]] = set()
    for i, t in enumerate(p.tokens):
        holder = units.get(t.unit)
        if holder is None:
            raise ScenarioFieldError(("position", "tokens", i, "unit"), f"no unit {t.unit!r}")
        if t.side != holder.side:
            message = f"the token is {t.side}'s but {t.unit} is {holder.side}'s (TOI-GEN-5)"
            raise ScenarioFieldError(("position", "tokens", i, "side"), message)
        if (t.side, t.id) in seen:
            raise ScenarioFieldError(("position", "tokens", i, "id"), f"two tokens {t.id!r}")
        seen.add((t.side, t.id))
    for i, m in enumerate(p.smoke):
        if parse_hex(m.hex) not in board:
            raise ScenarioFieldError(("position", "smoke", i, "hex"), f"{m.hex} is not on the map")


def restore(state: ToIState, data: Any) -> ToIState:
    """The state ``new`` built from the settings, put at the position (``position``)."""
    p: ToIPosition = read_position(ToIPosition, data)
    units = []
    for u in state.units:
        rec = p.units.get(u.id)
        units.append(
            u
            if rec is None
            else replace(u, activation=rec.activation, morale=rec.morale, damage=rec.damage)
        )
    nations = []
    for n in state.nations:
        rec_n = p.nations.get(n.name)
        if rec_n is not None:
            n = replace(n, bought_this_status=rec_n.bought_this_status, purchases=rec_n.purchases)
            if rec_n.supply is not None:
                left = rec_n.supply
                n = replace(n, supply=tuple((m, int(left.get(m, 0))) for m in Munition))
        nations.append(n)
    known = {u.id for u in units}
    for t in p.tokens:
        if t.unit not in known:
            raise OrdnanceError(
                msg("bad position: a token on {unit!r}, which is not a unit", unit=t.unit)
            )
    try:
        smoke = tuple(SmokeMarker(parse_hex(m.hex), m.placed_round) for m in p.smoke)
    except ValueError as exc:
        raise OrdnanceError(msg("bad position: smoke: {exc}", exc=exc)) from None
    return replace(
        state,
        units=tuple(units),
        nations=tuple(nations),
        tokens=tuple(
            Token(t.id, t.side, t.munition, t.unit, t.face_up, t.bought_in_status) for t in p.tokens
        ),
        smoke=smoke,
        round=p.round,
        phase=Phase(p.phase),
        step=p.step,
        status_no=p.status_no,
        last_drift=p.last_drift,
        done=frozenset(p.done),
    )


def _position(state: ToIState, seat: str | None) -> dict[str, Any]:
    """The game in play as ``seat`` may see it (None: everything)."""
    units = {}
    for u in state.units:
        if not u.alive:
            continue
        rec = ToIUnitState(activation=u.activation, morale=u.morale, damage=u.damage)
        dumped = rec.model_dump(mode="json", exclude_defaults=True)
        if dumped:
            units[u.id] = dumped
    alive = {u.id for u in state.units if u.alive}
    tokens = [
        {
            "id": t.id,
            "side": t.side,
            "unit": t.unit,
            "munition": t.munition.value,
            "face_up": t.face_up,
            "bought_in_status": t.bought_in_status,
        }
        for t in sorted(state.tokens, key=lambda t: (t.side, t.unit, t.id))
        if t.unit in alive and (seat is None or t.face_up or t.side == seat)
    ]
    return {
        "round": state.round,
        "phase": state.phase.value,
        "step": state.step,
        "status_no": state.status_no,
        "done": sorted(state.done),
        "units": units,
        "tokens": tokens,
        "smoke": [
            {"hex": str(m.hex), "placed_round": m.placed_round}
            for m in sorted(state.smoke, key=lambda m: (m.hex.to_offset(), m.placed_round))
        ],
        "nations": {
            n.name: {"bought_this_status": n.bought_this_status, "purchases": n.purchases}
            | ({"supply": {m.value: c for m, c in n.supply}} if seat in (None, n.name) else {})
            for n in state.nations
        },
        "last_drift": list(state.last_drift) if state.last_drift else None,
    }


def _settings_place(loc: Loc) -> Loc:
    """Where in a ToI document a settings field is written."""
    head = str(loc[0]) if loc else ""
    if head in ("supply", "command", "start_phase", "unlimited_supply", "hit_on"):
        return ("rules", *loc)
    if head in ("nations",):
        return ("sides",)
    return ("rules", "options", *loc)


def _check_settings(settings: Mapping[str, Any]) -> None:
    check_settings(ToISettings, settings, _settings_place, "not a Tide of Iron setting")


def to_scenario(state: ToIState, seat: str | None = None) -> dict[str, Any]:
    """The position as a document: the board, live units where they stand, supply left,
    and ``position``: round and step, unit states, tokens and smoke (see :class:`ToIPosition`).

    ``rules.supply`` is the starting supply (public); the supply left is
    ``position.nations.*.supply``. For a seat, the other nations' face-down
    tokens and supply left are left out (by type they are hidden, TOI-GEN-5):
    the file is that seat's record. ``seat=None`` writes everything.
    """
    s = state.settings
    offsets = [h.to_offset() for h in state.map.hexes]
    columns = max(c for c, _ in offsets) + 1
    rows = max(r for _, r in offsets) + 1
    terrain = Counter(info.terrain.name for info in state.map.hexes.values())
    default = "clear" if "clear" in terrain else terrain.most_common(1)[0][0]
    cells = []
    for h in sorted(state.map.hexes, key=lambda x: x.to_offset()):
        info = state.map.hexes[h]
        cell: dict[str, Any] = {"hex": str(h)}
        if info.terrain.name != default:
            cell["terrain"] = info.terrain.name
        if info.elevation:
            cell["elevation"] = info.elevation
        if len(cell) > 1:
            cells.append(cell)
    marker = str(state.map.directional_marker.name)
    live = [u for u in state.units if u.alive]
    profiles: dict[str, UnitProfile] = {}
    for u in live:
        profiles.setdefault(u.profile.name, u.profile)
    rules: dict[str, Any] = {
        "munitions": s.scenario_munitions or ("agreed" if s.munitions_agreed else "not_agreed"),
        # the starting supply (public); what is left is the position's (secret by type)
        "supply": {n: {m.value: c for m, c in s.supply_for(n).items()} for n in s.nations},
        "unlimited_supply": s.unlimited_supply,
        "command": {n.name: n.command for n in state.nations},
        "hit_on": s.hit_on.model_dump(mode="json"),
        "options": exported_options(s, OWN_FIELDS),
    }
    return {
        "game": "toi",
        "title": f"{state.map.title} (exported)",
        "sides": [{"id": n, "nationality": n} for n in s.nations],
        "profiles": [p.model_dump(mode="json") for p in profiles.values()],
        "map": {
            "name": state.map.name,
            "title": state.map.title,
            "columns": columns,
            "rows": rows,
            "default_terrain": default,
            "directional_marker": marker if marker in DIRECTIONS else "N",
            "hexes": cells,
        },
        "units": [
            {"id": u.id, "side": u.side, "hex": str(u.hex), "profile": u.profile.name}
            | ({"figures": u.figures} if not u.profile.kind.counts_as_vehicle else {})
            for u in live
        ],
        "rules": rules,
        "position": _position(state, seat),
    }
