"""Sample scenario files (package data): ``asl/``, ``toi/``, ``waw/``.

Every file here is a SAMPLE: its unit values are made up for examples and
tests (``sample: true``), not read from official counters. See
``docs/scenarios.md`` for writing one from your own counters.
"""
