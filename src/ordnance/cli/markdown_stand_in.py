"""Keep ``rich.markdown`` out of a help screen that has no Markdown in it.

Typer's Rich help formatter (``typer.rich_utils``) imports ``rich.markdown`` at
the top of its module, and with it ``markdown_it`` and Rich's syntax
highlighting: about 50 ms of every ``--help``, a sixth of the 0.3 s start-up
budget (issue 13). Typer builds a ``Markdown`` only for apps whose
``rich_markup_mode`` is ``"markdown"``; ours use Rich markup, so the import is
never used.

:func:`install` puts a small stand-in module under the name ``rich.markdown``
(only if the real one is not loaded yet). Its ``Markdown`` is a class whose
construction loads the real module, replaces the stand-in in ``sys.modules``
and returns a real ``rich.markdown.Markdown``; any other name asked of the
stand-in loads the real module the same way. So a caller that does use
Markdown gets the real thing, one import later. ``tests/cli/test_markdown_stand_in.py``
checks that help screens are byte for byte the same with and without it, and
that Markdown still renders.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

NAME = "rich.markdown"


def _real() -> types.ModuleType:
    """The real ``rich.markdown`` (imported now if only the stand-in is there)."""
    current = sys.modules.get(NAME)
    if isinstance(current, _StandIn):
        del sys.modules[NAME]
        rich = sys.modules.get("rich")
        real = importlib.import_module(NAME)
        if rich is not None:
            rich.markdown = real  # type: ignore[attr-defined]
        return real
    return importlib.import_module(NAME)


class Markdown:
    """Stands in for :class:`rich.markdown.Markdown` until one is made."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        return _real().Markdown(*args, **kwargs)


class _StandIn(types.ModuleType):
    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(_real(), name)


def install() -> bool:
    """Put the stand-in in place; ``False`` if ``rich.markdown`` is already imported."""
    if NAME in sys.modules:
        return False
    import rich

    stand_in = _StandIn(NAME, __doc__)
    stand_in.Markdown = Markdown  # type: ignore[attr-defined]
    sys.modules[NAME] = stand_in
    rich.markdown = stand_in  # as an import would bind it
    return True


__all__ = ["Markdown", "install"]
