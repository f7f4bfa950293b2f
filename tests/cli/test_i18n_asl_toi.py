"""ASL and Tide of Iron event texts in Russian, from their message templates.

Every event the two games emit is built with ``Event.of(kind, data, msg(...))``:
``text`` is the English rendering (byte-identical to the texts the game tests
assert), and the faces render the same template from ``games.po``. A Tide of
Iron event about a face-down token gives the other seat its public message
only, in Russian as in English. Covers ASL-8.9-c/d/e (the shot record texts),
ASL-8.1-c (ordinary shots), TOI-GEN-4/5 (a purchase), TOI-GEN-7 (the reveal),
TOI-GEN-8 (a discard) and the attack procedure's event (notes B5/B6).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from ordnance import i18n
from ordnance.asl.plugin import AslGame
from ordnance.asl.rules.depletion import DepletionOutcome
from ordnance.asl.rules.phases import Phase as AslPhase
from ordnance.core.dice import EnteredDice, SeededDice
from ordnance.core.events import Event
from ordnance.core.messages import render_message
from ordnance.toi.plugin import GAME as TOI
from ordnance.toi.rules.attack import RangeBand
from ordnance.toi.rules.damage import VehicleDamage
from ordnance.toi.rules.munitions import Munition
from ordnance.toi.state import ROUND, position_name
from tests.toi.helpers import new as toi_new

ASL = AslGame()
SIDES = [{"name": "russian", "nationality": "russian"}, {"name": "german", "nationality": "german"}]
T34 = {"type": "add_gun", "id": "t34", "side": "russian", "name": "T-34/85",
       "notation": "A5^4^/6^5", "gun_size": "85L", "hex": "0,0"}  # fmt: skip
SRC = Path(__file__).resolve().parents[2] / "src" / "ordnance"
FIELDS = re.compile(r"\{([a-z_]+)\}")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.activate("en")


def ru(event: Event, seat: str | None = None) -> str:
    return i18n.event_text(event.for_seat(seat, messages=True), i18n.translations("ru").gettext)


def _asl(*actions: tuple[dict[str, Any], tuple[int, ...]]) -> list[Event]:
    state = ASL.new({"date": "1944-06", "sides": SIDES})
    events: list[Event] = []
    for action, dice in actions:
        source = EnteredDice(dice)
        out = ASL.apply(state, action, source, None)
        source.finish()
        state = out.state
        events += out.events
    return events


def _toi(*steps: tuple[dict[str, Any], tuple[int, ...], str | None]) -> list[Event]:
    state = toi_new(start_phase="status")
    events: list[Event] = []
    for action, dice, seat in steps:
        source = EnteredDice(dice) if dice else SeededDice(3)
        out = TOI.apply(state, action, source, seat)
        if isinstance(source, EnteredDice):
            source.finish()
        state = out.state
        events += out.events
    return events


ASL_SHOTS = _asl(
    (T34, ()),
    ({"type": "set_phase", "phase": "PFPh", "attacker": "russian"}, ()),
    ({"type": "fire", "gun": "t34", "ammo": "APCR", "ca": 1}, (2, 1)),
    # the next Game Turn: a Gun that Prep Fired may not fire again in that Player Turn's AFPh
    ({"type": "set_phase", "phase": "AFPh", "turn": 2}, ()),
    ({"type": "fire", "gun": "t34", "ammo": "ordinary"}, (3, 4)),
)

TOI_BUY = [
    ({"type": "advance", "to": "munitions"}, (), None),
    ({"type": "buy", "unit": "g-tank", "munition": "AP-C"}, (), "german"),
]


def test_asl_shot_in_russian_english_unchanged() -> None:
    added, phase, special, _afph, ordinary = ASL_SHOTS
    assert added.text.startswith("russian added t34 (T-34/85): ")
    assert phase.text == "turn 1, Player Turn (russian): PFPh (Prep Fire Phase)"
    assert ru(phase) == "игровой ход 1, ход игрока (русские): PFPh (фаза подготовительного огня)"
    assert special.text.startswith("T-34/85 shot #1: APCR, N=")
    assert special.text == render_message(str(special.template), special.args or {})
    assert special.text.endswith("DR 2+1=3: the round is fired and more remain")
    assert ru(special).startswith("T-34/85, выстрел №1: APCR, N=")
    assert ru(special).endswith("DR 2+1=3: снаряд выпущен, запас ещё есть")
    assert ordinary.text == "T-34/85 fires ordinary (shot #2), DR 3+4=7"
    assert ru(ordinary) == "T-34/85 стреляет: обычными боеприпасами (выстрел №2), DR 3+4=7"
    # the journal record keeps the English text and adds the message beside it
    assert Event.from_record(special.to_record()) == special


def test_toi_purchase_and_attack_in_russian() -> None:
    events = _toi(
        *TOI_BUY,
        ({"type": "advance", "to": "action"}, (), None),
        # the German (initiative) takes its action turn first (TOI-B8), then the Soviet attacks
        ({"type": "move", "unit": "g-squad", "to": "1,1"}, (), None),
        ({"type": "attack", "unit": "s-tank", "target": "g-tank"}, (), None),
    )
    bought = next(e for e in events if e.kind == "token-bought")
    assert ru(bought, "german") == (
        "немцы: куплен жетон AP-C (german-1) и положен рубашкой вверх рядом с Test tank; "
        "очки командования 3 -> 2"
    )
    attack = next(e for e in events if e.kind == "attack")
    assert attack.text.startswith("T-34/76 attacks Test tank at ")  # named, not by id
    assert attack.text == render_message(str(attack.template), attack.args or {})
    assert "g-tank" in attack.data["result"]  # the data keep the ids
    text = ru(attack)
    assert text.startswith("T-34/76 атакует Test tank на ") and "чёрных кубиков" in text
    assert "attacks" not in text


def test_toi_secret_event_in_russian_names_no_type_for_the_opponent() -> None:
    """TOI-GEN-5: the token lies face down; the Soviet's Russian text is the public one."""
    for secret in Munition:
        events = _toi(TOI_BUY[0], ({**TOI_BUY[1][0], "munition": secret.value}, (), "german"))
        bought = events[-1]
        theirs = ru(bought, "soviet")
        assert theirs == (
            "немцы: жетон боеприпасов положен рубашкой вверх рядом с Test tank "
            f"(1 очко командования; осталось {bought.data['command']})"
        )
        shown = bought.for_seat("soviet", messages=True)
        assert secret.value not in repr(shown) and secret.value not in theirs
        assert secret.value in ru(bought, "german")


def test_toi_discard_in_russian_hides_the_type() -> None:
    """TOI-GEN-8: discarding a face-down token; the opponent never learns its type."""
    state = toi_new(start_phase="status")
    for action, seat in (
        ({"type": "advance", "to": "munitions"}, None),
        ({"type": "buy", "unit": "g-tank", "munition": "HE"}, "german"),
        ({"type": "advance", "to": "munitions"}, None),
        ({"type": "advance", "to": "keep-or-discard"}, None),
    ):
        state = TOI.apply(state, action, SeededDice(1), seat).state
    out = TOI.apply(state, {"type": "discard", "unit": "g-tank"}, SeededDice(1), "german")
    event = out.events[-1]
    assert "HE" not in ru(event, "soviet") and "HE" in ru(event, "german")
    assert ru(event, "soviet") == "немцы: сброшен закрытый жетон боеприпасов у Test tank"


# -- every template is in the catalogue with the same fields ------------------------------


def _static_templates() -> set[str]:
    """Every literal first argument of ``msg(...)``/``term(...)`` in the two game modules."""
    found: set[str] = set()
    for path in [*(SRC / "asl").rglob("*.py"), *(SRC / "toi").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("msg", "term")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def _dynamic_templates() -> set[str]:
    """The templates built from enum values or joined pieces."""
    shot = "{gun} fires {ammo} (shot #{shot}), DR {coloured}+{white}={dr}"
    smoke = (
        "{unit} fires Smoke at {hex} ({range}): {dice} dice hitting on {hit_on}+ "
        "{black} = {hits} hit(s)"
    )
    drift = "; drift: red {red}, black {black_die}"
    found = {shot, shot + ": malfunction (B#{breakdown})", shot + ": Multiple ROF kept"}
    found |= {p.full_name for p in AslPhase}
    found |= {f"{b.value} range" for b in RangeBand}
    found |= {f"{{unit}} {d.value}" for d in VehicleDamage}
    found |= {"{unit} pinned", "{unit} disrupted"}
    found |= {"{unit} destroyed; {notes}", "{unit} eliminated; {notes}"}
    found |= {f"no smoke ({r})" for r in ("off-map", "building", "smoke")}
    found |= {position_name(p, s) for p, s in ROUND}
    found |= {
        smoke + tail + "; {landing} ({clause})"
        for tail in (
            "",
            drift,
            drift + " -> {count} hex(es) {direction}",
            "; misfire: the Smoke token is discarded",
        )
    }
    found |= {"units are fresh; pinned markers removed; disrupted squads now pinned"}
    return found


def _event_templates(events: list[Event]) -> set[str]:
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, Mapping):
            if "template" in value:
                found.add(str(value["template"]))
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for e in events:
        for template, args in ((e.template, e.args), (e.public_template, e.public_args)):
            if template is not None:
                found.add(template)
                walk(dict(args or {}))
    return found


def test_every_asl_and_toi_template_is_in_the_catalogue_with_the_same_fields() -> None:
    strings: dict[str, str] = {}
    for domain in (i18n.REFUSALS_DOMAIN, i18n.GAMES_DOMAIN):  # refusal templates: refusals.po
        with i18n.catalogue_path("ru", domain).open("rb") as fh:
            catalog = read_po(fh, locale="ru")
        strings |= {str(m.id): str(m.string or "") for m in catalog if m.id}
    seen = _event_templates(ASL_SHOTS) | _event_templates(
        _toi(*TOI_BUY, ({"type": "advance", "to": "action"}, (), None))
    )
    # counters' names (terms, translated where the catalogue knows them) are not templates
    seen -= {"T-34/85", "Test tank"}
    wanted = _static_templates() | _dynamic_templates() | seen
    wanted.discard("{ammo}, {n}, DR {coloured}+{white}={dr}: {outcome}")  # checked below too
    wanted |= {"{ammo}, {n}, DR {coloured}+{white}={dr}: {outcome}"}
    assert seen <= wanted
    missing = sorted(t for t in wanted if not strings.get(t))
    assert missing == []
    for template in wanted:
        assert set(FIELDS.findall(strings[template])) == set(FIELDS.findall(template)), template
    # the depletion outcome texts of every DepletionOutcome are there too
    assert len(DepletionOutcome) == 3
