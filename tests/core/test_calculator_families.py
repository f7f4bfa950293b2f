"""A game's calculators declared in families, joined on first read (docs/architecture.md).

Each game's ``calculators`` package declares its questions one module a family;
its ``CALCULATORS`` is the families' lists joined in ``FAMILIES`` order, and
importing one family loads no other (what lets the CLI run one question
without the rest, checked end to end in ``tests/cli/test_asl_cli_imports.py``).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from ordnance.core.calculators import family_sources, joined, load

SOURCES = {
    "asl": "ordnance.asl.calculators:CALCULATORS",
    "toi": "ordnance.toi.calculators:CALCULATORS",
    "waw": "ordnance.waw.calculators:CALCULATORS",
}


@pytest.mark.parametrize("game", sorted(SOURCES))
def test_the_list_is_the_families_joined_in_order(game: str) -> None:
    families = family_sources(SOURCES[game])
    assert len(families) > 1
    expected = [c.name for family in families for c in load(family)]
    assert [c.name for c in load(SOURCES[game])] == expected
    assert len(set(expected)) == len(expected)  # no calculator in two families


def test_a_list_that_is_not_joined_is_its_own_family() -> None:
    generic = "ordnance.core.odds.calculators:CALCULATORS"
    assert family_sources(generic) == (generic,)


def test_a_package_has_no_other_list() -> None:
    with pytest.raises(AttributeError, match="EVERYTHING"):
        joined("ordnance.asl.calculators", "EVERYTHING")


@pytest.mark.parametrize(
    ("family", "absent"),
    [
        ("ordnance.asl.calculators.shot", "ordnance.asl.calculators.canister"),
        ("ordnance.toi.calculators.attack", "ordnance.toi.rules.smoke"),
        ("ordnance.waw.calculators.he_fire", "ordnance.waw.calculators.los"),
    ],
)
def test_importing_one_family_loads_no_other(family: str, absent: str) -> None:
    code = f"import sys, {family}; print({absent!r} in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
