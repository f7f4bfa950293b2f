"""A Tide of Iron Status Phase and attacks, as the table tests play it.

``normalise`` replaces what differs between two tables for reasons that have
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
    # the Action Phase alternates action turns, the german (initiative) first (TOI-B8):
    # a move of a unit no attack below involves, then the soviet's turn, then the german's
    ("german", {"type": "move", "unit": "g-pak40-1", "to": "1,1"}, None),
    (
        "soviet",
        {"type": "attack", "unit": "s-t34-1", "target": "g-pziv-1"},
        [5, 5, 6, 3, 1, 6, 5, 5],
    ),
    ("german", {"type": "attack", "unit": "g-pziv-1", "target": "s-t34-1"}, None),
]

#: Two types the german may buy in the two otherwise identical tables.
SECRETS = ("AP-B", "AP-C")

#: The fields that differ between two tables for reasons unrelated to the game, by
#: path from the top of a JSON message ("*": every item of a list): the table id,
#: the stream ticket and the dice commitments (hashes and revealed seeds are random
#: per table). Their values are replaced, their presence still compared; a field
#: anywhere else, whatever its name (an event's ``token``, say), is compared as is,
#: so a secret under it makes the twin tables differ.
_VOLATILE: frozenset[tuple[str, ...]] = frozenset(
    {
        ("game_id",),
        ("ticket",),
        ("commitment", "hash"),
        ("next", "hash"),
        ("entries", "*", "commitment", "hash"),
        ("entries", "*", "commitment", "seed"),
        ("rolls", "*", "hash"),
        ("rolls", "*", "seed"),
        # the seats' dice secrets (ordnance-dice-v1): each browser draws its own chain
        ("commitment",),
        ("element",),
        ("anchor",),
        ("dice", "chain"),
        ("chains",),
        ("rolls", "*", "elements"),
        # seat links and invitations are random per table
        ("token",),
        ("link",),
        ("invitations", "*", "code"),
        ("invitations", "*", "link"),
        # the seats' recovery secrets are random; a seat event's time is the clock's
        ("recovery",),
        ("seat_events", "*", "at"),
        # request ids are numbered across the database the twin tables share
        ("request",),
        ("pending", "request"),
        ("pending_request", "request"),
        ("undo", "pending", "request"),
        # a reveal sent with a read (POST /since): this seat's chain element
        ("reveal",),
    }
)

#: Where a message nests another: a ``/since`` answer (view, log, dice record) and an
#: action's answer carrying it (``next``).
_NESTED: tuple[tuple[str, ...], ...] = (
    ("view",),
    ("log",),
    ("dice",),
    ("next", "view"),
    ("next", "log"),
    ("next", "dice"),
    ("next",),
)

VOLATILE: frozenset[tuple[str, ...]] = _VOLATILE | {
    (*prefix, *path) for prefix in _NESTED for path in _VOLATILE
}


def strip(value: Any, path: tuple[str, ...] = ()) -> Any:
    """``value`` with the :data:`VOLATILE` fields replaced by ``"<volatile>"``."""
    if isinstance(value, dict):
        return {
            k: "<volatile>" if (*path, k) in VOLATILE and v is not None else strip(v, (*path, k))
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [strip(v, (*path, "*")) for v in value]
    return value


def normalise(text: str, game_id: str) -> str:
    try:
        data = json.loads(text)
    except ValueError:
        return text.replace(game_id, "GAME")
    return json.dumps(strip(data), sort_keys=True)


def with_secret(action: dict[str, Any], secret: str) -> dict[str, Any]:
    return {k: (secret if v == "SECRET" else v) for k, v in action.items()}
