"""ASL's stand-alone commands load their own module and rules, nothing else (issue 13).

Checked through ``sys.modules`` in a fresh process, never by timing
(``python -m ordnance.bench.cli_start`` prints the times). Each command of
ASL C8 (ASL-8.2 supply, 8.9 notation and depletion odds, 8.3-a HEAT, 8.31
HE Equivalency, the VASL counters) must import no database, NumPy or
plotting library, not the journal's session, not the plug-in or the game's
Pydantic models, and no module of another ``ordnance asl`` command (a
calculator's family of :mod:`ordnance.asl.calculators` is its module).

Typer 0.29 itself imports Pydantic to coerce parameter values (its
``typer._adapters``), so ``pydantic`` is in ``sys.modules`` for any Typer
command that takes a value; what is checked here is that the project adds
none of its own models (``ordnance.asl.settings``, ``ordnance.asl.actions``).
"""

from __future__ import annotations

import pytest

from tests.cli.test_start_imports import HEAVY, imported

#: The module of each ASL command: a declared calculator's is the family of ASL's
#: calculators that declares it (:mod:`ordnance.asl.calculators`), the others'
#: their own in the CLI face.
CALCULATORS = "ordnance.asl.calculators"
COMMAND_MODULES = {
    "notation": f"{CALCULATORS}.notation",
    "supply": f"{CALCULATORS}.chart",
    "heat": f"{CALCULATORS}.chart",
    "he-equivalency": f"{CALCULATORS}.chart",
    "scw-heat": f"{CALCULATORS}.chart",
    "canister": f"{CALCULATORS}.canister",
    "counters": "ordnance.cli.asl.counters",
    "shot": f"{CALCULATORS}.depletion",
    "game": "ordnance.cli.asl.game",
    "odds depletion": f"{CALCULATORS}.depletion",
    "odds shot": f"{CALCULATORS}.depletion",
    "odds gun": f"{CALCULATORS}.shot",
}
#: Helpers several commands share (not the module of a command); the calculators
#: package joins its families only when its whole list is read.
SHARED = {"ordnance.cli.asl", "ordnance.cli.asl.options", CALCULATORS}
#: Never loaded by a stand-alone procedure: the plug-in, the Game, the journal, our models.
NOT_LOADED = (
    "ordnance.asl.plugin",
    "ordnance.asl.game",
    "ordnance.asl.actions",
    "ordnance.asl.settings",
    "ordnance.core.journal.session",
    "ordnance.core.journal.store",
)

STAND_ALONE = [
    ("supply", ("asl", "supply", "russian", "85L", "--date", "1944-06", "--json")),
    ("notation", ("asl", "notation", "A5^4^/6^5", "--json")),
    (
        "notation",
        ("asl", "notation", "A5^4^/6^5", "--date", "1944-06", "--nationality", "german"),
    ),
    ("heat", ("asl", "heat", "german", "--json")),
    ("he-equivalency", ("asl", "he-equivalency", "HEAT", "--caliber", "75", "--json")),
    ("counters", ("asl", "counters", "T-34/85", "--date", "1944-06", "--json")),
    ("odds depletion", ("asl", "odds", "depletion", "-n", "5", "--json")),
    ("odds depletion", ("odds", "asl", "depletion", "-n", "5", "-b", "11")),
]


def _asl_command_modules(mods: set[str]) -> set[str]:
    return {
        m
        for m in mods
        if m.startswith(("ordnance.cli.asl", "ordnance.asl.calculators")) and m not in SHARED
    }


@pytest.mark.parametrize(
    ("command", "args"), STAND_ALONE, ids=[" ".join(a) for _c, a in STAND_ALONE]
)
def test_a_stand_alone_asl_command_loads_only_its_own_module(
    command: str, args: tuple[str, ...]
) -> None:
    mods = imported(*args)
    assert COMMAND_MODULES[command] in mods  # the command did run
    assert _asl_command_modules(mods) == {COMMAND_MODULES[command]}
    assert not {m for m in mods if m.split(".")[0] in HEAVY}
    assert not set(NOT_LOADED) & mods


def test_asl_help_imports_no_command_module() -> None:
    """``ordnance asl --help`` lists the commands from the registry alone."""
    mods = imported("asl", "--help")
    assert "ordnance.cli.asl" in mods
    assert not _asl_command_modules(mods)
    assert not set(NOT_LOADED) & mods


def test_the_check_can_fail_the_whole_gun_shot_loads_the_models() -> None:
    """``asl odds gun`` validates its shot with Pydantic models: the checks above would see it."""
    mods = imported("asl", "odds", "gun", "--gun", "75L", "--range", "4", "--af", "8", "--json")
    assert CALCULATORS in mods
    assert "ordnance.asl.settings" in mods
