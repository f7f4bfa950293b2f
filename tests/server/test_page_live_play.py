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

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.dice_helpers import Clock, live_server
from tests.server.test_browser import _act, _unfold
from tests.server.test_dice_page import Seats, _to_attack
from tests.server.test_dice_page import browser as browser  # the fixture

pytestmark = pytest.mark.browser

ATTACK = {"dice": "6", "target": "2,0"}

#: Every EventSource a page opens, kept where a test can reach it (an init script).
KEEP_STREAMS = """
(() => {
  const Real = window.EventSource;
  window.__streams = [];
  window.EventSource = function (url, opts) {
    const es = new Real(url, opts);
    window.__streams.push(es);
    return es;
  };
  window.EventSource.prototype = Real.prototype;
  Object.assign(window.EventSource, { CONNECTING: 0, OPEN: 1, CLOSED: 2 });
})();
"""
#: The page's live streams drop, as when the network goes: closed, then their error.
DROP_STREAMS = """
() => { for (const es of window.__streams) { es.close(); es.dispatchEvent(new Event("error")); } }
"""


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
    the live notice alone; a decline and then an accept reach both pages live, the
    decline told to the axis page in words (also after a reload)."""
    from playwright.sync_api import expect

    base, _app = served
    seats = Seats(base, browser)
    try:
        _to_attack(seats)  # version 1: allies' end_phase, something to undo
        axis, allies = seats.pages["axis"], seats.pages["allies"]
        axis.click("#undo-request")
        expect(axis.locator(".undo-wait")).to_be_visible()
        # in the journal panel, and its tab marked (a phone shows one panel at a time)
        expect(allies.locator("#journal-card #undo-accept")).to_be_visible()
        expect(allies.locator("#journal-card #undo-decline")).to_be_visible()
        journal_tab = allies.locator('#panel-tabs [data-panel="journal"]')
        expect(journal_tab).to_have_attribute("data-attention", "1")
        allies.click("#undo-decline")
        # the decline keeps the version: the notice's request (now none) tells the axis page
        expect(axis.locator(".undo-wait")).to_have_count(0)
        expect(axis.locator("#undo-request")).to_be_visible()
        expect(allies.locator("#undo-accept")).to_have_count(0)
        expect(journal_tab).not_to_have_attribute("data-attention", "1")
        # ... and the axis page says so, live: in the journal panel and under entry 1
        declined = re.compile(r"^\S.* declined your undo of entry 1$")
        expect(axis.locator("#journal-card .undo-declined")).to_have_text(declined)
        line = '#journal li[value="1"] .seat-line[data-event="request_declined"]'
        expect(axis.locator(line)).to_have_text(declined)
        expect(allies.locator(line)).to_have_text(re.compile(r"undo of entry 1 that .+ asked for"))
        axis.reload()  # a seat event: still said after a reload
        expect(axis.locator("#journal-card .undo-declined")).to_have_text(declined)
        expect(axis.locator(line)).to_have_text(declined)
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


def _attack_waiting(page: Any) -> None:
    """The allies' attack sent from ``page``, once the server holds it waiting for its
    dice (the page says so on top: the stream's notice of its own waiting action)."""
    from playwright.sync_api import expect

    _act(page, "attack", ATTACK, wait=False)
    expect(page.locator("#dice-wait")).to_be_visible()


def _record(seats: Seats) -> dict[str, Any]:
    """The roll of entry 2 (the attack) as the dice record has it."""
    rolls = seats.api("allies", "GET", "/dice").json()["rolls"]
    (roll,) = [r for r in rolls if r["seq"] == 2]
    return dict(roll)


def test_a_reopened_page_sends_the_element_its_roll_waits_for(
    served: tuple[str, Any], browser: Any
) -> None:
    """TABLE-DICE-7: the axis page is closed when allies attack; reopened (same browser,
    same secret chain), it reads the roll waiting for its element and sends it by
    itself: the attack rolls with both seats' elements."""
    base, _app = served
    seats = Seats(base, browser)
    try:
        _to_attack(seats)
        seats.pages["axis"].close()
        _attack_waiting(seats.pages["allies"])
        pending = seats.api("allies", "GET", "/view").json()["dice"]["pending"]
        assert pending["waiting_for"] == ["axis"]
        axis = seats.contexts["axis"].new_page()
        seats.pages["axis"] = axis
        axis.goto(f"{base}/t/{seats.id}#seat={seats.tokens['axis']}")
        seats.at(2)
        roll = _record(seats)
        assert roll["elements"]["axis"] and roll["elements"]["allies"]
        assert not roll.get("without")
    finally:
        seats.close()


def _smoke_then_a_waiting_attack(seats: Seats) -> None:
    """The allies place smoke (through the API) and attack from their page: the attack
    waits for its dice (the view's ``dice.pending``)."""
    smoke = {"action": {"type": "smoke", "hex": "1,0"}, "expected_version": 1}
    assert seats.api("allies", "POST", "/actions", smoke).status_code == 200
    seats.pages["allies"].wait_for_function("() => document.body.dataset.version === '2'")
    _attack_waiting(seats.pages["allies"])
    assert seats.api("allies", "GET", "/view").json()["dice"]["pending"] is not None


def _roll_three_used_both_elements(seats: Seats) -> None:
    """The roll at entry 3 used both seats' elements and went without nobody's."""
    rolls = seats.api("allies", "GET", "/dice").json()["rolls"]
    (roll,) = [r for r in rolls if r["seq"] == 3]
    assert roll["elements"]["axis"] and roll["elements"]["allies"]
    assert not roll.get("without")


def test_a_reconnected_page_sends_the_element_its_roll_waits_for(
    served: tuple[str, Any], browser: Any
) -> None:
    """TABLE-DICE-7: the axis page is offline while allies place smoke (a version it
    misses) and then attack; once its connection is back it sends the element the roll
    waits for, with no click, for the version the roll waits at (not the one it last
    showed: an element sent for a stale version is spent, never sent again)."""
    base, _app = served
    seats = Seats(base, browser, init_script=KEEP_STREAMS)
    try:
        _to_attack(seats)
        axis = seats.pages["axis"]
        seats.contexts["axis"].set_offline(True)
        # the open stream drops (an established one outlives set_offline in Chromium)
        axis.evaluate(DROP_STREAMS)
        axis.wait_for_function("() => document.body.dataset.connection === 'lost'")
        _smoke_then_a_waiting_attack(seats)
        seats.contexts["axis"].set_offline(False)
        seats.at(3)
        _roll_three_used_both_elements(seats)
    finally:
        seats.close()


def test_a_page_whose_stream_comes_back_reveals_for_the_version_the_roll_waits_at(
    served: tuple[str, Any], browser: Any
) -> None:
    """TABLE-DICE-7: the axis page's live stream drops (its requests still answer) while
    allies place smoke and attack; the first notice of the new stream names the waiting
    roll at a version the page has not read yet. The page reads that version first and
    reveals for it (an element sent for the version it last showed would be refused and
    spent): the attack rolls with both seats' elements."""
    base, _app = served
    seats = Seats(base, browser, init_script=KEEP_STREAMS)
    try:
        _to_attack(seats)
        axis = seats.pages["axis"]
        refused: list[str] = []
        # no new stream until the attack waits (503: the page retries later)
        axis.route(
            "**/api/tables/*/ticket*",
            lambda route: (refused.append(route.request.url), route.fulfill(status=503))[-1],
        )
        axis.evaluate(DROP_STREAMS)
        while not refused:  # the page asked for a new stream and was told to wait
            axis.wait_for_timeout(100)
        _smoke_then_a_waiting_attack(seats)
        assert axis.evaluate("document.body.dataset.version") == "1"  # it missed both
        axis.unroute("**/api/tables/*/ticket*")
        seats.at(3)
        _roll_three_used_both_elements(seats)
    finally:
        seats.close()


def test_a_waiting_roll_names_the_awaited_seat_with_the_time_left_and_locks_do_it(
    served: tuple[str, Any], browser: Any, clock: Clock
) -> None:
    """TABLE-DICE-7/8: while the attack waits for the (closed) axis page's element,
    the allies page says whose element it waits for and the time left (the server's
    seconds_left, ticking), every "Do it" is off, and a second action the server still
    refuses (TABLE-DICE-8) is said in words, not as a raw clause. A reload mid-wait
    shows the same. Once the roll goes ahead without axis, all of it goes away."""
    import re

    from playwright.sync_api import expect

    base, _app = served
    seats = Seats(base, browser)
    try:
        _to_attack(seats)
        seats.pages["axis"].close()
        allies = seats.pages["allies"]
        names = seats.api("allies", "GET", "/view").json()["seat_names"]
        _attack_waiting(allies)
        pending = seats.api("allies", "GET", "/view").json()["dice"]["pending"]
        assert pending["waiting_for"] == ["axis"] and pending["seconds_left"] > 0
        waiting = re.compile(
            re.escape(f"Waiting for {names.get('axis', 'axis')} to roll") + r" \(\d+:\d\d left\)"
        )
        for reloaded in (False, True):
            if reloaded:  # a reload mid-wait: the view's dice.pending shows the same
                allies.reload()
                allies.wait_for_function("() => document.body.dataset.version === '1'")
            expect(allies.locator("#dice-wait")).to_have_text(waiting)
            expect(allies.locator("#dice-wait")).to_be_visible()
            submits = allies.locator('form.action button[type="submit"]')
            assert submits.count() > 0
            for i in range(submits.count()):
                expect(submits.nth(i)).to_be_disabled()
        # a "Do it" the page could not lock in time (two clicks in a race): refused in words
        form = _unfold(allies, "smoke")
        form.locator('[name="hex"]').fill("1,0")
        form.locator('button[type="submit"]').evaluate("b => { b.disabled = false; b.click(); }")
        result = form.locator(".form-result")
        expect(result).to_contain_text("another action is waiting for its dice")
        expect(result).not_to_contain_text("TABLE-DICE-8")
        clock.now = pending["deadline"] + 1  # go_ahead: the roll goes without axis
        assert seats.api("allies", "GET", "/view").json()["version"] == 2
        allies.wait_for_function("() => document.body.dataset.version === '2'")
        expect(allies.locator("#dice-wait")).to_be_hidden()
        expect(allies.locator('form.action button[type="submit"]').first).to_be_enabled()
    finally:
        seats.close()


def test_the_awaited_page_says_the_roll_waits_for_its_element(
    served: tuple[str, Any], browser: Any, clock: Clock
) -> None:
    """TABLE-DICE-7: the axis page whose reveal was sent but never reached the table (held
    back here) cannot send that element again, so it says the allies' action rolls without
    it at the deadline, with the time left (not that the roll waits for it)."""
    import re

    from playwright.sync_api import expect

    base, _app = served
    seats = Seats(base, browser)
    try:
        _to_attack(seats)
        axis = seats.pages["axis"]
        axis.route(
            "**/api/tables/*/since*",
            lambda route: (
                route.fulfill(status=503)
                if "reveal" in (route.request.post_data or "")
                else route.continue_()
            ),
        )
        names = seats.api("axis", "GET", "/view").json()["seat_names"]
        _act(seats.pages["allies"], "attack", ATTACK, wait=False)
        words = (
            f"{names.get('allies', 'allies')}'s action rolls without your dice element: "
            "this page has sent it already"
        )
        expect(axis.locator("#dice-wait")).to_have_text(
            re.compile(re.escape(words) + r" \(at the deadline, in \d+:\d\d\)")
        )
    finally:
        seats.close()


def test_a_tab_past_the_seats_streams_says_so_and_stops_reconnecting(
    served: tuple[str, Any], browser: Any
) -> None:
    """TABLE-LIVE-1: with the axis seat's streams at the server's limit (its other tabs),
    one more axis tab says in words that too many tabs hold the seat, not
    "Reconnecting..." for ever; its page still shows the table."""
    from playwright.sync_api import expect

    from ordnance.server import live

    base, app = served
    seats = Seats(base, browser)
    streams: live.StreamSeats = app.state.stream_seats

    async def tab() -> Any:  # stands for a stream another tab holds open
        yield ""

    others = [tab() for _ in range(live.MAX_STREAMS_PER_SEAT)]
    try:
        for other in others:  # the open axis page's own stream may hold a place already
            streams.admit(seats.id, "axis", other)
        extra = seats.contexts["axis"].new_page()
        extra.goto(f"{base}/t/{seats.id}#seat={seats.tokens['axis']}")
        extra.wait_for_function("() => document.body.dataset.version === '0'")
        expect(extra.locator("#live")).to_have_attribute("data-state", "too-many")
        expect(extra.locator("#live")).to_contain_text("too many tabs")
    finally:
        for other in others:
            streams.release(seats.id, "axis", other)
        seats.close()


def test_the_offline_banner_says_an_action_is_kept_only_when_one_is(
    served: tuple[str, Any], browser: Any
) -> None:
    """The server stops answering while nothing is being sent: the banner says the
    connection is lost and the page reconnects by itself, not that an action is kept."""
    from playwright.sync_api import expect

    base, _app = served
    seats = Seats(base, browser)
    try:
        axis = seats.pages["axis"]
        axis.route("**/api/**", lambda route: route.abort("connectionrefused"))
        axis.click("#verify-button")  # any request finds the server gone
        banner = axis.locator("#offline-banner")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("reconnects by itself")
        expect(banner).not_to_contain_text("kept")
        axis.unroute("**/api/**")
        expect(banner).to_be_hidden(timeout=15000)
    finally:
        seats.close()


def test_an_undo_that_drops_the_waiting_attack_is_said_on_the_acting_page(
    served: tuple[str, Any], browser: Any
) -> None:
    """TABLE-UNDO-1..3 with a roll waiting (TABLE-DICE-7): axis asks to undo while the
    allies attack waits for its element; allies accept on their page. The attack's own
    answer (still waiting, `wait_dice`) says it was dropped, never rolled, and the page
    says so in words instead of waiting on."""
    from playwright.sync_api import expect

    base, app = served
    seats = Seats(base, browser)
    waited = app.state.dice_wait_answer
    app.state.dice_wait_answer = 600  # the attack's answer waits until the undo (no timing)
    try:
        _to_attack(seats)
        seats.pages["axis"].close()
        allies = seats.pages["allies"]
        _act(allies, "attack", ATTACK, wait=False)
        expect(allies.locator("#dice-wait")).to_be_visible()
        asked = seats.api("axis", "POST", "/undo", {"expected_version": 1})
        assert asked.status_code == 201, asked.text
        expect(allies.locator("#undo-accept")).to_be_visible()
        allies.click("#undo-accept")
        allies.wait_for_function("() => document.body.dataset.version === '2'")
        expect(allies.locator("#last-result")).to_contain_text(
            "an undo accepted meanwhile dropped this action"
        )
        expect(allies.locator("#dice-wait")).to_be_hidden()
        assert seats.api("allies", "GET", "/view").json()["dice"]["pending"] is None
    finally:
        app.state.dice_wait_answer = waited
        seats.close()
