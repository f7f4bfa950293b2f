"""A snapshot is valid only for the code that made it (CORE-JOURNAL-1: snapshots are a cache
of the replay): a change to any module of a plug-in game's package, not only to the module
that defines the Game class, gives its snapshots a new code key."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from ordnance.core.journal import snapshots


def test_a_change_anywhere_in_a_plug_in_package_changes_the_digest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "fourth_game"
    package.mkdir()
    (package / "__init__.py").write_text('"""A fourth game."""\n')
    (package / "plugin.py").write_text("from fourth_game.rules import HITS\n")
    (package / "rules.py").write_text("HITS = 5\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(snapshots, "_SOURCE_DIGESTS", {})
    importlib.import_module("fourth_game.plugin")
    try:
        before = snapshots._source_digest("fourth_game.plugin")
        (package / "rules.py").write_text("HITS = 6\n")  # not the module with the Game class
        snapshots._SOURCE_DIGESTS.clear()
        assert snapshots._source_digest("fourth_game.plugin") != before
    finally:
        for name in [m for m in sys.modules if m.split(".")[0] == "fourth_game"]:
            del sys.modules[name]


def test_a_lone_module_plug_in_digests_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "lone_game.py").write_text("HITS = 5\n")
    (tmp_path / "unrelated.py").write_text("X = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(snapshots, "_SOURCE_DIGESTS", {})
    importlib.import_module("lone_game")
    try:
        before = snapshots._source_digest("lone_game")
        (tmp_path / "unrelated.py").write_text("X = 2\n")
        snapshots._SOURCE_DIGESTS.clear()
        assert snapshots._source_digest("lone_game") == before
        (tmp_path / "lone_game.py").write_text("HITS = 6\n")
        snapshots._SOURCE_DIGESTS.clear()
        assert snapshots._source_digest("lone_game") != before
    finally:
        sys.modules.pop("lone_game", None)
