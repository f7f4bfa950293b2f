"""The sweep's PNG heatmap (matplotlib, imported only when a heatmap is drawn)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    pass


def plot_heatmap(
    grid: list[list[float]],
    rows: list[int],
    cols: list[int],
    path: str | Path,
    title: str,
    xlabel: str,
    ylabel: str,
    panels: list[str] | None = None,
    grids: list[list[list[float]]] | None = None,
) -> Path:
    """Write a PNG heatmap (one panel per grid) with the value in each cell."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    all_grids = grids if grids is not None else [grid]
    names = panels if panels is not None else [""]
    fig, axes = plt.subplots(
        1,
        len(all_grids),
        figsize=(4.2 * len(all_grids) + 1, 0.32 * len(rows) + 2),
        dpi=110,
        squeeze=False,
    )
    vmax = max((max(r) for g in all_grids for r in g), default=1.0) or 1.0
    image = None
    for ax, g, name in zip(axes[0], all_grids, names, strict=True):
        image = ax.imshow(g, aspect="auto", origin="lower", cmap="viridis", vmin=0, vmax=vmax)
        ax.set_xticks(range(len(cols)), [str(c) for c in cols])
        ax.set_yticks(range(len(rows)), [str(r) for r in rows])
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(name, fontsize=9)
        for i, row in enumerate(g):
            for j, v in enumerate(row):
                ax.text(
                    j,
                    i,
                    f"{v:.2f}",
                    ha="center",
                    va="center",
                    fontsize=6,
                    color="white" if v < vmax * 0.6 else "black",
                )
    if image is not None:
        fig.colorbar(image, ax=axes[0].tolist(), shrink=0.8)
    fig.suptitle(title)
    out = Path(path)
    fig.savefig(out)
    plt.close(fig)
    return out
