"""A game's stand-alone commands load its declared calculators, not its plug-in
(a fast CLI). ``ordnance <game> <command>`` imports the calculators module the
game package names in its ``__init__`` (``CALCULATORS``) instead of loading the
plug-in, which builds the Game and imports every rule; the ``game`` group (the
journal, the derived action commands) loads only when it runs. Checked through
``sys.modules`` in a fresh process, never by timing."""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points

import pytest

from ordnance.core.registry import GamePlugin
from tests.cli.test_start_imports import imported

#: Never loaded by a stand-alone command: the journal and the derived game commands.
NO_STAND_ALONE = (
    "ordnance.core.journal",
    "ordnance.cli.game_commands",
    "ordnance.toi.plugin",
    "ordnance.waw.plugin",
    "ordnance.toi.dispatch",
    "ordnance.waw.dispatch",
    "sqlalchemy",
    "alembic",
    "numpy",
    "matplotlib",
)


def _games() -> list[tuple[str, str]]:
    return sorted((ep.name, ep.value) for ep in entry_points(group="ordnance.games"))


@pytest.mark.parametrize(("name", "value"), _games(), ids=[n for n, _v in _games()])
def test_the_package_names_the_same_declarations_as_the_plug_in(name: str, value: str) -> None:
    """The shortcut can never serve other commands than the plug-in declares."""
    module, _sep, attr = value.partition(":")
    plugin = getattr(import_module(module), attr)
    assert isinstance(plugin, GamePlugin)
    package = import_module(module.rpartition(".")[0])
    assert plugin.calculators == package.CALCULATORS
    if hasattr(package, "CLI"):  # a game still shipping a command line of its own (ASL, for now)
        assert (plugin.cli, plugin.odds_cli) == (package.CLI, package.ODDS_CLI)
    else:
        assert plugin.commands == package.COMMANDS
        assert plugin.cli is None and plugin.odds_cli is None


@pytest.mark.parametrize(
    "args",
    [
        ("toi", "odds", "--fp", "5", "--range", "close", "--munition", "AP-C", "--json"),
        ("toi", "odds", "smoke", "--fp", "4", "--json"),
        ("toi", "advise", "--fp", "4", "--defence", "2", "--json"),
        ("toi", "munitions", "--json"),
        ("waw", "odds", "he-fire", "--fp", "4", "--hit-number", "4", "--terrain", "woods"),
        ("waw", "odds", "fascam", "--json"),
        ("waw", "los", "0,0", "4,0", "--smoke", "2,0", "--unit", "T-72", "--json"),
        ("waw", "units", "--json"),
    ],
    ids=" ".join,
)
def test_a_stand_alone_command_loads_no_plug_in_and_no_journal(args: tuple[str, ...]) -> None:
    mods = imported(*args)
    assert f"ordnance.{args[0]}.calculators" in mods  # the command did run
    assert not set(NO_STAND_ALONE) & mods


def test_a_game_command_still_finds_the_plug_in() -> None:
    """The check above can fail: a command that needs the Game does load the plug-in."""
    assert "ordnance.waw.plugin" in imported("game", "new", "waw", "--db", ":memory:")


def test_an_older_waw_spelling_still_reaches_its_game_command() -> None:
    """``ordnance waw place ...`` (hidden) loads the derived game commands: the check above
    can fail, the fallback that serves old spellings imports them."""
    mods = imported("waw", "place", "--help")
    assert "ordnance.cli.game_commands" in mods


@pytest.mark.parametrize("game", ["toi", "waw"])
def test_a_game_s_help_loads_no_journal_and_no_calculator(game: str) -> None:
    """The help is drawn from the cached specs (issue 18): the calculators, their
    Pydantic models and the rules load only when a command runs."""
    mods = imported(game, "--help")
    assert "ordnance.cli.calculator_cache" in mods  # the help was drawn
    assert f"ordnance.{game}.calculators" not in mods and "pydantic" not in mods
    assert not set(NO_STAND_ALONE) & mods
