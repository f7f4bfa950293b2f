"""The command line's Rich table: its cells in the active language as they are added.

A table a game's answer fills is drawn in the player's language; the title,
caption and headers are public attributes that
:func:`ordnance.cli.localize.localize_renderable` can set after the fact, but
Rich offers no public way to rewrite a cell once it is added. So every table
of the command line is this subclass of :class:`rich.table.Table`, whose
:meth:`add_row` (Rich's public method, overridden) translates each text cell
on the way in. English adds the cells as they are.
"""

from __future__ import annotations

from typing import Any

from rich import table

from ordnance.cli.localize import cell_text
from ordnance.i18n import DEFAULT, current


class Table(table.Table):
    """:class:`rich.table.Table` whose text cells are shown in the active language."""

    def add_row(
        self,
        *renderables: Any,
        style: Any = None,
        end_section: bool = False,
    ) -> None:
        if current() != DEFAULT:
            renderables = tuple(cell_text(c) if isinstance(c, str) else c for c in renderables)
        super().add_row(*renderables, style=style, end_section=end_section)
