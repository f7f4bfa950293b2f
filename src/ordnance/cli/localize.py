"""The command line's own texts in the active language: Click help, Typer's panel titles, Rich tables.

The catalogues and the active language live in :mod:`ordnance.i18n` (below
both faces); this module holds what only the command line draws.

Rich and ``typer.rich_utils`` are imported inside functions: English output needs
neither, and ``ordnance --help`` must start fast.
"""

from __future__ import annotations

import re
import sys
from typing import Any

import typer

from ordnance import i18n
from ordnance.core.messages import Said
from ordnance.i18n import DEFAULT, _, current, localize_text, outcome


def localize_command(command: Any) -> None:
    """Prepare a Click command tree's help in place (built for this run).

    Every language: a boolean flag shows no value type (Typer 0.29 prints
    ``<bool>`` beside ``--help`` and every flag; an option's ``metavar`` is the
    public way to say what its value looks like, and a flag has none).
    Other than English: the help texts are translated, and the panels each
    parameter and sub-command is listed in get their titles through the
    documented ``rich_help_panel`` attribute (``Аргументы``, ``Параметры``,
    ``Команды``); a panel a command names itself is translated too.
    """
    english = current() == DEFAULT
    seen: set[int] = set()

    def panel(obj: Any, default: str) -> None:
        if english:
            return
        name = getattr(obj, "rich_help_panel", None)
        obj.rich_help_panel = _(name) if isinstance(name, str) and name else _(default)

    def walk(cmd: Any) -> None:
        if id(cmd) in seen:
            return
        seen.add(id(cmd))
        for param in [*getattr(cmd, "params", []), _help_option(cmd)]:
            if param is None:
                continue
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""
            if english:
                continue
            text = getattr(param, "help", None)
            if isinstance(text, str) and text:
                param.help = _(text)
            panel(
                param,
                "Options" if getattr(param, "param_type_name", "") == "option" else "Arguments",
            )
        if not english:
            for attr in ("help", "short_help"):
                text = getattr(cmd, attr, None)
                if isinstance(text, str) and text:
                    setattr(cmd, attr, _(text))
        for sub in getattr(cmd, "commands", {}).values():
            panel(sub, "Commands")
            walk(sub)

    walk(command)


def _help_option(cmd: Any) -> Any:
    """The ``--help`` option Click adds to ``cmd`` (``Command.get_help_option``, made once
    and kept by the command), so that it is prepared like the declared ones."""
    get = getattr(cmd, "get_help_option", None)
    return get(typer.Context(cmd)) if get is not None else None


#: What Typer prints beside an option's help, kept in two module constants that
#: Typer has no public setting for (its panel titles are set per parameter above).
_TYPER_MARKS = {"DEFAULT_STRING": "[default: {}]", "REQUIRED_LONG_STRING": "[required]"}


def localize_typer_marks() -> None:
    """Typer's ``[default: ...]`` and ``[required]`` marks in the active language.

    Typer reads them from ``typer.rich_utils`` when it draws a help screen and
    offers no public option for them; not yet imported, the module holds its
    English defaults, so English needs no import (it costs a tenth of a second,
    and most commands print no help). Called when a help screen is about to be
    drawn (:class:`ordnance.cli.lazy.HelpContext`, and :func:`ordnance.cli.main.main`
    for ``--help``), so a command in another language that prints no help does
    not import the module either.
    """
    if current() == DEFAULT and "typer.rich_utils" not in sys.modules:
        return
    try:
        import typer.rich_utils as ru
    except ImportError:  # pragma: no cover - rich is a dependency
        return
    for attr, english in _TYPER_MARKS.items():
        if hasattr(ru, attr):
            setattr(ru, attr, _(english))


def activate(lang: str) -> None:
    """Make ``lang`` the language of this run (Typer's help marks follow it, here if
    a help screen was drawn already, else when one is: :func:`localize_typer_marks`)."""
    i18n.activate(lang)
    if "typer.rich_utils" in sys.modules:
        localize_typer_marks()


def shown(text: object) -> str:
    """A text a game wrote for a face, in the active language: a shown text
    (``Said``) from its message, anything else as it is (``str``)."""
    if isinstance(text, Said):
        return i18n.shown_text(text, _) if current() != DEFAULT else str(text)
    return str(text)


def localize_renderable(obj: Any) -> Any:
    """Translate a Rich table's title, caption, headers and cells in place.

    Works through ``Group`` renderables (a plain line in a group is a game
    text too); other renderables are returned as they are.
    English is a no-op. The cells were translated as they were added
    (:class:`ordnance.cli.tables.Table`, the table every command draws): Rich
    has no public way to rewrite a cell afterwards.
    """
    if current() == DEFAULT:
        return obj
    from rich.console import Group
    from rich.table import Table

    if isinstance(obj, Group):
        parts = obj.renderables
        for i, part in enumerate(parts):
            if isinstance(part, str):  # a line a game module prints under its tables
                parts[i] = localize_text(part, _, current())
            else:
                localize_renderable(part)
    elif isinstance(obj, Table):
        if isinstance(obj.title, str):
            obj.title = localize_text(obj.title, _, current())
        if isinstance(obj.caption, str):
            obj.caption = localize_text(obj.caption, _, current())
        for column in obj.columns:
            if isinstance(column.header, str) and column.header:
                column.header = _(column.header)
    return obj


_STYLED = re.compile(r"^\[(\w+)\](.*?)\[/\1?\](.*)$", re.S)


def cell_text(text: str) -> str:
    """A table cell: an outcome word, else a game text (an entry or a template).

    A cell styled as a whole or in its head (``[strike]...[/strike] (undone)``)
    keeps its style around the translated text.
    """
    word = outcome(text)
    if word != text or not text:
        return word
    styled = _STYLED.match(text)
    if styled is not None:
        tag, inner, rest = styled.groups()
        return f"[{tag}]{localize_text(inner, _, current())}[/{tag}]{rest}"
    if text.startswith("["):
        return text
    return localize_text(text, _, current())
