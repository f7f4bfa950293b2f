"""Sub-commands listed by name and imported only when they run.

``ordnance --help`` lists every sub-command from its name and one help line;
the module behind a sub-command (a game's CLI, the odds face, the server) is
imported only when that sub-command runs or its own help is asked for. So
the top-level command and a stand-alone procedure start without SQLAlchemy,
NumPy, matplotlib or the rules of the games they do not use.

The mechanism is Click's documented recipe for lazily loaded sub-commands
(a group class whose ``list_commands`` and ``get_command`` name and load the
sub-commands on demand), applied to the group class Typer documents for it:
a subclass of :class:`typer.core.TyperGroup`, the class ``typer.Typer(cls=...)``
takes. Click resolves a sub-command by name, then calls its ``make_context``
and invokes the command that context carries; :class:`LazyMount` stands in
the group under its name and hands ``make_context`` over to the real command.

Only Typer's public names are used. Typer ships its own copy of Click and
documents no name for it (https://typer.tiangolo.com/tutorial/click/), so the
types of this module are Typer's: :data:`Command` is one of its two command
classes, :data:`Context` its context. Every command of the tree is one, and
:func:`as_command` checks it where Typer hands over a command.

The records of this module (:class:`Sub`, :class:`LazyGroup`, :class:`Factory`)
are named tuples rather than dataclasses: every start of the command line makes
their classes, and making a dataclass costs about ten times as much (~1 ms).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from importlib import import_module
from typing import Any, NamedTuple, TypeAlias
from weakref import WeakSet

import typer
from typer.core import TyperCommand, TyperGroup

from ordnance.cli.failures import CommandUnavailable
from ordnance.cli.localize import localize_typer_marks

#: A command of the tree: a leaf or a group, both Typer's public classes.
Command: TypeAlias = TyperCommand | TyperGroup
#: The context Click hands a group method (Typer's, which its commands get).
#: A group method below takes ``ctx: Any``: the base class declares the
#: context of Typer's private copy of Click, which has no public name.
Context: TypeAlias = typer.Context


def as_command(obj: object) -> Command:
    """``obj`` as a :data:`Command` (what ``typer.main.get_command`` returns is one)."""
    if isinstance(obj, TyperCommand | TyperGroup):
        return obj
    raise TypeError(f"{obj!r} is not a Typer command or group")


def maybe_command(obj: object | None) -> Command | None:
    """:func:`as_command`, or ``None`` for ``None`` (what a group finds for a name)."""
    return None if obj is None else as_command(obj)


def resolved(
    found: tuple[str | None, object | None, list[str]],
) -> tuple[str | None, Command | None, list[str]]:
    """A group's ``resolve_command`` answer with its command as a :data:`Command`."""
    name, cmd, rest = found
    return name, maybe_command(cmd), rest


class LazyMount(TyperGroup):
    """A placeholder for a sub-command, loaded on first use.

    ``load`` returns the real Click command; ``scope``, if given, is entered
    for as long as the real command runs (the game type a game's commands
    serve, see :mod:`ordnance.core.scope`).
    """

    def __init__(
        self,
        name: str,
        help_text: str,
        load: Callable[[], Command],
        *,
        scope: Callable[[], AbstractContextManager[Any]] | None = None,
        prepare: Callable[[Command], None] | None = None,
    ) -> None:
        super().__init__(name=name, help=help_text, short_help=help_text)
        self._load = load
        self._scope = scope
        self._prepare = prepare
        self._real: Command | None = None

    def real(self) -> Command:
        """The real command (imported on the first call)."""
        if self._real is None:
            try:
                cmd = self._load()
            except ImportError as exc:
                # A broken import must be loud, never a silently missing command.
                raise CommandUnavailable(
                    f"the {self.name!r} command cannot be loaded: {exc}",
                    hint="the installation is broken: reinstall ordnance (pip install -e .)",
                ) from exc
            cmd.name = self.name
            if not cmd.help:
                cmd.help = self.help
            if self._prepare is not None:
                self._prepare(cmd)
            plain_help(cmd)
            self._real = cmd
        return self._real

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: Any = None,
        **extra: Any,
    ) -> Any:
        ctx = self.real().make_context(info_name, args, parent=parent, **extra)
        if self._scope is not None:
            ctx.with_resource(self._scope())
        return ctx

    def list_commands(self, ctx: Any) -> list[str]:
        real = self.real()
        return real.list_commands(ctx) if isinstance(real, TyperGroup) else []

    def get_command(self, ctx: Any, cmd_name: str) -> Command | None:
        real = self.real()
        return (
            maybe_command(real.get_command(ctx, cmd_name)) if isinstance(real, TyperGroup) else None
        )


def plain_help(cmd: Command) -> None:
    """Print help texts as written: "[HQ check dice]" is text, not Rich markup.

    Typer reads help as Rich markup, which swallows a bracketed word; every
    help text of the tree is escaped once, after it was translated, when a
    help screen is first drawn (:class:`HelpContext`, which every command of
    the tree gets as its context class, Click's documented attribute): a
    command that prints no help does not import :mod:`rich.markup`.
    """
    cmd.context_class = HelpContext
    for sub in getattr(cmd, "commands", {}).values():
        if not isinstance(sub, LazyMount):  # a lazy one does this when it loads
            plain_help(sub)


#: The flags whose absent value is ``False`` in every context of the tree (:class:`HelpContext`).
ABSENT_FLAGS: Mapping[str, bool] = {
    "help": False,
    "install_completion": False,
    "show_completion": False,
}


class HelpContext(typer.Context):
    """A context that escapes its command's help texts before drawing them
    (:func:`plain_help`), Typer's marks in the active language
    (:func:`~ordnance.cli.localize.localize_typer_marks`).

    Its absent ``--help`` is ``False``, as the top-level command's (a default
    map, Click's documented setting, which a sub-command's context does not
    inherit), and so are Typer's completion flags where a group has them
    (``ordnance odds``): Typer converts an absent value, ``None``, through a
    Pydantic ``TypeAdapter``, and the first one built imports Pydantic (about
    0.1 s), which ``ordnance asl supply --help`` would pay for the ``asl``
    group's ``--help``. (A ``bool`` is not converted.)
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.default_map is None:
            self.default_map = dict(ABSENT_FLAGS)

    def get_help(self) -> str:
        localize_typer_marks()
        _escape_help(self.command)
        return super().get_help()


#: The commands whose help texts are escaped (escaping twice would show the escapes).
_ESCAPED: WeakSet[Any] = WeakSet()


def _escape_help(cmd: Any) -> None:
    """Escape the help texts of ``cmd`` and of the loaded commands below it, once."""
    if cmd in _ESCAPED:
        return
    _ESCAPED.add(cmd)
    cmd.help = _escape(cmd.help) if cmd.help else cmd.help
    if getattr(cmd, "short_help", None):
        cmd.short_help = _escape(cmd.short_help or "")
    for param in cmd.params:
        text = getattr(param, "help", None)
        if text:
            param.help = _escape(text)
    for sub in getattr(cmd, "commands", {}).values():
        if not isinstance(sub, LazyMount):
            _escape_help(sub)


def _escape(text: str) -> str:
    """Rich's ``escape``, imported only for a text it would change.

    It changes only a ``[`` that opens markup and a trailing backslash; other
    texts are returned as they are, without importing :mod:`rich.markup`.
    """
    if "[" not in text and not text.endswith("\\"):
        return text
    from rich.markup import escape

    return escape(text)


class Factory(NamedTuple):
    """A sub-command target built afresh each time it is mounted.

    For a Click group of a class of its own (a game's ``game`` group, whose
    commands are derived from the game's forms): a module-level Click object
    would be shared by every mount and translated in place more than once.
    """

    make: Callable[[], Command]


#: ``(name, words after it) -> command or None``: a group's hidden older spellings.
Fallback = Callable[[str, list[str] | None], Command | None]


class FallbackGroup(TyperGroup):
    """A group that asks ``find`` for a name none of its commands has.

    The answer is a hidden command (an older spelling); ``find`` gets the
    words after the name when the command runs (the game whose choices its
    options offer), ``None`` when only looked up (help, completion).
    """

    def __init__(self, *, find: Fallback, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._find = find

    def get_command(self, ctx: Any, cmd_name: str) -> Command | None:
        found = maybe_command(super().get_command(ctx, cmd_name))
        if found is None and cmd_name not in self.commands:
            found = self._find(cmd_name, None)
        return found

    def resolve_command(
        self, ctx: Any, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        if args and args[0] not in self.commands:
            cmd = self._find(args[0], args[1:])
            if cmd is not None:
                return args[0], cmd, args[1:]
        return resolved(super().resolve_command(ctx, args))


class Sub(NamedTuple):
    """One sub-command of a :class:`LazyGroup`: where it lives and its help line.

    ``target`` is ``"module:attribute"``: a Typer app, a :class:`LazyGroup`, a
    Click command or a plain function (made a command of that name).
    """

    target: str
    help: str
    hidden: bool = False


class LazyGroup(NamedTuple):
    """A command group whose sub-commands are imported only when they run.

    A game's command line is one of these: ``ordnance asl --help`` lists the
    names and help lines written here, and ``ordnance asl supply`` imports
    the supply command's module alone, not the rules of the other commands.
    :meth:`build` makes a fresh Click group each time it is mounted (a group
    mounted at two places, ``ordnance asl odds`` and ``ordnance odds asl``,
    gets two objects, each with its own name).
    """

    help: str
    subs: Mapping[str, Sub]
    #: Called with each sub-command once it is loaded (a face translates help texts).
    prepare: Callable[[Command], None] | None = None
    #: ``"module:attribute"`` of a Typer app whose callback (options, and what the
    #: group does when no sub-command is named) the group keeps: ``ordnance toi odds
    #: --fp 5`` is such a callback, with ``smoke`` and ``advise`` beside it.
    base: str | None = None
    #: ``"module:attribute"`` of a :data:`Fallback`, asked only for a name that is
    #: none of ``subs`` (older spellings kept working, hidden from help).
    fallback: str | None = None

    def build(self, name: str, prepare: Callable[[Command], None] | None = None) -> TyperGroup:
        then = prepare or self.prepare
        group: TyperGroup
        if self.base is not None:
            base = typer_command(_target(self.base), name)
            if not isinstance(base, TyperGroup):
                raise TypeError(f"{self.base} is not a Typer app with a callback")
            group = base
            group.help = group.help or self.help
        elif self.fallback is not None:
            group = FallbackGroup(
                name=name, help=self.help, no_args_is_help=True, find=_finder(self.fallback)
            )
        else:
            group = TyperGroup(name=name, help=self.help, no_args_is_help=True)
        for sub_name, sub in self.subs.items():
            mount = LazyMount(sub_name, sub.help, _loader(sub.target, sub_name, then), prepare=then)
            mount.hidden = sub.hidden
            group.add_command(mount, sub_name)
        return group


def _target(dotted: str) -> Any:
    """The object ``"module:attribute"`` names (its module imported now)."""
    module, _sep, attr = dotted.partition(":")
    return getattr(import_module(module), attr)


def _finder(dotted: str) -> Fallback:
    """A :data:`Fallback` whose module is imported on its first call (an unknown name)."""

    def find(name: str, args: list[str] | None) -> Command | None:
        found: Fallback = _target(dotted)
        return found(name, args)

    return find


def _loader(
    dotted: str, name: str, prepare: Callable[[Command], None] | None
) -> Callable[[], Command]:
    def load() -> Command:
        return typer_command(_target(dotted), name, prepare)

    return load


def typer_command(
    target: Any, name: str, prepare: Callable[[Command], None] | None = None
) -> Command:
    """The Click command of a Typer app, a :class:`LazyGroup`, a :class:`Factory`,
    a Click command, or a plain function made a command."""
    if isinstance(target, LazyGroup):
        return target.build(name, prepare)
    if isinstance(target, Factory):
        return target.make()
    if isinstance(target, TyperCommand | TyperGroup):
        return target
    if isinstance(target, typer.Typer):
        return as_command(typer.main.get_command(target))
    single = typer.Typer(add_completion=False)
    single.command(name)(target)
    return as_command(typer.main.get_command(single))


__all__ = [
    "Command",
    "Context",
    "Factory",
    "Fallback",
    "FallbackGroup",
    "HelpContext",
    "LazyGroup",
    "LazyMount",
    "Sub",
    "as_command",
    "maybe_command",
    "plain_help",
    "resolved",
    "typer_command",
]
