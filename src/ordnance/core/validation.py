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

from pydantic import BaseModel, TypeAdapter, ValidationError

from ordnance.core.errors import InvalidInput, OrdnanceError, Problem, UnknownName
from ordnance.core.messages import Message, render_message

#: Longest input value quoted in a refusal (a refusal is one line).
_VALUE_CHARS = 60


def _quoted(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _VALUE_CHARS else text[: _VALUE_CHARS - 3] + "..."


#: Pydantic's messages whose last part varies, as templates (the part is ``{limit}``...).
_TAILED = {
    "greater_than_equal": "Input should be greater than or equal to {limit}",
    "less_than_equal": "Input should be less than or equal to {limit}",
    "greater_than": "Input should be greater than {limit}",
    "less_than": "Input should be less than {limit}",
    "multiple_of": "Input should be a multiple of {limit}",
    "string_pattern_mismatch": "String should match pattern {pattern}",
    "literal_error": "Input should be {expected}",
    "enum": "Input should be {expected}",
}
#: Pydantic's messages whose numbers come from ``ctx``, tried in turn.
_COUNTED = (
    "String should have at least {min_length} characters",
    "String should have at least {min_length} character",
    "String should have at most {max_length} characters",
    "String should have at most {max_length} character",
    "List should have at least {min_length} items after validation, not {actual_length}",
    "List should have at least {min_length} item after validation, not {actual_length}",
    "List should have at most {max_length} items after validation, not {actual_length}",
    "List should have at most {max_length} item after validation, not {actual_length}",
)


def _argument(text: str | Message) -> Any:
    if isinstance(text, Message):
        return {"template": text.template, "args": dict(text.args)}
    return {"template": text, "args": {}}


def _choices(text: str) -> Any:
    """``'a', 'b' or 'c'`` as a message (``{first} or {last}``), so "or" is a word a face translates."""
    first, sep, last = text.rpartition(" or ")
    return (
        {"template": "{first} or {last}", "args": {"first": first, "last": last}} if sep else text
    )


def pydantic_message(err: Mapping[str, Any]) -> Message | None:
    """Pydantic's English message of one error as a template and params, when it has one.

    The params are what Pydantic put in its message (checked: the English
    rendering is its message, byte for byte), so a face can word it in its
    reader's language; an error of another type gives ``None`` (its English stays).
    """
    text, kind = str(err.get("msg", "")), str(err.get("type", ""))
    ctx = err.get("ctx") or {}
    found: Message | None = None
    if kind == "value_error" and isinstance(ctx.get("error"), OrdnanceError):
        found = Message("Value error, {error}", {"error": ctx["error"].as_argument()})
    elif kind in _TAILED:
        template = _TAILED[kind]
        head, _sep, _tail = template.partition("{")
        name = template[len(head) + 1 : -1]
        if text.startswith(head):
            value = text[len(head) :]
            found = Message(template, {name: _choices(value) if name == "expected" else value})
    elif ctx:
        for template in _COUNTED:
            try:
                if template.format(**ctx) == text:
                    args = {k: ctx[k] for k in ctx if "{" + k + "}" in template}
                    found = Message(template, args)
                    break
            except (KeyError, IndexError, ValueError):
                continue
    elif "{" not in text and "}" not in text:
        found = Message(text)
    if found is None:
        return None
    return found if render_message(found.template, found.args) == text else None


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
                said=pydantic_message(err),
            )
        )
    return found


def rule_error(exc: ValidationError) -> OrdnanceError | None:
    """The rule's own refusal a validator raised inside ``exc`` (the first), if any:
    a record's check that calls a rule (a gun size read) refuses with that rule's clause."""
    for err in exc.errors(include_url=False):
        found = err.get("ctx", {}).get("error")
        if isinstance(found, OrdnanceError):
            return found
    return None


def refusal(
    exc: ValidationError,
    model: type[BaseModel] | None = None,
    *,
    what: str | Message,
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


def unknown_kind(
    what: str | Message, kind: Any, known: Iterable[str], *, clause: str | None
) -> UnknownName:
    """``unknown <what> 'x'`` with the clause of the sequence of play and the known kinds."""
    return UnknownName(
        Message("unknown {what} {kind}", {"what": _argument(what), "kind": repr(kind)}),
        clause=clause,
        hint=Message("one of {names}", {"names": ", ".join(sorted(known))}),
    )


__all__ = [
    "field_clause",
    "model_clause",
    "parse_tagged",
    "problems",
    "pydantic_message",
    "refusal",
    "rule_error",
    "unknown_kind",
]


def parse_tagged(
    data: Any,
    models: Mapping[str, type[BaseModel]],
    adapter: TypeAdapter[Any],
    *,
    what: str | Message,
    clause: str,
) -> Any:
    """A JSON object whose ``type`` picks its model, validated by ``adapter`` (the
    models' discriminated union): an unknown ``type`` is :func:`unknown_kind` ``what``,
    a bad field :func:`refusal` of ``"<type> action"``, both under ``clause``."""
    kind = data.get("type") if isinstance(data, Mapping) else None
    if not isinstance(kind, str) or kind not in models:
        raise unknown_kind(what, kind, models, clause=clause)
    try:
        return adapter.validate_python(dict(data))
    except ValidationError as exc:
        action = Message("{kind} action", {"kind": kind})
        raise refusal(exc, models[kind], what=action, clause=clause, skip=1) from None


def first_error(exc: ValidationError, whole: str = "settings") -> dict[str, str]:
    """``where`` (the dotted path of the first bad field, else ``whole``) and ``msg``
    (Pydantic's message) of the first error of ``exc``: the arguments of a one-line
    refusal such as ``bad ... settings: {where}: {msg}``."""
    first = exc.errors()[0]
    return {"where": ".".join(str(p) for p in first["loc"]) or whole, "msg": first["msg"]}
