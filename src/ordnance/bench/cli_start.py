"""How long the command line takes to start: every command group, against Python and Typer.

The commands run side by side, interleaved round by round so that a busy
machine slows them all alike:

* ``python -c pass``: the interpreter alone;
* ``python -c "import typer"``: the command-line library alone;
* ``ordnance --help`` and the help of every top-level group (``ordnance asl
  --help``, ``ordnance odds --help``, ...), each through ``python -m
  ordnance.cli.main``, the entry point the ``ordnance`` script calls;
* one real run of each stand-alone procedure the README shows: ``asl
  supply``, ``toi odds``, ``asl odds gun`` (the whole shot) and ``waw odds
  he-fire``, each loading one game's command line and the rules it uses.

Each figure is the median of ``repeat`` runs: the wall-clock time
(``cli_<name>_s``, the figure the 0.3 s target is about) and the CPU time the
process used (``cli_<name>_cpu_s``, user plus system: on a machine other
work keeps busy it stays near what an idle machine's wall clock shows, where
the wall clock also counts the time spent waiting for a core). The ratios to
``python -c pass`` and to ``import typer`` are what to compare between runs.

``python -m ordnance.bench.cli_start [REPEAT]`` (default 5) prints one line per command;
``--json`` prints the figures as one JSON line instead.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from statistics import median

import ordnance

ORDNANCE = (sys.executable, "-m", "ordnance.cli.main")

#: The two baselines: ``name -> argv``.
BASELINES: dict[str, list[str]] = {
    "python": [sys.executable, "-c", "pass"],
    "typer": [sys.executable, "-c", "import typer"],
}
#: The top-level groups whose help is timed (``ordnance <group> --help``).
GROUPS = ("asl", "toi", "waw", "odds", "game", "scenario", "serve", "table", "demo")
#: The stand-alone procedures timed (``name -> arguments after ordnance``).
PROCEDURES: dict[str, list[str]] = {
    "asl_supply": ["asl", "supply", "russian", "85L", "--date", "1944-06", "--json"],
    "toi_odds": [
        *("toi", "odds", "--fp", "5", "--target", "vehicle", "--range", "close"),
        *("--defence", "4", "--munition", "AP-C"),
    ],
    "asl_odds_gun": [
        *("asl", "odds", "gun", "--nationality", "german", "--gun", "75L", "--ammo", "APCR"),
        *("--depletion", "5", "--range", "3", "--target", "vehicle", "--af", "11", "--json"),
    ],
    "waw_odds_he_fire": [
        *("waw", "odds", "he-fire", "--fp", "6", "--hit-number", "4", "--defence", "2", "--json"),
    ],
}


def commands() -> dict[str, list[str]]:
    """Every timed command of the project: ``figure name -> argv``.

    ``start`` is ``ordnance --help`` (the figure's old name, ``cli_start_s``);
    ``<group>_help`` the help of each of :data:`GROUPS`; then :data:`PROCEDURES`.
    """
    timed = {"start": [*ORDNANCE, "--help"]}
    timed |= {f"{group}_help": [*ORDNANCE, group, "--help"] for group in GROUPS}
    timed |= {name: [*ORDNANCE, *args] for name, args in PROCEDURES.items()}
    return timed


@dataclass(frozen=True, slots=True)
class Run:
    """One process: its wall-clock and CPU seconds."""

    wall: float
    cpu: float


def _env() -> dict[str, str]:
    """The environment of each run, as a user's shell would have it.

    ``PYTHONDONTWRITEBYTECODE`` is dropped: with it (some CI and container
    images set it) an editable install recompiles every project module on
    each start, which no installed copy does (``pip install`` compiles the
    byte-code once); the sources are compiled once before timing instead.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["COLUMNS"] = "100"
    return env


def _compile_project() -> None:
    """Byte-compile the package, as ``pip install`` does (a no-op where it is up to date)."""

    compileall.compile_dir(os.path.dirname(ordnance.__file__), quiet=1)


def _run(argv: list[str]) -> Run:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_env()
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(wall, cpu)


def measure(repeat: int = 5, only: tuple[str, ...] | None = None) -> dict[str, float]:
    """The figures of every command of :func:`commands` (or of those named in ``only``).

    For each ``name``: ``cli_<name>_s`` (median wall clock), ``cli_<name>_cpu_s``
    (median CPU time), ``cli_<name>_ratio_vs_python`` and ``..._ratio_vs_typer``
    (wall clock over the baseline's). Also ``python_start_s`` and
    ``typer_import_s``, the two baselines (and their ``..._cpu_s``).
    """
    if repeat < 1:
        raise ValueError("repeat must be at least 1")
    _compile_project()
    chosen = {k: v for k, v in commands().items() if only is None or k in only}
    timed = BASELINES | chosen
    for argv in timed.values():  # warm the file cache
        _run(argv)
    runs: dict[str, list[Run]] = {name: [] for name in timed}
    for _ in range(repeat):
        for name, argv in timed.items():
            runs[name].append(_run(argv))
    python, typer_ = (median(r.wall for r in runs[k]) for k in ("python", "typer"))
    figures = {
        "python_start_s": round(python, 4),
        "python_start_cpu_s": round(median(r.cpu for r in runs["python"]), 4),
        "typer_import_s": round(typer_, 4),
        "typer_import_cpu_s": round(median(r.cpu for r in runs["typer"]), 4),
    }
    for name in chosen:
        wall = median(r.wall for r in runs[name])
        figures[f"cli_{name}_s"] = round(wall, 4)
        figures[f"cli_{name}_cpu_s"] = round(median(r.cpu for r in runs[name]), 4)
        figures[f"cli_{name}_ratio_vs_python"] = round(wall / python, 2)
        figures[f"cli_{name}_ratio_vs_typer"] = round(wall / typer_, 2)
    return figures


def lines(figures: dict[str, float]) -> list[str]:
    """One line per command: its wall clock, CPU time, ratio to Python, and the command."""
    out = [
        f"{'python -c pass':<22} wall {figures['python_start_s']:.3f} s"
        f"  cpu {figures['python_start_cpu_s']:.3f} s",
        f"{'import typer':<22} wall {figures['typer_import_s']:.3f} s"
        f"  cpu {figures['typer_import_cpu_s']:.3f} s",
    ]
    for name, argv in commands().items():
        if f"cli_{name}_s" not in figures:
            continue
        shown = "ordnance " + " ".join(argv[len(ORDNANCE) :])
        out.append(
            f"{name:<22} wall {figures[f'cli_{name}_s']:.3f} s"
            f"  cpu {figures[f'cli_{name}_cpu_s']:.3f} s"
            f"  x{figures[f'cli_{name}_ratio_vs_python']:<5} python  {shown}"
        )
    return out


def _repeat(text: str) -> int:
    """``REPEAT``: a whole number of at least 1 (argparse reports anything else)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def parser() -> argparse.ArgumentParser:
    """The command line: ``[REPEAT] [--json]``."""
    ap = argparse.ArgumentParser(
        prog="python -m ordnance.bench.cli_start",
        description="Time the start of every ordnance command group and stand-alone "
        "procedure against python -c pass and import typer (medians of REPEAT rounds).",
    )
    ap.add_argument(
        "repeat",
        nargs="?",
        type=_repeat,
        default=5,
        metavar="REPEAT",
        help="rounds of runs whose median is shown (default: 5)",
    )
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON line")
    return ap


def main(argv: list[str]) -> None:
    args = parser().parse_args(argv)
    figures = measure(args.repeat)
    if args.json:
        print(json.dumps(figures))
    else:
        print("\n".join(lines(figures)))


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
