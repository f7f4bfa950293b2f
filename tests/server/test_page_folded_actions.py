"""The actions column with no piece selected: every action folded under its title.

A World at War table lists ten forms when no piece is selected; shown whole they
made one column of about four screens on a desktop. Each is now a ``<details>``
fold (its title the summary, opened by click or by keyboard), the one last opened
open again after the table moves on and after a reload (kept per table in the
browser), and a selected piece's most likely action still opens by itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server import table_pages as tp
from tests.server.dice_helpers import live_server
from tests.server.test_dice_page import browser as browser  # the fixture

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with live_server(tmp_path_factory.mktemp("folded") / "t.db") as pair:
        yield pair


def _waw(base: str) -> tp.Api:
    api = tp.Api(base, "waw")
    api.act(
        "soviet",
        {"type": "place_unit", "id": "t72", "kind": "T-72", "side": "soviet", "hex": "5,1"},
    )
    api.act(
        "us",
        {"type": "place_unit", "id": "abrams", "kind": "M1 Abrams", "side": "us", "hex": "1,2"},
    )
    return api


def test_actions_fold_and_the_last_opened_is_remembered(
    served: tuple[str, Any], browser: Any
) -> None:
    from playwright.sync_api import expect

    base, _app = served
    api = _waw(base)
    ctx, page = tp.open_seat(browser, api, "us", {"width": 1280, "height": 800})
    try:
        folds = page.locator("#actions details.action-box")
        assert folds.count() >= 8  # every action of the seat, each in its fold
        expect(page.locator("#actions details.action-box[open]")).to_have_count(0)
        assert page.locator("#actions form.action:visible").count() == 0
        # the column is a list of titles: it fits one desktop screen
        height = page.evaluate("document.querySelector('#actions').scrollHeight")
        assert height < 800, height
        # keyboard: focus a fold's title, Enter opens it, and only it
        smoke = page.locator('details.action-box[data-type="smoke"]')
        smoke.locator("summary").focus()
        page.keyboard.press("Enter")
        expect(smoke).to_have_attribute("open", "")
        expect(page.locator("#actions details.action-box[open]")).to_have_count(1)
        # the table moves on (the other seat acts): the fold opened stays open
        api.act("soviet", {"type": "done"})
        expect(page.locator("body")).to_have_attribute("data-version", "3")
        expect(page.locator('details.action-box[data-type="smoke"]')).to_have_attribute("open", "")
        page.reload()  # kept for the table in this browser
        expect(page.locator("body")).to_have_attribute("data-version", "3")
        expect(page.locator('details.action-box[data-type="smoke"]')).to_have_attribute("open", "")
        expect(page.locator("#actions details.action-box[open]")).to_have_count(1)
        # a piece selected: its own actions only, its most likely one open
        tp.click_piece(page, "abrams")
        expect(page.locator("#selected-piece")).to_be_visible()
        expect(page.locator("#actions details.action-box[open]")).to_have_count(1)
    finally:
        ctx.close()
