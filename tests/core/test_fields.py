"""The described-field builder (ordnance.core.fields) gives the schema Field would give."""

from __future__ import annotations

import json
from typing import Literal

import pytest
from pydantic import BaseModel, Field, ValidationError

from ordnance.core.fields import Record, option, rule, scenario
from ordnance.core.names import PieceId
from ordnance.core.scenario import ScenarioFieldError, check_settings
from ordnance.core.validation import first_error


class _ByField(BaseModel):
    n: int = Field(
        3, ge=1, le=7, title="N", description="A count.", json_schema_extra={"x-group": "rules"}
    )
    mode: Literal["a", "b"] = Field(
        "a",
        title="Mode",
        description="One of two readings.",
        json_schema_extra={"x-group": "scenario", "x-labels": ["Reading A", "Reading B"]},
    )
    fp: int = Field(title="Firepower", ge=0, json_schema_extra={"x-clause": "TOI-B4"})
    hexes: list[str] = Field(
        default_factory=list, title="Hexes", json_schema_extra={"x-clauses": ["ASL-8.4-i"]}
    )


class _ByOption(BaseModel):
    n: int = rule(3, "N", "A count.", ge=1, le=7)
    mode: Literal["a", "b"] = scenario(
        "a", "Mode", "One of two readings.", labels=["Reading A", "Reading B"]
    )
    fp: int = option(title="Firepower", clause="TOI-B4", ge=0)
    hexes: list[str] = option(title="Hexes", clauses=("ASL-8.4-i",), default_factory=list)


def test_option_gives_the_schema_field_gives() -> None:
    by_field = _ByField.model_json_schema()
    by_option = _ByOption.model_json_schema()
    by_field["title"] = by_option["title"]
    assert json.dumps(by_option) == json.dumps(by_field)


def test_option_keeps_the_constraints_and_defaults() -> None:
    given = _ByOption(fp=2)
    assert (given.n, given.mode, given.hexes) == (3, "a", [])
    with pytest.raises(ValidationError):
        _ByOption(n=8, fp=1)
    with pytest.raises(ValidationError):
        _ByOption.model_validate({})  # fp has no default: it is required


def test_a_plain_option_has_no_extra_keys() -> None:
    class M(BaseModel):
        x: bool = option(False, "X", "A switch.")

    prop = M.model_json_schema()["properties"]["x"]
    assert not any(k.startswith("x-") for k in prop)


class _Unit(Record):
    id: PieceId = option(title="Unit name")


def test_record_is_frozen_and_refuses_unknown_keys() -> None:
    unit = _Unit(id="g-panther-1")
    with pytest.raises(ValidationError):
        unit.id = "other"  # type: ignore[misc]
    with pytest.raises(ValidationError):
        _Unit.model_validate({"id": "a", "colour": "red"})


@pytest.mark.parametrize("bad", ["", "a b", "x" * 41, "g/1"])
def test_piece_id_refuses_what_a_journal_line_cannot_hold(bad: str) -> None:
    with pytest.raises(ValidationError):
        _Unit(id=bad)


def test_first_error_names_the_field_and_the_message() -> None:
    with pytest.raises(ValidationError) as info:
        _ByOption.model_validate({"fp": 1, "n": 9})
    assert first_error(info.value) == {
        "where": "n",
        "msg": "Input should be less than or equal to 7",
    }


def test_check_settings_places_the_problem_where_the_file_wrote_it() -> None:
    def place(loc: tuple[int | str, ...]) -> tuple[int | str, ...]:
        return ("rules", "options", *loc)

    with pytest.raises(ScenarioFieldError) as info:
        check_settings(_Unit, {"id": "a", "colour": "red"}, place, "not a test setting")
    assert info.value.loc == ("rules", "options", "colour")
    assert "not a test setting" in str(info.value)
    with pytest.raises(ScenarioFieldError) as info:
        check_settings(_Unit, {"id": "a b"}, place, "not a test setting")
    assert info.value.loc == ("rules", "options", "id")
    check_settings(_Unit, {"id": "a"}, place, "not a test setting")  # valid: no refusal
