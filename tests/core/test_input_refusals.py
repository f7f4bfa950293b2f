"""One translator of validation errors (ordnance.core.validation) for every game:
a refused action names every field, its value and the clause; an unknown action
is refused the same way, with the clause of the game's sequence of play."""

from __future__ import annotations

import pytest

from ordnance.core import registry
from ordnance.core.dice import SeededDice
from ordnance.core.errors import InvalidInput, UnknownName

SEQUENCE = {"asl": "ASL-8.0-a", "toi": "TOI-B8", "waw": "WAW-B6"}


@pytest.mark.parametrize("name", sorted(SEQUENCE))
def test_an_unknown_action_is_refused_alike_with_a_clause(name: str) -> None:
    game = registry.game(name)
    with pytest.raises(UnknownName) as err:
        game.apply(game.new({}), {"type": "teleport"}, SeededDice(1))
    assert err.value.clause == SEQUENCE[name]
    assert "teleport" in err.value.message and err.value.hint


@pytest.mark.parametrize(
    ("name", "action", "field"),
    [
        ("toi", {"type": "buy", "nation": "german", "munition": "HE", "count": "lots"}, "count"),
        (
            "waw",
            {"type": "he_fire", "side": "us", "target": "3,3", "firepower": "x", "hit_number": 4},
            "firepower",
        ),
    ],
)
def test_every_bad_field_is_named_with_its_value(
    name: str, action: dict[str, object], field: str
) -> None:
    game = registry.game(name)
    with pytest.raises(InvalidInput) as err:
        game.apply(game.new({}), action, SeededDice(1))
    problem = next(p for p in err.value.problems if p.field == field)
    assert problem.value == repr(action[field])
    assert problem.clause is not None and err.value.clause is not None
    assert field in err.value.to_dict()["field"] or err.value.to_dict()["problems"]
