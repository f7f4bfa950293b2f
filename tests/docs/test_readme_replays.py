"""Every command of the README's tour runs as printed, from a fresh folder, in the
order shown, and prints what the README shows (``scripts/replay_docs.py``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def replay_docs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("replay_docs", ROOT / "scripts/replay_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["replay_docs"] = module
    spec.loader.exec_module(module)
    return module


def test_the_script_reads_commands_and_their_shown_output() -> None:
    rd = replay_docs()
    lines = ["```console", "$ ordnance x", "out 1", "...", "$ ordnance y  # (excerpt)", "```"]
    steps = rd.read_steps(lines)
    assert [s.command for s in steps] == ["ordnance x", "ordnance y  # (excerpt)"]
    assert steps[0].shown == ["out 1", "..."] and steps[0].trimmed and steps[1].trimmed
    # loose where the README elides: the fragments around "..." are found in order
    assert rd.matches(steps[0], ["out 1 and more"], 0)
    assert not rd.matches(rd.Step(0, "ordnance z", ["exact"]), ["not exact"], 0)


def test_every_readme_command_prints_what_the_readme_shows(capsys: object) -> None:
    rd = replay_docs()
    bad = rd.readme_mismatches()
    assert bad == 0, "README.md drifted: run python scripts/replay_docs.py README.md"
