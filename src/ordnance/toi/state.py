"""The immutable game state: units, tokens, smoke markers, nations, phase.

Everything here is a frozen dataclass holding tuples, so a state is a value:
``apply`` returns a new one and replays are exact.

The state holds every secret (the type of each face-down token); only
:func:`ordnance.toi.views.view` turns it into what one seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from ordnance.core.errors import UnknownName
from ordnance.core.hexes import Hex
from ordnance.core.messages import msg, said, term
from ordnance.toi.rules.damage import VehicleDamage
from ordnance.toi.rules.hexmap import ToIMap
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.rules.units import UnitProfile
from ordnance.toi.settings import ToISettings


class Phase(StrEnum):
    ACTION = "action"
    COMMAND = "command"
    STATUS = "status"


#: The Status Phase in order (notes B8), with the munitions hooks in place:
#: revealed tokens are discarded as the phase begins (TOI-GEN-9, done on entry),
#: the purchase window is right before Op Fire placement (TOI-GEN-4), and the
#: keep-or-discard choice ends the phase (TOI-GEN-8).
STATUS_STEPS: tuple[str, ...] = (
    "draw-cards",
    "remove-tokens",
    "munitions",
    "op-fire",
    "transfers",
    "reinforcements",
    "advance-round",
    "keep-or-discard",
)

#: The whole round as (phase, step) positions, in order.
ROUND: tuple[tuple[Phase, str | None], ...] = (
    (Phase.ACTION, None),
    (Phase.COMMAND, None),
    *((Phase.STATUS, s) for s in STATUS_STEPS),
)


def position_name(phase: Phase, step: str | None) -> str:
    return f"{phase.value}:{step}" if step else phase.value


#: Each position of the round in players' words (English; the catalogue has the Russian).
POSITION_WORDS: dict[str, str] = {
    "action": "Action Phase",
    "command": "Command Phase",
    "status:draw-cards": "Status Phase, drawing cards",
    "status:remove-tokens": "Status Phase, removing markers",
    "status:munitions": "Status Phase, purchase window",
    "status:op-fire": "Status Phase, Op Fire placement",
    "status:transfers": "Status Phase, transfers",
    "status:reinforcements": "Status Phase, reinforcements",
    "status:advance-round": "Status Phase, round marker advanced",
    "status:keep-or-discard": "Status Phase, keep or discard face-down tokens",
}


def shown_round(number: int, step: str | None) -> int:
    """The round a position belongs to: the marker has already moved on at
    ``keep-or-discard``, which still ends the Status Phase of the round before."""
    return number - 1 if step == "keep-or-discard" and number > 1 else number


def position_words(phase: Phase, step: str | None) -> str:
    """The position in players' words ("Status Phase, Op Fire placement"), never its id."""
    key = position_name(phase, step)
    return POSITION_WORDS.get(key, key)


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    profile: UnitProfile
    hex: Hex
    figures: int = 0
    damage: VehicleDamage = VehicleDamage.UNDAMAGED
    activation: str = "fresh"  # fresh | fatigued | op-fire
    morale: str = "normal"  # normal | pinned | disrupted (squads)
    alive: bool = True

    @property
    def is_vehicle(self) -> bool:
        """Vehicles and pieces of equipment (TOI-GEN-1)."""
        return self.profile.kind.counts_as_vehicle

    def firepower(self, target_is_vehicle: bool) -> int:
        """Base firepower against the target type: a squad sums its figures (B4)."""
        fire = self.profile.fire(target_is_vehicle)
        return fire.firepower * self.figures if not self.is_vehicle else fire.firepower

    def range_value(self, target_is_vehicle: bool) -> int:
        return self.profile.fire(target_is_vehicle).range

    @property
    def label(self) -> str:
        extra = ""
        if not self.is_vehicle:  # a shown text: the type's name translated in place
            return said(
                "{label} ({count} fig.)", label=term(self.profile.title), count=self.figures
            )
        if self.damage is not VehicleDamage.UNDAMAGED:
            extra = f" ({self.damage.value})"
        return f"{self.profile.title}{extra}"


@dataclass(frozen=True)
class Token:
    """A munitions token on the board. ``munition`` is the secret while face down."""

    id: str
    side: str
    munition: Munition
    unit: str
    face_up: bool = False
    bought_in_status: int = 0


@dataclass(frozen=True)
class SmokeMarker:
    hex: Hex
    placed_round: int


@dataclass(frozen=True)
class Nation:
    name: str
    command: int
    supply: tuple[tuple[Munition, int], ...]
    bought_this_status: int = 0
    purchases: int = 0

    def supply_count(self, m: Munition) -> int:
        return dict(self.supply).get(m, 0)

    def with_supply(self, m: Munition, delta: int) -> Nation:
        counts = dict(self.supply)
        counts[m] = counts.get(m, 0) + delta
        return replace(self, supply=tuple((k, counts.get(k, 0)) for k in Munition))


@dataclass(frozen=True)
class ToIState:
    settings: ToISettings
    map: ToIMap
    nations: tuple[Nation, ...]
    units: tuple[Unit, ...]
    tokens: tuple[Token, ...] = ()
    smoke: tuple[SmokeMarker, ...] = ()
    round: int = 1
    phase: Phase = Phase.ACTION
    step: str | None = None
    status_no: int = 0
    last_drift: tuple[str, str] | None = None
    #: Nations that said "done" in the current step (the sequence of play,
    #: :mod:`ordnance.toi.turns`); emptied at every step change.
    done: frozenset[str] = frozenset()
    #: The last action turn taken in an Action Phase, ``(round, nation, unit,
    #: action type)``; whose action it is comes from it (:mod:`ordnance.toi.turns`,
    #: TOI-B8). A plain tuple, so journal snapshots need no new class.
    last_action: tuple[int, str, str, str] | None = None

    # -- lookups -------------------------------------------------------------------
    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(n.name for n in self.nations)

    def nation(self, name: str) -> Nation:
        for n in self.nations:
            if n.name == name:
                return n
        raise UnknownName(
            msg(
                "no nation called {name!r} (this game: {value})",
                name=name,
                value=", ".join(self.sides),
            )
        )

    def open_move(self) -> str | None:
        """The unit whose move still holds its nation's action open (TOI-ACT-3), or None.

        A move activates the unit (TOI-B8: it is fatigued), but until another
        action turn is taken that unit may move on or fire (Fire and Movement);
        every other activated unit waits for the Status Phase to be fresh again.
        """
        last = self.last_action
        if self.phase is not Phase.ACTION or last is None or last[0] != self.round:
            return None
        if last[3] != "move" or last[1] in self.done:
            return None
        return last[2]

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise UnknownName(
            msg(
                "no unit called {unit_id!r} (units: {value})",
                unit_id=unit_id,
                value=", ".join(u.id for u in self.units),
            )
        )

    def tokens_of(self, side: str) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.side == side)

    def tokens_on(self, unit_id: str) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.unit == unit_id)

    @property
    def smoke_hexes(self) -> frozenset[Hex]:
        return frozenset(s.hex for s in self.smoke)

    @property
    def position(self) -> str:
        return position_name(self.phase, self.step)

    @property
    def position_words(self) -> str:
        """:attr:`position` in players' words (:data:`POSITION_WORDS`)."""
        return position_words(self.phase, self.step)

    # -- functional updates ----------------------------------------------------------
    def with_unit(self, unit: Unit) -> ToIState:
        return replace(self, units=tuple(unit if u.id == unit.id else u for u in self.units))

    def with_nation(self, nation: Nation) -> ToIState:
        return replace(
            self, nations=tuple(nation if n.name == nation.name else n for n in self.nations)
        )
