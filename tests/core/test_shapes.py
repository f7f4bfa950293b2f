"""Every shipped game answers the faces in the shapes of ``ordnance.core.shapes``.

The shapes are TypedDicts: mypy checks the code, and this test checks the
values, so a face may rely on them for any game. Closed shapes (a legal
form, ``view["turn"]``, a panel, the board) must have exactly their keys;
open ones (a view, an odds or LOS answer) must have their conventional keys
with the right types, beside whatever the game adds. What the game adds is
checked too, closed, against the game's own TypedDicts: the return
annotations of its ``view``, ``odds`` and ``los`` (e.g. ``ToIView``), which
must extend the conventional shapes. States: each game's default and the
position after each shipped scenario's set-up, seen by every seat and by a
spectator.
"""

from __future__ import annotations

import collections.abc
import importlib
import random
import re
from collections.abc import Iterator, Mapping
from types import UnionType
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest

from ordnance.core import registry, scenario
from ordnance.core.dice import EnteredDice, dice_source
from ordnance.core.errors import OrdnanceError
from ordnance.core.events import Event
from ordnance.core.game import Game
from ordnance.core.hexes import parse_hex
from ordnance.core.shapes import (
    ActionForm,
    Board,
    BoardHex,
    EventView,
    GameView,
    LosAnswer,
    OddsAnswer,
    Panel,
    Terrain,
    TurnView,
)

GAMES = ("asl", "toi", "waw")


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__required_keys__")


def check(tp: Any, value: Any, where: str, *, closed: bool = True) -> None:
    """``value`` has type ``tp`` (strictly: a bool is no int); a TypedDict's keys too.

    Hand-written rather than Pydantic: on Python 3.11 Pydantic reads only
    ``typing_extensions`` TypedDicts, which would cost the CLI's start an import.
    ``closed``: a TypedDict may hold no other keys (nested ones always closed).
    """
    if tp is Any:
        return
    if _is_typeddict(tp):
        assert isinstance(value, dict), (where, value)
        keys = set(value)
        missing = tp.__required_keys__ - keys
        assert not missing, (where, tp.__name__, "missing", missing)
        if closed:
            extra = keys - (tp.__required_keys__ | tp.__optional_keys__)
            assert not extra, (where, tp.__name__, "unknown keys", extra)
        for key, sub in get_type_hints(tp).items():
            if key in value:
                check(_unwrap(sub), value[key], f"{where}.{key}")
        return
    origin, args = get_origin(tp), get_args(tp)
    if origin in (UnionType, Union):
        errors = []
        for alt in args:
            try:
                check(alt, value, where)
                return
            except AssertionError as exc:
                errors.append(exc)
        raise AssertionError(where, value, errors)
    if origin is list:
        assert isinstance(value, list), (where, value)
        for i, item in enumerate(value):
            check(args[0], item, f"{where}[{i}]")
        return
    if origin in (dict, collections.abc.Mapping):
        assert isinstance(value, dict), (where, value)
        for k, item in value.items():
            check(args[0], k, f"{where} key")
            check(args[1], item, f"{where}[{k!r}]")
        return
    if tp is type(None):
        assert value is None, (where, value)
        return
    assert isinstance(value, tp) and not (tp is int and isinstance(value, bool)), (where, value)


def _unwrap(tp: Any) -> Any:
    """``NotRequired[X]`` -> ``X`` (``get_type_hints`` keeps the qualifier on 3.11)."""
    return get_args(tp)[0] if get_origin(tp) is NotRequired else tp


def conforms(shape: Any, value: Any, *, closed: bool) -> None:
    check(shape, value, shape.__name__, closed=closed)


def test_the_checker_refuses_what_a_shape_does_not_allow() -> None:
    good = {"title": "t", "columns": ["a"], "rows": [["1"]]}
    conforms(Panel, good, closed=True)
    conforms(Panel, {**good, "note": "n"}, closed=True)
    for bad in ({**good, "rows": [[1]]}, {**good, "extra": 1}, {"title": "t"}, {**good, "note": 2}):
        with pytest.raises(AssertionError):
            conforms(Panel, bad, closed=True)
    conforms(LosAnswer, {**LOS, "firers": []}, closed=False)
    with pytest.raises(AssertionError):
        conforms(LosAnswer, {**LOS, "blocked": "no"}, closed=False)


def test_the_checker_holds_a_game_to_its_own_shapes() -> None:
    """A game's TypedDict is closed and may narrow a conventional key (TOI-B10 LOS: a verdict)."""
    shape = own_shape(registry.game("toi"), "los")
    answer = {**LOS, "blocking": [], "clauses": [], "smoke_on_line": [], "units": {}}
    conforms(shape, {**answer, "blocked": False}, closed=True)
    for bad in ({**answer, "blocked": None}, {**answer, "blocked": False, "firers": []}):
        with pytest.raises(AssertionError):
            conforms(shape, bad, closed=True)


LOS: dict[str, Any] = {
    "from": "0,0",
    "to": "0,0",
    "hexes": ["0,0"],
    "steps": [{"kind": "hex", "id": "0,0"}],
    "along_hexsides": [],
    "through_vertices": [],
    "touched_hexes": [],
    "distance": 0,
    "blocked": None,
    "text": "",
    "explanation": [],
}


def own_shape(game: Game[Any], method: str) -> Any:
    """The TypedDict(s) a game's ``view``/``odds``/``los`` declare (``None`` dropped)."""
    declared = get_type_hints(getattr(type(game), method))["return"]
    alts = [a for a in get_args(declared) if a is not type(None)] or [declared]
    return alts[0] if len(alts) == 1 else Union[tuple(alts)]  # noqa: UP007


def _typeddicts(shape: Any) -> list[Any]:
    return [shape] if _is_typeddict(shape) else list(get_args(shape))


def _keys(tp: Any) -> frozenset[str]:
    return frozenset(tp.__required_keys__ | tp.__optional_keys__)


def positions() -> Iterator[tuple[str, Game[Any], Any]]:
    for name in GAMES:
        game = registry.game(name)
        yield f"{name}/default", game, game.new({})
    for name in sorted(scenario.examples()):
        game, _doc, start = scenario.prepare(scenario.open_source(name))
        yield name, game, scenario.dry_run(game, start)


POSITIONS = list(positions())
IDS = [p[0] for p in POSITIONS]


def seats_of(game: Game[Any], state: Any) -> list[str | None]:
    return [*game.seats(state), None]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    ("method", "core"), [("view", GameView), ("odds", OddsAnswer), ("los", LosAnswer)]
)
def test_each_game_names_its_own_shapes_extending_the_conventional_ones(
    name: str, method: str, core: Any
) -> None:
    """Not the bare core shape: every key a game adds is named, and the core's are kept."""
    for shape in _typeddicts(own_shape(registry.game(name), method)):
        assert _is_typeddict(shape) and shape is not core, (name, method, shape)
        assert _keys(core) <= _keys(shape), (shape.__name__, _keys(core) - _keys(shape))
        assert core.__required_keys__ <= shape.__required_keys__, shape.__name__


def test_the_shapes_cover_every_shipped_game_and_scenario() -> None:
    assert {p[0].split("/")[0] for p in POSITIONS} == set(GAMES)
    assert len(POSITIONS) >= len(GAMES) + 2


@pytest.mark.parametrize(("where", "game", "state"), POSITIONS, ids=IDS)
def test_legal_forms_are_action_forms(where: str, game: Game[Any], state: Any) -> None:
    for seat in seats_of(game, state):
        for form in game.legal(state, seat):
            conforms(ActionForm, form, closed=True)
            assert form["schema"].get("type") == "object", (where, form["type"])


@pytest.mark.parametrize(("where", "game", "state"), POSITIONS, ids=IDS)
def test_views_have_the_conventional_parts(where: str, game: Game[Any], state: Any) -> None:
    own = own_shape(game, "view")
    for seat in seats_of(game, state):
        view = game.view(state, seat)
        conforms(GameView, view, closed=False)
        conforms(own, view, closed=True)
        conforms(TurnView, view["turn"], closed=True)
        for panel in view.get("panels", []):
            conforms(Panel, panel, closed=True)
        board = view.get("board")
        if board is not None:
            conforms(Board, board, closed=True)
            for cell in board["hexes"]:
                conforms(BoardHex, cell, closed=True)
            for terrain in board["terrains"]:
                conforms(Terrain, terrain, closed=True)


def _two_hexes(game: Game[Any], state: Any) -> tuple[str, str]:
    board = game.view(state, None).get("board") or {"hexes": [{"hex": "0,0"}, {"hex": "1,0"}]}
    cells = [c["hex"] for c in board["hexes"]]
    return cells[0], cells[min(len(cells) - 1, 7)]


@pytest.mark.parametrize(("where", "game", "state"), POSITIONS, ids=IDS)
def test_los_answers_have_the_line_parts(where: str, game: Game[Any], state: Any) -> None:
    a, b = _two_hexes(game, state)
    own = own_shape(game, "los")
    for seat in seats_of(game, state):
        for x, y in ((a, b), (a, a)):
            answer = game.los(state, parse_hex(x), parse_hex(y), seat)
            conforms(LosAnswer, answer, closed=False)
            conforms(own, answer, closed=True)
            assert answer["hexes"][0] == x and answer["hexes"][-1] == y


FRACTION = re.compile(r"^\d+/\d+$")


def _choices(prop: Mapping[str, Any]) -> list[Any]:
    for where in (prop, *prop.get("anyOf", ()), prop.get("items") or {}):
        if isinstance(where, dict) and where.get("enum"):
            return list(where["enum"])
    return []


def _fillings(form: Mapping[str, Any], view: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """The form with its first choices, each actor aimed at each unit's hex or each target."""
    props: dict[str, Any] = form["schema"].get("properties", {})
    units = (view.get("map") or {}).get("units", [])
    hexes = [u["hex"] for u in units] or ["0,0"]
    for aim in hexes:
        action: dict[str, Any] = {"type": form["type"]}
        for name, prop in props.items():
            if name == "type" or not isinstance(prop, dict):
                continue
            found = _choices(prop)
            if prop.get("x-hex") == "one":
                action[name] = aim
            elif prop.get("x-hex") == "many":
                action[name] = [str(h) for h in parse_hex(aim).neighbours()[:1]]
            elif found and prop.get("type") != "array":  # a list (support...) stays empty
                action[name] = found[0]
        bare = {k: v for k, v in action.items() if props.get(k, {}).get("x-hex") != "one"}
        actors = _choices(props["unit"]) if "unit" in props else [action.get("unit")]
        for actor in actors:
            mine = {**action, "unit": actor} if "unit" in props else action
            yield mine
            if "target" in props:  # a unit aimed at instead of a hex (ToI: target or hex)
                for target in _choices(props["target"]):
                    yield {**bare, **({"unit": actor} if "unit" in props else {}), "target": target}


CHECKED_ODDS: dict[str, int] = {}


@pytest.mark.parametrize(("where", "game", "state"), POSITIONS, ids=IDS)
def test_odds_answers_have_a_title_and_exact_weights(
    where: str, game: Game[Any], state: Any
) -> None:
    own = own_shape(game, "odds")
    for seat in seats_of(game, state):
        for form in game.legal(state, seat):
            for action in _fillings(form, game.view(state, seat)):
                try:
                    odds = game.odds(state, action, seat)
                except OrdnanceError:
                    continue  # this filling is not a legal action
                if odds is None:
                    continue
                conforms(OddsAnswer, odds, closed=False)
                check(own, odds, f"{where} {action}", closed=True)
                assert all(FRACTION.match(p) for p in odds["distribution"].values()), odds
                CHECKED_ODDS[game.name] = CHECKED_ODDS.get(game.name, 0) + 1


def test_odds_answers_were_checked_for_games_with_dice_on_the_map() -> None:
    """Runs after the odds test (file order): the fillings reached real odds answers."""
    assert CHECKED_ODDS.get("toi", 0) > 0 and CHECKED_ODDS.get("waw", 0) > 0, CHECKED_ODDS


def test_an_event_as_a_seat_sees_it_has_the_event_parts() -> None:
    """The secret split (hidden information): each side of it has kind and text."""
    event = Event(
        "hid", {"value": 3}, text="red hid 3", secret_for=frozenset({"red"}), public_text="hid"
    )
    for seat in ("red", "blue", None):
        conforms(EventView, event.for_seat(seat), closed=False)
        conforms(EventView, event.for_seat(seat, messages=True), closed=False)
    assert "value" not in event.for_seat("blue")


ASL_GUNS: list[dict[str, Any]] = [
    {"type": "add_gun", "id": "t34", "side": "russian", "notation": "A5^4^/6^5",
     "gun_size": "85L", "rof": 1, "hex": "0,0"},
    {"type": "add_gun", "id": "pak40", "side": "german", "gun_size": "75L", "hex": "4,0"},
    {"type": "add_gun", "id": "pz3n", "side": "german", "notation": "sD7 H9 s9",
     "gun_size": "75*", "hex": "3,0"},
]  # fmt: skip
ASL_SHOTS: list[dict[str, Any]] = [
    {"type": "fire", "gun": "t34"},
    {"type": "fire", "gun": "t34", "ammo": "AP", "target": "vehicle", "range": 4, "af": 8},
    {"type": "fire", "gun": "t34", "ammo": "APCR"},
    {"type": "fire", "gun": "t34", "ammo": "APCR", "target": "vehicle", "range": 4, "af": 8},
    {"type": "fire", "gun": "pak40", "ammo": "HEAT"},
    {"type": "fire", "gun": "pz3n", "ammo": "HEAT", "target": "vehicle", "range": 1, "af": 11},
    {"type": "place_smoke", "gun": "pz3n", "target": "1,0"},
    {"type": "place_smoke", "gun": "pz3n", "target": "1,0", "range": 2},
]


def test_asl_shot_odds_have_the_asl_shot_shape() -> None:
    """ASL-8.9-c/d/e, notes B5/B6, C8.9: each kind of odds answer matches ``AslShotOdds``."""
    game = registry.game("asl")
    settings = {
        "date": "1944-06",
        "theatre": "ETO",
        "sides": [
            {"name": "russian", "nationality": "russian"},
            {"name": "german", "nationality": "german"},
        ],
    }
    state = game.new(settings)
    for action in ASL_GUNS:
        state = game.apply(state, action, EnteredDice([])).state
    seen: set[str] = set()
    for phase in ("PFPh", "DFPh"):
        at = game.apply(state, {"type": "set_phase", "phase": phase}, EnteredDice([])).state
        for shot in ASL_SHOTS:
            try:
                odds = game.odds(at, shot, None)
            except OrdnanceError:
                continue
            assert odds is not None, shot
            conforms(OddsAnswer, odds, closed=False)
            check(own_shape(game, "odds"), odds, f"asl {phase} {shot}", closed=True)
            seen |= set(odds)
    assert {"joint", "whole_shot", "p_hit", "placed"} <= seen, seen


def event_shapes(game: Game[Any]) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """A game's ``EVENT_DATA`` and ``PUBLIC_EVENT_DATA`` (kind -> payload TypedDict).

    They live in the game's ``shapes`` module, beside its view and answer shapes.
    """
    package = type(game).__module__.rsplit(".", 1)[0]
    shapes = importlib.import_module(f"{package}.shapes")
    return shapes.EVENT_DATA, shapes.PUBLIC_EVENT_DATA


def played_events(name: str) -> Iterator[tuple[str, list[str | None], Event]]:
    """Events of the game's shipped set-ups, then of a seeded random walk from each
    shipped position: each step, one filled legal form of a seat to act that the
    rules accept (rolled with seeded dice)."""
    for where, game, state in POSITIONS:
        if not where.startswith(f"{name}/"):
            continue
        seats = seats_of(game, state)
        if where != f"{name}/default":
            _game, _doc, start = scenario.prepare(scenario.open_source(where))
            at = game.new(start.settings)
            for action in start.actions:
                out = game.apply(at, action, EnteredDice([]))
                at = out.state
                yield from ((f"{where} set-up", seats, e) for e in out.events)
        rng = random.Random(where)
        for step in range(WALK):
            tries = [
                (seat, action)
                for seat in game.turn(state).active
                for form in game.legal(state, seat)
                for action in _fillings(form, game.view(state, seat))
            ]
            tries += [(None, action) for action in EXTRA[name](game.view(state, None))]
            # one kind of action at a time, in random order, so that a kind with many
            # fillings (attacks on every hex) does not crowd the rare ones out
            by_kind: dict[str, list[tuple[str | None, dict[str, Any]]]] = {}
            for seat, action in tries:
                by_kind.setdefault(str(action.get("type")), []).append((seat, action))
            kinds = sorted(by_kind)
            rng.shuffle(kinds)
            ordered = []
            for kind in kinds:
                rng.shuffle(by_kind[kind])
                ordered += by_kind[kind][:10]
            for seat, action in ordered[:40]:
                try:
                    out = game.apply(state, action, dice_source(None, step), seat)
                except OrdnanceError:
                    continue
                state = out.state
                yield from ((f"{where} #{step} {seat} {action}", seats, e) for e in out.events)
                break


def _toi_extra(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Purchases (TOI-GEN-4), command and Smoke rounds (TOI-SMK-1), which the fillings miss."""
    units = [u for u in view["units"] if u["alive"]]
    return (
        [{"type": "buy", "unit": u["id"], "munition": m} for u in units for m in ("HE", "Smoke")]
        + [{"type": "receive_command", "side": n, "amount": 2} for n in view["nations"]]
        + [{"type": "attack", "unit": u["id"], "hex": v["hex"]} for u in units for v in units]
        + [  # fire at enemy units, which reveals a token the firer holds (TOI-GEN-5)
            {"type": "attack", "unit": u["id"], "target": v["id"]}
            for u in units
            for v in units
            if u["side"] != v["side"]
        ]
    )


def _waw_extra(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """HE Fire missions (WAW-HE-a), whose firepower the fillings leave out."""
    hexes = sorted({u["hex"] for u in view["map"]["units"]})
    return [
        {"type": "he_fire", "side": s, "target": h, "firepower": 6, "hit_number": 4}
        for s in view["sides"]
        for h in hexes
    ]


def _asl_extra(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Guns, phases, declarations, shots and SCW fire, which the fillings rarely complete."""
    guns = [g["id"] for g in view["record"]]
    sides = [view["attacker"], view["defender"]]
    return [
        *ASL_GUNS,
        *ASL_SHOTS,
        *({"type": "set_phase", "phase": p} for p in ("PFPh", "DFPh")),
        *({"type": "declare_ammo", "gun": g, "ammo": "APCR"} for g in guns),
        *({"type": "turn_ca", "gun": g, "ca": 2} for g in guns),
        *({"type": "fire_scw", "side": s, "weapon": "PSK", "target": "vehicle"} for s in sides),
    ]


EXTRA = {"toi": _toi_extra, "waw": _waw_extra, "asl": _asl_extra}
#: Steps of the random walk from each position.
WALK = 60
#: Kinds each game's walk must reach (the others are rarer: checked when they occur).
REACHED = {
    "toi": {"move", "attack", "phase", "done", "round", "command"}
    | {"token-bought", "token-discarded"},
    "waw": {"moved", "fire", "he_fire", "smoke", "fascam", "mine_attack", "done"}
    | {"marker_removal", "placed"},
    "asl": {"gun_added", "phase", "shot", "declared", "ca", "scw_heat"},
}


@pytest.mark.parametrize("name", GAMES)
def test_event_payloads_have_the_shapes_their_game_declares(name: str) -> None:
    """Each event's data (and, for a secret, its public data: TOI-GEN-5) is its kind's
    TypedDict, closed; every kind played is declared; its view has the event parts."""
    game = registry.game(name)
    data_shapes, public_shapes = event_shapes(game)
    seen: set[str] = set()
    for where, seats, event in played_events(name):
        assert event.kind in data_shapes, (where, event.kind)
        check(data_shapes[event.kind], dict(event.data), f"{where} {event.kind}")
        if event.secret_for is not None:
            check(public_shapes[event.kind], dict(event.public or {}), f"{where} public")
        for seat in seats:
            conforms(EventView, event.for_seat(seat, messages=True), closed=False)
        seen.add(event.kind)
    assert REACHED[name] <= seen, REACHED[name] - seen
    assert set(public_shapes) <= set(data_shapes)


def test_a_toi_token_revealed_by_an_attack_has_its_declared_shape() -> None:
    """TOI-GEN-7: the event of a token turned face up by its unit's attack (which the random
    walk reaches only by chance) is its kind's TypedDict, closed, for every seat."""
    from tests.toi.helpers import act, buy, new, place_at, to

    game = registry.game("toi")
    data_shapes, _public = event_shapes(game)
    state = buy(to(new(), "munitions"), "g-pz", "AP-B")
    state = place_at(to(state, "action"), "s-tank", "3,3")
    _state, events = act(
        state, {"type": "attack", "unit": "g-pz", "target": "s-tank"}, [1] * 6 + [1] * 3
    )
    revealed = [e for e in events if e.kind == "token-revealed"]
    assert revealed
    for event in revealed:
        check(data_shapes[event.kind], dict(event.data), "token-revealed")
        for seat in ("german", "soviet"):
            conforms(EventView, event.for_seat(seat, messages=True), closed=False)


@pytest.mark.parametrize("name", GAMES)
def test_no_event_payload_key_shadows_the_event_parts(name: str) -> None:
    """An event's view merges its data into the event parts (``kind``, ``text``...): a payload
    key of the same name would replace the event's own (WaW's ``placed`` said the unit type
    where the kind belongs)."""
    data_shapes, public_shapes = event_shapes(registry.game(name))
    parts = set(get_type_hints(EventView))
    for kind, declared in {**data_shapes, **public_shapes}.items():
        for shape in get_args(declared) or (declared,):  # a kind may have several shapes
            keys = set(get_type_hints(shape))
            assert not parts & keys, (kind, parts & keys)
