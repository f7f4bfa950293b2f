"""Every command against every database and input fault: one line, the right exit, no traceback.

The commands are enumerated from the command line itself (:func:`walk`), so a
new command is covered without editing this file; a new required parameter
may need a sample value in ``SAMPLES`` (the test says which).

Exit status (documented in README, "Command line"): 2 for bad input, 1 for the
environment (a database server that is down, a read-only journal).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer

from ordnance.cli import main as cli_main
from ordnance.cli.lazy import LazyMount
from ordnance.cli.main import cli_command, run_command, walk
from ordnance.core.journal import GameSession, open_journal

GAMES = ("asl", "toi", "waw")
COMMANDS = [(path, cmd) for path, cmd in walk(cli_command())]

#: Values for required parameters, by game then by name (``*``: any game).
SAMPLES: dict[str, dict[str, str]] = {
    "*": {
        "gun": "g1",
        "ca": "1",
        "ammo": "APCR",
        "unit": "u1",
        "amount": "1",
        "to": "1,1",
        "target": "2,2",
        "fp": "4",
        "hit_number": "4",
        "terrain": "woods",
        "hexes": "1,1",
        "unit_id": "u1",
        "kind": "T-72",
        "hex_": "1,1",
        "path": "1,2",
        "hq": "hq",
        "condition": "disrupted",
        "origin": "1,1",
        "action": '{"type": "advance"}',
        "game": "asl",
        "side": "us",
        "weapon": "BAZ",
        "file": str(Path(__file__).resolve().parents[1] / "data" / "vasl" / "basic.vsav"),
    },
    "asl": {"side": "russian"},
    "toi": {"side": "german"},
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _game_of(path: tuple[str, ...]) -> str | None:
    """The game a command serves (``asl ...``, ``odds asl ...``), if any."""
    if path[0] in GAMES:
        return path[0]
    if path[0] == "odds" and len(path) > 2 and path[1] in GAMES:
        return path[1]
    return None


def _arguments(path: tuple[str, ...], cmd: Any, db: str, game_id: str) -> list[str]:
    """A command line reaching the database: required values sampled, ``--db`` and id given."""
    game = _game_of(path) or "*"
    args = list(path)
    for param in cmd.params:
        if "--db" in param.opts:
            args += ["--db", db]
            continue
        if param.name == "game_id" and (param.required or "--game" in param.opts):
            value = game_id
        elif not param.required and param.name != "game":  # `game new [GAME]` names one
            continue
        else:
            sample = SAMPLES.get(game, {}).get(param.name) or SAMPLES["*"].get(param.name)
            assert sample is not None, f"add a sample value for {param.name!r} of {path}"
            value = sample
        if param.param_type_name == "argument":
            args.append(value)
        else:
            args += [param.opts[0], value]
    return args


def _one_error_line(text: str, words: str) -> bool:
    """The error is one line, ``refused: ...`` or ``error: ...``, naming the problem."""
    lines = [line for line in text.splitlines() if line.startswith(("refused:", "error:"))]
    return len(lines) == 1 and words in lines[0]


def _run(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, str]:
    capsys.readouterr()
    try:
        cli_main.main(args)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out = capsys.readouterr()
    text = out.out + out.err
    assert "Traceback" not in text, text
    return code, text


@pytest.fixture(scope="module")
def journal_path(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A journal with one game of each type (ids: the game names)."""
    path = tmp_path_factory.mktemp("journal") / "good.db"
    journal = open_journal(path)
    GameSession.create(journal, "asl", {"date": "1944-06"}, "asl")
    GameSession.create(journal, "toi", {}, "toi")
    GameSession.create(journal, "waw", {}, "waw")
    journal.close()
    yield path


def _db_faults(tmp: Path) -> dict[str, tuple[str, int, str]]:
    """Fault name -> (``--db`` value, exit status, words the message must contain)."""
    corrupt = tmp / "corrupt.db"
    corrupt.write_bytes(b"this is not a database, just some bytes\n" * 10)
    (tmp / "adir").mkdir(exist_ok=True)
    return {
        "missing directory": (str(tmp / "no" / "such" / "dir" / "j.db"), 2, "no directory"),
        "not a database": (str(corrupt), 2, "not an ordnance journal"),
        "a directory": (str(tmp / "adir"), 2, "is a directory"),
        "unreachable PostgreSQL": (
            f"postgresql+psycopg://ordnance@127.0.0.1:{_free_port()}/x?connect_timeout=3",
            1,
            "cannot reach",
        ),
        "mysql URL": ("mysql://user@localhost/x", 2, "does not support"),
    }


DB_FAULTS = [
    "missing directory",
    "not a database",
    "a directory",
    "unreachable PostgreSQL",
    "mysql URL",
]
WITH_DB = [(p, c) for p, c in COMMANDS if any("--db" in q.opts for q in c.params)]


def test_every_command_is_enumerated() -> None:
    """The walk finds the commands of every face and game (a broken import would fail it)."""
    tops = {path[0] for path, _cmd in COMMANDS}
    assert {"asl", "toi", "waw", "game", "odds", "serve", "demo"} <= tops
    assert len(WITH_DB) >= 40


@pytest.mark.parametrize("fault", DB_FAULTS)
@pytest.mark.parametrize(("path", "cmd"), WITH_DB, ids=[" ".join(p) for p, _c in WITH_DB])
def test_database_fault_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, path: tuple[str, ...], cmd: Any, fault: str
) -> None:
    db, status, words = _db_faults(tmp_path)[fault]
    game = _game_of(path) or "asl"
    code, text = _run(capsys, _arguments(path, cmd, db, game))
    assert code == status, text
    assert _one_error_line(text, words), text


# ``serve`` opens a read-only journal fine and would then start serving.
READ_ONLY = [(p, c) for p, c in WITH_DB if p != ("serve",)]


@pytest.mark.parametrize(("path", "cmd"), READ_ONLY, ids=[" ".join(p) for p, _c in READ_ONLY])
def test_read_only_journal(
    capsys: pytest.CaptureFixture[str], journal_path: Path, path: tuple[str, ...], cmd: Any
) -> None:
    """A read-only journal: reading works; a write is refused with exit 1, nothing else breaks."""
    read_only = f"sqlite:///file:{journal_path}?mode=ro&uri=true"
    game = _game_of(path) or "asl"
    code, text = _run(capsys, _arguments(path, cmd, read_only, game))
    if "cannot be written" in text:
        assert code == 1, text
    else:
        assert code in (0, 2), text


@pytest.mark.parametrize(
    "args",
    [
        ["game", "new", "waw"],
        ["game", "act", "asl", '{"type": "set_phase", "phase": "MPh"}'],
        ["asl", "game", "new"],
        ["toi", "game", "new"],
        ["waw", "new"],
        ["waw", "smoke", "waw", "--side", "us", "--target", "2,2"],
    ],
    ids=" ".join,
)
def test_write_to_read_only_journal_exits_1(
    capsys: pytest.CaptureFixture[str], journal_path: Path, args: list[str]
) -> None:
    read_only = f"sqlite:///file:{journal_path}?mode=ro&uri=true"
    code, text = _run(capsys, [*args, "--db", read_only])
    assert code == 1, text
    assert "cannot be written" in text and "readonly" in text


GAME_SCOPED = [
    (p, c)
    for p, c in COMMANDS
    if _game_of(p) is not None and any(q.name == "game_id" and q.opts for q in c.params)
    if p[-1] != "new"
]


def test_game_scoped_commands_are_found() -> None:
    games = {_game_of(p) for p, _c in GAME_SCOPED}
    assert games == set(GAMES)


@pytest.mark.parametrize(("path", "cmd"), GAME_SCOPED, ids=[" ".join(p) for p, _c in GAME_SCOPED])
def test_game_id_of_another_game_type_is_refused(
    capsys: pytest.CaptureFixture[str], journal_path: Path, path: tuple[str, ...], cmd: Any
) -> None:
    """``asl game record <toi game>`` and the like name the game type the id is."""
    game = _game_of(path)
    other = next(g for g in GAMES if g != game)
    code, text = _run(capsys, _arguments(path, cmd, str(journal_path), other))
    assert code == 2, text
    assert _one_error_line(text, f"is of game type {other!r}, not {game!r}"), text


@pytest.mark.parametrize(
    "args",
    [
        ["asl", "game", "record", "toi"],
        ["waw", "view", "asl"],
        ["waw", "game", "mission", "toi", "--side", "us", "--target", "1,1"],
        ["toi", "game", "preview", "asl", "--unit", "u1"],
    ],
    ids=" ".join,
)
def test_issue_examples_of_wrong_game_type(
    capsys: pytest.CaptureFixture[str], journal_path: Path, args: list[str]
) -> None:
    code, text = _run(capsys, [*args, "--db", str(journal_path)])
    assert code == 2 and "is of game type" in text, text


@pytest.mark.parametrize("fault", DB_FAULTS)
def test_real_process_prints_no_traceback(tmp_path: Path, fault: str) -> None:
    """The installed entry point, in its own process: one line on stderr, no traceback."""
    db, status, words = _db_faults(tmp_path)[fault]
    env = dict(os.environ, ORDNANCE_LANG="en", COLUMNS="60")
    res = subprocess.run(
        [sys.executable, "-m", "ordnance.cli.main", "game", "list", "--db", db],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert "Traceback" not in res.stderr + res.stdout
    assert res.returncode == status, res.stderr
    assert _one_error_line(res.stderr, words) and len(res.stderr.splitlines()) == 1, res.stderr


def test_a_server_that_is_down_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """The shared wrapper words a network failure (the verifier's case) like a database one."""
    import httpx

    tool = typer.Typer()

    @tool.command()
    def fetch(url: str) -> None:
        httpx.get(url, timeout=3)

    with pytest.raises(SystemExit) as exit_:
        run_command(typer.main.get_command(tool), [f"http://127.0.0.1:{_free_port()}/x"])
    err = capsys.readouterr().err
    assert exit_.value.code == 1
    assert "cannot reach the table server" in err and "Traceback" not in err


def test_a_broken_import_is_loud(capsys: pytest.CaptureFixture[str]) -> None:
    """A command whose module is missing says so (exit 1); it never silently disappears."""

    def load() -> Any:
        import ordnance.no_such_module  # type: ignore[import-not-found]  # noqa: F401

        raise AssertionError("unreachable")

    command = cli_command()
    command.commands["broken"] = LazyMount("broken", "A broken command.", load)
    with pytest.raises(SystemExit) as exit_:
        run_command(command, ["broken", "x"])
    err = capsys.readouterr().err
    assert exit_.value.code == 1
    assert "'broken' command cannot be loaded" in err and "no_such_module" in err


@pytest.mark.parametrize("bug", ["integrity", "key"])
def test_a_bug_is_not_worded_away(bug: str) -> None:
    """Only database, network and file problems become one-line errors; a bug still shows."""
    from sqlalchemy.exc import IntegrityError

    error: Exception = (
        IntegrityError("INSERT ...", None, Exception("UNIQUE constraint failed"))
        if bug == "integrity"
        else KeyError("date_label")
    )
    tool = typer.Typer()

    @tool.command()
    def boom(x: str) -> None:
        raise error

    with pytest.raises(type(error)):
        run_command(typer.main.get_command(tool), ["x"])


def test_verify_against_a_server_that_is_down() -> None:
    """``python -m ordnance.server.verify`` goes through the same wrapper: one line, exit 1."""
    res = subprocess.run(
        [sys.executable, "-m", "ordnance.server.verify", "g1", "--url",
         f"http://127.0.0.1:{_free_port()}", "--token", "t"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert "Traceback" not in res.stderr + res.stdout
    assert res.returncode == 1, res.stderr
    assert _one_error_line(res.stderr, "cannot reach the table server"), res.stderr
