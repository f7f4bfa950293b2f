"""Texts for players: counters by name and hexes by their printed number, never by id.

A rules procedure writes its events with the ids it works with (``g-pziv-1``,
axial ``"2,4"``); a player reads the counter's name and the number printed on
the map. :func:`named_event` rewrites an event's texts (and the arguments of
its messages, so a translated rendering says the same) from a game's
:meth:`~ordnance.core.game.Game.counter_names` and
:meth:`~ordnance.core.game.Game.hex_label`; the event's data, meant for
machines, keeps the ids.

>>> names = distinct_names([("g-pziv-1", "Panzer IV"), ("g-pziv-2", "Panzer IV"), ("s-t34-1", "T-34")])
>>> names["g-pziv-2"], names["s-t34-1"]
('Panzer IV #2', 'T-34')
>>> from ordnance.core.messages import msg
>>> e = Event.of("attack", {"unit": "g-pziv-1"}, msg("{unit} fires at {hex}", unit="g-pziv-1", hex="2,4"))
>>> named_event(e, names, lambda h: f"{h.q + 1:02d}{h.r + 3:02d}").text
'Panzer IV #1 fires at 0307'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from ordnance.core.errors import OrdnanceError
from ordnance.core.events import Event
from ordnance.core.hexes import Hex, parse_hex
from ordnance.core.memo import IdentityMemo
from ordnance.core.messages import Message, render_message, term
from ordnance.core.shapes import TurnView

__all__ = ["distinct_names", "name_term", "named_event", "named_refusal", "named_text"]

_AXIAL = re.compile(r"^-?\d+,-?\d+$")
_NUMBERED_NAME = re.compile(r"^(.+) #(\d+)$")
#: Argument names whose value is never a counter id nor a hex, whatever it looks like.
#: An event's own text (``str``) or its public one (``str | None``).
_Text = TypeVar("_Text", str, str | None)
_NOT_NAMES = frozenset({"dice", "roll", "rolls", "black", "red", "values"})


def distinct_names(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """``{id: name}``, a name several ids share numbered in their order (``Panzer IV #2``)."""
    pairs = list(pairs)
    count: dict[str, int] = {}
    for _, name in pairs:
        count[name] = count.get(name, 0) + 1
    seen: dict[str, int] = {}
    out: dict[str, str] = {}
    for uid, name in pairs:
        if uid in out:
            continue
        if count[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            out[uid] = f"{name} #{seen[name]}"
        else:
            out[uid] = name
    return out


def name_term(name: str) -> dict[str, Any]:
    """A counter's name as a message argument a face translates (``Panzer IV #2`` in parts).

    >>> name_term("Panzer IV #2")
    {'template': '{name} #{number}', 'args': {'name': {'template': 'Panzer IV', 'args': {}}, 'number': 2}}
    """
    m = _NUMBERED_NAME.match(name)
    if m is None:
        return term(name.replace("{", "{{").replace("}", "}}"))
    return term("{name} #{number}", name=name_term(m.group(1)), number=int(m.group(2)))


#: Each names mapping's id pattern, by the mapping (a game's counter names are one
#: read-only mapping per set of units, shared by the states and events that name
#: them): at most 256 patterns.
_PATTERNS: IdentityMemo[re.Pattern[str] | None] = IdentityMemo("core.naming._PATTERNS", 256)


def _id_pattern(names: Mapping[str, str]) -> re.Pattern[str] | None:
    """The pattern that finds any of ``names``' ids as a whole word (None: no id to
    rename), built once per mapping object."""
    return _PATTERNS.one(names, lambda: _make_id_pattern(names))


def _make_id_pattern(names: Mapping[str, str]) -> re.Pattern[str] | None:
    ids = sorted((i for i, n in names.items() if n != i), key=len, reverse=True)
    if not ids:
        return None
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(i) for i in ids) + r")(?![\w-])")


def named_text(text: str, names: Mapping[str, str]) -> str:
    """``text`` with every counter id (a whole word) replaced by its name."""
    return _Renamer(names, str).text(text)


class _Renamer:
    """Renames the ids and hexes of one event's texts (the id pattern compiled once)."""

    def __init__(self, names: Mapping[str, str], label: Callable[[Hex], str]) -> None:
        self.names = names
        self.label = label
        self.pattern = _id_pattern(names)

    def text(self, text: str) -> str:
        if self.pattern is None or not text:
            return text
        return self.pattern.sub(lambda m: self.names[m.group(1)], text)

    def value(self, v: Any, key: str) -> Any:
        if isinstance(v, Hex):
            return self.label(v)
        if isinstance(v, str):
            if key in _NOT_NAMES:
                return v
            if v in self.names:
                return name_term(self.names[v])
            if _AXIAL.match(v):
                return self.label(parse_hex(v))
            return self.text(v)  # a phrase written with an id in it, "HE (s-t34-1)"
        if isinstance(v, Mapping):
            if "template" in v:
                return {**v, "args": self.args(v.get("args") or {})}
            if "join" in v:
                return {**v, "items": [self.value(i, key) for i in v.get("items", [])]}
        if isinstance(v, (list, tuple)) and key not in _NOT_NAMES:
            return [self.value(i, key) for i in v]
        return v

    def args(self, args: Mapping[str, Any]) -> dict[str, Any]:
        return {k: self.value(v, k) for k, v in args.items()}

    def written(
        self, template: str | None, args: Mapping[str, Any] | None, text: _Text
    ) -> tuple[Mapping[str, Any] | None, _Text]:
        """One of an event's texts (its own or the public one) renamed: rendered again
        from its renamed ``args`` when it was written from ``template``, else its ids
        replaced; ``args`` and ``text`` as they are when there is nothing to rename."""
        if template is not None:
            renamed = self.args(args or {})
            return renamed, render_message(template, renamed)
        return args, self.text(text) if text else text


def named_event(event: Event, names: Mapping[str, str], label: Callable[[Hex], str]) -> Event:
    """``event`` whose texts name counters (``names``) and hexes (``label``), data unchanged.

    A text written from a message is rendered again from its renamed
    arguments; a plain text has its counter ids replaced (its hexes are the
    procedure's to print).
    """
    renamer = _Renamer(names, label)
    args, text = renamer.written(event.template, event.args, event.text)
    public_args, public_text = renamer.written(
        event.public_template, event.public_args, event.public_text
    )
    return replace(event, args=args, text=text, public_args=public_args, public_text=public_text)


def named_turn(turn: TurnView, names: Mapping[str, str], label: Callable[[Hex], str]) -> TurnView:
    """``turn`` (a ``view["turn"]``) whose text names counters and printed hexes, as an
    event's does: rendered again from its renamed arguments (``shown_args``); its
    ``args`` stay the data (ids), which programs read."""
    if not names or not turn.get("template"):
        return turn
    shown = _Renamer(names, label).args(turn.get("args") or {})
    return {**turn, "shown_args": shown, "text": render_message(turn["template"], shown)}


def named_refusal(
    exc: OrdnanceError, names: Mapping[str, str], label: Callable[[Hex], str]
) -> OrdnanceError:
    """``exc`` (changed in place) whose message and hint name counters and printed
    hexes as event texts do: a player refused "Panzer IV has no line of sight from
    0203 to 0604" reads the pieces and numbers on the board, never ``g-pziv-1`` or
    ``"1,2"``. Only a refusal written as a message is renamed (its arguments);
    a plain text keeps its hexes and has its counter ids replaced."""
    renamer = _Renamer(names, label)
    if exc.said is not None:
        exc.said = Message(exc.said.template, renamer.args(exc.said.args))
        exc.message = render_message(exc.said.template, exc.said.args)
    elif exc.message:
        exc.message = renamer.text(exc.message)
    if exc.told is not None:
        exc.told = Message(exc.told.template, renamer.args(exc.told.args))
        exc.hint = render_message(exc.told.template, exc.told.args)
    exc.args = (exc._render(),)
    return exc
