"""Game states as typed JSON: written and read by their type hints, executing nothing.

A game declares its state's codec (``Game.state_codec = StateCodec(MyState)``);
the core knows no game. The codec is compiled once per type from the type
hints of the state's dataclasses, and handles what the games' states are made
of: frozen (and slotted) dataclasses, tuples (``tuple[X, ...]`` and fixed),
lists, frozensets and sets, mappings (any key type: written as ``[key, value]``
pairs; ``Mapping`` read back read-only), enums (by value), ``Fraction``
(``[numerator, denominator]``), ``Literal``, unions (``X | None``; a union of
several types is written ``[index, value]``), Pydantic models (their JSON
dump, read back by ``model_validate``) and the JSON scalars.

Reading is data only: the JSON is parsed by :func:`json.loads`, and every value
is rebuilt as the type the *code* names at that place (a dataclass by setting
its fields on a new instance, as pickle does, an enum by value lookup), so a
forged row can produce nothing but a state of the declared shape, or fail.
A type the codec cannot handle (``Any``, a plain class) makes :class:`StateCodec`
refuse at first use (:class:`CodecError`), and the journal then simply keeps no
snapshots for that game (its states are replayed).

``derived`` names fields that are not data but are rebuilt from the rest of
the state after reading (e.g. a catalogue made from the settings).
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cached_property
from typing import Any

from pydantic import BaseModel

Enc = Callable[[Any], Any]
Dec = Callable[[Any], Any]

#: The first bytes of every encoded state (the format and its version).
MAGIC = b"ordnance-state-v1\n"


class CodecError(Exception):
    """A type the codec cannot write or read, or data that is not of that type."""


def _bad(what: str) -> CodecError:
    return CodecError(what)


def _scalar(kind: type) -> tuple[Enc, Dec]:
    def dec(x: Any) -> Any:
        if type(x) is kind:
            return x
        if kind is float and type(x) is int:
            return float(int(x))  # JSON writes 2.0 as 2
        raise _bad(f"expected {kind.__name__}, got {type(x).__name__}")

    return (lambda v: v), dec


class _Compiler:
    def __init__(self, derived: Mapping[type, Mapping[str, Callable[[Any], Any]]]) -> None:
        self.derived = derived
        self.done: dict[Any, tuple[Enc, Dec]] = {}

    def pair(self, tp: Any) -> tuple[Enc, Dec]:
        hit = self.done.get(tp)
        if hit is not None:
            return hit
        # a recursive type refers to itself: a late-bound placeholder until compiled
        cell: list[tuple[Enc, Dec]] = []
        self.done[tp] = (lambda v: cell[0][0](v)), (lambda x: cell[0][1](x))
        made = self._make(tp)
        cell.append(made)
        self.done[tp] = made
        return made

    def _make(self, tp: Any) -> tuple[Enc, Dec]:
        if tp is type(None) or tp is None:
            return (lambda v: v), self._none
        if tp in (bool, int, float, str):
            return _scalar(tp)
        if tp is Fraction:
            return self._fraction()
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin is typing.Literal:
            allowed = frozenset(args)

            def dec_literal(x: Any) -> Any:
                if x not in allowed:
                    raise _bad(f"{x!r} is not one of {sorted(map(repr, allowed))}")
                return x

            return (lambda v: v), dec_literal
        if origin in (typing.Union, types.UnionType):
            return self._union(args)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return self._sequence(args[0], tuple)
            return self._fixed_tuple(args)
        if origin in (list, frozenset, set):
            return self._sequence(args[0] if args else Any, origin)
        if origin in (dict, Mapping, typing.Mapping) or tp in (dict, Mapping):
            key, value = args if args else (Any, Any)
            readonly = origin is not dict and tp is not dict
            return self._mapping(key, value, readonly)
        if isinstance(tp, type):
            if issubclass(tp, enum.Enum):
                return self._enum(tp)
            if issubclass(tp, BaseModel):
                return self._model(tp)
            if dataclasses.is_dataclass(tp):
                return self._dataclass(tp)
        raise CodecError(f"no state codec for {tp!r}")

    @staticmethod
    def _none(x: Any) -> None:
        if x is not None:
            raise _bad(f"expected null, got {type(x).__name__}")

    @staticmethod
    def _fraction() -> tuple[Enc, Dec]:
        def dec(x: Any) -> Fraction:
            if type(x) is not list or len(x) != 2 or not all(type(i) is int for i in x):
                raise _bad("a fraction is [numerator, denominator]")
            return Fraction(x[0], x[1])

        return (lambda v: [v.numerator, v.denominator]), dec

    def _union(self, members: tuple[Any, ...]) -> tuple[Enc, Dec]:
        rest = [m for m in members if m is not type(None)]
        nullable = len(rest) < len(members)
        if len(rest) == 1:
            enc1, dec1 = self.pair(rest[0])
            return (
                (lambda v: None if v is None else enc1(v)),
                (lambda x: None if x is None and nullable else dec1(x)),
            )
        pairs = [self.pair(m) for m in rest]
        checks = [typing.get_origin(m) or m for m in rest]

        def enc(v: Any) -> Any:
            if v is None and nullable:
                return None
            for i, check in enumerate(checks):
                if check is typing.Literal or isinstance(v, check):
                    return [i, pairs[i][0](v)]
            raise _bad(f"{type(v).__name__} is none of the union's types")

        def dec(x: Any) -> Any:
            if x is None and nullable:
                return None
            if type(x) is not list or len(x) != 2 or type(x[0]) is not int:
                raise _bad("a union value is [index, value]")
            if not 0 <= x[0] < len(pairs):
                raise _bad("no such member of the union")
            return pairs[x[0]][1](x[1])

        return enc, dec

    def _sequence(self, item: Any, kind: Any) -> tuple[Enc, Dec]:
        enc1, dec1 = self.pair(item)
        build: Callable[[Any], Any] = kind

        def dec(x: Any) -> Any:
            if type(x) is not list:
                raise _bad("expected a list")
            return build([dec1(i) for i in x])

        return (lambda v: [enc1(i) for i in v]), dec

    def _fixed_tuple(self, items: tuple[Any, ...]) -> tuple[Enc, Dec]:
        pairs = [self.pair(i) for i in items]
        n = len(pairs)

        def enc(v: Any) -> Any:
            if len(v) != n:
                raise _bad(f"expected {n} items")
            return [p[0](i) for p, i in zip(pairs, v, strict=True)]

        def dec(x: Any) -> Any:
            if type(x) is not list or len(x) != n:
                raise _bad(f"expected a list of {n}")
            return tuple(p[1](i) for p, i in zip(pairs, x, strict=True))

        return enc, dec

    def _mapping(self, key: Any, value: Any, readonly: bool) -> tuple[Enc, Dec]:
        ek, dk = self.pair(key)
        ev, dv = self.pair(value)

        def enc(v: Any) -> Any:
            return [[ek(k), ev(i)] for k, i in v.items()]

        def dec(x: Any) -> Any:
            if type(x) is not list:
                raise _bad("a mapping is a list of [key, value] pairs")
            out = {}
            for pair in x:
                if type(pair) is not list or len(pair) != 2:
                    raise _bad("a mapping is a list of [key, value] pairs")
                out[dk(pair[0])] = dv(pair[1])
            return types.MappingProxyType(out) if readonly else out

        return enc, dec

    @staticmethod
    def _enum(kind: type[enum.Enum]) -> tuple[Enc, Dec]:
        def dec(x: Any) -> Any:
            try:
                return kind(x)
            except ValueError:
                raise _bad(f"{x!r} is not a {kind.__name__}") from None

        return (lambda v: v.value), dec

    @staticmethod
    def _model(kind: type[BaseModel]) -> tuple[Enc, Dec]:
        def dec(x: Any) -> Any:
            try:
                return kind.model_validate(x)
            except ValueError as exc:
                raise _bad(f"not a {kind.__name__}: {exc}") from None

        return (lambda v: v.model_dump(mode="json")), dec

    def _dataclass(self, kind: type) -> tuple[Enc, Dec]:
        derived = self.derived.get(kind, {})
        try:
            hints = typing.get_type_hints(kind)
        except Exception as exc:  # a hint that does not resolve at run time
            raise CodecError(f"the type hints of {kind.__name__} do not resolve: {exc}") from None
        names = [f.name for f in dataclasses.fields(kind) if f.name not in derived]
        pairs = [self.pair(hints[n]) for n in names]
        n = len(names)
        new = object.__new__
        put = object.__setattr__
        plan = list(zip(names, pairs, strict=True))

        def enc(v: Any) -> Any:
            if type(v) is not kind:
                raise _bad(f"a {type(v).__name__} where a {kind.__name__} is declared")
            return [p[0](getattr(v, name)) for name, p in plan]

        def dec(x: Any) -> Any:
            if type(x) is not list or len(x) != n:
                raise _bad(f"a {kind.__name__} is a list of {n} fields")
            obj: Any = new(kind)
            for (name, p), item in zip(plan, x, strict=True):
                put(obj, name, p[1](item))
            for name, rebuild in derived.items():
                put(obj, name, rebuild(obj))
            return obj

        return enc, dec


class StateCodec:
    """The typed JSON form of one game's state type (see the module's docstring)."""

    def __init__(
        self,
        state_type: type,
        *,
        derived: Mapping[type, Mapping[str, Callable[[Any], Any]]] | None = None,
    ) -> None:
        self.state_type = state_type
        self.derived = dict(derived or {})

    @cached_property
    def _pair(self) -> tuple[Enc, Dec]:
        return _Compiler(self.derived).pair(self.state_type)

    def dumps(self, state: Any) -> bytes:
        """The state as bytes (raises :class:`CodecError` if it is not of the type)."""
        data = self._pair[0](state)
        return MAGIC + json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()

    def loads(self, blob: bytes) -> Any:
        """The state in ``blob`` (raises :class:`CodecError` or ``ValueError`` otherwise)."""
        if not blob.startswith(MAGIC):
            raise CodecError("not an encoded state")
        return self._pair[1](json.loads(blob[len(MAGIC) :]))
