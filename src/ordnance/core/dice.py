"""Dice as an input to every procedure.

A rules procedure never calls a random number generator. It receives a
:class:`DiceSource` and asks it for dice, one request at a time
(``source.d6("attack")``, ``source.dr()``). Three sources exist:

* :class:`SeededDice`: a seeded RNG, reproducible from its seed;
* :class:`EnteredDice`: values players rolled at the table, validated as they
  are consumed (a 7 on a d6 is :class:`~ordnance.core.errors.InvalidDice`);
* the odds engine's enumerator (:func:`ordnance.core.odds.enumerate_procedure`),
  which runs a procedure with a prefix of entered dice and branches on the die
  it asks for beyond them (:class:`~ordnance.core.errors.NotEnoughDice`).

Every source records what it handed out (:attr:`DiceSource.rolls`), so the
journal stores the exact dice a procedure consumed and a replay gets the same
state back.

>>> src = EnteredDice([3, 2])
>>> dr = src.dr()
>>> (dr.coloured, dr.white, dr.total, dr.doubles)
(3, 2, 5, False)
>>> EnteredDice([7]).d6()
Traceback (most recent call last):
...
ordnance.core.errors.InvalidDice: die #1 is 7, but a d6 shows 1 to 6
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ordnance.core.errors import InvalidDice, NotEnoughDice, TooManyDice
from ordnance.core.messages import msg


@dataclass(frozen=True, slots=True)
class Roll:
    """One die as handed out: its value, its number of sides and its purpose."""

    value: int
    sides: int = 6
    label: str = ""


@dataclass(frozen=True, slots=True)
class DR:
    """An ASL Dice Roll: a coloured die and a white die (A.3).

    ``total`` is the Original DR; modifiers are added by the procedures that
    use it, never stored here.
    """

    coloured: int
    white: int

    @property
    def total(self) -> int:
        return self.coloured + self.white

    @property
    def doubles(self) -> bool:
        return self.coloured == self.white

    def __str__(self) -> str:
        return f"{self.coloured},{self.white}"


class DiceSource:
    """Hands out dice on request and records them.

    Subclasses implement :meth:`_next`. The public methods check the value
    (whatever its origin) and append it to :attr:`rolls`.
    """

    def __init__(self) -> None:
        self.rolls: list[Roll] = []

    def _next(self, sides: int, label: str) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def die(self, sides: int = 6, label: str = "") -> int:
        value = self._next(sides, label)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= sides:
            raise InvalidDice(
                msg(
                    "die #{value} is {value2!r}, but a d{sides} shows 1 to {sides}",
                    value=len(self.rolls) + 1,
                    value2=value,
                    sides=sides,
                ),
                label=label or None,
            )
        self.rolls.append(Roll(value, sides, label))
        return value

    def d6(self, label: str = "") -> int:
        return self.die(6, label)

    def pool(self, count: int, label: str = "", sides: int = 6) -> tuple[int, ...]:
        """``count`` dice at once (a Tide of Iron or World at War dice pool)."""
        if count < 0:
            raise InvalidDice(msg("a dice pool cannot have {count} dice", count=count))
        return tuple(self.die(sides, label) for _ in range(count))

    def dr(self, label: str = "DR") -> DR:
        """An ASL DR: the coloured die is handed out first, then the white."""
        coloured = self.die(6, f"{label}:coloured")
        white = self.die(6, f"{label}:white")
        return DR(coloured, white)

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(r.value for r in self.rolls)


class SeededDice(DiceSource):
    """Dice from :class:`random.Random` seeded with ``seed`` (reproducible)."""

    def __init__(self, seed: int | str | None = None):
        super().__init__()
        if seed is None:
            seed = random.SystemRandom().getrandbits(64)
        self.seed = seed
        self._rng = random.Random(seed)

    def _next(self, sides: int, label: str) -> int:
        return self._rng.randint(1, sides)


class HmacDice(DiceSource):
    """Dice drawn from an HMAC-SHA256 byte stream: reproducible in any language.

    The stream is ``HMAC-SHA256(key, message || uint32_be(i))`` for blocks
    ``i = 0, 1, 2, ...``, concatenated. A die with ``sides`` faces (2 to 256)
    takes the next byte ``b`` of the stream: if ``b`` is below the largest
    multiple of ``sides`` not above 256 it shows ``b % sides + 1``, otherwise
    the byte is skipped and the next one is tried (rejection sampling, so no
    face is more likely than another). Dice consume bytes in the order they
    are asked for. ``random.Random`` is not used because its algorithm is
    Python's own; the table page and third-party verifiers must recompute the
    same faces (the server's verifier and the page's ``dice.js`` do).

    >>> src = HmacDice(b"key", b"message")
    >>> [src.d6() for _ in range(6)]
    [3, 4, 2, 3, 4, 3]
    """

    def __init__(self, key: bytes, message: bytes):
        super().__init__()
        self.key = key
        self.message = message
        self._buffer = b""
        self._block = 0

    def _byte(self) -> int:
        if not self._buffer:
            counter = self._block.to_bytes(4, "big")
            self._buffer = hmac.new(self.key, self.message + counter, hashlib.sha256).digest()
            self._block += 1
        value, self._buffer = self._buffer[0], self._buffer[1:]
        return value

    def _next(self, sides: int, label: str) -> int:
        if not 2 <= sides <= 256:
            raise InvalidDice(
                msg("a d{sides} cannot be drawn from bytes (2 to 256 sides)", sides=sides)
            )
        limit = 256 - 256 % sides
        while True:
            b = self._byte()
            if b < limit:
                return b % sides + 1


class EnteredDice(DiceSource):
    """Dice that players rolled by hand, consumed in the order entered.

    :meth:`finish` refuses leftover dice, so a typo that adds a die is caught
    rather than silently ignored.
    """

    def __init__(self, values: Iterable[int]):
        super().__init__()
        self._values: Sequence[int] = tuple(values)
        self._pos = 0

    def _next(self, sides: int, label: str) -> int:
        if self._pos >= len(self._values):
            raise NotEnoughDice(sides, label, self._pos)
        value = self._values[self._pos]
        self._pos += 1
        return value

    @property
    def remaining(self) -> int:
        return len(self._values) - self._pos

    def finish(self) -> None:
        if self.remaining:
            raise TooManyDice(
                msg(
                    "{n__values} dice were entered but the procedure used {pos}",
                    n__values=len(self._values),
                    pos=self._pos,
                )
            )


def parse_dice(text: str) -> tuple[int, ...]:
    """Parse dice typed by a player: ``"3,2"``, ``"3 2"`` or ``"32"``.

    >>> parse_dice("3,2"), parse_dice("6 6 1"), parse_dice("45")
    ((3, 2), (6, 6, 1), (4, 5))
    >>> parse_dice("3,x")
    Traceback (most recent call last):
    ...
    ordnance.core.errors.InvalidDice: cannot read dice 'x': write numbers such as 3,2 or 3 2
    """
    text = text.strip()
    if not text:
        return ()
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) == 1 and parts[0].isdigit() and len(parts[0]) > 1:
        parts = list(parts[0])
    values: list[int] = []
    for part in parts:
        try:
            values.append(int(part))
        except ValueError:
            raise InvalidDice(
                msg("cannot read dice {part!r}: write numbers such as 3,2 or 3 2", part=part)
            ) from None
    return tuple(values)


def dice_source(entered: str | Sequence[int] | None, seed: int | str | None = None) -> DiceSource:
    """Entered dice when given, else a seeded RNG: what every face calls."""
    if entered is None:
        return SeededDice(seed)
    values = parse_dice(entered) if isinstance(entered, str) else tuple(entered)
    return EnteredDice(values)
