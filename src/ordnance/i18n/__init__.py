"""English and Russian for the command line (a Babel/gettext catalogue).

The Russian catalogue is a ``.po`` file shipped in the package
(``locale/ru/LC_MESSAGES/ordnance.po``) and compiled in memory with Babel the
first time it is needed, so the user has no build step. English is the
source language: its msgids are the English texts, and a msgid without a
translation prints as itself.

The language of one run is, in order: the global ``--lang en|ru`` option of
``ordnance``, else ``ORDNANCE_LANG``, else the POSIX locale variables
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``ru_*`` means Russian), else English.

What is translated: the frame every command prints (the ``refused:`` prefix,
table titles, column headers, outcome words in cells, help texts). What is
not: ``--json`` output (keys, codes and messages stay language-neutral), and
the English detail of a rule refusal, which is printed after a Russian
one-line summary of the clause (msgids ``clause:<id>``).

The texts the game modules write (event texts, panel titles and cells, select
labels, odds titles) have their own catalogue, ``games.po``, read by both
faces (this package and :mod:`ordnance.server.i18n`). An event is translated
from its seat's ``template`` and ``args`` (:meth:`Event.for_seat` with
``messages=True``, so another seat gets the public message only); a fixed
text by exact lookup, and a text a game builds from a pattern (a note, a
label, a title) from the message it keeps (:class:`ordnance.core.messages.Said`,
:func:`shown_text`).

One concern a module; this package re-exports what callers use:

- :mod:`~ordnance.i18n.catalogues`: the ``.po`` files, compiled in memory;
- :mod:`~ordnance.i18n.language`: choosing the language and activating it;
- :mod:`~ordnance.i18n.active`: the active language and ``_()``;
- :mod:`~ordnance.i18n.texts`: shown game texts, from their messages or by exact lookup;
- :mod:`~ordnance.i18n.word_args`: which message arguments are words;
- :mod:`~ordnance.i18n.messages`: events, refusals, clause summaries, outcome words;
- :mod:`~ordnance.i18n.view_words`: the words of views, schemas and ``legal()`` forms;
- the command line's Click help, Typer panel titles and Rich tables: :mod:`ordnance.cli.localize`.
"""

from __future__ import annotations

from ordnance.i18n.active import N_, _, current
from ordnance.i18n.catalogues import (
    DEFAULT,
    DOMAIN,
    GAMES_DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    REFUSALS_DOMAIN,
    catalogue_path,
    compile_po,
    game_texts,
    translations,
)
from ordnance.i18n.language import activate, lang_from_argv, pick
from ordnance.i18n.messages import (
    clause_summary,
    entry_rows,
    event_text,
    localize_problem,
    localize_refusal,
    message_text,
    outcome,
)
from ordnance.i18n.texts import Gettext, as_text, localize_text, lookup, shown_text
from ordnance.i18n.view_words import (
    localize_legal,
    localize_panels,
    localize_schema_words,
    localize_view_words,
)
from ordnance.i18n.word_args import (
    SIDE_ARGS,
    WORD_ARGS,
    game_word_args,
    is_word_arg,
    side_name,
    translated_args,
)

__all__ = [
    "DEFAULT",
    "DOMAIN",
    "GAMES_DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "REFUSALS_DOMAIN",
    "SIDE_ARGS",
    "WORD_ARGS",
    "Gettext",
    "_",
    "activate",
    "as_text",
    "catalogue_path",
    "clause_summary",
    "compile_po",
    "current",
    "entry_rows",
    "event_text",
    "game_texts",
    "game_word_args",
    "is_word_arg",
    "lang_from_argv",
    "localize_legal",
    "localize_panels",
    "localize_problem",
    "localize_refusal",
    "localize_schema_words",
    "localize_text",
    "localize_view_words",
    "lookup",
    "message_text",
    "outcome",
    "pick",
    "shown_text",
    "side_name",
    "translated_args",
    "translations",
]
