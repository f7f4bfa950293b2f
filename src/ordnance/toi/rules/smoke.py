"""The Smoke munitions round: roll, drift, landing, exact outcome odds.

A Smoke round targets a hex (TOI-SMK-1) and rolls the dice of an attack on a
vehicle whatever the hex holds (TOI-SMK-2; TOI-AMB-4 default: the unit's
vehicle firepower after halvings, range-band Hit Numbers, no defence dice).
Two or more hits lay smoke on the target (TOI-SMK-3); one hit drifts: a red and
a black die are rolled, in that order, the red giving the distance and the
black the direction read on the directional marker (TOI-SMK-4; the colours
swap under ``drift_dice="faq_core"``, TOI-AMB-1); no hit is a misfire and the
token is discarded (TOI-SMK-5).

Where the drift ends off the map, in a building or on smoke, nothing is
placed by default (TOI-AMB-3).

:func:`resolve_smoke_round` is the one procedure; :func:`smoke_round_distribution`
and :func:`smoke_landing_distribution` are its closed forms, tested against
``enumerate_procedure`` over it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ordnance.core.dice import DiceSource
from ordnance.core.errors import RuleViolation
from ordnance.core.forms import numbered_hex
from ordnance.core.hexes import Direction, Hex
from ordnance.core.messages import msg, term
from ordnance.core.odds.distribution import Distribution
from ordnance.core.odds.pools import net_hits
from ordnance.toi.rules.attack import RangeBand, halve_up
from ordnance.toi.rules.hexmap import ToIMap, nearest_direction
from ordnance.toi.rules.readings import DEFAULTS, RuleReadings


@dataclass(frozen=True)
class SmokePlan:
    dice: int
    hit_on: int
    band: RangeBand
    cover_dice: int = 0
    cancel_on: int = 5
    drift_dice: str = "text"


def plan_smoke(
    firepower: int,
    band: RangeBand,
    settings: RuleReadings | None = None,
    *,
    halvings: int = 0,
    fire_and_movement: bool = False,
    cover: int = 0,
) -> SmokePlan:
    """Dice and Hit Number of a Smoke round (TOI-SMK-2, TOI-AMB-4)."""
    settings = settings or DEFAULTS
    if band is RangeBand.OUT:
        raise RuleViolation(
            "TOI-B2",
            msg("the target hex is out of range for the unit's vehicle range"),
            hint=msg("target a hex within twice the range"),
        )
    if fire_and_movement and band is RangeBand.LONG:
        raise RuleViolation(
            "TOI-B2",
            msg("a unit doing Fire and Movement may not fire at long range"),
            hint=msg("target a hex at close or normal range"),
        )
    dice = max(firepower, 0)
    for _ in range(halvings + (1 if fire_and_movement else 0)):
        dice = halve_up(dice)
    hit_on = 5 if settings.smoke_dice == "flat" else settings.hit_on.for_band(band.value)
    return SmokePlan(
        dice=dice,
        hit_on=hit_on,
        band=band,
        cover_dice=cover if settings.smoke_dice == "cover_defence" else 0,
        cancel_on=settings.cancel_on,
        drift_dice=settings.drift_dice,
    )


@dataclass(frozen=True)
class SmokeRoll:
    """A rolled Smoke round."""

    black: tuple[int, ...]
    red: tuple[int, ...]
    hits: int
    outcome: str  # "placed" | "drift" | "misfire"
    drift_red: int | None = None
    drift_black: int | None = None

    @property
    def distance(self) -> int | None:
        """Hexes drifted: the red die by the text, the black die under ``faq_core``."""
        return self._pick(distance=True)

    @property
    def direction_die(self) -> int | None:
        return self._pick(distance=False)

    #: Set by :func:`resolve_smoke_round` from the plan.
    convention: str = "text"

    def _pick(self, *, distance: bool) -> int | None:
        if self.drift_red is None or self.drift_black is None:
            return None
        red_is_distance = self.convention == "text"
        return self.drift_red if red_is_distance == distance else self.drift_black


def resolve_smoke_round(plan: SmokePlan, dice: DiceSource) -> SmokeRoll:
    """Roll a Smoke round: black dice, (red cover dice under an option), then drift dice."""
    black = dice.pool(plan.dice, "smoke round (black)")
    red = dice.pool(plan.cover_dice, "cover (red)") if plan.cover_dice else ()
    hits = max(
        sum(1 for v in black if v >= plan.hit_on) - sum(1 for v in red if v >= plan.cancel_on), 0
    )
    if hits >= 2:
        return SmokeRoll(black, red, hits, "placed", convention=plan.drift_dice)
    if hits == 1:
        drift_red = dice.d6("drift (red)")
        drift_black = dice.d6("drift (black)")
        return SmokeRoll(black, red, hits, "drift", drift_red, drift_black, plan.drift_dice)
    return SmokeRoll(black, red, hits, "misfire", convention=plan.drift_dice)


def hit_odds(plan: SmokePlan) -> tuple[Fraction, Fraction, Fraction]:
    """P(placed), P(drift), P(misfire) in closed form."""
    dist = net_hits(plan.dice, plan.hit_on, plan.cover_dice, plan.cancel_on)
    p0, p1 = dist[0], dist[1]
    return (1 - p0 - p1, p1, p0)


def smoke_round_distribution(plan: SmokePlan) -> Distribution[str]:
    """``placed`` / ``drift <distance> <direction die>`` / ``misfire`` (closed form)."""
    placed, drift, misfire = hit_odds(plan)
    parts: dict[str, Fraction] = {"placed": placed, "misfire": misfire}
    for distance in range(1, 7):
        for die in range(1, 7):
            parts[f"drift {distance} {die}"] = drift / 36
    return Distribution(parts)


def smoke_round_label(roll: SmokeRoll) -> str:
    if roll.outcome == "drift":
        return f"drift {roll.distance} {roll.direction_die}"
    return roll.outcome


# -- landing on the map ------------------------------------------------------------


def drift_direction(die: int, orientation: Direction) -> Direction:
    """Direction die 1..6 read on the directional marker whose 1 points at ``orientation``,
    numbered clockwise (TOI-AMB-2)."""
    return Direction((int(orientation) + Direction.from_die(die)) % 6)


def orientation_for(settings: RuleReadings, m: ToIMap, firer: Hex | None, target: Hex) -> Direction:
    """Where the directional marker's 1 points (TOI-AMB-2 default: the map's setting)."""
    choice = settings.drift_orientation
    if choice == "map":
        return m.directional_marker
    if choice == "attacker_to_target":
        return nearest_direction(firer if firer is not None else target, target)
    return Direction.parse(choice)


def smoke_allowed(m: ToIMap, h: Hex, smoke: Iterable[Hex]) -> str | None:
    """Why smoke cannot go in ``h`` (``None`` if it can): off map, building, smoke (B10)."""
    if h not in m:
        return "off-map"
    if m.is_building(h):
        return "building"
    if h in set(smoke):
        return "smoke"
    return None


@dataclass(frozen=True)
class Landing:
    """Where a Smoke round's marker goes (``hex`` None = nowhere)."""

    hex: Hex | None
    reason: str  # placed | drifted | refresh | off-map | building | smoke | misfire
    path: tuple[Hex, ...] = ()
    direction: Direction | None = None

    @property
    def _at(self) -> str:
        return numbered_hex(self.hex) if self.hex is not None else "-"

    @property
    def label(self) -> str:
        if self.reason == "placed":
            return f"placed {self._at}"
        if self.reason in ("drifted", "refresh"):
            return f"drift to {self._at}" + (" (refresh)" if self.reason == "refresh" else "")
        if self.reason == "misfire":
            return "misfire"
        return f"no smoke ({self.reason})"

    @property
    def label_term(self) -> dict[str, Any]:
        """:attr:`label` as a translatable term (the same English text)."""
        if self.reason == "placed":
            return term("placed {hex}", hex=self._at)
        if self.reason == "drifted":
            return term("drift to {hex}", hex=self._at)
        if self.reason == "refresh":
            return term("drift to {hex} (refresh)", hex=self._at)
        if self.reason == "misfire":
            return term("misfire")
        return term(f"no smoke ({self.reason})")


@dataclass(frozen=True)
class SmokeAim:
    """Where a Smoke round is aimed and what decides its landing: the target hex,
    the map, the hexes already under smoke, the drift orientation (TOI-SMK-4)
    and the readings (default: :data:`~ordnance.toi.rules.readings.DEFAULTS`)."""

    target: Hex
    board: ToIMap
    smoke: frozenset[Hex]
    orientation: Direction
    settings: RuleReadings | None = None


def land_smoke(roll: SmokeRoll, aim: SmokeAim) -> Landing:
    """Where the marker of ``roll`` lands (TOI-SMK-3/4/5, TOI-AMB-3)."""
    settings = aim.settings or DEFAULTS
    target, m, smoky = aim.target, aim.board, aim.smoke
    if roll.outcome == "misfire":
        return Landing(None, "misfire")
    if roll.outcome == "placed":
        why = smoke_allowed(m, target, smoky)
        if why is None:
            return Landing(target, "placed")
        if why == "smoke" and settings.drift_into_smoke == "refresh":
            return Landing(target, "refresh")
        return Landing(None, why)
    assert roll.distance is not None and roll.direction_die is not None
    direction = drift_direction(roll.direction_die, aim.orientation)
    path = tuple(target + direction.vector * k for k in range(1, roll.distance + 1))
    end = path[-1]
    why = smoke_allowed(m, end, smoky)
    if why is None:
        return Landing(end, "drifted", path, direction)
    if why == "smoke" and settings.drift_into_smoke == "refresh":
        return Landing(end, "refresh", path, direction)
    if settings.drift_clip == "last_legal":
        on_map = path[: _first_off_map(path, m)]
        for h in reversed(on_map):
            if smoke_allowed(m, h, smoky) is None:
                return Landing(h, "drifted", path, direction)
    return Landing(None, why, path, direction)


def _first_off_map(path: tuple[Hex, ...], m: ToIMap) -> int:
    """Index of the first hex of ``path`` that is off the map (the drift stops there)."""
    for i, h in enumerate(path):
        if h not in m:
            return i
    return len(path)


def smoke_landing_distribution(plan: SmokePlan, aim: SmokeAim) -> Distribution[str]:
    """Exact distribution of :attr:`Landing.label` for a Smoke round at ``aim.target``."""
    placed, drift, misfire = hit_odds(plan)
    on_target = SmokeRoll((), (), 2, "placed", convention=plan.drift_dice)
    parts: list[tuple[str, Fraction]] = [
        (land_smoke(on_target, aim).label, placed),
        ("misfire", misfire),
    ]
    for red in range(1, 7):
        for black in range(1, 7):
            roll = SmokeRoll((), (), 1, "drift", red, black, plan.drift_dice)
            parts.append((land_smoke(roll, aim).label, drift / 36))
    return Distribution(parts)


def smoke_procedure(plan: SmokePlan, aim: SmokeAim) -> Callable[[DiceSource], str]:
    """``dice -> landing label``: the resolving code, ready for ``enumerate_procedure``."""

    def run(dice: DiceSource) -> str:
        return land_smoke(resolve_smoke_round(plan, dice), aim).label

    return run
