"""A VASL save into an ASL game through the game's own add_gun actions; the side record as a VASL label.

Clauses: ASL-8.0-a (one record per Gun), ASL-8.2-e (the counter's notation is
the Gun's), ASL-8.2-g (each side by nationality), ASL-8.2-c/d (the scenario
date), ASL-BOARD-1 (our id: the printed hex on the game's board).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ordnance.asl.rules.board import BoardGeometry
from ordnance.asl.vasl.importer import import_save, plan_import
from ordnance.asl.vasl.label import side_record_html
from ordnance.asl.vasl.pieces import read_save
from ordnance.asl.vasl.reader import decode_saved_game, split_command
from ordnance.core.errors import OrdnanceError
from ordnance.core.journal import GameSession, open_journal
from ordnance.core.journal.session import list_games
from tests.asl.test_cli import run, run_json
from tests.asl.test_vasl_saves import DATA, _bytes, _entries, _with_commands

HILL = str(DATA / "hill621-pieces.vsav")


def _record(session: GameSession) -> list[dict[str, Any]]:
    view: dict[str, Any] = dict(session.view(None))
    return list(view["record"])


def _games(db: Path) -> list[str]:
    return [g["id"] for g in list_games(open_journal(str(db)))] if db.exists() else []


def test_a_save_becomes_a_game_with_every_gun_that_has_special_ammunition(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "g.db"
    code, data = run_json(capsys, "asl", "vasl", "read", HILL, "--game", "h621", "--db", str(db))
    assert code == 0
    game = data["game"]
    assert game["settings"]["date"] == "1944-06"  # the save's own date
    assert [s["nationality"] for s in game["settings"]["sides"]] == ["russian", "german"]
    assert len(game["guns"]) == 19 and len(game["unplaced"]) == 19
    assert {u["why"] for u in game["unplaced"]} == {"off the boards (in the map's margin)"}
    session = GameSession(open_journal(str(db)), "h621")
    entries = session.entries()
    assert [e.action["type"] for e in entries] == ["add_gun"] * 19  # the journal is the truth
    assert session.replay(session.entries_all()) == session.state()
    record = {g["id"]: g for g in _record(session)}
    t34 = record["t-34-m43-1"]
    assert t34["side"] == "russian" and t34["notation"] == "A4^2^/5^3^/6^4^/7^5"
    assert [(c["ammo"], c["depletion"]) for c in t34["capabilities"]] == [("APCR", 6)]
    pak = record["75l-at-pak-40-1"]
    assert pak["gun_size"] == "75L" and [
        (c["ammo"], c["depletion"]) for c in pak["capabilities"]
    ] == [
        ("SMOKE", 7),
        ("APCR", 3),
    ]
    # vehicles without special ammunition are listed by read, not added (no record to keep)
    assert not any(g.startswith(("zis-5", "su-152", "spw")) for g in record)


def test_guns_on_a_board_get_their_printed_hex(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """full.vsav: board 0; the game's board setting takes its number (ASL-BOARD-1)."""
    db = tmp_path / "g.db"
    args = ["--game", "f", "--db", str(db), "--date", "1944-06", "--side", "british"]
    code, data = run_json(
        capsys, "asl", "vasl", "read", str(DATA / "full.vsav"), *args, "--side", "german"
    )
    assert code == 0 and data["game"]["unplaced"] == []
    assert data["game"]["settings"]["board"] == {"number": "0", "orientation": "normal"}
    record = {g["id"]: g for g in _record(GameSession(open_journal(str(db)), "f"))}
    board = BoardGeometry(number="0")
    assert record["churchill-crocodile-1"]["hex"] == str(board.hex_of("F2"))
    assert record["81-mtr-oml-3-2-1"]["hex"] == str(board.hex_of("E2"))


def test_guns_on_another_board_are_listed_unplaced(tmp_path: Path) -> None:
    """Two boards side by side: the game draws the first; the mortar on board 4 is unplaced."""

    def two_boards(commands: list[str]) -> list[str]:
        out = []
        for c in commands:
            if c.startswith("bd\t"):
                c = "bd\t0\t0\t02\tVER\t6.4\tbd\t1\t0\t04\tVER\t6.1\t"
            elif "brMTR81" in c:
                c = c.replace("Main Map;625;496;", "Main Map;2425;496;")  # + one board width
            out.append(c)
        return out

    reading = read_save(_with_commands("full.vsav", two_boards), date="1944-06")
    assert {p.name: p.placement.label for p in reading.known} == {
        "Churchill Crocodile": "2F2",
        '81* MTR OML 3.2"': "4E2",
    }
    sides = [
        {"name": "british", "nationality": "british"},
        {"name": "german", "nationality": "german"},
    ]
    plan = plan_import(reading, date="1944-06", sides=sides)
    assert plan.settings is not None and plan.settings["board"]["number"] == "2"
    assert plan.unplaced == (("81-mtr-oml-3-2-1", "on board 4 (4E2); the game draws ASL board 2"),)


def test_a_save_adds_to_an_existing_game_by_nationality(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "g.db")
    run(capsys, "asl", "game", "new", "--id", "g", "--db", db, "--side", "ivan:russian",
        "--side", "fritz:german")  # fmt: skip
    basic = str(DATA / "basic.vsav")
    code, data = run_json(capsys, "asl", "vasl", "read", basic, "--game", "g", "--db", db)
    assert code == 0
    assert {(g["id"], g["side"]) for g in data["game"]["guns"]} == {
        ("82-mtr-bm-obr-37-1", "ivan"),
        ("pzkw-vie-1", "fritz"),
        ("88l-aa-flak-18-o-36-1", "fritz"),
        ("88l-aa-flak-18-o-36-2", "fritz"),
    }
    # again: new ids, the record keeps one line per piece (ASL-8.0-a)
    code, data = run_json(capsys, "asl", "vasl", "read", basic, "--game", "g", "--db", db)
    assert code == 0 and "pzkw-vie-2" in {g["id"] for g in data["game"]["guns"]}
    assert len(GameSession(open_journal(db), "g").state().guns) == 8


def test_refusals_write_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    basic = str(DATA / "basic.vsav")
    # no date in the save and none given (ASL-8.2-c)
    code, data = run_json(capsys, "asl", "vasl", "read", basic, "--game", "n", "--db", str(db))
    assert code == 2 and data["clause"] == "ASL-8.2-c" and _games(db) == []
    # a date outside the war (ASL-8.2-d)
    code, data = run_json(
        capsys, "asl", "vasl", "read", str(DATA / "full.vsav"), "--game", "n", "--db", str(db)
    )
    assert code == 2 and "2001-02" in data["message"] and _games(db) == []
    # a game whose sides are not the save's nations (ASL-8.2-g)
    run(capsys, "asl", "game", "new", "--id", "us", "--db", str(db), "--side", "american",
        "--side", "german")  # fmt: skip
    code, data = run_json(capsys, "asl", "vasl", "read", basic, "--game", "us", "--db", str(db))
    assert code == 2 and data["clause"] == "ASL-8.2-g" and "russian" in data["message"]
    assert GameSession(open_journal(str(db)), "us").version == 0
    # a save with unknown pieces (listed); --skip-unknown imports the others
    code, data = run_json(
        capsys, "asl", "vasl", "read", str(DATA / "ffs.vsav"), "--game", "x", "--db", str(db)
    )
    assert code == 2 and "2 unknown piece(s)" in data["message"] and "x" not in _games(db)
    # a bad file
    bad = tmp_path / "bad.vsav"
    bad.write_bytes(_bytes("basic.vsav")[:2000])
    code, data = run_json(capsys, "asl", "vasl", "read", str(bad), "--game", "y", "--db", str(db))
    assert code == 2 and data["clause"] == "ASL-VASL-1" and "y" not in _games(db)


def test_skip_unknown_imports_the_rest(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ffs = split_command(decode_saved_game(_entries("ffs.vsav")["savedGame"]))
    flame = next(c for c in ffs if "POA CWS H5" in c and c.startswith("+/"))
    mixed = tmp_path / "mixed.vsav"
    mixed.write_bytes(_with_commands("basic.vsav", lambda cs: [*cs[:-1], flame, cs[-1]]))
    db = str(tmp_path / "g.db")
    args = ["--game", "m", "--db", db, "--date", "1944-06"]
    code, data = run_json(capsys, "asl", "vasl", "read", str(mixed), *args)
    assert code == 2 and _games(Path(db)) == []
    code, data = run_json(capsys, "asl", "vasl", "read", str(mixed), *args, "--skip-unknown")
    assert code == 0 and [p["gpid"] for p in data["game"]["skipped"]] == ["08d:15"]
    assert len(data["game"]["guns"]) == 4


def test_plan_refuses_one_nationality(tmp_path: Path) -> None:
    """A save whose pieces are of one nation cannot make the two sides by itself (ASL-8.2-g)."""

    def russians_only(commands: list[str]) -> list[str]:
        # the add-piece command escapes its slashes: the German image folder is 'ge\\/'
        return [c for c in commands if not ("ge\\/" in c and c.startswith("+/"))]

    reading = read_save(_with_commands("basic.vsav", russians_only), date="1944-06")
    with pytest.raises(OrdnanceError) as err:
        plan_import(reading, date="1944-06")
    assert err.value.clause == "ASL-8.2-g" and "1 nationalities (russian)" in err.value.message


def _label(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    return run_json(capsys, "asl", "vasl", "label", *args)


def test_the_label_shows_what_remains(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    run(capsys, "asl", "vasl", "read", HILL, "--game", "h", "--db", db)
    run(capsys, "asl", "game", "phase", "h", "DFPh", "--db", db)
    # the German PaK 40 fires APCR (N=3): DR 5 > 3, there was none (ASL-8.9-e)
    code, _out, err = run(
        capsys, "asl", "game", "fire", "h", "--gun", "75l-at-pak-40-1", "--ammo", "APCR",
        "--dr", "4,1", "--db", db,
    )  # fmt: skip
    assert code == 0, err
    code, data = _label(capsys, "h", "--db", db)
    assert code == 0
    html = data["html"]
    assert html.startswith("<html>") and "Jun 1944 (ETO)" in html
    assert "75l-at-pak-40-1 (75L AT PaK 40)" in html
    assert "gone (DR 4+1, turn 1 DFPh)" in html
    lines = [max(1, len(g["capabilities"])) for g in _record(GameSession(open_journal(db), "h"))]
    assert html.count("<tr>") == 2 + sum(lines)
    out_file = tmp_path / "label.html"
    code, _out, _err = run(capsys, "asl", "vasl", "label", "h", "--db", db, "--out", str(out_file))
    assert code == 0 and out_file.read_text("utf-8") == html


def test_the_label_escapes_every_text() -> None:
    view = {
        "date_label": "Jun 1944",
        "theatre": "ETO",
        "game_turn": 1,
        "phase": "RPh",
        "record": [{"id": "x", "name": "<script>", "side": "a&b", "capabilities": []}],
    }
    html = side_record_html(view, game_id="<g>")
    assert "<script>" not in html and "&lt;script&gt;" in html and "a&amp;b" in html
    assert "&lt;g&gt;" in html and "no special ammunition" in html


def test_import_save_function_keeps_the_session(tmp_path: Path) -> None:
    journal = open_journal(str(tmp_path / "g.db"))
    reading = read_save(_bytes("hill621-pieces.vsav"), "hill621-pieces.vsav")
    session, plan = import_save(journal, reading, game_id="k")
    assert session.version == len(plan.actions) == 19


def test_the_counter_library_fills_in_what_the_save_does_not_print(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The player's own counters (the library) give the T-34's gun and ROF and the PaK's B#:
    the import takes them, so the game's whole-shot odds can be asked (notes B5.2, B5.6)."""
    library = tmp_path / "counters.yaml"
    library.write_text(
        "version: 1\n"
        "counters:\n"
        '  "597": {gun_size: 76L, rof: 1, sample: true}\n'
        '  "75L AT PaK 40": {breakdown: 11, sample: true}\n',
        "utf-8",
    )
    db = str(tmp_path / "g.db")
    args = ["--game", "h", "--db", db, "--library", str(library)]
    code, data = run_json(capsys, "asl", "vasl", "read", HILL, *args)
    assert code == 0
    guns = {g["id"]: g for g in data["game"]["guns"]}
    assert (guns["t-34-m43-1"]["gun_size"], guns["t-34-m43-1"]["rof"]) == ("76L", 1)
    assert guns["75l-at-pak-40-1"]["breakdown"] == 11
    assert guns["75l-at-pak-40-1"]["gun_size"] == "75L"  # the name's own size stays
    record = {g["id"]: g for g in _record(GameSession(open_journal(db), "h"))}
    assert record["t-34-m43-1"]["gun_size"] == "76L" and record["t-34-m43-1"]["rof"] == 1
    assert record["75l-at-pak-40-1"]["breakdown"] == 11
    # without the library the T-34 has no gun size: the import does not invent one
    db2 = str(tmp_path / "g2.db")
    empty = tmp_path / "none.yaml"
    code, data = run_json(capsys, "asl", "vasl", "read", HILL, "--game", "h", "--db", db2,
                          "--library", str(empty))  # fmt: skip
    assert code == 0 and "gun_size" not in {g["id"]: g for g in data["game"]["guns"]}["t-34-m43-1"]
