"""A Tide of Iron Status Phase and attacks, as the table tests play it.

``NORMALISE`` strips what differs between two tables for reasons that have
nothing to do with the game (ids, dice commitments, tickets), so the
opponent's messages from two tables that differ only in a face-down token's
type can be compared: they must be equal (non-interference).
"""

from __future__ import annotations

import json
from typing import Any

#: (seat, action, entered dice or None); the german token type is filled in.
SCRIPT: list[tuple[str, dict[str, Any], list[int] | None]] = [
    ("german", {"type": "advance", "to": "munitions"}, None),
    ("german", {"type": "buy", "unit": "g-panther-1", "munition": "SECRET"}, None),
    ("soviet", {"type": "buy", "unit": "s-t34-1", "munition": "HE"}, None),
    # each nation's own steps wait for it (TOI-GEN-4, TOI-B8, TOI-GEN-8): the soviet
    # says done, then the german, last awaited, moves on
    ("soviet", {"type": "done"}, None),
    ("german", {"type": "advance", "to": "op-fire"}, None),
    ("soviet", {"type": "done"}, None),
    ("german", {"type": "advance", "to": "keep-or-discard"}, None),
    ("soviet", {"type": "done"}, None),
    ("german", {"type": "advance", "to": "action"}, None),
    (
        "soviet",
        {"type": "attack", "unit": "s-t34-1", "target": "g-pziv-1"},
        [5, 5, 6, 3, 1, 6, 5, 5],
    ),
    ("german", {"type": "attack", "unit": "g-pziv-1", "target": "s-t34-1"}, None),
]

#: Two types the german may buy in the two otherwise identical tables.
SECRETS = ("AP-B", "AP-C")

_VOLATILE = {"game_id", "hash", "seed", "commitment", "next", "ticket", "token", "link", "request"}
#: each seat's random dice chain (ordnance-dice-v1): drawn per browser, so it differs by design
_VOLATILE |= {"anchor", "chain", "chains", "element", "elements"}


def strip(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if k not in _VOLATILE}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


def normalise(text: str, game_id: str) -> str:
    try:
        data = json.loads(text)
    except ValueError:
        return text.replace(game_id, "GAME")
    return json.dumps(strip(data), sort_keys=True)


def with_secret(action: dict[str, Any], secret: str) -> dict[str, Any]:
    return {k: (secret if v == "SECRET" else v) for k, v in action.items()}
