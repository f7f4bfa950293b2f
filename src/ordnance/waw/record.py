"""What each action does to the game: one pure function per action type.

Each handler takes the state, the validated action, the dice and the acting
seat, and returns the new state with its events, or raises an
:class:`~ordnance.core.errors.OrdnanceError` and changes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.errors import NotYourSeat, OrdnanceError
from ordnance.core.game import Event, Outcome, msg, term
from ordnance.core.hexes import Hex
from ordnance.waw import actions as A
from ordnance.waw.fascam import (
    attacked_by_mines,
    check_fascam_caller,
    markers_rolled_against,
    mine_attack,
    mine_disrupt,
)
from ordnance.waw.he_mission import he_fire, hq_check_result
from ordnance.waw.los import smoke_area
from ordnance.waw.marker_removal import done, marker_removal_phase
from ordnance.waw.seats import check_seat
from ordnance.waw.setup import place_terrain, place_unit, remove_unit, set_condition
from ordnance.waw.smoke import fire_check
from ordnance.waw.smoke_mission import smoke
from ordnance.waw.state import WawState
from ordnance.waw.units import condition_term

Result = Outcome[WawState]


def fascam(state: WawState, a: A.Fascam, dice: DiceSource, seat: str | None) -> Result:
    """WAW-8.3-a/-b: Americans only; Mines! in the target hex."""
    nationality = state.side_nationality(a.side)
    check_seat(seat, a.side)
    who = f"side {a.side}"
    if a.caller is not None:
        caller = state.live_unit(a.caller)
        if caller.side != a.side:
            raise NotYourSeat(f"{a.caller} belongs to {caller.side}, not {a.side}")
        nationality = state.unit_type(caller).nationality
        who = f"{a.caller} ({state.unit_type(caller).name})"
    check_fascam_caller(nationality, who)
    target = state.hex(a.target)
    new = replace(state, mines=state.mines | {target})
    events = [
        Event.of(
            "fascam",
            {
                "side": a.side,
                "target": str(target),
                "area": [str(h) for h in sorted(smoke_area(target))],
            },
            msg("Mines! in {target}: it and its six neighbours are mined", target=str(target)),
        )
    ]
    if state.settings.fascam_attack_on_placement:  # WAW-AMB-14 option
        for unit in sorted(new.units.values(), key=lambda u: u.id):
            if unit.condition.eliminated or unit.hex not in smoke_area(target):
                continue
            if target not in new.mines:
                break
            new, ev = _mine_attack(new, unit.id, unit.hex, target, dice)
            events.append(ev)
    return Outcome(new, tuple(events))


def _mine_attack(
    state: WawState, uid: str, where: Hex, marker: Hex, dice: DiceSource
) -> tuple[WawState, Event]:
    """One mine attack (WAW-8.3-d, -e; WAW-AMB-15, -16)."""
    unit = state.unit(uid)
    die = dice.d6(f"mines {marker} vs {uid}")
    disrupts, removes = mine_attack(die)
    after = unit.condition
    if disrupts:
        after = mine_disrupt(unit.condition, state.unit_type(unit).armour, state.settings)
    new = state.with_condition(uid, after)
    if removes:  # WAW-AMB-16: after the Disrupt
        new = replace(new, mines=new.mines - {marker})
    effect = (
        term("no effect")
        if not disrupts
        else term(
            "{before} -> {after}",
            before=condition_term(unit.condition),
            after=condition_term(after),
        )
    )
    message = msg(
        "mines ({marker}) attack {unit} in {hex}: d6={die}, {effect}; the Mines! marker is removed"
        if removes
        else "mines ({marker}) attack {unit} in {hex}: d6={die}, {effect}",
        marker=str(marker),
        unit=uid,
        hex=str(where),
        die=die,
        effect=effect,
    )
    data = {
        "unit": uid,
        "hex": str(where),
        "marker": str(marker),
        "die": die,
        "before": unit.condition.label,
        "after": after.label,
        "marker_removed": removes,
    }
    return new, Event.of("mine_attack", data, message)


def enter_hex(
    state: WawState, uid: str, step: Hex, dice: DiceSource, attacked: bool
) -> tuple[WawState, list[Event], bool]:
    """One hex of a move: the unit enters ``step`` and the mines there attack it.

    WAW-8.3-d with WAW-AMB-13: by default one roll for each marker whose
    area holds the hex (:func:`markers_rolled_against`; option
    ``fascam_overlap="per_hex"``: one roll for the hex), and with ``fascam_once_per_move`` no
    roll once the unit has been attacked during this move (``attacked``).
    Returns the new state, its events and whether the unit has been attacked.
    The move and its odds (:func:`ordnance.waw.odds.move_through_mines`) both
    run this function.
    """
    new = state.with_unit(replace(state.unit(uid), hex=step))
    nationality = state.unit_type(state.unit(uid)).nationality
    if not attacked_by_mines(nationality, state.settings):
        return new, [], attacked
    events: list[Event] = []
    for marker in markers_rolled_against(new.mines, step, state.settings):
        if attacked and state.settings.fascam_once_per_move:
            break
        if new.unit(uid).condition.eliminated or marker not in new.mines:
            break
        new, ev = _mine_attack(new, uid, step, marker, dice)
        events.append(ev)
        attacked = True
    return new, events, attacked


def move(state: WawState, a: A.Move, dice: DiceSource, seat: str | None) -> Result:
    """Move hex by hex; each mined hex entered attacks the unit (WAW-8.3-d, WAW-AMB-13)."""
    unit = state.live_unit(a.unit)
    check_seat(seat, unit.side)
    path = [state.hex(h) for h in a.path]
    here = unit.hex
    for step in path:
        if here.distance(step) != 1:
            raise OrdnanceError(
                f"{step} is not adjacent to {here}", hint="list every hex of the path in order"
            )
        here = step
    state.check_stacking(path[-1], unit)
    new = state
    events: list[Event] = []
    attacked = False
    for step in path:
        new, step_events, attacked = enter_hex(new, unit.id, step, dice, attacked)
        events.extend(step_events)
        if new.unit(unit.id).condition.eliminated:
            break
    moved_to = new.unit(unit.id).hex
    events.insert(
        0,
        Event.of(
            "moved",
            {"unit": unit.id, "from": str(unit.hex), "path": [str(h) for h in path]},
            msg(
                "{unit} moves {start} -> {path}",
                unit=unit.id,
                start=str(unit.hex),
                path=" -> ".join(map(str, path)),
            ),
        ),
    )
    if moved_to != path[-1]:
        events.append(
            Event.of(
                "stopped",
                {"unit": unit.id, "hex": str(moved_to)},
                msg("{unit} is Eliminated in {hex}", unit=unit.id, hex=str(moved_to)),
            )
        )
    return Outcome(new, tuple(events))


def fire(state: WawState, a: A.Fire, dice: DiceSource, seat: str | None) -> Result:
    """A unit's AP or HE shot: smoke LOS and Hit Number (WAW-8.2-c to -g), then its dice.

    The defender's armour or terrain save belongs to the core ranged-combat
    rules (not in the section 8 text): the Hits are recorded for the players.
    """
    unit = state.live_unit(a.unit)
    check_seat(seat, unit.side)
    target = state.hex(a.target)
    kind = state.unit_type(unit)
    check = fire_check(kind, a.weapon, unit.hex, target, state.smoke, state.settings)
    attack = dice.pool(check.rating.firepower, f"{a.weapon} fire {unit.id}")
    hits = sum(1 for v in attack if v >= check.hit_number)
    data = {
        **check.to_dict(),
        "unit": unit.id,
        "target": str(target),
        "attack": list(attack),
        "hits": hits,
    }
    mods = "".join(f" +{m.amount} ({m.clause})" for m in check.modifiers)
    message = msg(
        "{unit} fires {weapon} {firepower} dice at {target}, Hit Number {base}{mods} = "
        "{hit_number}: {hits} Hit(s) (the target's save follows the core rules)",
        unit=unit.id,
        weapon=a.weapon.upper(),
        firepower=check.rating.firepower,
        target=str(target),
        base=check.rating.hit_number,
        mods=mods,
        hit_number=check.hit_number,
        hits=hits,
    )
    return Outcome(state, (Event.of("fire", data, message),))


def apply_action(state: WawState, action: Any, dice: DiceSource, seat: str | None) -> Result:
    if isinstance(action, A.PlaceTerrain):
        return place_terrain(state, action, seat)
    if isinstance(action, A.PlaceUnit):
        return place_unit(state, action, seat)
    if isinstance(action, A.RemoveUnit):
        return remove_unit(state, action, seat)
    if isinstance(action, A.SetCondition):
        return set_condition(state, action, seat)
    if isinstance(action, A.HeFire):
        return he_fire(state, action, dice, seat)
    if isinstance(action, A.Smoke):
        return smoke(state, action, seat)
    if isinstance(action, A.Fascam):
        return fascam(state, action, dice, seat)
    if isinstance(action, A.Move):
        return move(state, action, dice, seat)
    if isinstance(action, A.Fire):
        return fire(state, action, dice, seat)
    if isinstance(action, A.MarkerRemoval):
        return marker_removal_phase(state, action, seat)
    if isinstance(action, A.HqCheckResult):
        return hq_check_result(state, action, seat)
    if isinstance(action, A.Done):
        return done(state, action, seat)
    raise OrdnanceError(f"unhandled action {action!r}")  # pragma: no cover
