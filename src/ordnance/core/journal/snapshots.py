"""Replayed states, cached in memory and in the journal database.

The journal stays the only truth: the state at version ``v`` is by definition
``GameSession.replay(entries[:v])``. Because the journal is append-only, that
state never changes once ``v`` exists, so it may be cached under
``(database, game, v)`` and never goes stale while the code that computed it
is the same. Two caches hold such states:

* :data:`STATES`, one per process (the server and the CLI share it), an LRU of
  ``(state, top)`` pairs, where ``top`` is the seq of the newest action still
  in force (0 when none), i.e. what an undo at that version would cancel;
* the ``snapshots`` table: every :data:`EVERY` entries and after each undo,
  the state is pickled beside the journal, so a fresh process (a CLI call, a
  restarted server) replays at most a few hundred entries.

Snapshots are data: each game declares its state's codec
(``Game.state_codec``, :class:`ordnance.core.codec.StateCodec`), a typed JSON
form written and read by the state's type hints. Reading one parses JSON and
rebuilds the declared types only: a forged row can produce a state of the
declared shape or fail, never run code (snapshots used to be pickles, read
through a restricted unpickler). A snapshot is still only meaningful for the
code that wrote it, so every snapshot carries a :func:`code_key` (package
version, the game's ``rules_version``, a digest of the source of the game's
package and of the core, the settings) and a snapshot with another key is
never read. A snapshot that fails to load is ignored and the entries are
replayed instead; a game that declares no codec has no snapshots.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ordnance
from ordnance.core.codec import CodecError
from ordnance.core.game import Game

#: A snapshot is written when an entry's seq is a multiple of this (and after every undo).
EVERY = 200

StateKey = tuple[str, str, int]
"""(database URL, game id, version)."""


class StateCache:
    """A thread-safe LRU of ``(state, top)`` by (database, game, version)."""

    def __init__(self, size: int = 1024) -> None:
        self._data: OrderedDict[StateKey, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()
        self.size = size

    def get(self, key: StateKey) -> tuple[Any, int] | None:
        with self._lock:
            value = self._data.get(key)
            if value is not None:
                self._data.move_to_end(key)
            return value

    def put(self, key: StateKey, value: tuple[Any, int]) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()

    def __len__(self) -> int:
        return len(self._data)


#: The process's one state cache (GameSession and the table server both use it).
#: The process's states: ``$ORDNANCE_STATE_CACHE`` entries (1,024 by default).
STATES = StateCache(int(os.environ.get("ORDNANCE_STATE_CACHE", "1024")))


# -- the code a snapshot belongs to -------------------------------------------------
_SOURCE_DIGESTS: dict[str, str] = {}


def _source_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def _package_files(module_name: str, origin: Path) -> list[Path]:
    """The files of the package a game's module belongs to (see :func:`_source_digest`)."""
    if module_name.startswith("ordnance."):
        return _source_files(origin.parent)
    top = sys.modules.get(module_name.split(".")[0])
    top_file = getattr(top, "__file__", None)
    if top_file is not None and Path(top_file).name == "__init__.py":
        return _source_files(Path(top_file).parent)
    return [origin]


def _source_digest(module_name: str) -> str:
    """sha256 of the files the game's states depend on (read once per process).

    The core's sources and every file of the game's package (code and data: a
    state may hold catalogue data read from it): for a game inside
    ``ordnance`` its sub-package (``ordnance/asl``), for a plug-in from
    elsewhere its top-level package, or its one file if it is a lone module.
    """
    hit = _SOURCE_DIGESTS.get(module_name)
    if hit is not None:
        return hit
    files = [p for p in _source_files(Path(ordnance.__file__).parent / "core") if p.suffix == ".py"]
    module = sys.modules.get(module_name)
    origin = getattr(module, "__file__", None)
    if origin is not None:
        files += _package_files(module_name, Path(origin))
    digest = hashlib.sha256()
    for f in files:
        digest.update(str(f.name).encode())
        digest.update(f.read_bytes())
    _SOURCE_DIGESTS[module_name] = digest.hexdigest()
    return _SOURCE_DIGESTS[module_name]


def code_key(game: Game[Any], settings: Mapping[str, Any]) -> str:
    """The key a snapshot of ``game`` with ``settings`` is valid under."""
    parts = [
        ordnance.__version__,
        game.name,
        str(game.rules_version),
        _source_digest(type(game).__module__),
        json.dumps(settings, sort_keys=True, default=str),
    ]
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()


# -- (de)serialising --------------------------------------------------------------------
def dumps(state: Any, game: Game[Any]) -> bytes | None:
    """The state as the game's typed JSON, or None when the game declares no codec
    or the state does not fit it (no snapshot then: the entries are replayed)."""
    codec = game.state_codec
    if codec is None:
        return None
    try:
        return codec.dumps(state)
    except Exception:  # any failure just means "no snapshot"
        return None


def loads(blob: bytes, game: Game[Any]) -> Any:
    """The state in ``blob``, read as data of the game's declared state type.

    Raises on anything else (a pickle of an older version, a forged or broken
    row): the caller then replays the entries.
    """
    codec = game.state_codec
    if codec is None:
        raise CodecError(f"{game.name} declares no state codec")
    return codec.loads(blob)
