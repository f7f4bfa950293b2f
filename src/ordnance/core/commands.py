"""What a game declares about its action commands beyond its forms.

Every face derives a game's action commands from its forms; a game only
declares the older spellings it keeps working (:class:`Alias`), further
option names of its settings in ``new``, and which generic commands it also
keeps at its top level. The CLI (:mod:`ordnance.cli.game_commands`) reads a
:class:`GameCommands` through the ``COMMANDS`` path of the game's package.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Alias:
    """An older spelling of an action's command, kept working (hidden from help).

    ``arguments``: fields given as positional arguments after ``GAME_ID``, in
    order (a list field takes the rest of the words); ``options``: further
    option names of fields (``{"--size": "gun_size"}``); ``odds``: print the
    exact odds of the action (:meth:`~ordnance.core.game.Game.odds`) instead of
    taking it.
    """

    action: str
    arguments: tuple[str, ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    odds: bool = False


@dataclass(frozen=True)
class GameCommands:
    """A game's declared command spellings.

    ``game_aliases``: spellings under ``<game> game``; ``top_aliases``: hidden
    spellings directly under ``<game>`` (``ordnance waw place GAME ...``);
    ``top_shared``: generic commands also kept at the top (``ordnance waw view``);
    ``new_options``: further option names of settings in ``new``
    (``{"--start": "start_phase"}``); ``help``: the ``game`` group's help.
    """

    help: str = "Play the game: its actions, derived from its forms."
    game_aliases: Mapping[str, Alias | str] = field(default_factory=dict)
    top_aliases: Mapping[str, Alias | str] = field(default_factory=dict)
    top_shared: frozenset[str] = frozenset()
    new_options: Mapping[str, str] = field(default_factory=dict)


__all__ = ["Alias", "GameCommands"]
