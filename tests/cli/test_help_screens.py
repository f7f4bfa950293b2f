"""Help screens: a flag shows no value type, and the panels carry the run's language.

Typer 0.29 draws each option's value type beside it (``--fp <int>``); a flag takes
no value, so ``--help``, ``--json`` and the like must show none (no ``<bool>``).
"""

from __future__ import annotations

import re

import pytest

from ordnance.cli.main import main

#: help screens of the top level, a group, a leaf with flags, and a lazily loaded game
SCREENS = [
    ["--help"],
    ["waw", "--help"],
    ["waw", "smoke", "--help"],
    ["waw", "odds", "he-fire", "--help"],
    ["asl", "--help"],
    ["toi", "--help"],
    ["odds", "--help"],
    ["game", "log", "--help"],
]


def help_screen(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as exited:
        main(list(args))
    assert exited.value.code in (0, None)
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("args", SCREENS, ids=" ".join)
def test_flags_show_no_value_type(
    capsys: pytest.CaptureFixture[str], lang: str, args: list[str]
) -> None:
    out = help_screen(capsys, "--lang", lang, *args)
    assert "<bool>" not in out
    help_line = next(line for line in out.splitlines() if "--help" in line)
    # the flag is followed by its help text, with no "<...>" value type between
    assert re.search(r"--help\s+(Show|Показать)", help_line), help_line


def test_value_options_keep_their_type(capsys: pytest.CaptureFixture[str]) -> None:
    out = help_screen(capsys, "waw", "smoke", "--help")
    assert re.search(r"--side\s+<str>", out)
    assert re.search(r"--json\s+Print", out)


def test_russian_panel_titles(capsys: pytest.CaptureFixture[str]) -> None:
    out = help_screen(capsys, "--lang", "ru", "waw", "smoke", "--help")
    assert "Аргументы" in out and "Параметры" in out and "Options" not in out
    top = help_screen(capsys, "--lang", "ru", "--help")
    assert "Команды" in top and "Commands" not in top and "Options" not in top
    english = help_screen(capsys, "--lang", "en", "--help")
    assert "Commands" in english and "Options" in english
