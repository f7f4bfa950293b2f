"""Copy the real VASL saves the tests read into ``tests/data/vasl/`` (see its README).

Run with a clone of ``pacman-ghost/vasl-templates``::

    python scripts/vasl_test_saves.py --mirror /path/to/vasl-templates/.git

Every file is copied byte for byte from the pinned commit, except
``hill621-pieces.vsav``: the example save of the scenario "Hill 621" with the
vasl-templates labels that quote the scenario card (victory conditions, set-up,
special rules, notes) removed, the ``scenario`` label (name, place, date) kept;
the pieces, boards and every other command are unchanged, and the text is
encoded again with the original key. ``--check`` compares instead of writing.
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from ordnance.asl.vasl.reader import (  # noqa: E402
    ESC,
    decode_saved_game,
    encode_saved_game,
    join,
    layers,
    split,
    split_command,
)

OUT = ROOT / "tests" / "data" / "vasl"
COMMIT = "786f35be9ab2954fd496765470601574a4f3a40a"
FIXTURES = "vasl_templates/webapp/tests/fixtures/"
COPIED = {
    "basic.vsav": FIXTURES + "analyze-vsav/basic.vsav",
    "common-vo.vsav": FIXTURES + "analyze-vsav/common-vo.vsav",
    "extensions-bfp.vsav": FIXTURES + "analyze-vsav/extensions-bfp.vsav",
    "ffs.vsav": FIXTURES + "analyze-vsav/ffs.vsav",
    "hip-concealed.vsav": FIXTURES + "analyze-vsav/hip-concealed.vsav",
    "reverse-remapped-gpids-650.vsav": FIXTURES + "analyze-vsav/reverse-remapped-gpids-650.vsav",
    "vo-entry-selection-for-theater.vsav": FIXTURES
    + "analyze-vsav/vo-entry-selection-for-theater.vsav",
    "full.vsav": FIXTURES + "update-vsav/full.vsav",
}
HILL_621 = "examples/Hill 621 (Scenario E).vsav"


def _show(mirror: Path, path: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(mirror), "show", f"{COMMIT}:{path}"],
        check=True,
        capture_output=True,
    ).stdout


def _keeps(command: str) -> bool:
    """False for a label piece quoting the scenario card (any vasl-templates id but ``scenario``)."""
    if not command.startswith("+/"):
        return True
    parts = split(command, "/")
    if len(parts) < 4 or parts[2] == "stack":
        return True
    ids = re.findall(r"vasl-templates:id\s+(\S+)", "\t".join(layers(parts[3])))
    return not ids or ids == ["scenario"]


def without_card_text(data: bytes) -> bytes:
    """The save in ``data`` with the labels quoting the scenario card left out."""
    src = zipfile.ZipFile(io.BytesIO(data))
    game = src.read("savedGame")
    key = int(game[5:7], 16)
    commands = split_command(decode_saved_game(game))
    kept = [c for c in commands if _keeps(c)]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "savedGame":
                body = encode_saved_game(join(kept, ESC), key)
            fixed = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            fixed.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(fixed, body)
    return out.getvalue()


def build(mirror: Path) -> dict[str, bytes]:
    files = {name: _show(mirror, path) for name, path in COPIED.items()}
    files["hill621-pieces.vsav"] = without_card_text(_show(mirror, HILL_621))
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, required=True, help="git dir of vasl-templates")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    files = build(args.mirror)
    changed = [n for n, b in files.items() if not (OUT / n).exists() or (OUT / n).read_bytes() != b]
    if args.check:
        for name in changed:
            print(f"differs: {name}")
        return 1 if changed else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, body in files.items():
        (OUT / name).write_bytes(body)
    print(f"wrote {len(files)} files to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
