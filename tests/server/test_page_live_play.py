"""Two seats playing live in two browsers (Debian's Chromium): what each page shows
of the other's requests and of a roll waiting for dice, without a reload.

Found by a two-browser play-test (issues 18, 21): an undo asked by one seat must
reach the other seat's page live (the live notice names the request waiting:
``request``); a page opened, reopened or reconnected while a roll waits for its
element sends it by itself; every page says whose element the roll waits for and
the time left before it may go without it (TABLE-DICE-7), also after a reload;
and "Do it" stays off while a roll waits (TABLE-DICE-8: one waiting action per
version). Clauses: TABLE-UNDO-1..3, TABLE-DICE-7, TABLE-DICE-8.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.dice_helpers import Clock, live_server
from tests.server.test_dice_page import Seats, _to_attack
from tests.server.test_dice_page import browser as browser  # the fixture

pytestmark = pytest.mark.browser

ATTACK = {"dice": "6", "target": "2,0"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with live_server(tmp_path_factory.mktemp("pagelive") / "t.db") as pair:
        yield pair


@pytest.fixture
def clock(served: tuple[str, Any]) -> Iterator[Clock]:
    """The server's clock, moved by hand (the go-ahead deadline is read lazily)."""
    _base, app = served
    c = Clock().install_app(app)
    try:
        yield c
    finally:
        app.state.service.clock = time.time


def test_an_undo_asked_reaches_the_other_seat_live(served: tuple[str, Any], browser: Any) -> None:
    """TABLE-UNDO-1..3: axis asks to undo; the allies page shows Accept / Decline from
    the live notice alone; a decline and then an accept reach both pages live."""
    from playwright.sync_api import expect

    base, _app = served
    seats = Seats(base, browser)
    try:
        _to_attack(seats)  # version 1: allies' end_phase, something to undo
        axis, allies = seats.pages["axis"], seats.pages["allies"]
        axis.click("#undo-request")
        expect(axis.locator(".undo-wait")).to_be_visible()
        expect(allies.locator("#undo-accept")).to_be_visible()
        expect(allies.locator("#undo-decline")).to_be_visible()
        allies.click("#undo-decline")
        # the decline keeps the version: the notice's request (now none) tells the axis page
        expect(axis.locator(".undo-wait")).to_have_count(0)
        expect(axis.locator("#undo-request")).to_be_visible()
        expect(allies.locator("#undo-accept")).to_have_count(0)
        axis.click("#undo-request")
        expect(allies.locator("#undo-accept")).to_be_visible()
        allies.click("#undo-accept")
        seats.at(2)
        for page in (axis, allies):
            expect(page.locator('#journal li[value="1"]')).to_have_class("undone")
            expect(page.locator("#undo-accept")).to_have_count(0)
            expect(page.locator(".undo-wait")).to_have_count(0)
    finally:
        seats.close()
