"""``ordnance asl counters``: VASL counters with special ammunition, found by name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.asl.cli_options import TheatreOpt, parse_date
from ordnance.asl.cli_reading import Reading, entries_json
from ordnance.asl.dates import Theatre
from ordnance.asl.option_defaults import DEFAULT_OPTIONS
from ordnance.cli.common import JsonOpt, emit
from ordnance.cli.i18n import _
from ordnance.core.errors import OrdnanceError

if TYPE_CHECKING:  # pragma: no cover
    from rich.table import Table


def _render(d: dict[str, Any]) -> Table:
    from rich.table import Table

    t = Table(title=_("Counters like {name}").format(name=repr(d["query"])))
    for col in ("name", "nationality", "piece id", "notation", "gun", "score"):
        t.add_column(col)
    for c in d["counters"]:
        t.add_row(
            c["name"],
            c["nationality"] or "",
            c["gpid"],
            c["notation"],
            c["gun_size"] or "",
            f"{c['score']:g}",
        )
    s = d["source"]
    t.caption = f"VASL module {s['repo']}@{s['commit'][:10]}:{s['path']} ({s['licence']})"
    return t


def counters_cmd(
    name: Annotated[str, typer.Argument(help="Counter name, spelt loosely: 'T-34/85', 't34 85'.")],
    nationality: Annotated[
        str | None, typer.Option("--nationality", help="Only this palette (russian, british...).")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="Also read each notation at this date.")
    ] = None,
    theatre: TheatreOpt = "ETO",
    limit: Annotated[int, typer.Option("--limit", help="At most this many counters.")] = 10,
    as_json: JsonOpt = False,
) -> None:
    """Find VASL counters with special ammunition by name (forgiving spelling)."""
    from ordnance.asl.counters import scored_counters, source

    if not 1 <= limit <= 100:
        raise OrdnanceError(f"--limit {limit} is outside 1..100", hint="--limit 10")
    when = parse_date(date)
    where = Theatre.parse(theatre)
    rows = []
    for counter, score in scored_counters(name, nationality=nationality, limit=limit):
        row: dict[str, Any] = {**counter.to_dict(), "score": round(score, 1)}
        if when is not None:
            side = Reading(when, where, counter.nationality, None, False, False, DEFAULT_OPTIONS)
            row["entries"] = entries_json(counter.notation, side)["entries"]
        rows.append(row)
    src = source()
    data = {
        "query": name,
        "counters": rows,
        "source": {k: src[k] for k in ("repo", "commit", "path", "licence")},
    }
    emit(data, as_json, _render)


__all__ = ["counters_cmd"]
