"""Hidden information: a face-down token's type never reaches the opponent.

Two kinds of check:

* non-interference: change the types of one nation's face-down tokens (swapping
  them with its supply, so the world stays possible) and every view, event and
  odds preview produced for the other seat (and for spectators) is unchanged;
* a stateful hypothesis test over random legal games: no nation ever has more
  than three tokens on the board (TOI-GEN-6) and the checks above hold after
  every step.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from ordnance.core.dice import SeededDice
from ordnance.core.errors import OrdnanceError
from ordnance.core.events import Event
from ordnance.toi.plugin import GAME
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.state import ToIState
from ordnance.toi.views import HIDDEN_LABEL

from .helpers import UNITS, act, buy, new, to

RICH = {
    "command": {"german": 30, "soviet": 30},
    "supply": {n: {m.value: 2 for m in Munition} for n in ("german", "soviet")},
}


def other(side: str) -> str:
    return "soviet" if side == "german" else "german"


def swap_world(state: ToIState, side: str, order: list[int]) -> ToIState:
    """Re-deal ``side``'s face-down types and supply by the permutation ``order``."""
    down = [t for t in state.tokens if t.side == side and not t.face_up]
    nation = state.nation(side)
    pool = [t.munition for t in down] + [m for m, c in nation.supply for _ in range(c)]
    dealt = [pool[i] for i in order]
    new_types = dict(zip((t.id for t in down), dealt[: len(down)], strict=True))
    counts = Counter(dealt[len(down) :])
    tokens = tuple(
        replace(t, munition=new_types[t.id]) if t.id in new_types else t for t in state.tokens
    )
    nation = replace(nation, supply=tuple((m, counts.get(m, 0)) for m in Munition))
    return replace(state.with_nation(nation), tokens=tokens)


def assert_opponent_blind(state: ToIState, side: str, order: list[int]) -> None:
    """Every output for the other seat, and for spectators, is the same in the swapped world."""
    world = swap_world(state, side, order)
    for seat in (other(side), None):
        assert GAME.view(state, seat) == GAME.view(world, seat)
        assert GAME.legal(state, seat) == GAME.legal(world, seat)
    for u in state.units:
        if u.side != side or not u.alive:
            continue
        for target in state.units:
            if target.side == side or not target.alive:
                continue
            action = {"type": "attack", "unit": u.id, "target": target.id}
            try:
                a = GAME.odds(state, action, other(side))
            except OrdnanceError as exc:
                a = {"error": exc.to_dict()}
            try:
                b = GAME.odds(world, action, other(side))
            except OrdnanceError as exc:
                b = {"error": exc.to_dict()}
            assert a == b


def assert_no_type_in_public_form(state: ToIState, events: list[Event]) -> None:
    for ev in events:
        for side in state.sides:
            if ev.secret_for is not None and side not in ev.secret_for:
                shown = ev.for_seat(side)
                assert "munition" not in shown and "token" not in shown
                for m in Munition:
                    assert m.value not in json.dumps(shown)
    for side in state.sides:
        view = GAME.view(state, other(side))
        text = json.dumps(view["tokens"]) + json.dumps(view["map"]["markers"])
        for t in state.tokens_of(side):
            assert t.id not in json.dumps(view)
            if not t.face_up:
                assert all(
                    "munition" not in tv
                    for tv in view["tokens"]
                    if tv["unit"] == t.unit and tv["face"] == "down"
                )
        assert HIDDEN_LABEL in text or not any(not t.face_up for t in state.tokens_of(side))


def test_buy_event_public_form_is_the_same_for_every_type() -> None:
    """covers TOI-GEN-5 (face down), TOI-AMB-12: the opponent's copy never depends on the type."""
    state = to(new(), "munitions")
    shown = set()
    for m in Munition:
        _, ev = act(state, {"type": "buy", "unit": "g-pz", "munition": m.value}, seat="german")
        shown.add(json.dumps(ev[0].for_seat("soviet"), sort_keys=True))
        shown.add(json.dumps(ev[0].for_seat(None), sort_keys=True))
        assert m.value in json.dumps(ev[0].for_seat("german"))
    assert len(shown) == 1


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(8)))
def test_views_do_not_depend_on_face_down_types(order: list[int]) -> None:
    """covers TOI-GEN-5: with three German tokens down, any re-deal looks the same to the Soviet."""
    state = to(new(), "munitions")
    for unit, m in (("g-pz", "HE"), ("g-gun", "Smoke"), ("g-tank", "AP-C")):
        state = buy(state, unit, m)
    state = to(state, "action")
    # 3 face down + 1 left in supply = 4 items; pad the permutation down to them
    order4 = [i for i in order if i < 4]
    assert_opponent_blind(state, "german", order4)


class MunitionsGame(RuleBasedStateMachine):
    """Random legal (and illegal, refused) actions; invariants after each."""

    @initialize(seed=st.integers(0, 10_000))
    def start(self, seed: int) -> None:
        self.state = new(**RICH)
        self.events: list[Event] = []
        self.seed = seed

    def _try(self, action: dict[str, Any], seat: str | None = None) -> None:
        self.seed += 1
        try:
            out = GAME.apply(self.state, action, SeededDice(self.seed), seat)
        except OrdnanceError:
            return
        self.state = out.state
        self.events.extend(out.events)

    @rule(
        to=st.sampled_from([None, "munitions", "action", "keep-or-discard", "op-fire", "command"])
    )
    def advance(self, to: str | None) -> None:
        self._try({"type": "advance", **({"to": to} if to else {})})

    @rule(
        purchases=st.lists(
            st.tuples(st.sampled_from([u["id"] for u in UNITS]), st.sampled_from(list(Munition))),
            min_size=1,
            max_size=4,
        ),
        jump=st.booleans(),
        as_owner=st.booleans(),
    )
    def buy(self, purchases: list[tuple[str, Munition]], jump: bool, as_owner: bool) -> None:
        if jump and self.state.step != "munitions":
            self._try({"type": "advance", "to": "munitions"})
        for unit, munition in purchases:
            side = self.state.unit(unit).side
            self._try(
                {"type": "buy", "unit": unit, "munition": munition.value},
                side if as_owner else None,
            )

    @rule(
        unit=st.sampled_from([u["id"] for u in UNITS]),
        victim=st.sampled_from([u["id"] for u in UNITS]),
        mode=st.sampled_from(["concentrated", "op_fire", "fire_and_movement"]),
    )
    def attack(self, unit: str, victim: str, mode: str) -> None:
        if self.state.phase.value != "action":
            self._try({"type": "advance", "to": "action"})
        self._try({"type": "attack", "unit": unit, "target": victim, "mode": mode})

    @rule(unit=st.sampled_from([u["id"] for u in UNITS]), q=st.integers(0, 6), r=st.integers(-3, 6))
    def smoke_or_move(self, unit: str, q: int, r: int) -> None:
        self._try({"type": "attack", "unit": unit, "hex": f"{q},{r}"})
        self._try({"type": "move", "unit": unit, "to": f"{q},{r}"})

    @rule(unit=st.sampled_from([u["id"] for u in UNITS]))
    def discard_or_op_fire(self, unit: str) -> None:
        self._try({"type": "discard", "unit": unit})
        self._try({"type": "op_fire", "unit": unit})

    @rule(side=st.sampled_from(["german", "soviet"]), order=st.permutations(range(8)))
    def opponent_is_blind(self, side: str, order: list[int]) -> None:
        down = [t for t in self.state.tokens if t.side == side and not t.face_up]
        size = len(down) + sum(c for _m, c in self.state.nation(side).supply)
        assert_opponent_blind(self.state, side, [i for i in order if i < size])

    @invariant()
    def at_most_three_on_the_board(self) -> None:
        """covers TOI-GEN-6"""
        for side in self.state.sides:
            assert len(self.state.tokens_of(side)) <= 3

    @invariant()
    def no_type_leaks(self) -> None:
        assert_no_type_in_public_form(self.state, self.events)


MunitionsGame.TestCase.settings = settings(max_examples=25, stateful_step_count=30, deadline=None)
TestMunitionsGame = MunitionsGame.TestCase
