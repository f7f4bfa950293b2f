"""The template matcher of ``i18n.localize_text`` matches only plausible parts.

A catalogue template such as ``{terrain} in {hexes}`` becomes a pattern whose
placeholders are typed by name (a hex, a list of hexes, a number, a terrain
word, one token, or free text for the few sentence-like names), so an unrelated
sentence that happens to contain `` in `` is not garbled into a Russian
fragment. These tests collect every English string the three games show
through their forms (settings and ``legal()`` schemas), panels, select labels,
LOS answers and a sample of events, and check that no template garbles one.
Covers WAW-HE-b (the terrain Defensive Bonus description that was garbled).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from ordnance import i18n
from ordnance.asl.plugin import AslGame
from ordnance.core.dice import SeededDice
from ordnance.core.events import Event
from ordnance.core.game import Game
from ordnance.core.hexes import Hex
from ordnance.toi.plugin import GAME as TOI
from ordnance.waw.plugin import PLUGIN as WAW_PLUGIN
from tests.cli.test_i18n_asl_toi import ASL_SHOTS, SIDES, T34, TOI_BUY, _toi
from tests.toi.helpers import new as toi_new

RU = i18n.translations("ru").gettext
WAW = WAW_PLUGIN.game
ASL = AslGame()


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.activate("en")


def _old_pattern(msgid: str) -> re.Pattern[str]:
    """The matcher before typed placeholders: every field ``.+?`` (for the regression check)."""
    parts, last = [], 0
    for m in re.finditer(r"\{([a-z_][a-z0-9_]*)\}", msgid):
        parts.append(re.escape(msgid[last : m.start()]) + "(.+?)")
        last = m.end()
    return re.compile("".join(parts) + re.escape(msgid[last:]), re.S)


def _matching(text: str) -> list[str]:
    return [msgid for rx, msgid in i18n.template_patterns("ru") if rx.fullmatch(text)]


# Sentences that contain a template's literal words but are not that template.
NOT_MATCHING = {
    "{terrain} in {hexes}": [
        "A terrain type and its infantry Defensive Bonus in dice (WAW-HE-b).",
        "Smoke markers in play",
        "woods in 1,0 and beyond",
    ],
    "{ammo} n/a": ["the odds are n/a", "APCR and HEAT n/a"],
    "N={n}": ["Depletion Number N=5 for APCR", "N=5 and more"],
    "eliminated: {units}": [],
    "{text}; {note}": [],
    "{unit} destroyed": ["every unit in the hex destroyed"],
    "{unit}: {label} at {hex}": ["range: close at 3 hexes", "t: T-72 at the woods"],
    "{count} hexes, range {range}": ["several hexes, range 3"],
    "round {round}: {position}": ["round the corner: fine"],
    "placed {hex}": ["placed beside the unit"],
    "drift to {hex}": ["drift to the north-east"],
    "{munition} ({count} left)": ["HE (none left)"],
    "{side} receives {amount} command ({total})": ["each side receives some command (rule 2)"],
    "HQ {hq} check d6={dice}: {result}": ["HQ hq check d6=six: ok"],
}


def test_templates_do_not_match_unrelated_sentences() -> None:
    """Each short template refuses sentences whose parts are not plausible for its fields."""
    known = {msgid for _rx, msgid in i18n.template_patterns("ru")}
    for msgid, sentences in NOT_MATCHING.items():
        assert msgid in known, msgid
        rx = i18n.template_pattern(msgid)
        for sentence in sentences:
            assert rx.fullmatch(sentence) is None, (msgid, sentence)
            assert i18n.localize_text(sentence, RU, "ru") == RU(sentence), sentence


def test_the_garbled_description_would_have_matched_the_old_matcher() -> None:
    """The regression (WAW-HE-b): the untyped pattern matched it, the typed one does not."""
    sentence = "A terrain type and its infantry Defensive Bonus in dice (WAW-HE-b)."
    assert _old_pattern("{terrain} in {hexes}").fullmatch(sentence) is not None
    assert _matching(sentence) == []
    assert "гекс" not in i18n.localize_text(sentence, RU, "ru")


def test_typed_placeholders_still_match_what_the_games_write() -> None:
    """Hexes, lists of hexes, numbers, terrain words, ids and free text (WAW-8.2-c)."""
    cases = {
        "woods in 1,0, 2,-1": "{terrain} in {hexes}",
        "Marker Removal Phases so far: 12": "Marker Removal Phases so far: {count}",
        "t: T-72 at 3,3 (good order)": "{unit}: {kind} at {hex} ({condition})",
        "APCR n/a": "{ammo} n/a",
        "Smoke 2 at 2,0 does not block: the firer is adjacent to its target (WAW-8.2-c, "
        "WAW-AMB-7).": "Smoke {level} at {marker} does not block: {reason}.",
    }
    for text, msgid in cases.items():
        assert _matching(text)[:1] == [msgid], text
        out = i18n.localize_text(text, RU, "ru")
        assert out != text and "{" not in out, text
    assert i18n.localize_text("woods in 1,0, 2,-1", RU, "ru") == RU("{terrain} in {hexes}").format(
        terrain=RU("woods"), hexes="1,0, 2,-1"
    )


def test_placeholder_types() -> None:
    assert i18n.placeholder_pattern("hexes") == i18n.HEXES
    assert i18n.placeholder_pattern("count") == i18n.NUMBER
    assert i18n.placeholder_pattern("message") == i18n.FREE
    assert i18n.placeholder_pattern("some_new_name") == i18n.TOKEN
    assert re.fullmatch(i18n.HEXES, "0,0, 1,-1 2,0")
    assert not re.fullmatch(i18n.HEXES, "dice")
    assert not re.fullmatch(i18n.TOKEN, "two words")


# --- every string the three games show ------------------------------------------------------


def _schema_texts(node: Any, exact: list[str], patterned: list[str]) -> None:
    """Titles and descriptions (exact-lookup texts) and ``x-labels`` (patterned texts)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("title", "description") and isinstance(value, str):
                exact.append(value)
            elif key == "x-labels" and isinstance(value, list):
                patterned.extend(str(x) for x in value)
            elif key in ("properties", "$defs") and isinstance(value, dict):
                for sub in value.values():
                    _schema_texts(sub, exact, patterned)
            else:
                _schema_texts(value, exact, patterned)
    elif isinstance(node, list):
        for x in node:
            _schema_texts(x, exact, patterned)


def _waw_state() -> Any:
    state = WAW.new({})
    for action in [
        {"type": "place_unit", "id": "A1", "kind": "M1 Abrams", "side": "us", "hex": "0,0"},
        {"type": "place_unit", "id": "I1", "kind": "M901 ITV", "side": "us", "hex": "0,0"},
        {"type": "place_unit", "id": "T1", "kind": "T-72", "side": "soviet", "hex": "4,0"},
        {"type": "smoke", "side": "us", "target": "2,0"},
    ]:
        state = WAW.apply(state, action, SeededDice(1), None).state
    return state


def _asl_state() -> Any:
    state = ASL.new({"date": "1944-06", "sides": SIDES})
    state = ASL.apply(state, T34, SeededDice(1), None).state
    return ASL.apply(
        state, {"type": "set_phase", "phase": "PFPh", "attacker": "russian"}, SeededDice(1), None
    ).state


def _shown(game: Game[Any], state: Any) -> tuple[list[str], list[str]]:
    """(exact-lookup texts, patterned texts) a game shows for ``state`` to every seat."""
    exact: list[str] = []
    patterned: list[str] = []
    _schema_texts(game.settings_schema(), exact, patterned)
    for seat in [None, *game.seats(state)]:
        for item in game.legal(state, seat):
            exact.append(str(item.get("title", "")))
            _schema_texts(item.get("schema"), exact, patterned)
        for panel in game.view(state, seat).get("panels", []):
            exact.append(str(panel.get("title", "")))
            exact.extend(str(c) for c in panel.get("columns", []))
            # cells are matched against the templates too ("4 fig., normal, fresh")
            patterned.extend(str(c) for row in panel.get("rows", []) for c in row)
            if panel.get("note"):
                patterned.append(str(panel["note"]))
        for a, b in [((0, 0), (4, 0)), ((4, 0), (0, 0)), ((0, 0), (1, 0)), ((0, 0), (2, -1))]:
            answer = game.los(state, Hex(*a), Hex(*b), seat)
            for key in ("text", "note"):
                if isinstance(answer.get(key), str):
                    patterned.append(answer[key])
            patterned.extend(x for x in answer.get("explanation", []) if isinstance(x, str))
    return [t for t in exact if t], [t for t in patterned if t]


GAMES = {
    "waw": (WAW, _waw_state),
    "asl": (ASL, _asl_state),
    "toi": (TOI, lambda: toi_new(start_phase="status")),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_exact_text_of_a_game_is_matched_by_a_template(name: str) -> None:
    """Form titles/descriptions, action titles and panel cells are sentences or words
    translated by exact lookup: no template may translate one (that is how they got garbled)."""
    game, make = GAMES[name]
    exact, _patterned = _shown(game, make())
    assert exact
    garbled = {
        t: i18n.localize_text(t, RU, "ru")
        for t in set(exact)
        if i18n.localize_text(t, RU, "ru") != RU(t)
    }
    assert garbled == {}
    # the patterns that match at all are the letter-less ones, which need known parts
    for t in set(exact):
        assert all(i18n.needs_known_parts(m) for m in _matching(t)), (t, _matching(t))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_patterned_texts_keep_their_ids_hexes_and_numbers(name: str) -> None:
    """Labels, panel notes and LOS lines: a matched template keeps every typed part as written."""
    game, make = GAMES[name]
    _exact, patterned = _shown(game, make())
    assert patterned
    for text in set(patterned):
        out = i18n.localize_text(text, RU, "ru")
        assert "{" not in out or "{" in text, text
        for rx, _msgid in i18n.template_patterns("ru"):
            m = rx.fullmatch(text)
            if m is None:
                continue
            for value in re.findall(r"-?\d+,-?\d+", text):
                assert value in out, (text, out)
            break


def _sample_events() -> list[Event]:
    waw: list[Event] = []
    state = WAW.new({})
    actions: list[dict[str, Any]] = [
        {"type": "place_unit", "id": "t", "kind": "T-72", "side": "soviet", "hex": "3,3"},
        {"type": "he_fire", "side": "us", "target": "3,3", "firepower": 6, "hit_number": 4},
        {"type": "smoke", "side": "us", "target": "1,1"},
        {"type": "marker_removal"},
    ]
    for action in actions:
        out = WAW.apply(state, action, SeededDice(2), None)
        state, waw = out.state, waw + list(out.events)
    return waw + ASL_SHOTS + _toi(*TOI_BUY)


def test_event_texts_are_matched_by_their_own_template_or_not_at_all() -> None:
    """An event's English text (as an older journal shows it, without its message) is
    either left as it is or translated exactly as its own template translates it."""
    events = _sample_events()
    assert len(events) >= 5
    for event in events:
        shown = event.for_seat(None, messages=True)
        text = str(shown.get("text") or "")
        out = i18n.localize_text(text, RU, "ru")
        if out == text or not shown.get("template"):
            continue
        assert out == i18n.event_text(shown, RU), (text, out)
