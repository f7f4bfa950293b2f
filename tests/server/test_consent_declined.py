"""A declined consent request tells the seat that asked (TABLE-UNDO-2, CORE-CONSENT).

Declining writes no journal entry and keeps the version; the answer is recorded as
a seat event (``request_declined``) in the answer's transaction, so the asking seat's
view and journal say "<side> declined your undo of entry N" (live, and after any
reload), the other seats read the same fact in the third person, in English and
Russian, each side by its name.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import Table


def _declined(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e.get("kind") == "request_declined"]


def test_a_declined_undo_is_told_to_the_seat_that_asked(client: TestClient) -> None:
    """TABLE-UNDO-2: WaW, the US asks to undo its placement, the Soviets decline."""
    t = Table(client, "waw", {})
    place = {"type": "place_unit", "kind": "M1 Abrams", "side": "us", "hex": "2,2", "id": "abrams"}
    assert t.act("us", place).status_code == 200
    rid = t.post("us", "/undo", {"expected_version": 1}).json()["request"]
    assert _declined(t.get("us", "/view").json()["seat_events"]) == []
    res = t.post("soviet", f"/requests/{rid}", {"accept": False})
    assert res.status_code == 200 and res.json()["status"] == "declined"
    assert t.version("us") == 1  # no entry, same version

    (mine,) = _declined(t.get("us", "/view").json()["seat_events"])
    assert mine["seat"] == "us" and mine["by"] == "soviet" and mine["at_entry"] == 1
    assert mine["text"] == "Soviets declined your undo of entry 1"
    (theirs,) = _declined(t.get("soviet", "/view").json()["seat_events"])
    assert theirs["text"] == "Soviets declined the undo of entry 1 that Americans asked for"
    # the journal shows it under entry 1, in the reader's words, and in Russian
    log = t.get("us", "/log").json()["seat_events"]
    assert [e["text"] for e in _declined([{**e, "kind": e["event"]} for e in log])] == [
        "Soviets declined your undo of entry 1"
    ]
    ru = t.get("us", "/view?lang=ru").json()["seat_events"]
    (said,) = _declined(ru)
    assert "отклоняет вашу отмену записи 1" in said["text"] and "us" not in said["text"]
    seats = t.get("soviet", "/seats").json()["events"]
    assert _declined(seats)[0]["text"].startswith("Soviets declined the undo of entry 1")


def test_a_declined_action_request_names_what_it_would_have_done(client: TestClient) -> None:
    """CORE-CONSENT: a set_condition on the other side's unit, declined."""
    t = Table(client, "waw", {})
    place = {"type": "place_unit", "kind": "M1 Abrams", "side": "us", "hex": "2,2", "id": "abrams"}
    assert t.act("us", place).status_code == 200
    asked = t.act("soviet", {"type": "set_condition", "unit": "abrams", "condition": "reduced"})
    rid = asked.json()["pending"]["request"]
    assert t.post("us", f"/requests/{rid}", {"accept": False}).json()["status"] == "declined"
    (mine,) = _declined(t.get("soviet", "/view").json()["seat_events"])
    assert mine["text"].startswith("Americans declined your request: ")
    assert "reduced" in mine["text"] and "(Americans)" in mine["text"]
    (theirs,) = _declined(t.get("us", "/view").json()["seat_events"])
    assert theirs["text"].startswith("Americans declined the request of Soviets: ")
    # an accepted request records no such event
    again = t.act("soviet", {"type": "set_condition", "unit": "abrams", "condition": "reduced"})
    rid = again.json()["pending"]["request"]
    assert t.post("us", f"/requests/{rid}", {"accept": True}).json()["status"] == "accepted"
    assert len(_declined(t.get("soviet", "/view").json()["seat_events"])) == 1
