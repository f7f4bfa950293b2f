"""One exception family for every refusal the engine makes.

Every refusal that a rule causes names the clause that forbids the action
(``RuleViolation.clause``, e.g. ``"TOI-HE-3"``) and, where there is one, what
the user may do instead (``hint``). The clause id is data, not prose, so the CLI
can print it, the HTTP API can return it as a field and tests can assert on it.

>>> err = RuleViolation("ASL-8.52-b", "a Gun cannot fire SMOKE into its own hex",
...                     hint="target another hex")
>>> err.clause, str(err)
('ASL-8.52-b', '[ASL-8.52-b] a Gun cannot fire SMOKE into its own hex (instead: target another hex)')
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from string import Formatter
from typing import Any

from ordnance.core.messages import Message, render_message

#: A refusal's text: finished English, or a message (template and params) a face renders.
Text = str | Message


def _nested(text: Message) -> dict[str, Any]:
    """A message as a nested argument of another message (see :func:`render_message`)."""
    return {"template": text.template, "args": dict(text.args)}


def _word(text: str) -> Any:
    """A fixed text as an argument a face may look up (a text holding braces stays as it is)."""
    return text if "{" in text or "}" in text else {"template": text, "args": {}}


def _english(text: Text) -> str:
    return render_message(text.template, text.args) if isinstance(text, Message) else text


class OrdnanceError(ValueError):
    """Base class: bad input or a refused action. Nothing was written.

    ``message`` and ``hint`` may be given as a :class:`Message` (a template
    with named params): ``.message``/``.hint`` are then its English rendering
    and ``.said``/``.told`` the message itself, which a face renders in its
    reader's language (:func:`ordnance.i18n.refusal_texts`).

    >>> from ordnance.core.messages import msg
    >>> e = RuleViolation("WAW-HE-a", msg("Firepower {fp} rolls no die", fp=0))
    >>> e.message, e.said
    ('Firepower 0 rolls no die', Message(template='Firepower {fp} rolls no die', args={'fp': 0}))
    """

    clause: str | None = None
    hint: str | None = None
    said: Message | None = None
    told: Message | None = None

    def __init__(self, message: Text, *, clause: str | None = None, hint: Text | None = None):
        self.said = message if isinstance(message, Message) else None
        self.message = _english(message)
        if clause is not None:
            self.clause = clause
        if hint is not None:
            self.told = hint if isinstance(hint, Message) else None
            self.hint = _english(hint)
        super().__init__(self._render())

    def as_message(self) -> Message:
        """The whole refusal as one message: ``[clause] message (instead: hint)``."""
        said: Any = _nested(self.said) if self.said is not None else self.message
        told: Any = _nested(self.told) if self.told is not None else self.hint
        template, args = "{message}", {"message": said}
        if self.clause:
            template, args["clause"] = "[{clause}] {message}", self.clause
        if self.hint:
            template, args["hint"] = template + " (instead: {hint})", told
        return Message(template, args)

    def as_argument(self) -> dict[str, Any]:
        """:meth:`as_message` as a nested argument of another message."""
        return _nested(self.as_message())

    def _render(self) -> str:
        text = f"[{self.clause}] {self.message}" if self.clause else self.message
        if self.hint:
            text += f" (instead: {self.hint})"
        return text

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (used by ``--json`` and the HTTP API)."""
        return {
            "error": type(self).__name__,
            "message": self.message,
            "clause": self.clause,
            "hint": self.hint,
        }


class BadSetting(OrdnanceError):
    """A setting that cannot be used; ``field`` is its path (``settings.sides.us``)."""

    def __init__(self, field: str, message: Text, *, hint: Text | None = None):
        self.field = field
        said = message if isinstance(message, Message) else Message("{text}", {"text": message})
        super().__init__(
            Message("{field}: {reason}", {"field": field, "reason": _nested(said)}), hint=hint
        )

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "field": self.field}


class RuleViolation(OrdnanceError):
    """A rule clause forbids the action."""

    def __init__(self, clause: str, message: Text, *, hint: Text | None = None):
        super().__init__(message, clause=clause, hint=hint)


class InvalidDice(OrdnanceError):
    """Dice values that cannot have been rolled (a 7 on a d6, too few dice...).

    ``label`` is the purpose of the die concerned when it is known (``"salvo"``,
    ``"attack (black)"``), so a game can name the rule that rolls it
    (:meth:`ordnance.core.game.Game.dice_refusal`).
    """

    label: str | None = None

    def __init__(
        self,
        message: Text,
        *,
        clause: str | None = None,
        hint: Text | None = None,
        label: str | None = None,
    ):
        if label is not None:
            self.label = label
        super().__init__(message, clause=clause, hint=hint)


class NotEnoughDice(InvalidDice):
    """A procedure asked for more dice than were entered.

    The odds engine uses this signal to branch over the missing die, which is
    how one rules implementation serves both resolution and enumeration.
    """

    def __init__(self, sides: int, label: str, used: int):
        self.sides = sides
        self.used = used
        template = "the procedure needs more dice: die #{number} (d{sides}) was not entered"
        args: dict[str, Any] = {"number": used + 1, "sides": sides}
        if label:
            template = (
                "the procedure needs more dice: die #{number} (d{sides}, {label}) was not entered"
            )
            args["label"] = _word(label)
        super().__init__(Message(template, args), label=label)


class TooManyDice(InvalidDice):
    """More dice were entered than the procedure used."""


class NotationError(OrdnanceError):
    """A counter-notation token the parser does not understand."""

    def __init__(self, token: str, position: int, reason: str):
        self.token = token
        self.position = position
        super().__init__(
            Message(
                "cannot read {token} at position {position}: {reason}",
                {"token": repr(token), "position": position, "reason": _word(reason)},
            )
        )

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        data.update(token=self.token, position=self.position)
        return data


@dataclass
class Problem:
    """One field of some input that a model refused: its name, the value given
    (``repr``, shortened; ``None`` when missing), why, and the clause it serves."""

    field: str
    value: str | None
    message: str
    clause: str | None = None
    #: ``message`` as a template and params, when it has one (a face renders it)
    said: Message | None = None

    def text(self) -> str:
        return render_message(self.as_message().template, self.as_message().args)

    def as_message(self, *, without_clause: str | None = None) -> Message:
        """The problem as one message: ``[clause] field (given value): reason``."""
        reason: Any = _nested(self.said) if self.said is not None else self.message
        field: Any = self.field or _word("input")
        args: dict[str, Any] = {"field": field, "reason": reason}
        template = "{field}: {reason}"
        if self.value is not None:
            template, args["value"] = "{field} (given {value}): {reason}", self.value
        if self.clause and self.clause != without_clause:
            return Message(
                "[{clause}] {problem}",
                {"clause": self.clause, "problem": _nested(Message(template, args))},
            )
        return Message(template, args)

    def to_dict(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "value": self.value,
            "message": self.message,
            "clause": self.clause,
        }


class InvalidInput(OrdnanceError):
    """Input a model refused: every field with its value and clause
    (made by :func:`ordnance.core.validation.refusal`)."""

    def __init__(self, what: Text, problems: list[Problem], *, clause: str | None = None):
        self.problems = problems
        self.field = problems[0].field if problems else None
        detail = [_nested(p.as_message(without_clause=clause)) for p in problems]
        said = Message(
            "bad {what}: {detail}",
            {
                "what": _nested(what) if isinstance(what, Message) else _word(what),
                "detail": {"join": "; ", "items": detail},
            },
        )
        super().__init__(said, clause=clause)

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        data.update(field=self.field, problems=[p.to_dict() for p in self.problems])
        return data


class UnknownName(OrdnanceError):
    """A nationality, gun, unit, game or seat that the data does not know."""


class StaleVersion(OrdnanceError):
    """An action was built against an older version of the game."""

    def __init__(self, expected: int, actual: int):
        self.expected = expected
        self.actual = actual
        super().__init__(
            Message(
                "the game is at version {actual}, the action was made at version {expected}",
                {"actual": actual, "expected": expected},
            ),
            hint=Message("reload the game and try again"),
        )


class NotYourSeat(OrdnanceError):
    """A seat tried to act for another side."""


def check_within(
    value: int, low: int, high: int, template: str, *, hint: Text | None = None, **named: Any
) -> None:
    """Refuse ``value`` outside ``low..high`` with :class:`OrdnanceError` ``msg(template)``.

    The template's fields other than ``named`` are, in order, the value and the
    upper bound (``"{rounds} rounds is outside 1..{max_rounds}"``), so a call
    says each name once.

    >>> check_within(3, 1, 20, "{rounds} rounds is outside 1..{max_rounds}")
    >>> check_within(30, 1, 20, "{rounds} rounds is outside 1..{max_rounds}")
    Traceback (most recent call last):
    ...
    ordnance.core.errors.OrdnanceError: 30 rounds is outside 1..20
    """
    if low <= value <= high:
        return
    fields = dict.fromkeys(f for _, f, _, _ in Formatter().parse(template) if f and f not in named)
    raise OrdnanceError(
        Message(template, {**named, **dict(zip(fields, (value, high), strict=True))}), hint=hint
    )
