"""A 390 px phone shows every panel within its width (Playwright, Debian's Chromium).

On each game's table, every panel (map, actions, odds, journal, view) keeps the
document no wider than the screen, each table of the view fits its card (words
wrap), and the board first scrolls so the pieces show: ASL's two Guns at C4 and
G5, more than a screen apart at the labels' 12 px, both in view. A click on the
enemy counter fills the ASL fire form's target from the counter (ASL-C7: the
target type; the range from the board).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server import table_pages as tp
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)
from tests.server.test_page_odds_labels import WAW_SETUP
from tests.server.test_page_play import asl_table

pytestmark = pytest.mark.browser

PANELS = ("map", "actions", "odds", "journal", "view")

#: The document's width, the window's, and each view table's right edge against its card's.
WIDTHS = """() => ({
  doc: document.documentElement.scrollWidth, win: window.innerWidth,
  tables: [...document.querySelectorAll("#view table.panel-table")].map((t) => [
    Math.round(t.getBoundingClientRect().right), Math.round(t.closest(".card").getBoundingClientRect().right)]),
})"""


def fits(page: Any) -> None:
    for panel in PANELS:
        tp.show_panel(page, panel)
        w = page.evaluate(WIDTHS)
        assert w["doc"] <= w["win"], (panel, w)
        if panel == "view":
            assert w["tables"] and all(right <= card for right, card in w["tables"]), w


def in_view(page: Any, unit: str) -> bool:
    """Whether ``unit``'s counter lies wholly inside the map box as it is scrolled."""
    inside: bool = page.evaluate(
        """(u) => { const b = document.getElementById("map").getBoundingClientRect();
          const r = document.querySelector(`#map [data-unit="${u}"]`).getBoundingClientRect();
          return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom; }""",
        unit,
    )
    return inside


def test_waw_phone_fits_its_width(server: str, browser: Any) -> None:  # noqa: F811
    api = tp.Api(server, "waw")
    for seat, action in WAW_SETUP:
        api.act(seat, action)
    ctx, page = tp.open_seat(browser, api, "soviet", tp.PHONE)
    try:
        fits(page)
    finally:
        ctx.close()


def test_toi_phone_fits_its_width(server: str, browser: Any) -> None:  # noqa: F811
    ctx, page = tp.open_seat(browser, tp.Api(server, "toi"), "german", tp.PHONE)
    try:
        fits(page)
    finally:
        ctx.close()


def test_asl_phone_shows_both_guns_and_aims_by_a_click(server: str, browser: Any) -> None:  # noqa: F811
    api = asl_table(server)
    ctx, page = tp.open_seat(browser, api, "russian", tp.PHONE)
    try:
        assert in_view(page, "t34") and in_view(page, "pz")
        fits(page)
        tp.click_piece(page, "t34")
        form = page.locator('details.action-box[data-type="fire"] form.action')
        tp.show_panel(page, "actions")
        expect(form).to_be_visible()
        tp.click_piece(page, "pz")
        tp.show_panel(page, "actions")
        expect(form.locator('select[name="target"] option:checked')).to_have_text("Vehicle")
        expect(form.locator('input[name="range"]')).to_have_value("4")
        expect(form.locator(".from-board")).to_contain_text(tp.printed(page, "6,1"))
    finally:
        ctx.close()


def test_asl_side_record_of_a_sample_fits_a_phone(server: str, browser: Any) -> None:  # noqa: F811
    """The Prokhorovka sample's side record (long gun names, ammunition notation such as
    APCR (A4^3^/5^4)) keeps every column inside the card at 390 px: nothing to scroll."""
    import httpx

    from tests.server.conftest import claim

    doc = httpx.get(f"{server}/api/scenarios/asl/kursk-printed-sample").json()["document"]
    with httpx.Client(base_url=server) as c:
        res = c.post("/api/tables", json={"game": "asl", "scenario": doc, "settings": {}})
        assert res.status_code == 201, res.text
        data = res.json()
        for invitation in data["invitations"]:
            claim(c, invitation["link"])
    api = tp.Api.__new__(tp.Api)
    api.base, api.id, api.tokens = server, data["game_id"], {data["seat"]: data["token"]}
    ctx, page = tp.open_seat(browser, api, data["seat"], tp.PHONE)
    try:
        fits(page)
        tp.show_panel(page, "view")
        over = page.evaluate(
            """() => [...document.querySelectorAll("#view .scroll-x")]
              .filter((b) => b.scrollWidth > b.clientWidth).length"""
        )
        assert over == 0
    finally:
        ctx.close()
