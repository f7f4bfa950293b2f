"""The option defaults the procedures read without Pydantic are those of ``AslOptions``.

``ordnance.asl.rules.option_defaults`` spells the defaults of every ASL-AMB option
(ASL-AMB-2..18, notes B4, B5) a second time so the stand-alone commands need
not load the validation library; this test keeps the two spellings one truth.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import get_type_hints

from ordnance.asl.rules.capability import resolve_capability
from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.he_equivalency import he_equivalency
from ordnance.asl.rules.notation import Ammo, parse_notation
from ordnance.asl.rules.option_defaults import DEFAULT_OPTIONS, DefaultOptions
from ordnance.asl.settings import AslOptions


def test_the_defaults_have_every_field_of_aslopt_with_its_type_and_default() -> None:
    """ASL-AMB-2..18: same field names, in the same order, same types, same defaults."""
    model = AslOptions()
    assert [f.name for f in fields(DefaultOptions)] == list(AslOptions.model_fields)
    hints = get_type_hints(DefaultOptions)
    for name, info in AslOptions.model_fields.items():
        assert hints[name] == info.annotation, name
    assert asdict(DEFAULT_OPTIONS) == model.model_dump()


def test_rules_answer_the_same_with_no_options_and_with_the_model_defaults() -> None:
    """ASL-8.2-e, ASL-AMB-5 (capability) and ASL-AMB-2/3 (HE Equivalency of HEAT)."""
    entry = parse_notation("A5^4^/6^5")[0]
    when = ScenarioDate.parse("1944-06")
    plain = resolve_capability(Ammo.APCR, [entry], when, Theatre.ETO, made_by="german")
    modelled = resolve_capability(
        Ammo.APCR, [entry], when, Theatre.ETO, made_by="german", options=AslOptions()
    )
    assert plain == modelled
    assert he_equivalency("HEAT", weapon="H9") == he_equivalency(
        "HEAT", weapon="H9", options=AslOptions()
    )
    # and the options do change the answer (ASL-AMB-2: H#[9] at 8 FP), so the check can fail
    assert (
        he_equivalency("HEAT", weapon="H9").fp
        != he_equivalency("HEAT", weapon="H9", options=AslOptions(heat_he_equiv_h9=8)).fp
    )
