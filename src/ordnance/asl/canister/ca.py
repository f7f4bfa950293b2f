"""Turning the Covered Arc for a Canister shot (ASL-8.4-d): hexspines turned and their DRM.

The DRM values are those of To Hit Case A (notes B5.3), an inference the
engine documents beside :data:`CA_CHANGE_DRM`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import CoveredArc, Direction
from ordnance.core.messages import msg

__all__ = ["CA_CHANGE_DRM", "Mount", "ca_change_drm", "hexspine_changes"]


def hexspine_changes(
    current: CoveredArc | Direction | int, new: CoveredArc | Direction | int
) -> int:
    """How many hexspines a CA turns from ``current`` to ``new`` (0..3), for the DRM of ASL-8.4-d.

    >>> hexspine_changes(Direction.N, Direction.SW)
    2
    """
    a = current.spine if isinstance(current, CoveredArc) else Direction(current)
    b = new.spine if isinstance(new, CoveredArc) else Direction(new)
    turn = (int(b) - int(a)) % 6
    return min(turn, 6 - turn)


Mount = Literal["turret", "slow-turret", "non-turreted"]

#: To Hit Case A (notes B5.3), the DRM per hexspine of CA change: the first
#: change, then each further one. ASL-8.4-d adds "hexspine changes in the CA"
#: to the Canister IFT DR without giving values; the engine takes Case A's
#: [inference]. A towed Gun is non-turreted.
CA_CHANGE_DRM: Mapping[str, tuple[int, int]] = {
    "turret": (1, 1),
    "slow-turret": (2, 1),
    "non-turreted": (3, 1),
}


def ca_change_drm(changes: int, mount: Mount = "non-turreted", *, in_obstacle: bool = False) -> int:
    """ASL-8.4-d: the Canister DRM for turning the CA ``changes`` hexspines before the DR.

    Case A of the To Hit DRM (notes B5.3): turret +1 each; slow turret +2
    then +1; non-turreted (and Guns) +3 then +1; doubled when the firer is in
    woods, a building or rubble (``in_obstacle``).

    >>> ca_change_drm(0), ca_change_drm(1), ca_change_drm(2, "turret"), ca_change_drm(2, in_obstacle=True)
    (0, 3, 2, 8)
    """
    if not 0 <= changes <= 3:
        raise OrdnanceError(
            msg("a CA turns 0 to 3 hexspines, not {changes}", changes=changes), clause="ASL-8.4-d"
        )
    if changes == 0:
        return 0
    if mount not in CA_CHANGE_DRM:
        raise OrdnanceError(
            msg("unknown mount {mount!r}", mount=mount),
            clause="ASL-8.4-d",
            hint=", ".join(CA_CHANGE_DRM),
        )
    first, more = CA_CHANGE_DRM[mount]
    drm = first + more * (changes - 1)
    return drm * 2 if in_obstacle else drm
