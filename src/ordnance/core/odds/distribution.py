"""An exact, immutable probability distribution over hashable outcomes.

Probabilities are :class:`fractions.Fraction`; floats appear only when a face
formats them for display. The operations are the ones the games need: map,
convolution (``+`` on numeric outcomes), mixtures, conditioning and a JSON form
with ``"p/q"`` strings.

>>> d6 = Distribution.uniform(range(1, 7))
>>> two = d6 + d6
>>> two[7]
Fraction(1, 6)
>>> two.map(lambda t: t <= 5)[True]
Fraction(5, 18)
>>> Distribution.from_counts({"hit": 1, "miss": 2}).to_json()
{'hit': '1/3', 'miss': '2/3'}
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any, Generic, TypeVar

from ordnance.core.errors import OrdnanceError

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Distribution(Generic[T]):
    """Outcome -> exact probability; zero-probability outcomes are dropped."""

    __slots__ = ("_hash", "_p")

    def __init__(self, probabilities: Mapping[T, Fraction] | Iterable[tuple[T, Fraction]]):
        items = probabilities.items() if isinstance(probabilities, Mapping) else probabilities
        acc: dict[T, Fraction] = {}
        for outcome, p in items:
            p = Fraction(p)
            if p < 0:
                raise OrdnanceError(f"negative probability {p} for {outcome!r}")
            if p:
                acc[outcome] = acc.get(outcome, Fraction(0)) + p
        total = sum(acc.values(), Fraction(0))
        if acc and total != 1:
            raise OrdnanceError(f"probabilities sum to {total}, not 1")
        self._p: dict[T, Fraction] = acc
        self._hash: int | None = None

    # -- construction -------------------------------------------------------
    @classmethod
    def from_counts(cls, counts: Mapping[T, int]) -> Distribution[T]:
        total = sum(counts.values())
        if total <= 0:
            raise OrdnanceError("a distribution needs a positive total count")
        return cls({k: Fraction(v, total) for k, v in counts.items()})

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Distribution[T]:
        items = list(outcomes)
        return cls.from_counts({k: items.count(k) for k in set(items)})

    @classmethod
    def certain(cls, outcome: T) -> Distribution[T]:
        return cls({outcome: Fraction(1)})

    @classmethod
    def mixture(cls, parts: Iterable[tuple[Fraction, Distribution[T]]]) -> Distribution[T]:
        """Weighted sum of distributions (the weights must add up to 1)."""
        acc: dict[T, Fraction] = {}
        for weight, dist in parts:
            for outcome, p in dist.items():
                acc[outcome] = acc.get(outcome, Fraction(0)) + Fraction(weight) * p
        return cls(acc)

    # -- mapping protocol ---------------------------------------------------
    def __getitem__(self, outcome: T) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[T]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._p

    def items(self) -> Iterable[tuple[T, Fraction]]:
        return self._p.items()

    def outcomes(self) -> list[T]:
        try:
            return sorted(self._p)  # type: ignore[type-var]
        except TypeError:
            return sorted(self._p, key=repr)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._p == other._p

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._p.items()))
        return self._hash

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {v}" for k, v in ((k, self._p[k]) for k in self.outcomes()))
        return f"Distribution({{{inner}}})"

    # -- operations ---------------------------------------------------------
    def map(self, fn: Callable[[T], U]) -> Distribution[U]:
        acc: dict[U, Fraction] = {}
        for outcome, p in self._p.items():
            key = fn(outcome)
            acc[key] = acc.get(key, Fraction(0)) + p
        return Distribution(acc)

    def bind(self, fn: Callable[[T], Distribution[U]]) -> Distribution[U]:
        """Compose a procedure that depends on this outcome (a sequence of steps)."""
        return Distribution.mixture((p, fn(outcome)) for outcome, p in self._p.items())

    def combine(self, other: Distribution[U], fn: Callable[[T, U], Any]) -> Distribution[Any]:
        acc: dict[Any, Fraction] = {}
        for a, pa in self._p.items():
            for b, pb in other._p.items():
                key = fn(a, b)
                acc[key] = acc.get(key, Fraction(0)) + pa * pb
        return Distribution(acc)

    def __add__(self, other: Distribution[Any]) -> Distribution[Any]:
        return self.combine(other, lambda a, b: a + b)

    def condition(self, predicate: Callable[[T], bool]) -> Distribution[T]:
        kept = {k: p for k, p in self._p.items() if predicate(k)}
        total = sum(kept.values(), Fraction(0))
        if not total:
            raise OrdnanceError("cannot condition on an event of probability 0")
        return Distribution({k: p / total for k, p in kept.items()})

    def probability(self, predicate: Callable[[T], bool]) -> Fraction:
        return sum((p for k, p in self._p.items() if predicate(k)), Fraction(0))

    def mean(self) -> Fraction:
        return sum((Fraction(k) * p for k, p in self._p.items()), Fraction(0))  # type: ignore[call-overload]

    # -- output -------------------------------------------------------------
    def to_json(self) -> dict[str, str]:
        """Outcome (as a string) -> exact ``"p/q"`` string; never a float."""
        return {str(k): _fraction_text(self._p[k]) for k in self.outcomes()}

    def to_float_json(self) -> dict[str, float]:
        return {str(k): float(self._p[k]) for k in self.outcomes()}


def _fraction_text(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def fraction_text(p: Fraction) -> str:
    """``Fraction(1, 2)`` -> ``"1/2"`` (``"1/1"`` and ``"0/1"`` kept explicit).

    >>> fraction_text(Fraction(3, 32))
    '3/32'
    """
    return _fraction_text(Fraction(p))
