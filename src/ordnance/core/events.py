"""What a rules procedure reports: the :class:`Event`, with its secret split.

An event holds the full record for the seats allowed to see it and a public
record for the others; :meth:`Event.for_seat` is the one way it leaves toward
a seat (the observer, like :meth:`ordnance.core.game.Game.view`), and
:meth:`Event.to_record` / :meth:`Event.from_record` are its journal form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from ordnance.core.messages import Message, render_message
from ordnance.core.shapes import EventView

__all__ = ["Event"]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as the rules procedure reports it.

    ``data`` is the full record. When ``secret_for`` is set, only those seats
    see ``data``; every other seat sees ``public`` instead (which must not
    reveal the secret). ``text`` is a one-line English summary for logs, with
    the same split (``public_text`` for the others).

    Optionally, ``template`` and ``args`` say how ``text`` was written (a
    :class:`Message`), with the same split again (``public_template`` and
    ``public_args``), so a face can print it in another language from its own
    catalogue: see :func:`render_message`. ``text`` stays the English
    rendering; an event without a template is shown as its ``text``.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""
    secret_for: frozenset[str] | None = None
    public: Mapping[str, Any] | None = None
    public_text: str | None = None
    template: str | None = None
    args: Mapping[str, Any] | None = None
    public_template: str | None = None
    public_args: Mapping[str, Any] | None = None

    def visible_to(self, seat: str | None) -> bool:
        return self.secret_for is None or (seat is not None and seat in self.secret_for)

    def for_seat(self, seat: str | None, *, messages: bool = False) -> EventView:
        """What ``seat`` may see of this event (``None`` = a spectator).

        With ``messages=True`` the answer also holds the seat's ``template``
        and ``args`` (``None`` when the event has none): what a face needs to
        translate ``text``, taken from the same side of the secret split.
        """
        if self.visible_to(seat):
            text, data = self.text, self.data
            template, args = self.template, self.args
        else:
            text, data = self.public_text or "", self.public or {}
            template, args = self.public_template, self.public_args
        # The one place the open shape is built: the data's keys are the event kind's own.
        out = cast(EventView, {"kind": self.kind, "text": text, **data})
        if messages:
            out["template"] = template
            out["args"] = dict(args) if template is not None and args is not None else {}
        return out

    def to_record(self) -> dict[str, Any]:
        """Full form for the journal (server side only)."""
        record: dict[str, Any] = {
            "kind": self.kind,
            "data": dict(self.data),
            "text": self.text,
            "secret_for": sorted(self.secret_for) if self.secret_for is not None else None,
            "public": dict(self.public) if self.public is not None else None,
            "public_text": self.public_text,
        }
        for key in ("template", "args", "public_template", "public_args"):
            value = getattr(self, key)
            if value is not None:  # older records keep their exact shape
                record[key] = dict(value) if isinstance(value, Mapping) else value
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Event:
        secret = record.get("secret_for")
        return cls(
            kind=record["kind"],
            data=record.get("data") or {},
            text=record.get("text", ""),
            secret_for=frozenset(secret) if secret is not None else None,
            public=record.get("public"),
            public_text=record.get("public_text"),
            template=record.get("template"),
            args=record.get("args"),
            public_template=record.get("public_template"),
            public_args=record.get("public_args"),
        )

    @classmethod
    def of(
        cls,
        kind: str,
        data: Mapping[str, Any],
        message: Message,
        *,
        secret_for: frozenset[str] | None = None,
        public: Mapping[str, Any] | None = None,
        public_message: Message | None = None,
    ) -> Event:
        """An event whose ``text`` (and ``public_text``) is the English rendering of a message."""
        return cls(
            kind=kind,
            data=data,
            text=render_message(message.template, message.args),
            secret_for=secret_for,
            public=public,
            public_text=render_message(public_message.template, public_message.args)
            if public_message is not None
            else None,
            template=message.template,
            args=message.args,
            public_template=public_message.template if public_message is not None else None,
            public_args=public_message.args if public_message is not None else None,
        )
