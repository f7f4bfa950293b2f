"""Which message arguments are words to translate, and translating them.

A message argument is usually an id (a unit, a hex, a seat) that must stay as
it is; only the names listed here, and those each game declares
(``Game.word_args``), hold a word with a catalogue entry.

The registry is imported where a game's words are looked up: the catalogue is loaded by
``ordnance --help``, and the registry brings the core's ``Game`` with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ordnance.core.messages import Said
from ordnance.i18n.texts import Gettext

#: Message arguments that hold a word (a unit type, a terrain, a condition), never an id:
#: only these, and those each game declares (``Game.word_args``), are looked up, so a
#: unit named ``hq`` is not shown as the word "HQ".
WORD_ARGS = frozenset(
    {"kind", "terrain", "condition", "before", "after", "label", "what", "state",
     # side, seat and nationality ids, shown by their names ("german" -> "немцы")
     "side", "side2", "seat", "nationality", "attacker", "on_turn", "made_by"}
)  # fmt: skip


#: The word arguments that hold a side's or seat's id: shown by the side's name.
SIDE_ARGS = frozenset({"side", "side2", "seat", "attacker", "on_turn", "made_by"})


def side_name(side: str, gettext_: Gettext) -> str:
    """A side's (or seat's) name in the catalogue's language: its ``side:<id>`` entry
    (the table's English names, ``side:soviet`` -> Soviets), else its plain entry (a
    translation's, ``soviet`` -> советские), else the id itself."""
    key = "side:" + side
    named = gettext_(key)
    return named if named != key else gettext_(side)


@cache
def game_word_args() -> frozenset[str]:
    """The word arguments the installed games declare (asked only for a name not generic)."""
    from ordnance.core import registry

    return frozenset().union(*(p.game.word_args for p in registry.plugins().values()))


def is_word_arg(key: str) -> bool:
    return key in WORD_ARGS or key in game_word_args()


def translated_args(args: Mapping[str, Any], gettext_: Gettext) -> dict[str, Any]:
    """A message's plain-text arguments that are catalogue words, in the catalogue's language.

    A game passes a unit type or a side as a plain string (``"Motor Rifle
    Infantry"``); one with a catalogue entry is shown in the language wanted,
    an id without one stays as it is. Nested messages translate themselves.
    """
    out: dict[str, Any] = {}
    for key, value in args.items():
        if isinstance(value, Said):  # a shown text passed on: its message, translated in place
            said = value.message
            out[key] = {"template": said.template, "args": translated_args(said.args, gettext_)}
        elif isinstance(value, str) and value and key in SIDE_ARGS:
            out[key] = side_name(value, gettext_)
        elif isinstance(value, str) and value and is_word_arg(key):
            out[key] = gettext_(value)
        elif isinstance(value, Mapping) and "template" in value:
            out[key] = {**value, "args": translated_args(value.get("args") or {}, gettext_)}
        else:
            out[key] = value
    return out
