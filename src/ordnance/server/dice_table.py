"""The seats' part of server dice, in the database (scheme ``ordnance-dice-v2``).

A roll at version ``v`` combines the server seed committed for ``v``
(:mod:`ordnance.server.commitments`), the digest of the action that rolls
and one chain element from each seat that revealed one *for that action*
(:mod:`ordnance.server.dice_scheme`). The action is committed first
(:func:`open_pending`, table ``dice_pending``); the other seats then reveal
for its digest (:func:`reveal`; ``TABLE-DICE-7`` without one), each reveal
numbered after the commitment; :func:`ready` says when the dice may be drawn
(every awaited seat revealed, or a ``go_ahead`` deadline passed) and
:func:`settle_hook` writes the roll in the journal's transaction. The rules
this module enforces, and why:

* **The chain in force for a pending action is the seat's newest anchor
  published before the action's commitment** (by the table's order numbers:
  the anchor's ``seq`` below the action's ``commit_seq``). An anchor
  published after it serves the next action only: a seat that could pick a
  chain root once the action is fixed could, with the operator (who knows
  the seed), try roots until the roll suits it.
* **Every other seat of the table is needed by a roll.** A seat with a chain
  in force at the commitment is awaited; a seat without one cannot
  contribute, so the roll goes ahead without it and says so (``without``
  and the journal's ``dice_note``), under ``wait`` as under ``go_ahead``
  (``wait`` cannot wait for a chain that cannot exist). The acting seat's
  own element comes only with its action (``TABLE-DICE-10`` after it).
* **A reveal is exactly one chain step**, at most one per seat and version,
  and only while the game is at that version, after the seat saw its
  commitment (the request carries the hash it saw) and for the action
  pending there (the request names its digest). So a seat never chooses
  which element it contributes, and its element is unknown to the server
  until the action that consumes it is fixed.
* **Every reveal is published once its version is past**, used or not, so a
  verifier checks the whole chain step by step (a skipped or reused element
  is visible).
* Reveal and anchor writes take the game row's version as a lock
  (``UPDATE games ... WHERE version = v``), and the roll's record is written
  in the journal's appending transaction, which re-reads the reveals for
  ``v``: a reveal that slipped in while the rules ran makes the action retry,
  so a seat whose reveal was acknowledged at ``v`` is never left out of the
  roll at ``v``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache, lru_cache
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import Connection, bindparam, exists, false, func, insert, select, true, update
from sqlalchemy.sql.expression import BindParameter, ColumnElement, ScalarSelect

from ordnance.core.dice import DiceSource, EnteredDice
from ordnance.core.errors import RuleViolation, StaleVersion
from ordnance.core.journal import Journal, JournalEntry
from ordnance.core.journal.models import GameRow
from ordnance.core.journal.store import as_text
from ordnance.core.messages import msg
from ordnance.server import commitments, table_status
from ordnance.server.bounded import TABLES_REMEMBERED, BoundedDict
from ordnance.server.dice_scheme import (
    SCHEME,
    SCHEME_V1,
    SCHEME_V3,
    action_digest,
    dice_source,
    follows,
    is_hex,
    seed_hash,
    seed_salt,
)
from ordnance.server.models import (
    DiceAnchorRow,
    DicePendingRow,
    DiceRevealRow,
    DiceRollRow,
    DiceTableRow,
)

#: ``server``: server seed + every seat's secret. ``entered``: real dice rolled at one
#: table, typed in by either seat. ``entered_remote``: each seat rolls its own real dice
#: at home, and a roll typed in by one seat is applied only when the other confirms it.
MODES = ("server", "entered", "entered_remote")
ENTERED = ("entered", "entered_remote")
__all__ = ["MODES", "SCHEME", "WAITS", "Pending", "RevealsChanged", "dice_source"]

#: ``wait``: a roll waits for every awaited seat's element. ``go_ahead``: after the
#: table's ``wait_seconds`` (default :data:`DEFAULT_WAIT_SECONDS`) it rolls without
#: the silent seats, and the record, the journal and the page say so.
WAITS = ("wait", "go_ahead")
DEFAULT_WAIT = "go_ahead"
DEFAULT_WAIT_SECONDS = 60
MAX_WAIT_SECONDS = 86_400

_T = TypeVar("_T")


class RevealsChanged(Exception):
    """A seat revealed for this version while the action was being resolved: retry."""


# -- the table's dice setting ---------------------------------------------------
def set_mode(
    journal: Journal,
    game_id: str,
    mode: str,
    wait: str = DEFAULT_WAIT,
    wait_seconds: int = DEFAULT_WAIT_SECONDS,
) -> None:
    with journal.writing() as c:
        c.execute(
            insert(DiceTableRow),
            {"game_id": game_id, "mode": mode, "wait": wait, "wait_seconds": wait_seconds},
        )


#: The table's dice setting row (built once; read as Core rows, no ORM session).
_SETTING = select(DiceTableRow.mode, DiceTableRow.wait, DiceTableRow.wait_seconds).where(
    DiceTableRow.game_id == bindparam("gid")
)


def _setting(
    journal: Journal,
    game_id: str,
    cache: dict[tuple[str, str], _T],
    of_row: Callable[[Any], _T],
    default: _T,
) -> _T:
    """A dice setting of the table (``of_row`` reads it from its row's columns),
    remembered in ``cache``; ``default`` for a table made outside the server (or before
    0004), which is not remembered."""
    key = (journal.cache_key, game_id)
    found = cache.get(key)
    if found is None:
        with journal.reading_rows() as c:
            row = c.execute(_SETTING, {"gid": game_id}).first()
        if row is None:
            return default
        found = of_row(row)
        cache[key] = found
    return found


#: (database, game) -> (wait, seconds): fixed when the table is made.
_WAITS: dict[tuple[str, str], tuple[str, int]] = BoundedDict(TABLES_REMEMBERED)


def wait_setting(journal: Journal, game_id: str) -> tuple[str, int]:
    """The table's ``dice_wait`` and its seconds (``go_ahead``, 60 s for older tables)."""
    return _setting(
        journal,
        game_id,
        _WAITS,
        lambda row: (row.wait, int(row.wait_seconds)),
        (DEFAULT_WAIT, DEFAULT_WAIT_SECONDS),
    )


#: (database, game) -> mode: the setting never changes once the table exists.
_MODES: dict[tuple[str, str], str] = BoundedDict(TABLES_REMEMBERED)


def mode(journal: Journal, game_id: str) -> str:
    """``server`` unless the table was made with entered dice agreed."""
    return _setting(journal, game_id, _MODES, lambda row: row.mode, "server")


def needs_confirmation(journal: Journal, game_id: str) -> bool:
    """TABLE-DICE-6: at a remote table with entered dice, the other seat confirms each roll."""
    return mode(journal, game_id) == "entered_remote"


def check_entered(journal: Journal, game_id: str) -> None:
    """TABLE-DICE-1: entered dice only at a table made for them."""
    if mode(journal, game_id) not in ENTERED:
        raise RuleViolation(
            "TABLE-DICE-1",
            msg(
                "this table rolls its dice on the server: entered dice were not agreed when it was made"
            ),
            hint=msg(
                'leave the dice out and let the server roll, or make a table with dice "entered" (real dice at one table) or "entered_remote" (each seat rolls at home; the other confirms each roll)'
            ),
        )


class NoServerRoll(EnteredDice):
    """TABLE-DICE-9: at a table made for entered dice the server rolls nothing.

    An action sent without dice there is applied only if it rolls no die; the
    first die it asks for refuses it (nothing is written), so a roll is never made
    on the server behind the players' backs.
    """

    def __init__(self) -> None:
        super().__init__(())

    def _next(self, sides: int, label: str) -> int:
        raise RuleViolation(
            "TABLE-DICE-9",
            msg("this table rolls real dice: the server rolls none for it"),
            hint=msg("type the dice rolled at the table, in order (e.g. 3,2)"),
        )


# -- chains -----------------------------------------------------------------------
#: The game row held for a transaction (:func:`_lock_version`), built once: a Core
#: statement on the transaction's connection, no ORM update (no session to synchronise).
_LOCK = (
    update(GameRow)
    .where(GameRow.id == bindparam("gid"), GameRow.version == bindparam("seen"))
    .values(version=GameRow.version)
)


def _lock_version(c: Connection, game_id: str, version: int) -> None:
    """Hold the game row for this transaction, refusing if the game has moved on."""
    held = c.execute(_LOCK, {"gid": game_id, "seen": version})
    if held.rowcount != 1:
        actual = c.execute(select(GameRow.version).where(GameRow.id == game_id)).scalar()
        raise StaleVersion(version, int(actual or 0))


@dataclass(frozen=True)
class Anchor:
    """A published chain anchor (a ``dice_anchors`` row, as the read paths use it)."""

    id: int
    seat: str
    anchor: str
    from_version: int
    seq: int | None


#: (database, game, newest anchor id) -> the table's anchors by seat, then id. Anchors
#: are only ever added, so the newest id (in the request's table status) names the list.
_ANCHORS: BoundedDict[tuple[str, str, int], tuple[Anchor, ...]] = BoundedDict(TABLES_REMEMBERED)


#: Every anchor of a table, by seat then id (built once; Core rows).
_ANCHORS_OF = (
    select(
        DiceAnchorRow.id,
        DiceAnchorRow.seat,
        DiceAnchorRow.anchor,
        DiceAnchorRow.from_version,
        DiceAnchorRow.seq,
    )
    .where(DiceAnchorRow.game_id == bindparam("gid"))
    .order_by(DiceAnchorRow.seat, DiceAnchorRow.id)
)


def anchors(journal: Journal, game_id: str) -> tuple[Anchor, ...]:
    """Every anchor of the table, ordered by seat then publication (read paths only:
    a transaction reads its own under the version lock)."""
    top = table_status.status(journal, game_id).anchors_top
    if top == 0:
        return ()
    key = (journal.cache_key, game_id, top)
    if top > 0 and (hit := _ANCHORS.get(key)) is not None:
        return hit
    with journal.reading_rows() as c:
        rows = c.execute(_ANCHORS_OF, {"gid": game_id}).all()
    found = tuple(Anchor(r.id, r.seat, r.anchor, r.from_version, r.seq) for r in rows)
    if top > 0:  # as of the status (an anchor published since is the next key's)
        found = _ANCHORS[key] = tuple(a for a in found if a.id <= top)
    return found


def _newest(found: Sequence[Anchor], seat: str) -> Anchor | None:
    mine = [a for a in found if a.seat == seat]
    return max(mine, key=lambda a: a.id) if mine else None


def _in_force(
    found: Sequence[Anchor], seat: str, version: int, commit_seq: int | None
) -> Anchor | None:
    """The seat's chain in force for the action committed at ``commit_seq`` (version
    ``version``), from anchors already read.

    The newest anchor published before that commitment (``seq < commit_seq``);
    an anchor from before order numbers (``seq`` NULL) serves versions from
    its ``from_version``. Without ``commit_seq`` (a roll of scheme v1 or an
    action that rolls nothing): the newest anchor in force at ``version``."""
    mine = [
        a
        for a in found
        if a.seat == seat
        and (
            (a.seq is None and a.from_version <= version)
            or (a.seq is not None and (commit_seq is None or a.seq < commit_seq))
        )
    ]
    return max(mine, key=lambda a: a.id) if mine else None


def _anchor(c: Connection, game_id: str, seat: str) -> Any:
    """The seat's newest anchor (the one its next actions will use): its row's columns."""
    return c.execute(
        select(DiceAnchorRow.anchor, DiceAnchorRow.from_version, DiceAnchorRow.seq)
        .where(DiceAnchorRow.game_id == game_id, DiceAnchorRow.seat == seat)
        .order_by(DiceAnchorRow.id.desc())
        .limit(1)
    ).first()


def _reveal_at(c: Connection, game_id: str, seat: str, version: int) -> str | None:
    """The element ``seat`` revealed for ``version``, if any."""
    found = c.execute(
        select(DiceRevealRow.element).where(
            DiceRevealRow.game_id == game_id,
            DiceRevealRow.seat == seat,
            DiceRevealRow.for_version == version,
        )
    ).scalar()
    return None if found is None else str(found)


def _check_hex(name: str, value: str) -> None:
    if not is_hex(value):
        raise RuleViolation(
            "TABLE-DICE-2",
            msg("{name} must be 64 lowercase hex digits (32 bytes)", name=name),
            hint=msg("send the value your page or `ordnance` computed"),
        )


def register_anchor(journal: Journal, game_id: str, seat: str, anchor: str) -> dict[str, Any]:
    """Publish a seat's chain anchor; it serves the actions committed after it.

    Sending the current anchor again changes nothing. A different anchor
    (a lost browser storage, a new chain) takes a new order number: an action
    already committed keeps the chain that was in force at its commitment.
    """
    _check_hex("anchor", anchor)
    with journal.writing() as c:
        found = c.execute(select(GameRow.version).where(GameRow.id == game_id)).scalar()
        version = int(found or 0)
        current = _anchor(c, game_id, seat)
        if current is not None and current.anchor == anchor:
            return {"anchor": anchor, "from_version": current.from_version, "seq": current.seq}
        _lock_version(c, game_id, version)
        order = _order(c, game_id)
        c.execute(
            insert(DiceAnchorRow),
            {
                "game_id": game_id,
                "seat": seat,
                "anchor": anchor,
                "from_version": version,
                "seq": order,
            },
        )
    return {"anchor": anchor, "from_version": version, "seq": order}


class _Chain(NamedTuple):
    """The chain an element must follow: its anchor's id and anchor."""

    id: int
    anchor: str


@cache
def _chain_statement(ordered: bool) -> Any:
    """The seat's chain in force and its last reveal, in one statement (built once per
    form, as text: :func:`as_text`); ``ordered``: only anchors numbered before
    ``:commit_seq`` (with unnumbered ones from ``:version`` or earlier)."""
    last = (  # the chain's last reveal, read with its anchor (one statement)
        select(DiceRevealRow.element)
        .where(DiceRevealRow.anchor_id == DiceAnchorRow.id)
        .order_by(DiceRevealRow.for_version.desc())
        .limit(1)
        .correlate(DiceAnchorRow)
        .scalar_subquery()
    )
    numbered: ColumnElement[bool] = DiceAnchorRow.seq.is_not(None)
    if ordered:
        numbered = numbered & (DiceAnchorRow.seq < bindparam("commit_seq"))
    statement = (
        select(DiceAnchorRow.id, DiceAnchorRow.anchor, last)
        .where(
            DiceAnchorRow.game_id == bindparam("gid"),
            DiceAnchorRow.seat == bindparam("seat"),
            ((DiceAnchorRow.seq.is_(None)) & (DiceAnchorRow.from_version <= bindparam("version")))
            | numbered,
        )
        .order_by(DiceAnchorRow.id.desc())
        .limit(1)
    )
    given = ("gid", "seat", "version", "commit_seq") if ordered else ("gid", "seat", "version")
    return as_text(statement, *given)


def _check_next(
    c: Connection,
    game_id: str,
    seat: str,
    version: int,
    element: str,
    commit_seq: int | None = None,
) -> _Chain:
    _check_hex("element", element)
    params: dict[str, Any] = {"gid": game_id, "seat": seat, "version": version}
    if commit_seq is not None:
        params["commit_seq"] = commit_seq
    found = c.execute(_chain_statement(commit_seq is not None), params).first()
    if found is None:
        raise RuleViolation(
            "TABLE-DICE-3",
            msg("this seat has no chain anchor published before this action was committed"),
            hint=msg("publish an anchor now; it serves the next action that rolls"),
        )
    anchor = _Chain(int(found[0]), str(found[1]))
    last_element = found[2]
    previous = anchor.anchor if last_element is None else str(last_element)
    if not follows(element, previous):
        raise RuleViolation(
            "TABLE-DICE-4",
            msg(
                "this element is not the next one of your chain (its SHA-256 must be your anchor or your last revealed element)"
            ),
            hint=msg("reload the table: your page computes the next element from the last one"),
        )
    return anchor


def _order_tops(game_id: Any) -> list[ScalarSelect[Any]]:
    """The table's three highest order numbers (commitments, reveals, anchors) as
    subqueries: the next order number is one above them all (:func:`_order`)."""
    return [
        select(func.max(DicePendingRow.commit_seq))
        .where(DicePendingRow.game_id == game_id)
        .scalar_subquery(),
        select(func.max(DiceRevealRow.seq))
        .where(DiceRevealRow.game_id == game_id)
        .scalar_subquery(),
        select(func.max(DiceAnchorRow.seq))
        .where(DiceAnchorRow.game_id == game_id)
        .scalar_subquery(),
    ]


def _revealed_element(game_id: Any, seat: Any, version: Any) -> ScalarSelect[Any]:
    """The element ``seat`` revealed for ``version``, as a subquery (:func:`_reveal_at`)."""
    return (
        select(DiceRevealRow.element)
        .where(
            DiceRevealRow.game_id == game_id,
            DiceRevealRow.seat == seat,
            DiceRevealRow.for_version == version,
        )
        .scalar_subquery()
    )


def _order(c: Connection, game_id: str) -> int:
    """The table's next order number for a commitment or a reveal (under the version lock)."""
    return _order_and_taken(c, game_id, None)[0]


def _order_and_taken(c: Connection, game_id: str, version: int | None) -> tuple[int, bool]:
    """:func:`_order`, and whether an action was committed at ``version`` already (one
    statement for the table's three order numbers and that question)."""
    taken = (
        exists().where(DicePendingRow.game_id == game_id, DicePendingRow.at_version == version)
        if version is not None
        else false()
    )
    *tops, at = c.execute(
        select(
            *_order_tops(game_id),
            taken,
        )
    ).one()
    return max(int(top or 0) for top in tops) + 1, bool(at)


@lru_cache(maxsize=8)
def _commit_facts_statement(others: int) -> Any:
    """The statement of :func:`_commit_facts` for a table with ``others`` other seats,
    built once per count (at most 8 counts kept), as text (:func:`as_text`): parameters ``:gid``,
    ``:version``, ``:seat`` and ``:other_0`` ... ``:other_{n-1}``."""
    gid: BindParameter[str] = bindparam("gid")
    version: BindParameter[int] = bindparam("version")
    taken = exists().where(DicePendingRow.game_id == gid, DicePendingRow.at_version == version)
    in_force = [
        exists().where(
            DiceAnchorRow.game_id == gid,
            DiceAnchorRow.seat == bindparam(f"other_{i}"),
            ((DiceAnchorRow.seq.is_(None)) & (DiceAnchorRow.from_version <= version))
            | DiceAnchorRow.seq.is_not(None),
        )
        for i in range(others)
    ]
    done = (
        select(DiceRevealRow.element)
        .where(
            DiceRevealRow.game_id == gid,
            DiceRevealRow.seat == bindparam("seat"),
            DiceRevealRow.for_version == version,
        )
        .scalar_subquery()
    )
    tops = [
        select(func.max(DicePendingRow.commit_seq))
        .where(DicePendingRow.game_id == gid)
        .scalar_subquery(),
        select(func.max(DiceRevealRow.seq)).where(DiceRevealRow.game_id == gid).scalar_subquery(),
        select(func.max(DiceAnchorRow.seq)).where(DiceAnchorRow.game_id == gid).scalar_subquery(),
    ]
    statement = select(*tops, taken, done, *in_force)
    return as_text(statement, "gid", "version", "seat", *(f"other_{i}" for i in range(others)))


def _commit_facts(
    c: Connection, game_id: str, version: int, seat: str, others: Sequence[str]
) -> tuple[int, bool, list[bool], str | None]:
    """What committing an action at ``version`` needs, in ONE statement (under the
    version lock): the next order number, whether an action was committed at
    ``version`` already, for each of ``others`` whether a chain is in force for
    the commitment (:func:`_in_force` at the new order number), and the element
    ``seat`` already revealed for ``version``, if any (:func:`_reveal_at`).

    The order number is one above every anchor's, so every numbered anchor is
    before the commitment (``seq < order``): an anchor is in force if it is
    numbered, or unnumbered and from ``version`` or earlier, as in
    :func:`_in_force`."""
    params: dict[str, Any] = {"gid": game_id, "version": version, "seat": seat}
    params.update({f"other_{i}": other for i, other in enumerate(others)})
    row = c.execute(_commit_facts_statement(len(others)), params).one()
    tops, at, element, chained = row[:3], row[3], row[4], row[5:]
    order = max(int(top or 0) for top in tops) + 1
    return order, bool(at), [bool(c) for c in chained], None if element is None else str(element)


@dataclass(frozen=True)
class Pending:
    """An action waiting for its dice (``dice_pending``)."""

    game_id: str
    id: int
    version: int
    seat: str
    action: dict[str, Any]
    digest: str
    seed_hash: str
    commit_seq: int
    awaited: list[str]
    deadline: float | None
    revealed: dict[str, str]

    def waiting_for(self) -> list[str]:
        return [s for s in self.awaited if s not in self.revealed]

    def public(self, seat: str) -> dict[str, Any]:
        """What every seat's view shows of it (never the action: it may name a secret)."""
        return {
            "id": self.id,
            "version": self.version,
            "seat": self.seat,
            "digest": self.digest,
            "commit_seq": self.commit_seq,
            "awaited": list(self.awaited),
            "waiting_for": self.waiting_for(),
            "revealed": sorted(self.revealed),
            "deadline": self.deadline,
            "mine": self.seat == seat,
            "reveal": seat in self.waiting_for(),
        }


def _pending_of(row: Any, revealed: dict[str, str]) -> Pending:
    """The waiting action of ``row`` (a Core row of its columns, or an object with them)
    with its reveals."""
    return Pending(
        row.game_id,
        row.id,
        row.at_version,
        row.seat,
        dict(row.action),
        row.digest,
        row.seed_hash,
        row.commit_seq,
        list(row.awaited),
        row.deadline,
        revealed,
    )


def _waiting_at(game_id: Any, version: Any) -> tuple[Any, ...]:
    """The conditions naming the action waiting for its dice at ``version``."""
    return (
        DicePendingRow.game_id == game_id,
        DicePendingRow.at_version == version,
        DicePendingRow.status == "pending",
    )


#: The action waiting at ``:version`` and the reveals made for it, one row per reveal
#: (:func:`pending_at`; built once).
_PENDING_AT = (
    select(
        *DicePendingRow.__table__.c,
        DiceRevealRow.seat.label("revealed_seat"),
        DiceRevealRow.element,
    )
    .outerjoin(DiceRevealRow, DiceRevealRow.pending_id == DicePendingRow.id)
    .where(
        DicePendingRow.game_id == bindparam("gid"),
        DicePendingRow.at_version == bindparam("version"),
        DicePendingRow.status == "pending",
    )
)


def pending_at(journal: Journal, game_id: str, version: int) -> Pending | None:
    """The action waiting for its dice at ``version``, if any (one per version).

    Read once per request (the table's status says whether any action waits at
    all; what is read is kept until a write of the request ends)."""
    if not table_status.status(journal, game_id).dice_pending:
        return None

    def read() -> Pending | None:
        # the action and its reveals, in one statement built once, as rows on the
        # request's connection (no ORM entities)
        with journal.reading_rows() as c:
            found = c.execute(_PENDING_AT, {"gid": game_id, "version": version}).all()
        if not found:
            return None
        revealed = {
            str(r.revealed_seat): str(r.element) for r in found if r.revealed_seat is not None
        }
        return _pending_of(found[0], revealed)

    return journal.remembered(("dice_pending", game_id, version), read)


def open_pending(
    journal: Journal,
    game_id: str,
    version: int,
    seat: str,
    action: dict[str, Any],
    seed: str,
    actor_element: str | None,
    seats: Sequence[str],
    now: float,
) -> Pending:
    """Commit an action that rolls: its digest first, the other seats' reveals after.

    The awaited seats are the other seats with a chain anchor published
    before this commitment (a seat without one cannot reveal: the roll goes
    without it, marked, see :func:`ready`). The actor's own element,
    if sent with the action, is stored as revealed for it (order number just
    above the commitment's). Refused (``TABLE-DICE-8``) while another action
    waits at this version.

    ``seed`` is the server seed of ``version`` (its hash already published): the
    digest's salt is derived from it (:func:`~ordnance.server.dice_scheme.seed_salt`,
    ``ordnance-dice-v3``), so it is fixed before the action, and so the actor's
    element, arrived.
    """
    wait, seconds = wait_setting(journal, game_id)
    seed_hash_hex = seed_hash(seed)
    salt = seed_salt(seed, game_id, version, seat)
    digest = action_digest(game_id, version, seat, action, seed_hash_hex, salt, SCHEME_V3)
    before = table_status.status(journal, game_id)  # read at the request's start
    reveal_id: int | None = None
    anchor_id = 0
    others = [other for other in seats if other != seat]
    with journal.writing() as c:
        _lock_version(c, game_id, version)
        order, taken, chained, done_element = _commit_facts(c, game_id, version, seat, others)
        if taken:
            raise RuleViolation(
                "TABLE-DICE-8",
                msg("another action is already waiting for its dice at this version"),
                hint=msg("wait until it is rolled (the other seats' pages reveal for it)"),
            )
        awaited = [other for other, has in zip(others, chained, strict=True) if has]
        values: dict[str, Any] = {
            "game_id": game_id,
            "at_version": version,
            "seat": seat,
            "action": dict(action),
            "digest": digest,
            "salt": salt,
            "seed_hash": seed_hash_hex,
            "commit_seq": order,
            "awaited": awaited,
            "opened_at": now,
            "deadline": None if wait == "wait" else now + seconds,
            "status": "pending",
        }
        # a Core insert on the transaction's connection, its id read back
        key = c.execute(_INSERT_PENDING, values).inserted_primary_key
        assert key is not None  # a single-row insert
        pending_id = int(key[0])
        revealed: dict[str, str] = {}
        if actor_element is not None:
            if done_element is not None and done_element != actor_element:
                raise RuleViolation(
                    "TABLE-DICE-5",
                    msg("this seat already revealed another element for this version"),
                    hint=msg("send the element you revealed, or none"),
                )
            revealed[seat] = actor_element
            if done_element is None:
                anchor = _check_next(c, game_id, seat, version, actor_element, order)
                reveal_id = _add_reveal(
                    c, game_id, seat, version, actor_element, anchor.id, pending_id, order + 1
                )
                anchor_id = anchor.id
        # nobody else can have revealed for an action committed just now
        opened = Pending(
            game_id,
            pending_id,
            version,
            seat,
            dict(action),
            digest,
            seed_hash_hex,
            order,
            list(awaited),
            values["deadline"],
            revealed,
        )
    # the rest of the request sees its own commitment without reading it back
    table_status.after_own_write(
        journal,
        game_id,
        before,
        dice_pending=True,
        reveals_top=before.reveals_top if reveal_id is None else reveal_id,
    )
    journal.remembered(("dice_pending", game_id, version), lambda: opened)
    if reveal_id is not None and actor_element is not None:
        _written_head(journal, game_id, anchor_id, reveal_id, actor_element, version)
    return opened


def _add_reveal(
    c: Connection,
    game_id: str,
    seat: str,
    version: int,
    element: str,
    anchor_id: int,
    pending_id: int | None = None,
    seq: int | None = None,
) -> int:
    """Write ``seat``'s element revealed at ``version`` (for the pending action
    ``pending_id``, with the table's order number ``seq``; none for a v1 reveal): a
    Core insert on the transaction's connection. Answers the new row's id."""
    values = {
        "game_id": game_id,
        "seat": seat,
        "for_version": version,
        "element": element,
        "anchor_id": anchor_id,
        "pending_id": pending_id,
        "seq": seq,
        "created_at": datetime.now(UTC),
    }
    key = c.execute(_INSERT_REVEAL, values).inserted_primary_key
    assert key is not None  # a single-row insert
    return int(key[0])


def reveal(
    journal: Journal,
    game_id: str,
    seat: str,
    version: int,
    seen_hash: str,
    element: str,
    digest: str | None = None,
) -> dict[str, Any]:
    """Deposit ``seat``'s next element for the action waiting at ``version``.

    ``digest`` must name that pending action (``TABLE-DICE-7`` without one:
    an element revealed before the action is chosen would let whoever reads
    the database foresee the roll). Refused (409) unless the game is at
    ``version``, ``seen_hash`` is its commitment and ``digest`` the action
    waiting there. Sending the same element again is accepted.
    """
    if digest is None:
        raise RuleViolation(
            "TABLE-DICE-7",
            msg("a seat reveals its element only for an action waiting for its dice"),
            hint=msg('send "pending": the digest of the action your view shows under dice.pending'),
        )
    before = table_status.status(journal, game_id)  # read once per request
    current = before.version
    if current != version:  # before the commitment, which may be drawn (written) now
        raise StaleVersion(version, current)
    commit = commitments.commitment(journal, game_id, version)
    with journal.writing() as c:
        _lock_version(c, game_id, version)
        if seen_hash != commit.seed_hash:
            raise StaleVersion(version, version)
        pending, revealed, done, chains, order = _pending_for_reveal(c, game_id, seat, version)
        if pending is None or pending.digest != digest:
            raise StaleVersion(version, version)
        if pending.seat == seat:
            raise RuleViolation(
                "TABLE-DICE-10",
                msg("the acting seat's element comes with its action only, never after it"),
                hint=msg("the action is committed: the other seats reveal for it now"),
            )
        if done is not None:
            if done != element:
                raise RuleViolation(
                    "TABLE-DICE-5",
                    msg("this seat already revealed another element for this version"),
                    hint=msg("one element per seat and version; reload the table"),
                )
            return {"version": version, "element": element, "pending": digest}
        anchor = _check_next(c, game_id, seat, version, element, pending.commit_seq)
        reveal_id = _add_reveal(c, game_id, seat, version, element, anchor.id, pending.id, order)
        # with every reveal for it, this one too (written just now, not read back)
        waiting = _pending_of(pending, {**revealed, seat: element})
        anchor_id = anchor.id
    # the rest of the request (which may draw the dice now) sees its own reveal
    table_status.after_own_write(journal, game_id, before, reveals_top=reveal_id)
    _written_head(journal, game_id, anchor_id, reveal_id, element, version)
    for other, chain in chains.items():  # the earlier reveals for it: their heads too
        _written_head(journal, game_id, chain, reveal_id, revealed[other], version)
    journal.remembered(("dice_pending", game_id, version), lambda: waiting)
    return {"version": version, "element": element, "pending": digest}


@cache
def _reveal_facts_statement() -> Any:
    """The statement of :func:`_pending_for_reveal` (built once; parameters ``:gid``,
    ``:version``, ``:seat``): the waiting action's columns, one row per reveal made
    for it (``revealed_seat``, ``revealed_element``, ``revealed_anchor``), the
    element ``:seat`` revealed for ``:version`` (``done``) and the table's three
    highest order numbers (``top_0`` to ``top_2``)."""
    gid: BindParameter[str] = bindparam("gid")
    version: BindParameter[int] = bindparam("version")
    done = _revealed_element(gid, bindparam("seat"), version)
    tops = [top.label(f"top_{i}") for i, top in enumerate(_order_tops(gid))]
    return (
        select(
            *DicePendingRow.__table__.c,
            DiceRevealRow.seat.label("revealed_seat"),
            DiceRevealRow.element.label("revealed_element"),
            DiceRevealRow.anchor_id.label("revealed_anchor"),
            done.label("done"),
            *tops,
        )
        .outerjoin(DiceRevealRow, DiceRevealRow.pending_id == DicePendingRow.id)
        .where(*_waiting_at(gid, version))
    )


def _pending_for_reveal(
    c: Connection, game_id: str, seat: str, version: int
) -> tuple[Any, dict[str, str], str | None, dict[str, int], int]:
    """What a reveal needs, in ONE statement (under the version lock): the action
    waiting at ``version`` (its row's columns), the reveals made for it (element and
    anchor id by seat), the element ``seat`` already revealed for ``version``
    (:func:`_reveal_at`) and the table's next order number (:func:`_order`)."""
    found = c.execute(
        _reveal_facts_statement(), {"gid": game_id, "version": version, "seat": seat}
    ).all()
    if not found:
        return None, {}, None, {}, 0
    first = found[0]
    shown = [r for r in found if r.revealed_seat is not None]
    revealed = {str(r.revealed_seat): str(r.revealed_element) for r in shown}
    chains = {str(r.revealed_seat): int(r.revealed_anchor) for r in shown}
    order = max(int(top or 0) for top in (first.top_0, first.top_1, first.top_2)) + 1
    return first, revealed, None if first.done is None else str(first.done), chains, order


def ready(pending: Pending, now: float, seats: Sequence[str]) -> tuple[bool, list[str]]:
    """Whether the roll may be drawn now, and the seats it goes without.

    A roll needs every other seat of the table (``seats``). It waits for the
    awaited ones (a chain in force at the commitment) until they reveal or,
    at a ``go_ahead`` table, until the deadline; a seat that could not
    reveal (no chain in force) is never waited for, but is always named in
    ``without`` with the silent ones.
    """
    silent = pending.waiting_for()
    missing = [x for x in seats if x != pending.seat and x not in pending.revealed]
    if not silent:
        return True, missing
    if pending.deadline is not None and now >= pending.deadline:
        return True, missing
    return False, silent


#: The pending action marked applied if its reveals are still the ones the roll used
#: (as many rows as elements used): a Core statement built once, run on the appending
#: transaction's connection (:func:`settle_hook`).
_APPLY = (
    update(DicePendingRow)
    .where(
        DicePendingRow.id == bindparam("pid"),
        DicePendingRow.status == "pending",
        select(func.count())
        .select_from(DiceRevealRow)
        .where(DiceRevealRow.pending_id == bindparam("pid"))
        .scalar_subquery()
        == bindparam("used"),
    )
    .values(status="applied", applied_seq=bindparam("applied"))
)


def settle_hook(
    pending: Pending, elements: dict[str, str | None], without: list[str], source: DiceSource
) -> Callable[[Connection], None]:
    """Runs in the journal's appending transaction: the pending action applied, its roll."""

    used = {k: v for k, v in elements.items() if v is not None}

    def write(c: Connection) -> None:
        # The reveals the roll uses were read from this action's rows (one per seat,
        # never changed or removed once written), so as many rows as elements used
        # means these very rows: checked in the UPDATE, not read back.
        marked = c.execute(
            _APPLY,
            {"pid": pending.id, "used": len(used), "applied": pending.version + 1},
        )
        now = used
        if marked.rowcount != 1:
            now = {  # applied elsewhere, or reveals came since: which one
                str(r.seat): str(r.element)
                for r in c.execute(
                    select(DiceRevealRow.seat, DiceRevealRow.element).where(
                        DiceRevealRow.pending_id == pending.id
                    )
                ).all()
            }
            if now == used:
                raise StaleVersion(pending.version, pending.version + 1)
        _record_roll(
            c,
            now,
            elements,
            source,
            game_id=pending.game_id,
            for_version=pending.version,
            scheme=SCHEME,
            pending_id=pending.id,
            without=list(without),
        )

    return write


#: the inserts of :func:`open_pending`, :func:`_add_reveal` and :func:`_record_roll`,
#: built once
_INSERT_PENDING = insert(DicePendingRow)
_INSERT_REVEAL = insert(DiceRevealRow)
_INSERT_ROLL = insert(DiceRollRow)


def _record_roll(
    c: Connection,
    revealed: dict[str, str],
    elements: dict[str, str | None],
    source: DiceSource,
    **row: Any,
) -> None:
    """The roll's record (``row``: its columns but the elements), written when dice were
    rolled; refused if the reveals read now are not those the roll used."""
    if revealed != {k: v for k, v in elements.items() if v is not None}:
        raise RevealsChanged()
    if source.rolls:  # a Core insert on the transaction's connection
        c.execute(_INSERT_ROLL, {"elements": dict(elements), **row})


def expire(journal: Journal, game_id: str, below: int) -> None:
    """Pending actions of versions before ``below`` no longer apply (the game moved on)."""
    with journal.writing() as c:
        c.execute(
            update(DicePendingRow)
            .where(
                DicePendingRow.game_id == game_id,
                DicePendingRow.status == "pending",
                DicePendingRow.at_version < below,
            )
            .values(status="expired")
        )


def drop_note(pending: Pending) -> str:
    """The words an undo accepted while an action waits for its dice carries."""
    return (
        f"{pending.seat}'s action waiting for its dice at version {pending.version} "
        "is dropped, never rolled"
    )


#: A pending action's status and entry (built once).
_FATE = select(DicePendingRow.status, DicePendingRow.applied_seq).where(
    DicePendingRow.id == bindparam("pid")
)


def fate(journal: Journal, pending_id: int) -> tuple[str, int | None] | None:
    """What became of the pending action ``pending_id``: its status (``pending``,
    ``applied``, ``expired``) and the entry it became (``applied_seq``); None when
    there is no such row. One statement, read afresh (no cache)."""
    with journal.reading_rows() as c:
        row = c.execute(_FATE, {"pid": pending_id}).first()
    return None if row is None else (str(row[0]), None if row[1] is None else int(row[1]))


#: A waiting action marked expired (built once).
_EXPIRE_ONE = (
    update(DicePendingRow)
    .where(DicePendingRow.id == bindparam("pid"), DicePendingRow.status == "pending")
    .values(status="expired")
)


def drop_pending(c: Connection, pending_id: int) -> None:
    """In an accepted undo's transaction: the waiting action no longer applies."""
    c.execute(_EXPIRE_ONE, {"pid": pending_id})


def expire_one(journal: Journal, pending_id: int) -> None:
    with journal.writing() as c:
        c.execute(_EXPIRE_ONE, {"pid": pending_id})


def chain_state(journal: Journal, game_id: str, seat: str, version: int) -> dict[str, Any]:
    """What the seat's page needs to reveal its next element (its own data only)."""
    waiting = pending_at(journal, game_id, version)  # read once per request
    found = anchors(journal, game_id)  # read once per new anchor
    newest = _newest(found, seat)
    # while an action waits, the chain in force at its commitment (maybe not the newest)
    anchor = newest if waiting is None else _in_force(found, seat, version, waiting.commit_seq)
    if anchor is None:
        return {
            "anchor": None,
            "from_version": None,
            "last": None,
            "revealed": None,
            "newest": newest.anchor if newest is not None else None,
        }
    last = _chain_head(journal, game_id, anchor)  # reveals are made at the current version only
    return {
        "anchor": anchor.anchor,
        "newest": newest.anchor if newest is not None else None,
        "from_version": anchor.from_version,
        "last": anchor.anchor if last is None else last[0],
        "revealed": last[0] if last is not None and last[1] == version else None,
    }


#: (database, game, anchor id, newest reveal id) -> the chain's last reveal (element,
#: version). Reveals are only ever added: the table's newest reveal id (in the request's
#: table status) names every chain's head, so a view reads it once per new reveal.
_HEADS: BoundedDict[tuple[str, str, int, int], tuple[str, int] | None] = BoundedDict(
    TABLES_REMEMBERED
)


@cache
def _head_statement(as_of: bool) -> Any:
    """A chain's newest reveal (``:anchor``), of ids up to ``:top`` if ``as_of`` (built
    once per form)."""
    shown = DiceRevealRow.id <= bindparam("top") if as_of else true()
    return (
        select(DiceRevealRow.element, DiceRevealRow.for_version)
        .where(DiceRevealRow.anchor_id == bindparam("anchor"), shown)
        .order_by(DiceRevealRow.for_version.desc())
        .limit(1)
    )


def _chain_head(journal: Journal, game_id: str, anchor: Anchor) -> tuple[str, int] | None:
    top = table_status.status(journal, game_id).reveals_top
    key = (journal.cache_key, game_id, anchor.id, top)
    if top >= 0 and key in _HEADS:
        return _HEADS[key]
    # as of the status, so that the head cached under ``top`` is the head at ``top``
    with journal.reading_rows() as c:
        row = c.execute(_head_statement(top >= 0), {"anchor": anchor.id, "top": top}).first()
    found = (str(row[0]), int(row[1])) if row is not None else None
    if top >= 0:
        _HEADS[key] = found
    return found


#: (database, game) -> the game's seats, sorted by UTF-8 bytes.
_SEATS: dict[tuple[str, str], list[str]] = BoundedDict(TABLES_REMEMBERED)


def _written_head(
    journal: Journal, game_id: str, anchor_id: int, reveal_id: int, element: str, version: int
) -> None:
    """The chain's head as the reveal just committed left it (:func:`_chain_head` at
    ``reveal_id``), kept instead of read back. A reveal is written under the game
    row's lock at the current version, the chain's highest, so every earlier
    reveal of this table has a smaller id and no later version: the newest
    reveal of the chain up to ``reveal_id`` is the chain's reveal for
    ``version`` (this one, or, for another seat's chain, its reveal for the same
    waiting action, read under the same lock)."""
    _HEADS[(journal.cache_key, game_id, anchor_id, reveal_id)] = (element, version)


def table_seats(journal: Journal, game_id: str, seats: Callable[[], Iterable[str]]) -> list[str]:
    """Every seat of the game, sorted by UTF-8 bytes: the seats of every roll's message.

    Taken from the game (``seats`` is called once per table and remembered), not
    from the seat-link rows, so that the set is the same for every roll of the
    table whatever links exist: a server free to drop a seat from the message
    could choose between two rolls.
    """
    key = (journal.cache_key, game_id)
    found = _SEATS.get(key)
    if found is None:
        found = sorted(set(seats()), key=lambda x: x.encode("utf-8"))
        _SEATS[key] = found
    return list(found)


# -- rolling --------------------------------------------------------------------------
#: The reveals made for ``:version`` of a table (built once; Core rows).
_REVEALS_AT = select(DiceRevealRow.seat, DiceRevealRow.element).where(
    DiceRevealRow.game_id == bindparam("gid"), DiceRevealRow.for_version == bindparam("version")
)


@dataclass(frozen=True)
class RollPlan:
    """The elements a roll at ``version`` uses, and the record to write with it."""

    game_id: str
    version: int
    elements: dict[str, str | None]
    actor: str
    actor_new: str | None  # the actor's element sent with the action, not yet stored
    #: the dice of a dry run that stops at the first die: no element is used
    probe_only: bool = False

    def hook(self, source: DiceSource) -> Callable[[Connection], None] | None:
        """Runs in the journal's appending transaction (``GameSession.act(within=)``);
        None when there is nothing to write (a dry run without the actor's element)."""
        if self.probe_only and self.actor_new is None:
            return None  # the dry run rolled no die (it stops at the first one)

        def write(c: Connection) -> None:
            if self.probe_only:  # the dry run rolled no die: the actor's element stored
                assert self.actor_new is not None
                _store_actor_element(c, self.game_id, self.actor, self.version, self.actor_new)
                return
            now = {
                str(r.seat): str(r.element)
                for r in c.execute(_REVEALS_AT, {"gid": self.game_id, "version": self.version})
            }
            if self.actor_new is not None and self.actor not in now:
                anchor = _check_next(c, self.game_id, self.actor, self.version, self.actor_new)
                _add_reveal(c, self.game_id, self.actor, self.version, self.actor_new, anchor.id)
                now[self.actor] = self.actor_new
            _record_roll(
                c,
                now,
                self.elements,
                source,
                game_id=self.game_id,
                for_version=self.version,
                scheme=SCHEME_V1,
            )

        return write


def _store_actor_element(
    c: Connection, game_id: str, seat: str, version: int, element: str
) -> None:
    """The acting seat's element sent with an action that rolled no die: stored as
    revealed at ``version`` (its chain moves on), once; checked as every element is."""
    done = _reveal_at(c, game_id, seat, version)
    if done is not None:
        if done != element:
            raise RuleViolation(
                "TABLE-DICE-5",
                msg("this seat already revealed another element for this version"),
                hint=msg("send the element you revealed, or none"),
            )
        return
    anchor = _check_next(c, game_id, seat, version, element)
    _add_reveal(c, game_id, seat, version, element, anchor.id)


def plan_roll(
    journal: Journal,
    game_id: str,
    version: int,
    actor: str,
    element: str | None,
    seats: Sequence[str],
    *,
    probe_only: bool = False,
) -> RollPlan:
    """Collect the revealed elements for ``version`` (the actor's may come with the action).

    With ``probe_only`` (a dry run whose dice stop at the first die asked, see
    ``TableService._act_server_dice``) and no element sent, nothing is read: an
    action that rolls no die uses no element, and one that rolls is committed as
    pending, which reads what it needs under the version lock.
    """
    if probe_only:  # the element is checked where it is stored, under the version lock
        if element is not None:
            _check_hex("element", element)
        return RollPlan(game_id, version, {}, actor, element, probe_only=True)
    with journal.reading_rows() as c:
        found = {
            str(r.seat): str(r.element)
            for r in c.execute(_REVEALS_AT, {"gid": game_id, "version": version})
        }
        actor_new = None
        if element is not None:
            if actor in found:
                if found[actor] != element:
                    raise RuleViolation(
                        "TABLE-DICE-5",
                        msg("this seat already revealed another element for this version"),
                        hint=msg("send the element you revealed, or none"),
                    )
            else:
                _check_next(c, game_id, actor, version, element)
                actor_new = element
                found[actor] = element
    elements: dict[str, str | None] = {seat: found.get(seat) for seat in seats}
    return RollPlan(game_id, version, elements, actor, actor_new, probe_only=probe_only)


# -- the record --------------------------------------------------------------------------
#: The reveals of the chains a record lists (``:kept``, their anchors' ids) before
#: ``:version``, each with the digest of the pending action it was for (built once).
_RECORD_REVEALS = (
    select(
        DiceRevealRow.for_version,
        DiceRevealRow.element,
        DiceRevealRow.seq,
        DiceRevealRow.anchor_id,
        DicePendingRow.digest,
    )
    .outerjoin(DicePendingRow, DicePendingRow.id == DiceRevealRow.pending_id)
    .where(
        DiceRevealRow.game_id == bindparam("gid"),
        DiceRevealRow.for_version < bindparam("version"),
        DiceRevealRow.anchor_id.in_(bindparam("kept", expanding=True)),
    )
    .order_by(DiceRevealRow.for_version)
)
#: The rolls from ``:since`` below ``:version``, each with its pending action (built once).
_RECORD_ROLLS = (
    select(
        DiceRollRow.for_version,
        DiceRollRow.scheme,
        DiceRollRow.elements,
        DiceRollRow.without,
        DicePendingRow.digest,
        DicePendingRow.commit_seq,
        DicePendingRow.seat.label("pending_seat"),
        DicePendingRow.awaited,
        DicePendingRow.action,
        DicePendingRow.salt,
    )
    .outerjoin(DicePendingRow, DicePendingRow.id == DiceRollRow.pending_id)
    .where(
        DiceRollRow.game_id == bindparam("gid"),
        DiceRollRow.for_version >= bindparam("since"),
        DiceRollRow.for_version < bindparam("version"),
    )
)


def record(
    journal: Journal,
    game_id: str,
    seat: str,
    entries: Sequence[JournalEntry],
    next_hash: str,
    seats: Sequence[str],
    *,
    version: int | None = None,
    since: int = 0,
    chains_for_rolls_only: bool = False,
) -> dict[str, Any]:
    """Everything a seat needs to recompute every server roll it may see.

    Nothing here is checked by the server on the seat's behalf: the page and
    ``python -m ordnance.server.verify`` recompute it all.

    With ``since`` > 0 (``entries`` being then only the entries after it, and
    ``version`` the game's version), the record holds the rolls of those
    entries only. Every chain anchor is still listed; a chain still in use at
    version ``since`` or later keeps *all* its reveals from its anchor, so each
    roll listed is checked against its whole chain as before, while a chain
    that ended before ``since`` (no listed roll can use it) is listed with
    ``"reveals": []`` and ``"omitted": true``.
    """
    if version is None:
        version = len(entries)
    head: dict[str, Any] = {"scheme": SCHEME, "game_id": game_id, "version": version}
    head.update(since=since, seats=list(seats), next={"version": version, "hash": next_hash})
    if chains_for_rolls_only and not any(e.dice_origin == "rolled" and e.dice for e in entries):
        # no roll to check among these entries: the chains would serve none (``/since``)
        return {**head, "chains": {}, "rolls": []}
    commits = {
        c.for_version: c
        for c in commitments.all_commitments(journal, game_id, version, from_version=since)
    }
    listed = anchors(journal, game_id)  # read once per new anchor
    # a chain is in use at ``since`` or later unless the seat's next chain starts
    # by then; only those chains' reveals are read
    following: dict[int, int | None] = {}
    for i, a in enumerate(listed):
        b = listed[i + 1] if i + 1 < len(listed) else None
        following[a.id] = b.from_version if b is not None and b.seat == a.seat else None
    kept = [
        a.id for a in listed if since == 0 or (until := following[a.id]) is None or until >= since
    ]
    # each reveal and roll with the pending action it was for (one statement each), as
    # rows on the request's connection: no ORM entities
    with journal.reading_rows() as c:
        reveals = c.execute(
            _RECORD_REVEALS, {"gid": game_id, "version": version, "kept": kept}
        ).all()
        rolls_rows = {
            r.for_version: r
            for r in c.execute(
                _RECORD_ROLLS, {"gid": game_id, "since": since, "version": version}
            ).all()
        }
    chains: dict[str, list[dict[str, Any]]] = {}
    by_anchor: dict[int, list[dict[str, Any]]] = {}
    kept_ids = set(kept)
    for a in listed:
        item: dict[str, Any] = {
            "anchor": a.anchor,
            "from_version": a.from_version,
            "seq": a.seq,
            "reveals": [],
        }
        if a.id not in kept_ids:
            item["omitted"] = True
        by_anchor[a.id] = item["reveals"]
        if a.from_version <= version:  # an anchor for the future stays private
            chains.setdefault(a.seat, []).append(item)
    for r in reveals:
        if r.anchor_id in by_anchor:
            by_anchor[r.anchor_id].append(
                {"version": r.for_version, "element": r.element, "pending": r.digest, "seq": r.seq}
            )
    rolls = []
    for entry in entries:
        if entry.dice_origin != "rolled" or not entry.dice:
            continue
        at = entry.seq - 1
        commit = commits.get(at)
        public = all(e.visible_to(seat) for e in entry.events)
        row = rolls_rows.get(at)
        item = {
            "seq": entry.seq,
            "version": at,
            "seat": entry.seat,
            "scheme": row.scheme if row is not None else None,
            "hash": commit.seed_hash if commit is not None else None,
            "seed": commit.seed if commit is not None and public else None,
            "sides": [sd for _v, sd, _l in entry.dice] if public else None,
            "dice": [v for v, _s, _l in entry.dice] if public else None,
            "elements": dict(row.elements) if row is not None else None,
        }
        if row is not None and row.scheme == SCHEME:
            # the digest's scheme: v3 where the salt is the one derived from the seed
            # (the digest binds it: a v3 digest made with another salt checks as neither)
            derived = (
                row.salt is not None
                and commit is not None
                and row.salt == seed_salt(commit.seed, game_id, at, str(row.pending_seat))
            )
            item["pending"] = (  # the pending action joined to the roll, if any
                {
                    "scheme": SCHEME_V3 if derived else SCHEME,
                    "digest": row.digest,
                    "commit_seq": row.commit_seq,
                    "seat": row.pending_seat,
                    "awaited": list(row.awaited),
                    # the action itself only where its entry is public to this seat
                    "action": dict(row.action) if public else None,
                    # the digest's salt, published with the action (null where the
                    # action is hidden, and for actions committed before salts)
                    "salt": row.salt if public else None,
                }
                if row.digest is not None
                else None
            )
            item["without"] = list(row.without or [])
        rolls.append(item)
    return {**head, "chains": chains, "rolls": rolls}
