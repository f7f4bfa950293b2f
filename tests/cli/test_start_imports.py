"""The command line starts light: help and stand-alone procedures import no database,
NumPy or plotting library (issue 13: a fast CLI). Checked through ``sys.modules`` in a
fresh process, never by timing; ``ordnance.bench.cli_start`` prints the times."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from ordnance.bench.cli_start import GROUPS, PROCEDURES, commands, lines, measure
from ordnance.cli.main import cli_command

HEAVY = ("sqlalchemy", "alembic", "numpy", "matplotlib")

RUNNER = """
import json, sys
from ordnance.cli.main import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print("MODULES=" + json.dumps(sorted(sys.modules)))
"""


def imported(*args: str) -> set[str]:
    res = subprocess.run(
        [sys.executable, "-c", RUNNER, *args], capture_output=True, text=True, timeout=120
    )
    line = next(x for x in res.stdout.splitlines() if x.startswith("MODULES="))
    return set(json.loads(line.removeprefix("MODULES=")))


def test_help_imports_no_heavy_library_and_no_game() -> None:
    mods = imported("--help")
    assert not {m for m in mods if m.split(".")[0] in HEAVY}
    assert not {
        m for m in mods if m.startswith(("ordnance.asl.", "ordnance.toi.", "ordnance.waw."))
    }
    assert "pydantic" not in mods and "ordnance.core.journal" not in mods
    assert "ordnance.cli.main" in mods  # the runner did run the command line


@pytest.mark.parametrize(
    "group", ["asl", "toi", "waw", "odds", "game", "scenario", "serve", "table", "demo"]
)
def test_a_group_help_imports_no_pydantic(group: str) -> None:
    """Typer converts an option's value through Pydantic, ``None`` included: the
    top-level ``--lang`` (read by ``main``) and an absent ``--help`` are not converted,
    and these groups' modules import their models only in the commands that use them
    (the calculators' options come from :mod:`ordnance.cli.calculator_cache`)."""
    mods = imported("--lang", "en", group, "--help")
    assert "pydantic" not in mods
    assert not {m for m in mods if m.split(".")[0] in (*HEAVY, "httpx")}


def test_a_json_answer_imports_no_rich() -> None:
    """Help texts are escaped for Rich only when a help screen is drawn."""
    mods = imported("asl", "supply", "german", "75L", "--json")
    assert "ordnance.asl.calculators" in mods  # the command ran
    assert not {m for m in mods if m.split(".")[0] == "rich"}


def test_the_top_level_language_option_is_still_checked_and_shown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``main`` takes a valid ``--lang`` out before a sub-command; Click still refuses
    a wrong one and the top-level help still lists it."""
    from ordnance.cli.main import main

    with pytest.raises(SystemExit) as refused:
        main(["--lang", "de", "asl", "--help"])
    assert refused.value.code == 2
    assert "--lang" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--lang", "ru", "asl", "--help"])
    assert "Команды" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang=en", "--help"])
    assert "--lang" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ("asl", "supply", "german", "75L"),
        ("toi", "odds", "--fp", "4", "--defense", "1"),
        ("waw", "odds", "he-fire", "--fp", "4", "--hit-number", "4"),
        ("odds", "pool", "--attack", "5"),
    ],
    ids=" ".join,
)
def test_stand_alone_commands_import_no_database_or_numpy(args: tuple[str, ...]) -> None:
    mods = imported(*args)
    assert not {m for m in mods if m.split(".")[0] in HEAVY}
    game = args[0]
    if game in ("asl", "toi", "waw"):  # the command ran (its game's CLI is loaded)
        assert f"ordnance.{game}.cli" in mods or f"ordnance.{game}.calculators" in mods


def test_a_game_command_imports_the_journal() -> None:
    """The check above can fail: a command that opens the journal does import SQLAlchemy."""
    assert "sqlalchemy" in imported("game", "list", "--db", ":memory:")


def test_cli_start_benchmark_times_every_top_level_group() -> None:
    """A group added to ``ordnance`` without a line in the start-up benchmark fails here."""
    listed = set(cli_command().commands)
    assert set(GROUPS) == listed
    timed = commands()
    assert timed["start"][-1] == "--help"
    assert {f"{group}_help" for group in listed} <= set(timed)
    assert {"asl_odds_gun", "waw_odds_he_fire", "asl_supply", "toi_odds"} <= set(PROCEDURES)
    assert timed["asl_odds_gun"][3:6] == ["asl", "odds", "gun"]
    assert timed["waw_odds_he_fire"][3:6] == ["waw", "odds", "he-fire"]


@pytest.mark.parametrize("name", ["asl_odds_gun", "waw_odds_he_fire"])
def test_each_benchmarked_procedure_runs(name: str) -> None:
    """The benchmark times a command that succeeds (a refusal would start faster)."""
    argv = commands()[name]
    res = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)


def test_cli_start_benchmark_prints_one_line_per_command() -> None:
    figures = measure(repeat=1, only=("start", "waw_odds_he_fire"))
    assert set(figures) >= {
        "cli_start_s",
        "cli_start_cpu_s",
        "cli_start_ratio_vs_python",
        "cli_start_ratio_vs_typer",
        "cli_waw_odds_he_fire_s",
    }
    assert "cli_asl_supply_s" not in figures  # only the commands asked for
    assert all(v > 0 for v in figures.values())
    printed = lines(figures)
    assert len(printed) == 4  # the two baselines, then one line per command
    assert printed[2].startswith("start") and printed[2].endswith("ordnance --help")
    assert printed[3].endswith("ordnance waw odds he-fire --fp 6 --hit-number 4 --defence 2 --json")


def test_a_russian_answer_imports_no_help_machinery() -> None:
    """Typer's help marks are translated when a help screen is drawn, not at every
    start: ``typer.rich_utils`` (Rich's Markdown with it) costs a tenth of a second."""
    mods = imported("--lang", "ru", "asl", "supply", "german", "75L", "--json")
    assert "ordnance.asl.calculators" in mods  # the command ran
    assert "typer.rich_utils" not in mods


@pytest.mark.parametrize(
    ("args", "marks"),
    [
        (
            ("odds", "drift", "--help"),
            {"[по умолчанию:": "[default:", "[обязательно]": "[required]"},
        ),
        (("toi", "game", "buy", "--help"), {"[обязательно]": "[required]"}),
    ],
    ids=["odds drift", "toi game buy"],
)
def test_a_russian_help_screen_still_has_russian_marks(
    args: tuple[str, ...], marks: dict[str, str]
) -> None:
    """The check above can fail: a help screen in a fresh process does translate
    Typer's ``[default: ...]`` and ``[required]`` (``toi game buy`` is derived from a
    form, its context not the tree's own)."""
    res = subprocess.run(
        [sys.executable, "-m", "ordnance.cli.main", "--lang", "ru", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert res.returncode == 0, res.stderr
    for russian, english in marks.items():
        assert russian in res.stdout and english not in res.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("asl", "supply", "--help"),
        ("asl", "odds", "gun", "--help"),
        ("toi", "odds", "--help"),
        ("waw", "odds", "he-fire", "--help"),
        ("odds", "drift", "--help"),
    ],
    ids=" ".join,
)
def test_a_sub_command_s_help_imports_no_pydantic(args: tuple[str, ...]) -> None:
    """The groups above it leave their own ``--help`` (and ``odds``' completion flags)
    absent: ``False`` there, as on the top level, so Typer builds no ``TypeAdapter``
    for them; a calculator's options come from the cache. (``toi odds smoke --help``
    still pays: ``toi odds`` is a calculator too, whose options are parsed first.)"""
    mods = imported("--lang", "en", *args)
    assert "ordnance.cli.main" in mods
    assert "pydantic" not in mods


@pytest.mark.parametrize("name", ["asl_odds_gun", "toi_odds"])
def test_a_shot_s_odds_import_no_hex_geometry(name: str) -> None:
    """``asl odds gun`` and ``toi odds`` map no hex: the board geometry, the ToI Smoke
    rules and the munitions advice import the hexes only where they are used."""
    mods = imported(*PROCEDURES[name])
    assert not {m for m in mods if m.startswith(("ordnance.core.hexes", "ordnance.core.forms"))}
    assert "ordnance.toi.rules.smoke" not in mods and "ordnance.toi.odds.advice" not in mods
    assert "ordnance.core.calculators" in mods  # the procedure did run
