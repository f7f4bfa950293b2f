"""The protocol every game module implements, and the event value it emits.

A game is a set of pure functions over immutable states:

* ``new(settings) -> state``
* ``apply(state, action, dice, seat) -> Outcome(state, events)``
* ``view(state, seat) -> dict``: the observer. It is the only way anything
  leaves a state toward a seat, so a secret never reaches the wrong player.
* ``legal(state, seat) -> list[dict]``: what that seat may do now.
* ``los(state, origin, target, seat) -> dict``: line of sight between two
  hexes as that seat may know it (the exact hex line by default; a game adds
  its own blocking terrain, smoke and hindrances).

Actions are JSON-ready mappings with a ``"type"`` key (each game validates them
with its own Pydantic models), so the journal can store them as they are and
every face (CLI, HTTP, page) can build them.

Like python-chess variants, a game subclasses :class:`Game` and registers an
instance in :mod:`ordnance.core.registry`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from ordnance.core.dice import DiceSource
from ordnance.core.hexes import Hex, line

S = TypeVar("S")

#: The seat used by local, hot-seat play (the CLI without ``--as``): it may
#: act for every side but *sees* only the public view.
ANY_SEAT: str | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as the rules procedure reports it.

    ``data`` is the full record. When ``secret_for`` is set, only those seats
    see ``data``; every other seat sees ``public`` instead (which must not
    reveal the secret). ``text`` is a one-line English summary for logs, with
    the same split (``public_text`` for the others).
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""
    secret_for: frozenset[str] | None = None
    public: Mapping[str, Any] | None = None
    public_text: str | None = None

    def visible_to(self, seat: str | None) -> bool:
        return self.secret_for is None or (seat is not None and seat in self.secret_for)

    def for_seat(self, seat: str | None) -> dict[str, Any]:
        """What ``seat`` may see of this event (``None`` = a spectator)."""
        if self.visible_to(seat):
            return {"kind": self.kind, "text": self.text, **dict(self.data)}
        return {
            "kind": self.kind,
            "text": self.public_text or "",
            **dict(self.public or {}),
        }

    def to_record(self) -> dict[str, Any]:
        """Full form for the journal (server side only)."""
        return {
            "kind": self.kind,
            "data": dict(self.data),
            "text": self.text,
            "secret_for": sorted(self.secret_for) if self.secret_for is not None else None,
            "public": dict(self.public) if self.public is not None else None,
            "public_text": self.public_text,
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Event:
        secret = record.get("secret_for")
        return cls(
            kind=record["kind"],
            data=record.get("data") or {},
            text=record.get("text", ""),
            secret_for=frozenset(secret) if secret is not None else None,
            public=record.get("public"),
            public_text=record.get("public_text"),
        )


@dataclass(frozen=True, slots=True)
class Outcome(Generic[S]):
    """What ``apply`` returns: the new state and what happened."""

    state: S
    events: tuple[Event, ...] = ()


class Game(ABC, Generic[S]):
    """Base class of a game module (ASL, Tide of Iron, World at War...)."""

    #: Registry key and CLI sub-command, e.g. ``"asl"``.
    name: ClassVar[str]
    #: Human title.
    title: ClassVar[str]
    #: Bumped when a change to the rules would replay old journals differently.
    rules_version: ClassVar[int] = 1

    @abstractmethod
    def new(self, settings: Mapping[str, Any]) -> S:
        """A fresh state; refuses bad settings with an OrdnanceError."""

    @abstractmethod
    def seats(self, state: S) -> Sequence[str]:
        """The sides that play this game (e.g. ``("german", "soviet")``)."""

    @abstractmethod
    def apply(
        self, state: S, action: Mapping[str, Any], dice: DiceSource, seat: str | None = ANY_SEAT
    ) -> Outcome[S]:
        """Run one action. Pure: the same inputs always give the same outcome.

        ``seat`` is who acts; ``None`` means local play that may act for any
        side. A refused action raises :class:`~ordnance.core.errors.OrdnanceError`
        and changes nothing.
        """

    @abstractmethod
    def view(self, state: S, seat: str | None) -> dict[str, Any]:
        """The observer: everything ``seat`` may see, as JSON-ready data."""

    def legal(self, state: S, seat: str | None) -> list[dict[str, Any]]:
        """The action types ``seat`` may take now (for menus and the page)."""
        return []

    def odds(
        self, state: S, action: Mapping[str, Any], seat: str | None = ANY_SEAT
    ) -> dict[str, Any] | None:
        """Exact outcome distribution of ``action`` before it is rolled.

        Returns JSON-ready data (``{"title": ..., "distribution": {outcome: "p/q"}}``)
        or ``None`` when the action involves no dice. Must not reveal anything
        ``seat`` may not see. The table's live odds panel calls this.
        """
        return None

    def los(
        self, state: S, origin: Hex, target: Hex, seat: str | None = ANY_SEAT
    ) -> dict[str, Any]:
        """Line of sight from ``origin`` to ``target`` as ``seat`` may know it.

        The default answers with geometry only: the exact hex line
        (:func:`hex_line_answer`) with ``"blocked": None``, meaning "this game
        does not judge it". A game overrides it to add its own judgement
        (blocking terrain, smoke, hindrances), keeping the keys of the default
        and setting ``blocked`` to ``True``/``False``, ``text`` to a one-line
        summary and ``explanation`` to its reasons with the clause ids.
        Like :meth:`view`, it must not reveal anything ``seat`` may not see:
        judge only from what that seat's view shows. The table's LOS tool
        calls it; a hex the game cannot place is refused with an OrdnanceError.
        """
        answer = hex_line_answer(origin, target)
        answer["note"] = "geometry only: this game has no LOS rule query"
        answer["text"] = "geometry only: " + answer["text"]
        answer["explanation"].append(
            f"{self.title} judges no blocking terrain or hindrance here: this is the hex line only."
        )
        return answer

    def settings_schema(self) -> dict[str, Any]:
        """JSON schema of ``new``'s settings (used by the page and the API)."""
        return {}


def hex_line_answer(origin: Hex, target: Hex) -> dict[str, Any]:
    """The geometric part of every :meth:`Game.los` answer, JSON-ready.

    ``ordnance.core.hexes.line(origin, target).to_dict()`` plus ``distance``,
    ``blocked`` (``None``: not judged), ``text`` and ``explanation`` (English
    sentences: the hexes entered, each hexside the line runs along, with both
    of its hexes, and each hex touched only at a vertex). Games extend it.

    >>> a = hex_line_answer(Hex(0, 0), Hex(2, -1))
    >>> a["hexes"], a["blocked"]
    (['0,0', '1,-1', '1,0', '2,-1'], None)
    >>> a["explanation"][1]
    'It runs along the hexside 1,-1|1,0: both 1,-1 and 1,0 are on the line.'
    """
    ln = line(origin, target)
    answer = ln.to_dict()
    hexes = ", ".join(str(h) for h in ln.hexes)
    why = [
        f"The line {origin} -> {target} (range {origin.distance(target)}) "
        f"enters {len(ln.hexes)} hexes: {hexes}."
    ]
    why += [
        f"It runs along the hexside {r.hexside}: both {r.left} and {r.right} are on the line."
        for r in ln.runs
    ]
    why += [
        f"It touches {p.touched} only at the vertex {p.vertex} (its interior is not crossed)."
        for p in ln.vertex_passes
        if p.touched is not None
    ]
    answer.update(
        distance=origin.distance(target),
        blocked=None,
        text=f"{len(ln.hexes)} hexes, range {origin.distance(target)}",
        explanation=why,
    )
    return answer
