"""Tide of Iron: one module per action: it validates the action, asks the dice and returns the new state and its events.

See docs/architecture.md, "One layout for every game".
"""
