"""Game texts a face shows, rendered in the reader's language.

A text a game module writes for a face (a panel note or cell, a label, an odds
title) is either a fixed text, translated by exact catalogue lookup, or a shown
text (:class:`~ordnance.core.messages.Said`) that keeps its message, rendered
from the catalogue (:func:`shown_text`). Nothing here reads finished English
back into a template.

One import sits inside a function on purpose: :mod:`.word_args`, which imports
this module (a cycle).
"""

from __future__ import annotations

from collections.abc import Callable

from ordnance.core.messages import Said, render_message
from ordnance.i18n.catalogues import DEFAULT

Gettext = Callable[[str], str]


def lookup(text: str, gettext_: Gettext) -> str:
    """Exact catalogue lookup (the empty string and unknown texts stay as they are);
    a shown text is rendered from its message."""
    if isinstance(text, Said):
        return shown_text(text, gettext_)
    return gettext_(text) if text else text


def as_text(value: object) -> str:
    """``value`` as a string, a shown text (:class:`Said`) kept with its message."""
    return value if isinstance(value, str) else str(value)


def shown_text(text: Said, gettext_: Gettext) -> str:
    """A shown text rendered from its message by the catalogue (English where it has no entry)."""
    from ordnance.i18n.word_args import translated_args

    said = text.message
    return render_message(said.template, translated_args(said.args, gettext_), gettext_)


def localize_text(text: str, gettext_: Gettext, lang: str) -> str:
    """A text a game module wrote, in ``lang``: a shown text from its message, else an
    exact catalogue entry, else the text as it is. English: unchanged."""
    if lang == DEFAULT or not text:
        return text
    return lookup(text, gettext_)
