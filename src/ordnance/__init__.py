"""ordnance: rules engine, exact odds and table assistant for special ammunition
and fire missions in tactical hex wargames.

The package is layered (see ``docs/architecture.md``):

* :mod:`ordnance.core` knows no game: dice, hex geometry, errors, the game
  protocol, the plug-in registry, the journal and exact distributions;
* :mod:`ordnance.asl`, :mod:`ordnance.toi` and :mod:`ordnance.waw` each own
  one rule text and register themselves with the core;
* :mod:`ordnance.cli` and :mod:`ordnance.server` are thin faces over the games.
"""

__version__ = "0.1.0"
