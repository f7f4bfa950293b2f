"""Root pytest configuration: what not to collect, wherever pytest is started.

The Alembic ``env.py`` only runs inside Alembic, so doctest collection must
skip the migrations folder (a path in ``addopts`` would be resolved against
the current directory instead of the project).
"""

collect_ignore_glob = ["src/ordnance/core/journal/migrations/*"]
