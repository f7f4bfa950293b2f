"""``ordnance asl ...``: notation, supply, shot, the scenario game, and odds.

Every command takes ``--json`` (one JSON document on stdout) and prints Rich
tables otherwise. Refusals are :class:`~ordnance.core.errors.OrdnanceError`,
which ``ordnance``'s ``main`` turns into exit status 2 with the clause.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ordnance.asl.dates import ScenarioDate, Theatre
from ordnance.asl.depletion import check_shot
from ordnance.asl.depletion_odds import (
    depletion_report,
    shot_with_malfunction,
)
from ordnance.asl.he_equivalency import he_equivalency
from ordnance.asl.heat import heat_gate
from ordnance.asl.notation import Ammo, parse_notation
from ordnance.asl.record import record_table
from ordnance.asl.supply import chart_lookup
from ordnance.cli.common import DbOpt, JsonOpt, SeedOpt, distribution_table, emit, to_jsonable
from ordnance.cli.i18n import N_, _
from ordnance.core.dice import dice_source
from ordnance.core.errors import InvalidDice, OrdnanceError, RuleViolation
from ordnance.core.journal import GameSession, open_journal
from ordnance.core.odds.distribution import Distribution, fraction_text

app = typer.Typer(help="ASL Chapter C8: Special Ammunition.", no_args_is_help=True)
game_app = typer.Typer(
    help="A scenario with its side record, kept in the journal.", no_args_is_help=True
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
def _entries_json(text: str, date: ScenarioDate | None, theatre: Theatre, user: str | None) -> Any:
    entries = parse_notation(text)
    return {"notation": text, "entries": [e.to_dict(date, theatre, user) for e in entries]}


def _render_entries(data: dict[str, Any]) -> Table:
    table = Table(title=_("Counter notation {notation}").format(notation=repr(data["notation"])))
    for col in ("token", "ammo", "depletion", "available", "periods", "notes"):
        table.add_column(col)
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
        table.add_row(
            e["token"],
            e["ammo"],
            "-" if e.get("depletion") is None else str(e["depletion"]),
            "" if avail is None else ("yes" if avail else "no"),
            periods,
            notes,
        )
    return table


@app.command("notation")
def notation_cmd(
    text: Annotated[
        str, typer.Argument(help="Counter notation, e.g. 'A5^4^/6^5'; '-' reads stdin.")
    ],
    date: Annotated[str | None, typer.Option("--date", help="Scenario date YYYY-MM.")] = None,
    theatre: TheatreOpt = "ETO",
    user: Annotated[
        str | None, typer.Option("--user", help="Using army for R/S/CS suffixes (romanian...).")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Read counter special-ammunition notation (ASL-8.9-a, 8.91; notes B4)."""
    when = _date(date)
    where = Theatre.parse(theatre)
    if text != "-":
        emit(_entries_json(text, when, where, user), as_json, _render_entries)
        return
    for line in sys.stdin:
        line = line.rstrip("\n")
        try:
            data = _entries_json(line, when, where, user)
            out: dict[str, Any] = {"entries": data["entries"]}
        except OrdnanceError as exc:
            out = {"error": str(exc), **exc.to_dict(), "notation": line}
            out["error"] = str(exc)
        if as_json:
            sys.stdout.write(json.dumps(to_jsonable(out), ensure_ascii=False) + "\n")
        elif "entries" in out:
            emit({"notation": line, **out}, False, _render_entries)
        else:
            emit(out, False, lambda d: Text(f"{d['notation']!r}: {d['error']}", style="red"))


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
    """HEAT availability date of a nation's ordnance (ASL-8.3-a)."""
    when = ScenarioDate.parse(date)
    gate = heat_gate(nationality)
    data = {
        "nationality": nationality,
        "date": str(when),
        "from": str(gate) if gate else None,
        "available": gate is None or when >= gate,
        "clause": "ASL-8.3-a" if gate else "ASL-AMB-6",
    }
    emit(data, as_json)


@app.command("he-equivalency")
def he_equivalency_cmd(
    attack: Annotated[str, typer.Argument(help="AP, APCR, APDS, ATR or HEAT.")],
    caliber: Annotated[float | None, typer.Option("--caliber", help="Caliber in mm.")] = None,
    weapon: Annotated[
        str | None, typer.Option("--weapon", help="HEAT weapon: BAZ, PIAT, PSK, PFk, PF, H9.")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """HE Equivalency FP and Residual FP of an AP-type or HEAT attack (ASL-8.31)."""
    emit(he_equivalency(attack, caliber_mm=caliber, weapon=weapon).to_dict(), as_json)


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
    if depletion is None and kind.has_depletion:
        raise RuleViolation("ASL-8.9-a", f"{kind.value} needs its Depletion Number", hint="-n 5")
    source = dice_source(dr, seed)
    try:
        roll = source.dr("To Hit DR")
        finish = getattr(source, "finish", None)
        if finish is not None:
            finish()
    except InvalidDice as exc:
        raise _with_dice_clause(exc) from None
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


def _canister_extras(aim: str | None, manned_in_mph: bool) -> dict[str, Any]:
    extras: dict[str, Any] = {}
    if aim is not None:
        extras["aim"] = _parse_aim(aim)
    if manned_in_mph:
        extras["manned_in_mph"] = True
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


def _session(db: str | None, game_id: str) -> GameSession:
    return GameSession(open_journal(db), game_id)


DICE_CLAUSE = "ASL-B2"
DICE_HINT = "an ASL DR is two dice, each 1 to 6, the coloured die first: --dr 3,2"


def _with_dice_clause(exc: InvalidDice) -> InvalidDice:
    """Entered dice that cannot be an ASL DR: name the dice rule (notes B2)."""
    return InvalidDice(exc.message, clause=DICE_CLAUSE, hint=DICE_HINT)


def _act(session: GameSession, action: dict[str, Any], dr: str | None, seed: int | None) -> Any:
    try:
        return session.act(action, dice_source(dr, seed), None)
    except InvalidDice as exc:
        raise _with_dice_clause(exc) from None


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
            date=view["date_label"],
            theatre=view["theatre"],
            turn=view["turn"],
            attacker=view["attacker"],
            phase=view["phase_name"],
        ),
        style="bold",
    )
    return Group(head, record_table(view["record"], title=_("Side record")))


def _render_entry(row: dict[str, Any]) -> Text:
    texts = [e.get("text") or e["kind"] for e in row["events"]]
    dice = "" if not row.get("dice") else f" [dice {','.join(map(str, row['dice']))}]"
    return Text(f"#{row['seq']}{dice}: " + "; ".join(texts))


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
    game_id: Annotated[str | None, typer.Option("--id", help="Id for the new game.")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Create a scenario (date, theatre, two sides, options) in the journal."""
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
    captured: CapturedOpt = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Add a Gun from its counter notation and/or the chart (nationality + gun size)."""
    action: dict[str, Any] = {"type": "add_gun", "id": gun, "side": side, "name": name}
    for key, value in (
        ("notation", notation),
        ("gun_size", size),
        ("made_by", made_by),
        ("breakdown", breakdown),
        ("hex", hex_),
        ("ca", ca),
    ):
        if value is not None:
            action[key] = value
    if rof:
        action["rof"] = rof
    if captured:
        action["captured"] = True
    session = _session(db, game_id)
    entry = session.act(action, dice_source("", None), None)
    emit(entry.for_seat(None), as_json, _render_entry)


@game_app.command("turn-ca")
def game_turn_ca(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    gun: Annotated[str, typer.Option("--gun")],
    ca: Annotated[int, typer.Option("--ca", help=CA_HELP)],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Change a Gun's Covered Arc (kept in the side record; ASL-AMB-15)."""
    action: dict[str, Any] = {"type": "turn_ca", "gun": gun, "ca": ca}
    entry = _session(db, game_id).act(action, dice_source("", None), None)
    emit(entry.for_seat(None), as_json, _render_entry)


@game_app.command("phase")
def game_phase(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    phase: Annotated[str | None, typer.Argument(help="Phase (RPh..CCPh); omit to advance.")] = None,
    turn: Annotated[int | None, typer.Option("--turn")] = None,
    attacker: Annotated[str | None, typer.Option("--attacker")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Go to a phase (or the next one)."""
    action: dict[str, Any] = {"type": "set_phase"}
    if phase is not None:
        action["phase"] = phase
    if turn is not None:
        action["turn"] = turn
    if attacker is not None:
        action["attacker"] = attacker
    entry = _session(db, game_id).act(action, dice_source("", None), None)
    emit(entry.for_seat(None), as_json, _render_entry)


@game_app.command("declare")
def game_declare(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    gun: Annotated[str, typer.Option("--gun")],
    ammo: Annotated[str, typer.Option("--ammo")],
    shot: Annotated[int | None, typer.Option("--shot", help="Shot number it is for.")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Declare special ammunition for a Gun's next shot (ASL-8.1-a)."""
    action: dict[str, Any] = {"type": "declare_ammo", "gun": gun, "ammo": ammo}
    if shot is not None:
        action["shot"] = shot
    entry = _session(db, game_id).act(action, dice_source("", None), None)
    emit(entry.for_seat(None), as_json, _render_entry)


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
        action.update(_canister_extras(aim, manned_in_mph))
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
    entry = _act(_session(db, game_id), action, dr, seed)
    emit(entry.for_seat(None), as_json, _render_entry)


@game_app.command("record")
def game_record(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The side record: every Gun's capabilities and their state."""
    emit(_session(db, game_id).view(None), as_json, _render_view)


@game_app.command("undo")
def game_undo(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Undo the latest action still in force."""
    entry = _session(db, game_id).undo(None)
    emit(entry.for_seat(None), as_json, _render_entry)


@game_app.command("log")
def game_log(
    game_id: Annotated[str, typer.Argument(help="Game id.")],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The journal of the scenario."""
    rows = _session(db, game_id).log(None)

    def render(d: dict[str, Any]) -> Table:
        t = Table(title=_("Journal"))
        for col in ("#", N_("dice"), N_("what happened")):
            t.add_column(_(col))
        for row in d["entries"]:
            text = "; ".join(e.get("text") or e["kind"] for e in row["events"])
            if row["undone"]:
                text = f"[strike]{text}[/strike] " + _("(undone)")
            dice = "" if not row["dice"] else ",".join(map(str, row["dice"]))
            t.add_row(str(row["seq"]), dice, text)
        return t

    emit({"entries": rows}, as_json, render)


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
    session = _session(db, game_id)
    kind = ammo.strip().upper() if ammo else None
    _check_canister_only(kind, aim, manned_in_mph)
    action: dict[str, Any]
    if kind in ("CANISTER", "C"):
        action = {"type": "fire_canister", "gun": gun, "moved": moved}
        if ca is not None:
            action["ca"] = ca
        action.update(_canister_extras(aim, manned_in_mph))
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
