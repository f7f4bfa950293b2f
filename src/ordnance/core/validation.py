"""One translator from a Pydantic ``ValidationError`` to a refusal.

Every model that reads input (actions, settings, calculator questions) is
checked by Pydantic; :func:`refusal` turns its error into an
:class:`~ordnance.core.errors.InvalidInput` that names, for every problem,
the field, the value given and the clause of the rule the field serves
(``json_schema_extra={"x-clause": ...}`` on the field, else the clause of the
model, else the one the caller gives). The CLI prints it, the API answers it
as a 422 with ``field`` and ``problems``, the page draws it beside the field.

:func:`unknown_kind` is the one refusal of an action or question type a game
does not have, the same in every game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from ordnance.core.errors import InvalidInput, Problem, UnknownName

#: Longest input value quoted in a refusal (a refusal is one line).
_VALUE_CHARS = 60


def _quoted(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _VALUE_CHARS else text[: _VALUE_CHARS - 3] + "..."


def field_clause(model: type[BaseModel] | None, name: str) -> str | None:
    """The clause a field of ``model`` declares (``x-clause``), if any."""
    if model is None:
        return None
    info = model.model_fields.get(name)
    extra = info.json_schema_extra if info is not None else None
    if isinstance(extra, Mapping):
        clause = extra.get("x-clause")
        if isinstance(clause, str):
            return clause
    return None


def model_clause(model: type[BaseModel] | None) -> str | None:
    """The clause a model declares (``model_config["json_schema_extra"]["x-clause"]``)."""
    if model is None:
        return None
    extra = model.model_config.get("json_schema_extra")
    if isinstance(extra, Mapping):
        clause = extra.get("x-clause")
        if isinstance(clause, str):
            return clause
    return None


def problems(
    exc: ValidationError, model: type[BaseModel] | None = None, *, skip: int = 0
) -> list[Problem]:
    """Each error of ``exc`` as a :class:`Problem` (``skip`` leading ``loc`` parts,
    e.g. the tag of a discriminated union)."""
    found: list[Problem] = []
    for err in exc.errors(include_url=False):
        loc = [str(p) for p in err["loc"][skip:]]
        name = ".".join(loc)
        top = loc[0] if loc else ""
        found.append(
            Problem(
                field=name,
                value=_quoted(err.get("input")) if err["type"] != "missing" else None,
                message=str(err["msg"]),
                clause=field_clause(model, top),
            )
        )
    return found


def refusal(
    exc: ValidationError,
    model: type[BaseModel] | None = None,
    *,
    what: str,
    clause: str | None = None,
    skip: int = 0,
) -> InvalidInput:
    """The refusal of input ``exc`` rejected: every field, its value and the clause.

    ``what`` names the input in the message (``"fire action"``, ``"ToI
    settings"``); ``clause`` is the clause when neither the field nor the
    model names one.
    """
    found = problems(exc, model, skip=skip)
    fallback = model_clause(model) or clause
    for p in found:
        if p.clause is None:
            p.clause = fallback
    return InvalidInput(what, found, clause=found[0].clause if found else fallback)


def unknown_kind(what: str, kind: Any, known: Iterable[str], *, clause: str | None) -> UnknownName:
    """``unknown <what> 'x'`` with the clause of the sequence of play and the known kinds."""
    return UnknownName(
        f"unknown {what} {kind!r}",
        clause=clause,
        hint="one of " + ", ".join(sorted(known)),
    )


__all__ = ["field_clause", "model_clause", "problems", "refusal", "unknown_kind"]
