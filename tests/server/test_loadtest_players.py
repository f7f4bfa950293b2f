"""The load test's players (``scripts/loadtest.py``) pick legal actions and play whole rounds.

Each player chooses only from its seat's ``legal`` forms, so the sequence of
play decides who acts: the Action Phase alternates nations one unit at a time
(TOI-B8, TOI-ACT-1..3), Op Fire reacts to a move (TOI-B9), and the purchase
window and keep-or-discard are each nation's own until it says done
(TOI-GEN-4, TOI-GEN-8). In memory with seeded dice the game is reproducible,
so it can assert tokens get bought and revealed; over HTTP against a real
server it asserts rounds advance with no refusal at all.
"""

from __future__ import annotations

import asyncio
import importlib.util
import random
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ordnance.bench import page_players, toi_players
from ordnance.core import registry
from ordnance.core.dice import SeededDice
from ordnance.core.errors import OrdnanceError
from ordnance.core.turns import check_turn
from tests.server.conftest import free_port
from tests.server.live import wait_started

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


loadtest = _script("loadtest")


def _answer(game: Any, state: Any, seat: str, version: int) -> dict[str, Any]:
    """What ``GET /view`` carries that the players read: the view, legal forms, turn."""
    view = game.view(state, seat)
    return {
        "version": version,
        "view": view,
        "legal": game.legal(state, seat),
        "turn": view["turn"],
    }


def test_only_the_nation_on_turn_plans_an_action_at_the_start() -> None:
    """TOI-B8, TOI-ACT-1: the initiative (german) acts first; the soviet's view offers
    nothing, so its player waits instead of sending an action the server would refuse."""
    game = registry.game("toi")
    state = game.new({})
    german = toi_players.plan("german", _answer(game, state, "german", 0), {}, random.Random(1))
    soviet = toi_players.plan("soviet", _answer(game, state, "soviet", 0), {}, random.Random(1))
    assert soviet == []
    assert german and all(a["type"] in ("attack", "move", "done") for a in german)
    own = {u.id for u in state.units if u.side == "german"}
    assert all(a["unit"] in own for a in german if "unit" in a)


def test_players_play_whole_rounds_in_memory_without_an_out_of_turn_action() -> None:
    """Every action the players send passes the sequence-of-play check (TOI-B8, TOI-B9,
    TOI-GEN-4, TOI-GEN-8) and the rules; rounds advance, tokens are bought and revealed."""
    game = registry.game("toi")
    state = game.new({})
    taken: dict[str, Counter[str]] = {s: Counter() for s in toi_players.SEATS}
    rngs = {s: random.Random(f"test-{s}") for s in toi_players.SEATS}
    kinds: Counter[str] = Counter()
    revealed = 0
    for version in range(400):
        accepted = None
        plans = [
            (s, toi_players.plan(s, _answer(game, state, s, version), taken[s], rngs[s]))
            for s in toi_players.SEATS
        ]
        plans.sort(key=lambda p: not (p[1] and p[1][0].get("mode") == "op_fire"))
        for seat, candidates in plans:
            for action in candidates:
                if action["type"] == "attack":
                    try:  # the page's odds panel: an attack it cannot price is not sent
                        game.odds(state, action, seat)
                    except OrdnanceError:
                        continue
                check_turn(game, state, action, seat)  # raises on an out-of-turn action
                outcome = game.apply(state, action, SeededDice(f"t-{version}"), seat)
                accepted = (seat, action, outcome)
                break
            if accepted:
                break
        assert accepted is not None, f"no seat acted at {state.position} (version {version})"
        seat, action, outcome = accepted
        key = toi_players.position_key(game.view(state, seat))
        taken[seat][key] += action["type"] not in ("done", "advance")
        kinds[action["type"]] += 1
        revealed += sum(e.kind == "token-revealed" for e in outcome.events)
        state = outcome.state
    assert state.round >= 6
    assert {"move", "attack", "done", "advance", "buy", "receive_command"} <= set(kinds)
    assert revealed >= 1


@pytest.fixture()
def base(tmp_path: Path) -> Iterator[str]:
    import uvicorn

    from ordnance.server.app import create_app

    app = create_app(tmp_path / "load.db", heartbeat=1.0, create_rate=None)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    wait_started(srv, thread)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def test_players_play_a_round_over_http_with_no_refusal(base: str) -> None:
    """Against a real server (server dice, both seats' views and logs between actions):
    a full round and more with no refusal at all, so none out of turn (TOI-B8, TOI-GEN-4)."""

    async def play() -> Any:
        async with (
            httpx.AsyncClient(timeout=120) as client,
            httpx.AsyncClient(timeout=httpx.Timeout(120, read=None)) as streams,
        ):
            live = page_players.StreamLive(streams)
            [table] = await page_players.create_tables(client, base, 1, live)
            stats = page_players.Stats()
            for _ in range(40):
                await page_players.play_turn(client, table, stats)
            record = await client.get(table.path + "/dice", headers=table.players[0].headers)
            return stats, record.json()

    stats, record = asyncio.run(play())
    answer = loadtest.report(stats)
    assert answer["rounds_completed"] >= 1
    assert answer["refusals"] == {} and answer["out_of_turn_refusals"] == 0
    assert answer["actions"] == 40
    # as the page: the action's answer carries the acting seat's next view; the other
    # seat reads once (POST /since), with its reveal when the action waits for its dice,
    # which draws the roll while the action's answer waits for it (wait_dice), so the
    # acting seat reads nothing more (a page whose view cannot yet name its chain reads
    # once before it reveals); the first load reads once each
    rolled = len(record["rolls"])
    assert not stats.view_ms and not stats.log_ms  # no /view, no /log
    assert 2 + 40 <= len(stats.since_ms) <= 2 + 40 + rolled
    assert stats.drawn_in_answer >= 1 and stats.answered_pending == 0, stats
    # dice.js: each page publishes its anchor, reveals its element for each action
    # waiting for its dice (in its /since) and checks the rolls; so every server roll mixed both
    # seats' secrets, with no refusal of an anchor or element (TABLE-DICE-2..8)
    assert len(record["chains"]) == 2 and stats.dice_ms
    assert record["rolls"]
    later = [roll for roll in record["rolls"] if roll["version"] >= 1]
    assert later
    assert all(None not in roll["elements"].values() for roll in later)
