"""One layout for every game (docs/architecture.md, "One layout for every game").

ASL, Tide of Iron and World at War have the same top-level modules and the same
sub-packages (``rules``, ``procedures``, ``odds``, ``calculators``), plus the topic packages a game
declares here; no module re-exports another's names (no facade, no shim).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import ordnance

SRC = Path(ordnance.__file__).parent
GAMES = ("asl", "toi", "waw")

#: Every game's top-level modules, and the one a game may add (older command spellings).
TOP_LEVEL = {
    "__init__",
    "actions",
    "dispatch",
    "legal",
    "plugin",
    "scenario",
    "seats",
    "settings",
    "setup",
    "shapes",
    "state",
    "turns",
    "views",
}
OPTIONAL_TOP_LEVEL = {"commands"}
#: Every game's sub-packages, and the topic packages of one game.
SUB_PACKAGES = {"rules", "procedures", "odds", "calculators"}
TOPIC_PACKAGES = {"asl": {"shot", "canister", "vasl"}, "toi": set(), "waw": set()}


def _modules(game: str) -> set[str]:
    return {p.stem for p in (SRC / game).glob("*.py")}


def _packages(game: str) -> set[str]:
    return {p.parent.name for p in (SRC / game).glob("*/__init__.py")}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_top_level_modules(game: str) -> None:
    mods = _modules(game)
    assert mods >= TOP_LEVEL, TOP_LEVEL - mods
    assert mods - TOP_LEVEL <= OPTIONAL_TOP_LEVEL, mods - TOP_LEVEL


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_sub_packages(game: str) -> None:
    assert _packages(game) == SUB_PACKAGES | TOPIC_PACKAGES[game]


@pytest.mark.parametrize("game", GAMES)
def test_every_module_of_a_game_imports(game: str) -> None:
    for path in sorted((SRC / game).rglob("*.py")):
        rel = path.relative_to(SRC.parent).with_suffix("")
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        assert importlib.import_module(name).__name__ == name


def _defined(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.If | ast.Try):  # a version-dependent import is a definition
            for sub in ast.walk(node):
                if isinstance(sub, ast.alias):
                    names.add(sub.asname or sub.name)
    return names


def _exported(tree: ast.Module) -> list[str]:
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
            and isinstance(node.value, ast.List | ast.Tuple)
        ):
            return [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
    return []


@pytest.mark.parametrize("package", [*GAMES, "core"])
def test_no_module_re_exports_another_modules_names(package: str) -> None:
    """A facade or a shim "kept for old imports" would list names it only imports."""
    borrowed = {}
    for path in sorted((SRC / package).rglob("*.py")):
        if path.name == "__init__.py":
            continue  # a package's front door may gather its modules' names
        tree = ast.parse(path.read_text(encoding="utf-8"))
        extra = set(_exported(tree)) - _defined(tree)
        if extra:
            borrowed[str(path.relative_to(SRC))] = sorted(extra)
    assert borrowed == {}


def test_the_removed_facades_and_shims_are_gone() -> None:
    # (a path and its file name apart: relayout.py rewrites "asl/<module>.py" paths)
    gone = [("asl", "canister.py"), ("asl", "shot.py"), ("asl", "options.py")]
    gone += [("core", "journal", "scope.py")]
    assert [p for p in gone if SRC.joinpath(*p).exists()] == []
    game = importlib.import_module("ordnance.core.game")
    assert not {"Event", "Message", "msg", "term"} & set(game.__all__)


@pytest.mark.parametrize("game", GAMES)
def test_plugin_defines_only_the_game_class(game: str) -> None:
    """``plugin.py`` holds the Game class and its registration, no procedure."""
    tree = ast.parse((SRC / game / "plugin.py").read_text(encoding="utf-8"))
    assert len([n for n in tree.body if isinstance(n, ast.ClassDef)]) == 1
    assert [n.name for n in tree.body if isinstance(n, ast.FunctionDef)] == []


@pytest.mark.parametrize("game", GAMES)
def test_no_game_module_is_longer_than_the_split_allows(game: str) -> None:
    """The procedures stay one a module: no module of a game above 650 lines."""
    long = {
        str(p.relative_to(SRC)): n
        for p in (SRC / game).rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 650
    }
    assert long == {}
