"""The lobby starts a table from a scenario: an uploaded file, a picked sample, a broken file.

(The table page then saves the seat's position back as a scenario file.)

Playwright drives Debian's Chromium. The file goes through the page's file
control (``set_input_files``); the server checks it and the lobby shows its
title, date and sides; the table page then draws the scenario's map and
units. A broken file shows its problems, with their lines, next to the upload
control, and no table is created (the journal's ``games`` rows are counted).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.conftest import free_port
from tests.server.live import wait_started
from tests.server.test_browser import browser  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser

#: A World at War scenario written for this test (own unit type, own terrain, own map).
UPLOADED = """\
format: ordnance-scenario
format_version: 1
game: waw
title: Bridge at Hünfeld (test)
date: 1984-06
theatre: Central Europe
sides:
  - {id: blue, nationality: american, title: Task Force Blue}
  - {id: red, nationality: soviet}
unit_types:
  - {name: Scout Jeep, family: Jeep, nationality: american, armour: unarmoured,
     ap: 2/1/6, he: 2/1/6, values: sample}
map:
  columns: 5
  rows: 4
  hexes:
    - {hex: "1,1", terrain: woods}
    - {hex: "3,0", terrain: city}
units:
  - {id: jeep-1, side: blue, kind: Scout Jeep, hex: "1,1"}
  - {id: tank-1, side: red, kind: T-72, hex: "3,0"}
"""

#: Three problems: a schema one (rows 0), a misspelt field, a bad hex, each on its line.
BROKEN = """\
format: ordnance-scenario
game: waw
title: Broken on purpose
sides:
  - {id: blue, nationality: american}
  - {id: red, nationality: soviet}
map:
  columns: 5
  rows: 0
units:
  - {id: t1, side: red, kind: T-72, hex: "3,0", armor: 3}
  - {id: t2, side: red, kind: T-72, hex: "x"}
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server on a fresh SQLite file: (its address, the file)."""
    import uvicorn

    from ordnance.server.app import create_app

    db = tmp_path_factory.mktemp("lobby-scenario") / "t.db"
    app = create_app(db, heartbeat=1.0, create_rate="off")
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    wait_started(srv, thread)
    yield f"http://127.0.0.1:{port}", db
    srv.should_exit = True
    thread.join(timeout=10)


def _tables(db: Path) -> int:
    with sqlite3.connect(db) as con:
        return int(con.execute("select count(*) from games").fetchone()[0])


def _open_lobby(browser: Any, base: str, game: str) -> tuple[Any, Any]:  # noqa: F811
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    page = ctx.new_page()
    page.goto(base + "/?lang=en")
    page.select_option("#game", game)
    return ctx, page


def _play(page: Any, seat: str) -> None:
    page.click("#create-button")
    link = page.locator(f'#seat-links li[data-seat="{seat}"] a.play-link')
    expect(link).to_be_visible()
    link.click()
    expect(page.locator("#map svg.hexmap")).to_be_visible()


def test_table_from_an_uploaded_file_shows_its_units_and_map(
    site: tuple[str, Path],
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    """The uploaded file's summary, then its map (5 x 4, woods, city) and units on the table."""
    base, db = site
    before = _tables(db)
    path = tmp_path / "bridge.yaml"
    path.write_text(UPLOADED, "utf-8")
    ctx, page = _open_lobby(browser, base, "waw")
    try:
        page.locator("#scenario-file").set_input_files(str(path))
        summary = page.locator("#scenario-summary")
        expect(summary.locator(".scenario-title")).to_have_text("Bridge at Hünfeld (test)")
        expect(summary.locator(".scenario-facts")).to_contain_text("1984-06")
        expect(summary.locator(".scenario-sides")).to_contain_text("blue (american), red (soviet)")
        expect(summary.locator('tr[data-unit="jeep-1"]')).to_contain_text("0202")
        expect(page.locator("#settings")).to_be_hidden()  # the file sets the options
        # the creator's seat is one of the scenario's sides
        expect(page.locator("#seat option")).to_have_text(["blue", "red"])
        assert _tables(db) == before  # checking the file wrote nothing
        _play(page, "blue")
        board = page.locator("#map")
        expect(board.locator("g.hexcell")).to_have_count(20)
        expect(board.locator('[data-unit="jeep-1"]')).to_have_attribute("data-hex", "1,1")
        expect(board.locator('[data-unit="tank-1"]')).to_have_attribute("data-hex", "3,0")
        expect(page.locator('.terrain-key[data-terrain="woods"]')).to_be_visible()
        expect(page.locator('.terrain-key[data-terrain="city"]')).to_be_visible()
        assert _tables(db) == before + 1
        # the seat saves the position back as a scenario file: it checks clean again
        with page.expect_download() as saved:
            page.click("#export-button")
        text = Path(saved.value.path()).read_text("utf-8")
        assert saved.value.suggested_filename.endswith("-blue.yaml")
        from ordnance.core import scenario as sc

        again = sc.parse_text(text, "saved.yaml")
        assert sc.problems_of(again) == []
        assert {u["id"]: u["hex"] for u in again.data["units"]} == {
            "jeep-1": "0202",  # printed hex numbers, as the map shows them
            "tank-1": "0402",
        }
        expect(page.locator("#export-result")).to_contain_text("-blue.yaml")
    finally:
        ctx.close()


def test_table_from_a_picked_sample(site: tuple[str, Path], browser: Any) -> None:  # noqa: F811
    """A shipped sample (marked as such) picked from the list starts the table with its units."""
    base, db = site
    before = _tables(db)
    ctx, page = _open_lobby(browser, base, "toi")
    try:
        pick = page.locator("#scenario-pick")
        expect(pick.locator('option[value="toi/crossroads-sample"]')).to_have_count(1)
        pick.select_option("toi/crossroads-sample")
        summary = page.locator("#scenario-summary")
        expect(summary.locator(".scenario-title")).to_have_text("Crossroads at dawn (sample)")
        expect(summary.locator(".scenario-facts")).to_contain_text("sample values")
        # a sample without a counter library or unplaced guns shows no "null" in their place
        expect(summary).not_to_contain_text("null")
        # its units' hexes as the table's board prints them (the file says "1,1")
        expect(summary.locator('tr[data-unit="g-stug-1"] td').nth(2)).to_have_text("0202")
        expect(page.locator("#seat option")).to_have_text(["german", "soviet"])
        _play(page, "german")
        for unit, hex_id in (("g-stug-1", "1,1"), ("s-zis3-1", "4,1")):
            expect(page.locator(f'#map [data-unit="{unit}"]')).to_have_attribute("data-hex", hex_id)
        assert _tables(db) == before + 1
    finally:
        ctx.close()


def test_broken_file_shows_its_problems_by_the_upload_and_creates_nothing(
    site: tuple[str, Path],
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Each problem with its line and field next to the upload control; no row is written."""
    base, db = site
    before = _tables(db)
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, "utf-8")
    ctx, page = _open_lobby(browser, base, "waw")
    try:
        page.locator("#scenario-file").set_input_files(str(path))
        problems = page.locator("#scenario-problems li")
        expect(problems).to_have_count(3)
        expect(page.locator('#scenario-problems li[data-field="map.rows"]')).to_contain_text(
            "line 9: map.rows: Input should be greater than or equal to 1"
        )
        expect(page.locator('#scenario-problems li[data-line="11"]')).to_contain_text(
            "units[0].armor: unknown field"
        )
        expect(page.locator('#scenario-problems li[data-line="12"]')).to_contain_text(
            "units[1].hex"
        )
        # the problems sit right by the file control, inside the same fieldset
        expect(page.locator("#scenario #scenario-problems")).to_be_visible()
        expect(page.locator("#scenario-summary")).to_be_hidden()
        expect(page.locator("#create-button")).to_be_disabled()
        page.locator("#create").evaluate("f => f.requestSubmit()")  # a submit by Enter
        expect(page.locator("#error")).to_contain_text("Fix the scenario file first")
        expect(page.locator("#links")).to_be_hidden()
        assert _tables(db) == before
    finally:
        ctx.close()
