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


def test_the_demo_face_names_no_game() -> None:
    """Faces hold no game code: ``ordnance.cli.demo`` imports no game package; the ASL
    walk-through is found through the plug-in's ``demo`` hook (a fourth game adds its own)."""
    import ast

    import ordnance.cli.demo as face
    from ordnance.core import registry

    tree = ast.parse(Path(face.__file__).read_text())
    imported = {
        n.module if isinstance(n, ast.ImportFrom) else a.name
        for n in ast.walk(tree)
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in n.names
    }
    assert not {m for m in imported if m and m.split(".")[1:2] in (["asl"], ["toi"], ["waw"])}
    assert registry.get("asl").demo == "ordnance.cli.asl.demo:walk"


def test_demo_refuses_a_game_without_a_walk_through(tmp_path: Path) -> None:
    """``--game toi`` (no walk-through) is a clear usage error naming the games that have one."""
    import typer
    from typer.testing import CliRunner

    app = typer.Typer()
    app.command()(demo)
    result = CliRunner().invoke(app, ["--game", "toi", "--db", str(tmp_path / "d.db")])
    assert result.exit_code == 2
    assert "asl" in result.output and "Traceback" not in result.output
