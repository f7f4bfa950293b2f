"""Rich rendering of the ASL side record for the terminal faces (``ordnance asl``, the demo).

It reads only a view's ``"record"`` (what :meth:`ordnance.asl.plugin.AslGame.view`
shows a seat), never a state, so it cannot print a secret.
"""

from __future__ import annotations

from typing import Any

from ordnance.cli.tables import Table

__all__ = ["record_table"]


def record_table(record: list[dict[str, Any]], title: str = "Side record") -> Table:
    """A Rich table of the side record (``view(...)["record"]``)."""
    table = Table(title=title)
    for col in ("side", "gun", "ammo", "N", "status", "used", "tries", "source"):
        table.add_column(col)
    for gun in record:
        label = gun["id"] + (f" ({gun['name']})" if gun.get("name") else "")
        if gun.get("malfunctioned"):
            label += " [malfunctioned]"
        caps = gun["capabilities"] or [None]
        for i, cap in enumerate(caps):
            if cap is None:
                table.add_row(gun["side"], label, "-", "", "no special ammunition", "", "", "")
                continue
            exhausted = cap["exhausted"]
            if cap["status"] == "gone" and exhausted:
                status = (
                    f"[red]gone[/] (DR {exhausted['dr'][0]}+{exhausted['dr'][1]}="
                    f"{exhausted['original_dr']}, turn {exhausted['turn']} {exhausted['phase']})"
                )
            elif cap["status"] == "not-available":
                status = "[dim]not available[/]"
            else:
                status = "[green]available[/]"
            n = "-" if cap["depletion"] is None else str(cap["depletion"])
            table.add_row(
                gun["side"] if i == 0 else "",
                label if i == 0 else "",
                cap["ammo"] + (f" ({cap['token']})" if cap["token"] else ""),
                n,
                status,
                str(cap["uses"]),
                str(cap["attempts"]),
                cap["source"],
            )
    return table
