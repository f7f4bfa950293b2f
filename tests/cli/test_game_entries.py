"""The command line's own reader of the ``ordnance.games`` entry points (issue 13: a fast CLI).

:mod:`ordnance.cli.game_entries` reads the metadata directories itself so that
start-up does not import ``importlib.metadata``; these tests hold it to the
same answers as the standard reader, on this installation and on made-up ones.
"""

from __future__ import annotations

import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from ordnance.cli import game_entries as ge
from tests.cli.test_start_imports import imported


def test_it_finds_what_importlib_metadata_finds() -> None:
    standard = sorted((ep.name, ep.value) for ep in entry_points(group=ge.GAMES_GROUP))
    assert standard  # the three shipped games are installed
    assert [(e.name, e.value) for e in ge.game_entries()] == standard


def _dist(root: Path, dirname: str, text: str) -> None:
    (root / dirname).mkdir(parents=True)
    (root / dirname / "entry_points.txt").write_text(text, encoding="utf-8")


def test_first_distribution_on_the_path_wins_and_other_groups_are_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    _dist(first, "Chess_Game-1.0.dist-info", "[ordnance.games]\nChess = chess_game.plugin:PLUGIN\n")
    _dist(second, "chess.game-2.0.dist-info", "[ordnance.games]\nchess = old.plugin:PLUGIN\n")
    _dist(second, "other-1.0.dist-info", "[console_scripts]\nfoo = other:main\n")
    _dist(second, "go-1.0.egg-info", "[ordnance.games]\ngo = go_game.plugin:PLUGIN [extra]\n")
    monkeypatch.setattr(sys, "path", [str(first), str(tmp_path / "missing"), str(second)])
    found = ge.game_entries()
    assert [(e.name, e.value) for e in found] == [
        ("Chess", "chess_game.plugin:PLUGIN"),  # names keep their case
        ("go", "go_game.plugin:PLUGIN [extra]"),
    ]
    assert found[0].module == "chess_game.plugin"
    standard = sorted((ep.name, ep.value) for ep in entry_points(group=ge.GAMES_GROUP))
    assert [(e.name, e.value) for e in found] == standard


def test_a_zip_on_the_path_hands_over_to_the_standard_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "games.zip"
    archive.write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip archive
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert ge._scan(ge.GAMES_GROUP) is None
    assert ge.game_entries() == []  # what importlib.metadata finds there: nothing


def test_load_imports_the_named_object() -> None:
    entry = ge.GameEntry("x", "ordnance.cli.game_entries:GameEntry")
    assert entry.load() is ge.GameEntry


def test_help_does_not_import_importlib_metadata() -> None:
    assert "importlib.metadata" not in imported("--help")
