"""Exact odds of a World at War action against the state as it stands.

An HE Fire mission against the units now in the target hex (WAW-HE-a..l, in
closed form, :mod:`~ordnance.waw.odds.he_fire`); a move through mined hexes (WAW-8.3-d, the move's
own function enumerated); a unit's AP or HE shot at its Hit Number after
smoke (WAW-8.2-e). Other actions roll nothing or need no odds (``None``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from ordnance.core.forms import numbered_hex
from ordnance.core.messages import said
from ordnance.core.odds.distribution import fraction_text
from ordnance.core.odds.pools import successes
from ordnance.waw import actions as A
from ordnance.waw.odds.he_fire import (
    HeMission,
    defends_per_unit,
    he_fire_outcomes,
    he_hits_headline,
    marginals_json,
    move_through_mines,
    outcome_json,
)
from ordnance.waw.rules.fascam import attacked_by_mines, markers_covering
from ordnance.waw.rules.he_fire import defence_dice
from ordnance.waw.rules.smoke import fire_check
from ordnance.waw.shapes import WawHeFireOdds, WawOdds
from ordnance.waw.state import WawState


def action_odds(state: WawState, action: Mapping[str, Any]) -> WawOdds | None:
    """The exact odds of ``action``, or ``None`` when it has no dice worth showing."""
    act = A.parse_action(dict(action))
    if isinstance(act, A.HeFire):
        return he_fire_odds(state, act)
    if isinstance(act, A.Move):
        unit = state.live_unit(act.unit)
        nationality = state.unit_type(unit).nationality
        mined = [str(state.hex(h)) for h in act.path if markers_covering(state.mines, state.hex(h))]
        if not mined or not attacked_by_mines(nationality, state.settings):
            return None
        path = [state.hex(h) for h in act.path]
        return {
            "title": said(
                "{unit} moving through the mines (mined hexes on the path: {hexes})",
                unit=unit.id,
                hexes=", ".join(mined),
            ),
            "distribution": move_through_mines(state, unit.id, path).to_json(),
        }
    if isinstance(act, A.Fire):
        unit = state.live_unit(act.unit)
        check = fire_check(
            state.unit_type(unit),
            act.weapon,
            unit.hex,
            state.hex(act.target),
            state.smoke,
            state.settings,
        )
        dist = successes(check.rating.firepower, check.hit_number)
        return {
            "title": said(
                "Hits of {unit}'s {weapon} fire at {hit_number}+",
                unit=unit.id,
                weapon=act.weapon.upper(),
                hit_number=check.hit_number,
            ),
            "distribution": dist.to_json(),
            "p_hit": fraction_text(dist.probability(lambda hits: hits >= 1)),
            "hit_number": check.hit_number,
            "note": said(
                "Hits only: the target's save belongs to the core rules, which are not modelled"
            ),
        }
    return None


def he_fire_odds(state: WawState, act: A.HeFire) -> WawHeFireOdds:
    """Exact odds of an HE Fire mission against the units now in the target hex."""
    target = state.hex(act.target)
    terrain = state.terrain_at(target)
    info = state.hex_info(target)
    pool = defence_dice(terrain, state.settings, info.wreck_dice, info.cover_dice)
    units = state.targets_in(target)
    mission = HeMission(units, act.firepower, act.hit_number, pool, state.settings, terrain.city)
    outcomes = he_fire_outcomes(mission)
    headline, counts = he_hits_headline(mission)
    each = " each" if defends_per_unit(state.settings, terrain.city) else ""
    return {
        "title": said(
            "HE Fire {firepower} dice at {hit_number}+ on {target} ({terrain}, {pool} defence dice"
            + each
            + ")",
            firepower=act.firepower,
            hit_number=act.hit_number,
            target=numbered_hex(target),
            terrain=terrain.name,
            pool=pool,
        ),
        "harmed": {
            u.id: fraction_text(outcomes.probability(partial(_harmed, u.id, u.condition.label)))
            for u in units
            if not u.hq
        },
        "counts": counts,
        "distribution": headline.to_json(),
        "defence_dice": pool,
        "units": marginals_json(outcomes),
        "outcomes": outcome_json(outcomes),
    }


def _harmed(unit: str, before: str, outcome: tuple[tuple[str, str], ...]) -> bool:
    """Whether ``unit``'s condition in the joint ``outcome`` differs from ``before``."""
    return any(u == unit and c != before for u, c in outcome)
