"""A seat belongs to the person who took it (TABLE-SEAT-3..6), on SQLite and PostgreSQL.

The takeover reported against the table: the German, with its own token, asked
for a new invitation for the Soviet seat, claimed it itself and read the Soviet's
face-down tokens. Here every step of it fails:

* a request for a new invitation for a held seat answers an invitation that
  opens nothing (TABLE-SEAT-5) while the holder is at the table; the holder's
  token keeps working; every seat sees the request at once;
* the holder's yes moves the seat (its token stops working, the invitation
  opens it once) and every seat sees "reissued at entry N on X's request";
* an absent holder's seat is reissued only after the table's waiting period,
  and any request of the holder before then stops the period;
* the holder alone moves its seat to a new device with its recovery secret;
* a claim made with another seat's token of the same table is refused
  (TABLE-SEAT-4), and every claim is shown to the table with its time and
  whether it came from the address of another seat.

The seats' clock is injected (no test sleeps).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ordnance.server.app import create_app
from tests.server.conftest import Table, fresh_pg_db
from tests.server.secret_game import CATALOGUE


class FakeClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> float:  # the table's clock: seconds since the epoch
        return self.now.timestamp()

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_client(
    request: pytest.FixtureRequest, tmp_path: Path, clock: FakeClock
) -> Iterator[TestClient]:
    if request.param == "sqlite":
        url: str = str(tmp_path / "seats.db")
    else:
        url = fresh_pg_db(request.getfixturevalue("pg_url"))
    app = create_app(url, heartbeat=0.2, clock=clock)
    with TestClient(app) as c:
        yield c
    app.state.service.journal.close()


def _claim_code(client: TestClient, gid: str, code: str, token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(f"/api/tables/{gid}/claim", json={"invitation": code}, headers=headers)


def _buy_secret(table: Table, seat: str) -> str:
    kind = CATALOGUE[seat][0]
    res = table.act(seat, {"type": "buy", "kind": kind, "hex": "1,0"})
    assert res.status_code == 200, res.text
    return kind


def _events(table: Table, seat: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = table.get(seat, "/view").json()["seat_events"]
    return events


def test_the_takeover_fails_while_the_holder_is_at_the_table(
    db_client: TestClient, clock: FakeClock
) -> None:
    """TABLE-SEAT-5: axis asks for a new allies invitation; it opens nothing."""
    table = Table(db_client)
    secret = _buy_secret(table, "allies")
    res = table.post("axis", "/invitations", {"seat": "allies"})
    assert res.status_code == 202, res.text
    asked = res.json()
    assert asked["status"] == "pending" and asked["usable"] is False
    # the invitation answered opens nothing: not for axis, not for anyone
    refused = _claim_code(db_client, table.id, asked["code"])
    assert refused.status_code == 409 and refused.json()["clause"] == "TABLE-SEAT-5"
    # the holder keeps its seat and its token; axis sees nothing of allies'
    assert table.get("allies", "/view").status_code == 200
    assert secret not in table.get("axis", "/view").text
    # every seat sees the request at once, in the view and on /seats
    for seat in ("allies", "axis"):
        view = table.get(seat, "/view").json()
        (req,) = view["reissues"]
        assert req["seat"] == "allies" and req["requested_by"] == "axis"
        assert req["may_accept"] is (seat == "allies") and req["mine"] is (seat == "axis")
        assert any(
            e["kind"] == "reissue_requested" and "axis asked for a new invitation" in e["text"]
            for e in view["seat_events"]
        )
    # allies was seen after the request: the waiting period no longer runs
    assert table.get("axis", "/seats").json()["requests"][0]["status"] == "kept"
    assert table.get("axis", "/view").json()["reissues"][0]["due_at"] is None
    clock.advance(days=3)
    refused = _claim_code(db_client, table.id, asked["code"])
    assert refused.status_code == 409 and refused.json()["clause"] == "TABLE-SEAT-5"
    assert table.get("allies", "/view").status_code == 200
    # nor can axis accept for allies
    res = table.post("axis", f"/reissues/{asked['request']}", {"accept": True})
    assert res.status_code == 403 and res.json()["clause"] == "TABLE-SEAT-3"
    # allies declines: the invitation is spent for good
    res = table.post("allies", f"/reissues/{asked['request']}", {"accept": False})
    assert res.json()["status"] == "declined"
    refused = _claim_code(db_client, table.id, asked["code"])
    assert refused.status_code == 409 and refused.json()["clause"] == "TABLE-SEAT-2"
    assert any(e["kind"] == "reissue_declined" for e in _events(table, "axis"))


def test_the_holders_yes_moves_the_seat_and_every_seat_sees_it(db_client: TestClient) -> None:
    table = Table(db_client)
    old = table.tokens["allies"]
    ticket = table.post("allies", "/ticket", None).json()["ticket"]
    table.act("allies", {"type": "buy", "kind": CATALOGUE["allies"][0], "hex": "1,0"})
    asked = table.post("axis", "/invitations", {"seat": "allies"}).json()
    res = table.post("allies", f"/reissues/{asked['request']}", {"accept": True})
    assert res.status_code == 200 and res.json()["status"] == "completed"
    # the holder's token and its stream tickets stop working at once
    assert table.get("allies", "/view").status_code == 403
    stream = db_client.get(
        f"/api/tables/{table.id}/events", params={"ticket": ticket, "max_events": 1}
    )
    assert stream.status_code == 403
    (done,) = [e for e in _events(table, "axis") if e["kind"] == "reissued"]
    assert (
        done["text"] == "the allies seat was reissued at entry 1 on axis's request (allies agreed)"
    )
    assert done["at_entry"] == 1
    # the invitation now opens the seat, once, with a new recovery secret
    fresh = _claim_code(db_client, table.id, asked["code"])
    assert fresh.status_code == 200, fresh.text
    assert fresh.json()["token"] != old and fresh.json()["recovery"]
    assert _claim_code(db_client, table.id, asked["code"]).status_code == 409
    status = table.get("axis", "/seats").json()["seats"]
    allies = next(s for s in status if s["seat"] == "allies")
    assert allies["held"] and allies["reissued_by"] == {"axis": 1}


def test_an_absent_holders_seat_is_reissued_only_after_the_waiting_period(
    db_client: TestClient, clock: FakeClock
) -> None:
    body = {"game": "secrets", "settings": {}, "seat": "axis", "reissue_wait_minutes": 120}
    created = db_client.post("/api/tables", json=body).json()
    gid, axis = created["game_id"], created["token"]
    allies = _claim_code(db_client, gid, created["invitations"][0]["code"]).json()["token"]
    h = {"Authorization": f"Bearer {axis}"}
    asked = db_client.post(f"/api/tables/{gid}/invitations", json={"seat": "allies"}, headers=h)
    assert asked.status_code == 202
    code = asked.json()["code"]
    assert asked.json()["due_at"] == "2026-12-01T14:00:00+00:00"
    clock.advance(minutes=119)
    assert _claim_code(db_client, gid, code).status_code == 409  # not yet
    clock.advance(minutes=1)
    # the period ran out with no request from allies: announced to every seat at once
    view = db_client.get(f"/api/tables/{gid}/view", headers=h).json()
    assert view["reissues"] == []
    assert view["seat_events"][-1]["text"] == (
        "the allies seat was reissued at entry 0 on axis's request (allies made no request for 2 h)"
    )
    late = db_client.get(f"/api/tables/{gid}/view", headers={"Authorization": f"Bearer {allies}"})
    assert late.status_code == 403  # its token went with the seat
    assert _claim_code(db_client, gid, code).status_code == 200


def test_any_request_of_the_holder_stops_the_waiting_period(
    db_client: TestClient, clock: FakeClock
) -> None:
    table = Table(db_client)
    asked = table.post("axis", "/invitations", {"seat": "allies"}).json()
    clock.advance(hours=23)
    assert table.get("allies", "/log").status_code == 200  # any authenticated request
    clock.advance(hours=2)
    assert _claim_code(db_client, table.id, asked["code"]).status_code == 409
    assert table.get("allies", "/view").status_code == 200


def test_the_holder_alone_moves_its_seat_with_its_recovery_secret(db_client: TestClient) -> None:
    created = db_client.post(
        "/api/tables", json={"game": "secrets", "settings": {}, "seat": "axis"}
    ).json()
    gid = created["game_id"]
    claimed = _claim_code(db_client, gid, created["invitations"][0]["code"]).json()
    assert claimed["recovery"] and claimed["recovery"] != claimed["token"]
    assert created["recovery"]  # the creator's seat has one too
    url = f"/api/tables/{gid}/seats/allies/recover"
    # another secret (the creator's own, a made-up one) moves nothing
    for wrong in (created["recovery"], "x" * 32):
        res = db_client.post(url, json={"secret": wrong})
        assert res.status_code == 403 and res.json()["clause"] == "TABLE-SEAT-6"
    h_old = {"Authorization": f"Bearer {claimed['token']}"}
    assert db_client.get(f"/api/tables/{gid}/view", headers=h_old).status_code == 200
    moved = db_client.post(url, json={"secret": claimed["recovery"]})
    assert moved.status_code == 200, moved.text
    new = moved.json()
    assert new["seat"] == "allies" and new["link"] == f"/t/{gid}#seat={new['token']}"
    assert new["recovery"] != claimed["recovery"]  # rotated, shown once again
    assert db_client.get(f"/api/tables/{gid}/view", headers=h_old).status_code == 403
    h_new = {"Authorization": f"Bearer {new['token']}"}
    view = db_client.get(f"/api/tables/{gid}/view", headers=h_new).json()
    assert view["seat"] == "allies"
    assert view["seat_events"][-1]["kind"] == "recovered"
    # the old secret is spent
    assert db_client.post(url, json={"secret": claimed["recovery"]}).status_code == 403


def test_recovery_cancels_the_open_requests_for_the_seat(db_client: TestClient) -> None:
    created = db_client.post(
        "/api/tables", json={"game": "secrets", "settings": {}, "seat": "axis"}
    ).json()
    gid = created["game_id"]
    claimed = _claim_code(db_client, gid, created["invitations"][0]["code"]).json()
    h = {"Authorization": f"Bearer {created['token']}"}
    asked = db_client.post(f"/api/tables/{gid}/invitations", json={"seat": "allies"}, headers=h)
    url = f"/api/tables/{gid}/seats/allies/recover"
    assert db_client.post(url, json={"secret": claimed["recovery"]}).status_code == 200
    assert db_client.get(f"/api/tables/{gid}/seats", headers=h).json()["requests"] == []
    refused = _claim_code(db_client, gid, asked.json()["code"])
    assert refused.status_code == 409 and refused.json()["clause"] == "TABLE-SEAT-2"


def test_the_creator_cannot_quietly_claim_an_invitation_meant_for_another(
    db_client: TestClient, clock: FakeClock
) -> None:
    """TABLE-SEAT-4: a claim with a token of the same table is refused; a claim without
    one is shown to every seat with its time and that it came from the creator's address."""
    created = db_client.post(
        "/api/tables", json={"game": "secrets", "settings": {}, "seat": "axis"}
    ).json()
    gid, code = created["game_id"], created["invitations"][0]["code"]
    refused = _claim_code(db_client, gid, code, token=created["token"])
    assert refused.status_code == 403 and refused.json()["clause"] == "TABLE-SEAT-4"
    clock.advance(minutes=5)
    taken = _claim_code(db_client, gid, code)  # the same machine, without its token
    assert taken.status_code == 200
    h = {"Authorization": f"Bearer {created['token']}"}
    status = {
        s["seat"]: s for s in db_client.get(f"/api/tables/{gid}/seats", headers=h).json()["seats"]
    }
    assert status["allies"]["claimed_at"] == "2026-12-01T12:05:00+00:00"
    assert status["allies"]["same_address_as"] == ["axis"]
    h2 = {"Authorization": f"Bearer {taken.json()['token']}"}
    for headers in (h, h2):
        last = db_client.get(f"/api/tables/{gid}/view", headers=headers).json()["seat_events"][-1]
        assert last["kind"] == "claimed" and last["at"] == "2026-12-01T12:05:00+00:00"
        assert last["text"] == "allies claimed its seat (entry 0), from the same address as axis"


def test_a_seat_nobody_holds_gets_its_new_invitation_at_once(db_client: TestClient) -> None:
    """Nobody to ask: the creator lost the invitation before passing it on."""
    created = db_client.post(
        "/api/tables", json={"game": "secrets", "settings": {}, "seat": "axis"}
    ).json()
    gid, first = created["game_id"], created["invitations"][0]["code"]
    h = {"Authorization": f"Bearer {created['token']}"}
    res = db_client.post(f"/api/tables/{gid}/invitations", json={"seat": "allies"}, headers=h)
    assert res.status_code == 201 and res.json()["usable"] is True
    assert _claim_code(db_client, gid, first).status_code == 409  # the lost one is void
    assert _claim_code(db_client, gid, res.json()["code"]).status_code == 200
    kinds = [
        e["kind"] for e in db_client.get(f"/api/tables/{gid}/view", headers=h).json()["seat_events"]
    ]
    assert kinds == ["claimed", "invited", "claimed"]


def test_the_stream_carries_the_newest_seat_event(db_client: TestClient) -> None:
    table = Table(db_client)
    ticket = table.post("allies", "/ticket", None).json()["ticket"]
    table.post("axis", "/invitations", {"seat": "allies"})
    newest = _events(table, "axis")[-1]["id"]
    with db_client.stream(
        "GET", f"/api/tables/{table.id}/events", params={"ticket": ticket, "max_events": 1}
    ) as stream:
        text = "".join(stream.iter_text())
    assert f'"seats": {newest}' in text


def test_a_waiting_period_out_of_bounds_is_refused(db_client: TestClient) -> None:
    for minutes in (0, 60 * 24 * 31):
        body = {"game": "secrets", "settings": {}, "reissue_wait_minutes": minutes}
        res = db_client.post("/api/tables", json=body)
        assert res.status_code == 422 and res.json()["field"] == "reissue_wait_minutes"
