"""The Armour Factors printed on a counter travel with its Gun (ASL-B6).

The scenario's counter library (or the ``add_gun`` action itself) gives the
hull and turret AF, front and side; the Gun keeps them, the view's piece
carries them (printed on the counter: public, the same for both seats), the
scenario export writes them back, and a counter the library says nothing of
gets none (the fire form then asks for it).
"""

from __future__ import annotations

from typing import Any

from ordnance.asl.plugin import AslGame
from ordnance.asl.rules.counter_library import CounterLibrary, counter_gun_fields
from ordnance.asl.scenario import AslScenario, from_scenario, to_scenario
from ordnance.asl.state import AslState
from ordnance.core.dice import EnteredDice

GAME = AslGame()
#: T-34/85 (piece 601) with the AF a player copied from the counter (made-up values).
LIBRARY = {
    "counters": {
        "601": {"hull": {"front": 11, "side": 8}, "turret": {"front": 12, "side": 0}},
    }
}


def doc(**extra: Any) -> AslScenario:
    return AslScenario.model_validate(
        {
            "format_version": 1,
            "title": "armour test",
            "date": "1944-06",
            "sides": [
                {"id": "russian", "nationality": "russian"},
                {"id": "german", "nationality": "german"},
            ],
            "units": [{"id": "t34", "side": "russian", "counter": "601", "hex": "2,2"}],
            **extra,
        }
    )


def played(scenario: AslScenario) -> AslState:
    start = from_scenario(scenario)
    state: AslState = GAME.new(start.settings)
    for action in start.actions:
        state = GAME.apply(state, dict(action), EnteredDice(()), None).state
    return state


def test_the_library_gives_add_gun_the_printed_af_b6() -> None:
    values = counter_gun_fields(
        "601", nationality="russian", library=CounterLibrary.model_validate(LIBRARY), date=None
    )
    assert (values["af_hull_front"], values["af_hull_side"]) == (11, 8)
    # an AF of 0 is printed too (a thin side is not an unknown one)
    assert (values["af_turret_front"], values["af_turret_side"]) == (12, 0)
    bare = counter_gun_fields("601", nationality="russian", library=None, date=None)
    assert not any(k.startswith("af_") for k in bare)


def test_both_seats_see_the_armour_on_the_piece_and_the_export_keeps_it_b6() -> None:
    state = played(doc(counter_library=LIBRARY))
    for seat in ("russian", "german", None):
        (piece,) = GAME.view(state, seat)["map"]["units"]
        assert (piece["af"], piece["af_side"]) == (11, 8), seat
        assert (piece["af_turret"], piece["af_turret_side"]) == (12, 0), seat
    (unit,) = to_scenario(state)["units"]
    assert unit["af_hull_front"] == 11 and unit["af_turret_side"] == 0
    again = played(AslScenario.model_validate({**to_scenario(state), "position": None}))
    assert again.guns[0].armour == (11, 8, 12, 0)


def test_a_counter_without_library_values_has_no_af() -> None:
    state = played(doc())
    (piece,) = GAME.view(state, "german")["map"]["units"]
    assert not any(k.startswith("af") for k in piece)
    assert state.guns[0].armour == (None, None, None, None)
