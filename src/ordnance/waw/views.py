"""The observer: what a seat sees of a World at War state (here, everything).

These rules hide nothing, so every seat's view is the public view: the map
with its units, Smoke and Mines! markers and their areas (WAW-8.2-b,
WAW-8.3-c), eliminated units, pending HQ checks (WAW-HE-k), the whole board
and the page's panels, which are built from the view alone.
"""

from __future__ import annotations

from collections.abc import Mapping

from ordnance.core.forms import board, marker, numbered_hex, numbered_label, panel
from ordnance.core.hexes import parse_hex
from ordnance.core.messages import said, term
from ordnance.core.naming import distinct_names, name_term
from ordnance.core.shapes import Board, BoardHex, Cluster, MapMarker, Panel
from ordnance.waw import turns as waw_turns
from ordnance.waw.rules.los import smoke_area
from ordnance.waw.shapes import MapHex, MapUnit, WawView
from ordnance.waw.state import WawState


def view(state: WawState, seat: str | None) -> WawView:
    """The view of ``seat`` (the same for every seat)."""
    hexes: list[MapHex] = [
        {"hex": str(h), "terrain": state.hex_info(h).terrain} for h in state.board()
    ]
    units: list[MapUnit] = []
    for u in state.units.values():
        if u.condition.eliminated:
            continue
        kind = state.unit_type(u)
        units.append(
            {
                "id": u.id,
                "side": u.side,
                "hex": str(u.hex),
                "label": said("{kind} (" + u.condition.label + ")", kind=kind.name),
                "kind": kind.name,
                "terrain": state.hex_info(u.hex).terrain,
                "condition": u.condition.label,
                "armour": kind.armour.value,
                "hq": kind.hq,
                "advanced_imaging": kind.advanced_imaging,
                "ap": str(kind.ap) if kind.ap else None,
                "he": str(kind.he) if kind.he else None,
                "sample_values": kind.values == "sample",
            }
        )
    markers: list[MapMarker] = [
        marker(
            str(h),
            f"smoke{lvl}",
            f"Smoke {lvl}",
            shape="circle",
            short=f"S{lvl}",
            kind_name=f"Smoke {lvl}",
        )
        for h, lvl in sorted(state.smoke.items())
    ]
    markers += [
        marker(str(h), "mines", "Mines!", shape="triangle", short="M", kind_name="Mines!")
        for h in sorted(state.mines)
    ]
    clusters: list[Cluster] = [
        {
            "hexes": [str(h) for h in sorted(smoke_area(m))],
            "kind": "smoke-area",
            "kind_name": "Smoke area",
        }
        for m in sorted(state.smoke)
    ]
    clusters += [
        {
            "hexes": [str(h) for h in sorted(smoke_area(m))],
            "kind": "minefield",
            "kind_name": "Minefield",
        }
        for m in sorted(state.mines)
    ]
    view: WawView = {
        "game": "waw",
        "seat": seat,
        "sides": dict(state.settings.sides),
        "map": {
            "hexes": hexes,
            "units": units,
            "markers": markers,
            "arrows": [],
            "clusters": clusters,
        },
        "eliminated": sorted(u.id for u in state.units.values() if u.condition.eliminated),
        "pending_hq_checks": [{"hq": p.hq, "dice": list(p.dice)} for p in state.pending_hq],
        "marker_removal_phases": state.marker_phases,
        "turn": waw_turns.turn(state).to_view(),
        "board": board_view(state),
        "panels": [],
    }
    # every unit's name, the eliminated too, numbered as the journal numbers them
    names = distinct_names((u.id, state.unit_type(u).name) for u in state.units.values())
    view["panels"] = panels(view, names)
    return view


def board_view(state: WawState) -> Board:
    """The whole board: every hex with its terrain and its column-row number (from 01)."""
    hexes: list[BoardHex] = []
    for h in state.board():
        col, row = h.to_offset()
        terrain = state.hex_info(h).terrain
        hexes.append({"hex": str(h), "label": numbered_label(col, row), "terrain": terrain})
    used = {cell["terrain"] for cell in hexes}
    legend = [
        (
            t.name,
            said("{name}: Defensive Bonus {bonus}", name=term(t.name.title()), bonus=t.infantry_db),
        )
        for t in state.catalogue.terrains()
        if t.name in used
    ]
    return board(
        said(
            "Board of {columns} x {rows} hexes",
            columns=state.settings.map_columns,
            rows=state.settings.map_rows,
        ),
        hexes,
        legend,
        "Hexes are numbered column then row, both from 01 (0305: column 3, row 5).",
    )


def panels(v: WawView, names: Mapping[str, str] | None = None) -> list[Panel]:
    """The page's tables, built from the view ``v``: units (the eliminated ones of the
    note too) by the names the journal gives them (``names``: their type's, numbered
    when two share it; by default those of the units on the map), never their ids."""
    if names is None:
        names = distinct_names((u["id"], u["kind"]) for u in v["map"]["units"])
    units = panel(
        "Units",
        ["Unit", "Side", "Hex", "Terrain", "Condition"],
        [
            [
                _name_cell(names[u["id"]]),
                u["side"],
                numbered_hex(parse_hex(u["hex"])),
                u["terrain"],
                u["condition"],
            ]
            for u in v["map"]["units"]
        ],
        note=said("eliminated: {units}", units=", ".join(names.get(i, i) for i in v["eliminated"]))
        if v["eliminated"]
        else None,
    )
    markers = panel(
        "Markers",
        ["Hex", "Marker"],
        [[numbered_hex(parse_hex(m["hex"])), m["label"]] for m in v["map"]["markers"]],
        note=said("Marker Removal Phases so far: {count}", count=v["marker_removal_phases"]),
    )
    hq = panel(
        "Pending HQ checks",
        ["HQ", "Dice"],
        [
            [names.get(p["hq"], p["hq"]), ", ".join(map(str, p["dice"]))]
            for p in v["pending_hq_checks"]
        ],
        note=None
        if v["pending_hq_checks"]
        else "none: enter a result with the HQ check form when one is due",
    )
    sides = panel("Sides", ["Side", "Nationality"], list(v["sides"].items()))
    return [units, markers, hq, sides]


def _name_cell(name: str) -> str:
    """A unit's name as a panel cell a face translates (``Motor Rifle Infantry #2`` in parts)."""
    t = name_term(name)
    return said(t["template"], **t["args"])
