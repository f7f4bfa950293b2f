"""``ordnance waw los``: line of sight between two hexes, with the smoke that blocks it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ordnance.cli.common import DbOpt, JsonOpt, emit, open_game, printed
from ordnance.cli.i18n import _, clause_summary, current, localize_text
from ordnance.core.errors import OrdnanceError
from ordnance.core.hexes import parse_hex
from ordnance.waw.catalogue import catalogue
from ordnance.waw.cli_options import SettingsOpt, read_settings
from ordnance.waw.los import judge_los
from ordnance.waw.smoke import fire_check

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.waw.state import WawState


def los_cmd(
    origin: Annotated[
        str, typer.Argument(help='From hex: its printed number (0104) or axial "q,r".')
    ],
    target: Annotated[
        str, typer.Argument(help='To hex: its printed number (0504) or axial "q,r".')
    ],
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
        opts = read_settings(settings)
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


def _render_los(d: dict[str, Any]) -> str:
    lines = [
        _("LOS {a} -> {b} (distance {n})").format(
            a=printed(d["from"]), b=printed(d["to"]), n=d["distance"]
        ),
        _("hexes crossed: {hexes}").format(hexes=" ".join(map(printed, d["hexes"]))),
    ]
    if d["along_hexsides"]:
        sides = ", ".join(printed(s) for s in d["along_hexsides"])
        lines.append(_("runs along hexsides: {sides}").format(sides=sides))
    for s in d["smoke"]:
        verdict = _("BLOCKS") if s["blocks"] else _("does not block")
        lines.append(
            _("Smoke {level} at {hex} {verdict}: {reason}").format(
                level=s["level"],
                hex=printed(s["marker"]),
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
