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
from ordnance.core.errors import OrdnanceError
from ordnance.core.messages import msg
from ordnance.i18n import _

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
            raise OrdnanceError(
                msg("cannot read {item!r}", item=item), hint=msg("AMMO or AMMO=N, e.g. APCR=5")
            )
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


TARGET_TYPES = ("vehicle", "unarmored", "infantry", "area")


def _render_query(data: dict[str, Any]) -> Group:
    t = Table(title=_("Values used"))
    for col in ("value", "applied", "from"):
        t.add_column(_(col))
    for v in data["values"]:
        t.add_row(v["value"], str(v["used"]), v["source"])
    d = data["depletion_reading"]
    t.add_row("N", "-" if d["depletion"] is None else str(d["depletion"]), d["reason"])
    parts: list[Any] = [t, _render(data)]
    if "comparison" in data:
        c = Table(title=_("Over {shots} shot(s)").format(shots=data["comparison"]["shots"]))
        for col in ("plan", "hit", "kill"):
            c.add_column(_(col))
        for plan, row in data["comparison"]["plans"].items():
            c.add_row(plan, _pct(row["p_hit"]), _pct(row["p_kill"]))
        parts.append(c)
    if data["samples_used"]:
        parts.append(_("Some values are SAMPLES, not read from your counters (counter library)."))
    return Group(*parts)


def odds_gun(
    range_hexes: Annotated[int, Opt("--range", help="Range in hexes.")],
    gun: Annotated[
        str | None, Opt("--gun", help="Gun size, e.g. 75L, 76LL, 57, 37* (or --firer).")
    ] = None,
    firer: Annotated[
        str | None,
        Opt("--firer", help="Firing counter (name, alias or piece id): values from the counters."),
    ] = None,
    nationality: Annotated[str, Opt("--nationality", help="Nation of the Gun.")] = "german",
    ammo: Annotated[str, Opt("--ammo", help="AP, APCR, APDS, HEAT, HE, SMOKE, WP.")] = "AP",
    depletion: Annotated[int | None, Opt("--depletion", "-n", help="Depletion Number N.")] = None,
    notation: Annotated[str | None, Opt("--notation", help="Counter notation.")] = None,
    date: Annotated[str | None, Opt("--date", help="Scenario date YYYY-MM.")] = None,
    theatre: Annotated[str, Opt("--theatre", help="ETO, PTO or Burma.")] = "ETO",
    elite: Annotated[bool, Opt("--elite", help="Elite: +1 N (ASL-8.2-f).")] = False,
    target: Annotated[
        str,
        Opt(
            "--target", help="Target Type (vehicle, unarmored, infantry, area) or a target counter."
        ),
    ] = "vehicle",
    target_nationality: Annotated[
        str | None, Opt("--target-nationality", help="Preferred palette of the target counter.")
    ] = None,
    aspect: Annotated[
        str, Opt("--aspect", help="Target aspect fired on: front or side.")
    ] = "front",
    no_acquisition: Annotated[
        bool, Opt("--no-acquisition", help="Later shots gain no Acquisition (Case N).")
    ] = False,
    immobilize: Annotated[
        bool, Opt("--immobilize", help="Deliberate Immobilization (Case G).")
    ] = False,
    moving: Annotated[bool, Opt("--moving", help="Moving target (Case J).")] = False,
    point_blank: Annotated[bool, Opt("--point-blank", help="Point Blank range (Case L).")] = False,
    compare_apcr: Annotated[
        bool, Opt("--compare-apcr", help="APCR/APDS then AP, against AP only, over the shots.")
    ] = False,
    library: Annotated[
        str | None, Opt("--library", help="Counter library file (see asl counters).")
    ] = None,
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
    if aspect not in ("front", "side"):
        raise OrdnanceError(
            msg("unknown aspect {aspect!r}", aspect=aspect),
            clause="ASL-B6",
            hint=msg("front or side"),
        )
    if firer is not None:
        _odds_from_counters(locals())
        return
    if gun is None:
        raise OrdnanceError(
            msg("give the Gun"), clause="ASL-B5.2", hint=msg("--gun 75L, or --firer COUNTER")
        )
    if target not in TARGET_TYPES:
        raise OrdnanceError(
            msg(
                "--target {target!r} names a counter: give the firer as a counter too",
                target=target,
            ),
            clause="ASL-B6",
            hint=msg("--firer COUNTER, or --target vehicle --af N"),
        )
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
                "deliberate_immobilization": immobilize,
                "target_moving": moving,
                "point_blank": point_blank,
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
        raise OrdnanceError(msg("bad shot: {errors}", errors=errors), clause="ASL-8.1-a") from None
    mode: Mode = "turns" if turns else "rof"
    fb = parse_shot_ammo(fallback) if fallback else None
    data = gun_odds(spec, shots, mode=mode, fallback=fb, acquisition=not no_acquisition)
    if compare_apcr:
        from ordnance.asl.shot_query import compare_special_then_ap

        data["comparison"] = compare_special_then_ap(
            spec, shots, mode=mode, acquisition=not no_acquisition
        )
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
        data["compare"] = compare_ammo(
            spec, depletions, shots, mode=mode, refused=refused, acquisition=not no_acquisition
        )
        if plot is not None:
            plot_comparison(
                data["compare"],
                plot,
                f"{nationality} {gun} at {range_hexes} hexes, {target}"
                + (f" AF {af}" if af is not None else ""),
            )
            data["plot"] = str(plot)
    emit(data, as_json, _render)


def _odds_from_counters(opts: dict[str, Any]) -> None:
    """``odds gun --firer COUNTER``: the question as a :class:`GunShotQuery`, the values from
    the counter database and the player's library (:func:`answer_shot_query`)."""
    from ordnance.asl.counter_library import library_path, load_library
    from ordnance.asl.shot_query import GunShotQuery, answer_shot_query

    for entered in ("gun", "notation", "af", "af_turret", "tk"):
        if opts[entered] is not None:
            flag = "--" + entered.replace("_", "-")
            raise OrdnanceError(
                msg(
                    "--firer reads the Gun from its counter: {flag} is not taken with it", flag=flag
                ),
                clause="ASL-8.2-e",
                hint=msg("set the value in your counter library (ordnance asl counters set ...)"),
            )
    if opts["date"] is None:
        raise OrdnanceError(
            msg("--firer reads the counter at a scenario date"),
            clause="ASL-8.91-a",
            hint=msg("--date 1944-06"),
        )
    target = opts["target"]
    is_type = target in TARGET_TYPES
    try:
        cases = FirerCases.model_validate(
            {
                "ca_hexsides": opts["ca_change"],
                "mount": opts["mount"],
                "firer_in_woods_building_rubble": opts["rough"],
                "afph_no_move": opts["afph"],
                "bounding_fire": opts["bounding"],
                "pinned": opts["pinned"],
                "own_hex": opts["own_hex"],
                "buttoned_up": opts["buttoned"],
                "acquisition": opts["acquisition"],
                "target_drm": opts["drm"],
            }
        )
        query = GunShotQuery.model_validate(
            {
                "firer": opts["firer"],
                "target": None if is_type else target,
                "target_type": target if is_type else "vehicle",
                "range": opts["range_hexes"],
                "date": opts["date"],
                "theatre": opts["theatre"],
                "firer_nationality": opts["nationality"],
                "target_nationality": opts["target_nationality"],
                "ammo": opts["ammo"],
                "depletion": opts["depletion"],
                "elite": opts["elite"],
                "aspect": opts["aspect"],
                "rof": opts["rof"] or None,
                "shots": opts["shots"],
                "turns": opts["turns"],
                "fallback": opts["fallback"],
                "acquisition": not opts["no_acquisition"],
                "deliberate_immobilization": opts["immobilize"],
                "target_moving": opts["moving"],
                "point_blank": opts["point_blank"],
                "captured": opts["captured"],
                "intensive": opts["intensive"],
                "cases": cases,
                "compare_apcr_then_ap": opts["compare_apcr"],
            }
        )
    except ValidationError as exc:
        errors = "; ".join(
            f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise OrdnanceError(msg("bad shot: {errors}", errors=errors), clause="ASL-8.1-a") from None
    lib = load_library(library_path(opts["library"]))
    answer = answer_shot_query(query, lib)
    emit(answer.to_dict(), opts["as_json"], _render_query)
