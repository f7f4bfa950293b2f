"""``ordnance demo`` runs unattended and shows depletion, the record, undo and odds."""

from __future__ import annotations

from pathlib import Path

import pytest

from ordnance.cli.demo import demo


def test_demo_runs_unattended(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    demo(step=False, db=str(tmp_path / "demo.db"))
    out = capsys.readouterr().out
    assert "used-and-depleted" in out or "the last one" in out  # ASL-8.9-d
    assert "there was none" in out  # ASL-8.9-e
    assert "Side record after undo" in out
    assert "(undone)" in out
    assert "1/216" in out  # APCR N=5 still there on the 4th shot
    assert (tmp_path / "demo.db").exists()
