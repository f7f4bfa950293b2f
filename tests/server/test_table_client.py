"""``ordnance table ...`` against a real server: join with an invitation (TABLE-SEAT-1),
a spent invitation refused (TABLE-SEAT-2), reissue (TABLE-SEAT-3), view and act."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import free_port
from tests.server.live import wait_started
from tests.server.secret_game import CATALOGUE


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from ordnance.server.app import create_app

    app = create_app(tmp_path_factory.mktemp("cli") / "t.db", heartbeat=1.0)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    wait_started(srv, thread)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def run(tmp_path: Path, *args: str) -> tuple[int, str]:
    """``ordnance table ARGS`` as a user runs it (its own process, the lazy command line)."""
    env = dict(os.environ, ORDNANCE_TABLES_DIR=str(tmp_path), COLUMNS="200")
    result = subprocess.run(
        [sys.executable, "-m", "ordnance.cli.main", "table", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    return result.returncode, output


def test_join_view_act_and_a_spent_invitation(base: str, tmp_path: Path) -> None:
    created = httpx.post(base + "/api/tables", json={"game": "secrets", "seat": "allies"}).json()
    gid = created["game_id"]
    invitation = base + created["invitations"][0]["link"]

    code, output = run(tmp_path, "join", invitation)
    assert code == 0, output
    assert f"joined table {gid} as axis" in output
    saved = tmp_path / f"{gid}.json"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert created["token"] not in saved.read_text()  # the axis token, which only the CLI got

    code, output = run(tmp_path, "view", gid)
    assert code == 0 and "you: axis" in output and "version 0" in output, output
    secret = CATALOGUE["axis"][0]
    code, output = run(tmp_path, "act", gid, f'{{"type": "buy", "kind": "{secret}", "hex": "1,0"}}')
    assert code == 0 and "version 1" in output, output
    # the creator's token sees that a token was bought, never its type
    mine = httpx.get(
        f"{base}/api/tables/{gid}/view", headers={"Authorization": "Bearer " + created["token"]}
    ).text
    assert secret not in mine

    code, output = run(tmp_path, "join", invitation, "--file", str(tmp_path / "again.json"))
    assert code == 2 and "TABLE-SEAT-2" in output, output
    assert not (tmp_path / "again.json").exists()


def test_invite_reissues_the_other_seat(base: str, tmp_path: Path) -> None:
    created = httpx.post(base + "/api/tables", json={"game": "secrets", "seat": "allies"}).json()
    gid = created["game_id"]
    assert run(tmp_path, "join", base + created["invitations"][0]["link"])[0] == 0
    code, output = run(tmp_path, "invite", gid, "allies")
    assert code == 0 and f"{base}/join/{gid}#invite=" in output, output
    old = httpx.get(
        f"{base}/api/tables/{gid}/view", headers={"Authorization": "Bearer " + created["token"]}
    )
    assert old.status_code == 403  # the allies' lost token is revoked
    link = output.split("new invitation for allies: ")[1].split()[0]
    allies_file = tmp_path / "allies.json"
    assert run(tmp_path, "join", link, "--file", str(allies_file))[0] == 0
    code, output = run(tmp_path, "seats", gid, "--file", str(allies_file))
    assert code == 0 and "allies: held; reissued 1 (by axis x1)" in output, output


def test_errors_are_one_line_with_an_exit_status(base: str, tmp_path: Path) -> None:
    code, output = run(tmp_path, "view", "nosuchtable")
    assert code == 1 and "no seat saved for table nosuchtable" in output
    code, output = run(tmp_path, "join", "http://127.0.0.1:9/join/abc#invite=" + "x" * 32)
    assert code == 1 and "cannot reach the table server" in output
    code, output = run(tmp_path, "join", base + "/t/abc")
    assert code == 2 and "not a table link" in output
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    code, output = run(tmp_path, "view", "x", "--file", str(bad))
    assert code == 1 and "cannot be read" in output


def test_watch_reveals_for_the_action_waiting_for_its_dice(base: str, tmp_path: Path) -> None:
    """``ordnance table watch``: publish the chain's anchor, then reveal for a pending
    action (TABLE-DICE-7: never before it)."""
    created = httpx.post(base + "/api/tables", json={"game": "secrets", "seat": "allies"}).json()
    gid = created["game_id"]
    assert run(tmp_path, "join", base + created["invitations"][0]["link"])[0] == 0
    env_dice = {"XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    os.environ.update(env_dice)
    try:
        code, output = run(tmp_path, "watch", gid, "--polls", "1")
        assert code == 0 and "anchor published, in force from version 1" in output, output
        allies = {"Authorization": "Bearer " + created["token"]}
        act = f"{base}/api/tables/{gid}/actions"
        end = {"action": {"type": "end_phase"}, "expected_version": 0}
        assert httpx.post(act, json=end, headers=allies).status_code == 200
        code, output = run(tmp_path, "watch", gid, "--polls", "1")  # nothing waits: no reveal
        assert code == 0 and "revealed" not in output, output
        attack = {"action": {"type": "attack", "dice": 3, "target": "1,0"}, "expected_version": 1}
        res = httpx.post(act, json=attack, headers=allies)
        assert res.status_code == 202 and res.json()["rolling"]["waiting_for"] == ["axis"]
        code, output = run(tmp_path, "watch", gid, "--polls", "1")
        assert code == 0 and "revealed for allies's action at version 1" in output, output
        assert "rolled: version 2" in output
        record = httpx.get(f"{base}/api/tables/{gid}/dice", headers=allies).json()
        assert record["rolls"][-1]["elements"]["axis"] is not None
    finally:
        for key in env_dice:
            os.environ.pop(key, None)


def test_act_of_an_action_that_rolls_says_it_waits(base: str, tmp_path: Path) -> None:
    created = httpx.post(base + "/api/tables", json={"game": "secrets", "seat": "allies"}).json()
    gid = created["game_id"]
    assert run(tmp_path, "join", base + created["invitations"][0]["link"])[0] == 0
    allies = {"Authorization": "Bearer " + created["token"]}
    anchor = {"anchor": "ab" * 32}  # the allies' page published its chain at version 0
    assert httpx.post(f"{base}/api/tables/{gid}/dice/anchor", json=anchor, headers=allies)
    end = {"action": {"type": "end_phase"}, "expected_version": 0}
    assert httpx.post(f"{base}/api/tables/{gid}/actions", json=end, headers=allies).is_success
    code, output = run(tmp_path, "act", gid, '{"type": "attack", "dice": 2, "target": "0,0"}')
    assert code == 0 and "your action waits for its dice" in output, output
    assert "waiting for allies" in output
