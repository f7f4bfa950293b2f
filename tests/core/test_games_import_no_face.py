"""The games import no face: no module under ordnance/asl, toi, waw imports
ordnance.cli, ordnance.server, Typer or Rich (docs/architecture.md). Read from the
source (every import statement, at the top or in a function), never by running it."""

from __future__ import annotations

import ast
from pathlib import Path

import ordnance

FACES = ("ordnance.cli", "ordnance.server", "typer", "rich", "click")
GAMES = ("asl", "toi", "waw")
ROOT = Path(ordnance.__file__).parent

#: Game modules still allowed to import a face: none. The games declare their
#: calculators and actions; every command, route and form is derived.
NOT_YET_DECLARED: frozenset[str] = frozenset()


def _faces_imported(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            if any(name == face or name.startswith(face + ".") for face in FACES):
                found.add(name)
    return found


def _offenders() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for game in GAMES:
        for path in sorted((ROOT / game).rglob("*.py")):
            faces = _faces_imported(path)
            if faces:
                out[path.relative_to(ROOT).as_posix()] = faces
    return out


def test_no_game_module_imports_a_face() -> None:
    offenders = _offenders()
    new = {k: v for k, v in offenders.items() if k not in NOT_YET_DECLARED}
    assert not new, f"game modules importing a face: {new}"


def test_the_list_of_modules_not_yet_declared_only_shrinks() -> None:
    assert set(_offenders()) == NOT_YET_DECLARED


def test_toi_and_waw_import_no_face_at_all() -> None:
    assert not [k for k in _offenders() if k.startswith(("toi/", "waw/"))]


def test_the_check_finds_a_face_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from ordnance.cli.common import emit\n    import rich.table\n")
    assert _faces_imported(module) == {"ordnance.cli.common", "rich.table"}
