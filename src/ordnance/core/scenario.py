"""Scenarios as files: one envelope for every game, with the problems named by line.

A scenario file (YAML or JSON) holds what a set-up needs: the date and
theatre, the sides and their nationalities, the map, the units with the
printed values the players read from their own counters, their set-up hexes,
and the scenario rules that set options. This module owns the *common*
envelope (:class:`ScenarioDoc`); each game subclasses it with its own unit,
map and rules models (``ordnance.<game>.scenario``), returns that class from
:meth:`Game.scenario_model`, and turns a validated document into its
``new(settings)`` settings plus set-up actions (:meth:`Game.from_scenario`).
The core never imports a game: it finds the model through the registry.

Line numbers come from PyYAML's node marks: the text is composed into a node
tree once, every mapping key and sequence item is indexed by its path, and a
Pydantic error location (``("units", 2, "hex")``) is looked up by its longest
known prefix. JSON is read by the same loader (JSON is YAML), so JSON files
get line numbers too.

PyYAML and the journal's session are imported inside the functions that use
them: every game's scenario module imports this one, and only the scenario
commands should pay for them.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from ordnance.core import registry
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import Hex, parse_hex
from ordnance.core.messages import msg
from ordnance.core.names import Name, PieceId, VisibleText

if TYPE_CHECKING:  # pragma: no cover
    import yaml

    from ordnance.core.game import Game
    from ordnance.core.journal import GameSession, Journal

#: Bumped when a change to the envelope would read an old file differently.
FORMAT_VERSION = 1
FORMAT_NAME = "ordnance-scenario"

Loc = tuple[str | int, ...]
#: A hex in a file: axial ``q,r``, or the map's printed four-digit number ``CCRR``
#: (ToI and WaW: column then row from 01, read as its axial id on loading).
HEX_PATTERN = r"^(-?\d+,-?\d+|\d{4})$"
_NUMBERED = re.compile(r"^\s*(\d{2})(\d{2})\s*$")
_AXIAL_ID = re.compile(r"^-?\d+,-?\d+$")


def numbered_as_axial(value: object) -> object:
    """A printed ``CCRR`` number as its axial ``q,r`` id; anything else as given.

    >>> numbered_as_axial("0305"), numbered_as_axial("2,3")
    ('2,3', '2,3')
    >>> numbered_as_axial("C5")
    Traceback (most recent call last):
    ...
    ValueError: 'C5' is not a hex: write its printed number (e.g. 0305) or axial q,r
    """
    if not isinstance(value, str):
        return value
    m = _NUMBERED.match(value)
    if m is None:
        if not re.match(HEX_PATTERN, value):
            raise ValueError(
                f"{value!r} is not a hex: write its printed number (e.g. 0305) or axial q,r"
            )
        return value
    col, row = int(m.group(1)), int(m.group(2))
    if col < 1 or row < 1:
        raise ValueError(f"{value!r} is no printed hex number: columns and rows count from 01")
    return str(Hex.from_offset(col - 1, row - 1))


#: A hex field of a scenario file: axial, or the printed number (kept as axial).
HexText = Annotated[str, Field(pattern=HEX_PATTERN), BeforeValidator(numbered_as_axial)]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Side(_Model):
    """One side of the scenario: the seat name players act as, and its nationality."""

    id: str = Field(
        min_length=1,
        max_length=40,
        pattern=r"^[a-z0-9_\-]+$",
        description="Seat name (lower case), e.g. 'german'.",
    )
    nationality: str = Field(min_length=1, description="Nationality, e.g. german, soviet.")
    title: VisibleText = Field(
        "", description="How the side is called in the text, e.g. 'Kampfgruppe'."
    )


class HexCell(_Model):
    """What one hex holds. Fields a game does not use are refused by that game."""

    hex: HexText = Field(description="The hex: its printed number ('0305') or axial 'q,r'.")
    terrain: str | None = Field(None, description="Terrain type name (the game's list).")
    elevation: int | None = Field(None, ge=0, le=9, description="Level, where the game uses it.")


class Hexside(_Model):
    """A hexside feature (wall, hedge, river...), between two adjacent hexes."""

    between: tuple[HexText, HexText] = Field(
        description="The two hexes (printed '0305' or axial 'q,r') the hexside divides."
    )
    feature: str = Field(min_length=1)


class MapSpec(_Model):
    """The map: a rectangle of printed hexes, its terrain, and hexside features."""

    name: str = Field("scenario", min_length=1, max_length=40, description="Map name.")
    title: str = Field("", max_length=120, description="How the map is shown (default: name).")
    columns: int = Field(ge=1, le=60, description="Printed hex columns (flat-top, odd-q).")
    rows: int = Field(ge=1, le=60, description="Printed hex rows.")
    default_terrain: str | None = Field(None, description="Terrain of every hex not listed.")
    hexes: tuple[HexCell, ...] = Field((), description="Hexes whose contents differ.")
    hexsides: tuple[Hexside, ...] = Field((), description="Hexside features, where it matters.")


class UnitSpec(_Model):
    """A unit of the set-up: its id, side and set-up hex (each game adds its values)."""

    id: PieceId
    side: str = Field(description="The id of one of the sides.")
    hex: HexText | None = Field(
        None, description="Set-up hex: its printed number ('0305') or axial 'q,r'."
    )


class ScenarioDoc(_Model):
    """The envelope every scenario file shares; games subclass it."""

    format: Literal["ordnance-scenario"] = Field(
        "ordnance-scenario", description="Always 'ordnance-scenario'."
    )
    format_version: Literal[1] = Field(1, description="Version of this format.")
    game: str = Field(description="Game module: asl, toi or waw.")
    title: Name = Field(min_length=1, max_length=120)
    sample: bool = Field(
        False,
        description="True when the values are samples (not read from official counters).",
    )
    description: str = ""
    date: str | None = Field(None, pattern=r"^\d{4}-\d{2}$", description="Year and month, YYYY-MM.")
    theatre: str | None = Field(None, description="Theatre of war, e.g. ETO, PTO, Burma.")
    sides: tuple[Side, ...] = Field(min_length=2, max_length=2)
    map: MapSpec | None = None
    units: tuple[UnitSpec, ...] = ()

    def reference_problems(self) -> list[tuple[Loc, str]]:
        """Cross-field problems (side ids, unit ids), each at its own field."""
        out: list[tuple[Loc, str]] = []
        ids = [s.id for s in self.sides]
        for i, side in enumerate(self.sides):
            if side.id in ids[:i]:
                out.append((("sides", i, "id"), f"two sides are called {side.id!r}"))
        seen: set[str] = set()
        for i, unit in enumerate(self.units):
            if unit.side not in ids:
                message = f"unit {unit.id} is on side {unit.side!r}, not one of {', '.join(ids)}"
                out.append((("units", i, "side"), message))
            if unit.id in seen:
                out.append((("units", i, "id"), f"two units are called {unit.id!r}"))
            seen.add(unit.id)
        return out

    def side_nationality(self, side: str) -> str:
        return next(s.nationality for s in self.sides if s.id == side)


@dataclass(frozen=True)
class ScenarioStart:
    """What a game makes of a document: ``new`` settings and set-up actions.

    ``action_locs`` gives, for each set-up action, the document location it
    comes from (so a refused action is reported at its line).
    """

    settings: dict[str, Any]
    actions: tuple[dict[str, Any], ...] = ()
    action_locs: tuple[Loc, ...] = ()


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a scenario file, where it is and what to do."""

    field: str
    message: str
    line: int | None = None

    def text(self, source: str) -> str:
        where = f"{source}:{self.line}" if self.line is not None else source
        return f"{where}: {self.field}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "field": self.field, "message": self.message}


class ScenarioProblems(OrdnanceError):
    """A scenario file that cannot be used; ``problems`` lists every one."""

    def __init__(self, source: str, problems: Sequence[Problem]):
        self.source = source
        self.problems = tuple(problems)
        first = self.problems[0].text(source) if self.problems else source
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(
            f"bad scenario: {first}{more}",
            hint=f"run: ordnance scenario check {source}" if len(self.problems) > 1 else None,
        )

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        out["problems"] = [p.to_dict() for p in self.problems]
        return out


class ScenarioFieldError(OrdnanceError):
    """A game's own check of a document failed at ``loc`` (raised by ``from_scenario``)."""

    def __init__(self, loc: Loc, message: str, *, hint: str | None = None):
        self.loc = loc
        super().__init__(message, hint=hint)


def field_name(loc: Loc) -> str:
    """``("units", 2, "hex")`` -> ``units[2].hex`` (0-based item numbers)."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(document)"


# -- reading ---------------------------------------------------------------------------
@dataclass
class Source:
    """A parsed file: its data and the line of every key and item in it."""

    name: str
    data: Any
    lines: dict[Loc, int] = field(default_factory=dict)

    def line_of(self, loc: Loc) -> int | None:
        """The line of ``loc``, or of its nearest enclosing key or item."""
        for cut in range(len(loc), -1, -1):
            found = self.lines.get(tuple(loc[:cut]))
            if found is not None:
                return found
        return None

    def problem(self, loc: Loc, message: str) -> Problem:
        return Problem(field_name(loc), message, self.line_of(loc))


def _index(node: yaml.Node, path: Loc, lines: dict[Loc, int]) -> None:
    import yaml

    lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else str(key.value)
            lines[(*path, name)] = key.start_mark.line + 1
            _index(value, (*path, name), lines)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index(item, (*path, i), lines)


def parse_text(text: str, name: str = "<scenario>") -> Source:
    """Read YAML or JSON text, remembering where each key is; bad syntax is a Problem."""
    import yaml

    loader: yaml.SafeLoader | None = None
    try:
        # The reader checks the characters at once (a NUL, a binary file): inside the try.
        loader = yaml.SafeLoader(text)
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        reason = exc.problem or exc.context or "cannot be read"
        raise ScenarioProblems(name, [Problem("(syntax)", reason, line)]) from None
    except yaml.reader.ReaderError as exc:
        reason = f"not a text file: character #x{exc.character:04x} at position {exc.position}"
        raise ScenarioProblems(name, [Problem("(syntax)", reason)]) from None
    except yaml.YAMLError as exc:
        raise ScenarioProblems(name, [Problem("(syntax)", " ".join(str(exc).split()))]) from None
    finally:
        if loader is not None:
            loader.dispose()
    lines: dict[Loc, int] = {}
    if node is not None:
        _index(node, (), lines)
    return Source(name, data, lines)


def read_file(path: str | Path) -> Source:
    p = Path(path)
    try:
        text = p.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise OrdnanceError(
            f"cannot read the scenario {p}: not UTF-8 text ({exc})"
            if isinstance(exc, UnicodeDecodeError)
            else f"cannot read the scenario {p}: {exc}",
            hint=msg("give a YAML or JSON scenario file"),
        ) from None
    if "\x00" in text:  # UTF-8 by chance, but binary (YAML and JSON forbid NUL)
        raise OrdnanceError(
            msg(
                "cannot read the scenario {p}: not a text file (NUL at character {value})",
                p=p,
                value=text.index(chr(0)),
            ),
            hint=msg("give a YAML or JSON scenario file"),
        )
    return parse_text(text, str(p))


def _pydantic_errors(src: Source, exc: ValidationError) -> list[tuple[Loc, Problem]]:
    """Each schema error with its field, in the order of the file's lines."""
    out = []
    for err in exc.errors(include_url=False):
        loc: Loc = tuple(p for p in err["loc"] if isinstance(p, int | str))
        message = str(err["msg"]).removeprefix("Value error, ")
        if err["type"] == "extra_forbidden":
            message = "unknown field (check the spelling against the schema)"
        out.append((loc, src.problem(loc, message)))
    return sorted(out, key=lambda lp: (lp[1].line is None, lp[1].line or 0))


def _pydantic_problems(src: Source, exc: ValidationError) -> list[Problem]:
    return [p for _loc, p in _pydantic_errors(src, exc)]


def _game_of(src: Source) -> Game[Any]:

    data = src.data
    if not isinstance(data, Mapping):
        raise ScenarioProblems(src.name, [src.problem((), "a scenario is a mapping of fields")])
    name = data.get("game")
    readers = {n: p.game for n, p in registry.plugins().items() if p.game.scenario_model()}
    if not isinstance(name, str) or name not in readers:
        message = f"must name a game that reads scenario files: one of {', '.join(sorted(readers))}"
        raise ScenarioProblems(src.name, [src.problem(("game",), message)])
    return readers[name]


def validate(src: Source) -> tuple[Game[Any], ScenarioDoc]:
    """The document as its game's model; every schema problem, with its line."""
    game = _game_of(src)
    model = game.scenario_model()
    assert model is not None
    try:
        doc = model.model_validate(src.data)
    except ValidationError as exc:
        raise ScenarioProblems(src.name, _pydantic_problems(src, exc)) from None
    found = [src.problem(loc, message) for loc, message in doc.reference_problems()]
    if found:
        raise ScenarioProblems(src.name, found)
    return game, doc


def prepare(src: Source) -> tuple[Game[Any], ScenarioDoc, ScenarioStart]:
    """Validate, let the game build its start, and play the set-up in memory.

    Whatever the game or the set-up refuses is reported at the line of the
    field (or unit) it came from. Nothing is written anywhere.
    """
    game, doc = validate(src)
    try:
        start = game.from_scenario(doc)
    except ScenarioFieldError as exc:
        raise ScenarioProblems(src.name, [src.problem(exc.loc, str(exc))]) from None
    except OrdnanceError as exc:
        raise ScenarioProblems(src.name, [src.problem((), str(exc))]) from None
    # the file's own words travel with the settings, for `scenario export` to keep them
    start = replace(start, settings={**start.settings, SCENARIO_KEY: scenario_words(doc)})
    dry_run(game, start, src)
    return game, doc, start


def scenario_words(doc: ScenarioDoc) -> dict[str, Any]:
    """What a document says about itself (title, date, theatre, description, sample flag):
    kept in the game's settings under :data:`SCENARIO_KEY`; the rules never read it."""
    words = doc.model_dump(mode="json", include=set(SCENARIO_WORDS), exclude_defaults=True)
    return {"title": doc.title, **words}


def dry_run(game: Game[Any], start: ScenarioStart, src: Source | None = None) -> Any:
    """The state after the set-up (hot seat, no dice); a refusal names its line."""

    name = src.name if src is not None else "<scenario>"
    where = src or Source(name, None)
    try:
        state = game.new(start.settings)
    except OrdnanceError as exc:
        raise ScenarioProblems(name, [where.problem((), str(exc))]) from None
    for i, action in enumerate(start.actions):
        loc = start.action_locs[i] if i < len(start.action_locs) else ()
        try:
            state = game.apply(state, action, EnteredDice(()), None).state
        except OrdnanceError as exc:
            raise ScenarioProblems(name, [where.problem(loc, str(exc))]) from None
    return state


#: How many times :func:`problems_of` sets aside what it found and checks again.
MAX_CHECK_ROUNDS = 40


@dataclass
class _Reduced(Source):
    """The document with the parts found wrong set aside, named by the original's lines.

    ``kept`` maps each list (by its path in the original) to the original indices
    still in it, so a problem found in what is left is reported at the original
    field and line.
    """

    original: Source = field(default_factory=lambda: Source("", None))
    kept: dict[Loc, list[int]] = field(default_factory=dict)

    def to_original(self, loc: Loc) -> Loc:
        out: list[str | int] = []
        for part in loc:
            if isinstance(part, int):
                kept = self.kept.get(tuple(out))
                if kept is not None and 0 <= part < len(kept):
                    part = kept[part]
            out.append(part)
        return tuple(out)

    def problem(self, loc: Loc, message: str) -> Problem:
        return self.original.problem(self.to_original(loc), message)

    def set_aside(self, loc: Loc) -> bool:
        """Leave out the list item (the deepest one) or the key ``loc`` names; False: nothing
        can be left out there (the document itself), so checking cannot go further."""
        cut = max((i for i, p in enumerate(loc) if isinstance(p, int)), default=None)
        target = loc if cut is None else loc[: cut + 1]
        if not target:
            return False
        node = self.data
        for part in target[:-1]:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return False
        last = target[-1]
        if isinstance(last, int) and isinstance(node, list) and 0 <= last < len(node):
            path = self.to_original(target[:-1])
            kept = self.kept.setdefault(path, list(range(len(node))))
            del kept[last]
            del node[last]
            return True
        if isinstance(last, str) and isinstance(node, dict) and last in node:
            del node[last]
            return True
        return False


def _check_once(src: Source) -> list[tuple[Loc, Problem]]:
    """The problems of one pass (schema, then references, then the game's), each with its
    field in ``src``'s own coordinates (to set it aside)."""
    try:
        game = _game_of(src)
    except ScenarioProblems as exc:
        return [((), p) for p in exc.problems]
    model = game.scenario_model()
    assert model is not None
    try:
        doc = model.model_validate(src.data)
    except ValidationError as exc:
        return _pydantic_errors(src, exc)
    refs = doc.reference_problems()
    if refs:
        return [(loc, src.problem(loc, m)) for loc, m in refs]
    try:
        start = game.from_scenario(doc)
    except ScenarioFieldError as exc:
        return [(exc.loc, src.problem(exc.loc, str(exc)))]
    except OrdnanceError as exc:
        return [((), src.problem((), str(exc)))]
    try:
        state = game.new(start.settings)
    except OrdnanceError as exc:
        return [((), src.problem((), str(exc)))]

    found: list[tuple[Loc, Problem]] = []
    for i, action in enumerate(start.actions):
        loc = start.action_locs[i] if i < len(start.action_locs) else ()
        try:
            state = game.apply(state, action, EnteredDice(()), None).state
        except OrdnanceError as exc:  # the next set-up actions go on from the state before
            found.append((loc, src.problem(loc, str(exc))))
    return found


def problems_of(src: Source) -> list[Problem]:
    """Every problem ``ordnance scenario check`` reports (empty: the file is good).

    One run finds them all: the schema's problems come together; then each
    field found wrong is set aside (its list item, e.g. the whole unit, or its
    key; the enclosing part when leaving the key out is wrong too) and what is
    left is checked again, down to the game's own checks and the set-up, until
    nothing more is wrong or nothing more can be set aside. Each problem keeps
    its field and line in the file as written; a field already reported is
    not reported again.
    """

    reduced = _Reduced(src.name, copy.deepcopy(src.data), original=src)
    out: list[Problem] = []
    for _ in range(MAX_CHECK_ROUNDS):
        found = _check_once(reduced)
        reported = {p.field for p in out}
        out += [p for _loc, p in found if p.field not in reported and p not in out]
        aside = {loc[:-1] if p.field in reported else loc for loc, p in found}
        moved = [reduced.set_aside(loc) for loc in sorted(aside, key=_loc_key, reverse=True)]
        if not any(moved):
            break
    return out


def _loc_key(loc: Loc) -> tuple[tuple[int, int | str], ...]:
    """Sort key of a field path (ints and names mixed), so later list items come last."""
    return tuple((0, p) if isinstance(p, int) else (1, p) for p in loc)


def document(data: Mapping[str, Any], name: str = "<scenario>") -> Source:
    """A scenario given as data (the HTTP API): lines are unknown, fields are named."""
    return Source(name, dict(data))


# -- writing and starting ---------------------------------------------------------------
def dump(doc: Mapping[str, Any], fmt: Literal["yaml", "json"] = "yaml") -> str:
    """A document as YAML (keys in the model's order) or JSON text."""
    import yaml

    if fmt == "json":
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    text: str = yaml.safe_dump(dict(doc), sort_keys=False, allow_unicode=True)
    return text


def export(
    game: Game[Any],
    state: Any,
    seat: str | None = None,
    settings: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The current position as a validated scenario document (JSON-ready).

    ``seat=None`` is the full position, every secret included (the hot seat,
    the CLI without ``--as``): a file both sides can resume from. With a seat,
    the game writes only what that seat's view shows (a ToI export leaves out
    the other side's face-down tokens and its supply left by type).
    ``settings`` are the game's (as journaled): a game started from a file
    keeps that file's title, date, theatre, description and sample flag there
    (:data:`SCENARIO_KEY`), and the export writes them back.
    """
    model = game.scenario_model()
    if model is None:
        raise OrdnanceError(msg("{name} does not write scenario files", name=game.name))
    try:
        data = game.to_scenario(state, seat)
    except NotImplementedError as exc:
        raise OrdnanceError(str(exc)) from None
    words = (settings or {}).get(SCENARIO_KEY)
    if isinstance(words, Mapping):
        data = {**data, **{k: v for k, v in words.items() if k in SCENARIO_WORDS}}
    dumped = model.model_validate(data).model_dump(mode="json", exclude_defaults=True)
    dumped = _printed_hexes(game, state, dumped, "")
    head = {"format": FORMAT_NAME, "format_version": FORMAT_VERSION, "game": game.name}
    return head | {k: v for k, v in dumped.items() if k not in head}


#: The keys of a scenario document whose values are hexes (or lists of hexes).
_HEX_KEYS = frozenset({"hex", "between", "fascam", "clusters"})


def _printed_hexes(game: Game[Any], state: Any, value: Any, key: str) -> Any:
    """``value`` with each hex of a hex field written as the map prints it (``0305``, ``C5``).

    A hex the map does not number (off the board) keeps its axial id; both read back.
    """
    if isinstance(value, Mapping):
        return {k: _printed_hexes(game, state, v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_printed_hexes(game, state, v, key) for v in value]
    if key in _HEX_KEYS and isinstance(value, str) and _AXIAL_ID.match(value):
        h = parse_hex(value)
        label = game.hex_label(state, h)
        try:
            return label if game.read_hex(state, label) == h else value
        except OrdnanceError:
            return value
    return value


#: The settings key that carries a position (``position`` of a scenario file) into ``new``.
POSITION_KEY = "position"
#: The settings key that keeps a scenario file's own words (:func:`scenario_words`).
SCENARIO_KEY = "scenario"
#: The envelope's fields that describe the scenario rather than set it up.
SCENARIO_WORDS = ("title", "date", "theatre", "description", "sample")


def split_position(settings: Mapping[str, Any]) -> tuple[dict[str, Any], Any]:
    """``settings`` less the position, and the position (None when there is none).

    A game whose ``new`` reads a position calls this first, so the position
    travels with the settings the journal keeps: the state is still derived
    from the journal alone (settings, then the journaled actions).
    """
    base = dict(settings)
    base.pop(SCENARIO_KEY, None)  # the file's words (title, date...): no rule reads them
    return base, base.pop(POSITION_KEY, None)


def play_setup(game: Game[Any], state: Any, actions: Sequence[Mapping[str, Any]]) -> Any:
    """``state`` after set-up actions played as hot seat with no dice (inside ``new``)."""

    for action in actions:
        state = game.apply(state, dict(action), EnteredDice(()), None).state
    return state


def _first_error(exc: ValidationError, unknown: str | None = None) -> tuple[Loc, str]:
    """Where the first error of ``exc`` is and its message (``unknown`` for a key
    the model does not have, when given)."""
    err = exc.errors(include_url=False)[0]
    loc: Loc = tuple(p for p in err["loc"] if isinstance(p, int | str))
    message = str(err["msg"]).removeprefix("Value error, ")
    if unknown is not None and err["type"] == "extra_forbidden":
        message = unknown
    return loc, message


def check_settings(
    model: type[BaseModel],
    settings: Mapping[str, Any],
    where: Callable[[Loc], Loc],
    unknown: str,
) -> None:
    """The settings a game made of a scenario file, validated by its settings model.

    The first problem is a :class:`ScenarioFieldError` at the place of the file
    that set the field: ``where`` maps the field's path in the settings to its
    path in the document; ``unknown`` is the message of a key the model does
    not have (``"not a Tide of Iron setting"``).
    """
    try:
        model.model_validate(dict(settings))
    except ValidationError as exc:
        loc, message = _first_error(exc, unknown)
        raise ScenarioFieldError(where(loc), message) from None


def add_options(settings: dict[str, Any], options: Mapping[str, Any], own: Set[str]) -> None:
    """Put a document's ``rules.options`` into ``settings``; a key in ``own`` (a setting the
    document writes through a field of its own) is refused at its place."""
    for key, value in options.items():
        if key in own:
            raise ScenarioFieldError(
                ("rules", "options", key), f"{key} is set by its own field of the scenario"
            )
        settings[key] = value


def exported_options(settings: BaseModel, own: Set[str]) -> dict[str, Any]:
    """The settings an exported document writes under ``rules.options``: those that differ
    from their defaults, less the ones in ``own`` (written through fields of their own).

    The inverse of :func:`add_options`.
    """
    return {
        k: v
        for k, v in settings.model_dump(mode="json", exclude_defaults=True).items()
        if k not in own
    }


def refuse_hexsides(spec: MapSpec, game: str) -> None:
    """For a game with no hexside features: the first one the map lists is refused there."""
    if spec.hexsides:
        feature = spec.hexsides[0].feature
        raise ScenarioFieldError(
            ("map", "hexsides", 0), f"{game} has no hexside features ({feature})"
        )


def read_position(model: type[BaseModel], data: Any) -> Any:
    """A position validated by its game's model; a problem is an OrdnanceError naming it."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        loc, message = _first_error(exc)
        raise OrdnanceError(
            msg(
                "bad position: {value}: {message}",
                value=field_name(("position", *loc)),
                message=message,
            )
        ) from None


def start_game(journal: Journal, src: Source, game_id: str | None = None) -> GameSession:
    """Create a game from a scenario and journal its set-up (hot seat, always allowed)."""
    from ordnance.core.journal import GameSession

    game, _doc, start = prepare(src)
    session = GameSession.create(journal, game.name, start.settings, game_id)
    for action in start.actions:
        session.act(action, EnteredDice(()), None)
    return session


def schema(game: Game[Any]) -> dict[str, Any]:
    """The JSON Schema of a game's scenario model, as editors read it."""
    model = game.scenario_model()
    if model is None:
        raise OrdnanceError(msg("{name} does not read scenario files", name=game.name))
    out: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://ordnance.invalid/schemas/{game.name}.schema.json",
    }
    out.update(model.model_json_schema())
    out["x-format-version"] = FORMAT_VERSION
    return out


def schema_text(game: Game[Any]) -> str:
    """:func:`schema` as the text shipped under ``docs/schemas/`` (stable key order)."""
    return json.dumps(schema(game), indent=2, ensure_ascii=False) + "\n"


def examples() -> dict[str, Any]:
    """The sample scenarios shipped in the package: ``{"toi/village": Traversable}``."""

    root = resources.files("ordnance.scenarios")
    found: dict[str, Any] = {}
    for folder in sorted(root.iterdir(), key=lambda p: p.name):
        if folder.is_dir() and not folder.name.startswith("_"):
            for item in sorted(folder.iterdir(), key=lambda p: p.name):
                if item.name.endswith((".yaml", ".yml", ".json")):
                    found[f"{folder.name}/{item.name.rsplit('.', 1)[0]}"] = item
    return found


def open_source(name: str) -> Source:
    """A scenario file by path, or a shipped example by name (``toi/village-sample``)."""
    if Path(name).exists():
        return read_file(name)
    shipped = examples()
    if name in shipped:
        return parse_text(shipped[name].read_text("utf-8"), name)
    raise OrdnanceError(
        msg("no scenario file {name!r}", name=name),
        hint="give a path, or one of the examples: " + ", ".join(shipped),
    )
