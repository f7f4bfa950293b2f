"""How a calculator question model is configured, the same in every game.

A question refuses unknown keys and names the rule clause it serves in its
JSON Schema (``x-clause``); :func:`ordnance.core.validation.model_clause`
reads that clause back for a refusal that names no field of its own. Its
validator is built when a question is first asked (Pydantic's ``defer_build``):
a command line lists every calculator of a game and answers one.

>>> question_config("ASL-8.4")
{'extra': 'forbid', 'defer_build': True, 'json_schema_extra': {'x-clause': 'ASL-8.4'}}
"""

from __future__ import annotations

from pydantic import ConfigDict

__all__ = ["question_config"]


def question_config(clause: str) -> ConfigDict:
    """The ``model_config`` of a question serving ``clause``: unknown keys refused,
    built on first use."""
    return ConfigDict(extra="forbid", defer_build=True, json_schema_extra={"x-clause": clause})
