"""The lobby's VASL upload: the save's board and hexes, the unplaced Guns, and the player's library.

A table made from a save draws the save's board that holds the most Guns (its number
and orientation: the scenario document's ``board``), each Gun on it at its printed hex
(our id ASL-BOARD-1); every other Gun is listed in the answer's ``unplaced`` with the
reason, never put on a default board. A counter library uploaded beside the save (a
form: ``save`` and ``library``) gives each counter's printed values (ASL-B5.2 gun size,
B5.6 ROF, B5.7 B#, B5.1 To Hit colour); a bad library is a 422 naming its field, and
nothing is written. The server never reads a library of its own.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from ordnance.asl.rules.board import BoardGeometry
from ordnance.core.journal.models import GameRow
from ordnance.server.app import create_app
from tests.asl.test_vasl_saves import _with_commands

#: Hill 621's boards lie one under the other (02, 04, 03), each 645 pixels high; a
#: piece at (625, 496) of the Main Map is on the first board's hex E2.
ON_2E2, ON_4E2 = "Main Map;625;496;", "Main Map;625;1141;"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "t.db", create_rate="off"))


def _rows(client: TestClient) -> int:
    journal = client.app.state.service.journal  # type: ignore[attr-defined]
    with journal.reading() as s:
        return int(s.scalar(select(func.count()).select_from(GameRow)) or 0)


def _moved(commands: list[str]) -> list[str]:
    """The PaK 40 and the first StuG onto board 2 (E2, and E2 again), one T-34 onto board 4."""
    out, moved = [], {"PaK 40": ON_2E2, "T-34 M43": ON_4E2, "StuG IIIG": ON_2E2}
    for c in commands:
        for name, where in list(moved.items()):
            if c.startswith("+/") and name in c and "Main Map;" in c:
                head, _, rest = c.partition("Main Map;")
                tail = rest.split(";", 2)[2]
                c = head + where + tail
                del moved[name]
                break
        out.append(c)
    assert not moved, f"not found in the save: {sorted(moved)}"
    return out


def _save() -> bytes:
    return _with_commands("hill621-pieces.vsav", _moved)


def test_guns_on_the_main_board_keep_their_hex_and_the_others_are_unplaced(
    client: TestClient,
) -> None:
    res = client.post("/api/vasl/check", params={"file": "h.vsav"}, content=_save())
    assert res.status_code == 200, res.text
    data = res.json()
    assert data["document"]["board"] == {"number": "2", "orientation": "normal"}
    units = {u["id"]: u for u in data["document"]["units"]}
    board = BoardGeometry(number="2")
    assert units["75l-at-pak-40-1"]["hex"] == str(board.hex_of("E2"))
    unplaced = {u["gun"]: u for u in data["unplaced"]}
    assert "75l-at-pak-40-1" not in unplaced
    assert unplaced["t-34-m43-1"]["why"] == "on board 4 (4E2); the game draws ASL board 2"
    assert unplaced["t-34-m43-1"]["name"] == "T-34 M43"
    assert all("hex" not in units[g] for g in unplaced)
    margin = [u for u in data["unplaced"] if u["why"] == "off the boards (in the map's margin)"]
    assert len(margin) == len(units) - 3  # every Gun is either placed or listed
    created = client.post(
        "/api/tables",
        json={"game": "asl", "scenario": data["document"], "settings": {}, "seat": "german"},
    )
    assert created.status_code == 201, created.text
    table = created.json()
    view = client.get(
        f"/api/tables/{table['game_id']}/view",
        headers={"Authorization": f"Bearer {table['token']}"},
    ).json()["view"]
    record = {g["id"]: g for g in view["record"]}
    assert record["75l-at-pak-40-1"]["hex"] == str(board.hex_of("E2"))
    assert record["t-34-m43-1"]["hex"] is None


def test_a_save_with_no_gun_on_a_board_lists_every_gun_unplaced(client: TestClient) -> None:
    data = client.post(
        "/api/vasl/check",
        params={"file": "hill621-pieces.vsav"},
        content=(Path(__file__).parents[1] / "data/vasl/hill621-pieces.vsav").read_bytes(),
    ).json()
    assert "board" not in data["document"]
    assert len(data["unplaced"]) == len(data["document"]["units"]) == 19


LIBRARY = """\
version: 1
counters:
  75L AT PaK 40: {rof: 1, breakdown: 11, to_hit: black}
"""


def test_a_library_uploaded_with_the_save_gives_its_printed_values(client: TestClient) -> None:
    """ASL-B5.6, B5.7, B5.1: the library's ROF, B# and To Hit colour reach the table."""
    files = {"save": ("h.vsav", _save()), "library": ("mine.yaml", LIBRARY.encode())}
    res = client.post("/api/vasl/check", params={"file": "h.vsav"}, files=files)
    assert res.status_code == 200, res.text
    units = {u["id"]: u for u in res.json()["document"]["units"]}
    pak = units["75l-at-pak-40-1"]
    assert (pak["rof"], pak["breakdown"], pak["to_hit"]) == (1, 11, "black")
    assert pak["gun_size"] == "75L" and pak["piece_id"] == "2498"
    plain = client.post("/api/vasl/check", params={"file": "h.vsav"}, content=_save()).json()
    bare = {u["id"]: u for u in plain["document"]["units"]}["75l-at-pak-40-1"]
    assert "rof" not in bare and "breakdown" not in bare and "to_hit" not in bare


def test_a_bad_library_is_refused_naming_its_field(client: TestClient) -> None:
    bad = "counters:\n  '2498': {rof: 9}\n"
    files = {"save": ("h.vsav", _save()), "library": ("mine.yaml", bad.encode())}
    res = client.post("/api/vasl/check", params={"file": "h.vsav"}, files=files)
    assert res.status_code == 422
    assert "counters.2498.rof" in res.json()["message"]
    assert _rows(client) == 0


def test_a_form_without_the_save_is_refused(client: TestClient) -> None:
    files = {"library": ("mine.yaml", LIBRARY.encode())}
    res = client.post("/api/vasl/check", params={"file": "h.vsav"}, files=files)
    assert res.status_code == 422 and "save" in res.json()["message"]


def test_the_server_reads_no_library_of_its_own(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A library at the CLI's default places (the variable, the config home) is not read."""
    mine = tmp_path / "home-library.yaml"
    mine.write_text(LIBRARY, "utf-8")
    monkeypatch.setenv("ORDNANCE_COUNTER_LIBRARY", str(mine))
    (tmp_path / "config/ordnance").mkdir(parents=True)
    (tmp_path / "config/ordnance/counters.yaml").write_text(LIBRARY, "utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    data = client.post("/api/vasl/check", params={"file": "h.vsav"}, content=_save()).json()
    pak = {u["id"]: u for u in data["document"]["units"]}["75l-at-pak-40-1"]
    assert "rof" not in pak and "breakdown" not in pak and "to_hit" not in pak


def test_a_scenario_file_brings_its_own_library_to_the_table(client: TestClient) -> None:
    """ASL-B5.2, B5.1: a unit by counter name takes the file's counter_library at the table."""
    doc = {
        "format": "ordnance-scenario",
        "format_version": 1,
        "game": "asl",
        "title": "library at the table",
        "date": "1943-06",
        "sides": [
            {"id": "british", "nationality": "british"},
            {"id": "german", "nationality": "german"},
        ],
        "units": [{"id": "sh", "side": "british", "counter": "Sherman II(a)"}],
        "counter_library": {"counters": {"Sherman II(a)": {"gun_size": "75", "rof": 1}}},
    }
    checked = client.post(
        "/api/scenarios/check", params={"game": "asl", "file": "lib.json"}, json=doc
    )
    assert checked.status_code == 200, checked.text
    created = client.post(
        "/api/tables", json={"game": "asl", "scenario": doc, "settings": {}, "seat": "british"}
    )
    assert created.status_code == 201, created.text
    table = created.json()
    view = client.get(
        f"/api/tables/{table['game_id']}/view",
        headers={"Authorization": f"Bearer {table['token']}"},
    ).json()["view"]
    (gun,) = view["record"]
    assert (gun["gun_size"], gun["rof"], gun["to_hit"]) == ("75", 1, "red")
