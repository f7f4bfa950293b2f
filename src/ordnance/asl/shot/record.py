"""Recording a special-ammunition shot on the side record (ASL-8.9-c/d/e, ASL-AMB-15, B5.6).

:func:`record_shot` is the last step of every shot whose DR was a depletion
check (special ammunition, SMOKE/WP placement, Canister): the capability's
use and exhaustion, the Gun's firing rights (Multiple ROF, Intensive Fire,
malfunction, fire marker, the B5.6 once-per-Player-Turn record) and the event.
A voided attempt (DR > N) is no shot but for the malfunction check
(ASL-8.9-e): the Gun keeps the rights it had, and a CA change made for it
stays unless the option ``voided_shot_ca`` undoes it (ASL-AMB-15).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal

from ordnance.asl.rules.depletion import ShotResult
from ordnance.asl.rules.fire_limits import record_fired
from ordnance.asl.rules.phases import Phase
from ordnance.asl.state import AslState, Capability, Exhaustion, Gun, Marker
from ordnance.core.events import Event
from ordnance.core.game import Outcome
from ordnance.core.hexes import Direction
from ordnance.core.messages import Message, msg, term

__all__ = ["FIRE_MARKERS", "record_shot"]

#: The marker a Gun that fired gets in each phase (none in the AFPh).
FIRE_MARKERS = {Phase.PFPh: "Prep Fire", Phase.MPh: "First Fire", Phase.DFPh: "Final Fire"}


def record_shot(
    state: AslState,
    gun: Gun,
    cap: Capability,
    result: ShotResult,
    shot_no: int,
    *,
    kind: str,
    extra: Mapping[str, Any] | None = None,
    non_smoke: bool = True,
    markers: tuple[Marker, ...] = (),
    ca_before: int | Literal["unchanged"] | None = "unchanged",
    note: dict[str, Any] | None = None,
) -> Outcome[AslState]:
    cap2 = replace(
        cap,
        uses=cap.uses + (1 if result.fired_special else 0),
        attempts=cap.attempts + 1,
        exhausted=(
            Exhaustion(
                (result.dr.coloured, result.dr.white),
                state.turn,
                state.phase.value,
                shot_no,
                result.outcome.value,
            )
            if result.gone and cap.depletion_applies
            else None
        ),
    )
    caps = tuple(cap2 if c.ammo == cap.ammo else c for c in gun.capabilities)
    fired = result.counts_as_fired
    ca = gun.ca
    prior = gun.ca if ca_before == "unchanged" else ca_before
    voided: dict[str, Any] | None = None
    if not fired:
        # ASL-AMB-15: no Acquisition and no fire marker from a voided shot; a CA
        # change made for it stays, unless the option undoes it.
        undo = state.settings.options.voided_shot_ca == "undo" and prior != gun.ca
        if undo:
            ca = prior
        voided = {
            "fire_marker": gun.fire_marker,
            "acquisition": False,
            "ca": ca,
            "ca_changed_for_shot": prior != gun.ca,
            "ca_restored": undo,
            "clause": "ASL-AMB-15",
        }
    if fired:
        gun2 = replace(
            gun,
            capabilities=caps,
            shots=shot_no,
            fired_this_phase=True,
            may_fire_again=result.rof_retained,
            intensive_used=gun.intensive_used or result.intensive,
            malfunctioned=result.malfunctioned,
            pending=None,
            fire_marker=FIRE_MARKERS.get(state.phase),
        )
        gun2 = record_fired(gun2, state.phase)
    else:
        # ASL-8.9-e: the attempt counts as not fired for every purpose but the
        # malfunction check, so the Gun keeps the firing rights it had before it
        # (a voided Intensive Fire attempt may be made again as Intensive Fire,
        # and does not turn into a normal shot); only the ammunition is gone.
        gun2 = replace(
            gun,
            capabilities=caps,
            shots=shot_no,
            malfunctioned=result.malfunctioned,
            pending=None,
            ca=ca,
        )
    fired_sides = state.non_smoke_fired | ({gun.side} if fired and non_smoke else set())
    new = state.with_gun(
        gun2, non_smoke_fired=frozenset(fired_sides), markers=state.markers + markers
    )
    shot_result = result.message()
    if not fired:
        shot_result = _voided_message(shot_result, gun, result)
    args: dict[str, Any] = {
        "gun": gun.id,
        "shot": shot_no,
        "result": {"template": shot_result.template, "args": dict(shot_result.args)},
    }
    message: Message = msg("{gun} shot #{shot}: {result}", **args)
    data = {"gun": gun.id, "shot": shot_no, "special": True, **result.to_dict()}
    if extra:
        data.update(extra)
    if voided is not None:
        data["voided"] = voided
        data["may_fire_next"] = _after_voided(gun, result)  # ASL-8.9-e, ASL-B5.8
        if voided["ca_restored"] and ca is not None:
            message = msg(
                "{gun} shot #{shot}: {result}; CA back to {ca} (ASL-AMB-15)",
                **args,
                ca=Direction(ca).name,
            )
    if note is not None:
        message = msg(
            "{text}; {note}",
            text={"template": message.template, "args": dict(message.args)},
            note=note,
        )
    event = Event.of(kind, data, message)
    return Outcome(new.remember(event.text), (event,))


def _after_voided(gun: Gun, result: ShotResult) -> str:
    """What the Gun may still fire after a voided (DR > N) attempt (ASL-8.9-e, ASL-B5.8).

    The attempt leaves the Gun's firing rights as they were before it: a voided
    Intensive Fire attempt may be made again, but only as Intensive Fire.
    """
    if result.malfunctioned:
        return "nothing (malfunctioned)"
    if result.intensive:
        return "Intensive Fire only"
    return "other ammunition"


def _voided_message(message: Message, gun: Gun, result: ShotResult) -> Message:
    """The DR > N record text, saying what the Gun may really do next (ASL-8.9-e)."""
    after = _after_voided(gun, result)
    if after == "other ammunition":
        return message  # the depletion check's own text is true here
    if after == "Intensive Fire only":
        outcome = term(
            "there was none: no shot, the Gun has not fired and may fire other ammunition "
            "only as Intensive Fire; gone for the scenario"
        )
    else:
        outcome = term("there was none: no shot and the Gun has not fired; gone for the scenario")
    return msg(message.template, **{**dict(message.args), "outcome": outcome})
