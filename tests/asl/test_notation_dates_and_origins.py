"""Notation readings by date and origin: entries that look like months, post-war years,
nationality-gated HEAT, Canadian and Croatian rows, and their refusals; each test cites
the clause it checks.
"""

from __future__ import annotations

import io
from typing import Any

import pytest

from ordnance.asl.plugin import AslGame
from ordnance.asl.rules.capability import resolve_capability
from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.heat import check_nationality, heat_gate
from ordnance.asl.rules.notation import Ammo, AmmoNotationError, parse_notation
from ordnance.asl.rules.supply import chart_lookup
from ordnance.asl.settings import AslOptions
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation, UnknownName
from tests.asl.test_cli import run, run_json

GAME = AslGame()


def D(year: int, month: int = 1) -> ScenarioDate:
    return ScenarioDate(year, month)


def _by_ammo(text: str) -> dict[Ammo, Any]:
    return {e.ammo: e for e in parse_notation(text)}


# -- defect 1: an ammunition entry is never a date (ASL-8.9-a) ---------------------------


def test_asl_8_9_a_apcr_after_heat_is_an_entry_not_august() -> None:
    """ASL-8.9-a: in ``H4 A3 s7`` the A3 is APCR 3, and HEAT 4 has no dates."""
    entries = parse_notation("H4 A3 s7")
    assert [e.ammo for e in entries] == [Ammo.HEAT, Ammo.APCR, Ammo.SMOKE]
    heat, apcr, _smoke = entries
    assert apcr.number_at(D(1944, 6)) == 3
    assert heat.number_at(D(1944, 6)) == 4 and heat.number_at(D(1941, 6)) == 4


def test_asl_8_9_a_capital_s_after_an_entry_is_smoke_not_september() -> None:
    """ASL-8.9-a: ``H5 S7`` is HEAT 5 and SMOKE 7; ``sD6 S8`` is a dispenser and SMOKE 8."""
    heat5 = _by_ammo("H5 S7")
    assert heat5[Ammo.HEAT].number_at(D(1943, 6)) == 5
    assert heat5[Ammo.SMOKE].number_at(D(1943, 6)) == 7
    sd = _by_ammo("sD6 S8")
    assert sd[Ammo.SMOKE].number_at(D(1944, 6)) == 8
    assert sd[Ammo.SD].periods[0].start is None


def test_asl_8_91_a_post_war_year_digits_are_refused() -> None:
    """ASL-8.91-a: a superscript digit is a war year (9, 0-5); 6-8 or a chain past 1945 is refused."""
    for text in ("A4^7^", "s8^6+^", "H6^S8^", "A5^4^/6^5/7", "A4^2-7^"):
        with pytest.raises(AmmoNotationError, match=r"war|1946"):
            parse_notation(text)
    # the Korean War's two-digit years stay readable (notes B4)
    (wp,) = parse_notation("WP6^M51+")
    assert wp.periods[0].start == ScenarioDate(1951, 3)


def test_asl_8_2_c_scenario_dates_outside_the_war_are_refused() -> None:
    """ASL-8.2-c: a scenario date outside 1939-1945 is refused with the clause."""
    with pytest.raises(RuleViolation) as err:
        ScenarioDate.parse("1947-09")
    assert err.value.clause == "ASL-8.2-c"


def test_asl_8_9_a_detached_qualifiers_still_read() -> None:
    """ASL-8.9-a: a month letter that is no symbol (``J4``) and a spaced superscript still qualify."""
    (heat,) = parse_notation("H6 J4")
    assert heat.number_at(D(1944, 5)) is None and heat.number_at(D(1944, 6)) == 6
    (apcr,) = parse_notation("A3 ^2+")
    assert apcr.number_at(D(1941, 6)) is None and apcr.number_at(D(1945, 6)) == 3


def test_cli_notation_json_keeps_apcr(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.9-a: the issue's command prints three entries, APCR 3 available in 1944-06."""
    code, data = run_json(capsys, "asl", "notation", "H4 A3 s7", "--date", "1944-06")
    assert code == 0
    assert [(e["ammo"], e["available"], e["depletion"]) for e in data["entries"]] == [
        ("HEAT", True, 4),
        ("APCR", True, 3),
        ("SMOKE", True, 7),
    ]


# -- defect 5: Commonwealth Guns are British ordnance (ASL-8.2-g, ASL-8.3-a) ------------


def _canadian(date: str) -> Any:
    return GAME.new(
        {
            "date": date,
            "sides": [
                {"name": "canadians", "nationality": "canadian"},
                {"name": "germans", "nationality": "german"},
            ],
        }
    )


def _add(state: Any, **fields: Any) -> Any:
    action = {"type": "add_gun", "id": "g", "side": "canadians", **fields}
    return GAME.apply(state, action, EnteredDice([])).state.gun("g")


def test_asl_8_3_a_canadian_heat_waits_for_the_british_date() -> None:
    """ASL-8.2-g/8.3-a: a Canadian Gun in 1942-08 has no HEAT; from 1943 it has."""
    gun = _add(_canadian("1942-08"), notation="H7 s8")
    heat = gun.capability("HEAT")
    assert not heat.available_at_date and heat.clause == "ASL-8.3-a"
    assert _add(_canadian("1943-02"), notation="H7 s8").capability("HEAT").depletion == 7
    assert heat_gate("canadian") == ScenarioDate(1943, 1)


def test_asl_8_2_g_canadian_57l_uses_the_british_chart_row() -> None:
    """ASL-8.2-a/d/g: a Canadian 57L has the British APDS row (D6 from June 1944)."""
    assert _add(_canadian("1944-07"), gun_size="57L").capability("APDS").depletion == 6
    assert not _add(_canadian("1944-05"), gun_size="57L").capability("APDS").available_at_date
    assert chart_lookup("canadian", "57L", D(1945, 2)).depletion == 7


def test_asl_8_2_g_us_made_gun_in_canadian_service_keeps_the_us_rows() -> None:
    """ASL-8.2-g: --made-by american on a Canadian side uses the American row (76L from Aug 1944)."""
    gun = _add(_canadian("1944-09"), gun_size="76L", made_by="american")
    assert gun.capability("APCR").depletion == 4


# -- defect 6: the CS suffix (notes B4) --------------------------------------------------


def test_notes_b4_cs_suffix_is_croatian_and_slovakian() -> None:
    """Notes B4: ``CS`` = Croatian/Slovakian: A4^2CS applies to both, not to Romanians."""
    (apcr,) = parse_notation("A4^2CS")
    for user in ("slovakian", "croatian"):
        assert apcr.number_at(D(1942, 6), Theatre.ETO, user) == 4
    assert apcr.number_at(D(1942, 6), Theatre.ETO, "romanian") is None
    (can,) = parse_notation("C7^CS")
    assert can.number_at(D(1944, 6), Theatre.ETO, "croatian") == 7
    assert can.number_at(D(1944, 6), Theatre.ETO, "german") is None


def test_notes_b4_cs_in_the_game() -> None:
    """Notes B4 through the side record: a Slovakian Gun with A4^2CS has APCR 4 in 1942."""
    state = GAME.new(
        {
            "date": "1942-06",
            "sides": [
                {"name": "slovaks", "nationality": "slovakian"},
                {"name": "russians", "nationality": "russian"},
            ],
        }
    )
    action = {"type": "add_gun", "id": "g", "side": "slovaks", "notation": "A4^2CS"}
    gun = GAME.apply(state, action, EnteredDice([])).state.gun("g")
    assert gun.capability("APCR").depletion == 4


# -- defect 7: asl notation --nationality / --elite (ASL-8.3-a, ASL-8.2-f) ---------------


def test_asl_8_3_a_notation_gate_with_nationality(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.3-a: H6[9] is not available to German ordnance in 1941-06; it is in 1942-06."""
    _, early = run_json(
        capsys, "asl", "notation", "H6[9]", "--date", "1941-06", "--nationality", "german"
    )
    (entry,) = early["entries"]
    assert entry["available"] is False and entry["clause"] == "ASL-8.3-a"
    _, late = run_json(
        capsys, "asl", "notation", "H6[9]", "--date", "1942-06", "--nationality", "german"
    )
    assert late["entries"][0]["available"] is True and late["entries"][0]["depletion"] == 6


def test_asl_8_2_f_notation_elite(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.2-f/ASL-AMB-4: --elite adds 1 to s7 but not to the dispenser sD6."""
    _, data = run_json(
        capsys, "asl", "notation", "sD6 s7", "--date", "1944-06", "--nationality", "german",
        "--elite",
    )  # fmt: skip
    assert [e["depletion"] for e in data["entries"]] == [None, 8]
    _, ss = run_json(
        capsys, "asl", "notation", "s8", "--date", "1944-06", "--nationality", "german", "--ss"
    )
    assert ss["entries"][0]["depletion"] == 8  # printed already adjusted


def test_notation_nationality_needs_a_date(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.3-a: the gate is a date, so --nationality without --date is refused (exit 2)."""
    code, _out, err = run(capsys, "asl", "notation", "H6", "--nationality", "german")
    assert code == 2 and "--date" in err


# -- defect 12: refusals ------------------------------------------------------------------


def test_asl_8_3_a_heat_refuses_an_unknown_nation(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.3-a: ``asl heat banana`` is refused; an unnamed nation gets no verdict."""
    code, _out, err = run(capsys, "asl", "heat", "banana")
    assert code == 2 and "banana" in err
    with pytest.raises(UnknownName):
        check_nationality("banana")
    _, finn = run_json(capsys, "asl", "heat", "finnish", "--date", "1944-06")
    assert finn["available"] is None and finn["clause"] == "ASL-AMB-6"
    _, can = run_json(capsys, "asl", "heat", "canadian", "--date", "1942-08")
    assert can["available"] is False and can["from"] == "1943-01"


def test_asl_8_9_a_depletion_numbers_out_of_range_are_refused() -> None:
    """ASL-8.9-a: a printed Depletion Number is 2..13 (s13 exists); A99, A0, s1 are refused."""
    for text in ("A99", "A0", "s1", "H14"):
        with pytest.raises(AmmoNotationError, match="Depletion Number"):
            parse_notation(text)
    assert parse_notation("s13")[0].number_at(D(1941)) == 13


def test_notation_stdin_failure_exits_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ASL-8.9-a: every line is answered, but a line that fails makes the exit status 2."""
    monkeypatch.setattr("sys.stdin", io.StringIO("s8\nA99\n"))
    code, out, err = run(capsys, "asl", "notation", "-", "--json")
    assert code == 2 and len(out.splitlines()) == 2 and "1 line" in err
    monkeypatch.setattr("sys.stdin", io.StringIO("s8\nA5\n"))
    code, _out, _err = run(capsys, "asl", "notation", "-", "--json")
    assert code == 0


def test_burma_p_option() -> None:
    """Notes B4 + option burma_p: a P entry applies in Burma by default, not with pto-only."""
    entries = parse_notation("C7^P")
    default = resolve_capability(Ammo.CANISTER, entries, D(1944, 6), Theatre.BURMA)
    assert default.available and default.depletion == 7
    strict = resolve_capability(
        Ammo.CANISTER,
        entries,
        D(1944, 6),
        Theatre.BURMA,
        options=AslOptions(burma_p="pto-only"),
    )
    assert not strict.available
    assert resolve_capability(
        Ammo.CANISTER, entries, D(1944, 6), Theatre.PTO, options=AslOptions(burma_p="pto-only")
    ).available


def test_burma_p_option_on_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """Notes B4: ``--option burma_p=pto-only`` reaches the notation reader."""
    args = ("asl", "notation", "C7^P", "--date", "1944-06", "--theatre", "Burma")
    _, default = run_json(capsys, *args)
    _, strict = run_json(capsys, *args, "--option", "burma_p=pto-only")
    assert default["entries"][0]["available"] is True
    assert strict["entries"][0]["available"] is False


def test_asl_8_8_a_can_fire_he_is_enforced() -> None:
    """ASL-8.8-a: a Gun that cannot fire HE may not list a limited-stowage HE#."""
    state = GAME.new({"date": "1944-06"})
    action = {
        "type": "add_gun",
        "id": "g",
        "side": "russian",
        "notation": "HE7 A5",
        "can_fire_he": False,
    }
    with pytest.raises(RuleViolation) as err:
        GAME.apply(state, action, EnteredDice([]))
    assert err.value.clause == "ASL-8.8-a"


def test_asl_8_4_e_add_gun_canister_fp(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    """ASL-8.4-e: --canister-fp puts the Ordnance Listing's Canister FP in the record."""
    db = f"sqlite:///{tmp_path / 'g.db'}"
    run(capsys, "asl", "game", "new", "--id", "c1", "--db", db, "--json")
    code, _out, _err = run(
        capsys, "asl", "game", "add-gun", "c1", "--db", db, "--id", "m3", "--side", "russian",
        "--notation", "C7", "--canister-fp", "12", "--json",
    )  # fmt: skip
    assert code == 0
    _, view = run_json(capsys, "asl", "game", "record", "c1", "--db", db)
    (gun,) = [g for g in view["record"] if g["id"] == "m3"]
    assert gun["canister_fp"] == 12


def test_asl_8_9_a_entered_depletion_numbers_are_checked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ASL-8.9-a: ``--depletion 0`` (and 15) are refused; 13 (printed s13) and 14 (Elite) are not."""
    for bad in ("0", "1", "15"):
        code, _out, err = run(
            capsys, "asl", "shot", "--ammo", "APCR", "--depletion", bad, "--dr", "3,2"
        )
        assert code == 2 and "ASL-8.9-a" in err, bad
        code, _out, err = run(capsys, "asl", "odds", "depletion", "--depletion", bad)
        assert code == 2 and "ASL-8.9-a" in err, bad
        code, _out, err = run(capsys, "asl", "odds", "shot", "--depletion", bad)
        assert code == 2 and "ASL-8.9-a" in err, bad
    for good in ("13", "14"):
        code, data = run_json(
            capsys, "asl", "shot", "--ammo", "SMOKE", "--depletion", good, "--dr", "6,6"
        )
        assert code == 0 and data["outcome"] == "used", good


def test_fire_scw_is_a_legal_action_of_the_firing_side() -> None:
    """ASL-8.3-b: SCW HEAT is offered to the side that may fire now, with its weapons."""
    s = GAME.new({"date": "1944-06"})
    s = GAME.apply(
        s, {"type": "set_phase", "phase": "PFPh", "attacker": "russian"}, EnteredDice([])
    ).state
    kinds = {a["type"]: a for a in GAME.legal(s, "russian")}
    assert "fire_scw" in kinds
    assert kinds["fire_scw"]["schema"]["properties"]["weapon"]["enum"] == [
        "BAZ", "PIAT", "PSK", "PF", "PFk",
    ]  # fmt: skip
    assert "fire_scw" not in {a["type"] for a in GAME.legal(s, "german")}
