"""The table page for a real player: panels, choices, picking hexes on the map, LOS drawn.

Playwright on Debian's Chromium, one World at War table set up through the
API: the page shows the view's panels as tables with the raw view collapsed,
renders choices as selects with human labels, fills a focused hex field from
a click on the map (highlighting the hex), and draws a traced LOS with the
hexes that block it (WAW-8.2-c), with the board's printed hex numbers.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.server import table_pages as tp
from tests.server.conftest import http_table
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def _table(base: str) -> tuple[str, dict[str, str]]:
    gid, tokens = http_table(base, "waw")
    setup = [
        ("soviet", {"type": "place_unit", "id": "t72", "kind": "T-72", "side": "soviet", "hex": "4,1"}),
        ("us", {"type": "place_unit", "id": "abrams", "kind": "M1 Abrams", "side": "us", "hex": "0,1"}),
        ("us", {"type": "smoke", "side": "us", "target": "2,1"}),
    ]  # fmt: skip
    for version, (seat, action) in enumerate(setup):
        res = httpx.post(
            f"{base}/api/tables/{gid}/actions",
            json={"action": action, "expected_version": version},
            headers={"Authorization": "Bearer " + tokens[seat]},
        )
        assert res.status_code == 200, res.text
    return gid, tokens


def test_panels_choices_map_picking_and_los(server: str, browser: Any) -> None:  # noqa: F811
    gid, tokens = _table(server)
    # every form listed (a desktop); the phone's own checks come last, at 390x844
    ctx = browser.new_context(viewport=tp.DESKTOP)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server}/t/{gid}?lang=en#seat={tokens['us']}")
        page.wait_for_selector('form.action[data-type="he_fire"]', state="attached")
        # panels first, the raw view collapsed
        titles = page.locator("#view .panel h3").all_inner_texts()
        assert titles == ["Units", "Markers", "Pending HQ checks", "Sides"]
        # the units by their names and sides by theirs, never the ids
        shown = page.inner_text("#view .panel-table")
        assert "T-72" in shown and "Soviets" in shown and "t72" not in shown
        assert page.locator("#view details.raw").get_attribute("open") is None
        assert '"settings"' not in page.inner_text("#view")
        # choices are selects with human labels, values are the raw ids
        unit = page.locator('form.action[data-type="move"] select[name="unit"]')
        assert unit.locator("option").all_text_contents() == [
            "abrams: M1 Abrams at 0102 (good order)"
        ]
        side = page.locator('form.action[data-type="he_fire"] select[name="side"]')
        assert side.input_value() == '"us"'

        def pick(hex_id: str) -> None:
            tp.click_hex(page, hex_id)

        # pick on map: focus the target field, click a hex
        tp.open_action(page, "he_fire")  # every action folded under its title
        target = page.locator('form.action[data-type="he_fire"] input[name="target"]')
        page.locator('form.action[data-type="he_fire"] button.pick').click()
        assert page.is_visible("#pick-hint") and "Target" in page.inner_text("#pick-hint")
        pick("4,1")
        assert target.input_value() == tp.printed(page, "4,1")  # the board's own number
        page.wait_for_selector('#map polygon.selected-hex[data-selected="4,1"]', state="attached")
        # a hex typed by its printed number is the same hex
        target.fill("0102")
        expect(page.locator('#map polygon.selected-hex[data-selected="0,1"]')).to_have_count(1)
        target.fill("4,1")
        # a path collects several hexes
        path = tp.open_action(page, "move").locator('input[name="path"]')
        path.focus()
        for h in ("1,1", "2,1"):
            pick(h)
            # each pick redraws the map; wait for it before the next click, as a
            # player would (a click on the old, detached map is lost)
            page.wait_for_selector(
                f'#map polygon.selected-hex[data-selected="{h}"]', state="attached"
            )
        assert path.input_value() == tp.printed(page, "1,1") + " " + tp.printed(page, "2,1")
        # the LOS tool draws the line and marks what blocks it
        page.click("#los-button")
        pick("0,1")
        expect(page.locator("#los-result")).to_contain_text("0102")  # the board's number
        pick("4,1")
        page.wait_for_selector("#map line.los-line.blocked", state="attached")
        assert page.locator("#map .los-x").count() >= 1
        assert "blocked" in page.inner_text("#los-result")
        # on the phone the board scrolls inside its box, its labels stay 12 px or more
        page.set_viewport_size(tp.PHONE)
        tp.show_panel(page, "map")
        width = page.evaluate("document.getElementById('map').getBoundingClientRect().width")
        assert width <= 390
        sizes = tp.label_sizes(page)
        assert sizes["coord"] >= 12 and sizes["unit"] >= 12, sizes
        assert errors == []
    finally:
        ctx.close()
