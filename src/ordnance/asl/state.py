"""The ASL game state: the written side record (ASL-8.0-a), each Gun's capabilities and their use.

The record is kept per piece, not per counter type, and lasts the whole
scenario: an ammunition that ran out (ASL-8.9-d) or was found missing
(ASL-8.9-e) stays gone, with the DR and turn that exhausted it.

The state values here are immutable; the procedures (one module each, named
after their action: :mod:`ordnance.asl.procedures.add_gun`, :mod:`ordnance.asl.procedures.fire`...)
build new ones. :func:`find_side` is the lookup they share (ASL-8.0-a); a new scenario is
:mod:`ordnance.asl.setup`, the Gun a seat may act with :mod:`ordnance.asl.seats`.
The terminal rendering of the record is :mod:`ordnance.cli.asl.render`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ordnance.asl.rules.capability import GOVERNED_ELSEWHERE
from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.phases import Phase
from ordnance.asl.settings import AslSettings, SideSettings
from ordnance.core.errors import UnknownName
from ordnance.core.messages import msg
from ordnance.core.plain import attributes

Status = Literal["available", "gone", "not-available"]


@dataclass(frozen=True, slots=True)
class Exhaustion:
    """The shot that used up (or revealed the absence of) an ammunition."""

    dr: tuple[int, int]
    turn: int
    phase: str
    shot: int
    outcome: str

    @property
    def original_dr(self) -> int:
        return self.dr[0] + self.dr[1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "dr": list(self.dr),
            **attributes(self, "original_dr turn phase shot outcome"),
        }


@dataclass(frozen=True, slots=True)
class Capability:
    """One line of a Gun's record."""

    ammo: str
    token: str | None
    source: str  # counter, chart, scw
    depletion: int | None  # Depletion Number at the scenario date (Elite included)
    depletion_applies: bool
    available_at_date: bool
    clause: str
    reason: str
    uses: int = 0
    attempts: int = 0
    exhausted: Exhaustion | None = None

    @property
    def gone(self) -> bool:
        return self.exhausted is not None

    @property
    def status(self) -> Status:
        if not self.available_at_date:
            return "not-available"
        return "gone" if self.gone else "available"

    def to_dict(self) -> dict[str, Any]:
        return {
            **attributes(
                self,
                "ammo token source depletion depletion_applies status uses attempts",
            ),
            "exhausted": self.exhausted.to_dict() if self.exhausted else None,
            "clause": self.clause,
            "reason": self.reason,
            "governed_by": GOVERNED_ELSEWHERE.get(self.ammo),
        }


@dataclass(frozen=True, slots=True)
class Gun:
    """A piece in play and its record."""

    id: str
    side: str
    name: str
    notation: str | None
    gun_size: str | None
    made_by: str | None
    breakdown: int | None
    rof: int
    hex: str | None
    elite: bool
    can_fire_he: bool
    capabilities: tuple[Capability, ...]
    canister_fp: int | None = None
    shots: int = 0  # To Hit / Placement / Canister DRs rolled so far
    fired_this_phase: bool = False
    may_fire_again: bool = False
    intensive_used: bool = False
    malfunctioned: bool = False
    pending: str | None = None  # ammunition declared for the next shot
    ca: int | None = None  # Covered Arc (Direction 0..5) when tracked
    fire_marker: str | None = None  # Prep Fire / First Fire / Final Fire marker this phase
    #: Phases of the current Player Turn in which it fired (B5.6, ordnance.asl.rules.fire_limits).
    fired_phases: tuple[str, ...] = ()
    #: Captured or non-qualified use (notes B5.3 Case H): B# -2, +2 To Hit, red TH#, ROF lowered.
    captured: bool = False
    #: The counter's To Hit marking (``red``/``black``, ASL-B5.1); None: the nationality's default.
    to_hit: str | None = None
    #: The VASL piece id of the counter its values came from (the library key to name).
    piece_id: str | None = None
    #: The Armour Factors printed on its counter (ASL-B6), as (hull front, hull side,
    #: turret front, turret side), each None when not known; public information.
    armour: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)

    def armour_dict(self) -> dict[str, int]:
        """The known Armour Factors by name (``hull_front`` ... ``turret_side``)."""
        names = ("hull_front", "hull_side", "turret_front", "turret_side")
        return {n: v for n, v in zip(names, self.armour, strict=True) if v is not None}

    def capability(self, ammo: str) -> Capability | None:
        for cap in self.capabilities:
            if cap.ammo == ammo:
                return cap
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            **attributes(
                self,
                "id side name notation gun_size made_by breakdown rof hex elite canister_fp",
                "shots fired_this_phase may_fire_again malfunctioned",
            ),
            "declared": self.pending,
            "ca": self.ca,
            "fire_marker": self.fire_marker,
            "fired_phases": list(self.fired_phases),
            "captured": self.captured,
            "to_hit": self.to_hit,
            "piece_id": self.piece_id,
            "capabilities": [c.to_dict() for c in self.capabilities],
        } | ({"armour": self.armour_dict()} if self.armour_dict() else {})


@dataclass(frozen=True, slots=True)
class Marker:
    hex: str
    kind: str
    label: str


@dataclass(frozen=True, slots=True)
class AslState:
    """A scenario in progress."""

    settings: AslSettings
    date: ScenarioDate
    theatre: Theatre
    turn: int = 1
    phase: Phase = Phase.RPh
    attacker: str = ""
    guns: tuple[Gun, ...] = ()
    non_smoke_fired: frozenset[str] = frozenset()  # sides that fired non-SMOKE this phase
    markers: tuple[Marker, ...] = ()
    clusters: tuple[tuple[str, ...], ...] = field(default=())
    recent: tuple[str, ...] = ()
    #: Sides that said "done" in the current (simultaneous) phase; emptied by
    #: every phase change (:mod:`ordnance.asl.turns`).
    done: frozenset[str] = frozenset()

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.settings.sides)

    @property
    def defender(self) -> str:
        others = [s for s in self.side_names if s != self.attacker]
        return others[0] if others else ""

    def gun(self, gun_id: str) -> Gun | None:
        for gun in self.guns:
            if gun.id == gun_id:
                return gun
        return None

    def with_gun(self, gun: Gun, **changes: Any) -> AslState:
        """This state with ``gun`` replacing the Gun of the same id (and other changes)."""
        guns = tuple(gun if g.id == gun.id else g for g in self.guns)
        return replace(self, guns=guns, **changes)

    def remember(self, text: str) -> AslState:
        """This state with ``text`` added to the recent events the view shows (last 8)."""
        return replace(self, recent=(*self.recent, text)[-8:])


def find_side(state: AslState, name: str) -> SideSettings:
    """The side called ``name``, or a refusal naming the sides of the record (ASL-8.0-a)."""
    for side in state.settings.sides:
        if side.name == name:
            return side
    raise UnknownName(
        msg("no side called {name!r}", name=name),
        clause="ASL-8.0-a",
        hint="one of " + ", ".join(state.side_names),
    )
