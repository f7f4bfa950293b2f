"""The page's own dice verifier (static/dice.js) in Debian's Chromium.

The page keeps its seat's chain root in localStorage, publishes the anchor,
reveals one element per version (in its ``POST /since``, for the action a notice
or its view names), sends it with its actions, and recomputes
every die it shows; these tests make the operator cheat and check that the
page names the roll. The derivation in JavaScript is cross-checked against
the Python one on fixed vectors. Clauses: TABLE-DICE-1..5 (see test_dice.py).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from ordnance.server import commitments
from ordnance.server.dice_scheme import derive, seed_hash
from ordnance.server.models import CommitmentRow
from tests.server.dice_helpers import Clock, live_server
from tests.server.test_browser import _act
from tests.server.test_dice import (
    VECTOR,
    VECTOR_FACES,
    VECTOR_V2,
    VECTOR_V2_DIGEST,
    VECTOR_V2_FACES,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with live_server(tmp_path_factory.mktemp("dicepage") / "t.db") as pair:
        yield pair


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    from tests.server.test_browser import ARGS, CHROMIUM

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


class Seats:
    """A table made through the API, with one browser context per seat."""

    def __init__(
        self,
        base: str,
        browser: Any,
        init_script: str | None = None,
        before_pages: Callable[[Seats], int] | None = None,
        game: str = "secrets",
    ):
        """``before_pages``: run on the new table before any page opens; it returns the
        version the pages then open at (0 without it)."""
        from tests.server.conftest import http_table

        self.base = base
        self.id, self.tokens = http_table(base, game)
        opened_at = 0 if before_pages is None else before_pages(self)
        self.contexts = {seat: browser.new_context() for seat in self.tokens}
        if init_script is not None:  # run in every page before its own scripts
            for ctx in self.contexts.values():
                ctx.add_init_script(init_script)
        self.pages = {seat: ctx.new_page() for seat, ctx in self.contexts.items()}
        for seat, page in self.pages.items():
            page.goto(f"{base}/t/{self.id}#seat={self.tokens[seat]}")
            page.wait_for_function(f"() => document.body.dataset.version === '{opened_at}'")

    def api(self, seat: str, method: str, path: str, body: Any = None) -> Any:
        return httpx.request(
            method,
            f"{self.base}/api/tables/{self.id}{path}",
            json=body,
            headers={"Authorization": f"Bearer {self.tokens[seat]}"},
        )

    def at(self, version: int) -> None:
        """Both pages show ``version`` and have revealed their element for it."""
        for page in self.pages.values():
            page.wait_for_function(f"() => document.body.dataset.version === '{version}'")

    def close(self) -> None:
        for ctx in self.contexts.values():
            ctx.close()


def _to_attack(seats: Seats) -> None:
    """Version 0 -> 1 (anchors count from version 1); both pages reveal at 1."""
    view = seats.api("allies", "GET", "/view").json()
    res = seats.api(
        "allies",
        "POST",
        "/actions",
        {"action": {"type": "end_phase"}, "expected_version": view["version"]},
    )
    assert res.status_code == 200
    seats.at(1)


def _attack_from_page(seats: Seats) -> None:
    _act(seats.pages["allies"], "attack", {"dice": "6", "target": "2,0"})
    seats.at(2)


def _verify_line(page: Any, seq: int) -> Any:
    page.click("#verify-button")
    return page.locator(f'#verify-list li[data-seq="{seq}"]')


def test_js_derivation_equals_python_on_fixed_vectors(
    served: tuple[str, Any], browser: Any
) -> None:
    base, _app = served
    page = browser.new_page()
    try:
        page.goto(base + "/")
        page.add_script_tag(url="/static/dice.js")
        vectors = [VECTOR]
        for i in range(12):
            h = hashlib.sha256(str(i).encode()).hexdigest()
            vectors.append(
                {
                    "seed": h[: 32 + 2 * i],
                    "game_id": f"g{i}-é",
                    "version": i * 37,
                    "elements": {"b": h, "a": None if i % 3 else h[::-1], "Ω": h[1:] + "0"},
                    "sides": [6] * (5 + 3 * i) + [2, 3, 10, 12, 20, 100, 256],
                }
            )
        js = page.evaluate(
            "vs => vs.map(v => OrdnanceDice.derive(v.seed, v.game_id, v.version, v.elements, v.sides))",
            vectors,
        )
        py = [
            derive(v["seed"], v["game_id"], v["version"], v["elements"], v["sides"])
            for v in vectors
        ]
        assert js == py and js[0] == VECTOR_FACES
        v2 = page.evaluate(
            "v => OrdnanceDice.derive(v.seed, v.game_id, v.version, v.elements, v.sides, v.digest)",
            dict(VECTOR_V2, digest=VECTOR_V2_DIGEST),
        )
        assert v2 == VECTOR_V2_FACES
        # the pure-JS SHA-256 against hashlib and against the browser's crypto.subtle
        texts = ["", "abc", "x" * 55, "x" * 56, "x" * 64, "é" * 100, "y" * 1000]
        ours = page.evaluate("ts => ts.map(t => OrdnanceDice.seedHash(t))", texts)
        assert ours == [hashlib.sha256(t.encode()).hexdigest() for t in texts]
        subtle = page.evaluate(
            """async ts => Promise.all(ts.map(async t => [...new Uint8Array(await crypto.subtle.digest(
                 'SHA-256', new TextEncoder().encode(t)))].map(b => b.toString(16).padStart(2, '0')).join('')))""",
            texts,
        )
        assert subtle == ours
        assert page.evaluate("OrdnanceDice.seedHash('5e'.repeat(32))") == seed_hash("5e" * 32)
    finally:
        page.close()


def test_pages_put_both_seats_secrets_into_the_roll(served: tuple[str, Any], browser: Any) -> None:
    from playwright.sync_api import expect

    base, _app = served
    seats = Seats(base, browser)
    try:
        _to_attack(seats)
        _attack_from_page(seats)
        record = seats.api("axis", "GET", "/dice").json()
        (roll,) = record["rolls"]
        assert all(roll["elements"][s] for s in ("allies", "axis"))
        for page in seats.pages.values():
            expect(page.locator("#verify-summary")).to_contain_text("Every roll recomputed")
            expect(page.locator('#journal li[value="2"]')).to_have_attribute("data-dice", "ok")
        # entered dice are not offered at a table that rolls on the server (TABLE-DICE-1)
        hidden = seats.pages["axis"].locator('form.action select.dice-mode option[value="entered"]')
        expect(hidden.first).to_be_hidden()
    finally:
        seats.close()


def test_page_names_a_forged_die(served: tuple[str, Any], browser: Any) -> None:
    """A die value changed in transit (in the journal and the dice record alike)."""
    from playwright.sync_api import expect

    base, _app = served
    seats = Seats(base, browser)
    try:
        _to_attack(seats)
        _attack_from_page(seats)
        page = seats.pages["axis"]

        def forge(route: Any) -> None:
            res = route.fetch()
            data = res.json()
            rows = data.get("rolls") or data.get("entries") or []
            for row in rows:
                if row.get("seq") == 2 and row.get("dice"):
                    row["dice"][3] = row["dice"][3] % 6 + 1
            route.fulfill(response=res, body=json.dumps(data))

        page.route("**/api/tables/*/dice?*", forge)
        page.route("**/api/tables/*/log*", forge)
        line = _verify_line(page, 2)
        expect(line).to_contain_text("die value mismatch")
        expect(line).to_contain_text("#4")
        expect(page.locator("#verify-summary")).to_contain_text("Rolls that fail: #2")
    finally:
        seats.close()


def test_page_detects_the_operator_replacing_a_seed(served: tuple[str, Any], browser: Any) -> None:
    """Seed only (its hash was drawn with it and is published): hash mismatch.
    Seed and hash after the page saw the hash: the page remembers what it saw. The
    axis page's reveal against the hash it saw is refused, and it never sends that
    element again (not even at the same version): the roll goes without axis."""
    from playwright.sync_api import expect

    base, app = served
    journal = app.state.service.journal
    seats = Seats(base, browser)
    try:
        with journal.transaction() as s:
            s.execute(
                update(CommitmentRow)
                .where(CommitmentRow.game_id == seats.id, CommitmentRow.for_version == 1)
                .values(seed="22" * 32)
            )
        commitments._SEEN.clear()
        _to_attack(seats)
        _attack_from_page(seats)  # roll #2 at version 1: a replaced seed
        # both pages saw the hash of version 2; now the operator swaps seed AND hash of
        # version 2, so the record is self-consistent
        forged = "33" * 32
        with journal.transaction() as s:
            s.execute(
                update(CommitmentRow)
                .where(CommitmentRow.game_id == seats.id, CommitmentRow.for_version == 2)
                .values(seed=forged, seed_hash=seed_hash(forged))
            )
        commitments._SEEN.clear()
        axis = seats.pages["axis"]
        reveals: list[dict[str, Any]] = []

        def sent(request: Any) -> None:
            if request.method == "POST" and request.url.split("?")[0].endswith("/since"):
                reveal = json.loads(request.post_data or "{}").get("reveal")
                if reveal is not None:
                    reveals.append(reveal)

        def refused(response: Any) -> bool:
            return response.status == 409 and response.url.split("?")[0].endswith("/since")

        axis.on("request", sent)
        attack = {"action": {"type": "attack", "dice": 5, "target": "1,0"}, "expected_version": 2}
        clock = Clock().install_app(app)
        try:
            # the axis page reveals against the hash it saw: the server's differs, 409
            with axis.expect_response(refused):
                res = seats.api("allies", "POST", "/actions", attack)
            assert res.status_code == 202
            pending = res.json()["rolling"]
            assert pending["waiting_for"] == ["axis"]
            # the page answers with a new anchor, never that element again; the roll
            # goes without axis once its deadline passes (go_ahead)
            expect(axis.locator("body")).to_have_attribute("data-version", "2")
            clock.now = pending["deadline"] + 1
            assert seats.api("allies", "GET", "/view").json()["version"] == 3
            seats.at(3)
        finally:
            app.state.service.clock = time.time
        assert len(reveals) == 1 and reveals[0]["version"] == 2
        record = seats.api("axis", "GET", "/dice").json()
        roll3 = next(r for r in record["rolls"] if r["seq"] == 3)
        assert roll3["elements"]["axis"] is None and roll3["without"] == ["axis"]
        assert reveals[0]["element"] not in json.dumps(record)
        for page in seats.pages.values():
            expect(_verify_line(page, 2)).to_contain_text("the seed does not hash")
            expect(_verify_line(page, 3)).to_contain_text("differs from the one shown to you")
            expect(page.locator("#verify-summary")).to_contain_text("#2, #3")
        expect(_verify_line(axis, 3)).to_contain_text("the server refused your secret")
    finally:
        seats.close()


def test_page_never_resends_an_element_the_server_did_not_record(
    served: tuple[str, Any], browser: Any
) -> None:
    """A reveal answered 409 (here by the network, as an operator could) leaves the
    element known to the server but unrecorded; the page never sends it again, at the
    same version or a later one (it starts a new chain instead), so the operator cannot
    accept it after seeing it, and its check of the roll says so."""
    from playwright.sync_api import expect

    base, _app = served
    seats = Seats(base, browser)
    try:
        page = seats.pages["axis"]
        refused: list[str] = []
        later: list[dict[str, Any]] = []

        def refuse_once(route: Any) -> None:
            # the page's reveal travels in its POST /since (docs/server.md); the first
            # reveal is refused, every later one (any version) passes and is kept
            reveal = json.loads(route.request.post_data or "{}").get("reveal")
            if reveal is None:
                route.continue_()
                return
            if refused:
                later.append(reveal)
                route.continue_()
                return
            refused.append(route.request.post_data or "")
            route.fulfill(status=409, content_type="application/json", body='{"message": "stale"}')

        def carries_reveal(response: Any) -> bool:
            return response.status == 409 and response.url.split("?")[0].endswith("/since")

        def new_anchor(response: Any) -> bool:
            return response.ok and response.url.split("?")[0].endswith("/dice/anchor")

        page.route("**/api/tables/*/since*", refuse_once)
        _to_attack(seats)
        clock = Clock().install_app(_app)
        try:
            # refused, the page answers with a new chain (its anchor serves the next
            # actions only), never with the same element
            with page.expect_response(new_anchor), page.expect_response(carries_reveal):
                _act(seats.pages["allies"], "attack", {"dice": "6", "target": "2,0"}, wait=False)
            sent = json.loads(refused[0])["reveal"]
            assert sent["version"] == 1
            pending = seats.api("allies", "GET", "/view").json()["dice"]["pending"]
            assert pending["waiting_for"] == ["axis"]
            clock.now = pending["deadline"] + 1  # go_ahead: the roll goes without axis
            assert seats.api("allies", "GET", "/view").json()["version"] == 2
            seats.at(2)
        finally:
            _app.state.service.clock = time.time
        assert sent["element"] not in seats.api("axis", "GET", "/dice").text
        # never sent again: not at version 1, where the operator could now accept it
        # (and so choose between the roll with it and without it), nor later, where it
        # could fit a seed to it
        assert len(refused) == 1
        assert all(r["element"] != sent["element"] for r in later)
        assert not [r for r in later if r["version"] == 1]
        line = _verify_line(page, 2)
        expect(line).to_contain_text("the server refused your secret")
        expect(line).to_contain_text("rolled without the element of axis")
    finally:
        seats.close()


def test_a_roll_without_a_silent_seat_is_marked_on_the_page(
    served: tuple[str, Any], browser: Any
) -> None:
    """The axis page is closed: the attack waits, then (go_ahead, past the deadline on
    the server's clock) rolls without axis; the record, the journal answer and the
    page's text say the operator and allies together could have foreseen it."""
    from playwright.sync_api import expect

    base, app = served
    seats = Seats(base, browser)
    try:
        _to_attack(seats)
        seats.pages["axis"].close()
        allies = seats.pages["allies"]
        clock = Clock().install_app(app)
        try:
            _act(allies, "attack", {"dice": "6", "target": "2,0"}, wait=False)
            # the awaited seat by name, with the time left (test_page_live_play.py)
            expect(allies.locator("form.action .form-result:visible").first).to_contain_text(
                "Waiting for axis to roll ("
            )
            pending = seats.api("allies", "GET", "/view").json()["dice"]["pending"]
            assert pending["waiting_for"] == ["axis"] and pending["mine"] is True
            clock.now = pending["deadline"] + 1
            assert seats.api("allies", "GET", "/view").json()["version"] == 2
        finally:
            app.state.service.clock = time.time
        allies.wait_for_function("() => document.body.dataset.version === '2'")
        words = "rolled without the element of axis: the operator and allies together could have foreseen it"
        record = seats.api("allies", "GET", "/dice").json()
        assert record["rolls"][0]["without"] == ["axis"]
        assert record["rolls"][0]["elements"]["axis"] is None
        log = seats.api("allies", "GET", "/log").json()
        assert log["entries"][-1]["dice_note"] == words
        expect(allies.locator('#verify-list li[data-seq="2"]')).to_contain_text(words)
        expect(allies.locator('#journal li[value="2"]')).to_have_attribute("data-dice-note", words)
    finally:
        seats.close()


def test_page_rejects_an_element_revealed_before_its_action(
    served: tuple[str, Any], browser: Any
) -> None:
    """The operator rewrites the record so that the axis element was revealed before the
    attack was committed (its order number below the commitment's, or naming no action):
    the page's verifier names the roll."""
    from playwright.sync_api import expect

    base, _app = served
    seats = Seats(base, browser)
    try:
        _to_attack(seats)
        _attack_from_page(seats)
        page = seats.pages["axis"]

        def forge(route: Any) -> None:
            res = route.fetch()
            data = res.json()
            for chain in data.get("chains", {}).get("axis", []):
                for r in chain["reveals"]:
                    r["seq"] = data["rolls"][0]["pending"]["commit_seq"] - 1
            route.fulfill(response=res, body=json.dumps(data))

        page.route("**/api/tables/*/dice?*", forge)
        line = _verify_line(page, 2)
        expect(line).to_contain_text("was revealed before the action was committed")
        expect(page.locator("#verify-summary")).to_contain_text("Rolls that fail: #2")
    finally:
        seats.close()


def _elements_used(seats: Seats) -> list[tuple[str, list[str]]]:
    """Per roll of the dice record, in order: the acting seat and the seats whose
    element the roll used (the record read through the API, as any seat reads it)."""
    rolls = sorted(seats.api("axis", "GET", "/dice").json()["rolls"], key=lambda r: r["seq"])
    assert all(not r.get("without") for r in rolls), rolls
    return [(r["pending"]["seat"], sorted(s for s, e in r["elements"].items() if e)) for r in rolls]


def _attacks(seats: Seats, order: list[str], at: int) -> None:
    """Each seat of ``order`` attacks in turn from its own page, from version ``at``."""
    for i, seat in enumerate(order):
        _act(seats.pages[seat], "attack", {"dice": "3", "target": "2,0"})
        seats.at(at + i + 1)


def _no_page_says_without(seats: Seats, rolls: int) -> None:
    from playwright.sync_api import expect

    for page in seats.pages.values():
        page.click("#verify-button")
        expect(page.locator("#verify-summary")).to_contain_text(
            f"Every roll recomputed from the revealed secrets ({rolls})"
        )
        expect(page.locator("#verify-list")).not_to_contain_text("rolled without")
        expect(page.locator("#verify-list")).not_to_contain_text("no secret from")


def _alternate_attacks_use_both_elements(seats: Seats) -> None:
    """Four attacks, the seats in turn from version 1: every roll used both seats'
    elements, and no page says a roll went without one."""
    order = ["allies", "axis", "allies", "axis"]
    _attacks(seats, order, 1)
    assert _elements_used(seats) == [(s, BOTH) for s in order]
    _no_page_says_without(seats, len(order))


BOTH = ["allies", "axis"]


def test_each_acting_page_puts_its_own_element_into_every_roll_it_makes(
    served: tuple[str, Any], browser: Any
) -> None:
    """TABLE-DICE-3/7: both seats attack in turn, several times, each from its own page
    (one fresh browser context per seat). Every roll mixes both seats' elements: the
    acting page sends its own with its action, the other page reveals its for it; no
    roll is marked ``without`` and no page's check says one went without a seat."""
    base, _app = served
    seats = Seats(base, browser)
    try:
        _to_attack(seats)
        order = ["allies", "axis", "allies", "axis", "axis", "allies"]
        _attacks(seats, order, 1)
        assert _elements_used(seats) == [(s, BOTH) for s in order]
        for entry in seats.api("allies", "GET", "/log").json()["entries"]:
            assert not entry.get("dice_note"), entry
        _no_page_says_without(seats, len(order))
    finally:
        seats.close()


def test_a_page_opened_mid_game_sends_its_element_with_its_first_action(
    served: tuple[str, Any], browser: Any
) -> None:
    """TABLE-DICE-3/7: the pages open at version 1 (fresh contexts: each publishes its
    anchor after reading its view). Before the fix the view the page held named no
    chain, so its first action went without its own element ("rolled without allies's
    element"); the page now takes the anchor's answer into its view."""

    def to_attack(seats: Seats) -> int:
        res = seats.api(
            "allies", "POST", "/actions", {"action": {"type": "end_phase"}, "expected_version": 0}
        )
        assert res.status_code == 200
        return 1

    base, _app = served
    seats = Seats(base, browser, before_pages=to_attack)
    try:
        _alternate_attacks_use_both_elements(seats)
    finally:
        seats.close()


def test_an_element_spent_on_a_refused_action_is_replaced_before_the_next_one(
    served: tuple[str, Any], browser: Any
) -> None:
    """TABLE-DICE-3/7: an element is sent once. The allies page's attack is refused
    twice (a stale version, 409; then a die count the rules refuse, 422), each time
    carrying its next element, which the server did not record. Before the fix the
    page kept that spent element as its next one: its own rolls went without it and the
    axis attack after waited for an element it would never send (then went without
    allies). Now the page starts and publishes a new chain, and every roll after uses
    both seats' elements."""
    base, _app = served
    seats = Seats(base, browser)
    try:
        _to_attack(seats)
        allies = seats.pages["allies"]
        carried: list[bool] = []

        def spoil(change: dict[str, Any]) -> Callable[[Any], None]:
            def handler(route: Any) -> None:
                body = json.loads(route.request.post_data)
                carried.append("element" in body)
                body.update(change) if "expected_version" in change else body["action"].update(
                    change
                )
                route.continue_(post_data=json.dumps(body))

            return handler

        for change in ({"expected_version": 0}, {"dice": 13}):
            allies.route("**/actions?*", spoil(change))
            # the refusal is answered, then the page publishes its new chain's anchor
            with allies.expect_response(lambda r: r.url.endswith("/dice/anchor")) as anchored:
                _act(allies, "attack", {"dice": "3", "target": "2,0"}, wait=False)
            assert anchored.value.ok
            anchored.value.finished()
            allies.unroute("**/actions?*")
        assert carried == [True, True]
        _alternate_attacks_use_both_elements(seats)
    finally:
        seats.close()


def test_page_words_name_who_could_have_foreseen_a_roll_without_an_element(
    served: tuple[str, Any], browser: Any
) -> None:
    """TABLE-DICE-7: the page's note for a roll without some elements names the operator
    with the seats whose elements the roll used: with the acting seat when another is
    missing, with the other seats when the acting seat's own is missing (not the acting
    seat), the operator alone when none was used; in Russian from the catalogue."""
    seats = Seats(served[0], browser)
    try:
        page = seats.pages["allies"]
        words = page.evaluate(
            """() => [OrdnanceDice.withoutText(["axis"], "allies", ["allies", "axis"]),
                      OrdnanceDice.withoutText(["allies"], "allies", ["allies", "axis"]),
                      OrdnanceDice.withoutText(["allies", "axis"], "allies", ["allies", "axis"])]"""
        )
        assert words == [
            "rolled without the element of axis: the operator and allies together could have foreseen it",
            "rolled without the element of allies: the operator and axis together could have foreseen it",
            "rolled without the element of allies, axis: the operator alone could have foreseen it",
        ]
        page.goto(f"{seats.base}/t/{seats.id}?lang=ru#seat={seats.tokens['allies']}")
        page.wait_for_function("() => document.body.dataset.version === '0'")
        alone = page.evaluate(
            """() => OrdnanceDice.withoutText(["allies", "axis"], "allies", ["allies", "axis"])"""
        )
        assert alone == "брошено без секрета allies, axis: один оператор мог предвидеть этот бросок"
    finally:
        seats.close()
