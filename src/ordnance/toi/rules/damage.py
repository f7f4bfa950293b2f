"""Applying net hits to a vehicle or a squad: the documented default.

Notes B6 confirm (secondary sources) only the first row: an undamaged vehicle
taking 1-2 hits is lightly damaged and 3 hits heavily damaged. The rest is
flagged [unverified] in the notes and marked ``UNCERTAIN`` here:

* 4+ hits on an undamaged vehicle destroy it;
* a lightly damaged vehicle taking 1-2 hits becomes heavily damaged, 3+ destroy it;
* any hit on a heavily damaged vehicle destroys it.

Effects: light and heavy damage both give -1 armour; heavy damage halves
firepower and stops movement. Squads lose one figure per net hit on a normal
attack; a suppressive attack pins on 1 hit and disrupts on 2 or more (B4,
[unverified]).
"""

from __future__ import annotations

from enum import StrEnum

#: Rows of the damage table the notes mark [unverified].
UNCERTAIN = (
    "4+ hits destroy an undamaged vehicle",
    "lightly damaged + 1-2 hits = heavily damaged; + 3 hits = destroyed",
    "heavily damaged + any hit = destroyed",
    "suppressive: 1 hit pins, 2+ disrupt",
)


class VehicleDamage(StrEnum):
    UNDAMAGED = "undamaged"
    LIGHT = "light"
    HEAVY = "heavy"
    DESTROYED = "destroyed"


def hits_to_destroy(state: VehicleDamage) -> int:
    """Net hits needed to destroy a vehicle in ``state`` (0 if already destroyed).

    >>> [hits_to_destroy(s) for s in VehicleDamage]
    [4, 3, 1, 0]
    """
    return {"undamaged": 4, "light": 3, "heavy": 1, "destroyed": 0}[state.value]


def vehicle_after_hits(state: VehicleDamage, hits: int) -> VehicleDamage:
    """The damage state after ``hits`` net hits (notes B6; see :data:`UNCERTAIN`)."""
    if hits <= 0 or state is VehicleDamage.DESTROYED:
        return state
    if hits >= hits_to_destroy(state):
        return VehicleDamage.DESTROYED
    if state is VehicleDamage.UNDAMAGED:
        return VehicleDamage.LIGHT if hits <= 2 else VehicleDamage.HEAVY
    return VehicleDamage.HEAVY


def armour_penalty(state: VehicleDamage) -> int:
    """Light or heavy damage: -1 armour (notes B6)."""
    return 1 if state in (VehicleDamage.LIGHT, VehicleDamage.HEAVY) else 0


def firepower_halvings(state: VehicleDamage) -> int:
    """Heavy damage halves firepower (notes B6)."""
    return 1 if state is VehicleDamage.HEAVY else 0


def squad_after_hits(figures: int, hits: int, suppressive: bool, morale: str) -> tuple[int, str]:
    """(figures left, morale) after a normal or suppressive attack on a squad."""
    if hits <= 0:
        return figures, morale
    if suppressive:
        worse = "disrupted" if hits >= 2 or morale == "disrupted" else "pinned"
        return figures, worse
    return max(figures - hits, 0), morale
