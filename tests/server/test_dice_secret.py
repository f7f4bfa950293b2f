"""``python -m ordnance.server.dice_secret``: a seat's chain root in a file (mode 0600).

Covers TABLE-DICE-3/4 from the client side: the anchor counts from the next
version, and each reveal is the next element of the file's chain.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from ordnance.server.dice_secret import app, default_path
from ordnance.server.dice_verify import check
from tests.server.conftest import http_table
from tests.server.dice_helpers import live_server


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with live_server(tmp_path_factory.mktemp("dicesecret") / "t.db") as pair:
        yield pair


def _run(*args: str, env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(app, list(args), env=env)


def test_a_file_secret_takes_part_in_the_roll(
    served: tuple[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base, _app = served
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    gid, tokens = http_table(base, "secrets")
    token = tokens["axis"]
    args = [gid, "--url", base, "--token", token]
    res = _run("anchor", *args)
    assert res.exit_code == 0 and "at version 0" in res.output, res.output
    path = default_path(gid, "axis")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert json.loads(path.read_text())["root"] not in res.output
    early = _run("reveal", *args)  # nothing waits for its element: nothing is revealed
    assert early.exit_code == 0 and early.output.startswith("no action is waiting"), early.output
    allies = {"Authorization": f"Bearer {tokens['allies']}"}
    act = f"{base}/api/tables/{gid}/actions"
    body = {"action": {"type": "end_phase"}, "expected_version": 0}
    assert httpx.post(act, json=body, headers=allies).status_code == 200
    for version in (1, 2):
        attack = {
            "action": {"type": "attack", "dice": 3, "target": "1,0"},
            "expected_version": version,
        }
        res = httpx.post(act, json=attack, headers=allies)
        assert res.status_code == 202 and res.json()["rolling"]["waiting_for"] == ["axis"]
        done = _run("reveal", *args)
        assert done.exit_code == 0 and f"rolled: version {version + 1}" in done.output
        record = httpx.get(f"{base}/api/tables/{gid}/dice", headers=allies).json()
        assert record["rolls"][-1]["elements"]["axis"] is not None
        assert check(record).success()


def test_a_broken_secret_file_or_server_is_one_line(
    served: tuple[str, Any], tmp_path: Path
) -> None:
    base, _app = served
    gid, tokens = http_table(base, "secrets")
    token = tokens["axis"]
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    res = _run("anchor", gid, "--url", base, "--token", token, "--secret-file", str(bad))
    assert res.exit_code == 2 and res.output.startswith("error: ") and "Traceback" not in res.output
    res = _run("anchor", gid, "--url", base, "--token", "wrong")
    assert res.exit_code == 2 and "HTTP 403" in res.output
    res = _run("anchor", "g", "--url", "http://127.0.0.1:9", "--token", "t")
    assert res.exit_code == 2 and "cannot reach" in res.output


def test_an_element_sent_but_not_recorded_is_never_sent_again(
    served: tuple[str, Any], tmp_path: Path
) -> None:
    """The server saw it (a refused or lost reveal): reusing it at a later version
    would let the operator fit a seed to it, so the tool asks for a new chain."""
    base, _app = served
    gid, tokens = http_table(base, "secrets")
    token = tokens["axis"]
    secret = tmp_path / "axis.json"
    args = [gid, "--url", base, "--token", token, "--secret-file", str(secret)]
    assert _run("anchor", *args).exit_code == 0
    allies = {"Authorization": f"Bearer {tokens['allies']}"}
    body = {"action": {"type": "end_phase"}, "expected_version": 0}
    assert (
        httpx.post(f"{base}/api/tables/{gid}/actions", json=body, headers=allies).status_code == 200
    )
    from ordnance.server.dice_scheme import CHAIN_LENGTH, chain_from

    stored = json.loads(secret.read_text())
    first = chain_from(stored["root"], CHAIN_LENGTH)[-2]
    stored["sent"] = {"element": first, "version": 0}  # as if sent at version 0 and lost
    secret.write_text(json.dumps(stored))
    attack = {"action": {"type": "attack", "dice": 3, "target": "1,0"}, "expected_version": 1}
    res = httpx.post(f"{base}/api/tables/{gid}/actions", json=attack, headers=allies)
    assert res.status_code == 202
    res = _run("reveal", *args)
    assert res.exit_code == 2 and "anchor --new" in res.output
    res = _run("anchor", *args, "--new")
    assert res.exit_code == 0 and "at version 1" in res.output
    assert json.loads(secret.read_text())["root"] != stored["root"]
