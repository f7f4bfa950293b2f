"""The HE Fire odds headline counts the Hits the resolver applies, game and CLI agree,
a mission of no Firepower is refused and help texts print their brackets. Clauses: WAW-HE-a, WAW-HE-e, WAW-HE-l, WAW-AMB-1."""

from __future__ import annotations

import contextlib
import json
import re
from fractions import Fraction

import pytest

from ordnance.cli.main import cli_command, main, walk
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation
from ordnance.core.odds import enumerate_procedure
from ordnance.waw.odds.he_fire import HeMission, he_hits_headline
from ordnance.waw.rules.catalogue import ArmourClass
from ordnance.waw.rules.he_fire import Target, resolve_he_fire
from ordnance.waw.settings import WawSettings

from .conftest import act, place


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:
    code = 0
    try:
        main([*argv, "--json"])
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1]) if out else {}


STACK = [Target("t72", ArmourClass.HEAVY), Target("mr", ArmourClass.VULNERABLE)]


@pytest.mark.parametrize(
    ("settings", "city"),
    [
        (WawSettings(city_defence="per_unit"), True),
        (WawSettings(he_per_unit_salvo=True), False),
        (WawSettings(he_per_unit_salvo=True), True),
    ],
)
def test_headline_counts_the_hits_the_resolver_applies(settings: WawSettings, city: bool) -> None:
    """covers WAW-AMB-1 option and WAW-HE-l: when each unit defends alone, the headline is
    the distribution of the Hits the units take, equal to brute force over the resolver."""
    fp, hn, defence = 2, 4, 1  # few dice: the brute force runs every sequence
    brute = enumerate_procedure(
        lambda d: resolve_he_fire(STACK, fp, hn, defence, d, settings, city).hits_applied
    )
    assert he_hits_headline(HeMission(STACK, fp, hn, defence, settings, city))[0] == brute


def test_issue_example_mean(capsys: pytest.CaptureFixture[str]) -> None:
    """covers WAW-AMB-1 option: the audit's example (made under the eliminating ladder of the
    time, WAW-AMB-4 option); the true mean of the Hits is 17/16 (the old headline, one pool of
    2 dice, said 101/72)."""
    code, data = _run(
        capsys,
        *("waw", "odds", "he-fire", "--fp", "4", "--hit-number", "4", "--terrain", "city"),
        *("--unit", "T-72", "--unit", "Motor Rifle Infantry"),
        *("--settings", '{"city_defence":"per_unit","he_soft_cap":"eliminated"}'),
    )
    assert code == 0
    assert Fraction(data["mean"]) == Fraction(17, 16)
    dist = {int(k): Fraction(v) for k, v in data["distribution"].items()}
    assert sum(dist.values()) == 1 and sum(k * p for k, p in dist.items()) == Fraction(17, 16)


def test_game_odds_headline_matches_the_cli(new_game) -> None:
    """covers WAW-AMB-1 option through Game.odds (the table's preview)."""
    g = new_game({"city_defence": "per_unit", "he_soft_cap": "eliminated"})
    act(g, {"type": "place_terrain", "hexes": ["3,3"], "terrain": "city"})
    place(g, "t", "T-72", "soviet", "3,3")
    place(g, "mr", "Motor Rifle Infantry", "soviet", "3,3")
    fire = {"type": "he_fire", "side": "us", "target": "3,3", "firepower": 4, "hit_number": 4}
    odds = g.game.odds(g.state(), fire)
    assert odds is not None
    mean = sum(int(k) * Fraction(v) for k, v in odds["distribution"].items())
    assert mean == Fraction(17, 16)


def test_zero_firepower_mission_is_refused(new_game, capsys: pytest.CaptureFixture[str]) -> None:
    """covers WAW-HE-a: the salvo is Firepower d6, so a mission of 0 is no mission; the
    journal keeps nothing and the odds command refuses it too."""
    g = new_game()
    place(g, "t", "T-72", "soviet", "3,3")
    before = g.version
    with pytest.raises(RuleViolation) as err:
        g.act(
            {"type": "he_fire", "side": "us", "target": "3,3", "firepower": 0, "hit_number": 4},
            EnteredDice([]),
        )
    assert err.value.clause == "WAW-HE-a" and g.version == before
    code, data = _run(
        capsys, "waw", "odds", "he-fire", "--fp", "0", "--hit-number", "4", "--defense", "1"
    )
    assert code == 2 and data["clause"] == "WAW-HE-a"


def test_every_help_text_prints_its_square_brackets(capsys: pytest.CaptureFixture[str]) -> None:
    """Rich markup swallowed "[allocation die]" in ``waw he --help``: every bracketed part of
    every command's help (and its options') must appear in the printed help."""
    checked = 0
    for path, cmd in walk(cli_command()):  # every command, each lazy mount loaded
        texts = [cmd.help or ""] + [getattr(p, "help", None) or "" for p in cmd.params]
        wanted = {m for t in texts for m in re.findall(r"\[[A-Za-z][^\[\]]*\]", t)}
        wanted = {w for w in wanted if not w.startswith("[env var")}
        if not wanted:
            continue
        with contextlib.suppress(SystemExit):  # --help exits 0 after printing
            main([*path, "--help"])
        # a wrapped help line continues inside Rich's box: its border is not text
        printed = " ".join(capsys.readouterr().out.replace("│", " ").split())
        for w in wanted:
            assert " ".join(w.split()) in printed, (path, w)
            checked += 1
    assert checked >= 2  # at least "[allocation die]" and "[HQ check dice]"
