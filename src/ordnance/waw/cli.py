"""``ordnance waw ...``: exact odds, line of sight and a game kept in the journal.

Every command takes ``--json`` (one JSON document, fractions as ``"p/q"``).
Refusals name their clause and exit with status 2, writing nothing
(``ordnance.cli.main`` prints them). The commands decide no rule: they build
actions and queries and print what the ``ordnance.waw`` procedures return.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Group, RenderableType
from rich.table import Table

from ordnance.cli.common import (
    DbOpt,
    JsonOpt,
    distribution_table,
    emit,
    fraction,
    open_game,
    plot_to,
)
from ordnance.cli.game_commands import Alias, alias_group, game_group
from ordnance.cli.i18n import (
    N_,
    _,
    clause_summary,
    current,
    localize_text,
    outcome,
)
from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import parse_hex
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.waw.catalogue import catalogue
from ordnance.waw.he_fire import Target, check_firepower, check_hit_number
from ordnance.waw.los import judge_los
from ordnance.waw.odds import (
    defends_per_unit,
    fascam_attack,
    he_fire_outcomes,
    he_hits_headline,
    marginals_json,
    outcome_json,
)
from ordnance.waw.plugin import GAME, he_fire_odds, parse_settings
from ordnance.waw.settings import WawSettings
from ordnance.waw.smoke import fire_check
from ordnance.waw.state import WawState
from ordnance.waw.units import Condition

#: ``ordnance waw place GAME ID KIND ...`` and the other spellings of the first CLI.
ALIASES = {
    "terrain": Alias("place_terrain", arguments=("terrain", "hexes")),
    "place": Alias("place_unit", arguments=("id", "kind")),
    "he": Alias("he_fire", options={"--fp": "firepower"}),
    "smoke": Alias("smoke"),
    "fascam": Alias("fascam"),
    "move": Alias("move", arguments=("unit", "path")),
    "fire": Alias("fire", arguments=("unit", "target")),
    "markers": Alias("marker_removal"),
    "hq-result": Alias("hq_check_result", arguments=("hq", "condition")),
    "set-condition": Alias("set_condition", arguments=("unit", "condition")),
}
app = typer.Typer(
    cls=alias_group("waw", ALIASES, shared=("new", "view", "log", "undo")),
    help="World at War artillery: HE Fire, Smoke and FASCAM missions on a map.",
    no_args_is_help=True,
)
odds_app = typer.Typer(help="Exact odds of World at War fire missions.", no_args_is_help=True)
app.add_typer(odds_app, name="odds")

PlotOpt = Annotated[
    str | None,
    typer.Option("--plot", help="Also write a PNG bar chart of the net Hits to FILE.png."),
]
GameArg = Annotated[str, typer.Argument(help="Game id (from `ordnance waw game new`).")]
SideOpt = Annotated[str, typer.Option("--side", help="The side calling the mission.")]
TargetOpt = Annotated[str, typer.Option("--target", help='Target hex, axial "q,r".')]
#: The American spelling of ``--defence``, still accepted (hidden from help).
DefenseAlias = Annotated[int | None, typer.Option("--defense", hidden=True)]
SettingsOpt = Annotated[
    str | None,
    typer.Option("--settings", help="Game settings as a JSON object (options named WAW-AMB-n)."),
]


def _settings(text: str | None) -> WawSettings:
    from ordnance.cli.games import parse_json_arg

    return parse_settings(parse_json_arg(text, "--settings") if text else {})


# -- odds ------------------------------------------------------------------------------


def _stack(specs: list[str], settings: WawSettings) -> list[Target]:
    """``--unit "T-72"`` or ``--unit "Motor Rifle Infantry=disrupted"`` -> targets."""
    cat = catalogue().extended(settings.unit_types, settings.terrain_types)
    out: list[Target] = []
    for i, spec in enumerate(specs):
        kind_name, _, cond = spec.partition("=")
        kind = cat.unit(kind_name.strip())
        try:
            condition = Condition.from_label(cond.strip() or "good order")
        except ValueError as exc:
            raise OrdnanceError(
                str(exc), hint="good order, disrupted, reduced, disrupted+reduced"
            ) from None
        out.append(Target(f"{i + 1}:{kind.name}", kind.armour, condition, kind.hq))
    return out


def _odds_title(data: dict[str, Any]) -> str:
    """The title in the active language (the JSON keeps the English one)."""
    if "firepower" in data and "hit_number" in data and "defence_dice" in data:
        template = (
            N_("HE Fire: {fp} dice at {hn}+, {dd} defence dice each (5+ cancels)")
            if data.get("counts", "net Hits") != "net Hits"
            else N_("HE Fire: {fp} dice at {hn}+, {dd} defence dice (5+ cancels)")
        )
        return _(template).format(
            fp=data["firepower"], hn=data["hit_number"], dd=data["defence_dice"]
        )
    return _(str(data["title"]))


def _render_odds(data: dict[str, Any]) -> RenderableType:
    dist = Distribution({int(k): fraction(v) for k, v in data["distribution"].items()})
    parts: list[RenderableType] = [
        distribution_table(dist, _odds_title(data), _(data.get("counts", N_("net Hits"))))
    ]
    for uid, rows in data.get("units", {}).items():
        table = Table(title=_("{unit}: resulting state").format(unit=uid))
        table.add_column(_("state"))
        table.add_column(_("exact"), justify="right")
        table.add_column("%", justify="right")
        for label, p in rows.items():
            table.add_row(outcome(label), p, f"{float(fraction(p)) * 100:.2f}%")
        parts.append(table)
    if data.get("plot"):
        parts.append(_("chart written to {path}").format(path=data["plot"]))
    return Group(*parts)


@odds_app.command("he-fire")
def odds_he_fire(
    fp: Annotated[int, typer.Option("--fp", help="Firepower: d6 rolled in the salvo.")],
    hit_number: Annotated[int, typer.Option("--hit-number", help="A die hits on this or more.")],
    defence: Annotated[
        int | None,
        typer.Option("--defence", help="Defence dice (infantry Defensive Bonus)."),
    ] = None,
    terrain: Annotated[
        str | None, typer.Option("--terrain", help="Take the defence dice from this terrain.")
    ] = None,
    unit: Annotated[
        list[str] | None,
        typer.Option(
            "--unit",
            help='A unit in the hex, by type ("T-72", "Soviet HQ", '
            '"Motor Rifle Infantry=disrupted"); repeat for a stack.',
        ),
    ] = None,
    settings: SettingsOpt = None,
    plot: PlotOpt = None,
    defense: DefenseAlias = None,
    as_json: JsonOpt = False,
) -> None:
    """Net Hits of an HE Fire mission and, with --unit, each unit's resulting state."""
    defence = defence if defense is None else defense
    opts = _settings(settings)
    check_hit_number(hit_number)
    check_firepower(fp)
    if fp > 40:
        raise OrdnanceError(f"Firepower {fp} is outside 1..40")
    city = False
    if defence is None:
        if terrain is None:
            raise OrdnanceError("give --defence N or --terrain NAME", hint="e.g. --defence 2")
        ttype = catalogue().extended((), opts.terrain_types).terrain(terrain)
        defence = 2 if ttype.city else ttype.infantry_db
        city = ttype.city
    if not 0 <= defence <= 20:
        raise OrdnanceError(f"{defence} defence dice is outside 0..20")
    stack = _stack(unit, opts) if unit else []
    dist, counts = he_hits_headline(stack, fp, hit_number, defence, opts, city)
    N_("Hits taken by the units")  # the catalogue's copy of he_hits_headline's label
    per_unit = " each" if defends_per_unit(opts, city) else ""
    title = f"HE Fire: {fp} dice at {hit_number}+, {defence} defence dice{per_unit} (5+ cancels)"
    data: dict[str, Any] = {
        "title": title,
        "firepower": fp,
        "hit_number": hit_number,
        "defence_dice": defence,
        "counts": counts,
        "distribution": dist.to_json(),
        "mean": fraction_text(dist.mean()),
    }
    if unit:
        outcomes = he_fire_outcomes(stack, fp, hit_number, defence, opts, city)
        data["units"] = marginals_json(outcomes)
        data["outcomes"] = outcome_json(outcomes)
    data["plot"] = plot_to(dist, plot, title, "net Hits")
    emit(data, as_json, _render_odds)


@odds_app.command("fascam")
def odds_fascam(as_json: JsonOpt = False) -> None:
    """One mine attack on a unit entering a mined hex (WAW-8.3-d, -e)."""
    dist = fascam_attack()
    data = {"title": N_("FASCAM mine attack (1d6)"), "distribution": dist.to_json()}
    emit(data, as_json, lambda d: distribution_table(dist, _(d["title"]), _("result")))


@odds_app.command("mission")
def odds_mission(
    game_id: GameArg,
    side: SideOpt,
    target: TargetOpt,
    fp: Annotated[int, typer.Option("--fp", help="Firepower.")],
    hit_number: Annotated[int, typer.Option("--hit-number", help="Hit Number.")],
    db: DbOpt = None,
    plot: PlotOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Odds of an HE Fire mission against the units now in a hex of a game."""
    state: WawState = open_game(db, game_id).state()
    act = {
        "type": "he_fire",
        "side": side,
        "target": target,
        "firepower": fp,
        "hit_number": hit_number,
    }
    from ordnance.waw.actions import parse_action

    data = he_fire_odds(state, parse_action(act))
    dist = Distribution({int(k): fraction(v) for k, v in data["distribution"].items()})
    data["plot"] = plot_to(dist, plot, data["title"], "net Hits")
    emit(data, as_json, _render_odds)


# -- reference -------------------------------------------------------------------------


@app.command("units")
def units_cmd(as_json: JsonOpt = False) -> None:
    """The unit types (sample values are marked)."""
    rows = [
        {
            "name": u.name,
            "nationality": u.nationality,
            "armour": u.armour.value,
            "ap": str(u.ap) if u.ap else None,
            "he": str(u.he) if u.he else None,
            "hq": u.hq,
            "advanced_imaging": u.advanced_imaging,
            "values": u.values,
        }
        for u in catalogue().units()
    ]

    def render(d: dict[str, Any]) -> RenderableType:
        table = Table(
            title=_("World at War unit types (values: sample = placeholder, not from the game)")
        )
        for col in (
            N_("name"),
            N_("nationality"),
            N_("armour"),
            N_("ap"),
            N_("he"),
            N_("hq"),
            N_("advanced_imaging"),
            N_("values"),
        ):
            table.add_column(_(col))
        for r in d["unit_types"]:
            table.add_row(*(outcome(str(r[c])) if r[c] is not None else "-" for c in r))
        return table

    emit({"unit_types": rows}, as_json, render)


@app.command("terrain-types")
def terrain_types_cmd(as_json: JsonOpt = False) -> None:
    """Terrain types and their infantry Defensive Bonus in dice."""
    rows = [t.model_dump(mode="json") for t in catalogue().terrains()]
    emit({"terrain_types": rows}, as_json)


# -- line of sight ---------------------------------------------------------------------


@app.command("los")
def los_cmd(
    origin: Annotated[str, typer.Argument(help='From hex "q,r".')],
    target: Annotated[str, typer.Argument(help='To hex "q,r".')],
    game_id: Annotated[
        str | None, typer.Option("--game", help="Judge with this game's smoke.")
    ] = None,
    smoke: Annotated[
        list[str] | None, typer.Option("--smoke", help="An extra Smoke marker hex (repeatable).")
    ] = None,
    unit: Annotated[
        str | None,
        typer.Option(
            "--unit", help="A unit id (with --game) or unit type firing: adds its Hit Numbers."
        ),
    ] = None,
    settings: SettingsOpt = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Line of sight between two hexes: the hexes crossed, which smoke blocks it, for whom."""
    if game_id is not None:
        state: WawState = open_game(db, game_id).state()
        opts = state.settings
        markers = dict(state.smoke)
        cat = state.catalogue
    else:
        opts = _settings(settings)
        markers = {}
        cat = catalogue().extended(opts.unit_types, opts.terrain_types)
    for text in smoke or []:
        markers[parse_hex(text)] = 2
    a, b = parse_hex(origin), parse_hex(target)
    report = judge_los(a, b, markers, opts)
    data = report.to_dict()
    data["advanced_imaging_families"] = sorted(cat.imaging_families)
    if unit is not None:
        if game_id is not None and unit in state.units:
            kind = state.unit_type(state.unit(unit))
        else:
            kind = cat.unit(unit)
        shots: dict[str, Any] = {}
        for weapon in ("ap", "he"):
            try:
                check = fire_check(kind, weapon, a, b, markers, opts)
                shots[weapon] = {
                    "hit_number": check.hit_number,
                    "modifiers": [f"+{m.amount} {m.clause}" for m in check.modifiers],
                }
            except OrdnanceError as exc:
                shots[weapon] = {"refused": exc.to_dict()}
        data["unit"] = {"type": kind.name, "advanced_imaging": kind.advanced_imaging, **shots}
    emit(data, as_json, _render_los)


def _render_los(d: dict[str, Any]) -> RenderableType:
    lines = [
        _("LOS {a} -> {b} (distance {n})").format(a=d["from"], b=d["to"], n=d["distance"]),
        _("hexes crossed: {hexes}").format(hexes=" ".join(d["hexes"])),
    ]
    if d["along_hexsides"]:
        lines.append(_("runs along hexsides: {sides}").format(sides=", ".join(d["along_hexsides"])))
    for s in d["smoke"]:
        verdict = _("BLOCKS") if s["blocks"] else _("does not block")
        lines.append(
            _("Smoke {level} at {hex} {verdict}: {reason}").format(
                level=s["level"],
                hex=s["marker"],
                verdict=verdict,
                reason=localize_text(s["reason"], _, current()),
            )
        )
    if d["blocked"]:
        lines.append(
            _(
                "blocked for ordinary units; Advanced Imaging units ({families}) "
                "see through at Hit Number +1"
            ).format(families=", ".join(d["advanced_imaging_families"]))
        )
    else:
        lines.append(_("clear of smoke"))
    if "unit" in d:
        u = d["unit"]
        for weapon in ("ap", "he"):
            shot = u[weapon]
            if "refused" in shot:
                refused = shot["refused"]
                summary = clause_summary(refused["clause"])
                lines.append(
                    _("{unit} {weapon}: refused [{clause}] {message}").format(
                        unit=u["type"],
                        weapon=weapon.upper(),
                        clause=refused["clause"],
                        message=summary or refused["message"],
                    )
                )
            else:
                lines.append(
                    _("{unit} {weapon}: Hit Number {hn} {mods}").format(
                        unit=u["type"],
                        weapon=weapon.upper(),
                        hn=shot["hit_number"],
                        mods=" ".join(shot["modifiers"]),
                    )
                )
    return "\n".join(lines)


# -- the game --------------------------------------------------------------------------
# ``ordnance waw game <action>`` is derived from the game's forms
# (:mod:`ordnance.cli.game_commands`); the older top-level spellings stay, hidden.

app.add_typer(
    typer.Typer(cls=game_group(GAME.name), help="Play World at War: new, view, each action."),
    name="game",
)
