"""``ordnance asl counters``: VASL counters found by name, and the player's counter library.

``ordnance asl counters NAME`` (the same as ``counters find NAME``) searches
the database; ``set``, ``show``, ``export``, ``import`` and ``schema`` keep
the counter library (:mod:`ordnance.asl.rules.counter_library`), the printed
values the public data lacks. The library file is ``--library FILE``, else
``$ORDNANCE_COUNTER_LIBRARY``, else ``$XDG_CONFIG_HOME/ordnance/counters.yaml``.
"""

from __future__ import annotations

import inspect
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from ordnance.asl.rules.dates import Theatre
from ordnance.asl.rules.notation_reading import Reading, entries_json
from ordnance.asl.rules.option_defaults import DEFAULT_OPTIONS
from ordnance.asl.rules.option_text import parse_date
from ordnance.cli.asl.options import LibraryOpt, TheatreOpt
from ordnance.cli.common import JsonOpt, emit
from ordnance.cli.lazy import Command, resolved
from ordnance.cli.option_groups import option, option_group
from ordnance.core.errors import OrdnanceError
from ordnance.i18n import _

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.asl.rules.counter_library import CounterLibrary
    from ordnance.cli.tables import Table

COMMANDS = ("find", "set", "show", "export", "import", "schema")


class FindByDefault(TyperGroup):
    """``counters NAME`` is ``counters find NAME``: any first word that is no sub-command."""

    def resolve_command(
        self, ctx: Any, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["find", *args]
        return resolved(super().resolve_command(ctx, args))


counters_app = typer.Typer(
    cls=FindByDefault,
    add_completion=False,
    no_args_is_help=True,
    help="Find VASL counters by name; keep your counter library (set, show, export, import).",
)


def _render(d: dict[str, Any]) -> Table:
    from ordnance.cli.tables import Table

    t = Table(title=_("Counters like {name}").format(name=repr(d["query"])))
    for col in ("name", "nationality", "piece id", "kind", "notation", "gun", "TH#", "match"):
        t.add_column(col)
    for c in d["counters"]:
        th = c["to_hit"] or ""
        if th and c["to_hit_before"]:
            th += f" <{c['to_hit_before']}"
        ids = c["gpid"] + (f" (= {', '.join(c['also'])})" if c["also"] else "")
        t.add_row(
            c["name"],
            c["nationality"] or "",
            ids,
            c["kind"],
            c["notation"],
            c["gun_size"] or "",
            th,
            f"{c['match']} {c['score']:g}",
        )
    s = d["source"]
    t.caption = f"VASL module {s['repo']}@{s['commit'][:10]}:{s['path']} ({s['licence']})"
    return t


@counters_app.command("find")
def counters_cmd(
    name: Annotated[str, typer.Argument(help="Counter name, spelt loosely: 'T-34/85', 'Panther'.")],
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
    """Find VASL vehicle and ordnance counters by name, alias or model (forgiving spelling)."""
    from ordnance.asl.rules.counters import no_match, search, source

    if not 1 <= limit <= 100:
        raise OrdnanceError(f"--limit {limit} is outside 1..100", hint="--limit 10")
    when = parse_date(date)
    where = Theatre.parse(theatre)
    rows = []
    found = search(name, nationality=nationality, limit=limit)
    if not found:
        raise no_match(name)
    for match in found:
        row: dict[str, Any] = match.to_dict()
        if when is not None:
            counter = match.counter
            side = Reading(when, where, counter.nationality, None, False, False, DEFAULT_OPTIONS)
            row["entries"] = entries_json(counter.notation, side)["entries"]
            row["to_hit_at_date"] = counter.to_hit_at(when)
        rows.append(row)
    src = source()
    data = {
        "query": name,
        "counters": rows,
        "source": {k: src[k] for k in ("repo", "commit", "path", "licence")},
    }
    emit(data, as_json, _render)


#: ``show`` and ``set``: which nationality's counter a name means when several have it.
PaletteOpt = Annotated[
    str | None,
    typer.Option("--nationality", help="Prefer this palette for a name on several counters."),
]


def _open(library: str | None) -> tuple[Path, CounterLibrary]:
    from ordnance.asl.rules.counter_library import library_path, load_library

    path = library_path(library)
    return path, load_library(path)


def _render_show(d: dict[str, Any]) -> Table:
    from ordnance.cli.tables import Table

    t = Table(title=_("Counter library {path}").format(path=d["library"]))
    for col in ("counter", "value", "from"):
        t.add_column(col)
    for c in d["counters"]:
        label = f"{c['name']} ({c['nationality']}, {c['gpid']})"
        if c["values"].get("sample"):
            label += " (sample)"
        values = c["values"]
        first = True
        for key, value in values.items():
            if key in ("name", "note", "sample") or value in ({}, []):
                continue
            t.add_row(label if first else "", f"{key}: {value}", c["sources"].get(key, ""))
            first = False
        if first:
            t.add_row(label, "(no values)", "")
    return t


@counters_app.command("show")
def show_cmd(
    counter: Annotated[
        str | None, typer.Argument(help="A counter (name or piece id); all entries when omitted.")
    ] = None,
    nationality: PaletteOpt = None,
    library: LibraryOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show a counter's values, the database merged with your library (or every entry)."""
    from ordnance.asl.rules.counters import all_counters, by_gpid, lookup

    path, lib = _open(library)
    if counter is not None:
        merged = [lib.merged(lookup(counter, nationality=nationality))]
    else:
        ids = by_gpid()
        names: dict[str, list[Any]] = {}
        for c in all_counters():
            names.setdefault(c.name, []).append(c)
        merged = []
        for key in lib.counters:
            for c in [ids[key]] if key in ids else names.get(key, [])[:1]:
                merged.append(lib.merged(c))
    data = {"library": str(path), "counters": [m.to_dict() for m in merged]}
    emit(data, as_json, _render_show)


def _ammo_breakdown(items: list[str] | None) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items or []:
        ammo, sep, number = item.partition("=")
        if not sep or not number.strip().isdigit():
            raise OrdnanceError(f"cannot read {item!r}", hint="AMMO=B#, e.g. HEAT=12")
        out[ammo.strip()] = int(number)
    return out


@dataclass(frozen=True)
class Armour:
    """The printed AF of ``set``: ``--af-hull-front``, ``--af-hull-side``,
    ``--af-turret-front``, ``--af-turret-side`` (0 to 40 each)."""

    af_hull_front: int | None = None
    af_hull_side: int | None = None
    af_turret_front: int | None = None
    af_turret_side: int | None = None

    def of(self, part: str) -> dict[str, int] | None:
        """``{"front": AF, "side": AF}`` of the ``hull`` or ``turret``, those given (None: none)."""
        faces = {face: getattr(self, f"af_{part}_{face}") for face in ("front", "side")}
        got = {face: af for face, af in faces.items() if af is not None}
        return got or None


def _af_option(part: str, face: str) -> inspect.Parameter:
    flag = f"--af-{part}-{face}"
    help_ = f"{part.capitalize()} {face} AF."
    return option(
        f"af_{part}_{face}",
        Annotated[int | None, typer.Option(flag, min=0, max=40, help=help_)],
        None,
    )


with_armour = option_group(
    "armour", Armour, [_af_option(p, f) for p in ("hull", "turret") for f in ("front", "side")]
)


@counters_app.command("set")
@with_armour
def set_cmd(
    counter: Annotated[str, typer.Argument(help="The counter: piece id or name.")],
    gun_size: Annotated[str | None, typer.Option("--gun-size", help="e.g. 75LL.")] = None,
    gun_type: Annotated[str | None, typer.Option("--gun-type", help="MA, AT, INF...")] = None,
    rof: Annotated[int | None, typer.Option("--rof", help="Multiple ROF.")] = None,
    breakdown: Annotated[int | None, typer.Option("--breakdown", "-b", help="B#.")] = None,
    to_hit: Annotated[str | None, typer.Option("--to-hit", help="red or black TH#.")] = None,
    turret: Annotated[
        bool | None, typer.Option("--turret/--no-turret", help="Turreted or not.")
    ] = None,
    armour: Armour = Armour(),
    ammo_breakdown: Annotated[
        list[str] | None,
        typer.Option("--ammo-breakdown", help="B# of one ammunition, AMMO=B# (repeat)."),
    ] = None,
    note: Annotated[str | None, typer.Option("--note", help="Where the values come from.")] = None,
    sample: Annotated[
        bool | None,
        typer.Option(
            "--sample/--no-sample",
            help="Mark the entry as a sample, or as read from your counter (default: as it was).",
        ),
    ] = None,
    nationality: PaletteOpt = None,
    library: LibraryOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Set printed values of one counter in your library (merged over the database)."""
    from pydantic import ValidationError

    from ordnance.asl.rules.counter_library import CounterValues, library_key, save_library

    key = library_key(counter, nationality=nationality)
    raw: dict[str, Any] = {
        "gun_size": gun_size,
        "gun_type": gun_type,
        "rof": rof,
        "breakdown": breakdown,
        "to_hit": to_hit.strip().lower() if to_hit else None,
        "turreted": turret,
        "hull": armour.of("hull"),
        "turret": armour.of("turret"),
        "ammo_breakdown": _ammo_breakdown(ammo_breakdown),
        "note": note,
        "sample": sample,
    }
    try:
        values = CounterValues.model_validate(
            {k: v for k, v in raw.items() if v is not None and v != {}}
        )
    except ValidationError as exc:
        errors = "; ".join(
            f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise OrdnanceError(f"bad counter values: {errors}", clause="ASL-8.2-e") from None
    if not values.model_fields_set:
        raise OrdnanceError("no value given", hint="e.g. --gun-size 75LL --af-hull-front 18")
    path, lib = _open(library)
    lib = lib.set_values(key, values)
    save_library(lib, path)
    entry = lib.counters[key].model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    emit({"library": str(path), "key": key, "values": entry}, as_json, None)


@counters_app.command("export")
def export_cmd(
    out: Annotated[
        Path | None, typer.Argument(help="File to write (standard output when omitted).")
    ] = None,
    library: LibraryOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Write your counter library as YAML (or JSON with --json)."""
    from ordnance.asl.rules.counter_library import library_yaml

    _path, lib = _open(library)
    text = (
        json.dumps(lib.model_dump(mode="json", exclude_none=True), ensure_ascii=False, indent=1)
        + "\n"
        if as_json
        else library_yaml(lib)
    )
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")


@counters_app.command("import")
def import_cmd(
    source: Annotated[
        Path | None, typer.Argument(help="A library file (YAML or JSON) to merge in.")
    ] = None,
    samples: Annotated[
        bool, typer.Option("--samples", help="Merge in the packaged sample entries.")
    ] = False,
    library: LibraryOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Merge a library file (or the samples) into yours; a bad file changes nothing."""
    from ordnance.asl.rules.counter_library import parse_library, sample_library, save_library

    if (source is None) == (not samples):
        raise OrdnanceError("give a file or --samples", hint="counters import FILE")
    if source is not None:
        if not source.exists():
            raise OrdnanceError(f"no file {source}", hint="give an existing library file")
        incoming = parse_library(source.read_text("utf-8"), str(source))
    else:
        incoming = sample_library()
    path, lib = _open(library)
    save_library(lib.merge(incoming), path)
    emit(
        {"library": str(path), "imported": sorted(incoming.counters)},
        as_json,
        None,
    )


@counters_app.command("schema")
def schema_cmd() -> None:
    """Print the JSON Schema of the counter library file."""
    from ordnance.asl.rules.counter_library import schema

    sys.stdout.write(json.dumps(schema(), ensure_ascii=False, indent=2) + "\n")


__all__ = ["counters_app", "counters_cmd"]
