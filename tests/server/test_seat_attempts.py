"""A refused attempt on another's seat is refused and still seen by the whole table.

The takeover of the report, step by step: the axis asks for a new invitation for
the allies seat (202, a request the allies see), then tries to claim it with its own
token (TABLE-SEAT-4), without it (TABLE-SEAT-5, the allies have not let go), and to
accept the request in the allies' place (TABLE-SEAT-3). Each refusal changes no
seat and leaves a seat event every seat reads in ``/view`` and ``/seats`` (and the
journal's ``/log``), naming who tried; trying again at the same entry adds no line.
The live streams are told at once (the refused request announces the event). A
creator opening the invitation it should pass on is refused and seen the same way.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from ordnance.server.table_client import log_lines
from tests.server.conftest import Table
from tests.server.secret_game import CATALOGUE


def _claim(client: TestClient, gid: str, code: str, token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(f"/api/tables/{gid}/claim", json={"invitation": code}, headers=headers)


def _kinds(events: list[dict[str, Any]]) -> list[str]:
    return [str(e["kind"]) for e in events]


def test_each_refused_step_of_the_takeover_is_seen_by_every_seat(client: TestClient) -> None:
    table = Table(client)
    announced: list[tuple[str, int]] = []
    service = client.app.state.service  # type: ignore[attr-defined]
    real = service.on_change
    service.on_change = lambda gid, v: (announced.append((gid, v)), real(gid, v))
    asked = table.post("axis", "/invitations", {"seat": "allies"})
    assert asked.status_code == 202, asked.text
    code, request = asked.json()["code"], asked.json()["request"]

    # 1. the axis claims it with its own token: refused, recorded, announced at once
    told = len(announced)
    res = _claim(client, table.id, code, table.tokens["axis"])
    assert res.status_code == 403 and res.json()["clause"] == "TABLE-SEAT-4"
    assert announced[told:] == [(table.id, 0)]
    # 2. without its token (another browser): the allies have not let go
    told = len(announced)
    res = _claim(client, table.id, code)
    assert res.status_code == 409 and res.json()["clause"] == "TABLE-SEAT-5"
    assert announced[told:] == [(table.id, 0)]
    # 3. it answers the request in the allies' place
    told = len(announced)
    res = table.post("axis", f"/reissues/{request}", {"accept": True})
    assert res.status_code == 403 and res.json()["clause"] == "TABLE-SEAT-3"
    assert announced[told:] == [(table.id, 0)]
    # the same attempts again at the same entry: refused, no second line each
    assert _claim(client, table.id, code, table.tokens["axis"]).status_code == 403
    assert _claim(client, table.id, code).status_code == 409

    refused = {
        "claim_refused": "axis tried to claim the invitation for the allies seat while "
        "holding its own seat: refused (entry 0)",
        "claim_early": "the invitation axis asked for was used to open the allies seat "
        "before allies let it go: refused (entry 0)",
        "answer_refused": "axis tried to answer the request for the allies seat in "
        "allies's place: refused (entry 0)",
    }
    for seat in ("allies", "axis"):
        view = table.get(seat, "/view").json()
        events = view["seat_events"]
        assert _kinds(events)[-4:] == ["reissue_requested", *refused], events
        for event in events[-3:]:
            assert event["text"] == refused[event["kind"]]
            assert event["seat"] == "allies" and event["by"] == "axis"
            assert event["message"]["template"]  # worded again in the reader's language
        assert _kinds(table.get(seat, "/seats").json()["events"])[-3:] == list(refused)
        in_log = table.get(seat, "/log").json()["seat_events"]
        assert [e["event"] for e in in_log][-3:] == list(refused)
        # ... and nothing moved: the allies still hold their seat, the request waits
        assert view["reissues"][0]["seat"] == "allies"
    assert table.get("allies", "/view").status_code == 200

    # Russian readers get Russian lines
    ru = table.client.get(
        f"/api/tables/{table.id}/view", params={"lang": "ru"}, headers=table.h("allies")
    ).json()["seat_events"][-1]["text"]
    assert "отказано" in ru and "tried" not in ru


def test_the_creator_opening_the_invitation_it_should_pass_on_is_seen(client: TestClient) -> None:
    """TABLE-SEAT-4: the creator's claim with its token is refused and announced, so the
    player it was meant for learns why, before the invitation is used at all."""
    created = client.post("/api/tables", json={"game": "secrets", "seat": "axis"}).json()
    gid, code = created["game_id"], created["invitations"][0]["code"]
    res = _claim(client, gid, code, created["token"])
    assert res.status_code == 403 and res.json()["clause"] == "TABLE-SEAT-4"
    claimed = _claim(client, gid, code)  # the invitation still opens the seat, once
    assert claimed.status_code == 200, claimed.text
    view = client.get(
        f"/api/tables/{gid}/view", headers={"Authorization": "Bearer " + claimed.json()["token"]}
    ).json()
    refused = [e for e in view["seat_events"] if e["kind"] == "claim_refused"]
    assert [(e["seat"], e["by"]) for e in refused] == [("allies", "axis")]


def test_an_unknown_code_with_a_seats_token_records_nothing(client: TestClient) -> None:
    """Only an attempt on a real invitation of the table is a seat event: a made-up code
    cannot fill the table's record."""
    table = Table(client)
    before = table.get("allies", "/view").json()["seat_events"]
    res = _claim(client, table.id, "x" * 32, table.tokens["axis"])
    assert res.status_code == 403
    assert _claim(client, table.id, "y" * 32).status_code == 404
    assert table.get("allies", "/view").json()["seat_events"] == before


def test_table_log_prints_the_seat_lines_where_the_page_shows_them(client: TestClient) -> None:
    """``ordnance table log``: the seat events at entry 0 first, then each under its entry."""
    table = Table(client)
    res = table.act("allies", {"type": "buy", "kind": CATALOGUE["allies"][0], "hex": "1,0"})
    assert res.status_code == 200, res.text
    asked = table.post("axis", "/invitations", {"seat": "allies"})
    assert asked.status_code == 202
    _claim(client, table.id, asked.json()["code"], table.tokens["axis"])
    lines = log_lines(table.get("axis", "/log").json())
    assert lines[0] == "  seat: allies created the table and took its seat"
    assert lines[1].startswith("  seat: axis claimed its seat (entry 0)")
    assert lines[2].startswith("1 allies: ")  # the entry, then what happened at it
    assert lines[3].startswith("  seat: axis asked for a new invitation for the allies seat")
    assert lines[4] == (
        "  seat: axis tried to claim the invitation for the allies seat while holding its "
        "own seat: refused (entry 1)"
    )
    assert len(lines) == 5
