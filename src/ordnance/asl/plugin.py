"""Registers the ASL game with the core (entry point ``ordnance.games: asl``)."""

from __future__ import annotations

from ordnance.asl.game import AslGame
from ordnance.core.registry import GamePlugin

GAME = AslGame()
PLUGIN = GamePlugin(GAME, cli="ordnance.asl.cli:app", odds_cli="ordnance.asl.cli:odds_app")
