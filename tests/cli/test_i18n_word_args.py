"""Faces translate the word arguments each game declares (``Game.word_args``), naming none.

A message argument holding a plain string is looked up in the catalogue only when
its name is a generic word argument or one a game declares: ToI declares
``munition`` (a token type in "bought AP-B ..." messages, TOI-GEN-4); an id
argument (``unit``) never is. A fourth game declares its own without face code.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ordnance import i18n
from ordnance.core import registry
from ordnance.toi.plugin import ToIGame

WORDS = {"Smoke": "Дым", "sleet": "мокрый снег"}


def tr(text: str) -> str:
    return WORDS.get(text, text)


@pytest.fixture()
def fourth_game() -> Iterator[None]:
    class Weather(ToIGame):
        name = "weather-test"
        word_args = frozenset({"weather"})

    registry.register(registry.GamePlugin(Weather()))
    i18n.game_word_args.cache_clear()
    yield
    registry._REGISTRY.pop("weather-test", None)
    i18n.game_word_args.cache_clear()


def test_the_face_names_no_game_argument() -> None:
    """The generic list holds no game's argument; ToI declares ``munition`` itself."""
    assert "munition" not in i18n.WORD_ARGS
    assert "munition" in registry.game("toi").word_args
    assert "munition" in i18n.game_word_args()


def test_a_declared_word_is_translated_and_an_id_is_not() -> None:
    """TOI-GEN-4 purchase message: the token type is a word, the unit an id."""
    out = i18n.translated_args({"munition": "Smoke", "unit": "Smoke"}, tr)
    assert out == {"munition": "Дым", "unit": "Smoke"}


def test_a_fourth_game_declares_its_own_word_args(fourth_game: None) -> None:
    assert i18n.translated_args({"weather": "sleet"}, tr) == {"weather": "мокрый снег"}
    assert i18n.translated_args({"unit": "sleet"}, tr) == {"unit": "sleet"}
