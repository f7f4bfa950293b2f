"""System dependencies some tests need: skipped with a reason locally, a failure under CI.

``make test`` on a machine without Chromium or PostgreSQL skips the browser and
PostgreSQL tests and says why; a CI run (``CI=true``) must not go green
without them, so there a missing dependency fails the test.
"""

from __future__ import annotations

import os

import pytest


def under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def need(available: bool, what: str, how: str = "make sysdeps installs it") -> None:
    """Go on when ``available``; else skip (locally) or fail (``CI=true``), naming ``what``."""
    if available:
        return
    if under_ci():
        pytest.fail(f"{what} is missing, and CI=true requires it ({how})", pytrace=False)
    pytest.skip(f"{what} is missing ({how}); under CI=true this fails")
