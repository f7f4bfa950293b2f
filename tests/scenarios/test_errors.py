"""Broken scenario files: every problem is named by its line and field."""

from __future__ import annotations

import pytest

from ordnance.core import scenario as sc

GOOD_TOI = """\
format: ordnance-scenario
format_version: 1
game: toi
title: Test
sides:
  - id: german
    nationality: german
  - id: soviet
    nationality: soviet
map:
  columns: 4
  rows: 4
  hexes:
    - {hex: "1,1", terrain: woods}
units:
  - id: g1
    side: german
    profile: panzer-iv
    hex: "0,0"
  - id: s1
    side: soviet
    profile: t-34-76
    hex: "2,0"
"""


def problems(text: str, name: str = "broken.yaml") -> list[str]:
    try:
        src = sc.parse_text(text, name)
    except sc.ScenarioProblems as exc:
        return [p.text(name) for p in exc.problems]
    return [p.text(name) for p in sc.problems_of(src)]


def test_the_good_file_has_no_problems() -> None:
    assert problems(GOOD_TOI) == []


def test_a_wrong_value_names_its_line_and_field() -> None:
    text = GOOD_TOI.replace('hex: "2,0"', "hex: here")
    assert problems(text) == [
        "broken.yaml:23: units[1].hex: 'here' is not a hex: write its printed "
        "number (e.g. 0305) or axial q,r"
    ]


def test_every_schema_problem_is_listed_with_its_line() -> None:
    text = (
        GOOD_TOI.replace("title: Test", "title: Test\ntheatre: 7\ncolour: red")
        .replace("    side: german\n", "")
        .replace("rows: 4", "rows: 0")
    )
    got = problems(text)
    assert "broken.yaml:5: theatre: Input should be a valid string" in got
    assert "broken.yaml:6: colour: unknown field (check the spelling against the schema)" in got
    assert "broken.yaml:14: map.rows: Input should be greater than or equal to 1" in got
    assert "broken.yaml:18: units[0].side: Field required" in got
    assert len(got) == 4


def test_an_unknown_profile_is_found_by_the_game_and_located() -> None:
    text = GOOD_TOI.replace("profile: t-34-76", "profile: t-99")
    (only,) = problems(text)
    assert only.startswith("broken.yaml:22: units[1].profile: no profile called 't-99'")


def test_an_off_map_set_up_hex_is_located() -> None:
    text = GOOD_TOI.replace('hex: "2,0"', 'hex: "9,9"')
    assert problems(text) == ["broken.yaml:23: units[1].hex: 9,9 is not on the map"]


def test_a_unit_on_an_unknown_side_is_refused_at_units() -> None:
    text = GOOD_TOI.replace("side: soviet\n    profile", "side: finns\n    profile")
    (only,) = problems(text)
    assert only == (
        "broken.yaml:21: units[1].side: unit s1 is on side 'finns', not one of german, soviet"
    )


def test_yaml_syntax_errors_name_the_line() -> None:
    text = GOOD_TOI.replace("  - id: s1", "  - id: [s1")
    (only,) = problems(text)
    assert only == "broken.yaml:21: (syntax): expected ',' or ']', but got ':'"


def test_an_unknown_game_is_named() -> None:
    (only,) = problems(GOOD_TOI.replace("game: toi", "game: chess"))
    assert only == (
        "broken.yaml:3: game: must name a game that reads scenario files: one of asl, toi, waw"
    )


def test_toi_scenario_rule_options_are_checked_as_settings() -> None:
    """TOI-AMB-10: an option's value outside its readings is named under rules.options."""
    text = GOOD_TOI + "rules:\n  options:\n    combined_band: sometimes\n"
    (only,) = problems(text)
    assert only.startswith("broken.yaml:26: rules.options.combined_band: Input should be")


def test_toi_supply_for_a_stranger_nation_is_refused() -> None:
    """TOI-GEN-3: the supply is per nation of this game."""
    text = GOOD_TOI + "rules:\n  supply:\n    italian: {HE: 1}\n"
    (only,) = problems(text)
    assert only.startswith(
        "broken.yaml:26: rules.supply.italian: 'italian' is not a side of this scenario"
    )


def test_waw_refused_set_up_action_names_the_unit_line() -> None:
    """WAW-B5 stacking or an unknown type: the place_unit refusal points at the unit."""
    text = """\
game: waw
title: t
sides: [{id: us, nationality: american}, {id: soviet, nationality: soviet}]
map: {columns: 4, rows: 4}
units:
  - {id: a, side: us, kind: M1 Abrams, hex: "0,0"}
  - {id: b, side: us, kind: Hovercraft, hex: "0,1"}
"""
    (only,) = problems(text, "w.yaml")
    assert only.startswith("w.yaml:7: units[1]: ")
    assert "Hovercraft" in only


def test_waw_elevation_is_refused_where_the_game_has_none() -> None:
    text = """\
game: waw
title: t
sides: [{id: us, nationality: american}, {id: soviet, nationality: soviet}]
map:
  columns: 4
  rows: 4
  hexes:
    - {hex: "1,1", terrain: woods, elevation: 2}
"""
    assert problems(text, "w.yaml") == [
        "w.yaml:8: map.hexes[0].elevation: World at War uses no elevation here"
    ]


def test_asl_unknown_counter_names_the_clause_and_line() -> None:
    """ASL-8.2-e: a counter name from the database, or the refusal says how to search."""
    text = """\
game: asl
title: t
sides: [{id: american, nationality: american}, {id: german, nationality: german}]
units:
  - id: x
    side: american
    counter: Zzyzx Wonder Tank 9000
"""
    (only,) = problems(text, "a.yaml")
    assert only.startswith("a.yaml:7: units[0].counter: [ASL-8.2-e] no counter")


def test_json_files_get_line_numbers_too() -> None:
    text = '{\n  "game": "waw",\n  "title": "t",\n  "sides": [],\n  "units": []\n}\n'
    (only,) = problems(text, "x.json")
    assert only.startswith("x.json:4: sides: ")


def test_scenario_problems_error_lists_them_all() -> None:
    with pytest.raises(sc.ScenarioProblems) as info:
        sc.prepare(sc.parse_text("game: toi\ntitle: ''\nsides: []\n", "b.yaml"))
    fields = [p.field for p in info.value.problems]
    assert fields == ["title", "sides"]
    assert "run: ordnance scenario check b.yaml" in str(info.value)
