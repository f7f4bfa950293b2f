"""The table page shows players' words, never the engine's ids (Playwright, Debian's Chromium).

Every text a player reads (status line, whose move, legend, actions with
their choices, odds, journal, the view's tables) is scanned for the ids the
engines use inside: Tide of Iron's round positions (``status:draw-cards``,
``remove-tokens``, ``keep-or-discard``...), ASL's ammunition check outcomes
(``not-available``, ``used-and-depleted``, ``available_after``) and record
statuses, a side's id in the legend, a ToI counter's id. Tide of Iron is walked
through its Status Phase (notes B8), where the keep-or-discard step still
belongs to the round that ends (TOI-GEN-8); the ASL APCR shot shows its
depletion check (ASL-8.9-c/d/e) in words, in English and in Russian.
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

#: Ids of the engines that must never reach a player's eyes.
INTERNAL = re.compile(
    r"status:|\b(action|command):|draw-cards|remove-tokens|keep-or-discard|advance-round"
    r"|\bop-fire\b|not-available|used-and-depleted|available_after|\bjoint\b"
    r"|Status Phase: (draw|remove|munitions|transfers|reinforcements|advance|keep)"
    r"|g-pziv-1|s-t34-1"
)

#: What the page shows as text: every region a player reads, and the choices' labels.
READ_TEXT = """() => {
  const ids = ["status", "turn", "legend", "actions", "odds", "journal"];
  const out = ids.map((id) => { const n = document.getElementById(id); return n ? n.innerText : ""; });
  for (const t of document.querySelectorAll("#view table")) out.push(t.innerText);
  for (const o of document.querySelectorAll("#actions option")) out.push(o.textContent);
  return out.join("\\n");
}"""


def internals(page: Any) -> list[str]:
    text = page.evaluate(READ_TEXT)
    return sorted({m.group(0) for m in INTERNAL.finditer(text)})


def test_toi_status_phase_in_words_and_sides_by_name(server: str, browser: Any) -> None:  # noqa: F811
    api = tp.Api(server, "toi", {"start_phase": "status"})
    ctx, page = tp.open_seat(browser, api, "german", tp.DESKTOP)
    try:
        turn = page.locator("#turn")
        expect(turn).to_contain_text("Status Phase, drawing cards")
        assert internals(page) == []
        # the legend names the sides, not their ids
        legend = page.locator("#legend")
        expect(legend).to_contain_text("Germans")
        assert not re.search(r"\bgerman\b|\bsoviet\b", legend.inner_text())
        steps = [
            ("german", {"type": "advance", "to": "remove-tokens"}, "removing markers"),
            ("german", {"type": "advance", "to": "munitions"}, "purchase window"),
            ("german", {"type": "done"}, "purchase window"),
            ("soviet", {"type": "advance", "to": "op-fire"}, "Op Fire placement"),
            ("german", {"type": "done"}, "Op Fire placement"),
            ("soviet", {"type": "advance", "to": "transfers"}, "transfers"),
            ("german", {"type": "advance", "to": "reinforcements"}, "reinforcements"),
            ("german", {"type": "advance", "to": "advance-round"}, "round marker advanced"),
            ("german", {"type": "advance", "to": "keep-or-discard"}, "keep or discard"),
        ]
        for n, (seat, action, words) in enumerate(steps, start=1):
            api.act(seat, action)
            tp.wait_version(page, n)
            expect(turn).to_contain_text(words)
            assert internals(page) == [], (action, internals(page))
        # keep-or-discard ends the Status Phase of round 1 (the marker already reads 2)
        expect(turn).to_contain_text("round 1, Status Phase, keep or discard")
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_asl_depletion_check_and_record_in_words(server: str, browser: Any, lang: str) -> None:  # noqa: F811
    api = asl_table(server)
    ctx = browser.new_context(viewport=tp.DESKTOP)
    page = ctx.new_page()
    try:
        page.goto(api.url("russian", lang))
        expect(page.locator('#map [data-unit="t34"]')).to_be_visible()
        tp.click_piece(page, "t34")
        form = page.locator('details.action-box[data-type="fire"] form.action')
        expect(form).to_be_visible()
        form.locator('select[name="ammo"]').select_option("APCR")
        tp.click_piece(page, "pz")
        form.locator('input[name="af"]').fill("8")
        odds = page.locator("#odds")
        expect(odds.locator('[data-figure="p_kill"]')).to_contain_text("175/648")
        dist = odds.locator(".main-dist")
        if lang == "en":
            expect(dist).to_contain_text("none available: not fired")
            expect(dist).to_contain_text("fired, the last one")
            expect(page.locator("#legend")).to_contain_text("Russians")
        else:
            expect(dist).to_contain_text("нет в наличии")
            expect(page.locator("#legend")).to_contain_text("русские")
        assert internals(page) == []
    finally:
        ctx.close()
