"""The lobby starts an ASL table from an uploaded VASL save (Playwright on Debian's Chromium).

The save goes through the lobby's file control; the server reads it
(``/api/vasl/check``) and the lobby shows its Guns as a scenario (title,
date, sides, units); the table then holds one record per Gun (ASL-8.0-a).
A file that is no save shows its problem and creates no table.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from ordnance.core.journal import GameSession, open_journal
from tests.server.test_browser import browser  # noqa: F401 (fixture)
from tests.server.test_lobby_scenario_page import _open_lobby, _tables, site  # noqa: F401

pytestmark = pytest.mark.browser

DATA = Path(__file__).resolve().parents[1] / "data" / "vasl"


def test_table_from_an_uploaded_vasl_save(
    site: tuple[str, Path],  # noqa: F811
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    base, db = site
    before = _tables(db)
    ctx, page = _open_lobby(browser, base, "toi")  # the upload picks ASL itself
    try:
        page.locator("#scenario-file").set_input_files(str(DATA / "hill621-pieces.vsav"))
        summary = page.locator("#scenario-summary")
        expect(summary.locator(".scenario-title")).to_have_text("Hill 621 (VASL save)")
        expect(summary.locator(".scenario-facts")).to_contain_text("1944-06")
        expect(summary.locator(".scenario-sides")).to_contain_text("russian, german")
        expect(summary.locator('tr[data-unit="75l-at-pak-40-1"]')).to_be_visible()
        expect(page.locator("#game")).to_have_value("asl")
        assert _tables(db) == before  # reading the save wrote nothing
        page.click("#create-button")
        expect(page.locator('#seat-links li[data-seat="russian"]')).to_be_visible()
        assert _tables(db) == before + 1
        # a file that is no save: its problem, no table
        bad = tmp_path / "bad.vsav"
        bad.write_text("not a save", "utf-8")
        page.locator("#scenario-file").set_input_files(str(bad))
        expect(page.locator("#scenario-problems")).to_contain_text("not a zip archive")
        expect(page.locator("#create-button")).to_be_disabled()
        assert _tables(db) == before + 1
    finally:
        ctx.close()


def test_the_lobby_lists_unplaced_guns_and_reads_a_library_with_the_save(
    site: tuple[str, Path],  # noqa: F811
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Hill 621's Guns wait in the map's margin: each is listed unplaced with the reason.
    A counter library chosen beside the save re-reads it with the library's values
    (ASL-B5.6 ROF): the table's PaK 40 has ROF 1."""
    base, db = site
    library = tmp_path / "mine.yaml"
    library.write_text("version: 1\ncounters:\n  75L AT PaK 40: {rof: 1}\n", "utf-8")
    ctx, page = _open_lobby(browser, base, "asl")
    try:
        page.locator("#scenario-file").set_input_files(str(DATA / "hill621-pieces.vsav"))
        summary = page.locator("#scenario-summary")
        pak = summary.locator('li[data-unplaced="75l-at-pak-40-1"]')
        expect(pak).to_contain_text("75L AT PaK 40")
        expect(pak).to_contain_text("off the boards (in the map's margin)")
        expect(summary.locator(".scenario-unplaced p")).to_contain_text("19")
        expect(summary.locator('tr[data-unit="75l-at-pak-40-1"] td').nth(2)).to_have_text(
            "unplaced"
        )
        page.locator("#counter-library").set_input_files(str(library))
        expect(summary.locator(".scenario-library")).to_contain_text("mine.yaml")
        page.click("#create-button")
        expect(page.locator('#seat-links li[data-seat="russian"]')).to_be_visible()
    finally:
        ctx.close()
    with sqlite3.connect(db) as con:
        (game_id,) = con.execute("select id from games order by created_at desc").fetchone()
    state = GameSession(open_journal(str(db)), str(game_id)).state()
    assert state.gun("75l-at-pak-40-1").rof == 1  # type: ignore[attr-defined]
