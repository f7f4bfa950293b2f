"""A throwaway PostgreSQL cluster on loopback (initdb + pg_ctl in a temporary directory).

Used by the benchmarks (``make bench-table``, ``make loadtest``, ``make soak``):
trust authentication on 127.0.0.1 only, removed on exit.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ThrowawayPostgres:
    """initdb + pg_ctl on loopback in a temp dir (as user postgres when root)."""

    def __init__(self) -> None:
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), reverse=True)
        if not bins:
            raise RuntimeError("PostgreSQL is not installed (make sysdeps)")
        self.bin = bins[0].parent
        self.root = os.geteuid() == 0
        self.base = Path(tempfile.mkdtemp(prefix="ordnance-pg-"))
        self.port = free_port()

    def _run(self, *cmd: str) -> None:
        full = (["runuser", "-u", "postgres", "--"] if self.root else []) + list(cmd)
        subprocess.run(full, check=True, capture_output=True, timeout=120)

    def __enter__(self) -> str:
        if self.root:
            shutil.chown(self.base, "postgres", "postgres")
        data = str(self.base / "data")
        self._run(str(self.bin / "initdb"), "-D", data, "-U", "postgres", "--auth=trust")
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            data,
            "-l",
            str(self.base / "log"),
            "-w",
            "-o",
            f"-h 127.0.0.1 -p {self.port} -k {self.base} -c max_connections=200",
            "start",
        )
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def __exit__(self, *exc: object) -> None:
        try:
            self._run(
                str(self.bin / "pg_ctl"), "-D", str(self.base / "data"), "-m", "fast", "-w", "stop"
            )
        finally:
            shutil.rmtree(self.base, ignore_errors=True)
