"""``ordnance table ...``: play at a remote table from the terminal (a thin HTTP client).

The CLI holds a seat the way a browser does: ``ordnance table join URL``
claims an invitation (``http://host:8000/join/<game>#invite=<code>``) over
HTTP and saves the seat's fresh token in a file only its user can read
(mode 0600), one file per table:

    $ORDNANCE_TABLES_DIR/<game id>.json       (if set)
    $XDG_CONFIG_HOME/ordnance/tables/<game id>.json
    ~/.config/ordnance/tables/<game id>.json  (otherwise)

``--file PATH`` picks another file (e.g. to hold two seats of one table on
one machine). The other commands (``view``, ``log``, ``act``, ``invite``,
``seats``, ``token``, ``watch``) read that file and present the token as
``Authorization: Bearer``; they print what the server answers, never more.

Exit status: 0 done; 2 the server refused (the message names the rule or
field); 1 the server cannot be reached or the saved file cannot be read.

The dice file helpers are imported only by the commands that read or write a dice
secret, and the HTTP client (``httpx``) only by the functions that talk to the server,
so ``ordnance table --help`` loads neither.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer(
    help="Play at a remote table: create or join with an invitation, view, act.",
    no_args_is_help=True,
)
out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)

FileOpt = Annotated[
    Path | None,
    typer.Option("--file", help="The seat's token file (default: one per table, see --help)."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the server's JSON answer.")]
TableIdArg = Annotated[str, typer.Argument(help="The table's id.")]


def tables_dir() -> Path:
    if os.environ.get("ORDNANCE_TABLES_DIR"):
        return Path(os.environ["ORDNANCE_TABLES_DIR"])
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "ordnance" / "tables"


def seat_file(game_id: str, file: Path | None) -> Path:
    return file if file is not None else tables_dir() / f"{game_id}.json"


def save_seat(path: Path, seat: dict[str, str]) -> None:
    """Write the seat file with mode 0600 (created so, never widened), its folder 0700."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(seat, f, indent=1)
    os.chmod(path, 0o600)


def load_seat(game_id: str, file: Path | None) -> dict[str, str]:
    path = seat_file(game_id, file)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not all(isinstance(data.get(k), str) for k in ("url", "game_id", "seat", "token")):
            raise ValueError("missing fields")
    except FileNotFoundError:
        if file is None and ("://" in game_id or "/" in game_id):
            # a link where the table's id goes: its seat file name would be built from it
            _fail(
                1,
                f"{game_id} is a link, and these commands take a table's id: no table "
                "was joined from here under that name",
                "join it first with `ordnance table join LINK`, using the invitation or seat "
                "link you were given, then use the table id it prints",
            )
        _fail(
            1,
            f"table {game_id} was never joined from here: no seat is saved for it "
            f"(looked in {path})",
            "join it first with `ordnance table join LINK`, the invitation or seat link "
            "you were given, or pass the seat's file with --file",
        )
    except (OSError, ValueError) as exc:
        _fail(1, f"the seat file {path} cannot be read ({exc})", "join the table again")
    seat: dict[str, str] = data
    return seat


def _remember_version(game_id: str, file: Path | None, seat: dict[str, str], version: int) -> None:
    """Keep in the seat file the version this seat last saw (``act`` acts at it)."""
    if seat.get("version") != str(version):
        seat["version"] = str(version)
        save_seat(seat_file(game_id, file), seat)


def _fail(code: int, message: str, hint: str | None = None) -> Any:
    err.print(f"[bold red]error:[/] {message}" + (f" ({hint})" if hint else ""), highlight=False)
    raise typer.Exit(code)


def _request(method: str, url: str, token: str | None = None, body: Any = None) -> tuple[int, Any]:
    """The server's status and JSON answer (an unreachable server or an answer
    without JSON ends the command)."""
    import httpx

    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        res = httpx.request(method, url, json=body, headers=headers, timeout=30)
    except httpx.HTTPError as exc:
        _fail(1, f"cannot reach the table server at {url}: {exc}", "is it running?")
        raise  # not reached: _fail exits
    try:
        data: Any = res.json()
    except ValueError:
        _fail(1, f"the server answered {res.status_code} without JSON")
        raise  # not reached
    return res.status_code, data


def _refused(status: int, data: Any) -> Any:
    clause = f"[{data.get('clause')}] " if data.get("clause") else ""
    return _fail(2, f"refused ({status}): {clause}{data.get('message')}", data.get("hint"))


def _call(method: str, url: str, token: str | None = None, body: Any = None) -> Any:
    status, data = _request(method, url, token, body)
    if status >= 400:
        return _refused(status, data)
    return data


def _at_table(seat: dict[str, str], game_id: str, method: str, path: str, body: Any = None) -> Any:
    """One request to the table's ``path`` (``/view``...) as the seat of a seat file."""
    return _call(method, f"{seat['url']}/api/tables/{game_id}{path}", seat["token"], body)


def _parse_link(url: str) -> tuple[str, str, str, str]:
    """``http://h:p/join/<gid>#invite=<code>`` or ``http://h:p/t/<gid>#seat=<token>``:
    (base URL, game id, kind, secret)."""
    parts = urlsplit(url.strip())
    segments = [s for s in parts.path.split("/") if s]
    key, _, secret = parts.fragment.partition("=")
    if (
        parts.scheme not in ("http", "https")
        or len(segments) != 2
        or (segments[0], key) not in (("join", "invite"), ("t", "seat"))
        or not secret
    ):
        _fail(
            2,
            f"not a table link: {url!r}",
            "give the whole link, e.g. http://host:8000/join/<table>#invite=<code> (quote the #)",
        )
    return f"{parts.scheme}://{parts.netloc}", segments[1], segments[0], secret


@app.command()
def join(
    url: Annotated[str, typer.Argument(help="The invitation link (or your own seat link).")],
    file: FileOpt = None,
) -> None:
    """Claim a seat with its invitation and save the seat's token (mode 0600)."""
    base, gid, kind, secret = _parse_link(url)
    path = seat_file(gid, file)
    recovery = ""
    if kind == "join":
        # the seat this file already holds at this table goes with the claim: a seated
        # player's claim of another seat's invitation is refused (TABLE-SEAT-4)
        held = _held_token(path, gid)
        data = _call("POST", f"{base}/api/tables/{gid}/claim", held, body={"invitation": secret})
        seat, token, recovery = data["seat"], data["token"], data.get("recovery") or ""
    else:  # a seat link: check it opens a seat, then keep it
        seat, token = _call("GET", f"{base}/api/tables/{gid}/view", secret)["seat"], secret
    saved = {"url": base, "game_id": gid, "seat": seat, "token": token}
    if recovery:
        saved["recovery"] = recovery
    save_seat(path, saved)
    out.print(f"joined table {gid} as {seat}; token saved in {path} (mode 0600)", highlight=False)
    _anchor_early(base, gid, seat, token)
    if recovery:
        out.print(
            "your recovery secret (kept in that file; `ordnance table recover` moves the "
            f"seat to another device with it): {recovery}",
            highlight=False,
            soft_wrap=True,
        )


def _anchor_early(base: str, game_id: str, seat: str, token: str, quiet: bool = False) -> None:
    """Publish this seat's dice chain anchor now (at claim or creation), as the page does.

    A roll needs every other seat's element, but only a chain anchored before the
    action's commitment can give one: anchoring at once means this seat is
    awaited by the first roll. Best effort: a table with entered dice, or a server
    that refuses, leaves it to ``ordnance table watch`` / ``ordnance dice anchor``.
    """
    import httpx

    from ordnance.server import dice_secret

    try:
        chain = dice_secret.load_or_make(dice_secret.default_path(game_id, seat))
        res = httpx.post(
            f"{base}/api/tables/{game_id}/dice/anchor",
            json={"anchor": chain[-1]},
            headers={"Authorization": f"Bearer {token}"},
            timeout=30,
        )
    except (httpx.HTTPError, OSError, typer.Exit):
        return
    if res.status_code == 200 and not quiet:
        out.print("dice chain anchor published: your element is awaited by every roll")


def _held_token(path: Path, game_id: str) -> str | None:
    """The token a seat file already holds for this table (None: none, or unreadable)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    token = data.get("token") if isinstance(data, dict) else None
    return token if isinstance(token, str) and data.get("game_id") == game_id else None


@app.command()
def create(
    server: Annotated[str, typer.Argument(help="The server, e.g. http://127.0.0.1:8000")],
    game: Annotated[str, typer.Argument(help="Game module (ordnance game types).")],
    seat: Annotated[str | None, typer.Option(help="Your seat (default: the first).")] = None,
    settings: Annotated[str, typer.Option(help="The game's settings as JSON.")] = "{}",
    reissue_wait: Annotated[
        int,
        typer.Option(
            help="Minutes a seat's holder must make no request before another seat's "
            "request for its seat completes without its yes.",
            min=1,
            max=43200,
        ),
    ] = 1440,
    file: FileOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Create a table: keep your own seat's token, print one invitation per other seat."""
    try:
        parsed = json.loads(settings)
    except ValueError as exc:
        _fail(2, f"--settings is not JSON ({exc})")
    base = server.rstrip("/")
    body: dict[str, Any] = {"game": game, "settings": parsed, "reissue_wait_minutes": reissue_wait}
    if seat is not None:
        body["seat"] = seat
    data = _call("POST", f"{base}/api/tables", body=body)
    path = seat_file(data["game_id"], file)
    save_seat(
        path,
        {
            "url": base,
            "game_id": data["game_id"],
            "seat": data["seat"],
            "token": data["token"],
            "recovery": data.get("recovery") or "",
        },
    )
    invitations = {i["seat"]: base + i["link"] for i in data["invitations"]}
    _anchor_early(base, data["game_id"], data["seat"], data["token"], quiet=json_out)
    if json_out:
        out.print_json(
            data=dict(game_id=data["game_id"], seat=data["seat"], invitations=invitations)
        )
        return
    out.print(
        f"table {data['game_id']}: you play {data['seat']} (token in {path})", highlight=False
    )
    for other, link in invitations.items():
        out.print(f"invitation for {other}: {link}", highlight=False, soft_wrap=True)


@app.command()
def view(game_id: TableIdArg, file: FileOpt = None, json_out: JsonOpt = False) -> None:
    """Your seat's view: panels, then the actions you may take now."""
    seat = load_seat(game_id, file)
    data = _at_table(seat, game_id, "GET", "/view")
    _remember_version(game_id, file, seat, int(data["version"]))
    if json_out:
        out.print_json(data=data)
        return
    out.print(
        f"{data['title']} · table {game_id} · you: {data['seat']} · version {data['version']}",
        highlight=False,
    )
    for panel in data["view"].get("panels", []) if isinstance(data["view"], dict) else []:
        table = Table(title=str(panel.get("title", "")))
        for column in panel.get("columns", []):
            table.add_column(str(column))
        for row in panel.get("rows", []):
            table.add_row(*(str(c) for c in row))
        out.print(table)
    legal = [a.get("type", "?") for a in data.get("legal", [])]
    out.print("you may: " + (", ".join(legal) if legal else "nothing now"), highlight=False)


@app.command()
def log(game_id: TableIdArg, file: FileOpt = None, json_out: JsonOpt = False) -> None:
    """The journal as your seat sees it, with what happened to the seats.

    Each seat event (a claim, a request for a new invitation, a refused attempt
    on a seat...) is printed under the entry it happened at, as the page shows
    it; those from before the first entry come first."""
    seat = load_seat(game_id, file)
    data = _at_table(seat, game_id, "GET", "/log")
    if json_out:
        out.print_json(data=data)
        return
    for line in log_lines(data):
        out.print(line, highlight=False)


def log_lines(data: dict[str, Any]) -> list[str]:
    """The lines ``ordnance table log`` prints for a ``/log`` answer (oldest first).

    An entry: ``<seq> <seat>: <event texts> [<dice>]``; a seat event under the
    entry it happened at (``at_entry``): ``  seat: <text>``. A seat event at an
    entry this page does not hold (an older one) is left to that entry's page,
    except those before the first entry (``at_entry`` 0), printed first when
    the page starts the journal."""
    by_entry: dict[int, list[str]] = {}
    for ev in sorted(data.get("seat_events") or [], key=lambda x: int(x.get("id") or 0)):
        by_entry.setdefault(int(ev.get("at_entry") or 0), []).append(f"  seat: {ev.get('text')}")
    entries = data.get("entries") or []
    lines: list[str] = []
    if not entries or int(entries[0]["seq"]) <= 1:
        lines += by_entry.get(0, [])
    for e in entries:
        texts = "; ".join(str(x.get("text") or x.get("kind")) for x in e["events"])
        dice = "hidden" if e["dice"] is None else ",".join(str(d) for d in e["dice"])
        lines.append(f"{e['seq']} {e.get('seat') or '-'}: {texts} [{dice}]")
        lines += by_entry.get(int(e["seq"]), [])
    return lines


@app.command()
def act(
    game_id: TableIdArg,
    action: Annotated[
        str, typer.Argument(help='The action as JSON, e.g. \'{"type": "end_phase"}\'.')
    ],
    dice: Annotated[
        str | None, typer.Option(help="Dice rolled at the table (e.g. 3,2); omit for server dice.")
    ] = None,
    version: Annotated[
        int | None, typer.Option(help="The version you acted at (default: the current one).")
    ] = None,
    file: FileOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Act at the table (refused with 409 if someone acted first)."""
    seat = load_seat(game_id, file)
    try:
        parsed = json.loads(action)
    except ValueError as exc:
        _fail(2, f"the action is not JSON ({exc})")
    actions = f"{seat['url']}/api/tables/{game_id}/actions"
    # One request: the version this seat file last saw (its last view or action),
    # read from the server only the first time, or again if the table moved on since.
    known = seat.get("version")
    guessed = version is None
    if version is None:
        version = int(known) if known is not None and known.isdigit() else None
    if version is None:
        version = int(_at_table(seat, game_id, "GET", "/view")["version"])
    body: dict[str, Any] = {"action": parsed, "expected_version": version}
    if dice is not None:
        try:
            body["dice"] = [int(d) for d in dice.replace(",", " ").split()]
        except ValueError:
            _fail(2, f"--dice takes whole numbers, not {dice!r}")
    status, data = _request("POST", actions, seat["token"], body)
    if status == 409 and guessed and known is not None and data.get("error") == "StaleVersion":
        body["expected_version"] = int(_at_table(seat, game_id, "GET", "/view")["version"])
        status, data = _request("POST", actions, seat["token"], body)
    if status >= 400:
        _refused(status, data)
    _remember_version(game_id, file, seat, int(data["version"]))
    if json_out:
        out.print_json(data=data)
        return
    if "rolling" in data:  # 202: the other seats reveal for it, then the dice are drawn
        r = data["rolling"]
        out.print(
            f"version {data['version']}: your action waits for its dice "
            f"(digest {r['digest'][:16]}..., waiting for {', '.join(r['waiting_for'])}); "
            "`ordnance table log` shows it once rolled",
            highlight=False,
        )
        return
    if "pending" in data:  # 202: a consent request
        out.print(f"version {data['version']}: asked: {data['pending'].get('text', '')}")
        return
    texts = "; ".join(str(x.get("text") or x.get("kind")) for x in data["entry"]["events"])
    out.print(f"version {data['version']}: {texts}", highlight=False)


#: A version past any table's: ``/since`` then answers nothing older than the current one.
_NOW = 2**31 - 1


@app.command()
def watch(
    game_id: TableIdArg,
    file: FileOpt = None,
    secret_file: Annotated[
        Path | None,
        typer.Option("--secret-file", help="The seat's dice chain file (default: one per seat)."),
    ] = None,
    interval: Annotated[
        float, typer.Option(min=0.2, max=3600, help="Seconds between two polls.")
    ] = 2.0,
    polls: Annotated[int, typer.Option(min=0, help="Stop after this many polls (0: never).")] = 0,
) -> None:
    """Take part in the dice as the page does: publish your chain's anchor, then reveal
    your element for every action that waits for it (reveal-on-poll); each poll is one
    ``GET /since``, which also answers the journal entries made since the last one
    (printed as ``table log`` prints them)."""
    from ordnance.server import dice_secret

    seat = load_seat(game_id, file)
    done = 0
    seen: int | None = None  # the last entry printed (the first poll prints none)
    while True:
        # the view, and the entries after the last one printed; no dice record (the
        # verifier reads it), nor the journal's tail at the first poll
        query = f"?version={_NOW if seen is None else seen}&dice_since={_NOW}"
        answer = _at_table(seat, game_id, "GET", "/since" + query)
        data = answer["view"]
        if seen is not None and answer.get("log"):
            for printed in log_lines(answer["log"]):  # the entries, and their seat lines
                out.print(printed, highlight=False)
        seen = int(answer["log"]["version"]) if answer.get("log") else int(data["version"])
        path = secret_file or dice_secret.default_path(game_id, data["seat"])
        try:
            chain = dice_secret.load_or_make(path)
        except typer.Exit:
            raise
        state = data["dice"]["chain"]
        if state.get("newest", state["anchor"]) != chain[-1]:
            res = _at_table(seat, game_id, "POST", "/dice/anchor", {"anchor": chain[-1]})
            out.print(
                f"anchor published at version {res['from_version']}: "
                "it serves the actions committed after it"
            )
        else:
            try:
                line = dice_secret.reveal_pending(
                    data, chain, path, lambda p, b: _at_table(seat, game_id, "POST", p, b)
                )
            except dice_secret.RevealRefused as exc:
                _fail(2, str(exc))
            if line:
                out.print(line, highlight=False)
        done += 1
        if polls and done >= polls:
            return
        time.sleep(interval)


@app.command()
def invite(
    game_id: TableIdArg,
    seat_name: Annotated[str, typer.Argument(metavar="SEAT", help="The seat whose link is lost.")],
    file: FileOpt = None,
) -> None:
    """Ask for a new invitation for another seat: its holder decides (or stays away)."""
    seat = load_seat(game_id, file)
    data = _at_table(seat, game_id, "POST", "/invitations", {"seat": seat_name})
    link = f"{seat['url']}{data['link']}"
    if data.get("status") == "pending":
        out.print(
            f"asked for a new invitation for {data['seat']} (request {data['request']}): "
            f"{link} opens the seat once {data['seat']} accepts, or makes no request until "
            f"{data['due_at']}",
            highlight=False,
            soft_wrap=True,
        )
        return
    out.print(f"new invitation for {data['seat']}: {link}", highlight=False)


@app.command()
def answer(
    game_id: TableIdArg,
    request: Annotated[int, typer.Argument(help="The request's number (ordnance table seats).")],
    accept: Annotated[
        bool,
        typer.Option(
            "--accept/--decline",
            help="Hand your seat over (the holder), or decline it (the holder) or withdraw "
            "it (the seat that asked).",
        ),
    ],
    file: FileOpt = None,
) -> None:
    """Answer a request for a new invitation for your seat (or withdraw your own)."""
    seat = load_seat(game_id, file)
    data = _at_table(seat, game_id, "POST", f"/reissues/{request}", {"accept": accept})
    out.print(f"request {data['request']}: {data['status']}", highlight=False)


@app.command()
def recover(
    game_id: TableIdArg,
    server: Annotated[
        str | None, typer.Option(help="The server (default: the one in the seat file).")
    ] = None,
    seat_name: Annotated[
        str | None, typer.Option("--seat", help="Your seat (default: the seat file's).")
    ] = None,
    secret: Annotated[
        str | None,
        typer.Option(help="Your recovery secret (default: the seat file's)."),
    ] = None,
    file: FileOpt = None,
) -> None:
    """Move your seat to this device with its recovery secret: the old token stops
    working; the new token and a new secret are saved."""
    path = seat_file(game_id, file)
    saved: dict[str, str] = {}
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
        saved = {k: v for k, v in loaded.items() if isinstance(v, str)}
    except (OSError, ValueError):
        saved = {}
    base = (server or saved.get("url") or "").rstrip("/")
    name = seat_name or saved.get("seat")
    key = secret or saved.get("recovery")
    if not base or not name or not key:
        _fail(
            2, f"no seat file for table {game_id} in {path}", "give --server, --seat and --secret"
        )
    data = _call("POST", f"{base}/api/tables/{game_id}/seats/{name}/recover", body={"secret": key})
    save_seat(
        path,
        {
            "url": base,
            "game_id": game_id,
            "seat": data["seat"],
            "token": data["token"],
            "recovery": data["recovery"],
        },
    )
    out.print(
        f"{data['seat']} moved to this device; new token and recovery secret saved in {path}",
        highlight=False,
    )


@app.command()
def seats(game_id: TableIdArg, file: FileOpt = None) -> None:
    """Who holds each seat, and how often each link was reissued, by whom."""
    seat = load_seat(game_id, file)
    data = _at_table(seat, game_id, "GET", "/seats")
    for s in data["seats"]:
        by = ", ".join(f"{k} x{n}" for k, n in s["reissued_by"].items()) or "-"
        held = "held" if s["held"] else "waiting for its invitation"
        if s.get("claimed_at"):
            held += f" since {s['claimed_at']}"
        if s.get("same_address_as"):
            held += f" (from the same address as {', '.join(s['same_address_as'])})"
        out.print(f"{s['seat']}: {held}; reissued {s['reissued']} (by {by})", highlight=False)
    for r in data.get("requests", []):
        waits = f"until {r['due_at']}" if r.get("due_at") else f"for {r['seat']}'s answer"
        out.print(
            f"request {r['request']}: {r['requested_by']} asks for a new invitation for "
            f"{r['seat']} ({r['status']}; waits {waits})",
            highlight=False,
        )
    for e in data.get("events", [])[-10:]:
        out.print(f"  {e['at']}: {e['text']}", highlight=False, soft_wrap=True)


@app.command()
def token(game_id: TableIdArg, file: FileOpt = None) -> None:
    """Replace your own token (the old one stops working) and save the new one."""
    seat = load_seat(game_id, file)
    data = _at_table(seat, game_id, "POST", "/token")
    path = seat_file(game_id, file)
    save_seat(path, {**seat, "token": data["token"]})
    out.print(f"new token for {data['seat']} saved in {path}", highlight=False)
