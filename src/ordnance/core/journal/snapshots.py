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

Why pickle: the three games keep their states as frozen dataclasses holding
enums, hexes, tuples, frozensets, mappings and Pydantic settings, with no
common JSON form; pickle round-trips all of them exactly with no per-game
code. Its two risks are handled here: (1) a pickle is only meaningful for the
code that wrote it, so every snapshot carries a :func:`code_key` (package
version, the game's ``rules_version``, a digest of the source of the game's
package and of the core, the settings) and a snapshot with another key is
never read; (2) unpickling can run code, so :class:`_Unpickler` resolves only
value classes (dataclasses, enums, Pydantic models) of the game's own package
and of ``ordnance``, plus a few builtin containers: a forged row cannot call a
function. A snapshot that fails to load is ignored and the entries are
replayed instead.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
import sys
import threading
from collections import OrderedDict
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import ordnance
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
_BUILTINS = {
    ("builtins", name)
    for name in (
        "tuple",
        "list",
        "dict",
        "set",
        "frozenset",
        "int",
        "float",
        "str",
        "bytes",
        "bool",
        "complex",
    )
}
_ALLOWED = _BUILTINS | {
    ("fractions", "Fraction"),
    ("collections", "OrderedDict"),
    (__name__, "_readonly"),
    ("datetime", "date"),
    ("datetime", "datetime"),
    ("datetime", "timezone"),
    ("datetime", "timedelta"),
}


#: Modules whose classes a snapshot may never name (their constructors touch
#: databases, files or the network).
_DENIED = ("ordnance.core.journal", "ordnance.server", "ordnance.cli", "ordnance.bench")


def _state_class(module: str, obj: Any) -> bool:
    if not isinstance(obj, type) or module.startswith(_DENIED) or module.endswith(".cli"):
        return False
    return not issubclass(obj, BaseException)


class _Unpickler(pickle.Unpickler):
    """Resolves only classes (never functions) of the game's package and of the core."""

    def __init__(self, data: bytes, packages: tuple[str, ...]):
        super().__init__(io.BytesIO(data))
        self._packages = packages

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _ALLOWED:
            return super().find_class(module, name)
        if module.startswith(self._packages):
            obj = super().find_class(module, name)
            if _state_class(module, obj):
                return obj
        raise pickle.UnpicklingError(f"{module}.{name} is not a state value class")


def _readonly(contents: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    """Rebuilds a read-only mapping (the type itself has no importable name)."""
    return MappingProxyType(contents)


class _Pickler(pickle.Pickler):
    """Pickles read-only mappings (``MappingProxyType``) as their plain contents."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, MappingProxyType):
            return _readonly, (dict(obj),)
        return NotImplemented


def dumps(state: Any) -> bytes | None:
    """The pickled state, or None when it cannot be pickled (no snapshot then)."""
    out = io.BytesIO()
    try:
        _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
    except Exception:  # any failure just means "no snapshot"
        return None
    return out.getvalue()


def loads(blob: bytes, game: Game[Any]) -> Any:
    """The state in ``blob``; raises on anything but a state of ``game``'s classes."""
    module = type(game).__module__
    # The game's own package (ordnance.toi., ...) and the core's value types.
    home = module.rsplit(".", 1)[0] if module.startswith("ordnance.") else module.split(".")[0]
    packages = ("ordnance.core.", home)
    state = _Unpickler(blob, packages).load()
    if not type(state).__module__.startswith(packages):
        raise pickle.UnpicklingError(f"a snapshot holds a {type(state).__name__}, not a state")
    return state
