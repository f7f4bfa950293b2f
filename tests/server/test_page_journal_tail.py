"""A page joining a long table reads the journal's tail, and older entries on demand.

Clauses: TABLE-UNDO-1 (an undone entry is shown undone, whether it was read
before or after the undo), TABLE-DICE-4 (the rolls shown are recomputed from
their whole chains; later checks ask only for the rolls after the last one).
Playwright on Debian's Chromium at a phone's size, real clicks, retrying
``expect`` only.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from ordnance.bench.journal import page_tail
from tests.server import table_pages as tp
from tests.server.conftest import http_table
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

#: static/table/journal.js JOURNAL_TAIL, as the benchmark reads it
TAIL = page_tail()
#: entries before the page opens: a tail and 40 older ones
LAST = TAIL + 40
ATTACK = {"type": "attack", "dice": 2, "target": "2,0"}


class _Table:
    def __init__(self, base: str) -> None:
        self.base = base
        self.id, self.tokens = http_table(base, "secrets")
        self.http = httpx.Client(base_url=f"{base}/api/tables/{self.id}", timeout=60)
        self.version = 0

    def post(self, seat: str, path: str, body: dict[str, Any]) -> Any:
        res = self.http.post(
            path, json=body, headers={"Authorization": "Bearer " + self.tokens[seat]}
        )
        assert res.status_code in (200, 201), res.text
        return res.json()

    def act(self, action: dict[str, Any]) -> None:
        self.post("allies", "/actions", {"action": action, "expected_version": self.version})
        self.version += 1

    def undo(self) -> None:
        """The allies ask to undo the last action, the axis agree (TABLE-UNDO-1)."""
        rid = self.post("allies", "/undo", {"expected_version": self.version})["request"]
        self.post("axis", f"/undo/{rid}", {"accept": True})
        self.version += 1


def _reads(sent: list[tuple[str, str | None]]) -> list[tuple[int | None, int | None]]:
    """The page's reads (``POST /since``): the last entry it held, the last version
    whose rolls it had checked."""
    out = []
    for url, body in sent:
        if re.search(r"/since(\?|$)", url) and body:
            data = json.loads(body)
            out.append((data.get("version"), data.get("dice_since")))
    return out


def _runs(reads: list[tuple[int | None, int | None]]) -> list[tuple[int | None, int | None]]:
    """``reads`` with each run of equal reads kept once (the order the page read in)."""
    return [r for i, r in enumerate(reads) if i == 0 or reads[i - 1] != r]


def _since(urls: list[str], path: str) -> list[int | None]:
    out: list[int | None] = []
    for u in urls:
        if re.search(rf"/{path}(\?|$)", u):
            m = re.search(r"[?&]since=(\d+)", u)
            out.append(int(m.group(1)) if m else None)
    return out


def test_a_long_table_opens_on_its_tail_and_loads_older_entries(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    table = _Table(server)
    table.act({"type": "end_phase"})  # 1: the attack phase
    for _ in range(8):
        table.act(ATTACK)  # 2..9
    table.undo()  # 10 undoes 9
    while table.version < LAST:
        table.act(ATTACK)  # 11..LAST
    first = table.version - TAIL

    ctx = browser.new_context(viewport=tp.PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    urls: list[str] = []
    sent: list[tuple[str, str | None]] = []
    errors: list[str] = []
    page.on("request", lambda r: (urls.append(r.url), sent.append((r.url, r.post_data))))
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server}/t/{table.id}?lang=en#seat={table.tokens['allies']}")
        tp.wait_version(page, LAST)
        journal = page.locator("#journal li")
        expect(journal).to_have_count(TAIL)
        expect(journal.first).to_have_attribute("value", str(LAST))
        expect(journal.last).to_have_attribute("value", str(first + 1))
        # the first load: one read answers the tail of the journal and the dice of that
        # tail (the server's page of JOURNAL_TAIL entries), nothing whole
        assert _reads(sent) == [(None, None)], sent
        assert _since(urls, "log") == [] and _since(urls, "dice") == [], urls
        expect(page.locator("#verify-summary")).to_contain_text(f"({TAIL})")
        expect(page.locator(f'#journal li[value="{LAST}"]')).to_have_attribute("data-dice", "ok")

        # an undo while the page is open: the held entry is marked from `undone_before`
        table.undo()  # LAST + 1 undoes LAST
        tp.wait_version(page, LAST + 1)
        expect(page.locator(f'#journal li[value="{LAST}"]')).to_have_class(
            re.compile(r"\bundone\b")
        )
        expect(journal).to_have_count(TAIL + 1)
        # one read from the last version held; a second at most, when the page read the
        # undo's request (its notice keeps the version) before the answer came
        assert _runs(_reads(sent)) == [(None, None), (LAST, LAST)], sent
        assert _reads(sent).count((LAST, LAST)) <= 2, sent
        expect(page.locator("#verify-summary")).to_contain_text(f"({TAIL})")  # kept
        # a new roll: only it is read and checked, the earlier checks stay
        table.act(ATTACK)  # LAST + 2
        tp.wait_version(page, LAST + 2)
        expect(page.locator("#verify-summary")).to_contain_text(f"({TAIL + 1})")
        expect(page.locator(f'#journal li[value="{LAST + 2}"]')).to_have_attribute(
            "data-dice", "ok"
        )
        expect(page.locator(f'#journal li[value="{first + 1}"]')).to_have_attribute(
            "data-dice", "ok"
        )
        assert _runs(_reads(sent)) == [(None, None), (LAST, LAST), (LAST + 1, LAST + 1)], sent
        assert _reads(sent).count((LAST + 1, LAST + 1)) == 1, sent

        # older entries on demand, with a real click on the phone-sized page
        older = page.locator("#older-button")
        tp.show_panel(page, "journal")  # the phone shows one panel at a time
        expect(older).to_be_visible()
        older.click()
        expect(journal).to_have_count(LAST + 2)
        expect(older).to_be_hidden()
        assert _since(urls, "log")[-1] == 0
        # the older page: marked undone by the server, its rolls checked too
        expect(page.locator('#journal li[value="9"]')).to_have_class(re.compile(r"\bundone\b"))
        expect(page.locator('#journal li[value="8"]')).not_to_have_class(re.compile(r"\bundone\b"))
        expect(page.locator('#journal li[value="2"]')).to_have_attribute("data-dice", "ok")
        expect(page.locator('#journal li[value="1"]')).to_be_attached()
        # every roll of the table: 2..9 (9 undone, still rolled), 11..LAST, LAST + 2
        expect(page.locator("#verify-summary")).to_contain_text(f"({LAST - 1})")
        assert not errors, errors
    finally:
        ctx.close()
        table.http.close()
