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
"""

from __future__ import annotations

import gettext
import io
import os
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "ordnance"
LANGUAGES = ("en", "ru")
DEFAULT = "en"

_state: dict[str, Any] = {"lang": DEFAULT, "tr": gettext.NullTranslations()}


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: no catalogue, msgids as they are)."""
    po = catalogue_path(lang)
    if lang not in LANGUAGES or not po.exists():
        return gettext.NullTranslations()
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


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
    _state["lang"] = lang
    _state["tr"] = translations(lang)
    _localize_typer_panels()


def current() -> str:
    return str(_state["lang"])


def _(message: str) -> str:
    """The active language's text for ``message`` (the English text itself if none)."""
    tr: gettext.NullTranslations = _state["tr"]
    return tr.gettext(message)


def N_(message: str) -> str:
    """Mark a text for the catalogue; it is translated later, where it is shown."""
    return message


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


def localize_renderable(obj: Any) -> Any:
    """Translate a Rich table's title, caption, headers and outcome words in place.

    Works through ``Group`` renderables; other renderables are returned as they are.
    English is a no-op. Cells are reached through ``Column._cells`` (Rich keeps
    them there; there is no public accessor).
    """
    if current() == DEFAULT:
        return obj
    from rich.console import Group
    from rich.table import Table

    if isinstance(obj, Group):
        for part in obj.renderables:
            localize_renderable(part)
    elif isinstance(obj, Table):
        if isinstance(obj.title, str):
            obj.title = _(obj.title)
        if isinstance(obj.caption, str):
            obj.caption = _(obj.caption)
        for column in obj.columns:
            if isinstance(column.header, str) and column.header:
                column.header = _(column.header)
            cells = getattr(column, "_cells", None)
            if isinstance(cells, list):
                column._cells = [outcome(c) if isinstance(c, str) else c for c in cells]
    return obj


def localize_command(command: Any) -> None:
    """Translate the help texts of a Click command tree in place (built for this run)."""
    if current() == DEFAULT:
        return
    seen: set[int] = set()

    def walk(cmd: Any) -> None:
        if id(cmd) in seen:
            return
        seen.add(id(cmd))
        for attr in ("help", "short_help"):
            text = getattr(cmd, attr, None)
            if isinstance(text, str) and text:
                setattr(cmd, attr, _(text))
        for param in getattr(cmd, "params", []):
            text = getattr(param, "help", None)
            if isinstance(text, str) and text:
                param.help = _(text)
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    walk(command)


_TYPER_PANELS = {
    "ARGUMENTS_PANEL_TITLE": "Arguments",
    "OPTIONS_PANEL_TITLE": "Options",
    "COMMANDS_PANEL_TITLE": "Commands",
    "ERRORS_PANEL_TITLE": "Error",
    "DEFAULT_STRING": "[default: {}]",
    "REQUIRED_LONG_STRING": "[required]",
}


def _localize_typer_panels() -> None:
    """Typer's help panels take their titles from module globals read at render time."""
    try:
        import typer.rich_utils as ru
    except ImportError:  # pragma: no cover - rich is a dependency
        return
    for attr, english in _TYPER_PANELS.items():
        if hasattr(ru, attr):
            setattr(ru, attr, _(english))
