"""Sequence of play with owners: who may act now, on what, and who is awaited.

Ideas from boardgame.io's phases/stages (``activePlayers``), written anew.
A game answers :meth:`ordnance.core.game.Game.turn` with a :class:`Turn`:

* ``active``: the seats that may take the step's own actions now (the
  phasing player, the nation whose purchase window it is...);
* ``waiting_for``: in a *simultaneous* step (each involved seat acts, in any
  order, then says so), the seats that have not yet said ``"done"``. When
  the last of them does, the step ends. In such a step ``active`` equals
  ``waiting_for``: a seat that said done has finished its part;
* ``clause``: the game's sequence-of-play rule, named by every refusal.

A game also declares, as class attributes of its :class:`Game`, which action
types are *any time* actions (set-up, record keeping: no owner check) and
which are *step actions* (they end the current phase or step, e.g.
``advance``). :func:`check_turn` is the one check every face runs through
(``GameSession.act`` calls it before ``apply``):

* a seat not in ``active`` may take no action of the step;
* ``done`` only by a seat in ``waiting_for``;
* a step action while *another* seat is still awaited is refused (the step
  is not over for it);
* an action that changes another seat's pieces (:meth:`Game.needs_consent`)
  is refused unless that seat consented (the table server asks it).

Seat ``None`` is hot-seat play (the CLI without ``--as``): it may act only
FOR an active seat, the one the action's piece or side names
(:meth:`Game.acting_seat`), and is checked as that seat (consent aside).

>>> t = Turn("status", "munitions", ("german",), ("german",), "TOI-GEN-4",
...          msg("{seats} to buy", seats="german"))
>>> t.to_view()["text"], t.is_simultaneous
('german to buy', True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ordnance.core.errors import RuleViolation
from ordnance.core.messages import Message, joined, msg, nested, render_message, term
from ordnance.core.shapes import ActionForm, TurnView

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.game import Game

__all__ = [
    "CONSENT_CLAUSE",
    "DEFAULT_CLAUSE",
    "DONE",
    "Turn",
    "check_turn",
    "done_form",
    "done_side",
    "everyone",
    "may_end_step",
    "owned_legal",
    "seats_text",
    "simultaneous",
    "single",
]

#: The generic action a seat sends when its part of a simultaneous step is over.
DONE = "done"
#: Clause of a game that declares no sequence of play (every seat may act).
DEFAULT_CLAUSE = "CORE-TURN"
#: Clause of the consent rule: a change to another seat's pieces needs its yes.
CONSENT_CLAUSE = "CORE-CONSENT"


@dataclass(frozen=True, slots=True)
class Turn:
    """Where the sequence of play stands, and whose move it is."""

    phase: str
    step: str | None
    active: tuple[str, ...]
    waiting_for: tuple[str, ...] = ()
    clause: str = DEFAULT_CLAUSE
    message: Message = field(default_factory=lambda: msg("every seat may act"))

    @property
    def is_simultaneous(self) -> bool:
        """True while some seat still has to say ``done``."""
        return bool(self.waiting_for)

    def text(self, translate: Callable[[str], str] | None = None) -> str:
        return render_message(self.message.template, self.message.args, translate)

    def to_view(self) -> TurnView:
        """The ``view["turn"]`` shape: JSON-ready, the same for every seat.

        ``template``/``args`` let a face translate ``text`` (see
        :func:`ordnance.core.messages.render_message`).
        """
        return {
            "phase": self.phase,
            "step": self.step,
            "active": list(self.active),
            "waiting_for": list(self.waiting_for),
            "clause": self.clause,
            "text": self.text(),
            "template": self.message.template,
            "args": dict(self.message.args),
        }


def seats_text(seats: Sequence[str]) -> Any:
    """A list of seats as a message argument ("german", "german, soviet"): each seat a
    term, so a face shows it by its side's name in the reader's language."""
    return joined(", ", [term(s) for s in seats]) if seats else "nobody"


def everyone(phase: str, step: str | None, seats: Sequence[str], clause: str, where: Any) -> Turn:
    """A step any seat may act in and any seat may end (nobody is awaited).

    ``where`` names the step: a message argument (text or :func:`~ordnance.core.messages.term`).
    """
    return Turn(
        phase,
        step,
        tuple(seats),
        (),
        clause,
        msg("{where}: any side may act or move on ({seats})", where=where, seats=seats_text(seats)),
    )


def single(phase: str, step: str | None, owner: str, clause: str, where: Any) -> Turn:
    """A step that belongs to one seat: it acts and it ends the step."""
    return Turn(
        phase,
        step,
        (owner,),
        (),
        clause,
        msg("{where}: {owner} to act and to move on", where=where, owner=term(owner)),
    )


def simultaneous(
    phase: str,
    step: str | None,
    involved: Iterable[str],
    done: Iterable[str],
    clause: str,
    where: Any,
    seats: Sequence[str],
) -> Turn:
    """A step each involved seat finishes with ``done``; the last ``done`` ends it.

    With nobody involved (no seat has anything to decide) it is an open step
    any seat may end (:func:`everyone`).
    """
    finished = set(done)
    waiting = tuple(s for s in involved if s not in finished)
    if not waiting:
        return everyone(phase, step, seats, clause, where)
    return Turn(
        phase,
        step,
        waiting,
        waiting,
        clause,
        msg(
            "{where}: waiting for {seats} to act and say done",
            where=where,
            seats=seats_text(waiting),
        ),
    )


def may_end_step(turn: Turn, seat: str | None) -> bool:
    """May ``seat`` end the current step (a step action)? Nobody else may be awaited."""
    if seat is None:
        return True
    return seat in turn.active and all(s == seat for s in turn.waiting_for)


def _refuse_not_active(turn: Turn, seat: str, kind: str) -> RuleViolation:
    said = {"seat": seat, "kind": kind, "value": nested(turn.message)}
    if seat in turn.waiting_for or not turn.active:
        return RuleViolation(turn.clause, msg("{seat} may not {kind} now: {value}", **said))
    # the seats as terms, so a face names them by their sides' names
    hint = (
        msg("wait for {seats} to say done", seats=seats_text(turn.waiting_for))
        if turn.waiting_for
        else msg("wait for {seats}", seats=seats_text(turn.active))
    )
    return RuleViolation(
        turn.clause, msg("{seat} may not act now ({kind} refused): {value}", **said), hint=hint
    )


def check_turn(
    game: Game[Any],
    state: Any,
    action: Mapping[str, Any],
    seat: str | None,
    *,
    consented: bool = False,
) -> None:
    """Refuse ``action`` by ``seat`` when the sequence of play does not give it to that seat.

    Raises :class:`RuleViolation` naming the game's clause (or
    :data:`CONSENT_CLAUSE`); writes nothing.

    Seat ``None`` (hot seat) acts FOR a seat: the one
    :meth:`~ordnance.core.game.Game.acting_seat` names (the owner of the acting
    piece, the side the action names), and every check below is made as that
    seat, except the consent one (both sides sit at the same keyboard). A
    ``done`` is its ``side``'s (or the one awaited seat's). When the action
    names no seat (a step action such as ``advance``), the hot seat acts for
    the seats at its keyboard, so some seat must be active.

    ``consented``: the seats whose pieces the action changes have agreed to
    this very action. It lifts the consent refusal only; the acting seat must
    still be the one whose move it is.
    """
    kind = str(action.get("type"))
    hot_seat = seat is None
    if seat is None:
        if kind in game.any_time_actions and kind != DONE:
            return  # set-up and record keeping: no owner
        seat = game.acting_seat(state, action)
        if seat is None:
            turn = game.turn(state)
            if kind == DONE and len(turn.waiting_for) == 1:
                seat = turn.waiting_for[0]  # the one seat awaited (as ``done_side`` reads it)
            elif kind == DONE:
                return  # ``done_side`` asks which side, or refuses the one named
            elif not turn.active:
                raise RuleViolation(
                    turn.clause,
                    msg("nobody may {kind} now: {value}", kind=kind, value=nested(turn.message)),
                )
            else:
                return  # e.g. ``advance``: the keyboard acts for every seat at it
    if kind not in game.any_time_actions or kind == DONE:
        turn = game.turn(state)
        if kind == DONE:
            if seat not in turn.waiting_for:
                raise RuleViolation(
                    turn.clause,
                    msg(
                        "no step for {seat} to finish now: {value}",
                        seat=seat,
                        value=nested(turn.message),
                    ),
                    hint=msg("'done' ends your part of a step that waits for you"),
                )
        elif seat not in turn.active:
            raise _refuse_not_active(turn, seat, kind)
        elif kind in game.step_actions and not may_end_step(turn, seat):
            others = [s for s in turn.waiting_for if s != seat]
            raise RuleViolation(
                turn.clause,
                msg(
                    "{seat} may not move on yet: the step waits for {seats}",
                    seat=seat,
                    seats=seats_text(others),
                ),
                hint=msg("say done, then wait for {seats} to say done", seats=seats_text(others)),
            )
        game.check_sequence(state, action, seat)
    if hot_seat or consented:
        return
    other = game.needs_consent(state, action, seat)
    if other is not None:
        what = game.describe(state, action, seat)
        raise RuleViolation(
            CONSENT_CLAUSE,
            msg(
                "{value}: this changes pieces of the other side ({other}) and needs their consent",
                value=nested(what),
                other=other,
            ),
            hint=msg(
                "at the table server the other seat is asked; locally, play hot-seat (without --as)"
            ),
        )


def done_side(turn: Turn, action: Mapping[str, Any], seat: str | None) -> str:
    """Which seat a ``done`` action finishes for (its ``side``, else the acting seat).

    Hot-seat play (``seat`` None) names the side, unless only one is awaited.
    """
    side = action.get("side")
    if side is None:
        side = seat
    if side is None and len(turn.waiting_for) == 1:
        side = turn.waiting_for[0]
    if side is None:
        raise RuleViolation(
            turn.clause,
            msg("say which side is done"),
            hint="add a side: one of " + (", ".join(turn.waiting_for) or "nobody"),
        )
    if seat is not None and side != seat:
        raise RuleViolation(
            turn.clause,
            msg("{seat} cannot say done for {side}", seat=seat, side=side),
            hint=msg("act as yourself"),
        )
    if side not in turn.waiting_for:
        raise RuleViolation(
            turn.clause,
            msg("{side} has no step to finish now: {value}", side=side, value=nested(turn.message)),
            hint=msg("'done' ends your part of a step that waits for you"),
        )
    return str(side)


def done_form(turn: Turn, seat: str | None) -> ActionForm | None:
    """The legal entry of ``done`` for ``seat`` (None when it has nothing to finish)."""
    if not turn.waiting_for or (seat is not None and seat not in turn.waiting_for):
        return None
    props: dict[str, Any] = {"type": {"const": DONE, "default": DONE, "type": "string"}}
    if seat is None:
        props["side"] = {
            "type": "string",
            "title": "Side",
            "enum": list(turn.waiting_for),
            "x-labels": list(turn.waiting_for),
        }
    return {
        "type": DONE,
        "title": "Done with this step",
        "schema": {
            "type": "object",
            "title": "Done",
            "x-dice": False,
            "properties": props,
            "additionalProperties": False,
        },
    }


def owned_legal(
    game: Game[Any], state: Any, seat: str | None, forms: Sequence[ActionForm]
) -> list[ActionForm]:
    """``forms`` cut to what ``seat`` may do now, plus ``done`` when it is awaited.

    A game's ``legal`` passes its forms through this so the menus follow the
    same owner rules as :func:`check_turn`.
    """
    turn = game.turn(state)
    out: list[ActionForm] = []
    for form in forms:
        kind = form["type"]
        if seat is not None and kind not in game.any_time_actions:
            if seat not in turn.active:
                continue
            if kind in game.step_actions and not may_end_step(turn, seat):
                continue
        out.append(form)
    done = done_form(turn, seat)
    if done is not None:
        out.append(done)
    return out
