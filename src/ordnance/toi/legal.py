"""The legal action forms of a seat: which actions the step allows and what each may pick.

:func:`legal_forms` lists the actions of the current phase and step, each
with its JSON schema and its choices (``forms.choices``), computed only from
what the seat's view shows (TOI-GEN-5: another nation's face-down tokens
never by type). The buy and discard forms use the very checks of their
procedures (:func:`~ordnance.toi.procedures.buy.carrier_refusal`, :func:`~ordnance.toi.procedures.discard.discard_refusal`),
so a form never offers what the action would refuse. The Game class cuts
the list to the step's owners (``turns.owned_legal``).
"""

from __future__ import annotations

from functools import cache

from ordnance.core.forms import choices, hex_field, numbered_hex, piece_field, rolls
from ordnance.core.memo import IdentityMemo
from ordnance.core.messages import said, term
from ordnance.core.shapes import ActionForm, JsonSchema
from ordnance.toi import turns as toi_turns
from ordnance.toi.actions import ACTION_MODELS
from ordnance.toi.procedures.buy import carrier_refusal
from ordnance.toi.procedures.discard import discard_refusal
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.state import ROUND, Phase, ToIState, Unit, position_words

_TITLES = {
    "advance": "Advance to the next step",
    "receive_command": "Receive command",
    "buy": "Buy a munitions token (1 command)",
    "discard": "Discard an unused face-down token",
    "op_fire": "Place a unit on Op Fire",
    "move": "Move a unit",
    "attack": "Attack (or fire a Smoke round)",
}


#: Each unit's select label, by the unit object (states share their unchanged units,
#: so a unit is labelled once, not on every view; a unit's label is public).
_LABELS: IdentityMemo[str] = IdentityMemo("toi.legal._LABELS", 4096)


def _unit_label(u: Unit) -> str:
    # as the map shows it: no id
    return _LABELS.one(u, lambda: said("{label} at {hex}", label=u.label, hex=numbered_hex(u.hex)))


#: The actions that roll dice (the page shows its dice selector only for them);
#: a random token draw (TOI-AMB-12) rolls too.
_ROLLING = frozenset({"attack"})


@cache
def _model_schema(kind: str) -> JsonSchema:
    # pydantic builds a model's JSON schema anew on every call (about 8 ms for
    # the ToI actions); a view asks for several per request.
    return ACTION_MODELS[kind].model_json_schema()


def _bare_schema(kind: str) -> JsonSchema:
    """Action ``kind``'s JSON schema, shared: never change it in place. The forms
    helpers (``choices``, ``piece_field``, ``rolls``...) copy only the parts they
    change, so each view's forms cost no deep copy."""
    return _model_schema(kind)


#: every action's title, offered now or not (for faces that take an action by name)
ACTION_TITLES = _TITLES


def any_form_schema(state: ToIState, seat: str | None, kind: str) -> JsonSchema:
    """The form of ``kind`` even when nothing may be chosen now (``apply`` then refuses it)."""
    schema = form_schema(state, seat, kind)
    if schema is None:  # nothing to choose from now: the bare model's schema
        schema = rolls(_bare_schema(kind), kind in _ROLLING)
    return schema


def form_schema(state: ToIState, seat: str | None, kind: str) -> JsonSchema | None:
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


def _form_schema(state: ToIState, seat: str | None, kind: str) -> JsonSchema | None:
    """The JSON schema of one legal action with its choices filled in (None: nothing to choose).

    Choices come only from what ``seat``'s view shows: units, hexes and
    activations are public; the seat's own supply, token ids and types are
    its own; another nation's face-down tokens count only as tokens (a unit
    holding one), never by type.
    """
    if kind == "advance":
        return _advance_schema(state.phase, state.step)
    schema = _bare_schema(kind)
    mine = [n for n in state.sides if seat is None or n == seat]
    own = [u for u in state.units if u.alive and u.side in mine]
    enemy = [u for u in state.units if u.alive and (seat is None or u.side != seat)]
    if kind == "receive_command":
        return choices(schema, "side", [(n, n) for n in mine])
    if kind == "buy":
        # Offer exactly what ``buy`` accepts: the same checks, unit by unit.
        units = [u for u in own if carrier_refusal(state, u) is None]
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
                    said(
                        "{munition} ({count} left)",
                        munition=m.value,
                        count=term("unlimited") if unlimited else nation.supply_count(m),
                    ),
                )
                for m in Munition
                if unlimited or nation.supply_count(m) > 0
            ],
        )
    if kind == "discard":
        # Only tokens ``discard`` accepts now (TOI-AMB-14), the same check.
        holders = [
            u for u in own if any(discard_refusal(state, t) is None for t in state.tokens_on(u.id))
        ]
        if not holders:
            return None
        schema = choices(schema, "unit", [(u.id, _unit_label(u)) for u in holders])
        if seat is not None:
            mine_down = [t for t in state.tokens_of(seat) if discard_refusal(state, t) is None]
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


@cache
def _advance_schema(phase: Phase, step: str | None) -> JsonSchema:
    """The advance form's schema at a position: every position of the round ahead, in
    order (one per position the round has, and any other: shared, never changed in place)."""
    here = ROUND.index((phase, step)) if (phase, step) in ROUND else -1
    ahead = [ROUND[(here + i) % len(ROUND)] for i in range(1, len(ROUND) + 1)]
    return choices(
        _bare_schema("advance"),
        "to",
        [(s or p.value, position_words(p, s)) for p, s in ahead],
    )


def _only_units(schema: JsonSchema, allowed: frozenset[str]) -> JsonSchema | None:
    """``schema`` whose ``unit`` choices are cut to ``allowed`` (None: no unit left)."""
    prop = schema.get("properties", {}).get("unit")
    if not isinstance(prop, dict) or "enum" not in prop:
        return schema
    pairs = [
        (v, lab) for v, lab in zip(prop["enum"], prop["x-labels"], strict=True) if v in allowed
    ]
    return choices(schema, "unit", pairs) if pairs else None


def _without(schema: JsonSchema, name: str) -> JsonSchema:
    """``schema`` with the field ``name`` removed (a choice the rules make, not the seat)."""
    out = dict(schema)
    out["properties"] = {k: v for k, v in schema.get("properties", {}).items() if k != name}
    if "required" in schema:
        out["required"] = [r for r in schema["required"] if r != name]
    return out


def legal_forms(
    state: ToIState, seat: str | None, only: frozenset[str] | None = None
) -> list[ActionForm]:
    """Every action the phase and step allow, as ``{"type", "title", "schema"}`` forms.

    An action with nothing the seat could pick (no unit that may buy, no
    token it may discard...) is left out; so is any kind not in ``only`` (when
    given: the caller keeps no other).
    """
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
    if only is not None:
        kinds = [k for k in kinds if k in only]
    forms = [(k, form_schema(state, seat, k)) for k in kinds]
    if seat is not None and state.phase is Phase.ACTION:
        forms = [
            (k, _only_units(s, toi_turns.units_may_act(state, seat, k)) if s else s)
            for k, s in forms
        ]
    return [
        {"type": k, "title": _TITLES[k], "schema": schema}
        for k, schema in forms
        if schema is not None
    ]
