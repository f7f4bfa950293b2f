"""The counter's own values in the game: its To Hit marking, and the library in scenarios.

ASL-B5.1 (the notes' red/black TH# rows): a Gun fires with the To Hit numbers its
counter marks (the counter database, or the player's library over it); only a counter
that says nothing takes its nationality's default (``red_th_nationalities``, Italians).
Captured use stays red (ASL-B5.3-H). A scenario file carries its own counter library
(``counter_library``): the one a table reads, never a home directory.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest

from ordnance.asl.plugin import AslGame
from ordnance.asl.rules.counter_library import CounterLibrary, counter_gun_fields
from ordnance.asl.rules.dates import ScenarioDate
from ordnance.asl.rules.to_hit import modified_th
from ordnance.asl.scenario import AslScenario, from_scenario
from ordnance.asl.state import AslState
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation

GAME = AslGame()
#: Sherman II(a), piece 1286: British, "Red TH#s^<44^" (red before 1944 only).
SHERMAN_II = "1286"
LIB = CounterLibrary.model_validate({"counters": {"Sherman II(a)": {"gun_size": "75"}}})


def game(date: str, sides: list[dict[str, Any]] | None = None) -> AslState:
    sides = sides or [
        {"name": "british", "nationality": "british"},
        {"name": "german", "nationality": "german"},
    ]
    return GAME.new({"date": date, "sides": sides})


def act(state: AslState, action: Mapping[str, Any], *dice: int) -> Any:
    return GAME.apply(state, dict(action), EnteredDice(dice), None)


def fire_th(state: AslState, gun: str, side: str, **extra: Any) -> dict[str, Any]:
    """The whole shot's To Hit plan of one AP shot at 8 hexes, AF 8."""
    state = act(state, {"type": "set_phase", "phase": "PFPh", "attacker": side}).state
    shot = {"type": "fire", "gun": gun, "range": 8, "target": "vehicle", "af": 8, **extra}
    out = act(state, shot, 6, 6)
    return dict(out.events[-1].data["whole_shot"]["plan"]["to_hit"])


def th(colour: str, size: str = "75") -> int:
    return modified_th("vehicle", 8, gun_size=size, ammo="AP", colour=colour).number  # type: ignore[arg-type]


def add_from_counter(
    state: AslState, query: str, side: str, gun_id: str, library: CounterLibrary | None = LIB
) -> AslState:
    nationality = next(s.nationality for s in state.settings.sides if s.name == side)
    values = counter_gun_fields(query, nationality=nationality, library=library, date=state.date)
    return act(state, {"type": "add_gun", "id": gun_id, "side": side, **values}).state


def test_the_red_th_tables_differ_at_six_hexes() -> None:
    """The check below could fail: at 8 hexes the red and black TH# are not equal (B5.1)."""
    assert th("red") != th("black")


def test_a_counter_marked_red_fires_red_before_its_date_b5_1() -> None:
    """ASL-B5.1: Sherman II(a) is marked red before 1944, though British Guns are black."""
    s = add_from_counter(game("1943-06"), SHERMAN_II, "british", "sh")
    assert s.gun("sh") is not None and s.gun("sh").to_hit == "red"  # type: ignore[union-attr]
    plan = fire_th(s, "sh", "british")
    assert plan["colour"] == "red" and plan["th"] == th("red")


def test_the_dated_marking_lapses_and_the_nationality_default_applies_b5_1() -> None:
    """ASL-B5.1: from 1944 the counter says nothing, so the British default (black) holds."""
    s = add_from_counter(game("1944-06"), SHERMAN_II, "british", "sh")
    assert s.gun("sh").to_hit is None  # type: ignore[union-attr]
    plan = fire_th(s, "sh", "british")
    assert plan["colour"] == "black" and plan["th"] == th("black")


def test_the_library_marking_wins_over_the_database_b5_1() -> None:
    """ASL-B5.1: the player's counter says black: black, whatever the database says."""
    lib = CounterLibrary.model_validate(
        {"counters": {SHERMAN_II: {"gun_size": "75", "to_hit": "black"}}}
    )
    s = add_from_counter(game("1943-06"), SHERMAN_II, "british", "sh", library=lib)
    assert fire_th(s, "sh", "british")["colour"] == "black"


def test_an_italian_gun_is_red_unless_its_counter_says_black_b5_1() -> None:
    """ASL-B5.1: the nationality default (Italian: red) only where the counter is silent."""
    sides = [
        {"name": "italian", "nationality": "italian"},
        {"name": "british", "nationality": "british"},
    ]
    base = {"type": "add_gun", "side": "italian", "name": "47 AT", "gun_size": "47",
            "notation": "s7"}  # fmt: skip
    s = act(game("1942-06", sides), {**base, "id": "plain"}).state
    s = act(s, {**base, "id": "marked", "to_hit": "black"}).state
    assert fire_th(s, "plain", "italian")["colour"] == "red"
    assert fire_th(s, "marked", "italian")["colour"] == "black"


def test_captured_use_is_red_whatever_the_counter_b5_3_h() -> None:
    """ASL-B5.3-H: captured use fires red, over a counter marked black."""
    s = act(
        game("1944-06"),
        {
            "type": "add_gun",
            "id": "g",
            "side": "british",
            "gun_size": "75",
            "notation": "s8",
            "to_hit": "black",
        },
    ).state
    assert fire_th(s, "g", "british", captured=True)["colour"] == "red"


def test_a_missing_gun_size_names_the_counter_and_the_command_b5_2() -> None:
    """ASL-B5.2: a Gun from a counter without a gun size is refused naming the `set` command."""
    s = add_from_counter(game("1943-06"), SHERMAN_II, "british", "sh", library=None)
    s = act(s, {"type": "set_phase", "phase": "PFPh", "attacker": "british"}).state
    with pytest.raises(RuleViolation) as err:
        act(s, {"type": "fire", "gun": "sh", "range": 6, "target": "vehicle", "af": 8}, 3, 3)
    assert err.value.clause == "ASL-B5.2"
    assert "no gun size for 'Sherman II(a)'" in str(err.value.hint)
    assert f"ordnance asl counters set {SHERMAN_II} --gun-size SIZE" in str(err.value.hint)


def doc(**extra: Any) -> AslScenario:
    return AslScenario.model_validate(
        {
            "format": "ordnance-scenario",
            "format_version": 1,
            "title": "library test",
            "date": "1943-06",
            "sides": [
                {"id": "british", "nationality": "british"},
                {"id": "german", "nationality": "german"},
            ],
            "units": [{"id": "sh", "side": "british", "counter": "Sherman II(a)"}],
            **extra,
        }
    )


def test_a_scenario_unit_by_counter_takes_the_scenarios_library_b5_2() -> None:
    """ASL-B5.2, B5.6, B5.7: the scenario's counter_library fills gun size, ROF, B# and
    the database's marking (ASL-B5.1) travels with the counter."""
    library = {"counters": {SHERMAN_II: {"gun_size": "75", "rof": 1, "breakdown": 11}}}
    start = from_scenario(doc(counter_library=library))
    (action,) = start.actions
    assert action["gun_size"] == "75" and action["rof"] == 1 and action["breakdown"] == 11
    assert action["to_hit"] == "red" and action["piece_id"] in ("1286", "1288")
    bare = from_scenario(doc()).actions[0]
    assert "gun_size" not in bare and bare["to_hit"] == "red"


def test_a_scenario_units_own_value_wins_over_its_library() -> None:
    library = {"counters": {"Sherman II(a)": {"gun_size": "75", "rof": 1}}}
    units = [{"id": "sh", "side": "british", "counter": "Sherman II(a)", "rof": 2}]
    (action,) = from_scenario(doc(counter_library=library, units=units)).actions
    assert action["rof"] == 2 and action["gun_size"] == "75"


def test_a_unit_by_piece_id_takes_the_library_and_keeps_its_notation() -> None:
    """A VASL-made unit (notation and piece id) gets the library's printed values."""
    library = {"counters": {SHERMAN_II: {"gun_size": "75", "to_hit": "black"}}}
    units = [{"id": "sh", "side": "british", "notation": "s8", "piece_id": SHERMAN_II}]
    (action,) = from_scenario(doc(counter_library=library, units=units)).actions
    assert action["notation"] == "s8" and action["gun_size"] == "75"
    assert action["to_hit"] == "black"


def test_the_export_keeps_the_marking_and_the_piece_id() -> None:
    from ordnance.asl.scenario import to_scenario

    s = add_from_counter(game("1943-06"), SHERMAN_II, "british", "sh")
    (unit,) = to_scenario(s)["units"]
    assert unit["to_hit"] == "red" and unit["piece_id"] == SHERMAN_II
    again = from_scenario(AslScenario.model_validate({**to_scenario(s), "position": None}))
    assert again.actions[0]["to_hit"] == "red"


def test_counter_gun_fields_reads_the_marking_at_the_date() -> None:
    before = counter_gun_fields(
        SHERMAN_II, nationality="british", library=None, date=ScenarioDate.parse("1943-12")
    )
    after = counter_gun_fields(
        SHERMAN_II, nationality="british", library=None, date=ScenarioDate.parse("1944-01")
    )
    assert before["to_hit"] == "red" and "to_hit" not in after


def test_the_games_odds_follow_the_counters_marking_b5_1() -> None:
    """ASL-B5.1 in ``asl game odds`` (the preview of ``fire``): red TH# lowers the hit odds."""
    from ordnance.asl.actions import Fire
    from ordnance.asl.shot.preview import whole_shot_preview

    red = add_from_counter(game("1943-06"), SHERMAN_II, "british", "sh")
    black = add_from_counter(game("1944-06"), SHERMAN_II, "british", "sh")
    act_ = Fire(gun="sh", range=8, target="vehicle", af=8)
    odds = {}
    for name, s in (("red", red), ("black", black)):
        gun = s.gun("sh")
        assert gun is not None
        part = whole_shot_preview(s, gun, act_, None, None)
        assert part is not None and "p_hit" in part, part
        odds[name] = Fraction(str(part["p_hit"]))
    assert odds["red"] < odds["black"]
