"""The protocol every game module implements.

A game is a set of pure functions over immutable states:

* ``new(settings) -> state``
* ``apply(state, action, dice, seat) -> Outcome(state, events)``: the one
  entry point; it refuses an action out of turn (the sequence of play,
  :mod:`ordnance.core.turns`) before the game's rules (``_resolve``) run
* ``view(state, seat) -> GameView``: the observer. It is the only way anything
  leaves a state toward a seat, so a secret never reaches the wrong player.
* ``legal(state, seat) -> list[ActionForm]``: what that seat may do now.
* ``los(state, origin, target, seat) -> LosAnswer``: line of sight between two
  hexes as that seat may know it (the exact hex line by default; a game adds
  its own blocking terrain, smoke and hindrances).
* ``turn(state) -> Turn``: the sequence of play: who may act now, who is
  awaited (:mod:`ordnance.core.turns`), with ``any_time_actions``,
  ``step_actions`` and ``needs_consent`` saying which actions skip the owner
  check, which end a step, and which change another seat's pieces.

What these return toward the faces has the shapes of
:mod:`ordnance.core.shapes`. The events a procedure reports are
:class:`~ordnance.core.events.Event` values and their texts are
:class:`~ordnance.core.messages.Message` values, each in its own module.

Actions are JSON-ready mappings with a ``"type"`` key (each game validates them
with its own Pydantic models), so the journal can store them as they are and
every face (CLI, HTTP, page) can build them.

Like python-chess variants, a game subclasses :class:`Game` and registers an
instance in :mod:`ordnance.core.registry`.
"""

from __future__ import annotations

import importlib
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast, final, get_type_hints

from ordnance.core.dice import DiceSource
from ordnance.core.errors import InvalidDice, OrdnanceError
from ordnance.core.events import Event
from ordnance.core.hexes import Hex, line, parse_hex
from ordnance.core.memo import IdentityMemo
from ordnance.core.messages import Message, msg, render_message, said
from ordnance.core.naming import name_term, named_event, named_refusal, named_text, named_turn
from ordnance.core.shapes import (
    ActionForm,
    Figure,
    GameView,
    JsonObject,
    JsonSchema,
    LosAnswer,
    OddsAnswer,
    TurnView,
    figure_titles,
)
from ordnance.core.turns import Turn, check_turn

#: An axial hex id as an action holds it, ``"q,r"``.
_AXIAL = re.compile(r"^-?\d+,-?\d+$")

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.codec import StateCodec
    from ordnance.core.scenario import ScenarioDoc, ScenarioStart
    from ordnance.core.turns import Turn

__all__ = [
    "ANY_SEAT",
    "Game",
    "Outcome",
    "hex_line_answer",
]

S = TypeVar("S")

#: The seat used by local, hot-seat play (the CLI without ``--as``): it acts
#: for whichever side's move it is (:meth:`Game.acting_seat`, checked like that
#: side) but *sees* only the public view.
ANY_SEAT: str | None = None


@dataclass(frozen=True, slots=True)
class Outcome(Generic[S]):
    """What ``apply`` returns: the new state and what happened."""

    state: S
    events: tuple[Event, ...] = ()


#: ``view["turn"]`` by (game, state object): at most 128 states (the versions in play;
#: an evicted one is only built again), see :meth:`Game.turn_view`.
TURN_VIEWS: IdentityMemo[TurnView] = IdentityMemo("core.game.TURN_VIEWS", 128)


class Game(ABC, Generic[S]):
    """Base class of a game module (ASL, Tide of Iron, World at War...)."""

    #: Registry key and CLI sub-command, e.g. ``"asl"``.
    name: ClassVar[str]
    #: Human title.
    title: ClassVar[str]
    #: Bumped when a change to the rules would replay old journals differently.
    rules_version: ClassVar[int] = 1
    #: Names of this game's message arguments whose plain-string values are
    #: words a face translates (e.g. a munition type), beyond the generic ones the
    #: faces know (``kind``, ``terrain``...); any other plain argument is an id.
    word_args: ClassVar[frozenset[str]] = frozenset()
    #: Kinds of the events that bring a counter into play: their texts introduce its
    #: id beside its name ("russian added t34 (T-34/85)"), the handle a player types
    #: later, so :meth:`counter_names` does not rename them (their hexes are printed).
    introducing_events: ClassVar[frozenset[str]] = frozenset()
    #: How the journal's snapshots write and read this game's states
    #: (:class:`ordnance.core.codec.StateCodec`, typed JSON; None: no snapshots,
    #: states are replayed).
    state_codec: ClassVar[StateCodec | None] = None

    def new(self, settings: Mapping[str, Any]) -> S:
        """A fresh state; refuses bad settings with an OrdnanceError.

        By default :meth:`start` on the settings less a scenario file's position
        (:func:`ordnance.core.scenario.split_position`), then :meth:`restore` when
        the settings carry one. A game overrides either the two or this one.
        """
        from ordnance.core.scenario import split_position  # lazy: core.scenario imports this

        base, position = split_position(settings)
        state = self.start(base)
        return state if position is None else self.restore(state, position)

    def start(self, settings: Mapping[str, Any]) -> S:
        """The state at the start, from settings without a position (see :meth:`new`)."""
        raise NotImplementedError(f"{self.name} defines neither new nor start")

    def restore(self, state: S, position: Any) -> S:
        """``state`` as :meth:`start` built it, put at a scenario file's ``position``.

        By default the ``restore(state, position)`` function of the
        :attr:`scenario_files` module, imported only now: a game command that
        starts no scenario does not load the scenario modules.
        """
        found = self._scenario_module()
        if found is None:
            raise NotImplementedError(f"{self.name} does not read scenario positions")
        restored: S = found[0].restore(state, position)
        return restored

    @abstractmethod
    def seats(self, state: S) -> Sequence[str]:
        """The sides that play this game (e.g. ``("german", "soviet")``)."""

    @final
    def apply(
        self,
        state: S,
        action: Mapping[str, Any],
        dice: DiceSource,
        seat: str | None = ANY_SEAT,
        *,
        consented: bool = False,
    ) -> Outcome[S]:
        """Run one action: THE entry point every caller uses (the faces through
        :class:`~ordnance.core.journal.GameSession`, a bot, the bench players).

        The sequence of play is checked first (:func:`ordnance.core.turns.check_turn`):
        an action out of turn, a second action where the step allows one, a
        ``done`` nobody awaits, or a change to another seat's pieces without
        its consent (``consented``) is refused naming the game's clause, before
        any rule runs. Then the rules resolve it (:meth:`_resolve`). Pure: the
        same inputs always give the same outcome.

        ``seat`` is who acts; ``None`` means local (hot-seat) play, which may
        act only FOR a seat whose move it is: the seat :meth:`acting_seat`
        names (the owner of the acting piece, the side the action names) is
        checked as if it acted, consent aside. ``consented`` lifts the consent
        refusal only, never the turn. A refused action raises
        :class:`~ordnance.core.errors.OrdnanceError` and changes nothing.
        ``apply`` is final (a game implements :meth:`_resolve`), so no game can
        offer a way round the check; only the journal's replay of entries it
        already accepted skips it (``ordnance.core.journal.derive``, through the
        private :func:`_replay_recorded`).
        """
        try:
            check_turn(self, state, action, seat, consented=consented)
            outcome = self._resolve(state, action, dice, seat)
        except OrdnanceError as exc:
            raise self.named_refusal(state, exc) from None
        return self._named(state, outcome)

    @final
    def named_refusal(self, state: S, exc: OrdnanceError) -> OrdnanceError:
        """``exc``, a refusal of an action (or of its odds) at ``state``, naming
        counters and printed hexes as the board does (:func:`naming.named_refusal`)."""
        return named_refusal(exc, self.counter_names(state), self._labeller(state))

    def counter_names(self, state: S) -> Mapping[str, str]:
        """``{id: name}`` of the counters (units, guns) of ``state``, as players call them.

        Event texts, results and odds titles name a counter this way, never by
        its id (the data keep the ids); a name two counters share is numbered
        (:func:`ordnance.core.naming.distinct_names`). The default names none.
        """
        return {}

    @final
    def named_odds(
        self,
        state: S,
        answer: OddsAnswer | None,
        translate: Callable[[str], str] | None = None,
    ) -> OddsAnswer | None:
        """``answer`` (of :meth:`odds`) with its title naming counters, not ids.

        The faces call it on what :meth:`odds` returns (after translating the
        title, whose ids a translation keeps); ``translate`` puts the names in
        the face's language. The figures are unchanged.
        """
        if answer is None or not isinstance(answer.get("title"), str):
            return answer
        names = {
            i: render_message(str(t["template"]), t["args"], translate)
            for i, n in self.counter_names(state).items()
            for t in (name_term(n),)
        }
        title = named_text(answer["title"], names)
        return cast(OddsAnswer, {**answer, "title": title})

    @final
    def labelled_odds(
        self, answer: OddsAnswer | None, translate: Callable[[str], str] | None = None
    ) -> OddsAnswer | None:
        """``answer`` with ``labels`` (each figure's title) and ``headline`` (keys drawn first).

        The titles are the :class:`~ordnance.core.shapes.Figure` metadata of the
        TypedDicts :meth:`odds` is annotated to return; ``translate`` puts them in
        the face's language. A face shows these, never a key, so it knows no
        game's figures. The figures are unchanged.
        """
        if answer is None:
            return None
        figures = _odds_figures(type(self))
        present = {k: f for k, f in figures.items() if k in answer}
        tr = translate or (lambda s: s)
        labels = {k: tr(f.title) for k, f in present.items()}
        headline = [k for k, f in present.items() if f.headline]
        return cast(OddsAnswer, {**answer, "labels": labels, "headline": headline})

    @final
    def turn_view(self, state: S) -> TurnView:
        """``view["turn"]`` of ``state``: :meth:`turn` as JSON, its text naming counters
        and printed hexes as event texts do (``Panzer IV``, never ``g-pziv-1``).

        The same for every seat, so it is built once per state object and game
        (:data:`TURN_VIEWS`): a view and its answer, and both seats' views of one
        version, share it; never change it in place."""
        return TURN_VIEWS.get(
            (self, state),
            lambda: named_turn(
                self.turn(state).to_view(), self.counter_names(state), self._labeller(state)
            ),
        )

    @final
    def _labeller(self, state: S) -> Callable[[Hex], str]:
        def label(h: Hex) -> str:
            try:
                return self.hex_label(state, h)
            except (OrdnanceError, KeyError, ValueError):  # a hex no map numbers keeps its id
                return str(h)

        return label

    @final
    def _named(self, before: S, outcome: Outcome[S]) -> Outcome[S]:
        """``outcome`` with its event texts naming counters and printed hexes."""
        if not outcome.events:
            return outcome
        after, names = self.counter_names(outcome.state), self.counter_names(before)
        if after is not names:  # the same object when the action changed no counter
            names = {**after, **names}
        label = self._labeller(outcome.state)
        events = tuple(
            named_event(e, {} if e.kind in self.introducing_events else names, label)
            for e in outcome.events
        )
        return Outcome(outcome.state, events)

    @abstractmethod
    def _resolve(
        self, state: S, action: Mapping[str, Any], dice: DiceSource, seat: str | None
    ) -> Outcome[S]:
        """The rules of one action, the sequence of play already checked.

        Private: call :meth:`apply`. A game implements this; ``seat`` is who
        acts (``None``: hot seat).
        """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "apply" in cls.__dict__:
            raise TypeError(
                f"{cls.__name__} overrides Game.apply: implement _resolve instead "
                "(apply checks the sequence of play first, for every caller)"
            )

    @abstractmethod
    def view(self, state: S, seat: str | None) -> GameView:
        """The observer: everything ``seat`` may see, as JSON-ready data."""

    def legal(self, state: S, seat: str | None) -> list[ActionForm]:
        """The action types ``seat`` may take now (for menus and the page)."""
        return []

    def action_kinds(self) -> Mapping[str, str]:
        """Every action type this game takes, with its title, offered now or not.

        A face that names actions (the CLI's ``ordnance <game> game <action>``)
        lists these. The default is what :meth:`legal` offers in a new game with
        default settings; a game whose actions appear only later overrides it.
        """
        return {f["type"]: str(f.get("title") or f["type"]) for f in self.legal(self.new({}), None)}

    def action_form(self, state: S, seat: str | None, kind: str) -> ActionForm | None:
        """The form (``{"type", "title", "schema"}``) of action ``kind``, offered now or not.

        A face that takes an action by name builds its input from this form, so
        an action the sequence of play does not offer now still reaches
        :meth:`apply`, which refuses it with the rule. It is the form :meth:`legal`
        offers to ``seat``, else to any seat, else one of :meth:`any_action_schema`
        titled by :meth:`action_kinds`; ``None`` when the game has no such form.
        """
        for who in (seat, None) if seat is not None else (None,):
            for form in self.legal(state, who):
                if form.get("type") == kind:
                    return form
        schema = self.any_action_schema(state, seat, kind)
        if schema is None:
            return None
        return {"type": kind, "title": self.action_kinds()[kind], "schema": schema}

    def any_action_schema(self, state: S, seat: str | None, kind: str) -> JsonSchema | None:
        """The schema of action ``kind`` that :meth:`legal` does not offer now, or None.

        A game whose every action may be taken by name (:meth:`apply` then judges
        it) returns its schema here; :meth:`action_form` makes the form of it. The
        default, None: the game has only the forms :meth:`legal` offers.
        """
        return None

    def odds(
        self, state: S, action: Mapping[str, Any], seat: str | None = ANY_SEAT
    ) -> OddsAnswer | None:
        """Exact outcome distribution of ``action`` before it is rolled.

        Returns JSON-ready data (``{"title": ..., "distribution": {outcome: "p/q"}}``)
        or ``None`` when the action involves no dice. Must not reveal anything
        ``seat`` may not see. The table's live odds panel calls this.
        """
        return None

    def hex_label(self, state: S, h: Hex) -> str:
        """How ``h`` is written for a player: the number printed on the game's map.

        Every text a face shows (event texts, panels, form labels, LOS lines,
        CLI output) names hexes this way; the data keeps axial ``"q,r"`` ids.
        The default is the axial id, for a game with no printed numbering.
        """
        return str(h)

    def read_hex(self, state: S, text: str) -> Hex:
        """The hex a player typed: the number printed on the game's map, or axial ``q,r``.

        The default reads the four-digit ``CCRR`` numbering and axial ids
        (:func:`ordnance.core.hexes.parse_hex`); a game whose map prints other
        numbers (ASL's ``C5``) overrides it. Refused with an OrdnanceError.
        """
        return parse_hex(text)

    def los(self, state: S, origin: Hex, target: Hex, seat: str | None = ANY_SEAT) -> LosAnswer:
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
        answer = hex_line_answer(origin, target, lambda h: self.hex_label(state, h))
        answer["explanation"].append(
            f"{self.title} judges no blocking terrain or hindrance here: this is the hex line only."
        )
        return {
            **answer,
            "text": "geometry only: " + answer["text"],
            "note": "geometry only: this game has no LOS rule query",
        }

    def settings_schema(self) -> JsonSchema:
        """JSON schema of ``new``'s settings (used by the page and the API)."""
        return {}

    # -- scenario files (see ordnance.core.scenario) ----------------------------
    #: Where the game's scenario files are read and written, ``"module:Model"``:
    #: the module has ``from_scenario(doc)`` and ``to_scenario(state, seat)``,
    #: ``Model`` is its document model (a ScenarioDoc subclass). The module is
    #: imported on first use, so start-up does not load it. None: no scenario
    #: files (or the game overrides the three methods below).
    scenario_files: ClassVar[str | None] = None

    def _scenario_module(self) -> tuple[Any, str] | None:
        if self.scenario_files is None:
            return None
        module, _, model = self.scenario_files.partition(":")
        return importlib.import_module(module), model

    def scenario_model(self) -> type[ScenarioDoc] | None:
        """The game's scenario document model (a ScenarioDoc subclass), or None."""
        found = self._scenario_module()
        if found is None:
            return None
        model: type[ScenarioDoc] = getattr(found[0], found[1])
        return model

    def from_scenario(self, doc: ScenarioDoc) -> ScenarioStart:
        """``new`` settings and hot-seat set-up actions for a validated document."""
        found = self._scenario_module()
        if found is None:
            raise NotImplementedError(f"{self.name} does not read scenario files")
        start: ScenarioStart = found[0].from_scenario(doc)
        return start

    def to_scenario(self, state: S, seat: str | None = None) -> JsonObject:
        """The current position as a scenario document (JSON-ready data).

        ``seat=None``: everything (hot seat); a seat: only what its view shows."""
        found = self._scenario_module()
        if found is None:
            raise NotImplementedError(f"{self.name} does not write scenario files")
        doc: JsonObject = found[0].to_scenario(state, seat)
        return doc

    # -- sequence of play (see ordnance.core.turns) -----------------------------
    #: Action types any seat may take whatever the step (set-up, record keeping).
    any_time_actions: ClassVar[frozenset[str]] = frozenset()
    #: Action types that end the current phase or step (e.g. ``advance``).
    step_actions: ClassVar[frozenset[str]] = frozenset()

    def turn(self, state: S) -> Turn:
        """Whose move it is. The default, for a game that declares no sequence
        of play: every seat may act at any time."""

        return Turn("", None, tuple(self.seats(state)))

    def check_sequence(self, state: S, action: Mapping[str, Any], seat: str) -> None:
        """Sequence-of-play checks beyond the generic ones of
        :func:`ordnance.core.turns.check_turn` (e.g. an advance over several
        steps, each of which must be this seat's to leave). Runs when a seat
        acts, never on replay; raises a RuleViolation to refuse."""

    def acting_seat(self, state: S, action: Mapping[str, Any]) -> str | None:
        """The seat ``action`` is taken for, judged from the action alone (hot-seat play).

        :func:`ordnance.core.turns.check_turn` checks a hot-seat action (seat
        ``None``) as this seat's, so the hot seat acts only for a seat whose
        move it is. The default is the seat the action names (``"side"``); a
        game whose actions name a piece returns its owner. ``None``: the action
        names no seat (e.g. a step's ``advance``), and the hot seat acts for
        whichever seat is active.
        """
        side = action.get("side")
        return side if isinstance(side, str) and side in self.seats(state) else None

    def needs_consent(self, state: S, action: Mapping[str, Any], seat: str | None) -> str | None:
        """The seat whose consent ``action`` by ``seat`` needs (it changes that
        seat's pieces), or None. Hot-seat play (``seat`` None) needs none."""
        return None

    def describe(self, state: S, action: Mapping[str, Any], seat: str | None) -> Message:
        """One sentence saying what ``action`` would do, for a consent request.

        It must not reveal anything the other seats may not see, and must not
        depend on dice (they are rolled only if the request is accepted).
        """

        names = self.counter_names(state)

        def shown(v: Any) -> Any:
            # a hex is named as printed on the map (hex_label), never as its axial id,
            # and a counter by its name (counter_names), never by its id
            if isinstance(v, str) and _AXIAL.match(v):
                return self.hex_label(state, parse_hex(v))
            if isinstance(v, str) and v in names:
                return names[v]
            if isinstance(v, list):
                return ", ".join(str(shown(x)) for x in v)
            return v

        fields = ", ".join(f"{k}={shown(v)}" for k, v in action.items() if k != "type")
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


def hex_line_answer(origin: Hex, target: Hex, label: Callable[[Hex], str] = str) -> LosAnswer:
    """The geometric part of every :meth:`Game.los` answer, JSON-ready.

    ``ordnance.core.hexes.line(origin, target).to_dict()`` plus ``distance``,
    ``blocked`` (``None``: not judged), ``text`` and ``explanation`` (English
    sentences: the hexes entered, each hexside the line runs along, with both
    of its hexes, and each hex touched only at a vertex). Games extend it.
    ``label`` prints a hex in the sentences (a game passes its printed
    numbering, :meth:`Game.hex_label`); the ids in the data stay axial.

    >>> a = hex_line_answer(Hex(0, 0), Hex(2, -1))
    >>> a["hexes"], a["blocked"]
    (['0,0', '1,-1', '1,0', '2,-1'], None)
    >>> a["explanation"][1]
    'It runs along the hexside 1,-1|1,0: both 1,-1 and 1,0 are on the line.'
    """
    ln = line(origin, target)
    hexes = ", ".join(label(h) for h in ln.hexes)
    # shown texts (core.messages.Said): each face renders them from its catalogue
    why: list[str] = [
        said(
            "The line {origin} -> {target} (range {range}) enters {count} hexes: {hexes}.",
            origin=label(origin),
            target=label(target),
            range=origin.distance(target),
            count=len(ln.hexes),
            hexes=hexes,
        )
    ]
    why += [
        said(
            "It runs along the hexside {hexside}: both {left} and {right} are on the line.",
            hexside="|".join(label(h) for h in r.hexside.hexes),
            left=label(r.left),
            right=label(r.right),
        )
        for r in ln.runs
    ]
    why += [
        said(
            "It touches {hex} only at the vertex {vertex} (its interior is not crossed).",
            hex=label(p.touched),
            vertex="|".join(label(h) for h in p.vertex.hexes),
        )
        for p in ln.vertex_passes
        if p.touched is not None
    ]
    geometry = ln.to_dict()
    # Key by key, not ``**geometry``: the answer's keys keep the order they always had.
    return {
        "from": geometry["from"],
        "to": geometry["to"],
        "hexes": geometry["hexes"],
        "steps": geometry["steps"],
        "along_hexsides": geometry["along_hexsides"],
        "through_vertices": geometry["through_vertices"],
        "touched_hexes": geometry["touched_hexes"],
        "distance": origin.distance(target),
        "blocked": None,
        "text": said(
            "{count} hexes, range {range}", count=len(ln.hexes), range=origin.distance(target)
        ),
        "explanation": why,
    }


def _replay_recorded(
    game: Game[S], state: S, action: Mapping[str, Any], dice: DiceSource, seat: str | None
) -> Outcome[S]:
    """Re-run an action the journal already accepted, without the sequence-of-play check.

    Internal to the journal: only :mod:`ordnance.core.journal.derive` calls it
    (a test holds every other module to that). The check ran when the entry was
    accepted, and a replay must reproduce the state, not judge the entry again
    (a game whose sequence rules change would otherwise lose its journals).
    Every other caller goes through :meth:`Game.apply`.
    """
    return game._named(state, game._resolve(state, action, dice, seat))


@cache
def _odds_figures(game: type[Game[Any]]) -> dict[str, Figure]:
    """The :class:`Figure` of each key ``game.odds`` is annotated to return."""
    try:
        shape = get_type_hints(game.odds).get("return")
    except (NameError, TypeError):  # an annotation only a type checker resolves: no titles
        return {}
    return figure_titles(shape)
