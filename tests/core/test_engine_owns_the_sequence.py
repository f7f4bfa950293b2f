"""The engine owns the sequence of play: ``Game.apply`` is the one entry point, and it
refuses an action out of turn before any rule runs, naming the game's sequence clause.

What a bot or another program calls directly (``GAME.apply``) is what the faces call
through ``GameSession``: the Soviet attacking out of turn and the German attacking
twice in a row are refused in the three games whose sequence of play defines it
(TOI-B8, TOI-B9; ASL-B3; WAW-B6). The raw resolution is private (``_resolve``), a game
cannot override ``apply``, and only the journal's replay skips the check
(the private ``_replay_recorded``, called by ``ordnance.core.journal.derive`` alone),
for entries it already accepted.

Neither hot-seat play (seat ``None``) nor ``consented=True`` is a way round the turn:
the hot seat acts only FOR the seat whose move it is (``Game.acting_seat``: the owner
of the acting piece, the side the action names), and consent lifts only the refusal
of a change to another seat's pieces (CORE-CONSENT).
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from ordnance.asl.plugin import AslGame
from ordnance.core.dice import DiceSource, EnteredDice, SeededDice
from ordnance.core.errors import RuleViolation
from ordnance.core.game import Game, Outcome, _replay_recorded
from ordnance.core.journal import GameSession, open_journal
from ordnance.toi.plugin import GAME as TOI
from ordnance.waw.plugin import WorldAtWar
from tests.toi.helpers import new as toi_new
from tests.toi.helpers import rolled

ASL = AslGame()
WAW = WorldAtWar()


def _refused(
    game: Game[Any],
    state: Any,
    action: dict[str, Any],
    seat: str | None,
    *,
    consented: bool = False,
) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        game.apply(state, action, SeededDice(0), seat, consented=consented)
    return err.value


# -- Tide of Iron: alternating action turns, the initiative nation first -------------------
def test_toi_soviet_out_of_turn_and_german_twice_are_refused_by_apply() -> None:
    """covers TOI-B8: the German has the initiative; one unit each, alternating."""
    state = toi_new()
    attack_soviet = {"type": "attack", "unit": "s-tank", "target": "g-tank"}
    err = _refused(TOI, state, attack_soviet, "soviet")
    assert err.clause == "TOI-B8" and "soviet may not attack now" in err.message
    state = TOI.apply(
        state, {"type": "attack", "unit": "g-tank", "target": "s-tank"}, rolled(1), "german"
    ).state
    err = _refused(TOI, state, {"type": "attack", "unit": "g-pz", "target": "s-tank"}, "german")
    assert err.clause == "TOI-B8" and "german" in err.message and "soviet" in err.message


def test_toi_op_fire_is_refused_when_nothing_moved() -> None:
    """covers TOI-B9: Op Fire answers an enemy move; with nothing moved it is out of turn."""
    state = toi_new()
    opfire = {"type": "attack", "unit": "s-tank", "target": "g-tank", "mode": "op_fire"}
    err = _refused(TOI, state, opfire, "soviet")
    assert err.clause in ("TOI-B8", "TOI-B9")


# -- ASL: the ATTACKER fires in the PFPh and AFPh, the DEFENDER in the DFPh ----------------
SIDES = [
    {"name": "german", "nationality": "german"},
    {"name": "soviet", "nationality": "russian"},
]


def _asl(phase: str) -> Any:
    state = ASL.new({"sides": SIDES})
    for gun in (
        {"type": "add_gun", "id": "pak", "side": "german", "gun_size": "75L", "notation": "A5"},
        {"type": "add_gun", "id": "t34", "side": "soviet", "gun_size": "85L", "notation": "A5"},
    ):
        state = ASL.apply(state, gun, EnteredDice(()), None).state
    return ASL.apply(state, {"type": "set_phase", "phase": phase}, EnteredDice(()), None).state


def test_asl_soviet_out_of_turn_and_german_twice_are_refused_by_apply() -> None:
    """covers ASL-B3: the German is the ATTACKER (first side): PFPh and AFPh are its,
    the DFPh the Soviet's."""
    state = _asl("PFPh")
    assert ASL.turn(state).active == ("german",)
    err = _refused(ASL, state, {"type": "fire", "gun": "t34", "ammo": "APCR"}, "soviet")
    assert err.clause == "ASL-B3" and "soviet" in err.message
    fired = ASL.apply(
        state, {"type": "fire", "gun": "pak", "ammo": "APCR"}, EnteredDice([3, 2]), "german"
    ).state
    # the German ends its PFPh; the MPh waits for both; the DFPh is the Soviet's
    state = ASL.apply(fired, {"type": "set_phase"}, EnteredDice(()), "german").state
    for seat in ("german", "soviet"):
        state = ASL.apply(state, {"type": "done"}, EnteredDice(()), seat).state
    assert ASL.turn(state).active == ("soviet",)
    err = _refused(ASL, state, {"type": "fire", "gun": "pak", "ammo": "APCR"}, "german")
    assert err.clause == "ASL-B3" and "german" in err.message


# -- World at War: both sides act in a turn's impulses, then say done ------------------------
def _waw() -> Any:
    state = WAW.new({"sides": {"german": "west_german", "soviet": "soviet"}})
    for side, uid, kind, h in (
        ("german", "leo", "Leopard 1", "2,2"),
        ("soviet", "t72", "T-72", "5,2"),
    ):
        action = {"type": "place_unit", "id": uid, "kind": kind, "side": side, "hex": h}
        state = WAW.apply(state, action, SeededDice(0), side).state
    return state


def test_waw_a_side_that_is_done_cannot_attack_again_this_turn() -> None:
    """covers WAW-B6: once a side said done, its fire this turn is refused (the German
    firing a second time after its part, the Soviet after its own)."""
    smoke = {"type": "smoke", "side": "german", "target": "3,3"}
    state = WAW.apply(_waw(), smoke, SeededDice(0), "german").state
    state = WAW.apply(state, {"type": "done"}, SeededDice(0), "german").state
    err = _refused(WAW, state, smoke, "german")
    assert err.clause == "WAW-B6"
    err = _refused(WAW, state, {"type": "done"}, "german")
    assert err.clause == "WAW-B6"


# -- the entry point itself ------------------------------------------------------------------
def test_a_game_cannot_override_apply() -> None:
    with pytest.raises(TypeError, match="implement _resolve"):

        class Sneaky(WorldAtWar):  # type: ignore[misc]  # apply is final
            def apply(  # type: ignore[misc]
                self,
                state: Any,
                action: Mapping[str, Any],
                dice: DiceSource,
                seat: str | None = None,
                *,
                consented: bool = False,
            ) -> Outcome[Any]:
                return self._resolve(state, action, dice, seat)


def test_the_journal_replay_is_the_only_way_round() -> None:
    """``_replay_recorded`` (the journal's replay of an entry it accepted) runs the rules
    alone; seat None (hot seat) may act for the active seat only."""
    state = toi_new()
    soviet_move = {"type": "move", "unit": "s-squad", "to": "3,3"}
    assert _refused(TOI, state, soviet_move, "soviet").clause == "TOI-B8"
    assert _refused(TOI, state, soviet_move, None).clause == "TOI-B8"
    replayed = _replay_recorded(TOI, state, soviet_move, EnteredDice(()), "soviet").state
    assert replayed != state  # the rules ran, unchecked, for the replay only
    seq: Sequence[str] = TOI.turn(state).active
    assert seq == ("german",)
    TOI.apply(state, {"type": "move", "unit": "g-squad", "to": "1,1"}, EnteredDice(()), None)


def test_only_the_journal_calls_the_replay() -> None:
    """The unchecked replay is private to the journal: no other module of the project
    names ``_replay_recorded`` but the journal's replay (``core/journal/derive.py``)."""
    src = Path(__file__).resolve().parents[2] / "src" / "ordnance"
    callers = set()
    for path in src.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        if "_replay_recorded" in names:
            callers.add(path.relative_to(src).as_posix())
    assert callers == {"core/journal/derive.py"}  # core/game.py defines it, calls it not


# -- hot seat (seat None) acts only FOR the seat whose move it is ----------------------------
def test_toi_hot_seat_may_not_attack_for_the_soviet_out_of_turn_nor_twice() -> None:
    """covers TOI-B8: the hot seat's attack is the acting unit's nation's (the German has
    the initiative): the Soviet's attack out of turn and the German's second are refused."""
    state = TOI.new({})
    soviet = {"type": "attack", "unit": "s-t34-1", "target": "g-panther-1"}
    assert TOI.acting_seat(state, soviet) == "soviet"
    err = _refused(TOI, state, soviet, None)
    assert err.clause == "TOI-B8" and "soviet" in err.message
    state = toi_new()
    state = TOI.apply(
        state, {"type": "attack", "unit": "g-tank", "target": "s-tank"}, rolled(1), None
    ).state
    err = _refused(TOI, state, {"type": "attack", "unit": "g-pz", "target": "s-tank"}, None)
    assert err.clause == "TOI-B8" and "german" in err.message
    # the Soviet, whose action turn it now is, may act from the hot seat
    TOI.apply(state, {"type": "attack", "unit": "s-tank", "target": "g-tank"}, rolled(1), None)


def test_toi_hot_seat_passes_only_for_the_nation_on_its_action_turn() -> None:
    """covers TOI-B8 and ours TOI-ACT-2: a hot-seat ``done`` is its side's; the Soviet may
    not pass on the German's action turn (it still has fresh units); the German may."""
    state = toi_new()
    err = _refused(TOI, state, {"type": "done", "side": "soviet"}, None)
    assert err.clause == "TOI-B8" and "soviet may pass only on their own action turn" in err.message
    passed = TOI.apply(state, {"type": "done", "side": "german"}, EnteredDice(()), None).state
    assert "german" in passed.done


def test_hot_seat_through_the_journal_is_checked_alike(tmp_path: Path) -> None:
    """covers TOI-B8: ``GameSession.act`` with seat None (the CLI without ``--as``) refuses
    the Soviet's attack out of turn and writes nothing."""
    journal = open_journal(tmp_path / "hot.db")
    session = GameSession.create(journal, "toi", {})
    with pytest.raises(RuleViolation) as err:
        session.act({"type": "attack", "unit": "s-t34-1", "target": "g-panther-1"}, rolled(1), None)
    assert err.value.clause == "TOI-B8"
    assert session.version == 0
    journal.close()


def test_toi_hot_seat_op_fire_needs_an_enemy_move() -> None:
    """covers TOI-B9: a hot-seat Op Fire attack with nothing moved is refused."""
    opfire = {"type": "attack", "unit": "s-tank", "target": "g-tank", "mode": "op_fire"}
    assert _refused(TOI, toi_new(), opfire, None).clause in ("TOI-B8", "TOI-B9")


def test_asl_hot_seat_fires_only_the_phasing_sides_guns() -> None:
    """covers ASL-B3: in the German's PFPh the hot seat may not fire the Soviet Gun."""
    state = _asl("PFPh")
    assert ASL.acting_seat(state, {"type": "fire", "gun": "t34"}) == "soviet"
    err = _refused(ASL, state, {"type": "fire", "gun": "t34", "ammo": "APCR"}, None)
    assert err.clause == "ASL-B3" and "soviet" in err.message
    ASL.apply(state, {"type": "fire", "gun": "pak", "ammo": "APCR"}, EnteredDice([3, 2]), None)
    dfph = _asl("DFPh")
    err = _refused(ASL, dfph, {"type": "fire", "gun": "pak", "ammo": "APCR"}, None)
    assert err.clause == "ASL-B3" and "german" in err.message


def test_waw_hot_seat_may_not_fire_for_a_side_that_is_done() -> None:
    """covers WAW-B6: the German said done; a hot-seat mission it calls is refused."""
    smoke = {"type": "smoke", "side": "german", "target": "3,3"}
    state = WAW.apply(_waw(), {"type": "done"}, SeededDice(0), "german").state
    assert WAW.acting_seat(state, smoke) == "german"
    err = _refused(WAW, state, smoke, None)
    assert err.clause == "WAW-B6" and "german" in err.message
    WAW.apply(state, {**smoke, "side": "soviet"}, SeededDice(0), None)  # the Soviet still acts


# -- consent lifts the consent refusal, never the turn -----------------------------------------
def test_toi_consent_does_not_lift_the_turn() -> None:
    """covers TOI-B8, TOI-B9: consented=True, the Soviet attack out of turn is still refused."""
    state = toi_new()
    attack = {"type": "attack", "unit": "s-tank", "target": "g-tank"}
    assert _refused(TOI, state, attack, "soviet", consented=True).clause == "TOI-B8"
    opfire = {**attack, "mode": "op_fire"}
    assert _refused(TOI, state, opfire, "soviet", consented=True).clause in ("TOI-B8", "TOI-B9")


def test_asl_consent_does_not_lift_the_turn() -> None:
    """covers ASL-B3: consented=True, the DEFENDER's fire in the PFPh is still refused."""
    state = _asl("PFPh")
    fire = {"type": "fire", "gun": "t34", "ammo": "APCR"}
    assert _refused(ASL, state, fire, "soviet", consented=True).clause == "ASL-B3"


def test_waw_consent_lifts_only_the_owner_check() -> None:
    """covers WAW-B6 and CORE-CONSENT: consent lets the Soviet set the German unit's
    condition (any time), but not fire for a side once that side is done."""
    state = _waw()
    condition = {"type": "set_condition", "unit": "leo", "condition": "eliminated"}
    assert _refused(WAW, state, condition, "soviet").clause == "CORE-CONSENT"
    WAW.apply(state, condition, SeededDice(0), "soviet", consented=True)
    smoke = {"type": "smoke", "side": "german", "target": "3,3"}
    done = WAW.apply(state, {"type": "done"}, SeededDice(0), "german").state
    assert _refused(WAW, done, smoke, "german", consented=True).clause == "WAW-B6"
