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

from ordnance.cli.common import JsonOpt, distribution_table, emit, percent, plot_to
from ordnance.cli.game_commands import Alias, game_group
from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import Direction, parse_hex
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

#: The American spelling of ``--defence``, still accepted (hidden from help).
DefenseAlias = Annotated[int | None, typer.Option("--defense", hidden=True)]
PlotOpt = Annotated[
    str | None, typer.Option("--plot", help="Also write a PNG bar chart to FILE.png.")
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


# -- odds ---------------------------------------------------------------------------


def attack_odds_data(
    fp: int,
    target: str,
    band: str,
    defence: int,
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
        defence=defence,
        munitions=(m,) if m else (),
        fire_and_movement=fire_and_movement,
        support=tuple(Supporter(s) for s in _support(support)),
    )
    plan = plan_attack(inp, settings)
    dist = attack_distribution(plan)
    data = {
        "title": f"Net hits: firepower {fp} vs {target} at {plan.band.value} range, defence {defence}"
        + (f", {m.value}" if m else ""),
        "distribution": dist.to_json(),
        "munition": m.value if m else None,
        "attack_dice": plan.attack_dice,
        "hit_on": plan.hit_on,
        "defence_dice": plan.defence_dice,
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
        f"{data['defence_dice']} red dice cancelling on {data['cancel_on']}+; "
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
    defence: Annotated[
        int, typer.Option("--defence", help="Red defence dice (armour + cover).")
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
    defense: DefenseAlias = None,
    as_json: JsonOpt = False,
) -> None:
    """Exact distribution of net hits of one attack (closed form, exact fractions)."""
    if ctx.invoked_subcommand is not None:
        return
    defence = defence if defense is None else defense
    if fp is None:
        raise OrdnanceError(
            "give the firepower with --fp", hint="e.g. --fp 5 --target vehicle --range close"
        )
    data, dist = attack_odds_data(
        fp, target, band, defence, munition, fire_and_movement, support, ToISettings()
    )
    data["plot"] = plot_to(dist, plot, data["title"], "net hits")
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
    data["plot"] = plot_to(dist, plot, data["title"], "outcome")
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
    defence: Annotated[
        int, typer.Option("--defence", help="Red defence dice (armour + cover).")
    ] = 0,
    target: Annotated[str, typer.Option("--target", help="vehicle or squad.")] = "vehicle",
    damage: Annotated[
        str, typer.Option("--damage", help="Target vehicle: undamaged, light or heavy.")
    ] = "undamaged",
    figures: Annotated[int, typer.Option("--figures", help="Target squad's figures.")] = 4,
    fire_and_movement: Annotated[bool, typer.Option("--fire-and-movement")] = False,
    defense: DefenseAlias = None,
    as_json: JsonOpt = False,
) -> None:
    """Rank the munitions tokens by expected net hits and chance to destroy."""
    defence = defence if defense is None else defense
    try:
        dmg = VehicleDamage(damage.lower())
    except ValueError:
        raise OrdnanceError(
            f"unknown damage state {damage!r}", hint="undamaged, light or heavy"
        ) from None
    rows = rank_munitions(
        fp,
        _band(band),
        defence,
        target=target.lower(),
        damage=dmg,
        figures=figures,
        fire_and_movement=fire_and_movement,
    )
    data = {
        "title": f"Munitions vs {target} at {band} range (fp {fp}, defence {defence})",
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
# ``ordnance toi game <action>`` is derived from the game's forms
# (:mod:`ordnance.cli.game_commands`); these are the older spellings kept working.

#: ``buy --type HE``, ``assign`` (the same), ``command``, ``preview`` (the odds of an attack).
ALIASES = {
    "buy": Alias("buy", options={"--type": "munition"}),
    "assign": Alias("buy", options={"--type": "munition"}),
    "command": Alias("receive_command"),
    "preview": Alias("attack", odds=True),
}
game_app = typer.Typer(
    cls=game_group("toi", ALIASES, new_options={"--start": "start_phase"}),
    help="Play Tide of Iron: new, view, log, undo and each action of the sequence of play.",
    no_args_is_help=True,
)
app.add_typer(game_app, name="game")
