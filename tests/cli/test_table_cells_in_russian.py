"""The command line's tables show their cells in the active language (issue 18, item 5).

Rich has no public way to rewrite a cell once it is added, so the command
line's table (:class:`ordnance.cli.tables.Table`) translates each text cell as
it is added; every command draws that table, never Rich's own.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from ordnance import i18n
from ordnance.cli.tables import Table

CLI = Path(__file__).resolve().parents[2] / "src" / "ordnance" / "cli"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.activate("en")


def drawn(lang: str, *cells: str) -> str:
    i18n.activate(lang)
    table = Table()
    for _ in cells:
        table.add_column()
    table.add_row(*cells)
    out = StringIO()
    Console(file=out, width=200, color_system=None).print(table)
    return out.getvalue()


def test_a_cell_is_translated_as_it_is_added() -> None:
    """An outcome word of the whole Gun shot (burn) and a number cell."""
    ru = drawn("ru", "burn", "5/36")
    assert "горит" in ru and "burn" not in ru and "5/36" in ru


def test_english_cells_are_added_as_they_are() -> None:
    assert "burn" in drawn("en", "burn", "5/36")


def test_every_command_draws_the_translating_table() -> None:
    """No module of the command line but ``tables`` itself builds Rich's own table."""
    offenders = []
    for path in CLI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "rich.table":
                names = {a.name for a in node.names}
                if "Table" in names and path.name not in {"tables.py", "localize.py"}:
                    offenders.append(str(path.relative_to(CLI)))
    assert offenders == []
