"""``ordnance table ...`` against a real server: join with an invitation (TABLE-SEAT-1),
a spent invitation refused (TABLE-SEAT-2), a reissue that waits for the holder
(TABLE-SEAT-3, TABLE-SEAT-5), recovery (TABLE-SEAT-6), view and act."""

from __future__ import annotations

import json
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
    # join and create publish a dice chain anchor: its root stays under tmp_path
    cfg = os.environ.get("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    env = dict(os.environ, ORDNANCE_TABLES_DIR=str(tmp_path), COLUMNS="200", XDG_CONFIG_HOME=cfg)
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


def test_invite_asks_the_holder_who_hands_the_seat_over(base: str, tmp_path: Path) -> None:
    """TABLE-SEAT-5, TABLE-SEAT-3: the axis asks for a new allies invitation; the link
    opens nothing until the allies (the creator, from its own file) accept."""
    allies_file = tmp_path / "allies.json"
    code, output = run(
        tmp_path,
        "create",
        base,
        "secrets",
        "--seat",
        "allies",
        "--file",
        str(allies_file),
        "--json",
    )
    assert code == 0, output
    gid = json.loads(output)["game_id"]
    invitation = json.loads(output)["invitations"]["axis"]
    assert json.loads(allies_file.read_text())["recovery"]  # kept with the token
    assert run(tmp_path, "join", invitation)[0] == 0
    code, output = run(tmp_path, "invite", gid, "allies")
    assert code == 0 and "opens the seat once allies accepts" in output, output
    link = output.split(": ", 1)[1].split()[0]
    request = output.split("(request ")[1].split(")")[0]
    code, output = run(tmp_path, "join", link, "--file", str(tmp_path / "thief.json"))
    assert code == 2 and "TABLE-SEAT-5" in output, output
    code, output = run(tmp_path, "seats", gid, "--file", str(allies_file))
    assert code == 0 and f"request {request}: axis asks for a new invitation for allies" in output
    code, output = run(tmp_path, "answer", gid, request, "--accept", "--file", str(allies_file))
    assert code == 0 and "completed" in output, output
    assert run(tmp_path, "view", gid, "--file", str(allies_file))[0] == 2  # handed over
    newcomer = tmp_path / "newcomer.json"
    assert run(tmp_path, "join", link, "--file", str(newcomer))[0] == 0
    code, output = run(tmp_path, "seats", gid, "--file", str(newcomer))
    assert code == 0 and "reissued 1 (by axis x1)" in output, output
    assert "the allies seat was reissued at entry 0 on axis's request (allies agreed)" in output


def test_a_joined_seat_claims_no_other_invitation_and_recovers(base: str, tmp_path: Path) -> None:
    """TABLE-SEAT-4 from the CLI, and the recovery secret saved by ``join``."""
    created = httpx.post(
        base + "/api/tables", json={"game": "secrets", "seat": "allies", "settings": {}}
    ).json()
    gid = created["game_id"]
    assert run(tmp_path, "join", base + created["invitations"][0]["link"])[0] == 0
    other = httpx.post(
        f"{base}/api/tables/{gid}/invitations",
        json={"seat": "axis"},  # axis holds its seat: an invitation that opens nothing yet
        headers={"Authorization": "Bearer " + created["token"]},
    )
    assert other.status_code == 202
    # the same file (the seat already held) cannot take another invitation of the table
    code, output = run(tmp_path, "join", base + other.json()["link"])
    assert code == 2 and "TABLE-SEAT-4" in output, output
    saved = json.loads((tmp_path / f"{gid}.json").read_text())
    assert saved["recovery"]
    device2 = tmp_path / "device2.json"
    device2.write_text(json.dumps({k: saved[k] for k in ("url", "game_id", "seat", "recovery")}))
    code, output = run(tmp_path, "recover", gid, "--file", str(device2))
    assert code == 0 and "axis moved to this device" in output, output
    assert run(tmp_path, "view", gid)[0] == 2  # the first device's token stopped working
    code, output = run(tmp_path, "view", gid, "--file", str(device2))
    assert code == 0 and "you: axis" in output
    assert json.loads(device2.read_text())["recovery"] != saved["recovery"]


def test_log_prints_the_seat_lines_under_their_entries(base: str, tmp_path: Path) -> None:
    """``table log`` shows what happened to the seats, where the page shows it: the
    creation and the claim before the first entry, a refused claim after its entry."""
    created = httpx.post(base + "/api/tables", json={"game": "secrets", "seat": "allies"}).json()
    gid = created["game_id"]
    assert run(tmp_path, "join", base + created["invitations"][0]["link"])[0] == 0
    secret = CATALOGUE["axis"][0]
    assert run(tmp_path, "act", gid, f'{{"type": "buy", "kind": "{secret}", "hex": "1,0"}}')[0] == 0
    asked = httpx.post(
        f"{base}/api/tables/{gid}/invitations",
        json={"seat": "axis"},
        headers={"Authorization": "Bearer " + created["token"]},
    )
    assert asked.status_code == 202
    refused = httpx.post(
        f"{base}/api/tables/{gid}/claim",
        json={"invitation": asked.json()["code"]},
        headers={"Authorization": "Bearer " + created["token"]},
    )
    assert refused.status_code == 403
    code, output = run(tmp_path, "log", gid)
    assert code == 0, output
    lines = output.splitlines()
    assert lines[0] == "  seat: allies created the table and took its seat"
    assert lines[1].startswith("  seat: axis claimed its seat (entry 0)")
    assert lines[2].startswith("1 axis: ")
    assert lines[3].startswith("  seat: allies asked for a new invitation for the axis seat")
    assert lines[4] == (
        "  seat: allies tried to claim the invitation for the axis seat while holding its own "
        "seat: refused (entry 1)"
    )


def test_errors_are_one_line_with_an_exit_status(base: str, tmp_path: Path) -> None:
    code, output = run(tmp_path, "view", "nosuchtable")
    assert code == 1 and "table nosuchtable was never joined from here" in output
    assert "ordnance table join LINK" in output
    # a link where the id goes: said in words, not as a file path built from the link
    code, output = run(tmp_path, "log", "http://127.0.0.1:1/t/abc")
    assert code == 1 and "is a link, and these commands take a table's id" in output
    assert "tables/http:" not in output and "ordnance table join LINK" in output
    code, output = run(tmp_path, "join", "http://127.0.0.1:9/join/abc#invite=" + "x" * 32)
    assert code == 1 and "cannot reach the table server" in output
    code, output = run(tmp_path, "join", base + "/t/abc")
    assert code == 2 and "not a table link" in output
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    code, output = run(tmp_path, "view", "x", "--file", str(bad))
    assert code == 1 and "cannot be read" in output


def test_watch_reveals_for_the_action_waiting_for_its_dice(base: str, tmp_path: Path) -> None:
    """``ordnance table join`` publishes the seat's chain anchor at the claim (so the
    first roll awaits it); ``watch`` keeps it and reveals for a pending action
    (TABLE-DICE-7: never before it)."""
    created = httpx.post(base + "/api/tables", json={"game": "secrets", "seat": "allies"}).json()
    gid = created["game_id"]
    env_dice = {"XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    os.environ.update(env_dice)
    try:
        code, output = run(tmp_path, "join", base + created["invitations"][0]["link"])
        assert code == 0 and "dice chain anchor published" in output, output
        view = httpx.get(
            f"{base}/api/tables/{gid}/view",
            headers={"Authorization": "Bearer " + created["token"]},
        ).json()
        assert view["version"] == 0
        code, output = run(tmp_path, "watch", gid, "--polls", "1")
        assert code == 0 and "anchor published" not in output, output
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


def _counted_act(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gid: str, action: str
) -> tuple[int, str, list[str]]:
    """``ordnance table act`` in process, with every HTTP request it sends listed."""
    from typer.testing import CliRunner

    from ordnance.server import table_client

    sent: list[str] = []
    real = httpx.request

    def counting(method: str, url: str, **kwargs: object) -> httpx.Response:
        sent.append(f"{method} {url.rsplit('/', 1)[-1]}")
        return real(method, url, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setenv("ORDNANCE_TABLES_DIR", str(tmp_path))
    monkeypatch.setattr(httpx, "request", counting)  # the client imports httpx per request
    result = CliRunner().invoke(table_client.app, ["act", gid, action])
    monkeypatch.setattr(httpx, "request", real)
    return result.exit_code, result.output, sent


def test_act_sends_one_request_at_the_version_the_seat_last_saw(
    base: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a view (or an action) the seat file keeps the version: ``act`` is then the
    action alone, and the version it answers is kept for the next one."""
    created = httpx.post(base + "/api/tables", json={"game": "secrets", "seat": "allies"}).json()
    gid = created["game_id"]
    assert run(tmp_path, "join", base + created["invitations"][0]["link"])[0] == 0
    code, output = run(tmp_path, "view", gid)
    assert code == 0 and "version 0" in output, output
    buy = f'{{"type": "buy", "kind": "{CATALOGUE["axis"][0]}", "hex": "1,0"}}'
    code, output, sent = _counted_act(tmp_path, monkeypatch, gid, buy)
    assert code == 0 and "version 1" in output, output
    assert sent == ["POST actions"]
    assert json.loads((tmp_path / f"{gid}.json").read_text())["version"] == "1"


def test_act_after_the_other_seat_moved_reads_the_version_and_acts_once_more(
    base: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat file's version is stale once the other seat acted: refused with 409 and
    nothing written, then ``act`` reads the current version and acts at it, as it did
    without a saved version (an explicit ``--version`` is never replaced)."""
    created = httpx.post(base + "/api/tables", json={"game": "secrets", "seat": "allies"}).json()
    gid = created["game_id"]
    assert run(tmp_path, "join", base + created["invitations"][0]["link"])[0] == 0
    assert run(tmp_path, "view", gid)[0] == 0  # the seat file keeps version 0
    allies = {"Authorization": "Bearer " + created["token"]}
    anchor = {"anchor": "ab" * 32}
    assert httpx.post(f"{base}/api/tables/{gid}/dice/anchor", json=anchor, headers=allies)
    end = {"action": {"type": "end_phase"}, "expected_version": 0}
    assert httpx.post(f"{base}/api/tables/{gid}/actions", json=end, headers=allies).is_success
    code, output, sent = _counted_act(
        tmp_path, monkeypatch, gid, '{"type": "attack", "dice": 2, "target": "0,0"}'
    )
    assert code == 0 and "your action waits for its dice" in output, output
    assert sent == ["POST actions", "GET view", "POST actions"]
    code, output = run(tmp_path, "act", gid, '{"type": "end_phase"}', "--version", "0")
    assert code == 2 and "409" in output, output
