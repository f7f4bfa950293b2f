"""Scenario rules set the games' options (the file's rules become ``new`` settings)."""

from __future__ import annotations

from typing import Any

from ordnance.core import scenario as sc


def _state(name: str) -> Any:
    game, _doc, start = sc.prepare(sc.open_source(name))
    return sc.dry_run(game, start)


def test_toi_scenario_forbids_the_munitions_tokens() -> None:
    """TOI-GEN-2: the scenario's special rules force the tokens off, whatever was agreed."""
    state = _state("toi/range-no-munitions-sample")
    assert state.settings.scenario_munitions == "forbidden"
    assert state.settings.munitions_in_force is False
    assert state.settings.combined_band == "per_participant"  # TOI-AMB-10 option


def test_toi_scenario_sets_the_supply_per_nation() -> None:
    """TOI-GEN-3: tokens per type per nation, as the scenario gives them."""
    state = _state("toi/crossroads-sample")
    soviet = next(n for n in state.nations if n.name == "soviet")
    assert dict((m.value, c) for m, c in soviet.supply) == {
        "HE": 1,
        "AP-B": 2,
        "AP-C": 0,
        "Smoke": 1,
    }
    assert state.settings.munitions_in_force is True
    assert {n.name: n.command for n in state.nations} == {"german": 4, "soviet": 3}


def test_toi_own_profile_and_map_are_used() -> None:
    state = _state("toi/crossroads-sample")
    stug = next(u for u in state.units if u.id == "g-stug-1")
    assert (stug.profile.vs_vehicle.firepower, stug.profile.armour) == (5, 3)
    assert state.map.name == "crossroads"
    assert len(state.map.hexes) == 8 * 6


def test_waw_per_unit_city_defence_option() -> None:
    """WAW-AMB-1: the scenario chooses each unit's own defence pool in a city."""
    state = _state("waw/city-per-unit-sample")
    assert state.settings.city_defence == "per_unit"
    assert state.terrain_at(state.hex("3,1")).city


def test_waw_own_unit_type_and_wreck_dice() -> None:
    """WAW-AMB-2: a hex's Wreck dice come from the map; the counter's ratings from unit_types."""
    state = _state("waw/fulda-sample")
    m60 = state.unit_type(state.unit("us-m60-1"))
    assert str(m60.ap) == "10/3/4" and m60.armour.value == "heavy"
    assert state.hex_info(state.hex("5,1")).wreck_dice == 1
    assert state.unit("sv-mri-2").condition.label == "disrupted"


def test_asl_elite_side_and_options() -> None:
    """ASL-8.2-f / ASL-AMB-4: an Elite SS side; a rule option set by the scenario."""
    state = _state("asl/kursk-printed-sample")
    german = next(s for s in state.settings.sides if s.name == "german")
    assert german.elite and german.pre_adjusted
    assert state.settings.options.elite_scope == "chart-only"
    assert state.date.year == 1943
    tiger = state.gun("tiger-1")
    assert tiger is not None and tiger.breakdown == 11


def test_an_option_that_a_field_of_the_file_sets_is_refused_at_its_place() -> None:
    """ToI and WaW: ``rules.options`` may not set what the document sets itself."""
    for name, key in (("toi/crossroads-sample", "nations"), ("waw/fulda-sample", "sides")):
        src = sc.open_source(name)
        doc = dict(src.data)
        doc["rules"] = {**doc.get("rules", {}), "options": {key: []}}
        problems = sc.problems_of(sc.document(doc))
        assert [(p.field, p.message) for p in problems] == [
            (f"rules.options.{key}", f"{key} is set by its own field of the scenario")
        ], name
