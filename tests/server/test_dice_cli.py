"""``python -m ordnance.server.verify``: recompute, refuse, never a traceback.

Exit 0 only when every roll was recomputed; 1 when a roll fails or cannot be
checked (hidden, missing, nothing verified); 2 when the record cannot be read.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from typer.testing import CliRunner

from ordnance.server import commitments
from ordnance.server.models import CommitmentRow
from ordnance.server.verify import app
from tests.server.conftest import free_port
from tests.server.test_dice import _roll, _sit


def _verify(record: Any, tmp_path: Path, *args: str) -> Any:
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return CliRunner().invoke(app, [str(path), *args])


@pytest.fixture
def record(client: TestClient) -> dict[str, Any]:
    table, allies, axis = _sit(client)
    _roll(table, allies, axis)
    _roll(table, allies, None)  # axis did not reveal for this one
    return dict(table.get("axis", "/dice").json())


def test_an_honest_record_verifies(record: dict[str, Any], tmp_path: Path) -> None:
    res = _verify(record, tmp_path)
    assert res.exit_code == 0, res.output
    assert "2 rolls verified, 0 failed, 0 hidden" in res.output
    assert "no secret from: axis" in res.output  # the weaker roll is named as such


def test_a_replaced_seed_fails_the_cli(client: TestClient, tmp_path: Path) -> None:
    table, allies, axis = _sit(client)
    journal = client.app.state.service.journal  # type: ignore[attr-defined]
    with journal.transaction() as s:
        s.execute(
            update(CommitmentRow)
            .where(CommitmentRow.game_id == table.id, CommitmentRow.for_version == 1)
            .values(seed="11" * 32)
        )
    commitments._SEEN.clear()
    _roll(table, allies, axis)
    res = _verify(table.get("allies", "/dice").json(), tmp_path)
    assert res.exit_code == 1
    assert "roll #2 (version 1): FAILED" in res.output and "hash mismatch" in res.output


def test_a_forged_die_fails_the_cli(record: dict[str, Any], tmp_path: Path) -> None:
    forged = copy.deepcopy(record)
    forged["rolls"][1]["dice"][0] = forged["rolls"][1]["dice"][0] % 6 + 1
    res = _verify(forged, tmp_path)
    assert res.exit_code == 1 and "die value mismatch: die #1" in res.output


def test_hidden_or_missing_commitments_are_refused(record: dict[str, Any], tmp_path: Path) -> None:
    hidden = copy.deepcopy(record)
    for roll in hidden["rolls"]:
        roll["seed"] = roll["dice"] = roll["sides"] = None
    res = _verify(hidden, tmp_path)
    assert res.exit_code == 1 and "0 rolls verified" in res.output
    assert _verify(hidden, tmp_path, "--allow-hidden").exit_code == 1  # still nothing verified
    one_hidden = copy.deepcopy(record)
    one_hidden["rolls"][0].update(seed=None, dice=None, sides=None)
    assert _verify(one_hidden, tmp_path).exit_code == 1
    assert _verify(one_hidden, tmp_path, "--allow-hidden").exit_code == 0
    missing = copy.deepcopy(record)
    missing["rolls"][0]["hash"] = None
    res = _verify(missing, tmp_path, "--allow-hidden")
    assert res.exit_code == 1 and "commitment missing" in res.output
    assert _verify(dict(record, rolls=[]), tmp_path).exit_code == 1


MALFORMED: list[tuple[str, Any]] = [
    ("extra die", lambda r: r["rolls"][0]["dice"].append(3)),
    ("bad hex", lambda r: r["rolls"][0].update(hash="xyz")),
    ("string dice", lambda r: r["rolls"][0].update(dice=["1"] * 6)),
    ("sides of 1", lambda r: r["rolls"][0].update(sides=[1] * 6)),
    ("no chains", lambda r: r.pop("chains")),
    ("list record", lambda r: [r]),
]


@pytest.mark.parametrize(("name", "change"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_records_exit_2_with_one_line(
    record: dict[str, Any], tmp_path: Path, name: str, change: Any
) -> None:
    bad = copy.deepcopy(record)
    out = change(bad)
    res = _verify(out if isinstance(out, list) else bad, tmp_path)
    assert res.exit_code == 2, (name, res.output)
    assert res.exception is None or isinstance(res.exception, SystemExit)
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.output


def test_unreadable_input_and_server_down_never_trace(tmp_path: Path) -> None:
    """Run as users do (a separate process) and look for a traceback."""
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    port = free_port()  # nothing listens there
    runs = [  # (arguments, exit status: 2 bad input, 1 the environment)
        ([str(bad)], 2),
        ([str(tmp_path / "absent.json")], 2),
        ([str(tmp_path)], 2),
        (["g1", "--url", f"http://127.0.0.1:{port}", "--token", "t"], 1),
        (["g1", "--url", f"http://127.0.0.1:{port}"], 2),
    ]
    for args, status in runs:
        res = subprocess.run(
            [sys.executable, "-m", "ordnance.server.verify", *args],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert res.returncode == status, (args, res.stderr)
        assert "Traceback" not in res.stderr + res.stdout
        assert res.stderr.startswith("error: ") and len(res.stderr.strip().splitlines()) == 1
