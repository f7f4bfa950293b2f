"""Every text a player reads names a counter by its name, never by its id.

The rules write events with the ids they work with; :meth:`Game.apply` hands the
faces events whose texts (and message arguments) name each counter as the game
calls it (:meth:`Game.counter_names`: the catalogue's or the scenario's name,
numbered when two counters share it), while the events' data keep the ids for
machines. Odds titles go through :meth:`Game.named_odds` the same way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import pytest

from ordnance.core import registry
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import OrdnanceError
from ordnance.core.events import Event
from ordnance.core.messages import msg, render_message, term
from ordnance.core.naming import distinct_names, named_event, named_text
from tests.core.test_shapes import GAMES, IDS, POSITIONS, _fillings, played_events, seats_of

#: Event data keys that hold a counter id.
ID_KEYS = ("unit", "target", "gun", "id", "firer", "units", "targets")


def test_a_shared_name_is_numbered_in_the_counters_order() -> None:
    names = distinct_names([("b", "Panzer IV"), ("a", "T-34"), ("c", "Panzer IV")])
    assert names == {"b": "Panzer IV #1", "a": "T-34", "c": "Panzer IV #2"}


def test_ids_are_replaced_as_whole_words_only() -> None:
    names = {"g-pziv-1": "Panzer IV", "g-pziv-10": "Panther", "mr": "Motor Rifle"}
    text = "g-pziv-10 and g-pziv-1 fire; mrs g-pziv-1x stay; mr moves"
    assert (
        named_text(text, names)
        == "Panther and Panzer IV fire; mrs g-pziv-1x stay; Motor Rifle moves"
    )


def test_an_event_names_counters_and_hexes_and_keeps_its_data() -> None:
    """Arguments nested in terms and lists are renamed; dice are never read as a hex."""
    event = Event.of(
        "attack",
        {"unit": "u1", "hex": "2,4"},
        msg(
            "{unit} at {hex}: {result} (dice {dice})",
            unit="u1",
            hex="2,4",
            result=term("{target} light", target="u2"),
            dice="5,3",
        ),
        secret_for=frozenset({"german"}),
        public={"unit": "u1"},
        public_message=msg("{unit} acts", unit="u1"),
    )
    out = named_event(event, {"u1": "Tiger", "u2": "KV-1"}, lambda h: f"{h.q + 1:02d}{h.r + 3:02d}")
    assert out.text == "Tiger at 0307: KV-1 light (dice 5,3)"
    assert out.public_text == "Tiger acts"
    assert out.data == {"unit": "u1", "hex": "2,4"} and out.public == {"unit": "u1"}
    assert out.args is not None
    assert render_message(str(out.template), out.args) == out.text


def _ids(values: Iterable[Any]) -> set[str]:
    out: set[str] = set()
    for v in values:
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, (list, tuple)):
            out |= _ids(v)
    return out


def _id_words(ids: Iterable[str]) -> re.Pattern[str]:
    ordered = sorted(ids, key=len, reverse=True)
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in ordered) + r")(?![\w-])")


def _named_ids(name: str) -> dict[str, str]:
    """Every counter of the game's shipped positions whose name is not its id."""
    names: dict[str, str] = {}
    for where, g, state in POSITIONS:
        if where.startswith(f"{name}/"):
            names.update(g.counter_names(state))
    return {i: n for i, n in names.items() if n != i}


@pytest.mark.parametrize("name", GAMES)
def test_event_texts_name_counters_not_ids(name: str) -> None:
    named = _named_ids(name)
    found: list[tuple[str, str]] = []
    checked = 0
    introducing = registry.game(name).introducing_events
    for where, seats, event in played_events(name):
        if event.kind in introducing:
            continue  # "russian added t34 (T-34/85)": the id is introduced beside the name
        ids = {i for i in _ids(event.data.get(k) for k in ID_KEYS) if i in named}
        ids |= {i for i in named if i in event.text}
        if not ids:
            continue
        pattern = _id_words(ids)
        for seat in seats:
            seen = event.for_seat(seat, messages=True)
            texts = [str(seen["text"])]
            if seen.get("template"):
                texts.append(render_message(str(seen["template"]), seen.get("args") or {}))
            checked += 1
            found += [(f"{where} {seat}", t) for t in texts if t and pattern.search(t)]
    assert checked, f"no {name} event named a counter"
    assert not found, found[:10]


def test_a_toi_attack_names_both_units_and_its_data_keeps_their_ids() -> None:
    """TOI-GEN-7 (the token flipped) and the attack: texts by name, data by id."""
    game = registry.game("toi")
    state = game.new({})
    for action in (
        {"type": "advance", "to": "munitions"},
        {"type": "buy", "unit": "g-pziv-1", "munition": "AP-C"},
        {"type": "advance", "to": "action"},
    ):
        state = game.apply(state, action, EnteredDice([]), None).state
    attack = {"type": "attack", "unit": "g-pziv-1", "target": "s-t34-1"}
    out = game.apply(state, attack, EnteredDice([4, 6, 2, 5, 1, 4, 3, 5]), None)
    texts = [e.text for e in out.events]
    assert any(t.startswith("Panzer IV attacks T-34/76 at normal range") for t in texts), texts
    assert not [t for t in texts if "g-pziv-1" in t or "s-t34-1" in t], texts
    shot = next(e for e in out.events if e.kind == "attack")
    assert shot.data["unit"] == "g-pziv-1" and shot.data["target"] == "s-t34-1"
    odds = game.named_odds(state, game.odds(state, attack, "german"))
    assert odds is not None and odds["title"] == "Panzer IV attacks T-34/76: net hits"


@pytest.mark.parametrize(("where", "game", "state"), POSITIONS, ids=IDS)
def test_odds_titles_name_counters_not_ids(where: str, game: Any, state: Any) -> None:
    named = {i: n for i, n in game.counter_names(state).items() if n != i}
    if not named:
        pytest.skip("no named counter")
    pattern = _id_words(named)
    found: list[str] = []
    for seat in seats_of(game, state):
        for form in game.legal(state, seat):
            for action in _fillings(form, game.view(state, seat)):
                try:
                    odds = game.named_odds(state, game.odds(state, action, seat))
                except OrdnanceError:
                    continue
                title = str((odds or {}).get("title", ""))
                if pattern.search(title):
                    found.append(title)
    assert not found, found[:10]


def test_a_refusal_names_the_unit_and_printed_hexes_not_ids() -> None:
    """TOI-B2: a blocked line of sight is refused in the board's words (name, 0204),
    for the action and for its odds alike."""
    game = registry.game("toi")
    state = game.new({})
    for action in ({"type": "advance", "to": "munitions"}, {"type": "advance", "to": "action"}):
        state = game.apply(state, action, EnteredDice([]), None).state
    attack = {"type": "attack", "unit": "g-panther-1", "target": "s-kv1-1"}
    for refused in (
        lambda: game.apply(state, attack, EnteredDice([1] * 30), None),
        lambda: game.odds(state, attack, "german"),
    ):
        with pytest.raises(OrdnanceError) as caught:
            try:
                refused()
            except OrdnanceError as exc:  # what the table does with a refusal of odds
                raise game.named_refusal(state, exc) from None
        assert caught.value.clause == "TOI-B2"
        assert caught.value.message == (
            "Panther has no line of sight from 0204 to 0806: terrain blocks the line of sight"
        )
        assert "g-panther-1" not in str(caught.value) and "1,3" not in str(caught.value)
