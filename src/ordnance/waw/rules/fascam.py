"""FASCAM: artillery-scattered minefields (section 8.3).

* WAW-8.3-a: only the Americans may call FASCAM.
* WAW-8.3-b / -c: a Mines! marker in the target hex mines it and its six
  neighbours (the same seven-hex area as smoke).
* WAW-8.3-d: each unit entering a mined hex is attacked: one d6, even
  Disrupts, odd does nothing. WAW-AMB-13: one roll per mined hex entered,
  even where mined areas overlap (:func:`markers_rolled_against`).
* WAW-8.3-e: a 6 also removes the marker, after Disrupting the unit (WAW-AMB-16).
* WAW-8.3-f: the marker has no other expiry (the Marker Removal Phase keeps it).

>>> mine_attack(4), mine_attack(5), mine_attack(6)
((True, False), (False, False), (True, True))
"""

from __future__ import annotations

from collections.abc import Iterable

from ordnance.core.errors import RuleViolation
from ordnance.core.hexes import Hex
from ordnance.core.messages import msg
from ordnance.waw.rules.catalogue import ArmourClass
from ordnance.waw.rules.los import smoke_area
from ordnance.waw.rules.units import Condition
from ordnance.waw.settings import WawSettings

AMERICAN = "american"


def check_fascam_caller(nationality: str, who: str | dict[str, object]) -> None:
    """WAW-8.3-a: refuse FASCAM for anyone but the Americans."""
    if nationality != AMERICAN:
        raise RuleViolation(
            "WAW-8.3-a",
            msg(
                "only the Americans may use FASCAM, and {who} is {nationality}",
                who=who,
                nationality=nationality,
            ),
            hint=msg(
                "call an HE Fire or Smoke mission instead, or have an American formation call it"
            ),
        )


def markers_covering(mines: Iterable[Hex], h: Hex) -> list[Hex]:
    """The Mines! markers whose area holds ``h`` (WAW-8.3-c), in hex order."""
    return sorted(m for m in mines if h in smoke_area(m))


def marker_rolled_against(mines: Iterable[Hex], h: Hex) -> Hex | None:
    """The one marker a roll in ``h`` answers to, or None if ``h`` is not mined.

    Where mined areas overlap, the hex is still entered once and rolled for
    once (WAW-AMB-13), and a 6 removes ONE marker: the one whose centre is
    nearest ``h`` (the marker in ``h`` itself before a neighbour's), ties going
    to the lowest hex in (q, r) order.

    >>> marker_rolled_against({Hex(1, 0), Hex(0, 0)}, Hex(1, 0))
    Hex(1, 0)
    >>> marker_rolled_against({Hex(1, 0), Hex(0, 1)}, Hex(0, 0))
    Hex(0, 1)
    >>> marker_rolled_against({Hex(5, 5)}, Hex(0, 0)) is None
    True
    """
    covering = markers_covering(mines, h)
    if not covering:
        return None
    return min(covering, key=lambda m: (m.distance(h), m))


def markers_rolled_against(mines: Iterable[Hex], h: Hex, settings: WawSettings) -> list[Hex]:
    """The markers a unit entering ``h`` is attacked by, one die each (WAW-AMB-13).

    Default ``fascam_overlap = "per_marker"`` (the text states the attack per
    marker): one attack for each marker whose area holds ``h``, in hex order.
    Option ``"per_hex"``: one attack per mined hex entered, however many mined
    areas overlap there, a 6 removing the nearest marker.
    """
    if settings.fascam_overlap == "per_marker":
        return markers_covering(mines, h)
    one = marker_rolled_against(mines, h)
    return [] if one is None else [one]


def mine_attack(die: int) -> tuple[bool, bool]:
    """(Disrupts?, removes the marker?) for one mine attack die (WAW-8.3-d, -e)."""
    return die % 2 == 0, die == 6


def mine_disrupt(cond: Condition, armour: ArmourClass, settings: WawSettings) -> Condition:
    """Effect of an even mine roll (WAW-8.3-d).

    WAW-AMB-15: by default a unit already Disrupted suffers nothing more; the
    option ``fascam_disrupt_ladder`` moves it one step along the core damage
    ladder (Disrupted, Reduced, Eliminated) whatever its armour.
    """
    if cond.eliminated:
        return cond
    if not cond.disrupted:
        return Condition(disrupted=True, reduced=cond.reduced)
    if not settings.fascam_disrupt_ladder:
        return cond
    if not cond.reduced:
        return Condition(disrupted=True, reduced=True)
    return Condition(eliminated=True)


def attacked_by_mines(nationality: str, settings: WawSettings) -> bool:
    """WAW-AMB-12: every unit by default; option spares American units."""
    return not (settings.fascam_friendly_immune and nationality == AMERICAN)
