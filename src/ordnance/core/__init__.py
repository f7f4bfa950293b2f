"""The game-agnostic core: dice, hexes, errors, the game protocol, registry,
journal and exact odds. Nothing in here imports a game module."""
