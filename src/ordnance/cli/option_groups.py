"""Options that several commands take together, declared once.

Typer reads a command's options from its signature, so a set of options that
travels together (``--json --float --plot`` of the odds commands, the whole-shot
options of an ASL Gun) would be written again in each command. :func:`option_group`
lets a command take one parameter instead: Typer sees (and the help lists) the
group's options in that parameter's place, and the command receives one value
built from them.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import typing
from collections.abc import Callable, Sequence
from typing import Any

Command = Callable[..., None]
_KEYWORD = inspect.Parameter.KEYWORD_ONLY
_EMPTY = inspect.Parameter.empty  # a field with no default: a required option


def option(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    """One option of a group: its parameter name, ``Annotated`` type and default."""
    return inspect.Parameter(name, _KEYWORD, default=default, annotation=annotation)


def dataclass_options(cls: type[Any]) -> list[inspect.Parameter]:
    """The options a frozen dataclass declares: each field, its ``Annotated`` type (the
    Typer option) and its default, in the order of the fields."""
    hints = typing.get_type_hints(cls, include_extras=True)
    return [
        option(f.name, hints[f.name], _EMPTY if f.default is dataclasses.MISSING else f.default)
        for f in dataclasses.fields(cls)
    ]


def option_group(
    name: str, build: Callable[..., Any], options: Sequence[inspect.Parameter] | None = None
) -> Callable[[Command], Command]:
    """A decorator: the command's parameter ``name`` stands for ``options``.

    The wrapped command is called with ``name=build(**values of the options)``.
    Its other parameters, their order and the options' help are unchanged. Without
    ``options``, ``build`` is a dataclass whose fields are the options
    (:func:`dataclass_options`).
    """
    if options is None:
        assert isinstance(build, type)
        options = dataclass_options(build)

    def decorate(command: Command) -> Command:
        signature = inspect.signature(command, eval_str=True)
        if name not in signature.parameters:
            raise TypeError(f"{command.__name__} has no parameter {name!r}")
        params: list[inspect.Parameter] = []
        for param in signature.parameters.values():
            # Typer passes every value by name, so all are keyword-only: only the order counts
            params.extend(options if param.name == name else [param.replace(kind=_KEYWORD)])

        @functools.wraps(command)
        def run(**kwargs: Any) -> None:
            values = {o.name: kwargs.pop(o.name, o.default) for o in options}
            command(**kwargs, **{name: build(**values)})

        run.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in params}
        run.__annotations__["return"] = None
        return run

    return decorate
