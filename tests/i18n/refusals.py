"""Every refusal template the source raises, found by reading the source.

Every refusal a rule or the table makes (``RuleViolation``, ``OrdnanceError``
and its kin) carries its text as a message (``msg(template, **params)``); the
Russian catalogue ``src/ordnance/i18n/locale/ru/LC_MESSAGES/refusals.po`` holds
one entry per template. ``python -m tests.i18n.refusals`` prints each template
missing from the catalogues (exit status 1 when there is one), with its clause
and where it is raised; ``tests/i18n/test_refusals_in_russian.py`` fails on one.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "ordnance"
#: refusal classes and the position of their message argument
MESSAGE_ARG = {
    "RuleViolation": 1,
    "BadSetting": 1,
    "OrdnanceError": 0,
    "UnknownName": 0,
    "NotYourSeat": 0,
    "InvalidDice": 0,
    "BadAction": 0,
    "NotFound": 0,
    "TooManyDice": 0,
}
MESSAGE_FUNCTIONS = {"msg", "message", "Message"}
#: checks that raise an OrdnanceError from a template, and the position of the template
TEMPLATE_ARG = {"check_within": 3}


def _name(call: ast.Call) -> str | None:
    fn = call.func
    return fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else None


def refusal_templates(root: Path = SRC) -> Iterator[tuple[str, str | None, str]]:
    """Each (template, clause, place) of a refusal raised under ``root``."""
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            name = _name(node) if isinstance(node, ast.Call) else None
            if not isinstance(node, ast.Call) or name not in MESSAGE_ARG | TEMPLATE_ARG:
                continue
            place = f"{path.relative_to(SRC.parent)}:{node.lineno}"
            if name in TEMPLATE_ARG and len(node.args) > TEMPLATE_ARG[name]:
                template = node.args[TEMPLATE_ARG[name]]
                if isinstance(template, ast.Constant) and isinstance(template.value, str):
                    yield template.value, None, place
            clause = None
            if name == "RuleViolation" and node.args and isinstance(node.args[0], ast.Constant):
                clause = str(node.args[0].value)
            parts = [k.value for k in node.keywords if k.arg in ("hint", "message")]
            for kw in node.keywords:
                if kw.arg == "clause" and isinstance(kw.value, ast.Constant):
                    clause = str(kw.value.value)
            if name in MESSAGE_ARG and len(node.args) > MESSAGE_ARG[name]:
                parts.append(node.args[MESSAGE_ARG[name]])
            for part in parts:
                for sub in ast.walk(part):
                    if (
                        isinstance(sub, ast.Call)
                        and _name(sub) in MESSAGE_FUNCTIONS
                        and sub.args
                        and isinstance(sub.args[0], ast.Constant)
                        and isinstance(sub.args[0].value, str)
                    ):
                        yield sub.args[0].value, clause, place


def catalogued(lang: str = "ru") -> set[str]:
    """The msgids with a translation in the catalogues both faces read."""
    from babel.messages.pofile import read_po

    from ordnance.i18n import GAMES_DOMAIN, REFUSALS_DOMAIN, catalogue_path

    found: set[str] = set()
    for domain in (REFUSALS_DOMAIN, GAMES_DOMAIN):
        with catalogue_path(lang, domain).open("rb") as fh:
            found |= {str(m.id) for m in read_po(fh, locale=lang) if m.id and m.string}
    return found


def main() -> int:
    known = catalogued()
    missing = [(t, c, p) for t, c, p in refusal_templates() if t not in known]
    for template, clause, place in missing:
        print(f"{place} [{clause or '-'}] {template!r}")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
