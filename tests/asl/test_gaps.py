"""Clauses and ambiguities of the ASL notes that had no test: ASL-8.8-b, ASL-8.31-h,
ASL-8.0-b, ASL-AMB-15 and ASL-AMB-17, each against real behaviour."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ordnance.asl.capability import GOVERNED_ELSEWHERE
from ordnance.asl.he_equivalency import (
    REQUIRES,
    he_equivalency,
    resolve_he_equivalency,
)
from ordnance.asl.options import AslOptions
from ordnance.asl.phases import Phase
from ordnance.asl.smoke import check_placement
from ordnance.asl.state import AslState
from ordnance.asl.tables import ap_range_change, ap_range_row, load_tables
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import RuleViolation
from ordnance.core.hexes import Hex

from .test_cli import run, run_json
from .test_game import GAME, act, cap, new


def german_pfph(state: AslState) -> AslState:
    return act(state, {"type": "set_phase", "phase": "PFPh", "attacker": "german"})


def gun_dict(state: AslState, gun_id: str) -> dict[str, Any]:
    for g in GAME.view(state, None)["record"]:
        if g["id"] == gun_id:
            return dict(g)
    raise AssertionError(gun_id)


def _journal_rows(db: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("select count(*) from journal").fetchone()[0])


# ----------------------------------------------------------------------------- ASL-8.8-b
def marder(state: AslState) -> AslState:
    return act(state, {"type": "add_gun", "id": "m", "side": "german", "notation": "HE7"})


def test_limited_he_not_covered_by_automatic_choice() -> None:
    """covers ASL-8.8-b: an undeclared shot at Infantry would take HE automatically; the
    piece's HE7 is scarce, so that shot is refused and no die is rolled."""
    s = german_pfph(marder(new()))
    source = EnteredDice([2, 2])
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, {"type": "fire", "gun": "m", "target": "infantry"}, source)
    assert err.value.clause == "ASL-8.8-b"
    assert "declare HE" in (err.value.hint or "")
    assert source.remaining == 2  # refused before the DR: no die consumed
    with pytest.raises(RuleViolation) as err2:
        GAME.apply(s, {"type": "fire", "gun": "m", "ammo": "ordinary", "target": "gun"},
                   EnteredDice([2, 2]))  # fmt: skip
    assert err2.value.clause == "ASL-8.8-b"
    # the odds of that shot say it is refused, with the clause
    odds = GAME.odds(s, {"type": "fire", "gun": "m", "target": "infantry"})
    assert odds is not None and odds["distribution"] == {"refused": "1/1"}
    assert odds["clause"] == "ASL-8.8-b"
    # at a vehicle the automatic choice is AP, which is not scarce on this piece
    s2 = act(s, {"type": "fire", "gun": "m", "target": "vehicle"}, 2, 2)
    assert cap(s2, "m", "HE")["attempts"] == 0


def test_declared_limited_he_is_depletion_checked() -> None:
    """covers ASL-8.8-b (with ASL-8.9-c/e): declaring HE makes the To Hit DR its depletion
    check, whether declared in the fire action or beforehand with declare_ammo."""
    s = german_pfph(marder(new()))
    s1 = act(s, {"type": "fire", "gun": "m", "ammo": "HE", "target": "infantry"}, 2, 2)
    c = cap(s1, "m", "HE")
    assert (c["uses"], c["attempts"], c["status"]) == (1, 1, "available")
    s2 = act(s, {"type": "declare_ammo", "gun": "m", "ammo": "HE"})
    s2 = act(s2, {"type": "fire", "gun": "m", "target": "infantry"}, 5, 4)  # 9 > 7
    c2 = cap(s2, "m", "HE")
    assert c2["status"] == "gone" and c2["exhausted"]["outcome"] == "not-available"
    # HE gone: the automatic choice still cannot fire it; AP may be fired
    with pytest.raises(RuleViolation) as err:
        act(s2, {"type": "fire", "gun": "m", "target": "infantry"}, 1, 1)
    assert err.value.clause == "ASL-8.8-b" and "gone" in err.value.message
    act(s2, {"type": "fire", "gun": "m", "ammo": "AP", "target": "infantry"}, 1, 1)


def test_limited_ap_not_covered_by_automatic_choice() -> None:
    """covers ASL-8.8-b for AP#: an assault gun's undeclared shot at a vehicle is refused."""
    s = act(new(), {"type": "add_gun", "id": "sg", "side": "german", "notation": "AP4"})
    s = german_pfph(s)
    with pytest.raises(RuleViolation) as err:
        act(s, {"type": "fire", "gun": "sg", "target": "vehicle"}, 1, 1)
    assert err.value.clause == "ASL-8.8-b"
    s1 = act(s, {"type": "fire", "gun": "sg", "ammo": "AP", "target": "vehicle"}, 2, 2)
    assert cap(s1, "sg", "AP")["exhausted"]["outcome"] == "used-and-depleted"


def test_limited_he_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """covers ASL-8.8-b through ``ordnance asl game fire``: --ammo HE on a piece with HE7 is
    the declaration and its DR the depletion check; without it the shot is refused (exit 2,
    nothing written)."""
    db = str(tmp_path / "g.db")
    assert run_json(capsys, "asl", "game", "new", "--id", "g", "--db", db,
                    "--side", "russian", "--side", "german")[0] == 0  # fmt: skip
    assert run_json(capsys, "asl", "game", "add-gun", "g", "--db", db, "--id", "m",
                    "--side", "german", "--notation", "HE7")[0] == 0  # fmt: skip
    assert run_json(capsys, "asl", "game", "phase", "g", "PFPh", "--attacker", "german",
                    "--db", db)[0] == 0  # fmt: skip
    before = _journal_rows(db)
    code, refused = run_json(capsys, "asl", "game", "fire", "g", "--db", db, "--gun", "m",
                             "--target", "infantry", "--dr", "2,2")  # fmt: skip
    assert code == 2 and refused["clause"] == "ASL-8.8-b"
    assert _journal_rows(db) == before
    code, entry = run_json(capsys, "asl", "game", "fire", "g", "--db", db, "--gun", "m",
                           "--ammo", "HE", "--target", "infantry", "--dr", "4,3")  # fmt: skip
    assert code == 0
    event = entry["events"][0]
    assert event["special"] is True and event["limited_stowage"] == "ASL-8.8-b"
    assert (event["depletion"], event["outcome"], event["clause"]) == (7, "used-and-depleted",
                                                                       "ASL-8.9-d")  # fmt: skip


# ----------------------------------------------------------------------------- ASL-8.31-h
def test_he_equivalency_states_to_hit_first() -> None:
    """covers ASL-8.31-h: every HE Equivalency answer says a To Hit comes first."""
    for answer in (he_equivalency("AP", caliber_mm=75), he_equivalency("HEAT", weapon="PF"),
                   he_equivalency("HEAT", caliber_mm=88)):  # fmt: skip
        d = answer.to_dict()
        assert d["requires"] == REQUIRES == "To Hit (Infantry Target Type) first"
        assert d["requires_clause"] == "ASL-8.31-h"
        assert d["order"][0].startswith("To Hit") and "only if it hits" in d["order"][1]


def test_he_equivalency_resolved_only_after_a_hit() -> None:
    """covers ASL-8.31-h: no IFT attack (no die asked for) unless the shot hit."""
    equiv = he_equivalency("HEAT", caliber_mm=75)  # 8 FP
    for hit in (None, False):
        source = EnteredDice([1, 1])
        with pytest.raises(RuleViolation) as err:
            resolve_he_equivalency(source, equiv, hit=hit)
        assert err.value.clause == "ASL-8.31-h"
        assert source.remaining == 2  # the IFT DR was never asked for
    attack = resolve_he_equivalency(EnteredDice([2, 1]), equiv, hit=True, drm=1)
    assert (attack.column, attack.final_dr, attack.result) == (8, 4, "2MC")
    assert attack.to_dict()["clauses"][0] == "ASL-8.31-h"


def test_he_equivalency_cli_states_order(capsys: pytest.CaptureFixture[str]) -> None:
    """covers ASL-8.31-h in ``ordnance asl he-equivalency``; the old keys are unchanged."""
    code, data = run_json(capsys, "asl", "he-equivalency", "AP", "--caliber", "75")
    assert code == 0
    assert (data["fp"], data["clause"]) == ("2/1", "ASL-8.31-e")
    assert data["requires"] == "To Hit (Infantry Target Type) first"
    assert data["requires_clause"] == "ASL-8.31-h"
    code, out, _ = run(capsys, "asl", "he-equivalency", "HEAT", "--caliber", "75")
    assert code == 0 and "To Hit (Infantry Target Type) first" in out


# ----------------------------------------------------------------------------- ASL-8.0-b
def test_other_chapters_are_pointed_to_not_redefined() -> None:
    """covers ASL-8.0-b: SMOKE/WP point to A24, IR to Chapter E, sD to D13."""
    assert GOVERNED_ELSEWHERE["SMOKE"] == GOVERNED_ELSEWHERE["WP"] == "A24"
    assert GOVERNED_ELSEWHERE["IR"] == "Chapter E" and GOVERNED_ELSEWHERE["sD"] == "D13"
    placement = check_placement("SMOKE", Phase.PFPh, owner_is_attacker=True,
                                non_smoke_fired_this_phase=False, target_hex=Hex(2, -1),
                                gun_hex=Hex(0, 0))  # fmt: skip
    assert placement.to_dict()["other_effects"] == ["A24"]
    s = act(new(), {"type": "add_gun", "id": "v", "side": "german",
                    "notation": "sD6 IR s8 WP7"})  # fmt: skip
    record = {c["ammo"]: c for c in gun_dict(s, "v")["capabilities"]}
    assert record["IR"]["governed_by"] == "Chapter E" and record["IR"]["depletion"] is None
    assert record["sD"]["governed_by"] == "D13" and record["sD"]["depletion"] is None
    assert record["sD"]["depletion_applies"] is False
    assert record["SMOKE"]["governed_by"] == "A24"
    assert record["WP"]["governed_by"] == "A24"
    s = german_pfph(s)
    with pytest.raises(RuleViolation) as ir:
        act(s, {"type": "fire", "gun": "v", "ammo": "IR"}, 1, 1)
    assert ir.value.clause == "ASL-8.7-a" and "Chapter E" in ir.value.message
    with pytest.raises(RuleViolation) as sd:
        act(s, {"type": "fire", "gun": "v", "ammo": "sD"}, 1, 1)
    assert sd.value.clause == "ASL-8.9-f" and "D13" in sd.value.message
    # nothing was used or depleted by the refusals
    assert cap(s, "v", "sD")["attempts"] == 0 and cap(s, "v", "IR")["status"] == "available"


# ----------------------------------------------------------------------------- ASL-AMB-15
def pak(state: AslState, **extra: Any) -> AslState:
    action = {"type": "add_gun", "id": "pak", "side": "german", "notation": "A3", **extra}
    return act(state, action)


def test_voided_shot_leaves_gun_unfired_and_keeps_ca() -> None:
    """covers ASL-AMB-15 default (and ASL-8.9-e): DR > N gives no fire marker and no
    Acquisition; the CA change made for the shot stays; AP may follow in the same phase."""
    s = german_pfph(pak(new(), ca=1))
    assert gun_dict(s, "pak")["ca"] == 1
    out = GAME.apply(s, {"type": "fire", "gun": "pak", "ammo": "APCR", "ca": 2},
                     EnteredDice([3, 3]))  # fmt: skip
    voided = out.events[0].data["voided"]
    assert voided == {"fire_marker": None, "acquisition": False, "ca": 2,
                      "ca_changed_for_shot": True, "ca_restored": False,
                      "clause": "ASL-AMB-15"}  # fmt: skip
    g = gun_dict(out.state, "pak")
    assert (g["ca"], g["fire_marker"], g["fired_this_phase"]) == (2, None, False)
    s2 = act(out.state, {"type": "fire", "gun": "pak", "ammo": "AP"}, 1, 3)
    g2 = gun_dict(s2, "pak")
    assert g2["fire_marker"] == "Prep Fire" and g2["fired_this_phase"] is True
    # a fired shot has no "voided" part, and the marker goes at the next phase
    s3 = act(s2, {"type": "set_phase", "phase": "MPh"})
    assert gun_dict(s3, "pak")["fire_marker"] is None


def test_voided_shot_undo_ca_option() -> None:
    """covers ASL-AMB-15 option voided_shot_ca=undo: the CA goes back on a DR > N shot,
    and only then (a shot that fires keeps its new CA)."""
    s = german_pfph(pak(new(options={"voided_shot_ca": "undo"}), ca=1))
    out = GAME.apply(s, {"type": "fire", "gun": "pak", "ammo": "APCR", "ca": 3},
                     EnteredDice([4, 4]))  # fmt: skip
    assert out.events[0].data["voided"]["ca_restored"] is True
    assert gun_dict(out.state, "pak")["ca"] == 1
    assert "CA back to NE" in (out.events[0].text or "")
    s2 = act(out.state, {"type": "fire", "gun": "pak", "ammo": "AP", "ca": 3}, 1, 3)
    assert gun_dict(s2, "pak")["ca"] == 3
    # a fired special shot keeps its CA under the option too
    s4 = german_pfph(pak(new(options={"voided_shot_ca": "undo"}), ca=1))
    s4 = act(s4, {"type": "fire", "gun": "pak", "ammo": "APCR", "ca": 5}, 1, 1)
    assert gun_dict(s4, "pak")["ca"] == 5


def test_turn_ca_action_and_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """covers ASL-AMB-15: the CA is tracked (turn_ca, add-gun --ca, fire --ca) so the
    option has something to restore; the voided shot through the CLI shows it."""
    s = act(pak(new()), {"type": "turn_ca", "gun": "pak", "ca": 4})
    assert gun_dict(s, "pak")["ca"] == 4
    assert "turn_ca" in [a["type"] for a in GAME.legal(s, "german")]
    db = str(tmp_path / "ca.db")
    assert run_json(capsys, "asl", "game", "new", "--id", "g", "--db", db, "--side", "russian",
                    "--side", "german", "--option", "voided_shot_ca=undo")[0] == 0  # fmt: skip
    assert run_json(capsys, "asl", "game", "add-gun", "g", "--db", db, "--id", "pak",
                    "--side", "german", "--notation", "A3", "--ca", "0")[0] == 0  # fmt: skip
    code, entry = run_json(capsys, "asl", "game", "turn-ca", "g", "--db", db, "--gun", "pak",
                           "--ca", "1")  # fmt: skip
    assert code == 0 and (entry["events"][0]["ca"], entry["events"][0]["ca_before"]) == (1, 0)
    assert run_json(capsys, "asl", "game", "phase", "g", "PFPh", "--attacker", "german",
                    "--db", db)[0] == 0  # fmt: skip
    code, entry = run_json(capsys, "asl", "game", "fire", "g", "--db", db, "--gun", "pak",
                           "--ammo", "APCR", "--ca", "2", "--dr", "5,5")  # fmt: skip
    assert code == 0 and entry["events"][0]["voided"]["ca_restored"] is True
    _, record = run_json(capsys, "asl", "game", "record", "g", "--db", db)
    assert record["record"][0]["ca"] == 1 and record["record"][0]["fire_marker"] is None


# ----------------------------------------------------------------------------- ASL-AMB-17
@pytest.mark.parametrize(
    ("caliber", "row"),
    [(20, "<=25mm"), (25, "<=25mm"), (28, "<=25mm"), (36, "<=25mm"), (37, "37-57mm"),
     (57, "37-57mm"), (60, "37-57mm"), (64, "37-57mm"), (65, ">=65mm"), (88, ">=65mm")],
)  # fmt: skip
def test_ap_range_rows(caliber: float, row: str) -> None:
    """covers ASL-AMB-17 default: 26-36mm use the <=25mm row, 58-64mm the 37-57mm row."""
    name, clause = ap_range_row(caliber)
    assert name == row
    assert clause == ("ASL-AMB-17" if 25 < caliber < 37 or 57 < caliber < 65 else "B6.1")
    table = load_tables().ap_tk
    for hexes in (0, 2, 5, 20, 50, 58, 70, 80):
        assert ap_range_change(caliber, hexes) == table.range_mod(row, hexes)


def test_ap_range_change_values() -> None:
    """covers ASL-AMB-17 with the notes' values (B6.1): 28mm at 0-1 hexes +2 (the <=25mm
    row), at 49 hexes NA; 60mm at 2 hexes +1 and at 55 hexes -5 (the 37-57mm row)."""
    assert ap_range_change(28, 1) == 2 and ap_range_change(28, 49) is None
    assert ap_range_change(60, 2) == 1 and ap_range_change(60, 55) == -5
    assert ap_range_change(60, 61) is None and ap_range_change(75, 61) == -4


def test_ap_range_missing_caliber_data_error_option() -> None:
    """covers ASL-AMB-17 option ap_range_missing_caliber=data-error."""
    opts = AslOptions(ap_range_missing_caliber="data-error")
    for caliber in (28, 60):
        with pytest.raises(RuleViolation) as err:
            ap_range_change(caliber, 3, opts)
        assert err.value.clause == "ASL-AMB-17"
    assert ap_range_change(37, 3, opts) == 0 and ap_range_change(20, 3, opts) == 1
    assert AslOptions().ap_range_missing_caliber == "nearest-row"
