"""Seat events in the journal: ``GET /log`` pages carry the seat events at their entries.

Issue 22 asks that a reissued seat be marked "in the journal and the view for
everyone": each page of ``/log`` lists, in ``seat_events``, the seat events whose
``at_entry`` falls in the page's range (kind ``"seat"``, the same for every seat),
and a seat event moves no version. Clauses: none (the table's frame).
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import Table
from tests.server.secret_game import CATALOGUE

REISSUED = "the allies seat was reissued at entry 2 on axis's request (allies agreed)"


def _reissued_at_two(client: TestClient) -> Table:
    table = Table(client)
    for _ in range(2):
        res = table.act("allies", {"type": "buy", "kind": CATALOGUE["allies"][0], "hex": "1,0"})
        assert res.status_code == 200, res.text
    asked = table.post("axis", "/invitations", {"seat": "allies"}).json()
    assert (
        table.post("allies", f"/reissues/{asked['request']}", {"accept": True}).status_code == 200
    )
    return table


def _seat_lines(page: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(e["kind"], e["at_entry"], e["event"]) for e in page["seat_events"]]


def test_a_log_page_carries_the_seat_events_at_its_entries(client: TestClient) -> None:
    table = _reissued_at_two(client)
    whole = table.get("axis", "/log").json()
    assert whole["version"] == 2  # a seat event is not an entry: no version moved
    assert [e["seq"] for e in whole["entries"]] == [1, 2]
    assert _seat_lines(whole) == [
        ("seat", 0, "claimed"),
        ("seat", 0, "claimed"),
        ("seat", 2, "reissue_requested"),
        ("seat", 2, "reissued"),
    ]
    assert whole["seat_events"][-1]["text"] == REISSUED
    # the same lines for the other seat (its holder's link moved: ask with the new one)
    view = table.get("axis", "/view").json()
    assert [e["text"] for e in view["seat_events"]][-1] == REISSUED
    assert [e["id"] for e in whole["seat_events"]] == [e["id"] for e in view["seat_events"]]
    # a page holds only the seat events at its own entries
    first = table.get("axis", "/log?limit=1&before=2").json()
    assert [e["seq"] for e in first["entries"]] == [1]
    assert _seat_lines(first) == [("seat", 0, "claimed"), ("seat", 0, "claimed")]
    after = table.get("axis", "/log?since=2").json()
    assert after["entries"] == [] and after["seat_events"] == []
    last = table.get("axis", "/log?since=1").json()
    assert _seat_lines(last) == [("seat", 2, "reissue_requested"), ("seat", 2, "reissued")]


def test_the_seat_lines_of_a_russian_log_are_russian(client: TestClient) -> None:
    table = _reissued_at_two(client)
    ru = table.get("axis", "/log?lang=ru").json()["seat_events"][-1]
    assert ru["text"] == (
        "Место стороны «allies» передано заново на записи 2 по запросу стороны «axis» "
        "(сторона «allies» согласилась)"
    )
    # the message a face words itself: the same in every language
    en = table.get("axis", "/log").json()["seat_events"][-1]
    assert ru["message"] == en["message"] and en["message"]["args"]["seat"] == "allies"
    seats_ru = table.get("axis", "/seats?lang=ru").json()["events"][-1]
    assert seats_ru["text"] == ru["text"]
