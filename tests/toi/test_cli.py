"""The ``ordnance toi`` commands: exact JSON, refusals with exit status 2 and
nothing written, and the two views of a game."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from ordnance.cli import main as cli_main
from ordnance.cli.game_entries import GameEntry
from ordnance.core.errors import OrdnanceError
from ordnance.core.journal import GameSession, open_journal

_TOI_COMMAND: Any = None


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    """Run ``ordnance <argv>``. Commands under ``toi`` go to the toi Click command built
    once (building the whole tree costs most of a second per call), with the same error
    handling as :func:`ordnance.cli.main.main`; anything else goes through ``main``."""
    global _TOI_COMMAND
    code = 0
    try:
        if argv[0] == "toi" and "--via-main" not in argv:
            if _TOI_COMMAND is None:
                toi = GameEntry("toi", "ordnance.toi.plugin:PLUGIN")
                _TOI_COMMAND = cli_main.game_loader(toi, "cli")()
            try:
                _TOI_COMMAND.main(list(argv[1:]), prog_name="ordnance toi", standalone_mode=True)
            except OrdnanceError as exc:  # what main() does
                sys.stdout.write(json.dumps(exc.to_dict()) + "\n")
                raise SystemExit(2) from None
        else:
            cli_main.main([a for a in argv if a != "--via-main"])
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr().out
    try:
        return code, json.loads(out)
    except json.JSONDecodeError:
        return code, out


def test_through_the_real_main(capsys: pytest.CaptureFixture[str]) -> None:
    """The installed entry point: the issue's numbers, and a refusal with exit status 2."""
    code, data = run(
        capsys,
        "toi",
        "odds",
        "--fp",
        "5",
        "--target",
        "vehicle",
        "--range",
        "close",
        "--defense",
        "4",
        "--munition",
        "AP-C",
        "--json",
        "--via-main",
    )
    assert code == 0 and data["distribution"]["0"] == "1579/10368"
    code, data = run(
        capsys,
        "toi",
        "odds",
        "--fp",
        "5",
        "--range",
        "long",
        "--munition",
        "HE",
        "--json",
        "--via-main",
    )
    assert code == 2 and data["clause"] == "TOI-HE-3"


def test_odds_issue_example(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's exact numbers (TOI-APC-1: fp 5 + 2 at close)."""
    code, data = run(
        capsys,
        "toi",
        "odds",
        "--fp",
        "5",
        "--target",
        "vehicle",
        "--range",
        "close",
        "--defense",
        "4",
        "--munition",
        "AP-C",
        "--json",
    )
    assert code == 0
    assert data["distribution"]["0"] == "1579/10368" and data["distribution"]["1"] == "1925/10368"
    assert data["attack_dice"] == 7 and data["hit_on"] == 4


def test_odds_plain_and_he_long_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --munition the plain attack; HE at long range refused (TOI-HE-3), exit 2."""
    code, data = run(
        capsys, "toi", "odds", "--fp", "5", "--range", "close", "--defense", "4", "--json"
    )
    assert code == 0 and data["attack_dice"] == 5 and data["munition"] is None
    code, data = run(
        capsys, "toi", "odds", "--fp", "5", "--range", "long", "--munition", "HE", "--json"
    )
    assert code == 2 and data["clause"] == "TOI-HE-3"


def test_odds_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png = tmp_path / "odds.png"
    code, data = run(capsys, "toi", "odds", "--fp", "3", "--plot", str(png), "--json")
    assert code == 0 and png.stat().st_size > 1000 and data["plot"] == str(png)


def test_smoke_command(capsys: pytest.CaptureFixture[str]) -> None:
    """TOI-SMK-3/4/5: 4 dice at 5+: P(0) = (2/3)^4, P(1) = 4 (1/3)(2/3)^3."""
    code, data = run(capsys, "toi", "smoke", "--fp", "4", "--range", "normal", "--json")
    assert code == 0
    assert data["distribution"] == {"placed": "11/27", "drift": "32/81", "misfire": "16/81"}
    code, data = run(
        capsys, "toi", "smoke", "--fp", "4", "--map", "range", "--target", "3,1", "--json"
    )
    assert code == 0 and data["hexes"]["0403"] == "11/27"  # 3,1 printed
    total = sum(__import__("fractions").Fraction(v) for v in data["outcomes"].values())
    assert total == 1


def test_advise_and_reference_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """The decision helper ranks by expected net hits; TOI-GEN-10 reference card."""
    code, data = run(
        capsys, "toi", "advise", "--fp", "5", "--range", "close", "--defense", "3", "--json"
    )
    assert code == 0 and data["choices"][0]["munition"] == "AP-C"
    code, data = run(capsys, "toi", "odds", "advise", "--fp", "5", "--range", "long", "--json")
    he = next(c for c in data["choices"] if c["munition"] == "HE")
    assert he["allowed"] is False and he["clause"] == "TOI-HE-3"
    code, data = run(capsys, "toi", "munitions", "--json")
    assert code == 0 and {m["type"] for m in data["munitions"]} == {"HE", "AP-B", "AP-C", "Smoke"}


def game(capsys: pytest.CaptureFixture[str], db: str, *argv: str) -> tuple[int, Any]:
    return run(capsys, "toi", "game", *argv, "--db", db, "--json")


def test_game_flow_and_views(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    assert game(capsys, db, "new", "--id", "g1")[0] == 0
    assert game(capsys, db, "advance", "g1", "--to", "munitions")[0] == 0
    code, data = game(
        capsys, db, "buy", "g1", "--unit", "g-panther-1", "--type", "AP-C", "--as", "german"
    )
    assert code == 0 and data["events"][0]["munition"] == "AP-C"
    code, data = game(
        capsys, db, "assign", "g1", "--unit", "g-pziv-1", "--type", "Smoke", "--as", "german"
    )
    assert code == 0
    _, soviet = game(capsys, db, "view", "g1", "--as", "soviet")
    _, german = game(capsys, db, "view", "g1", "--as", "german")
    assert all("munition" not in t for t in soviet["tokens"])
    assert {t["munition"] for t in german["tokens"]} == {"AP-C", "Smoke"}
    _, log = game(capsys, db, "log", "g1", "--as", "soviet")
    assert "AP-C" not in json.dumps(log) and "Smoke" not in json.dumps(log)
    _, public = game(capsys, db, "view", "g1")
    assert "AP-C" not in json.dumps(public["tokens"])
    assert game(capsys, db, "advance", "g1", "--to", "action")[0] == 0
    code, data = game(
        capsys,
        db,
        "preview",
        "g1",
        "--unit",
        "g-panther-1",
        "--target",
        "s-t34-1",
        "--as",
        "german",
    )
    assert code == 0 and "distribution" in data
    code, data = game(
        capsys, db, "attack", "g1", "--unit", "g-panther-1", "--target", "s-t34-1", "--seed", "3"
    )
    assert code == 0 and data["events"][0]["munition"] == "AP-C"  # revealed: public now
    code, data = game(capsys, db, "undo", "g1")
    assert code == 0
    code, data = game(capsys, db, "legal", "g1", "--as", "german")
    # the Action Phase waits for both nations (TOI-B8): german attacks or says done,
    # and may advance only once soviet is done
    kinds = {r["type"] for r in data["legal"]}
    assert kinds >= {"attack", "done"} and "advance" not in kinds


@pytest.mark.parametrize(
    ("setup", "argv", "clause"),
    [
        (
            [],
            ["buy", "g1", "--unit", "g-panther-1", "--type", "HE"],
            "TOI-GEN-4",
        ),  # outside the window
        (
            [["advance", "g1", "--to", "munitions"]],
            ["buy", "g1", "--unit", "g-squad-1", "--type", "HE"],
            "TOI-GEN-5",
        ),
        (
            [
                ["advance", "g1", "--to", "munitions"],
                ["buy", "g1", "--unit", "g-panther-1", "--type", "HE"],
                ["buy", "g1", "--unit", "g-pziv-1", "--type", "AP-B"],
                ["buy", "g1", "--unit", "g-pak40-1", "--type", "AP-C"],
                ["advance", "g1", "--to", "action"],
                ["advance", "g1", "--to", "munitions"],
            ],
            ["buy", "g1", "--unit", "g-pziv-1", "--type", "Smoke"],
            "TOI-GEN-6",
        ),
        (
            [
                ["advance", "g1", "--to", "munitions"],
                ["buy", "g1", "--unit", "g-panther-1", "--type", "HE"],
                ["buy", "g1", "--unit", "g-pziv-1", "--type", "AP-B"],
                ["buy", "g1", "--unit", "g-pak40-1", "--type", "AP-C"],
                ["advance", "g1", "--to", "action"],
                ["advance", "g1", "--to", "munitions"],
            ],
            ["buy", "g1", "--unit", "s-t34-1", "--type", "HE"],
            "TOI-GEN-4",  # the Soviets hold no command
        ),
        (
            [
                ["advance", "g1", "--to", "munitions"],
                ["buy", "g1", "--unit", "g-pak40-1", "--type", "HE"],
                ["advance", "g1", "--to", "action"],
                ["move", "g1", "--unit", "g-pak40-1", "--to", "0,0"],
            ],
            ["attack", "g1", "--unit", "g-pak40-1", "--target", "s-zis3-1", "--dice", "1,1,1,1"],
            "TOI-HE-3",
        ),
        (
            [],
            [
                "attack",
                "g1",
                "--unit",
                "g-panther-1",
                "--target",
                "s-t34-1",
                "--dice",
                "7,1,1,1,1,1,1,1,1",
            ],
            None,
        ),
    ],
)
def test_bad_input_refused_and_nothing_written(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    setup: list[list[str]],
    argv: list[str],
    clause: str | None,
) -> None:
    """A fourth token, a purchase outside the window or beyond the command held, a token on a
    squad, HE at long range, dice out of range: exit 2, clause named, journal unchanged."""
    db = str(tmp_path / "bad.db")
    assert (
        game(capsys, db, "new", "--id", "g1", "--settings", json.dumps({"command": {"soviet": 0}}))[
            0
        ]
        == 0
    )
    for step in setup:
        assert game(capsys, db, *step)[0] == 0, step
    session = GameSession(open_journal(db), "g1")
    before = session.version
    code, data = game(capsys, db, *argv)
    assert code == 2
    if clause is not None:
        assert data["clause"] == clause
    else:
        assert data["error"] == "InvalidDice" and data["clause"] == "TOI-B1"
    assert session.version == before


@pytest.mark.parametrize("via", [(), ("--via-main",)])
def test_odds_attack_with_smoke_is_refused_by_the_rules_with_its_clause(
    capsys: pytest.CaptureFixture[str], via: tuple[str, ...]
) -> None:
    """covers TOI-SMK-1: the refusal comes from plan_attack (one copy of the rule), exit 2."""
    code, data = run(capsys, "toi", "odds", "--fp", "5", "--munition", "smoke", "--json", *via)
    assert code == 2
    assert data["error"] == "RuleViolation" and data["clause"] == "TOI-SMK-1"
    assert data["hint"]
