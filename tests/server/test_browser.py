"""Two players in two browser contexts (Playwright driving Debian's Chromium).

The host creates a table from the lobby page alone and opens the second
seat's invite link in another context. Allies buy a face-down token in the
Status Phase; both sides then attack. The test records every HTTP response
body and every server-sent event the axis browser receives, and asserts that
neither they nor the axis DOM ever contain the token's type.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

import ordnance.server
from tests.needs import need
from tests.server.conftest import free_port
from tests.server.live import wait_started
from tests.server.secret_game import CATALOGUE

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from ordnance.server.app import create_app

    app = create_app(tmp_path_factory.mktemp("browser") / "t.db", heartbeat=1.0)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    wait_started(srv, thread)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    need(Path(CHROMIUM).exists(), "Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def _static_file(path: str) -> str | None:
    """The text of ``/static/NAME`` as the package holds it (None: not a static file)."""
    marker = "/static/"
    if marker not in path:
        return None
    name = path.split(marker, 1)[1]
    if name.startswith("v/"):  # a versioned URL, /static/v/<build>/NAME (static_files)
        name = name.split("/", 2)[-1]
    root = Path(ordnance.server.__file__).parent / "static"
    target = (root / name).resolve()
    if root.resolve() not in target.parents or not target.is_file():
        return None
    return target.read_text(encoding="utf-8")


class Spy:
    """Every response body and SSE message one browser context receives."""

    def __init__(self, context: Any, page: Any) -> None:
        self.bodies: list[str] = []
        self.events: list[str] = []
        #: responses whose body could not be read: (url, status, why); the tests
        #: require none, so a body the spy cannot check is never silently dropped
        self.unread: list[tuple[str, int, str]] = []
        self.dice_protocol: list[str] = []
        page.on("response", self._response)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.eventSourceMessageReceived", lambda e: self.events.append(e["data"]))

    def _response(self, response: Any) -> None:
        if "text/event-stream" in (response.headers.get("content-type") or ""):
            return  # streamed: its messages arrive through CDP above
        if 300 <= response.status < 400:
            return  # a redirect carries no body (its target is a response of its own)
        path = response.url.split("?", 1)[0]
        try:
            body = response.text()
        except Exception as exc:  # Playwright's error when the body is gone
            if path.endswith("/claim"):
                # the join page leaves for the table as soon as it has read its new
                # token, so the browser drops the answer; it holds only the claimer's
                # own seat and token (tests/server/test_seats.py checks it)
                return
            static = _static_file(path)
            if static is None:
                self.unread.append((response.url, response.status, str(exc).splitlines()[0]))
                return
            # a page that navigates on (the join page) frees its scripts' bodies before
            # the spy reads them; a static file is the same bytes the server serves from
            # the package, so that copy is what this browser received
            body = static
        if path.endswith(("/dice/anchor", "/dice/reveal")):
            # each seat's own dice chain (ordnance-dice-v1): random per browser, and
            # when a page publishes or renews it depends on when it connected; it
            # carries no game state, so it is kept apart from the compared bodies
            self.dice_protocol.append(body)
            return
        self.bodies.append(body)

    def text(self) -> str:
        return "\n".join(self.bodies + self.events)


def _settled(page: Any) -> None:
    """Wait until the odds preview of what was just typed has been answered.

    Each edit of a form schedules a preview; waiting after each edit makes the
    previews a page sends the same on every run, however slow the machine
    (otherwise a half-filled form is previewed only when the next edit comes
    late, and two twin games differ in which previews they asked for).
    """
    page.wait_for_function(
        "() => (document.getElementById('odds') || {dataset: {}}).dataset.state !== 'pending'",
        timeout=10000,
    )


def _unfold(page: Any, action_type: str) -> Any:
    """The form of ``action_type``, its fold opened (every action is folded under its
    title, the one last used open); its form."""
    box = page.locator(f'details.action-box[data-type="{action_type}"]')
    if box.count() and box.first.get_attribute("open") is None:
        box.first.locator("summary").click()
    return page.locator(f'form.action[data-type="{action_type}"]')


def _act(
    page: Any,
    action_type: str,
    fill: dict[str, str] | None = None,
    dice: str | None = None,
    wait: bool = True,
) -> None:
    """Fill and send a form; ``wait``: until the version moves (False: an action whose
    dice wait for a seat that will not reveal now)."""
    before = page.evaluate("document.body.dataset.version")
    form = _unfold(page, action_type)
    for name, value in (fill or {}).items():
        field = form.locator(f'[name="{name}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            # a choice shows a human label; its raw value is on data-raw
            option = field.locator(f'option[data-raw="{value}"]')
            if option.count():
                field.select_option(value=option.first.get_attribute("value"))
            else:
                field.select_option(label=value)
        else:
            field.fill(value)
        _settled(page)
    if dice is not None:  # an entered-dice table: the page asks for the dice, nothing else
        assert form.locator('select[name="__dice_mode"]').count() == 0
        form.locator('input[name="__dice"]').fill(dice)
        _settled(page)
    form.locator('button[type="submit"]').click()
    if wait:
        page.wait_for_function(f"() => document.body.dataset.version !== {before!r}", timeout=10000)


def test_two_players_status_phase_and_attacks(server: str, browser: Any) -> None:
    host_ctx = browser.new_context()
    guest_ctx = browser.new_context(
        locale="ru-RU", extra_http_headers={"Accept-Language": "ru-RU,ru"}
    )
    host = host_ctx.new_page()
    guest = guest_ctx.new_page()
    spy = Spy(guest_ctx, guest)
    try:
        # the host creates the table from the page alone
        host.goto(server + "/")
        host.select_option("#game", "secrets")
        host.select_option("#dice-setting", "entered")  # one attack below enters its dice
        host.click("#create-button")
        host.wait_for_selector('#seat-links li[data-seat="axis"]')
        invite = host.locator('#seat-links li[data-seat="axis"] input.link').input_value()
        assert "/join/" in invite and "#invite=" in invite  # an invitation, not a token
        assert host.locator('#seat-links li[data-seat="axis"] a.play-link').count() == 0
        host.locator('#seat-links li[data-seat="allies"] a.play-link').click()
        host.wait_for_selector('form.action[data-type="buy"]', state="attached")
        # the invite is also offered on the table page
        assert host.locator('#invites li[data-seat="axis"] input.link').input_value() == invite

        # opening the invitation claims the seat and moves on to the seat's own link
        guest.goto(invite)
        guest.wait_for_selector('form.action[data-type="buy"]', state="attached")
        assert "Ваша сторона" in guest.inner_text("#status")  # Russian from Accept-Language
        own_link = guest.url
        assert "/t/" in own_link and "#seat=" in own_link
        assert own_link.split("#seat=")[1] not in host.content()  # the host never had it
        # the creator's browser, which holds a seat, claims no invitation (TABLE-SEAT-4)
        again = host_ctx.new_page()
        again.goto(invite)
        expect(again.locator("#join-error")).to_contain_text("TABLE-SEAT-4")
        again.close()
        # and the spent invitation opens nothing a second time, in any browser
        other_ctx = browser.new_context()
        try:
            again = other_ctx.new_page()
            again.goto(invite)
            expect(again.locator("#join-error")).to_contain_text("TABLE-SEAT-2")
        finally:
            other_ctx.close()

        secret = CATALOGUE["allies"][0]
        _act(host, "buy", {"kind": secret, "hex": "1,0"})
        # the guest's page follows live (SSE) to version 1
        guest.wait_for_function("() => document.body.dataset.version === '1'", timeout=10000)
        assert guest.locator(".marker-munition-token").count() == 1

        # attacks: the live odds panel shows the distribution before the roll
        _act(host, "end_phase")
        guest.wait_for_function("() => document.body.dataset.version === '2'", timeout=10000)
        _unfold(guest, "attack")
        guest.locator('form.action[data-type="attack"] [name="target"]').fill("0,0")
        guest.locator('form.action[data-type="attack"] [name="dice"]').fill("2")
        expect(guest.locator("#odds .odds-table")).to_contain_text("4/9")
        _act(guest, "attack", {"dice": "2", "target": "0,0"}, dice="3,4")
        _act(guest, "attack", {"dice": "3", "target": "0,0"}, dice="5,6,1")
        host.wait_for_function("() => document.body.dataset.version === '4'", timeout=10000)
        assert "5,6,1" in host.inner_text("#journal")

        # a second tab on a stale version is refused cleanly
        stale = guest_ctx.new_page()
        stale.route("**/events*", lambda route: route.abort())  # this tab misses live updates
        stale.goto(own_link)
        stale.wait_for_selector('form.action[data-type="smoke"]', state="attached")
        _act(host, "smoke", {"hex": "2,0"})
        form = _unfold(stale, "smoke")
        form.locator('[name="hex"]').fill("3,0")
        form.locator('button[type="submit"]').click()
        stale.wait_for_function("() => document.body.dataset.version === '5'", timeout=10000)
        assert "стол обновлён" in stale.inner_text("#action-error")

        # the axis never saw the face-down token's type, anywhere
        guest.wait_for_function("() => document.body.dataset.version === '5'", timeout=10000)
        dom = guest.content()
        assert not spy.unread, spy.unread
        assert secret not in dom and secret not in spy.text()
        assert spy.events and all('"version"' in e for e in spy.events)
        assert secret in host.content()
    finally:
        host_ctx.close()
        guest_ctx.close()


def _fill(page: Any, action: dict[str, Any], dice: list[int] | None) -> None:
    fill = {k: str(v) for k, v in action.items() if k != "type"}
    _act(page, action["type"], fill, None if dice is None else ",".join(map(str, dice)))


#: What a live notice may hold (routes._event): no game state, only what changed.
NOTICE_KEYS = frozenset(
    {
        "game_id",
        "version",
        "dice_pending",
        "dice_pending_by",
        "dice_waiting_for",
        "dice_seconds_left",
        "seats",
        "request",
    }
)


def _notices(events: list[str], game_id: str) -> set[str]:
    """The live notices a page received, as the twin games can compare them.

    A notice has a fixed set of keys, none of which can carry a token type; this is
    asserted for every one.  Which notices arrive at version 0 depends on when the
    page's stream connected relative to the other seat's anchor and seat events (a
    race on a loaded machine, not a property of the game), so from version 1 on the
    notices are compared by what they announce: the version, whether dice are
    pending and for whom.
    """
    out: set[str] = set()
    for raw in events:
        notice = json.loads(raw)
        assert set(notice) == NOTICE_KEYS, notice
        assert notice["game_id"] == game_id
        if notice["version"] > 0:
            out.add(
                json.dumps(
                    [
                        notice["version"],
                        notice["dice_pending"] is not None,
                        notice["dice_pending_by"],
                    ]
                )
            )
    return out


def _play_toi(browser: Any, server: str, secret: str) -> tuple[set[str], str, str]:
    """Play the ToI script in two contexts; the soviet's messages and DOM."""
    import httpx

    from tests.server.toi_script import SCRIPT, normalise, with_secret

    german_ctx = browser.new_context()
    soviet_ctx = browser.new_context()
    german = german_ctx.new_page()
    soviet = soviet_ctx.new_page()
    spy = Spy(soviet_ctx, soviet)
    try:
        german.goto(server + "/?lang=en")
        german.select_option("#game", "toi")
        german.select_option('#settings select[name="start_phase"]', label="Status Phase")
        german.select_option("#dice-setting", "entered")  # the script enters its dice
        german.click("#create-button")
        german.wait_for_selector('#seat-links li[data-seat="soviet"]')
        invite = german.locator('#seat-links li[data-seat="soviet"] input.link').input_value()
        own = german.locator('#seat-links li[data-seat="german"] input.link').input_value()
        game_id = own.split("/t/")[1].split("#")[0]
        token = own.split("#seat=")[1]
        german.goto(own)
        german.wait_for_selector('form.action[data-type="advance"]', state="attached")
        # the soviet claims its seat in another tab of its browser (the claim's answer
        # races the page's move to the seat link, so the spied tab opens that link)
        claimer = soviet_ctx.new_page()
        claimer.goto(invite)
        expect(claimer).to_have_url(re.compile("/t/.*#seat="))
        seat_link = claimer.url
        claimer.close()
        soviet.goto(seat_link)
        soviet.wait_for_selector('form.action[data-type="advance"]', state="attached")
        for version, (seat, action, dice) in enumerate(SCRIPT, start=1):
            page = german if seat == "german" else soviet
            act = with_secret(action, secret)
            if seat == "german" and act["type"] == "attack":
                odds = httpx.post(
                    f"{server}/api/tables/{game_id}/odds",
                    json={"action": act},
                    headers={"Authorization": f"Bearer {token}"},
                ).json()["odds"]
                dice = [4] * (odds["attack_dice"] + odds["defence_dice"])
            _fill(page, act, dice)
            for p in (german, soviet):
                p.wait_for_function(
                    f"() => document.body.dataset.version === '{version}'", timeout=10000
                )
        assert secret in german.inner_text("#view")  # the owner sees its token
        journal = soviet.evaluate(
            """() => { const j = document.getElementById('journal').cloneNode(true);
                       j.querySelectorAll('.commit').forEach((e) => e.remove());
                       return j.textContent; }"""
        )  # the per-table dice commitments differ by design
        dom = soviet.inner_text("#view") + journal
        svg = soviet.inner_html("#map")
        assert not spy.unread, spy.unread
        messages = {normalise(m, game_id) for m in spy.bodies}
        messages |= _notices(spy.events, game_id)
        return messages, dom.replace(game_id, "GAME"), svg
    finally:
        german_ctx.close()
        soviet_ctx.close()


def test_tide_of_iron_status_phase_and_attacks(server: str, browser: Any) -> None:
    """Two players, two contexts: a ToI Status Phase (buy face down) and attacks.

    Played twice with the German token AP-B, then AP-C: the Soviet browser's
    DOM and every message it received must be the same both times (its own
    supply and forms name every type, so equality with the twin game is the
    exact test that the face-down type never reached it). covers TOI-GEN-5.
    """
    msgs_b, dom_b, svg_b = _play_toi(browser, server, "AP-B")
    msgs_c, dom_c, svg_c = _play_toi(browser, server, "AP-C")
    assert dom_b == dom_c
    assert svg_b == svg_c
    assert msgs_b == msgs_c, sorted(msgs_b ^ msgs_c)[:4]


def test_a_seat_is_handed_over_only_with_its_holders_yes_in_the_page(
    server: str, browser: Any
) -> None:
    """TABLE-SEAT-3, TABLE-SEAT-5 in the page: the allies ask for a new axis invitation;
    the axis page shows the request at once (live), the link opens nothing until the
    axis hands its seat over, then it claims the seat in another browser."""
    import httpx

    from tests.server.conftest import http_table

    gid, tokens = http_table(server, "secrets")
    host_ctx = browser.new_context()
    holder_ctx = browser.new_context()
    guest_ctx = browser.new_context()
    try:
        holder = holder_ctx.new_page()
        holder.goto(f"{server}/t/{gid}?lang=en#seat={tokens['axis']}")
        holder.wait_for_selector("#status")
        expect(holder.locator("#live")).to_contain_text("Live")
        host = host_ctx.new_page()
        host.goto(f"{server}/t/{gid}?lang=en#seat={tokens['allies']}")
        host.wait_for_selector('form.action[data-type="buy"]', state="attached")
        host.locator("#invites details.invites summary").click()
        host.locator('#invites li[data-seat="axis"] button.reissue').click()
        link = host.locator('#invites li[data-seat="axis"] input.link')
        expect(link).to_have_value(re.compile(f"/join/{gid}#invite="))
        # the holder keeps its seat, and sees the request without reloading
        still = httpx.get(
            f"{server}/api/tables/{gid}/view", headers={"Authorization": "Bearer " + tokens["axis"]}
        )
        assert still.status_code == 200
        expect(host.locator("#seats-box .seat-request")).to_contain_text("allies")
        expect(holder.locator("#seats-box button.accept-reissue")).to_have_count(1)
        guest = guest_ctx.new_page()
        guest.goto(link.input_value())
        expect(guest.locator("#join-error")).to_contain_text("TABLE-SEAT-5")
        holder.locator("#seats-box button.accept-reissue").click()
        expect(host.locator("#seats-box ol.seat-events")).to_contain_text(
            "the axis seat was reissued at entry 0 on allies's request (axis agreed)"
        )
        guest.close()  # (the same address again would only move to its fragment)
        guest = guest_ctx.new_page()
        guest.goto(link.input_value())
        guest.wait_for_selector('form.action[data-type="buy"]', state="attached")
        expect(guest.locator("#status")).to_contain_text("axis")
        recovery = guest.locator("#seats-box details.recovery input.recovery-link")
        expect(recovery).to_have_value(re.compile(f"/join/{gid}#recover=.+&seat=axis"))
    finally:
        host_ctx.close()
        holder_ctx.close()
        guest_ctx.close()


def test_the_creator_picks_its_seat_in_the_lobby(server: str, browser: Any) -> None:
    """TABLE-SEAT-1 from the lobby: the picked seat gets the play link, the other an invitation.

    Also: the Content-Security-Policy blocks nothing the lobby and the table
    page need (no violation reported in the console)."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(server + "/?lang=en")
        page.select_option("#game", "secrets")
        expect(page.locator("#seat option")).to_have_count(2)
        page.select_option("#seat", "axis")
        page.click("#create-button")
        expect(page.locator('#seat-links li[data-seat="axis"] a.play-link')).to_have_count(1)
        expect(page.locator('#seat-links li[data-seat="allies"] a.play-link')).to_have_count(0)
        invite = page.locator('#seat-links li[data-seat="allies"] input.link').input_value()
        assert "/join/" in invite
        page.locator('#seat-links li[data-seat="axis"] a.play-link').click()
        expect(page.locator("#status")).to_contain_text("axis")
        expect(page.locator('form.action[data-type="buy"]')).to_have_count(1)
        assert not [p for p in problems if "Content Security Policy" in p], problems
        assert not problems, problems
    finally:
        ctx.close()
