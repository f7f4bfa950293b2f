"""A seat's dice secret outside the browser: ``python -m ordnance.server.dice_secret``.

The page keeps its chain root in the browser's localStorage; a player who
plays through the HTTP API (a script, curl) keeps it in a file instead:
``$XDG_CONFIG_HOME/ordnance/dice/<game id>-<seat>.json`` (``~/.config`` when
``XDG_CONFIG_HOME`` is unset), created with mode 0600, or any path given
with ``--secret-file``. It holds the 32-byte root and the anchor; lose it and
the seat starts a new chain (``anchor`` again), which counts from the next
version.

* ``anchor GAME --url --token``: make the root if needed and publish the anchor.
* ``reveal GAME --url --token``: reveal this seat's next element for the
  action waiting for its dice (the view's ``dice.pending``; the server
  refuses an element revealed before the action is committed). With no
  action waiting for this seat it says so and reveals nothing.
  ``ordnance table watch`` runs the same reveal at every poll.

Exit 0 on success, 2 with a one-line message otherwise.

httpx is imported only when a dice secret is fetched from a server; the file helpers
need none.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from ordnance.server.dice_scheme import CHAIN_LENGTH, chain_from, is_hex, new_root, next_reveal

app = typer.Typer(add_completion=False, no_args_is_help=True)

UrlOpt = Annotated[str, typer.Option(help="Server base URL, e.g. http://127.0.0.1:8000")]
TokenOpt = Annotated[str, typer.Option(help="Your seat token (from your link).")]
FileOpt = Annotated[
    Path | None, typer.Option("--secret-file", help="Where the seat's chain root is kept.")
]


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def default_path(game_id: str, seat: str) -> Path:
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "ordnance" / "dice" / f"{game_id}-{seat}.json"


def load_or_make(path: Path, fresh: bool = False) -> list[str]:
    """The chain of the root kept at ``path``; a new root (mode 0600) if there is none."""
    if fresh and path.exists():
        path.unlink()
    if path.exists():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            root = data["root"]
        except (OSError, ValueError, KeyError, TypeError):
            raise _fail(f"{path} is not a dice secret file; move it away to start anew") from None
        if not is_hex(root):
            raise _fail(f"{path}: the root is not 64 hex digits")
        return chain_from(root, CHAIN_LENGTH)
    root = new_root()
    chain = chain_from(root, CHAIN_LENGTH)
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"root": root, "anchor": chain[-1]}, fh)
    except OSError as exc:
        raise _fail(f"cannot write {path}: {exc.strerror}") from None
    return chain


def _call(url: str, game_id: str, token: str, method: str, path: str, body: Any = None) -> Any:
    import httpx

    try:
        res = httpx.request(
            method,
            f"{url.rstrip('/')}/api/tables/{game_id}{path}",
            json=body,
            headers={"Authorization": f"Bearer {token}"},
            timeout=30,
        )
    except httpx.HTTPError as exc:
        raise _fail(f"cannot reach {url}: {type(exc).__name__}; is the server running?") from None
    try:
        data = res.json()
    except ValueError:
        data = {"message": res.text[:200]}
    if res.status_code != 200:
        raise _fail(f"the server refused: HTTP {res.status_code} {data.get('message', '')}")
    return data


def _chain_for(
    url: str, game_id: str, token: str, secret_file: Path | None, fresh: bool = False
) -> tuple[Any, list[str], Path]:
    view = _call(url, game_id, token, "GET", "/view")
    path = secret_file or default_path(game_id, view["seat"])
    return view, load_or_make(path, fresh), path


def _sent(path: Path) -> dict[str, Any]:
    sent = json.loads(path.read_text(encoding="utf-8")).get("sent")
    return sent if isinstance(sent, dict) else {}


def _mark_sent(path: Path, element: str, version: int) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["sent"] = {"element": element, "version": version}
    path.write_text(json.dumps(data), encoding="utf-8")


@app.command()
def anchor(
    game_id: str,
    url: UrlOpt,
    token: TokenOpt,
    secret_file: FileOpt = None,
    new: Annotated[bool, typer.Option("--new", help="Start a new chain (a new root).")] = False,
) -> None:
    """Publish this seat's chain anchor (it counts from the next version)."""
    view, chain, _path = _chain_for(url, game_id, token, secret_file, new)
    state = view["dice"]["chain"]
    if state.get("newest", state["anchor"]) == chain[-1]:
        typer.echo(
            f"anchor already published at version {view['dice']['chain']['from_version']}: "
            "it serves the actions committed after it"
        )
        return
    res = _call(url, game_id, token, "POST", "/dice/anchor", {"anchor": chain[-1]})
    typer.echo(
        f"anchor published at version {res['from_version']}: "
        "it serves the actions committed after it"
    )


class RevealRefused(Exception):
    """The reveal could not be made (one line, for the caller to print)."""


def reveal_pending(
    view: dict[str, Any],
    chain: list[str],
    path: Path,
    post: Any,
) -> str | None:
    """Reveal this seat's next element for the action waiting for it, if any.

    ``post(path, body)`` sends the request and returns its answer. Returns the
    line to print, or None when no action waits for this seat's element.
    """
    state = view["dice"]["chain"]
    pending = view["dice"].get("pending")
    if not pending or not pending.get("reveal"):
        return None
    if state["anchor"] != chain[-1]:
        raise RevealRefused(
            "this seat's published anchor is not from this secret file: run `anchor`"
        )
    if state["from_version"] > view["version"]:
        raise RevealRefused(f"the anchor counts from version {state['from_version']}")
    element = next_reveal(chain, state["last"])
    if element is None:
        raise RevealRefused(
            "the chain is used up or the server's last element is not in it: run `anchor --new`"
        )
    sent = _sent(path)
    if sent.get("element") == element and sent.get("version") != view["version"]:
        # the server saw this element (for another version) without recording it:
        # sending it again would let the operator fit a seed to it
        raise RevealRefused("this element was sent once and not recorded: run `anchor --new`")
    _mark_sent(path, element, view["version"])
    body = {
        "version": view["version"],
        "commitment": view["commitment"]["hash"],
        "element": element,
        "pending": pending["digest"],
    }
    res = post("/dice/reveal", body)
    applied = res.get("applied") if isinstance(res, dict) else None
    done = f"; rolled: version {applied}" if applied else ""
    return (
        f"revealed for {pending['seat']}'s action at version {view['version']} "
        f"(digest {pending['digest'][:16]}...){done}"
    )


@app.command()
def reveal(game_id: str, url: UrlOpt, token: TokenOpt, secret_file: FileOpt = None) -> None:
    """Reveal this seat's next element for the action waiting for its dice."""
    view, chain, path = _chain_for(url, game_id, token, secret_file)
    try:
        line = reveal_pending(
            view, chain, path, lambda p, b: _call(url, game_id, token, "POST", p, b)
        )
    except RevealRefused as exc:
        raise _fail(str(exc)) from None
    typer.echo(line or f"no action is waiting for your element at version {view['version']}")


if __name__ == "__main__":  # pragma: no cover
    app()
