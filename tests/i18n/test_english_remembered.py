"""The English answer's remembered parts (``server.i18n._SEAT_TEXTS``, ``_ENGLISH_TURNS``):
the same words as made afresh, each seat's own request in its words."""

from __future__ import annotations

from typing import Any

from ordnance.core.events import Event
from ordnance.core.forms import panel, shared_panel
from ordnance.core.messages import msg
from ordnance.server import i18n
from ordnance.server.seats import CLAIMED, UNDO_DECLINED


def _events() -> list[dict[str, Any]]:
    claimed = {"template": CLAIMED, "args": {"seat": "soviet", "entry": 0}}
    declined = {
        "template": UNDO_DECLINED,
        "args": {"by": "german", "undone": 3, "seat": "soviet"},
    }
    return [
        {"id": 1, "seat": "soviet", "text": "x", "message": claimed},
        {"id": 2, "seat": "soviet", "text": "y", "message": declined},
        {"id": 3, "seat": "german", "text": "plain row"},
    ]


def test_english_seat_events_are_worded_as_afresh_for_each_reader() -> None:
    en = i18n.translations("en").gettext
    events = _events()
    for reader in ("soviet", "german", None):
        fresh = i18n.localize_seat_events(events, en, reader)
        for _ in range(2):  # made, then remembered
            assert i18n.localize_seat_events(events, en, reader, english=True) == fresh
    soviet = i18n.localize_seat_events(events, en, "soviet", english=True)
    german = i18n.localize_seat_events(events, en, "german", english=True)
    assert soviet[0]["text"] == "Soviets claimed its seat (entry 0)"
    assert soviet[1]["text"] == "Germans declined your undo of entry 3"
    assert german[1]["text"] == "Germans declined the undo of entry 3 that Soviets asked for"
    assert soviet[2] == german[2] == events[2]


def test_the_english_turn_is_remembered_per_turn_and_names() -> None:
    turn = {
        "text": "german to act",
        "template": "{side} to act",
        "args": {"side": "german"},
    }
    names = {"german": "Germans", "soviet": "Soviets"}
    first = i18n._english_turn(turn, names)  # type: ignore[arg-type]
    assert first == i18n._turn_naming_sides(turn, names)  # type: ignore[arg-type]
    assert first["text"] == "Germans to act"
    assert i18n._english_turn(turn, dict(names)) is first  # type: ignore[arg-type]
    other = i18n._english_turn(turn, {"german": "Teutons"})  # type: ignore[arg-type]
    assert other["text"] == "Teutons to act"


def test_a_shared_panel_is_named_once_and_as_afresh() -> None:
    rows = [["T-34", "soviet", "0305", "fresh", ""], ["Panzer IV", "german", "0101", "fresh", ""]]
    shared = shared_panel(panel("Units", ["unit", "side", "hex", "state", "token"], rows))
    own = panel("Nations", ["nation"], [["german"], ["soviet"]])
    names = {"german": "Germans", "soviet": "Soviets"}
    first = i18n._panels_naming_sides([shared, own], names)
    again = i18n._panels_naming_sides([shared, own], dict(names))
    assert first == again
    assert first[0] is again[0]  # the shared panel: named once
    assert first[1] is not again[1]  # any other: named in each answer
    assert first[0]["rows"][0][1] == "Soviets" and first[1]["rows"][0] == ["Germans"]
    assert shared["rows"][0][1] == "soviet"  # the view's own panel unchanged


def test_an_event_text_is_remembered_per_side_of_its_secret_never_across() -> None:
    bought = Event.of(
        "buy",
        {"munition": "AP-B"},
        msg("{side} bought {munition}", side="german", munition="AP-B"),
        secret_for=frozenset({"german"}),
        public={},
        public_message=msg("{side} bought a munitions token", side="german"),
    )
    for lang in ("en", "ru", "xx"):
        owner = i18n.event_texts([bought], "german", lang)
        other = i18n.event_texts([bought], "soviet", lang)
        assert i18n.event_texts([bought], "soviet", lang) == other  # remembered
        assert i18n.event_texts([bought], "german", lang) == owner
        assert "AP-B" in owner[0] and "AP-B" not in other[0]
    assert i18n.event_texts([bought], "soviet", "en") == ["Germans bought a munitions token"]
