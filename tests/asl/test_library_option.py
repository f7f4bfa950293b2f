"""``--library FILE`` names a file: a path with no file is refused, not read as empty.

A mistyped ``--library`` used to be taken as an empty library, so ``counters show``
and ``game add-gun --counter`` silently lost the player's printed values. A reading
command now refuses it naming the path (exit 2, one line, no traceback); ``set`` and
``import`` still create the file they are given.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.asl.test_cli import run, run_json


@pytest.mark.parametrize(
    "command",
    [
        ("asl", "counters", "show", "T-34/85"),
        ("asl", "counters", "export"),
        ("asl", "game", "add-gun", "g", "--id", "t34", "--side", "russian", "--counter", "T-34/85",
         "--db", "{db}"),
    ],
)  # fmt: skip
def test_a_missing_library_is_refused_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]
) -> None:
    missing = tmp_path / "no-such" / "counters.yaml"
    args = [a.replace("{db}", str(tmp_path / "x.db")) for a in command]
    code, out, err = run(capsys, *args, "--library", str(missing))
    assert code == 2 and out == ""
    assert err.startswith("refused: there is no counter library file ")
    assert str(missing) in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not missing.parent.exists()  # nothing written


def test_a_directory_is_not_a_library(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out = run_json(capsys, "asl", "counters", "export", "--library", str(tmp_path))
    assert code == 2 and "is not a file" in out["message"] and str(tmp_path) in out["message"]


def test_set_still_creates_the_library_it_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lib = tmp_path / "new.yaml"
    code, _out = run_json(
        capsys, "asl", "counters", "set", "T-34/85", "--nationality", "russian", "--rof", "1",
        "--library", str(lib),
    )  # fmt: skip
    assert code == 0 and lib.is_file()
    code, exported, _err = run(capsys, "asl", "counters", "export", "--library", str(lib))
    assert code == 0 and "T-34/85" in exported
