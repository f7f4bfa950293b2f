"""The requests a real page makes per accepted action (two browsers, Playwright).

Every request of both seats' pages to the table's API is counted from the moment
both pages are open (``page.on("request")``), action by action: a move (no dice,
no odds: the action, whose answer carries the German page's next view, and the
Soviet page's one ``POST /since``) and an attack whose roll waits for the other
seat's element (the odds first; the action, sent with ``wait_dice=1``, answered
once the roll is drawn with it in its ``next``; the awaited German page's one
``POST /since`` carrying its reveal, which draws the dice). docs/server.md, "What
the page fetches"; the dice protocol is ``ordnance-dice-v2`` unchanged
(TABLE-DICE-7: the element travels only for a committed action).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.server import table_pages as tp
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

#: The issue's goal: at most 3 requests per accepted action from the pages, for
#: every kind of action: a move 2, an attack that rolls 3 with its odds preview (4
#: before: the acting page read again once the notice said its roll was drawn).
MAX_REQUESTS = {"move": 2, "attack": 3}


def _anchored(api: tp.Api, seat: str) -> bool:
    res = httpx.get(
        f"{api.base}/api/tables/{api.id}/view",
        headers={"Authorization": "Bearer " + api.tokens[seat]},
        timeout=60,
    )
    return bool(res.json()["dice"]["chain"]["anchor"])


def test_a_turn_costs_the_pages_at_most_three_requests_per_action(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    api = tp.Api(server, "toi")
    gctx, german = tp.open_seat(browser, api, "german", tp.DESKTOP)
    sctx, soviet = tp.open_seat(browser, api, "soviet", tp.DESKTOP)
    sent: list[tuple[str, str, str]] = []
    marks: dict[str, int] = {}
    try:
        # the first load publishes each page's dice anchor before it shows its version
        assert _anchored(api, "german") and _anchored(api, "soviet")
        for seat, page in (("german", german), ("soviet", soviet)):
            page.on(
                "request",
                lambda r, seat=seat: (
                    sent.append((seat, r.method, r.url)) if "/api/" in r.url else None
                ),
            )
        # a move: the German's action (its answer carries its next view), the Soviet's read
        tp.click_piece(german, "g-pziv-1")
        form = tp.open_action(german, "move")
        tp.click_hex(german, "2,3")
        tp.do_it(german, form)
        tp.wait_version(soviet, 1)
        expect(german.locator('#journal li[value="1"]')).to_be_visible()
        marks["move"] = len(sent)
        # an attack that rolls: its odds, the action (answered once the roll is drawn),
        # the German's read with its reveal (which draws it)
        tp.click_piece(soviet, "s-t34-1")
        form = tp.open_action(soviet, "attack")
        tp.click_piece(soviet, "g-panther-1")
        expect(tp.see_odds(soviet).locator(".odds-table").first).to_be_visible()
        tp.do_it(soviet, form)
        tp.wait_version(german, 2)
        for page in (german, soviet):  # each page has checked the roll (its last request)
            expect(page.locator('#journal li[value="2"]')).to_have_attribute("data-dice", "ok")
        # the acting page shows the drawn entry from its action's answer
        expect(soviet.locator(".form-result.ok:visible").filter(has_text="✔").first).to_be_visible()
        marks["attack"] = len(sent)
        record = httpx.get(
            f"{api.base}/api/tables/{api.id}/dice",
            headers={"Authorization": "Bearer " + api.tokens["german"]},
            timeout=60,
        ).json()
        (roll,) = record["rolls"]
        assert all(roll["elements"][s] for s in ("german", "soviet"))  # both seats' secrets
    finally:
        gctx.close()
        sctx.close()

    def route(url: str) -> str:
        return url.split("/api/tables/")[-1].split("/", 1)[-1].split("?")[0]

    move = [(seat, method, route(url)) for seat, method, url in sent[: marks["move"]]]
    attack = [(seat, method, route(url)) for seat, method, url in sent[marks["move"] :]]
    assert len(sent) == marks["attack"], sent  # nothing more once both pages showed the roll
    assert Counter(move) == {("german", "POST", "actions"): 1, ("soviet", "POST", "since"): 1}
    assert Counter(attack) == {
        ("soviet", "POST", "odds"): 1,
        ("soviet", "POST", "actions"): 1,
        ("german", "POST", "since"): 1,  # carrying its reveal
    }, attack
    assert [url for _s, m, url in sent if m == "POST" and "/actions" in url] == [
        url for _s, m, url in sent if "wait_dice=1" in url
    ]
    assert len(move) <= MAX_REQUESTS["move"] and len(attack) <= MAX_REQUESTS["attack"]
