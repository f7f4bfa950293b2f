"""Event texts, panels, labels and odds titles of the game modules in Russian.

The events carry a message template and its arguments (``Event.template`` /
``Event.args``); the faces render them from the game-texts catalogue
(``games.po``). English stays byte-identical. Covers the WaW event kinds of
WAW-HE-a..k (HE Fire), WAW-8.2-a/-h (Smoke, Marker Removal Phase), WAW-8.3-a/-d
(FASCAM, mine attacks).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from ordnance import i18n
from ordnance.cli.main import main
from ordnance.core.dice import EnteredDice, SeededDice
from ordnance.core.events import Event
from ordnance.core.messages import msg, render_message, term
from ordnance.waw.plugin import GAME

GAMES_PO = Path(i18n.catalogue_path("ru", i18n.GAMES_DOMAIN))
FIELDS = re.compile(r"\{[a-z_]+\}")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.activate("en")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    return code, capsys.readouterr().out


def _scenario(db: str, capsys: pytest.CaptureFixture[str], *lang: str) -> str:
    out = []
    for args in (
        ["waw", "new", "--id", "g"],
        ["waw", "terrain", "g", "woods", "3,3"],
        ["waw", "place", "g", "t", "T-72", "--side", "soviet", "--hex", "3,3"],
        ["waw", "place", "g", "mr", "Motor Rifle Infantry", "--side", "soviet", "--hex", "3,3"],
        ["waw", "place", "g", "hq", "Soviet HQ", "--side", "soviet", "--hex", "3,3"],
        [
            "waw",
            "he",
            "g",
            "--side",
            "us",
            "--target",
            "3,3",
            "--fp",
            "6",
            "--hit-number",
            "4",
            "--dice",
            "6,6,5,5,4,1,2,3",
        ],
        ["waw", "smoke", "g", "--side", "us", "--target", "1,1"],
        ["waw", "markers", "g"],
        ["waw", "log", "g"],
    ):
        code, text = run(capsys, *lang, *args, "--db", db)
        assert code == 0, text
        out.append(text)
    return " ".join("".join(out).split())  # Rich wraps at the terminal width


def test_waw_he_and_log_print_russian_event_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """covers WAW-HE-a..k, WAW-8.2-a, WAW-8.2-h: the event lines in Russian."""
    text = _scenario(str(tmp_path / "ru.db"), capsys, "--lang", "ru")
    assert (
        "залп HE Fire по гексу 0405: огневая мощь 6 d6, число попадания 4+; чистых попаданий: 5"
        in text
    )
    assert (
        "мотострелки: в порядке -> подавлен+ослаблен" in text
    )  # WAW-AMB-4: soft units end Reduced
    assert "решают игроки (правило 1.3.3.2)" in text
    assert "Дым 2 в гексе 0202" in text and "Дым 2 -> Дым 1 в гексах 0202" in text
    assert "Журнал" in text and "что произошло" in text
    assert "net Hit(s)" not in text and "placed in" not in text


def test_english_output_is_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _scenario(str(tmp_path / "en.db"), capsys, "--lang", "en")
    # WAW-AMB-4 default: HE takes the soft unit at most to Reduced
    assert (
        "HE Fire 6 dice at 4+ on 0405: 5 net Hit(s); Motor Rifle Infantry good order -> disrupted+reduced"
        in text
    )
    assert "Marker Removal Phase: Smoke 2 -> Smoke 1 in 0202" in text


def test_json_is_the_same_in_both_languages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "j.db")
    _scenario(db, capsys)
    _c, en = run(capsys, "--lang", "en", "waw", "log", "g", "--db", db, "--json")
    _c, ru = run(capsys, "--lang", "ru", "waw", "log", "g", "--db", db, "--json")
    assert en == ru and "template" not in json.loads(en)["entries"][0]["events"][0]


def _every_event() -> list[Event]:
    """Every WaW event kind, with both FASCAM options so mines attack on placement."""
    events: list[Event] = []
    for seed in range(8):
        s = GAME.new({"fascam_attack_on_placement": True})
        for a in (
            {"type": "place_terrain", "hexes": ["3,3"], "terrain": "woods"},
            {"type": "place_unit", "id": "t", "kind": "T-72", "side": "soviet", "hex": "3,3"},
            {"type": "place_unit", "id": "mr", "kind": "Motor Rifle Infantry"}
            | {"side": "soviet", "hex": "3,3"},
            {"type": "place_unit", "id": "m1", "kind": "M1 Abrams", "side": "us", "hex": "0,0"},
            {"type": "he_fire", "side": "us", "target": "3,3", "firepower": 6, "hit_number": 3},
            {"type": "smoke", "side": "us", "target": "2,2"},
            {"type": "fascam", "side": "us", "target": "4,4", "caller": "m1"},
            {"type": "move", "unit": "mr", "path": ["4,3", "4,4", "5,4"]},
            {"type": "fire", "unit": "m1", "weapon": "ap", "target": "3,3"},
            {"type": "marker_removal"},
            {"type": "marker_removal"},
            {"type": "marker_removal"},
            {"type": "set_condition", "unit": "t", "condition": "disrupted"},
            {"type": "remove_unit", "unit": "t"},
        ):
            try:
                out = GAME.apply(s, a, SeededDice(seed), None)
            except Exception:  # an eliminated unit cannot move on: fine for this sweep
                continue
            s = out.state
            events += out.events
    return events


def test_every_waw_event_has_a_template_rendering_its_english_text() -> None:
    events = _every_event()
    kinds = {e.kind for e in events}
    assert {"terrain", "placed", "removed", "condition", "he_fire", "smoke", "fascam"} <= kinds
    assert {"moved", "mine_attack", "fire", "marker_removal"} <= kinds
    for e in events:
        assert e.template is not None and e.args is not None
        assert render_message(e.template, e.args) == e.text  # English is the same bytes


def test_every_waw_event_renders_in_russian_from_the_catalogue() -> None:
    i18n.activate("ru")
    used: set[str] = set()

    def tr(s: str) -> str:
        used.add(s)
        return i18n._(s)

    for e in _every_event():
        text = i18n.event_text(e.for_seat(None, messages=True), tr)
        assert text and "{" not in text
    po = read_po(GAMES_PO.open("rb"))
    # plain-text arguments (ids, hexes, unit types) are looked up too, as words
    # that may have an entry (i18n.translated_args); only the templates must
    values = {v for e in _every_event() for v in (e.args or {}).values() if isinstance(v, str)}
    # a side's id is looked up by its table name first (i18n.side_name: "side:soviet")
    values |= {"side:" + v for e in _every_event() for k, v in (e.args or {}).items()
               if k in i18n.SIDE_ARGS and isinstance(v, str)}  # fmt: skip
    missing = {u for u in used - values if u not in po and FIELDS.sub("", u).strip(" ;:,->")}
    assert not missing, missing


def test_games_catalogue_is_complete_and_keeps_placeholders() -> None:
    po = read_po(GAMES_PO.open("rb"))
    for m in po:
        if not m.id:
            continue
        assert m.string, m.id
        assert sorted(FIELDS.findall(str(m.id))) == sorted(FIELDS.findall(str(m.string))), m.id


def test_view_panels_labels_and_odds_titles_translate() -> None:
    state = GAME.new({})
    for a in (
        {"type": "place_terrain", "hexes": ["3,3"], "terrain": "woods"},
        {"type": "place_unit", "id": "t", "kind": "T-72", "side": "soviet", "hex": "3,3"},
        {"type": "smoke", "side": "us", "target": "1,1"},
    ):
        state = GAME.apply(state, a, EnteredDice([]), None).state
    i18n.activate("ru")
    panels = i18n.localize_panels(GAME.view(state, None)["panels"], i18n._, "ru")
    assert [p["title"] for p in panels] == ["Юниты", "Маркеры", "Ожидающие проверки HQ", "Стороны"]
    assert panels[0]["columns"] == ["Юнит", "Сторона", "Гекс", "Местность", "Состояние"]
    # the unit by its name (never its id), its side by the side's name
    assert panels[0]["rows"][0] == ["T-72", "советские", "0405", "лес", "в порядке"]
    assert panels[1]["rows"] == [["0202", "Дым 2"]]
    assert panels[1]["note"] == "Проведено фаз снятия маркеров: 0"
    legal = i18n.localize_legal(GAME.legal(state, "us"), i18n._, "ru")
    titles = {item["type"]: item["title"] for item in legal}
    assert titles["he_fire"] == "Огневое задание HE Fire"
    fire = next(item for item in legal if item["type"] == "set_condition")
    assert fire["schema"]["properties"]["unit"]["x-labels"] == ["t: T-72, гекс 0405 (в порядке)"]
    odds = GAME.odds(
        state,
        {"type": "he_fire", "side": "us", "target": "3,3", "firepower": 4, "hit_number": 4},
        None,
    )
    assert odds is not None
    assert i18n.localize_text(odds["title"], i18n._, "ru") == (
        "залп HE Fire по гексу 0405: огневая мощь 4 d6, число попадания 4+ (лес, кубиков защиты: 1)"
    )
    assert i18n.localize_panels(panels, i18n._, "en") == panels  # English: untouched


def test_a_secret_event_is_translated_from_the_public_message_for_others() -> None:
    """Hidden information: another seat's text comes from the public message only."""
    ev = Event.of(
        "bought",
        {"token": "phosphorus-round"},
        msg("{side} bought {kind}", side="allies", kind=term("phosphorus-round")),
        secret_for=frozenset({"allies"}),
        public={},
        public_message=msg("{side} placed a face-down token", side="allies"),
    )
    other = ev.for_seat("axis", messages=True)
    assert "phosphorus" not in json.dumps(other, ensure_ascii=False)
    ru = {"phosphorus-round": "фосфор"}

    def tr(s: str) -> str:
        return ru.get(s, s)

    assert "phosphorus" not in i18n.event_text(other, tr)
    mine = ev.for_seat("allies", messages=True)
    assert i18n.event_text(mine, tr) == "allies bought фосфор"
    # the journal keeps the messages; an old record without them still loads
    assert Event.from_record(ev.to_record()) == ev
    assert "template" not in Event("x", text="t").to_record()
