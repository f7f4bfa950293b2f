"""``ordnance asl odds gun``: exact odds of the whole Gun shot (notes B5, B6; ASL-8.9).

Named in the ASL odds registry (:data:`ordnance.asl.cli.odds_app`, so it is
also ``ordnance odds asl gun``). The command builds a
:class:`~ordnance.asl.shot_spec.GunShot` from its options, takes N from
``--depletion`` or from ``--notation``/``--date`` (:mod:`ordnance.asl.shot_setup`)
and prints :func:`ordnance.asl.shot_odds.gun_odds`; ``--compare`` adds AP
against APCR/APDS/HEAT for the same target, ``--plot`` draws it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Group
from rich.table import Table

from ordnance.asl.shot import GunShot, parse_shot_ammo
from ordnance.asl.shot_odds import compare_ammo, gun_odds
from ordnance.asl.shot_sequence import Mode
from ordnance.asl.shot_setup import declared_depletion
from ordnance.asl.to_hit import FirerCases
from ordnance.cli.common import JsonOpt, emit
from ordnance.cli.i18n import _
from ordnance.core.errors import OrdnanceError

Opt = typer.Option


def _float(text: str) -> float:
    num, _sep, den = text.partition("/")
    return int(num) / int(den or 1)


def _pct(text: str | None) -> str:
    return "-" if text is None else f"{text} ({_float(text) * 100:.2f}%)"


def _compare_items(items: list[str]) -> list[tuple[str, int | None]]:
    """``["AP", "APCR=5", "HEAT=7"]`` -> ammunition with its N (None: read it)."""
    out: list[tuple[str, int | None]] = []
    for item in items:
        name, _sep, n = item.partition("=")
        ammo = parse_shot_ammo(name)
        if n and not n.strip().isdigit():
            raise OrdnanceError(f"cannot read {item!r}", hint="AMMO or AMMO=N, e.g. APCR=5")
        out.append((ammo, int(n) if n else None))
    return out


def _render(data: dict[str, Any]) -> Group:
    t = Table(
        title=_("{ammo} from a {gun} at {range} hexes, {target}").format(
            ammo=data["ammo"], gun=data["gun"], range=data["range"], target=data["target"]
        )
    )
    t.add_column(_("what"))
    t.add_column(_("exact (%)"), justify="right")
    t.add_row("TH#, DRM", f"{data['th']}, {data['drm']:+d}" if data["th"] is not None else "-")
    t.add_row(_("hit"), _pct(data["p_hit"]))
    t.add_row(_("kill"), _pct(data["p_kill"]))
    t.add_row(_("malfunction"), _pct(data["p_malfunction"]))
    if data["p_special_left"] is not None:
        t.add_row(_("still available after"), _pct(data["p_special_left"]))
    o = Table(title=_("Worst effect on the target"))
    o.add_column(_("effect"))
    o.add_column(_("exact (%)"), justify="right")
    for effect, p in sorted(data["outcomes"].items(), key=lambda kv: -_float(kv[1])):
        o.add_row(effect, _pct(p))
    parts: list[Any] = [t, o]
    if "compare" in data:
        c = Table(title=_("The same target, by ammunition"))
        for col in ("ammo", "N", "hit", "kill"):
            c.add_column(_(col))
        for row in data["compare"]["rows"]:
            n = "-" if row["depletion"] is None else str(row["depletion"])
            c.add_row(row["ammo"], n, _pct(row["p_hit"]), _pct(row["p_kill"]))
        for ammo, why in data["compare"]["refused"].items():
            c.add_row(ammo, "", f"[{why['clause']}] {why['message']}", "")
        parts.append(c)
    return Group(*parts)


def plot_comparison(compare: dict[str, Any], path: Path, title: str) -> Path:
    """A grouped bar chart of p(hit) and p(kill) per ammunition (matplotlib, Agg)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = compare["chart"]["x"]
    hits = [_float(p) for p in compare["chart"]["series"]["p_hit"]]
    kills = [_float(p) for p in compare["chart"]["series"]["p_kill"]]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    xs = range(len(names))
    ax.bar([x - 0.2 for x in xs], hits, width=0.4, label="hit", color="#4a6fa5")
    ax.bar([x + 0.2 for x in xs], kills, width=0.4, label="kill", color="#c0504d")
    ax.set_xticks(list(xs), names)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("probability")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def odds_gun(
    gun: Annotated[str, Opt("--gun", help="Gun size, e.g. 75L, 76LL, 57, 37*.")],
    range_hexes: Annotated[int, Opt("--range", help="Range in hexes.")],
    nationality: Annotated[str, Opt("--nationality", help="Nation of the Gun.")] = "german",
    ammo: Annotated[str, Opt("--ammo", help="AP, APCR, APDS, HEAT, HE, SMOKE, WP.")] = "AP",
    depletion: Annotated[int | None, Opt("--depletion", "-n", help="Depletion Number N.")] = None,
    notation: Annotated[str | None, Opt("--notation", help="Counter notation.")] = None,
    date: Annotated[str | None, Opt("--date", help="Scenario date YYYY-MM.")] = None,
    theatre: Annotated[str, Opt("--theatre", help="ETO, PTO or Burma.")] = "ETO",
    elite: Annotated[bool, Opt("--elite", help="Elite: +1 N (ASL-8.2-f).")] = False,
    target: Annotated[str, Opt("--target", help="vehicle, unarmored, infantry, area.")] = "vehicle",
    af: Annotated[int | None, Opt("--af", help="Target AF at the facing fired on.")] = None,
    af_turret: Annotated[int | None, Opt("--af-turret", help="Turret AF if different.")] = None,
    no_turret: Annotated[bool, Opt("--no-turret", help="The target has no turret.")] = False,
    tk: Annotated[int | None, Opt("--tk", help="Basic TK# for a Gun the tables lack.")] = None,
    tem: Annotated[str | None, Opt("--tem", help="Target TEM word (HEAT at Infantry).")] = None,
    ift_drm: Annotated[int, Opt("--ift-drm", help="TEM/Hindrance DRM on the IFT.")] = 0,
    breakdown: Annotated[int | None, Opt("--breakdown", "-b", help="B# (none = 12).")] = None,
    rof: Annotated[int, Opt("--rof", help="Multiple ROF.")] = 0,
    shots: Annotated[int, Opt("--shots", "-k", help="Most shots fired.")] = 1,
    turns: Annotated[
        bool, Opt("--turns", help="One shot per Player Turn instead of Multiple ROF.")
    ] = False,
    fallback: Annotated[
        str | None, Opt("--fallback", help="Ammunition once the declared one is gone (AP, HE).")
    ] = None,
    intensive: Annotated[bool, Opt("--intensive", help="Intensive Fire (Case F).")] = False,
    captured: Annotated[bool, Opt("--captured", help="Captured use (Case H).")] = False,
    red: Annotated[bool | None, Opt("--red/--black", help="Force red or black TH#.")] = None,
    ca_change: Annotated[int, Opt("--ca-change", help="Case A: hexsides of CA change.")] = 0,
    mount: Annotated[str, Opt("--mount", help="turret, slow-turret, non-turreted...")] = "turret",
    rough: Annotated[bool, Opt("--rough", help="Firer in woods/building/rubble.")] = False,
    afph: Annotated[bool, Opt("--afph", help="Case B: AFPh fire.")] = False,
    bounding: Annotated[bool, Opt("--bounding", help="Case C: Bounding Fire.")] = False,
    pinned: Annotated[bool, Opt("--pinned", help="Case D: pinned firer.")] = False,
    own_hex: Annotated[bool, Opt("--own-hex", help="Case E.")] = False,
    buttoned: Annotated[bool, Opt("--buttoned", help="Case I: buttoned up.")] = False,
    acquisition: Annotated[int, Opt("--acquisition", help="Case N: Acquisition DRM.")] = 0,
    drm: Annotated[int, Opt("--drm", help="Target-based DRM (J-R), entered.")] = 0,
    compare: Annotated[
        list[str] | None,
        Opt("--compare", help="Also compare AMMO[=N] at the same target (repeat)."),
    ] = None,
    plot: Annotated[Path | None, Opt("--plot", help="PNG bar chart of the comparison.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Exact odds of the whole shot: To Hit, depletion, B#, To Kill or IFT (notes B5, B6)."""
    kind = parse_shot_ammo(ammo)

    def n_for(which: str, entered: int | None) -> int | None:
        return declared_depletion(
            which,
            depletion=entered,
            notation=notation,
            date=date,
            theatre=theatre,
            nationality=nationality,
            gun=gun,
            elite=elite,
        ).depletion

    try:
        cases = FirerCases.model_validate(
            {
                "ca_hexsides": ca_change,
                "mount": mount,
                "firer_in_woods_building_rubble": rough,
                "afph_no_move": afph,
                "bounding_fire": bounding,
                "pinned": pinned,
                "own_hex": own_hex,
                "buttoned_up": buttoned,
                "acquisition": acquisition,
                "target_drm": drm,
            }
        )
        spec = GunShot.model_validate(
            {
                "gun": gun,
                "nationality": nationality,
                "ammo": kind,
                "depletion": n_for(kind, depletion),
                "breakdown": breakdown,
                "rof": rof,
                "range": range_hexes,
                "target": target,
                "af": af,
                "af_turret": af_turret,
                "turreted": not no_turret,
                "tk": tk,
                "tem": tem,
                "ift_drm": ift_drm,
                "red": red,
                "captured": captured,
                "intensive": intensive,
                "cases": cases,
            }
        )
    except ValidationError as exc:
        errors = "; ".join(
            f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise OrdnanceError(f"bad shot: {errors}", clause="ASL-8.1-a") from None
    mode: Mode = "turns" if turns else "rof"
    fb = parse_shot_ammo(fallback) if fallback else None
    data = gun_odds(spec, shots, mode=mode, fallback=fb)
    if compare or plot is not None:
        items = _compare_items(compare or ["AP", "APCR", "APDS", "HEAT"])
        depletions: dict[str, int | None] = {}
        refused: dict[str, dict[str, str | None]] = {}
        for which, entered in items:
            try:
                depletions[which] = (
                    spec.depletion if which == kind and entered is None else n_for(which, entered)
                )
            except OrdnanceError as exc:
                refused[which] = {"message": exc.message, "clause": exc.clause}
        data["compare"] = compare_ammo(spec, depletions, shots, mode=mode, refused=refused)
        if plot is not None:
            plot_comparison(
                data["compare"],
                plot,
                f"{nationality} {gun} at {range_hexes} hexes, {target}"
                + (f" AF {af}" if af is not None else ""),
            )
            data["plot"] = str(plot)
    emit(data, as_json, _render)
