"""A unit's own AP or HE shot: smoke LOS and Hit Number (WAW-8.2-c to -g), then its dice.

The defender's armour or terrain save belongs to the core ranged-combat
rules (not in the section 8 text): the Hits are recorded for the players.
"""

from __future__ import annotations

from ordnance.core.dice import DiceSource
from ordnance.core.events import Event
from ordnance.core.forms import numbered_hex
from ordnance.core.game import Outcome
from ordnance.core.messages import msg
from ordnance.waw import actions as A
from ordnance.waw.rules.smoke import fire_check
from ordnance.waw.seats import check_seat
from ordnance.waw.shapes import FireEvent
from ordnance.waw.state import WawState


def fire(state: WawState, a: A.Fire, dice: DiceSource, seat: str | None) -> Outcome[WawState]:
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
    data: FireEvent = {
        **check.to_dict(),
        "unit": unit.id,
        "target": str(target),
        "attack": list(attack),
        "hits": hits,
    }
    mods = "".join(f" +{m.value} ({m.clause})" for m in check.modifiers)
    message = msg(
        "{unit} fires {weapon} {firepower} dice at {target}, Hit Number {base}{mods} = "
        "{hit_number}: {hits} Hit(s) (the target's save follows the core rules)",
        unit=unit.id,
        weapon=a.weapon.upper(),
        firepower=check.rating.firepower,
        target=numbered_hex(target),
        base=check.rating.hit_number,
        mods=mods,
        hit_number=check.hit_number,
        hits=hits,
    )
    return Outcome(state, (Event.of("fire", data, message),))
