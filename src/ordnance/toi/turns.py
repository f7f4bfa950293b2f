"""Who may act in each step of the Tide of Iron round (notes B8, TOI-GEN-4, TOI-GEN-8).

The round is Action Phase, Command Phase, Status Phase (its steps in
:data:`ordnance.toi.state.STATUS_STEPS`). A step in which each nation makes
its own choices that this module records is *simultaneous*: every nation
involved acts in it, then says ``done``; the last ``done`` ends the step, and
no nation may ``advance`` out of it while another is still awaited.

* Action Phase (TOI-B8): the nations alternate action turns, the one with
  the initiative first (:func:`action_turn`). An action turn activates one
  unit: an attack, or a move. Our own clause ids, where the notes say
  nothing more precise:

  - TOI-ACT-1: the initiative is the first nation of the game's settings
    (the Command Phase initiative bid is not modelled);
  - TOI-ACT-2: a nation that passed (said ``done``) or has no fresh unit left
    is skipped; it may pass at any time once it has nothing left, otherwise
    only on its own action turn. The phase ends when every nation passed;
  - TOI-ACT-3: a move activates the unit (it is fatigued, TOI-B8) but
    does not close its action: until the next action turn, the mover may
    move the same unit on or fire with it (Fire and Movement), and an enemy
    unit on Op Fire may fire at it (TOI-B9). An attack closes the action
    (the attacker is fatigued), so no move follows a fire; a unit once
    activated is not activated again before the Status Phase makes it fresh;
  - one action per turn (the notes leave the number to the scenario).
* Command Phase (TOI-B8): each nation receives its command.
* ``munitions``, the purchase window (TOI-GEN-4): each nation that can buy
  (munitions in force, at least 1 command, fewer than three bought this
  Status Phase and on the board, a token left in its supply) buys or not, in
  its own window; the other nation cannot close it.
* ``op-fire`` (TOI-B8 step 3): each nation with a fresh unit.
* ``keep-or-discard`` (TOI-GEN-8): each nation holding a face-down token.

The other steps (cards, token removal, transfers, reinforcements, the round
marker) record no choice here: any nation may advance past them.
Everything used to decide who is involved is public (command, counts of
tokens, supply totals), so the turn reveals no secret.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ordnance.core.errors import RuleViolation
from ordnance.core.events import Event
from ordnance.core.memo import IdentityMemo
from ordnance.core.messages import msg, term
from ordnance.core.turns import Turn, everyone, may_end_step, seats_text, simultaneous
from ordnance.toi.shapes import DoneEvent
from ordnance.toi.state import Phase, ToIState, shown_round

#: Sequence-of-play clause of each step (the notes' B8, or the munitions clause).
CLAUSES = {"munitions": "TOI-GEN-4", "keep-or-discard": "TOI-GEN-8"}
ROUND_CLAUSE = "TOI-B8"
#: Op Fire: a reaction straight after an enemy unit moves (notes B9).
OP_FIRE_CLAUSE = "TOI-B9"
#: The Action Phase actions that take an action turn (an Op Fire attack does not).
TURN_ACTIONS = ("move", "attack")


def _involved(state: ToIState) -> list[str]:
    """The nations that have a choice to make in the current step."""
    if state.phase is Phase.ACTION or state.phase is Phase.COMMAND:
        return list(state.sides)
    s = state.settings
    if state.step == "munitions":
        if not s.munitions_in_force:
            return []
        out = []
        for n in state.nations:
            supply = s.unlimited_supply or sum(c for _m, c in n.supply) > 0
            room = n.bought_this_status < 3 and len(state.tokens_of(n.name)) < 3
            if n.command >= 1 and supply and room:
                out.append(n.name)
        return out
    if state.step == "op-fire":
        return [
            n
            for n in state.sides
            if any(u.alive and u.side == n and u.activation == "fresh" for u in state.units)
        ]
    if state.step == "keep-or-discard":
        return [n for n in state.sides if any(not t.face_up for t in state.tokens_of(n))]
    return []


@dataclass(frozen=True, slots=True)
class ActionTurn:
    """Where the Action Phase's alternation stands (all of it public).

    ``on_turn``: the nation whose action turn it is (None: no nation that has
    not passed has a fresh unit). ``open_unit``: ``(nation, unit)`` of a move
    whose action is still open (TOI-ACT-3). ``reactors``: the nations with a
    unit on Op Fire that may fire at that moved unit (TOI-B9).
    """

    on_turn: str | None
    open_unit: tuple[str, str] | None
    reactors: tuple[str, ...]

    @property
    def acting(self) -> tuple[str, ...]:
        """The nations that may take some action now, in a stable order."""
        out = [s for s in (self.on_turn, self.open_unit and self.open_unit[0]) if s]
        return tuple(dict.fromkeys([*out, *self.reactors]))


def has_fresh_unit(state: ToIState, side: str) -> bool:
    """Only a fresh unit may be activated (TOI-B8): without one a nation has nothing left."""
    return any(u.alive and u.side == side and u.activation == "fresh" for u in state.units)


def _may_take_turn(state: ToIState, side: str) -> bool:
    return side not in state.done and has_fresh_unit(state, side)


#: :func:`action_turn` and :func:`turn` by the (frozen) state they are read from: a
#: request asks them of one state several times (its view, its legal forms, each
#: form's units, the sequence check), and both seats' views of a version share them.
#: At most 256 states each.
_ACTION_TURNS: IdentityMemo[ActionTurn] = IdentityMemo("toi.turns._ACTION_TURNS", 256)
_TURNS: IdentityMemo[Turn] = IdentityMemo("toi.turns._TURNS", 256)


def action_turn(state: ToIState) -> ActionTurn:
    """Whose action it is, derived from ``state.last_action`` (TOI-B8, TOI-ACT-1..3)."""
    return _ACTION_TURNS.one(state, lambda: _action_turn(state))


def _action_turn(state: ToIState) -> ActionTurn:
    sides = state.sides
    last = state.last_action
    if last is not None and last[0] != state.round:
        last = None  # an earlier round's Action Phase
    if last is None or last[1] not in sides:
        order = list(sides)  # the initiative first (TOI-ACT-1)
    else:
        i = sides.index(last[1])
        order = [*sides[i + 1 :], *sides[: i + 1]]
    on_turn = next((n for n in order if _may_take_turn(state, n)), None)
    open_unit: tuple[str, str] | None = None
    reactors: tuple[str, ...] = ()
    if last is not None and last[3] == "move" and last[1] not in state.done:
        moved = next((u for u in state.units if u.id == last[2]), None)
        if moved is not None and moved.alive:
            open_unit = (last[1], last[2])
            reactors = tuple(
                n
                for n in sides
                if n != last[1]
                and any(u.alive and u.side == n and u.activation == "op-fire" for u in state.units)
            )
    return ActionTurn(on_turn, open_unit, reactors)


def _action_phase_turn(state: ToIState, where: Any) -> Turn:
    waiting = tuple(n for n in state.sides if n not in state.done)
    if not waiting:
        return everyone(Phase.ACTION.value, None, state.sides, ROUND_CLAUSE, where)
    at = action_turn(state)
    if at.on_turn is None and at.open_unit is None:
        message = msg(
            "{where}: no fresh unit left; waiting for {seats} to pass",
            where=where,
            seats=seats_text(waiting),
        )
    elif at.open_unit is None:
        message = msg("{where}: {side} to act with one unit or pass", where=where, side=at.on_turn)
    else:
        owner, unit = at.open_unit
        args: dict[str, Any] = {
            "where": where,
            "side": at.on_turn or owner,
            "owner": owner,
            "unit": unit,
        }
        template = (
            "{where}: {side} to act with one unit or pass; {owner} may still move or fire {unit}"
        )
        if at.reactors:
            template += "; {seats} may Op Fire at it"
            args["seats"] = seats_text(at.reactors)
        message = msg(template, **args)
    return Turn(Phase.ACTION.value, None, at.acting, waiting, ROUND_CLAUSE, message)


def action_refusal(state: ToIState, action: Mapping[str, Any], seat: str) -> RuleViolation | None:
    """Why ``seat`` may not take ``action`` in the Action Phase's alternation (None: it may).

    Only the order is judged here; the rules judge the action itself (a
    unit of another nation, a fatigued attacker...), so a malformed action
    is left to them.
    """
    if state.phase is not Phase.ACTION:
        return None
    kind = action.get("type")
    at = action_turn(state)
    if kind == "done":
        if seat == at.on_turn or not _may_take_turn(state, seat):
            return None
        return RuleViolation(
            ROUND_CLAUSE,
            msg(
                "{seat} may pass only on their own action turn: {on_turn} to act now",
                seat=seat,
                on_turn=at.on_turn,
            ),
            hint=msg("wait for {on_turn} to take an action or pass", on_turn=at.on_turn),
        )
    if kind not in TURN_ACTIONS:
        return None
    unit = next((u for u in state.units if u.id == action.get("unit")), None)
    if unit is None or unit.side != seat:
        return None
    if kind == "attack" and action.get("mode") == "op_fire":
        if seat in at.reactors:
            return None
        return RuleViolation(
            OP_FIRE_CLAUSE,
            msg("{seat} may Op Fire only straight after an enemy unit moves", seat=seat),
            hint=msg("fire on Op Fire when the other nation has just moved a unit"),
        )
    if at.open_unit == (seat, unit.id):
        return None
    if seat == at.on_turn:
        if kind == "move" and unit.activation != "fresh":
            return RuleViolation(
                ROUND_CLAUSE,
                msg(
                    "{id} is {activation}: only a fresh unit may be activated",
                    id=unit.id,
                    activation=unit.activation,
                ),
                hint=msg("move a fresh unit, or pass"),
            )
        return None
    if at.open_unit is not None and at.open_unit[0] == seat:
        return RuleViolation(
            ROUND_CLAUSE,
            msg(
                "the action of {seat} belongs to {value}: it may move on or fire, but {id} must wait for the next action turn of {seat}",
                seat=seat,
                value=at.open_unit[1],
                id=unit.id,
            ),
            hint=msg(
                "finish with {value}, or wait for {on_turn} to act",
                value=at.open_unit[1],
                on_turn=at.on_turn,
            ),
        )
    return RuleViolation(
        ROUND_CLAUSE,
        msg(
            "it is the action turn of {on_turn}, not of {seat} ({kind} refused)",
            on_turn=at.on_turn,
            seat=seat,
            kind=kind,
        ),
        hint=msg("wait for {on_turn} to take an action or pass", on_turn=at.on_turn),
    )


def record_action(before: ToIState, after: ToIState, action: Mapping[str, Any]) -> ToIState:
    """``after`` with the action turn ``action`` took noted (an Op Fire attack takes none)."""
    kind = action.get("type")
    if before.phase is not Phase.ACTION or kind not in TURN_ACTIONS:
        return after
    if kind == "attack" and action.get("mode") == "op_fire":
        return after
    unit = before.unit(str(action["unit"]))
    return replace(after, last_action=(before.round, unit.side, unit.id, str(kind)))


def units_may_act(state: ToIState, seat: str, kind: str = "attack") -> frozenset[str]:
    """The units of ``seat`` that may take a ``kind`` action now (``"move"`` or ``"attack"``).

    The legal forms offer these and no other: a fresh unit on the seat's
    action turn, the unit whose action is still open, and, for an attack
    only, a unit on Op Fire when the enemy has just moved (TOI-ACT-1..3; a
    unit on Op Fire reacts by firing, it does not move).
    """
    if state.phase is not Phase.ACTION:
        return frozenset()
    at = action_turn(state)
    own = [u for u in state.units if u.alive and u.side == seat]
    out = {u.id for u in own if seat == at.on_turn and u.activation == "fresh"}
    if at.open_unit is not None and at.open_unit[0] == seat:
        out.add(at.open_unit[1])
    if kind == "attack" and seat in at.reactors:
        out |= {u.id for u in own if u.activation == "op-fire"}
    return frozenset(out)


def turn(state: ToIState) -> Turn:
    """Where the round stands in ``state`` and who is awaited (this module's docstring)."""
    return _TURNS.one(state, lambda: _turn(state))


def _turn(state: ToIState) -> Turn:
    key = state.step or state.phase.value
    step = term(state.position_words)
    where = term("round {round}, {step}", round=shown_round(state.round, state.step), step=step)
    if state.phase is Phase.ACTION:
        return _action_phase_turn(state, where)
    return simultaneous(
        state.phase.value,
        state.step,
        _involved(state),
        state.done,
        CLAUSES.get(key, ROUND_CLAUSE),
        where,
        state.sides,
    )


def check_may_leave(seat: str | None) -> Callable[[ToIState], None]:
    """A ``may_leave`` guard for :func:`ordnance.toi.procedures.status_phase.advance` for ``seat``."""

    def guard(state: ToIState) -> None:
        t = turn(state)
        if not may_end_step(t, seat):
            # the seats as terms: a face names them by their sides' names
            others = seats_text([s for s in t.waiting_for if s != seat])
            raise RuleViolation(
                t.clause,
                msg(
                    "{seat} may not advance past {position}: it waits for {others} to say done",
                    seat=seat,
                    position=state.position,
                    others=others,
                ),
                hint=msg("wait until {others} says done (the step is theirs too)", others=others),
            )

    return guard


def done(state: ToIState, side: str) -> tuple[ToIState, list[Event], bool]:
    """``side`` is done with the current step; True when that ends the step."""
    t = turn(state)
    state = replace(state, done=state.done | {side})
    event = Event.of(
        "done",
        DoneEvent(side=side, position=state.position),
        msg("{side} finished {position}", side=side, position=term(state.position_words)),
    )
    return state, [event], not turn(state).is_simultaneous and t.is_simultaneous
