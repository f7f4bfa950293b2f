"""ASL: pure rule functions and the tables and data they read (no game state changed, no dice rolled).

See docs/architecture.md, "One layout for every game".
"""
