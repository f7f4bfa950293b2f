"""The chance that matters in World at War's odds, against enumeration of ``Game.apply``.

* A unit's AP or HE shot (WAW-8.2-e): the chance of at least one Hit. The shot only
  records its Hits (the defender's save belongs to the core rules, not modelled), so
  the odds say so in a note instead of inventing a damage chance.
* An HE Fire mission (WAW-HE-a, -e, -g, -i, -j): each unit's chance to be harmed
  (its condition worse after the mission); an HQ is never a target (WAW-HE-k).

Each figure is checked against brute force: ``Game.apply`` run on every sequence of
dice (``enumerate_procedure``), reading the Hits it records or the units it leaves.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ordnance.core.dice import DiceSource, EnteredDice
from ordnance.core.odds import enumerate_procedure
from ordnance.waw.plugin import GAME
from ordnance.waw.state import WawState


def setup(*actions: dict[str, object], **settings: object) -> WawState:
    state = GAME.new(settings)
    for action in actions:
        state = GAME.apply(state, action, EnteredDice([])).state
    return state


def odds_of(state: WawState, action: dict[str, Any]) -> dict[str, Any]:
    odds = GAME.odds(state, action)
    assert odds is not None
    return dict(odds)


def unit(uid: str, kind: str, side: str, hex_: str) -> dict[str, object]:
    return {"type": "place_unit", "id": uid, "kind": kind, "side": side, "hex": hex_}


@pytest.mark.parametrize("weapon", ["ap", "he"])
def test_a_shot_gives_the_chance_of_a_hit_as_apply_rolls_it(weapon: str) -> None:
    """WAW-8.2-e: p_hit is P(hits >= 1) of the ``fire`` procedure, over all its dice."""
    state = setup(unit("T1", "T-72", "soviet", "4,0"), unit("A1", "M1 Abrams", "us", "1,0"))
    action = {"type": "fire", "unit": "T1", "weapon": weapon, "target": "1,0"}
    odds = odds_of(state, action)
    assert "p_hit" in odds

    def hits(dice: DiceSource) -> int:
        return int(GAME.apply(state, action, dice, "soviet").events[-1].data["hits"])

    brute = enumerate_procedure(hits)
    assert Fraction(odds["p_hit"]) == brute.probability(lambda h: h >= 1)
    assert odds["distribution"] == brute.to_json()
    assert "save" in odds["note"]  # no damage chance is made up for the core rules' save


@pytest.mark.parametrize(
    "settings",
    [{}, {"he_allocation": "strict_round_robin"}, {"he_soft_cap": "eliminated"}],
    ids=["default", "round-robin", "soft-cap-eliminated"],
)
def test_he_fire_gives_each_units_chance_to_be_harmed(settings: dict[str, object]) -> None:
    """WAW-HE-g/-i/-j (and AMB-3, AMB-4 options): harmed[u] = P(u's condition changes);
    the HQ (WAW-HE-k) is not a target and has no figure."""
    state = setup(
        unit("T1", "T-72", "soviet", "3,3"),
        unit("M1", "Motor Rifle Infantry", "soviet", "3,3"),
        unit("H1", "Soviet HQ", "soviet", "3,3"),
        {"type": "place_terrain", "hexes": ["3,3"], "terrain": "woods"},
        **settings,
    )
    action = {"type": "he_fire", "side": "us", "target": "3,3", "firepower": 3, "hit_number": 4}
    odds = odds_of(state, action)
    assert "harmed" in odds
    assert set(odds["harmed"]) == {"T1", "M1"}

    def conditions(dice: DiceSource) -> tuple[str, str]:
        after = GAME.apply(state, action, dice, "us").state
        return after.unit("T1").condition.label, after.unit("M1").condition.label

    brute = enumerate_procedure(conditions)
    assert Fraction(odds["harmed"]["T1"]) == brute.probability(lambda c: c[0] != "good order")
    assert Fraction(odds["harmed"]["M1"]) == brute.probability(lambda c: c[1] != "good order")
    assert 0 < Fraction(odds["harmed"]["T1"]) < 1
