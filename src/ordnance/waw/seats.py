"""Who may act for a side (World at War has no hidden information, so nothing to hide).

A seat acts for its own side only; seat ``None`` (hot seat) acts for any.
"""

from __future__ import annotations

from ordnance.core.errors import NotYourSeat
from ordnance.core.messages import msg


def check_seat(seat: str | None, side: str) -> None:
    """Refuse a seat acting for another side (seat ``None`` acts for any)."""
    if seat is not None and seat != side:
        raise NotYourSeat(
            msg("seat {seat} cannot act for {side}", seat=seat, side=side),
            hint=msg("act as {side}", side=side),
        )
