"""``ordnance asl notation``: read a counter's special-ammunition notation (ASL-8.9-a, 8.91)."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.asl.cli_options import OptionOpt, TheatreOpt
from ordnance.asl.cli_reading import entries_json, reading
from ordnance.cli.common import JsonOpt, emit, to_jsonable
from ordnance.core.errors import OrdnanceError
from ordnance.i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from rich.table import Table


def render_entries(data: dict[str, Any]) -> Table:
    """The entries of one notation as a table (with a "why" column once judged)."""
    from rich.table import Table

    table = Table(title=_("Counter notation {notation}").format(notation=repr(data["notation"])))
    judged = any("reason" in e for e in data["entries"])
    for col in ("token", "ammo", "depletion", "available", "periods", "notes"):
        table.add_column(col)
    if judged:
        table.add_column("why")
    for e in data["entries"]:
        periods = "; ".join(
            f"{p['number'] if p['number'] is not None else '-'}"
            + (f" from {p['from']}" if p["from"] else "")
            + (f" to {p['last_year']}" if p["last_year"] else (" on" if p["from"] else ""))
            + (f" {p['theatre']} only" if p["theatre"] else "")
            + (f" ({p['nationality']})" if p["nationality"] else "")
            + (f" [{p['armament']}mm gun]" if p["armament"] else "")
            for p in e["periods"]
        )
        notes = ", ".join(e["marks"] + e["notes"] + ([f"[{e['bracket']}]"] if e["bracket"] else []))
        if e["h9"]:
            notes = ", ".join(x for x in ("[9] stick round", notes) if x)
        avail = e.get("available")
        cells = [
            e["token"],
            e["ammo"],
            "-" if e.get("depletion") is None else str(e["depletion"]),
            "" if avail is None else ("yes" if avail else "no"),
            periods,
            notes,
        ]
        if judged:
            cells.append(f"{e.get('reason', '')} ({e.get('clause', '')})")
        table.add_row(*cells)
    return table


def _failed_line(data: dict[str, Any]) -> Any:
    from rich.text import Text

    return Text(f"{data['notation']!r}: {data['error']}", style="red")


def notation_cmd(
    text: Annotated[
        str, typer.Argument(help="Counter notation, e.g. 'A5^4^/6^5'; '-' reads stdin.")
    ],
    date: Annotated[str | None, typer.Option("--date", help="Scenario date YYYY-MM.")] = None,
    theatre: TheatreOpt = "ETO",
    user: Annotated[
        str | None,
        typer.Option("--user", help="Using army for R/S/CS suffixes (default --nationality)."),
    ] = None,
    nationality: Annotated[
        str | None,
        typer.Option(
            "--nationality", help="The side's army: applies the HEAT date gate (ASL-8.3-a)."
        ),
    ] = None,
    made_by: Annotated[
        str | None,
        typer.Option("--made-by", help="Nation that made the Gun (default from --nationality)."),
    ] = None,
    elite: Annotated[bool, typer.Option("--elite", help="Elite: +1 (ASL-8.2-f).")] = False,
    ss: Annotated[
        bool, typer.Option("--ss", help="SS counter: printed values already Elite (ASL-AMB-4).")
    ] = False,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Read counter special-ammunition notation (ASL-8.9-a, 8.91; notes B4).

    With ``--nationality`` (or ``--made-by``) and ``--date`` each entry is
    judged as the side sees it: the HEAT date gate (ASL-8.3-a) and, with
    ``--elite``, the Elite +1 (ASL-8.2-f). With ``-`` every stdin line is read;
    the exit status is 2 when any line fails.
    """
    side = reading(date, theatre, user, nationality, made_by, elite, ss, option)
    if text != "-":
        emit(entries_json(text, side), as_json, render_entries)
        return
    failed = 0
    for line in sys.stdin:
        line = line.rstrip("\n")
        try:
            data = entries_json(line, side)
            out: dict[str, Any] = {"entries": data["entries"]}
        except OrdnanceError as exc:
            failed += 1
            out = {"error": str(exc), **exc.to_dict(), "notation": line}
            out["error"] = str(exc)
        if as_json:
            sys.stdout.write(json.dumps(to_jsonable(out), ensure_ascii=False) + "\n")
        elif "entries" in out:
            emit({"notation": line, **out}, False, render_entries)
        else:
            emit(out, False, _failed_line)
    if failed:
        sys.stderr.write(_("{n} line(s) could not be read").format(n=failed) + "\n")
        raise typer.Exit(2)


__all__ = ["notation_cmd", "render_entries"]
