"""A ToI view's map parts (its ``map.hexes`` list and its board) are built once per
map and shared by every view of a state on that map; they are what the map says."""

from __future__ import annotations

import json
from dataclasses import replace

from ordnance.toi import views
from ordnance.toi.rules.hexmap import ToIMap

from .helpers import buy, new, to


def test_every_view_on_one_map_shares_the_parts_built_from_it() -> None:
    state = new()
    later = buy(to(state, "munitions"), "s-kv", "HE", seat="soviet")
    assert later.map is state.map  # a game's states share their map
    first = views.view(state, "soviet", {})  # type: ignore[arg-type]
    second = views.view(later, "german", {})  # type: ignore[arg-type]
    assert first["map"]["hexes"] is second["map"]["hexes"]
    assert first["board"] is second["board"]
    assert first["map"]["hexes"] == state.map.to_json()
    assert first["board"] == views._board_of(state.map)
    assert second["round"] == first["round"] and second["seat"] == "german"


def test_another_map_gets_its_own_parts() -> None:
    state = new()
    one = next(iter(state.map.hexes))
    smaller = ToIMap(
        state.map.name,
        "A smaller map",
        {h: i for h, i in state.map.hexes.items() if h != one},
        state.map.directional_marker,
    )
    other = replace(state, map=smaller)
    hexes, board = views._map_parts(smaller)
    assert hexes == smaller.to_json() and len(hexes) == len(state.map.hexes) - 1
    assert board["title"] == "A smaller map"
    assert views.board_view(other) is board
    assert json.dumps(views.board_view(state)) != json.dumps(board)
