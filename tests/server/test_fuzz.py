"""Fuzzing the HTTP API from its OpenAPI document (schemathesis).

Bounded: a couple of dozen examples per operation. Every request is sent
with a real seat token and, for the table routes, a real table id, so the
generated bodies reach the rules. Two properties: no 5xx, and a refused
request (any 4xx) changes nothing in the database.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from sqlalchemy import func, select

from ordnance.core.journal.models import EntryRow, GameRow
from ordnance.server.app import create_app
from ordnance.server.models import (
    CommitmentRow,
    DiceAnchorRow,
    DiceRevealRow,
    DiceRollRow,
    SeatRow,
    UndoRequestRow,
)
from tests.server.conftest import Table


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[FastAPI, Table]]:
    app = create_app(tmp_path_factory.mktemp("fuzz") / "f.db", heartbeat=0.1)
    with TestClient(app) as client:
        table = Table(client)
        table.act("allies", {"type": "end_phase"})
        yield app, table


def _snapshot(app: FastAPI) -> tuple[Any, ...]:
    journal = app.state.service.journal
    with journal.reading() as s:
        counts = tuple(
            s.scalar(select(func.count()).select_from(t))
            for t in (
                GameRow,
                EntryRow,
                SeatRow,
                UndoRequestRow,
                DiceAnchorRow,
                DiceRevealRow,
                DiceRollRow,
                CommitmentRow,
            )
        )
        versions = tuple(s.execute(select(GameRow.id, GameRow.version).order_by(GameRow.id)).all())
        undo = tuple(s.execute(select(UndoRequestRow.id, UndoRequestRow.status)).all())
    return counts, versions, undo


OPERATIONS = 15  # operations in the document besides the stream (checked below)


@pytest.mark.parametrize("mode", ["positive", "negative"])
def test_api_never_fails_and_refusals_change_nothing(
    fuzz_app: tuple[FastAPI, Table], mode: str
) -> None:
    app, table = fuzz_app
    api = schemathesis.openapi.from_asgi("/openapi.json", app).exclude(path_regex=".*/events$")
    operations = [r.ok() for r in api.get_all_operations()]  # type: ignore[union-attr]
    assert len(operations) == OPERATIONS
    generation = GenerationMode.POSITIVE if mode == "positive" else GenerationMode.NEGATIVE
    seen: list[int] = []
    for op in operations:
        label = op.label
        params = {"game_id": table.id} if "{game_id}" in op.path else None

        @given(case=op.as_strategy(generation, path_parameters=params))
        @settings(
            max_examples=12,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def run(case: Any) -> None:
            seat = "allies" if len(repr(case.body)) % 2 else "axis"
            before = _snapshot(app)
            response = case.call(headers={"Authorization": f"Bearer {table.tokens[seat]}"})
            seen.append(response.status_code)
            assert response.status_code < 500, (label, response.text)  # noqa: B023 (run() is called in this iteration)
            if response.status_code >= 400:
                after = _snapshot(app)
                # a dice commitment may be drawn when a version is first viewed;
                # nothing else may move
                assert after[1:] == before[1:] and after[0][:7] == before[0][:7], (
                    label,  # noqa: B023
                    response.text,
                )

        try:
            run()
        except Unsatisfiable:  # nothing invalid to send to this operation
            assert mode == "negative"
    assert any(400 <= c < 500 for c in seen)
