"""The derived game commands' layout (issue 13 item 7): one part a module, the old path kept.

``ordnance.cli.game_commands`` was one module; it is now a package whose parts each hold
one thing (form fields, shared options, alias, action, shared commands, render, resolve,
groups). Callers (the games' ``cli_game`` modules, ``cli.main``, the tests) import from
the package: these tests pin that each name they use is the very object of the part that
holds it, and that the package is what a game's command loads.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import ordnance.cli.game_commands as package

#: name -> the module that defines it
HOMES = {
    "action_command": "action",
    "take": "action",
    "command_name": "form_fields",
    "option_name": "form_fields",
    "entry_line": "render",
    "render_odds": "render",
    "render_view": "render",
    "derived_command": "resolve",
    "generic_app": "shared_commands",
    "new_command": "shared_commands",
    "GameActions": "groups",
    "AliasCommands": "groups",
    "alias_group": "groups",
    "default_app": "groups",
    "game_group": "groups",
}


@pytest.mark.parametrize(("name", "home"), sorted(HOMES.items()))
def test_the_package_names_the_object_of_its_part(name: str, home: str) -> None:
    part = importlib.import_module(f"ordnance.cli.game_commands.{home}")
    obj = getattr(package, name)
    assert obj is getattr(part, name)
    assert obj.__module__ == part.__name__  # defined there, not re-exported from elsewhere


def test_every_exported_name_is_placed() -> None:
    """A name added to ``__all__`` is listed above (with the part that defines it)."""
    assert set(package.__all__) - {"GameArg", "Alias"} == set(HOMES)


def test_callers_import_only_exported_names() -> None:
    """The games' command lines import names the package exports (not a part's private)."""
    src = Path(package.__file__).parents[2]
    callers = sorted(src.glob("cli/*/game.py"))
    assert callers  # ASL's game commands (ordnance.cli.asl.game)
    for path in callers:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("from ordnance.cli.game_commands import "):
                names = line.split(" import ", 1)[1].split(", ")
                assert set(names) <= set(package.__all__), path


def test_no_part_is_long() -> None:
    """One thing a module: every part stays short (the old module had 794 lines)."""
    for path in Path(package.__file__).parent.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 250, path.name
