"""``ordnance toi odds``: the exact distribution of net hits of one attack.

The group's callback is the attack itself (``ordnance toi odds --fp 5 ...``);
``smoke`` and ``advise`` sit beside it, mounted lazily by :mod:`ordnance.toi.cli`,
so an attack imports neither the map nor the Smoke rules.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.cli.common import JsonOpt, distribution_table, emit, plot_to
from ordnance.core.errors import OrdnanceError
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.toi.attack import AttackInput, Supporter, attack_distribution, plan_attack
from ordnance.toi.cli_options import DefenseAlias, PlotOpt, read_band
from ordnance.toi.munitions import Munition
from ordnance.toi.readings import DEFAULTS, RuleReadings

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import RenderableType

odds_app = typer.Typer(
    help="Exact odds of a Tide of Iron attack (with or without a munitions token).",
    add_completion=False,  # a sub-command: shell completion belongs to ``ordnance``
)


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


def attack_odds_data(
    fp: int,
    target: str,
    band: str,
    defence: int,
    munition: str | None,
    fire_and_movement: bool,
    support: str | None,
    settings: RuleReadings,
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
        band=read_band(band),
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
    from rich.console import Group

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
        fp, target, band, defence, munition, fire_and_movement, support, DEFAULTS
    )
    data["plot"] = plot_to(dist, plot, data["title"], "net hits")
    emit(data, as_json, lambda d: _render_attack(d, dist))
