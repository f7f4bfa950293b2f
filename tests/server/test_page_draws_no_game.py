"""The table page draws every game's markers from the view alone: a fourth game needs no
page code. Each game's ``map.markers`` carry their glyph (``shape``, ``short``) and legend
name (``kind_name``), its clusters a ``kind_name``; the page's modules (``static/table/``) name no game's marker."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ordnance.core import registry
from ordnance.core.dice import SeededDice
from ordnance.core.turns import check_turn

STATIC = Path(__file__).resolve().parents[2] / "src" / "ordnance" / "server" / "static"


def test_table_js_names_no_game_marker_or_token() -> None:
    """The page holds no ASL/ToI/WaW marker kind, token face or legend name."""
    page = "\n".join(p.read_text() for p in sorted((STATIC / "table").glob("*.js")))
    for word in ("munition-token", "dispersed-smoke", "smoke2", "Mines!", "AP-B", "Canister"):
        assert word not in page
    assert not re.search(r"\bHE\b", page)


def _markers(view: dict[str, Any]) -> list[dict[str, Any]]:
    return list((view.get("map") or {}).get("markers", []))


def _looks_drawable(m: dict[str, Any]) -> bool:
    return m["shape"] in ("circle", "triangle", "square") and bool(m["short"] and m["kind_name"])


def test_toi_token_glyph_shows_only_what_the_seat_sees() -> None:
    """TOI-GEN-5: a nation's own face-down token shows its face on the map ("B" for AP-B),
    the other nation sees "?"; the legend shows "?" for any token."""
    game = registry.game("toi")
    state = game.new({})
    for step in range(60):  # play to the purchase window, then buy an AP-B token
        turn = game.turn(state)
        if any(f["type"] == "buy" for f in game.legal(state, "german")):
            form = next(f for f in game.legal(state, "german") if f["type"] == "buy")
            unit = form["schema"]["properties"]["unit"]["enum"][0]
            action = {"type": "buy", "unit": unit, "munition": "AP-B"}
            check_turn(game, state, action, "german")
            state = game.apply(state, action, SeededDice("t"), "german").state
            break
        seat = (list(turn.waiting_for) or list(turn.active))[0]
        kinds = [f["type"] for f in game.legal(state, seat)]
        action = {"type": "done"} if "done" in kinds else {"type": "advance"}
        state = game.apply(state, action, SeededDice(f"s{step}"), seat).state
    else:
        raise AssertionError("never reached the purchase window")
    own = [m for m in _markers(game.view(state, "german")) if m["kind"] == "munition-token"]
    theirs = [m for m in _markers(game.view(state, "soviet")) if m["kind"] == "munition-token"]
    assert [(m["short"], m["kind_short"]) for m in own] == [("B", "?")]
    assert [(m["short"], m["kind_short"]) for m in theirs] == [("?", "?")]
    assert all(_looks_drawable(m) and m["kind_name"] == "Munitions token" for m in own + theirs)


def test_waw_and_asl_markers_carry_their_look() -> None:
    """WAW-8.2-a / WAW-8.3-b markers (Smoke 2, Mines!) and the minefield cluster, and an
    ASL SMOKE marker carry what the page draws; an unknown kind is a named square."""
    waw = registry.game("waw")
    g = waw.new({})
    g = waw.apply(g, {"type": "fascam", "side": "us", "target": "4,4"}, SeededDice("w"), None).state
    view = waw.view(g, None)
    mines = [m for m in _markers(view) if m["kind"] == "mines"]
    assert mines and all(_looks_drawable(m) for m in mines)
    assert (mines[0]["shape"], mines[0]["short"]) == ("triangle", "M")
    assert all(c.get("kind_name") for c in view["map"]["clusters"])
    from ordnance.asl.state import Marker
    from ordnance.asl.views import map_marker

    smoke = map_marker(Marker("3,0", "smoke", "SMOKE"))
    assert (smoke["shape"], smoke["short"], smoke["kind_name"]) == ("circle", "S", "Smoke")
    odd = map_marker(Marker("3,0", "crater", "a crater from the scenario file"))
    assert (odd["shape"], odd["kind_name"]) == ("square", "crater")
