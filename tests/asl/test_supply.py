"""Ammunition Supply Chart, Elite, counter values first, HEAT dates (ASL-8.2, 8.3)."""

from __future__ import annotations

import pytest

from ordnance.asl.rules.capability import resolve_capability
from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.heat import heat_allowed, heat_gate, scw_heat
from ordnance.asl.rules.notation import Ammo, parse_notation
from ordnance.asl.rules.supply import chart_lookup, elite_bonus, parse_nationality
from ordnance.asl.settings import AslOptions
from ordnance.core.errors import RuleViolation, UnknownName


def D(year: int, month: int = 1) -> ScenarioDate:
    return ScenarioDate(year, month)


# (nationality, gun, {year: (ammo letter, number, first month)})
CHART_CELLS = [
    ("german", "50L", {1941: 5, 1942: 6, 1943: 5, 1944: 4, 1945: None}),
    ("german", "37L", {1941: 4, 1942: 5, 1943: 4, 1944: 3, 1945: None}),
    ("german", "47L", {1941: 4, 1942: 5, 1943: 4, 1944: 3, 1945: None}),
    ("german", "50", {1941: 4, 1942: 5, 1943: 4, 1944: 3, 1945: None}),
    ("german", "88L", {1941: 4, 1942: 5, 1943: 4, 1944: 3, 1945: None}),
    ("german", "75L", {1941: None, 1942: 5, 1943: 4, 1944: 3, 1945: None}),
    ("german", "76L", {1941: None, 1942: 5, 1943: 4, 1944: 3, 1945: None}),
    ("american", "76L", {1941: None, 1942: None, 1943: None, 1944: 4, 1945: 5}),
    ("american", "90L", {1941: None, 1942: None, 1943: None, 1944: None, 1945: 5}),
    ("russian", "45L", {1941: None, 1942: 4, 1943: 5, 1944: 6, 1945: 7}),
    ("russian", "45LL", {1941: None, 1942: 4, 1943: 5, 1944: 6, 1945: 7}),
    ("russian", "76L", {1941: None, 1942: 4, 1943: 5, 1944: 6, 1945: 7}),
    ("russian", "76LL", {1941: None, 1942: 4, 1943: 5, 1944: 6, 1945: 7}),
    ("russian", "57LL", {1941: None, 1942: None, 1943: 4, 1944: 5, 1945: 6}),
    ("russian", "85L", {1941: None, 1942: None, 1943: 4, 1944: 5, 1945: 6}),
    ("british", "57L", {1941: None, 1942: None, 1943: None, 1944: 6, 1945: 7}),
    ("british", "76LL", {1941: None, 1942: None, 1943: None, 1944: 5, 1945: 6}),
]


@pytest.mark.parametrize(("nat", "gun", "cells"), CHART_CELLS)
def test_chart_every_cell(nat: str, gun: str, cells: dict[int, int | None]) -> None:
    """ASL-8.2-a, ASL-8.2-c (dashes), ASL-AMB-1 (the columns are 1941..1945)."""
    for year, number in cells.items():
        answer = chart_lookup(nat, gun, D(year, 12))
        assert answer.depletion == number, (nat, gun, year)
        if number is None:
            assert answer.ammo is None
        else:
            assert answer.ammo is (Ammo.APDS if nat == "british" else Ammo.APCR)


def test_second_1941_column_is_1942() -> None:
    """ASL-AMB-1 / ASL-8.2-b: the duplicated heading is 1942 (50L: A5 in 1941, A6 in 1942)."""
    assert chart_lookup("german", "50L", D(1941)).depletion == 5
    assert chart_lookup("german", "50L", D(1942)).depletion == 6


def test_years_outside_chart_have_no_ammo() -> None:
    """ASL-8.2-c: 1939 and 1940 are outside the chart: none."""
    for year in (1939, 1940):
        answer = chart_lookup("german", "50L", D(year))
        assert answer.ammo is None and answer.clause == "ASL-8.2-c"


@pytest.mark.parametrize(
    ("nat", "gun", "month", "number"),
    [("american", "76L", 8, 4), ("british", "57L", 6, 6), ("british", "76LL", 9, 5)],
)
def test_month_starts(nat: str, gun: str, month: int, number: int) -> None:
    """ASL-8.2-d: a parenthesised month starts availability within 1944."""
    before = chart_lookup(nat, gun, D(1944, month - 1))
    assert before.ammo is None and before.clause == "ASL-8.2-d"
    assert before.available_from == D(1944, month)
    assert chart_lookup(nat, gun, D(1944, month)).depletion == number


def test_elite_plus_one() -> None:
    """ASL-8.2-f: Elite units add 1 to the Depletion Number."""
    assert chart_lookup("russian", "85L", D(1944, 6), elite=True).depletion == 6
    assert chart_lookup("russian", "85L", D(1944, 6)).depletion == 5


def test_dates_outside_the_war_are_refused() -> None:
    """Dates outside 1939-1945 are refused with a clear message."""
    with pytest.raises(RuleViolation) as err:
        chart_lookup("russian", "85L", ScenarioDate(1950, 1))
    assert "1939-1945" in str(err.value)
    with pytest.raises(RuleViolation):
        ScenarioDate.parse("1938-12")
    with pytest.raises(RuleViolation):
        ScenarioDate.parse("1944-13")
    with pytest.raises(RuleViolation):
        ScenarioDate.parse("June 1944")


def test_unknown_nationality_and_gun() -> None:
    with pytest.raises(UnknownName) as err:
        chart_lookup("french", "47L", D(1944))
    assert err.value.clause == "ASL-8.2-g"
    with pytest.raises(UnknownName) as err2:
        chart_lookup("german", "85L", D(1944))
    assert "75L" in (err2.value.hint or "")
    assert parse_nationality("Soviet") == "russian" and parse_nationality("US") == "american"


def test_us_guns_in_british_service_use_american_rows() -> None:
    """ASL-8.2-g: the maker's row applies (a US 76L in British service)."""
    res = resolve_capability(
        Ammo.APCR, [], D(1944, 9), made_by="american", used_by="british", gun_size="76L"
    )
    assert res.available and res.depletion == 4 and res.source == "chart"


def test_counter_value_first() -> None:
    """ASL-8.2-e: a counter's own number wins over the chart (M18: A5^4/6^5, chart US 76L A4)."""
    entries = parse_notation("A5^4^/6^5")
    res = resolve_capability(Ammo.APCR, entries, D(1944, 9), made_by="american", gun_size="76L")
    assert res.depletion == 5 and res.source == "counter" and res.clause == "ASL-8.2-e"


def test_counter_missing_year_default_and_option() -> None:
    """ASL-AMB-5: a counter year with no entry means none; option: fall back to the chart."""
    entries = parse_notation("A4^2^/5^3")  # no 1944 entry
    default = resolve_capability(Ammo.APCR, entries, D(1944), made_by="russian", gun_size="45L")
    assert not default.available and default.clause == "ASL-AMB-5"
    opt = AslOptions(counter_missing_year="chart")
    fallback = resolve_capability(
        Ammo.APCR, entries, D(1944), made_by="russian", gun_size="45L", options=opt
    )
    assert fallback.available and fallback.depletion == 6


def test_elite_scope_default_and_option() -> None:
    """ASL-AMB-4: +1 on every Depletion Number but not sD/sM/sN/sP; option: chart ammo only."""
    for ammo in (
        Ammo.APCR,
        Ammo.APDS,
        Ammo.HEAT,
        Ammo.CANISTER,
        Ammo.SMOKE,
        Ammo.WP,
        Ammo.HE,
        Ammo.AP,
    ):
        assert elite_bonus(ammo, elite=True) == 1
        assert elite_bonus(ammo, elite=True, scope="chart-only") == (
            1 if ammo in (Ammo.APCR, Ammo.APDS) else 0
        )
    for ammo in (Ammo.SD, Ammo.SM, Ammo.SN, Ammo.SP, Ammo.IR):
        assert elite_bonus(ammo, elite=True) == 0
    assert elite_bonus(Ammo.SMOKE, elite=False) == 0


def test_elite_not_added_to_pre_adjusted_data() -> None:
    """ASL-AMB-4: SS counters print the +1 already (s9 for SS vs s8 for Army)."""
    entries = parse_notation("s9")
    ss = resolve_capability(Ammo.SMOKE, entries, D(1944), elite=True, pre_adjusted=True)
    assert ss.depletion == 9
    army_elite = resolve_capability(Ammo.SMOKE, parse_notation("s8"), D(1944), elite=True)
    assert army_elite.depletion == 9


def test_h9_bracket_untouched_by_elite() -> None:
    """ASL-AMB-4: H6[9] Elite -> 7, the [9] stays a separate, unchanged value."""
    entries = parse_notation("H6[9]")
    res = resolve_capability(Ammo.HEAT, entries, D(1944), made_by="german", elite=True)
    assert res.depletion == 7
    assert entries[0].h9 and entries[0].number_at(D(1944)) == 6


def test_heat_dates() -> None:
    """ASL-8.3-a / ASL-AMB-6: German from May 1942; US, British, Russian from Jan 1943."""
    assert heat_gate("german") == D(1942, 5)
    for nat in ("american", "british", "russian"):
        assert heat_gate(nat) == D(1943, 1)
        assert not heat_allowed(nat, D(1942, 12))
        assert heat_allowed(nat, D(1943, 1))
    assert not heat_allowed("german", D(1942, 4))
    assert heat_allowed("german", D(1942, 5))
    assert heat_gate("finnish") is None and heat_allowed("finnish", D(1940))


def test_heat_gate_applies_on_top_of_undated_counter() -> None:
    """ASL-8.3-a: an undated H6 on a 1941 German counter is not there before May 1942."""
    entries = parse_notation("H6")
    early = resolve_capability(Ammo.HEAT, entries, D(1942, 4), made_by="german")
    assert not early.available and early.clause == "ASL-8.3-a"
    late = resolve_capability(Ammo.HEAT, entries, D(1942, 5), made_by="german")
    assert late.available and late.depletion == 6


def test_later_counter_date_wins_over_gate() -> None:
    """ASL-AMB-6: a counter date later than the gate still applies (H7^S2+ from Sep 1942)."""
    entries = parse_notation("H7^S2+")
    assert not resolve_capability(Ammo.HEAT, entries, D(1942, 6), made_by="german").available
    assert resolve_capability(Ammo.HEAT, entries, D(1942, 9), made_by="german").available


def test_heat_gate_by_user_option() -> None:
    """ASL-AMB-6 option: gate by the using army (a German Gun used by Finns: no gate)."""
    entries = parse_notation("H6")
    default = resolve_capability(
        Ammo.HEAT, entries, D(1942, 1), made_by="german", used_by="finnish"
    )
    assert not default.available
    opt = AslOptions(heat_gate_by="user")
    by_user = resolve_capability(
        Ammo.HEAT, entries, D(1942, 1), made_by="german", used_by="finnish", options=opt
    )
    assert by_user.available


def test_scw_heat_without_depletion() -> None:
    """ASL-8.3-b/-c: SCW fire HEAT with no Depletion Number."""
    for weapon in ("BAZ", "PIAT", "PSK", "PF", "PFk"):
        assert scw_heat(weapon).depletion is None
    with pytest.raises(UnknownName):
        scw_heat("MG")


def test_theatre_in_capability() -> None:
    res = resolve_capability(Ammo.CANISTER, parse_notation("C7^P"), D(1944), Theatre.ETO)
    assert not res.available
    assert resolve_capability(Ammo.CANISTER, parse_notation("C7^P"), D(1944), Theatre.PTO).available
