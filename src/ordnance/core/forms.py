"""Helpers for what a game hands to a face: choices in action forms, and panels.

Two conventions every game may follow so the table page needs no typing and
shows the view as plain tables:

* :func:`choices` narrows a field of a ``legal`` action schema to a list of
  values with human labels (JSON Schema ``enum`` plus a parallel ``x-labels``
  list); the page renders it as a ``<select>`` (checkboxes for a list field).
* :func:`hex_field` marks a field holding hexes (``"x-hex": "one"`` or
  ``"many"``) so the page offers "pick on map"; a hex is sent as its ``"q,r"``
  id or its printed number (``"0305"``, read by ``parse_hex``; ASL's ``C5`` by
  its board), and every text shows the printed number (``Game.hex_label``).
* :func:`panel` builds one entry of a view's ``"panels"`` list:
  ``{"title", "columns", "rows", "note"?}`` with every cell a string.
* :func:`board` builds a view's ``"board"``: every hex of the map with its
  terrain and printed label, and the terrain legend; :func:`numbered_label`
  and :func:`lettered_label` are the two usual printed numberings.
* :func:`piece_field` marks a field whose choices are pieces on the map
  (``"x-piece": "actor"`` or ``"target"``) so clicking a piece can pick the
  actions it may take and fill the form; :func:`rolls` marks whether an
  action rolls dice (``"x-dice"`` on the action's schema).
* :func:`marker` builds one entry of a view's ``map.markers`` with what the
  page draws (its glyph's ``shape`` and ``short`` text, its ``kind_name`` in
  the legend), so the page knows no game's markers.

The choices and panels a game builds must come only from what the seat may
see (its own view): they are output toward that seat like the view itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from ordnance.core.hexes import Hex
from ordnance.core.memo import IdentityMemo
from ordnance.core.shapes import Board, BoardHex, JsonSchema, MapMarker, MarkerShape, Panel

__all__ = [
    "board",
    "cell",
    "choices",
    "hex_field",
    "lettered_label",
    "numbered_hex",
    "numbered_label",
    "panel",
    "piece_field",
    "rolls",
    "shared_panel",
]


def _non_null(prop: dict[str, Any]) -> dict[str, Any]:
    """The branch of ``prop`` holding the value (``prop`` itself unless it is ``X | None``)."""
    alts = prop.get("anyOf")
    if isinstance(alts, list):
        rest = [a for a in alts if not (isinstance(a, dict) and a.get("type") == "null")]
        if len(rest) == 1 and isinstance(rest[0], dict):
            return rest[0]
    return prop


def _own_field(schema: JsonSchema, field: str) -> tuple[JsonSchema, dict[str, Any] | None]:
    """A copy of ``schema`` that owns the path to ``field``: the schema, its
    ``properties`` and that property (with its ``anyOf`` options and ``items``)
    are new dicts; every other part is shared with ``schema``, never changed.

    The forms of a view are built from a few cached model schemas many times
    per request; copying only what is changed (not ``copy.deepcopy``) keeps
    that cheap, and each helper here changes only what it copied.
    """
    out = dict(schema)
    props = out.get("properties")
    if not isinstance(props, dict):
        return out, None
    props = out["properties"] = dict(props)
    prop = props.get(field)
    if not isinstance(prop, dict):
        return out, None
    prop = props[field] = dict(prop)
    if isinstance(prop.get("anyOf"), list):
        prop["anyOf"] = [dict(a) if isinstance(a, dict) else a for a in prop["anyOf"]]
    for holder in (prop, _non_null(prop)):
        if isinstance(holder.get("items"), dict):
            holder["items"] = dict(holder["items"])
    return out, prop


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


def choices(schema: JsonSchema, field: str, options: Iterable[tuple[Any, str]]) -> JsonSchema:
    """A copy of ``schema`` whose ``field`` may take only the given values.

    ``options`` are ``(value, label)`` pairs in display order. A list field
    (``type: array``) gets the choice on its items. With no options the field
    is left as it is (the game decides whether the action is offered at all).

    >>> s = {"properties": {"unit": {"type": "string", "title": "Unit"}}}
    >>> choices(s, "unit", [("a", "A (1,0)")])["properties"]["unit"]
    {'type': 'string', 'title': 'Unit', 'enum': ['a'], 'x-labels': ['A (1,0)']}
    """
    pairs = list(options)
    out, prop = _own_field(schema, field)
    if prop is None or not pairs:
        return out
    target = _non_null(prop)
    if target.get("type") == "array" and isinstance(target.get("items"), dict):
        target = target["items"]
    target.pop("$ref", None)
    target["type"] = _json_type(pairs[0][0])
    target["enum"] = [v for v, _ in pairs]
    # a label that is a shown text (core.messages.Said) keeps its message
    target["x-labels"] = [label if isinstance(label, str) else str(label) for _, label in pairs]
    return out


def hex_field(schema: JsonSchema, *fields: str) -> JsonSchema:
    """A copy of ``schema`` marking ``fields`` as hexes (``"x-hex"``), for map picking."""
    out = schema
    for field in fields:
        out, prop = _own_field(out, field)
        if prop is None:
            continue
        many = _non_null(prop).get("type") == "array"
        prop["x-hex"] = "many" if many else "one"
        prop.setdefault("examples", [["0305"] if many else "0305"])
    return out


def cell(value: Any) -> str:
    """A panel cell: text, with ``-`` for nothing (``""`` stays blank: a continued row)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value if isinstance(value, str) else str(value)  # a shown text keeps its message


def panel(
    title: str,
    columns: Sequence[str],
    rows: Iterable[Sequence[Any]],
    note: str | None = None,
) -> Panel:
    """One entry of a view's ``"panels"``: a small table the page shows as it is."""
    data: Panel = {
        "title": title,
        "columns": list(columns),
        # a plain text is its own cell (checked first: most cells are)
        "rows": [[c if type(c) is str else cell(c) for c in row] for row in rows],
    }
    if note:
        data["note"] = note
    return data


#: Panels that many views hold as they are (ToI's units panel, shared by both seats'
#: views of a state), registered by the game that made them (:func:`shared_panel`): a
#: face may derive its own rendering of one once (``server.i18n`` names the sides in
#: it), by identity. Each held alive; at most 1,024.
SHARED_PANELS: IdentityMemo[bool] = IdentityMemo("core.forms.SHARED_PANELS", 1024)


def shared_panel(p: Panel) -> Panel:
    """Register ``p`` as a panel many views share (:data:`SHARED_PANELS`); nobody may
    change it in place afterwards. Returns ``p``."""
    SHARED_PANELS.one(p, lambda: True)
    return p


def piece_field(
    schema: JsonSchema, field: str, role: Literal["actor", "target"] = "actor"
) -> JsonSchema:
    """A copy of ``schema`` whose ``field`` names pieces of the map (``"x-piece"``).

    ``actor``: the piece doing the action (the page offers the action when that
    piece is clicked); ``target``: a piece the action is aimed at (a click on
    the map fills it).
    """
    out, prop = _own_field(schema, field)
    if prop is not None:
        prop["x-piece"] = role
    return out


def rolls(schema: JsonSchema, dice: bool) -> JsonSchema:
    """A copy of an action's ``schema`` saying whether it rolls dice (``"x-dice"``)."""
    out = dict(schema)
    out["x-dice"] = dice
    return out


def _column_letters(col: int) -> str:
    """``A``..``Z``, then ``AA``, ``BB``... (the doubled letters of ASL boards)."""
    return chr(ord("A") + col % 26) * (col // 26 + 1)


def lettered_label(col: int, row: int, first_row: int = 1) -> str:
    """A lettered-column label: column 2, row 4 is ``C5`` (``first_row`` = 1).

    >>> lettered_label(2, 4), lettered_label(27, 0)
    ('C5', 'BB1')
    """
    return f"{_column_letters(col)}{row + first_row}"


def numbered_label(col: int, row: int) -> str:
    """A four-digit column-row label, both counted from 1: column 2, row 4 is ``0305``.

    >>> numbered_label(2, 4), numbered_label(11, 9)
    ('0305', '1210')
    """
    return f"{col + 1:02d}{row + 1:02d}"


def numbered_hex(h: Hex) -> str:
    """The printed number of ``h`` on a column-row numbered map (ToI, WaW): ``0305``.

    Column and row are the odd-q offset of :meth:`Hex.to_offset`, both from 01;
    :func:`ordnance.core.hexes.parse_hex` reads the number back. A hex off the
    map, before its first column or row, prints ``00`` (or a sign) there.

    >>> numbered_hex(Hex(2, 3)), numbered_hex(Hex(0, 0))
    ('0305', '0101')
    """
    col, row = h.to_offset()
    return numbered_label(col, row)


def board(
    title: str,
    hexes: Iterable[BoardHex],
    terrains: Iterable[tuple[str, str]],
    numbering: str,
) -> Board:
    """A view's ``"board"``: the whole map, for the page to draw.

    ``hexes``: one ``{"hex": "q,r", "label": printed id, "terrain": name,
    "elevation"?: int}`` per hex of the map; ``terrains``: ``(name, legend
    text)`` of each terrain the legend explains; ``numbering``: one sentence
    saying how the printed labels are read.
    """
    return {
        "title": title,
        "numbering": numbering,
        "hexes": list(hexes),
        "terrains": [{"name": n, "label": label} for n, label in terrains],
    }


def marker(
    hex: str,
    kind: str,
    label: str,
    *,
    shape: MarkerShape,
    short: str,
    kind_name: str,
    kind_short: str | None = None,
) -> MapMarker:
    """One map marker as the page draws it.

    ``kind`` is the game's own name (a CSS class); ``label`` the marker's
    tooltip; ``shape`` and ``short`` its glyph on the map; ``kind_name``
    (English, the page translates it) and ``kind_short`` (default ``short``)
    its entry in the legend, e.g. a token whose face is known to this seat
    shows it on the map but the legend shows the kind's ``?``.

    >>> marker("2,1", "smoke2", "Smoke 2", shape="circle", short="S2", kind_name="Smoke 2")["short"]
    'S2'
    """
    out: MapMarker = {
        "hex": hex,
        "kind": kind,
        "label": label,
        "shape": shape,
        "short": short,
        "kind_name": kind_name,
    }
    if kind_short is not None:
        out["kind_short"] = kind_short
    return out
