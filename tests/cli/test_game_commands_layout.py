"""The derived game commands' layout: one part a module, no facade (issue 18 item 7).

``ordnance.cli.game_commands`` is a package whose parts each hold one thing (form
fields, shared options, action, shared commands, render, resolve, groups). Its
``__init__`` re-exports nothing: every caller imports a name from the part that
defines it, so loading one part (``ordnance game --help`` needs the shared
commands alone) does not load the others.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import ordnance.cli.game_commands as package
from tests.cli.test_start_imports import imported

SRC = Path(package.__file__).parents[2]
PARTS = sorted(p.stem for p in Path(package.__file__).parent.glob("*.py") if p.stem != "__init__")


def test_the_package_imports_nothing() -> None:
    tree = ast.parse(Path(package.__file__).read_text(encoding="utf-8"))
    assert not [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    assert not hasattr(package, "__all__")


def test_every_caller_imports_a_name_from_the_part_that_defines_it() -> None:
    """No ``from ordnance.cli.game_commands import ...``; a part's name is its own."""
    seen = 0
    for path in sorted([*SRC.rglob("*.py"), *(SRC.parents[1] / "tests").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or node.module is None:
                continue
            assert node.module != package.__name__, path
            if node.module.startswith(package.__name__ + "."):
                part = importlib.import_module(node.module)
                for alias in node.names:
                    obj = getattr(part, alias.name)
                    if callable(obj) and hasattr(obj, "__module__"):
                        assert obj.__module__ == part.__name__, (path, alias.name)
                    seen += 1
    assert seen  # the games' and the CLI's commands do import the parts


def test_the_generic_game_help_loads_no_registry() -> None:
    """``ordnance game --help`` lists the shared commands without loading the games."""
    mods = imported("game", "--help")
    assert "ordnance.cli.game_commands.shared_commands" in mods  # the help was drawn
    assert not {"ordnance.core.registry", "ordnance.core.game"} & mods


def test_no_part_is_long() -> None:
    """One thing a module: every part stays short (the old module had 794 lines)."""
    for stem in PARTS:
        path = Path(package.__file__).parent / f"{stem}.py"
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 250, path.name
