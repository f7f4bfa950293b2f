"""The note of a roll drawn without a silent seat's element names the sides by their
names, never by their seat ids, as every other text of the table does (TABLE-DICE-7).

A World at War table (seats ``us`` and ``soviet``, shown as Americans and Soviets)
rolls server dice with ``dice_wait="go_ahead"``: the US HE Fire waits for the Soviet
element, the deadline passes on the service's clock, the roll goes ahead without it.
The journal answer (``GET /log``, its ``dice_note``) in English and Russian, and the
page's own dice checks (static/dice.js: the line of the roll and the journal line's
mark), say who could have foreseen the roll with the sides' names.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Table
from tests.server.dice_helpers import Chain, Clock, live_server
from tests.server.test_dice_page import Seats, browser  # noqa: F401 (fixture)

SETUP: list[tuple[str, dict[str, Any]]] = [
    ("soviet", {"type": "place_terrain", "hexes": ["4,1"], "terrain": "woods"}),
    ("soviet", {"type": "place_unit", "id": "t72", "kind": "T-72", "side": "soviet", "hex": "4,1"}),
]  # fmt: skip
HE = {"type": "he_fire", "side": "us", "target": "4,1", "firepower": 4, "hit_number": 4}
ENGLISH = (
    "rolled without the element of Soviets: the operator and Americans together could have "
    "foreseen it"
)
RUSSIAN = "брошено без секрета советские: оператор вместе с американцы могли предвидеть этот бросок"
#: A seat id as a word of its own (not inside a name such as "Soviets").
IDS = re.compile(r"\b(us|soviet)\b")


def test_the_journal_note_names_the_sides(client: TestClient) -> None:
    clock = Clock().install(client)
    table = Table(client, "waw", dice_wait="go_ahead", dice_wait_seconds=30)
    us, soviet = Chain(table, "us"), Chain(table, "soviet")
    assert us.publish().status_code == 200 and soviet.publish().status_code == 200
    for seat, action in SETUP:
        assert table.act(seat, action).status_code == 200, seat
    view = table.get("us", "/view").json()
    body = {"action": HE, "expected_version": view["version"], "element": us.next_element()}
    assert table.post("us", "/actions", body).status_code == 202
    clock.now += 30  # the deadline: the next read draws the dice without the Soviet element
    (roll,) = table.get("us", "/dice").json()["rolls"]
    assert roll["without"] == ["soviet"]
    for lang, words in (("en", ENGLISH), ("ru", RUSSIAN)):
        note = table.get("soviet", f"/log?lang={lang}").json()["entries"][-1]["dice_note"]
        assert note == words
        assert not IDS.search(note), (lang, note)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with live_server(tmp_path_factory.mktemp("dicenote") / "t.db") as pair:
        yield pair


@pytest.mark.browser
def test_the_pages_dice_checks_name_the_sides(served: tuple[str, Any], browser: Any) -> None:  # noqa: F811
    """The Soviet page, open at the start (its anchor published), closes; the US page
    fires. Its verify list and the journal line's mark name Soviets and Americans; the
    same page in Russian words it from the catalogue with the Russian names."""
    from playwright.sync_api import expect

    from tests.server.test_browser import _act

    base, app = served
    seats = Seats(base, browser, game="waw")
    try:
        for seat, action in SETUP:
            view = seats.api(seat, "GET", "/view").json()
            body = {"action": action, "expected_version": view["version"]}
            assert seats.api(seat, "POST", "/actions", body).status_code == 200
        fired_at = len(SETUP)
        seats.at(fired_at)
        seats.pages["soviet"].close()
        page = seats.pages["us"]
        clock = Clock().install_app(app)
        try:
            fill = {"side": "us", "target": "4,1", "firepower": "4", "hit_number": "4"}
            _act(page, "he_fire", fill, wait=False)
            expect(page.locator("form.action .form-result:visible").first).to_contain_text(
                "Waiting for Soviets to roll ("
            )
            pending = seats.api("us", "GET", "/view").json()["dice"]["pending"]
            clock.now = pending["deadline"] + 1
            assert seats.api("us", "GET", "/view").json()["version"] == fired_at + 1
        finally:
            app.state.service.clock = time.time
        seq = fired_at + 1
        page.wait_for_function(f"() => document.body.dataset.version === '{seq}'")
        line = page.locator(f'#verify-list li[data-seq="{seq}"]')
        expect(line).to_contain_text(ENGLISH)
        mark = page.locator(f'#journal li[value="{seq}"]')
        expect(mark).to_have_attribute("data-dice-note", ENGLISH)
        assert not IDS.search(line.inner_text())
        page.goto(f"{base}/t/{seats.id}?lang=ru#seat={seats.tokens['us']}")
        page.wait_for_function(f"() => document.body.dataset.version === '{seq}'")
        page.click("#verify-button")
        expect(page.locator(f'#verify-list li[data-seq="{seq}"]')).to_contain_text(RUSSIAN)
    finally:
        seats.close()
