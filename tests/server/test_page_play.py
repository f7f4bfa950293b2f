"""The table page as players meet it (Playwright, Debian's Chromium, two contexts).

* the ASL whole shot: clicking the enemy counter fills the range from the board
  (hex distance) without closing the fire form; the odds panel heads with the
  chance to hit and to kill, lists every outcome, and charts AP against APCR;
* an entered-dice table asks for the dice (no "roll on the server"), and the
  server refuses a server roll there (TABLE-DICE-9); a required choice starts
  empty (WaW HE Fire's Hit Number); "Done with this step" has no dice control;
* the server down: a banner, the button back, the action kept and sent when the
  server answers again;
* the phone: every panel of every seat, with and without a piece selected, at
  most two screens, tap targets of 44 px;
* keyboard only: select a piece, pick its target, act (ToI; ASL, WaW and
  axe-core in ``test_page_accessibility.py``).

Every wait is a retrying Playwright ``expect`` or ``wait_for_function``; no sleeps.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.server import table_pages as tp
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def asl_table(base: str, dice: str = "entered") -> tp.Api:
    api = tp.Api(base, "asl", dice=dice)
    setup = [
        ("russian", {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85",
                     "notation": "s8", "gun_size": "85L", "hex": "2,2"}),
        ("german", {"type": "add_gun", "id": "pz", "side": "german", "name": "PzKpfw IVH",
                    "gun_size": "75L", "hex": "6,1"}),
        # the Rally Phase ends when both sides say done (ASL-B3): the russian's PFPh
        ("russian", {"type": "done"}),
        ("german", {"type": "done"}),
    ]  # fmt: skip
    for seat, action in setup:
        api.act(seat, action)
    return api


def test_asl_whole_shot_odds_and_chart_aimed_by_clicking(server: str, browser: Any) -> None:  # noqa: F811
    api = asl_table(server)
    rctx, russian = tp.open_seat(browser, api, "russian", tp.DESKTOP)
    gctx, german = tp.open_seat(browser, api, "german", tp.PHONE)
    try:
        tp.click_piece(russian, "t34")
        # the most likely action of a Gun comes first and opens by itself: fire
        types = russian.locator("details.action-box").evaluate_all(
            "ns => ns.map((n) => n.dataset.type)"
        )
        assert types[0] == "fire", types
        form = russian.locator('details.action-box[data-type="fire"] form.action')
        expect(form).to_be_visible()
        # players' words, not field names
        labels = form.locator(".lbl").all_inner_texts()
        assert "Armour Factor (front, hull)" in labels and "Af" not in labels, labels
        # clicking the enemy counter aims: the range comes from the board, the form stays open
        tp.click_piece(russian, "pz")
        expect(form.locator('input[name="range"]')).to_have_value("4")
        expect(form.locator(".from-board")).to_contain_text(tp.printed(russian, "6,1"))
        expect(russian.locator("#selected-piece")).to_contain_text("T-34/85")
        expect(form).to_be_visible()
        # the counter says what it is: the target type is filled, not chosen
        expect(form.locator('select[name="target"] option:checked')).to_have_text("Vehicle")
        form.locator('select[name="ammo"]').select_option(label="AP")
        form.locator('input[name="af"]').fill("8")
        odds = russian.locator("#odds")
        expect(odds.locator('[data-figure="p_hit"]')).to_have_text("91.7% (11/12)")
        expect(odds.locator('[data-figure="p_kill"]')).to_have_text("66.9% (289/432)")
        # the headline comes before the distribution of the depletion check
        order = odds.evaluate(
            "o => [...o.querySelectorAll('.odds-headline, .shot-outcomes, #odds-chart, .main-dist')].map((n) => n.className || n.id)"
        )
        assert order[0] == "odds-headline" and "main-dist" in order[-1], order
        expect(odds.locator(".shot-outcomes")).to_contain_text("eliminated")
        expect(odds.locator(".shot-outcomes")).to_contain_text("40/81")
        chart = odds.locator("#odds-chart")
        expect(chart.locator(".chart-row")).to_have_count(2)
        expect(chart.locator('[data-ammo="APCR"] [data-series="p_kill"]')).to_contain_text(
            "175/648"
        )
        expect(chart.locator('[data-ammo="AP"] [data-series="p_hit"]')).to_contain_text("11/12")
        # the title names the counter, not its id
        expect(odds.locator(".odds-title")).to_contain_text("T-34/85")
        expect(odds.locator(".odds-title")).not_to_contain_text("t34:")
        # an entered-dice table: the dice are typed in, there is no server roll to pick
        assert form.locator('select[name="__dice_mode"]').count() == 0
        expect(form.locator('input[name="__dice"]')).to_be_visible()
        form.locator('input[name="__dice"]').fill("3,2,4,1")  # To Hit DR, then To Kill DR
        tp.do_it(russian, form)
        tp.wait_version(german, tp.version(russian))
        expect(german.locator("#journal li").first).to_contain_text("Dice 3,2,4,1")
    finally:
        rctx.close()
        gctx.close()


def test_entered_dice_table_refuses_a_server_roll(server: str) -> None:  # noqa: F811
    api = asl_table(server)
    view = api.view("russian")
    assert view["dice"]["mode"] == "entered"
    res = httpx.post(
        f"{server}/api/tables/{api.id}/actions",
        json={"action": {"type": "fire", "gun": "t34", "ammo": "AP", "target": "vehicle",
                         "range": 4, "af": 8}, "expected_version": view["version"]},
        headers={"Authorization": "Bearer " + api.tokens["russian"]},
    )  # fmt: skip
    assert res.status_code == 422 and res.json()["clause"] == "TABLE-DICE-9", res.text
    assert api.view("russian")["version"] == view["version"]  # nothing written


def test_required_choice_starts_empty_and_done_rolls_nothing(server: str, browser: Any) -> None:  # noqa: F811
    waw = tp.Api(server, "waw")
    ctx, page = tp.open_seat(browser, waw, "us", tp.DESKTOP)
    try:
        form = page.locator('form.action[data-type="he_fire"]')
        expect(form.locator('select[name="hit_number"]')).to_have_value("")
        # a server-dice table: no dice to type, it says who rolls
        expect(form.locator(".dice-row")).to_contain_text("rolled on the server")
        assert form.locator('input[name="__dice"]').count() == 0
    finally:
        ctx.close()
    toi = tp.Api(server, "toi", {"start_phase": "status"}, dice="entered")
    ctx, page = tp.open_seat(browser, toi, "german", tp.DESKTOP)
    try:
        done = page.locator('form.action[data-type="done"]')
        if done.count():
            assert done.locator(".dice-row").count() == 0
        schema = next(i for i in toi.view("german")["legal"] if i["type"] in ("done", "advance"))
        assert schema["type"] != "done" or schema["schema"]["x-dice"] is False
    finally:
        ctx.close()


def test_server_down_banner_and_recovery(server: str, browser: Any) -> None:  # noqa: F811
    api = tp.Api(server, "toi")
    ctx, page = tp.open_seat(browser, api, "german", tp.DESKTOP)
    try:
        start = tp.version(page)
        tp.click_piece(page, "g-pziv-1")
        form = tp.open_action(page, "move")
        tp.click_hex(page, "2,3")
        # the server stops answering: every request to it fails as a dead server's would
        page.route("**/api/**", lambda route: route.abort("connectionrefused"))
        tp.submit(page, form)
        expect(page.locator("#offline-banner")).to_be_visible()
        expect(page.locator("#offline-banner")).to_contain_text("Connection lost")
        # an action is on its way: the banner says it is kept
        expect(page.locator("#offline-banner")).to_contain_text("Your action is kept")
        expect(page.locator("#live")).to_have_attribute("data-state", "lost")
        expect(form.locator(".form-result")).to_contain_text("kept")
        expect(form.locator('button[type="submit"]')).to_be_enabled()  # every button comes back
        assert tp.version(page) == start
        # it answers again: the banner goes, the kept action is sent, the table moves on
        page.unroute("**/api/**")
        expect(page.locator("#offline-banner")).to_be_hidden(timeout=15000)
        tp.wait_version(page, start + 1)
        expect(page.locator('#map [data-unit="g-pziv-1"]')).to_have_attribute("data-hex", "2,3")
    finally:
        ctx.close()


def test_wrong_seat_link_and_missing_table_are_said_in_words(server: str, browser: Any) -> None:  # noqa: F811
    api = tp.Api(server, "toi")
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(f"{server}/t/{api.id}#seat=not-a-real-token")
        expect(page.locator("#need-link")).to_contain_text("Ask the host for a new link")
        expect(page.locator("#live")).to_have_attribute("data-state", "refused")
        expect(page.locator("#live")).not_to_contain_text("Reconnecting")
        for path in ("/t/nosuchtable", "/join/nosuchtable"):
            res = page.goto(server + path)
            assert res is not None and res.status == 404
            assert "text/html" in res.headers["content-type"]
            expect(page.locator("h1")).to_have_text("Table not found")
            expect(page.locator("main a[href='/']")).to_be_visible()
    finally:
        ctx.close()


def _tap_targets_too_small(page: Any) -> list[str]:
    small: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('main button, main select, main input, main summary, header a')]
          .filter((n) => n.offsetParent !== null && n.type !== 'checkbox' && n.type !== 'hidden')
          .map((n) => [n, n.getBoundingClientRect()])
          .filter(([n, r]) => r.height < 44)
          .map(([n, r]) => (n.id || n.name || n.className || n.tagName) + ':' + r.height.toFixed(0))"""
    )
    return small


def _phone_heights(page: Any) -> dict[str, int]:
    """Each panel's page height on the phone, its tap targets checked on the way."""
    heights = {}
    for panel in ("map", "actions", "odds", "journal", "view"):
        tp.show_panel(page, panel)
        expect(page.locator(f'#panel-tabs [data-panel="{panel}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
        heights[panel] = page.evaluate("document.documentElement.scrollHeight")
        assert _tap_targets_too_small(page) == [], (panel, _tap_targets_too_small(page))
    return heights


@pytest.mark.parametrize("game", ["toi", "waw", "asl"])
def test_phone_panels_are_short_and_tap_targets_large(server: str, browser: Any, game: str) -> None:  # noqa: F811
    api = asl_table(server, "server") if game == "asl" else tp.Api(server, game)
    if game == "waw":  # a piece for each side to select
        api.act("soviet", {"type": "place_unit", "id": "t72", "kind": "T-72", "side": "soviet", "hex": "5,1"})  # fmt: skip
        api.act("us", {"type": "place_unit", "id": "abrams", "kind": "M1 Abrams", "side": "us", "hex": "1,2"})  # fmt: skip
    for seat in api.tokens:  # every seat, with no piece selected and then with its first piece
        ctx, page = tp.open_seat(browser, api, seat, tp.PHONE)
        try:
            heights = {"": _phone_heights(page)}
            view = api.view(seat)
            own = [u for u in view["view"]["map"]["units"] if u["side"] == seat]
            if own and view["legal"]:  # a seat not to act lists no piece's actions
                tp.click_piece(page, own[0]["id"])
                expect(page.locator("#selected-piece")).to_be_attached()
                heights[own[0]["id"]] = _phone_heights(page)
            tall = {
                (piece, panel): h
                for piece, panels in heights.items()
                for panel, h in panels.items()
                if h > 2 * tp.PHONE["height"]
            }
            assert tall == {}, (seat, heights)
            # the board does not push the page sideways: it pans inside its own box
            assert page.evaluate("document.documentElement.scrollWidth") <= tp.PHONE["width"]
        finally:
            ctx.close()


def test_keyboard_alone_selects_aims_and_acts(server: str, browser: Any) -> None:  # noqa: F811
    api = tp.Api(server, "toi")
    api.act("german", {"type": "move", "unit": "g-pziv-1", "to": "2,3"})  # the soviet's turn
    # the soviet T-34 attacks the Panther: select, aim, act with Tab and Enter only
    ctx, page = tp.open_seat(browser, api, "soviet", tp.DESKTOP)
    try:
        start = tp.version(page)

        def tab_to(css: str, limit: int = 400) -> None:
            for _ in range(limit):
                page.keyboard.press("Tab")
                if page.evaluate(
                    f"() => !!document.activeElement && document.activeElement.matches({css!r})"
                ):
                    return
            raise AssertionError("Tab never reached " + css)

        tab_to('#map [data-unit="s-t34-1"]')
        page.keyboard.press("Enter")
        expect(page.locator("#selected-piece")).to_contain_text("T-34")
        form = page.locator('details.action-box[data-type="attack"] form.action')
        expect(form).to_be_visible()  # the most likely action (the attack) is open
        page.locator("#map").focus()
        tab_to('#map [data-unit="g-panther-1"]')
        page.keyboard.press("Enter")
        expect(form.locator('select[name="target"]')).to_have_value('"g-panther-1"')
        expect(page.locator("#selected-piece")).to_contain_text("T-34")  # still the firer's form
        tab_to('details.action-box[data-type="attack"] button[type="submit"]')
        page.keyboard.press("Enter")
        tp.wait_version(page, start + 1)
        expect(page.locator("#journal li").first).to_contain_text(re.compile("T-34|s-t34"))
        # the result under the form names the counters, not their ids
        result = page.locator("#actions .form-result.ok").first
        expect(result).to_contain_text("T-34")
        expect(result).not_to_contain_text("s-t34-1")
        expect(result).not_to_contain_text("g-panther-1")
    finally:
        ctx.close()


def test_phone_asl_shot_fits_two_screens_and_odds_have_their_panel(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    api = asl_table(server)
    ctx, page = tp.open_seat(browser, api, "russian", tp.PHONE)
    try:
        tp.click_piece(page, "t34")
        tp.click_piece(page, "pz")  # aiming brings the actions panel back
        expect(page.locator('#panel-tabs [data-panel="actions"]')).to_have_attribute(
            "aria-pressed", "true"
        )
        form = page.locator('details.action-box[data-type="fire"] form.action')
        expect(form.locator('input[name="range"]')).to_have_value("4")
        form.locator('select[name="ammo"]').select_option(label="AP")
        form.locator('select[name="target"]').select_option(label="Vehicle")
        form.locator('input[name="af"]').fill("8")
        # the headline stays by the form, the whole answer has its own panel
        expect(form.locator('.odds-brief [data-figure="p_kill"]')).to_contain_text("289/432")
        page.evaluate("document.activeElement.blur()")
        heights = {"actions": page.evaluate("document.documentElement.scrollHeight")}
        form.locator(".odds-more").click()
        expect(page.locator("#odds-card #odds-chart")).to_be_visible()
        heights["odds"] = page.evaluate("document.documentElement.scrollHeight")
        assert max(heights.values()) <= 2 * tp.PHONE["height"], heights
        assert _tap_targets_too_small(page) == []
    finally:
        ctx.close()
