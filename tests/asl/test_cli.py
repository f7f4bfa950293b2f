"""``ordnance asl ...`` end to end: exact JSON, exit status 2 and nothing written on bad input."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ordnance.cli import main as cli_main


def main(args: list[str]) -> None:
    """``ordnance.cli.main.main`` (its commands mount lazily, once per process)."""
    cli_main.main(args)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out = capsys.readouterr()
    return code, out.out, out.err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    code, out, _err = run(capsys, *args, "--json")
    return code, json.loads(out)


def test_notation_json(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.91-b: the issue's example."""
    code, data = run_json(capsys, "asl", "notation", "A5^4^/6^5", "--date", "1944-06")
    assert code == 0
    (entry,) = data["entries"]
    assert entry["ammo"] == "APCR" and entry["depletion"] == 5


def test_notation_stdin_one_object_per_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("A5^4^/6^5\nQ7\ns8 IR\n"))
    code, out, _ = run(capsys, "asl", "notation", "-", "--date", "1944-06", "--json")
    assert code == 2  # every line is still answered, but one failed (issue 11, defect 12)
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 3
    assert lines[0]["entries"][0]["depletion"] == 5
    assert "Q7" in lines[1]["error"]
    assert [e["ammo"] for e in lines[2]["entries"]] == ["SMOKE", "IR"]


def test_supply_json(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.2-a/d/f: the issue's three examples."""
    code, data = run_json(capsys, "asl", "supply", "russian", "85L", "--date", "1944-06")
    assert code == 0 and data["ammo"] == "APCR" and data["depletion"] == 5
    _, elite = run_json(capsys, "asl", "supply", "russian", "85L", "--date", "1944-06", "--elite")
    assert elite["depletion"] == 6
    _, none = run_json(capsys, "asl", "supply", "american", "76L", "--date", "1944-07")
    assert none["ammo"] is None


def test_shot_json(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.9-c/d/e: the three outcomes, coloured die first."""
    _, d = run_json(capsys, "asl", "shot", "--ammo", "APCR", "--depletion", "5", "--dr", "3,2")
    assert d["outcome"] == "used-and-depleted" and d["dr"] == [3, 2]
    _, d = run_json(capsys, "asl", "shot", "--ammo", "APCR", "--depletion", "5", "--dr", "1,2")
    assert d["outcome"] == "used"
    _, d = run_json(capsys, "asl", "shot", "--ammo", "APCR", "--depletion", "5", "--dr", "4,2")
    assert d["outcome"] == "not-available"
    _, rolled = run_json(capsys, "asl", "shot", "--ammo", "APCR", "-n", "5", "--seed", "7")
    assert rolled["outcome"] in ("used", "used-and-depleted", "not-available")
    assert rolled["dice"] == "rolled"


@pytest.mark.parametrize(
    ("args", "clause"),
    [
        (("asl", "supply", "martian", "85L"), "ASL-8.2-g"),
        (("asl", "supply", "german", "85L"), "ASL-8.2-a"),
        (("asl", "supply", "russian", "85L", "--date", "1950-01"), "ASL-8.2-c"),
        (("asl", "shot", "--ammo", "APCR", "-n", "5", "--dr", "7,1"), "ASL-B2"),
        (("asl", "shot", "--ammo", "APCR", "-n", "5", "--dr", "3"), "ASL-B2"),
        (("asl", "shot", "--ammo", "APCR", "-n", "5", "--dr", "3,2,1"), "ASL-B2"),
        (("asl", "shot", "--ammo", "XX", "-n", "5", "--dr", "1,1"), "ASL-8.9-a"),
        (("asl", "notation", "Q7"), "ASL-8.9-a"),
    ],
)
def test_bad_input_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], clause: str | None
) -> None:
    code, out, _ = run(capsys, *args, "--json")
    assert code == 2
    data = json.loads(out)
    assert data["message"]
    assert data["clause"] == clause


def _entries(db: Path) -> int:
    with sqlite3.connect(db) as con:
        return int(con.execute("select count(*) from journal").fetchone()[0])


def test_game_flow(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A scenario through GameSession: new, add-gun (notation, chart), phase, fire, record, undo, log."""
    db = str(tmp_path / "asl.db")
    code, data = run_json(
        capsys, "asl", "game", "new", "--id", "g", "--db", db, "--date", "1944-06",
        "--side", "russian", "--side", "german:german:elite",
    )  # fmt: skip
    assert code == 0 and data["game_id"] == "g"
    code, _ = run_json(
        capsys, "asl", "game", "add-gun", "g", "--db", db, "--id", "t34", "--side", "russian",
        "--name", "T-34/85", "--notation", "A5^4^/6^5", "--rof", "1",
    )  # fmt: skip
    assert code == 0
    code, _ = run_json(
        capsys, "asl", "game", "add-gun", "g", "--db", db, "--id", "pak", "--side", "german",
        "--size", "75L",
    )  # fmt: skip
    assert code == 0
    assert run_json(capsys, "asl", "game", "phase", "g", "PFPh", "--db", db)[0] == 0
    code, entry = run_json(
        capsys, "asl", "game", "fire", "g", "--db", db, "--gun", "t34", "--ammo", "APCR",
        "--dr", "3,2",
    )  # fmt: skip
    assert code == 0 and entry["events"][0]["outcome"] == "used-and-depleted"
    _, record = run_json(capsys, "asl", "game", "record", "g", "--db", db)
    caps = {g["id"]: g["capabilities"][0] for g in record["record"]}
    assert caps["t34"]["status"] == "gone" and caps["t34"]["exhausted"]["dr"] == [3, 2]
    assert caps["pak"]["depletion"] == 4  # 1944 German 75L A3, Elite +1
    code, _ = run_json(capsys, "asl", "game", "undo", "g", "--db", db)
    assert code == 0
    _, record = run_json(capsys, "asl", "game", "record", "g", "--db", db)
    assert record["record"][0]["capabilities"][0]["status"] == "available"
    _, log = run_json(capsys, "asl", "game", "log", "g", "--db", db)
    assert [e["undone"] for e in log["entries"]] == [False, False, False, True, False]
    code, odds = run_json(
        capsys, "asl", "game", "odds", "g", "--db", db, "--gun", "t34", "--ammo", "APCR"
    )
    assert code == 0 and odds["distribution"]["used"] == "1/6"
    code, out, _ = run(capsys, "asl", "game", "record", "g", "--db", db)
    assert code == 0 and "Side record" in out


@pytest.mark.parametrize(
    ("args", "clause"),
    [
        (("add-gun", "g", "--id", "x", "--side", "german", "--notation", "A5 Q7"), "ASL-8.9-a"),
        (("add-gun", "g", "--id", "x", "--side", "german", "--size", "85L"), "ASL-8.2-a"),
        (("add-gun", "g", "--id", "x", "--side", "martians", "--size", "75L"), "ASL-8.0-a"),
        (("fire", "g", "--gun", "pak", "--ammo", "APCR", "--dr", "3,2"), "ASL-B3"),
        (("fire", "g", "--gun", "t34", "--ammo", "APCR", "--dr", "9,2"), "ASL-B2"),
        (("fire", "g", "--gun", "t34", "--ammo", "APCR", "--dr", "3"), "ASL-B2"),
        (("fire", "g", "--gun", "t34", "--ammo", "APCR", "--dr", "3,2,1"), "ASL-B2"),
        (("fire", "g", "--gun", "t34", "--ammo", "XYZ", "--dr", "3,2"), "ASL-8.9-a"),
        (("fire", "g", "--gun", "nope", "--dr", "3,2"), "ASL-8.0-a"),
        (("phase", "g", "Lunch"), None),
    ],
)
def test_game_bad_input_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: tuple[str, ...], clause: str | None
) -> None:
    db = tmp_path / "asl.db"
    run_json(capsys, "asl", "game", "new", "--id", "g", "--db", str(db))
    run_json(
        capsys, "asl", "game", "add-gun", "g", "--db", str(db), "--id", "t34", "--side",
        "russian", "--notation", "A5^4^/6^5",
    )  # fmt: skip
    run_json(capsys, "asl", "game", "add-gun", "g", "--db", str(db), "--id", "pak", "--side",
             "german", "--size", "75L")  # fmt: skip
    run_json(capsys, "asl", "game", "phase", "g", "PFPh", "--db", str(db))
    before = _entries(db)
    assert before == 3
    code, out, _ = run(capsys, "asl", "game", *args, "--db", str(db), "--json")
    assert code == 2
    data = json.loads(out)
    assert data["message"] and data["clause"] == clause
    assert _entries(db) == before


def test_game_new_bad_date_creates_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "asl.db"
    code, out, _ = run(
        capsys, "asl", "game", "new", "--id", "g", "--db", str(db), "--date", "1950-01", "--json"
    )
    assert code == 2 and json.loads(out)["clause"] == "ASL-8.2-c"
    code, out, _ = run(
        capsys,
        "asl",
        "game",
        "new",
        "--id",
        "g",
        "--db",
        str(db),
        "--side",
        "a:martian",
        "--side",
        "b:german",
        "--json",
    )
    assert code == 2
    with sqlite3.connect(db) as con:
        assert con.execute("select count(*) from games").fetchone()[0] == 0


def test_odds_depletion(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Per-shot odds and k-th shot availability (ASL-8.9), exact fractions, and a plot."""
    png = tmp_path / "d.png"
    code, data = run_json(
        capsys, "asl", "odds", "depletion", "--depletion", "5", "--shots", "4", "--plot", str(png)
    )
    assert code == 0
    assert data["shot"] == {"not-available": "13/18", "used": "1/6", "used-and-depleted": "1/9"}
    assert [row["available"] for row in data["shots"]] == ["1/1", "1/6", "1/36", "1/216"]
    assert data["expected_rounds"] == "1/3"
    assert png.exists() and png.stat().st_size > 1000
    code, out, _ = run(capsys, "odds", "asl", "depletion", "-n", "5", "-k", "4", "--json")
    if code == 0 and out.strip():  # mounted by the core's odds face when present
        assert json.loads(out)["shot"] == data["shot"]
    code, shot = run_json(capsys, "asl", "odds", "shot", "-n", "7", "-b", "11", "--intensive")
    assert code == 0 and shot["malfunction"] == "5/18"  # B# 11 - 2: DR 9..12
    code, out, _ = run(capsys, "asl", "odds", "depletion", "-n", "5", "-k", "3")
    assert code == 0 and "Shot by shot" in out


def test_rich_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "asl", "notation", "A5^4^/6^5", "--date", "1944-06")
    assert code == 0 and "APCR" in out
    code, out, _ = run(capsys, "asl", "supply", "russian", "85L")
    assert code == 0 and "APCR" in out
    code, out, _ = run(capsys, "asl", "shot", "-n", "5", "--dr", "3,2")
    assert code == 0 and "used-and-depleted" in out
    # ASL-8.9-d: the outcome stands once, in its column, not again on a line of its own
    assert not any(line.strip() == "used-and-depleted" for line in out.splitlines())
    code, out, _ = run(capsys, "asl", "he-equivalency", "HEAT", "--caliber", "75", "--json")
    assert code == 0 and json.loads(out)["fp"] == "8/1"
    code, out, _ = run(capsys, "asl", "heat", "german", "--date", "1942-04", "--json")
    assert code == 0 and json.loads(out)["available"] is False
