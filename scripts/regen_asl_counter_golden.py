"""Regenerate ``tests/asl/golden/counters_by_year.json``: every counter read at every war year.

For each counter of the packaged database (``ordnance.asl.rules.counters``) and each
scenario year 1939-1945 (June, in the ETO and in the PTO) the golden file
holds what the game makes of its notation: ``A5`` (APCR, Depletion Number 5),
``H-`` (HEAT not available then), ``sD`` (a dispenser, no Depletion Number).
``tests/asl/test_counter_database.py`` compares the live reading with it, so
any change to the notation reader that changes a counter shows up as a diff.

Run from the project root: ``python scripts/regen_asl_counter_golden.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ordnance.asl.rules.counters import Counter, all_counters
from ordnance.asl.rules.dates import ScenarioDate, Theatre
from ordnance.asl.rules.notation import parse_notation

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "asl" / "golden" / "counters_by_year.json"
YEARS = range(1939, 1946)


def reading_text(counter: Counter, year: int, theatre: Theatre) -> str:
    """One line: each entry's symbol and its number in force, ``-`` when unavailable."""
    entries = parse_notation(counter.notation)
    parts = []
    for entry, res in zip(entries, counter.reading(ScenarioDate(year, 6), theatre), strict=True):
        if not res.available:
            parts.append(f"{entry.symbol}-")
        elif res.depletion is None:
            parts.append(entry.symbol)
        else:
            parts.append(f"{entry.symbol}{res.depletion}")
    return " ".join(parts)


def golden() -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for counter in all_counters():
        if not counter.notation:
            continue
        key = f"{counter.gpid} {counter.name} ({counter.nationality})"
        out[key] = {
            f"{year} {theatre.value}": reading_text(counter, year, theatre)
            for year in YEARS
            for theatre in (Theatre.ETO, Theatre.PTO)
        }
    return out


def render() -> str:
    lines = [f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v)}" for k, v in golden().items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main() -> int:
    GOLDEN.write_text(render(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
