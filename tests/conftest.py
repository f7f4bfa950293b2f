"""Shared fixtures. Tests never read material outside the project: data they need is copied
into the package (with provenance) or into tests/data."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# The CLI picks its language from the environment (LANG=ru_* means Russian);
# tests that assert English output must not depend on the machine's locale.
# tests/cli/test_i18n.py sets the language explicitly where it needs Russian.
os.environ["ORDNANCE_LANG"] = "en"
