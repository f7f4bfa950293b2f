"""ASL's stand-alone questions as declared calculators: each CLI command is derived from
the declaration and answers what ``POST /api/calculators/asl/...`` answers.

Clauses: ASL-8.9-a (depletion check, notation), ASL-AMB-18 (malfunction on the
same DR), ASL-8.31 (HE Equivalency), ASL-8.3-b (SCW HEAT), ASL-8.4 (Canister),
ASL-B5.3 (the firer's To Hit cases), ASL-B2 (dice entered).
"""

from __future__ import annotations

import io
import json
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ordnance.asl.odds.depletion import enumerated_shot
from ordnance.cli.main import main
from ordnance.core import calculators
from ordnance.server.app import create_app

GERMAN_75L_APCR = {"gun": "75L", "range": 3, "ammo": "APCR", "depletion": 5, "af": 11}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("asl-calc") / "t.db"))


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    else:
        code = 0
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, err = cli(capsys, *args, "--json")
    assert code == 0, err or out
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.mark.parametrize(
    ("name", "question", "argv"),
    [
        ("he-equivalency", {"attack": "HEAT", "caliber": 75}, ["he-equivalency", "HEAT", "--caliber", "75"]),
        ("scw-heat", {"weapon": "BAZ", "target": "infantry", "tem": "building"},
         ["scw-heat", "BAZ", "--target", "infantry", "--tem", "building"]),
        ("canister", {"fp": 12, "ca": 1, "aim": "V2", "loc_drm": ["1,-2=1"]},
         ["canister", "--fp", "12", "--ca", "1", "--aim", "V2", "--loc-drm", "1,-2=1"]),
        ("shot", {"ammo": "APCR", "depletion": 5, "dr": "3,2"},
         ["shot", "--ammo", "APCR", "-n", "5", "--dr", "3,2"]),
        ("shot-odds", {"depletion": 5, "breakdown": 11}, ["odds", "shot", "-n", "5", "-b", "11"]),
        ("notation", {"text": "A5^4^/6^5", "date": "1944-06", "nationality": "german", "elite": True},
         ["notation", "A5^4^/6^5", "--date", "1944-06", "--nationality", "german", "--elite"]),
    ],
)  # fmt: skip
def test_the_derived_command_answers_what_the_api_answers(
    client: TestClient,
    capsys: pytest.CaptureFixture[str],
    name: str,
    question: dict[str, Any],
    argv: list[str],
) -> None:
    res = client.post(f"/api/calculators/asl/{name}", json=question)
    assert res.status_code == 200, res.text
    # the API leaves out the keys whose value is null (its response model says so)
    answered = {k: v for k, v in cli_json(capsys, "asl", *argv).items() if v is not None}
    assert answered == res.json()


def test_one_shot_odds_equal_the_enumerated_resolving_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ASL-8.9-a, ASL-AMB-18: the depletion outcome joint with malfunction on one DR."""
    data = cli_json(capsys, "asl", "odds", "shot", "-n", "5", "-b", "11", "--intensive")
    brute = enumerated_shot(5, 11, intensive=True)
    expected = {
        outcome + (" + malfunction" if broke else ""): p for (outcome, broke), p in brute.items()
    }
    assert {k: Fraction(v) for k, v in data["distribution"].items()} == expected
    assert Fraction(data["malfunction"]) == brute.probability(lambda o: o[1])


def test_canister_with_dice_resolves_and_refuses_a_bad_die(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ASL-8.4: with --dr the IFT DR is resolved; a 7 on a d6 is refused naming ASL-B2."""
    data = cli_json(capsys, "asl", "canister", "--fp", "12", "--dr", "3,2")
    assert data["result"]["original_total"] == 5 and "odds" not in data
    code, out, _err = cli(capsys, "asl", "canister", "--fp", "12", "--dr", "3,7", "--json")
    assert code == 2 and json.loads(out)["clause"] == "ASL-B2"


def test_notation_reads_every_line_of_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``notation -``: one answer a line; a line it cannot read names ASL-8.9-a, exit 2."""
    monkeypatch.setattr("sys.stdin", io.StringIO("A5^4^/6^5\nZZ9\ns8\n"))
    code, out, err = cli(capsys, "asl", "notation", "-", "--date", "1944-06", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and "1 line(s)" in err
    assert [d.get("notation") for d in lines] == ["A5^4^/6^5", None, "s8"]
    assert lines[1]["clause"] == "ASL-8.9-a" and lines[1]["text"] == "ZZ9"


def test_a_declared_flag_pair_forces_the_th_colour(capsys: pytest.CaptureFixture[str]) -> None:
    """``--red/--black`` (ASL-B5.3-H: a captured Gun fires red): at 10 hexes red is TH# 8,
    black 9."""
    base = ["asl", "odds", "gun", "--gun", "75L", "--range", "10", "--af", "11"]
    red = cli_json(capsys, *base, "--red")
    black = cli_json(capsys, *base, "--black")
    assert (red["th"], black["th"]) == (8, 9)
    assert Fraction(red["p_hit"]) < Fraction(black["p_hit"])


def test_a_local_field_is_left_out_of_the_schema_and_refused_by_the_api(
    client: TestClient,
) -> None:
    """The counter library is a file on the asker's machine: only the command line takes it."""
    gun = calculators.find("asl", "gun")
    assert "library" not in gun.schema()["properties"]
    res = client.post(
        "/api/calculators/asl/gun", json={**GERMAN_75L_APCR, "library": "/etc/passwd"}
    )
    assert res.status_code == 422
    assert res.json()["field"] == "library" and res.json()["clause"] == "ASL-8.1-a"


def test_the_whole_shot_from_the_api_and_the_cli_alike(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    """Notes B5, B6: German 75L APCR, N 5, range 3, AF 11: hit 5/18, kill 305/1296."""
    body = client.post("/api/calculators/asl/gun", json=GERMAN_75L_APCR).json()
    argv = ["asl", "odds", "gun", "--gun", "75L", "--range", "3", "--ammo", "APCR", "-n", "5"]
    data = cli_json(capsys, *argv, "--af", "11")
    assert (
        (body["p_hit"], body["p_kill"]) == (data["p_hit"], data["p_kill"]) == ("5/18", "305/1296")
    )
