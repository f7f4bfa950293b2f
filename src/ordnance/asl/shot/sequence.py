"""Several shots of one Gun at one target: Multiple ROF, depletion, malfunction (notes B5.6, B5.7).

:func:`resolve_sequence` fires up to ``shots`` shots with
:func:`ordnance.asl.shot.resolve.resolve_shot` and stops as the rules stop it:

* ``mode="rof"`` (default): the shots of one fire phase. A further shot needs
  Multiple ROF kept by the previous one (coloured dr <= ROF, B5.6); a voided
  attempt (DR > N) is no shot, so the Gun may fire again at once with other
  ammunition (ASL-8.9-e); ``mode="turns"``: one shot per Player Turn, each
  taken whatever the ROF;
* a malfunction ends the Gun's fire (B5.7), whatever the mode;
* the target eliminated (burn/eliminated, or a KIA) ends it too;
* once the special ammunition is gone (ASL-8.9-d/e) the Gun fires the
  ``fallback`` ammunition (default AP at a vehicle, HE otherwise), or stops
  with ``fallback=None``.

Each shot declares its ammunition afresh (ASL-8.1-c). With ``acquire``
(the Acquisition DRM after one, two... shots at the same target, Case N;
:data:`DEFAULT_ACQUISITION` by default in the odds) every shot that counted
as fired at the target gives the next one a better Acquisition; a voided
attempt gives none (ASL-AMB-15).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from ordnance.asl.rules.to_kill import KILLS, RESULTS
from ordnance.asl.shot.ift import ift_severity
from ordnance.asl.shot.outcome import ShotOutcome
from ordnance.asl.shot.resolve import resolve_shot
from ordnance.asl.shot.spec import GunShot
from ordnance.core.dice import DiceSource
from ordnance.core.errors import RuleViolation
from ordnance.core.messages import msg
from ordnance.core.plain import attributes

Mode = Literal["rof", "turns"]


class SequenceRules(TypedDict, total=False):
    """How a sequence is fired: the keywords of :func:`resolve_sequence` (its defaults hold)."""

    mode: Mode
    fallback: str | None
    acquire: tuple[int, ...]


MAX_SHOTS = 12
#: The Acquisition DRM (Case N) after 1 and after 2 or more shots at the same
#: target. The notes give Case N as "per Acquisition counter" [secondary,
#: TH.gif] without its values; -1 then -2 is the usual reading [unverified].
DEFAULT_ACQUISITION: tuple[int, ...] = (-1, -2)
#: The summary's "no hit" label (misses and voided attempts alike).
NO_HIT = "no hit"


def default_fallback(spec: GunShot) -> str | None:
    """AP at a vehicle, HE at anything else; None when the Gun already fires that."""
    if spec.ammo in ("SMOKE", "WP", "Canister"):
        return None
    fallback = "AP" if spec.target in ("vehicle", "unarmored") else "HE"
    return None if fallback == spec.ammo and spec.depletion is None else fallback


def killed(effect: str | None) -> bool:
    """Burn/eliminated on the AFV Destruction Table, or a KIA on the IFT."""
    if effect is None:
        return False
    return effect in KILLS or effect.endswith("KIA")


def severity(effect: str) -> tuple[int, int, int]:
    """Order effects, the worst for the target first (AFV table, then the IFT)."""
    if effect in RESULTS:
        return 0, RESULTS.index(effect), 0
    if effect == "placed":
        return 1, 0, 0

    rank, number = ift_severity(effect)
    return 2, rank, number


def worst(a: str | None, b: str | None) -> str | None:
    if a is None or a == NO_HIT:
        return b
    if b is None or b == NO_HIT:
        return a
    return min(a, b, key=severity)


@dataclass(frozen=True, slots=True)
class SequenceSummary:
    """What a sequence did: the hashable outcome its odds are over."""

    effect: str  # the worst effect on the target, or "no hit"
    hits: int
    shots: int  # shots that counted as fired
    special_rounds: int
    special_left: bool
    malfunctioned: bool

    @property
    def killed(self) -> bool:
        return killed(self.effect)

    def to_dict(self) -> dict[str, Any]:
        return attributes(
            self, "effect hits shots special_rounds special_left malfunctioned killed"
        )


@dataclass(frozen=True, slots=True)
class Step:
    """The state between two shots of a sequence."""

    fired: int = 0
    special_left: bool = True
    effect: str = NO_HIT
    hits: int = 0
    special_rounds: int = 0
    acquired: int = 0  # shots counted at this target (Acquisition, Case N)

    def summary(self, malfunctioned: bool) -> SequenceSummary:
        return SequenceSummary(
            self.effect,
            self.hits,
            self.fired,
            self.special_rounds,
            self.special_left,
            malfunctioned,
        )


def check_sequence(spec: GunShot, shots: int, mode: Mode) -> None:
    if not 1 <= shots <= MAX_SHOTS:
        raise RuleViolation(
            "ASL-B5.6",
            msg("{shots} shots is outside 1..{max_shots}", shots=shots, max_shots=MAX_SHOTS),
            hint=msg("1-12"),
        )
    if mode not in ("rof", "turns"):
        raise RuleViolation(
            "ASL-B5.6", msg("unknown sequence mode {mode!r}", mode=mode), hint=msg("rof or turns")
        )
    if spec.cases.pinned and shots > 1 and mode == "rof":
        raise RuleViolation(
            "ASL-B5.3-D",
            msg("a pinned firer has no Multiple ROF"),
            hint=msg("--shots 1 or --turns"),
        )


def with_acquisition(shot: GunShot, acquired: int, acquire: tuple[int, ...]) -> GunShot:
    """``shot`` with the Acquisition DRM earned by ``acquired`` shots (the better of it and
    the entered Case N)."""
    if not acquire or acquired <= 0:
        return shot
    drm = acquire[min(acquired, len(acquire)) - 1]
    if drm >= shot.cases.acquisition:
        return shot
    cases = shot.cases.model_copy(update={"acquisition": drm})
    return shot.model_copy(update={"cases": cases})


def next_spec(
    spec: GunShot, step: Step, fallback: str | None, acquire: tuple[int, ...] = ()
) -> tuple[GunShot, bool] | None:
    """The shot to declare next and whether it is the special ammunition (else the fallback).

    The special ammunition while it lasts, then the fallback (None: stop);
    with the Acquisition earned so far (``acquire``, Case N).
    """
    if step.special_left:
        return with_acquisition(spec, step.acquired, acquire), True
    if fallback is None:
        return None
    return with_acquisition(spec.with_ammo(fallback, None), step.acquired, acquire), False


def advance(
    spec: GunShot,
    step: Step,
    special: bool,
    out_key: tuple[str, str | None, bool, bool, bool],
    mode: Mode = "rof",
    acquire: tuple[int, ...] = (),
) -> tuple[Step, bool]:
    """(next state, whether the sequence goes on) after one shot's outcome key.

    The keys are those of :meth:`ordnance.asl.shot.outcome.ShotOutcome.key`, so the
    resolving procedure and the closed-form odds step through the same rules.
    """
    status, effect, malfunctioned, gone, rof_kept = out_key
    counted = status != "no-round"
    hit = status == "hit" or (status == "fired" and effect not in (None, "no effect"))
    new = Step(
        fired=step.fired + (1 if counted else 0),
        special_left=step.special_left and not (special and gone),
        effect=worst(step.effect, effect if hit else None) or NO_HIT,
        hits=step.hits + (1 if hit else 0),
        special_rounds=step.special_rounds + (1 if special and counted else 0),
        acquired=min(step.acquired + (1 if counted else 0), len(acquire)),
    )
    if malfunctioned or killed(new.effect):
        return new, False
    if not counted:
        return new, True  # ASL-8.9-e: no shot; the Gun may fire again at once
    return new, rof_kept or mode == "turns"


def resolve_sequence(
    dice: DiceSource,
    spec: GunShot,
    shots: int = 1,
    *,
    mode: Mode = "rof",
    fallback: str | None = None,
    acquire: tuple[int, ...] = (),
) -> tuple[SequenceSummary, tuple[ShotOutcome, ...]]:
    """Fire up to ``shots`` shots as the module docstring says; the summary and each shot."""
    check_sequence(spec, shots, mode)
    step = Step()
    done: list[ShotOutcome] = []
    while step.fired < shots:
        nxt = next_spec(spec, step, fallback, acquire)
        if nxt is None:
            break
        cur, special = nxt
        out = resolve_shot(dice, cur)
        done.append(out)
        step, go_on = advance(spec, step, special, out.key(), mode, acquire)
        if not go_on:
            return step.summary(out.check.malfunctioned), tuple(done)
    return step.summary(False), tuple(done)
