"""Bad input on the command line is answered in one line, exit status 2, no traceback:
a binary or undecodable scenario file, and a port no socket can have."""

from __future__ import annotations

from pathlib import Path

import pytest

from ordnance.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def _one_line(out: str, err: str) -> str:
    text = (out + err).strip()
    assert "Traceback" not in text
    assert len(text.splitlines()) == 1, text
    return text


@pytest.mark.parametrize(
    "content",
    [
        bytes(range(256)),  # not UTF-8
        b"\xff\xfegame: waw\n",  # a UTF-16 byte order mark
        b"game: waw\x00\x01\x02\n",  # UTF-8, but with NUL: binary
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",  # an image
    ],
)
def test_scenario_check_of_a_binary_file_is_one_line(
    content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    path.write_bytes(content)
    code, out, err = run(capsys, "scenario", "check", str(path))
    assert code == 2
    assert "cannot read the scenario" in _one_line(out, err)


def test_a_control_character_in_a_text_scenario_is_a_problem_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    path.write_bytes(b"game: waw\ntitle: a\x01b\n")
    code, out, err = run(capsys, "scenario", "check", str(path))
    assert code == 2 and "Traceback" not in out + err
    assert "not a text file: character #x0001" in out


@pytest.mark.parametrize("port", ["99999", "65536", "-1"])
def test_serve_on_an_impossible_port_is_one_line(
    port: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "serve", "--port", port, "--db", str(tmp_path / "t.db"))
    assert code == 2
    line = _one_line(out, err)
    assert f"--port {port}" in line and "65535" in line
    assert not (tmp_path / "t.db").exists()  # refused before the journal is opened
