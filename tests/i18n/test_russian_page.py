"""The table page in Russian: every text the page draws is Russian (or an allowed name).

A sample scenario of each game is set up through the API and a few moves are
played, then each seat's page is opened with ``?lang=ru`` in Debian's Chromium
and every text the page shows (its header and seat line, the panels, the
forms and their choices, the journal) is read back and run through the
English-word detector (``tests/i18n/latin.py``); the raw view, a collapsed
JSON dump for programs, is left out. A refused action is sent from the page's
own form, and its refusal, drawn beside the button, is Russian too.
Clauses met on the way: ASL-B3 (ASL phases), WAW-B6 and WAW-HE-a (WaW HE Fire).
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from ordnance.core.scenario import open_source
from tests.i18n.latin import offences
from tests.server.conftest import claim
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

#: (scenario, the seat whose page is read, moves played first through the API)
TABLES: dict[str, tuple[str, str, list[tuple[str, dict[str, Any]]]]] = {
    "asl": (
        "asl/normandy-sample",
        "german",
        [("american", {"type": "turn_ca", "gun": "m4a3-76-1", "ca": 2})],
    ),
    "waw": (
        "waw/fulda-sample",
        "us",
        [("soviet", {"type": "smoke", "side": "soviet", "target": "3,1"})],
    ),
    "toi": (
        "toi/crossroads-sample",
        "soviet",
        [("german", {"type": "move", "unit": "g-pziv-1", "to": "1,3"})],
    ),
}
SEAT_NAMES = {"german": "немцы", "us": "американцы", "soviet": "советские"}
#: What the page draws in words; ``#raw`` (the JSON view for programs) is not among them.
SHOWN = "#seat-name, #view .panel, #actions, #journal, #seats-box, #board-note"


def _table(base: str, scenario: str) -> tuple[str, dict[str, str]]:
    src = open_source(scenario)
    with httpx.Client(base_url=base, timeout=60) as c:
        body = {"game": src.data["game"], "scenario": src.data, "dice": "server"}
        res = c.post("/api/tables", json=body)
        assert res.status_code == 201, res.text
        data = res.json()
        tokens = {data["seat"]: data["token"]}
        for invitation in data["invitations"]:
            claimed = claim(c, invitation["link"])
            tokens[claimed["seat"]] = claimed["token"]
    return data["game_id"], tokens


def _act(base: str, gid: str, token: str, action: dict[str, Any]) -> None:
    auth = {"Authorization": "Bearer " + token}
    with httpx.Client(base_url=base, timeout=60) as c:
        version = c.get(f"/api/tables/{gid}/view", headers=auth).json()["version"]
        res = c.post(
            f"/api/tables/{gid}/actions",
            json={"action": action, "expected_version": version},
            headers=auth,
        )
    assert res.status_code == 200, res.text


@pytest.mark.browser
@pytest.mark.parametrize("game", sorted(TABLES))
def test_russian_table_page_draws_no_english(server: str, browser: Any, game: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    scenario, seat, moves = TABLES[game]
    gid, tokens = _table(server, scenario)
    for who, action in moves:
        _act(server, gid, tokens[who], action)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        page.goto(f"{server}/t/{gid}?lang=ru#seat={tokens[seat]}")
        expect(page.locator("#map svg.hexmap")).to_be_visible()
        expect(page.locator("#journal li").first).to_be_visible()
        # the seat and the game by their names, not their ids
        expect(page.locator("#seat-name")).to_contain_text("Ваша сторона: " + SEAT_NAMES[seat])
        shown = [
            (f"{game} page {sel}", text)
            for sel in SHOWN.split(", ")
            for text in page.locator(sel).all_inner_texts()
        ]
        # every action is folded under its title: each fold opened in turn, its texts read
        boxes = page.locator("details.action-box")
        for i in range(boxes.count()):
            box = boxes.nth(i)
            if box.get_attribute("open") is None:
                box.locator("summary").click()
            expect(box.locator("form.action")).to_be_visible()
            shown.append((f"{game} page action", box.inner_text()))
        options = page.locator("#actions option").all_inner_texts()
        shown += [(f"{game} page choice", o) for o in options]
        assert len(shown) > 5
        bad = offences([(w, line) for w, text in shown for line in text.splitlines()])
        assert not bad, "\n".join(map(str, bad))
        if game == "waw":  # a refusal from the page's own form, drawn beside its button
            box = page.locator('details.action-box[data-type="he_fire"]')
            if box.get_attribute("open") is None:
                box.locator("summary").click()
            form = page.locator('form.action[data-type="he_fire"]')
            form.locator('input[name="target"]').fill("0101")
            form.locator('input[name="firepower"]').fill("0")
            form.locator('select[name="hit_number"]').select_option("4")
            form.locator('button[type="submit"]').click()
            result = form.locator(".form-result.error")
            expect(result).to_contain_text("[WAW-HE-a]")
            expect(result).to_contain_text("огневой мощью 0")
            assert not offences([("waw page refusal", result.inner_text())])
    finally:
        ctx.close()


@pytest.mark.browser
@pytest.mark.parametrize("game", ["asl", "waw"])
def test_russian_calculators_page_draws_no_english(server: str, browser: Any, game: str) -> None:  # noqa: F811
    """``/calc/{game}?lang=ru``: the questions, their help and field labels, and an
    answer asked from the page (its example question) are Russian."""
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        page.goto(f"{server}/calc/{game}?lang=ru")
        expect(page.locator("#calc-form label").first).to_be_visible()
        shown = [("calc questions", o) for o in page.locator("#calc-pick option").all_inner_texts()]
        shown += [("calc help", page.inner_text("#calc-help"))]
        shown += [("calc form", page.inner_text("#calc-form"))]
        page.locator("#calc-form button[type=submit]").click()
        expect(page.locator("#calc-answer")).not_to_be_empty()
        shown += [
            ("calc answer title", t)
            for t in page.locator(
                "#calc-answer h2, #calc-answer h3, #calc-answer caption"
            ).all_inner_texts()
        ]
        bad = offences([(w, line) for w, text in shown for line in text.splitlines()])
        assert not bad, "\n".join(map(str, bad))
    finally:
        ctx.close()
