"""The calculators' commands as data, cached so that a help screen loads no model.

A calculator's command is derived from its input model
(:func:`ordnance.cli.calculators.calculator_spec`): each field an option with
its spellings, help, value type and choices. Deriving it means importing the
model, and so Pydantic and the rules the model's module imports, which costs a
game's help screen (``ordnance toi --help``) more than the rest of its start.
So the derived :class:`~ordnance.cli.calculators.CalculatorSpec` of every
calculator of the project is kept in ``calculator_specs.json`` beside this
module, keyed by the ``module:attribute`` path of its game's ``CALCULATORS``
list; the command line builds each command from the cache and imports the
calculators only when one runs (:func:`declared_at`), and then only the
family that declares it (its ``home``, see
:func:`~ordnance.core.calculators.family_sources`). A list the cache does not
hold (a game installed on its own) is derived from its models as before.

The file is written by ``python -m ordnance.cli.calculator_cache`` (``--check``
only compares); ``tests/cli/test_calculator_cache.py`` fails when it no longer
matches the models. A command that runs compares its cached spec with the one
derived from the model it has just loaded, and refuses to answer (a broken
installation, exit status 1) rather than read options the model no longer has.
"""

from __future__ import annotations

import json
import os
import sys
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ordnance.cli.calculators import CalculatorSpec, Declared, OptionSpec, calculator_spec
from ordnance.cli.failures import CommandUnavailable

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.calculators import Calculator

#: The cache, shipped with the package.
CACHE = os.path.join(os.path.dirname(__file__), "calculator_specs.json")
#: The core's own calculators (``ordnance odds pool|dr``), beside every game's.
GENERIC = "ordnance.core.odds.calculators:CALCULATORS"
_REGENERATE = "python -m ordnance.cli.calculator_cache"


def to_json(spec: CalculatorSpec) -> dict[str, Any]:
    """A spec as JSON data (tuples as lists)."""
    data = spec._asdict()
    data["options"] = [o._asdict() for o in spec.options]
    return data


def from_json(data: dict[str, Any]) -> CalculatorSpec:
    """The spec :func:`to_json` wrote (the cache's ``home`` beside it is not part of it)."""
    data = {k: v for k, v in data.items() if k != "home"}
    options = tuple(
        OptionSpec(
            **{
                **o,
                "decls": tuple(o["decls"]),
                "choices": None if o["choices"] is None else tuple(o["choices"]),
            }
        )
        for o in data["options"]
    )
    return CalculatorSpec(
        **{
            **data,
            "path": tuple(data["path"]),
            "also": tuple(tuple(p) for p in data["also"]),
            "options": options,
        }
    )


@cache
def _read() -> dict[str, list[dict[str, Any]]]:
    try:
        with open(CACHE, encoding="utf-8") as fh:
            data: dict[str, list[dict[str, Any]]] = json.load(fh)
    except FileNotFoundError:
        return {}
    return data


def cached(source: str) -> tuple[CalculatorSpec, ...] | None:
    """The cached specs of the calculators ``source`` names, or ``None`` if not cached."""
    found = _read().get(source)
    return None if found is None else tuple(from_json(d) for d in found)


def homes(source: str) -> dict[str, str]:
    """``calculator name -> the list of its family`` for the cached list ``source``."""
    return {d["name"]: d.get("home", source) for d in _read().get(source, [])}


def _load(source: str) -> tuple[Calculator, ...]:
    from ordnance.core.calculators import load

    return load(source)


def declared_at(source: str) -> Declared:
    """The calculators ``source`` (``module:attribute``) names, for the command line:
    their specs from the cache (nothing imported), else derived from the models."""
    specs = cached(source)
    if specs is None:
        return Declared.of(_load(source))
    by_name = {s.name: s for s in specs}
    home = homes(source)

    def find(name: str) -> Calculator:
        calc = {c.name: c for c in _load(home.get(name, source))}.get(name)
        if calc is None or calculator_spec(calc) != by_name[name]:
            raise CommandUnavailable(
                f"the cached options of the {name!r} calculator differ from its model",
                hint=f"the installation is out of date: run {_REGENERATE}",
            )
        return calc

    return Declared(specs, find)


def sources() -> list[str]:
    """The ``CALCULATORS`` path of every game this project ships (its package names it),
    and :data:`GENERIC`; a game installed on its own is not the project's to cache."""
    from ordnance.cli.game_entries import game_entries

    found = [GENERIC]
    for ep in game_entries():
        if not ep.module.startswith("ordnance."):
            continue
        package = import_module(ep.module.rpartition(".")[0] or ep.module)
        path = getattr(package, "CALCULATORS", None)
        if isinstance(path, str):
            found.append(path)
    return found


def generate() -> dict[str, list[dict[str, Any]]]:
    """The cache's content, derived from the models of every list of :func:`sources`:
    each spec, and the family it is declared in as its ``home``."""
    from ordnance.core.calculators import family_sources

    return {
        source: [
            to_json(calculator_spec(c)) | {"home": family}
            for family in family_sources(source)
            for c in _load(family)
        ]
        for source in sources()
    }


def text(data: dict[str, list[dict[str, Any]]]) -> str:
    """The file's text (stable, so a regenerated file differs only where a model did)."""
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def main(argv: list[str]) -> int:
    """Write the cache, or with ``--check`` say whether it is up to date (status 1 if not)."""
    fresh = text(generate())
    if "--check" in argv:
        try:
            with open(CACHE, encoding="utf-8") as fh:
                current = fh.read()
        except FileNotFoundError:
            current = ""
        if current != fresh:
            print(f"{CACHE} is out of date: run {_REGENERATE}", file=sys.stderr)
            return 1
        return 0
    with open(CACHE, "w", encoding="utf-8") as fh:
        fh.write(fresh)
    print(f"wrote {CACHE}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))


__all__ = [
    "CACHE",
    "GENERIC",
    "cached",
    "declared_at",
    "from_json",
    "generate",
    "homes",
    "sources",
    "to_json",
]
