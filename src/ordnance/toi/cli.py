"""``ordnance toi ...``: odds, smoke, advice and a game kept in the journal.

Every command takes ``--json``. Refusals exit with status 2 and write nothing
(``ordnance.cli.main`` prints them with their clause id).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.console import Group, RenderableType
from rich.table import Table

from ordnance.cli.common import DbOpt, DiceOpt, JsonOpt, SeedOpt, distribution_table, emit, percent
from ordnance.core.dice import dice_source
from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import Direction, parse_hex
from ordnance.core.journal import GameSession, open_journal
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.toi.advice import rank_munitions
from ordnance.toi.attack import AttackInput, RangeBand, Supporter, attack_distribution, plan_attack
from ordnance.toi.catalogue import catalogue, catalogue_note
from ordnance.toi.damage import UNCERTAIN, VehicleDamage
from ordnance.toi.hexmap import load_map, map_names
from ordnance.toi.munitions import Munition
from ordnance.toi.settings import ToISettings
from ordnance.toi.smoke import (
    hit_odds,
    orientation_for,
    plan_smoke,
    smoke_landing_distribution,
    smoke_round_distribution,
)

app = typer.Typer(help="Tide of Iron: Fury of the Bear munitions tokens.", no_args_is_help=True)
odds_app = typer.Typer(
    help="Exact odds of a Tide of Iron attack (with or without a munitions token)."
)
game_app = typer.Typer(
    help="Play a game kept in the journal (hidden tokens, phases, attacks).", no_args_is_help=True
)

PlotOpt = Annotated[
    str | None, typer.Option("--plot", help="Also write a PNG bar chart to FILE.png.")
]
AsOpt = Annotated[
    str | None, typer.Option("--as", help="Act and look as this nation (e.g. german).")
]


def _band(text: str) -> RangeBand:
    try:
        band = RangeBand(text.strip().lower())
    except ValueError:
        raise OrdnanceError(f"unknown range band {text!r}", hint="close, normal or long") from None
    return band


def _munition(text: str | None) -> Munition | None:
    if text is None or text.strip().lower() in ("", "none", "plain"):
        return None
    return Munition.parse(text)


def _support(text: str | None) -> tuple[int, ...]:
    if not text:
        return ()
    try:
        return tuple(int(x) for x in text.replace(",", " ").split())
    except ValueError:
        raise OrdnanceError(
            f"cannot read supporting firepower {text!r}", hint="e.g. --support 3,2"
        ) from None


def _plot(dist: Distribution[Any], path: str | None, title: str, xlabel: str) -> str | None:
    if path is None:
        return None
    from ordnance.cli.plot import plot_distribution

    return str(plot_distribution(dist, path, title, xlabel))


# -- odds ---------------------------------------------------------------------------


def attack_odds_data(
    fp: int,
    target: str,
    band: str,
    defense: int,
    munition: str | None,
    fire_and_movement: bool,
    support: str | None,
    settings: ToISettings,
) -> tuple[dict[str, Any], Distribution[int]]:
    m = _munition(munition)  # Smoke is refused by plan_attack (TOI-SMK-1)
    target = target.strip().lower()
    if target in ("infantry", "squads"):
        target = "squad"
    if target == "vehicles":
        target = "vehicle"
    inp = AttackInput(
        firepower=fp,
        target=target,
        band=_band(band),
        defence=defense,
        munitions=(m,) if m else (),
        fire_and_movement=fire_and_movement,
        support=tuple(Supporter(s) for s in _support(support)),
    )
    plan = plan_attack(inp, settings)
    dist = attack_distribution(plan)
    data = {
        "title": f"Net hits: firepower {fp} vs {target} at {plan.band.value} range, defense {defense}"
        + (f", {m.value}" if m else ""),
        "distribution": dist.to_json(),
        "munition": m.value if m else None,
        "attack_dice": plan.attack_dice,
        "hit_on": plan.hit_on,
        "defense_dice": plan.defence_dice,
        "cancel_on": plan.cancel_on,
        "band": plan.band.value,
        "mean": fraction_text(dist.mean()),
        "at_least": _at_least(dist),
        "steps": list(plan.steps),
        "clauses": list(plan.clauses),
    }
    return data, dist


def _at_least(dist: Distribution[int]) -> dict[str, str]:
    """P(net hits >= k) for each k."""
    out: dict[str, str] = {}
    tail = Fraction(0)
    for k in sorted(dist.outcomes(), reverse=True):
        tail += dist[k]
        out[str(k)] = fraction_text(tail)
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))


def _render_attack(data: dict[str, Any], dist: Distribution[int]) -> RenderableType:
    summary = (
        f"{data['attack_dice']} black dice hitting on {data['hit_on']}+, "
        f"{data['defense_dice']} red dice cancelling on {data['cancel_on']}+; "
        f"mean {data['mean']} = {float(dist.mean()):.3f} net hits"
    )
    return Group(distribution_table(dist, data["title"], "net hits"), summary, *data["steps"])


@odds_app.callback(invoke_without_command=True)
def odds_cmd(
    ctx: typer.Context,
    fp: Annotated[
        int | None, typer.Option("--fp", help="Firepower of the firing unit vs this target type.")
    ] = None,
    target: Annotated[str, typer.Option("--target", help="vehicle or squad.")] = "vehicle",
    band: Annotated[str, typer.Option("--range", help="close, normal or long.")] = "normal",
    defense: Annotated[
        int, typer.Option("--defense", help="Red defense dice (armour + cover).")
    ] = 0,
    munition: Annotated[
        str | None, typer.Option("--munition", help="HE, AP-B or AP-C (omit: plain attack).")
    ] = None,
    fire_and_movement: Annotated[
        bool, typer.Option("--fire-and-movement", help="Fire and Movement (halved).")
    ] = False,
    support: Annotated[
        str | None, typer.Option("--support", help="Supporting units' firepower, e.g. 3,2.")
    ] = None,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Exact distribution of net hits of one attack (closed form, exact fractions)."""
    if ctx.invoked_subcommand is not None:
        return
    if fp is None:
        raise OrdnanceError(
            "give the firepower with --fp", hint="e.g. --fp 5 --target vehicle --range close"
        )
    data, dist = attack_odds_data(
        fp, target, band, defense, munition, fire_and_movement, support, ToISettings()
    )
    data["plot"] = _plot(dist, plot, data["title"], "net hits")
    emit(data, as_json, lambda d: _render_attack(d, dist))


def smoke_cmd(
    fp: Annotated[
        int, typer.Option("--fp", help="The unit's firepower against vehicles (TOI-SMK-2).")
    ],
    band: Annotated[str, typer.Option("--range", help="close, normal or long.")] = "normal",
    map_name: Annotated[
        str | None, typer.Option("--map", help="A map, to see where drift lands.")
    ] = None,
    target: Annotated[
        str | None, typer.Option("--target", help="Target hex 'q,r' (with --map).")
    ] = None,
    smoke_at: Annotated[
        str | None, typer.Option("--smoke", help="Hexes already holding smoke, e.g. '3,1 4,1'.")
    ] = None,
    orientation: Annotated[
        str | None,
        typer.Option("--orientation", help="Directional marker's 1 (N..NW); default: the map's."),
    ] = None,
    drift_dice: Annotated[
        str, typer.Option("--drift-dice", help="text (red = distance) or faq_core (TOI-AMB-1).")
    ] = "text",
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Exact outcome of a Smoke round: placed, drift (to each hex), misfire."""
    settings = ToISettings(drift_dice=drift_dice)
    plan = plan_smoke(fp, _band(band), settings)
    placed, drift, misfire = hit_odds(plan)
    data: dict[str, Any] = {
        "title": f"Smoke round: {plan.dice} dice hitting on {plan.hit_on}+ at {plan.band.value} range",
        "distribution": {
            "placed": fraction_text(placed),
            "drift": fraction_text(drift),
            "misfire": fraction_text(misfire),
        },
        "dice": plan.dice,
        "hit_on": plan.hit_on,
        "band": plan.band.value,
        "drift_dice": plan.drift_dice,
        "drift": {
            "distance": {str(k): "1/6" for k in range(1, 7)},
            "direction_die": {str(k): "1/6" for k in range(1, 7)},
            "each_distance_and_direction": fraction_text(drift / 36),
        },
    }
    dist: Distribution[str] = smoke_round_distribution(plan).map(lambda o: o.split(" ")[0])
    if (map_name is None) != (target is None):
        raise OrdnanceError(
            "give both --map and --target to see the hexes", hint="e.g. --map village --target 4,1"
        )
    if map_name is not None and target is not None:
        m = load_map(map_name)
        t = parse_hex(target)
        m.info(t)
        smoky = (
            frozenset(parse_hex(x) for x in (smoke_at or "").split()) if smoke_at else frozenset()
        )
        if orientation is not None:
            settings = settings.model_copy(update={"drift_orientation": orientation.upper()})
        o: Direction = orientation_for(settings, m, None, t)
        landing = smoke_landing_distribution(plan, t, m, smoky, o, settings)
        hexes: dict[str, Any] = {}
        for label, p in landing.items():
            if label.startswith(("placed ", "drift to ")):
                h = label.split(" ")[-1] if "(refresh)" not in label else label.split(" ")[2]
                hexes[h] = hexes.get(h, 0) + p
        data.update(
            map=m.name,
            target=str(t),
            orientation=o.name,
            outcomes=landing.to_json(),
            hexes={
                h: fraction_text(p)
                for h, p in sorted(hexes.items(), key=lambda kv: (-kv[1], kv[0]))
            },
            no_smoke=fraction_text(1 - sum(hexes.values())),
        )
        dist = landing
    data["plot"] = _plot(dist, plot, data["title"], "outcome")
    emit(data, as_json, lambda d: _render_smoke(d, dist))


def _render_smoke(data: dict[str, Any], dist: Distribution[str]) -> RenderableType:
    table = Table(title=data["title"])
    table.add_column("outcome")
    table.add_column("exact", justify="right")
    table.add_column("%", justify="right")
    rows = data.get("outcomes") or data["distribution"]
    for k, v in sorted(rows.items(), key=lambda kv: (-Fraction(kv[1]), kv[0])):
        p = Fraction(v)
        table.add_row(k, v, percent(p))
    extra = [
        f"drift: each (distance, direction) pair {data['drift']['each_distance_and_direction']}"
    ]
    if "hexes" in data:
        extra.append("smoke ends up in: " + ", ".join(f"{h} {p}" for h, p in data["hexes"].items()))
    return Group(table, *extra)


def advise_cmd(
    fp: Annotated[int, typer.Option("--fp", help="Firepower vs the target type (without token).")],
    band: Annotated[str, typer.Option("--range", help="close, normal or long.")] = "normal",
    defense: Annotated[
        int, typer.Option("--defense", help="Red defense dice (armour + cover).")
    ] = 0,
    target: Annotated[str, typer.Option("--target", help="vehicle or squad.")] = "vehicle",
    damage: Annotated[
        str, typer.Option("--damage", help="Target vehicle: undamaged, light or heavy.")
    ] = "undamaged",
    figures: Annotated[int, typer.Option("--figures", help="Target squad's figures.")] = 4,
    fire_and_movement: Annotated[bool, typer.Option("--fire-and-movement")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Rank the munitions tokens by expected net hits and chance to destroy."""
    try:
        dmg = VehicleDamage(damage.lower())
    except ValueError:
        raise OrdnanceError(
            f"unknown damage state {damage!r}", hint="undamaged, light or heavy"
        ) from None
    rows = rank_munitions(
        fp,
        _band(band),
        defense,
        target=target.lower(),
        damage=dmg,
        figures=figures,
        fire_and_movement=fire_and_movement,
    )
    data = {
        "title": f"Munitions vs {target} at {band} range (fp {fp}, defense {defense})",
        "choices": rows,
        "damage_default_uncertain": list(UNCERTAIN),
    }
    emit(data, as_json, _render_advice)


def _render_advice(data: dict[str, Any]) -> RenderableType:
    table = Table(title=data["title"])
    for col in ("munition", "dice", "hit on", "mean net hits", "P(destroy)", "note"):
        table.add_column(col)
    for r in data["choices"]:
        if r["munition"] == "Smoke":
            note = r.get("reason") or r["note"]
            if "placed" in r:
                note += f"; placed {percent(r['placed'])}, drift {percent(r['drift'])}, misfire {percent(r['misfire'])}"
            table.add_row("Smoke", str(r.get("dice", "")), f"{r.get('hit_on', '')}+", "", "", note)
        elif not r["allowed"]:
            table.add_row(r["munition"], "", "", "", "", f"refused [{r['clause']}] {r['reason']}")
        else:
            table.add_row(
                r["munition"],
                str(r["attack_dice"]),
                f"{r['hit_on']}+",
                f"{float(r['expected_net_hits']):.3f}",
                percent(r["kill_chance"]),
                ", ".join(r["clauses"]),
            )
    return Group(
        table,
        "P(destroy) uses the documented damage default; flagged uncertain: "
        + "; ".join(data["damage_default_uncertain"]),
    )


odds_app.command("smoke")(smoke_cmd)
odds_app.command("advise")(advise_cmd)
app.add_typer(odds_app, name="odds")
app.command("smoke")(smoke_cmd)
app.command("advise")(advise_cmd)


@app.command("units")
def units_cmd(as_json: JsonOpt = False) -> None:
    """The sample unit catalogue (package data; sample values)."""
    data = {
        "note": catalogue_note(),
        "profiles": [p.model_dump(mode="json") for p in catalogue().values()],
    }

    def render(d: dict[str, Any]) -> RenderableType:
        t = Table(title="Unit catalogue (SAMPLE VALUES)")
        for col in ("name", "nation", "kind", "vs infantry fp/rng", "vs vehicle fp/rng", "armour"):
            t.add_column(col)
        for p in d["profiles"]:
            t.add_row(
                p["name"],
                p["nation"],
                p["kind"],
                f"{p['vs_infantry']['firepower']}/{p['vs_infantry']['range']}",
                f"{p['vs_vehicle']['firepower']}/{p['vs_vehicle']['range']}",
                str(p["armour"]),
            )
        return Group(t, d["note"])

    emit(data, as_json, render)


@app.command("munitions")
def munitions_cmd(as_json: JsonOpt = False) -> None:
    """The munitions reference card: what each token does (TOI-GEN-10)."""
    from ordnance.toi.munitions import SUMMARY

    data = {"munitions": [{"type": m.value, "effect": text} for m, text in SUMMARY.items()]}

    def render(d: dict[str, Any]) -> RenderableType:
        t = Table(title="Munitions specialization tokens")
        t.add_column("type")
        t.add_column("effect on the attack that reveals it")
        for row in d["munitions"]:
            t.add_row(row["type"], row["effect"])
        return t

    emit(data, as_json, render)


@app.command("maps")
def maps_cmd(as_json: JsonOpt = False) -> None:
    """The sample maps shipped with the package."""
    data = {
        "maps": [
            {"name": n, "title": load_map(n).title, "hexes": len(load_map(n).hexes)}
            for n in map_names()
        ]
    }
    emit(data, as_json)


# -- the game -------------------------------------------------------------------------


def _session(game_id: str, db: str | None) -> GameSession:
    return GameSession(open_journal(db), game_id)


def _act(
    game_id: str,
    action: dict[str, Any],
    seat: str | None,
    db: str | None,
    as_json: bool,
    dice: str | None = None,
    seed: int | None = None,
) -> None:
    session = _session(game_id, db)
    entry = session.act(action, dice_source(dice, seed), seat)
    row: dict[str, Any] = {**entry.for_seat(seat), "version": entry.seq}

    def render(r: dict[str, Any]) -> RenderableType:
        lines = [e.get("text") or e["kind"] for e in r["events"]]
        if r.get("dice"):
            lines.append(f"dice: {','.join(map(str, r['dice']))}")
        return "\n".join([f"[{r['version']}] " + lines[0], *lines[1:]]) if lines else "ok"

    emit(row, as_json, render)


@game_app.command("new")
def game_new(
    nations: Annotated[
        str, typer.Option("--nations", help="Two nations, e.g. german,soviet.")
    ] = "german,soviet",
    map_name: Annotated[
        str, typer.Option("--map", help="Map name (see `ordnance toi maps`).")
    ] = "village",
    settings: Annotated[
        str, typer.Option("--settings", help="More settings as JSON (see docs/toi.md).")
    ] = "{}",
    start: Annotated[
        str, typer.Option("--start", help="Open in the action or status phase.")
    ] = "action",
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", help="Start from a scenario file (or an example name)."),
    ] = None,
    game_id: Annotated[str | None, typer.Option("--id", help="Id for the new game.")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Create a game (two nations, a map, its sample scenario unless --settings gives units)."""
    if scenario is not None:
        from ordnance.cli.scenario import new_from_scenario

        if (nations, map_name, start) != ("german,soviet", "village", "action"):
            raise OrdnanceError("--scenario sets the nations, map and phase: drop those options")

        new_from_scenario(scenario, "toi", settings, game_id, db, as_json)
        return
    from ordnance.cli.games import parse_json_arg

    extra = parse_json_arg(settings, "--settings")
    names = [n.strip().lower() for n in nations.split(",") if n.strip()]
    if len(names) != 2:
        raise OrdnanceError("give two nations, e.g. --nations german,soviet")
    full = {"nations": names, "map": map_name, "start_phase": start, **extra}
    session = GameSession.create(open_journal(db), "toi", full, game_id)
    view = session.view(None)
    data = {
        "game_id": session.game_id,
        "settings": full,
        "seats": names,
        "position": view["position"],
    }
    emit(
        data,
        as_json,
        lambda d: (
            f"created Tide of Iron game {d['game_id']} ({', '.join(d['seats'])}, map {map_name}); now {d['position']}"
        ),
    )


@game_app.command("buy")
def game_buy(
    game_id: str,
    unit: Annotated[str, typer.Option("--unit", help="Your vehicle or piece of equipment.")],
    munition: Annotated[str | None, typer.Option("--type", help="HE, AP-B, AP-C or Smoke.")] = None,
    seat: AsOpt = None,
    db: DbOpt = None,
    seed: SeedOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Buy a token (1 command) and place it face down beside a unit (TOI-GEN-4/5)."""
    m = _munition(munition)
    action: dict[str, Any] = {"type": "buy", "unit": unit}
    if m is not None:
        action["munition"] = m.value
    _act(game_id, action, seat, db, as_json, seed=seed)


@game_app.command("assign")
def game_assign(
    game_id: str,
    unit: Annotated[str, typer.Option("--unit", help="Your vehicle or piece of equipment.")],
    munition: Annotated[str | None, typer.Option("--type", help="HE, AP-B, AP-C or Smoke.")] = None,
    seat: AsOpt = None,
    db: DbOpt = None,
    seed: SeedOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Same as buy: a token is bought and assigned to its unit in one step (TOI-GEN-5)."""
    game_buy(game_id, unit, munition, seat, db, seed, as_json)


@game_app.command("discard")
def game_discard(
    game_id: str,
    unit: Annotated[str, typer.Option("--unit", help="The unit whose unused token to drop.")],
    seat: AsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """End of the Status Phase: drop an unused face-down token (TOI-GEN-8)."""
    _act(game_id, {"type": "discard", "unit": unit}, seat, db, as_json)


@game_app.command("command")
def game_command(
    game_id: str,
    side: Annotated[str, typer.Option("--side")],
    amount: Annotated[int, typer.Option("--amount")],
    seat: AsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Command Phase: a nation receives command."""
    _act(game_id, {"type": "receive_command", "side": side, "amount": amount}, seat, db, as_json)


@game_app.command("op-fire")
def game_op_fire(
    game_id: str,
    unit: Annotated[str, typer.Option("--unit")],
    seat: AsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Status Phase: place a fresh unit on Op Fire."""
    _act(game_id, {"type": "op_fire", "unit": unit}, seat, db, as_json)


@game_app.command("move")
def game_move(
    game_id: str,
    unit: Annotated[str, typer.Option("--unit")],
    to: Annotated[str, typer.Option("--to", help="Hex 'q,r'.")],
    seat: AsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Action Phase: record a unit's new hex."""
    _act(game_id, {"type": "move", "unit": unit, "to": to}, seat, db, as_json)


def _attack_action(
    unit: str,
    target: str | None,
    hex_: str | None,
    support: str | None,
    mode: str,
    suppressive: bool,
) -> dict[str, Any]:
    action: dict[str, Any] = {
        "type": "attack",
        "unit": unit,
        "mode": mode.replace("-", "_"),
        "suppressive": suppressive,
    }
    if target:
        action["target"] = target
    if hex_:
        action["hex"] = hex_
    if support:
        action["support"] = [s for s in support.replace(",", " ").split() if s]
    return action


TargetOpt = Annotated[str | None, typer.Option("--target", help="Target unit id.")]
HexOpt = Annotated[str | None, typer.Option("--hex", help="Target hex of a Smoke round ('q,r').")]
SupportOpt = Annotated[
    str | None, typer.Option("--support", help="Units joining with combined fire.")
]
ModeOpt = Annotated[str, typer.Option("--mode", help="concentrated, op-fire or fire-and-movement.")]


@game_app.command("attack")
def game_attack(
    game_id: str,
    unit: Annotated[str, typer.Option("--unit", help="The firing unit.")],
    target: TargetOpt = None,
    hex_: HexOpt = None,
    support: SupportOpt = None,
    mode: ModeOpt = "concentrated",
    suppressive: Annotated[bool, typer.Option("--suppressive")] = False,
    dice: DiceOpt = None,
    seed: SeedOpt = None,
    seat: AsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Attack (black dice, then red), revealing the unit's token; or fire its Smoke round."""
    _act(
        game_id,
        _attack_action(unit, target, hex_, support, mode, suppressive),
        seat,
        db,
        as_json,
        dice,
        seed,
    )


@game_app.command("preview")
def game_preview(
    game_id: str,
    unit: Annotated[str, typer.Option("--unit")],
    target: TargetOpt = None,
    hex_: HexOpt = None,
    support: SupportOpt = None,
    mode: ModeOpt = "concentrated",
    seat: AsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Exact odds of an attack before rolling it, as the seat may know them."""
    session = _session(game_id, db)
    action = _attack_action(unit, target, hex_, support, mode, False)
    data = session.game.odds(session.state(), action, seat)

    def render(d: dict[str, Any]) -> RenderableType:
        dist = Distribution({k: _frac(v) for k, v in d["distribution"].items()})
        if "attack_dice" in d:
            how = (
                f"{d['attack_dice']} black dice hitting on {d['hit_on']}+ at {d['band']} range, "
                f"{d['defence_dice']} red dice; munitions: {', '.join(d['munitions']) or 'none known'}"
            )
        else:
            how = f"{d['dice']} dice hitting on {d['hit_on']}+"
        return Group(distribution_table(dist, d["title"]), how, d.get("note", ""))

    emit(data, as_json, render)


def _frac(text: str) -> Any:
    from fractions import Fraction

    return Fraction(text)


@game_app.command("advance")
def game_advance(
    game_id: str,
    to: Annotated[
        str | None, typer.Option("--to", help="Advance until this step (e.g. munitions, action).")
    ] = None,
    seat: AsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Advance to the next step of the round (or on until --to)."""
    action: dict[str, Any] = {"type": "advance"}
    if to:
        action["to"] = to
    _act(game_id, action, seat, db, as_json)


@game_app.command("view")
def game_view(game_id: str, seat: AsOpt = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """The game as one nation sees it (the other side's face-down tokens hidden)."""
    emit(_session(game_id, db).view(seat), as_json, render_view)


@game_app.command("log")
def game_log(game_id: str, seat: AsOpt = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """The journal, as one nation may see it."""
    from ordnance.cli.games import render_log

    rows = _session(game_id, db).log(seat)
    emit({"entries": rows}, as_json, lambda d: render_log(d["entries"]))


@game_app.command("undo")
def game_undo(game_id: str, seat: AsOpt = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Undo the latest action (recorded in the journal)."""
    entry = _session(game_id, db).undo(seat)
    emit(entry.for_seat(seat), as_json, lambda r: f"[{r['seq']}] " + r["events"][0]["text"])


@game_app.command("legal")
def game_legal(
    game_id: str, seat: AsOpt = None, db: DbOpt = None, as_json: JsonOpt = False
) -> None:
    """What the seat may do now."""
    session = _session(game_id, db)
    rows = session.game.legal(session.state(), seat)
    emit(
        {"legal": rows},
        as_json,
        lambda d: "\n".join(f"{r['type']}: {r['title']}" for r in d["legal"]),
    )


def render_view(v: dict[str, Any]) -> RenderableType:
    who = v["seat"] or "public"
    head = f"Tide of Iron game {v.get('game_id', '')} (view: {who}) | round {v['round']}, {v['position']}"
    nations = Table(title="Nations")
    for col in ("nation", "command", "tokens on board", "bought this Status Phase", "supply"):
        nations.add_column(col)
    for name, n in v["nations"].items():
        supply = (
            ", ".join(f"{k} {c}" for k, c in n["supply"].items())
            if "supply" in n
            else f"{n['supply_total']} (types hidden)"
        )
        nations.add_row(
            name,
            str(n["command"]),
            str(n["tokens_on_board"]),
            str(n["bought_this_status_phase"]),
            supply,
        )
    tokens_by_unit: dict[str, list[str]] = {}
    for t in v["tokens"]:
        if t["face"] == "up":
            label = f"{t['munition']} (revealed)"
        elif "munition" in t:
            label = f"{t['munition']} (face down, {t['id']})"
        else:
            label = t["label"]
        tokens_by_unit.setdefault(t["unit"], []).append(label)
    units = Table(title="Units")
    for col in ("unit", "side", "hex", "state", "token"):
        units.add_column(col)
    for u in v["units"]:
        state = u.get("damage") or f"{u.get('figures')} fig., {u.get('morale')}"
        if not u["alive"]:
            state = "destroyed"
        units.add_row(
            u["id"],
            u["side"],
            u["hex"],
            f"{state}, {u['activation']}",
            "; ".join(tokens_by_unit.get(u["id"], [])),
        )
    smoke = ", ".join(f"{s['hex']} (round {s['placed_round']})" for s in v["smoke"]) or "none"
    return Group(head, nations, units, f"smoke markers: {smoke}")


app.add_typer(game_app, name="game")
