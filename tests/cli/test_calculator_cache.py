"""The cached options of the calculators' commands (issue 18: help without the models).

``src/ordnance/cli/calculator_specs.json`` holds each calculator's command as
data, derived from its input model; a help screen is drawn from it. These tests
fail when it drifts from the models (regenerate it with ``python -m
ordnance.cli.calculator_cache``) and check that a command built from it is the
one built from the model.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from ordnance.cli import calculator_cache
from ordnance.cli.calculator_cache import (
    CACHE,
    cached,
    declared_at,
    from_json,
    generate,
    sources,
    text,
    to_json,
)
from ordnance.cli.calculators import calculator_command, calculator_spec, spec_command
from ordnance.cli.failures import CommandUnavailable
from ordnance.core.calculators import Calculator, calculator, load
from ordnance.core.fields import option


class _Count(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dice: int = option(2, "Dice", "how many", ge=1, le=9)


def _count(q: _Count) -> dict[str, Any]:
    return {"title": f"{q.dice} dice"}


#: A list no cache holds (a game installed on its own).
UNCACHED: tuple[Calculator, ...] = (calculator(_count, "count", "Count dice."),)
_UNCACHED = f"{__name__}:UNCACHED"


def test_the_cache_matches_every_model() -> None:
    """Fails when a model, a title or a declared spelling changed without the cache."""
    with open(CACHE, encoding="utf-8") as fh:
        shipped = fh.read()
    assert shipped == text(generate()), "run: python -m ordnance.cli.calculator_cache"
    assert calculator_cache.main(["--check"]) == 0


def test_the_cache_holds_every_game_and_the_generic_odds() -> None:
    with open(CACHE, encoding="utf-8") as fh:
        held = set(json.load(fh))
    assert held == set(sources())
    assert {
        "ordnance.asl.calculators:CALCULATORS",
        "ordnance.toi.calculators:CALCULATORS",
        "ordnance.waw.calculators:CALCULATORS",
    } <= held


@pytest.mark.parametrize("source", sources())
def test_a_spec_survives_its_json(source: str) -> None:
    for calc in load(source):
        spec = calculator_spec(calc)
        assert from_json(json.loads(json.dumps(to_json(spec)))) == spec


@pytest.mark.parametrize("source", sources())
def test_a_command_from_the_cache_is_the_command_from_the_model(source: str) -> None:
    """The same parameters, spellings, help, types and defaults either way."""

    def shape(cmd: Any) -> list[tuple[Any, ...]]:
        return [
            (p.name, tuple(p.opts), tuple(p.secondary_opts), p.help, p.required) for p in cmd.params
        ] + [(p.multiple, p.type_descriptor.annotation, p.default, p.nargs) for p in cmd.params]

    specs = {s.name: s for s in cached(source) or ()}
    for calc in load(source):
        from_model = calculator_command(calc)
        from_cache = spec_command(specs[calc.name], lambda calc=calc: calc)  # type: ignore[misc]
        assert shape(from_cache) == shape(from_model)
        assert (from_cache.help, from_cache.short_help) == (from_model.help, from_model.short_help)


def test_a_stale_cache_is_refused_when_the_command_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """An option the cache still lists but the model changed: the command refuses
    to answer (a broken installation), it never reads options the model lacks."""
    source = "ordnance.toi.calculators:CALCULATORS"
    specs = cached(source)
    assert specs is not None
    stale = [to_json(s._replace(options=s.options[1:]) if s.name == "odds" else s) for s in specs]
    monkeypatch.setattr(calculator_cache, "_read", lambda: {source: stale})
    declared = declared_at(source)
    assert declared.find("smoke").name == "smoke"  # an unchanged one answers
    with pytest.raises(CommandUnavailable, match=r"python -m ordnance\.cli\.calculator_cache"):
        declared.find("odds")


def test_a_list_the_cache_lacks_is_derived_from_its_models() -> None:
    assert cached(_UNCACHED) is None
    declared = declared_at(_UNCACHED)
    assert declared.spec("count") == calculator_spec(UNCACHED[0])
    assert declared.find("count") is UNCACHED[0]
