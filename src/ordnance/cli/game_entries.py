"""The installed games, read from their ``ordnance.games`` entry points at start-up.

Why not :func:`importlib.metadata.entry_points`: it is the standard reader and
:mod:`ordnance.core.registry` uses it, but importing it costs 50-60 ms on this
machine (it pulls in ``email``, ``zipfile``, ``csv`` and ``pathlib``), a fifth
of the start-up every command pays before it does anything. The command line
needs only the names and targets of one group, so this module reads the same
files directly: every ``*.dist-info`` or ``*.egg-info`` directory of each
``sys.path`` directory, its ``entry_points.txt`` parsed with
:mod:`configparser` (the file is INI, as the packaging spec says). A
distribution found twice counts once, the first on ``sys.path`` winning, as
``importlib.metadata`` does. A ``sys.path`` entry that is not a directory (a
zip archive) makes the scan hand over to ``importlib.metadata``, which reads
those too. ``tests/cli/test_game_entries.py`` checks the two readers agree.
"""

from __future__ import annotations

import configparser
import os
import re
import sys
from importlib import import_module
from typing import Any, NamedTuple

#: The entry-point group games register under (the same as :mod:`ordnance.core.registry`).
GAMES_GROUP = "ordnance.games"
_METADATA_DIRS = (".dist-info", ".egg-info")


class GameEntry(NamedTuple):
    """One ``name = module:attribute`` line of the group (a named tuple: cheaper to
    define at every start than a dataclass)."""

    name: str
    value: str

    @property
    def module(self) -> str:
        return self.value.partition(":")[0].strip()

    def load(self) -> Any:
        """The object the entry point names (imports its module)."""
        module, _sep, attr = self.value.partition(":")
        target: Any = import_module(module.strip())
        for part in attr.split("[")[0].strip().split(".") if attr else ():
            target = getattr(target, part)
        return target


def _normalized(dist_dir: str) -> str:
    """``Foo_Bar-1.0.dist-info`` -> ``foo_bar`` (the key distributions are unique by)."""
    stem = dist_dir.rsplit(".", 1)[0].split("-", 1)[0]
    return re.sub(r"[-_.]+", "_", stem).lower()


def _entries_in(text: str, group: str) -> list[GameEntry]:
    parser = configparser.ConfigParser(delimiters=("=",), interpolation=None, strict=False)
    parser.optionxform = str  # type: ignore[assignment, method-assign]  # names keep their case
    parser.read_string(text)
    if not parser.has_section(group):
        return []
    return [GameEntry(name, value.strip()) for name, value in parser.items(group)]


def _scan(group: str) -> list[GameEntry] | None:
    """Entries of ``group`` from the metadata directories, or ``None`` if the scan cannot tell."""
    found: dict[str, GameEntry] = {}
    seen: set[str] = set()
    for place in sys.path:
        place = place or os.curdir
        if not os.path.isdir(place):
            if os.path.exists(place):
                return None  # a zip archive: importlib.metadata reads those
            continue
        try:
            names = sorted(os.listdir(place))
        except OSError:
            continue
        for name in names:
            if not name.endswith(_METADATA_DIRS):
                continue
            dist = _normalized(name)
            if dist in seen:
                continue
            path = os.path.join(place, name)
            if not os.path.isdir(path):
                continue
            seen.add(dist)
            try:
                with open(os.path.join(path, "entry_points.txt"), encoding="utf-8") as fh:
                    text = fh.read()
            except OSError:
                continue
            if f"[{group}]" not in text:
                continue
            try:
                entries = _entries_in(text, group)
            except configparser.Error:
                return None  # let the standard reader judge a malformed file
            for entry in entries:
                found.setdefault(entry.name, entry)
    return list(found.values())


def _standard(group: str) -> list[GameEntry]:
    from importlib.metadata import entry_points

    found: dict[str, GameEntry] = {}
    for ep in entry_points(group=group):
        found.setdefault(ep.name, GameEntry(ep.name, ep.value))
    return list(found.values())


def game_entries(group: str = GAMES_GROUP) -> list[GameEntry]:
    """Every entry point of ``group``, sorted by name."""
    entries = _scan(group)
    if entries is None:
        entries = _standard(group)
    return sorted(entries, key=lambda e: e.name)


__all__ = ["GAMES_GROUP", "GameEntry", "game_entries"]
