"""Help in the active language: a Click command tree's texts and Typer's panel titles."""

from __future__ import annotations

from typing import Any

from ordnance.cli.i18n.active import _, current
from ordnance.cli.i18n.catalogues import DEFAULT


def localize_command(command: Any) -> None:
    """Translate the help texts of a Click command tree in place (built for this run)."""
    if current() == DEFAULT:
        return
    seen: set[int] = set()

    def walk(cmd: Any) -> None:
        if id(cmd) in seen:
            return
        seen.add(id(cmd))
        for attr in ("help", "short_help"):
            text = getattr(cmd, attr, None)
            if isinstance(text, str) and text:
                setattr(cmd, attr, _(text))
        for param in getattr(cmd, "params", []):
            text = getattr(param, "help", None)
            if isinstance(text, str) and text:
                param.help = _(text)
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    walk(command)


_TYPER_PANELS = {
    "ARGUMENTS_PANEL_TITLE": "Arguments",
    "OPTIONS_PANEL_TITLE": "Options",
    "COMMANDS_PANEL_TITLE": "Commands",
    "ERRORS_PANEL_TITLE": "Error",
    "DEFAULT_STRING": "[default: {}]",
    "REQUIRED_LONG_STRING": "[required]",
}


def localize_typer_panels() -> None:
    """Typer's help panels take their titles from module globals read at render time.

    Not yet imported, the module holds its English defaults: English needs no
    import (it costs a tenth of a second, and most commands print no help).
    """
    import sys

    if current() == DEFAULT and "typer.rich_utils" not in sys.modules:
        return
    try:
        import typer.rich_utils as ru
    except ImportError:  # pragma: no cover - rich is a dependency
        return
    for attr, english in _TYPER_PANELS.items():
        if hasattr(ru, attr):
            setattr(ru, attr, _(english))
