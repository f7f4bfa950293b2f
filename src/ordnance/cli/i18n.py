"""English and Russian for the command line (a Babel/gettext catalogue).

The Russian catalogue is a ``.po`` file shipped in the package
(``locale/ru/LC_MESSAGES/ordnance.po``) and compiled in memory with Babel the
first time it is needed, so the user has no build step. English is the
source language: its msgids are the English texts, and a msgid without a
translation prints as itself.

The language of one run is, in order: the global ``--lang en|ru`` option of
``ordnance``, else ``ORDNANCE_LANG``, else the POSIX locale variables
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``ru_*`` means Russian), else English.

What is translated: the frame every command prints (the ``refused:`` prefix,
table titles, column headers, outcome words in cells, help texts). What is
not: ``--json`` output (keys, codes and messages stay language-neutral), and
the English detail of a rule refusal, which is printed after a Russian
one-line summary of the clause (msgids ``clause:<id>``).

The texts the game modules write (event texts, panel titles and cells, select
labels, odds titles) have their own catalogue, ``games.po``, read by both
faces (this module and :mod:`ordnance.server.i18n`). An event is translated
from its seat's ``template`` and ``args`` (:meth:`Event.for_seat` with
``messages=True``, so another seat gets the public message only); a fixed
text by exact lookup, and a text a game builds from a fixed pattern (a note,
a label, a title) by matching it against the catalogue's templates
(:func:`localize_text`).
"""

from __future__ import annotations

import gettext
import io
import os
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.journal import JournalEntry
    from ordnance.core.shapes import ActionForm, EntryView

# Babel and the core's message renderer are imported where used: English
# output (the default) needs neither, and the command line must start fast.

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "ordnance"
LANGUAGES = ("en", "ru")
DEFAULT = "en"

_state: dict[str, Any] = {"lang": DEFAULT, "tr": gettext.NullTranslations()}


GAMES_DOMAIN = "games"


def catalogue_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def compile_po(po: Path, lang: str) -> gettext.NullTranslations:
    """A ``.po`` file compiled in memory with Babel (no catalogue: English as it is)."""
    if lang not in LANGUAGES or not po.exists():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=po.stem)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def game_texts(lang: str) -> gettext.NullTranslations:
    """A fresh compile of the game-texts catalogue (each face chains its own copy)."""
    return compile_po(catalogue_path(lang, GAMES_DOMAIN), lang)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The CLI catalogue of ``lang``, falling back to the game texts (English: none)."""
    tr = compile_po(catalogue_path(lang), lang)
    tr.add_fallback(game_texts(lang))
    return tr


_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")

# What a template placeholder may capture, by its name. A template matches a
# text only when every captured part is plausible for its placeholder, so a
# short template such as ``{terrain} in {hexes}`` does not swallow an unrelated
# sentence that happens to contain " in ". Names not listed here capture one
# token (no spaces); only the names in ``PHRASES`` (a name or a few words, never
# across a clause separator ``;``/``:``/``->``) and ``FREE_TEXT`` (a sentence)
# may span spaces.
HEX = r"-?\d+,-?\d+"
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
        "what", "other", "counter", "where", "step",
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
    """Exact catalogue lookup (the empty string and unknown texts stay as they are)."""
    return gettext_(text) if text else text


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


def event_text(
    event: Mapping[str, Any], gettext_: Gettext | None = None, lang: str | None = None
) -> str:
    """An event as a seat may see it (``Event.for_seat(seat, messages=True)``), translated.

    An event without a template (an older journal, the core's undo event) is
    its ``text``, translated when the catalogue knows it (an entry or a template).
    """
    tr = gettext_ or _
    template = event.get("template")
    if template and (gettext_ is not None or current() != DEFAULT):
        from ordnance.core.game import render_message

        return render_message(str(template), translated_args(event.get("args") or {}, tr), tr)
    text = str(event.get("text") or "")
    lang = lang or current()
    # no template (the core's undo event, an older journal): the text itself, if known
    return localize_text(text, tr, lang) if lang != DEFAULT else text


#: Message arguments that hold a word (a unit type, a terrain, a condition), never an id:
#: only these, and those each game declares (``Game.word_args``), are looked up, so a
#: unit named ``hq`` is not shown as the word "HQ".
WORD_ARGS = frozenset({"kind", "terrain", "condition", "before", "after", "label", "what", "state"})


@cache
def game_word_args() -> frozenset[str]:
    """The word arguments the installed games declare (asked only for a name not generic)."""
    from ordnance.core import registry

    return frozenset().union(*(p.game.word_args for p in registry.plugins().values()))


def is_word_arg(key: str) -> bool:
    return key in WORD_ARGS or key in game_word_args()


def translated_args(args: Mapping[str, Any], gettext_: Gettext) -> dict[str, Any]:
    """A message's plain-text arguments that are catalogue words, in the catalogue's language.

    A game passes a unit type or a side as a plain string (``"Motor Rifle
    Infantry"``); one with a catalogue entry is shown in the language wanted,
    an id without one stays as it is. Nested messages translate themselves.
    """
    out: dict[str, Any] = {}
    for key, value in args.items():
        if isinstance(value, str) and value and is_word_arg(key):
            out[key] = gettext_(value)
        elif isinstance(value, Mapping) and "template" in value:
            out[key] = {**value, "args": translated_args(value.get("args") or {}, gettext_)}
        else:
            out[key] = value
    return out


def localize_panels(
    panels: Iterable[Mapping[str, Any]], gettext_: Gettext, lang: str
) -> list[dict[str, Any]]:
    """A copy of a view's ``"panels"`` with titles, headers, cell words and notes in ``lang``."""
    out = []
    for p in panels:
        q = dict(p)
        if lang != DEFAULT:
            q["title"] = lookup(str(p.get("title", "")), gettext_)
            q["columns"] = [lookup(str(c), gettext_) for c in p.get("columns", [])]
            q["rows"] = [
                [localize_text(str(c), gettext_, lang) for c in row] for row in p.get("rows", [])
            ]
            if p.get("note"):
                q["note"] = localize_text(str(p["note"]), gettext_, lang)
        out.append(q)
    return out


def localize_view_words(view: Mapping[str, Any], gettext_: Gettext, lang: str) -> dict[str, Any]:
    """A copy of a view whose words are in ``lang``: panels, board and map labels.

    What a face draws as words (the panels, the board's title, numbering and
    terrain legend, the labels of the pieces and markers on the map) is
    translated; ids, hex labels and the raw state data stay as they are.
    """
    out = dict(view)
    if lang == DEFAULT:
        return out
    if isinstance(view.get("panels"), list):
        out["panels"] = localize_panels(view["panels"], gettext_, lang)
    board = view.get("board")
    if isinstance(board, Mapping):
        b = dict(board)
        for key in ("title", "numbering"):
            if isinstance(b.get(key), str):
                b[key] = localize_text(b[key], gettext_, lang)
        if isinstance(b.get("terrains"), list):
            b["terrains"] = [_localize_keys(t, ("label",), gettext_, lang) for t in b["terrains"]]
        out["board"] = b
    map_ = view.get("map")
    if isinstance(map_, Mapping):
        m = dict(map_)
        for part in ("units", "markers", "arrows", "clusters"):
            if isinstance(m.get(part), list):
                m[part] = [
                    _localize_keys(x, ("label", "short", "text", "title"), gettext_, lang)
                    for x in m[part]
                ]
        if isinstance(m.get("title"), str):
            m["title"] = localize_text(m["title"], gettext_, lang)
        out["map"] = m
    return out


def _localize_keys(item: Any, keys: Iterable[str], gettext_: Gettext, lang: str) -> Any:
    if not isinstance(item, Mapping):
        return item
    q = dict(item)
    for key in keys:
        if isinstance(q.get(key), str):
            q[key] = localize_text(q[key], gettext_, lang)
    return q


def localize_refusal(
    message: str, hint: str | None, gettext_: Gettext, lang: str
) -> tuple[str, str | None, bool]:
    """A refusal's message and hint in ``lang``, and whether the message had a translation."""
    if lang == DEFAULT:
        return message, hint, False
    said = localize_text(message, gettext_, lang)
    told = localize_text(hint, gettext_, lang) if hint else hint
    return said, told, said != message


def localize_schema_words(node: Any, gettext_: Gettext, lang: str) -> Any:
    """A copy of a JSON schema with ``title``, ``description`` and ``x-labels`` in ``lang``.

    Field names (under ``properties``/``$defs``) and values (``enum``,
    ``const``, ``default``...) stay as they are: they are what a form sends.
    """
    if lang == DEFAULT:
        return node
    if isinstance(node, Mapping):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in ("properties", "$defs") and isinstance(value, Mapping):
                out[key] = {n: localize_schema_words(v, gettext_, lang) for n, v in value.items()}
            elif key in ("title", "description") and isinstance(value, str):
                out[key] = localize_text(value, gettext_, lang) if value else value
            elif key == "x-labels" and isinstance(value, list):
                out[key] = [localize_text(str(x), gettext_, lang) for x in value]
            elif key in ("enum", "const", "default", "examples", "required"):
                out[key] = value
            else:
                out[key] = localize_schema_words(value, gettext_, lang)
        return out
    if isinstance(node, list):
        return [localize_schema_words(x, gettext_, lang) for x in node]
    return node


def localize_legal(legal: Iterable[ActionForm], gettext_: Gettext, lang: str) -> list[ActionForm]:
    """A copy of ``legal()`` with action titles and select labels (``x-labels``) in ``lang``."""
    out: list[ActionForm] = []
    for item in legal:
        q: ActionForm = {**item}
        if lang != DEFAULT:
            q["title"] = lookup(str(item.get("title", "")), gettext_)
            q["schema"] = _localize_labels(item.get("schema"), gettext_, lang)
        out.append(q)
    return out


def _localize_labels(node: Any, gettext_: Gettext, lang: str) -> Any:
    if isinstance(node, Mapping):
        return {
            k: [localize_text(str(x), gettext_, lang) for x in v]
            if k == "x-labels" and isinstance(v, list)
            else _localize_labels(v, gettext_, lang)
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_localize_labels(x, gettext_, lang) for x in node]
    return node


def _language_of(value: str | None) -> str | None:
    """``ru``, ``ru_RU.UTF-8``, ``ru-RU`` -> ``ru``; ``C``, ``en_GB`` -> ``en``; empty -> None."""
    if not value:
        return None
    tag = value.strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    if not tag:
        return None
    base = tag.split("_")[0]
    return base if base in LANGUAGES else DEFAULT


def pick(choice: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language of this run.

    >>> pick("ru", {})
    'ru'
    >>> pick(None, {"ORDNANCE_LANG": "ru"})
    'ru'
    >>> pick(None, {"LANG": "ru_RU.UTF-8"})
    'ru'
    >>> pick(None, {"LC_ALL": "C", "LANG": "ru_RU.UTF-8"})
    'en'
    >>> pick("en", {"LANG": "ru_RU.UTF-8"})
    'en'
    >>> pick(None, {})
    'en'
    """
    env = os.environ if environ is None else environ
    if choice in LANGUAGES:
        return choice
    explicit = env.get("ORDNANCE_LANG")
    if explicit and explicit.strip().lower() in LANGUAGES:
        return explicit.strip().lower()
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):  # POSIX precedence: first set one wins
        found = _language_of(env.get(var))
        if found is not None:
            return found
    return DEFAULT


def lang_from_argv(argv: Iterable[str]) -> str | None:
    """The value of ``--lang`` among the top-level options (before the sub-command)."""
    args = list(argv)
    i = 0
    while i < len(args) and args[i].startswith("-"):
        arg = args[i]
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        i += 1
    return None


def activate(lang: str) -> None:
    """Make ``lang`` the language of what follows (unknown -> English)."""
    lang = lang if lang in LANGUAGES else DEFAULT
    _state["lang"] = lang
    _state["tr"] = translations(lang)
    _localize_typer_panels()


def current() -> str:
    return str(_state["lang"])


def _(message: str) -> str:
    """The active language's text for ``message`` (the English text itself if none)."""
    tr: gettext.NullTranslations = _state["tr"]
    return tr.gettext(message)


def N_(message: str) -> str:
    """Mark a text for the catalogue; it is translated later, where it is shown."""
    return message


def clause_summary(clause: str | None) -> str | None:
    """The active language's one-line summary of a rule clause, if it has one."""
    if not clause:
        return None
    key = f"clause:{clause}"
    text = _(key)
    return None if text == key else text


_MARKUP = re.compile(r"^(\[[a-z][^\]]*\])?(.*?)(\[/[^\]]*\])?$", re.S)


def outcome(word: str) -> str:
    """An outcome or state word shown in a cell (``used``, ``not-available``, ``disrupted``...).

    The catalogue keys them as ``outcome:<word>``; a cell wrapped in one Rich
    style (``[dim]not available[/]``) keeps its style.
    """
    m = _MARKUP.match(word)
    if m is None:  # pragma: no cover - the pattern matches every string
        return word
    open_, text, close = m.group(1) or "", m.group(2), m.group(3) or ""
    key = f"outcome:{text}"
    found = _(key)
    return word if found == key else f"{open_}{found}{close}"


def entry_rows(entries: Iterable[JournalEntry], seat: str | None) -> list[EntryView]:
    """Journal entries as ``seat`` sees them, each event's ``text`` in the active language.

    For the printed table only (``--json`` keeps ``JournalEntry.for_seat``):
    each event is rendered from its ``for_seat(seat, messages=True)`` form, so
    a seat that may not see a secret gets the public message.
    """
    rows: list[EntryView] = []
    for entry in entries:
        row = entry.for_seat(seat)
        row["events"] = [
            {**shown, "text": event_text(e.for_seat(seat, messages=True))}
            for shown, e in zip(row["events"], entry.events, strict=True)
        ]
        rows.append(row)
    return rows


def localize_renderable(obj: Any) -> Any:
    """Translate a Rich table's title, caption, headers and cells in place.

    Works through ``Group`` renderables (a plain line in a group is a game
    text too); other renderables are returned as they are.
    English is a no-op. Cells are reached through ``Column._cells`` (Rich keeps
    them there; there is no public accessor).
    """
    if current() == DEFAULT:
        return obj
    from rich.console import Group
    from rich.table import Table

    if isinstance(obj, Group):
        parts = obj.renderables
        for i, part in enumerate(parts):
            if isinstance(part, str):  # a line a game module prints under its tables
                parts[i] = localize_text(part, _, current())
            else:
                localize_renderable(part)
    elif isinstance(obj, Table):
        if isinstance(obj.title, str):
            obj.title = localize_text(obj.title, _, current())
        if isinstance(obj.caption, str):
            obj.caption = localize_text(obj.caption, _, current())
        for column in obj.columns:
            if isinstance(column.header, str) and column.header:
                column.header = _(column.header)
            cells = getattr(column, "_cells", None)
            if isinstance(cells, list):
                column._cells = [_cell(c) if isinstance(c, str) else c for c in cells]
    return obj


_STYLED = re.compile(r"^\[(\w+)\](.*?)\[/\1?\](.*)$", re.S)


def _cell(text: str) -> str:
    """A table cell: an outcome word, else a game text (an entry or a template).

    A cell styled as a whole or in its head (``[strike]...[/strike] (undone)``)
    keeps its style around the translated text.
    """
    word = outcome(text)
    if word != text or not text:
        return word
    styled = _STYLED.match(text)
    if styled is not None:
        tag, inner, rest = styled.groups()
        return f"[{tag}]{localize_text(inner, _, current())}[/{tag}]{rest}"
    if text.startswith("["):
        return text
    return localize_text(text, _, current())


def localize_command(command: Any) -> None:
    """Translate the help texts of a Click command tree in place (built for this run)."""
    if current() == DEFAULT:
        return
    seen: set[int] = set()

    def walk(cmd: Any) -> None:
        if id(cmd) in seen:
            return
        seen.add(id(cmd))
        for attr in ("help", "short_help"):
            text = getattr(cmd, attr, None)
            if isinstance(text, str) and text:
                setattr(cmd, attr, _(text))
        for param in getattr(cmd, "params", []):
            text = getattr(param, "help", None)
            if isinstance(text, str) and text:
                param.help = _(text)
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    walk(command)


_TYPER_PANELS = {
    "ARGUMENTS_PANEL_TITLE": "Arguments",
    "OPTIONS_PANEL_TITLE": "Options",
    "COMMANDS_PANEL_TITLE": "Commands",
    "ERRORS_PANEL_TITLE": "Error",
    "DEFAULT_STRING": "[default: {}]",
    "REQUIRED_LONG_STRING": "[required]",
}


def _localize_typer_panels() -> None:
    """Typer's help panels take their titles from module globals read at render time.

    Not yet imported, the module holds its English defaults: English needs no
    import (it costs a tenth of a second, and most commands print no help).
    """
    import sys

    if current() == DEFAULT and "typer.rich_utils" not in sys.modules:
        return
    try:
        import typer.rich_utils as ru
    except ImportError:  # pragma: no cover - rich is a dependency
        return
    for attr, english in _TYPER_PANELS.items():
        if hasattr(ru, attr):
            setattr(ru, attr, _(english))
