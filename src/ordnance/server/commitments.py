"""Commit-reveal for dice the server rolls.

Before the action taken at game version N exists, the server draws a fresh
seed, stores it, and publishes ``sha256(seed)`` in every seat's view. The
action at version N rolls ``SeededDice(seed)``. Once the game has moved past
N the seed is shown, and anyone can check two things without trusting the
server: the seed hashes to what was published, and ``SeededDice(seed)``
hands out exactly the dice recorded in the journal (:func:`verify_roll`).

A refused action writes nothing, so the commitment for N stays unrevealed and
serves the next attempt. Dice that an event hides from a seat (a secret roll)
keep their seed hidden from that seat too, since the seed would reveal them.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from ordnance.core.dice import SeededDice
from ordnance.core.journal import Journal
from ordnance.server.models import CommitmentRow


def seed_hash(seed: str) -> str:
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def fresh_seed() -> str:
    return secrets.token_hex(16)


#: Commitments are drawn this many versions ahead in one transaction, so an
#: action costs one extra write only every BATCH actions. Seeds drawn ahead
#: stay secret until their version is played, like any other.
BATCH = 16


#: (database, game, version) -> (hash, seed): a commitment never changes once
#: drawn, so each process remembers the ones it has read.
_SEEN: dict[tuple[str, str, int], Commitment] = {}


@dataclass(frozen=True)
class Commitment:
    for_version: int
    seed_hash: str
    seed: str


def _find(journal: Journal, game_id: str, version: int) -> Commitment | None:
    key = (journal.url, game_id, version)
    hit = _SEEN.get(key)
    if hit is not None:
        return hit
    with journal.reading() as s:
        rows = s.scalars(
            select(CommitmentRow).where(
                CommitmentRow.game_id == game_id,
                CommitmentRow.for_version >= version,
                CommitmentRow.for_version < version + BATCH,
            )
        ).all()
    if len(_SEEN) > 200_000:
        _SEEN.clear()
    for row in rows:
        _SEEN[(journal.url, game_id, row.for_version)] = Commitment(
            row.for_version, row.seed_hash, row.seed
        )
    return _SEEN.get(key)


def commitment(journal: Journal, game_id: str, version: int) -> Commitment:
    """The commitment for the action at ``version``, drawn now if missing.

    Safe under concurrency: the unique (game, version) pair lets one writer
    win; the loser reads the winner's row.
    """
    row = _find(journal, game_id, version)
    if row is not None:
        return row
    try:
        with journal.transaction() as s:
            taken = set(
                s.scalars(
                    select(CommitmentRow.for_version).where(
                        CommitmentRow.game_id == game_id,
                        CommitmentRow.for_version >= version,
                        CommitmentRow.for_version < version + BATCH,
                    )
                ).all()
            )
            for v in range(version, version + BATCH):
                if v not in taken:
                    seed = fresh_seed()
                    s.add(
                        CommitmentRow(
                            game_id=game_id, for_version=v, seed_hash=seed_hash(seed), seed=seed
                        )
                    )
    except IntegrityError:
        pass  # another process drew them first
    row = _find(journal, game_id, version)
    assert row is not None
    return row


def all_commitments(
    journal: Journal, game_id: str, below: int, *, from_version: int = 0
) -> list[CommitmentRow]:
    """The commitments of versions ``from_version`` to ``below - 1`` (never those drawn ahead)."""
    with journal.reading() as s:
        return list(
            s.scalars(
                select(CommitmentRow)
                .where(
                    CommitmentRow.game_id == game_id,
                    CommitmentRow.for_version >= from_version,
                    CommitmentRow.for_version < below,
                )
                .order_by(CommitmentRow.for_version)
            ).all()
        )


def verify_roll(seed: str, published_hash: str, dice: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """Check one roll: the hash, then that ``SeededDice(seed)`` gives ``dice``.

    ``dice`` is the journal's list of ``[value, sides, label]``.

    >>> seed = "00ff"
    >>> src = SeededDice(seed); rolled = [[src.d6(), 6, ""], [src.d6(), 6, ""]]
    >>> verify_roll(seed, seed_hash(seed), rolled)["ok"]
    True
    >>> verify_roll(seed, seed_hash(seed), [[7 - rolled[0][0], 6, ""]])["ok"]
    False
    """
    hash_ok = seed_hash(seed) == published_hash
    src = SeededDice(seed)
    expected = [src.die(int(sides)) for _v, sides, *_ in dice]
    actual = [int(v) for v, *_ in dice]
    return {
        "ok": hash_ok and expected == actual,
        "hash_ok": hash_ok,
        "dice_ok": expected == actual,
        "expected": expected,
        "recorded": actual,
    }
