"""A game's stand-alone commands load its command line, not its plug-in (issue 13: a fast CLI).

``ordnance <game> <command>`` imports the app the game package names in its
``__init__`` (``CLI`` / ``ODDS_CLI``) instead of loading the plug-in, which
builds the Game and imports every rule. Checked through ``sys.modules`` in a
fresh process, never by timing (``python -m ordnance.bench.cli_start`` prints
the times). WaW is not listed below: its ``cli.py`` imports ``waw.plugin``
itself (``he_fire_odds`` lives there), which the split of that module ends.
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points

import pytest

from ordnance.core.registry import GamePlugin
from tests.cli.test_start_imports import imported


def _games() -> list[tuple[str, str]]:
    return sorted((ep.name, ep.value) for ep in entry_points(group="ordnance.games"))


@pytest.mark.parametrize(("name", "value"), _games(), ids=[n for n, _v in _games()])
def test_the_package_names_the_same_apps_as_the_plug_in(name: str, value: str) -> None:
    """The shortcut can never serve other commands than the plug-in declares."""
    module, _sep, attr = value.partition(":")
    plugin = getattr(import_module(module), attr)
    assert isinstance(plugin, GamePlugin)
    package = import_module(module.rpartition(".")[0])
    assert (plugin.cli, plugin.odds_cli) == (package.CLI, package.ODDS_CLI)


@pytest.mark.parametrize(
    ("args", "not_loaded"),
    [
        (("asl", "supply", "german", "75L"), ("ordnance.asl.plugin", "ordnance.asl.game")),
        (
            ("toi", "odds", "--fp", "4", "--defense", "1"),
            ("ordnance.toi.plugin", "ordnance.toi.rules"),
        ),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) and v[0] in ("asl", "toi", "waw") else "",
)
def test_a_stand_alone_command_loads_no_plug_in(
    args: tuple[str, ...], not_loaded: tuple[str, ...]
) -> None:
    mods = imported(*args)
    assert f"ordnance.{args[0]}.cli" in mods  # the command did run
    assert not set(not_loaded) & mods


def test_a_game_command_still_finds_the_plug_in() -> None:
    """The check above can fail: a command that needs the Game does load the plug-in."""
    assert "ordnance.waw.plugin" in imported("game", "new", "waw", "--db", ":memory:")
