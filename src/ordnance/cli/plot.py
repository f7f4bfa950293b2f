"""Bar charts of exact distributions (matplotlib, headless Agg backend).

Matplotlib is imported inside the functions that draw, so a command without ``--plot``
never loads it.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from ordnance.core.odds.distribution import Distribution


def plot_distribution(
    dist: Distribution[Any], path: str | Path, title: str, xlabel: str = "outcome"
) -> Path:
    """Write a PNG bar chart of ``dist`` to ``path`` and return the path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    outcomes = dist.outcomes()
    probs = [float(dist[o]) for o in outcomes]
    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    bars = ax.bar([str(o) for o in outcomes], probs, color="#4a6fa5")
    for bar, p in zip(bars, probs, strict=True):
        ax.annotate(
            f"{p:.1%}", (bar.get_x() + bar.get_width() / 2, p), ha="center", va="bottom", fontsize=8
        )
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.set_ylim(0, max(probs, default=1) * 1.15)
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out)
    plt.close(fig)
    return out


def plot_comparison(comparison: dict[str, Any], path: str | Path, title: str) -> Path:
    """Grouped bars of a comparison (``{"x", "series": [{"name", "values"}]}``, exact
    ``"p/q"`` values) written as a PNG to ``path``."""

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(comparison["x"])
    series = comparison["series"]
    width = 0.8 / max(len(series), 1)
    colours = ("#4a6fa5", "#c0504d", "#9bbb59", "#8064a2")
    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    for i, s in enumerate(series):
        xs = [x - 0.4 + width * (i + 0.5) for x in range(len(names))]
        values = [float(Fraction(v)) for v in s["values"]]
        ax.bar(xs, values, width=width, label=s["name"], color=colours[i % len(colours)])
    ax.set_xticks(list(range(len(names))), names)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("probability")
    ax.set_xlabel(comparison.get("xlabel", ""))
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out)
    plt.close(fig)
    return out
