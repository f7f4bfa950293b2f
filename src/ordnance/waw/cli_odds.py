"""``ordnance waw odds he-fire|fascam|mission``: exact odds of fire missions.

``he-fire`` and ``fascam`` are stand-alone; ``mission`` reads a game of the
journal, which it imports when it runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.cli.common import DbOpt, JsonOpt, distribution_table, emit, fraction, plot_to
from ordnance.cli.i18n import N_, _, outcome
from ordnance.core.errors import OrdnanceError
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.waw.cli_options import (
    DefenseAlias,
    GameArg,
    PlotOpt,
    SettingsOpt,
    SideOpt,
    TargetOpt,
    read_settings,
)

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import RenderableType

    from ordnance.waw.he_fire import Target
    from ordnance.waw.settings import WawSettings


def _stack(specs: list[str], settings: WawSettings) -> list[Target]:
    """``--unit "T-72"`` or ``--unit "Motor Rifle Infantry=disrupted"`` -> targets."""
    from ordnance.waw.catalogue import catalogue
    from ordnance.waw.he_fire import Target
    from ordnance.waw.units import Condition

    cat = catalogue().extended(settings.unit_types, settings.terrain_types)
    out: list[Target] = []
    for i, spec in enumerate(specs):
        kind_name, _sep, cond = spec.partition("=")
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
    from rich.console import Group
    from rich.table import Table

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
    from ordnance.waw.catalogue import catalogue
    from ordnance.waw.he_fire import check_firepower, check_hit_number
    from ordnance.waw.odds import (
        defends_per_unit,
        he_fire_outcomes,
        he_hits_headline,
        marginals_json,
        outcome_json,
    )

    defence = defence if defense is None else defense
    opts = read_settings(settings)
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


def odds_fascam(as_json: JsonOpt = False) -> None:
    """One mine attack on a unit entering a mined hex (WAW-8.3-d, -e)."""
    from ordnance.waw.odds import fascam_attack

    dist = fascam_attack()
    data = {"title": N_("FASCAM mine attack (1d6)"), "distribution": dist.to_json()}
    emit(data, as_json, lambda d: distribution_table(dist, _(d["title"]), _("result")))


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
    from ordnance.cli.common import open_game
    from ordnance.waw.action_odds import he_fire_odds
    from ordnance.waw.actions import parse_action

    state = open_game(db, game_id).state()
    act = {
        "type": "he_fire",
        "side": side,
        "target": target,
        "firepower": fp,
        "hit_number": hit_number,
    }
    data = he_fire_odds(state, parse_action(act))
    dist = Distribution({int(k): fraction(v) for k, v in data["distribution"].items()})
    data["plot"] = plot_to(dist, plot, data["title"], "net Hits")
    emit(data, as_json, _render_odds)
