"""``ordnance scenario``: check, schema, export and list scenario files.

``ordnance game new --scenario FILE`` (in :mod:`ordnance.cli.games`) starts a
game from one; these commands read, publish and write the format
(:mod:`ordnance.core.scenario`).

The journal is imported only by the commands that start a game: ``ordnance scenario
check`` opens no database. The format itself (its Pydantic models) and the game
registry are imported by each command when it runs, so ``ordnance scenario --help``
loads neither.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ordnance.cli.common import DbOpt, JsonOpt, emit
from ordnance.core.errors import OrdnanceError

app = typer.Typer(help="Scenario files: check, schema, export, examples.", no_args_is_help=True)


@app.command("check")
def check_cmd(
    file: Annotated[str, typer.Argument(help="A scenario file (YAML or JSON) or an example name.")],
    as_json: JsonOpt = False,
) -> None:
    """Validate a scenario file; name the line and field of every problem (exit 2 if any)."""
    from ordnance.core import scenario as sc

    src: sc.Source | None = None
    try:
        src = sc.open_source(file)
    except sc.ScenarioProblems as exc:  # the file is not even YAML/JSON
        problems = list(exc.problems)
    else:
        problems = sc.problems_of(src)
    if as_json:
        emit({"file": file, "ok": not problems, "problems": [p.to_dict() for p in problems]}, True)
    elif problems:
        for p in problems:
            typer.echo(p.text(file))  # plain lines: editors jump to FILE:LINE
        typer.echo(f"{len(problems)} problem(s)")
    elif src is not None:
        game, doc = sc.validate(src)
        typer.echo(
            f"{file}: ok ({game.name}, {doc.title!r}, {len(doc.units)} units"
            f"{', sample values' if doc.sample else ''})"
        )
    if problems:
        raise typer.Exit(2)


@app.command("schema")
def schema_cmd(
    game: Annotated[
        str | None, typer.Argument(help="asl, toi or waw (default: every game).")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Write GAME.schema.json files into this folder."),
    ] = None,
) -> None:
    """Print (or write) the JSON Schema of scenario files, for editors."""
    from ordnance.core import registry
    from ordnance.core import scenario as sc

    names = [game] if game else sorted(registry.plugins())
    games = [registry.game(n) for n in names]
    games = [g for g in games if g.scenario_model() is not None or game]
    if out is None:
        if len(games) != 1:
            raise OrdnanceError(
                "name one game to print its schema", hint="or give --out DIR to write them all"
            )
        typer.echo(sc.schema_text(games[0]), nl=False)
        return
    out.mkdir(parents=True, exist_ok=True)
    for g in games:
        path = out / f"{g.name}.schema.json"
        path.write_text(sc.schema_text(g), "utf-8")
        typer.echo(f"wrote {path}")


@app.command("export")
def export_cmd(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    out: Annotated[Path | None, typer.Option("--out", "-o", help="File to write.")] = None,
    fmt: Annotated[str, typer.Option("--format", help="yaml or json.")] = "yaml",
    title: Annotated[str | None, typer.Option("--title", help="Title of the file.")] = None,
    seat: Annotated[
        str | None,
        typer.Option(
            "--as",
            help="Write only what this seat sees (the other side's face-down tokens left "
            "out); default: the full position, for the hot seat.",
        ),
    ] = None,
    db: DbOpt = None,
) -> None:
    """Write a game's current position as a scenario file (stdout without --out).

    Without --as the file holds everything, secrets included (every face-down
    token): a file to resume from at one table. With --as SIDE it holds what
    that side's view shows.
    """
    from ordnance.core import scenario as sc
    from ordnance.core.journal import GameSession, open_journal

    if fmt not in ("yaml", "json"):
        raise OrdnanceError(f"--format {fmt!r}: yaml or json")
    session = GameSession(open_journal(db), game_id)
    state = session.state()
    seats = list(session.game.seats(state))
    if seat is not None and seat not in seats:
        raise OrdnanceError(
            f"--as {seat!r}: not a seat of this game", hint="one of " + ", ".join(seats)
        )
    try:
        doc = sc.export(session.game, state, seat, session.settings)
    except NotImplementedError as exc:
        raise OrdnanceError(str(exc)) from None
    if title is not None:
        doc["title"] = title
        sc.validate(sc.document(doc, "export"))  # the title too must fit the schema
    text = sc.dump(doc, "json" if fmt == "json" else "yaml")
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, "utf-8")
        typer.echo(f"wrote {out}")


@app.command("examples")
def examples_cmd(as_json: JsonOpt = False) -> None:
    """List the sample scenarios shipped with ordnance (sample values)."""
    from ordnance.core import scenario as sc

    rows: list[dict[str, Any]] = []
    for name, item in sc.examples().items():
        game, doc = sc.validate(sc.parse_text(item.read_text("utf-8"), name))
        rows.append({"name": name, "game": game.name, "title": doc.title, "sample": doc.sample})
    emit(
        {"examples": rows},
        as_json,
        lambda d: "\n".join(f"{r['name']}: {r['title']}" for r in d["examples"]),
    )


def new_from_scenario(
    file: str, game: str | None, settings: str, game_id: str | None, db: str | None, as_json: bool
) -> None:
    """``ordnance game new --scenario FILE``: create the game and journal its set-up."""
    from ordnance.core import scenario as sc
    from ordnance.core.journal import open_journal

    if settings.strip() not in ("", "{}"):
        raise OrdnanceError(
            "--settings and --scenario do not mix: the scenario sets the options",
            hint="put the settings under the file's rules",
        )
    src = sc.open_source(file)
    if game is not None:
        named = src.data.get("game") if isinstance(src.data, dict) else None
        if named != game:
            raise OrdnanceError(f"{file} is a {named!r} scenario, not {game!r}")
    session = sc.start_game(open_journal(db), src, game_id)
    emit(
        {
            "game_id": session.game_id,
            "game": session.game_name,
            "scenario": file,
            "setup_actions": session.version,
        },
        as_json,
    )
