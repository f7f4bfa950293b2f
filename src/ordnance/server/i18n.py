"""English and Russian for the page (Babel/gettext catalogues).

The ``.po`` catalogues in ``locale/`` are compiled in memory when the server
starts (no build step). The language is the ``lang`` query parameter (the
page's switch), else the ``lang`` cookie it sets, else the browser's
``Accept-Language``, else English.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "ru")
DEFAULT = "en"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    po = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    if lang not in LANGUAGES or not po.exists():
        return gettext.NullTranslations()
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def pick(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The language to answer in.

    >>> pick(None, None, "ru-RU,ru;q=0.9,en;q=0.8")
    'ru'
    >>> pick("en", "ru", "ru")
    'en'
    >>> pick(None, None, "de-DE")
    'en'
    """
    for choice in (query, cookie):
        if choice in LANGUAGES:
            return choice
    if accept_language:
        preferred = []
        for part in accept_language.split(","):
            tag = part.split(";")[0].strip().replace("-", "_")
            if tag and tag != "*":
                preferred.append(tag)
        found = Locale.negotiate(preferred, list(LANGUAGES), sep="_")
        if found is not None:
            return str(found.language)
    return DEFAULT
