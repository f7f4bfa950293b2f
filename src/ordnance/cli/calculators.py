"""Every game's calculators as commands, derived from their declarations.

One builder for all: a :class:`~ordnance.core.calculators.Calculator`
becomes a command whose options are the fields of its input model
(``--field-name``, or the spellings the calculator declares in ``flags``;
the field's title and description are the help, an enum or ``Literal`` the
choices, a ``bool`` a flag, a list the option given again or ``a,b`` text).
Positional ``arguments`` are declared too. Every command takes ``--json``
(the answer as the HTTP API returns it) and, for a distribution, ``--plot
FILE.png``. Only the options given are passed on, so the model's defaults
are the command's defaults, in every face.

The derivation has two steps: the model's fields become plain data
(:class:`CalculatorSpec`, :func:`calculator_spec`), and the command is built
from that data alone (:func:`spec_command`), the calculator itself loaded only
when the command runs. The command line reads the specs of the project's
calculators from a cache (:mod:`ordnance.cli.calculator_cache`), so a help
screen imports neither the models, nor Pydantic, nor the rules.

A game's command line (:func:`game_command`) is its calculators at their
declared paths (``toi odds``, ``toi odds smoke``, ``toi smoke``), its
``game`` group derived from its action forms
(:mod:`ordnance.cli.game_commands`) and the older spellings it declares
(:class:`~ordnance.core.commands.GameCommands`). A game writes no command
line code.
"""

from __future__ import annotations

import enum
import inspect
import sys
import types
import typing
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

import typer
from typer.core import TyperGroup

from ordnance.cli.common import emit, plot_to
from ordnance.cli.lazy import Command, FallbackGroup, LazyMount, as_command
from ordnance.cli.localize import shown
from ordnance.core.commands import GameCommands

if TYPE_CHECKING:  # pragma: no cover
    from pydantic.fields import FieldInfo

    from ordnance.core.calculators import Calculator

KEYWORD_ONLY = inspect.Parameter.KEYWORD_ONLY
POSITIONAL_OR_KEYWORD = inspect.Parameter.POSITIONAL_OR_KEYWORD

#: How a field is given on the command line: a positional argument, an on/off
#: flag, or an option with a value.
ParamKind = Literal["argument", "flag", "option"]
#: The type Click converts an option's value to (the model reads everything else).
ValueKind = Literal["str", "int", "float"]
_VALUE_TYPES: dict[str, type] = {"str": str, "int": int, "float": float}


class OptionSpec(NamedTuple):
    """One field of a calculator's input model as its command takes it, as plain data.

    Derived from the model by :func:`calculator_spec`; the command is built
    from it alone (:func:`spec_command`), so a help screen needs neither the
    model nor Pydantic when the specs are read from the cache
    (:mod:`ordnance.cli.calculator_cache`). (A named tuple, not a dataclass:
    every command line start makes the class, and a dataclass costs ten times
    as much to make.)
    """

    name: str
    kind: ParamKind
    #: The spellings (``("--range", "--band")``; a flag may be ``"--red/--black"``).
    decls: tuple[str, ...] = ()
    #: The help as shown: title and description, choices and default appended.
    help: str = ""
    value: ValueKind = "str"
    #: Given again for each value (an option), or several words (an argument).
    many: bool = False
    #: An argument that must be given (options never are: the model says what is missing).
    required: bool = False
    #: Offered as completions (the model refuses any other value).
    choices: tuple[str, ...] | None = None


class CalculatorSpec(NamedTuple):
    """What the command line needs of a calculator before it runs: names, help, options."""

    name: str
    title: str
    help: str
    hint: str
    path: tuple[str, ...]
    also: tuple[tuple[str, ...], ...]
    options: tuple[OptionSpec, ...]


#: The calculator named ``name`` (imported on the first call: its model and rules).
FindCalculator = Callable[[str], "Calculator"]


class Declared:
    """A game's calculators as its command line uses them: the specs now, each
    :class:`~ordnance.core.calculators.Calculator` (model, rules) when it runs."""

    __slots__ = ("find", "specs")

    def __init__(self, specs: tuple[CalculatorSpec, ...], find: FindCalculator) -> None:
        self.specs = specs
        self.find = find

    @classmethod
    def of(cls, calcs: Sequence[Calculator]) -> Declared:
        """From calculators already loaded (a plug-in's list, a test's)."""
        by_name = {c.name: c for c in calcs}
        return cls(tuple(calculator_spec(c) for c in calcs), by_name.__getitem__)

    def spec(self, name: str) -> CalculatorSpec:
        return next(s for s in self.specs if s.name == name)


def _unwrap(annotation: Any) -> tuple[Any, bool]:
    """``X | None`` -> ``(X, True)``; anything else -> ``(annotation, False)``."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(annotation)[0])
    return annotation, False


def _choices(kind: Any) -> list[str] | None:
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return [str(m.value) for m in kind]
    if typing.get_origin(kind) is typing.Literal:
        return [str(a) for a in typing.get_args(kind)]
    return None


def _is_list(kind: Any) -> bool:
    return typing.get_origin(kind) in (list, tuple, set, frozenset, Sequence)


def _help(info: FieldInfo) -> str:
    parts = [p for p in (info.title, info.description) if p]
    if len(parts) == 2 and parts[1].lower().startswith(parts[0].lower()):
        parts = parts[1:]
    return ": ".join(parts)


def _default_text(info: FieldInfo) -> str | None:
    if info.is_required():
        return None
    value = info.get_default(call_default_factory=True)
    if value is None or value == () or value == []:
        return None
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, bool):
        return None
    return str(value)


def option_spec(calc: Calculator, name: str, info: FieldInfo) -> OptionSpec:
    """The command-line parameter of one field (see the module docstring)."""
    kind, _optional = _unwrap(info.annotation)
    parsed = name in calc.parsers
    dashed = "--" + name.replace("_", "-")
    decls = [*dict.fromkeys([*calc.flags.get(name, ()), dashed])]
    help_text = _help(info)
    if name in calc.arguments:
        many = _is_list(kind) and not parsed
        required = info.is_required() and not many
        return OptionSpec(name, "argument", help=help_text, many=many, required=required)
    if kind is bool and not parsed:
        paired = [d for d in calc.flags.get(name, ()) if "/" in d]
        if paired:  # a declared pair, e.g. "--red/--black"
            decls = [paired[0]]
        elif info.get_default(call_default_factory=True) is True:
            no = "--no-" + dashed.removeprefix("--")
            decls = [f"{decls[0]}/{no}", *decls[1:]]
        return OptionSpec(name, "flag", tuple(decls), help_text)
    many = _is_list(kind)  # a parsed list: its texts joined, then parsed
    choices = None if parsed else _choices(kind)
    value: ValueKind = "str"
    if choices is not None:
        help_text += f" (one of: {', '.join(choices)})"
    elif kind in (int, float) and not parsed:
        value = "int" if kind is int else "float"
    default = _default_text(info)
    return OptionSpec(
        name,
        "option",
        tuple(decls),
        help_text + (f" [default: {default}]" if default else ""),
        value,
        many,
        choices=None if choices is None else tuple(choices),
    )


def calculator_spec(calc: Calculator) -> CalculatorSpec:
    """The :class:`CalculatorSpec` of a calculator, from its declaration and input model."""
    fields = calc.input_model.model_fields
    taken = {"ctx", "as_json", "plot"} & set(fields)
    if taken:
        raise TypeError(f"calculator {calc.name!r}: fields named {sorted(taken)} clash")
    return CalculatorSpec(
        name=calc.name,
        title=calc.title,
        help=calc.help,
        hint=calc.hint,
        path=calc.path,
        also=calc.also,
        options=tuple(option_spec(calc, n, info) for n, info in fields.items()),
    )


def _parameter(spec: OptionSpec) -> inspect.Parameter:
    """The parameter of one option, declared the public Typer way (a ``typer.Option`` /
    ``typer.Argument`` default in a function signature)."""
    annotation: Any
    default: Any
    if spec.kind == "argument":
        annotation = list[str] | None if spec.many else str if spec.required else str | None
        default = typer.Argument(... if spec.required else None, help=spec.help, show_default=False)
    elif spec.kind == "flag":
        annotation = bool | None
        default = typer.Option(None, *spec.decls, help=spec.help, show_default=False)
    else:
        one: Any = _VALUE_TYPES[spec.value]
        annotation = list[one] | None if spec.many else one | None
        default = typer.Option(
            None,
            *spec.decls,
            autocompletion=None if spec.choices is None else _completer(list(spec.choices)),
            # the model says what is missing (with its clause), in every face alike
            help=spec.help,
            show_default=False,
        )
    return inspect.Parameter(spec.name, KEYWORD_ONLY, default=default, annotation=annotation)


def _completer(choices: list[str]) -> Callable[[str], list[str]]:
    def complete(incomplete: str) -> list[str]:
        return [c for c in choices if c.startswith(incomplete)]

    return complete


def _values(calc: Calculator, kwargs: dict[str, Any]) -> dict[str, Any]:
    """The fields given on the command line (lists from repeats or ``a,b`` text)."""
    fields = calc.input_model.model_fields
    out: dict[str, Any] = {}
    for name, value in kwargs.items():
        if name not in fields or value is None or value in ((), []):
            continue
        kind, _opt = _unwrap(fields[name].annotation)
        if _is_list(kind) and name in calc.parsers and isinstance(value, list | tuple):
            out[name] = ",".join(str(v) for v in value)  # the parser reads the text
        elif _is_list(kind) and name not in calc.parsers:
            # the option repeated; numbers may also come as one text, "3,2"
            numbers = typing.get_args(kind) and typing.get_args(kind)[0] in (int, float)
            out[name] = (
                [p for v in value for p in str(v).replace(",", " ").split()]
                if numbers
                else list(value)
            )
        else:
            out[name] = value
    return out


def calculator_command(calc: Calculator, name: str | None = None) -> Command:
    """The command of one calculator (see the module docstring)."""
    return spec_command(calculator_spec(calc), lambda: calc, name)


def spec_command(
    spec: CalculatorSpec, calc: Callable[[], Calculator], name: str | None = None
) -> Command:
    """The command of a calculator from its :class:`CalculatorSpec`; ``calc`` gives
    the calculator itself, called only when the command runs.

    The function's signature is made from the specs and handed to
    ``typer.Typer().command``, Typer's public way to make a command.
    """
    params = [
        inspect.Parameter("ctx", POSITIONAL_OR_KEYWORD, annotation=typer.Context),
        *(_parameter(o) for o in spec.options),
        inspect.Parameter(
            "as_json",
            KEYWORD_ONLY,
            default=typer.Option(
                False,
                "--json",
                help="Print one JSON document instead of a table.",
                show_default=False,
            ),
            annotation=bool,
        ),
    ]
    if spec.hint == "distribution":
        params.append(
            inspect.Parameter(
                "plot",
                KEYWORD_ONLY,
                default=typer.Option(
                    None,
                    "--plot",
                    help="Also write a PNG bar chart to this file.",
                    show_default=False,
                ),
                annotation=str | None,
            )
        )

    def run(ctx: typer.Context, **kwargs: Any) -> None:
        if ctx.invoked_subcommand is not None:
            return
        as_json = bool(kwargs.pop("as_json", False))
        plot = kwargs.pop("plot", None)
        loaded = calc()
        values = _values(loaded, kwargs)
        if loaded.each_line is not None and values.get(loaded.each_line) == "-":
            failed = _each_line(loaded, values, as_json)
            if failed:
                sys.stderr.write(f"{failed} line(s) could not be read\n")
                ctx.exit(2)
            return
        answer = loaded.answer(values, local=True)
        if plot:
            answer["plot"] = _plot(answer, plot)
        emit(answer, as_json, render_answer)

    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params} | {"return": None}
    app = typer.Typer(add_completion=False)
    app.command(name or spec.path[-1], help=spec.help, short_help=spec.title)(run)
    return as_command(typer.main.get_command(app))


def _each_line(calc: Calculator, values: dict[str, Any], as_json: bool) -> int:
    """One question per line of standard input (``calc.each_line`` given as ``-``).

    Each answer is printed as it comes (one JSON object a line under
    ``--json``); a refused line prints its refusal and the others go on. The
    number of refused lines is returned.
    """
    from ordnance.core.errors import OrdnanceError

    field = calc.each_line
    assert field is not None
    failed = 0
    for raw in sys.stdin:
        line = raw.rstrip("\n")
        try:
            out: dict[str, Any] = calc.answer({**values, field: line}, local=True)
        except OrdnanceError as exc:
            failed += 1
            out = {"error": str(exc), **exc.to_dict(), field: line}
            out["error"] = str(exc)
            if not as_json:
                emit(out, False, _failed_line)
                continue
        emit(out, as_json, render_answer)
    return failed


def _failed_line(out: dict[str, Any]) -> Any:
    from rich.text import Text

    field = next(reversed(out))  # the line's field, written last
    return Text(f"{out[field]!r}: {out['error']}", style="red")


def _plot(answer: dict[str, Any], path: str) -> str | None:
    """``--plot``: the answer's ``chart`` as grouped bars when it has one, else its
    distribution."""
    if "chart" in answer:
        from ordnance.cli.plot import plot_comparison

        return str(plot_comparison(answer["chart"], path, answer["title"]))

    from ordnance.core.odds.distribution import Distribution

    dist = Distribution({k: Fraction(v) for k, v in answer["distribution"].items()})
    return plot_to(dist, path, answer["title"], answer.get("xlabel", "outcome"))


def render_answer(answer: dict[str, Any]) -> Any:
    """An answer as Rich renderables, by its hint: bars, a comparison table or a table."""
    from rich.console import Group

    from ordnance.cli.tables import Table

    parts: list[Any] = []
    title = answer["title"]
    if "distribution" in answer:
        table = Table(title=title)
        table.add_column(answer.get("xlabel", "outcome"), justify="right")
        table.add_column("exact", justify="right")
        table.add_column("%", justify="right")
        table.add_column("", justify="left")
        for outcome, p in answer["distribution"].items():
            q = Fraction(p) if isinstance(p, str) else Fraction(p).limit_denominator()
            table.add_row(outcome, str(p), f"{float(q) * 100:.2f}%", "█" * round(float(q) * 40))
        parts.append(table)
        title = None
    if "comparison" in answer and "table" not in answer:
        parts.append(_comparison_table(answer["comparison"], title))
        title = None
    if "table" in answer:
        table = Table(title=answer["table"].get("title") or title)
        for column in answer["table"]["columns"]:
            table.add_column(column)
        for row in answer["table"]["rows"]:
            table.add_row(*(shown(c) for c in row))
        parts.append(table)
        title = None
    if "chart" in answer:  # a comparison beside the main answer
        parts.append(_comparison_table(answer["chart"], answer["chart"].get("title")))
    if title is not None:
        parts.append(f"[bold]{shown(title)}[/]")
    if answer.get("outcome") and "table" not in answer:  # a table has an outcome column
        parts.append(shown(answer["outcome"]))
    parts.extend(shown(line) for line in answer.get("lines", ()))
    if answer.get("plot"):
        parts.append(f"plot written to {answer['plot']}")
    return Group(*parts)


def _comparison_table(comparison: dict[str, Any], title: str | None) -> Any:
    """A comparison (series of values over the same x) as a table: one column a series."""
    from ordnance.cli.tables import Table

    table = Table(title=title)
    table.add_column(comparison.get("xlabel", ""))
    for series in comparison["series"]:
        table.add_column(series["name"], justify="right")
    for i, label in enumerate(comparison["x"]):
        table.add_row(label, *(_percent_cell(s["values"][i]) for s in comparison["series"]))
    return table


def _percent_cell(value: Any) -> str:
    if isinstance(value, str) and "/" in value:
        return f"{value} ({float(Fraction(value)) * 100:.2f}%)"
    return str(value)


class _CalcGroup(TyperGroup):
    """A group that is also a calculator (``toi odds --fp 5``, ``toi odds smoke``)."""


def _tree(specs: Sequence[CalculatorSpec]) -> dict[tuple[str, ...], CalculatorSpec]:
    paths: dict[tuple[str, ...], CalculatorSpec] = {}
    for spec in specs:
        for path in (spec.path, *spec.also):
            paths[path] = spec
    return paths


def _loader(find: FindCalculator, name: str) -> Callable[[], Calculator]:
    return lambda: find(name)


def _group_at(
    prefix: tuple[str, ...],
    paths: dict[tuple[str, ...], CalculatorSpec],
    find: FindCalculator,
    help_text: str,
) -> TyperGroup:
    here = paths.get(prefix)
    children = sorted(
        {p[len(prefix)] for p in paths if len(p) > len(prefix) and p[: len(prefix)] == prefix}
    )
    if here is not None:
        leaf = spec_command(here, _loader(find, here.name), prefix[-1] if prefix else None)
        group: TyperGroup = _CalcGroup(
            name=prefix[-1] if prefix else None,
            params=leaf.params,
            callback=leaf.callback,
            help=here.help,
            short_help=here.title,
            invoke_without_command=True,
        )
    else:
        text = "Exact odds of the game's procedures." if prefix == ("odds",) else help_text
        group = TyperGroup(name=prefix[-1] if prefix else None, help=text, no_args_is_help=True)
    for child in children:
        path = (*prefix, child)
        if any(len(p) > len(path) and p[: len(path)] == path for p in paths):
            group.add_command(_group_at(path, paths, find, help_text), child)
        else:
            spec = paths[path]
            group.add_command(spec_command(spec, _loader(find, spec.name), child), child)
    return group


def calculators_group(
    declared: Declared, help_text: str, prefix: tuple[str, ...] = ()
) -> TyperGroup:
    """A group of calculators at their declared paths (below ``prefix``)."""
    return _group_at(prefix, _tree(declared.specs), declared.find, help_text)


def game_command(
    game: str,
    declared: Declared,
    commands: GameCommands | None,
    help_text: str,
) -> Command:
    """``ordnance <game> ...``: its calculators, its ``game`` group and older spellings.

    The ``game`` group (derived from the action forms, with the journal) is
    mounted lazily: a calculator's command loads neither.
    """
    spelled = commands or GameCommands()
    group = calculators_group(declared, help_text)
    top_aliases = spelled.top_aliases
    shared = spelled.top_shared

    def find(name: str, args: list[str] | None) -> Command | None:
        if name not in top_aliases and name not in shared:
            return None
        from ordnance.cli.game_commands.resolve import derived_command

        cmd = derived_command(game, name, top_aliases, args)
        if cmd is not None:
            cmd.hidden = True
        return cmd

    def game_group_command() -> Command:
        from ordnance.cli.game_commands.groups import game_group

        cls = game_group(game, spelled.game_aliases, spelled.new_options)
        return cls(name="game", help=spelled.help, no_args_is_help=True)

    group.add_command(LazyMount("game", spelled.help, game_group_command), "game")
    if top_aliases or shared:
        return _with_fallback(group, find)
    return group


def _with_fallback(
    group: TyperGroup, find: Callable[[str, list[str] | None], Command | None]
) -> TyperGroup:
    out = FallbackGroup(name=group.name, help=group.help, no_args_is_help=True, find=find)
    for name, cmd in group.commands.items():
        out.add_command(cmd, name)
    return out


def odds_command(declared: Declared, help_text: str) -> Command:
    """``ordnance odds <game> ...``: the calculators under the game's ``odds``."""
    return calculators_group(declared, help_text, ("odds",))


__all__ = [
    "CalculatorSpec",
    "Declared",
    "FindCalculator",
    "OptionSpec",
    "calculator_command",
    "calculator_spec",
    "calculators_group",
    "game_command",
    "odds_command",
    "option_spec",
    "render_answer",
    "spec_command",
]
