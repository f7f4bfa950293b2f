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

The table page also lists every module of ``static/table`` as
``<link rel="modulepreload">`` (:data:`TABLE_MODULES`), so the browser fetches
them all at once instead of discovering them import by import.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

DIRECTORY = Path(__file__).with_name("static")

#: ``Cache-Control`` of a versioned static answer (one year, never revalidated).
IMMUTABLE = "public, max-age=31536000, immutable"
#: ``Cache-Control`` of an unversioned one (kept, but revalidated on every use).
REVALIDATE = "no-cache"


def build_id(directory: Path = DIRECTORY) -> str:
    """A digest of every file's path and bytes under ``directory`` (12 hex digits)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


BUILD = build_id()
#: Where the pages find the static files (``{{ static }}`` in the templates).
PREFIX = f"/static/v/{BUILD}"
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
