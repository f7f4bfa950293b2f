"""The one table of game modules.

Games register themselves through the ``ordnance.games`` entry-point group
(see ``pyproject.toml``), so the faces find every installed game without
importing it by name, and a fourth game needs no change to the core or faces.
A game can also be registered directly with :func:`register` (tests do).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from importlib import import_module
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from ordnance.core.errors import UnknownName
from ordnance.core.game import Game
from ordnance.core.messages import msg

if TYPE_CHECKING:  # pragma: no cover
    from ordnance.core.calculators import Calculator


@dataclass(frozen=True)
class GamePlugin:
    """A game module as the core sees it.

    ``cli`` is a dotted path ``"module:attribute"`` to the game's Typer app,
    imported only when that sub-command is used (keeps start-up fast).
    """

    game: Game[Any]
    cli: str | None = None
    #: Dotted path to the game's odds sub-app, mounted as ``ordnance odds <game>``.
    odds_cli: str | None = None
    #: Dotted path to the game's guided walk-through for ``ordnance demo``: a
    #: callable ``(console, journal_path, step) -> None`` (a Rich console; ``step``
    #: pauses between steps).
    demo: str | None = None
    #: The game's calculators (:mod:`ordnance.core.calculators`): a dotted
    #: ``"module:attribute"`` path to a sequence of them, or the sequence itself.
    calculators: str | tuple[Calculator, ...] = ()
    #: Dotted path to the game's :class:`~ordnance.core.commands.GameCommands`
    #: (older spellings of its action commands), or ``None``.
    commands: str | None = None

    def calculator_list(self) -> tuple[Calculator, ...]:
        """Every calculator the game declares (imported on first use)."""
        if isinstance(self.calculators, str):
            from ordnance.core.calculators import load

            return load(self.calculators)
        return tuple(self.calculators)

    @property
    def name(self) -> str:
        return self.game.name

    def cli_app(self) -> Any:
        """The game's command line: a Typer app or an ``ordnance.cli.lazy.LazyGroup``."""
        return _load_app(self.cli)

    def odds_app(self) -> Any:
        return _load_app(self.odds_cli)

    def demo_walk(self) -> Any:
        """The game's walk-through callable (see :attr:`demo`), or None."""
        return _load_app(self.demo)


def _load_app(dotted: str | None) -> Any:
    if dotted is None:
        return None
    module, _, attr = dotted.partition(":")
    return getattr(import_module(module), attr)


_REGISTRY: dict[str, GamePlugin] = {}
_LOADED = False
#: Re-entrant: loading a game module may itself ask the registry (e.g. a
#: module that looks up another plug-in at import), in the same thread.
_LOCK = threading.RLock()


def register(plugin: GamePlugin) -> GamePlugin:
    with _LOCK:
        _REGISTRY[plugin.name] = plugin
    return plugin


def _load_entry_points() -> None:
    """Load every ``ordnance.games`` entry point once, before anyone reads the table.

    ``_LOADED`` is set only after the last plug-in is in: a thread that
    arrives while another is loading waits on the lock instead of seeing a
    half-filled registry (with several workers, right after start, requests
    otherwise met "no game called 'toi' (known: none)"). A re-entrant call
    from the loading thread itself returns at once.
    """
    global _LOADED
    if _LOADED:
        return
    with _LOCK:
        if _LOADED or _LOADING.active:
            return
        _LOADING.active = True
        try:
            for ep in entry_points(group="ordnance.games"):
                try:
                    plugin = ep.load()
                except ImportError as exc:  # a broken game must be loud, never missing
                    raise ImportError(
                        f"the game {ep.name!r} ({ep.value}) cannot be loaded: {exc}"
                    ) from exc
                if isinstance(plugin, GamePlugin):
                    _REGISTRY.setdefault(plugin.name, plugin)
            _LOADED = True
        finally:
            _LOADING.active = False


class _Loading(threading.local):
    active = False


_LOADING = _Loading()


def plugins() -> dict[str, GamePlugin]:
    _load_entry_points()
    with _LOCK:
        return dict(sorted(_REGISTRY.items()))


def get(name: str) -> GamePlugin:
    _load_entry_points()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownName(
            msg("no game called {name!r} (known: {known})", name=name, known=known)
        ) from None


def game(name: str) -> Game[Any]:
    return get(name).game
