"""Every text a player reads names hexes by their printed numbers, never axial ``q,r``.

For every shipped position (each game's default and each shipped scenario after
its set-up), every seat's view (panels, turn line, board and map words), the
legal forms' titles, labels and descriptions, the LOS and odds answers' texts
and the event texts of a seeded random walk are searched for a ``q,r`` pair.
Only fields that are explicitly axial ids (``hex``, ``from``, ``to``, the
schema's ``enum``/``examples``...) may hold one: they are what the page sends
back, not what it shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from ordnance.core import registry
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import parse_hex
from ordnance.core.messages import render_message
from ordnance.waw.calculators.los import LosQuestion, los
from tests.core.test_shapes import GAMES, IDS, POSITIONS, _fillings, played_events, seats_of
from tests.i18n.renderings import words_in

#: A ``q,r`` pair as text: two integers with a comma between them.
AXIAL = re.compile(r"(?<![\d/.])-?\d+,-?\d+(?![\d/.])")


def axial_in(texts: Iterator[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(where, text) for where, text in texts if AXIAL.search(text)]


def test_the_pattern_finds_axial_pairs_and_leaves_printed_numbers() -> None:
    assert AXIAL.search("T-34/76 at 6,0") and AXIAL.search("drift to 4,-1")
    assert AXIAL.search("blocked by Smoke at 2,1")
    assert not AXIAL.search("T-34/76 at 0707") and not AXIAL.search("C5 -> D6")
    assert not AXIAL.search("odds 1/6, 5/36") and not AXIAL.search("dice [4, 4, 1]")


def form_texts(form: Mapping[str, Any], where: str) -> Iterator[tuple[str, str]]:
    yield from words_in({"title": form.get("title", "")}, where)
    yield from words_in(form.get("schema", {}), f"{where}.schema")


@pytest.mark.parametrize(("where", "game", "state"), POSITIONS, ids=IDS)
def test_views_and_forms_show_printed_hexes(where: str, game: Any, state: Any) -> None:
    found: list[tuple[str, str]] = []
    for seat in seats_of(game, state):
        view = game.view(state, seat)
        for part in ("panels", "turn", "board", "map"):
            if part in view:
                found += axial_in(words_in(view[part], f"{where} {seat} view.{part}"))
        for form in game.legal(state, seat):
            found += axial_in(form_texts(form, f"{where} {seat} legal {form['type']}"))
    assert not found, found[:10]


@pytest.mark.parametrize(("where", "game", "state"), POSITIONS, ids=IDS)
def test_los_texts_show_printed_hexes(where: str, game: Any, state: Any) -> None:
    board = game.view(state, None).get("board")
    if board is None:
        pytest.skip("no board")
    cells = [c["hex"] for c in board["hexes"]]
    found: list[tuple[str, str]] = []
    for a, b in ((cells[0], cells[-1]), (cells[0], cells[len(cells) // 2])):
        answer = game.los(state, parse_hex(a), parse_hex(b), None)
        found += axial_in(words_in(answer, f"{where} los {a} {b}"))
    assert not found, found[:10]


@pytest.mark.parametrize(("where", "game", "state"), POSITIONS, ids=IDS)
def test_odds_texts_show_printed_hexes(where: str, game: Any, state: Any) -> None:
    found: list[tuple[str, str]] = []
    for seat in seats_of(game, state):
        for form in game.legal(state, seat):
            for action in _fillings(form, game.view(state, seat)):
                try:
                    odds = game.odds(state, action, seat)
                except OrdnanceError:
                    continue  # this filling is not a legal action
                if odds is not None:
                    found += axial_in(words_in(odds, f"{where} {seat} odds {action}"))
    assert not found, found[:10]


@pytest.mark.parametrize("name", GAMES)
def test_event_texts_show_printed_hexes(name: str) -> None:
    found: list[tuple[str, str]] = []
    for where, seats, event in played_events(name):
        for seat in seats:
            seen = event.for_seat(seat, messages=True)
            texts = [seen["text"]]
            if seen.get("template"):
                texts.append(render_message(str(seen["template"]), seen.get("args") or {}))
            found += [(f"{where} {seat}", t) for t in texts if t and AXIAL.search(t)]
    assert not found, found[:10]


def test_a_toi_smoke_round_names_its_hexes_as_printed() -> None:
    """TOI-SMK-1/-4: a Smoke round fired at a hex given as its printed number (the
    walk reaches one only by chance): its text names the target and the drift as
    printed; the event data keeps the axial ids."""
    game = registry.game("toi")
    state = game.new({})
    for action in (
        {"type": "advance", "to": "munitions"},
        {"type": "buy", "unit": "g-panther-1", "munition": "Smoke"},
        {"type": "advance", "to": "action"},
    ):
        state = game.apply(state, action, EnteredDice([]), None).state
    fire = {"type": "attack", "unit": "g-panther-1", "hex": "0504"}  # axial 4,1
    out = game.apply(state, fire, EnteredDice([5, 1, 1, 1, 1, 1, 2, 2]), None)
    texts = [e.text for e in out.events]
    assert any("fires Smoke at 0504" in t for t in texts), texts
    assert not [t for t in texts if AXIAL.search(t)], texts
    smoke = next(e for e in out.events if "hex" in e.data and e.data["hex"] == "4,1")
    assert smoke.data["landing"] is not None


def test_printed_numbers_are_read_as_input_and_axial_ids_still_are() -> None:
    """A hex may be typed as printed (``0504``) or axial (``4,1``): the same hex; the
    view's data keeps the axial id and its words the printed number."""
    assert parse_hex("0504") == parse_hex("4,1") == parse_hex(" 0504 ")
    with pytest.raises(OrdnanceError) as exc:
        parse_hex("0005")  # there is no column 00
    assert "printed number" in (exc.value.hint or "")
    game = registry.game("waw")
    state = game.new({})
    place = {"type": "place_unit", "id": "t", "kind": "T-72", "side": "soviet", "hex": "0504"}
    state = game.apply(state, place, EnteredDice([]), None).state
    view = game.view(state, "us")
    assert [u["hex"] for u in view["map"]["units"]] == ["4,1"]
    rows = [r for p in view["panels"] for r in p["rows"] if r and r[0] == "T-72"]
    assert rows and rows[0][2] == "0504"


def test_the_waw_los_calculator_names_printed_hexes() -> None:
    """WAW-8.2-c: the calculator's title, lines and Smoke marker column show ``0305``, ids stay axial."""
    answer = los(LosQuestion(origin="0,3", target="4,1", smoke=["2,2", "1,3"], unit="M1 Abrams"))
    texts = [answer["title"], *answer["lines"]]
    texts += [" ".join(row) for row in answer["table"]["rows"]]
    texts += [s["reason"] for s in answer["smoke"]]
    assert not [t for t in texts if AXIAL.search(t)], texts
    assert answer["title"] == "LOS 0104 -> 0504 (distance 4)"
    assert [row[0] for row in answer["table"]["rows"]] == ["0204", "0304"]
    assert answer["from"] == "0,3" and answer["smoke"][0]["marker"] == "1,3"
    printed = los(LosQuestion(origin="0104", target="0504", smoke=["0304", "0204"]))
    assert printed["title"] == answer["title"] and printed["hexes"] == answer["hexes"]


TOI_FILE = """\
format: ordnance-scenario
game: toi
title: Printed
sides: [{id: german, nationality: german}, {id: soviet, nationality: soviet}]
map:
  columns: 4
  rows: 4
  hexes: [{hex: "HEX_WOODS", terrain: woods}]
units:
  - {id: g1, side: german, profile: panzer-iv, hex: "HEX_G1"}
  - {id: s1, side: soviet, profile: t-34-76, hex: "2,0"}
"""


def _toi_start(woods: str, g1: str) -> Any:
    from ordnance.core import scenario as sc

    src = sc.parse_text(TOI_FILE.replace("HEX_WOODS", woods).replace("HEX_G1", g1), "p.yaml")
    assert sc.problems_of(src) == []
    return sc.prepare(src)[2]


def test_scenario_files_take_printed_numbers_and_axial_ids_alike() -> None:
    """A ToI file's map and set-up hexes written ``0202``/``0101`` read as ``1,1``/``0,0``."""
    printed = _toi_start("0202", "0101")
    axial = _toi_start("1,1", "0,0")
    assert printed == axial
    from ordnance.core import scenario as sc

    src = sc.parse_text(TOI_FILE.replace("HEX_WOODS", "0000").replace("HEX_G1", "x1"), "p.yaml")
    problems = [p.text("p.yaml") for p in sc.problems_of(src)]
    assert any("columns and rows count from 01" in p for p in problems), problems
    assert any("'x1' is not a hex" in p and "printed number" in p for p in problems), problems


def test_an_asl_file_places_a_gun_by_its_printed_hex() -> None:
    """ASL-BOARD-1: ``C4`` on the default board is axial ``2,2``; a hex off it (row 11) is refused."""
    from ordnance.core import scenario as sc

    doc = {
        "game": "asl", "title": "Printed",
        "sides": [{"id": "russian", "nationality": "russian"}, {"id": "german", "nationality": "german"}],
        "units": [{"id": "t34", "side": "russian", "name": "T-34/85", "gun_size": "85L", "hex": "C4"},
                  {"id": "pz", "side": "german", "name": "PzKpfw IVH", "gun_size": "75L", "hex": "6,1"}],
    }  # fmt: skip
    game, _, start = sc.prepare(sc.document(doc, "p.yaml"))
    state = game.new(start.settings)
    for action in start.actions:
        state = game.apply(state, action, EnteredDice([]), None).state
    assert {g.id: g.hex for g in state.guns} == {"t34": "2,2", "pz": "6,1"}
    off = {**doc, "units": [{**doc["units"][0], "hex": "C11"}, doc["units"][1]]}
    problems = [p.text("p.yaml") for p in sc.problems_of(sc.document(off, "p.yaml"))]
    assert any("ASL-BOARD-1" in p for p in problems), problems


@pytest.mark.parametrize(
    ("game", "printed", "axial"), [("toi", "0305", "2,3"), ("asl", "C5", "2,3")]
)
def test_a_game_reads_the_hexes_its_map_prints(game: str, printed: str, axial: str) -> None:
    g = registry.game(game)
    state = g.new({})
    assert g.read_hex(state, printed) == parse_hex(axial) == g.read_hex(state, axial)
    assert g.hex_label(state, parse_hex(axial)) == printed
