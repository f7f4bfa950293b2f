"""The side record as an HTML snippet for a VASL label, so both players see it inside VASL.

VASL's labels (the ``User-Labeled`` counter, and vasl-templates' snippets)
show HTML as Java Swing renders it: HTML 3.2 tables with inline attributes,
no scripts, no external files. :func:`side_record_html` writes one table from
a game's view (``view["record"]``, the public side record, ASL-8.0-a): per
Gun its special ammunition, the number in force and whether it is available,
gone (with the roll that used it up) or not available at the scenario date.
Every text from the journal is escaped.

>>> view = {"date_label": "Jun 1944", "theatre": "ETO", "game_turn": 2, "phase": "DFPh",
...         "record": [{"id": "t34", "name": "T-34/85", "side": "russian", "capabilities": [
...             {"ammo": "APCR", "token": "A5^4^/6^5", "depletion": 5, "status": "gone",
...              "uses": 1, "attempts": 2, "exhausted": {"dr": [4, 2], "turn": 1,
...              "phase": "PFPh"}}]}]}
>>> "gone (DR 4+2, turn 1 PFPh)" in side_record_html(view, game_id="demo")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

__all__ = ["side_record_html"]

_STATUS_COLOUR = {"available": "#1a7f37", "gone": "#b42318", "not-available": "#6e7781"}


def _status(cap: Mapping[str, Any]) -> str:
    status = str(cap.get("status", ""))
    ex = cap.get("exhausted")
    if status == "gone" and isinstance(ex, Mapping):
        dr = ex.get("dr") or []
        roll = "+".join(str(d) for d in dr)
        return f"gone (DR {roll}, turn {ex.get('turn')} {ex.get('phase')})"
    return {"not-available": "not available"}.get(status, status)


def side_record_html(view: Mapping[str, Any], *, game_id: str = "") -> str:
    """One HTML table of the side record in ``view`` (a game's view, any seat)."""
    head = (
        f"{escape(str(view.get('date_label', '')))} ({escape(str(view.get('theatre', '')))}), "
        f"turn {escape(str(view.get('game_turn', '')))} {escape(str(view.get('phase', '')))}"
    )
    title = "Special ammunition" + (f" &ndash; {escape(game_id)}" if game_id else "")
    rows: list[str] = []
    for gun in view.get("record", []):
        label = escape(str(gun.get("id", "")))
        if gun.get("name"):
            label += f" ({escape(str(gun['name']))})"
        if gun.get("malfunctioned"):
            label += " [malfunctioned]"
        caps = list(gun.get("capabilities") or [])
        if not caps:
            rows.append(
                f"<tr><td>{escape(str(gun.get('side', '')))}</td><td>{label}</td>"
                '<td colspan="3">no special ammunition</td></tr>'
            )
            continue
        for i, cap in enumerate(caps):
            n = "-" if cap.get("depletion") is None else escape(str(cap["depletion"]))
            colour = _STATUS_COLOUR.get(str(cap.get("status")), "#000000")
            ammo = escape(str(cap.get("ammo", "")))
            if cap.get("token"):
                ammo += f" ({escape(str(cap['token']))})"
            rows.append(
                "<tr>"
                f"<td>{escape(str(gun.get('side', ''))) if i == 0 else ''}</td>"
                f"<td>{label if i == 0 else ''}</td>"
                f'<td>{ammo}</td><td align="center">{n}</td>'
                f'<td><font color="{colour}">{escape(_status(cap))}</font>'
                f" ({escape(str(cap.get('uses', 0)))} used)</td>"
                "</tr>"
            )
    body = "\n".join(rows) if rows else '<tr><td colspan="5">no Guns in the record</td></tr>'
    return (
        "<html>\n"
        '<table border="0" cellspacing="0" cellpadding="2" bgcolor="#f6f8fa">\n'
        f'<tr><td colspan="5" bgcolor="#d0d7de"><b>{title}</b><br>{head}</td></tr>\n'
        "<tr><th>side</th><th>Gun</th><th>ammo</th><th>N</th><th>status</th></tr>\n"
        f"{body}\n"
        "</table>\n"
        "</html>\n"
    )
