"""A declared calculator as a sub-command target of a :class:`~ordnance.cli.lazy.LazyGroup`.

A game that still lists its own commands (ASL) names a calculator it declares
as ``Sub("ordnance.cli.declared:asl.supply", ...)``: the attribute
``"<game>.<name>"`` of this module is a :class:`~ordnance.cli.lazy.Factory`
of the command derived from that calculator (:mod:`ordnance.cli.calculators`),
read from the game package's ``CALCULATORS`` path, so neither the plug-in nor
the other commands load.
"""

from __future__ import annotations

from importlib import import_module

from ordnance.cli.calculators import calculator_command
from ordnance.cli.lazy import Command, Factory
from ordnance.core.calculators import load


def __getattr__(dotted: str) -> Factory:
    game, sep, name = dotted.partition(".")
    if not sep:
        raise AttributeError(f"module {__name__!r} has no attribute {dotted!r}")

    def make() -> Command:
        calcs = load(import_module(f"ordnance.{game}").CALCULATORS)
        calc = next(c for c in calcs if c.name == name)
        return calculator_command(calc, calc.path[-1])

    return Factory(make)
