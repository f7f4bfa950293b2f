"""The odds box, the journal and the view speak players' words (Playwright, Debian's Chromium).

The odds box titles every figure with the title its game declared on its odds
model (``core.shapes.Figure``; the page knows no game's keys), and heads with
the chance that matters: Tide of Iron's chance to destroy and to damage the
target (TOI-B6), World at War's chance of a Hit (WAW-8.2-e), ASL's chance to
place the SMOKE (C8.9, ASL-8.9-c). The journal names sides, not seat ids, and
World at War's view titles its columns and names its units.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server import table_pages as tp
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)
from tests.server.test_page_play import asl_table

pytestmark = pytest.mark.browser

#: Keys of the three games' odds answers that a player must never read as a name.
RAW_KEYS = {
    "attack_dice", "hit_on", "defence_dice", "band", "munitions", "after", "p_kill", "p_damage",
    "hit_number", "p_hit", "note", "malfunction", "placed", "th", "drm", "available_after",
    "joint", "dice", "counts", "units", "outcomes", "harmed",
}  # fmt: skip

WAW_SETUP = [
    ("soviet", {"type": "place_unit", "id": "t72", "kind": "T-72", "side": "soviet", "hex": "5,1"}),
    ("soviet", {"type": "place_unit", "id": "hq", "kind": "Soviet HQ", "side": "soviet", "hex": "5,1"}),
    ("us", {"type": "place_unit", "id": "abrams", "kind": "M1 Abrams", "side": "us", "hex": "1,2"}),
    ("us", {"type": "place_terrain", "hexes": ["3,1", "3,2", "4,1"], "terrain": "woods"}),
]  # fmt: skip


def names_shown(odds: Any) -> list[str]:
    """What the odds box writes as the name of a figure or a table."""
    texts: list[str] = odds.evaluate(
        "o => [...o.querySelectorAll('dt, caption')].map((n) => n.innerText.trim())"
    )
    return texts


def no_raw_key(odds: Any) -> None:
    shown = names_shown(odds)
    assert shown, "the odds box shows no figure"
    assert not RAW_KEYS & set(shown), shown
    assert not [s for s in shown if re.fullmatch(r"[a-z]+(_[a-z]+)+", s)], shown


def test_toi_odds_head_with_the_kill_chance_in_words(server: str, browser: Any) -> None:  # noqa: F811
    """TOI-B6 (damage by net hits), TOI-GEN-7 (the attack's pools) in the odds box."""
    api = tp.Api(server, "toi")
    api.act("german", {"type": "move", "unit": "g-pziv-1", "to": "2,3"})
    ctx, page = tp.open_seat(browser, api, "soviet", tp.DESKTOP)
    try:
        tp.click_piece(page, "s-t34-1")
        tp.open_action(page, "attack")
        tp.click_piece(page, "g-panther-1")
        odds = tp.see_odds(page)
        head = odds.locator(".odds-headline")
        expect(head.locator('[data-figure="p_kill"]')).to_have_text("1.1% (208/19683)")
        expect(head.locator('[data-figure="p_damage"]')).to_have_text("45.1% (8881/19683)")
        expect(head).to_contain_text("Chance to destroy the target")
        expect(odds.locator(".odds-facts")).to_contain_text("Attack dice (black)")
        expect(odds.locator(".odds-facts")).to_contain_text("Defence dice (red)")
        after = odds.locator(".extra-dist", has_text="The target after the attack")
        expect(after).to_contain_text("lightly damaged")
        expect(after).to_contain_text("208/19683")
        no_raw_key(odds)
    finally:
        ctx.close()


def test_waw_odds_journal_and_view_in_words(server: str, browser: Any) -> None:  # noqa: F811
    """WAW-8.2-e: the chance of a Hit heads the shot; the save is said not modelled;
    the journal names sides; the Units panel titles its columns and names its units."""
    api = tp.Api(server, "waw")
    for seat, action in WAW_SETUP:
        api.act(seat, action)
    ctx, page = tp.open_seat(browser, api, "soviet", tp.DESKTOP)
    try:
        tp.click_stack(page, "5,1")
        tp.click_piece(page, "t72")
        form = tp.open_action(page, "fire")
        tp.click_hex(page, "1,2")
        form.locator('select[name="weapon"]').select_option(label="AP (anti-armour)")
        odds = tp.see_odds(page)
        expect(odds.locator('[data-figure="p_hit"]')).to_have_text("87.5% (7/8)")
        expect(odds.locator(".odds-headline")).to_contain_text("Chance of at least one Hit")
        expect(odds.locator(".odds-facts")).to_contain_text("Hit Number after smoke")
        expect(odds.locator(".odds-facts")).to_contain_text("not modelled")
        no_raw_key(odds)
        # the journal: each line's seat by its side's name, placements too
        journal = page.locator("#journal")
        expect(journal.locator("li")).to_have_count(len(WAW_SETUP))
        lines = journal.locator("li .sentence").all_inner_texts()
        assert all(re.match(r"(Soviets|Americans): ", s) for s in lines), lines
        assert not [s for s in lines if re.search(r"\b(soviet|us)\b", s)], lines
        seats = page.locator("#journal-start .seat-line").all_inner_texts()
        assert seats and all(re.match(r"(Soviets|Americans) ", s) for s in seats), seats
        # the view: titled columns, units by name, sides by name
        units = page.locator("#view table.panel-table").first
        expect(units.locator("thead th")).to_have_text(
            ["Unit", "Side", "Hex", "Terrain", "Condition"]
        )
        body = units.locator("tbody").inner_text()
        assert "T-72" in body and "Soviets" in body and "Americans" in body, body
        assert not re.search(r"\b(t72|hq|abrams|soviet|us)\b", body), body
    finally:
        ctx.close()


def test_asl_smoke_odds_head_with_the_placement_chance(server: str, browser: Any) -> None:  # noqa: F811
    """C8.9 / ASL-8.9-c: SMOKE is placed by a hit with a round left: that chance heads."""
    api = asl_table(server)
    ctx, page = tp.open_seat(browser, api, "russian", tp.DESKTOP)
    try:
        tp.click_piece(page, "t34")
        form = tp.open_action(page, "place_smoke")
        form.locator("button.pick").click()
        tp.click_hex(page, "4,1")
        odds = tp.see_odds(page)
        expect(odds.locator('[data-figure="placed"]')).to_have_text("72.2% (13/18)")
        expect(odds.locator(".odds-headline")).to_contain_text("Chance to place it")
        facts = odds.locator(".odds-facts")
        for title in ("Chance the Gun malfunctions", "To Hit number (TH#)", "To Hit DRM"):
            expect(facts).to_contain_text(title)
        no_raw_key(odds)
    finally:
        ctx.close()
