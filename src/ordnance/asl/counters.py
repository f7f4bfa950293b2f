"""The counter database: every VASL vehicle and ordnance counter with special ammunition.

``data/counters.json`` is built by ``scripts/build_asl_counters.py`` from a
pinned revision of the public VASL module (LGPL-2.1; see
``data/COUNTERS-PROVENANCE.md``). It holds facts only: name, nationality,
piece id, the special-ammunition notation and the gun size where the name
carries one.

Names are found with forgiving spelling (``t34/85``, ``T 34-85``,
``Panter``) by RapidFuzz, a maintained fuzzy-matching library: the query and
every name are compared with punctuation and case removed, then by weighted
ratio, so an exact name (modulo punctuation) always ranks first.

>>> [c.nationality for c in find_counters("T-34/85") if c.name == "T-34/85"]
['north-korean', 'russian']
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz, process

from ordnance.asl.capability import Resolved, resolve_capability
from ordnance.asl.dates import ScenarioDate, Theatre
from ordnance.asl.nationalities import KNOWN_NATIONALITIES
from ordnance.asl.notation import DEFAULT_MONTH_LETTERS as MONTHS
from ordnance.asl.notation import parse_notation
from ordnance.asl.option_defaults import DEFAULT_OPTIONS, DefaultOptions
from ordnance.asl.supply import ordnance_nationality
from ordnance.core.errors import OrdnanceError, UnknownName

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.asl.options import AslOptions

#: Palettes whose counters a game side of another name uses.
PALETTE_ARMY = {"waffen-ss": "german", "communist-chinese": "chinese"}

#: Scores (0-100) below this are no match.
MIN_SCORE = 75.0


@dataclass(frozen=True, slots=True)
class Counter:
    """One counter's facts, as the module prints them."""

    name: str
    gpid: str
    nationality: str | None
    notation: str
    gun_size: str | None

    @property
    def army(self) -> str | None:
        """The game nationality of the counter's palette (SS counters are German), if any."""
        nat = self.nationality or ""
        return PALETTE_ARMY.get(nat, nat if nat in KNOWN_NATIONALITIES else None)

    @property
    def pre_adjusted(self) -> bool:
        """SS counters print their values with the Elite +1 already in (ASL-AMB-4)."""
        return self.nationality == "waffen-ss"

    def reading(
        self,
        date: ScenarioDate,
        theatre: Theatre = Theatre.ETO,
        *,
        options: AslOptions | DefaultOptions | None = None,
    ) -> list[Resolved]:
        """Each entry as a Gun of this counter's army sees it at ``date`` (ASL-8.2-e, 8.3-a)."""
        opts: AslOptions | DefaultOptions = options or DEFAULT_OPTIONS
        army = self.army
        made_by = ordnance_nationality(army) if army else None
        entries = parse_notation(self.notation, month_letters=opts.month_letters or MONTHS)
        return [
            resolve_capability(
                e.ammo,
                [e],
                date,
                theatre,
                made_by=made_by,
                used_by=army,
                elite=self.pre_adjusted,
                pre_adjusted=self.pre_adjusted,
                options=opts,
            )
            for e in entries
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "gpid": self.gpid,
            "nationality": self.nationality,
            "notation": self.notation,
            "gun_size": self.gun_size,
        }


@cache
def load_database() -> dict[str, Any]:
    """The packaged database with its ``source`` (repo, commit, path, licence)."""
    text = resources.files("ordnance.asl").joinpath("data/counters.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def all_counters() -> tuple[Counter, ...]:
    return tuple(Counter(**row) for row in load_database()["counters"])


def _key(text: str) -> str:
    """Case and punctuation removed: ``"T-34/85"`` and ``"t34 85"`` both read ``t3485``."""
    return re.sub(r"[^0-9a-z]+", "", text.casefold())


@cache
def _keys() -> tuple[str, ...]:
    return tuple(_key(c.name) for c in all_counters())


def find_counters(query: str, *, nationality: str | None = None, limit: int = 10) -> list[Counter]:
    """Counters whose name matches ``query``, best first (ties by nationality, piece id)."""
    return [c for c, _score in scored_counters(query, nationality=nationality, limit=limit)]


def scored_counters(
    query: str, *, nationality: str | None = None, limit: int = 10
) -> list[tuple[Counter, float]]:
    """:func:`find_counters` with each match's score (100 = the same name)."""
    wanted = _key(query)
    if not wanted:
        raise OrdnanceError(
            f"cannot search for the counter name {query!r}", hint='e.g. "T-34/85" or "PzKpfw IVH"'
        )
    counters = all_counters()
    keys = _keys()
    nat = nationality.strip().lower() if nationality else None
    choices = {
        i: key for i, key in enumerate(keys) if nat is None or counters[i].nationality == nat
    }
    found = process.extract(wanted, choices, scorer=fuzz.WRatio, score_cutoff=MIN_SCORE, limit=None)
    ranked = sorted(
        ((counters[i], 100.0 if key == wanted else float(score)) for key, score, i in found),
        key=lambda cs: (-cs[1], cs[0].nationality or "", cs[0].name, cs[0].gpid),
    )
    return ranked[:limit]


def pick_counter(query: str, *, nationality: str | None = None) -> Counter:
    """The one counter ``query`` names (a piece id, or a name), preferring ``nationality``.

    Refused when nothing matches, or when the best matches carry different
    notations (the hint lists them with their piece ids, any of which may be
    given instead of the name).
    """
    by_id = [c for c in all_counters() if c.gpid == query.strip()]
    if len(by_id) == 1:
        return by_id[0]
    scored: list[tuple[Counter, float]] = []
    if nationality:
        scored = scored_counters(query, nationality=nationality, limit=20)
    if not scored:
        scored = scored_counters(query, limit=20)
    if not scored:
        raise UnknownName(
            f"no counter is called anything like {query!r}",
            clause="ASL-8.2-e",
            hint="search with: ordnance asl counters NAME",
        )
    best = scored[0][1]
    top = [c for c, score in scored if score == best]
    notations = {c.notation for c in top}
    if len(notations) > 1:
        listed = "; ".join(f"{c.gpid} {c.name} ({c.nationality}): {c.notation}" for c in top[:8])
        raise OrdnanceError(
            f"{query!r} names {len(top)} counters with different notations",
            clause="ASL-8.2-e",
            hint=f"give the piece id instead: {listed}",
        )
    return top[0]


def source() -> dict[str, Any]:
    """Where the database comes from (repo, commit, path, licence, what was extracted)."""
    src: dict[str, Any] = load_database()["source"]
    return src
