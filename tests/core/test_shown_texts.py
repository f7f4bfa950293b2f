"""A shown text (``core.messages.Said``): English bytes as before, its message kept for a face."""

from __future__ import annotations

import copy
import json
import pickle

from ordnance import i18n
from ordnance.core.forms import cell, panel
from ordnance.core.messages import Said, msg, render_message, said, term

RU = i18n.translations("ru").gettext


def test_a_shown_text_is_its_english_rendering() -> None:
    note = said("Marker Removal Phases so far: {count}", count=3)
    assert note == "Marker Removal Phases so far: 3" and isinstance(note, str)
    assert note.message == msg("Marker Removal Phases so far: {count}", count=3)
    assert json.dumps({"note": note}) == '{"note": "Marker Removal Phases so far: 3"}'


def test_it_survives_copies_and_panels() -> None:
    note = said("{count} (types hidden)", count=4)
    for copied in (copy.deepcopy(note), pickle.loads(pickle.dumps(note)), cell(note)):
        assert isinstance(copied, Said) and copied.message == note.message
    p = panel("Nations", ["supply"], [[note]], note=note)
    assert isinstance(p["rows"][0][0], Said)


def test_a_face_renders_it_from_the_catalogue() -> None:
    note = said("Marker Removal Phases so far: {count}", count=3)
    assert i18n.localize_text(note, RU, "ru") == RU("Marker Removal Phases so far: {count}").format(
        count=3
    )
    assert i18n.localize_text(note, RU, "en") == note
    # inside another message it is rendered, and translated, in place
    outer = said("{text}; {note}", text=term("clear of smoke"), note=note)
    ru = render_message(outer.message.template, outer.message.args, RU)
    assert ru == f"{RU('clear of smoke')}; {i18n.localize_text(note, RU, 'ru')}"
    assert outer == "clear of smoke; Marker Removal Phases so far: 3"
