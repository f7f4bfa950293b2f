"""Two seats play each game on the table page by clicking pieces and hexes.

Playwright drives Debian's Chromium: one context per seat, one of them a
phone (390x844). A click on a counter selects it and shows only what that
piece may do (``x-piece`` in ``legal``); a click on the board fills the
form; a refusal shows in the form that caused it, on screen (the clause id:
TOI-B2 no line of sight, ASL-8.52-b SMOKE in the Gun's own hex, WaW path
steps adjacent); the other seat's page follows live. On the phone the hex and
counter labels are drawn at 12 px or more.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.server import table_pages as tp
from tests.server.test_browser import browser, server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser


def test_toi_two_seats_by_clicking(server: str, browser: Any) -> None:  # noqa: F811
    """TOI-B2 (LOS refusal placed by its button), B5 attack odds then the attack."""
    tp.play_toi(browser, server)


def test_waw_two_seats_by_clicking(server: str, browser: Any) -> None:  # noqa: F811
    """A path of adjacent steps (refused otherwise), a stack spread by a click, AP fire (WAW-8.2-e)."""
    tp.play_waw(browser, server)


def test_asl_two_seats_by_clicking(server: str, browser: Any) -> None:  # noqa: F811
    """ASL-8.52-b refusal by its button, SMOKE placed with entered dice (ASL-8.5-a), CA turned."""
    tp.play_asl(browser, server)
