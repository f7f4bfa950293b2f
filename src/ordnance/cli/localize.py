"""The command line's own texts in the active language: Click help, Typer's panel titles, Rich tables.

The catalogues and the active language live in :mod:`ordnance.i18n` (below
both faces); this module holds what only the command line draws.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from ordnance import i18n
from ordnance.i18n import DEFAULT, _, current, localize_text, outcome


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


def localize_typer_panels() -> None:
    """Typer's help panels take their titles from module globals read at render time.

    Not yet imported, the module holds its English defaults: English needs no
    import (it costs a tenth of a second, and most commands print no help).
    """
    if current() == DEFAULT and "typer.rich_utils" not in sys.modules:
        return
    try:
        import typer.rich_utils as ru
    except ImportError:  # pragma: no cover - rich is a dependency
        return
    for attr, english in _TYPER_PANELS.items():
        if hasattr(ru, attr):
            setattr(ru, attr, _(english))


def activate(lang: str) -> None:
    """Make ``lang`` the language of this run, Typer's panel titles included."""
    i18n.activate(lang)
    localize_typer_panels()


def localize_renderable(obj: Any) -> Any:
    """Translate a Rich table's title, caption, headers and cells in place.

    Works through ``Group`` renderables (a plain line in a group is a game
    text too); other renderables are returned as they are.
    English is a no-op. Cells are reached through ``Column._cells`` (Rich keeps
    them there; there is no public accessor).
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
            cells = getattr(column, "_cells", None)
            if isinstance(cells, list):
                column._cells = [_cell(c) if isinstance(c, str) else c for c in cells]
    return obj


_STYLED = re.compile(r"^\[(\w+)\](.*?)\[/\1?\](.*)$", re.S)


def _cell(text: str) -> str:
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
