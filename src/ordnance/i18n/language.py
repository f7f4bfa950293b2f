"""Choosing the language of a run and making it the active one.

The language is, in order: the global ``--lang en|ru`` option of
``ordnance``, else ``ORDNANCE_LANG``, else the POSIX locale variables
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``ru_*`` means Russian), else English.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from ordnance.i18n import active
from ordnance.i18n.catalogues import DEFAULT, LANGUAGES, translations


def _language_of(value: str | None) -> str | None:
    """``ru``, ``ru_RU.UTF-8``, ``ru-RU`` -> ``ru``; ``C``, ``en_GB`` -> ``en``; empty -> None."""
    if not value:
        return None
    tag = value.strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    if not tag:
        return None
    base = tag.split("_")[0]
    return base if base in LANGUAGES else DEFAULT


def pick(choice: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language of this run.

    >>> pick("ru", {})
    'ru'
    >>> pick(None, {"ORDNANCE_LANG": "ru"})
    'ru'
    >>> pick(None, {"LANG": "ru_RU.UTF-8"})
    'ru'
    >>> pick(None, {"LC_ALL": "C", "LANG": "ru_RU.UTF-8"})
    'en'
    >>> pick("en", {"LANG": "ru_RU.UTF-8"})
    'en'
    >>> pick(None, {})
    'en'
    """
    env = os.environ if environ is None else environ
    if choice in LANGUAGES:
        return choice
    explicit = env.get("ORDNANCE_LANG")
    if explicit and explicit.strip().lower() in LANGUAGES:
        return explicit.strip().lower()
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):  # POSIX precedence: first set one wins
        found = _language_of(env.get(var))
        if found is not None:
            return found
    return DEFAULT


def lang_from_argv(argv: Iterable[str]) -> str | None:
    """The value of ``--lang`` among the top-level options (before the sub-command)."""
    args = list(argv)
    i = 0
    while i < len(args) and args[i].startswith("-"):
        arg = args[i]
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        i += 1
    return None


def activate(lang: str) -> None:
    """Make ``lang`` the language of what follows (unknown -> English)."""
    lang = lang if lang in LANGUAGES else DEFAULT
    active.state["lang"] = lang
    active.state["tr"] = translations(lang)
