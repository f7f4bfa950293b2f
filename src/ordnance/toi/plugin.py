"""The Tide of Iron game as the core sees it: ``ToIGame`` and ``PLUGIN``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ordnance.core.dice import DiceSource
from ordnance.core.errors import InvalidDice, OrdnanceError, UnknownName
from ordnance.core.forms import choices, hex_field, piece_field, rolls
from ordnance.core.game import Game, Outcome, hex_line_answer
from ordnance.core.hexes import Hex, parse_hex
from ordnance.core.registry import GamePlugin
from ordnance.core.turns import Turn, owned_legal
from ordnance.toi import rules, status_phase
from ordnance.toi import turns as toi_turns
from ordnance.toi.actions import ACTION_MODELS, parse_action
from ordnance.toi.catalogue import profile
from ordnance.toi.hexmap import (
    blocker,
    load_map,
    los_blocks,
    map_data,
    map_from_dict,
    map_names,
)
from ordnance.toi.munitions import Munition
from ordnance.toi.settings import ToISettings, UnitPlacement
from ordnance.toi.state import ROUND, Nation, Phase, ToIState, Unit
from ordnance.toi.status_phase import enter
from ordnance.toi.views import view

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.scenario import ScenarioDoc, ScenarioStart

_TITLES = {
    "advance": "Advance to the next step",
    "receive_command": "Receive command",
    "buy": "Buy a munitions token (1 command)",
    "discard": "Discard an unused face-down token",
    "op_fire": "Place a unit on Op Fire",
    "move": "Move a unit",
    "attack": "Attack (or fire a Smoke round)",
}


def _unit_label(u: Unit) -> str:
    return f"{u.id}: {u.label} at {u.hex}"


#: The actions that roll dice (the page shows its dice selector only for them);
#: a random token draw (TOI-AMB-12) rolls too.
_ROLLING = frozenset({"attack"})


def form_schema(state: ToIState, seat: str | None, kind: str) -> dict[str, Any] | None:
    """One legal action's schema (:func:`_form_schema`), its pieces and whether it rolls."""
    schema = _form_schema(state, seat, kind)
    if schema is None:
        return None
    random_buy = kind == "buy" and state.settings.token_choice == "random"
    schema = rolls(schema, kind in _ROLLING or random_buy)
    if kind in ("buy", "discard", "op_fire", "move", "attack"):
        schema = piece_field(schema, "unit")
    if kind == "attack":
        schema = piece_field(schema, "target", "target")
    return schema


def _form_schema(state: ToIState, seat: str | None, kind: str) -> dict[str, Any] | None:
    """The JSON schema of one legal action with its choices filled in (None: nothing to choose).

    Choices come only from what ``seat``'s view shows: units, hexes and
    activations are public; the seat's own supply, token ids and types are
    its own; another nation's face-down tokens count only as tokens (a unit
    holding one), never by type.
    """
    schema = ACTION_MODELS[kind].model_json_schema()
    mine = [n for n in state.sides if seat is None or n == seat]
    own = [u for u in state.units if u.alive and u.side in mine]
    enemy = [u for u in state.units if u.alive and (seat is None or u.side != seat)]
    if kind == "advance":
        here = ROUND.index((state.phase, state.step)) if (state.phase, state.step) in ROUND else -1
        ahead = [ROUND[(here + i) % len(ROUND)] for i in range(1, len(ROUND) + 1)]
        return choices(
            schema,
            "to",
            [
                (s or p.value, f"Status Phase: {s}" if s else f"{p.value.title()} Phase")
                for p, s in ahead
            ],
        )
    if kind == "receive_command":
        return choices(schema, "side", [(n, n) for n in mine])
    if kind == "buy":
        # Offer exactly what ``buy`` accepts: the same checks, unit by unit.
        units = [u for u in own if rules.carrier_refusal(state, u) is None]
        if not units:
            return None
        schema = choices(schema, "unit", [(u.id, _unit_label(u)) for u in units])
        if state.settings.token_choice == "random":
            return _without(schema, "munition")  # TOI-AMB-12 option: drawn, not chosen
        if seat is None:
            return choices(schema, "munition", [(m.value, m.value) for m in Munition])
        nation = state.nation(seat)
        unlimited = state.settings.unlimited_supply
        return choices(
            schema,
            "munition",
            [
                (
                    m.value,
                    f"{m.value} ({'unlimited' if unlimited else nation.supply_count(m)} left)",
                )
                for m in Munition
                if unlimited or nation.supply_count(m) > 0
            ],
        )
    if kind == "discard":
        # Only tokens ``discard`` accepts now (TOI-AMB-14), the same check.
        holders = [
            u
            for u in own
            if any(rules.discard_refusal(state, t) is None for t in state.tokens_on(u.id))
        ]
        if not holders:
            return None
        schema = choices(schema, "unit", [(u.id, _unit_label(u)) for u in holders])
        if seat is not None:
            mine_down = [
                t for t in state.tokens_of(seat) if rules.discard_refusal(state, t) is None
            ]
            schema = choices(
                schema,
                "token",
                [(t.id, f"{t.id}: {t.munition.value} on {t.unit}") for t in mine_down],
            )
        return schema
    if kind == "op_fire":
        fresh = [u for u in own if u.activation == "fresh"]
        return choices(schema, "unit", [(u.id, _unit_label(u)) for u in fresh]) if fresh else None
    if kind == "move":
        if not own:
            return None
        return hex_field(choices(schema, "unit", [(u.id, _unit_label(u)) for u in own]), "to")
    if kind == "attack":
        if not own:
            return None
        schema = choices(schema, "unit", [(u.id, _unit_label(u)) for u in own])
        schema = choices(schema, "target", [(u.id, _unit_label(u)) for u in enemy])
        schema = choices(schema, "support", [(u.id, _unit_label(u)) for u in own])
        return hex_field(schema, "hex")
    return schema


def _without(schema: dict[str, Any], name: str) -> dict[str, Any]:
    """``schema`` with the field ``name`` removed (a choice the rules make, not the seat)."""
    out = dict(schema)
    out["properties"] = {k: v for k, v in schema.get("properties", {}).items() if k != name}
    if "required" in schema:
        out["required"] = [r for r in schema["required"] if r != name]
    return out


def parse_settings(settings: Mapping[str, Any]) -> ToISettings:
    try:
        return ToISettings.model_validate(dict(settings))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "settings"
        raise OrdnanceError(f"bad Tide of Iron settings: {where}: {first['msg']}") from None


class ToIGame(Game[ToIState]):
    name = "toi"
    title = "Tide of Iron: Fury of the Bear munitions tokens"
    rules_version = 1
    #: ``advance`` ends a step; every other action belongs to the step's
    #: nations (:mod:`ordnance.toi.turns`).
    step_actions = frozenset({"advance"})

    def new(self, settings: Mapping[str, Any]) -> ToIState:
        s = parse_settings(settings)
        m = map_from_dict(s.custom_map) if s.custom_map is not None else load_map(s.map)
        placements = s.units
        if placements is None:
            placements = tuple(
                UnitPlacement.model_validate(p) for p in map_data(s.map).get("scenario", [])
            )
        extra = {p.name: p for p in s.profiles}
        units: list[Unit] = []
        seen: set[str] = set()
        for p in placements:
            if p.side not in s.nations:
                raise UnknownName(
                    f"unit {p.id} belongs to {p.side!r}, not a nation of this game",
                    hint=f"nations: {', '.join(s.nations)}",
                )
            if p.id in seen:
                raise OrdnanceError(f"two units are called {p.id!r}")
            seen.add(p.id)
            prof = extra[p.profile] if p.profile in extra else profile(p.profile)
            h = parse_hex(p.hex)
            m.info(h)
            figures = 0 if prof.kind.counts_as_vehicle else (p.figures or prof.figures or 1)
            units.append(Unit(p.id, p.side, prof, h, figures=figures))
        nations = tuple(
            Nation(n, s.command_for(n), tuple((mt, c) for mt, c in s.supply_for(n).items()))
            for n in s.nations
        )
        state = ToIState(settings=s, map=m, nations=nations, units=tuple(units))
        if s.start_phase == "status":
            state = replace(state, phase=Phase.STATUS, step="draw-cards")
            state, _ = enter(state)
        return state

    def dice_rule(self, action: Mapping[str, Any], exc: InvalidDice) -> tuple[str, str] | None:
        return rules.dice_rule(action, exc)

    def scenario_model(self) -> type[ScenarioDoc]:
        from ordnance.toi.scenario import ToIScenario

        return ToIScenario

    def from_scenario(self, doc: ScenarioDoc) -> ScenarioStart:
        from ordnance.toi.scenario import from_scenario

        return from_scenario(doc)

    def to_scenario(self, state: ToIState) -> dict[str, Any]:
        from ordnance.toi.scenario import to_scenario

        return to_scenario(state)

    def seats(self, state: ToIState) -> Sequence[str]:
        return state.sides

    def apply(
        self, state: ToIState, action: Mapping[str, Any], dice: DiceSource, seat: str | None = None
    ) -> Outcome[ToIState]:
        new_state, events = rules.apply_action(state, action, dice, seat)
        return Outcome(new_state, tuple(events))

    def view(self, state: ToIState, seat: str | None) -> dict[str, Any]:
        out = view(state, seat)
        out["turn"] = self.turn(state).to_view()
        return out

    def turn(self, state: ToIState) -> Turn:
        return toi_turns.turn(state)

    def check_sequence(self, state: ToIState, action: Mapping[str, Any], seat: str) -> None:
        """An advance over several steps must be this nation's to leave at each one."""
        if action.get("type") == "advance":
            a = parse_action(action)
            status_phase.advance(state, getattr(a, "to", None), toi_turns.check_may_leave(seat))

    def action_kinds(self) -> Mapping[str, str]:
        return {**_TITLES, "done": "Done with this step"}

    def action_form(self, state: ToIState, seat: str | None, kind: str) -> dict[str, Any] | None:
        """The offered form, else the form of any ToI action (``apply`` judges it)."""
        form = super().action_form(state, seat, kind)
        if form is not None or kind not in _TITLES:
            return form
        schema = form_schema(state, seat, kind)
        if schema is None:  # nothing to choose from now: the bare model's schema
            schema = rolls(ACTION_MODELS[kind].model_json_schema(), kind in _ROLLING)
        return {"type": kind, "title": _TITLES[kind], "schema": schema}

    def legal(self, state: ToIState, seat: str | None) -> list[dict[str, Any]]:
        kinds = ["advance"]
        if state.phase is Phase.ACTION:
            kinds += ["attack", "move"]
        elif state.phase is Phase.COMMAND:
            kinds.append("receive_command")
        elif state.step == "munitions" and state.settings.munitions_in_force:
            kinds.append("buy")
        elif state.step == "op-fire":
            kinds.append("op_fire")
        elif state.step == "keep-or-discard":
            kinds.append("discard")
        forms = [(k, form_schema(state, seat, k)) for k in kinds]
        return owned_legal(
            self,
            state,
            seat,
            [
                {"type": k, "title": _TITLES[k], "schema": schema}
                for k, schema in forms
                if schema is not None
            ],
        )

    def odds(
        self, state: ToIState, action: Mapping[str, Any], seat: str | None = None
    ) -> dict[str, Any] | None:
        return rules.attack_odds(state, action, seat)

    def settings_schema(self) -> dict[str, Any]:
        """The settings' JSON schema, the map a choice of the packaged maps (by title)."""
        maps = [(name, str(map_data(name).get("title", name))) for name in map_names()]
        schema = choices(ToISettings.model_json_schema(), "map", maps)
        # a map as data comes from a scenario file (docs/scenarios.md), not from the lobby
        schema["properties"].pop("custom_map", None)
        return schema

    def los(
        self, state: ToIState, origin: Hex, target: Hex, seat: str | None = None
    ) -> dict[str, Any]:
        """LOS as the attack procedure judges it: smoke (TOI-B10) and blocking terrain.

        Reads only the map, the smoke markers and unit positions, which every
        seat sees; never a munitions token.
        """
        return los_answer(state, origin, target)


def los_answer(state: ToIState, origin: Hex, target: Hex) -> dict[str, Any]:
    """The exact line, what blocks it and why, with the clauses (TOI-B10 smoke, TOI-B2 terrain)."""
    m = state.map
    for h in (origin, target):
        m.info(h)  # refuses a hex off the map
    blocks = los_blocks(m, origin, target, state.smoke_hexes)
    answer = hex_line_answer(origin, target)
    why: list[str] = answer["explanation"]
    for b in blocks:
        why.append(f"Blocked [{b.clause}]: {b.reason}.")
    smoky = state.smoke_hexes
    if origin != target:
        for run in answer["along_hexsides"]:
            pair = (parse_hex(run["left"]), parse_hex(run["right"]))
            if any(b.hexside == run["hexside"] for b in blocks) or origin in pair or target in pair:
                continue
            one = [(h, w) for h in pair if (w := blocker(m, h, smoky)) is not None]
            if one:
                why.append(
                    f"Along the hexside {run['hexside']} the line is blocked only when both "
                    f"hexes block; only {one[0][0]} does ({one[0][1]}), so it is not blocked."
                )
    if origin in smoky:
        why.append(
            f"Smoke in the firer's hex {origin} does not block its own line, but units there "
            "attack at half firepower (TOI-B10)."
        )
    if target in smoky and origin != target:
        why.append(
            f"Smoke in the target hex {target} does not block the line; units there get +2 "
            "cover (TOI-B10)."
        )
    why.append(
        "End hexes never block, a hex touched only at a vertex does not block, and hills do "
        "not block (elevation gives only the range bonus, TOI-B2)."
    )
    units_at = {
        str(h): [u.id for u in state.units if u.alive and u.hex == h] for h in (origin, target)
    }
    answer.update(
        blocked=bool(blocks),
        blocking=[b.to_dict() for b in blocks],
        clauses=sorted({b.clause for b in blocks}),
        smoke_on_line=[h for h in answer["hexes"] if parse_hex(h) in smoky],
        units=units_at,
        text=(
            "blocked: " + "; ".join(f"{b.reason} ({b.clause})" for b in blocks)
            if blocks
            else "clear"
        ),
    )
    return answer


GAME = ToIGame()
PLUGIN = GamePlugin(GAME, cli="ordnance.toi.cli:app", odds_cli="ordnance.toi.cli:odds_app")

__all__ = ["GAME", "PLUGIN", "Munition", "ToIGame"]
