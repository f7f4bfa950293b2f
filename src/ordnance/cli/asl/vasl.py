"""``ordnance asl vasl read|label``: a VASL save's vehicles and ordnance; the side record as a VASL label.

Thin: the reading, the import and the label live in :mod:`ordnance.asl.vasl`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.asl.vasl.reader import MAX_FILE_BYTES, VaslFileError
from ordnance.cli.asl.options import TheatreOpt
from ordnance.cli.common import DbOpt, JsonOpt, emit, open_game
from ordnance.core.errors import OrdnanceError
from ordnance.core.messages import msg

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Group

    from ordnance.asl.vasl.pieces import SaveReading


class UnknownPieces(VaslFileError):
    """A save with pieces the reader cannot name; the others were read (and are carried along)."""

    def __init__(self, message: str, data: dict[str, Any], hint: str | None = None):
        self.data = data
        super().__init__(message, hint=hint)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "reading": self.data}


def _file_bytes(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise VaslFileError(f"{path.name} is {size} bytes, more than {MAX_FILE_BYTES}")
        return path.read_bytes()
    except OSError as exc:
        raise OrdnanceError(
            msg("cannot read {value!r}: {value2}", value=str(path), value2=exc.strerror or exc)
        ) from None


def _reading_cell(p: dict[str, Any]) -> str:
    parts = []
    for r in p["reading"]:
        n = "" if r["depletion"] is None else f" {r['depletion']}"
        parts.append(f"{r['ammo']}{n}" if r["available"] else f"{r['ammo']} n/a")
    return ", ".join(parts)


def _render(d: dict[str, Any]) -> Group:
    from rich.console import Group
    from rich.text import Text

    from ordnance.cli.tables import Table

    r = d["reading"]
    head = "VASL {version}, boards {boards}, date {date}".format(
        version=r["module_version"] or "?",
        boards=" ".join(r["boards"]) or "-",
        date=(r["date"] or "-") + (f" ({r['date_source']})" if r["date_source"] else ""),
    )
    if r["scenario"]:
        head = f"{r['scenario']}: {head}"
    table = Table(title="Vehicles and ordnance")
    for col in ("side", "kind", "name", "piece id", "notation", "gun", "hex", "reading"):
        table.add_column(col)
    for p in r["pieces"]:
        table.add_row(
            p["nationality"] or "",
            p["kind"] or "",
            p["name"],
            p["gpid"],
            p["notation"],
            p["gun_size"] or "",
            p["hex"] or "",
            _reading_cell(p),
        )
    parts: list[Any] = [Text(head, style="bold"), table]
    if r["hidden"]:
        parts.append(Text("{n} hidden or concealed piece(s) not read".format(n=r["hidden"])))
    if r["note"]:
        parts.append(Text(r["note"]))
    game = d.get("game")
    if game:
        parts.append(
            Text(
                "game {game}: {n} Gun(s) added".format(game=game["id"], n=len(game["guns"])),
                style="bold",
            )
        )
        for u in game["unplaced"]:
            parts.append(Text(f"  {u['gun']}: unplaced, {u['why']}"))
        for p in game["skipped"]:
            parts.append(Text(f"  skipped: {p['gpid']} {p['name']}: {p['problem']}"))
    return Group(*parts)


def read_cmd(
    file: Annotated[Path, typer.Argument(help="The VASL save (.vsav).")],
    date: Annotated[
        str | None,
        typer.Option("--date", help="Read the ammunition at YYYY-MM (default: the save's date)."),
    ] = None,
    theatre: TheatreOpt = "ETO",
    game: Annotated[
        str | None,
        typer.Option("--game", help="Create this ASL game (or add to it) with the Guns."),
    ] = None,
    side: Annotated[
        list[str] | None,
        typer.Option("--side", help="With --game, a new game's side: name[:nationality]."),
    ] = None,
    skip_unknown: Annotated[
        bool, typer.Option("--skip-unknown", help="With --game, import the known pieces only.")
    ] = False,
    library: Annotated[
        str | None,
        typer.Option("--library", help="With --game, your counter library (gun size, ROF, B#)."),
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """List the vehicles and ordnance of a VASL save, with their special ammunition."""
    from ordnance.asl.vasl.importer import unknown_line
    from ordnance.asl.vasl.pieces import read_save

    reading: SaveReading = read_save(_file_bytes(file), file.name, date=date, theatre=theatre)
    data: dict[str, Any] = {"file": file.name, "reading": reading.to_dict()}
    if game is not None:
        from ordnance.asl.rules.counter_library import library_path, load_library
        from ordnance.asl.vasl.importer import import_save
        from ordnance.core.journal import open_journal

        sides = None
        if side:
            sides = []
            for text in side:
                name, _sep, nat = text.partition(":")
                sides.append({"name": name.strip(), "nationality": (nat or name).strip()})
        session, plan = import_save(
            open_journal(db),
            reading,
            game_id=game,
            date=date,
            theatre=theatre,
            sides=sides,
            skip_unknown=skip_unknown,
            library=load_library(library_path(library)),
        )
        data["game"] = {"id": session.game_id, **plan.to_dict()}
    elif reading.unknown:
        if not as_json and reading.known:
            emit(data, as_json, _render)
        raise UnknownPieces(unknown_line(reading.unknown), data["reading"])
    emit(data, as_json, _render)


def label_cmd(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Write the snippet to this file.")
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Write a game's side record as HTML for a VASL label (both players see it in VASL)."""
    from ordnance.asl.vasl.label import side_record_html

    session = open_game(db, game_id)
    snippet = side_record_html(session.view(None), game_id=game_id)
    if out is not None:
        try:
            out.write_text(snippet, encoding="utf-8")
        except OSError as exc:
            raise OrdnanceError(
                msg("cannot write {value!r}: {value2}", value=str(out), value2=exc.strerror or exc)
            ) from None
    if as_json:
        emit({"game_id": game_id, "html": snippet, "out": str(out) if out else None}, True)
    elif out is None:
        typer.echo(snippet, nl=False)
    else:
        typer.echo(f"wrote {out}")


__all__ = ["label_cmd", "read_cmd"]
