"""The counter database: every VASL vehicle and ordnance counter, and its name search.

``data/counters.json`` is built by ``scripts/build_asl_counters.py`` from a
pinned revision of the public VASL module (LGPL-2.1; see
``data/COUNTERS-PROVENANCE.md``). It holds facts only: name, nationality,
piece id, kind (vehicle, ordnance), the special-ammunition notation, the
gun size where the name carries one, and the To Hit marking where the
information string gives one. The printed values the public data lacks
(AF, ROF, B#...) come from the player's library
(:mod:`ordnance.asl.rules.counter_library`).

Names are found as players say them (:func:`search`, :func:`lookup`): the
piece id, the name, a curated alias (``data/counter_aliases.json``: Panther,
Firefly, JS-2, PaK 40, 6-pounder and their Russian spellings, each with its
reason), the model with filler words dropped (``Sherman M4A3(76)W``), then
spelling slips by RapidFuzz, a maintained fuzzy-matching library.

>>> [c.nationality for c in find_counters("T-34/85") if c.name == "T-34/85"]
['north-korean', 'russian']
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz, process

from ordnance.asl.rules.capability import Resolved, resolve_capability
from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.nationalities import KNOWN_NATIONALITIES
from ordnance.asl.rules.notation import DEFAULT_MONTH_LETTERS as MONTHS
from ordnance.asl.rules.notation import parse_notation
from ordnance.asl.rules.option_defaults import DEFAULT_OPTIONS, DefaultOptions
from ordnance.asl.rules.supply import ordnance_nationality
from ordnance.core.errors import OrdnanceError, UnknownName
from ordnance.core.messages import msg
from ordnance.core.plain import attributes

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.asl.settings import AslOptions

#: Palettes whose counters a game side of another name uses.
PALETTE_ARMY = {"waffen-ss": "german", "communist-chinese": "chinese"}

#: Scores (0-100) below this are no match.
MIN_SCORE = 75.0


@dataclass(frozen=True, slots=True)
class Counter:
    """One counter's facts, as the module prints them.

    ``kind`` is ``vehicle``, ``ordnance`` or ``other`` (the palette folder);
    ``to_hit`` the To Hit marking the information string gives (``red`` or
    ``black``), in force before the year ``to_hit_before`` when that is set.
    """

    name: str
    gpid: str
    nationality: str | None
    notation: str
    gun_size: str | None
    kind: str = "other"
    to_hit: str | None = None
    to_hit_before: int | None = None

    @property
    def army(self) -> str | None:
        """The game nationality of the counter's palette (SS counters are German), if any."""
        nat = self.nationality or ""
        return PALETTE_ARMY.get(nat, nat if nat in KNOWN_NATIONALITIES else None)

    @property
    def pre_adjusted(self) -> bool:
        """SS counters print their values with the Elite +1 already in (ASL-AMB-4)."""
        return self.nationality == "waffen-ss"

    @property
    def label(self) -> str:
        """``PzKw VG (german, 2592)``: how a refusal or a listing names the counter."""
        return f"{self.name} ({self.nationality or '?'}, {self.gpid})"

    def same_piece(self) -> tuple[Any, ...]:
        """What two identical counters of several palettes share (the piece id aside)."""
        return (
            self.name,
            self.nationality,
            self.kind,
            self.notation,
            self.gun_size,
            self.to_hit,
            self.to_hit_before,
        )

    def same_model(self) -> tuple[Any, ...]:
        """What makes two counters the same choice for a Gun (nationality aside)."""
        return (self.name, self.notation, self.gun_size, self.to_hit, self.to_hit_before)

    def to_hit_at(self, date: ScenarioDate | None) -> str | None:
        """The counter's To Hit marking in force at ``date`` (None: the counter says nothing).

        ``Red TH#s^<44^`` is red before 1944 only; without a date such a
        dated marking is not known to apply.
        """
        if self.to_hit is None or self.to_hit_before is None:
            return self.to_hit
        if date is None or date.year >= self.to_hit_before:
            return None
        return self.to_hit

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
        return attributes(self, "name gpid nationality kind notation gun_size to_hit to_hit_before")


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
    """Case and punctuation removed: ``"T-34/85"`` and ``"t34 85"`` both read ``t3485``.

    Letters of any script are kept (``"ИС-2"`` reads ``ис2``).
    """
    return re.sub(r"[\W_]+", "", text.casefold())


#: Cyrillic letters in Latin, tried after the aliases (``Т-34`` is ``T-34``).
_LATIN = "a b v g d e e zh z i i k l m n o p r s t u f kh ts ch sh shch - y - e yu ya"
CYRILLIC = {
    cyr: ("" if lat == "-" else lat)
    for cyr, lat in zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя", _LATIN.split(), strict=True)
}


def _latin(key: str) -> str:
    return "".join(CYRILLIC.get(ch, ch) for ch in key)


@dataclass(frozen=True, slots=True)
class Alias:
    """A name players say, the VASL counter names it stands for (best first), and why."""

    alias: str
    counters: tuple[str, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class AliasTable:
    """The curated table ``data/counter_aliases.json``: aliases, key rewrites, filler words."""

    aliases: tuple[Alias, ...]
    rewrites: tuple[tuple[re.Pattern[str], str, str], ...]
    filler_words: tuple[tuple[str, str], ...]

    def by_key(self) -> dict[str, Alias]:
        return {_key(a.alias): a for a in self.aliases}


@cache
def alias_table() -> AliasTable:
    """The packaged alias table (each alias with its reason)."""
    text = resources.files("ordnance.asl").joinpath("data/counter_aliases.json").read_text("utf-8")
    raw = json.loads(text)
    return AliasTable(
        tuple(Alias(a["alias"], tuple(a["counters"]), a["reason"]) for a in raw["aliases"]),
        tuple((re.compile(r["pattern"]), r["to"], r["reason"]) for r in raw["rewrites"]),
        tuple((_key(w["word"]), w["reason"]) for w in raw["filler_words"]),
    )


def model_keys(query: str) -> tuple[str, ...]:
    """The keys a query may mean as a model name: rewritten, filler words dropped, in Latin.

    >>> model_keys("Sherman M4A3(76)W")
    ('shermanm4a376w', 'm4a376w')
    >>> model_keys("JS-2")
    ('js2', 'is2')
    """
    table = alias_table()
    words = [_key(w) for w in query.split()]
    words = [w for w in words if w]
    fillers = {w for w, _reason in table.filler_words}
    variants = ["".join(words)]
    kept = [w for w in words if w not in fillers]
    if kept and len(kept) < len(words):
        variants.append("".join(kept))
    out: list[str] = []
    for v in variants:
        for form in (v, _latin(v)):
            for pattern, to, _reason in table.rewrites:
                if pattern.search(form):
                    form = pattern.sub(to, form, count=1)
                    break
            if form not in out:
                out.append(form)
            if v not in out:
                out.insert(len(out) - 1, v)
    return tuple(dict.fromkeys(out))


@cache
def _keys() -> tuple[str, ...]:
    return tuple(_key(c.name) for c in all_counters())


@cache
def _by_key() -> dict[str, tuple[int, ...]]:
    out: dict[str, list[int]] = {}
    for i, key in enumerate(_keys()):
        out.setdefault(key, []).append(i)
    return {k: tuple(v) for k, v in out.items()}


@cache
def by_gpid() -> dict[str, Counter]:
    """Every counter by its piece id."""
    return {c.gpid: c for c in all_counters()}


#: How a match was found, best first (the first sort key of a search).
TIERS = ("piece id", "name", "alias", "model", "fuzzy")


@dataclass(frozen=True, slots=True)
class Match:
    """One search hit: the counter, its score (100 = the name itself) and how it was found.

    ``also`` holds the piece ids of identical counters of other palettes
    (shown once); ``why`` is the alias's reason, or how the name matched.
    """

    counter: Counter
    score: float
    how: str
    why: str
    also: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.counter.to_dict(),
            "score": round(self.score, 1),
            "match": self.how,
            "why": self.why,
            "also": list(self.also),
        }


def _ranked(query: str, nat: str | None) -> list[tuple[tuple[Any, ...], Match]]:
    counters = all_counters()
    wanted = _key(query)
    keep = [nat is None or c.nationality == nat for c in counters]
    found: dict[int, tuple[tuple[Any, ...], Match]] = {}

    def offer(i: int, order: tuple[Any, ...], match: Match) -> None:
        if keep[i] and (i not in found or order < found[i][0]):
            found[i] = (order, match)

    def tie(c: Counter) -> tuple[Any, ...]:
        return (c.nationality or "", c.name, c.gpid)

    for i, c in enumerate(counters):
        if c.gpid == query.strip():
            offer(i, (0, 0.0, 0, 0, *tie(c)), Match(c, 100.0, "piece id", "the piece id"))
    for i in _by_key().get(wanted, ()):
        c = counters[i]
        offer(i, (1, 0.0, 0, 0, *tie(c)), Match(c, 100.0, "name", "the counter's own name"))
    alias = alias_table().by_key().get(wanted)
    if alias is not None:
        for rank, name in enumerate(alias.counters):
            for i in _by_key().get(_key(name), ()):
                c = counters[i]
                offer(i, (2, 0.0, 0, rank, *tie(c)), Match(c, 100.0, "alias", alias.reason))
    keys = model_keys(query)
    for key in keys[1:]:
        for i in _by_key().get(key, ()):
            c = counters[i]
            offer(i, (3, 0.0, 0, 0, *tie(c)), Match(c, 100.0, "model", f"the model {c.name}"))
    best_key = keys[-1]
    choices = {i: k for i, k in enumerate(_keys()) if keep[i]}
    for _k, score, i in process.extract(
        best_key, choices, scorer=fuzz.WRatio, score_cutoff=MIN_SCORE, limit=None
    ):
        c = counters[i]
        close = fuzz.ratio(best_key, _keys()[i])
        offer(
            i,
            (4, -float(score), -close, 0, *tie(c)),
            Match(c, float(score), "fuzzy", f"spelt like {c.name!r}"),
        )
    for akey, other in alias_table().by_key().items():
        score = max(fuzz.WRatio(k, akey) for k in (wanted, best_key))
        if akey == wanted or score < MIN_SCORE:
            continue
        close = fuzz.ratio(best_key, akey)
        for rank, name in enumerate(other.counters):
            for i in _by_key().get(_key(name), ()):
                c = counters[i]
                offer(
                    i,
                    (4, -float(score), -close, rank, *tie(c)),
                    Match(c, float(score), "fuzzy", f"spelt like {other.alias!r}: {other.reason}"),
                )
    return sorted(found.values(), key=lambda om: om[0])


def search(query: str, *, nationality: str | None = None, limit: int = 10) -> list[Match]:
    """Counters ``query`` names, best first, identical counters of several palettes once.

    Order: the piece id; the counter's own name (case and punctuation
    aside); a curated alias (``Panther``, ``Firefly``, ``ИС-2``; the table's
    order); the model once filler words and spellings are set right
    (``Sherman M4A3(76)W`` is ``M4A3(76)W``, ``JS-2`` is ``IS-2``); then
    spelling slips by RapidFuzz's weighted ratio, a closer length first.
    """
    if not _key(query):
        raise OrdnanceError(
            msg("cannot search for the counter name {query!r}", query=query),
            hint=msg('e.g. "T-34/85" or "PzKpfw IVH"'),
        )
    nat = nationality.strip().lower() if nationality else None
    out: list[Match] = []
    seen: dict[tuple[Any, ...], int] = {}
    for _order, match in _ranked(query, nat):
        piece = match.counter.same_piece()
        if piece in seen:
            first = out[seen[piece]]
            out[seen[piece]] = replace(first, also=(*first.also, match.counter.gpid))
            continue
        seen[piece] = len(out)
        out.append(match)
    return out[:limit]


def scored_counters(
    query: str, *, nationality: str | None = None, limit: int = 10
) -> list[tuple[Counter, float]]:
    """:func:`search` as (counter, score) pairs (100 = the same name, an alias or the model)."""
    return [(m.counter, m.score) for m in search(query, nationality=nationality, limit=limit)]


def find_counters(query: str, *, nationality: str | None = None, limit: int = 10) -> list[Counter]:
    """Counters whose name matches ``query``, best first (see :func:`search`)."""
    return [m.counter for m in search(query, nationality=nationality, limit=limit)]


def nearest_names(query: str, *, limit: int = 5) -> list[str]:
    """The counter names (and aliases) closest to ``query``, for a search that found nothing."""
    key = model_keys(query)[-1] if _key(query) else ""
    if not key:
        return []
    names = {_key(c.name): c.name for c in all_counters()}
    names.update({_key(a.alias): a.alias for a in alias_table().aliases})
    found = process.extract(key, list(names), scorer=fuzz.ratio, limit=limit)
    return [names[k] for k, _score, _i in found]


def no_match(query: str) -> UnknownName:
    """The refusal of a name that finds no counter, with the nearest names."""
    near = nearest_names(query)
    return UnknownName(
        msg("no counter is called anything like {query!r}", query=query),
        clause="ASL-8.2-e",
        hint=("nearest names: " + ", ".join(near) + "; " if near else "")
        + "search with: ordnance asl counters NAME",
    )


def lookup(query: str, *, nationality: str | None = None, kind: str | None = None) -> Counter:
    """The one counter ``query`` names (a piece id, a name, an alias, a model), or a refusal.

    ``nationality`` (a palette: ``german``, ``waffen-ss``...) is preferred:
    its counters are searched first, then every palette. ``kind``
    (``vehicle``/``ordnance``) keeps counters of that kind. The best match
    is taken when it is one model (identical counters of several palettes
    are one); when the best matches are several models the refusal lists
    them with their piece ids, any of which may be given instead.
    """
    by_id = by_gpid().get(query.strip())
    if by_id is not None:
        return by_id
    found: list[Match] = []
    for nat in (nationality, None) if nationality else (None,):
        found = [
            m for m in search(query, nationality=nat, limit=200)
            if kind is None or m.counter.kind == kind
        ]  # fmt: skip
        if found:
            break
    if not found:
        raise no_match(query)
    best = found[0]
    if best.how == "alias":
        top = [m for m in found if m.how == "alias"]
    else:
        top = [m for m in found if (m.how, m.score) == (best.how, best.score)]
        if best.how == "fuzzy":
            close = fuzz.ratio(_key(query), _key(best.counter.name))
            top = [m for m in top if fuzz.ratio(_key(query), _key(m.counter.name)) == close]
    models = {m.counter.same_model() for m in top}
    if len(models) > 1:
        listed = "; ".join(
            f"{m.counter.gpid} {m.counter.name} ({m.counter.nationality}): "
            f"{m.counter.notation or 'no special ammunition'}"
            for m in top[:8]
        )
        raise OrdnanceError(
            msg("{query!r} names {n_models} different counters", query=query, n_models=len(models)),
            clause="ASL-8.2-e",
            hint=msg("give the piece id or the full name: {listed}", listed=listed),
        )
    return best.counter


def pick_counter(query: str, *, nationality: str | None = None) -> Counter:
    """:func:`lookup` (the older name, kept for its callers)."""
    return lookup(query, nationality=nationality)


def source() -> dict[str, Any]:
    """Where the database comes from (repo, commit, path, licence, what was extracted)."""
    src: dict[str, Any] = load_database()["source"]
    return src
