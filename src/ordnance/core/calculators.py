"""Calculators: the stand-alone questions a game declares, as data.

A game answers two kinds of request: an **action** (a form a seat fills,
applied to a state: ``Game.legal``/``Game.apply``) and a **calculator**, a
question asked without a table ("the odds of this attack", "what does this
counter notation say"). A :class:`Calculator` is an input model (Pydantic,
every field with a title and a description, enums as choices), a pure
function from that model to a JSON-ready answer, and a rendering hint:

* ``"distribution"``: the answer has ``distribution`` (outcome -> ``"p/q"``),
  drawn as bars;
* ``"comparison"``: the answer has ``comparison``
  (``{"x": [labels], "series": [{"name", "values": ["p/q", ...]}]}``), drawn
  as grouped bars, one group a label;
* ``"table"``: the answer has ``table`` (``{"columns", "rows"}``).

Every answer has a ``title`` and may have ``lines`` (sentences printed under
the table) and a ``chart`` (a comparison, the shape above, beside the main
answer: printed as a table and drawn by the CLI's ``--plot``). Exact fractions are ``"a/b"`` strings, as everywhere else.

The faces derive everything else: the CLI a command whose options are the
model's fields (:mod:`ordnance.cli.calculators`), the HTTP API a route with the
model's JSON Schema (``/api/calculators``), the page a form (``/calc/{game}``).
What a form cannot express (a counter notation such as ``75L``, a list
typed as ``3,2``) is a declared **parser**: a function from the text to the
field's value, run by :meth:`Calculator.read` whenever the field arrives as
text, in every face.

A game lists its calculators in a module named by its package
(``CALCULATORS = "ordnance.toi.calculators:CALCULATORS"`` in
``ordnance/toi/__init__.py``) so the CLI loads them without the plug-in;
:func:`for_game` reads that list.

The registry is imported inside the functions that look a game up: it imports this
module (a cycle) and brings the core's ``Game``, which a stand-alone calculator does not
need.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import import_module
from inspect import signature
from typing import Any, Literal, NotRequired, get_type_hints

from pydantic import BaseModel, ConfigDict, ValidationError
from typing_extensions import TypedDict  # pydantic reads only this one on Python 3.11

from ordnance.core.errors import InvalidInput, OrdnanceError, Problem
from ordnance.core.messages import msg
from ordnance.core.validation import refusal, rule_error, unknown_kind

Hint = Literal["table", "distribution", "comparison"]
#: A notation front-end: the text of one field -> the field's value (raise
#: :class:`OrdnanceError` for text it cannot read).
Parser = Callable[[str], Any]


class ComparisonSeries(TypedDict):
    name: str
    values: list[str]


class Comparison(TypedDict):
    """Grouped bars: one group per ``x`` label, one bar per series (exact ``"p/q"``)."""

    x: list[str]
    xlabel: NotRequired[str]
    series: list[ComparisonSeries]


class AnswerTable(TypedDict):
    columns: list[str]
    rows: list[list[str]]
    title: NotRequired[str]


class CalculatorAnswer(TypedDict):
    """The conventional keys of an answer (a calculator adds keys of its own)."""

    title: str
    distribution: NotRequired[dict[str, str]]
    outcome: NotRequired[str]
    comparison: NotRequired[Comparison]
    table: NotRequired[AnswerTable]
    lines: NotRequired[list[str]]
    chart: NotRequired[Comparison]


class CalculatorInfo(TypedDict):
    """A calculator as ``GET /api/calculators`` lists it."""

    game: str
    name: str
    title: str
    help: str
    clauses: list[str]
    hint: Hint
    command: list[str]
    schema: dict[str, Any]
    example: dict[str, Any]


@dataclass(frozen=True)
class Calculator:
    """One stand-alone question of a game (see the module docstring).

    ``command``: the words of its CLI command under ``ordnance <game>``
    (default: ``name``); ``also``: further spellings kept working.
    ``arguments``: fields read as positional CLI arguments, in order.
    ``flags``: further CLI spellings of a field (``{"band": ("--range",)}``).
    ``example``: a question the page offers filled in.
    ``each_line``: a field that, given as ``-`` on the command line, reads
    standard input, one question a line (one answer a line).
    ``local``: fields only a face on the asker's machine offers (a file of
    theirs): the schema leaves them out and :meth:`answer` refuses them unless
    ``local=True``.
    """

    name: str
    title: str
    clauses: tuple[str, ...]
    input_model: type[BaseModel]
    run: Callable[[Any], Mapping[str, Any]]
    #: The longer help (default: the title).
    help: str = ""
    hint: Hint = "table"
    parsers: Mapping[str, Parser] = field(default_factory=dict)
    command: tuple[str, ...] = ()
    also: tuple[tuple[str, ...], ...] = ()
    arguments: tuple[str, ...] = ()
    flags: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    example: Mapping[str, Any] = field(default_factory=dict)
    each_line: str | None = None
    local: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.help:
            object.__setattr__(self, "help", self.title)

    @property
    def path(self) -> tuple[str, ...]:
        return self.command or (self.name,)

    def schema(self) -> dict[str, Any]:
        """The input model's JSON Schema; a parsed field says so (``x-parsed``)."""
        schema = self.input_model.model_json_schema()
        props = schema.get("properties", {})
        for name in self.local:
            props.pop(name, None)
        for name in self.parsers:
            if name in props:
                props[name]["x-parsed"] = True
        schema.setdefault("title", self.title)
        schema["description"] = self.help
        return schema

    def read(self, values: Mapping[str, Any]) -> BaseModel:
        """Validate a question; text of a parsed field goes through its parser first."""
        data = dict(values)
        for name, parse in self.parsers.items():
            if isinstance(data.get(name), str):
                try:
                    data[name] = parse(data[name])
                except OrdnanceError as exc:
                    raise InvalidInput(
                        msg("{name} question", name=self.name),
                        [Problem(name, repr(values[name]), exc.message, exc.clause, exc.said)],
                        clause=exc.clause or self.clauses[0] if self.clauses else exc.clause,
                    ) from None
        try:
            return self.input_model.model_validate(data)
        except ValidationError as exc:
            raise self._refusal(exc, self.input_model) from None

    def _refusal(self, exc: ValidationError, model: type[BaseModel] | None) -> InvalidInput:
        return refusal(
            exc,
            model,
            what=msg("{name} question", name=self.name),
            clause=self.clauses[0] if self.clauses else None,
        )

    def answer(self, values: Mapping[str, Any], *, local: bool = False) -> dict[str, Any]:
        """The JSON-ready answer to the question ``values`` (refusals raise).

        ``local``: the asker is on this machine (the command line), so the
        :attr:`local` fields are taken.
        """
        given = [name for name in self.local if values.get(name) is not None]
        if given and not local:
            raise InvalidInput(
                f"{self.name} question",
                [
                    Problem(name, repr(values[name]), "only the command line takes it", None)
                    for name in given
                ],
                clause=self.clauses[0] if self.clauses else None,
            )
        question = self.read(values)
        try:
            result = jsonable(self.run(question))
        except ValidationError as exc:  # a record the answer builds refused a value (a gun size)
            raise rule_error(exc) or self._refusal(exc, None) from None
        if not isinstance(result, dict) or "title" not in result:
            raise TypeError(f"calculator {self.name!r} answered no title")  # a bug
        result.setdefault("hint", self.hint)
        return result

    def info(self, game: str) -> CalculatorInfo:
        return CalculatorInfo(
            game=game,
            name=self.name,
            title=self.title,
            help=self.help,
            clauses=list(self.clauses),
            hint=self.hint,
            command=list(self.path),
            schema=self.schema(),
            example=dict(jsonable(dict(self.example))),
        )


class NoQuestion(BaseModel):
    """The input of a reference table: nothing to ask."""

    model_config = ConfigDict(extra="forbid", defer_build=True)


def calculator(
    run: Callable[[Any], Mapping[str, Any]],
    name: str,
    title: str,
    clauses: tuple[str, ...] = (),
    **more: Any,
) -> Calculator:
    """The :class:`Calculator` ``name`` answered by ``run``; its input model is the type
    ``run`` declares for its question (its first parameter), so a game's list of
    calculators says each model once, where the function takes it. A reference table's
    ``run`` takes a :class:`NoQuestion`. ``more``: the other fields of :class:`Calculator`.

    >>> def count(q: NoQuestion) -> dict[str, Any]:
    ...     return {"title": "Nothing to count"}
    >>> calculator(count, "count", "Count nothing.").input_model is NoQuestion
    True
    """
    first = next(iter(signature(run).parameters))
    model = get_type_hints(run).get(first)
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise TypeError(f"calculator {name!r}: {run.__qualname__} takes no Pydantic model")
    return Calculator(name=name, title=title, clauses=clauses, input_model=model, run=run, **more)


def jsonable(value: Any) -> Any:
    """Fractions as exact ``"p/q"``, distributions as their JSON, models dumped."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if hasattr(value, "to_json") and hasattr(value, "outcomes"):  # a Distribution
        return value.to_json()
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    if isinstance(value, BaseModel):
        return jsonable(value.model_dump(mode="json"))
    if hasattr(value, "value") and hasattr(value, "name") and type(value).__module__ != "builtins":
        return value.value  # an Enum
    return value


def load(dotted: str) -> tuple[Calculator, ...]:
    """The calculators a ``"module:attribute"`` path names."""
    module, _sep, attr = dotted.partition(":")
    return tuple(getattr(import_module(module), attr))


def family_sources(dotted: str) -> tuple[str, ...]:
    """The ``"module:attribute"`` paths of the families a list is joined from.

    A game with many calculators declares them in a package, one module a
    family (``ordnance.asl.calculators.shot``), each with its own list under
    the same attribute name, and names the families in the package's
    ``FAMILIES``; the package's list is their join (:func:`joined`). A list
    that is not joined is its own one family. A face that needs one calculator
    imports its family alone (the command line, :mod:`ordnance.cli.calculator_cache`).
    """
    module, _sep, attr = dotted.partition(":")
    families: tuple[str, ...] | None = getattr(import_module(module), "FAMILIES", None)
    if families is None:
        return (dotted,)
    return tuple(f"{module}.{family}:{attr}" for family in families)


def joined(package: str, name: str) -> tuple[Calculator, ...]:
    """The package's list ``name``: its families' lists joined in ``FAMILIES`` order.

    A calculators package's module ``__getattr__`` (PEP 562) returns this, so
    importing one family does not import the others.
    """
    if name != "CALCULATORS":
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return tuple(c for source in family_sources(f"{package}:{name}") for c in load(source))


#: The generic odds (no game): ``ordnance odds ...``, ``/api/calculators/odds/...``.
GENERIC = "odds"


def for_game(game: str) -> tuple[Calculator, ...]:
    """Every calculator of the installed game ``game`` (its plug-in's
    ``calculators``), or of the generic odds (:data:`GENERIC`)."""
    from ordnance.core import registry

    if game == GENERIC:
        return load("ordnance.core.odds.calculators:CALCULATORS")
    return registry.get(game).calculator_list()


def find(game: str, name: str) -> Calculator:
    """The calculator ``name`` of ``game``, or the refusal every game words the same."""
    calcs = for_game(game)
    for calc in calcs:
        if calc.name == name:
            return calc
    raise unknown_kind(
        msg("{game} calculator", game=game), name, [c.name for c in calcs], clause=None
    )


def catalogue() -> list[CalculatorInfo]:
    """Every calculator of every installed game, with its schema."""
    from ordnance.core import registry

    games = [GENERIC, *registry.plugins()]
    return [calc.info(game) for game in games for calc in for_game(game)]


__all__ = [
    "AnswerTable",
    "Calculator",
    "CalculatorAnswer",
    "CalculatorInfo",
    "Comparison",
    "ComparisonSeries",
    "Hint",
    "NoQuestion",
    "Parser",
    "calculator",
    "catalogue",
    "family_sources",
    "find",
    "for_game",
    "joined",
    "jsonable",
    "load",
]
