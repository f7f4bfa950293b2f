"""The words of a view, a JSON schema and ``legal()`` forms, in a given language.

What a face draws as words (panel titles, headers, cells and notes, board and
map labels, form titles, descriptions and select labels) is translated; ids,
hex labels, field names and the values a form sends stay as they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ordnance.i18n.catalogues import DEFAULT
from ordnance.i18n.texts import Gettext, as_text, localize_text, lookup

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.shapes import ActionForm


def localize_panels(
    panels: Iterable[Mapping[str, Any]], gettext_: Gettext, lang: str
) -> list[dict[str, Any]]:
    """A copy of a view's ``"panels"`` with titles, headers, cell words and notes in ``lang``."""
    out = []
    for p in panels:
        q = dict(p)
        if lang != DEFAULT:
            q["title"] = lookup(as_text(p.get("title", "")), gettext_)
            q["columns"] = [lookup(as_text(c), gettext_) for c in p.get("columns", [])]
            q["rows"] = [
                [localize_text(as_text(c), gettext_, lang) for c in row]
                for row in p.get("rows", [])
            ]
            if p.get("note"):
                q["note"] = localize_text(as_text(p["note"]), gettext_, lang)
        out.append(q)
    return out


def localize_view_words(view: Mapping[str, Any], gettext_: Gettext, lang: str) -> dict[str, Any]:
    """A copy of a view whose words are in ``lang``: panels, board and map labels.

    What a face draws as words (the panels, the board's title, numbering and
    terrain legend, the labels of the pieces and markers on the map) is
    translated; ids, hex labels and the raw state data stay as they are.
    """
    out = dict(view)
    if lang == DEFAULT:
        return out
    if isinstance(view.get("panels"), list):
        out["panels"] = localize_panels(view["panels"], gettext_, lang)
    board = view.get("board")
    if isinstance(board, Mapping):
        b = dict(board)
        for key in ("title", "numbering"):
            if isinstance(b.get(key), str):
                b[key] = localize_text(b[key], gettext_, lang)
        if isinstance(b.get("terrains"), list):
            b["terrains"] = [_localize_keys(t, ("label",), gettext_, lang) for t in b["terrains"]]
        out["board"] = b
    map_ = view.get("map")
    if isinstance(map_, Mapping):
        m = dict(map_)
        for part in ("units", "markers", "arrows", "clusters"):
            if isinstance(m.get(part), list):
                m[part] = [
                    _localize_keys(x, ("label", "short", "text", "title"), gettext_, lang)
                    for x in m[part]
                ]
        if isinstance(m.get("title"), str):
            m["title"] = localize_text(m["title"], gettext_, lang)
        out["map"] = m
    return out


def _localize_keys(item: Any, keys: Iterable[str], gettext_: Gettext, lang: str) -> Any:
    if not isinstance(item, Mapping):
        return item
    q = dict(item)
    for key in keys:
        if isinstance(q.get(key), str):
            q[key] = localize_text(q[key], gettext_, lang)
    return q


def localize_schema_words(node: Any, gettext_: Gettext, lang: str) -> Any:
    """A copy of a JSON schema with ``title``, ``description`` and ``x-labels`` in ``lang``.

    Field names (under ``properties``/``$defs``) and values (``enum``,
    ``const``, ``default``...) stay as they are: they are what a form sends. A
    choice with no ``x-labels`` whose values are catalogue words (a WaW
    condition ``disrupted``) gets labels, so the form shows the words.
    """
    if lang == DEFAULT:
        return node
    if isinstance(node, Mapping):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in ("properties", "$defs") and isinstance(value, Mapping):
                out[key] = {n: localize_schema_words(v, gettext_, lang) for n, v in value.items()}
            elif key in ("title", "description") and isinstance(value, str):
                out[key] = localize_text(value, gettext_, lang) if value else value
            elif key == "x-labels" and isinstance(value, list):
                out[key] = [localize_text(as_text(x), gettext_, lang) for x in value]
            elif key in ("enum", "const", "default", "examples", "required"):
                out[key] = value
            else:
                out[key] = localize_schema_words(value, gettext_, lang)
        choices = node.get("enum")
        if "x-labels" not in node and isinstance(choices, list) and choices:
            # a choice with no labels shows its values: label the ones that are words
            labels = [_choice_label(v, gettext_) if isinstance(v, str) else v for v in choices]
            if labels != choices:
                out["x-labels"] = [as_text(x) for x in labels]
        return out
    if isinstance(node, list):
        return [localize_schema_words(x, gettext_, lang) for x in node]
    return node


def _choice_label(value: str, gettext_: Gettext) -> str:
    """A choice value as a word: its ``choice:<value>`` entry (a word with another sense
    elsewhere, such as WaW's armour class ``light``), else the value's own entry."""
    key = f"choice:{value}"
    found = gettext_(key)
    return found if found != key else lookup(value, gettext_)


def localize_legal(legal: Iterable[ActionForm], gettext_: Gettext, lang: str) -> list[ActionForm]:
    """A copy of ``legal()`` with action titles and select labels (``x-labels``) in ``lang``."""
    out: list[ActionForm] = []
    for item in legal:
        q: ActionForm = {**item}
        if lang != DEFAULT:
            q["title"] = lookup(as_text(item.get("title", "")), gettext_)
            q["schema"] = _localize_labels(item.get("schema"), gettext_, lang)
        out.append(q)
    return out


def _localize_labels(node: Any, gettext_: Gettext, lang: str) -> Any:
    if isinstance(node, Mapping):
        return {
            k: [localize_text(as_text(x), gettext_, lang) for x in v]
            if k == "x-labels" and isinstance(v, list)
            else _localize_labels(v, gettext_, lang)
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_localize_labels(x, gettext_, lang) for x in node]
    return node
