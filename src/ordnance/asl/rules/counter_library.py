"""The player's counter library: the printed values the public VASL data lacks.

The counter database (:mod:`ordnance.asl.rules.counters`) knows what VASL's
public module states: name, piece id, nationality, notation, the gun size
where the name gives it and the To Hit marking where the information string
gives it. What is printed on the counter itself (AF, ROF, B#, the gun size of
a vehicle) a player copies from their own counters into a YAML file, by
piece id or by name:

.. code-block:: yaml

    version: 1
    counters:
      "2592":            # PzKw VG (german)
        gun_size: 75LL
        rof: 1
        hull: {front: 18, side: 5}
        turret: {front: 14, side: 8}

:class:`CounterLibrary` is that file (its JSON Schema is published as
``docs/counter-library.schema.json``); :meth:`CounterLibrary.merged` lays it
over the database for one counter, each value with where it came from, and
:meth:`MergedCounter.require` refuses a missing value naming the value and
the command that adds it. The file lives at ``$ORDNANCE_COUNTER_LIBRARY``,
else ``$XDG_CONFIG_HOME/ordnance/counters.yaml`` (``~/.config`` when unset);
``--library`` overrides both. ``data/counter-library.sample.yaml`` holds a
few sample entries, each marked ``sample: true``.

>>> from ordnance.asl.rules.counters import lookup
>>> lib = CounterLibrary.model_validate({"counters": {"PzKw VG": {"gun_size": "75LL"}}})
>>> lib.merged(lookup("2592")).values.gun_size
'75LL'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ordnance.asl.rules.counters import Counter, all_counters, by_gpid, lookup
from ordnance.asl.rules.dates import ScenarioDate
from ordnance.asl.rules.to_hit import parse_gun_size
from ordnance.asl.shot.spec import parse_shot_ammo
from ordnance.core.errors import OrdnanceError, RuleViolation
from ordnance.core.fields import Record, option
from ordnance.core.messages import msg

#: The ``add_gun`` fields of the Armour Factors a counter prints (ASL-B6).
AF_FIELDS = ("af_hull_front", "af_hull_side", "af_turret_front", "af_turret_side")
#: The environment variable naming the library file.
ENV_VAR = "ORDNANCE_COUNTER_LIBRARY"
SCHEMA_ID = "https://ordnance.invalid/schemas/counter-library.schema.json"
Aspect = Literal["front", "side"]


class ArmorFactors(Record):
    """The AF printed for one armoured location (hull or turret), front and side."""

    front: int | None = option(None, "Front AF", "AF at the front.", ge=0, le=40)
    side: int | None = option(None, "Side AF", "AF at the side (and rear).", ge=0, le=40)


class CounterValues(BaseModel):
    """The printed values of one counter (every field optional: fill in what you have)."""

    model_config = ConfigDict(frozen=True, extra="forbid", title="Counter values")

    name: str | None = Field(
        None, description="The counter's name, for your own reading when keyed by piece id."
    )
    sample: bool = Field(
        False, description="True for a sample entry (not read from a real counter)."
    )
    note: str | None = Field(None, description="Free text: where the values come from.")
    gun_size: str | None = option(
        None, "Gun size", "Caliber and length mark as printed: 75L, 76LL, 37*, 50 (ASL-B5.2)."
    )
    gun_type: str | None = option(None, "Gun type", "As printed: MA, AT, INF, ART, AA, MTR...")
    turreted: bool | None = Field(
        None, description="The vehicle has a turret (its turret AF is then used, ASL-B5.5)."
    )
    rof: int | None = option(None, "ROF", "Multiple ROF (ASL-B5.6).", ge=0, le=4)
    breakdown: int | None = option(None, "B#", "Breakdown number printed (ASL-B5.7).", ge=2, le=12)
    to_hit: Literal["red", "black"] | None = option(
        None, "To Hit colour", "Red or black TH# (ASL-B5.1)."
    )
    hull: ArmorFactors | None = Field(None, description="Hull AF, front and side.")
    turret: ArmorFactors | None = Field(None, description="Turret AF, front and side.")
    ammo_breakdown: dict[str, int] = option(
        title="B# by ammunition",
        description="A B# printed for one ammunition only, e.g. {HEAT: 12} (notes B5.7).",
        default_factory=dict,
    )

    @field_validator("gun_size")
    @classmethod
    def _gun_size(cls, value: str | None) -> str | None:
        if value is not None:
            parse_gun_size(value)
            return "".join(value.split()).upper()
        return value

    @field_validator("ammo_breakdown")
    @classmethod
    def _ammo_breakdown(cls, value: dict[str, int]) -> dict[str, int]:
        out: dict[str, int] = {}
        for ammo, number in value.items():
            if not 2 <= number <= 12:
                raise ValueError(f"a B# is 2 to 12, not {number}")
            out[parse_shot_ammo(ammo)] = number
        return out

    def over(self, base: CounterValues) -> CounterValues:
        """These values laid over ``base`` (a field set here wins; AF by location and aspect)."""
        data = base.model_dump(exclude_none=True)
        mine = self.model_dump(exclude_none=True, exclude_defaults=True)
        for loc in ("hull", "turret"):
            if loc in mine:
                mine[loc] = {**data.get(loc, {}), **mine[loc]}
        if "ammo_breakdown" in mine:
            mine["ammo_breakdown"] = {**data.get("ammo_breakdown", {}), **mine["ammo_breakdown"]}
        return CounterValues.model_validate({**data, **mine})


class CounterLibrary(BaseModel):
    """Your counters' printed values, by piece id (``"2592"``) or counter name (``"PzKw VG"``).

    A piece id entry wins over a name entry for the same counter, field by field.
    """

    model_config = ConfigDict(
        frozen=True,
        extra="forbid",
        title="ordnance counter library",
        json_schema_extra={"$id": SCHEMA_ID},
    )

    version: Literal[1] = Field(1, description="The file format version.")
    counters: dict[str, CounterValues] = Field(
        default_factory=dict, description="Values by piece id or counter name."
    )

    def entry_for(self, counter: Counter) -> tuple[CounterValues | None, list[str]]:
        """The library's values for ``counter`` (name entry, then piece id entry) and their keys."""
        found: CounterValues | None = None
        keys: list[str] = []
        for key in (counter.name, counter.gpid):
            values = self.counters.get(key)
            if values is not None:
                found = values if found is None else values.over(found)
                keys.append(key)
        return found, keys

    def merged(self, counter: Counter) -> MergedCounter:
        """The database facts of ``counter`` with this library laid over them."""
        base = CounterValues(
            name=counter.name,
            gun_size=counter.gun_size,
            to_hit=counter.to_hit if counter.to_hit_before is None else None,
        )
        sources = {
            k: "database"
            for k in base.model_dump(exclude_none=True, exclude_defaults=True)
            if k != "name"
        }
        entry, keys = self.entry_for(counter)
        values = base
        if entry is not None:
            values = entry.over(base)
            origin = "library (sample)" if entry.sample else "library"
            for field in entry.model_dump(exclude_none=True, exclude_defaults=True):
                if field not in ("name", "sample", "note"):
                    sources[field] = origin
        return MergedCounter(counter, values, sources, tuple(keys))

    def set_values(self, key: str, values: CounterValues) -> CounterLibrary:
        """A library with ``values`` laid over the entry ``key`` (created when new)."""
        old = self.counters.get(key)
        new = values if old is None else values.over(old)
        if old is not None and "sample" in values.model_fields_set:
            new = new.model_copy(update={"sample": values.sample})
        return self.model_copy(update={"counters": {**self.counters, key: new}})

    def merge(self, other: CounterLibrary) -> CounterLibrary:
        """This library with every entry of ``other`` laid over (``import``)."""
        lib = self
        for key, values in other.counters.items():
            lib = lib.set_values(key, values)
        return lib


@dataclass(frozen=True, slots=True)
class MergedCounter:
    """One counter's facts and values, each value with where it came from."""

    counter: Counter
    values: CounterValues
    sources: Mapping[str, str]
    keys: tuple[str, ...]

    @property
    def key(self) -> str:
        """The key a ``set`` command for this counter uses (its piece id)."""
        return self.counter.gpid

    def command(self, option: str) -> str:
        return f"ordnance asl counters set {self.key} {option}"

    def require(self, field: str, what: str, option: str, clause: str) -> Any:
        """The value of ``field``, or a refusal naming ``what`` and the command that adds it."""
        value = getattr(self.values, field)
        if value is None:
            raise RuleViolation(
                clause,
                msg(
                    "{label} has no {what} in the counter database or your counter library",
                    label=self.counter.label,
                    what=what,
                ),
                hint=msg("add it from your counter: {value}", value=self.command(option)),
            )
        return value

    def armor(self, location: str, aspect: Aspect, clause: str = "ASL-B6") -> int:
        """The AF of ``location`` (hull/turret) at ``aspect``, or a refusal naming it."""
        factors: ArmorFactors | None = getattr(self.values, location)
        value = None if factors is None else getattr(factors, aspect)
        if value is None:
            raise RuleViolation(
                clause,
                msg(
                    "{label} has no {location} {aspect} AF in your counter library",
                    label=self.counter.label,
                    location=location,
                    aspect=aspect,
                ),
                hint=f"add it from your counter: {self.command(f'--af-{location}-{aspect} N')}"
                + (" (or --no-turret)" if location == "turret" else ""),
            )
        return int(value)

    def source_of(self, field: str) -> str:
        return self.sources.get(field, "not given")

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.counter.to_dict(),
            "values": self.values.model_dump(mode="json", exclude_none=True),
            "sources": dict(self.sources),
            "library_keys": list(self.keys),
        }


def gun_fields(merged: MergedCounter, date: ScenarioDate | None) -> dict[str, Any]:
    """The ``add_gun`` values one counter gives: the database with the library over it.

    ``piece_id``, ``name``, ``notation``, and where known ``gun_size``, ``rof``,
    ``breakdown``, ``to_hit`` and the Armour Factors (:data:`AF_FIELDS`): the library's marking, else the counter's own
    in force at ``date`` (``Red TH#s^<44^`` is red before 1944 only); absent
    when neither says anything, so the nationality's default applies (ASL-B5.1).
    """
    values = merged.values
    counter = merged.counter
    from_library = merged.sources.get("to_hit", "database") != "database"
    to_hit = values.to_hit if from_library else counter.to_hit_at(date)
    out: dict[str, Any] = {
        "piece_id": counter.gpid,
        "name": counter.name,
        "notation": counter.notation,
        "gun_size": values.gun_size,
        "rof": values.rof,
        "breakdown": values.breakdown,
        "to_hit": to_hit,
    }
    for loc in ("hull", "turret"):
        factors: ArmorFactors | None = getattr(values, loc)
        for aspect in ("front", "side"):
            value = None if factors is None else getattr(factors, aspect)
            if value is not None:
                out[f"af_{loc}_{aspect}"] = value  # an AF of 0 is printed too
    return {k: v for k, v in out.items() if k == "notation" or k in AF_FIELDS or v not in (None, 0)}


def counter_gun_fields(
    query: str,
    *,
    nationality: str | None,
    library: CounterLibrary | None,
    date: ScenarioDate | None,
) -> dict[str, Any]:
    """:func:`gun_fields` of the counter ``query`` names (a name, alias or piece id).

    ``library`` None is an empty library: nothing but the public database (a
    server never reads a player's home directory; the library travels with
    the scenario or the upload).
    """
    found = lookup(query, nationality=nationality)
    return gun_fields((library or CounterLibrary()).merged(found), date)


def default_path(env: Mapping[str, str] | None = None) -> Path:
    """``$ORDNANCE_COUNTER_LIBRARY``, else ``$XDG_CONFIG_HOME/ordnance/counters.yaml``."""
    environ = os.environ if env is None else env
    if environ.get(ENV_VAR):
        return Path(environ[ENV_VAR]).expanduser()
    base = environ.get("XDG_CONFIG_HOME") or str(Path(environ.get("HOME", "~")) / ".config")
    return Path(base).expanduser() / "ordnance" / "counters.yaml"


def library_path(explicit: str | Path | None, env: Mapping[str, str] | None = None) -> Path:
    """``--library`` when given, else :func:`default_path`."""
    return Path(explicit).expanduser() if explicit else default_path(env)


def parse_library(text: str, where: str = "the counter library") -> CounterLibrary:
    """A library from its YAML (or JSON) text; a bad file is refused naming the fields."""
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise OrdnanceError(
            msg("{where} is not YAML: {exc}", where=where, exc=exc), hint=msg("fix the file")
        ) from None
    if raw is None:
        return CounterLibrary()
    try:
        return CounterLibrary.model_validate(raw)
    except ValidationError as exc:
        errors = "; ".join(
            f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise OrdnanceError(
            msg("{where} does not follow the schema: {errors}", where=where, errors=errors),
            hint=msg("see docs/counter-library.schema.json (ordnance asl counters schema)"),
        ) from None


def load_library(path: Path) -> CounterLibrary:
    """The library at ``path`` (an empty one when the file does not exist)."""
    if not path.exists():
        return CounterLibrary()
    return parse_library(path.read_text("utf-8"), str(path))


HEADER = (
    "# ordnance counter library: the printed values of your own ASL counters.\n"
    "# Keys are VASL piece ids (ordnance asl counters NAME shows them) or counter names.\n"
    "# Schema: docs/counter-library.schema.json (ordnance asl counters schema).\n"
)


def library_yaml(lib: CounterLibrary) -> str:
    """The library as YAML, with a header; every counter keyed by id notes its name."""
    data = lib.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    data["version"] = lib.version
    counters = data.get("counters", {})
    ids = by_gpid()
    for key, values in counters.items():
        if key in ids and "name" not in values:
            values["name"] = ids[key].name
    body = yaml.safe_dump(
        {"version": data["version"], "counters": counters},
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=None,
    )
    return HEADER + body


def save_library(lib: CounterLibrary, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(library_yaml(lib), encoding="utf-8")
    tmp.replace(path)


def sample_library() -> CounterLibrary:
    """The packaged sample entries (each ``sample: true``)."""
    text = (
        resources.files("ordnance.asl")
        .joinpath("data/counter-library.sample.yaml")
        .read_text("utf-8")
    )
    return parse_library(text, "the sample library")


def library_key(query: str, *, nationality: str | None = None) -> str:
    """The key ``set`` files values under: a piece id, or the exact name of the counter meant.

    A piece id stays itself; a name (an alias, a model) is looked up and
    stored under the counter's name, so it applies to every palette's
    counter of that name. A name naming several models is refused.
    """
    text = query.strip()
    if text in by_gpid():
        return text
    names = {c.name for c in all_counters()}
    if text in names:
        return text
    return lookup(text, nationality=nationality).name


def schema() -> dict[str, Any]:
    """The JSON Schema of the library file (published as docs/counter-library.schema.json)."""
    return CounterLibrary.model_json_schema()
