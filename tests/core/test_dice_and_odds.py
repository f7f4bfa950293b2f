"""Dice sources and the brute-force enumerator."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ordnance.core.dice import DiceSource, EnteredDice, SeededDice, parse_dice
from ordnance.core.errors import InvalidDice, NotEnoughDice
from ordnance.core.odds import Distribution, enumerate_procedure


def test_seeded_dice_are_reproducible():
    a, b = SeededDice(99), SeededDice(99)
    assert [a.d6() for _ in range(20)] == [b.d6() for _ in range(20)]


@given(st.lists(st.integers(min_value=-3, max_value=10), min_size=1, max_size=5))
def test_entered_dice_accept_exactly_one_to_six(values):
    src = EnteredDice(values)
    if all(1 <= v <= 6 for v in values):
        assert src.pool(len(values)) == tuple(values)
    else:
        with pytest.raises(InvalidDice):
            src.pool(len(values))


def test_missing_die_names_itself():
    with pytest.raises(NotEnoughDice) as err:
        EnteredDice([3]).dr()
    assert "die #2" in str(err.value)


def test_parse_dice_forms():
    assert parse_dice("3,2") == (3, 2) == parse_dice(" 3 2 ") == parse_dice("32")


def test_enumerator_matches_hand_count_for_hits_on_five_plus():
    def hits(dice: DiceSource) -> int:
        return sum(1 for v in dice.pool(3) if v >= 5)

    dist = enumerate_procedure(hits)
    # P(k hits) = C(3,k) (1/3)^k (2/3)^(3-k)
    assert dist == Distribution(
        {0: Fraction(8, 27), 1: Fraction(12, 27), 2: Fraction(6, 27), 3: Fraction(1, 27)}
    )


def test_enumerator_handles_procedures_that_use_a_variable_number_of_dice():
    def reroll_sixes_once(dice: DiceSource) -> int:
        first = dice.d6()
        return first + dice.d6() if first == 6 else first

    dist = enumerate_procedure(reroll_sixes_once)
    assert dist[3] == Fraction(1, 6) and dist[12] == Fraction(1, 36) and 6 not in dist


def test_distribution_refuses_probabilities_not_summing_to_one():
    with pytest.raises(ValueError):
        Distribution({1: Fraction(1, 2)})
