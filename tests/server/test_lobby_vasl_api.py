"""The lobby's VASL upload: a real save's Guns as a checked ASL scenario, then the table from it.

Nothing is written by the check (the ``games`` rows are counted); bad files are
a 422 naming the problem (our clause ASL-VASL-1), never a 5xx. Clauses of the
set-up: ASL-8.0-a (one record per Gun), ASL-8.2-e (the counter notation).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from httpx import Response
from sqlalchemy import func, select

from ordnance.asl.vasl.reader import decode_saved_game, split_command
from ordnance.core.journal.models import GameRow
from ordnance.server.app import MAX_BODY, create_app
from ordnance.server.vasl_routes import MAX_VASL_UPLOAD
from tests.asl.test_vasl_saves import _entries, _with_commands

DATA = Path(__file__).resolve().parents[1] / "data" / "vasl"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "t.db", create_rate="off"))


def _rows(client: TestClient) -> int:
    journal = client.app.state.service.journal  # type: ignore[attr-defined]
    with journal.reading() as s:
        return int(s.scalar(select(func.count()).select_from(GameRow)) or 0)


def _check(client: TestClient, name: str, body: bytes | None = None, **params: str) -> Response:
    content = (DATA / name).read_bytes() if body is None else body
    res: Response = client.post("/api/vasl/check", params={"file": name, **params}, content=content)
    return res


def test_a_save_is_checked_into_a_scenario_and_a_table(client: TestClient) -> None:
    res = _check(client, "hill621-pieces.vsav")
    assert res.status_code == 200, res.text
    data = res.json()
    assert data["ok"] and data["game"] == "asl" and data["date"] == "1944-06"
    assert data["title"] == "Hill 621 (VASL save)"
    assert [s["id"] for s in data["sides"]] == ["russian", "german"]
    assert len(data["units"]) == 19 and data["vasl"]["boards"] == ["02", "04", "03"]
    assert _rows(client) == 0  # the check writes nothing
    created = client.post(
        "/api/tables",
        json={"game": "asl", "scenario": data["document"], "settings": {}, "seat": "german"},
    )
    assert created.status_code == 201, created.text
    table = created.json()
    view = client.get(
        f"/api/tables/{table['game_id']}/view",
        headers={"Authorization": f"Bearer {table['token']}"},
    ).json()
    record = {g["id"]: g for g in view["view"]["record"]}
    assert len(record) == 19
    assert [(c["ammo"], c["depletion"]) for c in record["t-34-m43-1"]["capabilities"]] == [
        ("APCR", 6)
    ]


def test_unknown_pieces_are_left_out_and_named(client: TestClient) -> None:
    """basic.vsav with a Fight for Seoul flame tank: the 4 Guns, the tank named in the summary."""
    ffs = split_command(decode_saved_game(_entries("ffs.vsav")["savedGame"]))
    flame = next(c for c in ffs if "POA CWS H5" in c and c.startswith("+/"))
    mixed = _with_commands("basic.vsav", lambda cs: [*cs[:-1], flame, cs[-1]])
    res = _check(client, "mixed.vsav", mixed, date="1944-06")
    assert res.status_code == 200, res.text
    data = res.json()
    assert len(data["units"]) == 4
    assert "1 unknown piece(s): 08d:15 POA CWS H5" in data["description"]
    assert [p["gpid"] for p in data["vasl"]["unknown"]] == ["08d:15"]
    assert _rows(client) == 0


def test_a_save_without_a_date_needs_one(client: TestClient) -> None:
    res = _check(client, "basic.vsav")
    assert res.status_code == 422 and res.json()["clause"] == "ASL-8.2-c"
    assert _check(client, "basic.vsav", date="1944-06").status_code == 200


def test_one_nation_makes_no_scenario(client: TestClient) -> None:
    res = _check(client, "full.vsav", date="1944-06")
    # full.vsav is all British: one nation makes no two sides (ASL-8.2-g)
    assert res.status_code == 422 and res.json()["clause"] == "ASL-8.2-g"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b"not a save at all", "not a zip archive"),
        ((DATA / "basic.vsav").read_bytes()[:3000], "damaged"),
    ],
)
def test_bad_files_are_a_422_naming_the_problem(
    client: TestClient, body: bytes, words: str
) -> None:
    res = _check(client, "bad.vsav", body)
    assert res.status_code == 422
    data = res.json()
    assert data["clause"] == "ASL-VASL-1" and words in data["message"]
    assert _rows(client) == 0


def test_the_upload_limit_is_larger_than_the_body_limit_but_bounded(client: TestClient) -> None:
    assert MAX_VASL_UPLOAD > MAX_BODY
    big = b"PK" + b"\0" * (MAX_BODY + 10)
    res = _check(client, "big.vsav", big)
    assert res.status_code == 422  # through the body limit, refused as a damaged archive
    too_big = b"\0" * (MAX_VASL_UPLOAD + 10)
    assert _check(client, "huge.vsav", too_big).status_code == 413
    assert client.post("/api/tables", content=b"{" + b" " * (MAX_BODY + 10)).status_code == 413
