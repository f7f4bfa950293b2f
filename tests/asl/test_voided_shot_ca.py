"""A voided shot leaves the Gun unfired and keeps its Covered Arc; the Covered Arc change of a turn (ASL-AMB-15)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ordnance.asl.state import AslState
from ordnance.core.dice import EnteredDice

from .test_cli import run_json
from .test_game import GAME, act, new


def german_pfph(state: AslState) -> AslState:
    return act(state, {"type": "set_phase", "phase": "PFPh", "attacker": "german"})


def gun_dict(state: AslState, gun_id: str) -> dict[str, Any]:
    for g in GAME.view(state, None)["record"]:
        if g["id"] == gun_id:
            return dict(g)
    raise AssertionError(gun_id)


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
