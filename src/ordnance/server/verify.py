"""Check every server roll of a table yourself: ``python -m ordnance.server.verify``.

Reads the dice record (``GET /api/tables/<id>/dice`` as your seat, from a
running server with ``--url`` and ``--token``, from a saved JSON file, or
``-`` for standard input) and recomputes every roll from the revealed
secrets (:mod:`ordnance.server.dice_verify`), without trusting anything the
server says about them.

Exit status: 0 when every roll was recomputed and matches; 1 when a roll
fails, when a roll's seed is hidden from your seat (unless
``--allow-hidden``), or when nothing could be verified at all; 2 when the
record cannot be read (bad JSON or fields, a missing file, a server that is
down or refuses the token). Every problem is one line on standard error.

httpx is imported only when a table is verified over the network.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from ordnance.server.dice_verify import MalformedRecord, Report, check

app = typer.Typer(add_completion=False)


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def merge_pages(pages: list[dict[str, Any]]) -> dict[str, Any]:
    """One record from the pages of ``GET /dice?since=`` (each bounded, ``next_since``).

    Rolls are concatenated; each chain (seat and anchor) keeps the union of the
    reveals its pages list, by version; the last page's version and next
    commitment stand.
    """
    merged = dict(pages[-1])
    merged["since"] = pages[0].get("since", 0)
    merged["rolls"] = [roll for page in pages for roll in page.get("rolls", [])]
    chains: dict[str, list[dict[str, Any]]] = {}
    for page in pages:
        for seat, items in (page.get("chains") or {}).items():
            held = chains.setdefault(seat, [])
            for item in items:
                same = next(
                    (
                        c
                        for c in held
                        if c["anchor"] == item["anchor"]
                        and c["from_version"] == item["from_version"]
                    ),
                    None,
                )
                if same is None:
                    held.append({**item, "reveals": list(item.get("reveals", []))})
                    continue
                known = {r["version"] for r in same["reveals"]}
                same["reveals"] += [r for r in item.get("reveals", []) if r["version"] not in known]
                same["reveals"].sort(key=lambda r: r["version"])
                if not item.get("omitted"):
                    same.pop("omitted", None)
    for items in chains.values():
        items.sort(key=lambda c: c["from_version"])
    merged["chains"] = chains
    merged.pop("next_since", None)
    return merged


#: The most pages ``--url`` reads (500 entries each: 5 million entries).
MAX_PAGES = 10_000


def _fetch(url: str, game_id: str, token: str | None) -> Any:
    import httpx

    if not token:
        raise _fail("--token is needed with --url (the token of your seat's link)")
    pages: list[dict[str, Any]] = []
    since: int | None = 0
    while since is not None and len(pages) < MAX_PAGES:
        try:
            res = httpx.get(
                f"{url.rstrip('/')}/api/tables/{game_id}/dice",
                params={"since": since, "limit": 500},
                headers={"Authorization": f"Bearer {token}"},
                timeout=30,
            )
        except httpx.HTTPError as exc:
            # the environment, not the input: exit 1 (README, "errors and exit status")
            raise _fail(
                f"cannot reach the table server {url}: {type(exc).__name__}; "
                "is the server running?",
                code=1,
            ) from None
        if res.status_code != 200:
            raise _fail(f"the server refused: HTTP {res.status_code} {res.text[:200]}")
        try:
            page = res.json()
        except ValueError:
            raise _fail("the server's answer is not JSON") from None
        if not isinstance(page, dict):
            raise _fail("the server's answer is not a dice record")
        pages.append(page)
        after = page.get("next_since")
        since = after if isinstance(after, int) and after > since else None
    return merge_pages(pages)


def _read(source: str) -> Any:
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _fail(f"cannot read {source}: {exc.__class__.__name__}: {exc}") from None
    try:
        return json.loads(text)
    except ValueError as exc:
        raise _fail(f"{source} is not JSON: {exc}") from None


def _print(report: Report, allow_hidden: bool) -> None:
    for r in report.rolls:
        mark = {"ok": "ok", "failed": "FAILED", "hidden": "hidden from your seat"}[r.status]
        absent = f" (no secret from: {', '.join(r.absent)})" if r.absent else ""
        typer.echo(f"roll #{r.seq} (version {r.version}): {mark}{absent}")
        for n in r.notes:
            typer.echo(f"    {n}")
        for p in r.problems:
            typer.echo(f"    {p}")
    line = (
        f"{report.verified} rolls verified, {len(report.failed)} failed, "
        f"{len(report.hidden)} hidden"
    )
    typer.echo(line)
    if not report.verified:
        typer.echo("nothing was verified: this is not a success", err=True)
    elif report.hidden and not allow_hidden:
        typer.echo("some rolls could not be checked (use --allow-hidden to accept)", err=True)


@app.command()
def main(
    source: Annotated[
        str, typer.Argument(help="A saved dice record (JSON file, - for stdin) or a game id.")
    ],
    url: Annotated[
        str | None, typer.Option(help="Server base URL, e.g. http://127.0.0.1:8000")
    ] = None,
    token: Annotated[str | None, typer.Option(help="Your seat token (from your link).")] = None,
    allow_hidden: Annotated[
        bool, typer.Option(help="Accept rolls whose seed is hidden from your seat.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Recompute every server roll from its revealed secrets."""
    record = _fetch(url, source, token) if url else _read(source)
    try:
        report = check(record)
    except MalformedRecord as exc:
        raise _fail(f"not a readable dice record: {exc}") from None
    ok = report.success(allow_hidden)
    if as_json:
        out = {
            "ok": ok,
            "verified": report.verified,
            "failed": len(report.failed),
            "hidden": len(report.hidden),
            "rolls": [r.as_dict() for r in report.rolls],
        }
        sys.stdout.write(json.dumps(out) + "\n")
    else:
        _print(report, allow_hidden)
    raise typer.Exit(0 if ok else 1)


if __name__ == "__main__":  # pragma: no cover
    # the command line's shared wrapper: a server that is down is one line, exit 1
    from ordnance.cli.main import run_command

    run_command(typer.main.get_command(app), sys.argv[1:])
