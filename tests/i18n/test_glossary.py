"""One Russian rendering per game term, in every catalogue (issue 9, item 6).

The glossary (``ordnance/i18n/locale/ru/glossary.csv``) gives each English game
term its Russian rendering, the msgids that use the term (a regular
expression, so that another sense of the word, such as the LOS verdict
"clear", is not counted) and the stem every such translation must hold. The
CLI's catalogue, the game texts shown by every face, and the page's own
catalogue are all checked, so "woods" cannot read one way in the CLI view and
another on the page. Terms checked include WaW's Disrupted and the Marker
Removal Phase (WAW-8.2-h), ToI's Op Fire (TOI-B8) and ASL's Covered Arc
(ASL-AMB-15).
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import ordnance.i18n as cli_i18n
import ordnance.server.i18n as server_i18n

GLOSSARY = cli_i18n.LOCALE_DIR / "ru" / "glossary.csv"
CATALOGUES = [
    cli_i18n.catalogue_path("ru"),
    cli_i18n.catalogue_path("ru", cli_i18n.GAMES_DOMAIN),
    server_i18n.LOCALE_DIR / "ru" / "LC_MESSAGES" / "messages.po",
]


def glossary() -> list[dict[str, str]]:
    with GLOSSARY.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def entries(po: Path) -> list[tuple[str, str]]:
    with po.open("rb") as fh:
        catalog = read_po(fh, locale="ru")
    return [(str(m.id), str(m.string)) for m in catalog if isinstance(m.id, str) and m.id]


def test_the_glossary_is_well_formed() -> None:
    rows = glossary()
    assert len(rows) >= 25
    terms = [r["term"] for r in rows]
    assert len(set(terms)) == len(terms)  # one rendering per term
    for row in rows:
        assert row["russian"] and row["note"], row
        assert re.search(row["msgstr_stem"], row["russian"], re.I), row  # the stem is its own


@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.name)
def test_every_catalogue_uses_the_glossary_rendering(po: Path) -> None:
    """Each msgid using a glossary term has a translation holding the term's Russian stem."""
    wrong = []
    used = 0
    for row in glossary():
        pattern = re.compile(row["msgid_pattern"])
        stem = re.compile(row["msgstr_stem"], re.I)
        for msgid, msgstr in entries(po):
            if pattern.search(msgid):
                used += 1
                if not stem.search(msgstr):
                    wrong.append(f"{row['term']} -> {row['russian']}: {msgid!r} = {msgstr!r}")
    assert not wrong, f"{len(wrong)} translation(s) off the glossary:\n" + "\n".join(wrong)
    if po.name == "games.po":
        assert used > 50  # the game texts do use the terms


def test_the_glossary_rendering_is_what_the_faces_show() -> None:
    """The exact term entries translate to the glossary's own words (CLI and page alike)."""
    cli, page = cli_i18n.translations("ru").gettext, server_i18n.translations("ru").gettext
    for english, russian in [("woods", "лес"), ("clear", "открытая местность"),
                             ("disrupted", "подавлен"), ("Marker Removal Phase",
                             "фаза снятия маркеров")]:  # fmt: skip
        assert cli(english) == page(english) == russian
