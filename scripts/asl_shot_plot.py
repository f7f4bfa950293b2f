"""Draw docs/img/asl-ap-apcr-heat.png: AP, APCR and HEAT from a German 75L, by range.

``make docs-img`` runs it. Every point is an exact figure of
:func:`ordnance.asl.shot.odds.gun_odds` (the code ``ordnance asl odds gun``
prints), drawn as floats. The case is the worked example of docs/asl.md: a
German 75L at an armoured target with AF 11, one declared shot; APCR with
N=5 (and the same APCR followed by AP at once when it is gone, ASL-8.9-e),
HEAT with N=7 (HEAT TK# 13 for a 75mm round, notes B6.3), AP ordinary.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ordnance.asl.shot.odds import gun_odds
from ordnance.asl.shot.spec import GunShot

RANGES = (1, 2, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30)
CASES: tuple[tuple[str, str, int | None, str | None], ...] = (
    ("AP", "AP", None, None),
    ("APCR N=5", "APCR", 5, None),
    ("APCR N=5, then AP", "APCR", 5, "AP"),
    ("HEAT N=7", "HEAT", 7, None),
)


def figures(ammo: str, n: int | None, fallback: str | None) -> tuple[list[float], list[float]]:
    hits, kills = [], []
    for rng in RANGES:
        spec = GunShot(gun="75L", ammo=ammo, depletion=n, range=rng, target="vehicle", af=11)
        report = gun_odds(spec, fallback=fallback)
        hits.append(float(Fraction(report["p_hit"])))
        kills.append(float(Fraction(report["p_kill"])))
    return hits, kills


def main(out: Path) -> Path:
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), dpi=110, sharey=True)
    for label, ammo, n, fallback in CASES:
        hits, kills = figures(ammo, n, fallback)
        style = "--" if fallback else "-"
        left.plot(RANGES, hits, style, marker="o", markersize=3, label=label)
        right.plot(RANGES, kills, style, marker="o", markersize=3, label=label)
    left.set_title("P(hit), one declared shot")
    right.set_title("P(burn or eliminated)")
    for ax in (left, right):
        ax.set_xlabel("range (hexes)")
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
    left.set_ylabel("probability")
    right.legend()
    fig.suptitle("German 75L at an AF 11 target (exact odds, ordnance asl odds gun)")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
    return out


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/img/asl-ap-apcr-heat.png")
    print(main(target))
