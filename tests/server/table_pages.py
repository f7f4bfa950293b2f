"""What the browser tests and ``make screenshots`` do on the table page.

A table is set up through the HTTP API (the scenario's starting pieces), then
played the way a player plays it: click a piece on the board, open one of the
actions it may take, click the hexes or pieces it aims at, press "Do it".
Every wait is a retrying Playwright ``expect`` on what the page shows; no sleeps.
Hex clicks land in the lower left of the hex, clear of the counter and the
markers drawn in it, so a real click reaches the hex.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from tests.server.live import wait_started

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@contextlib.contextmanager
def serve(db: Path, port: int) -> Iterator[str]:
    """The table server on ``port`` (a thread of this process), its base URL."""
    import uvicorn

    from ordnance.server.app import create_app

    app = create_app(db, heartbeat=1.0)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    wait_started(srv, thread)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


def seat_tokens(created: dict[str, Any]) -> dict[str, str]:
    """Every seat's token from a create answer (one link per seat, or yours + invitations)."""

    def token(item: dict[str, Any]) -> str | None:
        link = str(item.get("link") or item.get("url") or "")
        found = item.get("token") or (link.split("#seat=", 1)[1] if "#seat=" in link else None)
        return str(found) if found else None

    tokens: dict[str, str] = {}
    rows = [s for s in created.get("seats", []) if isinstance(s, dict)]
    rows += [
        {"seat": created.get("seat"), "token": created.get("token"), "link": created.get("link")}
    ]
    rows += list(created.get("invitations", []))
    for item in rows:
        found = token(item)
        if item.get("seat") and found:
            tokens.setdefault(str(item["seat"]), found)
    return tokens


class Api:
    """A table made and moved through the HTTP API (the scenario's set-up)."""

    def __init__(
        self, base: str, game: str, settings: dict[str, Any] | None = None, dice: str = "server"
    ) -> None:
        from tests.server.conftest import http_table

        # yours, then each invitation claimed; "entered": real dice typed in at one table
        gid, tokens = http_table(base, game, settings, dice=dice)
        self.base, self.id, self.tokens = base, gid, tokens

    def act(self, seat: str, action: dict[str, Any]) -> dict[str, Any]:
        view = self.view(seat)
        res = httpx.post(
            f"{self.base}/api/tables/{self.id}/actions",
            json={"action": action, "expected_version": view["version"]},
            headers={"Authorization": "Bearer " + self.tokens[seat]},
            timeout=60,
        )
        if res.status_code == 202:  # a change the other seat agrees to (CORE-CONSENT)
            pending = res.json()["pending"]
            other = next(s for s in self.tokens if s != seat)
            res = httpx.post(
                f"{self.base}/api/tables/{self.id}/requests/{pending['request']}",
                json={"accept": True},
                headers={"Authorization": "Bearer " + self.tokens[other]},
                timeout=60,
            )
        assert res.status_code == 200, res.text
        out: dict[str, Any] = res.json()
        return out

    def view(self, seat: str) -> dict[str, Any]:
        res = httpx.get(
            f"{self.base}/api/tables/{self.id}/view",
            headers={"Authorization": "Bearer " + self.tokens[seat]},
            timeout=60,
        )
        out: dict[str, Any] = res.json()
        return out

    def url(self, seat: str, lang: str = "en") -> str:
        return f"{self.base}/t/{self.id}?lang={lang}#seat={self.tokens[seat]}"


def open_seat(browser: Any, api: Api, seat: str, viewport: dict[str, int]) -> tuple[Any, Any]:
    """A new browser context on ``seat``'s link; (context, page) once the board is drawn."""
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE, has_touch=True)
    page = ctx.new_page()
    page.goto(api.url(seat))
    expect(page.locator("#map svg.hexmap")).to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-version", str(api.view(seat)["version"]))
    return ctx, page


def version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def wait_version(page: Any, v: int) -> None:
    from playwright.sync_api import expect

    expect(page.locator("body")).to_have_attribute("data-version", str(v), timeout=15000)


def show_panel(page: Any, panel: str) -> None:
    """On a phone, bring ``panel`` forward with its tab (map, actions, journal, view)."""
    tab = page.locator(f'#panel-tabs [data-panel="{panel}"]')
    if tab.is_visible() and tab.get_attribute("aria-pressed") != "true":
        tab.click()


def click_piece(page: Any, unit: str) -> None:
    """A real click on ``unit``'s counter (on the board, or in its spread stack)."""
    show_panel(page, "map")
    spread = page.locator(f'#map .spread [data-unit="{unit}"]')
    target = spread if spread.count() else page.locator(f'#map .stack [data-unit="{unit}"]')
    target.first.click()


def click_stack(page: Any, hex_id: str) -> None:
    show_panel(page, "map")
    page.locator(f'#map .stack[data-hex="{hex_id}"] .stack-count').click()


def printed(page: Any, hex_id: str) -> str:
    """The board's printed number of hex ``hex_id`` (what a form shows once it is clicked)."""
    label: str = page.locator(f'#map g.hexcell[data-hex="{hex_id}"]').get_attribute("data-label")
    return label


def click_hex(page: Any, hex_id: str) -> None:
    """A real click in the lower left of the hex, where no counter or marker sits."""
    from playwright.sync_api import Error as PlaywrightError

    show_panel(page, "map")
    poly = page.locator(f'#map g.hexcell[data-hex="{hex_id}"] polygon')
    # The board is drawn anew when a view arrives; on a loaded machine that can
    # happen between finding the polygon and scrolling to it, which Playwright's
    # scroll (unlike its click) does not retry.  Try again on a fresh polygon.
    for attempt in range(5):
        try:
            poly.scroll_into_view_if_needed()
            box = poly.bounding_box()
            if box is None:
                raise PlaywrightError("hex polygon has no box yet (not attached)")
            poly.click(position={"x": box["width"] * 0.18, "y": box["height"] * 0.72})
            return
        except PlaywrightError as error:
            if "not attached" not in str(error) or attempt == 4:
                raise
            page.wait_for_timeout(100)


def open_action(page: Any, action_type: str) -> Any:
    """Open the selected piece's action ``action_type``; its form."""
    from playwright.sync_api import expect

    show_panel(page, "actions")
    box = page.locator(f'details.action-box[data-type="{action_type}"]')
    if box.get_attribute("open") is None:
        box.locator("summary").click()
    expect(box).to_have_attribute("open", "")
    return box.locator("form.action")


def see_odds(page: Any) -> Any:
    """The odds box, on screen (a phone shows it on its own Odds panel)."""
    if page.locator("#panel-tabs").is_visible():
        show_panel(page, "odds")
    return page.locator("#odds")


def submit(page: Any, form: Any) -> None:
    show_panel(page, "actions")
    form.locator('button[type="submit"]').click()


def do_it(page: Any, form: Any) -> None:
    """Press "Do it" and wait for the table to move on by one version."""
    before = version(page)
    submit(page, form)
    wait_version(page, before + 1)


def shot(page: Any, path: Path) -> None:
    """The first screen from the top of the map (the board, then what follows it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    show_panel(page, "map")
    page.evaluate("window.scrollTo(0, document.querySelector('.map-card').offsetTop - 8)")
    page.screenshot(path=str(path), full_page=False)


def assert_near_and_visible(page: Any, form: Any, message: str) -> None:
    """The refusal is in the form that caused it, says ``message``, and is on screen."""
    from playwright.sync_api import expect

    note = form.locator(".form-result.error")
    expect(note).to_contain_text(message)
    expect(note).to_be_in_viewport()
    button = form.locator('button[type="submit"]').bounding_box()
    box = note.bounding_box()
    assert abs(box["y"] - (button["y"] + button["height"])) < 400  # right under the button


def label_sizes(page: Any) -> dict[str, float]:
    """The smallest rendered size (px) of the hex labels and the counter labels."""
    show_panel(page, "map")
    sizes: dict[str, float] = page.evaluate(
        """() => {
          const least = (sel) => Math.min(...[...document.querySelectorAll(sel)].map((n) =>
            Math.min(parseFloat(getComputedStyle(n).fontSize) *
              (n.ownerSVGElement.getBoundingClientRect().width / n.ownerSVGElement.viewBox.baseVal.width))));
          return { coord: least('#map text.coord'), unit: least('#map text.ulabel') };
        }"""
    )
    return sizes


# -- the three scenarios (two seats each) ---------------------------------------------


def play_toi(browser: Any, base: str, shots: Path | None = None) -> None:
    """German moves the Panzer IV; the Soviet KV-1 is refused (no LOS), the T-34 fires."""
    from playwright.sync_api import expect

    api = Api(base, "toi")
    gctx, german = open_seat(browser, api, "german", DESKTOP)
    sctx, soviet = open_seat(browser, api, "soviet", PHONE)
    try:
        click_piece(german, "g-pziv-1")
        expect(german.locator("#selected-piece")).to_contain_text("Panzer IV")
        types = german.locator("details.action-box").evaluate_all(
            "ns => ns.map((n) => n.dataset.type)"
        )
        assert sorted(types) == ["attack", "move"]  # only what this piece may do
        form = open_action(german, "move")
        # the placeholder is in the map's own numbering (0302), not the core's q,r
        expect(form.locator('input[name="to"]')).to_have_attribute(
            "placeholder", re.compile(r"^\d{4}$")
        )
        click_hex(german, "2,3")
        expect(form.locator('input[name="to"]')).to_have_value(printed(german, "2,3"))
        assert form.locator(".dice-row").count() == 0  # a move rolls nothing
        do_it(german, form)
        wait_version(soviet, 1)
        expect(soviet.locator('#map [data-unit="g-pziv-1"]')).to_have_attribute("data-hex", "2,3")
        # the KV-1 has no line of sight to the Panther: refused next to its button
        click_piece(soviet, "s-kv1-1")
        form = open_action(soviet, "attack")
        click_piece(soviet, "g-panther-1")
        expect(form.locator('select[name="target"]')).to_have_value('"g-panther-1"')
        expect(soviet.locator("#odds .odds-refused")).to_contain_text("TOI-B2")
        assert soviet.locator("#odds .pbar").count() == 0  # a refusal is never a bar
        submit(soviet, form)
        assert_near_and_visible(soviet, form, "TOI-B2")
        assert version(soviet) == 1
        # the T-34 sees it: odds first, then the attack
        click_hex(soviet, "0,0")  # an empty hex clears the selection
        expect(soviet.locator("#selected-piece")).to_have_count(0)
        expect(soviet.locator("#los-result")).to_have_text(re.compile(r"^Hex 0101\b"))
        click_piece(soviet, "s-t34-1")
        # that hex's line goes with the next piece clicked (it would stay stale above the map)
        expect(soviet.locator("#los-result")).to_have_text("")
        form = open_action(soviet, "attack")
        click_piece(soviet, "g-panther-1")
        expect(see_odds(soviet).locator(".odds-table").first).to_be_visible()
        do_it(soviet, form)
        wait_version(german, 2)
        # the journal names counters, not their ids
        expect(german.locator("#journal li").first).to_contain_text("T-34")
        expect(german.locator("#journal li").first).not_to_contain_text("s-t34-1")
        sizes = label_sizes(soviet)
        assert sizes["coord"] >= 12 and sizes["unit"] >= 12, sizes
        if shots:
            shot(german, shots / "table-toi-desktop.png")
            shot(soviet, shots / "table-toi-phone.png")
    finally:
        gctx.close()
        sctx.close()


def play_waw(browser: Any, base: str, shots: Path | None = None) -> None:
    """US moves the Abrams hex by hex (a skipped hex is refused); the T-72 fires out of a stack."""
    from playwright.sync_api import expect

    api = Api(base, "waw")
    setup = [
        ("soviet", {"type": "place_unit", "id": "t72", "kind": "T-72", "side": "soviet", "hex": "5,1"}),
        ("soviet", {"type": "place_unit", "id": "hq", "kind": "Soviet HQ", "side": "soviet", "hex": "5,1"}),
        ("us", {"type": "place_unit", "id": "abrams", "kind": "M1 Abrams", "side": "us", "hex": "1,2"}),
        ("us", {"type": "place_terrain", "hexes": ["3,1", "3,2", "4,1"], "terrain": "woods"}),
        ("us", {"type": "smoke", "side": "us", "target": "8,5"}),
    ]  # fmt: skip
    for seat, action in setup:
        api.act(seat, action)
    start = len(setup)
    uctx, us = open_seat(browser, api, "us", DESKTOP)
    sctx, soviet = open_seat(browser, api, "soviet", PHONE)
    try:
        # a path that skips a hex is refused, next to its button
        click_piece(us, "abrams")
        form = open_action(us, "move")
        expect(form.locator('input[name="path"]')).to_have_attribute(
            "placeholder", re.compile(r"^\d{4} …$")
        )
        click_hex(us, "4,2")
        expect(form.locator('input[name="path"]')).to_have_value(printed(us, "4,2"))
        submit(us, form)
        assert_near_and_visible(us, form, "adjacent")
        assert version(us) == start
        form.locator('input[name="path"]').fill("")
        form.locator("button.pick").click()
        for h in ("2,1", "2,2"):
            click_hex(us, h)
            expect(us.locator(f'#map polygon.selected-hex[data-selected="{h}"]')).to_have_count(1)
        expect(form.locator('input[name="path"]')).to_have_value(
            printed(us, "2,1") + " " + printed(us, "2,2")
        )
        do_it(us, form)
        wait_version(soviet, start + 1)
        expect(soviet.locator('#map [data-unit="abrams"]')).to_have_attribute("data-hex", "2,2")
        # the stack of two shows its count; a click spreads it; pick the T-72
        stack = soviet.locator('#map .stack[data-hex="5,1"]')
        expect(stack).to_have_attribute("data-count", "2")
        click_stack(soviet, "5,1")
        expect(soviet.locator("#map .spread [data-unit]")).to_have_count(2)
        click_piece(soviet, "t72")
        expect(soviet.locator("#selected-piece")).to_contain_text("T-72")
        form = open_action(soviet, "fire")
        click_hex(soviet, "2,2")
        expect(form.locator('input[name="target"]')).to_have_value(printed(soviet, "2,2"))
        form.locator('select[name="weapon"]').select_option(label="AP (anti-armour)")
        expect(see_odds(soviet).locator(".odds-table").first).to_be_visible()
        do_it(soviet, form)
        # the fire rolls: it waits for the US page's element, then its result stays by the form
        expect(form.locator(".form-result.ok")).to_contain_text("T-72 fires AP")
        wait_version(us, start + 2)
        expect(us.locator("#journal li").first).to_contain_text("T-72 fires")
        expect(us.locator("#journal li").first).not_to_contain_text(re.compile(r"\bt72\b"))
        sizes = label_sizes(soviet)
        assert sizes["coord"] >= 12 and sizes["unit"] >= 12, sizes
        if shots:
            shot(us, shots / "table-waw-desktop.png")
            shot(soviet, shots / "table-waw-phone.png")
    finally:
        uctx.close()
        sctx.close()


def play_asl(browser: Any, base: str, shots: Path | None = None) -> None:
    """The russian T-34 places SMOKE (own hex refused, ASL-8.52-b); the german turns its CA."""
    from playwright.sync_api import expect

    api = Api(base, "asl", dice="entered")
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
    start = len(setup)
    rctx, russian = open_seat(browser, api, "russian", DESKTOP)
    gctx, german = open_seat(browser, api, "german", PHONE)
    try:
        click_piece(russian, "t34")
        expect(russian.locator("#selected-piece")).to_contain_text("T-34/85")
        form = open_action(russian, "place_smoke")
        expect(form.locator('input[name="target"]')).to_have_attribute("placeholder", "C5")
        click_hex(russian, "2,2")
        expect(form.locator(".picked")).to_have_text("C4")  # the board's own hex id
        submit(russian, form)
        assert_near_and_visible(russian, form, "ASL-8.52-b")
        assert version(russian) == start
        form.locator("button.pick").click()
        click_hex(russian, "4,1")
        expect(form.locator('input[name="target"]')).to_have_value(printed(russian, "4,1"))
        expect(russian.locator("#odds .odds-table").first).to_be_visible()
        # an entered-dice table: the dice are typed in, there is no "roll on the server"
        assert form.locator('select[name="__dice_mode"]').count() == 0
        form.locator('input[name="__dice"]').fill("2,3")
        do_it(russian, form)
        wait_version(german, start + 1)
        expect(german.locator('#map .marker[data-hex="4,1"]')).to_have_count(1)
        expect(german.locator("#journal li").first).to_contain_text("Dice 2,3")
        # the german Gun may only turn its Covered Arc in the russian's Prep Fire Phase
        click_piece(german, "pz")
        types = german.locator("details.action-box").evaluate_all(
            "ns => ns.map((n) => n.dataset.type)"
        )
        assert types == ["turn_ca"]
        form = german.locator('details.action-box[data-type="turn_ca"] form.action')
        expect(form).to_be_visible()  # the only action opens by itself
        assert form.locator('input[name="__dice"]').count() == 0  # turning rolls nothing
        form.locator('select[name="ca"]').select_option(label="3: S")
        do_it(german, form)
        wait_version(russian, start + 2)
        sizes = label_sizes(german)
        assert sizes["coord"] >= 12 and sizes["unit"] >= 12, sizes
        if shots:
            shot(russian, shots / "table-asl-desktop.png")
            shot(german, shots / "table-asl-phone.png")
    finally:
        rctx.close()
        gctx.close()
