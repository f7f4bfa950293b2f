"""The observer: what one seat may see of a state.

The type of a face-down token is known to its owner only. For every other seat
(the opponent and spectators, ``seat=None``) a face-down token is "a munitions
token" beside a unit: no type, no token id (ids are per-nation purchase
counters, shown to the owner only, so they reveal nothing to anyone who could
not already see the purchase events), and the supply is shown only as a total.
Tokens are listed in unit order, never in purchase order.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache, partial
from typing import Any

from ordnance.core.forms import (
    board,
    marker,
    numbered_hex,
    numbered_label,
    panel,
    shared_panel,
)
from ordnance.core.hexes import parse_hex
from ordnance.core.memo import IdentityMemo, shared_part
from ordnance.core.messages import said, term
from ordnance.core.shapes import Board, BoardHex, MapMarker, Panel, TurnView
from ordnance.toi.rules.hexmap import ToIMap
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.shapes import (
    Arrow,
    MapHex,
    MapUnit,
    NationView,
    SmokeView,
    ToIView,
    TokenView,
    UnitView,
)
from ordnance.toi.state import (
    STATUS_STEPS,
    Nation,
    Phase,
    SmokeMarker,
    ToIState,
    Token,
    Unit,
    position_words,
    shown_round,
)

HIDDEN_LABEL = "a munitions token"


#: The text of a munitions token's glyph on the map, by its face.
_TOKEN_FACE = {"HE": "HE", "AP-B": "B", "AP-C": "C", "Smoke": "Sm"}


def token_view(t: Token, seat: str | None) -> TokenView:
    if t.face_up:
        return {"side": t.side, "unit": t.unit, "face": "up", "munition": t.munition.value}
    if seat == t.side:
        return {
            "side": t.side,
            "unit": t.unit,
            "face": "down",
            "munition": t.munition.value,
            "id": t.id,
            "bought_in_status_phase": t.bought_in_status,
        }
    return {"side": t.side, "unit": t.unit, "face": "down", "label": HIDDEN_LABEL}


def unit_view(u: Unit) -> UnitView:
    data: UnitView = {
        "id": u.id,
        "side": u.side,
        "profile": u.profile.name,
        "title": u.profile.title,
        "kind": u.profile.kind.value,
        "hex": str(u.hex),
        "alive": u.alive,
        "activation": u.activation,
        "armour": u.profile.armour,
        "vs_infantry": u.profile.vs_infantry.model_dump(),
        "vs_vehicle": u.profile.vs_vehicle.model_dump(),
    }
    if u.is_vehicle:
        data["damage"] = u.damage.value
    else:
        data["figures"] = u.figures
        data["morale"] = u.morale
    return data


#: A unit's public parts of a view (its ``units`` entry and its map piece), and its
#: row of the units panel without the token cell, by the unit object: states share
#: their unchanged units, so each unit is built once, not on every view. Nothing
#: in them depends on the seat (a unit's tokens are in the seat's own cell). Each
#: at most 4,096 entries (a ToI table has a dozen units, shared by its states).
_UNITS: IdentityMemo[tuple[UnitView, MapUnit]] = IdentityMemo("toi.views._UNITS", 4096)
_ROWS: IdentityMemo[list[str]] = IdentityMemo("toi.views._ROWS", 4096)
#: The settings as JSON, by the (frozen) settings object a game's states share.
_SETTINGS: IdentityMemo[dict[str, Any]] = IdentityMemo("toi.views._SETTINGS", 1024)


def _unit_parts(u: Unit) -> tuple[UnitView, MapUnit]:
    """:func:`unit_view` of ``u`` and its map piece, built once per unit (shared: never
    change them in place)."""

    def make() -> tuple[UnitView, MapUnit]:
        piece: MapUnit = {"id": u.id, "side": u.side, "hex": str(u.hex), "label": u.label}
        return unit_view(u), piece

    return _UNITS.one(u, make)


#: A state's ``units`` list and the map pieces of its living units, by the units tuple
#: (both seats' views of a state share it, and so do the states an action leaves its
#: units unchanged in); its smoke markers and ``smoke`` list by the smoke tuple. Public
#: (no seat in them), shared: never changed in place. At most 1,024 tuples each.
_UNIT_LISTS: IdentityMemo[tuple[list[UnitView], list[MapUnit]]] = IdentityMemo(
    "toi.views._UNIT_LISTS", 1024
)
_SMOKE: IdentityMemo[tuple[list[MapMarker], list[SmokeView]]] = IdentityMemo(
    "toi.views._SMOKE", 1024
)


def _unit_lists(units: tuple[Unit, ...]) -> tuple[list[UnitView], list[MapUnit]]:
    def make() -> tuple[list[UnitView], list[MapUnit]]:
        parts = [_unit_parts(u) for u in units]
        return [p[0] for p in parts], [p[1] for p, u in zip(parts, units, strict=True) if u.alive]

    return _UNIT_LISTS.one(units, make)


def _smoke_parts(smoke: tuple[SmokeMarker, ...]) -> tuple[list[MapMarker], list[SmokeView]]:
    def make() -> tuple[list[MapMarker], list[SmokeView]]:
        placed = sorted(smoke, key=lambda s: s.hex)
        markers = [
            marker(
                str(s.hex),
                "smoke",
                f"smoke (placed round {s.placed_round})",
                shape="circle",
                short="S",
                kind_name="Smoke",
            )
            for s in placed
        ]
        return markers, [{"hex": str(s.hex), "placed_round": s.placed_round} for s in placed]

    return _SMOKE.one(smoke, make)


#: A nation's own supply, by munition (its seat's view's ``supply``), and its supply
#: cell in the nations panel, by the nation object and by that supply dict: shown to
#: that nation's seat only (a view holds only its own seat's supply). Shared: never
#: changed in place. At most 1,024 each.
_SUPPLY: IdentityMemo[dict[str, int]] = IdentityMemo("toi.views._SUPPLY", 1024)
_SUPPLY_CELLS: IdentityMemo[str] = IdentityMemo("toi.views._SUPPLY_CELLS", 1024)


def _own_supply(n: Nation) -> dict[str, int]:
    return _SUPPLY.one(n, lambda: {m.value: n.supply_count(m) for m in Munition})


def view(state: ToIState, seat: str | None, turn: TurnView) -> ToIView:
    """What ``seat`` may see; ``turn`` is the sequence of play's ``view["turn"]``."""
    tokens = sorted(state.tokens, key=lambda t: (t.side, t.unit, not t.face_up))
    nations: dict[str, NationView] = {}
    for n in state.nations:
        total = sum(c for _m, c in n.supply)
        entry: NationView = {
            "command": n.command,
            "tokens_on_board": len(state.tokens_of(n.name)),
            "bought_this_status_phase": n.bought_this_status,
            "supply_total": "unlimited" if state.settings.unlimited_supply else total,
        }
        if seat == n.name:
            entry["supply"] = _own_supply(n)
        nations[n.name] = entry
    units_by_id = {u.id: u for u in state.units}
    smoke_markers, smoke = _smoke_parts(state.smoke)
    markers: list[MapMarker] = list(smoke_markers)
    for t in tokens:
        u = units_by_id.get(t.unit)
        if u is None:
            continue
        tv = token_view(t, seat)
        label = tv.get("munition", HIDDEN_LABEL)
        if t.face_up:
            label = said("{munition} (revealed)", munition=label)
        elif "munition" in tv:
            label = said("{munition} (face down)", munition=label)
        # the page shows the face this seat may see on the token, "?" for a hidden one
        face = _TOKEN_FACE.get(str(tv.get("munition")), "?")
        markers.append(
            marker(
                str(u.hex),
                "munition-token",
                label,
                shape="square",
                short=face,
                kind_name="Munitions token",
                kind_short="?",
            )
        )
    unit_entries, pieces = _unit_lists(state.units)
    hexes, board = _map_parts(state.map)
    arrows: list[Arrow] = []
    if state.last_drift is not None:
        arrows.append({"from": state.last_drift[0], "to": state.last_drift[1], "kind": "drift"})
    data: ToIView = {
        "game": "toi",
        "seat": seat,
        "round": state.round,
        "phase": state.phase.value,
        "step": state.step,
        "position": state.position,
        "status_steps": list(STATUS_STEPS),
        "munitions_in_force": state.settings.munitions_in_force,
        "nations": nations,
        "tokens": [token_view(t, seat) for t in tokens],
        "units": unit_entries,
        "smoke": smoke,
        "map": {
            "name": state.map.name,
            "title": state.map.title,
            "directional_marker": state.map.directional_marker.name,
            "hexes": hexes,
            "units": pieces,
            "markers": markers,
            "arrows": arrows,
            "clusters": [],
        },
        "settings": _SETTINGS.one(state.settings, lambda: state.settings.model_dump(mode="json")),
        "board": board,
        "panels": [],
        "turn": turn,
    }
    data["panels"] = panels(data)
    return data


def _terrain_legend(name: str, cover: int, blocks: bool) -> str:
    what = f"{name.title()}: cover {cover}"
    return what + (", blocks line of sight" if blocks else "")


#: The parts of a view that depend on the map alone (its ``hexes`` list and its
#: board), by the map object: maps are immutable and a game's states share theirs,
#: so each is built once, not on every view. At most ``_MAPS_KEPT`` maps (then
#: emptied); each entry keeps its map, so an id is never reused while kept.
_MAPS: dict[int, tuple[ToIMap, list[MapHex], Board]] = {}
_MAPS_KEPT = 32


def _map_parts(m: ToIMap) -> tuple[list[MapHex], Board]:
    """``m.to_json()`` and :func:`board_view` of ``m``, built once per map (shared:
    the answers are encoded as they are, never changed in place)."""
    hit = _MAPS.get(id(m))
    if hit is not None and hit[0] is m:
        return hit[1], hit[2]
    if len(_MAPS) >= _MAPS_KEPT:
        _MAPS.clear()
    hexes, made = shared_part(m.to_json()), shared_part(_board_of(m))
    _MAPS[id(m)] = (m, hexes, made)
    return hexes, made


def board_view(state: ToIState) -> Board:
    """The whole map: every hex with its terrain, elevation and printed column-row number."""
    return _map_parts(state.map)[1]


def _board_of(m: ToIMap) -> Board:
    hexes: list[BoardHex] = []
    for h in sorted(m.hexes, key=lambda h: h.to_offset()):
        info = m.hexes[h]
        col, row = h.to_offset()
        cell: BoardHex = {
            "hex": str(h),
            "label": numbered_label(col, row),
            "terrain": info.terrain.name,
        }
        if info.elevation:
            cell["elevation"] = info.elevation
        hexes.append(cell)
    used = {m.hexes[h].terrain for h in m.hexes}
    legend = [
        (t.name, _terrain_legend(t.name, t.cover, t.blocks_los))
        for t in sorted(used, key=lambda t: (t.cover, t.name))
    ]
    return board(
        m.title,
        hexes,
        legend,
        "Hexes are numbered column then row, both from 01 (0305: column 3, row 5).",
    )


def token_text(tv: TokenView) -> str:
    """One token as its viewer may read it (built from :func:`token_view` only)."""
    if tv["face"] == "up":
        return said("{munition} (revealed)", munition=tv["munition"])
    if "munition" in tv:
        # its owner's type; the token's id stays inside
        return said("{munition} (face down)", munition=tv["munition"])
    return str(tv.get("label", HIDDEN_LABEL))


def unit_state(uv: UnitView) -> str:
    if not uv["alive"]:
        return "destroyed"
    if "damage" in uv:
        return said(
            "{damage}, {activation}", damage=term(uv["damage"]), activation=term(uv["activation"])
        )
    return said(
        "{count} fig., {morale}, {activation}",
        count=uv["figures"],
        morale=term(uv["morale"]),
        activation=term(uv["activation"]),
    )


def panels(v: ToIView) -> list[Panel]:
    """The page's tables, built from the seat's view ``v`` alone (so nothing more can leak)."""
    turn = _round_panel(v["round"], v["phase"], v["step"], v["munitions_in_force"])
    nation_rows = []
    for name, n in v["nations"].items():
        if "supply" in n:
            supply = _SUPPLY_CELLS.one(n["supply"], partial(_supply_cell, n["supply"]))
            if n["supply_total"] == "unlimited":
                supply = "unlimited"
        elif n["supply_total"] == "unlimited":
            supply = "unlimited"
        else:
            supply = _hidden_supply(n["supply_total"])
        nation_rows.append(
            [name, n["command"], n["tokens_on_board"], n["bought_this_status_phase"], supply]
        )
    nations = panel(
        "Nations",
        ["nation", "command", "tokens on board", "bought this Status Phase", "supply"],
        nation_rows,
    )
    tokens: dict[str, list[str]] = {}
    for tv in v["tokens"]:
        tokens.setdefault(tv["unit"], []).append(token_text(tv))
    units = _units_panel(v["units"], tokens)
    smoke = _smoke_panel(v["smoke"])
    return [turn, nations, units, smoke]


@lru_cache(maxsize=256)
def _round_panel(number: int, phase: str, step: str | None, munitions: bool) -> Panel:
    """The round panel of a position (public; shared: never changed in place)."""
    return shared_panel(
        panel(
            "Round",
            ["round", "phase", "munitions"],
            [
                [
                    shown_round(number, step),
                    position_words(Phase(phase), step),
                    "in force" if munitions else "off",
                ]
            ],
        )
    )


@lru_cache(maxsize=256)
def _hidden_supply(count: int) -> str:
    """Another nation's supply cell: its total only."""
    return said("{count} (types hidden)", count=count)


#: The smoke panel, by the view's ``smoke`` list (public: shared by the views of the
#: states that share their smoke tuple, ``_SMOKE``): at most 1,024 panels.
_SMOKE_PANELS: IdentityMemo[Panel] = IdentityMemo("toi.views._SMOKE_PANELS", 1024)


def _smoke_panel(smoke: list[SmokeView]) -> Panel:
    def make() -> Panel:
        return shared_panel(
            panel(
                "Smoke markers",
                ["hex", "placed in round"],
                [[numbered_hex(parse_hex(s["hex"])), s["placed_round"]] for s in smoke],
                note=None if smoke else "no smoke on the map",
            )
        )

    return _SMOKE_PANELS.one(smoke, make)


#: The units panel, by the view's ``units`` list (shared by the views of a state, and
#: of the states that leave the units unchanged) and its token cells (this seat's, from
#: its view's ``tokens``): at most 1,024 panels.
_UNIT_PANELS: IdentityMemo[Panel] = IdentityMemo("toi.views._UNIT_PANELS", 1024)


def _units_panel(entries: list[UnitView], tokens: Mapping[str, list[str]]) -> Panel:
    """The units panel of a view's ``units`` entries and each unit's token texts."""
    cells = tuple(", ".join(tokens.get(u["id"], ())) for u in entries)

    def make() -> Panel:
        return shared_panel(
            panel(
                "Units",
                ["unit", "side", "hex", "state", "token"],
                [[*_unit_row(u), c] for u, c in zip(entries, cells, strict=True)],
            )
        )

    return _UNIT_PANELS.with_values(entries, cells, make)


def _unit_row(u: UnitView) -> list[str]:
    """A unit's row of the units panel but its token cell, from its view entry alone;
    once per entry object (a view's entries are shared by the views of its unit)."""

    def make() -> list[str]:
        return [
            u["title"],  # the counter by its name, as on the map (never its id)
            u["side"],
            numbered_hex(parse_hex(u["hex"])),
            unit_state(u),
        ]

    return _ROWS.one(u, make)


def _supply_cell(supply: Mapping[str, int]) -> str:
    """A nation's own supply cell, ``HE 2, AP-B 1, AP-C 1, Smoke 1``, as a shown text."""
    if list(supply) != ["HE", "AP-B", "AP-C", "Smoke"]:
        return ", ".join(f"{m} {c}" for m, c in supply.items())
    return said(
        "HE {he}, AP-B {apb}, AP-C {apc}, Smoke {smoke}",
        he=supply["HE"],
        apb=supply["AP-B"],
        apc=supply["AP-C"],
        smoke=supply["Smoke"],
    )
