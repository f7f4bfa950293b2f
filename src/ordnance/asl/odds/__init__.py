"""ASL: exact odds (Fractions), checked in the tests against enumeration of the resolving code.

See docs/architecture.md, "One layout for every game".
"""
