"""Texts as messages: a template and its arguments, rendered in any language.

A rule writes what happened as a :class:`Message` (a ``str.format`` template
with named JSON-ready arguments), not as finished English, so every face can
print it from its own catalogue (:func:`render_message` with a ``gettext``);
the English rendering is what an event carries as ``text``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Message", "Said", "joined", "msg", "nested", "render_message", "said", "term"]


@dataclass(frozen=True, slots=True)
class Message:
    """A text as a ``str.format`` template with named, JSON-ready arguments.

    An argument is a scalar (printed as it is: ids, hexes, numbers), a nested
    message ``{"template": ..., "args": {...}}`` (a word or phrase a face may
    translate, e.g. a condition ``{"template": "disrupted", "args": {}}``), or a
    list ``{"join": "; ", "items": [...]}`` of such values. :func:`msg`,
    :func:`term` and :func:`joined` build them.
    """

    template: str
    args: Mapping[str, Any] = field(default_factory=dict)


def msg(template: str, **args: Any) -> Message:
    """``Message(template, args)``."""
    return Message(template, args)


class Said(str):
    """A text a rule wrote for a face to show (a panel note, a select label, an odds
    title, a LOS line), as its English rendering that keeps its :class:`Message`.

    It is a ``str`` (the English bytes every English face, ``--json`` and the API
    print unchanged) whose ``message`` a face renders from its catalogue in the
    reader's language (``ordnance.i18n.localize_text``). Passed as an argument of
    another message it is rendered, and translated, in place.
    """

    message: Message

    def __new__(cls, message: Message) -> Said:
        self = super().__new__(cls, render_message(message.template, message.args))
        self.message = message
        return self

    def __reduce__(self) -> tuple[type[Said], tuple[Message]]:
        return (Said, (self.message,))


def said(template: str, **args: Any) -> Said:
    """``Said(msg(template, **args))``: a shown text and its message."""
    return Said(Message(template, args))


def term(template: str, **args: Any) -> dict[str, Any]:
    """A translatable argument: a nested message (a word when it has no arguments)."""
    return {"template": template, "args": args}


def nested(message: Message) -> dict[str, Any]:
    """A message as an argument of another one (rendered, and translated, in place)."""
    return {"template": message.template, "args": dict(message.args)}


def joined(sep: str, items: Sequence[Any]) -> dict[str, Any]:
    """An argument made of several values printed with ``sep`` between them."""
    return {"join": sep, "items": list(items)}


def render_message(
    template: str, args: Mapping[str, Any], translate: Callable[[str], str] | None = None
) -> str:
    """The text of a message; ``translate`` maps a template to the language wanted.

    Without ``translate`` this is the English text the event carries as ``text``.
    A face passes its catalogue lookup (``gettext``); a template missing from
    the catalogue falls back to English.

    >>> render_message("{unit}: {a} -> {b}", {"unit": "t", "a": term("good order"),
    ...     "b": term("disrupted")}, {"good order": "в порядке"}.get)
    't: в порядке -> disrupted'
    """

    if translate is not None:
        found = translate(template)
        if found:
            template = found
    if not args:
        return template.format()
    return template.format_map({k: _value(v, translate) for k, v in args.items()})


def _value(v: Any, translate: Callable[[str], str] | None) -> Any:
    """One argument of a message as :func:`render_message` prints it.

    A module function, not a closure per call: a view renders thousands of
    messages. In English (no ``translate``) a :class:`Said` argument is its own
    text (it was rendered in English when it was made), so it is not rendered
    again; the common scalars are checked first, before the ``Mapping`` ABC.
    """
    kind = type(v)
    if kind is str or kind is int:
        return v
    if isinstance(v, Said):
        if translate is None:
            return v
        return render_message(v.message.template, v.message.args, translate)
    if isinstance(v, Mapping):
        if "template" in v:
            return render_message(str(v["template"]), v.get("args") or {}, translate)
        if "join" in v:
            return str(v["join"]).join(str(_value(i, translate)) for i in v.get("items", []))
    return v
