"""Values derived from immutable parts, remembered by identity (``ordnance.core.memo``).

The view of a state shares what it derives from the state's unchanged parts
(a unit's row, its label, the turn): each is built once per part object,
never for an equal but distinct object, and the memo never holds more than
its bound.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ordnance.core.memo import IdentityMemo
from ordnance.toi import legal as toi_legal
from ordnance.toi import views as toi_views
from ordnance.toi.plugin import GAME
from ordnance.toi.setup import new_state


@dataclass(frozen=True)
class Part:
    name: str


def test_a_value_is_made_once_per_object_and_again_for_an_equal_copy() -> None:
    memo: IdentityMemo[str] = IdentityMemo("test", 8)
    made: list[str] = []

    def make(p: Part) -> str:
        made.append(p.name)
        return p.name.upper()

    a = Part("a")
    assert memo.get((a,), lambda: make(a)) == "A"
    assert memo.get((a,), lambda: make(a)) == "A"
    copy = replace(a)
    assert copy == a and copy is not a
    assert memo.get((copy,), lambda: make(copy)) == "A"
    assert made == ["a", "a"]  # the copy is another object: made again, never mistaken


def test_the_memo_holds_at_most_its_bound_dropping_the_least_recently_used() -> None:
    memo: IdentityMemo[int] = IdentityMemo("test", 3)
    parts = [Part(str(i)) for i in range(5)]
    for i, p in enumerate(parts[:3]):
        memo.get((p,), lambda i=i: i)
    memo.get((parts[0],), lambda: -1)  # used again: now the most recent
    memo.get((parts[3],), lambda: 3)
    memo.get((parts[4],), lambda: 4)
    assert len(memo) == 3
    assert memo.get((parts[0],), lambda: -1) == 0  # kept
    assert memo.get((parts[1],), lambda: -1) == -1  # dropped, made again


def test_a_value_of_an_object_and_plain_values_is_made_once_per_pair() -> None:
    memo: IdentityMemo[str] = IdentityMemo("test", 8)
    made: list[tuple[str, str]] = []

    def make(p: Part, extra: str) -> str:
        made.append((p.name, extra))
        return p.name + extra

    a = Part("a")
    assert memo.with_values(a, ("x",), lambda: make(a, "x")) == "ax"
    assert memo.with_values(a, ("x",), lambda: make(a, "x")) == "ax"
    assert memo.with_values(a, ("y",), lambda: make(a, "y")) == "ay"
    copy = replace(a)
    assert memo.with_values(copy, ("x",), lambda: make(copy, "x")) == "ax"
    assert made == [("a", "x"), ("a", "y"), ("a", "x")]


def test_a_state_shares_the_parts_of_its_unchanged_units_across_seats_and_states() -> None:
    state = new_state({})
    seats = list(GAME.seats(state))
    first = GAME.view(state, seats[0])
    other = GAME.view(state, seats[1])
    # the units' entries are public: the same objects in both seats' views
    assert all(a is b for a, b in zip(first["units"], other["units"], strict=True))
    moved = state.with_unit(replace(state.units[0], activation="fatigued"))
    after = GAME.view(moved, seats[0])
    assert after["units"][0] is not first["units"][0]
    assert after["units"][0]["activation"] == "fatigued"
    assert all(a is b for a, b in zip(first["units"][1:], after["units"][1:], strict=True))
    # both seats' views share the units list and the units panel (no token on them)
    assert first["units"] is other["units"]
    assert first["panels"][2] is other["panels"][2]
    # the same JSON as a view built with nothing remembered
    toi_views._UNITS.clear()
    toi_views._ROWS.clear()
    toi_views._UNIT_LISTS.clear()
    toi_views._UNIT_PANELS.clear()
    toi_views._SMOKE.clear()
    toi_views._SUPPLY.clear()
    toi_views._SUPPLY_CELLS.clear()
    toi_legal._LABELS.clear()
    assert GAME.view(moved, seats[0]) == after
    assert GAME.turn_view(moved) is GAME.turn_view(moved)
