"""Game texts built from a fixed pattern, translated by matching the catalogue's templates.

A game module writes some texts without a message template (a panel note, a
label, an odds title). Each ``games.po`` msgid holding ``{placeholders}`` is
turned into an anchored pattern, each placeholder typed by its name, and a
text that matches one is rendered from its Russian msgstr with every captured
part translated the same way (:func:`localize_text`).

Two imports sit inside functions on purpose: Babel (as in :mod:`.catalogues`,
English needs no catalogue and start-up stays fast) and :mod:`.word_args`,
which imports this module (a cycle).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from ordnance.core.messages import Said, render_message
from ordnance.i18n.catalogues import DEFAULT, GAMES_DOMAIN, LANGUAGES, catalogue_path

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")

# What a template placeholder may capture, by its name. A template matches a
# text only when every captured part is plausible for its placeholder, so a
# short template such as ``{terrain} in {hexes}`` does not swallow an unrelated
# sentence that happens to contain " in ". Names not listed here capture one
# token (no spaces); only the names in ``PHRASES`` (a name or a few words, never
# across a clause separator ``;``/``:``/``->``) and ``FREE_TEXT`` (a sentence)
# may span spaces.
#: a hex as a player reads it: its printed number (``0305``, ``C5``), else axial ``q,r``
HEX = r"(?:-?\d+,-?\d+|-?\d{4,}|[A-Z]{1,2}\d{1,2}|off-board -?\d+:-?\d+)"
HEXES = rf"{HEX}(?:,? {HEX})*"
NUMBER = r"-?\d+"
TERRAIN = r"[a-z][a-z-]*"
TOKEN = r"\S+?"
PHRASE = r"(?:(?!->)[^;:\n])+?"
FREE = r".+?"
_HEX_NAMES = frozenset({"hex", "origin", "start", "dest", "other_hex"})
_HEXES_NAMES = frozenset({"hexes", "area", "markers"})
_NUMBER_NAMES = frozenset(
    {
        "amount", "amount2", "attack", "attack_dice", "base", "bonus", "breakdown",
        "cancel_on", "cancels", "coloured", "count", "defence", "defense", "defense_dice",
        "dice", "die", "dr", "drift_at", "drm", "firepower", "fp", "hit_number", "hit_on",
        "hits", "left", "level", "levels", "net", "net_hits", "place_at", "pool", "round",
        "shot", "shots", "total", "turn", "white",
    }
)  # fmt: skip
FREE_TEXT = frozenset(
    {
        # sentences and clauses
        "text", "note", "notes", "message", "reason", "summary", "result", "effect",
        "outcome", "why", "why2", "change", "mods", "changes", "landing", "position",
        # lists
        "units", "tokens", "path", "black", "red",
    }
)  # fmt: skip
PHRASES = frozenset(
    {
        "kind", "label", "name", "condition", "before", "after", "phase_name", "range",
        "what", "other", "counter", "where", "step", "verdict",
    }
)  # fmt: skip


def placeholder_pattern(name: str) -> str:
    """The regular expression a placeholder named ``name`` captures (see ``FREE_TEXT``)."""
    if name in _HEX_NAMES:
        return HEX
    if name in _HEXES_NAMES:
        return HEXES
    if name in _NUMBER_NAMES:
        return NUMBER
    if name == "terrain":
        return TERRAIN
    if name in FREE_TEXT:
        return FREE
    if name in PHRASES:
        return PHRASE
    return TOKEN


_LETTER = re.compile(r"[^\W\d_]")


def needs_known_parts(msgid: str) -> bool:
    """Whether nothing in a template constrains what it matches (``{text}; {note}``).

    Such a template has no word of its own and only free-text or phrase
    placeholders, so it would match any sentence holding its separator; it
    applies only when each captured part is itself a known text (an exact
    entry or a template).
    """
    names = _PLACEHOLDER.findall(msgid)
    untyped = all(n in FREE_TEXT or n in PHRASES for n in names)
    return untyped and _LETTER.search(_PLACEHOLDER.sub("", msgid)) is None


def template_pattern(msgid: str) -> re.Pattern[str]:
    """A template msgid as an anchored pattern, each placeholder typed by its name."""
    parts, last = [], 0
    for m in _PLACEHOLDER.finditer(msgid):
        parts.append(re.escape(msgid[last : m.start()]))
        parts.append(f"(?P<{m.group(1)}>{placeholder_pattern(m.group(1))})")
        last = m.end()
    parts.append(re.escape(msgid[last:]))
    return re.compile("".join(parts), re.S)


@cache
def _patterns(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The game-texts templates as anchored patterns, the most specific first."""
    po = catalogue_path(lang, GAMES_DOMAIN)
    if lang not in LANGUAGES or not po.exists():
        return ()
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=GAMES_DOMAIN)
    found = []
    for message in catalog:
        msgid = message.id
        if not isinstance(msgid, str) or not _PLACEHOLDER.search(msgid) or not message.string:
            continue
        literal = len(_PLACEHOLDER.sub("", msgid))
        found.append((literal, template_pattern(msgid), msgid))
    found.sort(key=lambda f: -f[0])
    return tuple((rx, msgid) for _n, rx, msgid in found)


def template_patterns(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The (pattern, msgid) pairs ``localize_text`` tries, in order (for tests)."""
    return _patterns(lang)


Gettext = Callable[[str], str]


def lookup(text: str, gettext_: Gettext) -> str:
    """Exact catalogue lookup (the empty string and unknown texts stay as they are);
    a shown text is rendered from its message."""
    if isinstance(text, Said):
        return shown_text(text, gettext_)
    return gettext_(text) if text else text


def as_text(value: object) -> str:
    """``value`` as a string, a shown text (:class:`Said`) kept with its message."""
    return value if isinstance(value, str) else str(value)


def shown_text(text: Said, gettext_: Gettext) -> str:
    """A shown text rendered from its message by the catalogue (English where it has no entry)."""
    from ordnance.i18n.word_args import translated_args

    said = text.message
    return render_message(said.template, translated_args(said.args, gettext_), gettext_)


def localize_text(text: str, gettext_: Gettext, lang: str, depth: int = 2) -> str:
    """A text a game module wrote, in ``lang``: an exact catalogue entry, else a template.

    A template match (``"{unit}: {kind} at {hex} ({condition})"``) is rendered
    from its Russian msgstr with each captured part translated the same way
    (an exact entry, else a template, ``depth`` levels down), so a condition
    word or a nested sentence (a refusal message inside a LOS line, a modifier
    inside a Hit Number line) is translated and an id stays as it is.
    English: unchanged.
    """
    if lang == DEFAULT or not text:
        return text
    if isinstance(text, Said):
        return shown_text(text, gettext_)
    exact = gettext_(text)
    if exact != text:
        return exact
    for rx, msgid in _patterns(lang):
        m = rx.fullmatch(text)
        if m is None:
            continue
        args = {
            k: localize_text(v, gettext_, lang, depth - 1) if depth > 0 else lookup(v, gettext_)
            for k, v in m.groupdict().items()
        }
        if needs_known_parts(msgid) and any(args[k] == v for k, v in m.groupdict().items()):
            continue
        return gettext_(msgid).format(**args)
    return text
