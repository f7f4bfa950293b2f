"""`scenario check` reports every problem of a file in one run, refuses impossible
values, and `scenario export` keeps what the file says about itself."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from ordnance.core import scenario as sc
from ordnance.core.journal import GameSession, open_journal
from tests.scenarios.test_cli import run

BROKEN = """\
format: ordnance-scenario
format_version: 1
game: toi
title: Broken on purpose
sides:
  - {id: german, nationality: german}
  - {id: soviet, nationality: soviet}
map:
  columns: 6
  rows: 0
units:
  - {id: g1, side: german, profile: panzer-iv, hex: "1,1", armor: 3}
  - {id: s1, side: soviets, profile: t-34-76, hex: "x"}
  - {id: s2, side: soviet, profile: nosuch, hex: "2,1"}
  - {id: s3, side: soviet, profile: t-34-76, hex: "30,30"}
  - {id: s4, side: soviet, profile: t-34-76, hex: "2,2"}
rules:
  supply: {german: {HE: -1}}
"""


def test_one_run_reports_schema_and_game_problems_at_their_lines() -> None:
    problems = sc.problems_of(sc.parse_text(BROKEN, "broken.yaml"))
    got = [(p.line, p.field) for p in problems]
    # the schema's problems first, then the game's (TOI-GEN-3 supply; profiles; the map)
    assert got == [
        (10, "map.rows"),
        (12, "units[0].armor"),
        (13, "units[1].hex"),
        (18, "rules.supply.german.HE"),
        (14, "units[2].profile"),
        (15, "units[3].hex"),
    ], got
    assert "greater than or equal to 0" in problems[3].message
    assert "nosuch" in problems[4].message and "not on the map" in problems[5].message


def test_a_negative_token_supply_is_refused() -> None:
    """TOI-GEN-3: a supply counts tokens; -1 HE is no supply."""
    text = BROKEN.split("map:")[0] + "rules:\n  supply: {german: {HE: -1}}\n"
    problems = sc.problems_of(sc.parse_text(text, "neg.yaml"))
    assert [p.field for p in problems] == ["rules.supply.german.HE"]


def test_a_good_file_has_no_problem() -> None:
    for name in sc.examples():
        assert sc.problems_of(sc.open_source(name)) == [], name


def test_check_exits_2_and_prints_every_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, "utf-8")
    code, out, _err = run(capsys, "scenario", "check", str(path))
    assert code == 2
    assert out.strip().endswith("6 problem(s)") and "units[3].hex" in out


@pytest.mark.parametrize("name", sorted(sc.examples()))
def test_export_keeps_the_files_own_words(name: str, tmp_path: Path) -> None:
    src = sc.open_source(name)
    journal = open_journal(str(tmp_path / "t.db"))
    session = sc.start_game(journal, src, "g")
    again = GameSession(journal, "g")
    doc = sc.export(again.game, again.state(), None, again.settings)
    for key in sc.SCENARIO_WORDS:
        assert doc.get(key) == src.data.get(key), (name, key)
    # the export is itself a good file that starts the same game
    assert sc.problems_of(sc.parse_text(yaml.safe_dump(doc), "again.yaml")) == []
    assert session.game_name == again.game_name
