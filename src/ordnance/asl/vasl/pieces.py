"""The vehicles and ordnance of a VASL save: what each counter is, whose, where, and its ammunition.

A piece in a save carries its whole definition (:mod:`.reader`): VASL's
counter information string (the ``info`` trait: special ammunition as
printed, e.g. ``sD7,A6^2^/5^3^/4^4^``), the images of its faces
(``ge/veh/pzvie``, ``ru/gun/ruAT37L``), its name, its concealment trait
(whose ``?`` it takes: the nationality, ``ge``, ``ru``...), and in its state
the module's piece id and its position on the map. So a save is read from
itself; the counter database (:mod:`ordnance.asl.rules.counters`, through
:func:`database_counter` only) confirms the piece id and gives the palette
when the save is silent.

* a **vehicle** has a vehicle image (``/veh/``, ``/vehicles/``), an
  **ordnance** piece a gun image (``/gun/``, ``/guns/``) or a name that
  starts with a gun size (``60* MTR M2``, ``12.7 AA M51``);
* a piece with VASL's Covered Arc trait, or with special ammunition in its
  information string, that is neither, or whose nationality or notation cannot
  be read, is **unknown** (listed with its reason);
* a piece hidden (HIP) or concealed in the save is its owner's secret: it is
  counted, not read.

Positions: the last board command lays out geomorphic boards (33 x 10
hexes, 1800 x 645 pixels in VASL) in a grid inside a 400-pixel margin of
the ``Main Map``; a piece's pixel is turned into its board and printed hex
as VASL's ``ASLHexGrid`` names it (a reversed board, ``r05``, turned half a
turn). Cropped or non-geomorphic boards are not placed.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from ordnance.asl.rules.capability import Resolved
from ordnance.asl.rules.counter_library import CounterLibrary, gun_fields
from ordnance.asl.rules.counters import Counter, all_counters
from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.notation import parse_notation
from ordnance.asl.vasl.reader import AddPiece, SavedGame, layers, open_save, split
from ordnance.core.errors import OrdnanceError
from ordnance.core.plain import attributes

__all__ = [
    "BoardLayout",
    "SaveReading",
    "VaslPiece",
    "database_counter",
    "read_pieces",
    "read_save",
    "scenario_date",
    "with_readings",
]

#: An information-string field that is a special-ammunition entry (notes B4), as
#: ``scripts/build_asl_counters.py`` reads them for the counter database.
AMMO_FIELD = re.compile(r"(?:\d{2,3}:)?(?:AP|HE|WP|sD|sM|sN|sP|A|D|H|s|S|C)\d.*|IR(?:\^.*)?")
#: A gun size at the start of a counter name (``75L AT PaK 40``, ``12.7 AA M51``).
SIZE_NAME = re.compile(r"^(\d{2,3}(?:\.\d)?)(LL|L|\*)?\s+\S")

#: The nationality code of VASL's concealment trait and image folders -> the palette.
CODE_NATIONALITY = {
    "al": "allied-minor", "am": "american", "ax": "axis-minor", "br": "british",
    "cc": "communist-chinese", "ch": "chinese", "fi": "finnish", "fr": "french",
    "ge": "german", "hu": "hungarian", "it": "italian", "ja": "japanese",
    "nk": "north-korean", "ru": "russian", "sk": "south-korean", "ss": "waffen-ss",
    "un": "other-unc", "us": "american",
}  # fmt: skip

#: VASL's geomorphic board and map (``BoardArchive`` and the ``Main Map`` of the
#: module's buildFile at the pinned revision, see data/COUNTERS-PROVENANCE.md).
BOARD_WIDTH, BOARD_HEIGHT = 1800, 645
HEX_DX, HEX_DY = BOARD_WIDTH / 32, BOARD_HEIGHT / 10
MAP_EDGE = 400
MAIN_MAP = "Main Map"
#: The main map's id in the state of a piece: VASL 6.5 writes its name; the 6.4 saves
#: read here write ``Map0`` (the same pieces sit at the same pixels in a 6.4.3 and a
#: 6.5.0 save of vasl-templates' fixtures, so the same margin is taken).
MAIN_MAP_IDS = (MAIN_MAP, "Map0")


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a piece is: its board and printed hex (``2C5``), or why it is not placed."""

    board: str | None = None
    hex: str | None = None
    reversed: bool = False
    why_not: str | None = None

    @property
    def label(self) -> str | None:
        return None if self.board is None or self.hex is None else f"{self.board}{self.hex}"


@dataclass(frozen=True, slots=True)
class Board:
    name: str  # as VASL writes it: "02", "r05"
    col: int
    row: int
    cropped: bool

    @property
    def number(self) -> str:
        """The board's number as printed (``02`` -> ``2``, ``r05`` -> ``5``)."""
        base = self.name[1:] if self.reversed else self.name
        return (base.lstrip("0") or "0") if base.isdigit() else base

    @property
    def reversed(self) -> bool:
        return len(self.name) > 1 and self.name[0] == "r" and self.name[1:].isdigit()

    @property
    def geomorphic(self) -> bool:
        return (self.name[1:] if self.reversed else self.name).isdigit() and not self.cropped


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """The boards of a save, by grid cell; pixel -> printed hex where every board is standard."""

    boards: tuple[Board, ...] = ()

    @classmethod
    def parse(cls, command: str | None) -> BoardLayout:
        if not command or command.strip() == "bd":
            return cls()
        boards = []
        for spec in command.split("bd\t")[1:]:
            fields = [f for f in spec.split("\t")]
            try:
                col, row, name = int(fields[0]), int(fields[1]), fields[2]
            except (IndexError, ValueError):
                continue
            # crop bounds come as four integers before VER (ASLBoard.getState)
            ver = fields.index("VER") if "VER" in fields else len(fields)
            boards.append(Board(name, col, row, cropped=ver > 3))
        return cls(tuple(boards))

    def why_not(self) -> str | None:
        if not self.boards:
            return "the save has no boards"
        odd = [b.name for b in self.boards if not b.geomorphic]
        if odd:
            return f"board {odd[0]} is cropped or not a geomorphic board (33 x 10)"
        return None

    def place(self, map_name: str | None, x: int | None, y: int | None) -> Placement:
        reason = self.why_not()
        if reason is not None:
            return Placement(why_not=reason)
        if map_name not in MAIN_MAP_IDS or x is None or y is None:
            return Placement(why_not=f"not on the {MAIN_MAP}")
        px, py = x - MAP_EDGE, y - MAP_EDGE
        col, row = int(px // BOARD_WIDTH), int(py // BOARD_HEIGHT)
        board = next((b for b in self.boards if (b.col, b.row) == (col, row)), None)
        if board is None or px < 0 or py < 0:
            return Placement(why_not="off the boards (in the map's margin)")
        lx, ly = px - col * BOARD_WIDTH, py - row * BOARD_HEIGHT
        if board.reversed:
            lx, ly = BOARD_WIDTH - lx, BOARD_HEIGHT - ly
        return Placement(board.number, hex_name(lx, ly), board.reversed)


def hex_name(x: float, y: float) -> str:
    """The printed hex at pixel ``(x, y)`` of a geomorphic board (VASL's ``ASLHexGrid``).

    >>> hex_name(0, 32), hex_name(56, 64), hex_name(112.5, 290.25), hex_name(1800, 612)
    ('A1', 'B1', 'C5', 'GG10')
    """
    col = int((x / HEX_DX + 0.5) // 1)
    row = int(y // HEX_DY) + 1 if col % 2 == 0 else int((y / HEX_DY + 0.5) // 1)
    return _letters(col) + str(row)


def hex_pixel(label: str) -> tuple[float, float]:
    """The centre pixel of printed hex ``label`` on a geomorphic board (``ASLHexGrid.getLocation``)."""
    m = re.fullmatch(r"([A-Z])\1*(\d+)", label.upper())
    if m is None:
        raise ValueError(label)
    letters = label.upper()[: len(label) - len(m.group(2))]
    col = ord(letters[0]) - ord("A") + 26 * (len(letters) - 1)
    row = int(m.group(2))
    y = HEX_DY * (row - 1) if col % 2 == 0 else HEX_DY * (row - 0.5)
    return HEX_DX * col, y + HEX_DY / 2


def _letters(col: int) -> str:
    return chr(ord("A") + col % 26) * (col // 26 + 1)


# -- the one adapter to the counter database ----------------------------------------
@dataclass(frozen=True, slots=True)
class DatabaseView:
    """What the counter database says of a piece, and how the piece reads at a date."""

    known: bool
    name: str
    nationality: str | None
    army: str | None
    notation: str
    gun_size: str | None
    kind: str | None  # the database's "vehicle" or "ordnance", when it knows the piece
    counter: Any  # the database's own Counter, read by :meth:`reading`

    def reading(self, date: ScenarioDate, theatre: Theatre) -> list[Resolved]:
        result: list[Resolved] = self.counter.reading(date, theatre)
        return result

    def printed(self, library: Any, date: ScenarioDate | None = None) -> dict[str, Any]:
        """Gun size, ROF, B# and To Hit marking: the database with the player's library over it.

        The counter's own marking (``to_hit``, in force at ``date``) travels with
        it, and the piece id of a counter the database knows (the library's key).
        """

        values = gun_fields((library or CounterLibrary()).merged(self.counter), date)
        keep = ("gun_size", "rof", "breakdown", "to_hit") + (("piece_id",) if self.known else ())
        return {k: values[k] for k in keep if k in values}


@cache
def _by_gpid() -> dict[str, Any]:

    return {c.gpid: c for c in all_counters()}


def database_counter(
    gpid: str, name: str, nationality: str | None, notation: str, gun_size: str | None
) -> DatabaseView:
    """ADAPTER: this package's only use of :mod:`ordnance.asl.rules.counters`.

    The database's entry for ``gpid`` when it has one (its palette wins), else
    a counter made of the facts the save states, read the same way.
    """

    row = _by_gpid().get(gpid)
    known = row is not None
    nat = row.nationality if row is not None and row.nationality else nationality
    size = gun_size or (row.gun_size if row is not None else None)
    kind = getattr(row, "kind", None) if row is not None else None
    kind = kind if kind in ("vehicle", "ordnance") else None
    counter = Counter(name=name, gpid=gpid, nationality=nat, notation=notation, gun_size=size)
    if row is not None:  # the database's other facts (To Hit marking...) travel with it
        counter = replace(row, name=name, notation=notation, nationality=nat, gun_size=size)
    return DatabaseView(known, name, nat, counter.army, notation, size, kind, counter)


# -- one piece ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class VaslPiece:
    """A vehicle or ordnance counter of the save, as read (``problem``: why it is unknown)."""

    piece_id: str
    gpid: str
    name: str
    kind: str | None  # "vehicle", "ordnance"
    nationality: str | None
    army: str | None  # the game nationality (SS counters: german), if any
    notation: str
    gun_size: str | None
    info: str
    in_database: bool
    placement: Placement
    problem: str | None = None
    readings: tuple[Resolved, ...] = field(default=(), compare=False)

    @property
    def has_special_ammo(self) -> bool:
        return bool(self.notation)

    def to_dict(self) -> dict[str, Any]:
        return {
            **attributes(
                self,
                "piece_id gpid name kind nationality army notation gun_size info in_database",
            ),
            "board": self.placement.board,
            "hex": self.placement.label,
            "unplaced": self.placement.why_not,
            "problem": self.problem,
            "reading": [r.to_dict() for r in self.readings],
        }


def _images(types: Iterable[str]) -> list[str]:
    return re.findall(r"[A-Za-z]{2}/(?:veh|vehicles|gun|guns)/[^;,\t\\]+", "\t".join(types))


def _kind(images: Iterable[str], name: str) -> str | None:
    if any(re.search(r"/(?:veh|vehicles)/", i) for i in images):
        return "vehicle"
    if any(re.search(r"/(?:gun|guns)/", i) for i in images) or SIZE_NAME.match(name):
        return "ordnance"
    return None


def _info_fields(info: str) -> list[str]:
    return [f.strip() for f in info.split(",")]


def _index(types: list[str], prefix: str) -> int | None:
    return next((i for i, t in enumerate(types) if t.startswith(prefix)), None)


@dataclass(frozen=True, slots=True)
class _TypeFacts:
    """What a piece's type (its definition, shared by every piece of its kind) says."""

    name: str
    info: str
    entries: tuple[str, ...]
    kind: str | None
    nationality: str | None  # from the concealment trait or the image folder
    gun_size: str | None
    candidate: bool  # a vehicle or Gun, or looks like one (listed, known or unknown)
    marker: bool  # a concealment counter ('?')
    hide_at: int | None  # the trait indices whose state says hidden / concealed
    conceal_at: int | None
    label_at: tuple[int, ...]

    @classmethod
    def of(cls, types: list[str]) -> _TypeFacts:
        basic = split(types[-1], ";")  # piece;cloneKey;deleteKey;image;name
        name = (basic[4] if len(basic) > 4 else "").strip()
        info_at = _index(types, "info;")
        info = types[info_at][5:] if info_at is not None else ""
        entries = tuple(f for f in _info_fields(info) if AMMO_FIELD.fullmatch(f))
        has_ca = any(t.startswith("rotate;") and "CA cw" in t for t in types)
        images = _images(types)
        if len(basic) > 3 and basic[3].strip():
            images.append(basic[3].strip())
        kind = _kind(images, name)
        conceal_at = _index(types, "conceal;")
        parts = split(types[conceal_at], ";") if conceal_at is not None else []
        code = parts[3] if len(parts) > 3 else ""
        folder = next((i.split("/")[0] for i in images if "/" in i), "")
        size_m = SIZE_NAME.match(name)
        return cls(
            name=name,
            info=info,
            entries=entries,
            kind=kind,
            nationality=CODE_NATIONALITY.get(code.lower()) or CODE_NATIONALITY.get(folder.lower()),
            gun_size=(size_m.group(1) + (size_m.group(2) or "")) if size_m else None,
            candidate=bool(has_ca or entries or kind),
            marker=any(t.startswith("concealment;") for t in types),
            hide_at=_index(types, "hide;"),
            conceal_at=conceal_at,
            label_at=tuple(i for i, t in enumerate(types) if t.startswith("label;")),
        )

    def secret(self, states: list[str]) -> bool:
        """HIP (``hide``) or concealed (``conceal``) by a player, or a concealment counter."""
        if self.marker:
            return True
        for at in (self.hide_at, self.conceal_at):
            if at is not None and at < len(states) and states[at][:4] not in ("", "null"):
                return True
        return False


def _piece(piece: AddPiece, facts: _TypeFacts, states: list[str], layout: BoardLayout) -> VaslPiece:
    where = split(states[-1], ";")  # map;x;y;gpid;properties...
    gpid = where[3].strip() if len(where) > 3 else ""
    db = database_counter(
        gpid, facts.name, facts.nationality, " ".join(facts.entries), facts.gun_size
    )
    try:
        x = int(where[1]) if len(where) > 2 else None
        y = int(where[2]) if len(where) > 2 else None
    except ValueError:
        x = y = None
    placement = layout.place(where[0] if where else None, x, y)
    kind = db.kind or facts.kind
    problem = None
    if kind is None:
        problem = "neither a vehicle nor a Gun this reader knows (no vehicle or gun image)"
    elif db.nationality is None:
        problem = "its nationality is not stated (no concealment trait, no image folder)"
    else:
        try:
            parse_notation(db.notation)
        except OrdnanceError as exc:
            problem = f"its special ammunition does not read: {exc}"
    return VaslPiece(
        piece_id=piece.id,
        gpid=gpid,
        name=facts.name,
        kind=kind,
        nationality=db.nationality,
        army=db.army,
        notation=db.notation,
        gun_size=db.gun_size,
        info=facts.info,
        in_database=db.known,
        placement=placement,
        problem=problem,
    )


# -- the scenario's own words (vasl-templates labels) -----------------------------------
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")  # fmt: skip
_DATE = re.compile(
    r"\b(?:(\d{1,2})(?:st|nd|rd|th)?\s+)?("
    + "|".join(MONTHS)
    + r")\b\W*(?:\d{1,2}(?:st|nd|rd|th)?\W+)?(\d{4})",
    re.IGNORECASE,
)


def _label_id(state: str) -> str | None:
    """The id of a vasl-templates snippet (``scenario``, ``players``...) in a label's text."""
    m = re.search(r"<!--\s*vasl-templates:id\s+(\S+)\s*-->", state)
    return m.group(1) if m else None


def _text(snippet: str) -> str:
    no_style = re.sub(r"<style>.*?</style>", " ", snippet, flags=re.DOTALL)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", no_style))).strip()


def scenario_date(snippet: str) -> str | None:
    """``YYYY-MM`` from a vasl-templates scenario label (``(29th June, 1944)``), if it states one.

    >>> scenario_date('<span class="scenario-date"> (29th June, 1944) </span>')
    '1944-06'
    >>> scenario_date("<i>(February 3rd, 2001)</i>")
    '2001-02'
    """
    span = re.search(r'class="scenario-date">(.*?)</span>', snippet, re.DOTALL)
    m = _DATE.search(_text(span.group(1) if span else snippet))
    if m is None:
        return None
    return f"{int(m.group(3)):04d}-{MONTHS.index(m.group(2).lower()) + 1:02d}"


def scenario_name(snippet: str) -> str | None:
    m = re.search(r'class="scenario-name">(.*?)</span>', snippet, re.DOTALL) or re.search(
        r"<b>(.*?)</b>", snippet, re.DOTALL
    )
    return _text(m.group(1)) or None if m else None


# -- the whole save -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SaveReading:
    """Every vehicle and ordnance counter of a save, and what the save says around them."""

    module_version: str
    vassal_version: str
    pieces: tuple[VaslPiece, ...]
    hidden: int
    boards: tuple[str, ...]
    scenario: str | None
    stated_date: str | None
    date: str | None = None  # the date the readings are at
    date_source: str | None = None  # "given", "save"; None: no readings
    note: str | None = None

    @property
    def known(self) -> tuple[VaslPiece, ...]:
        return tuple(p for p in self.pieces if p.problem is None)

    @property
    def unknown(self) -> tuple[VaslPiece, ...]:
        return tuple(p for p in self.pieces if p.problem is not None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "module": "VASL",
            **attributes(
                self,
                "module_version vassal_version scenario stated_date date date_source note",
            ),
            "boards": list(self.boards),
            "hidden": self.hidden,
            "pieces": [p.to_dict() for p in self.known],
            "unknown": [p.to_dict() for p in self.unknown],
        }

    def guns(self) -> tuple[VaslPiece, ...]:
        """The known pieces with special ammunition: the Guns a game keeps a record for."""
        return tuple(p for p in self.known if p.has_special_ammo)


def read_pieces(save: SavedGame) -> SaveReading:
    """The vehicles and ordnance of ``save``, in the order the save adds them.

    A type (the counter's definition, shared by every piece of its kind) is read
    once; a state only for a vehicle, a Gun or a label.
    """
    layout = BoardLayout.parse(save.boards())
    kinds: dict[str, _TypeFacts] = {}
    found: list[VaslPiece] = []
    labels: dict[str, str] = {}
    hidden = 0
    for piece in save.pieces():
        facts = kinds.get(piece.type)
        if facts is None:
            facts = kinds.setdefault(piece.type, _TypeFacts.of(layers(piece.type)))
        labelled = bool(facts.label_at) and "vasl-templates:id" in piece.state
        if not (facts.candidate or labelled):
            continue
        states = layers(piece.state)
        for at in facts.label_at if labelled else ():
            label = _label_id(states[at]) if at < len(states) else None
            if label is not None:
                labels.setdefault(label, states[at])
        if not facts.candidate:
            continue
        if facts.secret(states):
            hidden += 1
            continue
        found.append(_piece(piece, facts, states, layout))
    header = labels.get("scenario")
    return SaveReading(
        module_version=save.module_version,
        vassal_version=save.vassal_version,
        pieces=tuple(found),
        hidden=hidden,
        boards=tuple(b.name for b in layout.boards),
        scenario=scenario_name(header) if header else None,
        stated_date=scenario_date(header) if header else None,
    )


def with_readings(reading: SaveReading, date: ScenarioDate, theatre: Theatre) -> SaveReading:
    """``reading`` with each known piece's special ammunition read at ``date`` (ASL-8.2-e, 8.3-a)."""
    out = []
    for p in reading.pieces:
        if p.problem is None and p.notation:
            view = database_counter(p.gpid, p.name, p.nationality, p.notation, p.gun_size)
            p = replace(p, readings=tuple(view.reading(date, theatre)))
        out.append(p)
    return replace(reading, pieces=tuple(out))


def read_save(
    data: bytes, name: str = "the file", *, date: str | None = None, theatre: str = "ETO"
) -> SaveReading:
    """The vehicles and ordnance of the save in ``data``, read at ``date`` or the save's own date.

    A given date outside 1939-1945 is refused (ASL-8.2-d); the save's own
    date outside the war is noted and nothing is read at it.
    """

    reading = read_pieces(open_save(data, name))
    where = Theatre.parse(theatre)
    if date is not None:
        when = ScenarioDate.parse(date)
        return replace(with_readings(reading, when, where), date=str(when), date_source="given")
    if reading.stated_date is None:
        return replace(reading, note="the save states no date: give --date to read the ammunition")
    try:
        when = ScenarioDate.parse(reading.stated_date)
    except OrdnanceError as exc:
        return replace(reading, note=f"the save's date {reading.stated_date}: {exc.message}")
    return replace(with_readings(reading, when, where), date=str(when), date_source="save")
