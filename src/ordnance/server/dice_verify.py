"""Recompute every roll of an exported dice record (``GET /api/tables/<id>/dice``).

Trusts nothing in the record but its structure: for each roll it checks that
the seed hashes to the published commitment, that every seat's element is the
one that seat revealed for that version and that each seat's reveals form an
unbroken hash chain from its anchor, and finally derives the faces itself
(:func:`ordnance.server.dice_scheme.derive`) and compares them die by die.
For an ``ordnance-dice-v2`` roll it also checks the order: every element it
used was revealed *for* the roll's pending action (the reveal names the
action's digest) and after it was committed (``commit_seq`` < the reveal's
``seq``); that the chain each element came from was anchored before that
commitment (the anchor's ``seq`` below ``commit_seq``: a chain picked after
the action was known could be tried until the roll suits); and that the
roll's ``without`` names every other seat whose element it lacks.

A record that cannot be read (wrong types, bad hex, a die without sides)
raises :class:`MalformedRecord` with a one-line message naming the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, StringConstraints, ValidationError, model_validator

from ordnance.server.dice_scheme import (
    SCHEME,
    SCHEME_V1,
    SCHEME_V3,
    SCHEMES,
    action_digest,
    derive,
    follows,
    seed_hash,
    seed_salt,
)

Hex64 = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
SeedHex = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{2,128}$")]


class MalformedRecord(ValueError):
    """The record is not a dice record this verifier can read."""


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="ignore")


class _Reveal(_Strict):
    version: int
    element: Hex64
    pending: Hex64 | None = None
    seq: int | None = None


class _Pending(_Strict):
    #: the digest's scheme: ``ordnance-dice-v3`` (salt derived from the seed) or ``-v2``
    #: (a random salt, or none: committed before the derived salt; absent in older records)
    scheme: Literal["ordnance-dice-v2", "ordnance-dice-v3"] = "ordnance-dice-v2"
    digest: Hex64
    commit_seq: int
    seat: str
    awaited: list[str] = []
    action: dict[str, Any] | None = None
    #: the salt hashed into the digest (None: hidden with the action, or no salt)
    salt: Hex64 | None = None


class _Chain(_Strict):
    anchor: Hex64
    from_version: int
    #: the anchor's order number (None: published before anchors had one)
    seq: int | None = None
    reveals: list[_Reveal]


class _Roll(_Strict):
    seq: int
    version: int
    seat: str | None = None
    scheme: str | None
    hash: Hex64 | None
    seed: SeedHex | None
    sides: list[int] | None
    dice: list[int] | None
    elements: dict[str, Hex64 | None] | None
    pending: _Pending | None = None
    without: list[str] = []

    @model_validator(mode="after")
    def _dice_match_sides(self) -> _Roll:
        if (self.dice is None) != (self.sides is None):
            raise ValueError("dice and sides must both be given or both be null")
        if self.dice is not None and self.sides is not None:
            if len(self.dice) != len(self.sides):
                raise ValueError(
                    f"{len(self.dice)} dice but {len(self.sides)} sides: every die needs its sides"
                )
            if any(not 2 <= s <= 256 for s in self.sides):
                raise ValueError("a die has 2 to 256 sides")
        return self


class _Record(_Strict):
    scheme: Literal["ordnance-dice-v1", "ordnance-dice-v2"]
    game_id: str
    version: int
    seats: list[str]
    chains: dict[str, list[_Chain]]
    rolls: list[_Roll]


def parse(data: Any) -> _Record:
    if not isinstance(data, dict):
        raise MalformedRecord("the dice record must be a JSON object")
    try:
        return _Record.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(p) for p in err["loc"]) or "record"
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        raise MalformedRecord(f"{where}: {err['msg']}{more}") from None


@dataclass
class RollCheck:
    seq: int
    version: int
    status: Literal["ok", "failed", "hidden"]
    problems: list[str] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)
    derived: list[int] | None = None
    #: v2: the awaited seats it rolled without (silent past the deadline)
    without: list[str] = field(default_factory=list)
    #: one line on what the missing elements allow ("rolled without ...")
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """Every field, in the order declared (JSON-ready)."""
        return asdict(self)


@dataclass
class Report:
    rolls: list[RollCheck]

    @property
    def verified(self) -> int:
        return sum(r.status == "ok" for r in self.rolls)

    @property
    def failed(self) -> list[RollCheck]:
        return [r for r in self.rolls if r.status == "failed"]

    @property
    def hidden(self) -> list[RollCheck]:
        return [r for r in self.rolls if r.status == "hidden"]

    def success(self, allow_hidden: bool = False) -> bool:
        """Every roll recomputed (``0 verified`` is never a success)."""
        if self.failed or not self.verified:
            return False
        return allow_hidden or not self.hidden


def foreseen_text(absent: Sequence[str], seats: Sequence[str]) -> str:
    """The words for a roll drawn without the elements of ``absent`` (of the roll's
    ``seats``): who could have foreseen it is whoever holds every input it used, the
    operator (the seed) with the seats whose elements it used. When the absent seat is
    the acting one, that is the operator with the other seats, not the acting seat."""
    used = [s for s in seats if s not in absent]
    if not used:
        return (
            f"rolled without the element of {', '.join(absent)}: "
            "the operator alone could have foreseen it"
        )
    return (
        f"rolled without the element of {', '.join(absent)}: the operator and "
        f"{', '.join(used)} together could have foreseen it"
    )


def _chain_reveals(
    record: _Record,
) -> tuple[dict[tuple[str, int], _Reveal], dict[str, str], dict[tuple[str, int], int | None]]:
    """Valid reveals by (seat, version), the first chain fault of each seat, and the
    order number of the anchor of each valid reveal's chain."""
    good: dict[tuple[str, int], _Reveal] = {}
    broken: dict[str, str] = {}
    anchored: dict[tuple[str, int], int | None] = {}
    for seat, chains in record.chains.items():
        if seat not in record.seats:
            broken[seat] = f"chain of {seat!r}, which is not a seat of this table"
            continue
        starts = [c.from_version for c in chains]
        ordered = [c.seq for c in chains if c.seq is not None]
        legacy = [c.from_version for c in chains if c.seq is None]
        if (
            starts != sorted(starts)
            or ordered != sorted(set(ordered))
            or legacy != sorted(set(legacy))
        ):
            broken[seat] = f"{seat}: anchors are not in order of the version they count from"
            continue
        for i, chain in enumerate(chains):
            after = chains[i + 1] if i + 1 < len(chains) else None
            # an anchor with an order number may be published at a version whose action was
            # committed before it: the older chain may still serve that version
            last_allowed = None
            if after is not None:
                shared = after.seq is not None  # may share its first version with this chain
                last_allowed = after.from_version if shared else after.from_version - 1
            previous = chain.anchor
            last_version = chain.from_version - 1
            for r in chain.reveals:
                if r.version <= last_version or (
                    last_allowed is not None and r.version > last_allowed
                ):
                    broken[seat] = (
                        f"{seat}: a reveal for version {r.version} is out of order "
                        "or outside its anchor's versions"
                    )
                    break
                if not follows(r.element, previous):
                    broken[seat] = (
                        f"{seat}: the element for version {r.version} does not hash to "
                        "the previous element of its chain"
                    )
                    break
                if (seat, r.version) in good:
                    broken[seat] = f"{seat}: two elements for version {r.version}"
                    break
                good[(seat, r.version)] = r
                anchored[(seat, r.version)] = chain.seq
                previous, last_version = r.element, r.version
            if seat in broken:
                break
    return good, broken, anchored


RANDOM_SALT_NOTE = "random salt (before the salt derived from the seed): the operator chose it"


def _check_salt(game_id: str, roll: _Roll, res: RollCheck, derived_seen: list[int]) -> None:
    """The digest's salt: under ``v3`` the one derived from the revealed seed; a
    random (``v2``) salt is noted, and refused once a ``v3`` roll came before it."""
    pending = roll.pending
    assert pending is not None
    if pending.scheme == SCHEME_V3:
        derived_seen.append(roll.version)
        if roll.seed is None or pending.action is None:
            return  # hidden: the salt is not published either
        expected = seed_salt(roll.seed, game_id, roll.version, pending.seat)
        if pending.salt != expected:
            res.problems.append(
                "salt: the published salt is not the one derived from the revealed seed"
            )
    elif pending.salt is not None:
        if derived_seen:
            res.problems.append(
                "salt: a random salt after rolls whose salt came from the seed "
                f"(version {derived_seen[0]})"
            )
        else:
            res.notes.append(RANDOM_SALT_NOTE)


def check(data: Any) -> Report:
    """Recompute every roll of a dice record; raises :class:`MalformedRecord`."""
    record = parse(data)
    good, broken, anchored = _chain_reveals(record)
    checks: list[RollCheck] = []
    derived_seen: list[int] = []  # the versions of the v3 rolls checked so far
    for roll in record.rolls:
        res = RollCheck(roll.seq, roll.version, "ok")
        checks.append(res)
        if roll.scheme not in SCHEMES or roll.elements is None:
            res.status = "failed"
            res.problems.append(f"no {SCHEME_V1} or {SCHEME} dice record for this roll")
            continue
        digest: str | None = None
        if roll.scheme == SCHEME:
            if roll.pending is None:
                res.status = "failed"
                res.problems.append("order: a v2 roll without the commitment of its action")
                continue
            digest = roll.pending.digest
            _check_salt(record.game_id, roll, res, derived_seen)
            if roll.pending.action is not None and roll.hash is not None:
                expected = action_digest(
                    record.game_id,
                    roll.version,
                    roll.pending.seat,
                    roll.pending.action,
                    roll.hash,
                    roll.pending.salt,
                    roll.pending.scheme,
                )
                if expected != digest:
                    res.problems.append(
                        "order: the action's digest is not the digest of the action recorded"
                    )
        if roll.hash is None:
            res.status = "failed"
            res.problems.append("commitment missing: no published hash for this roll")
            continue
        if set(roll.elements) != set(record.seats):
            res.status = "failed"
            res.problems.append("the roll's seats are not the table's seats")
            continue
        for seat in record.seats:
            element = roll.elements[seat]
            found = good.get((seat, roll.version))
            revealed = found.element if found is not None else None
            if digest is not None and element is not None and found is not None:
                assert roll.pending is not None
                if found.pending != digest:
                    res.problems.append(
                        f"order: the element of {seat} was not revealed for this action "
                        "(revealed before the action was committed)"
                    )
                elif found.seq is None or found.seq <= roll.pending.commit_seq:
                    res.problems.append(
                        f"order: the element of {seat} was revealed before the action "
                        f"was committed (reveal {found.seq}, commitment {roll.pending.commit_seq})"
                    )
                elif (at := anchored.get((seat, roll.version))) is not None and (
                    at >= roll.pending.commit_seq
                ):
                    res.problems.append(
                        f"order: the chain of {seat} was anchored after the action was "
                        f"committed (anchor {at}, commitment {roll.pending.commit_seq})"
                    )
            if seat in broken:
                res.problems.append(f"chain mismatch: {broken[seat]}")
            elif element is None and revealed is not None:
                res.problems.append(
                    f"chain mismatch: {seat} revealed an element for version "
                    f"{roll.version} but the roll left it out"
                )
            elif element is not None and element != revealed:
                res.problems.append(
                    f"chain mismatch: the element of {seat} is not the one its chain "
                    f"revealed for version {roll.version}"
                )
            if element is None:
                res.absent.append(seat)
        res.without = [s for s in roll.without if s in res.absent]
        if roll.scheme == SCHEME and roll.pending is not None:
            unmarked = [s for s in res.absent if s != roll.pending.seat and s not in roll.without]
            if unmarked:
                res.problems.append(
                    f"without: the roll lacks the element of {', '.join(unmarked)} "
                    "but does not say so"
                )
        if digest is not None and res.absent:
            res.notes.append(foreseen_text(res.absent, record.seats))
        if roll.seed is None or roll.dice is None or roll.sides is None:
            res.status = "failed" if res.problems else "hidden"
            continue
        if seed_hash(roll.seed) != roll.hash:
            res.problems.append(
                f"hash mismatch: sha256(seed) is {seed_hash(roll.seed)[:16]}..., "
                f"the published commitment is {roll.hash[:16]}..."
            )
        derived = derive(roll.seed, record.game_id, roll.version, roll.elements, roll.sides, digest)
        res.derived = derived
        for i, (got, want) in enumerate(zip(roll.dice, derived, strict=True), start=1):
            if got != want:
                res.problems.append(
                    f"die value mismatch: die #{i} is recorded as {got}, the secrets give {want}"
                )
        if res.problems:
            res.status = "failed"
    return Report(checks)
