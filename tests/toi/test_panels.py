"""The table page's panels and choices for Tide of Iron (ordnance.core.forms conventions).

The panels are built from the seat's own view, so the opponent's panels must
never name the type of a face-down token: checked by re-dealing the German
face-down types and supply (the swapped world of ``test_hidden``) and
comparing every panel and choice the Soviet seat gets. covers TOI-GEN-5
(placed face down), TOI-GEN-1 (tokens go beside vehicles and equipment).
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import jsonschema_rs

from ordnance.core.dice import SeededDice
from ordnance.toi.plugin import GAME
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.views import HIDDEN_LABEL

from .helpers import buy, new, to
from .test_hidden import swap_world


def _form(legal: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(item["schema"] for item in legal if item["type"] == kind)


def _choices(schema: dict[str, Any], field: str) -> list[Any]:
    prop = schema["properties"][field]
    for branch in [prop, *prop.get("anyOf", [])]:
        if "items" in branch:
            branch = branch["items"]
        if "x-labels" in branch:
            assert len(branch["x-labels"]) == len(branch["enum"])
            return list(branch["enum"])
    raise AssertionError(f"{field} offers no choice")


def assert_forms_valid(legal: list[dict[str, Any]]) -> None:
    """Every schema compiles as JSON Schema 2020-12 and accepts its own first choices."""
    for item in legal:
        # as served (JSON): a label that is a shown text (Said) is a plain string there
        jsonschema_rs.Draft202012Validator(json.loads(json.dumps(item["schema"])))


def _bought() -> Any:
    state = to(new(), "munitions")
    state = buy(state, "g-pz", "AP-C", seat="german")
    return buy(state, "s-kv", "HE", seat="soviet")


def test_views_have_panels_for_every_seat() -> None:
    state = _bought()
    for seat in ("german", "soviet", None):
        panels = GAME.view(state, seat)["panels"]
        titles = [p["title"] for p in panels]
        assert titles == ["Round", "Nations", "Units", "Smoke markers"]
        for p in panels:
            assert all(len(row) == len(p["columns"]) for row in p["rows"])
            assert all(isinstance(c, str) for row in p["rows"] for c in row)


def test_owner_reads_its_token_and_the_opponent_a_munitions_token() -> None:
    """covers TOI-GEN-5: the token column shows the type to its owner only."""
    state = _bought()
    units = {p["title"]: p for p in GAME.view(state, "german")["panels"]}["Units"]
    token = {row[0]: row[-1] for row in units["rows"]}
    assert token["Panzer IV"] == "AP-C (face down)"  # by the counter's name, no ids
    assert token["KV-1"] == HIDDEN_LABEL
    nations = {p["title"]: p for p in GAME.view(state, "german")["panels"]}["Nations"]
    supply = {row[0]: row[-1] for row in nations["rows"]}
    assert supply["soviet"].endswith("(types hidden)") and "HE" in supply["german"]


def test_opponent_panels_and_choices_never_depend_on_a_face_down_type() -> None:
    """covers TOI-GEN-5: re-deal the German types; the Soviet panels and forms are unchanged."""
    state = _bought()
    state = buy(state, "g-tank", "Smoke", seat="german")
    n = len([t for t in state.tokens if t.side == "german"]) + sum(
        c for _m, c in state.nation("german").supply
    )
    seen_panels, seen_legal = set(), set()
    orders = []
    for i, j in itertools.combinations(range(n), 2):  # every swap of two dealt types
        order = list(range(n))
        order[i], order[j] = order[j], order[i]
        orders.append(order)
    types = set()
    for order in orders:
        world = swap_world(state, "german", order)
        types.add(tuple(t.munition for t in world.tokens if t.side == "german"))
        for seat in ("soviet", None):
            panels = json.dumps(GAME.view(world, seat)["panels"])
            seen_panels.add((seat, panels))
            seen_legal.add((seat, json.dumps(GAME.legal(world, seat))))
            for row in GAME.view(world, seat)["panels"][2]["rows"]:
                if row[1] == "german":
                    assert row[-1] in ("", HIDDEN_LABEL)
            assert "german-" not in panels  # no German token id either
    assert len(types) > 3  # the worlds really differ in the face-down types
    assert len(seen_panels) == 2 and len(seen_legal) == 2


def test_choices_name_only_units_the_seat_may_use_or_target() -> None:
    """covers TOI-GEN-1/TOI-GEN-5 (buy beside own vehicles), TOI-B7, TOI-B4 (attack an enemy)."""
    state = to(new(), "munitions")
    legal = GAME.legal(state, "soviet")
    assert_forms_valid(legal)
    units = _choices(_form(legal, "buy"), "unit")
    # no squad, no german unit, and no GAZ truck: it has no attack to reveal a token (TOI-B7)
    assert set(units) == {"s-tank", "s-kv", "s-gun"}
    assert _choices(_form(legal, "buy"), "munition") == [m.value for m in Munition]
    # the purchase window is german's too (TOI-GEN-4): soviet may advance once german is done
    assert "advance" not in {f["type"] for f in legal}
    german_done = GAME.apply(state, {"type": "done"}, SeededDice(0), "german").state
    assert "munitions" in _choices(_form(GAME.legal(german_done, "soviet"), "advance"), "to")
    state = to(buy(state, "s-kv", "HE", seat="soviet"), "action")
    # the german has the initiative (TOI-B8): once it passes, the soviet takes the actions
    state = GAME.apply(state, {"type": "done"}, SeededDice(0), "german").state
    legal = GAME.legal(state, "soviet")
    assert_forms_valid(legal)
    attack = _form(legal, "attack")
    assert set(_choices(attack, "unit")) == {u.id for u in state.units if u.side == "soviet"}
    assert set(_choices(attack, "target")) == {u.id for u in state.units if u.side == "german"}
    assert attack["properties"]["hex"]["x-hex"] == "one"
    assert _form(legal, "move")["properties"]["to"]["x-hex"] == "one"


def test_buy_offers_only_types_left_in_the_own_supply() -> None:
    """covers TOI-GEN-3: the supply limits what may be bought."""
    state = to(new(), "munitions")
    state = buy(state, "s-kv", "HE", seat="soviet")
    offered = _choices(_form(GAME.legal(state, "soviet"), "buy"), "munition")
    assert "HE" not in offered and "AP-B" in offered
