"""Static files that a browser keeps: versioned URLs, cached for good, and compressed.

The pages name their scripts and style under ``/static/v/<build>/...``
(:data:`PREFIX`), where ``<build>`` is a digest of every file under
``static/``: a file's URL changes whenever any static file changes, so those
answers carry ``Cache-Control: public, max-age=31536000, immutable`` and a
browser that has seen them asks for none of them again, a reload included.
The ES modules of ``static/table`` import each other by relative paths, which
resolve under the same prefix, so they are versioned too. The old unversioned
``/static/...`` URLs still answer, with ``Cache-Control: no-cache`` (the
browser revalidates with the ETag and gets 304).

The versioned files are served from memory (:class:`VersionedStatic`): read
once at start, each with its gzip form made then, so a cold page's dozen
scripts cost no file read, thread hop or compression per request; the bytes
are exactly those the build digest was made of. (An edit to a static file is
seen under the new digest after a restart.)

The table page also lists every module of ``static/table`` as
``<link rel="modulepreload">`` (:data:`TABLE_MODULES`), so the browser fetches
them all at once instead of discovering them import by import.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

DIRECTORY = Path(__file__).with_name("static")

#: ``Cache-Control`` of a versioned static answer (one year, never revalidated).
IMMUTABLE = "public, max-age=31536000, immutable"
#: ``Cache-Control`` of an unversioned one (kept, but revalidated on every use).
REVALIDATE = "no-cache"


def _files(directory: Path) -> dict[str, bytes]:
    return {
        p.relative_to(directory).as_posix(): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def _digest(files: dict[str, bytes]) -> str:
    digest = hashlib.sha256()
    for name, data in sorted(files.items()):
        digest.update(name.encode() + b"\0" + data + b"\0")
    return digest.hexdigest()[:12]


def build_id(directory: Path = DIRECTORY) -> str:
    """A digest of every file's path and bytes under ``directory`` (12 hex digits)."""
    return _digest(_files(directory))


@dataclass(frozen=True)
class _File:
    body: bytes
    gzipped: bytes | None  # None when gzip would not make it smaller
    media_type: str
    etag: str


def _media_type(name: str) -> str:
    if name.endswith((".js", ".mjs")):
        return "text/javascript; charset=utf-8"
    guessed = mimetypes.guess_type(name)[0] or "application/octet-stream"
    return f"{guessed}; charset=utf-8" if guessed.startswith("text/") else guessed


class VersionedStatic:
    """An ASGI app serving a folder's files from memory, ``immutable``, gzipped for a
    client that accepts it, 304 for a matching ``If-None-Match``, 404 otherwise.

    Holds each file twice at most (as it is and gzipped): the ``static/`` folder's
    size, read once (docs/server.md, "Caches and their bounds")."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.build = _digest(files)
        self.files: dict[str, _File] = {}
        for name, body in files.items():
            packed = gzip.compress(body, compresslevel=9, mtime=0)
            self.files[name] = _File(
                body,
                packed if len(packed) < len(body) else None,
                _media_type(name),
                f'"{hashlib.sha256(body).hexdigest()[:16]}"',
            )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            raise HTTPException(status_code=404)
        path = scope["path"]
        root = scope.get("root_path", "")
        if root and path.startswith(root):  # Starlette keeps the mount's prefix in both
            path = path[len(root) :]
        found = self.files.get(path.lstrip("/"))
        if found is None or scope["method"] not in ("GET", "HEAD"):
            raise HTTPException(status_code=404 if found is None else 405)
        headers = Headers(scope=scope)
        common = {"cache-control": IMMUTABLE, "etag": found.etag, "vary": "Accept-Encoding"}
        if found.etag in headers.get("if-none-match", ""):
            response = Response(status_code=304, headers=common)
        elif found.gzipped is not None and "gzip" in headers.get("accept-encoding", ""):
            response = Response(
                found.gzipped,
                media_type=found.media_type,
                headers={**common, "content-encoding": "gzip"},
            )
        else:
            response = Response(found.body, media_type=found.media_type, headers=common)
        if scope["method"] == "HEAD":
            response.body = b""
        await response(scope, receive, send)


#: The versioned files, read now (what :data:`BUILD` digests).
VERSIONED = VersionedStatic(_files(DIRECTORY))
BUILD = VERSIONED.build
#: Where the pages find the static files (``{{ static }}`` in the templates).
PREFIX = f"/static/v/{BUILD}"
#: ``static/first.js``, written inline into the table page (it starts the seat's first
#: read before any file is fetched), and its CSP hash source: the one inline script a
#: page may run (``script-src 'self' 'sha256-...'``).
FIRST_SCRIPT = (DIRECTORY / "first.js").read_text(encoding="utf-8")
FIRST_SCRIPT_CSP = (
    "'sha256-" + base64.b64encode(hashlib.sha256(FIRST_SCRIPT.encode()).digest()).decode() + "'"
)
#: The table page's ES modules, preloaded all at once (``static/table/*.js``).
TABLE_MODULES = tuple(sorted(p.name for p in (DIRECTORY / "table").glob("*.js")))


class CachedStatic(StaticFiles):
    """:class:`StaticFiles` with a ``Cache-Control``: ``immutable`` under the versioned
    prefix, ``no-cache`` (ETag revalidation) elsewhere."""

    def __init__(self, *, immutable: bool, directory: Path = DIRECTORY) -> None:
        super().__init__(directory=directory)
        self.cache_control = IMMUTABLE if immutable else REVALIDATE

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            response.headers["Cache-Control"] = self.cache_control
        return response
