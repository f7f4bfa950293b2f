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
  game's view (:class:`GameView`), an odds answer (:class:`OddsAnswer`), a LOS
  answer (:class:`LosAnswer`) and an event as a seat sees it
  (:class:`EventView`). Each names only the conventional keys; a game
  declares its own closed TypedDict that extends it (``ToIView(BoardView)``
  adds ``tokens``, ``units``...) and its ``Game`` methods return that, so mypy
  checks that every game builds the conventional keys right, while a face,
  which holds a ``Game[Any]``, can read only the conventional keys. (PEP 728's
  ``extra_items`` would say "and any other keys" directly; the mypy we run
  does not support it.) The conventional keys are :data:`ReadOnly` (PEP
  705), which lets a game narrow them: a ToI view's ``map`` is a ``ToIMap``
  where a face sees a ``Mapping``.

``tests/core/test_shapes.py`` checks every registered game's answers against
these shapes and against each game's own TypedDicts (read from the return
annotations of its ``Game`` methods), so a face may rely on them for any game.

The conventions themselves are described in ``docs/architecture.md``
("Conventions"); :mod:`ordnance.core.forms` builds most of them.
"""

# No ``from __future__ import annotations``: on Python 3.11 a TypedDict reads
# ``NotRequired`` only from evaluated annotations (``__required_keys__``).
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from types import UnionType
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    Literal,
    NotRequired,
    TypedDict,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

if TYPE_CHECKING:
    from typing_extensions import ReadOnly
elif sys.version_info >= (3, 13):
    from typing import ReadOnly
else:

    class ReadOnly:
        """PEP 705's ``ReadOnly`` for mypy; at run time on 3.11 the bare type.

        The stdlib TypedDict of 3.11 does not know the qualifier (it would take
        ``ReadOnly[NotRequired[X]]`` for a required key), and ``typing_extensions``
        would cost every command's start an import, so the run time sees ``X``.
        """

        def __class_getitem__(cls, item: Any) -> Any:
            return item


__all__ = [
    "ActionForm",
    "Board",
    "BoardHex",
    "BoardView",
    "Cluster",
    "EntryView",
    "EventView",
    "Figure",
    "GameView",
    "HexLine",
    "HexStep",
    "HexsideRun",
    "JsonObject",
    "JsonSchema",
    "LosAnswer",
    "MapLayers",
    "MapMarker",
    "MapView",
    "MarkerShape",
    "OddsAnswer",
    "Panel",
    "ReadOnly",
    "SessionView",
    "Terrain",
    "TurnView",
    "VertexPass",
    "figure_titles",
]

#: A JSON object whose keys the core does not fix (a game's own record).
JsonObject = dict[str, Any]
#: A JSON Schema (2020-12) document, with the ``x-`` keys of :mod:`ordnance.core.forms`.
JsonSchema = dict[str, Any]
#: ``view["map"]`` as a face sees it: the pieces and markers the page draws
#: (``units``, ``markers``, ``arrows``, ``clusters``); each game names its own,
#: extending :class:`MapLayers`.
MapView = Mapping[str, Any]


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
    #: The message's arguments as data (seat, unit and hex ids), for programs.
    args: dict[str, Any]
    #: The same arguments as ``text`` shows them (counters by name, printed hexes),
    #: which a face renders in its language; absent when they are ``args``.
    shown_args: NotRequired[dict[str, Any]]


#: The glyph a map marker is drawn as.
MarkerShape = Literal["circle", "triangle", "square"]


class MapMarker(TypedDict):
    """A marker of ``view["map"]["markers"]`` as the page draws it (:func:`ordnance.core.forms.marker`).

    ``kind`` is the game's own name (a CSS class), ``label`` the tooltip,
    ``shape`` and ``short`` the glyph, ``kind_name`` and ``kind_short`` (default
    ``short``) the legend's entry: the page names no game's markers.
    """

    hex: str
    kind: str
    label: str
    shape: MarkerShape
    short: str
    kind_name: str
    kind_short: NotRequired[str]


class Cluster(TypedDict):
    """Hexes the page outlines as one area (a Canister shot's Locations, a smoke area)."""

    hexes: list[str]
    kind: str
    #: The legend's name of the area (English; the page translates it).
    kind_name: str


class MapLayers(TypedDict):
    """What every game's ``view["map"]`` draws over the board the same way; a game adds
    its ``hexes``, ``units`` and ``arrows``."""

    markers: list[MapMarker]
    clusters: list[Cluster]


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


class GameView(TypedDict):
    """``Game.view``: the conventional keys every face may read; a game extends it.

    Everything else in a view is the game's own (its TypedDict, e.g.
    :class:`ordnance.toi.shapes.ToIView`, names it) and a face passes it on as
    it is (the page's raw view, ``--json``).
    """

    turn: ReadOnly[TurnView]
    panels: ReadOnly[NotRequired[list[Panel]]]
    board: ReadOnly[NotRequired[Board]]
    #: The pieces and markers on the map (their shape is the game's).
    map: ReadOnly[NotRequired[MapView]]


class BoardView(GameView):
    """A game view that always draws its board, its panels and whose turn it is.

    The three games' views extend this rather than :class:`GameView`: each of
    them builds the turn, the board (:func:`ordnance.core.forms.board`) and the
    panels on every view.
    """

    turn: TurnView
    board: Board
    panels: list[Panel]


class SessionView(GameView):
    """:meth:`ordnance.core.journal.GameSession.view`: the game's view and where it stands."""

    game_id: str
    version: int


@dataclass(frozen=True)
class Figure:
    """What a figure of an odds answer is called, declared on its key.

    A game's odds TypedDict annotates each key it adds:
    ``attack_dice: Annotated[int, Figure("Attack dice")]``; a face shows the
    title (translated: the title is a catalogue msgid) instead of the key, and
    draws a ``headline`` figure (a ``"p/q"`` chance, or a mapping of them) first,
    so no face knows any game's keys (:func:`figure_titles`).
    """

    title: str
    headline: bool = False


def _figure(hint: Any) -> Figure | None:
    if get_origin(hint) is Annotated:
        for meta in hint.__metadata__:
            if isinstance(meta, Figure):
                return meta
    for arg in get_args(hint):
        found = _figure(arg)
        if found is not None:
            return found
    return None


def figure_titles(shape: Any) -> dict[str, Figure]:
    """Key -> :class:`Figure` of every annotated key of ``shape``.

    ``shape`` is a TypedDict or a union of them (``None`` and other members
    skipped); a key two members annotate keeps the first member's figure.
    """
    if get_origin(shape) in (UnionType, Union):
        out: dict[str, Figure] = {}
        for member in get_args(shape):
            for key, fig in figure_titles(member).items():
                out.setdefault(key, fig)
        return out
    if not (isinstance(shape, type) and issubclass(shape, dict)):
        return {}
    hints = get_type_hints(shape, include_extras=True)
    return {k: f for k, h in hints.items() if (f := _figure(h)) is not None}


class OddsAnswer(TypedDict):
    """``Game.odds``: a title and exact ``"p/q"`` weights; a game adds its own figures.

    The figures a game adds carry their titles as :class:`Figure` metadata; the
    table server adds ``labels`` and ``headline`` from them (the game never does).
    """

    title: ReadOnly[str]
    #: Outcome (as text) -> its exact probability ``"p/q"``.
    distribution: ReadOnly[dict[str, str]]
    #: Added by a face: each other key present -> its title in the reader's language.
    labels: NotRequired[dict[str, str]]
    #: Added by a face: the keys to draw first, in their declared order.
    headline: NotRequired[list[str]]


class HexStep(TypedDict):
    """One step of a hex line: a hex entered, a hexside run along or a vertex passed."""

    kind: str
    id: str


class HexsideRun(TypedDict):
    """A stretch of a line running along a hexside: both hexes are on the line."""

    hexside: str
    left: str
    right: str


class VertexPass(TypedDict):
    """A vertex the line passes through, and the hex it only touches there (if any)."""

    vertex: str
    touched: str | None
    side: str | None


#: The exact hex line (:meth:`ordnance.core.hexes.los.Line.to_dict`); ``from`` is
#: a Python keyword, hence the functional form.
HexLine = TypedDict(
    "HexLine",
    {
        "from": str,
        "to": str,
        "hexes": list[str],
        "steps": list[HexStep],
        "along_hexsides": list[HexsideRun],
        "through_vertices": list[VertexPass],
        "touched_hexes": list[str],
    },
)


class LosAnswer(HexLine):
    """``Game.los``: the line and its verdict (:func:`ordnance.core.game.hex_line_answer`).

    A game that judges LOS extends it with its reasons (what blocks, the
    hindrances, each firer's shot) and may narrow ``blocked`` to ``bool``.
    """

    distance: int
    #: ``None``: the game does not judge LOS; otherwise whether it is blocked.
    blocked: ReadOnly[bool | None]
    text: str
    #: English sentences, with the clause ids of the rules applied.
    explanation: list[str]
    note: NotRequired[str]


class EventView(TypedDict):
    """An event as a seat sees it (:meth:`ordnance.core.events.Event.for_seat`).

    The event's data (or public data) is merged in at the top level: its keys
    are the event kind's own. ``template``/``args`` are there on request.
    """

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
