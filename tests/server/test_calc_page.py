"""The calculators page (``/calc/{game}``): a form from the schema, the answer drawn,
refusals beside the field and the question in the address, for every game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.test_browser import browser, server

pytestmark = pytest.mark.browser
__all__ = ["browser", "server"]


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    p = browser.new_page()
    yield p
    p.close()


def test_asl_whole_shot_is_asked_from_the_address_and_drawn(server: str, page: Any) -> None:
    """The German 75L APCR example (N 5, range 3, AF 11): ASL-8.9-a, notes B5."""
    page.goto(f"{server}/calc/asl#gun?gun=75L&range=3&ammo=APCR&depletion=5&af=11")
    expect(page.locator("#calc-answer h2")).to_have_text("APCR from a 75L at 3 hexes, vehicle")
    expect(page.locator("#calc-answer svg.calc-chart rect.calc-bar").first).to_be_visible()
    rows = page.locator("#calc-answer table tr")
    expect(
        rows.filter(has=page.locator("td", has_text="hit")).filter(has_text="%")
    ).to_contain_text("5/18")
    expect(rows.filter(has=page.get_by_role("cell", name="kill", exact=True))).to_contain_text(
        "305/1296"
    )


def test_asl_comparison_is_a_chart_and_the_question_is_shared(server: str, page: Any) -> None:
    page.goto(f"{server}/calc/asl")
    page.select_option("#calc-pick", "gun-compare")
    page.locator("#calc-ask").click()
    expect(page.locator("#calc-answer svg.calc-chart")).to_have_count(1)
    assert page.locator("#calc-answer svg rect.calc-bar").count() >= 4  # hit and kill, 2+ ammo
    assert page.evaluate("location.hash").startswith("#gun-compare?")


def test_toi_refusal_is_shown_next_to_the_field(server: str, page: Any) -> None:
    """An attack with no firepower: the model refuses the field, with its clause (TOI-B4)."""
    page.goto(f"{server}/calc/toi")
    page.fill("input[name=fp]", "")
    page.locator("#calc-ask").click()
    slot = page.locator('[data-error-for="fp"]')
    expect(slot).to_be_visible()
    expect(slot).to_contain_text("TOI-B4")
    page.fill("input[name=fp]", "5")
    page.locator("#calc-ask").click()
    expect(slot).to_be_hidden()
    expect(page.locator("#calc-answer svg.calc-chart rect.calc-bar")).not_to_have_count(0)


def test_waw_he_fire_distribution_is_drawn(server: str, page: Any) -> None:
    page.goto(f"{server}/calc/waw#he-fire?fp=4&hit_number=4&defence=1")
    expect(page.locator("#calc-answer h2")).to_contain_text("HE Fire: 4 dice at 4+")
    expect(page.locator("#calc-answer svg.calc-chart rect.calc-bar")).not_to_have_count(0)


def test_waw_refusal_names_the_clause_beside_the_field(server: str, page: Any) -> None:
    page.goto(f"{server}/calc/waw#he-fire?fp=99&hit_number=4&defence=1")
    slot = page.locator('[data-error-for="fp"]')
    expect(slot).to_be_visible()
    expect(slot).to_contain_text("WAW-HE-a")


def test_lobby_links_each_games_calculators(server: str, page: Any) -> None:
    page.goto(server)
    for game in ("asl", "toi", "waw", "odds"):
        expect(page.locator(f'a[data-calc="{game}"]')).to_have_attribute("href", f"/calc/{game}")
