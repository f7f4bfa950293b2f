"""The stand-alone questions of Tide of Iron, declared once for every face.

Each is an input model (every field with its title, description and clause),
a pure function over the attack and Smoke rules, and a rendering hint
(:mod:`ordnance.core.calculators`): the CLI (``ordnance toi odds``, ``toi
smoke``, ``toi advise``, ``toi units|munitions|maps``), the HTTP API
(``/api/calculators/toi/...``) and the page (``/calc/toi``) are derived.

The unit catalogue, the maps, the Smoke rules (with the hex geometry they use)
and the munitions advice are imported only by the calculators that read them, so
``ordnance toi --help`` and the odds commands do not load them.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, field_validator

from ordnance.core.calculators import Calculator, NoQuestion, calculator
from ordnance.core.errors import OrdnanceError
from ordnance.core.fields import option
from ordnance.core.messages import msg, said, term
from ordnance.core.odds.distribution import Distribution, fraction_text
from ordnance.core.questions import question_config
from ordnance.toi.rules.attack import (
    AttackInput,
    RangeBand,
    Supporter,
    attack_distribution,
    plan_attack,
)
from ordnance.toi.rules.damage import UNCERTAIN, VehicleDamage
from ordnance.toi.rules.munitions import SUMMARY, Munition
from ordnance.toi.rules.readings import DEFAULTS, DriftDice

Band = Literal["close", "normal", "long"]
Target = Literal["vehicle", "squad"]
_TARGETS = {"infantry": "squad", "squads": "squad", "vehicles": "vehicle"}


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def _target_word(value: Any) -> Any:
    value = _lower(value)
    return _TARGETS.get(value, value)


#: A range band as typed: any case, spaces around.
BandText = Annotated[Band, BeforeValidator(_lower)]


def _band_field() -> Any:
    return option("normal", "Range band", "close, normal or long", clause="TOI-B2")


def _support(text: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(",", " ").split()]
    except ValueError:
        raise OrdnanceError(
            msg("cannot read supporting firepower {text!r}", text=text),
            clause="TOI-B5",
            hint=msg("e.g. 3,2"),
        ) from None


class AttackQuestion(BaseModel):
    """One attack, with or without a munitions token."""

    model_config = question_config("TOI-B4")

    fp: int = option(
        title="Firepower", description="of the firing unit against this target type", ge=0, le=40
    )
    target: Annotated[Target, BeforeValidator(_target_word)] = option(
        "vehicle", "Target", "vehicle or squad"
    )
    band: BandText = _band_field()
    defence: int = option(0, "Defence dice", "red dice: armour and cover", ge=0, le=40)
    # Smoke is a token too: the attack rules refuse it (TOI-SMK-1), one copy of the rule
    munition: Literal["HE", "AP-B", "AP-C", "Smoke"] | None = option(
        None, "Munitions token", "HE, AP-B or AP-C (none: a plain attack)", clause="TOI-GEN-10"
    )
    fire_and_movement: bool = option(False, "Fire and Movement", "the attack is halved")
    support: list[int] = option(
        title="Supporting firepower",
        description="the supporting units' firepower, e.g. 3,2",
        clause="TOI-B5",
        default_factory=list,
    )

    @field_validator("munition", mode="before")
    @classmethod
    def _munition(cls, value: Any) -> Any:
        if value is None or (
            isinstance(value, str) and value.strip().lower() in ("", "none", "plain")
        ):
            return None
        if isinstance(value, str):
            key = value.strip().upper().replace("_", "").replace("-", "")
            for m in Munition:
                if m.value.upper().replace("-", "") == key:
                    return m.value
        return value


def _at_least(dist: Distribution[int]) -> dict[str, str]:
    out: dict[str, str] = {}
    tail = Fraction(0)
    for k in sorted(dist.outcomes(), reverse=True):
        tail += dist[k]
        out[str(k)] = fraction_text(tail)
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))


def attack_odds(q: AttackQuestion) -> dict[str, Any]:
    """The exact distribution of net hits of one attack (closed form)."""
    m = Munition(q.munition) if q.munition else None
    inp = AttackInput(
        firepower=q.fp,
        target=q.target,
        band=RangeBand(q.band),
        defence=q.defence,
        munitions=(m,) if m else (),
        fire_and_movement=q.fire_and_movement,
        support=tuple(Supporter(s) for s in q.support),
    )
    plan = plan_attack(inp, DEFAULTS)
    dist = attack_distribution(plan)
    mean = dist.mean()
    return {
        "title": said(
            "Net hits: firepower {fp} vs {target} at {band} range, defence {defence}"
            + (", {munition}" if m else ""),
            fp=q.fp,
            target=term(q.target),
            band=term(plan.band.value),
            defence=q.defence,
            **({"munition": m.value} if m else {}),
        ),
        "xlabel": "net hits",
        "distribution": dist.to_json(),
        "munition": m.value if m else None,
        "attack_dice": plan.attack_dice,
        "hit_on": plan.hit_on,
        "defence_dice": plan.defence_dice,
        "cancel_on": plan.cancel_on,
        "band": plan.band.value,
        "mean": fraction_text(mean),
        "at_least": _at_least(dist),
        "steps": list(plan.steps),
        "clauses": list(plan.clauses),
        "lines": [
            f"{plan.attack_dice} black dice hitting on {plan.hit_on}+, "
            f"{plan.defence_dice} red dice cancelling on {plan.cancel_on}+; "
            f"mean {fraction_text(mean)} = {float(mean):.3f} net hits",
            *plan.steps,
        ],
    }


class SmokeQuestion(BaseModel):
    """One Smoke round; with a map and a target hex, where the smoke ends up."""

    model_config = question_config("TOI-SMK-2")

    fp: int = option(
        title="Firepower",
        description="the unit's firepower against vehicles",
        clause="TOI-SMK-2",
        ge=0,
        le=40,
    )
    band: BandText = _band_field()
    map_name: str | None = option(None, "Map", "a map, to see where drift lands")
    target: str | None = option(
        None, "Target hex", "Its printed number (0305) or axial 'q,r' (with a map)"
    )
    smoke: str | None = option(
        None, "Smoke already there", "hexes holding smoke, e.g. '0402 0502' (or axial q,r)"
    )
    orientation: Literal["N", "NE", "SE", "S", "SW", "NW"] | None = option(
        None, "Orientation", "the directional marker's 1 (default: the map's)", clause="TOI-B11"
    )
    drift_dice: DriftDice = option(
        "text", "Drift dice", "text (red = distance) or faq_core", clause="TOI-AMB-1"
    )

    @field_validator("orientation", mode="before")
    @classmethod
    def _orientation(cls, value: Any) -> Any:
        return value.strip().upper() if isinstance(value, str) else value


def smoke_odds(q: SmokeQuestion) -> dict[str, Any]:
    """The exact outcome of a Smoke round: placed, drift (to each hex), misfire."""
    from ordnance.core.forms import numbered_hex
    from ordnance.core.hexes import parse_hex
    from ordnance.toi.rules.hexmap import load_map
    from ordnance.toi.rules.smoke import (
        SmokeAim,
        hit_odds,
        orientation_for,
        plan_smoke,
        smoke_landing_distribution,
        smoke_round_distribution,
    )

    settings = replace(DEFAULTS, drift_dice=q.drift_dice)
    plan = plan_smoke(q.fp, RangeBand(q.band), settings)
    placed, drift, misfire = hit_odds(plan)
    data: dict[str, Any] = {
        "title": said(
            "Smoke round: {dice} dice hitting on {hit_on}+ at {band} range",
            dice=plan.dice,
            hit_on=plan.hit_on,
            band=term(plan.band.value),
        ),
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
    lines = [f"drift: each (distance, direction) pair {fraction_text(drift / 36)}"]
    if (q.map_name is None) != (q.target is None):
        raise OrdnanceError(
            msg("give both a map and a target hex to see the hexes"),
            clause="TOI-B10",
            hint=msg("e.g. --map village --target 0502"),
        )
    if q.map_name is not None and q.target is not None:
        m = load_map(q.map_name)
        t = parse_hex(q.target)
        m.info(t)
        smoky = frozenset(parse_hex(x) for x in (q.smoke or "").split())
        if q.orientation is not None:
            settings = replace(settings, drift_orientation=q.orientation)
        o = orientation_for(settings, m, None, t)
        landing = smoke_landing_distribution(plan, SmokeAim(t, m, smoky, o, settings))
        hexes: dict[str, Fraction] = {}
        for label, p in landing.items():
            if label.startswith(("placed ", "drift to ")):
                h = label.split(" ")[-1] if "(refresh)" not in label else label.split(" ")[2]
                hexes[h] = hexes.get(h, Fraction(0)) + p
        ranked = sorted(hexes.items(), key=lambda kv: (-kv[1], kv[0]))
        data.update(
            map=m.name,
            target=str(t),
            orientation=o.name,
            outcomes=landing.to_json(),
            hexes={h: fraction_text(p) for h, p in ranked},
            no_smoke=fraction_text(1 - sum(hexes.values(), Fraction(0))),
        )
        data["distribution"] = landing.to_json()
        lines.append(
            "smoke ends up in: "
            + ", ".join(f"{numbered_hex(parse_hex(h))} {fraction_text(p)}" for h, p in ranked)
        )
    else:
        round_dist: Distribution[str] = smoke_round_distribution(plan).map(
            lambda o: o.split(" ")[0]
        )
        data["distribution"] = round_dist.to_json()
    data["lines"] = lines
    return data


class AdviseQuestion(BaseModel):
    """The munitions tokens ranked against one target."""

    model_config = question_config("TOI-GEN-10")

    fp: int = option(
        title="Firepower", description="against the target type, without a token", ge=0, le=40
    )
    band: Band = _band_field()
    defence: int = option(0, "Defence dice", "red dice: armour and cover", ge=0, le=40)
    target: Target = option("vehicle", "Target", "vehicle or squad")
    damage: Literal["undamaged", "light", "heavy"] = option(
        "undamaged", "Vehicle damage", "the target vehicle's damage"
    )
    figures: int = option(4, "Figures", "the target squad's figures", ge=1, le=6)
    fire_and_movement: bool = option(False, "Fire and Movement", "the attack is halved")

    @field_validator("band", "target", "damage", mode="before")
    @classmethod
    def _words(cls, value: Any) -> Any:
        return _target_word(value)


def _pct(p: Any) -> str:
    return f"{float(Fraction(p)) * 100:.2f}%"


def advise(q: AdviseQuestion) -> dict[str, Any]:
    """Every munitions choice, best first: mean net hits and the chance to destroy."""
    from ordnance.toi.odds.advice import rank_munitions

    rows = rank_munitions(
        q.fp,
        RangeBand(q.band),
        q.defence,
        target=q.target,
        damage=VehicleDamage(q.damage),
        figures=q.figures,
        fire_and_movement=q.fire_and_movement,
    )
    table: list[list[str]] = []
    names: list[str] = []
    means: list[str] = []
    kills: list[str] = []
    for r in rows:
        if r["munition"] == "Smoke":
            note = r.get("reason") or r["note"]
            if "placed" in r:
                note += f"; placed {_pct(r['placed'])}, drift {_pct(r['drift'])}, misfire {_pct(r['misfire'])}"
            table.append(["Smoke", str(r.get("dice", "")), f"{r.get('hit_on', '')}+", "", "", note])
        elif not r["allowed"]:
            table.append([r["munition"], "", "", "", "", f"refused [{r['clause']}] {r['reason']}"])
        else:
            table.append(
                [
                    r["munition"],
                    str(r["attack_dice"]),
                    f"{r['hit_on']}+",
                    f"{float(r['expected_net_hits']):.3f}",
                    _pct(r["kill_chance"]),
                    ", ".join(r["clauses"]),
                ]
            )
            names.append(str(r["munition"]))
            kills.append(fraction_text(Fraction(r["kill_chance"])))
            means.append(fraction_text(Fraction(r["expected_net_hits"])))
    return {
        "title": said(
            "Munitions vs {target} at {band} range (fp {fp}, defence {defence})",
            target=term(q.target),
            band=term(str(q.band)),
            fp=q.fp,
            defence=q.defence,
        ),
        "choices": rows,
        "damage_default_uncertain": list(UNCERTAIN),
        "table": {
            "columns": ["munition", "dice", "hit on", "mean net hits", "P(destroy)", "note"],
            "rows": table,
        },
        "comparison": {
            "x": names,
            "xlabel": "munition",
            "series": [{"name": "P(destroy)", "values": kills}],
        },
        "lines": [
            "P(destroy) uses the documented damage default; flagged uncertain: "
            + "; ".join(UNCERTAIN)
        ],
    }


def units(_q: NoQuestion) -> dict[str, Any]:
    """The sample unit catalogue (package data; sample values)."""
    from ordnance.toi.rules.catalogue import catalogue, catalogue_note

    profiles = [p.model_dump(mode="json") for p in catalogue().values()]
    return {
        "title": "Unit catalogue (SAMPLE VALUES)",
        "note": catalogue_note(),
        "profiles": profiles,
        "table": {
            "columns": [
                "name",
                "nation",
                "kind",
                "vs infantry fp/rng",
                "vs vehicle fp/rng",
                "armour",
            ],
            "rows": [
                [
                    p["name"],
                    p["nation"],
                    p["kind"],
                    f"{p['vs_infantry']['firepower']}/{p['vs_infantry']['range']}",
                    f"{p['vs_vehicle']['firepower']}/{p['vs_vehicle']['range']}",
                    str(p["armour"]),
                ]
                for p in profiles
            ],
        },
        "lines": [catalogue_note()],
    }


def munitions(_q: NoQuestion) -> dict[str, Any]:
    """The munitions reference card: what each token does."""
    rows = [{"type": m.value, "effect": text} for m, text in SUMMARY.items()]
    return {
        "title": "Munitions specialization tokens",
        "munitions": rows,
        "table": {
            "columns": ["type", "effect on the attack that reveals it"],
            "rows": [[r["type"], r["effect"]] for r in rows],
        },
    }


def maps(_q: NoQuestion) -> dict[str, Any]:
    """The sample maps shipped with the package."""
    from ordnance.toi.rules.hexmap import load_map, map_names

    rows = [
        {"name": n, "title": load_map(n).title, "hexes": len(load_map(n).hexes)}
        for n in map_names()
    ]
    return {
        "title": "Sample maps",
        "maps": rows,
        "table": {
            "columns": ["name", "title", "hexes"],
            "rows": [[r["name"], r["title"], str(r["hexes"])] for r in rows],
        },
    }


_ATTACK_FLAGS = {"band": ("--range",), "defence": ("--defense",)}

# One line a calculator: its function, name, title, clauses and how the faces offer it.
# The formatter is off here so that the declarations read as a table.
# fmt: off
CALCULATORS: tuple[Calculator, ...] = (
    calculator(attack_odds, "odds", "Exact odds of a Tide of Iron attack (with or without a munitions token).", ("TOI-B4", "TOI-GEN-10"), help="Exact distribution of net hits of one attack (closed form, exact fractions).", hint="distribution", parsers={"support": _support}, flags=_ATTACK_FLAGS, example={"fp": 5, "target": "vehicle", "band": "close", "defence": 2, "munition": "AP-C"}),
    calculator(smoke_odds, "smoke", "Exact outcome of a Smoke round: placed, drift (to each hex), misfire.", ("TOI-SMK-2", "TOI-B10"), hint="distribution", command=("smoke",), also=(("odds", "smoke"),), flags={"band": ("--range",), "map_name": ("--map",)}, example={"fp": 4, "band": "normal"}),
    calculator(advise, "advise", "Rank the munitions tokens by expected net hits and chance to destroy.", ("TOI-GEN-10",), hint="comparison", command=("advise",), also=(("odds", "advise"),), flags=_ATTACK_FLAGS, example={"fp": 5, "band": "close", "defence": 2}),
    calculator(units, "units", "The sample unit catalogue (package data; sample values).", ("TOI-B7",)),
    calculator(munitions, "munitions", "The munitions reference card: what each token does (TOI-GEN-10).", ("TOI-GEN-10",)),
    calculator(maps, "maps", "The sample maps shipped with the package."),
)
# fmt: on

__all__ = ["CALCULATORS"]
