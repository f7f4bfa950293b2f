"""The settings of an ASL scenario: date, theatre, sides, board, and its rule options.

The rule options (:class:`AslOptions`) have one field per ambiguity of the notes
(ASL-AMB-n).
Each default is the notes' RECOMMENDED DEFAULT; the alternative readings are
the other values. The field names say what they change; the description of
each field names its ambiguity.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field, ValidationError

from ordnance.asl.rules.board import BoardGeometry
from ordnance.asl.rules.nationalities import KNOWN_NATIONALITIES
from ordnance.core.fields import Record, option
from ordnance.core.names import Name
from ordnance.core.validation import refusal


class AslOptions(Record):
    """Rule options of an ASL scenario (every default is the notes' default)."""

    # One line an option: default, title, help (naming its clause), labels. The
    # formatter is off here so that the options read as a table.
    # fmt: off
    elite_scope: Literal["all", "chart-only"] = option("all", "Elite bonus applies to", "ASL-AMB-4: Elite +1 on every Depletion Number (default) or only on Ammunition Supply Chart ammunition (APCR/APDS).", labels=["Every Depletion Number", "Chart ammunition only (APCR/APDS)"])
    counter_missing_year: Literal["unavailable", "chart"] = option("unavailable", "Counter without a value for the year", "ASL-AMB-5: a counter with values for an ammunition but none for the scenario year means none (default), or falls back to the chart.", labels=["No such ammunition", "Use the chart"])
    heat_gate_by: Literal["manufacture", "user"] = option("manufacture", "HEAT date follows", "ASL-AMB-6: the HEAT date gate follows the nation that made the Gun (default) or the army using it.", labels=["The nation that made the Gun", "The army using it"])
    heat_he_equiv_h9: Literal[12, 8] = option(12, "HE Equivalency of H#[9]", "ASL-AMB-2: HE Equivalency of the H#[9] round, 12 FP with PSK/PFk (default) or 8 FP with BAZ/PIAT.", labels=["12 FP (PSK/PFk)", "8 FP (BAZ/PIAT)"])
    heat_he_equiv_table: Literal["ift", "iift"] = option("ift", "HEAT HE Equivalency column shift", "ASL-AMB-3: other-ordnance HEAT steps one IFT column left (default) or one Incremental IFT column left.", labels=["One IFT column left", "One Incremental IFT column left"])
    heat_without_he: Literal["allow", "forbid"] = option("allow", "HEAT from a Gun without HE", "ASL-AMB-3: a Gun that cannot fire HE still has a HEAT HE Equivalency from its caliber (default), or may not fire HEAT at Personnel.", labels=["Allowed (caliber equivalency)", "No HEAT at Personnel"])
    voided_shot_ca: Literal["keep", "undo"] = option("keep", "Covered Arc after a voided shot", "ASL-AMB-15: after a DR > N shot a CA change already made stays (default) or is undone.", labels=["Keep the change", "Undo the change"])
    ap_range_missing_caliber: Literal["nearest-row", "data-error"] = option("nearest-row", "Caliber missing from the AP range table", "ASL-AMB-17: a caliber with no row on the AP range-change table uses the nearest one (26-36mm the <=25mm row, 58-64mm the 37-57mm row; default), or is a data error.", labels=["Use the nearest row", "Data error"])
    canister_geometry: Literal["vertex-ring", "hexside-path"] = option("vertex-ring", "Canister aim points", "ASL-AMB-7: the five aim points per CA (default).", labels=["Vertex ring", "Hexside path"])
    canister_ca: Literal["hexrow-bounded", "hexspine-bounded"] = option("hexrow-bounded", "Canister Covered Arc bounds", "ASL-AMB-7: how the CA is bounded (default hexrows).", labels=["Hexrows", "Hexspines"])
    canister_reductions: Literal["cumulative", "largest"] = option("cumulative", "Canister FP reductions", "ASL-AMB-8: Canister FP reductions multiply (default).", labels=["Multiply (cumulative)", "Largest only"])
    canister_dr: Literal["one", "per-location"] = option("one", "Canister IFT DR", "ASL-AMB-9: one IFT DR for the whole cluster (default).", labels=["One for the cluster", "One per Location"])
    canister_vehicles: Literal["armored-immune", "all-immune"] = option("armored-immune", "Vehicles attacked by Canister", "ASL-AMB-10: unarmored vehicles are attacked (default) or only PRC.", labels=["Unarmored vehicles are attacked", "Only passengers and riders"])
    smoke_other_phases: bool = option(False, "Dispersed SMOKE in other phases", "ASL-AMB-11: allow Dispersed ordnance SMOKE outside the PFPh/DFPh.")
    smoke_interior_building: bool = option(False, "SMOKE into Interior Building hexes", "ASL-AMB-12: allow SMOKE into an Interior Building hex.")
    wp_defensive_first_fire: bool = option(False, "WP as Defensive First Fire", "ASL-AMB-13: allow WP as Defensive First Fire in the MPh.")
    month_letters: dict[str, int] | None = option(None, "Month letters", "ASL-AMB-16: override the month letters of counter superscripts (default F=2, M=3, J=6, A=8, S=9, N=11).")
    burma_p: Literal["pacific-rules", "pto-only"] = option("pacific-rules", "Burma and the P entries", "Notes B4: a counter's P (PTO only) entry also applies in Burma, which is fought under the Pacific rules (default), or applies in the PTO alone.", labels=["Pacific rules (P applies)", "PTO only"])
    canister_rof: Literal["lose", "keep"] = option("lose", "Canister and Multiple ROF", "Notes B5.6 [unverified for Canister]: a Canister shot never keeps Multiple ROF (default: it has no To Hit DR whose coloured dr could give it), or keeps it when the coloured dr of its IFT DR is at most the Gun's ROF.", labels=["Canister loses ROF", "Canister may keep ROF"])
    # -- the whole shot (notes B5, B6): defaults for values the notes mark [unverified]
    critical_hit_on_original_2: bool = option(True, "Critical Hit on an Original 2", "ASL-B5.4 [unverified]: an Original To Hit DR of 2 that hits is a Critical Hit on every Target Type (default); False: only the Infantry Target Type's Final DR < half the TH# is one.")
    armored_critical_hit: Literal["double-before-af", "double-final"] = option("double-before-af", "Critical Hit against armour", "ASL-B6 (not in the notes): a Critical Hit on an armoured target doubles Basic TK# + range change before the AF is subtracted (default), or doubles the Final TK#.", labels=["Doubled before the AF", "Final TK# doubled"])
    dud_on_12: bool = option(True, "Dud on an Original 12", "ASL-B6 [unverified]: an Original To Kill DR of 12 is a dud (default).")
    malfunction_hit: Literal["resolves", "no-effect"] = option("resolves", "A hit on the malfunction DR", "ASL-AMB-18 [unverified]: a hit on the DR that malfunctions the Gun is still resolved (default), or has no effect.", labels=["Still resolved", "No effect"])
    captured_rof_loss: int = option(1, "ROF lost in captured use", "ASL-B5.3-H [secondary, amount unstated]: captured use lowers the ROF by this much (default 1).", ge=0, le=4)
    red_th_nationalities: tuple[str, ...] = option(("italian",), "Nationalities with red To Hit Numbers", "ASL-B5.1 [secondary]: nationalities whose Guns use the red TH# (default: Italian, from the counter data); captured use is always red (Case H).")
    wp_smoke_th: bool = option(True, "WP uses the SMOKE To Hit change", "ASL-B5.2 [inference]: WP takes the SMOKE To Hit modification (default).")
    # fmt: on


class SideSettings(Record):
    name: Name = option(
        title="Seat name", description="Seat name of the side, e.g. 'russian' or 'germans'."
    )
    nationality: str = Field(
        title="Nationality",
        description="Nationality, e.g. german, russian, american, british.",
        json_schema_extra={"enum": list(KNOWN_NATIONALITIES)},
    )
    elite: bool = option(False, "Elite", "Elite units: +1 Depletion Numbers (ASL-8.2-f).")
    pre_adjusted: bool = option(
        False,
        "Counters include Elite",
        "Counter values already include the Elite +1 (SS counters, ASL-AMB-4).",
    )


class AslSettings(Record):
    date: str = Field(
        "1944-06",
        title="Scenario date",
        description="Scenario year and month, YYYY-MM (1939-1945).",
        json_schema_extra={"format": "month"},
    )
    theatre: str = Field(
        "ETO",
        title="Theatre",
        description="ETO, PTO or Burma (counter suffixes E/P/B).",
        json_schema_extra={
            "enum": ["ETO", "PTO", "Burma"],
            "x-labels": ["Europe (ETO)", "Pacific (PTO)", "Burma"],
        },
    )
    sides: list[SideSettings] = Field(
        default_factory=lambda: [
            SideSettings(name="russian", nationality="russian"),
            SideSettings(name="german", nationality="german"),
        ],
        title="Sides",
        description="The two sides; the first is the ATTACKER of the first Player Turn.",
        json_schema_extra={
            "default": [
                {"name": "russian", "nationality": "russian"},
                {"name": "german", "nationality": "german"},
            ]
        },
    )
    board: BoardGeometry = option(
        title="Board",
        description="The board drawn and the printed hex ids accepted (default: one "
        "geomorphic board, A1 to GG10, A1 at the top left).",
        group="rules",
        default_factory=BoardGeometry,
    )
    options: AslOptions = option(
        title="Rule options",
        description="Readings of the rules where the notes allow more than one (ASL-AMB-n).",
        group="rules",
        default_factory=AslOptions,
    )


def parse_settings(settings: Mapping[str, Any]) -> AslSettings:
    try:
        return AslSettings.model_validate(dict(settings))
    except ValidationError as exc:
        raise refusal(exc, AslSettings, what="ASL settings", clause="ASL-8.0-a") from None
