"""The ``rich.markdown`` stand-in (issue 13: a fast CLI) changes no help screen and still
gives real Markdown to whoever asks for it."""

from __future__ import annotations

import subprocess
import sys

import pytest

RUN_HELP = """
import sys
if sys.argv[1] == "real":
    import rich.markdown  # loaded first: the stand-in stays out
from ordnance.cli.main import main
try:
    main(sys.argv[2:])
except SystemExit:
    pass
print("REAL-MARKDOWN-LOADED=" + str(type(sys.modules.get("rich.markdown")).__name__ == "module"))
"""


def _help(mode: str, *args: str) -> tuple[str, str]:
    res = subprocess.run(
        [sys.executable, "-c", RUN_HELP, mode, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={"COLUMNS": "100", "PATH": "/usr/bin:/bin", "ORDNANCE_LANG": "en"},
    )
    out, _sep, flag = res.stdout.rpartition("REAL-MARKDOWN-LOADED=")
    return out, flag.strip()


@pytest.mark.parametrize(
    "args", [("--help",), ("asl", "--help"), ("toi", "odds", "--help"), ("--lang", "ru", "--help")]
)
def test_help_is_the_same_with_the_stand_in(args: tuple[str, ...]) -> None:
    fast, fast_flag = _help("stand-in", *args)
    real, real_flag = _help("real", *args)
    assert fast == real
    assert "Usage" in fast or "Использование" in fast
    assert (fast_flag, real_flag) == ("False", "True")  # the stand-in did stand in


def test_markdown_asked_for_is_the_real_one() -> None:
    code = """
import sys
from ordnance.cli import markdown_stand_in
assert markdown_stand_in.install()
import rich.markdown
from rich.markdown import Markdown
made = Markdown("# Title")
from rich.console import Console
import io
console = Console(record=True, width=40, file=io.StringIO())
console.print(made)
real = sys.modules["rich.markdown"]
assert type(made) is real.Markdown and type(real).__name__ == "module", type(real)
assert "Title" in console.export_text()
print("ok")
"""
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.stdout.strip() == "ok", res.stderr
