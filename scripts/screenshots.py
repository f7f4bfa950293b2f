"""Regenerate docs/img/table-<game>-{desktop,phone}.png from the browser tests' scenarios.

Each game is played mid-way by two seats exactly as ``tests/server/test_table_play.py``
plays it (``tests/server/table_pages.py``): one seat on a 1280x900 desktop, the other
on a 390x844 phone; the pictures are taken after the last action. Run with
``make screenshots`` (needs Debian's chromium at /usr/bin/chromium).
"""

from __future__ import annotations

import socket
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.server import table_pages as tp  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def main() -> int:
    if not Path(tp.CHROMIUM).exists():
        print(f"{tp.CHROMIUM} is missing: run `make sysdeps` first", file=sys.stderr)
        return 1
    out = ROOT / "docs" / "img"
    with (
        tempfile.TemporaryDirectory() as tmp,
        tp.serve(Path(tmp) / "shots.db", _free_port()) as base,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=tp.CHROMIUM, args=tp.ARGS, headless=True)
        try:
            for play in (tp.play_asl, tp.play_toi, tp.play_waw):
                play(browser, base, out)
        finally:
            browser.close()
    for png in sorted(out.glob("table-*.png")):
        print(png.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
