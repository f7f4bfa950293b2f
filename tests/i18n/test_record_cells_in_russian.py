"""The ASL side record's cells in Russian: a special ammunition gone for the scenario
(with the DR that used it up, ASL-8.9-d/e) and a Gun's marks, as ``asl/views.py`` writes them."""

from __future__ import annotations

from ordnance import i18n
from ordnance.asl.views import gone_status, gun_label
from tests.i18n.latin import english_words

RU = i18n.translations("ru").gettext


def test_gone_and_gun_marks_are_russian_with_their_figures() -> None:
    panel = {
        "title": "Side record",
        "columns": ["side", "gun", "ammo", "N", "status", "used", "tries"],
        "rows": [
            ["russian", gun_label({"id": "t34", "name": "T-34/85", "malfunctioned": True}),
             "APCR", 5, gone_status({"dr": [5, 3], "turn": 1, "phase": "PFPh"}), 1, 1],
            ["german", gun_label({"id": "pak40", "name": "75L AT PaK 40", "declared": "APCR"}),
             "APCR", 4, "available", 0, 0],
        ],
    }  # fmt: skip
    (ru,) = i18n.localize_panels([panel], RU, "ru")
    assert ru["rows"][0][4] == "кончился (DR 5+3, ход 1, PFPh)"
    assert ru["rows"][0][1] == "t34 (T-34/85) [вышло из строя]"
    assert ru["rows"][1][1] == "pak40 (75L AT PaK 40) [объявлен APCR]"
    assert ru["rows"][0][0] == "русские" and ru["rows"][1][0] == "немцы"
    cells = [str(c) for row in ru["rows"] for c in row] + ru["columns"] + [ru["title"]]
    assert [w for c in cells for w in english_words(c)] == []
    (en,) = i18n.localize_panels([panel], RU, "en")
    assert en["rows"] == panel["rows"]
    # the English cells are the same bytes as before the cells kept their messages
    assert en["rows"][0][1] == "t34 (T-34/85) [malfunctioned]"
    assert en["rows"][0][4] == "gone (DR 5+3, turn 1 PFPh)"
    assert en["rows"][1][1] == "pak40 (75L AT PaK 40) [declared APCR]"


def test_the_cells_are_rendered_from_their_messages_not_matched() -> None:
    """A cell is rendered from the message it keeps (``Said``), by the catalogue."""
    cell = gone_status({"dr": [5, 3], "turn": 1, "phase": "PFPh"})
    assert i18n.localize_text(cell, RU, "ru") == "кончился (DR 5+3, ход 1, PFPh)"
    assert i18n.shown_text(cell, RU) == "кончился (DR 5+3, ход 1, PFPh)"
