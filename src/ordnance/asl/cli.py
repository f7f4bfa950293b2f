"""``ordnance asl ...``: notation, supply, shot, the scenario game, and odds.

Every command takes ``--json`` (one JSON document on stdout) and prints Rich
tables otherwise. Refusals are :class:`~ordnance.core.errors.OrdnanceError`,
which ``ordnance``'s ``main`` turns into exit status 2 with the clause.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ordnance.asl.capability import resolve_capability
from ordnance.asl.dates import ScenarioDate, Theatre
from ordnance.asl.depletion import check_shot
from ordnance.asl.depletion_odds import (
    depletion_report,
    shot_with_malfunction,
)
from ordnance.asl.he_equivalency import he_equivalency
from ordnance.asl.heat import check_nationality, heat_gate, scw_heat_attack
from ordnance.asl.notation import (
    DEFAULT_MONTH_LETTERS,
    Ammo,
    check_depletion_number,
    parse_notation,
)
from ordnance.asl.options import AslOptions
from ordnance.asl.record import record_table
from ordnance.asl.supply import chart_lookup, ordnance_nationality
from ordnance.cli import i18n
from ordnance.cli.common import (
    DbOpt,
    JsonOpt,
    SeedOpt,
    distribution_table,
    emit,
    open_game,
    to_jsonable,
)
from ordnance.cli.game_commands import Alias, game_group, take
from ordnance.cli.i18n import _
from ordnance.core.dice import dice_source
from ordnance.core.errors import InvalidDice, OrdnanceError, RuleViolation
from ordnance.core.odds.distribution import Distribution, fraction_text

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.journal import GameSession

app = typer.Typer(help="ASL Chapter C8: Special Ammunition.", no_args_is_help=True)
#: ``ordnance asl game <action>`` is derived from the game's forms
#: (:mod:`ordnance.cli.game_commands`); ``new``, ``add-gun``, ``fire`` and ``odds``
#: below read ASL notation into those actions. The older spellings stay, hidden.
ALIASES: dict[str, Alias | str] = {
    "phase": Alias("set_phase", arguments=("phase",)),
    "declare": Alias("declare_ammo"),
    "record": "view",
}
game_app = typer.Typer(
    cls=game_group("asl", ALIASES),
    help="A scenario with its side record, kept in the journal.",
    no_args_is_help=True,
)
odds_app = typer.Typer(help="Exact odds of the ASL C8 procedures.", no_args_is_help=True)
app.add_typer(game_app, name="game")
app.add_typer(odds_app, name="odds")

DateOpt = Annotated[str, typer.Option("--date", help="Scenario date YYYY-MM (1939-1945).")]
TheatreOpt = Annotated[str, typer.Option("--theatre", help="ETO, PTO or Burma.")]
CA_HELP = "Covered Arc: 0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW, 5 = NW."
DrOpt = Annotated[
    str | None,
    typer.Option("--dr", "--dice", help="Dice rolled at the table, coloured die first: 3,2."),
]


def _date(text: str | None) -> ScenarioDate | None:
    return None if text is None else ScenarioDate.parse(text)


# ----------------------------------------------------------------------------- notation
@dataclass(frozen=True, slots=True)
class _Reading:
    """Who reads a notation: the date gate and the Elite +1 need the side (ASL-8.3-a, 8.2-f)."""

    date: ScenarioDate | None
    theatre: Theatre
    user: str | None
    made_by: str | None
    elite: bool
    pre_adjusted: bool
    options: AslOptions


def _reading(
    date: str | None,
    theatre: str,
    user: str | None,
    nationality: str | None,
    made_by: str | None,
    elite: bool,
    pre_adjusted: bool,
    option: list[str] | None,
) -> _Reading:
    when = _date(date)
    if when is None and (nationality or made_by or elite or pre_adjusted):
        raise RuleViolation(
            "ASL-8.3-a" if nationality or made_by else "ASL-8.2-f",
            "--nationality, --made-by and --elite read a notation at a scenario date",
            hint="add --date YYYY-MM",
        )
    army: str | None = None
    if nationality:
        check_nationality(nationality)  # refuses a name that is no nation
        army = nationality.strip().lower()
    maker = check_nationality(made_by) if made_by else None
    if maker is None and army is not None:
        maker = ordnance_nationality(army)  # ASL-8.2-g: Commonwealth Guns are British
    return _Reading(
        when,
        Theatre.parse(theatre),
        user.strip().lower() if user else army,
        maker,
        elite or pre_adjusted,
        pre_adjusted,
        _options(option),
    )


def _options(option: list[str] | None) -> AslOptions:
    values: dict[str, Any] = {}
    for opt in option or []:
        key, sep, value = opt.partition("=")
        if not sep:
            raise OrdnanceError(f"cannot read the option {opt!r}", hint="name=value")
        try:
            values[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            values[key.strip()] = value
    try:
        return AslOptions.model_validate(values)
    except ValidationError as exc:
        raise OrdnanceError(
            f"bad option: {exc.errors()[0]['msg']}",
            hint="names and values: " + ", ".join(AslOptions.model_fields),
        ) from None


def _entries_json(text: str, reading: _Reading) -> Any:
    opts = reading.options
    entries = parse_notation(text, month_letters=opts.month_letters or DEFAULT_MONTH_LETTERS)
    p_in_burma = opts.burma_p == "pacific-rules"
    out = []
    for entry in entries:
        data = entry.to_dict(reading.date, reading.theatre, reading.user, p_in_burma=p_in_burma)
        if reading.date is not None and (reading.made_by or reading.elite):
            res = resolve_capability(
                entry.ammo,
                [entry],
                reading.date,
                reading.theatre,
                made_by=reading.made_by,
                used_by=reading.user,
                elite=reading.elite,
                pre_adjusted=reading.pre_adjusted,
                options=opts,
            )
            data.update(
                available=res.available,
                depletion=res.depletion,
                clause=res.clause,
                reason=res.reason,
            )
        out.append(data)
    head: dict[str, Any] = {"notation": text}
    if reading.made_by or reading.elite:
        head.update(made_by=reading.made_by, user=reading.user, elite=reading.elite)
    return {**head, "entries": out}


def _render_entries(data: dict[str, Any]) -> Table:
    table = Table(title=_("Counter notation {notation}").format(notation=repr(data["notation"])))
    judged = any("reason" in e for e in data["entries"])
    for col in ("token", "ammo", "depletion", "available", "periods", "notes"):
        table.add_column(col)
    if judged:
        table.add_column("why")
    for e in data["entries"]:
        periods = "; ".join(
            f"{p['number'] if p['number'] is not None else '-'}"
            + (f" from {p['from']}" if p["from"] else "")
            + (f" to {p['last_year']}" if p["last_year"] else (" on" if p["from"] else ""))
            + (f" {p['theatre']} only" if p["theatre"] else "")
            + (f" ({p['nationality']})" if p["nationality"] else "")
            + (f" [{p['armament']}mm gun]" if p["armament"] else "")
            for p in e["periods"]
        )
        notes = ", ".join(e["marks"] + e["notes"] + ([f"[{e['bracket']}]"] if e["bracket"] else []))
        if e["h9"]:
            notes = ", ".join(x for x in ("[9] stick round", notes) if x)
        avail = e.get("available")
        cells = [
            e["token"],
            e["ammo"],
            "-" if e.get("depletion") is None else str(e["depletion"]),
            "" if avail is None else ("yes" if avail else "no"),
            periods,
            notes,
        ]
        if judged:
            cells.append(f"{e.get('reason', '')} ({e.get('clause', '')})")
        table.add_row(*cells)
    return table


OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", help="ASL-AMB option as name=value (e.g. burma_p=pto-only)."),
]


@app.command("notation")
def notation_cmd(
    text: Annotated[
        str, typer.Argument(help="Counter notation, e.g. 'A5^4^/6^5'; '-' reads stdin.")
    ],
    date: Annotated[str | None, typer.Option("--date", help="Scenario date YYYY-MM.")] = None,
    theatre: TheatreOpt = "ETO",
    user: Annotated[
        str | None,
        typer.Option("--user", help="Using army for R/S/CS suffixes (default --nationality)."),
    ] = None,
    nationality: Annotated[
        str | None,
        typer.Option(
            "--nationality", help="The side's army: applies the HEAT date gate (ASL-8.3-a)."
        ),
    ] = None,
    made_by: Annotated[
        str | None,
        typer.Option("--made-by", help="Nation that made the Gun (default from --nationality)."),
    ] = None,
    elite: Annotated[bool, typer.Option("--elite", help="Elite: +1 (ASL-8.2-f).")] = False,
    ss: Annotated[
        bool, typer.Option("--ss", help="SS counter: printed values already Elite (ASL-AMB-4).")
    ] = False,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Read counter special-ammunition notation (ASL-8.9-a, 8.91; notes B4).

    With ``--nationality`` (or ``--made-by``) and ``--date`` each entry is
    judged as the side sees it: the HEAT date gate (ASL-8.3-a) and, with
    ``--elite``, the Elite +1 (ASL-8.2-f). With ``-`` every stdin line is read;
    the exit status is 2 when any line fails.
    """
    reading = _reading(date, theatre, user, nationality, made_by, elite, ss, option)
    if text != "-":
        emit(_entries_json(text, reading), as_json, _render_entries)
        return
    failed = 0
    for line in sys.stdin:
        line = line.rstrip("\n")
        try:
            data = _entries_json(line, reading)
            out: dict[str, Any] = {"entries": data["entries"]}
        except OrdnanceError as exc:
            failed += 1
            out = {"error": str(exc), **exc.to_dict(), "notation": line}
            out["error"] = str(exc)
        if as_json:
            sys.stdout.write(json.dumps(to_jsonable(out), ensure_ascii=False) + "\n")
        elif "entries" in out:
            emit({"notation": line, **out}, False, _render_entries)
        else:
            emit(out, False, lambda d: Text(f"{d['notation']!r}: {d['error']}", style="red"))
    if failed:
        sys.stderr.write(_("{n} line(s) could not be read").format(n=failed) + "\n")
        raise typer.Exit(2)


# ----------------------------------------------------------------------------- supply
@app.command("supply")
def supply_cmd(
    nationality: Annotated[str, typer.Argument(help="german, american, russian or british.")],
    gun: Annotated[str, typer.Argument(help="Gun size, e.g. 85L, 76LL, 50.")],
    date: DateOpt = "1944-06",
    elite: Annotated[bool, typer.Option("--elite", help="Elite: +1 (ASL-8.2-f).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Ammunition Supply Chart (ASL-8.2): APCR/APDS Depletion Number for a Gun."""
    answer = chart_lookup(nationality, gun, ScenarioDate.parse(date), elite=elite).to_dict()

    def render(d: dict[str, Any]) -> Table:
        t = Table(
            title=_("Ammunition Supply Chart: {nationality} {gun}, {date}").format(
                nationality=d["nationality"], gun=d["gun"], date=d["date"]
            )
        )
        for col in ("ammo", "depletion", "why", "clause"):
            t.add_column(col)
        t.add_row(d["ammo"] or "none", str(d["depletion"] or "-"), d["reason"], d["clause"])
        return t

    emit(answer, as_json, render)


@app.command("heat")
def heat_cmd(
    nationality: Annotated[str, typer.Argument(help="Nation that made the Gun.")],
    date: DateOpt = "1944-06",
    as_json: JsonOpt = False,
) -> None:
    """HEAT availability date of a nation's ordnance (ASL-8.3-a).

    An unknown name is refused; a nation the rule does not name has no date
    of its own (``available`` null: its counters decide, ASL-AMB-6); a
    Commonwealth army's ordnance is British (ASL-8.2-g).
    """
    when = ScenarioDate.parse(date)
    nation = check_nationality(nationality)
    gate = heat_gate(nation)
    data = {
        "nationality": nationality,
        "ordnance_of": nation,
        "date": str(when),
        "from": str(gate) if gate else None,
        "available": None if gate is None else when >= gate,
        "clause": "ASL-8.3-a" if gate else "ASL-AMB-6",
        "reason": (
            f"{nation} ordnance fires HEAT from {gate.label}"
            if gate
            else f"ASL-8.3-a names no HEAT date for {nation}: its counters decide"
        ),
    }
    emit(data, as_json)


@app.command("he-equivalency")
def he_equivalency_cmd(
    attack: Annotated[str, typer.Argument(help="AP, APCR, APDS, ATR or HEAT.")],
    caliber: Annotated[float | None, typer.Option("--caliber", help="Caliber in mm.")] = None,
    weapon: Annotated[
        str | None, typer.Option("--weapon", help="HEAT weapon: BAZ, PIAT, PSK, PFk, PF, H9.")
    ] = None,
    use: Annotated[
        str | None,
        typer.Option(
            "--use", help="personnel, collateral or rubble-fire (HEAT only; ASL-8.31-a/c)."
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """HE Equivalency FP and Residual FP of an AP-type or HEAT attack (ASL-8.31)."""
    answer = he_equivalency(attack, caliber_mm=caliber, weapon=weapon)
    data = answer.to_dict()
    if use is not None:
        data["use"] = answer.check_use(use)
    emit(data, as_json)


@app.command("scw-heat")
def scw_heat_cmd(
    weapon: Annotated[str, typer.Argument(help="BAZ, PIAT, PSK, PF or PFk.")],
    target: Annotated[
        str, typer.Option("--target", help="vehicle, gun, infantry, cavalry or other.")
    ] = "vehicle",
    tem: Annotated[
        str | None, typer.Option("--tem", help="Target TEM: wall, building, rubble, pillbox...")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """HEAT from a shaped-charge weapon: no Depletion Number, legal targets, HE Equivalency."""
    emit(scw_heat_attack(weapon, target, tem).to_dict(), as_json)


# ----------------------------------------------------------------------------- canister
@app.command("canister")
def canister_cmd(
    fp: Annotated[
        int,
        typer.Option("--canister-fp", "--fp", help="Canister FP (Ordnance Listing, ASL-8.4-e)."),
    ],
    depletion: Annotated[
        int | None, typer.Option("--depletion", "-n", help="Canister Depletion Number C#.")
    ] = None,
    hex_: Annotated[str, typer.Option("--hex", help="The Gun's hex q,r.")] = "0,0",
    ca: Annotated[int, typer.Option("--ca", help=CA_HELP + " The CA fired into.")] = 0,
    ca_before: Annotated[
        int | None,
        typer.Option("--ca-before", help="The CA before the shot: a change adds its DRM."),
    ] = None,
    mount: MountOpt = None,
    in_obstacle: Annotated[
        bool, typer.Option("--in-obstacle", help="Gun in woods/building/rubble: CA DRM x2.")
    ] = False,
    aim: AimOpt = None,
    building: BuildingOpt = None,
    building_level: BuildingLevelOpt = None,
    cellar: CellarOpt = False,
    gun_level: Annotated[int, typer.Option("--gun-level", help="The Gun's level.")] = 0,
    moved: Annotated[bool, typer.Option("--moved", help="FP halved (ASL-8.4-c).")] = False,
    loc_drm: LocDrmOpt = None,
    drm: Annotated[int, typer.Option("--drm", help="A DRM on every Location.")] = 0,
    breakdown: Annotated[int | None, typer.Option("--breakdown", "-b", help="B#.")] = None,
    dr: DrOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """One Canister shot off the map: attacked Locations, their DRM, and exact odds or a result.

    Without ``--dr`` it prints the exact odds per Location (ASL-8.4-d/f/g/i);
    with ``--dr`` it resolves that IFT DR.
    """
    from ordnance.asl import canister
    from ordnance.asl.canister_game import parse_location
    from ordnance.core.hexes import Direction

    if depletion is not None:
        check_depletion_number(depletion)
    extras = _canister_extras(aim, False, loc_drm, mount, building, building_level, cellar)
    if not 0 <= ca <= 5 or (ca_before is not None and not 0 <= ca_before <= 5):
        raise OrdnanceError("a CA is 0 to 5", clause="ASL-8.4-h", hint=CA_HELP)
    gun_hex = _hex(hex_)
    changes = 0 if ca_before is None else canister.hexspine_changes(ca_before, ca)
    ca_drm = canister.ca_change_drm(
        changes, extras.get("mount", "non-turreted"), in_obstacle=in_obstacle
    )
    if building is not None:
        middle = extras["building_level"]
        the_aim = canister.building_aim(
            gun_hex,
            _hex(building),
            middle,
            lowest_level=extras.get("building_lowest", 0),
            highest_level=middle + 1,
            ca=ca,
        )
    else:
        aims = canister.aim_points(gun_hex, Direction(ca), level=gun_level)
        the_aim = aims[extras.get("aim", 3) - 1]
    tem = {parse_location(k): v for k, v in extras.get("location_drm", {}).items()}
    attacks = canister.canister_attacks(
        the_aim, fp, moved_or_manned_in_mph=moved, gun_level=gun_level, tem=tem, ca_drm=ca_drm
    )
    data: dict[str, Any] = {
        "aim": the_aim.to_dict(),
        "ca_change": {"hexspines": changes, "drm": ca_drm, "clause": "ASL-8.4-d"},
        "attacks": [a.to_dict() for a in attacks],
    }
    if dr is not None:
        try:
            source = dice_source(dr, None)
            result = canister.fire_canister(
                source,
                attacks,
                depletion_number=depletion,
                breakdown_number=breakdown,
                common_drm=drm,
            )
            finish = getattr(source, "finish", None)
            if finish is not None:
                finish()
        except InvalidDice as exc:  # the game names its dice rule (ASL-B2), as in play
            from ordnance.asl.plugin import GAME  # the game's rules load only here

            raise GAME.dice_refusal(exc, {"type": "fire_canister"}) from None
        data["result"] = result.to_dict()
    else:
        data["odds"] = canister.canister_odds(
            attacks, depletion_number=depletion, breakdown_number=breakdown, common_drm=drm
        ).to_dict()

    def render(d: dict[str, Any]) -> Group:
        t = Table(title=_("Canister at {aim}").format(aim=d["aim"]["name"]))
        for col in ("hex", "level", "role", "FP", "column", "DRM"):
            t.add_column(col)
        for a in d["attacks"]:
            t.add_row(
                a["hex"], str(a["level"]), a["role"], a["fp"], str(a["column"]), str(a["total_drm"])
            )
        parts: list[Any] = [t]
        if "result" in d:
            r = d["result"]
            parts.append(Text(f"DR {r['original']}: {r['depletion']}"))
            for h in r["hexes"]:
                parts.append(Text(f"  {h['hex']}@{h['level']}: {h['result'] or 'no effect'}"))
        else:
            for loc in d["odds"]["locations"]:
                parts.append(
                    Text(
                        f"  {loc['hex']}@{loc['level']}: "
                        + ", ".join(f"{k} {v}" for k, v in loc["distribution"].items())
                    )
                )
        return Group(*parts)

    emit(data, as_json, render)


def _hex(text: str) -> Any:
    from ordnance.asl.fire import check_hex

    return check_hex(text)


# ----------------------------------------------------------------------------- counters
@app.command("counters")
def counters_cmd(
    name: Annotated[str, typer.Argument(help="Counter name, spelt loosely: 'T-34/85', 't34 85'.")],
    nationality: Annotated[
        str | None, typer.Option("--nationality", help="Only this palette (russian, british...).")
    ] = None,
    date: Annotated[
        str | None, typer.Option("--date", help="Also read each notation at this date.")
    ] = None,
    theatre: TheatreOpt = "ETO",
    limit: Annotated[int, typer.Option("--limit", help="At most this many counters.")] = 10,
    as_json: JsonOpt = False,
) -> None:
    """Find VASL counters with special ammunition by name (forgiving spelling)."""
    from ordnance.asl.counters import scored_counters, source

    if not 1 <= limit <= 100:
        raise OrdnanceError(f"--limit {limit} is outside 1..100", hint="--limit 10")
    when = _date(date)
    where = Theatre.parse(theatre)
    rows = []
    for counter, score in scored_counters(name, nationality=nationality, limit=limit):
        row: dict[str, Any] = {**counter.to_dict(), "score": round(score, 1)}
        if when is not None:
            reading = _Reading(when, where, counter.nationality, None, False, False, AslOptions())
            row["entries"] = _entries_json(counter.notation, reading)["entries"]
        rows.append(row)
    src = source()
    data = {
        "query": name,
        "counters": rows,
        "source": {k: src[k] for k in ("repo", "commit", "path", "licence")},
    }

    def render(d: dict[str, Any]) -> Table:
        t = Table(title=_("Counters like {name}").format(name=repr(d["query"])))
        for col in ("name", "nationality", "piece id", "notation", "gun", "score"):
            t.add_column(col)
        for c in d["counters"]:
            t.add_row(
                c["name"],
                c["nationality"] or "",
                c["gpid"],
                c["notation"],
                c["gun_size"] or "",
                f"{c['score']:g}",
            )
        s = d["source"]
        t.caption = f"VASL module {s['repo']}@{s['commit'][:10]}:{s['path']} ({s['licence']})"
        return t

    emit(data, as_json, render)


# ----------------------------------------------------------------------------- shot
@app.command("shot")
def shot_cmd(
    ammo: Annotated[str, typer.Option("--ammo", help="Declared special ammunition.")] = "APCR",
    depletion: Annotated[
        int | None, typer.Option("--depletion", "-n", help="Depletion Number N.")
    ] = None,
    dr: DrOpt = None,
    seed: SeedOpt = None,
    breakdown: Annotated[int | None, typer.Option("--breakdown", "-b", help="B#.")] = None,
    intensive: Annotated[bool, typer.Option("--intensive", help="Intensive Fire.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """One declared special-ammunition shot: the C8.9 depletion check on its DR."""
    kind = Ammo.parse(ammo)
    if depletion is not None:
        check_depletion_number(depletion)
    if depletion is None and kind.has_depletion:
        raise RuleViolation("ASL-8.9-a", f"{kind.value} needs its Depletion Number", hint="-n 5")
    source = dice_source(dr, seed)
    try:
        roll = source.dr("To Hit DR")
        finish = getattr(source, "finish", None)
        if finish is not None:
            finish()
    except InvalidDice as exc:  # the game names its dice rule (ASL-B2), as in play
        from ordnance.asl.plugin import GAME  # the game's rules load only here

        raise GAME.dice_refusal(exc, {"type": "fire"}) from None
    n = depletion if kind.has_depletion else None
    result = check_shot(kind.value, n, roll, breakdown=breakdown, intensive=intensive)
    data = result.to_dict()
    data["dice"] = "entered" if dr is not None else "rolled"

    def render(d: dict[str, Any]) -> Table:
        t = Table(title=_("{ammo} shot, N={n}").format(ammo=d["ammo"], n=d["depletion"]))
        for col in ("DR", "outcome", "gone", "malfunction", "clause"):
            t.add_column(col)
        t.add_row(
            f"{d['dr'][0]}+{d['dr'][1]}={d['original_dr']}",
            d["outcome"],
            "yes" if d["gone"] else "no",
            "yes" if d["malfunctioned"] else "no",
            d["clause"],
        )
        t.caption = d["explanation"]
        return t

    emit(data, as_json, render)


# ----------------------------------------------------------------------------- game
CapturedOpt = Annotated[
    bool, typer.Option("--captured", help="Captured use (Case H): B# -2, +2 To Hit, red TH#.")
]
RangeOpt = Annotated[
    int | None,
    typer.Option("--range", help="Range in hexes: resolve To Hit and To Kill/IFT (notes B5/B6)."),
]
AfOpt = Annotated[int | None, typer.Option("--af", help="Target AF at the facing fired on.")]
ToHitDrmOpt = Annotated[int, typer.Option("--drm", help="Target-based To Hit DRM (J-R), entered.")]
AcqOpt = Annotated[int, typer.Option("--acquisition", help="Acquisition DRM (Case N).")]


def _whole_shot_fields(
    action: dict[str, Any],
    range_hexes: int | None,
    af: int | None,
    drm: int,
    acquisition: int,
    captured: bool,
) -> None:
    """The ``fire`` action's whole-shot fields (notes B5, B6), only those given."""
    for key, value in (("range", range_hexes), ("af", af)):
        if value is not None:
            action[key] = value
    if drm:
        action["drm"] = drm
    if acquisition:
        action["acquisition"] = acquisition
    if captured:
        action["captured"] = True


AimOpt = Annotated[
    str | None,
    typer.Option("--aim", help="Canister aim point V1..V5 of the CA (default V3; ASL-8.4-h/k)."),
]
MannedOpt = Annotated[
    bool,
    typer.Option(
        "--manned-in-mph",
        help="Canister: Infantry manned the Gun in the MPh (FP halved in the AFPh, ASL-8.4-c).",
    ),
]


def _parse_aim(text: str) -> int:
    """``V3``, ``v3`` or ``3`` -> 3 (the aim points of one CA are V1..V5, ASL-8.4-k)."""
    raw = text.strip().upper().removeprefix("V")
    if not raw.isdigit() or not 1 <= int(raw) <= 5:
        raise RuleViolation(
            "ASL-8.4-k",
            f"{text!r} is not a Canister aim point",
            hint="--aim V1, V2, V3, V4 or V5 (counted across the CA)",
        )
    return int(raw)


LocDrmOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--loc-drm",
        help="Canister: one Location's TEM/Hindrance DRM, q,r=N or q,r@level=N "
        "(repeat; ASL-8.4-d/i).",
    ),
]
MountOpt = Annotated[
    str | None,
    typer.Option(
        "--mount",
        help="Canister: turret, slow-turret or non-turreted (default): the CA change DRM.",
    ),
]
BuildingOpt = Annotated[
    str | None,
    typer.Option("--building", help="Canister: aim at a building hex q,r at range 2 (ASL-8.4-j)."),
]
BuildingLevelOpt = Annotated[
    int | None,
    typer.Option("--building-level", help="Canister: the middle of the three levels aimed at."),
]
CellarOpt = Annotated[
    bool, typer.Option("--cellar", help="Canister: the building has a level -1 (ASL-8.4-j).")
]


def _loc_drm(items: list[str] | None) -> dict[str, int]:
    """``["1,-2=1", "2,-3@1=3"]`` -> ``{"1,-2": 1, "2,-3@1": 3}`` (ASL-8.4-d, -i)."""
    out: dict[str, int] = {}
    for item in items or []:
        where, sep, value = item.rpartition("=")
        try:
            out[where.strip()] = int(value)
        except ValueError:
            sep = ""
        if not sep or not where.strip():
            raise OrdnanceError(
                f"cannot read the Location DRM {item!r}",
                clause="ASL-8.4-i",
                hint="--loc-drm q,r=N or q,r@level=N, e.g. --loc-drm 1,-2=3",
            )
    return out


def _canister_extras(
    aim: str | None,
    manned_in_mph: bool,
    loc_drm: list[str] | None = None,
    mount: str | None = None,
    building: str | None = None,
    building_level: int | None = None,
    cellar: bool = False,
) -> dict[str, Any]:
    extras: dict[str, Any] = {}
    if aim is not None:
        extras["aim"] = _parse_aim(aim)
    if manned_in_mph:
        extras["manned_in_mph"] = True
    if loc_drm:
        extras["location_drm"] = _loc_drm(loc_drm)
    if mount is not None:
        extras["mount"] = mount
    if building is not None:
        extras["building_hex"] = building
        extras["building_level"] = 1 if building_level is None else building_level
        if cellar:
            extras["building_lowest"] = -1
    elif building_level is not None or cellar:
        raise OrdnanceError(
            "--building-level and --cellar belong to a building aim",
            clause="ASL-8.4-j",
            hint="add --building q,r",
        )
    return extras


def _check_canister_only(kind: str | None, aim: str | None, manned_in_mph: bool) -> None:
    if kind in ("CANISTER", "C") or (aim is None and not manned_in_mph):
        return
    option = "--aim" if aim is not None else "--manned-in-mph"
    raise OrdnanceError(
        f"{option} belongs to a Canister shot",
        clause="ASL-8.4-c" if aim is None else "ASL-8.4-h",
        hint="fire with --ammo Canister",
    )


def _side_nationality(session: GameSession, side: str) -> str | None:
    """The palette a side's counters come from (its nationality; SS: ``waffen-ss``)."""
    for s in session.state().settings.sides:
        if s.name == side:
            nat = str(s.nationality).strip().lower()
            return "waffen-ss" if s.pre_adjusted and nat == "german" else nat
    return None


def _parse_side(text: str) -> dict[str, Any]:
    """``name[:nationality][:elite][:ss]``."""
    parts = [p.strip() for p in text.split(":") if p.strip()]
    if not parts:
        raise OrdnanceError(
            f"cannot read the side {text!r}", hint="e.g. russian or german:german:elite"
        )
    side: dict[str, Any] = {
        "name": parts[0],
        "nationality": parts[1] if len(parts) > 1 else parts[0],
    }
    for flag in parts[2:]:
        if flag.lower() == "elite":
            side["elite"] = True
        elif flag.lower() in ("ss", "pre-adjusted"):
            side["elite"] = True
            side["pre_adjusted"] = True
        else:
            raise OrdnanceError(f"unknown side flag {flag!r}", hint="elite or ss")
    return side


def _render_view(view: dict[str, Any]) -> Group:
    head = Text(
        _("{date} ({theatre}), turn {turn}, {attacker}'s Player Turn, {phase}").format(
            date=i18n.localize_text(view["date_label"], _, i18n.current()),
            theatre=view["theatre"],
            turn=view["game_turn"],
            attacker=view["attacker"],
            phase=_(view["phase_name"]),
        ),
        style="bold",
    )
    return Group(head, record_table(view["record"], title=_("Side record")))


@game_app.command("new")
def game_new(
    date: DateOpt = "1944-06",
    theatre: TheatreOpt = "ETO",
    side: Annotated[
        list[str] | None,
        typer.Option("--side", help="name[:nationality][:elite|:ss]; first = first ATTACKER."),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", help="ASL-AMB option as name=value.")
    ] = None,
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", help="Start from a scenario file (or an example name)."),
    ] = None,
    game_id: Annotated[str | None, typer.Option("--id", help="Id for the new game.")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Create a scenario (date, theatre, two sides, options) in the journal."""
    if scenario is not None:
        from ordnance.cli.scenario import new_from_scenario

        if side or option or (date, theatre) != ("1944-06", "ETO"):
            raise OrdnanceError(
                "--scenario sets the date, theatre, sides and options: drop those options"
            )

        new_from_scenario(scenario, "asl", "{}", game_id, db, as_json)
        return
    sides = [_parse_side(s) for s in (side or ["russian", "german"])]
    options: dict[str, Any] = {}
    for opt in option or []:
        key, sep, value = opt.partition("=")
        if not sep:
            raise OrdnanceError(f"cannot read the option {opt!r}", hint="name=value")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    settings = {"date": date, "theatre": theatre, "sides": sides, "options": options}
    from ordnance.core.journal import GameSession, open_journal

    session = GameSession.create(open_journal(db), "asl", settings, game_id)
    view = session.view(None)
    emit({"game_id": session.game_id, **view}, as_json, _render_view)


@game_app.command("add-gun")
def game_add_gun(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    gun: Annotated[str, typer.Option("--id", help="A name for this piece (unique).")],
    side: Annotated[str, typer.Option("--side", help="Owning side.")],
    name: Annotated[str, typer.Option("--name", help="What it is, e.g. T-34/85.")] = "",
    notation: Annotated[str | None, typer.Option("--notation", help="Counter notation.")] = None,
    size: Annotated[str | None, typer.Option("--size", help="Gun size for the chart: 85L.")] = None,
    made_by: Annotated[str | None, typer.Option("--made-by", help="Maker nation.")] = None,
    breakdown: Annotated[int | None, typer.Option("--breakdown", "-b", help="B#.")] = None,
    rof: Annotated[int, typer.Option("--rof", help="Multiple ROF.")] = 0,
    hex_: Annotated[str | None, typer.Option("--hex", help="Hex q,r.")] = None,
    ca: Annotated[int | None, typer.Option("--ca", help=CA_HELP)] = None,
    counter: Annotated[
        str | None,
        typer.Option("--counter", help="A VASL counter name or piece id: fills in the notation."),
    ] = None,
    canister_fp: Annotated[
        int | None,
        typer.Option("--canister-fp", help="Canister FP from the Ordnance Listing (ASL-8.4-e)."),
    ] = None,
    no_he: Annotated[
        bool, typer.Option("--no-he", help="The Gun cannot fire HE (underscored caliber).")
    ] = False,
    captured: CapturedOpt = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Add a Gun from its counter notation and/or the chart (nationality + gun size)."""
    if counter is not None:
        from ordnance.asl.counters import pick_counter

        if notation is not None:
            raise OrdnanceError(
                "--counter fills in the notation: give one or the other",
                clause="ASL-8.2-e",
                hint="drop --notation, or drop --counter",
            )
        army = _side_nationality(open_game(db, game_id), side)
        found = pick_counter(counter, nationality=army)
        notation = found.notation
        name = name or found.name
        size = size or found.gun_size
    action: dict[str, Any] = {"type": "add_gun", "id": gun, "side": side, "name": name}
    for key, value in (
        ("notation", notation),
        ("gun_size", size),
        ("made_by", made_by),
        ("breakdown", breakdown),
        ("hex", hex_),
        ("ca", ca),
        ("canister_fp", canister_fp),
    ):
        if value is not None:
            action[key] = value
    if rof:
        action["rof"] = rof
    if no_he:
        action["can_fire_he"] = False
    if captured:
        action["captured"] = True
    take(db, game_id, action, as_json=as_json)


@game_app.command("fire")
def game_fire(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    gun: Annotated[str, typer.Option("--gun")],
    ammo: Annotated[
        str | None, typer.Option("--ammo", help="APCR, APDS, HEAT, AP, HE, SMOKE, WP, Canister.")
    ] = None,
    target: Annotated[
        str | None, typer.Option("--target", help="vehicle, gun, infantry...")
    ] = None,
    tem: Annotated[str | None, typer.Option("--tem", help="Target TEM (HEAT, ASL-8.31-b).")] = None,
    at: Annotated[str | None, typer.Option("--at", help="Target hex q,r (SMOKE/WP).")] = None,
    intensive: Annotated[bool, typer.Option("--intensive")] = False,
    moved: Annotated[bool, typer.Option("--moved", help="Canister: the AFV moved.")] = False,
    ca: Annotated[
        int | None, typer.Option("--ca", help="CA to turn to for this shot, before the DR (0-5).")
    ] = None,
    aim: AimOpt = None,
    manned_in_mph: MannedOpt = False,
    loc_drm: LocDrmOpt = None,
    mount: MountOpt = None,
    building: BuildingOpt = None,
    building_level: BuildingLevelOpt = None,
    cellar: CellarOpt = False,
    range_hexes: RangeOpt = None,
    af: AfOpt = None,
    drm: ToHitDrmOpt = 0,
    acquisition: AcqOpt = 0,
    captured: CapturedOpt = False,
    dr: DrOpt = None,
    seed: SeedOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Fire a Gun (declared ammunition; rolled dice, or entered with --dr)."""
    kind = ammo.strip().upper() if ammo else None
    _check_canister_only(kind, aim, manned_in_mph)
    action: dict[str, Any]
    if kind in ("SMOKE", "S", "WP"):
        if at is None:
            raise OrdnanceError("SMOKE/WP needs a target hex", hint="--at 2,0")
        if ca is not None:
            raise OrdnanceError(
                _("--ca is not part of a SMOKE/WP placement"),
                clause="ASL-AMB-15",
                hint=_("turn the Covered Arc first: ordnance asl game turn-ca"),
            )
        action = {"type": "place_wp" if kind == "WP" else "place_smoke", "gun": gun, "target": at}
    elif kind in ("CANISTER", "C"):
        action = {"type": "fire_canister", "gun": gun, "moved": moved}
        if ca is not None:
            action["ca"] = ca  # the CA whose aim points the Canister uses
        action.update(
            _canister_extras(aim, manned_in_mph, loc_drm, mount, building, building_level, cellar)
        )
    else:
        action = {"type": "fire", "gun": gun, "intensive": intensive}
        if ammo is not None:
            action["ammo"] = ammo
        if target is not None:
            action["target"] = target
        if tem is not None:
            action["tem"] = tem
        if ca is not None:
            action["ca"] = ca
        _whole_shot_fields(action, range_hexes, af, drm, acquisition, captured)
    take(db, game_id, action, dice=dr, seed=seed, as_json=as_json)


@game_app.command("odds")
def game_odds(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    gun: Annotated[str, typer.Option("--gun")],
    ammo: Annotated[str | None, typer.Option("--ammo")] = None,
    intensive: Annotated[bool, typer.Option("--intensive")] = False,
    ca: Annotated[
        int | None, typer.Option("--ca", help="Canister: the CA of the aim points (0-5).")
    ] = None,
    aim: AimOpt = None,
    manned_in_mph: MannedOpt = False,
    moved: Annotated[bool, typer.Option("--moved", help="Canister: the AFV moved.")] = False,
    loc_drm: LocDrmOpt = None,
    mount: MountOpt = None,
    building: BuildingOpt = None,
    building_level: BuildingLevelOpt = None,
    cellar: CellarOpt = False,
    target: Annotated[
        str | None, typer.Option("--target", help="vehicle, unarmored, infantry...")
    ] = None,
    range_hexes: RangeOpt = None,
    af: AfOpt = None,
    drm: ToHitDrmOpt = 0,
    acquisition: AcqOpt = 0,
    captured: CapturedOpt = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Odds of a Gun's next shot with the declared ammunition (Canister: per Location too).

    With ``--range`` (and ``--target``, ``--af``) the whole shot: To Hit,
    depletion, B#, To Kill or IFT, and AP against APCR/APDS/HEAT (``compare``).
    """
    session = open_game(db, game_id)
    kind = ammo.strip().upper() if ammo else None
    _check_canister_only(kind, aim, manned_in_mph)
    action: dict[str, Any]
    if kind in ("CANISTER", "C"):
        action = {"type": "fire_canister", "gun": gun, "moved": moved}
        if ca is not None:
            action["ca"] = ca
        action.update(
            _canister_extras(aim, manned_in_mph, loc_drm, mount, building, building_level, cellar)
        )
    else:
        action = {"type": "fire", "gun": gun, "intensive": intensive}
        if ammo is not None:
            action["ammo"] = ammo
        if target is not None:
            action["target"] = target
        _whole_shot_fields(action, range_hexes, af, drm, acquisition, captured)
    data = session.game.odds(session.state(), action, None) or {}
    emit(data, as_json)


# ----------------------------------------------------------------------------- odds
@odds_app.command("depletion")
def odds_depletion(
    depletion: Annotated[int, typer.Option("--depletion", "-n", help="Depletion Number N.")],
    shots: Annotated[int, typer.Option("--shots", "-k", help="Declared shots.")] = 4,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Write a PNG of the rounds fired.")
    ] = None,
    breakdown: Annotated[
        int | None,
        typer.Option(
            "--breakdown", "-b", help="B#: a malfunction also ends the Gun's fire (notes B5.7)."
        ),
    ] = None,
    intensive: Annotated[bool, typer.Option("--intensive", help="Intensive Fire: B# -2.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Per-shot outcome, k-th shot availability, rounds fired and expected rounds (ASL-8.9)."""
    check_depletion_number(depletion)
    if not 1 <= shots <= 50:
        raise OrdnanceError(f"{shots} shots is outside 1..50")
    if breakdown is not None and not 2 <= breakdown <= 12:
        raise OrdnanceError(f"a B# is 2 to 12, not {breakdown}", clause="ASL-B5.7", hint="-b 11")
    report = depletion_report(
        depletion,
        shots,
        breakdown,
        intensive=intensive,
        with_breakdown=breakdown is not None or intensive,
    )
    if plot is not None:
        from ordnance.cli.plot import plot_distribution

        plot_distribution(
            report["rounds"],
            plot,
            f"Special rounds fired in {shots} shots, N={depletion}",
            xlabel="rounds fired",
        )
        report["plot"] = str(plot)

    def render(d: dict[str, Any]) -> Group:
        per_shot = distribution_table(d["shot"], f"One declared shot, N={depletion}")
        t = Table(title=f"Shot by shot (declared every shot), N={depletion}")
        for col in ("shot", "still available", "fires the round", "gone after"):
            t.add_column(col, justify="right")
        for row in d["shots"]:
            t.add_row(
                str(row["shot"]),
                _pct(row["available"]),
                _pct(row["fires_special"]),
                _pct(row["gone_after"]),
            )
        rounds = distribution_table(d["rounds"], f"Special rounds fired in {shots} shots")
        parts: list[Any] = []
        if "breakdown_shots" in d:
            b = Table(title=f"With the malfunction check, B#{d['breakdown']} (notes B5.7)")
            for col in ("shot", "still firing with it", "fires the round", "malfunctions"):
                b.add_column(col, justify="right")
            for row in d["breakdown_shots"]:
                b.add_row(
                    str(row["shot"]),
                    _pct(row["available"]),
                    _pct(row["fires_special"]),
                    _pct(row["malfunctions"]),
                )
            parts = [b, distribution_table(d["ends"], "How the run ends")]
        exp = d["expected_rounds"]
        tail = Text(
            "expected rounds before it runs out: "
            + ("never runs out" if exp is None else f"{fraction_text(exp)} ({float(exp):.3f})")
        )
        return Group(per_shot, t, *parts, rounds, tail)

    emit(report, as_json, render)


def _pct(p: Any) -> str:
    return f"{fraction_text(p)} ({float(p) * 100:.2f}%)"


@odds_app.command("shot")
def odds_shot(
    depletion: Annotated[int, typer.Option("--depletion", "-n", help="Depletion Number N.")],
    breakdown: Annotated[int | None, typer.Option("--breakdown", "-b", help="B#.")] = None,
    intensive: Annotated[bool, typer.Option("--intensive")] = False,
    plot: Annotated[Path | None, typer.Option("--plot", help="Write a PNG.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """One shot: depletion outcome joint with malfunction (ASL-AMB-18, ASL-8.92-a)."""
    check_depletion_number(depletion)
    joint = shot_with_malfunction(depletion, breakdown, intensive=intensive)
    labelled: Distribution[str] = joint.map(lambda o: o[0] + (" + malfunction" if o[1] else ""))
    if plot is not None:
        from ordnance.cli.plot import plot_distribution

        plot_distribution(labelled, plot, f"One shot, N={depletion}")
    data = {
        "depletion": depletion,
        "breakdown": breakdown,
        "intensive": intensive,
        "distribution": labelled,
        "malfunction": joint.probability(lambda o: o[1]),
    }
    emit(data, as_json, lambda d: distribution_table(d["distribution"], f"One shot, N={depletion}"))


# The whole Gun shot: ``ordnance asl odds gun`` (ordnance.asl.cli_gun).
from ordnance.asl.cli_gun import register as _register_gun  # noqa: E402

_register_gun(odds_app)
