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
from typing import Any


class OrdnanceError(ValueError):
    """Base class: bad input or a refused action. Nothing was written."""

    clause: str | None = None
    hint: str | None = None

    def __init__(self, message: str, *, clause: str | None = None, hint: str | None = None):
        self.message = message
        if clause is not None:
            self.clause = clause
        if hint is not None:
            self.hint = hint
        super().__init__(self._render())

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

    def __init__(self, field: str, message: str, *, hint: str | None = None):
        self.field = field
        super().__init__(f"{field}: {message}", hint=hint)

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "field": self.field}


class RuleViolation(OrdnanceError):
    """A rule clause forbids the action."""

    def __init__(self, clause: str, message: str, *, hint: str | None = None):
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
        message: str,
        *,
        clause: str | None = None,
        hint: str | None = None,
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
        super().__init__(
            f"the procedure needs more dice: die #{used + 1} (d{sides}"
            + (f", {label}" if label else "")
            + ") was not entered",
            label=label,
        )


class TooManyDice(InvalidDice):
    """More dice were entered than the procedure used."""


class NotationError(OrdnanceError):
    """A counter-notation token the parser does not understand."""

    def __init__(self, token: str, position: int, reason: str):
        self.token = token
        self.position = position
        super().__init__(f"cannot read {token!r} at position {position}: {reason}")

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

    def text(self) -> str:
        given = f" (given {self.value})" if self.value is not None else ""
        where = f"[{self.clause}] " if self.clause else ""
        return f"{where}{self.field or 'input'}{given}: {self.message}"

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

    def __init__(self, what: str, problems: list[Problem], *, clause: str | None = None):
        self.problems = problems
        self.field = problems[0].field if problems else None
        detail = "; ".join(
            p.text().removeprefix(f"[{clause}] ") if clause else p.text() for p in problems
        )
        super().__init__(f"bad {what}: {detail}", clause=clause)

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
            f"the game is at version {actual}, the action was made at version {expected}",
            hint="reload the game and try again",
        )


class NotYourSeat(OrdnanceError):
    """A seat tried to act for another side."""
