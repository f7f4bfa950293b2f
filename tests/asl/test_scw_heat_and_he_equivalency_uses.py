"""SCW HEAT (ASL-8.3-b/-c) on the CLI and in the game, and the uses of HE Equivalency
(ASL-8.31-a); each test cites the clause it checks.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from ordnance.asl.plugin import AslGame
from ordnance.asl.rules.he_equivalency import he_equivalency, resolve_he_equivalency
from ordnance.asl.rules.heat import scw_heat_attack
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import NotYourSeat, RuleViolation
from tests.asl.test_cli import run, run_json

GAME = AslGame()


def test_asl_8_3_b_scw_heat_cites_8_3_b_and_has_no_depletion() -> None:
    """ASL-8.3-b/-c: SCW HEAT has no Depletion Number and the effects of ordnance HEAT."""
    attack = scw_heat_attack("PSK", "vehicle")
    data = attack.to_dict()
    assert data["depletion"] is None and data["depletion_clause"] == "ASL-8.3-b"
    assert data["effects_clause"] == "ASL-8.3-c"
    assert attack.he_equivalency.fp == Fraction(12)
    assert scw_heat_attack("PF", "gun").he_equivalency.fp == Fraction(16)


def test_asl_8_31_b_scw_heat_target_rule() -> None:
    """ASL-8.31-b: SCW HEAT at Infantry needs wall/building/rubble/pillbox TEM."""
    assert scw_heat_attack("BAZ", "infantry", "building").target == "infantry"
    with pytest.raises(RuleViolation) as err:
        scw_heat_attack("BAZ", "infantry", "woods")
    assert err.value.clause == "ASL-8.31-b"


def test_cli_scw_heat(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.3-b on the command line: ``asl scw-heat PIAT`` and a refused target (exit 2)."""
    code, data = run_json(capsys, "asl", "scw-heat", "PIAT", "--target", "vehicle")
    assert code == 0 and data["depletion_clause"] == "ASL-8.3-b"
    assert data["he_equivalency"]["fp"] == "8"
    code, _out, err = run(capsys, "asl", "scw-heat", "PIAT", "--target", "infantry")
    assert code == 2 and "ASL-8.31-b" in err


def test_game_fire_scw() -> None:
    """ASL-8.3-b in the game: the firing side records SCW HEAT; others and wrong phases are refused."""
    s = GAME.new({"date": "1944-06"})
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, {"type": "fire_scw", "side": "russian", "weapon": "PSK"}, EnteredDice([]))
    assert err.value.clause == "ASL-B3"
    s = GAME.apply(
        s, {"type": "set_phase", "phase": "PFPh", "attacker": "russian"}, EnteredDice([])
    ).state
    out = GAME.apply(
        s, {"type": "fire_scw", "side": "russian", "weapon": "BAZ"}, EnteredDice([]), "russian"
    )
    (event,) = out.events
    assert event.kind == "scw_heat" and event.data["depletion_clause"] == "ASL-8.3-b"
    assert "no depletion check (ASL-8.3-b)" in event.text
    with pytest.raises(RuleViolation) as err:  # not the german's phase (ASL-B3)
        GAME.apply(
            s, {"type": "fire_scw", "side": "russian", "weapon": "BAZ"}, EnteredDice([]), "german"
        )
    assert err.value.clause == "ASL-B3"
    dfph = GAME.apply(s, {"type": "set_phase", "phase": "DFPh"}, EnteredDice([])).state
    with pytest.raises(NotYourSeat):  # the german's phase, but the russian's weapon
        GAME.apply(
            dfph,
            {"type": "fire_scw", "side": "russian", "weapon": "BAZ"},
            EnteredDice([]),
            "german",
        )


def test_cli_game_fire_scw(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """ASL-8.3-b: ``asl game fire-scw`` writes the shot to the journal."""
    db = f"sqlite:///{tmp_path / 'g.db'}"
    run(capsys, "asl", "game", "new", "--id", "s", "--db", db, "--json")
    run(capsys, "asl", "game", "phase", "s", "PFPh", "--db", db, "--json")
    code, entry = run_json(
        capsys, "asl", "game", "fire-scw", "s", "--db", db, "--side", "russian",
        "--weapon", "PSK", "--target", "infantry", "--tem", "rubble",
    )  # fmt: skip
    assert code == 0 and entry["events"][0]["kind"] == "scw_heat"


def test_asl_8_31_a_he_equivalency_uses() -> None:
    """ASL-8.31-a/c: HEAT's FP serves Personnel, Collateral Attack and rubble/fire; AP's not rubble."""
    heat = he_equivalency("HEAT", caliber_mm=75)
    assert heat.uses == ("personnel", "collateral", "rubble-fire")
    ap = he_equivalency("AP", caliber_mm=75)
    assert ap.uses == ("personnel", "collateral")
    with pytest.raises(RuleViolation) as err:
        ap.check_use("rubble-fire")
    assert err.value.clause == "ASL-8.31-c"


def test_asl_8_31_a_collateral_and_rubble_resolution() -> None:
    """ASL-8.31-a: a Collateral Attack or rubble/fire DR at HEAT's HE Equivalency, after a hit."""
    heat = he_equivalency("HEAT", weapon="PSK")
    attack = resolve_he_equivalency(EnteredDice([1, 1]), heat, hit=True, use="collateral")
    assert attack.use == "collateral" and attack.column == 12 and attack.result is not None
    rubble = resolve_he_equivalency(EnteredDice([3, 3]), heat, hit=True, use="rubble-fire")
    assert rubble.to_dict()["use"] == "rubble-fire"
    with pytest.raises(RuleViolation):
        resolve_he_equivalency(
            EnteredDice([]), he_equivalency("AP", caliber_mm=57), hit=True, use="rubble-fire"
        )


def test_cli_he_equivalency_use(capsys: pytest.CaptureFixture[str]) -> None:
    """ASL-8.31-c: ``he-equivalency AP --use rubble-fire`` is refused; HEAT's is accepted."""
    code, _out, err = run(
        capsys, "asl", "he-equivalency", "AP", "--caliber", "75", "--use", "rubble-fire"
    )
    assert code == 2 and "ASL-8.31-c" in err
    code, data = run_json(
        capsys, "asl", "he-equivalency", "HEAT", "--caliber", "75", "--use", "rubble-fire"
    )
    assert code == 0 and data["use"] == "rubble-fire"
