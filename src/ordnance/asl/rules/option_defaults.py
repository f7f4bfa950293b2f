"""The default of every scenario option, as a plain value that needs no Pydantic.

:class:`ordnance.asl.settings.AslOptions` validates options (a scenario file,
``--option name=value``); the stand-alone procedures (``ordnance asl supply``,
``notation``, ``heat``, ``he-equivalency``, ``counters``) mostly run with the
defaults and should not pay for loading the validation library to read them.
A rule that takes ``options: AslOptions | None`` reads :data:`DEFAULT_OPTIONS`
when given none. ``tests/asl/test_option_defaults.py`` checks that this class
has the same fields, types and defaults as ``AslOptions``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class DefaultOptions:
    """Every field of ``AslOptions`` at its default (the notes' recommended reading)."""

    elite_scope: Literal["all", "chart-only"] = "all"
    counter_missing_year: Literal["unavailable", "chart"] = "unavailable"
    heat_gate_by: Literal["manufacture", "user"] = "manufacture"
    heat_he_equiv_h9: Literal[12, 8] = 12
    heat_he_equiv_table: Literal["ift", "iift"] = "ift"
    heat_without_he: Literal["allow", "forbid"] = "allow"
    voided_shot_ca: Literal["keep", "undo"] = "keep"
    ap_range_missing_caliber: Literal["nearest-row", "data-error"] = "nearest-row"
    canister_geometry: Literal["vertex-ring", "hexside-path"] = "vertex-ring"
    canister_ca: Literal["hexrow-bounded", "hexspine-bounded"] = "hexrow-bounded"
    canister_reductions: Literal["cumulative", "largest"] = "cumulative"
    canister_dr: Literal["one", "per-location"] = "one"
    canister_vehicles: Literal["armored-immune", "all-immune"] = "armored-immune"
    smoke_other_phases: bool = False
    smoke_interior_building: bool = False
    wp_defensive_first_fire: bool = False
    month_letters: dict[str, int] | None = None
    burma_p: Literal["pacific-rules", "pto-only"] = "pacific-rules"
    canister_rof: Literal["lose", "keep"] = "lose"
    critical_hit_on_original_2: bool = True
    armored_critical_hit: Literal["double-before-af", "double-final"] = "double-before-af"
    dud_on_12: bool = True
    malfunction_hit: Literal["resolves", "no-effect"] = "resolves"
    captured_rof_loss: int = 1
    red_th_nationalities: tuple[str, ...] = ("italian",)
    wp_smoke_th: bool = True


#: The defaults, read by rules given no options.
DEFAULT_OPTIONS = DefaultOptions()

__all__ = ["DEFAULT_OPTIONS", "DefaultOptions"]
