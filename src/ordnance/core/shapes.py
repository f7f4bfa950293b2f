"""The shapes of what crosses the boundary between a game and the faces.

A face (the CLI, the HTTP API, the page) knows a game only through the
:class:`~ordnance.core.game.Game` protocol and the journal's
:class:`~ordnance.core.journal.GameSession`; everything they hand it is
JSON-ready data. This module names that data as ``TypedDict`` s, so the
runtime values stay plain dicts and the JSON is unchanged, while mypy checks
every face that reads them and every game that builds them.

Two kinds of shape:

* **Closed** (the core knows every key): :class:`ActionForm` (one entry of
  ``legal``), :class:`TurnView` (``view["turn"]``), :class:`Panel`,
  :class:`Board`, :class:`EntryView` (a journal line as a seat sees it).
* **Open** (a game adds keys of its own beside the conventional ones): a
  game's view (:data:`GameView`), an odds answer (:data:`OddsAnswer`), a LOS
  answer (:data:`LosAnswer`) and an event as a seat sees it
  (:data:`EventView`). mypy cannot yet say "these keys, and any others"
  (PEP 728's ``extra_items`` is not supported by the mypy we run), so each is
  a JSON object under its own name, and its conventional keys are spelt out
  by a ``*Parts`` TypedDict (:class:`ViewParts`, :class:`OddsParts`,
  :class:`LosParts`, :class:`EventParts`). ``tests/core/test_shapes.py``
  checks every registered game's answers against these shapes, so a face may
  rely on the conventional keys of any game.

The conventions themselves are described in ``docs/architecture.md``
("Conventions"); :mod:`ordnance.core.forms` builds most of them.
"""

# No ``from __future__ import annotations``: on Python 3.11 a TypedDict reads
# ``NotRequired`` only from evaluated annotations (``__required_keys__``).
from typing import Any, NotRequired, TypedDict

__all__ = [
    "ActionForm",
    "Board",
    "BoardHex",
    "EntryView",
    "EventParts",
    "EventView",
    "GameView",
    "HexsideRun",
    "JsonObject",
    "JsonSchema",
    "LosAnswer",
    "LosParts",
    "OddsAnswer",
    "OddsParts",
    "Panel",
    "Terrain",
    "TurnView",
    "ViewParts",
]

#: A JSON object whose keys the core does not fix (a game's own record).
JsonObject = dict[str, Any]
#: A JSON Schema (2020-12) document, with the ``x-`` keys of :mod:`ordnance.core.forms`.
JsonSchema = dict[str, Any]

#: Everything ``seat`` may see of a state (``Game.view``): the game's own keys
#: and, where the game has them, the conventional ones of :class:`ViewParts`.
GameView = JsonObject
#: ``Game.odds``: the conventional keys of :class:`OddsParts` and the game's own.
OddsAnswer = JsonObject
#: ``Game.los``: the keys of :class:`LosParts` and the game's own judgement.
LosAnswer = JsonObject
#: An event as a seat sees it (``Event.for_seat``): :class:`EventParts` and the
#: event's data (or public data) merged in at the top level.
EventView = JsonObject


class ActionForm(TypedDict):
    """One entry of ``Game.legal``: an action type the seat may take now."""

    type: str
    #: The action's name in words (translated by the faces).
    title: str
    #: The action's JSON Schema, with choices, hex, piece and dice marks.
    schema: JsonSchema


class TurnView(TypedDict):
    """``view["turn"]``: whose move it is (:meth:`ordnance.core.turns.Turn.to_view`)."""

    phase: str
    step: str | None
    active: list[str]
    waiting_for: list[str]
    clause: str
    #: The English sentence; ``template`` and ``args`` let a face translate it.
    text: str
    template: str
    args: dict[str, Any]


class Panel(TypedDict):
    """One of ``view["panels"]``: a small table the page shows as it is (every cell text)."""

    title: str
    columns: list[str]
    rows: list[list[str]]
    note: NotRequired[str]


class BoardHex(TypedDict):
    """A hex of ``view["board"]``: its ``"q,r"`` id, printed label and terrain."""

    hex: str
    label: str
    terrain: str
    elevation: NotRequired[int]


class Terrain(TypedDict):
    """One line of the board's legend."""

    name: str
    label: str


class Board(TypedDict):
    """``view["board"]``: the whole map the page draws (:func:`ordnance.core.forms.board`)."""

    title: str
    numbering: str
    hexes: list[BoardHex]
    terrains: list[Terrain]


class ViewParts(TypedDict, total=False):
    """The conventional keys of a :data:`GameView` (each optional)."""

    turn: TurnView
    panels: list[Panel]
    board: Board
    #: The pieces and markers on the map (their shape is the game's).
    map: JsonObject


class OddsParts(TypedDict):
    """The conventional keys of an :data:`OddsAnswer`: a title and exact ``"p/q"`` weights."""

    title: str
    #: Outcome (as text) -> its exact probability ``"p/q"``.
    distribution: dict[str, str]


class HexsideRun(TypedDict):
    """A stretch of a line running along a hexside: both hexes are on the line."""

    hexside: str
    left: str
    right: str


class LosParts(TypedDict):
    """The keys every LOS answer has (:func:`ordnance.core.game.hex_line_answer`)."""

    hexes: list[str]
    along_hexsides: list[HexsideRun]
    distance: int
    #: ``None``: the game does not judge LOS; otherwise whether it is blocked.
    blocked: bool | None
    text: str
    #: English sentences, with the clause ids of the rules applied.
    explanation: list[str]
    note: NotRequired[str]


class EventParts(TypedDict):
    """The keys every event has as a seat sees it; ``template``/``args`` on request."""

    kind: str
    text: str
    template: NotRequired[str | None]
    args: NotRequired[dict[str, Any]]


class EntryView(TypedDict):
    """A journal entry as ``seat`` may see it (:meth:`JournalEntry.for_seat`).

    ``dice`` is ``None`` when an event of the entry is secret from the seat
    (the dice could tell the secret). The raw action is never included.
    """

    seq: int
    #: ``"action"`` or ``"undo"``.
    kind: str
    seat: str | None
    undone: bool
    dice: list[int] | None
    events: list[EventView]
