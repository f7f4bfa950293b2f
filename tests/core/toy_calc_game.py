"""A fourth game for the faces: one action and one calculator, and no face code.

``roll`` (the toy game's action, with a form) and ``sum`` (a calculator: the
exact distribution of the sum of some d6). The faces must offer both with
nothing more than this declaration (``tests/core/test_toy_fourth_game.py``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ordnance.core.calculators import Calculator
from ordnance.core.errors import RuleViolation
from ordnance.core.forms import choices, rolls
from ordnance.core.odds.distribution import Distribution
from ordnance.core.registry import GamePlugin
from ordnance.core.shapes import ActionForm
from tests.core.toy_game import SEATS, ToyGame, ToyState


class SumQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra={"x-clause": "TOY-3"})
    dice: int = Field(2, title="Dice", description="how many d6 are summed", ge=1, le=6)
    at_least: int | None = Field(
        None, title="At least", description="the chance of this sum or more", ge=1, le=36
    )


def dice_sum(q: SumQuestion) -> dict[str, Any]:
    dist = Distribution.uniform(range(1, 7))
    total = dist
    for _ in range(q.dice - 1):
        total = total + dist
    if q.at_least is not None and q.at_least > 6 * q.dice:
        raise RuleViolation("TOY-3", f"{q.dice} dice never sum to {q.at_least}")
    answer: dict[str, Any] = {
        "title": f"Sum of {q.dice}d6",
        "xlabel": "sum",
        "distribution": total.to_json(),
    }
    if q.at_least is not None:
        answer["p_at_least"] = total.probability(lambda s: s >= (q.at_least or 0))
    return answer


SUM = Calculator(
    name="sum",
    title="The sum of some d6.",
    help="Exact distribution of the sum of some six-sided dice.",
    clauses=("TOY-3",),
    input_model=SumQuestion,
    run=dice_sum,
    hint="distribution",
    example={"dice": 2},
)


class FourthGame(ToyGame):
    name = "fourth"
    title = "A fourth game"

    def legal(self, state: ToyState, seat: str | None) -> list[ActionForm]:
        sides = [(s, s) for s in SEATS if seat is None or s == seat]
        roll = {"properties": {"side": {"type": "string", "title": "Side"}}, "required": ["side"]}
        return [
            {
                "type": "roll",
                "title": "Roll a die",
                "schema": rolls(choices(roll, "side", sides), True),
            }
        ]


PLUGIN = GamePlugin(FourthGame(), calculators=(SUM,))
