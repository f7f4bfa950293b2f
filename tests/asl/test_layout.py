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
import pickle
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
    "ordnance.asl.shot": {
        "CAPTURED_BREAKDOWN_CHANGE": "ordnance.asl.shot_spec",
        "SHOT_AMMO": "ordnance.asl.shot_spec",
        "GunShot": "ordnance.asl.shot_spec",
        "parse_shot_ammo": "ordnance.asl.shot_spec",
        "ShotPlan": "ordnance.asl.shot_plan",
        "plan_shot": "ordnance.asl.shot_plan",
        "ShotOutcome": "ordnance.asl.shot_outcome",
        "Status": "ordnance.asl.shot_outcome",
        "effect_of_hit": "ordnance.asl.shot_effect",
        "needs_effect_dr": "ordnance.asl.shot_effect",
        "ift_severity": "ordnance.asl.shot_ift",
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


def test_shot_module_holds_only_the_order_of_the_steps() -> None:
    """ASL-8.1-a, ASL-8.9-c: ``shot.py`` defines resolve/judge; each step is its own module.

    Every other public name of ``ordnance.asl.shot`` is re-exported from the module that
    holds it, and the pickled path of a moved value class still loads to that class.
    """
    from ordnance.asl import shot

    tree = ast.parse((ASL / "shot.py").read_text(encoding="utf-8"))
    defined = [n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)]
    assert defined == ["resolve_shot", "judge_shot"]
    homes = {
        obj.__module__
        for n in shot.__all__
        if inspect.isclass(obj := getattr(shot, n)) or inspect.isfunction(obj)
    }
    assert homes == {
        "ordnance.asl.shot",
        "ordnance.asl.shot_effect",
        "ordnance.asl.shot_ift",
        "ordnance.asl.shot_outcome",
        "ordnance.asl.shot_plan",
        "ordnance.asl.shot_spec",
    }
    for name in ("GunShot", "ShotPlan", "ShotOutcome"):
        cls = getattr(shot, name)
        # protocol 0 names a class as text, so the old path can be written in
        old = pickle.dumps(cls, protocol=0).replace(cls.__module__.encode(), b"ordnance.asl.shot")
        assert b"ordnance.asl.shot\n" in old and pickle.loads(old) is cls


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
