"""The lobby and the journal in words (Playwright on Debian's Chromium).

The lobby: every setting of the three games has a human title and a one-line
explanation, choices show labels (never raw values such as
``firer_adjacent_to_target``), records and mappings get row widgets (no JSON
boxes), rule options are folded, and the create button is on the first
screen; in Russian too. The journal: one sentence per entry, dice only where
the seat may see them, no dice commitment on an entry without dice
(TOI-GEN-5: the face-down purchase hides its type and its dice); after the
first load the page asks only for entries after the last one it has.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server import table_pages as tp
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

CYRILLIC = re.compile("[а-яА-ЯёЁ]")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lobby_settings_in_words(server: str, browser: Any, lang: str) -> None:  # noqa: F811
    ctx = browser.new_context(viewport=tp.DESKTOP)
    page = ctx.new_page()
    try:
        page.goto(f"{server}/?lang={lang}")
        for game in ("asl", "toi", "waw"):
            page.select_option("#game", game)
            settings = page.locator("#settings")
            expect(settings.locator(".field").first).to_be_visible()
            assert settings.locator("textarea").count() == 0, game  # no JSON boxes
            labels = settings.locator(".lbl").all_text_contents()
            helps = settings.locator(".help").all_text_contents()
            assert labels and all("_" not in x for x in labels), (game, labels)
            assert len(helps) >= len([x for x in labels if x]) * 0.9, game
            options = settings.locator("option").all_text_contents()
            assert all("_" not in x for x in options), (game, options)
            folded = settings.locator("details.fold-rules")
            expect(folded).to_have_count(1)
            assert folded.get_attribute("open") is None
            box = page.locator("#create-button").bounding_box()
            assert box["y"] + box["height"] <= tp.DESKTOP["height"], game  # one screen
            if lang == "ru":
                shown = [x for x in labels if x.strip(" *")]
                russian = [x for x in shown if CYRILLIC.search(x)]
                assert len(russian) == len(shown), (game, set(shown) - set(russian))
        page.select_option("#game", "waw")
        page.click("#create-button")
        expect(page.locator("#seat-links li")).to_have_count(2)
        expect(page.locator("#seat-links li a.play-link").first).to_be_visible()
    finally:
        ctx.close()


def test_journal_in_sentences_and_fetched_since(server: str, browser: Any) -> None:  # noqa: F811
    """TOI-GEN-5: the soviet reads the german purchase as a sentence without type or dice."""
    api = tp.Api(server, "toi", {"start_phase": "status"})
    ctx, soviet = tp.open_seat(browser, api, "soviet", tp.DESKTOP)
    reads: list[dict[str, Any]] = []  # the page's reads of what changed (POST /since)
    soviet.on(
        "request",
        lambda r: reads.append(json.loads(r.post_data or "{}")) if "/since" in r.url else None,
    )
    try:
        api.act("german", {"type": "advance", "to": "munitions"})
        tp.wait_version(soviet, 1)
        api.act("german", {"type": "buy", "unit": "g-panther-1", "munition": "AP-B"})
        tp.wait_version(soviet, 2)
        api.act("soviet", {"type": "buy", "unit": "s-t34-1", "munition": "HE"})
        tp.wait_version(soviet, 3)
        journal = soviet.locator("#journal li")
        expect(journal).to_have_count(3)
        text = soviet.inner_text("#journal")
        for wrong in ("Hidden from you", "commitment", "seed", "soviet: soviet", "AP-B"):
            assert wrong not in text, (wrong, text)
        assert all(t.strip() for t in journal.all_inner_texts())
        # one read of the tail at the start was before these; every later read asks from
        # the last seq it holds
        assert reads and all(isinstance(r.get("version"), int) for r in reads), reads
        assert [r["version"] for r in reads] == [0, 1, 2][: len(reads)]
    finally:
        ctx.close()
