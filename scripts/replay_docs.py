"""Replay the ``$ ordnance ...`` transcripts of a Markdown file and report drift.

Usage (from the repository root)::

    python scripts/replay_docs.py README.md docs/toi.md   # print mismatches
    python scripts/replay_docs.py --write docs/waw.md     # also rewrite untrimmed outputs

Every ```console block is read; each ``$ `` line is a command and the lines up to the
next ``$ `` line are its shown output. All commands of one file run IN ORDER in one fresh
temporary directory (so the default ``ordnance.db`` and ``$HOME`` start empty, as for a
reader), through ``bash -c`` with an ``ordnance`` on ``PATH`` that runs this tree's
``src``. The terminal is 100 columns wide, as in the docs.

Docs trim long outputs: a shown line may contain ``…`` (or ``...``) where text is left
out, and a command commented ``(excerpt)`` or ``trimmed`` shows only some lines. Such an
output matches when every shown fragment occurs, in order, in what the command prints; it
is never rewritten (``--write`` lists it for a human instead). A trailing ``[exit N]``
line, where a doc uses that convention, is compared with the exit code.

Hand-written rather than a doctest tool (e.g. ``cram``) because of these trimming
conventions and the box-drawing tables, which the tools compare byte for byte.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRIM_MARKS = ("…", "...")
EXIT_LINE = re.compile(r"^\[exit (\d+)\]$")
MISSING_SETUP = ("no game with id", "no such file", "no scenario file", "already exists")
FAILURE_WORDS = ("refused", "error", "usage:", "no such", "отказано", "traceback")


def looks_failed(lines: list[str]) -> bool:
    """Whether an output reads as a refusal or error (words, not exit codes: docs omit those)."""
    text = "\n".join(lines).lower()
    return any(word in text for word in FAILURE_WORDS)


@dataclass
class Step:
    """One ``$`` command of a console block and the output lines shown under it."""

    line: int  # 0-based index of the ``$`` line in the file
    command: str
    shown: list[str]

    @property
    def trimmed(self) -> bool:
        comment = self.command.partition("#")[2].lower() if "#" in self.command else ""
        return (
            "excerpt" in comment
            or "trimmed" in comment
            or any(mark in line for line in self.shown for mark in TRIM_MARKS)
        )

    @property
    def shows_exit(self) -> bool:
        if "[exit $?]" in self.command:  # the command prints the line itself
            return False
        lines = [line for line in self.shown if line.strip()]
        return bool(lines) and EXIT_LINE.match(lines[-1].strip()) is not None


def read_steps(lines: list[str]) -> list[Step]:
    """The ``$`` commands of every console block, in file order."""
    steps: list[Step] = []
    in_block = False
    for number, line in enumerate(lines):
        if line.startswith("```"):
            in_block = line.strip() == "```console" and not in_block
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            steps.append(Step(number, line[2:], []))
        elif steps and steps[-1].line < number and _same_block(lines, steps[-1].line, number):
            steps[-1].shown.append(line)
    return steps


def _same_block(lines: list[str], start: int, end: int) -> bool:
    return not any(line.startswith("```") for line in lines[start:end])


def make_env(workdir: Path) -> dict[str, str]:
    """A reader's environment: empty home, this tree's ``ordnance`` first on PATH."""
    bindir = workdir / ".bin"
    bindir.mkdir()
    wrapper = bindir / "ordnance"
    wrapper.write_text(
        f'#!/bin/sh\nPYTHONPATH={ROOT / "src"} exec {Path(sys.executable).parent / "ordnance"} "$@"\n'
    )
    wrapper.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith("ORDNANCE_")}
    env.update(
        PATH=f"{bindir}:{env.get('PATH', '/usr/bin:/bin')}",
        HOME=str(workdir),
        XDG_CONFIG_HOME=str(workdir / ".config"),
        COLUMNS="100",
        LINES="50",
        TERM="dumb",
        NO_COLOR="1",
    )
    env.pop("PYTHONPATH", None)
    return env


def run(step: Step, workdir: Path, env: dict[str, str]) -> tuple[list[str], int]:
    proc = subprocess.run(
        ["bash", "-c", step.command],
        cwd=workdir,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=300,
        check=False,
    )
    return proc.stdout.splitlines(), proc.returncode


def _fragments(line: str) -> list[str]:
    parts = re.split(r"…|\.\.\.", line.strip())
    return [part.strip() for part in parts if part.strip()]


def matches(step: Step, printed: list[str], code: int) -> bool:
    shown = [line.rstrip() for line in step.shown]
    while shown and not shown[-1]:
        shown.pop()
    if step.shows_exit:
        expected = int(EXIT_LINE.match(shown.pop().strip()).group(1))  # type: ignore[union-attr]
        if expected != code:
            return False
    got = [line.rstrip() for line in printed]
    if not step.trimmed:
        return shown == got
    text = " ".join(" ".join(got).split())
    position = 0
    for line in shown:
        for fragment in _fragments(line):
            fragment = " ".join(fragment.split())
            found = text.find(fragment, position)
            if found < 0:
                return False
            position = found + len(fragment)
    return True


def replay(path: Path, write: bool) -> int:
    """Replay one file; return the number of mismatching steps (rewritten ones included)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    steps = read_steps(lines)
    bad = 0
    replacements: list[tuple[Step, list[str]]] = []
    with tempfile.TemporaryDirectory(prefix="replay-docs-") as tmp:
        workdir = Path(tmp)
        env = make_env(workdir)
        for step in steps:
            printed, code = run(step, workdir, env)
            if matches(step, printed, code):
                continue
            bad += 1
            new = list(printed)
            if step.shows_exit:
                new.append(f"[exit {code}]")
            # Keep the blank separator lines the doc leaves before the next command.
            blanks = len(step.shown) - len("\n".join(step.shown).rstrip().split("\n"))
            new += [""] * (blanks if step.shown else 0)
            # A doc showing success over a command that now fails is a finding, not drift:
            # it is reported (FAILS) and the doc is left as it is.
            # "No such game/file" means the doc's setup is not a ``$`` line: never rewrite that.
            fails = (looks_failed(printed) and not looks_failed(step.shown)) or any(
                word in "\n".join(printed).lower() for word in MISSING_SETUP
            )
            rewrite = write and not step.trimmed and not fails
            tag = (
                "FAILS NOW"
                if fails
                else "REWRITTEN"
                if rewrite
                else "TRIMMED, fix by hand"
                if step.trimmed
                else ""
            )
            print(f"--- {path}:{step.line + 1}: $ {step.command}  {tag} (exit {code})")
            print("    shown:")
            for line in step.shown:
                print(f"    | {line}")
            print("    printed:")
            for line in printed:
                print(f"    > {line}")
            if rewrite:
                replacements.append((step, new))
    if replacements:
        for step, new in sorted(replacements, key=lambda item: -item[0].line):
            start = step.line + 1
            lines[start : start + len(step.shown)] = new
        path.write_text("\n".join(lines), encoding="utf-8")
    print(f"{path}: {len(steps)} commands, {bad} mismatching")
    return bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--write", action="store_true", help="rewrite untrimmed outputs")
    args = parser.parse_args(argv)
    return 1 if sum(replay(path, args.write) for path in args.files) else 0


def readme_mismatches() -> int:
    """How many commands of README.md do not print what it shows (``make test`` asks)."""
    return replay(ROOT / "README.md", write=False)


if __name__ == "__main__":
    raise SystemExit(main())
