"""How long the command line takes to start, against Python and Typer alone.

The commands run side by side, interleaved round by round so that a busy
machine slows them all alike:

* ``python -c pass``: the interpreter alone;
* ``python -c "import typer"``: the command-line library alone;
* ``ordnance --help`` (as ``python -m ordnance.cli.main --help``, the same
  entry point the ``ordnance`` script calls);
* two stand-alone procedures, ``ordnance asl supply ...`` and
  ``ordnance toi odds ...`` (the README's examples), which load one game's
  command line and the rules that command uses.

Each figure is the median wall-clock time of ``repeat`` runs. The ratios are
what to watch: ``cli_start_ratio_vs_typer`` near 1 means the project adds
little to what any Typer program pays; ``cli_<command>_ratio_vs_*`` are the
same ratios for the stand-alone procedures. ``python -m ordnance.bench.cli_start``
prints the figures as one JSON line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from statistics import median

COMMANDS: dict[str, list[str]] = {
    "python": [sys.executable, "-c", "pass"],
    "typer": [sys.executable, "-c", "import typer"],
    "cli": [sys.executable, "-m", "ordnance.cli.main", "--help"],
    "asl_supply": [
        *(sys.executable, "-m", "ordnance.cli.main"),
        *("asl", "supply", "russian", "85L", "--date", "1944-06", "--json"),
    ],
    "toi_odds": [
        *(sys.executable, "-m", "ordnance.cli.main", "toi", "odds", "--fp", "5"),
        *("--target", "vehicle", "--range", "close", "--defence", "4", "--munition", "AP-C"),
    ],
}
#: The stand-alone procedures timed besides ``--help`` (keys of :data:`COMMANDS`).
PROCEDURES = ("asl_supply", "toi_odds")


def _env() -> dict[str, str]:
    """The environment of each run, as a user's shell would have it.

    ``PYTHONDONTWRITEBYTECODE`` is dropped: with it (some CI and container
    images set it) an editable install recompiles every project module on
    each start, which no installed copy does (``pip install`` compiles the
    byte-code once); the sources are compiled once before timing instead.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _compile_project() -> None:
    """Byte-compile the package, as ``pip install`` does (a no-op where it is up to date)."""
    import compileall

    import ordnance

    compileall.compile_dir(os.path.dirname(ordnance.__file__), quiet=1)


def _wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_env()
    )
    return time.perf_counter() - start


def measure(repeat: int = 5) -> dict[str, float]:
    """``{"cli_start_s", "cli_start_ratio_vs_python", "cli_start_ratio_vs_typer"}``.

    Also ``python_start_s`` and ``typer_import_s``, the two baselines, and
    for each of :data:`PROCEDURES` ``cli_<name>_s`` with its two ratios.
    """
    if repeat < 1:
        raise ValueError("repeat must be at least 1")
    _compile_project()
    for argv in COMMANDS.values():  # warm the file cache
        _wall(argv)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(repeat):
        for name, argv in COMMANDS.items():
            times[name].append(_wall(argv))
    python, typer_, cli = (median(times[k]) for k in ("python", "typer", "cli"))
    figures = {
        "cli_start_s": round(cli, 4),
        "cli_start_ratio_vs_python": round(cli / python, 2),
        "cli_start_ratio_vs_typer": round(cli / typer_, 2),
        "python_start_s": round(python, 4),
        "typer_import_s": round(typer_, 4),
    }
    for name in PROCEDURES:
        wall = median(times[name])
        figures[f"cli_{name}_s"] = round(wall, 4)
        figures[f"cli_{name}_ratio_vs_python"] = round(wall / python, 2)
        figures[f"cli_{name}_ratio_vs_typer"] = round(wall / typer_, 2)
    return figures


if __name__ == "__main__":  # pragma: no cover
    print(json.dumps(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 5)))
