"""The lobby's scenario routes: list and read the samples, check an uploaded file.

Every refusal is a 422 naming the field (with the line when the server has the
file's text), never a 5xx, and nothing is written: the ``games`` rows are
counted around each refused call.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from ordnance.core import scenario as sc
from ordnance.core.journal.models import GameRow
from ordnance.server.app import create_app
from ordnance.server.scenario_routes import MAX_SCENARIO_BYTES

SAMPLE = "toi/crossroads-sample"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "t.db", create_rate="off"))


def _rows(client: TestClient) -> int:
    journal = client.app.state.service.journal  # type: ignore[attr-defined]
    with journal.reading() as s:
        return int(s.scalar(select(func.count()).select_from(GameRow)) or 0)


def _text(name: str) -> str:
    return str(sc.examples()[name].read_text("utf-8"))


def test_samples_are_listed_per_game_with_their_summary(client: TestClient) -> None:
    res = client.get("/api/scenarios", params={"game": "waw"})
    assert res.status_code == 200
    rows = res.json()["scenarios"]
    assert {r["name"] for r in rows} == {"waw/fulda-sample", "waw/city-per-unit-sample"}
    fulda = next(r for r in rows if r["name"] == "waw/fulda-sample")
    assert fulda["sample"] is True and fulda["date"] == "1985-08"
    assert [s["id"] for s in fulda["sides"]] == ["us", "soviet"]
    assert fulda["map"] == {"title": "scenario", "columns": 8, "rows": 6}
    every = client.get("/api/scenarios").json()["scenarios"]
    assert len(every) == len(sc.examples())


def test_a_sample_is_read_with_its_document(client: TestClient) -> None:
    res = client.get(f"/api/scenarios/{SAMPLE}")
    assert res.status_code == 200
    data = res.json()
    assert data["document"]["game"] == "toi" and data["title"].endswith("(sample)")
    missing = client.get("/api/scenarios/toi/no-such-file")
    assert missing.status_code == 404


def test_an_uploaded_file_is_checked_and_its_document_starts_a_table(client: TestClient) -> None:
    res = client.post(
        "/api/scenarios/check", params={"game": "toi", "file": "mine.yaml"}, content=_text(SAMPLE)
    )
    assert res.status_code == 200, res.text
    checked = res.json()
    assert checked["name"] == "mine.yaml" and len(checked["units"]) == 6
    assert _rows(client) == 0  # a check writes nothing
    made = client.post("/api/tables", json={"game": "toi", "scenario": checked["document"]})
    assert made.status_code == 201, made.text
    assert _rows(client) == 1


@pytest.mark.parametrize(
    ("body", "field", "line", "words"),
    [
        (_text(SAMPLE).replace("columns:", "colums:", 1), "map.colums", 27, "unknown field"),
        ("a: [1,", "(syntax)", 1, "expected"),
        ("- 1\n- 2\n", "(document)", 1, "mapping"),
        ("", "(file)", None, "empty"),
        ("game: chess\n", "game", 1, "one of asl, toi, waw"),
    ],
)
def test_a_bad_file_names_line_and_field_and_writes_nothing(
    client: TestClient, body: str, field: str, line: int | None, words: str
) -> None:
    res = client.post("/api/scenarios/check", params={"file": "bad.yaml"}, content=body)
    assert res.status_code == 422, res.text
    problems = res.json()["problems"]
    hit = next(p for p in problems if p["field"] == field)
    assert hit["line"] == line and words in hit["message"]
    assert _rows(client) == 0


def test_a_file_of_another_game_is_refused_at_its_game_line(client: TestClient) -> None:
    res = client.post("/api/scenarios/check", params={"game": "waw"}, content=_text(SAMPLE))
    assert res.status_code == 422
    [problem] = res.json()["problems"]
    assert problem["field"] == "game" and "'toi' scenario" in problem["message"]


def test_undecodable_oversized_and_control_texts_are_422(client: TestClient) -> None:
    not_utf8 = client.post("/api/scenarios/check", content=b"title: \xff\xfe\n")
    assert not_utf8.status_code == 422
    assert "UTF-8" in not_utf8.json()["problems"][0]["message"]
    big = client.post("/api/scenarios/check", content=b"#" * (MAX_SCENARIO_BYTES + 1))
    assert big.status_code == 422 and big.json()["field"] == "file"
    nul = client.post("/api/scenarios/check", content=b"title: a\x00b\n")
    assert nul.status_code == 422 and "NUL" in nul.json()["problems"][0]["message"]
    huge = client.post("/api/scenarios/check", content=b"#" * (200 * 1024))
    assert huge.status_code == 413  # the server's body limit, before any route
    assert _rows(client) == 0


def test_a_set_up_the_game_refuses_is_reported_at_the_unit(client: TestClient) -> None:
    """WAW set-up played in memory: a unit off the map is named at its own line."""
    text = _text("waw/fulda-sample").replace('hex: "5,1", condition', 'hex: "50,1", condition')
    res = client.post("/api/scenarios/check", params={"file": "f.yaml"}, content=text)
    assert res.status_code == 422
    [problem] = res.json()["problems"]
    assert problem["field"].startswith("units[4]") and problem["line"] == 38
    assert _rows(client) == 0


def test_a_seat_exports_the_table_without_the_other_sides_secrets(client: TestClient) -> None:
    """TOI-GEN-5: the soviet's export of the table leaves out the german's face-down token."""
    from tests.server.conftest import claim

    doc = client.get(f"/api/scenarios/{SAMPLE}").json()["document"]
    doc["rules"]["start_phase"] = "status"
    made = client.post("/api/tables", json={"game": "toi", "scenario": doc, "dice": "entered"})
    assert made.status_code == 201, made.text
    data = made.json()
    gid = data["game_id"]
    tokens = {data["seat"]: data["token"]}
    for invitation in data["invitations"]:
        claimed = claim(client, invitation["link"])
        tokens[claimed["seat"]] = claimed["token"]

    def act(seat: str, action: dict[str, object]) -> None:
        h = {"Authorization": f"Bearer {tokens[seat]}"}
        version = client.get(f"/api/tables/{gid}/view", headers=h).json()["version"]
        res = client.post(
            f"/api/tables/{gid}/actions",
            json={"action": action, "expected_version": version},
            headers=h,
        )
        assert res.status_code == 200, res.text

    act("german", {"type": "advance", "to": "munitions"})
    act("german", {"type": "buy", "unit": "g-stug-1", "munition": "AP-C"})
    act("soviet", {"type": "buy", "unit": "s-t34-1", "munition": "HE"})
    exports = {}
    for seat in ("german", "soviet"):
        res = client.get(
            f"/api/tables/{gid}/scenario", headers={"Authorization": f"Bearer {tokens[seat]}"}
        )
        assert res.status_code == 200, res.text
        exports[seat] = res.json()
    soviet_tokens = exports["soviet"]["document"]["position"]["tokens"]
    assert [(t["side"], t["munition"]) for t in soviet_tokens] == [("soviet", "HE")]
    nations = exports["soviet"]["document"]["position"]["nations"]
    assert "supply" not in nations["german"] and nations["soviet"]["supply"]["HE"] == 0
    german_tokens = exports["german"]["document"]["position"]["tokens"]
    assert ("german", "AP-C") in [(t["side"], t["munition"]) for t in german_tokens]
    assert client.get(f"/api/tables/{gid}/scenario").status_code == 401
    # the seat's file is a scenario: checked clean, it starts a table of its own
    again = client.post("/api/scenarios/check", content=exports["soviet"]["yaml"])
    assert again.status_code == 200, again.text


def test_a_table_from_a_full_export_keeps_the_secret_from_the_other_seat(
    client: TestClient,
) -> None:
    """TOI-GEN-5: a full export holds the german's face-down token; the table started from it
    answers the soviet the same whatever its type (view and journal)."""
    from ordnance.core.dice import EnteredDice
    from tests.server.conftest import claim
    from tests.server.toi_script import strip

    answers = []
    for secret in ("AP-B", "AP-C"):
        game, _doc, start = sc.prepare(sc.open_source(SAMPLE))
        state = sc.dry_run(game, start)
        for action in (
            {"type": "advance", "to": "munitions"},
            {"type": "buy", "unit": "g-stug-1", "munition": secret},
        ):
            state = game.apply(state, action, EnteredDice(()), None).state
        doc = sc.export(game, state)
        assert secret in [t["munition"] for t in doc["position"]["tokens"]]
        made = client.post("/api/tables", json={"game": "toi", "scenario": doc, "seat": "german"})
        assert made.status_code == 201, made.text
        data = made.json()
        soviet = claim(client, data["invitations"][0]["link"])
        h = {"Authorization": f"Bearer {soviet['token']}"}
        gid = data["game_id"]
        view = client.get(f"/api/tables/{gid}/view", headers=h).json()
        log = client.get(f"/api/tables/{gid}/log", headers=h).json()
        export = client.get(f"/api/tables/{gid}/scenario", headers=h).json()["document"]
        german = [t for t in view["view"]["tokens"] if t["side"] == "german"]
        assert german == [
            {"side": "german", "unit": "g-stug-1", "face": "down", "label": "a munitions token"}
        ]
        answers.append((strip(view) | {"game_id": None}, strip(log) | {"game_id": None}, export))
    assert answers[0] == answers[1]


def test_a_game_that_writes_no_scenario_files_is_refused_in_words(client: TestClient) -> None:
    """The test game of the server tests has no scenario model: 422, not a 5xx."""
    from tests.server.conftest import Table

    table = Table(client)
    res = table.get("allies", "/scenario")
    assert res.status_code == 422
    assert "does not write scenario files" in res.json()["message"]
