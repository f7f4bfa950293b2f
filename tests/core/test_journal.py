"""The journal: append in one transaction, rebuild by replay, undo, refuse cleanly."""

from __future__ import annotations

import pytest

from ordnance.core import registry
from ordnance.core.dice import EnteredDice, SeededDice
from ordnance.core.errors import InvalidDice, NotYourSeat, RuleViolation, StaleVersion
from ordnance.core.journal import GameSession, open_journal
from ordnance.core.registry import GamePlugin
from tests.core.toy_game import ToyGame

registry.register(GamePlugin(ToyGame()))


@pytest.fixture
def session(tmp_path):
    journal = open_journal(tmp_path / "j.db")
    # a fixed id: a random hex id could contain the digits a test searches for
    return GameSession.create(journal, "toy", {}, game_id="toy-game")


def test_state_is_rebuilt_from_recorded_dice(session):
    session.act({"type": "roll", "side": "red"}, EnteredDice([4]))
    session.act({"type": "roll", "side": "red"}, SeededDice(7))
    rolled = session.entries()[1].dice[0][0]
    assert session.state().totals == (4 + rolled, 0)
    # a brand-new session object sees the same state: nothing lives in memory
    again = GameSession(session.journal, session.game_id)
    assert again.state() == session.state()
    # the cached state is only an optimisation: a full replay agrees
    assert again.replay(again.entries()) == session.state()


def test_cache_misses_when_another_writer_appends(tmp_path):
    # two journals objects on one file stand for two server processes
    url = tmp_path / "shared.db"
    first = GameSession.create(open_journal(url), "toy", {})
    second = GameSession(open_journal(url), first.game_id)
    first.act({"type": "roll", "side": "red"}, EnteredDice([3]))
    assert second.state().totals == (3, 0)
    second.act({"type": "roll", "side": "blue"}, EnteredDice([2]))
    assert first.state().totals == (3, 2)
    assert first.view(None)["version"] == 2


def test_refused_action_writes_nothing(session):
    session.act({"type": "roll", "side": "red"}, EnteredDice([2]))
    for bad, dice in [
        ({"type": "roll", "side": "green"}, [3]),
        ({"type": "roll", "side": "red"}, [7]),
        ({"type": "nope", "side": "red"}, []),
    ]:
        with pytest.raises((RuleViolation, InvalidDice)):
            session.act(bad, EnteredDice(dice))
    assert session.version == 1 and len(session.entries()) == 1


def test_extra_entered_dice_are_refused(session):
    with pytest.raises(InvalidDice):
        session.act({"type": "roll", "side": "red"}, EnteredDice([2, 3]))
    assert session.version == 0


def test_undo_is_an_entry_and_replay_skips_the_undone_action(session):
    session.act({"type": "roll", "side": "red"}, EnteredDice([5]))
    session.act({"type": "roll", "side": "blue"}, EnteredDice([6]))
    session.undo()
    assert session.state().totals == (5, 0)
    entries = session.entries()
    assert [e.kind for e in entries] == ["action", "action", "undo"]
    assert entries[1].undone and not entries[0].undone
    session.undo()
    assert session.state().totals == (0, 0)
    with pytest.raises(RuleViolation) as err:
        session.undo()
    assert err.value.clause == "CORE-UNDO"


def test_stale_version_is_refused(session):
    session.act({"type": "roll", "side": "red"}, EnteredDice([1]), expected_version=0)
    with pytest.raises(StaleVersion):
        session.act({"type": "roll", "side": "red"}, EnteredDice([1]), expected_version=0)
    assert session.version == 1


def test_seat_cannot_act_for_the_other_side(session):
    with pytest.raises(NotYourSeat):
        session.act({"type": "roll", "side": "blue"}, EnteredDice([1]), seat="red")


def test_log_and_view_hide_the_other_seats_secret(session):
    secret = "987654321"
    session.act({"type": "hide", "side": "red", "value": int(secret)}, EnteredDice([]), seat="red")
    assert secret in str(session.log("red")) and secret in str(session.view("red"))
    assert secret not in str(session.log("blue")) and secret not in str(session.view("blue"))
    assert secret not in str(session.log(None))
