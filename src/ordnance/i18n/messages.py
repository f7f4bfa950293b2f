"""Events, refusals and one-line catalogue words in the active (or a given) language.

An event is translated from its seat's ``template`` and ``args``
(:meth:`Event.for_seat` with ``messages=True``, so another seat gets the
public message only); an event without a template by its text. A refusal
keeps its English detail, printed after the clause's one-line summary
(msgids ``clause:<id>``); a cell's outcome word has the key ``outcome:<word>``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ordnance.core.messages import render_message
from ordnance.i18n.active import _, current
from ordnance.i18n.catalogues import DEFAULT
from ordnance.i18n.texts import Gettext, localize_text
from ordnance.i18n.word_args import translated_args

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.errors import OrdnanceError, Problem
    from ordnance.core.journal import JournalEntry
    from ordnance.core.messages import Message
    from ordnance.core.shapes import EntryView

# The core's message renderer is imported where used: English output (the
# default) does not need it, and the command line must start fast.


def event_text(
    event: Mapping[str, Any], gettext_: Gettext | None = None, lang: str | None = None
) -> str:
    """An event as a seat may see it (``Event.for_seat(seat, messages=True)``), translated.

    An event without a template (an older journal, the core's undo event) is
    its ``text``, translated when the catalogue knows it (an entry or a template).
    """
    tr = gettext_ or _
    template = event.get("template")
    if template and (gettext_ is not None or current() != DEFAULT):
        return render_message(
            str(template),
            translated_args(event.get("shown_args") or event.get("args") or {}, tr),
            tr,
        )
    text = str(event.get("text") or "")
    lang = lang or current()
    # no template (the core's undo event, an older journal): the text itself, if known
    return localize_text(text, tr, lang) if lang != DEFAULT else text


def message_text(said: Message, gettext_: Gettext) -> str:
    """A message rendered from the catalogue (a template it lacks stays English)."""

    return render_message(said.template, translated_args(said.args, gettext_), gettext_)


def localize_refusal(
    exc: OrdnanceError, gettext_: Gettext, lang: str
) -> tuple[str, str | None, bool]:
    """A refusal's message and hint in ``lang``, and whether the message had a translation.

    Rendered from the messages the refusal carries (``exc.said``/``exc.told``,
    a template and params); a refusal built from finished English keeps it.
    """
    if lang == DEFAULT:
        return exc.message, exc.hint, False
    said = message_text(exc.said, gettext_) if exc.said is not None else exc.message
    told = message_text(exc.told, gettext_) if exc.told is not None else exc.hint
    found = exc.said is not None and gettext_(exc.said.template) != exc.said.template
    return said, told, found


def localize_problem(problem: Problem, gettext_: Gettext, lang: str) -> str:
    """One refused field's reason in ``lang`` (Pydantic's English when it has no template)."""
    if lang == DEFAULT or problem.said is None:
        return problem.message
    return message_text(problem.said, gettext_)


def clause_summary(clause: str | None) -> str | None:
    """The active language's one-line summary of a rule clause, if it has one."""
    if not clause:
        return None
    key = f"clause:{clause}"
    text = _(key)
    return None if text == key else text


_MARKUP = re.compile(r"^(\[[a-z][^\]]*\])?(.*?)(\[/[^\]]*\])?$", re.S)


def outcome(word: str) -> str:
    """An outcome or state word shown in a cell (``used``, ``not-available``, ``disrupted``...).

    The catalogue keys them as ``outcome:<word>``; a cell wrapped in one Rich
    style (``[dim]not available[/]``) keeps its style.
    """
    m = _MARKUP.match(word)
    if m is None:  # pragma: no cover - the pattern matches every string
        return word
    open_, text, close = m.group(1) or "", m.group(2), m.group(3) or ""
    key = f"outcome:{text}"
    found = _(key)
    return word if found == key else f"{open_}{found}{close}"


def entry_rows(entries: Iterable[JournalEntry], seat: str | None) -> list[EntryView]:
    """Journal entries as ``seat`` sees them, each event's ``text`` in the active language.

    For the printed table only (``--json`` keeps ``JournalEntry.for_seat``):
    each event is rendered from its ``for_seat(seat, messages=True)`` form, so
    a seat that may not see a secret gets the public message.
    """
    rows: list[EntryView] = []
    for entry in entries:
        row = entry.for_seat(seat)
        row["events"] = [
            {**shown, "text": event_text(e.for_seat(seat, messages=True))}
            for shown, e in zip(row["events"], entry.events, strict=True)
        ]
        rows.append(row)
    return rows
