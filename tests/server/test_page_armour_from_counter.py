"""ASL fire aimed by clicking: the Armour Factor comes from the counter clicked (ASL-B6).

A Gun added with the AF printed on its counter (from the scenario's counter
library, or typed in ``add_gun``) carries it in the view's piece (``af``,
``af_side``, ``af_turret``, ``af_turret_side``: public, printed on the
counter). With the fire form open, clicking that counter fills the target
type, the range from the board and the front AF, says the side AF in words,
and the odds follow; clicking a vehicle whose AF the table does not know
empties the field, marks it required and says so; the odds wait for it.

Playwright on Debian's Chromium; every wait is a retrying ``expect``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server import table_pages as tp
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def armoured_table(base: str) -> tp.Api:
    api = tp.Api(base, "asl", dice="entered")
    setup = [
        ("russian", {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85",
                     "notation": "s8", "gun_size": "85L", "hex": "2,2"}),
        # the AF as printed on the counter (what a counter library entry gives add_gun)
        ("german", {"type": "add_gun", "id": "pz", "side": "german", "name": "PzKpfw IVH",
                    "gun_size": "75L", "hex": "6,1", "af_hull_front": 8, "af_hull_side": 4,
                    "af_turret_front": 8, "af_turret_side": 4}),
        # the same kind of counter without its AF: the table does not know it
        ("german", {"type": "add_gun", "id": "pz2", "side": "german", "name": "PzKpfw IVH",
                    "gun_size": "75L", "hex": "6,2"}),
        ("russian", {"type": "done"}),
        ("german", {"type": "done"}),
    ]  # fmt: skip
    for seat, action in setup:
        api.act(seat, action)
    return api


def test_view_pieces_carry_the_printed_armour(server: str) -> None:  # noqa: F811
    api = armoured_table(server)
    units = {u["id"]: u for u in api.view("russian")["view"]["map"]["units"]}
    assert (units["pz"]["af"], units["pz"]["af_side"]) == (8, 4)
    assert (units["pz"]["af_turret"], units["pz"]["af_turret_side"]) == (8, 4)
    assert "af" not in units["pz2"] and "af" not in units["t34"]


def test_clicked_counter_fills_the_armour_factor_and_the_odds_follow(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    api = armoured_table(server)
    ctx, page = tp.open_seat(browser, api, "russian", tp.DESKTOP)
    try:
        tp.click_piece(page, "t34")
        form = page.locator('details.action-box[data-type="fire"] form.action')
        expect(form).to_be_visible()
        form.locator('select[name="ammo"]').select_option(label="AP")
        tp.click_piece(page, "pz")
        # target type, range from the board and the AF: filled from the counter, not typed
        expect(form.locator('select[name="target"] option:checked')).to_have_text("Vehicle")
        expect(form.locator('input[name="range"]')).to_have_value("4")
        expect(form.locator('input[name="af"]')).to_have_value("8")
        expect(form.locator('input[name="af_turret"]')).to_have_value("8")
        af_field = form.locator('[data-field="af"]')
        expect(af_field.locator(".from-counter")).to_contain_text("PzKpfw IVH: front 8, side 4")
        odds = page.locator("#odds")
        expect(odds.locator('[data-figure="p_hit"]')).to_have_text("91.7% (11/12)")
        expect(odds.locator('[data-figure="p_kill"]')).to_have_text("66.9% (289/432)")
        # a vehicle whose AF the table does not know: the field is emptied, required, said
        tp.click_piece(page, "pz2")
        expect(form.locator('input[name="af"]')).to_have_value("")
        expect(form.locator('input[name="af"]')).to_have_attribute("required", "")
        expect(af_field.locator(".lbl")).to_have_text("Armour Factor (front, hull) *")
        expect(af_field.locator(".from-counter")).to_contain_text("not known to the table")
        expect(odds.locator(".odds-wait")).to_contain_text("Fill in the form")
        form.locator('input[name="af"]').fill("8")
        expect(odds.locator('[data-figure="p_hit"]')).to_have_text("91.7% (11/12)")
        # a target that needs no AF (fired at as a Gun): not required any more
        form.locator('select[name="target"]').select_option(label="Gun")
        form.locator('input[name="af"]').fill("")
        expect(af_field.locator(".lbl")).to_have_text("Armour Factor (front, hull)")
        expect(form.locator('input[name="af"]')).not_to_have_attribute("required", "")
    finally:
        ctx.close()
