"""Canister (ASL-8.4 to ASL-8.42) in one import: aims, attacked Locations, resolution, odds.

The rules live one procedure a module; this module re-exports their public
names (the documentation and the faces import them from here):

* :mod:`ordnance.asl.canister_options`: the documented alternatives (ASL-AMB-7 to -10);
* :mod:`ordnance.asl.canister_aim`: aim points (ASL-8.4-h, -j, -k, ASL-AMB-7);
* :mod:`ordnance.asl.canister_ca`: the CA change and its DRM (ASL-8.4-d);
* :mod:`ordnance.asl.canister_attacks`: the attacked Locations (ASL-8.4-a, -c, -e, -i, 8.41);
* :mod:`ordnance.asl.canister_resolve`: one Original DR judged (ASL-8.4-b, -f, -g, 8.42);
* :mod:`ordnance.asl.canister_odds`: the exact distribution.

Three steps, each a pure function:

1. :func:`aim_points` lists the legal aims of a Gun for one Covered Arc. By the
   recommended reading of ASL-AMB-7 an aim is a vertex on the outer edge of the
   range-2 ring (shared by range-2 and range-3 hexes only), strictly inside the
   CA: exactly five per CA (ASL-8.4-k), named V1..V5 from the ``d0`` side of the
   arc to the ``d1`` side. Everything else about an aim is DERIVED from the exact
   line of sight (:func:`ordnance.core.hexes.line`) from the Gun's hex centre to
   the vertex: the adjacent hex(es) it crosses (one hex at half FP, or both hexes
   of a hexside it runs along at quarter FP, ASL-8.41-b/-c) and the first cluster
   hex it enters (the one an obstacle stops the fire in, ASL-8.4-i).
   :func:`building_aim` is the alternative of ASL-8.4-j (three levels of one
   building hex at range 2, aimed at the middle one).
2. :func:`canister_attacks` turns an aim into the attacked Locations with their
   exact FP and IFT column: Area Fire halving after movement (ASL-8.4-c), the
   adjacent hex (ASL-8.41-b/-c), combined per ASL-AMB-8, with armored targets
   immune but not their Vulnerable PRC (ASL-8.4-a, ASL-AMB-10).
3. :func:`resolve` judges ONE Original DR (ASL-8.4-f, ASL-AMB-9): the Canister
   depletion check (8.9 when exceeded, ASL-8.4-g), the malfunction check, and
   each Location's own Final DR on the IFT. :func:`fire_canister` takes the dice
   from a :class:`~ordnance.core.dice.DiceSource`; :func:`canister_odds` gives
   the exact distribution, checked in the tests against
   :func:`~ordnance.core.odds.enumerate_procedure` over :func:`fire_canister`.

>>> from ordnance.core.hexes import CoveredArc, Direction, Hex
>>> aims = aim_points(Hex(0, 0), CoveredArc(Hex(0, 0), Direction.N))
>>> [a.name for a in aims]
['V1', 'V2', 'V3', 'V4', 'V5']
>>> v3 = aims[2]
>>> [str(h) for h in v3.cluster], [str(h) for h in v3.adjacent], v3.adjacent_factor
(['1,-2', '1,-3', '2,-3'], ['0,-1', '1,-1'], Fraction(1, 4))
"""

from __future__ import annotations

from ordnance.asl.canister_aim import (
    CanisterAim,
    aim_points,
    building_aim,
    check_aim,
)
from ordnance.asl.canister_attacks import (
    CanisterHexAttack,
    CanisterTarget,
    Location,
    TargetKind,
    canister_attacks,
)
from ordnance.asl.canister_ca import CA_CHANGE_DRM, Mount, ca_change_drm, hexspine_changes
from ordnance.asl.canister_odds import (
    NOT_FIRED,
    CanisterOdds,
    OutcomeKey,
    canister_odds,
    outcome_key,
)
from ordnance.asl.canister_options import CanisterOptions
from ordnance.asl.canister_resolve import (
    NO_EFFECT,
    CanisterHexResult,
    CanisterResult,
    DepletionOutcome,
    fire_canister,
    resolve,
)

__all__ = [
    "CA_CHANGE_DRM",
    "NOT_FIRED",
    "NO_EFFECT",
    "CanisterAim",
    "CanisterHexAttack",
    "CanisterHexResult",
    "CanisterOdds",
    "CanisterOptions",
    "CanisterResult",
    "CanisterTarget",
    "DepletionOutcome",
    "Location",
    "Mount",
    "OutcomeKey",
    "TargetKind",
    "aim_points",
    "building_aim",
    "ca_change_drm",
    "canister_attacks",
    "canister_odds",
    "check_aim",
    "fire_canister",
    "hexspine_changes",
    "outcome_key",
    "resolve",
]
