"""Scenario files round-trip: file -> game -> export -> file gives the same views for every seat.

The views are the observer (``Game.view``), so equal views for every seat and
the spectator mean the exported file starts the same position.
"""

from __future__ import annotations

from typing import Any

import pytest

from ordnance.core import registry
from ordnance.core import scenario as sc
from ordnance.core.dice import EnteredDice

EXAMPLES = sorted(sc.examples())


def _views(game: Any, state: Any) -> dict[str | None, Any]:
    return {seat: game.view(state, seat) for seat in [*game.seats(state), None]}


def _reload(game: Any, state: Any, fmt: str) -> tuple[Any, dict[str, Any]]:
    doc = sc.export(game, state)
    text = sc.dump(doc, "json" if fmt == "json" else "yaml")
    game2, _doc, start = sc.prepare(sc.parse_text(text, f"exported.{fmt}"))
    assert game2.name == game.name
    return sc.dry_run(game2, start), doc


def test_there_are_examples_for_every_game() -> None:
    games = {name.split("/")[0] for name in EXAMPLES}
    assert games == {"asl", "toi", "waw"}
    assert all(sum(n.startswith(g) for n in EXAMPLES) >= 2 for g in games)


def _without_settings_echo(views: dict[str | None, Any]) -> dict[str | None, Any]:
    """The views less the ToI ``settings`` echo (the settings exactly as written).

    An exported ToI file spells out what the original left to defaults (the
    sample catalogue's printed values, the default supply and command), so
    its settings are written differently while every piece, hex and number in
    play is the same. The second export is compared in full below.
    """
    return {
        seat: {k: v for k, v in view.items() if k != "settings"} for seat, view in views.items()
    }


@pytest.mark.parametrize("fmt", ["yaml", "json"])
@pytest.mark.parametrize("name", EXAMPLES)
def test_export_then_load_gives_the_same_views(name: str, fmt: str) -> None:
    game, _doc, start = sc.prepare(sc.open_source(name))
    state = sc.dry_run(game, start)
    again, doc = _reload(game, state, fmt)
    assert _without_settings_echo(_views(game, again)) == _without_settings_echo(
        _views(game, state)
    )
    # exported once, the file is a fixed point: the full views (settings too) agree
    third, doc2 = _reload(game, again, fmt)
    assert _views(game, third) == _views(game, again)
    assert doc2 == doc


def test_waw_export_keeps_a_changed_condition_and_drops_the_eliminated() -> None:
    """WAW-HE-i ladder states are part of the position; an eliminated unit is off the map."""
    game, _doc, start = sc.prepare(sc.open_source("waw/fulda-sample"))
    state = sc.dry_run(game, start)
    for unit, cond in (("us-inf-1", "reduced"), ("sv-mri-1", "eliminated")):
        action = {"type": "set_condition", "unit": unit, "condition": cond}
        state = game.apply(state, action, EnteredDice(()), None).state
    again, doc = _reload(game, state, "yaml")
    units = {u["id"]: u for u in doc["units"]}
    assert units["us-inf-1"]["condition"] == "reduced"
    assert "sv-mri-1" not in units
    assert game.view(again, "soviet")["map"] == game.view(state, "soviet")["map"]


def test_toi_export_writes_the_supply_left_and_the_printed_profiles() -> None:
    """TOI-GEN-3: the nation's supply is the scenario's; profiles carry the counter values."""
    game, _doc, start = sc.prepare(sc.open_source("toi/crossroads-sample"))
    state = sc.dry_run(game, start)
    doc = sc.export(game, state)
    assert doc["rules"]["supply"]["soviet"] == {"HE": 1, "AP-B": 2, "AP-C": 0, "Smoke": 1}
    assert doc["rules"]["munitions"] == "required"
    stug = next(p for p in doc["profiles"] if p["name"] == "stug-iii")
    assert stug["vs_vehicle"] == {"firepower": 5, "range": 6}


def test_asl_counter_name_is_exported_as_its_printed_notation() -> None:
    """ASL-8.2-e: the database counter fills in the notation the export writes out."""
    game, _doc, start = sc.prepare(sc.open_source("asl/normandy-sample"))
    doc = sc.export(game, sc.dry_run(game, start))
    pak = next(u for u in doc["units"] if u["id"] == "pak40-1")
    assert pak["notation"] == "s7 A5^2^/4^3^/3^4^"
    assert pak["gun_size"] == "75L"


def test_every_registered_game_reads_scenarios() -> None:
    for name in ("asl", "toi", "waw"):
        assert registry.game(name).scenario_model() is not None
