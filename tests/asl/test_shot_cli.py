"""``ordnance asl odds gun``, ``asl game odds``, and B# in ``odds depletion`` (defect 11).

The CLI prints the same exact fractions as the procedures, which are checked
against enumeration in ``test_shot_odds.py``; refusals exit 2 with the clause.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from ordnance.asl.odds.depletion import (
    enumerated_rounds_with_breakdown,
    rounds_distribution,
    rounds_with_breakdown,
)
from ordnance.asl.shot.odds import enumerated_sequence
from ordnance.asl.shot.spec import GunShot
from ordnance.core.odds.sequences import rounds_fired_until_breakdown

from .test_cli import run, run_json

ISSUE = ("asl", "odds", "gun", "--nationality", "german", "--gun", "75L", "--ammo", "APCR",
         "--depletion", "5", "--range", "3", "--target", "vehicle", "--af", "11")  # fmt: skip


def test_issue_command_prints_p_hit_p_kill_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's command: p_hit, p_kill and outcomes as exact p/q, equal to enumeration."""
    code, data = run_json(capsys, *ISSUE)
    assert code == 0
    spec = GunShot(gun="75L", ammo="APCR", depletion=5, range=3, target="vehicle", af=11)
    dist = enumerated_sequence(spec, 1)
    assert Fraction(data["p_hit"]) == dist.probability(lambda s: s.hits > 0)
    assert Fraction(data["p_kill"]) == dist.probability(lambda s: s.killed)
    assert {k: Fraction(v) for k, v in data["outcomes"].items()} == dict(
        dist.map(lambda s: s.effect).items()
    )


def test_notation_and_date_instead_of_depletion(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.91-b: N from the counter at the date (T-34/85 APCR 5 in 1944, 6 in 1945)."""
    args = ("asl", "odds", "gun", "--nationality", "russian", "--gun", "85L", "--ammo", "APCR",
            "--notation", "A5^4^/6^5", "--range", "3", "--af", "11")  # fmt: skip
    _c, d44 = run_json(capsys, *args, "--date", "1944-06")
    _c, d45 = run_json(capsys, *args, "--date", "1945-02")
    assert (d44["depletion"], d45["depletion"]) == (5, 6)
    assert Fraction(d45["p_hit"]) > Fraction(d44["p_hit"])


def test_chart_date_alone_gives_apcr_n_8_2_a(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.2-a: with --date and no notation, APCR comes from the Ammunition Supply Chart."""
    code, data = run_json(capsys, *ISSUE[:9], "--date", "1944-06", "--range", "3", "--af", "11")
    assert code == 0 and data["depletion"] == 3  # the PaK 40 line of the README tour


@pytest.mark.parametrize(
    ("extra", "clause"),
    [
        (("--ammo", "APCR"), "ASL-8.9-a"),  # no N and no date
        (("--ammo", "SMOKE", "--depletion", "7"), "ASL-8.5-a"),  # SMOKE at a vehicle
        (("--ammo", "HEAT", "--depletion", "7", "--target", "infantry"), "ASL-8.31-b"),
        (("--ammo", "AP", "--pinned", "--rof", "1"), "ASL-B5.3-D"),
        (("--ammo", "AP", "--depletion", "13"), "ASL-8.9-a"),
    ],
)
def test_refusals_exit_2_with_the_clause(
    capsys: pytest.CaptureFixture[str], extra: tuple[str, ...], clause: str
) -> None:
    """Each step refuses with its clause; nothing but the error is printed."""
    code, out, _err = run(capsys, "asl", "odds", "gun", "--gun", "75L", "--range", "3",
                          "--af", "11", *extra, "--json")  # fmt: skip
    assert code == 2
    assert json.loads(out)["clause"] == clause


def test_shots_and_compare_with_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--shots K with Multiple ROF; --compare gives the bar-chart series; --plot a PNG."""
    png = tmp_path / "cmp.png"
    code, data = run_json(capsys, *ISSUE, "--rof", "2", "--shots", "3", "--fallback", "AP",
                          "--compare", "AP", "--compare", "APCR", "--compare", "HEAT=7",
                          "--plot", str(png))  # fmt: skip
    assert code == 0 and data["shots"] == 3
    assert data["compare"]["chart"]["x"] == ["AP", "APCR", "HEAT"]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    one = run_json(capsys, *ISSUE, "--rof", "2", "--fallback", "AP")[1]
    assert Fraction(data["p_kill"]) > Fraction(one["p_kill"])  # more shots, more kills


def test_game_odds_preview_gives_the_same_figures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``asl game odds --range`` (Game.odds) prints the figures of ``asl odds gun``."""
    db = str(tmp_path / "g.db")
    for args in (
        ("new", "--id", "k", "--date", "1944-06", "--side", "russian:russian",
         "--side", "german:german"),
        ("add-gun", "k", "--id", "pak", "--side", "german", "--made-by", "german",
         "--size", "75L"),
    ):  # fmt: skip
        assert run(capsys, "asl", "game", *args, "--db", db)[0] == 0
    code, game = run_json(capsys, "asl", "game", "odds", "k", "--gun", "pak", "--ammo", "APCR",
                          "--range", "3", "--target", "vehicle", "--af", "11", "--db", db)  # fmt: skip
    assert code == 0
    _c, cli = run_json(capsys, "asl", "odds", "gun", "--gun", "75L", "--ammo", "APCR",
                       "--depletion", "3", "--range", "3", "--af", "11")  # fmt: skip
    assert (game["p_hit"], game["p_kill"]) == (cli["p_hit"], cli["p_kill"])
    assert game["whole_shot"]["outcomes"] == cli["outcomes"]
    assert game["compare"]["chart"]["x"] == ["AP", "APCR"]


# -- defect 11: B# in the depletion odds -------------------------------------------------------------
@pytest.mark.parametrize(("n", "b", "k"), [(5, 12, 3), (8, 10, 4), (12, 11, 3), (7, 6, 2)])
def test_rounds_with_breakdown_equal_enumeration_b5_7(n: int, b: int, k: int) -> None:
    """Notes B5.7: a malfunction ends the Gun's fire; closed forms against the resolving code."""
    exact = rounds_with_breakdown(n, k, b)
    assert exact == enumerated_rounds_with_breakdown(n, k, b)
    assert rounds_fired_until_breakdown(n, k, b) == exact.map(lambda o: o[0])


def test_breakdown_changes_the_multi_shot_figures_defect_11(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Defect 11: with B# <= N a DR that fires the round can also end the Gun's fire."""
    with_b = rounds_with_breakdown(11, 4, 10).map(lambda o: o[0])
    assert with_b != rounds_distribution(11, 4)
    assert with_b[4] < rounds_distribution(11, 4)[4]
    code, data = run_json(capsys, "asl", "odds", "depletion", "-n", "11", "-k", "4", "-b", "10")
    assert code == 0 and data["breakdown"] == 10
    assert Fraction(data["malfunction"]) == rounds_with_breakdown(11, 4, 10).probability(
        lambda o: o[1] == "malfunctioned"
    )
    code, generic = run_json(capsys, "odds", "depletion", "-N", "11", "-k", "4", "-b", "10")
    assert code == 0 and generic["rounds_fired"] == data["rounds"]
    assert generic["available_and_working_on_shot"]["2"] == "5/6"  # DR <= 9: 30/36


def test_depletion_and_notation_together_refused_8_9_a(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.9-a: N is entered or read from the counter, never both."""
    code, out, _err = run(capsys, *ISSUE, "--notation", "A5", "--date", "1944-06", "--json")
    assert code == 2 and json.loads(out)["clause"] == "ASL-8.9-a"


def test_heat_date_gate_through_the_notation_8_3_a(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.3-a: German HEAT only from 1942-05, read through the game's capability code."""
    args = ("asl", "odds", "gun", "--gun", "75", "--ammo", "HEAT", "--notation", "H7",
            "--range", "3", "--af", "4")  # fmt: skip
    code, out, _err = run(capsys, *args, "--date", "1942-01", "--json")
    assert code == 2 and json.loads(out)["clause"] == "ASL-8.3-a"
    code, data = run_json(capsys, *args, "--date", "1943-01")
    assert code == 0 and data["depletion"] == 7


def test_one_shot_per_player_turn_mode(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-B5.6: --turns fires every Player Turn without ROF; more shots, more kills."""
    base = ("asl", "odds", "gun", "--gun", "75L", "--range", "20", "--af", "11")
    _c, one = run_json(capsys, *base)
    _c, three = run_json(capsys, *base, "--shots", "3", "--turns")
    assert Fraction(three["p_kill"]) > Fraction(one["p_kill"])
    assert three["mode"] == "turns" and "3" in three["shots_fired"]
