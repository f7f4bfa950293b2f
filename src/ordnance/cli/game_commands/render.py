"""How the derived commands print: a journal entry, the log, a view, odds (Rich, imported late).

Imports inside functions are on purpose: a ``--json`` answer loads no Rich and no
catalogue, and :mod:`ordnance.cli.games` and :mod:`ordnance.cli.common` import this
module (a cycle).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ordnance.i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Group, RenderableType
    from rich.text import Text

    from ordnance.cli.tables import Table
    from ordnance.core.journal import JournalEntry
    from ordnance.core.shapes import ActionForm, GameView, JsonSchema, OddsAnswer


def entry_line(entry: JournalEntry, seat: str | None) -> Text:
    """One journal entry as one line: ``#4 [dice 1,2]: what happened`` (as ``seat`` sees it)."""
    from rich.text import Text

    from ordnance import i18n
    from ordnance.i18n import _, entry_rows

    row = entry_rows([entry], seat)[0]
    lang = i18n.current()
    texts = [i18n.localize_text(e.get("text") or e["kind"], _, lang) for e in row["events"]]
    rolled = row.get("dice") or []
    dice = f" [{_('dice')} {','.join(map(str, rolled))}]" if rolled else ""
    return Text(f"#{row['seq']}{dice}: " + "; ".join(texts))


def entry_table(entries: Sequence[JournalEntry], seat: str | None) -> Table:
    from ordnance.cli.games import render_log
    from ordnance.i18n import entry_rows

    return render_log(entry_rows(entries, seat))


# -- the commands every game shares --------------------------------------------------------


def render_view(view: GameView, turn_text: str) -> Group:
    """A view as the page shows it: whose move, then each of its panels as a table."""
    from rich.console import Group
    from rich.text import Text

    from ordnance.cli.tables import Table

    parts: list[RenderableType] = [
        Text(_("Whose move: {text}").format(text=turn_text), style="bold")
    ]
    for p in view.get("panels") or []:  # already in the language wanted
        table = Table(title=p["title"], caption=p.get("note"))
        for col in p["columns"]:
            table.add_column(col)
        for row in p["rows"]:
            table.add_row(*row)
        parts.append(table)
    board: Mapping[str, Any] = view.get("board") or {}
    if board.get("numbering"):
        parts.append(Text(f"{board.get('title', '')}: {board['numbering']}"))
    for terrain in board.get("terrains", []):
        parts.append(Text(f"  {terrain.get('label', '')}"))
    if len(parts) == 1:  # a game without panels: the view as JSON
        from rich.json import JSON

        from ordnance.cli.common import to_jsonable

        parts.append(JSON(json.dumps(to_jsonable(dict(view)), ensure_ascii=False)))
    return Group(*parts)


def render_legal(forms: Sequence[ActionForm]) -> Group:
    """What a seat may do: per action, its command, then its fields, help and choices."""
    from rich.console import Group

    from ordnance import i18n
    from ordnance.cli.game_commands.form_fields import command_name
    from ordnance.cli.tables import Table
    from ordnance.i18n import N_

    lang = i18n.current()
    parts: list[RenderableType] = []
    for form in i18n.localize_legal(list(forms), _, lang):
        schema = i18n.localize_schema_words(form["schema"], _, lang)
        table = Table(title=f"{form['title']} (`{command_name(form['type'])}`)")
        for col in (N_("field"), N_("what it is"), N_("choices")):
            table.add_column(_(col))
        for name, field in (schema.get("properties") or {}).items():
            if name != "type":
                table.add_row(
                    str(field.get("title") or name),
                    str(field.get("description") or ""),
                    field_labels(field),
                )
        parts.append(table)
    return Group(*parts)


def field_labels(field: JsonSchema) -> str:
    """The choice labels of a form field (on the field, its items or an ``anyOf`` branch)."""
    for node in (field, field.get("items") or {}, *(field.get("anyOf") or [])):
        if isinstance(node, dict) and isinstance(node.get("x-labels"), list):
            return "; ".join(str(x) for x in node["x-labels"])
    return ""


def render_odds(data: OddsAnswer) -> Group:
    """Odds as :meth:`Game.odds` answers: the distribution as a table, then the other figures."""
    from rich.console import Group

    from ordnance.cli.common import distribution_table, fraction
    from ordnance.core.odds.distribution import Distribution

    dist = Distribution({k: fraction(v) for k, v in data["distribution"].items()})
    parts: list[RenderableType] = [distribution_table(dist, data["title"])]
    for key, value in data.items():
        if key not in ("title", "distribution") and isinstance(value, str | int | float | list):
            shown = ", ".join(map(str, value)) if isinstance(value, list) else value
            parts.append(f"{key.replace('_', ' ')}: {shown}")
    return Group(*parts)
