"""The ASL package's layout (issue 13 item 7): one procedure a module, the old paths kept.

``ordnance.asl.fire`` still names a few steps that moved to their own modules; these tests
pin that each one is the very object of the module that now holds it, so moving a name
again cannot silently leave a stale copy behind. (The old ``asl.game`` and ``asl.record``
import paths are gone: nothing imports them any more.)
"""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

from ordnance.asl import canister, plugin
from ordnance.core.game import Game

ASL = Path(plugin.__file__).parent

#: old module -> {name: new module}
MOVED = {
    "ordnance.asl.fire": {
        "check_hex": "ordnance.asl.shot_checks",
        "firing_sides": "ordnance.asl.shot_checks",
        "special_capability": "ordnance.asl.shot_checks",
        "record_shot": "ordnance.asl.shot_record",
    },
}


@pytest.mark.parametrize(
    ("old", "name", "new"),
    [(old, name, new) for old, names in MOVED.items() for name, new in names.items()],
)
def test_old_import_paths_give_the_moved_object(old: str, name: str, new: str) -> None:
    assert getattr(importlib.import_module(old), name) is getattr(
        importlib.import_module(new), name
    )


def test_canister_facade_re_exports_every_step() -> None:
    """ASL-8.4: ``ordnance.asl.canister`` names each public Canister step, defined elsewhere."""
    homes = {
        obj.__module__
        for n in canister.__all__
        if inspect.isclass(obj := getattr(canister, n)) or inspect.isfunction(obj)
    }
    assert homes == {
        "ordnance.asl.canister_aim",
        "ordnance.asl.canister_attacks",
        "ordnance.asl.canister_ca",
        "ordnance.asl.canister_odds",
        "ordnance.asl.canister_options",
        "ordnance.asl.canister_resolve",
    }


def test_plugin_defines_only_the_game_class() -> None:
    """``plugin.py`` holds the Game class (and its registration), no procedure."""
    tree = ast.parse((ASL / "plugin.py").read_text(encoding="utf-8"))
    classes = [n.name for n in tree.body if isinstance(n, ast.ClassDef)]
    functions = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
    assert classes == ["AslGame"] and functions == []
    assert issubclass(plugin.AslGame, Game) and isinstance(plugin.GAME, plugin.AslGame)


def test_no_asl_module_is_longer_than_the_split_allows() -> None:
    """The procedures stay one a module: no rules module above 650 lines (the CLI apart)."""
    faces = {"cli.py"}
    long = {
        p.name: n
        for p in ASL.glob("*.py")
        if p.name not in faces and (n := len(p.read_text(encoding="utf-8").splitlines())) > 650
    }
    assert long == {}


def test_loading_the_game_loads_no_rich() -> None:
    """Rendering moved out of the state: the game (server, journal replay) imports no Rich."""
    code = "import sys, ordnance.asl.plugin; print('rich' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
