"""The table's LOS answer for Tide of Iron: the exact line, what blocks it and why.

Smoke blocks a line through its hex (TOI-B10); blocking terrain blocks it
(TOI-B2); a line along a hexside is blocked only when both hexes block. The
answer reads only the map, the smoke markers and unit positions, which
every seat sees, never a munitions token.
"""

from __future__ import annotations

from ordnance.core.forms import numbered_hex
from ordnance.core.game import hex_line_answer
from ordnance.core.hexes import Hex, parse_hex
from ordnance.toi.rules.hexmap import blocker, los_blocks
from ordnance.toi.shapes import ToILosAnswer
from ordnance.toi.state import ToIState


def los_answer(state: ToIState, origin: Hex, target: Hex) -> ToILosAnswer:
    """The exact line, what blocks it and why, with the clauses (TOI-B10 smoke, TOI-B2 terrain)."""
    m = state.map
    for h in (origin, target):
        m.info(h)  # refuses a hex off the map
    blocks = los_blocks(m, origin, target, state.smoke_hexes)
    answer = hex_line_answer(origin, target, numbered_hex)
    why: list[str] = answer["explanation"]
    for b in blocks:
        why.append(f"Blocked [{b.clause}]: {b.reason}.")
    smoky = state.smoke_hexes
    if origin != target:
        for run in answer["along_hexsides"]:
            pair = (parse_hex(run["left"]), parse_hex(run["right"]))
            if any(b.hexside == run["hexside"] for b in blocks) or origin in pair or target in pair:
                continue
            one = [(h, w) for h in pair if (w := blocker(m, h, smoky)) is not None]
            if one:
                why.append(
                    f"Along the hexside {numbered_hex(pair[0])}|{numbered_hex(pair[1])} the line is blocked only when both "
                    f"hexes block; only {numbered_hex(one[0][0])} does ({one[0][1]}), so it is not blocked."
                )
    if origin in smoky:
        why.append(
            f"Smoke in the firer's hex {numbered_hex(origin)} does not block its own line, but units there "
            "attack at half firepower (TOI-B10)."
        )
    if target in smoky and origin != target:
        why.append(
            f"Smoke in the target hex {numbered_hex(target)} does not block the line; units there get +2 "
            "cover (TOI-B10)."
        )
    why.append(
        "End hexes never block, a hex touched only at a vertex does not block, and hills do "
        "not block (elevation gives only the range bonus, TOI-B2)."
    )
    units_at = {
        str(h): [u.id for u in state.units if u.alive and u.hex == h] for h in (origin, target)
    }
    return {
        **answer,
        "blocked": bool(blocks),
        "text": (
            "blocked: " + "; ".join(f"{b.reason} ({b.clause})" for b in blocks)
            if blocks
            else "clear"
        ),
        "blocking": [b.to_dict() for b in blocks],
        "clauses": sorted({b.clause for b in blocks}),
        "smoke_on_line": [h for h in answer["hexes"] if parse_hex(h) in smoky],
        "units": units_at,
    }
