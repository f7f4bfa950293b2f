"""docs/asl.md's worked example (a VASL save to the side record and the kill odds of one
shot with AP and APCR) runs as printed and prints what it shows (``scripts/replay_docs.py``).

The steps between the example's heading and the next section run in order, in a fresh
folder holding the example's save at the path the doc names. Clauses the example shows:
ASL-8.9-c/e (APCR with N=3), ASL-8.0-a (the side record as a label).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.docs.sections import doc_section, drifted
from tests.docs.test_readme_replays import ROOT, replay_docs

HEADING = "### Worked example: Hill 621, from the save to the kill odds"


@pytest.mark.skipif(shutil.which("jq") is None, reason="the example pipes its JSON through jq")
def test_the_vasl_worked_example_prints_what_it_shows(tmp_path: Path) -> None:
    rd = replay_docs()
    steps = rd.read_steps(doc_section(HEADING))
    assert len(steps) >= 8  # read, game, record, odds with the plot, fallback, label
    assert any("--plot" in s.command for s in steps)
    assert (ROOT / "docs/img/asl-vasl-pak40-ap-apcr.png").exists()
    assert "](img/asl-vasl-pak40-ap-apcr.png)" in "\n".join(doc_section(HEADING))
    work = tmp_path / "reader"
    work.mkdir()
    (work / "tests/data").mkdir(parents=True)
    (work / "tests/data/vasl").symlink_to(ROOT / "tests/data/vasl")
    bad = drifted(rd, steps, work, rd.make_env(work))
    assert not bad, "docs/asl.md's VASL example drifted:\n" + "\n".join(map(str, bad))
    assert (work / "pak40.png").stat().st_size > 1000  # the plot was written
