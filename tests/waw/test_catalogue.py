"""Unit and terrain data: ratings, armour classes, provenance marks."""

from __future__ import annotations

from importlib import resources

import pytest

from ordnance.core.errors import OrdnanceError, UnknownName
from ordnance.waw.rules.catalogue import ArmourClass, Rating, catalogue


def test_every_type_says_where_its_numbers_come_from():
    cat = catalogue()
    assert all(u.values in {"confirmed", "secondary", "sample"} for u in cat.units())
    assert cat.unit("M1 Abrams").values == "secondary" and cat.unit("T-72").values == "sample"
    readme = resources.files("ordnance.waw").joinpath("data", "README.md").read_text()
    assert "sample" in readme and "placeholder" in readme


def test_ratings_and_classes():
    """Notes B2: AP and HE as Range/Firepower/Hit Number."""
    cat = catalogue()
    assert cat.unit("m1 abrams").ap == Rating(range=10, firepower=4, hit_number=4)
    assert cat.unit("Challenger").ap == Rating.parse("10/4/3")
    assert cat.unit("Soviet HQ").hq and cat.unit("M35 truck").armour is ArmourClass.UNARMOURED
    assert ArmourClass.LIGHT.combat_vehicle and ArmourClass.UNARMOURED.soft
    with pytest.raises(OrdnanceError):
        Rating.parse("10/4")
    with pytest.raises(UnknownName):
        cat.unit("Sherman")


def test_terrain_defensive_bonus():
    """covers WAW-HE-b, WAW-HE-d: infantry DB in dice; the city flag."""
    cat = catalogue()
    assert cat.terrain("woods").infantry_db == 1 and cat.terrain("city").city
    with pytest.raises(UnknownName):
        cat.terrain("swamp")
