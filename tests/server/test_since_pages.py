"""A short page of entries read after a change is kept for the table's other seats.

After an action every seat's page reads the same new entries (``/since``); a
committed entry never changes, so the service keeps short pages
(``TableService._pages``, docs/server.md "Caches and their bounds") and the
second seat reads no journal row. Entries hold every seat's secrets, as the
journal does: each answer still shows its seat only its own part, whichever
seat's read filled the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event

from ordnance.server.service import SHORT_PAGE
from tests.server.conftest import Table

SECRET = "phosphorus-round"  # the allies' face-down token type (tests/server/secret_game.py)


@contextmanager
def journal_reads(client: TestClient) -> Iterator[list[str]]:
    engine = client.app.state.service.journal.engine  # type: ignore[attr-defined]
    seen: list[str] = []

    def hook(_c: Any, _cur: Any, sql: str, *_a: Any) -> None:
        if re.search(r"\bFROM journal\b", sql):
            seen.append(sql)

    event.listen(engine, "before_cursor_execute", hook)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", hook)


def test_the_second_seat_reads_the_new_entry_from_the_kept_page_and_no_secret(
    client: TestClient,
) -> None:
    table = Table(client)
    bought = table.act("allies", {"type": "buy", "kind": SECRET, "hex": "1,0"})
    assert bought.status_code == 200, bought.text  # version 1: a face-down token
    assert table.act("allies", {"type": "end_phase"}).status_code == 200  # version 2
    with journal_reads(client) as first:
        mine = table.get("allies", "/since?version=0&dice_since=0")
    with journal_reads(client) as second:
        theirs = table.get("axis", "/since?version=0&dice_since=0")
    assert mine.status_code == theirs.status_code == 200
    assert first, "the first reader reads the entry from the journal"
    assert second == [], "the second reads the page the first one kept"
    assert [e["seq"] for e in mine.json()["log"]["entries"]] == [1, 2]
    assert [e["seq"] for e in theirs.json()["log"]["entries"]] == [1, 2]
    assert SECRET in mine.text  # the owner sees its token's type
    assert SECRET not in theirs.text  # the other seat never does, from the same page


def test_only_short_pages_are_kept(client: TestClient) -> None:
    table = Table(client)
    assert table.act("allies", {"type": "end_phase"}).status_code == 200  # the Attack Phase
    for _ in range(SHORT_PAGE):
        assert table.act("allies", {"type": "smoke", "hex": "2,0"}).status_code == 200
    service = client.app.state.service  # type: ignore[attr-defined]
    service._pages.clear()
    version = table.version()
    assert version > SHORT_PAGE
    assert table.get("allies", "/since?version=0").status_code == 200  # a long page
    assert table.get("allies", f"/since?version={version - 1}").status_code == 200
    kept = list(service._pages)
    assert kept == [(table.id, version, version)]
