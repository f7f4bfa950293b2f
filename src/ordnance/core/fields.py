"""One way to declare a described input field (settings, options, questions).

Every game's settings model, option table and calculator question declares its
fields with a title, a description and, for the lobby and the page, two
schema annotations the faces read:

* ``x-group``: where the lobby folds the field (``"rules"``: under "rule
  options"; ``"scenario"``: with what a scenario file sets);
* ``x-labels``: a human label for each value of a choice, in the order of its
  ``enum``;
* ``x-clause``: the rule clause the field serves (a refusal of its value names
  it, :mod:`ordnance.core.validation`); ``x-clauses``: the clauses a field of
  a whole-shot question touches.

:func:`option` builds that Pydantic ``Field`` from positional title and
description and keyword group, labels and clause(s); :func:`rule` and :func:`scenario`
are the same with the group set. Any other keyword (``ge``, ``le``,
``default_factory``, ``pattern``...) goes to ``Field`` unchanged, so a model
declared with them has the same JSON Schema as one written with ``Field``.

:class:`Record` is the base of a model that is a frozen value refusing unknown
keys (a setting, a scenario file's record).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic_core import PydanticUndefined

__all__ = ["Group", "Record", "option", "rule", "scenario"]

#: The lobby's folds (``x-group``).
Group = Literal["rules", "scenario"]


def option(
    default: Any = PydanticUndefined,
    title: str | None = None,
    description: str | None = None,
    *,
    group: Group | None = None,
    labels: Sequence[str] | None = None,
    clause: str | None = None,
    clauses: Sequence[str] | None = None,
    **constraints: Any,
) -> Any:
    """A ``Field`` with ``title``, ``description``, and ``x-group``/``x-labels``/``x-clause``/
    ``x-clauses`` when given.

    >>> from pydantic import BaseModel
    >>> class M(BaseModel):
    ...     n: int = option(1, "N", "A count.", group="rules", ge=0)
    >>> M.model_json_schema()["properties"]["n"]
    {'default': 1, 'description': 'A count.', 'minimum': 0, 'title': 'N', 'type': 'integer', 'x-group': 'rules'}
    """
    extra: dict[str, Any] = {}
    if group is not None:
        extra["x-group"] = group
    if labels is not None:
        extra["x-labels"] = list(labels)
    if clause is not None:
        extra["x-clause"] = clause
    if clauses is not None:
        extra["x-clauses"] = list(clauses)
    return Field(
        default,
        title=title,
        description=description,
        json_schema_extra=extra or None,
        **constraints,
    )


def rule(
    default: Any, title: str, description: str, *, labels: Sequence[str] | None = None, **kw: Any
) -> Any:
    """A rule option of the lobby (folded under "rule options"): :func:`option` in ``"rules"``."""
    return option(default, title, description, group="rules", labels=labels, **kw)


def scenario(
    default: Any, title: str, description: str, *, labels: Sequence[str] | None = None, **kw: Any
) -> Any:
    """A field a scenario sets (folded with the scenario): :func:`option` in ``"scenario"``."""
    return option(default, title, description, group="scenario", labels=labels, **kw)


class Record(BaseModel):
    """A frozen value that refuses unknown keys.

    Its validator is built when a record is first validated (Pydantic's
    ``defer_build``), for every subclass too: a command imports many records'
    modules and validates few of them, and the first build also imports
    Pydantic's plug-in loader.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
