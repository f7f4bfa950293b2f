"""The ASL Player Turn: its eight phases and which side acts in each.

A Game Turn is two Player Turns. In each Player Turn one side is the ATTACKER
(the side whose Player Turn it is) and the other the DEFENDER. Special
ammunition cares about phases because SMOKE and WP may only be fired in
certain ones (notes Part B, B3; clauses ASL-8.5-a, ASL-8.51-a/b, ASL-8.6-a).

>>> Phase.PFPh.number, Phase.PFPh.full_name
(2, 'Prep Fire Phase')
>>> next_phase(Phase.CCPh)
<Phase.RPh: 'RPh'>
>>> firing_side(Phase.DFPh)
<Side.DEFENDER: 'DEFENDER'>
"""

from __future__ import annotations

from enum import StrEnum

from ordnance.core.errors import UnknownName
from ordnance.core.messages import msg

__all__ = [
    "FIRE_PHASES",
    "PLAYER_TURN",
    "Phase",
    "Side",
    "acting_sides",
    "ends_player_turn",
    "firing_side",
    "is_friendly_fire_phase",
    "next_phase",
    "parse_phase",
]


class Side(StrEnum):
    """The role a side plays in the current Player Turn."""

    ATTACKER = "ATTACKER"
    DEFENDER = "DEFENDER"

    @property
    def other(self) -> Side:
        return Side.DEFENDER if self is Side.ATTACKER else Side.ATTACKER


class Phase(StrEnum):
    """The eight phases of a Player Turn, in order (B3)."""

    RPh = "RPh"
    PFPh = "PFPh"
    MPh = "MPh"
    DFPh = "DFPh"
    AFPh = "AFPh"
    RtPh = "RtPh"
    APh = "APh"
    CCPh = "CCPh"

    @property
    def number(self) -> int:
        """1 for the RPh up to 8 for the CCPh."""
        return PLAYER_TURN.index(self) + 1

    @property
    def full_name(self) -> str:
        return _TITLES[self]


#: The phases in Player Turn order.
PLAYER_TURN: tuple[Phase, ...] = tuple(Phase)

_TITLES: dict[Phase, str] = {
    Phase.RPh: "Rally Phase",
    Phase.PFPh: "Prep Fire Phase",
    Phase.MPh: "Movement Phase",
    Phase.DFPh: "Defensive Fire Phase",
    Phase.AFPh: "Advancing Fire Phase",
    Phase.RtPh: "Rout Phase",
    Phase.APh: "Advance Phase",
    Phase.CCPh: "Close Combat Phase",
}

#: The friendly fire phases (ASL-AMB-13 default): the phases whose whole
#: purpose is fire. First Fire during the MPh is not one of them.
FIRE_PHASES: frozenset[Phase] = frozenset({Phase.PFPh, Phase.DFPh, Phase.AFPh})

_ACTING: dict[Phase, frozenset[Side]] = {
    # Both sides may attempt rallies; the ATTACKER moves, the DEFENDER may
    # First Fire at moving units during the MPh; both sides rout (ATTACKER
    # first) and both take part in Close Combat.
    Phase.RPh: frozenset({Side.ATTACKER, Side.DEFENDER}),
    Phase.PFPh: frozenset({Side.ATTACKER}),
    Phase.MPh: frozenset({Side.ATTACKER, Side.DEFENDER}),
    Phase.DFPh: frozenset({Side.DEFENDER}),
    Phase.AFPh: frozenset({Side.ATTACKER}),
    Phase.RtPh: frozenset({Side.ATTACKER, Side.DEFENDER}),
    Phase.APh: frozenset({Side.ATTACKER}),
    Phase.CCPh: frozenset({Side.ATTACKER, Side.DEFENDER}),
}

_FIRING: dict[Phase, Side] = {
    Phase.PFPh: Side.ATTACKER,
    Phase.MPh: Side.DEFENDER,  # Defensive First Fire
    Phase.DFPh: Side.DEFENDER,
    Phase.AFPh: Side.ATTACKER,
}


def next_phase(phase: Phase) -> Phase:
    """The phase after ``phase``; after the CCPh the next Player Turn's RPh.

    Use :func:`ends_player_turn` to know when the roles swap.
    """
    return PLAYER_TURN[(PLAYER_TURN.index(phase) + 1) % len(PLAYER_TURN)]


def ends_player_turn(phase: Phase) -> bool:
    """True for the CCPh, the last phase of a Player Turn."""
    return phase is Phase.CCPh


def acting_sides(phase: Phase) -> frozenset[Side]:
    """The sides that may act during ``phase``."""
    return _ACTING[phase]


def firing_side(phase: Phase) -> Side | None:
    """The side whose units fire in ``phase``; None when nobody fires.

    The MPh gives the DEFENDER (Defensive First Fire).
    """
    return _FIRING.get(phase)


def is_friendly_fire_phase(phase: Phase, side: Side, *, include_first_fire: bool = False) -> bool:
    """Is ``phase`` a fire phase of ``side`` (ASL-8.6-a, ASL-AMB-13)?

    PFPh and AFPh are the ATTACKER's, the DFPh the DEFENDER's. With
    ``include_first_fire`` (the ASL-AMB-13 option) the MPh counts for the
    DEFENDER too.

    >>> is_friendly_fire_phase(Phase.AFPh, Side.ATTACKER)
    True
    >>> is_friendly_fire_phase(Phase.MPh, Side.DEFENDER)
    False
    >>> is_friendly_fire_phase(Phase.MPh, Side.DEFENDER, include_first_fire=True)
    True
    """
    if phase in FIRE_PHASES:
        return _FIRING[phase] is side
    if phase is Phase.MPh and include_first_fire:
        return side is Side.DEFENDER
    return False


def parse_phase(text: str) -> Phase:
    """``"PFPh"``, ``"pfph"``, ``"prep fire"`` or ``"2"`` -> :class:`Phase`.

    >>> parse_phase("dfph"), parse_phase("Advancing Fire Phase"), parse_phase("8")
    (<Phase.DFPh: 'DFPh'>, <Phase.AFPh: 'AFPh'>, <Phase.CCPh: 'CCPh'>)
    """
    key = " ".join(text.strip().lower().split())
    for phase in PLAYER_TURN:
        title = phase.full_name.lower()
        if key in (phase.value.lower(), title, title.removesuffix(" phase"), str(phase.number)):
            return phase
    raise UnknownName(
        msg("unknown phase {text!r}", text=text),
        hint="use one of " + ", ".join(p.value for p in PLAYER_TURN),
    )
