"""The dice schemes ``ordnance-dice-v2`` (and ``-v1``, kept verifiable): from secrets to faces.

Pure functions, no database: the server rolls with them, the verifier
(:mod:`ordnance.server.dice_verify`) recomputes with them, and the page's
``static/dice.js`` is a second implementation of the same bytes (tested
equal on fixed vectors). ``docs/server.md`` ("Trust model") specifies it for
anyone writing a third verifier.

* The **server seed** of version ``v`` is a lowercase hex string ``S``; its
  commitment is ``SHA-256(ASCII(S))`` in hex, published before the action at
  ``v`` is chosen.
* A **seat chain** is ``e_0`` (32 random bytes the seat keeps),
  ``e_(k+1) = SHA-256(e_k)``; the *anchor* ``e_N`` is published first, then
  the seat reveals ``e_(N-1)``, ``e_(N-2)``, ... one step per reveal, so
  each reveal hashes to the previous one and nobody, the seat included, can
  pick which element comes next.
* The **roll** of version ``v`` is :class:`~ordnance.core.dice.HmacDice`
  with key ``ASCII(S)`` and the canonical message of :func:`message`.
* ``ordnance-dice-v2`` (every roll since the pending-action flow): the action
  is committed first as the digest :func:`action_digest` of its canonical
  payload, seat, version and ``H``; the other seats reveal *for that digest*;
  the message also carries the digest (:func:`message_v2`). ``v1`` rolls
  (older tables) keep the message without it.
* The digest's salt is :func:`seed_salt`, an HMAC keyed by ``S`` (digest
  scheme ``ordnance-dice-v3``, the roll stays ``v2``): fixed before the action
  arrives, so the server cannot pick it. Digests committed before carry a
  random salt under ``v2`` (the verifiers mark them).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from ordnance.core.dice import HmacDice

SCHEME_V1 = "ordnance-dice-v1"
SCHEME = "ordnance-dice-v2"
SCHEMES = (SCHEME_V1, SCHEME)
#: The scheme of an action digest whose salt is :func:`seed_salt` (every action
#: committed since the salt stopped being random); the roll itself stays ``v2``.
SCHEME_V3 = "ordnance-dice-v3"
SALT_LABEL = "ordnance-dice-v3-salt"
#: Elements in a chain made by the page or the CLI (a seat reveals one per version).
CHAIN_LENGTH = 2048
ELEMENT_HEX = 64


def seed_hash(seed: str) -> str:
    """The published commitment of a server seed."""
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def fresh_seed() -> str:
    return secrets.token_hex(32)


def is_hex(text: object, length: int = ELEMENT_HEX) -> bool:
    return (
        isinstance(text, str) and len(text) == length and all(c in "0123456789abcdef" for c in text)
    )


def step(element_hex: str) -> str:
    """One chain step back towards the anchor: ``SHA-256`` of the element's bytes."""
    return hashlib.sha256(bytes.fromhex(element_hex)).hexdigest()


def follows(element_hex: str, previous_hex: str) -> bool:
    """Whether ``element`` is the reveal that comes right after ``previous``."""
    return is_hex(element_hex) and step(element_hex) == previous_hex


def _seat_key(seat: str) -> bytes:
    return seat.encode("utf-8")


def canonical_json(value: Any) -> bytes:
    """Keys sorted, no spaces, non-ASCII as itself, UTF-8: the bytes an action digest hashes."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def fresh_salt() -> str:
    """A random salt: what actions committed before :func:`seed_salt` carry (``v2``)."""
    return secrets.token_hex(32)


def seed_salt(seed: str, game_id: str, version: int, seat: str) -> str:
    """The salt of the action ``seat`` commits at ``version`` (``ordnance-dice-v3``).

    ``HMAC-SHA256(key = ASCII(seed), msg = UTF-8(label "\n" game_id "\n" version
    "\n" seat "\n"))`` in hex, ``seed`` being the roll's server seed. It is fixed
    by what was committed before the action arrived (the seed's hash is
    published first), so the server cannot pick it to steer the roll, and only
    the holder of the seed can compute it before the seed is revealed.

    >>> seed_salt("ab" * 32, "g1", 3, "a")[:16]
    '98a6ad0e28d4a4c6'
    """
    text = "\n".join((SALT_LABEL, game_id, str(version), seat)) + "\n"
    return hmac.new(seed.encode("ascii"), text.encode("utf-8"), hashlib.sha256).hexdigest()


def action_digest(
    game_id: str,
    version: int,
    seat: str,
    action: Mapping[str, Any],
    seed_hash_hex: str,
    salt: str | None = None,
    scheme: str = SCHEME,
) -> str:
    """The commitment of a pending action (``ordnance-dice-v2`` or ``-v3``), 64 hex digits.

    ``SHA-256`` of the canonical JSON of ``{"action", "game_id", "hash",
    "salt", "scheme", "seat", "version"}``. The ``salt`` (published with the
    roll; :func:`seed_salt` under ``scheme`` ``ordnance-dice-v3``, random under
    ``v2`` before that) keeps an
    action that carries hidden information from being found by hashing every
    action it could be; actions committed before salts (migration 0010) have
    none, and their payload has no ``"salt"`` key.

    >>> action_digest("g1", 3, "a", {"type": "x"}, "00" * 32)[:16]
    '0347b262e5a0526e'
    >>> action_digest("g1", 3, "a", {"type": "x"}, "00" * 32, "11" * 32)[:16]
    '874f1aad5c054efb'
    """
    payload: dict[str, Any] = {
        "scheme": scheme,
        "game_id": game_id,
        "version": version,
        "seat": seat,
        "action": dict(action),
        "hash": seed_hash_hex,
    }
    if salt is not None:
        payload["salt"] = salt
    return hashlib.sha256(canonical_json(payload)).hexdigest()


def message(
    game_id: str,
    version: int,
    elements: Mapping[str, str | None],
    digest: str | None = None,
) -> bytes:
    """The HMAC message of a roll: every seat of the table, sorted by UTF-8 bytes.

    ``elements`` maps each seat to its revealed element (64 hex digits), or to
    ``None`` when the seat revealed nothing for this version (written ``-``).

    With ``digest`` (the pending action's, :func:`action_digest`) this is the
    ``ordnance-dice-v2`` message, whose fourth line is the digest; without it
    the ``ordnance-dice-v1`` message of older rolls.

    >>> message("g1", 3, {"b": None, "a": "00" * 32})[:30]
    b'ordnance-dice-v1\\ng1\\n3\\na=000000'
    """
    lines = [SCHEME_V1, game_id, str(version)]
    if digest is not None:
        lines = [SCHEME, game_id, str(version), digest]
    for seat in sorted(elements, key=_seat_key):
        lines.append(f"{seat}={elements[seat] or '-'}")
    return ("\n".join(lines) + "\n").encode("utf-8")


def dice_source(
    seed: str,
    game_id: str,
    version: int,
    elements: Mapping[str, str | None],
    digest: str | None = None,
) -> HmacDice:
    """The dice of the action at ``version`` (``v2`` when the action's ``digest`` is given)."""
    return HmacDice(seed.encode("ascii"), message(game_id, version, elements, digest))


def derive(
    seed: str,
    game_id: str,
    version: int,
    elements: Mapping[str, str | None],
    sides: Sequence[int],
    digest: str | None = None,
) -> list[int]:
    """The faces of dice with these ``sides``, in order."""
    src = dice_source(seed, game_id, version, elements, digest)
    return [src.die(s) for s in sides]


def new_root() -> str:
    return secrets.token_hex(32)


def chain_from(root_hex: str, length: int = CHAIN_LENGTH) -> list[str]:
    """``[e_0, ..., e_length]`` of the chain whose secret root is ``root``."""
    chain = [root_hex]
    for _ in range(length):
        chain.append(step(chain[-1]))
    return chain


def next_reveal(chain: Sequence[str], last: str) -> str | None:
    """The element to reveal after ``last`` (the anchor or the previous reveal).

    None when ``last`` is not in this chain (another root) or is its root.
    """
    try:
        i = list(chain).index(last)
    except ValueError:
        return None
    return chain[i - 1] if i > 0 else None
