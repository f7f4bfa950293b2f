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
* ``turn(state) -> Turn``: the sequence of play: who may act now, who is
  awaited (:mod:`ordnance.core.turns`), with ``any_time_actions``,
  ``step_actions`` and ``needs_consent`` saying which actions skip the owner
  check, which end a step, and which change another seat's pieces.

Actions are JSON-ready mappings with a ``"type"`` key (each game validates them
with its own Pydantic models), so the journal can store them as they are and
every face (CLI, HTTP, page) can build them.

Like python-chess variants, a game subclasses :class:`Game` and registers an
instance in :mod:`ordnance.core.registry`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ordnance.core.dice import DiceSource
from ordnance.core.errors import InvalidDice
from ordnance.core.hexes import Hex, line

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.scenario import ScenarioDoc, ScenarioStart
    from ordnance.core.turns import Turn

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

    Optionally, ``template`` and ``args`` say how ``text`` was written (a
    :class:`Message`), with the same split again (``public_template`` and
    ``public_args``), so a face can print it in another language from its own
    catalogue: see :func:`render_message`. ``text`` stays the English
    rendering; an event without a template is shown as its ``text``.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""
    secret_for: frozenset[str] | None = None
    public: Mapping[str, Any] | None = None
    public_text: str | None = None
    template: str | None = None
    args: Mapping[str, Any] | None = None
    public_template: str | None = None
    public_args: Mapping[str, Any] | None = None

    def visible_to(self, seat: str | None) -> bool:
        return self.secret_for is None or (seat is not None and seat in self.secret_for)

    def for_seat(self, seat: str | None, *, messages: bool = False) -> dict[str, Any]:
        """What ``seat`` may see of this event (``None`` = a spectator).

        With ``messages=True`` the answer also holds the seat's ``template``
        and ``args`` (``None`` when the event has none): what a face needs to
        translate ``text``, taken from the same side of the secret split.
        """
        if self.visible_to(seat):
            out = {"kind": self.kind, "text": self.text, **dict(self.data)}
            template, args = self.template, self.args
        else:
            out = {"kind": self.kind, "text": self.public_text or "", **dict(self.public or {})}
            template, args = self.public_template, self.public_args
        if messages:
            out["template"] = template
            out["args"] = dict(args) if template is not None and args is not None else {}
        return out

    def to_record(self) -> dict[str, Any]:
        """Full form for the journal (server side only)."""
        record: dict[str, Any] = {
            "kind": self.kind,
            "data": dict(self.data),
            "text": self.text,
            "secret_for": sorted(self.secret_for) if self.secret_for is not None else None,
            "public": dict(self.public) if self.public is not None else None,
            "public_text": self.public_text,
        }
        for key in ("template", "args", "public_template", "public_args"):
            value = getattr(self, key)
            if value is not None:  # older records keep their exact shape
                record[key] = dict(value) if isinstance(value, Mapping) else value
        return record

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
            template=record.get("template"),
            args=record.get("args"),
            public_template=record.get("public_template"),
            public_args=record.get("public_args"),
        )

    @classmethod
    def of(
        cls,
        kind: str,
        data: Mapping[str, Any],
        message: Message,
        *,
        secret_for: frozenset[str] | None = None,
        public: Mapping[str, Any] | None = None,
        public_message: Message | None = None,
    ) -> Event:
        """An event whose ``text`` (and ``public_text``) is the English rendering of a message."""
        return cls(
            kind=kind,
            data=data,
            text=render_message(message.template, message.args),
            secret_for=secret_for,
            public=public,
            public_text=render_message(public_message.template, public_message.args)
            if public_message is not None
            else None,
            template=message.template,
            args=message.args,
            public_template=public_message.template if public_message is not None else None,
            public_args=public_message.args if public_message is not None else None,
        )


@dataclass(frozen=True, slots=True)
class Message:
    """A text as a ``str.format`` template with named, JSON-ready arguments.

    An argument is a scalar (printed as it is: ids, hexes, numbers), a nested
    message ``{"template": ..., "args": {...}}`` (a word or phrase a face may
    translate, e.g. a condition ``{"template": "disrupted", "args": {}}``), or a
    list ``{"join": "; ", "items": [...]}`` of such values. :func:`msg`,
    :func:`term` and :func:`joined` build them.
    """

    template: str
    args: Mapping[str, Any] = field(default_factory=dict)


def msg(template: str, **args: Any) -> Message:
    """``Message(template, args)``."""
    return Message(template, args)


def term(template: str, **args: Any) -> dict[str, Any]:
    """A translatable argument: a nested message (a word when it has no arguments)."""
    return {"template": template, "args": args}


def joined(sep: str, items: Sequence[Any]) -> dict[str, Any]:
    """An argument made of several values printed with ``sep`` between them."""
    return {"join": sep, "items": list(items)}


def render_message(
    template: str, args: Mapping[str, Any], translate: Callable[[str], str] | None = None
) -> str:
    """The text of a message; ``translate`` maps a template to the language wanted.

    Without ``translate`` this is the English text the event carries as ``text``.
    A face passes its catalogue lookup (``gettext``); a template missing from
    the catalogue falls back to English.

    >>> render_message("{unit}: {a} -> {b}", {"unit": "t", "a": term("good order"),
    ...     "b": term("disrupted")}, {"good order": "в порядке"}.get)
    't: в порядке -> disrupted'
    """

    def tr(text: str) -> str:
        if translate is None:
            return text
        found = translate(text)
        return found if found else text

    def value(v: Any) -> Any:
        if isinstance(v, Mapping):
            if "template" in v:
                return render_message(str(v["template"]), v.get("args") or {}, translate)
            if "join" in v:
                return str(v["join"]).join(str(value(i)) for i in v.get("items", []))
        return v

    return tr(template).format(**{k: value(v) for k, v in args.items()})


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

    def action_kinds(self) -> Mapping[str, str]:
        """Every action type this game takes, with its title, offered now or not.

        A face that names actions (the CLI's ``ordnance <game> game <action>``)
        lists these. The default is what :meth:`legal` offers in a new game with
        default settings; a game whose actions appear only later overrides it.
        """
        return {f["type"]: str(f.get("title") or f["type"]) for f in self.legal(self.new({}), None)}

    def action_form(self, state: S, seat: str | None, kind: str) -> dict[str, Any] | None:
        """The form (``{"type", "title", "schema"}``) of action ``kind``, offered now or not.

        A face that takes an action by name builds its input from this form, so
        an action the sequence of play does not offer now still reaches
        :meth:`apply`, which refuses it with the rule. The default is the form
        :meth:`legal` offers to ``seat``, else to any seat; ``None`` when the
        game offers no such form.
        """
        for who in (seat, None) if seat is not None else (None,):
            for form in self.legal(state, who):
                if form.get("type") == kind:
                    return form
        return None

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

    # -- scenario files (see ordnance.core.scenario) ----------------------------
    def scenario_model(self) -> type[ScenarioDoc] | None:
        """The game's scenario document model (a ScenarioDoc subclass), or None."""
        return None

    def from_scenario(self, doc: ScenarioDoc) -> ScenarioStart:
        """``new`` settings and hot-seat set-up actions for a validated document."""
        raise NotImplementedError(f"{self.name} does not read scenario files")

    def to_scenario(self, state: S) -> dict[str, Any]:
        """The current position as a scenario document (JSON-ready data)."""
        raise NotImplementedError(f"{self.name} does not write scenario files")

    # -- sequence of play (see ordnance.core.turns) -----------------------------
    #: Action types any seat may take whatever the step (set-up, record keeping).
    any_time_actions: ClassVar[frozenset[str]] = frozenset()
    #: Action types that end the current phase or step (e.g. ``advance``).
    step_actions: ClassVar[frozenset[str]] = frozenset()

    def turn(self, state: S) -> Turn:
        """Whose move it is. The default, for a game that declares no sequence
        of play: every seat may act at any time."""
        from ordnance.core.turns import Turn

        return Turn("", None, tuple(self.seats(state)))

    def check_sequence(self, state: S, action: Mapping[str, Any], seat: str) -> None:
        """Sequence-of-play checks beyond the generic ones of
        :func:`ordnance.core.turns.check_turn` (e.g. an advance over several
        steps, each of which must be this seat's to leave). Runs when a seat
        acts, never on replay; raises a RuleViolation to refuse."""

    def needs_consent(self, state: S, action: Mapping[str, Any], seat: str | None) -> str | None:
        """The seat whose consent ``action`` by ``seat`` needs (it changes that
        seat's pieces), or None. Hot-seat play (``seat`` None) needs none."""
        return None

    def describe(self, state: S, action: Mapping[str, Any], seat: str | None) -> Message:
        """One sentence saying what ``action`` would do, for a consent request.

        It must not reveal anything the other seats may not see, and must not
        depend on dice (they are rolled only if the request is accepted).
        """
        fields = ", ".join(f"{k}={v}" for k, v in action.items() if k != "type")
        return msg(
            "{seat}: {action}{fields}",
            seat=seat or "hot seat",
            action=str(action.get("type")),
            fields=f" ({fields})" if fields else "",
        )

    def dice_rule(self, action: Mapping[str, Any], exc: InvalidDice) -> tuple[str, str] | None:
        """``(clause, hint)`` of the rule behind a refusal of the dice entered for ``action``.

        ``exc.label`` is the purpose of the die concerned (e.g. ``"salvo"``),
        ``None`` when unknown (leftover dice); its type says what was wrong (a
        value no die shows, or too few / too many dice). A game names its dice
        rules here, so every refusal of entered dice names a clause, in every
        face (:meth:`GameSession.act` calls :meth:`dice_refusal`).
        """
        return None

    def dice_refusal(self, exc: InvalidDice, action: Mapping[str, Any]) -> InvalidDice:
        """``exc`` naming this game's dice rule (:meth:`dice_rule`), if it names none."""
        if exc.clause is not None:
            return exc
        rule = self.dice_rule(action, exc)
        if rule is None:
            return exc
        clause, hint = rule
        return InvalidDice(exc.message, clause=clause, hint=hint, label=exc.label)


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
