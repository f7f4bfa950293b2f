"""Option groups: options several commands take together, declared once.

The command takes one parameter; Typer sees the group's options in its place (same
order, help and defaults) and the command receives one value built from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import pytest
import typer
from typer.testing import CliRunner

from ordnance.cli.option_groups import option, option_group


@dataclass(frozen=True)
class Pair:
    left: int
    right: bool


with_pair = option_group(
    "pair",
    Pair,
    (
        option("left", Annotated[int, typer.Option("--left", help="Left value.")], 1),
        option("right", Annotated[bool, typer.Option("--right", help="Right flag.")], False),
    ),
)


def _app(seen: list[tuple[str, Pair, int]]) -> typer.Typer:
    app = typer.Typer()

    @app.command()
    @with_pair
    def cmd(
        name: Annotated[str, typer.Argument(help="A name.")],
        pair: Pair = Pair(1, False),
        last: Annotated[int, typer.Option("--last", help="After the group.")] = 0,
    ) -> None:
        seen.append((name, pair, last))

    @app.command()
    def other() -> None:  # a second command, so ``cmd`` keeps its name
        pass

    return app


def test_the_group_options_stand_in_the_parameter_place() -> None:
    seen: list[tuple[str, Pair, int]] = []
    res = CliRunner().invoke(_app(seen), ["cmd", "--help"], env={"COLUMNS": "100"})
    assert res.exit_code == 0
    out = res.output
    assert out.index("--left") < out.index("--right") < out.index("--last")
    assert "Left value." in out and "Right flag." in out


def test_the_command_receives_one_value_built_from_the_options() -> None:
    seen: list[tuple[str, Pair, int]] = []
    app = _app(seen)
    assert (
        CliRunner().invoke(app, ["cmd", "x", "--left", "7", "--right", "--last", "3"]).exit_code
        == 0
    )
    assert CliRunner().invoke(app, ["cmd", "y"]).exit_code == 0
    assert seen == [("x", Pair(7, True), 3), ("y", Pair(1, False), 0)]


def test_a_command_without_the_parameter_is_refused() -> None:
    def cmd(name: str) -> None:
        pass

    with pytest.raises(TypeError, match="no parameter 'pair'"):
        with_pair(cmd)
