"""The answers' TypedDicts as OpenAPI schemas, without checking the answers against them.

The service returns plain dicts typed by TypedDicts (:mod:`.answers`,
:mod:`ordnance.core.shapes`), which mypy checks. They are the standard
library's ``TypedDict`` (so a command that never starts the server imports
no ``typing_extensions``), which Pydantic does not read on Python 3.11; and a
game's view has keys of its own beyond the conventional ones, which a
response model would strip. So a route declares ``response_model=None`` and
names its shape with :func:`documented`: the shape is rebuilt once as a
``typing_extensions.TypedDict`` (nested shapes too, required and optional keys
as declared) for the OpenAPI document alone; the answer is sent as built.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import typing_extensions


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__")


def _convert(tp: Any) -> Any:
    """``tp`` with every TypedDict in it rebuilt for Pydantic (``Mapping`` as ``dict``)."""
    if _is_typeddict(tp):
        return _rebuilt(tp)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is None or not args:
        return tp
    if origin is typing.Literal:
        return tp
    if origin is typing.Annotated:
        return typing.Annotated[(_convert(args[0]), *args[1:])]
    if origin in (typing.Union, types.UnionType):
        converted = [_convert(a) for a in args]
        out = converted[0]
        for a in converted[1:]:
            out = out | a
        return out
    if origin in (typing_extensions.NotRequired, typing.NotRequired):
        return typing_extensions.NotRequired[_convert(args[0])]
    if origin in (dict, Mapping) or (isinstance(origin, type) and issubclass(origin, Mapping)):
        return dict[_convert(args[0]), _convert(args[1])]  # type: ignore[misc]
    if origin in (list, Sequence) or (isinstance(origin, type) and issubclass(origin, Sequence)):
        if origin is tuple:
            return tuple[tuple(_convert(a) for a in args)]  # type: ignore[misc]
        return list[_convert(args[0])]  # type: ignore[misc]
    if origin in (set, frozenset):
        return list[_convert(args[0])]  # type: ignore[misc]
    return tp


@cache
def _rebuilt(td: type) -> Any:
    hints = typing.get_type_hints(td)
    required = td.__required_keys__  # type: ignore[attr-defined]
    fields = {
        key: _convert(hint) if key in required else typing_extensions.NotRequired[_convert(hint)]
        for key, hint in hints.items()
    }
    rebuilt = typing_extensions.TypedDict(td.__name__, fields)  # type: ignore[misc]
    rebuilt.__doc__ = td.__doc__
    rebuilt.__module__ = td.__module__
    return rebuilt


def documented(
    shape: Any, *, status: int = 200, description: str = "Successful Response"
) -> dict[int | str, Any]:
    """``responses=`` for a route whose answer (``status``) has the TypedDict ``shape``."""
    return {status: {"model": _convert(shape), "description": description}}


__all__ = ["documented"]
