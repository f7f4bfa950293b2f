"""Fixtures for the table server: the face-down test game, an app on a fresh
SQLite file, a throwaway PostgreSQL server (only for ``postgres`` tests)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ordnance.core import registry
from ordnance.core.registry import GamePlugin
from ordnance.server.app import create_app
from tests.needs import need
from tests.server.secret_game import SecretGame

registry.register(GamePlugin(SecretGame()))


def claim(client: Any, link: str) -> dict[str, Any]:
    """Claim an invitation link (``/join/<game>#invite=<code>``) as its page does."""
    path, _, fragment = link.partition("#invite=")
    game_id = path.rstrip("/").rsplit("/", 1)[1]
    res = client.post(f"/api/tables/{game_id}/claim", json={"invitation": fragment})
    assert res.status_code == 200, res.text
    answer: dict[str, Any] = res.json()
    return answer


def http_table(
    base: str, game: str, settings: dict[str, Any] | None = None, dice: str = "server"
) -> tuple[str, dict[str, str]]:
    """Create a table on a running server and claim every invitation: (game id, seat -> token)."""
    import httpx

    with httpx.Client(base_url=base) as c:
        res = c.post("/api/tables", json={"game": game, "settings": settings or {}, "dice": dice})
        assert res.status_code == 201, res.text
        data = res.json()
        tokens = {data["seat"]: data["token"]}
        for invitation in data["invitations"]:
            claimed = claim(c, invitation["link"])
            tokens[claimed["seat"]] = claimed["token"]
    return data["game_id"], tokens


class Table:
    """A created table plus a client per seat."""

    def __init__(
        self,
        client: TestClient,
        game: str = "secrets",
        settings: dict[str, Any] | None = None,
        seat: str | None = None,
        dice: str = "server",
        **more: Any,
    ):
        """Create the table as ``seat`` (default: the first), then claim every
        other seat through its invitation, as its player would (``more``: other
        fields of the creation body, e.g. ``dice_wait``)."""
        body: dict[str, Any] = {"game": game, "settings": settings or {}, "dice": dice, **more}
        if seat is not None:
            body["seat"] = seat
        res = client.post("/api/tables", json=body)
        assert res.status_code == 201, res.text
        data = res.json()
        self.client = client
        self.id: str = data["game_id"]
        self.creator: str = data["seat"]
        self.tokens: dict[str, str] = {data["seat"]: data["token"]}
        self.links = {data["seat"]: data["link"]}
        self.invitations = {i["seat"]: i["link"] for i in data["invitations"]}
        for invitation in data["invitations"]:
            claimed = claim(client, invitation["link"])
            self.tokens[claimed["seat"]] = claimed["token"]
            self.links[claimed["seat"]] = claimed["link"]

    def h(self, seat: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def get(self, seat: str, path: str) -> Any:
        return self.client.get(f"/api/tables/{self.id}{path}", headers=self.h(seat))

    def post(self, seat: str, path: str, body: Any) -> Any:
        return self.client.post(f"/api/tables/{self.id}{path}", json=body, headers=self.h(seat))

    def version(self, seat: str = "allies") -> int:
        return int(self.get(seat, "/view").json()["version"])

    def act(
        self,
        seat: str,
        action: dict[str, Any],
        dice: list[int] | None = None,
        version: int | None = None,
    ) -> Any:
        body: dict[str, Any] = {
            "action": action,
            "expected_version": self.version(seat) if version is None else version,
        }
        if dice is not None:
            body["dice"] = dice
        return self.post(seat, "/actions", body)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "table.db", heartbeat=0.2)
    with TestClient(app) as c:
        yield c


@pytest.fixture
def table(client: TestClient) -> Table:
    return Table(client)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg_bin() -> Path | None:
    for d in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (d / "initdb").exists():
            return d
    return None


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A throwaway PostgreSQL on loopback (initdb + pg_ctl), run as a non-root user."""
    if os.environ.get("ORDNANCE_TEST_PG_URL"):
        yield os.environ["ORDNANCE_TEST_PG_URL"]
        return
    bindir = _pg_bin()
    need(bindir is not None, "PostgreSQL (Debian's postgresql package)")
    assert bindir is not None
    root = os.geteuid() == 0
    base = Path(tempfile.mkdtemp(prefix="ordnance-pg-"))
    data = base / "data"
    port = free_port()

    def run(*args: str) -> None:
        cmd = list(args)
        if root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    if root:
        shutil.chown(base, "postgres", "postgres")
    run(str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
    run(
        str(bindir / "pg_ctl"),
        "-D",
        str(data),
        "-l",
        str(base / "log"),
        "-w",
        "-o",
        f"-h 127.0.0.1 -p {port} -k {base} -c fsync=off",
        "start",
    )
    try:
        url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
        yield url
    finally:
        subprocess.run(
            (["runuser", "-u", "postgres", "--"] if root else [])
            + [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(base, ignore_errors=True)


def fresh_pg_db(pg_url: str) -> str:
    """A new empty database on the test server (each test gets its own)."""
    import psycopg

    name = f"t{int(time.time() * 1000)}_{os.getpid()}_{free_port()}"
    conninfo = "postgresql://" + pg_url.split("://", 1)[1]
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return pg_url.rsplit("/", 1)[0] + "/" + name
