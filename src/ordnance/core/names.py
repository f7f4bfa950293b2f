"""What a name (a seat, a side, a title, a unit) may hold: visible text only.

A name is shown to every seat, in the page, the CLI and the journal. A
character that is not drawn but changes how the text around it is drawn
would let one player disguise a name or the journal line that follows it:
a bidirectional override (U+202E) prints the rest of the line reversed, a
zero-width space makes two names look alike. So a name may hold no

* control character (Unicode category Cc: U+0000-U+001F, U+007F-U+009F),
* format character (category Cf: the bidirectional marks, embeddings,
  overrides and isolates U+200E/F, U+202A-U+202E, U+2066-U+2069, U+061C,
  zero-width characters U+200B-U+200D, U+2060, U+FEFF, the soft hyphen...),
* line or paragraph separator (Zl, Zp: U+2028, U+2029), nor a lone
  surrogate (Cs), nor an unassigned or private-use code point (Cn, Co).

The rule is the Unicode category, from :mod:`unicodedata`, so it follows the
Unicode version Python ships. Core code: games use it in their settings
models (:data:`Name`) and the table server in every request
(:mod:`ordnance.server.texts`).

>>> name_problem("soviet") is None
True
>>> name_problem("\\u202eevil")
'the invisible format character U+202E (RIGHT-TO-LEFT OVERRIDE) is not allowed'
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator, Field

__all__ = [
    "INVISIBLE_CATEGORIES",
    "Name",
    "PieceId",
    "VisibleText",
    "check_name",
    "check_visible",
    "invisible_problem",
    "name_problem",
]

#: Categories a name may not hold (see the module text).
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

_WHAT = {
    "Cc": "control character",
    "Cf": "invisible format character",
    "Cs": "lone surrogate",
    "Co": "private-use character",
    "Cn": "unassigned code point",
    "Zl": "line separator",
    "Zp": "paragraph separator",
}


def invisible_problem(text: str, allow: frozenset[str] = frozenset()) -> str | None:
    """The first character of ``text`` that is not visible text, worded; None if none.

    ``allow``: characters kept anyway (free text keeps tab and line feed).
    """
    for ch in text:
        category = unicodedata.category(ch)
        if category in INVISIBLE_CATEGORIES and ch not in allow:
            code = ord(ch)
            label = unicodedata.name(ch, "")
            named = f" ({label})" if label else ""
            return f"the {_WHAT[category]} U+{code:04X}{named} is not allowed"
    return None


def name_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a name (None when nothing is)."""
    if not text.strip():
        return "a name must not be blank"
    return invisible_problem(text)


def check_name(text: str) -> str:
    """``text`` if it is a usable name, else ``ValueError`` (a Pydantic validator)."""
    wrong = name_problem(text)
    if wrong is not None:
        raise ValueError(wrong)
    return text


def check_visible(text: str) -> str:
    """``text`` if it holds no invisible character (blank allowed), else ``ValueError``."""
    wrong = invisible_problem(text)
    if wrong is not None:
        raise ValueError(wrong)
    return text


#: A ``str`` field that must be a visible name (Pydantic).
Name = Annotated[str, AfterValidator(check_name)]
#: A ``str`` field that may be empty but holds no invisible character (a title, a note).
VisibleText = Annotated[str, AfterValidator(check_visible)]
#: The id of a unit or piece on the map: short, and only letters, digits and ``_.-``
#: (it is written into journal lines, hexes' labels and URLs).
PieceId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_.\-]+$")]
