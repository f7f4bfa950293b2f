"""The ASL side record's cells in Russian: a special ammunition gone for the scenario
(with the DR that used it up, ASL-8.9-d/e) and a Gun's marks, as ``asl/views.py`` writes them."""

from __future__ import annotations

from ordnance import i18n
from tests.i18n.latin import english_words

RU = i18n.translations("ru").gettext


def test_gone_and_gun_marks_are_russian_with_their_figures() -> None:
    panel = {
        "title": "Side record",
        "columns": ["side", "gun", "ammo", "N", "status", "used", "tries"],
        "rows": [
            ["russian", "t34 (T-34/85) [malfunctioned]", "APCR", 5,
             "gone (DR 5+3, turn 1 PFPh)", 1, 1],
            ["german", "pak40 (75L AT PaK 40) [declared APCR]", "APCR", 4, "available", 0, 0],
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
