"""A VASL save into an ASL game: the sides by nationality, one ``add_gun`` per Gun with special ammunition.

The save is turned into the game's own actions (``add_gun``, as ``ordnance asl
game add-gun`` makes them), so the journal stays the truth: the plan is
played in memory first (:func:`check_plan`: the sequence of play and the
rules of every action), and only a plan that passes is written, through
:class:`~ordnance.core.journal.GameSession`. A refused plan writes nothing.

* **sides**: a new game gets one side per nationality of the save's known
  vehicles and ordnance (in the order the save adds them; exactly two, as
  an ASL scenario has), or the sides given; an existing game keeps its own,
  and each Gun goes to the side of its nationality;
* **date**: the one given, else the one the save states (a vasl-templates
  scenario label), else refused; an existing game keeps its own;
* **hexes**: a Gun on a geomorphic board of the save is placed at its printed
  hex on the game's board (the board the most Guns are on, for a new game:
  the ``board`` setting takes its number and orientation); a Gun anywhere
  else is added unplaced, and the reason is listed;
* **unknown pieces** refuse the import (listed, nothing written) unless
  ``skip_unknown`` is given: then they are listed and the rest imported.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Required, TypedDict, Unpack

from ordnance.asl.plugin import GAME
from ordnance.asl.rules.board import BoardGeometry
from ordnance.asl.rules.dates import ScenarioDate
from ordnance.asl.vasl.pieces import SaveReading, VaslPiece, database_counter
from ordnance.asl.vasl.reader import VaslFileError
from ordnance.core.dice import EnteredDice
from ordnance.core.errors import OrdnanceError, UnknownName
from ordnance.core.journal import GameSession
from ordnance.core.messages import msg
from ordnance.core.turns import check_turn

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.asl.state import AslState
    from ordnance.core.game import Game
    from ordnance.core.journal import GameSession, Journal

__all__ = [
    "ImportPlan",
    "LobbyImport",
    "LobbyScenario",
    "check_plan",
    "import_save",
    "lobby_scenario",
    "plan_import",
    "scenario_document",
    "unknown_line",
]


@dataclass(frozen=True, slots=True)
class ImportPlan:
    """What an import writes: a new game's settings (None: an existing game) and the Guns."""

    settings: dict[str, Any] | None
    actions: tuple[dict[str, Any], ...]
    unplaced: tuple[tuple[str, str], ...]  # (gun id, why)
    skipped: tuple[VaslPiece, ...]  # unknown pieces left out (skip_unknown)

    def to_dict(self) -> dict[str, Any]:
        return {
            "settings": self.settings,
            "guns": [
                {
                    k: a[k]
                    for k in (
                        "id",
                        "side",
                        "name",
                        "notation",
                        "gun_size",
                        "rof",
                        "breakdown",
                        "to_hit",
                        "piece_id",
                        "hex",
                    )
                    if k in a
                }
                for a in self.actions
            ],
            "unplaced": [{"gun": g, "why": why} for g, why in self.unplaced],
            "skipped": [p.to_dict() for p in self.skipped],
        }


def unknown_line(pieces: Sequence[VaslPiece]) -> str:
    """One line naming the unknown pieces (piece id, name and why)."""
    listed = "; ".join(f"{p.gpid or '?'} {p.name or '(unnamed)'}: {p.problem}" for p in pieces)
    return f"{len(pieces)} unknown piece(s): {listed}"


def _refuse_unknown(reading: SaveReading, skip_unknown: bool) -> tuple[VaslPiece, ...]:
    unknown = reading.unknown
    if unknown and not skip_unknown:
        raise VaslFileError(
            unknown_line(unknown), hint="import the others with --skip-unknown (nothing written)"
        )
    return unknown


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:32] or "gun"


def _ids(guns: Iterable[VaslPiece], taken: set[str]) -> list[str]:
    out: list[str] = []
    counts: Counter[str] = Counter()
    for gun in guns:
        base = _slug(gun.name)
        while True:
            counts[base] += 1
            candidate = f"{base}-{counts[base]}"
            if candidate not in taken:
                break
        taken.add(candidate)
        out.append(candidate)
    return out


def _board_for(guns: Sequence[VaslPiece], boards: Sequence[str]) -> dict[str, Any] | None:
    """The ``board`` setting of a new game: the board most Guns are on (or the only one)."""
    placed = Counter((g.placement.board, g.placement.reversed) for g in guns if g.placement.label)
    if placed:
        (number, rev), _n = placed.most_common(1)[0]
        return {"number": number, "orientation": "rotated" if rev else "normal"}
    if len(boards) == 1 and boards[0].lstrip("r").isdigit():
        name = boards[0]
        rev = name.startswith("r")
        return {
            "number": name.lstrip("r").lstrip("0") or "0",
            "orientation": "rotated" if rev else "normal",
        }
    return None


def _hex(gun: VaslPiece, geometry: BoardGeometry) -> tuple[str | None, str | None]:
    """(axial hex, None) on the game's board, or (None, why the Gun is unplaced)."""
    p = gun.placement
    if p.label is None or p.hex is None:
        return None, p.why_not or "not on a board"
    if p.board != geometry.number:
        return None, f"on board {p.board} ({p.label}); the game draws {geometry.title()}"
    try:
        return str(geometry.hex_of(p.hex)), None
    except OrdnanceError:
        return None, f"{p.label} is a half hex at the board's edge: not on the game's board"


def _sides_of(reading: SaveReading) -> list[str]:
    seen: list[str] = []
    for p in reading.known:
        if p.army and p.army not in seen:
            seen.append(p.army)
    return seen


def plan_import(
    reading: SaveReading,
    *,
    state: AslState | None = None,
    date: str | None = None,
    theatre: str = "ETO",
    sides: Sequence[Mapping[str, Any]] | None = None,
    skip_unknown: bool = False,
    library: Any = None,
) -> ImportPlan:
    """The settings (for a new game, ``state`` None) and ``add_gun`` actions of an import.

    ``library`` (the player's counter library) adds the gun size, ROF and B#
    printed on the player's own counters (:func:`~.pieces.database_counter`).
    """
    skipped = _refuse_unknown(reading, skip_unknown)
    guns = list(reading.guns())
    settings: dict[str, Any] | None = None
    if state is None:
        when = date or reading.stated_date
        if when is None:
            raise OrdnanceError(
                msg("the save states no scenario date"),
                clause="ASL-8.2-c",
                hint=msg("give the scenario date: --date YYYY-MM"),
            )
        when_date = ScenarioDate.parse(when)  # a date outside the war is refused (ASL-8.2-d)
        if sides is None:
            armies = _sides_of(reading)
            if len(armies) != 2:
                raise OrdnanceError(
                    msg(
                        "the save's vehicles and ordnance are of {n_armies} nationalities ({value}); an ASL scenario has two sides",
                        n_armies=len(armies),
                        value=", ".join(armies) or "none",
                    ),
                    clause="ASL-8.2-g",
                    hint=msg("name the two sides: --side american --side german"),
                )
            sides = [{"name": a, "nationality": a} for a in armies]
        settings = {"date": when, "theatre": theatre, "sides": [dict(s) for s in sides]}
        board = _board_for(guns, reading.boards)
        geometry = BoardGeometry()
        if board is not None:
            settings["board"] = board
            geometry = BoardGeometry(**board)
        side_of = {str(s.get("nationality", s["name"])).lower(): str(s["name"]) for s in sides}
        taken: set[str] = set()
    else:
        if date is not None and date != str(state.date):
            raise OrdnanceError(
                msg("the game is dated {date}; an import keeps the game's date", date=state.date),
                clause="ASL-8.2-c",
                hint=msg("drop --date"),
            )
        geometry = state.settings.board
        when_date = state.date
        side_of = {str(s.nationality).lower(): s.name for s in state.settings.sides}
        taken = {g.id for g in state.guns}
    homeless = sorted({g.army or str(g.nationality) for g in guns if (g.army or "") not in side_of})
    if homeless:
        raise OrdnanceError(
            msg(
                "no side of this game has the nationality of the save's {value} Guns",
                value=", ".join(homeless),
            ),
            clause="ASL-8.2-g",
            hint="sides: " + ", ".join(f"{v} ({k})" for k, v in side_of.items()),
        )
    actions: list[dict[str, Any]] = []
    unplaced: list[tuple[str, str]] = []
    for gun, gun_id in zip(guns, _ids(guns, taken), strict=True):
        action: dict[str, Any] = {
            "type": "add_gun",
            "id": gun_id,
            "side": side_of[gun.army or ""],
            "name": gun.name,
            "notation": gun.notation,
        }
        view = database_counter(gun.gpid, gun.name, gun.nationality, gun.notation, gun.gun_size)
        action.update(view.printed(library, when_date))
        where, why = _hex(gun, geometry)
        if where is not None:
            action["hex"] = where
        else:
            unplaced.append((gun_id, why or "not on a board"))
        actions.append(action)
    return ImportPlan(settings, tuple(actions), tuple(unplaced), skipped)


@dataclass(frozen=True, slots=True)
class LobbyScenario:
    """A save as the lobby starts it: the scenario document and the Guns it leaves unplaced."""

    document: dict[str, Any]
    unplaced: tuple[dict[str, str], ...]  # {"gun", "name", "why"}


def lobby_scenario(
    reading: SaveReading,
    *,
    name: str,
    date: str | None = None,
    theatre: str = "ETO",
    library: Any = None,
) -> LobbyScenario:
    """An ASL scenario document (``docs/scenarios.md``) of the save's Guns: what the lobby starts.

    The document's ``board`` is the save's board that holds the most Guns (its
    number and orientation), so each Gun on it keeps its printed hex; a Gun
    elsewhere (another board, the map's margin, a cropped board) has no hex and
    is listed in ``unplaced`` with the reason, never put on a default board.
    ``library`` (a :class:`~ordnance.asl.rules.counter_library.CounterLibrary` the
    player uploaded with the save) adds each counter's printed gun size, ROF,
    B# and To Hit marking. The unknown pieces are left out and named in the
    description. The document is checked like any uploaded one.
    """
    plan = plan_import(reading, date=date, theatre=theatre, skip_unknown=True, library=library)
    assert plan.settings is not None
    keys = ("id", "side", "name", "notation", "gun_size", "rof", "breakdown", "to_hit",
            "piece_id", "hex")  # fmt: skip
    units = [{k: action[k] for k in keys if k in action} for action in plan.actions]
    names = {str(a["id"]): str(a.get("name", "")) for a in plan.actions}
    notes = [f"{len(units)} Guns with special ammunition"]
    if plan.unplaced:
        notes.append(f"{len(plan.unplaced)} not placed")
    if plan.skipped:
        notes.append(unknown_line(plan.skipped))
    title = reading.scenario or name
    doc: dict[str, Any] = {
        "format": "ordnance-scenario",
        "format_version": 1,
        "game": "asl",
        "title": f"{title} (VASL save)"[:120],
        "description": f"From the VASL save {name} (VASL {reading.module_version}): "
        + "; ".join(notes)
        + ".",
        "date": plan.settings["date"],
        "theatre": plan.settings["theatre"],
        "sides": [
            {"id": s["name"], "nationality": s["nationality"]} for s in plan.settings["sides"]
        ],
        "units": units,
    }
    if "board" in plan.settings:
        doc["board"] = plan.settings["board"]
    unplaced = tuple({"gun": g, "name": names.get(g, ""), "why": why} for g, why in plan.unplaced)
    return LobbyScenario(doc, unplaced)


class LobbyImport(TypedDict, total=False):
    """The keywords of :func:`lobby_scenario` (its defaults hold where one is left out)."""

    name: Required[str]
    date: str | None
    theatre: str
    library: Any


def scenario_document(reading: SaveReading, **how: Unpack[LobbyImport]) -> dict[str, Any]:
    """The document of :func:`lobby_scenario` alone."""
    return lobby_scenario(reading, **how).document


def check_plan(
    game: Game[AslState], state: AslState, actions: Sequence[Mapping[str, Any]]
) -> AslState:
    """Play ``actions`` in memory (sequence of play, then the rules); the state after them."""
    for action in actions:
        check_turn(game, state, action, None)
        state = game.apply(state, dict(action), EnteredDice(()), None).state
    return state


def import_save(
    journal: Journal,
    reading: SaveReading,
    *,
    game_id: str,
    date: str | None = None,
    theatre: str = "ETO",
    sides: Sequence[Mapping[str, Any]] | None = None,
    skip_unknown: bool = False,
    library: Any = None,
) -> tuple[GameSession, ImportPlan]:
    """Create game ``game_id`` (or add to it, if it exists) from ``reading``; nothing on a refusal."""

    try:
        session: GameSession | None = GameSession(journal, game_id, expect="asl")
    except UnknownName as exc:
        if "no game with id" not in str(exc):
            raise
        session = None
    if session is None:
        plan = plan_import(
            reading,
            date=date,
            theatre=theatre,
            sides=sides,
            skip_unknown=skip_unknown,
            library=library,
        )
        assert plan.settings is not None
        check_plan(GAME, GAME.new(plan.settings), plan.actions)
        session = GameSession.create(journal, "asl", plan.settings, game_id)
    else:
        if sides is not None:
            raise OrdnanceError(
                msg("game {game_id!r} exists: its sides stay as they are", game_id=game_id),
                hint=msg("drop --side"),
            )
        plan = plan_import(
            reading, state=session.state(), date=date, skip_unknown=skip_unknown, library=library
        )
        check_plan(GAME, session.state(), plan.actions)
    for action in plan.actions:
        session.act(action, EnteredDice(()))
    return session, plan
