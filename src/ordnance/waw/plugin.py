"""The World at War game as the core sees it, and its registry entry.

World at War has no hidden information in these rules, so every seat's view
is the public view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ordnance.core.dice import DiceSource
from ordnance.core.errors import InvalidDice, OrdnanceError
from ordnance.core.forms import board, choices, hex_field, numbered_label, panel, piece_field, rolls
from ordnance.core.game import ANY_SEAT, Game, Message, Outcome, hex_line_answer
from ordnance.core.hexes import Hex
from ordnance.core.registry import GamePlugin
from ordnance.core.turns import Turn, owned_legal
from ordnance.waw import actions as A
from ordnance.waw import turns as waw_turns
from ordnance.waw.fascam import AMERICAN, attacked_by_mines, markers_covering
from ordnance.waw.he_fire import defence_dice
from ordnance.waw.los import judge_los, smoke_area
from ordnance.waw.odds import (
    defends_per_unit,
    he_fire_outcomes,
    he_hits_headline,
    marginals_json,
    move_through_mines,
    outcome_json,
)
from ordnance.waw.record import apply_action
from ordnance.waw.settings import WawSettings
from ordnance.waw.smoke import Weapon, fire_check
from ordnance.waw.state import WawState

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.scenario import ScenarioDoc, ScenarioStart


def parse_settings(settings: Mapping[str, Any]) -> WawSettings:
    try:
        return WawSettings.model_validate(dict(settings))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "settings"
        raise OrdnanceError(f"bad World at War settings: {where}: {first['msg']}") from None


#: The clause whose dice an action rolls (named when an entered die is not a d6 face).
DICE_CLAUSES = {
    "he_fire": "WAW-HE-a",
    "fascam": "WAW-8.3-d",
    "move": "WAW-8.3-d",
    "fire": "WAW-8.2-e",
}


class WorldAtWar(Game[WawState]):
    name = "waw"
    title = "World at War: artillery (HE Fire, Smoke, FASCAM)"
    rules_version = 1
    any_time_actions = waw_turns.ANY_TIME
    step_actions = waw_turns.STEP_ACTIONS

    def turn(self, state: WawState) -> Turn:
        return waw_turns.turn(state)

    def needs_consent(
        self, state: WawState, action: Mapping[str, Any], seat: str | None
    ) -> str | None:
        return waw_turns.needs_consent(state, action, seat)

    def describe(self, state: WawState, action: Mapping[str, Any], seat: str | None) -> Message:
        found = waw_turns.describe(state, action, seat)
        return found if found is not None else super().describe(state, action, seat)

    def new(self, settings: Mapping[str, Any]) -> WawState:
        return WawState.start(parse_settings(settings))

    def seats(self, state: WawState) -> Sequence[str]:
        return tuple(state.settings.sides)

    def settings_schema(self) -> dict[str, Any]:
        return WawSettings.model_json_schema()

    def scenario_model(self) -> type[ScenarioDoc]:
        from ordnance.waw.scenario import WawScenario

        return WawScenario

    def from_scenario(self, doc: ScenarioDoc) -> ScenarioStart:
        from ordnance.waw.scenario import from_scenario

        return from_scenario(doc)

    def to_scenario(self, state: WawState) -> dict[str, Any]:
        from ordnance.waw.scenario import to_scenario

        return to_scenario(state)

    def apply(
        self,
        state: WawState,
        action: Mapping[str, Any],
        dice: DiceSource,
        seat: str | None = ANY_SEAT,
    ) -> Outcome[WawState]:
        act = A.parse_action(dict(action))
        return apply_action(state, act, dice, seat)

    def dice_rule(self, action: Mapping[str, Any], exc: InvalidDice) -> tuple[str, str] | None:
        """The rule of the procedure that rolls the dice (WAW-HE-a salvo, WAW-8.3-d mines...)."""
        by_label = (
            ("defence", "WAW-HE-e"),
            ("allocation", "WAW-HE-g"),
            ("HQ check", "WAW-HE-k"),
            ("mines", "WAW-8.3-d"),
            ("salvo", "WAW-HE-a"),
        )
        clause = next((c for prefix, c in by_label if (exc.label or "").startswith(prefix)), None)
        return (
            clause or DICE_CLAUSES.get(str(action.get("type")), "WAW-HE-a"),
            "enter d6 values from 1 to 6, as many as the procedure asks for, in its order",
        )

    # -- every action, offered now or not (for faces that take an action by name) ------
    def action_kinds(self) -> Mapping[str, str]:
        return dict(A.TITLES)

    def action_form(self, state: WawState, seat: str | None, kind: str) -> dict[str, Any] | None:
        """The offered form, else the form of any WaW action (``apply`` judges it)."""
        form = super().action_form(state, seat, kind)
        if form is not None or kind not in A.TITLES or kind == "done":
            return form
        return {"type": kind, "title": A.TITLES[kind], "schema": form_schema(state, seat, kind)}

    # -- what a seat may do ------------------------------------------------------------
    def legal(self, state: WawState, seat: str | None) -> list[dict[str, Any]]:
        types = [
            "place_terrain",
            "place_unit",
            "he_fire",
            "smoke",
            "move",
            "fire",
            "marker_removal",
        ]
        sides = [seat] if seat is not None else list(state.settings.sides)
        if any(state.settings.sides.get(s) == AMERICAN for s in sides):
            types.insert(4, "fascam")
        if state.units:
            types += ["remove_unit", "set_condition"]
        if state.pending_hq:
            types.append("hq_check_result")
        return owned_legal(
            self,
            state,
            seat,
            [
                {"type": t, "title": A.TITLES[t], "schema": form_schema(state, seat, t)}
                for t in types
            ],
        )

    # -- odds --------------------------------------------------------------------------
    def odds(
        self, state: WawState, action: Mapping[str, Any], seat: str | None = ANY_SEAT
    ) -> dict[str, Any] | None:
        act = A.parse_action(dict(action))
        if isinstance(act, A.HeFire):
            return he_fire_odds(state, act)
        if isinstance(act, A.Move):
            unit = state.live_unit(act.unit)
            nationality = state.unit_type(unit).nationality
            mined = [
                str(state.hex(h)) for h in act.path if markers_covering(state.mines, state.hex(h))
            ]
            if not mined or not attacked_by_mines(nationality, state.settings):
                return None
            path = [state.hex(h) for h in act.path]
            return {
                "title": f"{unit.id} moving through the mines (mined hexes on the path: "
                f"{', '.join(mined)})",
                "distribution": move_through_mines(state, unit.id, path).to_json(),
            }
        if isinstance(act, A.Fire):
            unit = state.live_unit(act.unit)
            check = fire_check(
                state.unit_type(unit),
                act.weapon,
                unit.hex,
                state.hex(act.target),
                state.smoke,
                state.settings,
            )
            from ordnance.core.odds.pools import successes

            dist = successes(check.rating.firepower, check.hit_number)
            return {
                "title": f"Hits of {unit.id}'s {act.weapon.upper()} fire at {check.hit_number}+",
                "distribution": dist.to_json(),
                "hit_number": check.hit_number,
            }
        return None

    # -- line of sight -----------------------------------------------------------------
    def los(
        self, state: WawState, origin: Hex, target: Hex, seat: str | None = ANY_SEAT
    ) -> dict[str, Any]:
        """LOS through Smoke (WAW-8.2-b..g), and each unit in ``origin``'s shot at ``target``.

        Everything here is public in World at War, so every seat gets the same answer.
        """
        return los_answer(state, origin, target)

    # -- the observer ------------------------------------------------------------------
    def view(self, state: WawState, seat: str | None) -> dict[str, Any]:
        hexes = [{"hex": str(h), "terrain": state.hex_info(h).terrain} for h in state.board()]
        units = []
        for u in state.units.values():
            if u.condition.eliminated:
                continue
            kind = state.unit_type(u)
            units.append(
                {
                    "id": u.id,
                    "side": u.side,
                    "hex": str(u.hex),
                    "label": f"{kind.name} ({u.condition.label})",
                    "kind": kind.name,
                    "terrain": state.hex_info(u.hex).terrain,
                    "condition": u.condition.label,
                    "armour": kind.armour.value,
                    "hq": kind.hq,
                    "advanced_imaging": kind.advanced_imaging,
                    "ap": str(kind.ap) if kind.ap else None,
                    "he": str(kind.he) if kind.he else None,
                    "sample_values": kind.values == "sample",
                }
            )
        markers = [
            {"hex": str(h), "kind": f"smoke{lvl}", "label": f"Smoke {lvl}"}
            for h, lvl in sorted(state.smoke.items())
        ] + [{"hex": str(h), "kind": "mines", "label": "Mines!"} for h in sorted(state.mines)]
        view: dict[str, Any] = {
            "game": self.name,
            "seat": seat,
            "sides": dict(state.settings.sides),
            "map": {
                "hexes": hexes,
                "units": units,
                "markers": markers,
                "arrows": [],
                "clusters": [
                    {"hexes": [str(h) for h in sorted(smoke_area(m))], "kind": "smoke-area"}
                    for m in sorted(state.smoke)
                ]
                + [
                    {"hexes": [str(h) for h in sorted(smoke_area(m))], "kind": "minefield"}
                    for m in sorted(state.mines)
                ],
            },
            "eliminated": sorted(u.id for u in state.units.values() if u.condition.eliminated),
            "pending_hq_checks": [{"hq": p.hq, "dice": list(p.dice)} for p in state.pending_hq],
            "marker_removal_phases": state.marker_phases,
            "turn": self.turn(state).to_view(),
        }
        view["board"] = board_view(state)
        view["panels"] = panels(view)
        return view


def board_view(state: WawState) -> dict[str, Any]:
    """The whole board: every hex with its terrain and its column-row number (from 01)."""
    hexes = []
    for h in state.board():
        col, row = h.to_offset()
        terrain = state.hex_info(h).terrain
        hexes.append({"hex": str(h), "label": numbered_label(col, row), "terrain": terrain})
    used = {cell["terrain"] for cell in hexes}
    legend = [
        (t.name, f"{t.name.title()}: Defensive Bonus {t.infantry_db}")
        for t in state.catalogue.terrains()
        if t.name in used
    ]
    return board(
        f"Board of {state.settings.map_columns} x {state.settings.map_rows} hexes",
        hexes,
        legend,
        "Hexes are numbered column then row, both from 01 (0305: column 3, row 5).",
    )


#: The actions that roll dice (the page shows its dice selector only for them).
ROLLING = frozenset({"he_fire", "fascam", "move", "fire"})
#: The field naming the piece that acts, per action.
ACTORS = {"remove_unit": "unit", "set_condition": "unit", "move": "unit", "fire": "unit",
          "fascam": "caller", "hq_check_result": "hq"}  # fmt: skip


def form_schema(state: WawState, seat: str | None, kind: str) -> dict[str, Any]:
    """One legal action's schema (:func:`_form_schema`), its acting piece and its dice."""
    schema = rolls(_form_schema(state, seat, kind), kind in ROLLING)
    return piece_field(schema, ACTORS[kind]) if kind in ACTORS else schema


def _unit_label(state: WawState, unit_id: str) -> str:
    u = state.units[unit_id]
    return f"{u.id}: {state.unit_type(u).name} at {u.hex} ({u.condition.label})"


def _form_schema(state: WawState, seat: str | None, kind: str) -> dict[str, Any]:
    """One legal action's JSON schema with its choices (everything here is public)."""
    schema = A.ACTIONS[kind].model_json_schema()
    sides = [seat] if seat is not None else list(state.settings.sides)
    side_opts = [(s, f"{s} ({state.settings.sides[s]})") for s in sides]
    live = sorted(
        (u for u in state.units.values() if not u.condition.eliminated), key=lambda u: u.id
    )
    own = [(u.id, _unit_label(state, u.id)) for u in live if u.side in sides]
    every = [(u.id, _unit_label(state, u.id)) for u in live]
    if kind == "place_terrain":
        schema = choices(
            schema,
            "terrain",
            [
                (t.name, f"{t.name} (Defensive Bonus {t.infantry_db})")
                for t in state.catalogue.terrains()
            ],
        )
        return hex_field(schema, "hexes")
    if kind == "place_unit":
        nationalities = {state.settings.sides[s] for s in sides}
        types = [t for t in state.catalogue.units() if t.nationality in nationalities]
        schema = choices(
            schema,
            "kind",
            [
                (
                    t.name,
                    f"{t.name} ({t.nationality}{', sample values' if t.values == 'sample' else ''})",
                )
                for t in types or state.catalogue.units()
            ],
        )
        return hex_field(choices(schema, "side", side_opts), "hex")
    if kind == "remove_unit":
        return choices(schema, "unit", own)
    if kind == "set_condition":
        return choices(schema, "unit", every)
    if kind in ("he_fire", "smoke"):
        schema = choices(schema, "side", side_opts)
        if kind == "he_fire":
            schema = choices(schema, "hit_number", [(n, f"{n}+") for n in range(1, 7)])
        return hex_field(schema, "target")
    if kind == "fascam":
        american = [o for o in side_opts if state.settings.sides[o[0]] == AMERICAN]
        callers = [
            (u.id, _unit_label(state, u.id))
            for u in live
            if u.side in sides and state.unit_type(u).nationality == AMERICAN
        ]
        schema = choices(choices(schema, "side", american), "caller", callers)
        return hex_field(schema, "target")
    if kind == "move":
        return hex_field(choices(schema, "unit", own), "path")
    if kind == "fire":
        firers = [
            (u.id, _unit_label(state, u.id))
            for u in live
            if u.side in sides and (state.unit_type(u).ap or state.unit_type(u).he)
        ]
        return hex_field(choices(schema, "unit", firers), "target")
    if kind == "hq_check_result":
        pending = sorted({p.hq for p in state.pending_hq})
        return choices(schema, "hq", [(h, _unit_label(state, h)) for h in pending])
    return schema


def panels(v: dict[str, Any]) -> list[dict[str, Any]]:
    """The page's tables, built from the view ``v`` alone."""
    units = panel(
        "Units",
        ["unit", "side", "hex", "terrain", "type", "state"],
        [
            [u["id"], u["side"], u["hex"], u["terrain"], u["kind"], u["condition"]]
            for u in v["map"]["units"]
        ],
        note=("eliminated: " + ", ".join(v["eliminated"])) if v["eliminated"] else None,
    )
    markers = panel(
        "Markers",
        ["hex", "marker"],
        [[m["hex"], m["label"]] for m in v["map"]["markers"]],
        note=f"Marker Removal Phases so far: {v['marker_removal_phases']}",
    )
    hq = panel(
        "Pending HQ checks",
        ["HQ", "dice"],
        [[p["hq"], ", ".join(map(str, p["dice"]))] for p in v["pending_hq_checks"]],
        note=None
        if v["pending_hq_checks"]
        else "none: enter a result with the HQ check form when one is due",
    )
    sides = panel("Sides", ["side", "nationality"], list(v["sides"].items()))
    return [units, markers, hq, sides]


def los_answer(state: WawState, origin: Hex, target: Hex) -> dict[str, Any]:
    """The table's LOS answer: the exact line, the Smoke on it, and every firer's Hit Number.

    ``blocked`` is the answer for units without Advanced Imaging (WAW-8.2-c);
    ``advanced_imaging`` says what changes for a thermal imager (WAW-8.2-d..f);
    ``firers`` judges each unit now in ``origin`` with :func:`fire_check`, the
    same function that resolves its ``fire`` action.
    """
    for h in (origin, target):
        state.hex(str(h))  # refuses a hex off the board
    report = judge_los(origin, target, state.smoke, state.settings)
    answer = hex_line_answer(origin, target)
    why: list[str] = answer["explanation"]
    why += report.explanation()
    blocking = [c for c in report.crossings if c.blocks]
    if blocking:
        why.append(
            "A unit with Advanced Imaging still sees the target (WAW-8.2-d) and fires at Hit "
            "Number +1 (WAW-8.2-e); the ITV fires only its AP Firepower through smoke (WAW-8.2-f)."
        )
    firers: list[dict[str, Any]] = []
    for unit in sorted(state.units_in(origin), key=lambda u: u.id):
        kind = state.unit_type(unit)
        shots: dict[str, Any] = {}
        weapons: tuple[Weapon, ...] = ("ap", "he")
        for weapon in weapons:
            rating = kind.ap if weapon == "ap" else kind.he
            if rating is None:
                continue
            try:
                check = fire_check(kind, weapon, origin, target, state.smoke, state.settings)
            except OrdnanceError as exc:
                shots[weapon] = {
                    "may_fire": False,
                    "base_hit_number": rating.hit_number,
                    "clause": exc.clause,
                    "why": exc.message,
                }
                why.append(
                    f"{unit.id} ({kind.name}) {weapon.upper()}: [{exc.clause}] {exc.message}."
                )
                continue
            mods = [{"clause": m.clause, "amount": m.amount, "why": m.why} for m in check.modifiers]
            shots[weapon] = {
                "may_fire": True,
                "base_hit_number": rating.hit_number,
                "hit_number": check.hit_number,
                "modifiers": mods,
            }
            change = "".join(f", +{m.amount} {m.why} ({m.clause})" for m in check.modifiers)
            why.append(
                f"{unit.id} ({kind.name}) {weapon.upper()}: sees the target, Hit Number "
                f"{rating.hit_number}{change} = {check.hit_number}."
            )
        firers.append(
            {
                "unit": unit.id,
                "side": unit.side,
                "kind": kind.name,
                "advanced_imaging": kind.advanced_imaging,
                "sees": not report.blocked or kind.advanced_imaging,
                "weapons": shots,
            }
        )
    answer.update(
        blocked=report.blocked,
        blocked_for="units without Advanced Imaging" if report.blocked else None,
        blocking=[
            {
                "marker": str(c.marker),
                "level": c.level,
                "clause": "WAW-8.2-c",
                "line_hexes_in_area": [str(h) for h in c.hexes],
            }
            for c in blocking
        ],
        smoke=[c.to_dict() for c in report.crossings],
        advanced_imaging={
            "sees": True,
            "hit_number_plus": 1 if report.blocked else 0,
            "clauses": ["WAW-8.2-d", "WAW-8.2-e", "WAW-8.2-f"] if report.blocked else [],
        },
        firers=firers,
        text=(
            f"blocked by Smoke at {', '.join(str(c.marker) for c in blocking)} "
            "(WAW-8.2-c); Advanced Imaging sees through at Hit Number +1 (WAW-8.2-e)"
            if blocking
            else "clear of Smoke"
        ),
    )
    return answer


def he_fire_odds(state: WawState, act: A.HeFire) -> dict[str, Any]:
    """Exact odds of an HE Fire mission against the units now in the target hex."""
    target = state.hex(act.target)
    terrain = state.terrain_at(target)
    info = state.hex_info(target)
    pool = defence_dice(terrain, state.settings, info.wreck_dice, info.cover_dice)
    units = state.targets_in(target)
    outcomes = he_fire_outcomes(
        units, act.firepower, act.hit_number, pool, state.settings, terrain.city
    )
    headline, counts = he_hits_headline(
        units, act.firepower, act.hit_number, pool, state.settings, terrain.city
    )
    each = " each" if defends_per_unit(state.settings, terrain.city) else ""
    return {
        "title": f"HE Fire {act.firepower} dice at {act.hit_number}+ on {target} "
        f"({terrain.name}, {pool} defence dice{each})",
        "counts": counts,
        "distribution": headline.to_json(),
        "defence_dice": pool,
        "units": marginals_json(outcomes),
        "outcomes": outcome_json(outcomes),
    }


GAME = WorldAtWar()
PLUGIN = GamePlugin(GAME, cli="ordnance.waw.cli:app", odds_cli="ordnance.waw.cli:odds_app")
