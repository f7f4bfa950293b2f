"""Scripted Tide of Iron players that choose only what their seat's view offers.

Both the load test (``scripts/loadtest.py``, over HTTP) and the journal
benchmark (:mod:`ordnance.bench.journal`, in memory) play with these players,
so a benchmark journal is a game the table would have accepted: every action
comes from the seat's ``legal`` forms and passes the sequence-of-play check
(:func:`ordnance.core.turns.check_turn`), and its units move, attack (the unit
holding a face-down token first, so tokens get revealed) and roll dice.

:func:`plan` reads a ``/view`` answer (``view``, ``legal``, ``turn``) and
nothing else; :func:`step` is its in-memory loop for one table version.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.errors import OrdnanceError
from ordnance.core.game import Game, Outcome

SEATS = ("german", "soviet")
#: Move or attack actions a nation takes in one Action Phase before it passes.
ACTIONS_PER_PHASE = 3
#: Attacks a player prices with ``/odds`` on one action turn before it moves instead.
ODDS_TRIES = 3


def choices(form: Mapping[str, Any] | None, name: str) -> list[str]:
    """The values a form's field may take (its ``enum``, also inside ``anyOf``)."""
    if form is None:
        return []
    prop = form.get("schema", {}).get("properties", {}).get(name, {})
    if "enum" in prop:
        return [str(v) for v in prop["enum"]]
    for option in prop.get("anyOf", []):
        if "enum" in option:
            return [str(v) for v in option["enum"]]
    return []


def _hex(text: str) -> tuple[int, int]:
    q, r = text.split(",")
    return int(q), int(r)


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def _step_towards(view: Mapping[str, Any], unit: Mapping[str, Any], seat: str, rng: Any) -> str:
    """A hex next to ``unit`` on the board, closer to the nearest enemy when one is."""
    board = {h["hex"] for h in view.get("board", {}).get("hexes", [])}
    here = _hex(unit["hex"])
    around = [(here[0] + dq, here[1] + dr) for dq, dr in _STEPS]
    around = [h for h in around if f"{h[0]},{h[1]}" in board] or [here]
    enemies = [_hex(u["hex"]) for u in view.get("units", []) if u["side"] != seat and u["alive"]]
    rng.shuffle(around)
    if enemies and rng.random() < 0.8:
        around.sort(key=lambda h: min(_distance(h, e) for e in enemies))
    return f"{around[0][0]},{around[0][1]}"


def _in_range(attacker: Mapping[str, Any], target: Mapping[str, Any]) -> bool:
    """Within twice the attacker's range value (TOI-B2), from the view's public values.

    One hex of slack for a firer on higher ground; the rules and ``/odds`` judge the rest.
    """
    fire = attacker.get("vs_infantry" if target.get("kind") == "squad" else "vs_vehicle") or {}
    reach = 2 * (int(fire.get("range", 0)) + 1)
    return _distance(_hex(attacker["hex"]), _hex(target["hex"])) <= reach


def attacks(
    view: Mapping[str, Any], form: Mapping[str, Any], seat: str, usable: Any = None
) -> list[dict[str, Any]]:
    """Attacks worth pricing: a unit holding a face-down token first, vehicles as its
    targets, only targets in range (``usable``: only these attackers)."""
    holding = {
        t["unit"]
        for t in view.get("tokens", [])
        if t.get("side") == seat and t.get("face") == "down"
    }
    units = {u["id"]: u for u in view.get("units", [])}
    attackers = [u for u in choices(form, "unit") if usable is None or u in usable]
    attackers.sort(key=lambda u: (u not in holding, u))
    targets = choices(form, "target")
    out = []
    for a in attackers:
        ranked = [t for t in targets if t in units and _in_range(units[a], units[t])]
        if a in holding:  # its AP token counts against a vehicle
            ranked.sort(key=lambda t: units[t].get("kind") == "squad")
        out += [{"type": "attack", "unit": a, "target": t} for t in ranked]
    return out


def plan(
    seat: str, answer: Mapping[str, Any], taken: Mapping[str, int], rng: Any
) -> list[dict[str, Any]]:
    """The actions ``seat`` would try now, best first, from its ``/view`` answer alone.

    Only what the seat's ``legal`` forms offer is planned (the seat waits when
    they offer nothing), so the sequence of play decides who acts: the Action
    Phase's alternation (TOI-B8, TOI-ACT-1..3), Op Fire as a reaction to a move
    (TOI-B9), each nation's own part of the purchase window (TOI-GEN-4), Op
    Fire placement and keep-or-discard (TOI-GEN-8), each ended with ``done``.
    ``taken`` counts the seat's own actions at each position (``round:position``),
    so it buys one token a window, takes a few action turns and then passes.
    Attacks come first among the Action Phase's candidates; the caller prices
    each with ``/odds`` before sending it.
    """
    forms = {f["type"]: f for f in answer.get("legal", [])}
    if not forms:
        return []
    view = answer["view"]
    turn = answer.get("turn") or view.get("turn", {})
    args = turn.get("args", {})
    taken_here = taken.get(position_key(view), 0)
    done = [{"type": "done"}] if "done" in forms else []
    own = {u["id"]: u for u in view.get("units", []) if u["side"] == seat and u["alive"]}
    if view.get("phase") == "action":
        moved = args.get("unit")
        out: list[dict[str, Any]] = []
        if moved and args.get("owner") != seat and "attack" in forms:
            # an enemy unit just moved: each unit of ours on Op Fire may fire at it (TOI-B9)
            out += [
                {"type": "attack", "unit": u, "target": moved, "mode": "op_fire"}
                for u in choices(forms["attack"], "unit")
                if own.get(u, {}).get("activation") == "op-fire"
            ]
        if args.get("side") != seat or taken_here >= ACTIONS_PER_PHASE:
            # not our action turn (we pass if we have nothing left, else wait), or enough
            return out + done
        # a unit on Op Fire is offered to us as a reactor, not for our own action turn
        usable = {u for u, v in own.items() if v["activation"] == "fresh"}
        if args.get("owner") == seat and moved in own:
            usable.add(moved)  # Fire and Movement: the unit we just moved (TOI-ACT-3)
        if "attack" in forms and rng.random() < 0.6:
            out += attacks(view, forms["attack"], seat, usable)[:ODDS_TRIES]
        if "move" in forms:
            movers = [u for u in choices(forms["move"], "unit") if u in usable]
            rng.shuffle(movers)
            for u in movers[:2]:
                out.append(
                    {"type": "move", "unit": u, "to": _step_towards(view, own[u], seat, rng)}
                )
        return out + done
    if "receive_command" in forms and taken_here == 0:
        return [{"type": "receive_command", "side": seat, "amount": rng.randint(1, 3)}, *done]
    if "buy" in forms and taken_here == 0:
        units = choices(forms["buy"], "unit")
        kinds = choices(forms["buy"], "munition")
        prefer = [m for m in ("AP-B", "AP-C", "HE") if m in kinds] or kinds
        buy: dict[str, Any] = {"type": "buy", "unit": rng.choice(units)}
        if prefer:
            buy["munition"] = rng.choice(prefer)
        return [buy, *done]
    if "op_fire" in forms and taken_here == 0 and rng.random() < 0.5:
        unit = rng.choice(choices(forms["op_fire"], "unit"))
        return [{"type": "op_fire", "unit": unit}, *done]
    if "discard" in forms and taken_here == 0 and rng.random() < 0.2:
        units, tokens = choices(forms["discard"], "unit"), choices(forms["discard"], "token")
        if units and tokens:
            return [{"type": "discard", "unit": units[0], "token": tokens[0]}, *done]
    if done:
        return done
    if "advance" in forms:
        return [{"type": "advance"}]  # a step that records no choice: on to the next one
    return []


def position_key(view: Mapping[str, Any]) -> str:
    return f"{view.get('round')}:{view.get('position')}"


def decided(state: Any) -> bool:
    """True when a nation of this ToI ``state`` has no unit left alive."""
    return any(not any(u.alive for u in state.units if u.side == s) for s in SEATS)


def answer(game: Game[Any], state: Any, seat: str, version: int) -> dict[str, Any]:
    """What ``GET /view`` carries that :func:`plan` reads: the view, legal forms, turn."""
    view = game.view(state, seat)
    return {
        "version": version,
        "view": view,
        "legal": game.legal(state, seat),
        "turn": game.turn_view(state),
    }


@dataclass(frozen=True, slots=True)
class Accepted:
    """The action one seat's player took at a version, and what the rules made of it."""

    seat: str
    action: dict[str, Any]
    outcome: Outcome[Any]
    dice: DiceSource


def step(
    game: Game[Any],
    state: Any,
    version: int,
    taken: Mapping[str, MutableMapping[str, int]],
    rngs: Mapping[str, Any],
    dice: Callable[[], DiceSource],
    keep: Callable[[Any], bool] = lambda _state: True,
) -> Accepted | None:
    """One version of a table in memory: each seat plans from its view; the first
    action that the odds can price (attacks), :func:`check_turn` and the rules
    accept is taken. Op Fire reactions are tried first, as the load test does.
    Each try rolls from a fresh ``dice()`` (a refused try leaves no roll behind);
    ``taken`` (per seat) is updated; ``None`` when no seat found an action.
    An outcome whose state ``keep`` rejects is not taken (the next candidate is
    tried): the journal benchmark uses it to keep a game from being decided."""
    # A seat the sequence of play neither gives the step nor awaits has no form
    # to plan from (``owned_legal``; ToI has no any-time action). Views are built
    # lazily, in the order the load test tries the seats: a seat that may react
    # to a move (Op Fire) is asked first, and kept first only if it does react.
    turn = game.turn(state)
    involved = [s for s in SEATS if s in turn.active or s in turn.waiting_for]
    moved, owner = turn.message.args.get("unit"), turn.message.args.get("owner")
    plans: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {}

    def planned(seat: str) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        if seat not in plans:
            seen = answer(game, state, seat, version)
            plans[seat] = (seen, plan(seat, seen, taken[seat], rngs[seat]))
        return (seat, *plans[seat])

    reacting = [s for s in involved if moved and owner != s and _reacts(planned(s)[2])]
    order = reacting + [s for s in involved if s not in reacting]
    for seat, seen, candidates in map(planned, order):
        for action in candidates:
            try:
                if action["type"] == "attack":
                    game.odds(state, action, seat)  # the page prices an attack before it
                source = dice()
                outcome = game.apply(state, action, source, seat)  # checks the turn first
            except OrdnanceError:
                continue
            if not keep(outcome.state):
                continue
            key = position_key(seen["view"])
            taken[seat][key] = taken[seat].get(key, 0) + (action["type"] not in ("done", "advance"))
            return Accepted(seat, action, outcome, source)
    return None


def _reacts(candidates: list[dict[str, Any]]) -> bool:
    return bool(candidates) and candidates[0].get("mode") == "op_fire"
