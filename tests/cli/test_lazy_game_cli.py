"""A game's stand-alone commands load its command line, not its plug-in (issue 13: a fast CLI).

``ordnance <game> <command>`` imports the app the game package names in its
``__init__`` (``CLI`` / ``ODDS_CLI``) instead of loading the plug-in, which
builds the Game and imports every rule. Checked through ``sys.modules`` in a
fresh process, never by timing (``python -m ordnance.bench.cli_start`` prints
the times). Each game's ``cli.py`` is a list of commands (a ``LazyGroup``); a
command loads its own module, not the other commands' ones.
"""

from __future__ import annotations

import subprocess
import sys
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
        (
            ("waw", "odds", "he-fire", "--fp", "4", "--hit-number", "4", "--defence", "1"),
            ("ordnance.waw.plugin", "ordnance.waw.dispatch"),
        ),
        (("waw", "los", "0,0", "3,0", "--smoke", "1,0"), ("ordnance.waw.plugin",)),
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


#: A stand-alone command, the module that serves it, and modules of other
#: commands (or the journal's game commands) it must not load.
OWN_MODULE = [
    (
        ("toi", "odds", "--fp", "5", "--range", "close", "--munition", "AP-C", "--json"),
        "ordnance.toi.cli_odds",
        ("ordnance.toi.cli_smoke", "ordnance.toi.smoke", "ordnance.toi.hexmap"),
    ),
    (
        ("toi", "odds", "smoke", "--fp", "4", "--json"),
        "ordnance.toi.cli_smoke",
        ("ordnance.toi.cli_advise", "ordnance.toi.advice", "ordnance.toi.catalogue"),
    ),
    (
        ("toi", "smoke", "--fp", "4", "--map", "village", "--target", "4,1", "--json"),
        "ordnance.toi.cli_smoke",
        ("ordnance.toi.cli_odds", "ordnance.toi.cli_advise"),
    ),
    (
        ("toi", "advise", "--fp", "4", "--defence", "2", "--json"),
        "ordnance.toi.cli_advise",
        ("ordnance.toi.cli_odds", "ordnance.toi.cli_smoke", "ordnance.toi.catalogue"),
    ),
    (
        ("toi", "munitions", "--json"),
        "ordnance.toi.cli_reference",
        ("ordnance.toi.catalogue", "ordnance.toi.hexmap", "ordnance.toi.attack"),
    ),
    (("toi", "maps", "--json"), "ordnance.toi.cli_reference", ("ordnance.toi.catalogue",)),
    (("toi", "units", "--json"), "ordnance.toi.cli_reference", ("ordnance.toi.hexmap",)),
    (
        ("waw", "odds", "he-fire", "--fp", "4", "--hit-number", "4", "--terrain", "woods"),
        "ordnance.waw.cli_odds",
        ("ordnance.waw.cli_los", "ordnance.waw.action_odds", "ordnance.cli.games"),
    ),
    (
        ("waw", "odds", "fascam", "--json"),
        "ordnance.waw.cli_odds",
        ("ordnance.waw.cli_los", "ordnance.waw.cli_reference"),
    ),
    (
        ("waw", "los", "0,0", "4,0", "--smoke", "2,0", "--unit", "T-72", "--json"),
        "ordnance.waw.cli_los",
        ("ordnance.waw.cli_odds", "ordnance.waw.odds"),
    ),
    (("waw", "units", "--json"), "ordnance.waw.cli_reference", ("ordnance.waw.he_fire",)),
]
#: Never loaded by a stand-alone command: the journal and the derived game commands.
NO_STAND_ALONE = (
    "ordnance.core.journal",
    "ordnance.core.registry",
    "ordnance.cli.game_commands",
    "ordnance.toi.cli_game",
    "ordnance.waw.cli_game",
    "ordnance.toi.plugin",
    "ordnance.waw.plugin",
    "sqlalchemy",
    "alembic",
    "numpy",
    "matplotlib",
)


@pytest.mark.parametrize(
    ("args", "own", "others"), OWN_MODULE, ids=[" ".join(a[:3]) for a, _o, _x in OWN_MODULE]
)
def test_a_command_loads_its_own_module_only(
    args: tuple[str, ...], own: str, others: tuple[str, ...]
) -> None:
    """Issue 13: each command (or small family) in its own module, imported when it runs."""
    mods = imported(*args)
    assert own in mods  # the command did run
    assert not set(others) & mods
    assert not set(NO_STAND_ALONE) & mods


def test_an_older_waw_spelling_still_reaches_its_game_command() -> None:
    """``ordnance waw place ...`` (hidden) loads the derived game commands: the check above
    can fail, the fallback that serves old spellings imports them."""
    mods = imported("waw", "place", "--help")
    assert "ordnance.waw.cli_game" in mods and "ordnance.cli.game_commands" in mods


def test_the_toi_rules_of_the_odds_commands_import_no_pydantic() -> None:
    """The attack, Smoke and advice rules read :class:`RuleReadings`, not the Pydantic
    settings (Typer itself still validates option values with Pydantic when a command runs)."""
    code = (
        "import sys\n"
        "import ordnance.toi.cli, ordnance.toi.cli_odds, ordnance.toi.cli_smoke\n"
        "import ordnance.toi.cli_advise, ordnance.toi.cli_reference\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic'))"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "[]"


@pytest.mark.parametrize("game", ["toi", "waw"])
def test_a_game_s_help_loads_no_command_module(game: str) -> None:
    """``ordnance toi --help`` lists the registry's names and help lines: no command's
    module (nor its rules) is imported to print them."""
    mods = imported(game, "--help")
    assert f"ordnance.{game}.cli" in mods
    assert not {m for m in mods if m.startswith(f"ordnance.{game}.cli_")}
    assert not {m for m in mods if m.startswith(f"ordnance.{game}.") and "cli" not in m}
