"""The chance to destroy, damage or thin the target in an attack's odds (TOI-GEN-7).

What the net hits do is the attack's own code (TOI-B4: a squad loses a figure per
net hit, or is pinned / disrupted by a suppressive attack; TOI-B6: the vehicle
damage default). Each figure of ``Game.odds`` is checked against brute force:
``Game.apply`` run on every sequence of dice (``enumerate_procedure``), reading
the target unit it leaves behind.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from ordnance.core.dice import DiceSource
from ordnance.core.odds import enumerate_procedure
from ordnance.core.odds.distribution import Distribution
from ordnance.toi.odds.action import target_after
from ordnance.toi.plugin import GAME
from ordnance.toi.rules.damage import VehicleDamage
from ordnance.toi.state import ToIState, Unit

from .helpers import UNITS, place_at, settings


def position(figures: dict[str, int], damage: dict[str, str], where: tuple[str, str]) -> ToIState:
    """The test scenario with some squads thinned, some vehicles damaged, one unit moved."""
    units = [dict(u, figures=figures[u["id"]]) if u["id"] in figures else u for u in UNITS]
    state = GAME.new(settings(units=units))
    for uid, d in damage.items():
        state = state.with_unit(replace(state.unit(uid), damage=VehicleDamage(d)))
    return place_at(state, *where)


def target_brute(state: ToIState, action: dict[str, Any], seat: str) -> Distribution[Unit]:
    """The target unit after ``action``, over every dice sequence ``apply`` can read."""

    def after(dice: DiceSource) -> Unit:
        return GAME.apply(state, action, dice, seat).state.unit(action["target"])

    return enumerate_procedure(after)


def odds_of(state: ToIState, action: dict[str, Any]) -> dict[str, Any]:
    """The German seat's odds of ``action`` as a plain mapping (an attack, never smoke here)."""
    odds = GAME.odds(state, action, "german")
    assert odds is not None
    return dict(odds)


def frac(text: str) -> Fraction:
    return Fraction(text)


CASES = [
    # TOI-B6: an undamaged T-34 (1 black die against 3 red): light damage at most
    pytest.param({"g-squad": 1}, {}, ("g-squad", "1,3"), "s-tank", False, id="vehicle-undamaged"),
    # TOI-B6: a heavily damaged vehicle is destroyed by any net hit
    pytest.param(
        {"g-squad": 1}, {"s-tank": "heavy"}, ("g-squad", "1,3"), "s-tank", False, id="vehicle-heavy"
    ),
    # TOI-B4: a squad of two figures loses one per net hit, eliminated at two
    pytest.param(
        {"g-squad": 1, "s-squad": 2}, {}, ("g-squad", "2,4"), "s-squad", False, id="squad"
    ),
    # TOI-B4: suppressive fire pins on one net hit, disrupts on two; no figure is lost
    pytest.param(
        {"g-squad": 1, "s-squad": 2}, {}, ("g-squad", "2,4"), "s-squad", True, id="suppressive"
    ),
]


@pytest.mark.parametrize(("figures", "damage", "where", "target", "suppressive"), CASES)
def test_odds_of_the_target_equal_enumeration_through_apply(
    figures: dict[str, int],
    damage: dict[str, str],
    where: tuple[str, str],
    target: str,
    suppressive: bool,
) -> None:
    """TOI-GEN-7, TOI-B4, TOI-B6: p_kill, the harm chance and the table of the target after."""
    state = position(figures, damage, where)
    action = {"type": "attack", "unit": where[0], "target": target, "suppressive": suppressive}
    odds = odds_of(state, action)
    assert "p_kill" in odds
    before = state.unit(target)
    brute = target_brute(state, action, "german")
    assert frac(odds["p_kill"]) == brute.probability(lambda u: not u.alive)
    after = {k: frac(p) for k, p in odds["after"].items()}
    assert after == dict(brute.map(target_after).items())
    assert sum(after.values()) == 1
    if before.is_vehicle:
        assert frac(odds["p_damage"]) == brute.probability(lambda u: u.damage is not before.damage)
        assert "p_figure" not in odds and "p_morale" not in odds
    elif suppressive:
        assert frac(odds["p_morale"]) == brute.probability(lambda u: u.morale != before.morale)
    else:
        assert frac(odds["p_figure"]) == brute.probability(lambda u: u.figures < before.figures)


def test_the_figures_in_numbers() -> None:
    """Worked by hand: 1 black die at 4+ (1/2) against red dice cancelling on 5+ (1/3 each)."""
    # the undamaged T-34 (3 red dice): a net hit needs the black hit and no red cancel
    state = position({"g-squad": 1}, {}, ("g-squad", "1,3"))
    odds = odds_of(state, {"type": "attack", "unit": "g-squad", "target": "s-tank"})
    assert odds["p_damage"] == "4/27"  # 1/2 * (2/3)**3
    assert odds["p_kill"] == "0/1"  # 1 net hit at most: 4 destroy an undamaged vehicle (TOI-B6)
    assert odds["after"] == {"undamaged": "23/27", "lightly damaged": "4/27"}
    # heavily damaged (armour 1 less: 2 red dice): any net hit destroys it (TOI-B6)
    state = position({"g-squad": 1}, {"s-tank": "heavy"}, ("g-squad", "1,3"))
    odds = odds_of(state, {"type": "attack", "unit": "g-squad", "target": "s-tank"})
    assert odds["p_kill"] == "2/9"  # 1/2 * (2/3)**2
    assert odds["after"] == {"heavily damaged": "7/9", "destroyed": "2/9"}
    # two squad figures, 2 black dice, no cover: p(at least one figure) = 1 - 1/4
    state = position({"g-squad": 1, "s-squad": 2}, {}, ("g-squad", "2,4"))
    odds = odds_of(state, {"type": "attack", "unit": "g-squad", "target": "s-squad"})
    assert (odds["p_figure"], odds["p_kill"]) == ("3/4", "1/4")
    assert odds["after"] == {
        "2 figure(s) left": "1/4",
        "1 figure(s) left": "1/2",
        "eliminated": "1/4",
    }
