"""``ordnance.cli.lazy``: a base callback group, hidden older spellings and built-afresh
groups, the pieces the ToI and WaW command lines are made of (issue 13, a fast CLI)."""

from __future__ import annotations

import contextlib
import io
import sys
import types
from collections.abc import Iterator

import pytest
import typer
from rich.markup import escape
from typer.core import TyperGroup

from ordnance.cli.lazy import (
    Command,
    Factory,
    FallbackGroup,
    LazyGroup,
    LazyMount,
    Sub,
    typer_command,
)
from ordnance.cli.lazy import _escape as lazy_escape

MODULE = "tests_cli_lazy_targets"


@pytest.fixture
def targets() -> Iterator[types.ModuleType]:
    """A module of sub-command targets, counting what was asked of it."""
    mod = types.ModuleType(MODULE)
    mod.asked = []  # type: ignore[attr-defined]
    base = typer.Typer(help="The base group.", add_completion=False)

    @base.callback(invoke_without_command=True)
    def run(ctx: typer.Context, n: int = 1) -> None:
        """The base group."""
        if ctx.invoked_subcommand is None:
            print(f"callback {n}")

    def leaf() -> None:
        """A leaf."""
        print("leaf ran")

    def find(name: str, args: list[str] | None) -> Command | None:
        mod.asked.append(name)  # type: ignore[attr-defined]
        if name != "old":
            return None
        cmd = typer_command(leaf, "old")
        cmd.hidden = True
        return cmd

    mod.base = base  # type: ignore[attr-defined]
    mod.leaf = leaf  # type: ignore[attr-defined]
    mod.find = find  # type: ignore[attr-defined]
    mod.made = Factory(lambda: TyperGroup(name="made", help="Made afresh."))  # type: ignore[attr-defined]
    sys.modules[MODULE] = mod
    yield mod
    del sys.modules[MODULE]


def _invoke(group: Command, *args: str) -> str:
    """Run ``group`` on ``args`` (errors raised, not printed); what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        group.main(list(args), prog_name="ordnance", standalone_mode=False)
    return out.getvalue()


def test_a_base_group_keeps_its_callback_beside_lazy_subs(targets: types.ModuleType) -> None:
    """``ordnance toi odds --fp 5`` and ``ordnance toi odds smoke`` in one group."""
    lazy = LazyGroup("help", {"leaf": Sub(f"{MODULE}:leaf", "A leaf.")}, base=f"{MODULE}:base")
    group = lazy.build("odds")
    assert isinstance(group.commands["leaf"], LazyMount)
    assert _invoke(group, "--n", "3").strip() == "callback 3"
    assert _invoke(group, "leaf").strip() == "leaf ran"


def test_a_fallback_serves_only_unknown_names(targets: types.ModuleType) -> None:
    """An older spelling runs, is hidden from the listing, and a known name never asks."""
    lazy = LazyGroup("help", {"leaf": Sub(f"{MODULE}:leaf", "A leaf.")}, fallback=f"{MODULE}:find")
    group = lazy.build("waw")
    assert isinstance(group, FallbackGroup)
    assert _invoke(group, "leaf").strip() == "leaf ran"
    assert targets.asked == []
    assert _invoke(group, "old").strip() == "leaf ran"
    assert targets.asked == ["old"]
    assert group.list_commands(typer.Context(group)) == ["leaf"]  # "old" stays hidden
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as refused:
        group.main(["nothing"], prog_name="ordnance", standalone_mode=True)
    assert refused.value.code == 2  # an unknown name stays Click's usage error
    assert "No such command 'nothing'" in err.getvalue()


def test_a_factory_builds_a_fresh_command_at_each_mount(targets: types.ModuleType) -> None:
    """Two mounts never share one Click object (each is translated in place)."""
    lazy = LazyGroup("help", {"made": Sub(f"{MODULE}:made", "Made afresh.")})
    first = lazy.build("a").commands["made"]
    second = lazy.build("b").commands["made"]
    assert isinstance(first, LazyMount) and isinstance(second, LazyMount)
    assert first.real() is not second.real()


@pytest.mark.parametrize(
    "text",
    [
        "plain words",
        "[HQ check dice]",
        "a [b] c [/b]",
        "ends with a backslash \\",
        "two \\\\",
        "[default: 0]",
        "",
        "[",
    ],
)
def test_help_texts_are_escaped_exactly_as_rich_does(text: str) -> None:
    """The escape skips Rich only where Rich would change nothing."""
    assert lazy_escape(text) == escape(text)


def test_help_texts_are_escaped_once_when_a_help_screen_is_drawn(
    targets: types.ModuleType,
) -> None:
    """A bracketed help text shows as written on every help screen of one tree, and a
    command that only runs leaves it as declared (no Rich import needed)."""

    def bracketed(n: int = typer.Option(1, help="dice [HQ check dice]")) -> None:
        """Roll [HQ check dice]."""
        print(f"rolled {n}")

    targets.bracketed = bracketed  # type: ignore[attr-defined]
    lazy = LazyGroup("help", {"roll": Sub(f"{MODULE}:bracketed", "Roll.")})
    group = lazy.build("waw")
    assert _invoke(group, "roll", "--n", "2").strip() == "rolled 2"
    roll = group.commands["roll"]
    assert isinstance(roll, LazyMount)
    assert roll.real().help == "Roll [HQ check dice]."  # not escaped: no help was drawn
    screens = []
    for _ in range(2):  # the same objects twice: escaped once, never twice
        out = io.StringIO()
        with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
            group.main(["roll", "--help"], prog_name="ordnance", standalone_mode=True)
        screens.append(out.getvalue())
    assert screens[0] == screens[1]
    assert "Roll [HQ check dice]." in screens[0] and "dice [HQ check dice]" in screens[0]
    assert "\\[" not in screens[0]
