"""A real two-finger pinch on the board zooms the map (not only the zoom buttons).

Playwright drives Debian's Chromium as a phone (390x844, ``has_touch``); the
fingers are Chrome DevTools Protocol touch events (``Input.dispatchTouchEvent``),
the same input a touch screen gives, so the page sees ``pointerType ===
"touch"`` pointer events. Spreading two fingers enlarges the board, pinching
them together shrinks it; one finger does not zoom. The waits are Playwright's
retrying ones (a condition on the drawn board), never a sleep.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.server import table_pages as tp
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

_WIDTH = "() => +document.querySelector('#map svg.hexmap').getAttribute('width')"


def _touch(cdp: Any, kind: str, points: list[tuple[float, float]]) -> None:
    cdp.send(
        "Input.dispatchTouchEvent",
        {
            "type": kind,
            "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)],
        },
    )


def _gesture(cdp: Any, centre: tuple[float, float], start: float, end: float, fingers: int) -> None:
    """Fingers put down ``start`` px either side of ``centre``, moved to ``end`` px, lifted."""
    cx, cy = centre

    def at(d: float) -> list[tuple[float, float]]:
        return [(cx - d, cy), (cx + d, cy)][:fingers]

    _touch(cdp, "touchStart", at(start))
    steps = 8
    for i in range(1, steps + 1):
        _touch(cdp, "touchMove", at(start + (end - start) * i / steps))
    _touch(cdp, "touchEnd", [])


def test_two_finger_pinch_zooms_the_board(server: str, browser: Any) -> None:  # noqa: F811
    api = tp.Api(server, "toi")
    ctx, page = tp.open_seat(browser, api, "german", tp.PHONE)
    try:
        cdp = ctx.new_cdp_session(page)
        box = page.locator("#map").bounding_box()
        assert box is not None
        centre = (box["x"] + box["width"] / 2, box["y"] + min(box["height"], 300) / 2)
        before = page.evaluate(_WIDTH)
        # one finger pans (the box scrolls): it does not zoom
        _gesture(cdp, centre, 40, 90, fingers=1)
        assert page.evaluate(_WIDTH) == before
        # two fingers spread apart: the board is drawn larger
        _gesture(cdp, centre, 30, 120, fingers=2)
        page.wait_for_function(f"() => ({_WIDTH})() > {before} * 1.5")
        larger = page.evaluate(_WIDTH)
        # and pinched together: smaller again
        _gesture(cdp, centre, 120, 40, fingers=2)
        page.wait_for_function(f"() => ({_WIDTH})() < {larger} * 0.7")
    finally:
        ctx.close()
