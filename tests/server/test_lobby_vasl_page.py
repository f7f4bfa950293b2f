"""The lobby starts an ASL table from an uploaded VASL save (Playwright on Debian's Chromium).

The save goes through the lobby's file control; the server reads it
(``/api/vasl/check``) and the lobby shows its Guns as a scenario (title,
date, sides, units); the table then holds one record per Gun (ASL-8.0-a).
A file that is no save shows its problem and creates no table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

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
