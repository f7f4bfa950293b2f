"""English and Russian for the page (Babel/gettext catalogues).

The ``.po`` catalogues in ``locale/`` are compiled in memory when the server
starts (no build step). The language is the ``lang`` query parameter (the
page's switch), else the ``lang`` cookie it sets, else the browser's
``Accept-Language``, else English.

The texts the game modules write (event texts, panel titles, headers and cell
words, action titles, select labels, odds titles) come from the shared
game-texts catalogue (``ordnance/i18n/locale/<lang>/LC_MESSAGES/games.po``),
chained behind the page's own: the API answers ``/view``, ``/log`` and
``/odds`` in Russian when asked with ``?lang=ru`` (the page does), and in
English otherwise, byte for byte as before. The lobby's settings forms are
translated the same way (:func:`localize_settings`), in the page's language.
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Callable, Mapping
from functools import cache, partial
from pathlib import Path
from typing import Any, cast

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ordnance.core.calculators import CalculatorInfo
from ordnance.core.errors import OrdnanceError
from ordnance.core.events import Event
from ordnance.core.forms import SHARED_PANELS
from ordnance.core.memo import IdentityMemo
from ordnance.core.messages import Message, Said, nested, render_message, term
from ordnance.core.shapes import JsonSchema, LosAnswer, OddsAnswer, TurnView
from ordnance.i18n import (
    WORD_ARGS,
    as_text,
    event_text,
    game_texts,
    localize_legal,
    localize_problem,
    localize_refusal,
    localize_schema_words,
    localize_text,
    localize_view_words,
    message_text,
    side_name,
    translated_args,
)
from ordnance.server.answers import RequestState, TableView
from ordnance.server.seats import YOURS, render_event

LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = ("en", "ru")
_VERDICT = re.compile(r"^(clear$|blocked: )(.*)$", re.S)
DEFAULT = "en"


def translations(lang: str) -> gettext.NullTranslations:
    """The page's catalogue of ``lang``, falling back to the game texts (``games.po``).

    Any ``lang`` a request names (``?lang=``) comes here: an unknown one shares one
    empty catalogue, so the cache holds one entry per language, never per request."""
    return _translations(lang if lang in LANGUAGES else "")


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    po = LOCALE_DIR / (lang or DEFAULT) / "LC_MESSAGES" / "messages.po"
    if not lang or not po.exists():
        return gettext.NullTranslations()
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    tr = gettext.GNUTranslations(buf)
    tr.add_fallback(game_texts(lang))
    return tr


def localize_view(answer: TableView, lang: str) -> TableView:
    """The ``/view`` answer with its panels, action titles and select labels in ``lang``.

    Only presentation strings change (same keys, same values elsewhere); English
    is returned as it is. Everything translated comes from the seat's own view.
    """
    if lang == DEFAULT:
        # the sides by their names ("side:german" -> "Germans"), an unknown one by itself
        en = translations(lang).gettext
        names = {s: side_name(s, en) for s in answer["seats"]}
        english: TableView = {**answer, "seat_names": names}
        # the turn's sides by their names too ("waiting for Germans to act")
        english["turn"] = _english_turn(answer["turn"], names)
        shown = answer.get("view")
        if isinstance(shown, dict):
            shown = {**shown}
            if _is_turn(shown.get("turn")):
                same = shown["turn"] is answer["turn"]  # a game's view holds its turn_view
                shown["turn"] = english["turn"] if same else _english_turn(shown["turn"], names)
            if isinstance(shown.get("panels"), list):  # a cell holding a side's id
                shown["panels"] = _panels_naming_sides(shown["panels"], names)
            english["view"] = shown
        if answer.get("seat_events"):
            english["seat_events"] = localize_seat_events(
                answer["seat_events"], en, answer["seat"], english=True
            )
        # the undo or consent request naming the entry's side as the journal does
        asked = answer.get("pending_request")
        if asked is not None:
            english["pending_request"] = localize_request(asked, en, lang)
        undo = answer.get("undo")
        waiting = undo.get("pending") if undo is not None else None
        if undo is not None and waiting is not None:
            english["undo"] = {**undo, "pending": localize_request(waiting, en, lang)}
        return english
    tr = translations(lang).gettext
    out = answer.copy()
    out["title"] = tr(answer["title"])
    out["seat_names"] = {s: tr(s) for s in answer["seats"]}
    view = out.get("view")
    if isinstance(view, dict):
        out["view"] = view = localize_view_words(view, tr, lang)
    names = out["seat_names"]  # the turn's sides by their names ("ход игрока (русские)")
    if isinstance(view, dict) and _is_turn(view.get("turn")):
        out["view"] = {**view, "turn": _turn_naming_sides(view["turn"], names, tr)}
    out["turn"] = _turn_naming_sides(out["turn"], names, tr)
    if isinstance(out.get("legal"), list):
        out["legal"] = [
            {**item, "schema": localize_schema_words(item.get("schema"), tr, lang)}
            for item in localize_legal(out["legal"], tr, lang)
        ]
    pending = out.get("pending_request")
    if pending is not None:
        out["pending_request"] = localize_request(pending, tr, lang)
    if out.get("seat_events"):
        out["seat_events"] = localize_seat_events(out["seat_events"], tr, answer["seat"])
    undo = out.get("undo")
    waiting = undo.get("pending") if undo is not None else None
    if undo is not None and waiting is not None:
        out["undo"] = {**undo, "pending": localize_request(waiting, tr, lang)}
    return out


def localize_seat_events(
    events: list[dict[str, Any]],
    gettext_: Callable[[str], str],
    reader: str | None = None,
    *,
    english: bool = False,
) -> list[dict[str, Any]]:
    """Seat events with their ``text`` worded from their ``message`` in the catalogue's
    language, each seat by its side's name (a row with no message keeps its text);
    an event about the ``reader``'s own request in its words ("declined your undo").

    ``english``: ``gettext_`` is the English catalogue's, and each text is worded once
    per message object (:data:`_SEAT_TEXTS`; the table's events share their messages)."""

    def name(seat: str) -> str:
        return side_name(seat, gettext_)

    def worded(e: dict[str, Any]) -> str:
        told = e["message"]
        yours = YOURS.get(told.get("template")) if e.get("seat") == reader else None
        if reader is None:
            yours = None
        message = told if yours is None else {**told, "template": yours}
        if english:
            return _SEAT_TEXTS.with_values(
                told, yours, lambda: render_event(message, gettext_, name)
            )
        return render_event(message, gettext_, name)

    return [{**e, "text": worded(e)} if e.get("message") else e for e in events]


#: An English seat event's text, by its message object (shared by every view of the
#: table's events, ``server.seats._EVENTS``; never changed in place) and the template
#: it is worded with for its reader (None: its own): at most 4,096 texts.
_SEAT_TEXTS: IdentityMemo[str] = IdentityMemo("server.i18n._SEAT_TEXTS", 4096)
#: An English ``view["turn"]`` naming the sides, by the turn object (``core.game.TURN_VIEWS``
#: shares one per state; never changed in place) and the sides' names: at most 256.
_ENGLISH_TURNS: IdentityMemo[TurnView] = IdentityMemo("server.i18n._ENGLISH_TURNS", 256)


def _english_turn(turn: TurnView, names: Mapping[str, str]) -> TurnView:
    """:func:`_turn_naming_sides` in English, once per turn object and names."""
    return _ENGLISH_TURNS.with_values(
        turn, tuple(names.items()), lambda: _turn_naming_sides(turn, names)
    )


def _panels_naming_sides(panels: list[Any], names: Mapping[str, str]) -> list[Any]:
    """Panels whose cells holding exactly a side's id show the side's name instead; a
    panel many views share (``core.forms.SHARED_PANELS``) named once per names
    (:data:`_NAMED_PANELS`)."""
    out = []
    key: tuple[tuple[str, str], ...] | None = None
    for p in panels:
        rows = p.get("rows") if isinstance(p, dict) else None
        if not isinstance(rows, list):
            out.append(p)
        elif SHARED_PANELS.peek(p) is None:
            out.append(_panel_naming_sides(p, rows, names))
        else:
            if key is None:
                key = tuple(names.items())
            out.append(
                _NAMED_PANELS.with_values(p, key, partial(_panel_naming_sides, p, rows, names))
            )
    return out


def _panel_naming_sides(
    p: dict[str, Any], rows: list[Any], names: Mapping[str, str]
) -> dict[str, Any]:
    named = [[names.get(c, c) if isinstance(c, str) else c for c in row] for row in rows]
    return {**p, "rows": named}


#: A shared panel (``core.forms.SHARED_PANELS``) naming the sides, by the panel object
#: and the sides' names: at most 1,024 (as many as are shared).
_NAMED_PANELS: IdentityMemo[dict[str, Any]] = IdentityMemo("server.i18n._NAMED_PANELS", 1024)


def seat_namer(lang: str) -> Callable[[str], str]:
    """A seat id -> its side's name in ``lang`` (``soviet`` -> Soviets / советские)."""
    tr = translations(lang).gettext
    return lambda seat: side_name(seat, tr)


def localize_request(
    request: RequestState, gettext_: Callable[[str], str], lang: str
) -> RequestState:
    """A consent or undo request with its ``text`` in ``lang`` (from its message if it has one)."""
    if lang == DEFAULT and request["kind"] != "undo":
        return request  # an action's own words, already English
    message = request["message"]
    if message is not None:
        # the entry's seat by its side's name ("Americans: HE Fire ..."), never its id;
        # a note the text carries after the message (an action whose dice it drops) kept
        said = message["args"] or {}
        english = render_message(message["template"], said)
        rest = request["text"][len(english) :] if request["text"].startswith(english) else ""
        if isinstance(said.get("seat"), str) and said["seat"]:
            said = {**said, "seat": side_name(said["seat"], gettext_)}
        args = translated_args(said, gettext_)
        text = render_message(message["template"], args, gettext_) + rest
    elif lang == DEFAULT:
        text = request["text"]
    else:
        text = localize_text(request["text"] or "", gettext_, lang)
    return {**request, "text": text}


def localize_error(exc: OrdnanceError, lang: str) -> dict[str, Any]:
    """A refusal's answer (``exc.to_dict()``) with its ``message``, ``hint`` and each
    problem's ``message`` rendered in ``lang`` from the messages the refusal carries;
    in every language a side's id among its arguments (``seat``, ``side``, ``other``...,
    at any depth) is shown by the side's name ("Germans may not act now")."""
    data = exc.to_dict()
    tr = translations(lang).gettext
    if lang == DEFAULT:
        named = {**data}
        if exc.said is not None:
            named["message"] = _naming_sides(exc.said, tr)
        if exc.told is not None:
            named["hint"] = _naming_sides(exc.told, tr)
        return named
    message, hint, _found = localize_refusal(exc, tr, lang)
    if exc.said is not None:
        message = _naming_sides(exc.said, tr)
    if exc.told is not None:
        hint = _naming_sides(exc.told, tr)
    out = {**data, "message": message, "hint": hint}
    problems = getattr(exc, "problems", None)
    if isinstance(problems, list) and isinstance(data.get("problems"), list):
        out["problems"] = [
            {**shown, "message": localize_problem(p, tr, lang)}
            for shown, p in zip(data["problems"], problems, strict=False)
        ]
    return out


#: Refusal arguments that hold a seat (a side's id), at any depth of the message.
_REFUSAL_SEATS = frozenset(
    {"seat", "side", "side2", "attacker", "on_turn", "made_by", "owner", "other", "by"}
)


def _naming_sides(said: Message, gettext_: Callable[[str], str]) -> str:
    """A refusal's message in the catalogue's language, each seat argument by its
    side's name (:func:`side_name`: ``side:soviet`` -> Soviets, ``soviet`` -> советские)."""
    named = Message(said.template, _sides_as_terms(said.args))
    return message_text(named, lambda text: side_name(text, gettext_))


def _sides_as_terms(args: Mapping[str, Any]) -> dict[str, Any]:
    """``args`` with each seat argument a term (a face's lookup names it), also inside
    nested messages and lists (a turn's "waiting for {seats}" already holds terms)."""

    def value(k: str, v: Any) -> Any:
        if isinstance(v, Said):
            v = nested(v.message)
        if isinstance(v, str) and k in _REFUSAL_SEATS and "{" not in v and "}" not in v:
            return term(v)
        if isinstance(v, Mapping) and isinstance(v.get("template"), str):
            return {**v, "args": _sides_as_terms(v.get("args") or {})}
        if isinstance(v, Mapping) and "join" in v:
            return {**v, "items": [value(k, i) for i in v.get("items") or []]}
        return v

    return {k: value(k, v) for k, v in args.items()}


def _is_turn(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("template"), str)


#: Turn message arguments that hold a seat (a side id), shown by the side's name.
_SEAT_ARGS = WORD_ARGS | {"owner"}


def _turn_naming_sides(
    turn: TurnView, names: Mapping[str, str], gettext_: Callable[[str], str] | None = None
) -> TurnView:
    """A ``turn`` whose text names the sides ("Germans to act", "Player Turn (Russians)"),
    not their ids, in the language of ``gettext_`` (English without): a seat argument
    (one of ``_SEAT_ARGS``, at any depth of the message, or a seat of a joined list, a
    term) is looked up in ``names``; nothing else is."""
    args = _seats_as_terms(turn.get("shown_args") or turn.get("args") or {}, names)
    tr = gettext_ or (lambda t: t)
    text = _localize_turn({**turn, "shown_args": args}, lambda t: names.get(t) or tr(t))["text"]
    return {**turn, "text": text}


def _seats_as_terms(args: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """``args`` with each seat argument a term (so it is shown by its name), also inside
    the nested messages (ASL's "turn {turn}, Player Turn ({attacker}), {phase}")."""
    out: dict[str, Any] = {}
    for k, v in args.items():
        if isinstance(v, str) and v in names and k in _SEAT_ARGS:
            out[k] = term(v)
        elif isinstance(v, Mapping) and isinstance(v.get("template"), str):
            out[k] = {**v, "args": _seats_as_terms(v.get("args") or {}, names)}
        else:
            out[k] = v
    return out


def _localize_turn(turn: TurnView, gettext_: Callable[[str], str]) -> TurnView:
    """``view["turn"]`` with its ``text`` rendered from its message in the catalogue's language."""
    args = turn.get("shown_args") or turn.get("args") or {}
    return {**turn, "text": render_message(turn["template"], args, gettext_)}


def localize_settings(schema: JsonSchema, lang: str) -> JsonSchema:
    """A game's ``settings_schema()`` for the lobby's form in ``lang``.

    Field titles and descriptions by exact lookup in the game texts, select
    labels from their messages (or by exact lookup); field names, defaults and enum values (what
    the form sends) are unchanged. English: the schema as it is.
    """
    if lang == DEFAULT:
        return schema
    tr = translations(lang).gettext
    out: dict[str, Any] = localize_schema_words(schema, tr, lang)
    return out


def localize_schema(node: Any, gettext_: Callable[[str], str]) -> Any:
    """A copy of a JSON schema with its ``title`` and ``description`` texts translated.

    The names under ``properties`` and ``$defs`` are field names, not texts, and
    stay as they are; so do values (``enum``, ``const``, ``default``) and the
    ``x-labels`` (already translated by ``localize_legal``).
    """
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in ("properties", "$defs") and isinstance(value, dict):
                out[key] = {name: localize_schema(sub, gettext_) for name, sub in value.items()}
            elif key in ("title", "description") and isinstance(value, str):
                out[key] = gettext_(value) if value else value
            elif key in ("enum", "const", "default", "examples", "x-labels", "required"):
                out[key] = value
            else:
                out[key] = localize_schema(value, gettext_)
        return out
    if isinstance(node, list):
        return [localize_schema(x, gettext_) for x in node]
    return node


def localize_los(answer: LosAnswer, lang: str) -> LosAnswer:
    """A ``/los`` answer with its ``text``, ``note`` and ``explanation`` lines in ``lang``.

    Each line is rendered from its message (``localize_text``), a fixed one by exact
    lookup; a finished English line stays English. Everything else is unchanged.
    """
    if lang == DEFAULT:
        return answer
    tr = translations(lang).gettext
    text = answer["text"]
    # "clear" / "blocked: a; b": the page reads the verdict word and shows the rest
    verdict = _VERDICT.match(text)
    if verdict is not None:
        head, rest = verdict.group(1), verdict.group(2)
        parts = [localize_text(p, tr, lang) for p in rest.split("; ")] if rest else []
        text = head + ("; ".join(parts))
    else:
        text = localize_text(text, tr, lang)
    out: LosAnswer = {
        **answer,
        "text": text,
        "explanation": [localize_text(x, tr, lang) for x in answer["explanation"]],
    }
    if "note" in answer:
        out["note"] = localize_text(answer["note"], tr, lang)
    return out


def localize_calculator(info: CalculatorInfo, lang: str) -> CalculatorInfo:
    """A calculator as the page lists it, its title, help and form (titles, help,
    choice labels) in ``lang``; names, values and the example unchanged."""
    if lang == DEFAULT:
        return info
    tr = translations(lang).gettext
    return {
        **info,
        "title": localize_text(info["title"], tr, lang),
        "help": localize_text(info["help"], tr, lang),
        "schema": localize_schema_words(info["schema"], tr, lang),
    }


#: The parts of a calculator's answer a face shows as words (the rest are figures and
#: the question's own values, which stay as they are).
_SHOWN_PARTS = ("title", "xlabel", "lines", "table", "comparison", "chart", "distribution")
#: Inside a shown part: the keys whose strings are words (``x`` is a comparison's
#: categories, e.g. the ammunition; ``rows`` a table's cells).
_SHOWN_KEYS = frozenset({"title", "xlabel", "ylabel", "columns", "rows", "x", "series", "name"})


def localize_answer_words(reply: dict[str, Any], lang: str) -> dict[str, Any]:
    """A calculator's answer with every text it shows in ``lang``: its title, the axis
    label, its lines, its table (title, headers, text cells), the words of a
    distribution (its outcomes) and of a comparison or chart (title, labels,
    categories, series names). Each text is rendered from its message (a
    :class:`~ordnance.core.messages.Said`) or looked up whole in the catalogue,
    as the command line's tables are (:func:`ordnance.cli.localize.cell_text`);
    the figures and every other field are unchanged."""
    if lang == DEFAULT:
        return reply
    tr = translations(lang).gettext

    def word(text: str) -> str:
        if not text:
            return text
        found = tr(f"outcome:{text}")
        return found if found != f"outcome:{text}" else localize_text(text, tr, lang)

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return word(value)
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, dict):
            return {k: walk(v) if k in _SHOWN_KEYS else v for k, v in value.items()}
        return value

    out = dict(reply)
    for part in _SHOWN_PARTS:
        value = out.get(part)
        if value is None:
            continue
        if part == "distribution" and isinstance(value, dict):  # outcome words -> figures
            out[part] = {word(str(k)): v for k, v in value.items()}
        elif part in ("table", "comparison", "chart") and isinstance(value, dict):
            out[part] = walk(value)
        elif isinstance(value, list):
            out[part] = [word(as_text(x)) for x in value]
        elif isinstance(value, str):
            out[part] = word(value)
    return out


def localize_odds(odds: OddsAnswer | None, lang: str) -> OddsAnswer | None:
    """An odds answer with its title, and every other shown text (``said``) of its
    top level, values or outcomes, in ``lang``; the figures unchanged."""
    if odds is None or lang == DEFAULT or not isinstance(odds.get("title"), str):
        return odds
    tr = translations(lang).gettext
    shown: dict[str, Any] = {}
    for k, v in odds.items():
        if isinstance(v, Said):
            shown[k] = localize_text(v, tr, lang)
        elif isinstance(v, dict) and any(isinstance(o, Said) for o in v):  # outcomes in words
            shown[k] = {
                localize_text(o, tr, lang) if isinstance(o, Said) else o: p for o, p in v.items()
            }
    return cast(OddsAnswer, {**odds, **shown, "title": localize_text(odds["title"], tr, lang)})


def event_texts(events: list[Event], seat: str, lang: str) -> list[str]:
    """Each event's text for ``seat`` in ``lang``, built from ``Event.for_seat(seat)`` only.

    In a language the server knows, once per event object, side of its secret split
    (what ``for_seat`` shows depends on the seat only through ``visible_to``) and
    language (:data:`_EVENT_TEXTS`): the seats reading a page share its entries' events."""
    tr = translations(lang).gettext

    def text(e: Event) -> str:
        return event_text(e.for_seat(seat, messages=True), tr, lang)

    if lang not in LANGUAGES:
        return [text(e) for e in events]
    return [
        _EVENT_TEXTS.with_values(e, (e.visible_to(seat), lang), partial(text, e)) for e in events
    ]


#: An event's text as :func:`event_texts` words it, by the event object (frozen; a
#: page of entries is shared by the seats that read it), whether the reader sees its
#: own side of the secret split, and the language: at most 4,096 texts.
_EVENT_TEXTS: IdentityMemo[str] = IdentityMemo("server.i18n._EVENT_TEXTS", 4096)


def pick(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The language to answer in.

    >>> pick(None, None, "ru-RU,ru;q=0.9,en;q=0.8")
    'ru'
    >>> pick("en", "ru", "ru")
    'en'
    >>> pick(None, None, "de-DE")
    'en'
    """
    for choice in (query, cookie):
        if choice in LANGUAGES:
            return choice
    if accept_language:
        preferred = []
        for part in accept_language.split(","):
            tag = part.split(";")[0].strip().replace("-", "_")
            if tag and tag != "*":
                preferred.append(tag)
        found = Locale.negotiate(preferred, list(LANGUAGES), sep="_")
        if found is not None:
            return str(found.language)
    return DEFAULT
