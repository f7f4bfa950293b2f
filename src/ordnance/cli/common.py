"""What every command shares: ``--json`` output, exact fractions, errors.

Language: tables printed through :func:`emit` have their titles, headers and
outcome words translated by :mod:`ordnance.i18n` when Russian is active;
``--json`` output never changes with the language.

Errors: any :class:`~ordnance.core.errors.OrdnanceError` raised by a command
is printed once by :func:`ordnance.cli.main.main` (to stderr, or as a JSON
object on stdout under ``--json``) and the process exits with status 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.cli.localize import localize_renderable
from ordnance.cli.option_groups import option_group

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console, RenderableType

    from ordnance.cli.tables import Table
    from ordnance.core.hexes import Hex
    from ordnance.core.journal import GameSession
    from ordnance.core.odds.distribution import Distribution

    console: Console
    err_console: Console


@cache
def stdout_console() -> Console:
    """The Rich console of stdout, made on first use (``--json`` and help need none)."""
    from rich.console import Console

    return Console()


@cache
def stderr_console() -> Console:
    """The Rich console of stderr (refusals, progress), made on first use."""
    from rich.console import Console

    return Console(stderr=True)


def __getattr__(name: str) -> Any:
    """``console`` and ``err_console``, the names the commands import, made on first use."""
    if name == "console":
        return stdout_console()
    if name == "err_console":
        return stderr_console()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The ``--json`` option every command takes.
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print one JSON document instead of a table.")
]
#: Dice entered by players: ``--dr 3,2`` or ``--dice "4 4 6"``.
DiceOpt = Annotated[
    str | None,
    typer.Option("--dice", help="Dice rolled at the table, in order (e.g. '3,2'); omit to roll."),
]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", help="Seed for rolled dice (reproducible rolls).")
]
#: ``--version N``: act only on the game as it was seen (a stale version is refused).
VersionOpt = Annotated[
    int | None, typer.Option("--version", help="Refuse unless the game is at this version.")
]
#: ``--as SEAT``: who acts or looks (default: hot seat / the public view).
SeatOpt = Annotated[
    str | None,
    typer.Option("--as", help="Act or look as this seat (side); default: public view."),
]
DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db", envvar="ORDNANCE_DB", help="Journal database: file path or SQLAlchemy URL."
    ),
]
#: ``new --scenario FILE``: start a game from a scenario file.
ScenarioOpt = Annotated[
    str | None,
    typer.Option("--scenario", help="Start from a scenario file (or an example name)."),
]
#: ``new --id ID``: the new game's id.
NewIdOpt = Annotated[str | None, typer.Option("--id", help="Id for the new game.")]


@dataclass(frozen=True)
class NewGame:
    """The options every ``new`` command ends with (``--scenario``, ``--id``, ``--db``,
    ``--json``), and the two ways they start a game."""

    scenario: ScenarioOpt = None
    game_id: NewIdOpt = None
    db: DbOpt = None
    as_json: JsonOpt = False

    def from_scenario(self, game: str | None, settings: str = "{}") -> bool:
        """Whether ``--scenario`` was given; if so the game is created from the file and
        its set-up journalled (``game``: the game the file must be; ``settings``: the
        command's ``--settings``, refused beside a file)."""
        if self.scenario is None:
            return False
        from ordnance.cli.scenario import new_from_scenario

        new_from_scenario(self.scenario, game, settings, self.game_id, self.db, self.as_json)
        return True

    def create(self, game: str, settings: dict[str, Any]) -> GameSession:
        """A new game of ``game`` from its settings, in the journal of ``--db``."""
        from ordnance.core.journal import GameSession, open_journal

        return GameSession.create(open_journal(self.db), game, settings, self.game_id)


#: A ``new`` command takes ``new: NewGame`` in place of its four options.
with_new_game = option_group("new", NewGame)


def to_jsonable(value: Any) -> Any:
    """Fractions become exact ``"p/q"`` strings; distributions their JSON form."""
    # Imported here: ``ordnance.core.odds`` is not needed to print help.
    from ordnance.core.odds.distribution import Distribution, fraction_text

    if isinstance(value, Fraction):
        return fraction_text(value)
    if isinstance(value, Distribution):
        return value.to_json()
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in value]
    if hasattr(value, "model_dump"):
        return to_jsonable(value.model_dump(mode="json"))
    return value


def emit(
    data: Any, as_json: bool, render: Callable[[Any], RenderableType | str] | None = None
) -> None:
    """Print ``data``: JSON under ``--json``, else ``render(data)`` with Rich."""
    if as_json:
        sys.stdout.write(json.dumps(to_jsonable(data), ensure_ascii=False) + "\n")
        return
    if render is None:
        stdout_console().print_json(json.dumps(to_jsonable(data), ensure_ascii=False))
    else:
        stdout_console().print(localize_renderable(render(data)))


def fraction(text: str) -> Fraction:
    """An exact ``"p/q"`` string (as the odds JSON holds them) read back."""
    return Fraction(text)


def plot_to(dist: Any, path: str | None, title: str, xlabel: str) -> str | None:
    """Write ``dist`` as a PNG bar chart to ``path`` (when given); the path written."""
    if path is None:
        return None
    from ordnance.cli.plot import plot_distribution

    return str(plot_distribution(dist, path, title, xlabel))


def open_game(db: str | None, game_id: str) -> GameSession:
    """The game ``game_id`` of the journal ``db`` (imported here: help needs no journal)."""
    from ordnance.core.journal import GameSession, open_journal

    return GameSession(open_journal(db), game_id)


def printed(text: str, label: Callable[[Hex], str] | None = None) -> str:
    """A hex id of the data (``"q,r"``, or a hexside ``"q,r|q,r"``) as a player reads it.

    ``label`` is the game's printed numbering (``Game.hex_label``); the default
    is the column-row number of the ToI and WaW maps (``0305``). The one place
    the command line turns a hex id into words; ``--json`` keeps the ids.
    """
    from ordnance.core.errors import OrdnanceError
    from ordnance.core.forms import numbered_hex
    from ordnance.core.hexes import parse_hex

    show = label or numbered_hex
    try:
        return "|".join(show(parse_hex(part)) for part in text.split("|"))
    except OrdnanceError:
        return text


def distribution_table(
    dist: Distribution[Any], title: str, outcome_header: str = "outcome"
) -> Table:
    """A Rich table of an exact distribution: outcome, fraction, percent, bar."""
    from ordnance.cli.tables import Table
    from ordnance.core.odds.distribution import fraction_text, percent_text

    table = Table(title=title)
    table.add_column(outcome_header, justify="right")
    table.add_column("exact", justify="right")
    table.add_column("%", justify="right")
    table.add_column("", justify="left")
    for outcome in dist.outcomes():
        p = dist[outcome]
        table.add_row(str(outcome), fraction_text(p), percent_text(p), "█" * round(float(p) * 40))
    return table


def wants_json(argv: list[str]) -> bool:
    return "--json" in argv
