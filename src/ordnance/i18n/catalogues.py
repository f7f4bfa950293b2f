"""The gettext catalogues of the command line, compiled in memory with Babel.

The ``.po`` files ship in the package (``ordnance/i18n/locale/<lang>/LC_MESSAGES``)
and are compiled the first time a language needs them, so the user has no
build step: ``ordnance.po`` holds the CLI's own texts, ``games.po`` the texts
the game modules write and ``refusals.po`` every refusal's template (both read
by the page too, :mod:`ordnance.server.i18n`).
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

# Babel is imported where used: English output (the default) needs no
# catalogue, and the command line must start fast.

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "ordnance"
LANGUAGES = ("en", "ru")
DEFAULT = "en"


GAMES_DOMAIN = "games"
#: the refusals' texts (a template per refusal, Pydantic's validation messages), behind the game texts
REFUSALS_DOMAIN = "refusals"


def catalogue_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def compile_po(po: Path, lang: str) -> gettext.NullTranslations:
    """A ``.po`` file compiled in memory with Babel (no catalogue: English as it is)."""
    if lang not in LANGUAGES or not po.exists():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=po.stem)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def game_texts(lang: str) -> gettext.NullTranslations:
    """A fresh compile of the game-texts catalogue, the refusals' behind it (each face
    chains its own copy)."""
    tr = compile_po(catalogue_path(lang, GAMES_DOMAIN), lang)
    tr.add_fallback(compile_po(catalogue_path(lang, REFUSALS_DOMAIN), lang))
    return tr


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The CLI catalogue of ``lang``, falling back to the game texts (English: none)."""
    tr = compile_po(catalogue_path(lang), lang)
    tr.add_fallback(game_texts(lang))
    return tr
