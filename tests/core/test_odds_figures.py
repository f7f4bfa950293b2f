"""Odds figures carry their titles where they are declared (``core.shapes.Figure``).

A face shows a game's odds by these titles and never by a key, so the page needs
no word of any game; every key a shipped game's odds add is titled.
"""

from __future__ import annotations

from typing import Annotated, NotRequired

import pytest

from ordnance.core import registry
from ordnance.core.game import _odds_figures
from ordnance.core.shapes import Figure, OddsAnswer, figure_titles


class OneOdds(OddsAnswer):
    p_win: Annotated[str, Figure("Chance to win", headline=True)]
    dice: NotRequired[Annotated[int, Figure("Dice")]]
    plain: int


class OtherOdds(OddsAnswer):
    dice: Annotated[int, Figure("Other dice")]
    extra: Annotated[str, Figure("Extra")]


def test_titles_are_read_from_the_annotations_of_a_union() -> None:
    titles = figure_titles(OneOdds | OtherOdds | None)
    assert {k: f.title for k, f in titles.items()} == {
        "p_win": "Chance to win",
        "dice": "Dice",  # the first member's wins
        "extra": "Extra",
    }
    assert [k for k, f in titles.items() if f.headline] == ["p_win"]
    assert figure_titles(None) == {} and figure_titles(int) == {}


@pytest.mark.parametrize("game", ["asl", "toi", "waw"])
def test_every_key_a_game_adds_to_its_odds_is_titled(game: str) -> None:
    """The keys beyond ``title``/``distribution`` (and the faces' own) all have a Figure,
    but the nested reports a face draws by their own shape (ASL whole_shot, compare)
    and a CLI-only path (WaW plot)."""
    from tests.core.test_shapes import own_shape

    shape = own_shape(registry.game(game), "odds")
    members = getattr(shape, "__args__", (shape,))
    keys = {k for m in members for k in m.__annotations__} - set(OddsAnswer.__annotations__)
    untitled = (
        keys
        - set(_odds_figures(type(registry.game(game))))
        - {
            "whole_shot",
            "compare",
            "plot",
        }
    )
    assert not untitled, untitled


def test_labelled_odds_adds_titles_and_headline_in_the_faces_language() -> None:
    game = registry.game("toi")
    answer = {"title": "t", "distribution": {"0": "1/1"}, "p_kill": "0/1", "attack_dice": 1}
    out = game.labelled_odds(answer, lambda s: s.upper())  # type: ignore[arg-type]
    assert out is not None
    assert out["labels"] == {
        "p_kill": "CHANCE TO DESTROY THE TARGET",
        "attack_dice": "ATTACK DICE (BLACK)",
    }
    assert out["headline"] == ["p_kill"]
    assert game.labelled_odds(None) is None
