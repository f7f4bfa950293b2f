"""Every page, as a keyboard or screen-reader user meets it (Playwright, Debian's Chromium).

* axe-core (npm ``axe-core``, injected by the test alone) finds no serious or
  critical violation on the lobby, the join page, the three calculators with an
  answer drawn, and each game's table with a piece selected and its most likely
  action open: desktop, and on a phone every panel (map, actions, odds,
  journal, your view);
* ASL and World at War are played by keyboard alone, one action each (select a
  piece, pick its target, act), as Tide of Iron is in ``test_page_play.py``.

Every wait is a retrying Playwright ``expect``; no sleeps.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.server import table_pages as tp
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)
from tests.server.test_page_play import asl_table

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PANELS = ("map", "actions", "odds", "journal", "view")


def _axe(page: Any) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(
        """async () => {
          const r = await axe.run(document, { resultTypes: ['violations'] });
          return r.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
            .map((v) => v.id + ': ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '));
        }"""
    )
    return found


def waw_table(base: str) -> tp.Api:
    api = tp.Api(base, "waw")
    setup = [
        ("soviet", {"type": "place_unit", "id": "t72", "kind": "T-72", "side": "soviet", "hex": "5,1"}),
        ("us", {"type": "place_unit", "id": "abrams", "kind": "M1 Abrams", "side": "us", "hex": "2,2"}),
    ]  # fmt: skip
    for seat, action in setup:
        api.act(seat, action)
    return api


#: each game's table: the set-up, the seat, the piece it selects
TABLES = {
    "toi": (lambda base: tp.Api(base, "toi"), "german", "g-pziv-1"),
    "waw": (waw_table, "soviet", "t72"),
    "asl": (lambda base: asl_table(base, "server"), "russian", "t34"),
}


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is installed by `npm ci` (make test)")
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_axe_finds_no_serious_violation_on_any_page(server: str, browser: Any, size: str) -> None:  # noqa: F811
    viewport = tp.DESKTOP if size == "desktop" else tp.PHONE
    # axe is injected as a script of the test's own: the page's CSP is bypassed for it alone
    ctx = browser.new_context(
        viewport=viewport, bypass_csp=True, is_mobile=size == "phone", has_touch=True
    )
    problems: dict[str, list[str]] = {}
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        expect(page.locator("#create-button")).to_be_visible()
        problems["lobby"] = _axe(page)
        created = httpx.post(server + "/api/tables", json={"game": "toi"}).json()
        page.goto(server + "/join/" + created["game_id"] + "#invite=spent-or-wrong")
        expect(page.locator("#join-error")).not_to_be_empty()
        problems["join"] = _axe(page)
        for game in ("asl", "toi", "waw"):
            page.goto(f"{server}/calc/{game}")
            page.locator("#calc-ask").click()
            expect(page.locator("#calc-answer h2")).not_to_be_empty()
            problems["calc/" + game] = _axe(page)
        for game, (make, seat, piece) in TABLES.items():
            api = make(server)
            page.goto(api.url(seat))
            expect(page.locator("#map svg.hexmap")).to_be_attached()
            expect(page.locator("body")).to_have_attribute(
                "data-version", str(api.view(seat)["version"])
            )
            problems[game] = _axe(page)
            tp.click_piece(page, piece)
            expect(page.locator("#selected-piece")).to_be_attached()
            expect(page.locator("details.action-box[open] form.action")).to_have_count(1)
            if size == "desktop":
                problems[game + " (a piece selected)"] = _axe(page)
                continue
            for panel in PANELS:
                tp.show_panel(page, panel)
                expect(page.locator(f'#panel-tabs [data-panel="{panel}"]')).to_have_attribute(
                    "aria-pressed", "true"
                )
                problems[f"{game} ({panel} panel)"] = _axe(page)
    finally:
        ctx.close()
    assert {k: v for k, v in problems.items() if v} == {}


def _tab_to(page: Any, css: str, limit: int = 600) -> None:
    """Press Tab until the element matching ``css`` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(
            f"() => !!document.activeElement && document.activeElement.matches({css!r})"
        ):
            return
    raise AssertionError("Tab never reached " + css)


def test_asl_fire_by_keyboard_alone(server: str, browser: Any) -> None:  # noqa: F811
    """The T-34/85 fires AP at the PzKpfw IVH: Tab, Enter and typed digits only."""
    api = asl_table(server, "server")
    ctx, page = tp.open_seat(browser, api, "russian", tp.DESKTOP)
    try:
        start = tp.version(page)
        _tab_to(page, '#map [data-unit="t34"]')
        page.keyboard.press("Enter")
        expect(page.locator("#selected-piece")).to_contain_text("T-34/85")
        form = page.locator('details.action-box[data-type="fire"] form.action')
        expect(form).to_be_visible()  # the Gun's most likely action, open
        page.locator("#map").focus()
        _tab_to(page, '#map [data-unit="pz"]')
        page.keyboard.press("Enter")
        # the board answers the range, the counter the target type: nothing typed
        expect(form.locator('input[name="range"]')).to_have_value("4")
        expect(form.locator('select[name="target"] option:checked')).to_have_text("Vehicle")
        expect(page.locator("#selected-piece")).to_contain_text("T-34/85")  # still the firer's
        _tab_to(page, 'details.action-box[data-type="fire"] input[name="af"]')
        page.keyboard.type("8")
        _tab_to(page, 'details.action-box[data-type="fire"] button[type="submit"]')
        page.keyboard.press("Enter")
        tp.wait_version(page, start + 1)
        # by its form, or on top of the actions when the shot took the form away (a
        # malfunction on 12: the dice are rolled on the server)
        result = page.locator("#actions .form-result.ok")
        expect(result).to_contain_text("T-34/85")
        expect(result).not_to_contain_text(re.compile(r"\bt34\b"))
    finally:
        ctx.close()


def test_waw_fire_by_keyboard_alone(server: str, browser: Any) -> None:  # noqa: F811
    """The T-72 fires AP at the Abrams: Tab, Enter and arrow keys only."""
    api = waw_table(server)
    ctx, page = tp.open_seat(browser, api, "soviet", tp.DESKTOP)
    try:
        start = tp.version(page)
        _tab_to(page, '#map [data-unit="t72"]')
        page.keyboard.press("Enter")
        expect(page.locator("#selected-piece")).to_contain_text("T-72")
        form = page.locator('details.action-box[data-type="fire"] form.action')
        expect(form).to_be_visible()
        page.locator("#map").focus()
        _tab_to(page, '#map [data-unit="abrams"]')
        page.keyboard.press("Enter")
        expect(form.locator('input[name="target"]')).to_have_value(tp.printed(page, "2,2"))
        _tab_to(page, 'details.action-box[data-type="fire"] select[name="weapon"]')
        chosen = form.locator('select[name="weapon"] option:checked')
        for _ in range(form.locator('select[name="weapon"] option').count()):
            if chosen.inner_text() == "AP (anti-armour)":
                break
            page.keyboard.press("ArrowDown")
        expect(chosen).to_have_text("AP (anti-armour)")
        _tab_to(page, 'details.action-box[data-type="fire"] button[type="submit"]')
        page.keyboard.press("Enter")
        tp.wait_version(page, start + 1)
        # by its form, or on top of the actions when the shot took the form away (a
        # malfunction on 12: the dice are rolled on the server)
        result = page.locator("#actions .form-result.ok")
        expect(result).to_contain_text("T-72 fires AP")
        expect(result).not_to_contain_text(re.compile(r"\bt72\b"))
        journal = page.locator("#journal li").first  # the journal names counters too
        expect(journal).to_contain_text("T-72 fires AP")
        expect(journal).not_to_contain_text(re.compile(r"\bt72\b|\babrams\b"))
    finally:
        ctx.close()
