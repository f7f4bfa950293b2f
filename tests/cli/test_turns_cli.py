"""The CLI and the sequence of play: ``--as SIDE`` is held to its turn, and so is hot seat
(no ``--as``), which acts as the side whose move it is.

covers TOI-GEN-4 (the purchase window waits for both nations), TOI-B8 (the
Action Phase alternates) and CORE-CONSENT (a WaW condition on the other side's
unit, which hot seat, both players at one keyboard, may set), through
``ordnance game act|view``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ordnance.cli.main import main


def ordnance(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        main(list(argv))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_as_side_out_of_turn_is_refused_with_the_clause(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "g.db")
    settings = json.dumps({"start_phase": "status"})
    assert (
        ordnance(capsys, "game", "new", "toi", "--settings", settings, "--id", "g", "--db", db)[0]
        == 0
    )
    to_window = json.dumps({"type": "advance", "to": "munitions"})
    assert ordnance(capsys, "game", "act", "g", to_window, "--as", "german", "--db", db)[0] == 0
    code, out, err = ordnance(
        capsys, "game", "act", "g", '{"type": "advance"}', "--as", "soviet", "--db", db, "--json"
    )
    assert code == 2 and json.loads(out)["clause"] == "TOI-GEN-4"
    code, _out, err = ordnance(
        capsys, "game", "act", "g", '{"type": "advance"}', "--as", "soviet", "--db", db
    )
    assert code == 2 and "TOI-GEN-4" in err and "Traceback" not in err
    # the view says whose move it is
    code, out, _err = ordnance(capsys, "game", "view", "g", "--db", db)
    assert code == 0 and "Whose move:" in out and "waiting for german, soviet" in out
    # hot seat (no --as) acts for the nations, as before
    assert ordnance(capsys, "game", "act", "g", '{"type": "advance"}', "--db", db)[0] == 0
    code, out, _err = ordnance(capsys, "game", "view", "g", "--db", db, "--json")
    assert json.loads(out)["step"] == "op-fire"


def test_as_side_cannot_change_the_other_sides_unit_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "w.db")
    assert ordnance(capsys, "game", "new", "waw", "--id", "w", "--db", db)[0] == 0
    unit = {"type": "place_unit", "id": "m1", "kind": "M1 Abrams", "side": "us", "hex": "2,2"}
    assert ordnance(capsys, "game", "act", "w", json.dumps(unit), "--as", "us", "--db", db)[0] == 0
    kill = json.dumps({"type": "set_condition", "unit": "m1", "condition": "eliminated"})
    code, out, _err = ordnance(
        capsys, "game", "act", "w", kill, "--as", "soviet", "--db", db, "--json"
    )
    assert code == 2 and json.loads(out)["clause"] == "CORE-CONSENT"
    assert (
        ordnance(capsys, "game", "act", "w", kill, "--db", db)[0] == 0
    )  # both players at one table


def test_toi_action_phase_out_of_turn_is_refused_over_the_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """covers TOI-B8: the german (initiative) acts first; the soviet's move is refused with
    the clause; after the german's move it is the soviet's turn."""
    db = str(tmp_path / "g.db")
    assert ordnance(capsys, "game", "new", "toi", "--id", "g", "--db", db)[0] == 0
    soviet_move = json.dumps({"type": "move", "unit": "s-squad-1", "to": "5,1"})
    code, out, _err = ordnance(
        capsys, "game", "act", "g", soviet_move, "--as", "soviet", "--db", db, "--json"
    )
    assert code == 2 and json.loads(out)["clause"] == "TOI-B8"
    german_move = json.dumps({"type": "move", "unit": "g-squad-1", "to": "3,2"})
    assert ordnance(capsys, "game", "act", "g", german_move, "--as", "german", "--db", db)[0] == 0
    code, out, _err = ordnance(
        capsys, "game", "act", "g", soviet_move, "--as", "soviet", "--db", db, "--json"
    )
    assert code == 0, out
    code, out, _err = ordnance(capsys, "game", "view", "g", "--as", "german", "--db", db, "--json")
    assert json.loads(out)["turn"]["text"].startswith("round 1, Action Phase: german to act")


def test_hot_seat_is_held_to_the_sequence_of_play_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """covers TOI-B8: without ``--as`` the Soviet's move, out of turn, is refused naming the
    clause; the German's is taken; then a second German move is refused and the Soviet's
    taken, all from the one keyboard."""
    db = str(tmp_path / "h.db")
    assert ordnance(capsys, "game", "new", "toi", "--id", "h", "--db", db)[0] == 0
    soviet_move = json.dumps({"type": "move", "unit": "s-squad-1", "to": "5,1"})
    code, out, _err = ordnance(capsys, "game", "act", "h", soviet_move, "--db", db, "--json")
    assert code == 2 and json.loads(out)["clause"] == "TOI-B8", out
    assert "soviet" in json.loads(out)["message"]
    german_move = json.dumps({"type": "move", "unit": "g-squad-1", "to": "3,2"})
    assert ordnance(capsys, "game", "act", "h", german_move, "--db", db)[0] == 0
    second = json.dumps({"type": "move", "unit": "g-pziv-1", "to": "2,3"})
    code, out, _err = ordnance(capsys, "game", "act", "h", second, "--db", db, "--json")
    assert code == 2 and json.loads(out)["clause"] == "TOI-B8", out
    assert ordnance(capsys, "game", "act", "h", soviet_move, "--db", db)[0] == 0
