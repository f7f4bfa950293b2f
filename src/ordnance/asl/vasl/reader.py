"""Read a VASSAL saved game (``.vsav``) in pure Python: the archive, the obfuscation, the commands.

A ``.vsav`` is a zip archive. Its ``savedGame`` entry starts with ``!VCSK``,
then a key written as two hexadecimal digits, then the game's text as
hexadecimal pairs, each byte XOR the key (VASSAL's obfuscation, not a cipher).
The text is one command: VASSAL joins sub-commands with ESC (``0x1b``), and
escapes a separator inside a part with a backslash, level by level (its
``SequenceEncoder``). ``moduledata`` (XML) names the module and its version,
``savedata`` the VASSAL version.

Everything that can go wrong with a file is one :class:`VaslFileError`
(our clause :data:`VASL_CLAUSE`: the format is VASSAL's, no rule of ASL):
not a zip, no ``savedGame``, a damaged archive, a bad header, bad
hexadecimal digits, text that does not decode, a save of another module.
Sizes are bounded before anything is decompressed in full
(:data:`MAX_FILE_BYTES`, :data:`MAX_GAME_BYTES`), so a zip bomb is refused
after reading at most one byte more than the bound.

>>> text = "begin_save\\x1b+/1/piece;;;;Tank/Map0;1;2;9\\x1bend_save"
>>> decode_saved_game(encode_saved_game(text, key=0x5A)) == text
True
>>> split_command("a\\x1bb\\\\\\x1bc\\x1bd")  # b and c: a compound inside the second part
['a', 'b', 'c', 'd']
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from xml.etree import ElementTree as ET

from ordnance.core.errors import OrdnanceError

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_GAME_BYTES",
    "VASL_CLAUSE",
    "AddPiece",
    "SavedGame",
    "VaslFileError",
    "decode_saved_game",
    "encode_saved_game",
    "join",
    "layers",
    "layers_by_level",
    "open_save",
    "split",
    "split_command",
]

#: Our clause id for the format of a VASSAL save (the notes describe no file format).
VASL_CLAUSE = "ASL-VASL-1"

#: The largest save file taken (bytes, compressed). Real scenario saves are 5-100 KB.
MAX_FILE_BYTES = 8 * 1024 * 1024
#: The largest ``savedGame`` entry once decompressed (bytes: hex text, two per byte).
MAX_GAME_BYTES = 64 * 1024 * 1024
#: The largest ``moduledata`` / ``savedata`` entry once decompressed (bytes).
MAX_META_BYTES = 64 * 1024
#: At most this many entries in the archive (a save has three).
MAX_ENTRIES = 256

HEADER = b"!VCSK"
ESC = "\x1b"
_HEX = re.compile(rb"[0-9a-fA-F]*")


class VaslFileError(OrdnanceError):
    """The file cannot be read as a VASL save; nothing was written."""

    clause = VASL_CLAUSE


@dataclass(frozen=True, slots=True)
class AddPiece:
    """One ``+/id/type/state`` command: a piece put into the game."""

    id: str
    type: str
    state: str


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A decoded save: its module, versions and the flat list of commands."""

    module: str
    module_version: str
    vassal_version: str
    commands: tuple[str, ...]

    def pieces(self) -> Iterator[AddPiece]:
        """Every piece the save adds (stacks, which only group pieces, left out)."""
        for command in self.commands:
            if not command.startswith("+/"):
                continue
            parts = split(command, "/")
            if len(parts) < 4 or parts[2] == "stack":
                continue
            yield AddPiece(parts[1], parts[2], parts[3])

    def boards(self) -> str | None:
        """The last board command (``bd\\t...``), which lays the boards out (None: none)."""
        found = [c for c in self.commands if c.startswith("bd\t")]
        return found[-1] if found else None


# -- VASSAL's SequenceEncoder ------------------------------------------------------
def _separators(delimiter: str) -> re.Pattern[str]:
    """A delimiter that no backslash escapes (VASSAL escapes one with a backslash before it)."""
    return re.compile(r"(?<!\\)" + re.escape(delimiter))


def _token(part: str, delimiter: str) -> str:
    part = part.replace("\\" + delimiter, delimiter)
    if len(part) > 1 and part.startswith("'") and part.endswith("'"):
        part = part[1:-1]
    return part


def split(value: str, delimiter: str) -> list[str]:
    """The parts of ``value`` as VASSAL's ``SequenceEncoder.Decoder`` reads them.

    A delimiter preceded by a backslash belongs to the part (the backslash is
    dropped); a part written between single quotes loses them. Linear time:
    the separators are found in one pass.
    """
    out: list[str] = []
    begin = 0
    for m in _separators(delimiter).finditer(value):
        out.append(_token(value[begin : m.start()], delimiter))
        begin = m.end()
    out.append(_token(value[begin:], delimiter))
    return out


def join(parts: list[str], delimiter: str) -> str:
    """The inverse of :func:`split` (VASSAL's ``SequenceEncoder.append``).

    >>> split(join(["a/b", "c\\\\", "'q'"], "/"), "/")
    ['a/b', 'c\\\\', "'q'"]
    """
    out = []
    for part in parts:
        escaped = part.replace(delimiter, "\\" + delimiter)
        if part.endswith("\\") or (part.startswith("'") and part.endswith("'")):
            escaped = f"'{escaped}'"
        out.append(escaped)
    return delimiter.join(out)


def split_command(text: str) -> list[str]:
    """The flat list of commands in a (compound) command: ESC-joined, nested."""
    parts = split(text, ESC)
    out = [parts[0]]
    for part in parts[1:]:
        out.extend(split_command(part) if ESC in part else [part])
    return out


_TAB_RUN = re.compile(r"(\\*)\t")


def _unescape_tabs(segment: str, depth: int) -> str:
    """``segment`` with ``depth`` backslashes fewer before each tab (levels of escaping undone)."""
    if depth == 0 or "\t" not in segment:
        return segment
    return _TAB_RUN.sub(lambda m: "\\" * max(0, len(m.group(1)) - depth) + "\t", segment)


def layers(value: str) -> list[str]:
    """A piece type or state as its traits, outermost first, the basic piece last.

    A decorator writes its own part, a tab, then the piece it decorates
    escaped once more (one more backslash before each of its tabs). So the
    boundary after the k-th trait is the first tab with exactly k backslashes
    before it, and the whole nesting is read in one pass over the text, without
    undoing the escapes level by level (:func:`layers_by_level`, the reference,
    does that: a piece of 70 traits costs it 70 copies of itself).
    """
    out: list[str] = []
    begin = depth = 0
    while True:
        if value.startswith("'", begin):  # a quoted part: read the rest the slow way
            rest = _unescape_tabs(value[begin:], depth)
            return out + layers_by_level(rest)
        m = _TAB_RUN.search(value, begin)
        while m is not None and len(m.group(1)) > depth:
            m = _TAB_RUN.search(value, m.end())
        if m is not None and len(m.group(1)) < depth:  # not VASSAL's nesting: the slow way
            return out + layers_by_level(_unescape_tabs(value[begin:], depth))
        if m is None:
            out.append(_token(_unescape_tabs(value[begin:], depth), "\t"))
            return out
        out.append(_token(_unescape_tabs(value[begin : m.start()], depth), "\t"))
        begin, depth = m.end(), depth + 1


def layers_by_level(value: str) -> list[str]:
    """:func:`layers` as VASSAL's decoder reads it: one level at a time (the reference)."""
    out: list[str] = []
    rest = value
    tab = _separators("\t")
    while True:
        m = tab.search(rest)
        if m is None:
            out.append(_token(rest, "\t"))
            return out
        out.append(_token(rest[: m.start()], "\t"))
        rest = _token(rest[m.end() :], "\t")  # the piece decorated, unescaped once


# -- the obfuscation ---------------------------------------------------------------
def decode_saved_game(data: bytes) -> str:
    """The text of a ``savedGame`` entry (``!VCSK`` + key + hex pairs XOR key)."""
    if not data.startswith(HEADER):
        if data.lstrip().startswith(b"begin_save"):  # VASSAL also reads plain saves
            return _utf8(data)
        raise VaslFileError(
            "its savedGame entry is not a VASSAL game (no !VCSK header)",
            hint="save the game again from VASSAL (File > Save Game)",
        )
    key_text, body = data[5:7], data[7:]
    if len(key_text) < 2 or _HEX.fullmatch(key_text) is None:
        raise VaslFileError("the savedGame key is not two hexadecimal digits (altered file)")
    if len(body) % 2:
        raise VaslFileError(
            f"the savedGame text has an odd number of hexadecimal digits ({len(body)}): "
            "truncated or altered"
        )
    bad = _HEX.match(body)
    if bad is not None and bad.end() != len(body):
        raise VaslFileError(
            f"the savedGame text has a character that is no hexadecimal digit at "
            f"position {7 + bad.end()}: altered file"
        )
    key = int(key_text, 16)
    raw = bytes.fromhex(body.decode("ascii"))
    return _utf8(raw.translate(bytes(b ^ key for b in range(256))))


def encode_saved_game(text: str, key: int = 0xD8) -> bytes:
    """The inverse of :func:`decode_saved_game` (used to build test files)."""
    raw = text.encode("utf-8").translate(bytes(b ^ key for b in range(256)))
    return HEADER + f"{key:02x}".encode() + raw.hex().encode()


def _utf8(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise VaslFileError(
            f"the savedGame text does not decode (byte {exc.start}): wrong key or altered file"
        ) from None


# -- the archive -------------------------------------------------------------------
def _read_bounded(zf: zipfile.ZipFile, name: str, limit: int) -> bytes:
    info = zf.getinfo(name)
    if info.file_size > limit:
        raise VaslFileError(
            f"its {name} entry would decompress to {info.file_size} bytes, more than {limit}",
            hint="a scenario save is well under a megabyte",
        )
    with zf.open(info) as fh:
        data = fh.read(limit + 1)  # never trust the declared size
    if len(data) > limit:
        raise VaslFileError(f"its {name} entry decompresses to more than {limit} bytes")
    return data


def _module(xml: bytes, entry: str) -> dict[str, str]:
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        raise VaslFileError(f"its {entry} entry is not XML ({exc})") from None
    return {child.tag: (child.text or "").strip() for child in root}


def open_save(data: bytes, name: str = "the file") -> SavedGame:
    """The decoded save in ``data`` (the file's bytes); :class:`VaslFileError` if it is none."""
    if len(data) > MAX_FILE_BYTES:
        raise VaslFileError(f"{name} is {len(data)} bytes, more than {MAX_FILE_BYTES}")
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):  # ValueError: a bad name
        if data.startswith(b"PK"):
            raise VaslFileError(f"{name} is a damaged zip archive (truncated?)") from None
        raise VaslFileError(
            f"{name} is not a VASSAL save (not a zip archive)",
            hint="give the .vsav file VASSAL wrote (File > Save Game)",
        ) from None
    with zf:
        names = zf.namelist()
        if len(names) > MAX_ENTRIES:
            raise VaslFileError(f"{name} has {len(names)} archive entries: not a VASSAL save")
        if "savedGame" not in names:
            raise VaslFileError(
                f"{name} is not a VASSAL save (no savedGame entry in the archive)",
                hint="give the .vsav file VASSAL wrote (File > Save Game)",
            )
        try:
            game = _read_bounded(zf, "savedGame", MAX_GAME_BYTES)
            module = (
                _module(_read_bounded(zf, "moduledata", MAX_META_BYTES), "moduledata")
                if "moduledata" in names
                else {}
            )
            save = (
                _module(_read_bounded(zf, "savedata", MAX_META_BYTES), "savedata")
                if "savedata" in names
                else {}
            )
        except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError) as exc:
            # OSError: a bad local header; NotImplementedError: a compression zipfile lacks
            raise VaslFileError(
                f"{name} is a damaged archive (truncated or altered): {exc}"
            ) from None
        except (RuntimeError, ValueError) as exc:  # an encrypted entry, a name that does not decode
            if isinstance(exc, OrdnanceError):
                raise
            raise VaslFileError(
                f"{name} is a damaged archive (truncated or altered): {exc}"
            ) from None
    module_name = module.get("name", "")
    if module_name != "VASL":
        which = repr(module_name) if module_name else "an unnamed module"
        raise VaslFileError(
            f"{name} is a save of {which}, not of VASL (Virtual Advanced Squad Leader)",
            hint="open a VASL save: its moduledata names the module VASL",
        )
    text = decode_saved_game(game)
    commands = split_command(text)
    if commands[0] != "begin_save" or commands[-1] != "end_save":
        raise VaslFileError(
            f"{name}: the saved game is incomplete (it does not run from begin_save to "
            "end_save): truncated or altered"
        )
    return SavedGame(
        module=module_name,
        module_version=module.get("version", ""),
        vassal_version=module.get("VassalVersion", save.get("VassalVersion", "")),
        commands=tuple(commands),
    )
