"""Rich tables and groups in the active language, translated in place before printing."""

from __future__ import annotations

import re
from typing import Any

from ordnance.cli.i18n.active import _, current
from ordnance.cli.i18n.catalogues import DEFAULT
from ordnance.cli.i18n.messages import outcome
from ordnance.cli.i18n.templates import localize_text


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
