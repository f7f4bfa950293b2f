"""Build ``src/ordnance/asl/data/counters.json`` from a pinned VASL module revision.

The VASL module (LGPL-2.1) keeps every counter as a ``PieceSlot`` in its
``buildFile``; a counter's back is an ``info;`` trait holding comma-separated
facts (``R,*,CS 5,A4^2^/5^3^/6^4``). This script extracts FACTS ONLY from
every vehicle and ordnance counter of the main palette (its ``Veh`` and
``Gun`` folders, with or without special ammunition; the generic blank
counters such as ``GE AT`` are left out) and from every other counter that
lists special ammunition (mortars, recoilless rifles, wrecks):

* ``name`` (the slot's entry name), ``gpid`` (the module's piece id);
* ``nationality`` (the counter palette the slot sits in, e.g. ``British``
  -> ``british``; pieces outside the main palette fall back to their image
  folder, ``br/...`` -> ``british``);
* ``notation``: the special-ammunition entries of the info string, in the
  order printed, joined by spaces (an entry is a field that starts with an
  ammunition symbol and a digit, ``IR``, or such an entry after a gun-calibre
  prefix ``37:``); other fields (``CS 5``, ``No IF``, ``Red TH#s``) are left
  out;
* ``gun_size`` when the name starts with one (``45L AT PTP obr. 32`` ->
  ``45L``), else null;
* ``kind``: ``vehicle`` (a ``Veh`` folder), ``ordnance`` (a ``Gun`` folder) or
  ``other``;
* ``to_hit``: ``red`` or ``black`` where the info string marks the counter's
  To Hit numbers (``Red TH#s``, ``Blk TH#``, ``Black TH #``...), else null;
  ``to_hit_before``: the year before which that marking applies when the
  field carries one (``Red TH#s^<44^`` -> 1944), else null.

No prose is copied. Run (from the project root)::

    python scripts/build_asl_counters.py --mirror /path/to/michalxo+vasl/repo

``--commit`` defaults to the pinned revision below; ``--check`` compares the
result with the shipped file instead of writing it (exit 1 on a difference).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "ordnance" / "asl" / "data" / "counters.json"

#: The pinned source: michalxo/vasl, a fork of vasl-developers/vasl whose head
#: merges vasl-developers pull request #634 (the VASL 6.5 beta3 module, 2020).
SOURCE_REPO = "michalxo/vasl"
UPSTREAM_REPO = "vasl-developers/vasl"
PINNED_COMMIT = "aea9860c438382cab21285129edfc8a71d46b239"
SOURCE_PATH = "dist/buildFile"

#: An info field that is a special-ammunition entry (notes B4): a symbol and
#: its number, ``IR``, optionally after the calibre of one gun of two (``37:``).
AMMO_FIELD = re.compile(r"(?:\d{2,3}:)?(?:AP|HE|WP|sD|sM|sN|sP|A|D|H|s|S|C)\d.*|IR(?:\^.*)?")
GUN_SIZE = re.compile(r"(\d{2,3})(LL|L|\*)?(?=\s)")
#: A To Hit marking field: ``Red TH#s``, ``Blk TH#``, ``Black TH #``, ``*Black TH#``,
#: ``Red TH#s^<44^`` (red before 1944); ``rRed TH#`` is a slip for ``Red TH#``.
TH_FIELD = re.compile(r"\*?r?(Red|Black|Blk) TH ?#s?(?:\^<(\d{1,2})\^?)?")
#: The generic blank counters of each nationality's folders (``GE AT``, ``RU tr``).
BLANK = re.compile(r"[A-Z]{2} [A-Za-z]{2,4}")

PALETTE_NATIONALITY = {
    "American": "american",
    "Axis Minor": "axis-minor",
    "Allied Minor": "allied-minor",
    "British": "british",
    "Chinese": "chinese",
    "Communist Chinese (Korea)": "communist-chinese",
    "Finnish": "finnish",
    "French": "french",
    "German": "german",
    "Hungarian": "hungarian",
    "Italian": "italian",
    "Japanese": "japanese",
    "North Korean": "north-korean",
    "Other UNC (Korea)": "other-unc",
    "Russian": "russian",
    "South Korean": "south-korean",
    "Waffen SS": "waffen-ss",
}
IMAGE_DIR_NATIONALITY = {
    "al": "allied-minor",
    "am": "american",
    "ax": "axis-minor",
    "br": "british",
    "cc": "communist-chinese",
    "ch": "chinese",
    "fi": "finnish",
    "fr": "french",
    "ge": "german",
    "hu": "hungarian",
    "it": "italian",
    "ja": "japanese",
    "nk": "north-korean",
    "ru": "russian",
    "sk": "south-korean",
    "ss": "waffen-ss",
    "un": "other-unc",
    "us": "american",
}
EXTRACTED = (
    "name",
    "gpid",
    "nationality",
    "kind",
    "notation",
    "gun_size",
    "to_hit",
    "to_hit_before",
)
CONTAINERS = ("PieceWindow", "TabWidget", "ListWidget", "PanelWidget", "BoxWidget")


def _unescape(text: str) -> str:
    """VASSAL escapes its separators with backslashes; the facts need none."""
    return re.sub(r"\\+([/,;\t])", r"\1", text).rstrip("\\").strip()


def _info(slot_text: str) -> str | None:
    m = re.search(r"info;(.*?)(?:\\*\t|$)", slot_text)
    return None if m is None else m.group(1)


def _fields(info: str) -> list[str]:
    # A field separator is an unescaped or once-escaped comma.
    return [_unescape(f) for f in re.split(r"\\?,", info)]


def _image_dir(slot_text: str) -> str:
    m = re.search(r"piece;[^;]*;[^;]*;([^;]*);", slot_text)
    if m is None:
        return ""
    image = _unescape(m.group(1))
    return image.split("/")[0] if "/" in image else ""


def _slots(
    el: ET.Element, palette: tuple[str, ...]
) -> Iterator[tuple[ET.Element, tuple[str, ...]]]:
    for child in el:
        path = palette
        if child.tag.rsplit(".", 1)[-1] in CONTAINERS:
            path = (*palette, child.get("entryName") or child.get("name") or "")
        if child.tag == "VASSAL.build.widget.PieceSlot":
            yield child, path
        yield from _slots(child, path)


def _nationality(palette: tuple[str, ...], image_dir: str) -> str | None:
    for part in palette:
        if part in PALETTE_NATIONALITY:
            return PALETTE_NATIONALITY[part]
    return IMAGE_DIR_NATIONALITY.get(image_dir)


def _kind(palette: tuple[str, ...]) -> str:
    """``vehicle`` or ``ordnance`` for a nationality's ``Veh``/``Gun`` folder, else ``other``."""
    if palette[:1] == ("VASL Counters",) and len(palette) > 4 and palette[2].endswith("O/B"):
        # ("VASL Counters", "", "Axis O/B", "German", "Veh", ...); the "Unit" folder's
        # Veh/Gun markers (Low Ammo, Shock, CA) are no counters of a vehicle or Gun
        if palette[4] == "Veh":
            return "vehicle"
        if palette[4] == "Gun":
            return "ordnance"
    return "other"


def _to_hit(fields: list[str]) -> tuple[str | None, int | None]:
    """The counter's To Hit marking and the year before which it applies (None: always)."""
    for f in fields:
        m = TH_FIELD.fullmatch(f.strip())
        if m is not None:
            colour = "red" if m.group(1) == "Red" else "black"
            year = m.group(2)
            return colour, None if year is None else 1940 + int(year[-1])
    return None, None


def extract(build_file: bytes) -> list[dict[str, Any]]:
    """Every vehicle and ordnance counter, and every other one with special ammunition.

    Fact records sorted by nationality, name and piece id.
    """
    root = ET.fromstring(build_file)
    out: list[dict[str, Any]] = []
    for slot, palette in _slots(root, ()):
        text = slot.text or ""
        info = _info(text)
        fields = [] if info is None else _fields(info)
        entries = [f for f in fields if AMMO_FIELD.fullmatch(f)]
        name = (slot.get("entryName") or "").strip()
        kind = _kind(palette)
        if not entries and (kind == "other" or BLANK.fullmatch(name)):
            continue
        size = GUN_SIZE.match(name + " ")
        colour, before = _to_hit(fields)
        out.append(
            {
                "name": name,
                "gpid": (slot.get("gpid") or "").strip(),
                "nationality": _nationality(palette, _image_dir(text)),
                "kind": kind,
                "notation": " ".join(entries),
                "gun_size": None if size is None else size.group(1) + (size.group(2) or ""),
                "to_hit": colour,
                "to_hit_before": before,
            }
        )
    out.sort(key=lambda c: (c["nationality"] or "", c["name"], c["gpid"]))
    return out


def read_source(mirror: Path, commit: str) -> bytes:
    return subprocess.run(
        ["git", "--git-dir", str(mirror), "show", f"{commit}:{SOURCE_PATH}"],
        check=True,
        capture_output=True,
    ).stdout


def document(counters: list[dict[str, Any]], commit: str) -> dict[str, Any]:
    return {
        "source": {
            "repo": SOURCE_REPO,
            "upstream": UPSTREAM_REPO,
            "commit": commit,
            "path": SOURCE_PATH,
            "licence": "LGPL-2.1",
            "extracted": list(EXTRACTED),
        },
        "counters": counters,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, help="git directory of a michalxo/vasl clone")
    parser.add_argument("--build-file", type=Path, help="a buildFile already on disk instead")
    parser.add_argument("--commit", default=PINNED_COMMIT)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    if args.build_file is not None:
        data = args.build_file.read_bytes()
    elif args.mirror is not None:
        data = read_source(args.mirror, args.commit)
    else:
        parser.error("give --mirror or --build-file")
    counters = extract(data)
    text = json.dumps(document(counters, args.commit), ensure_ascii=False, indent=1) + "\n"
    if args.check:
        same = args.out.read_text(encoding="utf-8") == text
        print("counters.json is up to date" if same else "counters.json differs from the source")
        return 0 if same else 1
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(counters)} counters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
