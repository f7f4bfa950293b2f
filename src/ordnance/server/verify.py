"""Check every server roll of a table yourself: ``python -m ordnance.server.verify``.

Reads the dice record (``GET /api/tables/<id>/dice`` as your seat, from a
running server with ``--url`` and ``--token``, or from a saved JSON file) and,
without trusting the server's own ``verified`` flags, checks for each roll
whose seed you may see that ``sha256(seed)`` is the published hash and that
``SeededDice(seed)`` gives exactly the recorded dice. Exit status 0 when all
check out, 1 otherwise.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from ordnance.server.commitments import verify_roll

app = typer.Typer(add_completion=False)


def check(record: dict[str, Any]) -> dict[str, Any]:
    results = []
    for roll in record.get("rolls", []):
        if roll.get("seed") is None:
            results.append({"seq": roll["seq"], "ok": None, "why": "seed hidden from this seat"})
            continue
        dice = [[v, s, ""] for v, s in zip(roll["dice"], roll["sides"], strict=True)]
        res = verify_roll(roll["seed"], roll["hash"], dice)
        results.append({"seq": roll["seq"], **res})
    failed = [r for r in results if r["ok"] is False]
    return {"checked": sum(r["ok"] is True for r in results), "failed": failed, "rolls": results}


@app.command()
def main(
    source: Annotated[str, typer.Argument(help="A saved dice record (JSON file) or a game id.")],
    url: Annotated[
        str | None, typer.Option(help="Server base URL, e.g. http://127.0.0.1:8000")
    ] = None,
    token: Annotated[str | None, typer.Option(help="Your seat token (from your link).")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Verify the commit-reveal record of every server roll."""
    if url:
        import httpx

        res = httpx.get(
            f"{url.rstrip('/')}/api/tables/{source}/dice",
            headers={"Authorization": f"Bearer {token or ''}"},
            timeout=30,
        )
        if res.status_code != 200:
            typer.echo(f"refused: {res.status_code} {res.text}", err=True)
            raise typer.Exit(2)
        record = res.json()
    else:
        record = json.loads(Path(source).read_text(encoding="utf-8"))
    report = check(record)
    if as_json:
        sys.stdout.write(json.dumps(report) + "\n")
    else:
        for r in report["rolls"]:
            mark = {True: "ok", False: "MISMATCH", None: "hidden"}[r["ok"]]
            typer.echo(f"#{r['seq']}: {mark}")
        typer.echo(f"{report['checked']} rolls verified, {len(report['failed'])} failed")
    raise typer.Exit(1 if report["failed"] else 0)


if __name__ == "__main__":  # pragma: no cover
    # the command line's shared wrapper: a server that is down is one line, exit 1
    from ordnance.cli.main import run_command

    run_command(typer.main.get_command(app), sys.argv[1:])
