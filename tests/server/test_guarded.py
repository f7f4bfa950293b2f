"""Bad input is refused (4xx, naming what is wrong); a bug stays a bug (500).

``service.guarded`` words only validation errors (an OrdnanceError passes
through, a Pydantic ValidationError becomes ``BadAction``). A KeyError or
TypeError out of a game is a programming error: it is neither caught nor
dressed as a refusal, so tests see it (TestClient re-raises it) and a client
gets a 500, never a 4xx that would hide it.

The sweep at the end sends malformed variants of every legal form of every
shipped scenario to ``act`` and ``odds``: each must be refused with an
OrdnanceError (the clause-naming refusal every face prints), never crash.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel, ConfigDict

from ordnance.core import registry, scenario
from ordnance.core.dice import DiceSource
from ordnance.core.errors import OrdnanceError
from ordnance.core.journal import open_journal
from ordnance.core.registry import GamePlugin
from ordnance.core.shapes import GameView
from ordnance.server.app import create_app
from ordnance.server.service import BadAction, TableService, guarded
from tests.server.conftest import Table
from tests.server.secret_game import SecretGame, SecretState


class _Shot(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: str
    range: int


class BuggyGame(SecretGame):
    """The test game with two planted bugs: ``view`` of axis and the ``crash`` action."""

    name = "buggy"

    def view(self, state: SecretState, seat: str | None) -> GameView:
        if seat == "axis":
            return {"broken": {}["missing"]}  # a KeyError: a bug in the game
        return super().view(state, seat)

    def _resolve(
        self,
        state: SecretState,
        action: Mapping[str, Any],
        dice: DiceSource,
        seat: str | None = None,
    ) -> Any:
        if action.get("type") == "crash":
            return len(None)  # type: ignore[arg-type]  # a TypeError: a bug
        if action.get("type") == "shot":
            _Shot.model_validate(dict(action))  # bad input: refused by its model
        return super()._resolve(state, action, dice, seat)


registry.register(GamePlugin(BuggyGame()))


@pytest.fixture
def lenient(tmp_path: Path) -> Any:
    """A client that answers a server error as 500 instead of re-raising it."""
    app = create_app(tmp_path / "table.db", heartbeat=0.2)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def test_guarded_words_a_validation_error_and_lets_a_bug_through() -> None:
    with pytest.raises(BadAction, match="range"):
        guarded(lambda: _Shot.model_validate({"type": "shot", "range": "far"}))
    with pytest.raises(KeyError):
        guarded(lambda: {}["missing"])
    with pytest.raises(TypeError):
        guarded(lambda: len(None))  # type: ignore[arg-type]
    assert guarded(lambda: 7) == 7


def test_a_bug_in_a_games_view_is_a_500_not_a_refusal(lenient: TestClient) -> None:
    table = Table(lenient, "buggy")
    assert table.get("allies", "/view").status_code == 200
    res = table.get("axis", "/view")
    assert res.status_code == 500


def test_a_bug_in_apply_is_a_500_and_writes_nothing(lenient: TestClient) -> None:
    table = Table(lenient, "buggy")
    before = table.version()
    res = table.act("allies", {"type": "crash"})
    assert res.status_code == 500
    assert table.version() == before


def test_a_bug_reaches_the_test_that_made_it(client: TestClient) -> None:
    """With the default TestClient the exception itself surfaces in the test."""
    table = Table(client, "buggy")
    with pytest.raises(TypeError):
        table.act("allies", {"type": "crash"})


def test_a_field_the_games_model_refuses_is_a_422_naming_it(client: TestClient) -> None:
    table = Table(client, "buggy")
    res = table.act("allies", {"type": "shot", "range": "far"})
    assert res.status_code == 422, res.text
    assert "range" in res.json()["message"]


def test_settings_that_give_a_game_no_seat_are_refused(client: TestClient) -> None:
    """WaW settings with no side used to crash table creation (an IndexError, a 500)."""
    res = client.post("/api/tables", json={"game": "waw", "settings": {"sides": {}}})
    assert res.status_code == 422, res.text
    assert "no seat" in res.json()["message"]


GARBAGE: tuple[Any, ...] = (None, -1, "", "zz", "999,999", ["zz"], {}, 1.5)


def _variants(form: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The form filled with its first choices, then each field in turn missing or wrong."""
    props: dict[str, Any] = form["schema"].get("properties", {})
    base: dict[str, Any] = {"type": form["type"]}
    for name, prop in props.items():
        if name != "type" and isinstance(prop, dict):
            base[name] = (prop.get("enum") or [prop.get("default")])[0]
    out = [{"type": form["type"]}, base]
    for name in props:
        if name == "type":
            continue
        out.append({k: v for k, v in base.items() if k != name})
        out += [{**base, name: value} for value in GARBAGE]
    return out


def _refused_or_done(fn: Callable[[], object]) -> None:
    # A refusal naming the rule or the field is what bad input gets; anything else raises.
    with suppress(OrdnanceError):
        fn()


@pytest.mark.parametrize("example", sorted(scenario.examples()))
def test_malformed_actions_are_refused_never_crash(tmp_path: Path, example: str) -> None:
    game = example.split("/")[0]
    svc = TableService(open_journal(f"sqlite:///{tmp_path / 'sweep.db'}"))
    doc = scenario.open_source(example).data
    table = svc.create_from_scenario(game, doc, {})
    gid = table.game_id
    seats: Sequence[str] = svc.view(gid, table.seat)["seats"]
    sent = 0
    for seat in seats:
        for form in svc.view(gid, seat)["legal"]:
            for action in _variants(form):
                sent += 1
                _refused_or_done(partial(svc.odds, gid, seat, action))
                _refused_or_done(partial(svc.act, gid, seat, action, svc.version(gid)))
    assert sent > 20  # the sweep reached the scenario's forms
