"""What the docs replays share: a section of a doc, and the steps of it that drifted."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

from tests.docs.test_readme_replays import ROOT


def doc_section(heading: str, doc: str = "docs/asl.md") -> list[str]:
    """The lines of ``doc`` from ``heading`` up to the next heading of its level or above."""
    lines = (ROOT / doc).read_text("utf-8").split("\n")
    start = lines.index(heading)
    level = heading.split(" ", 1)[0]
    stops = tuple("#" * n + " " for n in range(1, len(level) + 1))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith(stops)), len(lines))
    return lines[start:end]


def drifted(
    rd: ModuleType, steps: list[Any], work: Path, env: dict[str, str]
) -> list[tuple[str, str, str]]:
    """Each step run in ``work`` in order: ``(command, shown, printed)`` of those whose
    printout no longer matches what the doc shows (``scripts/replay_docs.py``)."""
    bad = []
    for step in steps:
        printed, code = rd.run(step, work, env)
        if not rd.matches(step, printed, code):
            bad.append((step.command, step.shown, printed))
    return bad
