"""The shapes of the table server's answers (what :class:`~.service.TableService` returns).

TypedDicts, so the JSON the routes send is the same plain dict as before
while mypy checks the service that builds them and the routes that read
them. What comes from the game inside them has the shapes of
:mod:`ordnance.core.shapes`; the dice chain and record keep the shapes of
:mod:`ordnance.server.dice_table`.
"""

# No ``from __future__ import annotations``: on Python 3.11 a TypedDict reads
# ``NotRequired`` only from evaluated annotations (``__required_keys__``).
from typing import Any, NotRequired, TypedDict

from ordnance.core.shapes import ActionForm, EntryView, GameView, OddsAnswer, TurnView

__all__ = [
    "ActAnswer",
    "CommitmentView",
    "DiceState",
    "DroppedAction",
    "LogAnswer",
    "LogEntry",
    "MessageView",
    "OddsReply",
    "OpenedRequest",
    "RequestAnswer",
    "RequestState",
    "Reveal",
    "TableEntry",
    "TableView",
    "UndoState",
]


class Reveal(TypedDict):
    """A server roll's commitment as one seat may check it (secrets only if all is public)."""

    hash: str
    seed: str | None
    sides: list[int] | None


class TableEntry(EntryView):
    """A journal line at the table: the seat's entry and where its dice came from."""

    dice_origin: str


class LogEntry(TableEntry):
    """A line of the log: with the commitment that made a server roll (else ``None``)."""

    commitment: Reveal | None
    #: A server roll drawn without some seats' elements: who, and what that allows
    #: ("rolled without the element of Soviets: the operator and Americans together
    #: could have foreseen it", each seat by its side's name); None otherwise.
    dice_note: str | None
    #: The entry's seat by its side's name in the answer's language (None: no seat).
    seat_name: NotRequired[str | None]


class MessageView(TypedDict):
    """A text as a message a face words in its language (:func:`ordnance.core.messages.render_message`)."""

    template: str
    args: dict[str, Any]


class RequestState(TypedDict):
    """The pending consent request as ``seat`` sees it."""

    request: int
    kind: str
    text: str
    # what a face needs to word ``text`` in its language (undo: the entry's events)
    message: MessageView | None
    requested_by: str
    ask_of: str | None
    mine: bool
    may_answer: bool
    at_version: int


class OpenedRequest(TypedDict):
    """A consent request just opened."""

    request: int
    kind: str
    status: str
    at_version: int
    text: str


class UndoState(TypedDict):
    possible: bool
    pending: RequestState | None


class CommitmentView(TypedDict):
    """The hash of the server seed committed for the next roll."""

    version: int
    hash: str


class DiceState(TypedDict):
    scheme: str
    mode: str
    #: The seat's own chain (:func:`ordnance.server.dice_table.chain_state`).
    chain: dict[str, Any]
    #: ``wait`` or ``go_ahead`` (after ``wait_seconds``)
    wait: str
    wait_seconds: int
    #: The action waiting for the seats' elements (:meth:`Pending.public`), else None.
    pending: dict[str, Any] | None


class TableView(TypedDict):
    """``GET /view``: the game's view for the seat and everything the page needs around it."""

    game_id: str
    game: str
    title: str
    version: int
    seat: str
    seats: list[str]
    #: each seat's name in the asked language (``?lang=ru`` only; the ids stay in ``seats``)
    seat_names: NotRequired[dict[str, str]]
    view: GameView
    legal: list[ActionForm]
    commitment: CommitmentView
    turn: TurnView
    dice: DiceState
    undo: UndoState
    pending_request: RequestState | None
    #: What happened to the seats (claims, reissue requests and reissues, recoveries),
    #: the newest :data:`ordnance.server.seats.VIEW_EVENTS`, the same for every seat.
    seat_events: list[dict[str, Any]]
    #: Open requests for a new invitation to a held seat (every seat sees them).
    reissues: list[dict[str, Any]]


class LogAnswer(TypedDict):
    """``GET /log``: the entries after ``since`` as the seat sees them."""

    game_id: str
    version: int
    entries: list[LogEntry]
    #: The seat events that happened at this page's entries (``at_entry`` in the
    #: page's range; the first page also those at entry 0): kind ``"seat"``, shown
    #: after the entry ``at_entry``, the same for every seat.
    seat_events: list[dict[str, Any]]
    #: Older entries that an undo after ``since`` cancelled.
    undone_before: list[int]
    pending_request: RequestState | None
    #: The page's bounds: ``limit`` asked (at most ``MAX_PAGE``), the cursor of
    #: the entries before this page (``before``: pass it as ``before=``; None at
    #: the first entry) and after it (``next_since``: pass it as ``since=``; None at
    #: the end).
    limit: int
    before: int | None
    next_since: int | None


class SinceAnswer(TypedDict):
    """``GET|POST /since``: what a seat's page needs after a change, in one answer."""

    #: The seat's view (as ``GET /view``).
    view: TableView
    #: The journal entries after the version the page holds (as ``GET /log?since=``),
    #: the journal's tail when it holds none; None when it is up to date.
    log: LogAnswer | None
    #: The dice record of the entries after the last version whose rolls the page
    #: checked (as ``GET /dice?since=``); None when nothing is new.
    dice: dict[str, Any] | None
    #: The reveal sent with the request, as ``POST /dice/reveal`` answers it.
    reveal: dict[str, Any] | None


class DroppedAction(TypedDict):
    """An action that waited for its dice and will never roll (``POST /actions?wait_dice=1``)."""

    #: the version it waited at
    version: int
    #: ``"undo"``: an undo accepted meanwhile dropped it; ``"refused"``: its rules refused
    #: it when its dice were drawn
    reason: str
    text: str


class ActAnswer(TypedDict):
    """``POST /actions``: the new entry, or the consent request opened instead."""

    version: int
    entry: NotRequired[TableEntry]
    pending: NotRequired[OpenedRequest]
    #: 202: the action rolls, and waits for the other seats' elements (:meth:`Pending.public`).
    rolling: NotRequired[dict[str, Any]]
    #: 200 after ``wait_dice``: the waiting action was dropped, never rolled.
    dropped: NotRequired[DroppedAction]
    #: With ``since`` in the request: what the acting page needs next (:class:`SinceAnswer`).
    next: NotRequired[SinceAnswer]


class OddsReply(TypedDict):
    """``POST /odds``: the game's exact odds of the action, ``None`` when it rolls no dice."""

    odds: OddsAnswer | None


class RequestAnswer(TypedDict):
    """The answer to a consent request; ``version``/``entry`` when it was applied."""

    request: int
    kind: str
    status: str
    version: NotRequired[int]
    entry: NotRequired[EntryView]
    #: an accepted undo that dropped an action waiting for its dice says so
    dice_note: NotRequired[str]
