"""A spread stack stays inside the board's box on a phone (Playwright, Debian's Chromium).

World at War at 390x844: a stack near the right edge of what the box shows
spreads above its hex, moved inward so every counter of it can be seen and
tapped; a stack wider than the box spreads in rows. Bounds are read from the
rendered elements (``bounding_box``), nothing is timed.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server import table_pages as tp
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

KINDS = ["T-72", "Soviet HQ", "T-72", "Soviet HQ", "Soviet HQ", "Soviet HQ", "Soviet HQ"]


def _inside(page: Any, hex_id: str) -> None:
    box = page.locator("#map").bounding_box()
    spread = page.locator(f'#map .spread[data-spread="{hex_id}"]')
    back = spread.locator(".spread-back").bounding_box()
    assert back["x"] >= box["x"] and back["x"] + back["width"] <= box["x"] + box["width"], (
        back,
        box,
    )
    assert back["y"] >= box["y"], (back, box)
    for piece in spread.locator("[data-unit]").all():
        b = piece.bounding_box()
        assert box["x"] <= b["x"] and b["x"] + b["width"] <= box["x"] + box["width"], (b, box)


@pytest.mark.parametrize("count", [2, 7])
def test_phone_spread_stack_stays_inside_the_board(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    count: int,
) -> None:
    api = tp.Api(server, "waw")
    for i, kind in enumerate(KINDS[:count]):
        api.act("soviet", {"type": "place_unit", "id": f"u{i}", "kind": kind, "side": "soviet",
                           "hex": "5,1"})  # fmt: skip
    ctx, page = tp.open_seat(browser, api, "soviet", tp.PHONE)
    try:
        tp.click_stack(page, "5,1")
        expect(page.locator("#map .spread [data-unit]")).to_have_count(count)
        _inside(page, "5,1")
        # a counter of the spread is tapped where it is drawn: it is selected
        page.locator('#map .spread [data-unit="u0"]').click()
        expect(page.locator('#map [data-unit="u0"][aria-pressed="true"]').first).to_be_attached()
        # aiming its fire brings the Actions panel back: the board is drawn while hidden,
        # and the spread is still inside the box when the Map panel shows again
        form = tp.open_action(page, "fire")
        tp.click_hex(page, "2,2")
        expect(form.locator('input[name="target"]')).to_have_value(tp.printed(page, "2,2"))
        form.locator('select[name="weapon"]').select_option(label="AP (anti-armour)")
        tp.do_it(page, form)  # the new version is drawn on the hidden board
        tp.show_panel(page, "map")
        expect(page.locator("#map .spread [data-unit]")).to_have_count(count)
        _inside(page, "5,1")
    finally:
        ctx.close()
