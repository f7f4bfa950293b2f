"""An older spelling of an action's command (positional fields, renamed options, odds)."""

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
