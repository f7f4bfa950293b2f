"""A declared calculator as a sub-command target of a :class:`~ordnance.cli.lazy.LazyGroup`.

A game that still lists its own commands (ASL) names a calculator it declares
as ``Sub("ordnance.cli.declared:asl.supply", ...)``: the attribute
``"<game>.<name>"`` of this module is a :class:`~ordnance.cli.lazy.Factory`
of the command derived from that calculator (:mod:`ordnance.cli.calculators`),
read from the game package's ``CALCULATORS`` path, so neither the plug-in nor
the other commands load. Its options come from the cache
(:mod:`ordnance.cli.calculator_cache`): the calculators are imported when it runs.
"""

from __future__ import annotations

from importlib import import_module

from ordnance.cli.calculator_cache import declared_at
from ordnance.cli.calculators import spec_command
from ordnance.cli.lazy import Command, Factory


def __getattr__(dotted: str) -> Factory:
    game, sep, name = dotted.partition(".")
    if not sep:
        raise AttributeError(f"module {__name__!r} has no attribute {dotted!r}")

    def make() -> Command:
        declared = declared_at(import_module(f"ordnance.{game}").CALCULATORS)
        spec = declared.spec(name)
        return spec_command(spec, lambda: declared.find(name), spec.path[-1])

    return Factory(make)
