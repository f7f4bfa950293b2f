"""One resolved Gun shot as a value: :class:`ShotOutcome`, and what it tells.

Built by :func:`ordnance.asl.shot.resolve.resolve_shot` and its steps; read by the
faces (:meth:`ShotOutcome.to_dict`), by the shot sequences (Multiple ROF kept,
:attr:`ShotOutcome.rof_retained`, ASL-B5.6) and by the odds
(:meth:`ShotOutcome.key`, the outcome summary the distributions count).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ordnance.asl.rules.depletion import ShotResult
from ordnance.asl.rules.to_hit import ToHitResult
from ordnance.asl.rules.to_kill import KILLS, FinalTk
from ordnance.asl.shot.plan import ShotPlan
from ordnance.asl.shot.spec import GunShot
from ordnance.core.dice import DR
from ordnance.core.plain import attributes

Status = Literal["no-round", "miss", "hit", "fired"]


@dataclass(frozen=True, slots=True)
class ShotOutcome:
    """One resolved shot. ``effect`` is the result on the target, or None without a hit.

    ``status``: ``no-round`` (DR > N: no shot, ASL-8.9-e), ``miss``, ``hit``,
    or ``fired`` (Canister: no To Hit, ASL-8.4-b).
    """

    spec: GunShot
    plan: ShotPlan
    check: ShotResult
    to_hit: ToHitResult | None
    status: Status
    effect: str | None
    tk: FinalTk | None = None
    tk_dr: DR | None = None
    ift: dict[str, Any] | None = None
    clauses: tuple[str, ...] = field(default=())

    @property
    def hit(self) -> bool:
        return self.status == "hit"

    @property
    def killed(self) -> bool:
        """The target is eliminated: burn/eliminated, or a KIA on the IFT."""
        if self.effect is None or self.effect in ("no effect", "placed"):
            return False
        if self.effect in KILLS:
            return True
        return self.ift is not None and "KIA" in self.effect

    @property
    def rof_retained(self) -> bool:
        """Multiple ROF kept (B5.6): fired, no malfunction, coloured dr <= ROF."""
        rof = self.spec.effective_rof
        return (
            self.check.counts_as_fired
            and not self.check.malfunctioned
            and rof > 0
            and self.check.dr.coloured <= rof
            and not self.spec.intensive
        )

    def key(self) -> tuple[str, str | None, bool, bool, bool]:
        """A hashable summary for odds: (status, effect, malfunction, ammo gone, ROF kept)."""
        gone = self.check.gone and self.check.depletion is not None
        return (self.status, self.effect, self.check.malfunctioned, gone, self.rof_retained)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ammo": self.spec.ammo,
            **attributes(self, "status effect killed"),
            "plan": self.plan.to_dict(),
            "depletion_check": self.check.to_dict(),
            "to_hit": None if self.to_hit is None else self.to_hit.to_dict(),
            "to_kill": None
            if self.tk is None
            else {
                **self.tk.to_dict(),
                "dr": None if self.tk_dr is None else [self.tk_dr.coloured, self.tk_dr.white],
            },
            "ift": self.ift,
            "rof_retained": self.rof_retained,
            "clauses": list(self.clauses),
        }
