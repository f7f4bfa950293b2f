"""Seats that belong to their players (TABLE-SEAT-1..3), on SQLite and PostgreSQL.

* the creator gets its own token and one invitation per other seat, never
  another seat's token; after the claim the creator's token reads only its
  own view (TABLE-SEAT-1);
* an invitation is claimed once: a second claim, or the second of two
  concurrent claims, is refused and changes nothing (TABLE-SEAT-2);
* a lost link is reissued only by another seat, which revokes the old token
  and its stream tickets (TABLE-SEAT-3); a seat may replace its own token.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from ordnance.server.app import create_app
from ordnance.server.models import InvitationRow, SeatRow
from tests.server.conftest import Table, claim, fresh_pg_db
from tests.server.secret_game import CATALOGUE


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "sqlite":
        url: str = str(tmp_path / "seats.db")
    else:
        url = fresh_pg_db(request.getfixturevalue("pg_url"))
    app = create_app(url, heartbeat=0.2)
    with TestClient(app) as c:
        yield c
    app.state.service.journal.close()


def _create(client: TestClient, seat: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "secrets", "settings": {}}
    if seat is not None:
        body["seat"] = seat
    res = client.post("/api/tables", json=body)
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    return data


def _h(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_creator_gets_its_seat_and_an_invitation_not_the_other_token(
    db_client: TestClient,
) -> None:
    """TABLE-SEAT-1: the creator never receives the other seat's token and cannot read its view."""
    created = _create(db_client, seat="axis")
    gid = created["game_id"]
    assert created["seat"] == "axis"
    assert created["link"] == f"/t/{gid}#seat={created['token']}"
    assert [i["seat"] for i in created["invitations"]] == ["allies"]
    invitation = created["invitations"][0]
    assert invitation["link"] == f"/join/{gid}#invite={invitation['code']}"
    # before the claim the invitation opens nothing
    assert (
        db_client.get(f"/api/tables/{gid}/view", headers=_h(invitation["code"])).status_code == 403
    )

    allies = claim(db_client, invitation["link"])
    assert allies["seat"] == "allies"
    assert allies["token"] not in str(created)  # the creator never had it
    # the allies buy a face-down token; the creator's token sees axis only
    secret = CATALOGUE["allies"][0]
    res = db_client.post(
        f"/api/tables/{gid}/actions",
        json={"action": {"type": "buy", "kind": secret, "hex": "1,0"}, "expected_version": 0},
        headers=_h(allies["token"]),
    )
    assert res.status_code == 200, res.text
    mine = db_client.get(f"/api/tables/{gid}/view", headers=_h(created["token"])).json()
    assert mine["seat"] == "axis" and secret not in str(mine)
    assert secret in str(
        db_client.get(f"/api/tables/{gid}/view", headers=_h(allies["token"])).json()
    )
    # nor can it act as the allies
    res = db_client.post(
        f"/api/tables/{gid}/actions",
        json={"action": {"type": "end_phase", "side": "allies"}, "expected_version": 1},
        headers=_h(created["token"]),
    )
    assert res.status_code == 403
    # the database holds hashes only
    with db_client.app.state.service.journal.reading() as s:  # type: ignore[attr-defined]
        stored = {r.token_hash for r in s.scalars(select(SeatRow)).all()}
        codes = {r.code_hash for r in s.scalars(select(InvitationRow)).all()}
    assert allies["token"] not in stored and created["token"] not in stored
    assert invitation["code"] not in codes and len(codes) == 1


def test_an_invitation_is_claimed_once(db_client: TestClient) -> None:
    """TABLE-SEAT-2: the second claim is refused (409) and the first token keeps working."""
    created = _create(db_client)
    link = created["invitations"][0]["link"]
    first = claim(db_client, link)
    gid = created["game_id"]
    code = link.split("#invite=")[1]
    again = db_client.post(f"/api/tables/{gid}/claim", json={"invitation": code})
    assert again.status_code == 409
    assert again.json()["clause"] == "TABLE-SEAT-2"
    assert "token" not in again.json()
    view = db_client.get(f"/api/tables/{gid}/view", headers=_h(first["token"]))
    assert view.status_code == 200 and view.json()["seat"] == "axis"
    # an unknown code, or the code of another table: 404
    other = _create(db_client)
    res = db_client.post(
        f"/api/tables/{gid}/claim",
        json={"invitation": other["invitations"][0]["code"]},
    )
    assert res.status_code == 404 and res.json()["clause"] == "TABLE-SEAT-1"


def test_two_concurrent_claims_exactly_one_wins(db_client: TestClient) -> None:
    """TABLE-SEAT-2 under a race: eight claims of one invitation at once, one 200."""
    created = _create(db_client)
    gid = created["game_id"]
    code = created["invitations"][0]["code"]
    start = threading.Barrier(8)

    def attempt(_i: int) -> tuple[int, str | None]:
        start.wait()
        res = db_client.post(f"/api/tables/{gid}/claim", json={"invitation": code})
        return res.status_code, res.json().get("token")

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(attempt, range(8)))
    codes = sorted(c for c, _t in results)
    assert codes == [200] + [409] * 7
    winner = next(t for c, t in results if c == 200)
    assert winner is not None
    res = db_client.get(f"/api/tables/{gid}/view", headers=_h(winner))
    assert res.json()["seat"] == "axis"


def test_reissue_revokes_the_lost_token_and_its_tickets(db_client: TestClient) -> None:
    """TABLE-SEAT-3: another seat asks for a new invitation; once the holder agrees
    (tests/server/test_seat_recovery.py: or stays away), the old token and ticket stop
    working and the new invitation opens the seat."""
    table = Table(db_client)
    old = table.tokens["axis"]
    ticket = table.post("axis", "/ticket", None).json()["ticket"]
    # a seat cannot reissue its own link (it could be anyone holding a stolen one)
    res = table.post("axis", "/invitations", {"seat": "axis"})
    assert res.status_code == 403 and res.json()["clause"] == "TABLE-SEAT-3"
    res = table.post("allies", "/invitations", {"seat": "axis"})
    assert res.status_code == 202, res.text  # axis holds its seat: it is asked
    link, request = res.json()["link"], res.json()["request"]
    assert table.post("axis", f"/reissues/{request}", {"accept": True}).status_code == 200
    assert table.get("axis", "/view").status_code == 403  # revoked at once
    events = db_client.get(
        f"/api/tables/{table.id}/events", params={"ticket": ticket, "max_events": 1}
    )
    assert events.status_code == 403
    status = table.get("allies", "/seats").json()["seats"]
    assert [(s["seat"], s["held"], s["reissued"], s["reissued_by"]) for s in status] == [
        ("allies", True, 0, {}),
        ("axis", False, 1, {"allies": 1}),
    ]
    fresh = claim(db_client, link)
    assert fresh["seat"] == "axis" and fresh["token"] != old
    assert (
        db_client.get(f"/api/tables/{table.id}/view", headers=_h(fresh["token"])).status_code == 200
    )
    assert db_client.get(f"/api/tables/{table.id}/view", headers=_h(old)).status_code == 403
    # a second request replaces the first, still open, one
    first = table.post("allies", "/invitations", {"seat": "axis"}).json()["code"]
    second = table.post("allies", "/invitations", {"seat": "axis"}).json()
    assert (
        db_client.post(f"/api/tables/{table.id}/claim", json={"invitation": first}).status_code
        == 409
    )
    new_axis = {"Authorization": f"Bearer {fresh['token']}"}
    db_client.post(
        f"/api/tables/{table.id}/reissues/{second['request']}",
        json={"accept": True},
        headers=new_axis,
    )
    assert (
        db_client.post(
            f"/api/tables/{table.id}/claim", json={"invitation": second["code"]}
        ).status_code
        == 200
    )


def test_a_seat_replaces_its_own_token(db_client: TestClient) -> None:
    table = Table(db_client)
    old = table.tokens["allies"]
    res = table.post("allies", "/token", None)
    assert res.status_code == 200
    new = res.json()["token"]
    assert new != old
    assert db_client.get(f"/api/tables/{table.id}/view", headers=_h(old)).status_code == 403
    assert db_client.get(f"/api/tables/{table.id}/view", headers=_h(new)).json()["seat"] == "allies"


def test_a_seat_name_with_a_dot_opens_its_stream(db_client: TestClient) -> None:
    """The ticket encodes the seat, so a '.' in a seat name no longer breaks it."""
    sides = {"1st.inf": "american", "soviet": "soviet"}
    res = db_client.post("/api/tables", json={"game": "waw", "settings": {"sides": sides}})
    assert res.status_code == 201, res.text
    data = res.json()
    assert data["seat"] == "1st.inf"
    gid = data["game_id"]
    ticket = db_client.post(f"/api/tables/{gid}/ticket", headers=_h(data["token"])).json()["ticket"]
    with db_client.stream(
        "GET", f"/api/tables/{gid}/events", params={"ticket": ticket, "max_events": 1}
    ) as stream:
        assert stream.status_code == 200
        assert '"version": 0' in "".join(stream.iter_text())


def test_creator_seat_must_exist(db_client: TestClient) -> None:
    res = db_client.post("/api/tables", json={"game": "secrets", "settings": {}, "seat": "nobody"})
    assert res.status_code == 422 and res.json()["field"] == "seat"


def test_a_failed_creation_leaves_no_game_row(db_client: TestClient) -> None:
    """The game row, seats and invitations are one transaction: a failing insert
    (here two seats of one name, refused by the unique constraint) writes nothing."""
    from sqlalchemy import func
    from sqlalchemy.exc import IntegrityError

    from ordnance.core.journal.models import GameRow
    from ordnance.server import seats

    journal = db_client.app.state.service.journal  # type: ignore[attr-defined]
    with pytest.raises(IntegrityError):
        seats.create_table(
            journal,
            game_name="secrets",
            rules_version=1,
            settings={},
            seats=["allies", "axis", "axis"],
            creator="allies",
            game_id="orphan",
        )
    with journal.reading() as s:
        assert s.get(GameRow, "orphan") is None
        assert s.scalar(select(func.count()).select_from(SeatRow)) == 0
        assert s.scalar(select(func.count()).select_from(InvitationRow)) == 0


def test_modules_name_the_default_seats(tmp_path: Path) -> None:
    app = create_app(tmp_path / "m.db")
    with TestClient(app) as client:
        games = {g["name"]: g for g in client.get("/api/modules").json()["games"]}
        assert games["secrets"]["seats"] == ["allies", "axis"]  # the lobby's seat choice
        assert 'id="seat"' in client.get("/").text


@pytest.mark.parametrize("db", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_migration_0003_keeps_existing_seats(
    db: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """A table made before 0003 keeps its seat tokens; a seat may then wait for its claim."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine, text

    from ordnance.core.journal.store import MIGRATIONS, database_url
    from ordnance.server import seats

    url = (
        database_url(tmp_path / "old.db")
        if db == "sqlite"
        else fresh_pg_db(request.getfixturevalue("pg_url"))
    )
    engine = create_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
        conn.execute(
            text(
                "INSERT INTO games (id, game, rules_version, settings, version, created_at) "
                "VALUES ('old', 'secrets', 1, '{}', 0, CURRENT_TIMESTAMP)"
            )
        )
        conn.execute(
            text(
                "INSERT INTO seats (game_id, seat, token_hash, created_at) "
                "VALUES ('old', 'allies', :h, CURRENT_TIMESTAMP)"
            ),
            {"h": seats.token_hash("a" * 32)},
        )
    engine.dispose()
    app = create_app(url)  # migrates to the head
    with TestClient(app) as client:
        journal = app.state.service.journal
        assert seats.seat_for(journal, "old", "a" * 32) == "allies"
        asked = seats.reissue(journal, "old", "axis", "allies")  # allies holds it: a request
        assert asked.status == "pending" and asked.request is not None
        assert seats.answer(journal, "old", "allies", asked.request, True) == "completed"
        assert seats.seat_for(journal, "old", "a" * 32) is None
        assert seats.claim(journal, "old", asked.code)[0] == "allies"
        assert client.get("/api/health").status_code == 200
    journal.close()
