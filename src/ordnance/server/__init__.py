"""The multiplayer table: FastAPI app, seat links, live updates, commit-reveal dice.

``ordnance serve`` (see :mod:`.cli`) runs :func:`ordnance.server.app.create_app`.
The server keeps every secret: each request acts as one seat and receives
only what the game's ``view(state, seat)`` and ``Event.for_seat(seat)`` give
that seat.
"""
