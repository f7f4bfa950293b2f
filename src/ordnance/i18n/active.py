"""The language of this run and its translation function ``_``.

One process prints in one language: :func:`ordnance.i18n.language.activate`
sets it (the only writer of :data:`state`), and every ``_()`` call reads it.
"""

from __future__ import annotations

import gettext
from typing import Any

from ordnance.i18n.catalogues import DEFAULT

#: The active language and its catalogue (written by ``activate()`` only).
state: dict[str, Any] = {"lang": DEFAULT, "tr": gettext.NullTranslations()}


def current() -> str:
    return str(state["lang"])


def _(message: str) -> str:
    """The active language's text for ``message`` (the English text itself if none)."""
    tr: gettext.NullTranslations = state["tr"]
    return tr.gettext(message)


def N_(message: str) -> str:
    """Mark a text for the catalogue; it is translated later, where it is shown."""
    return message
