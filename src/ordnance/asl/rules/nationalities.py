"""The nationalities an ASL side may have (no Pydantic: the procedures check names too).

Kept apart from :mod:`ordnance.asl.actions` (which re-exports them) so that
``ordnance asl heat`` and ``ordnance asl counters`` check a nation's name
without loading the action models.
"""

from __future__ import annotations

#: Nationalities a side may have. The first four have Ammunition Supply Chart
#: rows and HEAT dates; the others use their counter data only.
KNOWN_NATIONALITIES = (
    "german", "american", "russian", "british",
    "finnish", "italian", "japanese", "hungarian", "romanian", "slovakian", "croatian",
    "bulgarian", "french", "polish", "chinese", "dutch", "belgian", "greek", "yugoslav",
    "norwegian", "canadian", "australian", "new-zealand", "indian", "south-african",
    "free-french", "partisan", "axis-minor", "allied-minor",
)  # fmt: skip


def nationality_key(text: str) -> str:
    """A nationality as :data:`KNOWN_NATIONALITIES` spells it (trimmed, lower case)."""
    return text.strip().lower()


__all__ = ["KNOWN_NATIONALITIES", "nationality_key"]
