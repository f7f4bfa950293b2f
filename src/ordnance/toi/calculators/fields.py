"""The fields and spellings the Tide of Iron questions share."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator

from ordnance.core.fields import option

Band = Literal["close", "normal", "long"]
Target = Literal["vehicle", "squad"]
_TARGETS = {"infantry": "squad", "squads": "squad", "vehicles": "vehicle"}


def _lower(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


def target_word(value: Any) -> Any:
    value = _lower(value)
    return _TARGETS.get(value, value)


#: A range band as typed: any case, spaces around.
BandText = Annotated[Band, BeforeValidator(_lower)]


def band_field() -> Any:
    """The range band option (a fresh field for each question)."""
    return option("normal", "Range band", "close, normal or long", clause="TOI-B2")


#: The further spellings of the attack questions' options.
ATTACK_FLAGS = {"band": ("--range",), "defence": ("--defense",)}

__all__ = ["ATTACK_FLAGS", "Band", "BandText", "Target", "band_field", "target_word"]
