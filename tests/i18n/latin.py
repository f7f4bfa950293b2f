"""The English-word detector for Russian renderings (issue 9, item 6).

A Russian text may still hold Latin-script tokens that are not English:
counter and unit names (``T-72``, ``StuG III``), clause ids (``ASL-8.9-c``),
hex ids (``C5``, ``0302``), ammunition notation (``APCR``), units (``mm``),
the games' names. Those are listed, each with its reason, in
``allowed-latin.csv`` next to this module; every other Latin-script word is
English left untranslated.

A row of the allow-list is ``kind,value,reason``: ``word`` matches one token
exactly (case-sensitive), ``pattern`` a whole token by regular expression,
``phrase`` a run of words taken out of the text before it is split (a name of
several words such as ``HE Fire``), ``strip`` a regular expression whose
matches are taken out before the split (code in backquotes, typed as it is).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ALLOW_LIST = Path(__file__).with_name("allowed-latin.csv")

#: A token: letters, digits and the joiners that stay inside a designation
#: (``T-34/85``, ``A5^4^/6^5``, ``ASL-8.9-c``, ``AP-B``), never a trailing dot.
TOKEN = re.compile(r"[0-9A-Za-z\u00C0-\u024F]+(?:[-/^.'+][0-9A-Za-z\u00C0-\u024F^]+)*\^?")
LATIN = re.compile(r"[A-Za-z\u00C0-\u024F]")


@dataclass(frozen=True)
class Allowed:
    words: frozenset[str]
    patterns: tuple[re.Pattern[str], ...]
    phrases: tuple[str, ...]

    def allows(self, token: str) -> bool:
        if token in self.words or any(p.fullmatch(token) for p in self.patterns):
            return True
        parts = token.split("/")  # PSK/PFk, PFPh/DFPh: each name allowed on its own
        return len(parts) > 1 and all(self.allows(p) for p in parts)


@cache
def allowed() -> Allowed:
    words: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    phrases: list[str] = []
    with ALLOW_LIST.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            if not row["reason"].strip():
                raise ValueError(f"allow-list entry {row['value']!r} gives no reason")
            if row["kind"] == "word":
                words.add(row["value"])
            elif row["kind"] == "pattern":
                patterns.append(re.compile(row["value"]))
            elif row["kind"] == "phrase":
                phrases.append(re.escape(row["value"]))
            elif row["kind"] == "strip":
                phrases.append(row["value"])
            else:
                raise ValueError(f"allow-list kind {row['kind']!r} is neither word nor pattern")
    phrases.sort(key=len, reverse=True)
    return Allowed(frozenset(words), tuple(patterns), tuple(phrases))


def english_words(text: str) -> list[str]:
    """The Latin-script tokens of ``text`` the allow-list does not explain."""
    rules = allowed()
    for phrase in rules.phrases:
        text = re.sub(rf"(?<![\w-])(?:{phrase})(?![\w-])", " ", text)
    return [t for t in TOKEN.findall(text) if LATIN.search(t) and not rules.allows(t)]


@dataclass(frozen=True)
class Offence:
    where: str
    text: str
    words: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.where}: {self.text!r} -> {', '.join(self.words)}"


def offences(texts: list[tuple[str, str]]) -> list[Offence]:
    """Each (where, text) pair holding English, once per distinct text and place."""
    seen: set[tuple[str, str]] = set()
    found = []
    for where, text in texts:
        if (where, text) in seen:
            continue
        seen.add((where, text))
        words = english_words(text)
        if words:
            found.append(Offence(where, text, tuple(dict.fromkeys(words))))
    return found
