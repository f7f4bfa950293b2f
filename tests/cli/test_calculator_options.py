"""A calculator's command is made through Typer's public API (a function signature of
``typer.Option``/``typer.Argument``): its options, flags, choices as completions and
defaults as the model declares them, whatever Typer version builds it."""

from __future__ import annotations

import contextlib
import io
import json
from typing import Any

import pytest
import typer
from typer.core import TyperCommand, TyperGroup

from ordnance.cli.calculators import calculator_command
from ordnance.core.calculators import Calculator, load
from ordnance.toi import CALCULATORS as TOI
from ordnance.waw import CALCULATORS as WAW


def _calc(dotted: str, name: str) -> Calculator:
    return next(c for c in load(dotted) if c.name == name)


def _option(cmd: TyperCommand | TyperGroup, flag: str) -> Any:
    return next(p for p in cmd.params if flag in getattr(p, "opts", ()))


def _run(cmd: TyperCommand | TyperGroup, *args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cmd.main(list(args), prog_name="ordnance", standalone_mode=False)
    return out.getvalue()


def test_choices_are_offered_as_completions() -> None:
    """ToI odds ``--target``: the field's choices (vehicle, squad), filtered by what is typed."""
    cmd = calculator_command(_calc(TOI, "odds"))
    target = _option(cmd, "--target")
    ctx = typer.Context(cmd)
    assert [c.value for c in target.shell_complete(ctx, "")] == ["vehicle", "squad"]
    assert [c.value for c in target.shell_complete(ctx, "sq")] == ["squad"]


def test_declared_spellings_and_the_json_flag_are_options() -> None:
    cmd = calculator_command(_calc(TOI, "odds"))
    assert {"--range", "--band"} <= set(_option(cmd, "--range").opts)
    assert {"--defense", "--defence"} <= set(_option(cmd, "--defence").opts)
    as_json = _option(cmd, "--json")
    assert as_json.is_flag and as_json.default is False


def test_the_command_answers_as_the_model_says() -> None:
    """WaW HE fire from the README: the options given reach the calculator, typed."""
    cmd = calculator_command(_calc(WAW, "he-fire"))
    answer = json.loads(_run(cmd, "--fp", "6", "--hit-number", "4", "--defence", "2", "--json"))
    assert answer["distribution"]  # an exact distribution of the salvo's outcome
    assert all("/" in p or p in ("0", "1") for p in answer["distribution"].values())


def test_a_missing_field_is_the_models_refusal_not_clicks() -> None:
    """Options are never required by Click: the model names what is missing, with its clause."""
    cmd = calculator_command(_calc(WAW, "he-fire"))
    assert not any(getattr(p, "required", False) for p in cmd.params if p.name != "ctx")


@pytest.mark.parametrize("name", ["odds", "smoke", "advise"])
def test_no_field_clashes_with_the_commands_own_parameters(name: str) -> None:
    calc = _calc(TOI, name)
    cmd = calculator_command(calc)
    names = {p.name for p in cmd.params}
    assert set(calc.input_model.model_fields) <= names
    assert "as_json" in names and "ctx" not in names  # the context is Typer's, not an option
