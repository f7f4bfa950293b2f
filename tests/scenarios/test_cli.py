"""``ordnance scenario check/schema/export/examples`` and ``ordnance game new --scenario``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ordnance.cli.main import main
from ordnance.core import registry
from ordnance.core import scenario as sc

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schemas"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", sorted(sc.examples()))
def test_each_example_checks_clean_and_starts_a_game(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "scenario", "check", name)
    assert code == 0, out
    assert f"{name}: ok (" in out and "sample values" in out
    db = str(tmp_path / "g.db")
    code, out, err = run(
        capsys, "game", "new", "--scenario", name, "--id", "g", "--db", db, "--json"
    )
    assert code == 0, err
    made = json.loads(out)
    assert made["game"] == name.split("/")[0]
    code, out, _ = run(capsys, "game", "view", "g", "--db", db, "--json")
    assert code == 0
    view = json.loads(out)
    doc = sc.validate(sc.open_source(name))[1]
    text = json.dumps(view)
    assert all(u.id in text for u in doc.units)


def test_check_of_a_broken_file_lists_each_problem_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "game: waw\ntitle: t\nsides:\n  - {id: us, nationality: american}\n"
        "  - {id: soviet, nationality: soviet}\nmap: {columns: 0, rows: 4}\n"
        "units:\n  - {id: a, side: us, kind: T-72}\n",
        "utf-8",
    )
    code, out, _ = run(capsys, "scenario", "check", str(bad))
    assert code == 2
    lines = out.strip().splitlines()
    assert f"{bad}:6: map.columns: Input should be greater than or equal to 1" in lines
    assert f"{bad}:8: units[0].hex: Field required" in lines
    assert lines[-1] == "2 problem(s)"
    code, out, _ = run(capsys, "scenario", "check", str(bad), "--json")
    assert code == 2
    assert {p["line"] for p in json.loads(out)["problems"]} == {6, 8}


def test_game_new_with_a_broken_scenario_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        sc.examples()["toi/crossroads-sample"]
        .read_text("utf-8")
        .replace("profile: zis-3", "profile: zis-99"),
        "utf-8",
    )
    db = str(tmp_path / "g.db")
    code, _, err = run(capsys, "game", "new", "--scenario", str(bad), "--db", db)
    assert code == 2
    assert "units[4].profile: no profile called 'zis-99'" in " ".join(err.split())
    code, out, _ = run(capsys, "game", "list", "--db", db, "--json")
    assert json.loads(out)["games"] == []


def test_export_writes_a_file_that_starts_the_same_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "g.db")
    assert (
        run(capsys, "game", "new", "--scenario", "waw/fulda-sample", "--id", "a", "--db", db)[0]
        == 0
    )
    out_file = tmp_path / "exported.yaml"
    code, _out, _ = run(capsys, "scenario", "export", "a", "--out", str(out_file), "--db", db)
    assert code == 0 and out_file.exists()
    assert run(capsys, "scenario", "check", str(out_file))[0] == 0
    assert run(capsys, "game", "new", "--scenario", str(out_file), "--id", "b", "--db", db)[0] == 0
    views = []
    for gid in ("a", "b"):
        for seat in ("us", "soviet"):
            args = ("game", "view", gid, "--as", seat, "--db", db, "--json")
            view = json.loads(run(capsys, *args)[1])
            view.pop("game_id", None)  # the one thing that differs: the id given
            views.append(view)
    assert views[0] == views[2] and views[1] == views[3]


def test_schema_files_under_docs_are_up_to_date() -> None:
    """docs/schemas/GAME.schema.json is what `ordnance scenario schema GAME` writes."""
    for name in ("asl", "toi", "waw"):
        shipped = (SCHEMAS / f"{name}.schema.json").read_text("utf-8")
        assert shipped == sc.schema_text(registry.game(name)), (
            f"regenerate: ordnance scenario schema --out docs/schemas ({name})"
        )


def test_schema_prints_one_game_and_names_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenario", "schema", "toi")
    assert code == 0
    data = json.loads(out)
    assert data["x-format-version"] == sc.FORMAT_VERSION
    assert "profiles" in data["properties"] and "rules" in data["properties"]


def test_examples_lists_the_samples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenario", "examples", "--json")
    assert code == 0
    rows = json.loads(out)["examples"]
    assert {r["name"] for r in rows} == set(sc.examples())
    assert all(r["sample"] for r in rows)


@pytest.mark.parametrize(
    ("command", "name"),
    [
        (("toi", "game", "new"), "toi/crossroads-sample"),
        (("waw", "new"), "waw/fulda-sample"),
        (("asl", "game", "new"), "asl/normandy-sample"),
    ],
)
def test_each_game_new_command_takes_a_scenario(
    command: tuple[str, ...], name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "g.db")
    code, out, err = run(capsys, *command, "--scenario", name, "--id", "s", "--db", db, "--json")
    assert code == 0, err
    assert json.loads(out)["game"] == command[0]
    other = "waw/fulda-sample" if command[0] != "waw" else "toi/crossroads-sample"
    code, _, err = run(capsys, *command, "--scenario", other, "--db", db)
    assert code == 2
    assert "scenario, not" in err


def _view(capsys: pytest.CaptureFixture[str], game_id: str, seat: str, db: str) -> object:
    code, out, _ = run(capsys, "game", "view", game_id, "--as", seat, "--db", db, "--json")
    assert code == 0
    view = json.loads(out)
    view.pop("settings", None)  # ToI echoes the settings as written (see test_roundtrip)
    view.pop("game_id", None)  # the table's own id and journal length, not the position
    view.pop("version", None)
    return view


def test_export_of_a_played_game_keeps_its_tokens_and_markers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TOI-GEN-5 tokens bought in the game: the full export restores them for every seat;
    ``--as soviet`` leaves out the german's face-down token (its type is the german's)."""
    db = str(tmp_path / "g.db")
    assert (
        run(capsys, "game", "new", "--scenario", "toi/crossroads-sample", "--id", "g", "--db", db)[
            0
        ]
        == 0
    )
    for action in (
        {"type": "advance", "to": "munitions"},
        {"type": "buy", "unit": "g-stug-1", "munition": "AP-C"},
        {"type": "buy", "unit": "s-t34-1", "munition": "Smoke"},
    ):
        code, _out, err = run(capsys, "game", "act", "g", json.dumps(action), "--db", db)
        assert code == 0, err
    full = tmp_path / "full.yaml"
    assert run(capsys, "scenario", "export", "g", "--out", str(full), "--db", db)[0] == 0
    assert run(capsys, "game", "new", "--scenario", str(full), "--id", "g2", "--db", db)[0] == 0
    for seat in ("german", "soviet"):
        assert _view(capsys, "g2", seat, db) == _view(capsys, "g", seat, db)
    code, soviet, _ = run(capsys, "scenario", "export", "g", "--as", "soviet", "--db", db)
    assert code == 0
    tokens = sc.parse_text(soviet, "s.yaml").data["position"]["tokens"]
    assert [t["side"] for t in tokens] == ["soviet"]
    assert "AP-C" in full.read_text("utf-8") and "munition: AP-C" not in soviet
    code, _out, err = run(capsys, "scenario", "export", "g", "--as", "martian", "--db", db)
    assert code == 2 and "not a seat" in err
