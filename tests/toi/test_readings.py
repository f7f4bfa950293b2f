"""The Pydantic-free rule readings agree with the game settings (TOI-AMB-1..10, notes B3, B4).

The stand-alone odds commands pass :data:`ordnance.toi.rules.readings.DEFAULTS` where the game
passes its :class:`ToISettings`; both must give the same plans.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields, replace
from typing import get_args

import pytest

from ordnance.core.errors import OrdnanceError
from ordnance.toi.rules.attack import AttackInput, RangeBand, plan_attack
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.rules.readings import DEFAULTS, HitNumbers, Readings, drift_dice_reading
from ordnance.toi.rules.smoke import plan_smoke
from ordnance.toi.settings import ToISettings

SMOKE_BAD = ("toi", "smoke", "--fp", "4", "--drift-dice", "bad")


def test_every_default_reading_is_the_settings_default() -> None:
    """TOI-AMB-1..10, B3, B4: one value per reading, whichever object carries it."""
    settings = ToISettings()
    for f in fields(Readings):
        if f.name == "hit_on":
            continue
        assert getattr(DEFAULTS, f.name) == getattr(settings, f.name), f.name
    for band in ("close", "normal", "long"):
        assert DEFAULTS.hit_on.for_band(band) == settings.hit_on.for_band(band)


def test_the_settings_offer_the_choices_the_readings_name() -> None:
    """TOI-AMB-1, -2, -3, -4, -6, -8, -10: the settings schema lists the same choices."""
    props = ToISettings.model_json_schema()["properties"]
    hints = Readings.__annotations__
    for name in ("drift_dice", "drift_orientation", "drift_clip", "drift_into_smoke"):
        literal = getattr(sys.modules["ordnance.toi.rules.readings"], hints[name])
        assert props[name]["enum"] == list(get_args(literal)), name


@pytest.mark.parametrize("munition", [None, Munition.HE, Munition.AP_B, Munition.AP_C])
@pytest.mark.parametrize("band", [RangeBand.CLOSE, RangeBand.NORMAL])
def test_an_attack_plans_alike_under_both(munition: Munition | None, band: RangeBand) -> None:
    """TOI-HE-1, TOI-APB-1, TOI-APC-1, B3: the same plan from the readings and the settings."""
    inp = AttackInput(
        firepower=5,
        target="vehicle",
        band=band,
        defence=2,
        munitions=(munition,) if munition else (),
    )
    assert plan_attack(inp, DEFAULTS) == plan_attack(inp, ToISettings()) == plan_attack(inp)


def test_a_changed_reading_changes_the_plan() -> None:
    """The comparison above can fail: TOI-AMB-4 flat smoke dice hit on 5+ at close range."""
    flat = replace(DEFAULTS, smoke_dice="flat")
    assert plan_smoke(4, RangeBand.CLOSE, flat).hit_on == 5
    assert plan_smoke(4, RangeBand.CLOSE, DEFAULTS).hit_on == HitNumbers().close == 4
    game = ToISettings(smoke_dice="flat")
    assert plan_smoke(4, RangeBand.CLOSE, game) == plan_smoke(4, RangeBand.CLOSE, flat)


def test_an_unknown_drift_dice_reading_is_refused_naming_the_ambiguity() -> None:
    """TOI-AMB-1: ``--drift-dice`` takes text or faq_core."""
    assert drift_dice_reading("faq_core") == "faq_core"
    with pytest.raises(OrdnanceError) as err:
        drift_dice_reading("bad")
    assert err.value.clause == "TOI-AMB-1" and "faq_core" in (err.value.hint or "")


def test_the_smoke_command_refuses_a_bad_drift_reading_without_a_traceback() -> None:
    """TOI-AMB-1: one refusal line and status 2 (it was a Pydantic traceback)."""
    res = subprocess.run(
        [sys.executable, "-m", "ordnance.cli.main", *SMOKE_BAD],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    assert "[TOI-AMB-1]" in res.stderr


def test_an_unknown_range_band_is_refused_naming_the_range_rule() -> None:
    """TOI-B2 (range bands): ``--range far`` is refused with the clause, never a traceback."""
    import pytest

    from ordnance.core.calculators import find
    from ordnance.core.errors import OrdnanceError

    odds = find("toi", "odds")
    assert odds.read({"fp": 4, "band": " Close "}).band == "close"  # type: ignore[attr-defined]
    with pytest.raises(OrdnanceError) as err:
        odds.read({"fp": 4, "band": "far"})
    assert "TOI-B2" in str(err.value) and "'far'" in str(err.value)
