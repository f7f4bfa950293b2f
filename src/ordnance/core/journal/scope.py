"""The game type the running command serves: :mod:`ordnance.core.scope`, re-exported here."""

from ordnance.core.scope import expected_game, expecting

__all__ = ["expected_game", "expecting"]
