"""``/api/calculators``: every calculator of the three games with its schema, answers
equal to the CLI's, refusals naming the field, its value and the clause."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from ordnance.cli.main import main
from ordnance.server.app import create_app

#: Every stand-alone question of the three games and the generic odds.
EXPECTED = {
    ("asl", "notation"),
    ("asl", "gun"),
    ("asl", "gun-compare"),
    ("asl", "supply"),
    ("asl", "heat"),
    ("asl", "depletion"),
    ("asl", "shot"),
    ("asl", "shot-odds"),
    ("asl", "he-equivalency"),
    ("asl", "scw-heat"),
    ("asl", "canister"),
    ("toi", "odds"),
    ("toi", "smoke"),
    ("toi", "advise"),
    ("toi", "units"),
    ("toi", "munitions"),
    ("toi", "maps"),
    ("waw", "he-fire"),
    ("waw", "fascam"),
    ("waw", "los"),
    ("waw", "units"),
    ("odds", "pool"),
    ("odds", "dr"),
}
GERMAN_75L_APCR = {"gun": "75L", "range": 3, "ammo": "APCR", "depletion": 5, "af": 11}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("calc") / "t.db"))


def test_every_calculator_is_listed_with_a_schema(client: TestClient) -> None:
    listed = client.get("/api/calculators").json()["calculators"]
    assert {(c["game"], c["name"]) for c in listed} >= EXPECTED
    for calc in listed:
        assert calc["schema"]["type"] == "object", calc["name"]
        assert calc["hint"] in ("table", "distribution", "comparison")
        for name, prop in calc["schema"].get("properties", {}).items():
            assert prop.get("title"), (calc["game"], calc["name"], name)


@pytest.mark.parametrize("game_name", sorted(EXPECTED), ids="/".join)
def test_each_example_is_answered(client: TestClient, game_name: tuple[str, str]) -> None:
    listed = {
        (c["game"], c["name"]): c for c in client.get("/api/calculators").json()["calculators"]
    }
    calc = listed[game_name]
    res = client.post(f"/api/calculators/{game_name[0]}/{game_name[1]}", json=calc["example"])
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["title"] and body["hint"] == calc["hint"]
    drawn = {"distribution": "distribution", "comparison": "comparison", "table": "table"}
    assert drawn[calc["hint"]] in body


def test_the_whole_shot_equals_the_cli(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    """The German 75L APCR example (N 5, range 3, vehicle, AF 11; ASL-8.9-a, notes B5)."""
    body = client.post("/api/calculators/asl/gun", json=GERMAN_75L_APCR).json()
    assert (body["p_hit"], body["p_kill"]) == ("5/18", "305/1296")
    with pytest.raises(SystemExit) as done:
        main(
            [
                "asl",
                "odds",
                "gun",
                "--gun",
                "75L",
                "--range",
                "3",
                "--ammo",
                "APCR",
                "-n",
                "5",
                "--af",
                "11",
                "--json",
            ]
        )
    assert done.value.code in (0, None)
    cli = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (cli["p_hit"], cli["p_kill"]) == (body["p_hit"], body["p_kill"])


def test_the_comparison_is_a_chart_of_hit_and_kill(client: TestClient) -> None:
    body = client.post(
        "/api/calculators/asl/gun-compare", json={**GERMAN_75L_APCR, "compare": ["AP", "APCR=5"]}
    ).json()
    comp = body["comparison"]
    assert comp["x"] == ["AP", "APCR"]
    assert [s["name"] for s in comp["series"]] == ["hit", "kill"]
    assert comp["series"][0]["values"][1] == "5/18" and comp["series"][1]["values"][1] == "305/1296"


@pytest.mark.parametrize(
    ("path", "question", "field", "clause"),
    [
        ("toi/odds", {"fp": 5, "band": "far"}, "band", "TOI-B2"),
        ("toi/odds", {"fp": 5, "support": "3,x"}, "support", "TOI-B5"),
        ("asl/gun", {**GERMAN_75L_APCR, "depletion": 13}, "depletion", "ASL-8.9-a"),
        ("waw/he-fire", {"fp": 99, "hit_number": 4, "defence": 1}, "fp", "WAW-HE-a"),
    ],
)
def test_a_refusal_names_field_value_and_clause(
    client: TestClient, path: str, question: dict[str, object], field: str, clause: str
) -> None:
    res = client.post(f"/api/calculators/{path}", json=question)
    assert res.status_code == 422
    body = res.json()
    assert (body["field"], body["clause"]) == (field, clause)
    assert body["problems"][0]["value"] == repr(question[field])


def test_a_value_the_rules_refuse_inside_the_answer_is_that_rules_refusal(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    """A gun size the form takes as text but the rules cannot read (ASL-B5.2) is refused
    with that rule's clause and hint, in the API (422, not a 500) and on the command line."""
    res = client.post("/api/calculators/asl/gun", json={**GERMAN_75L_APCR, "gun": "ZZZ"})
    assert res.status_code == 422
    body = res.json()
    assert body["clause"] == "ASL-B5.2" and "'ZZZ'" in body["message"]
    with pytest.raises(SystemExit) as done:
        main(["asl", "odds", "gun", "--gun", "ZZZ", "--range", "3", "--af", "11", "--json"])
    assert done.value.code == 2
    cli = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (cli["clause"], cli["message"]) == (body["clause"], body["message"])


def test_an_unknown_calculator_is_refused_naming_the_known_ones(client: TestClient) -> None:
    res = client.post("/api/calculators/toi/nope", json={})
    assert res.status_code == 422
    assert "advise" in res.json()["hint"]


def test_openapi_carries_the_answer_shapes(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    listed = doc["paths"]["/api/calculators"]["get"]["responses"]["200"]["content"]
    assert "$ref" in json.dumps(listed)
    assert "CalculatorInfo" in doc["components"]["schemas"]


def test_a_declared_parser_reads_the_text_of_a_field(client: TestClient) -> None:
    """The page sends a list as text ("AP; APCR=5"): the calculator's parser reads it."""
    as_text = client.post(
        "/api/calculators/asl/gun-compare", json={**GERMAN_75L_APCR, "compare": "AP; APCR=5"}
    ).json()
    assert as_text["comparison"]["x"] == ["AP", "APCR"]
