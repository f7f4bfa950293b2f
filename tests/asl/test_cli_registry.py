"""``ordnance asl ...`` is a registry of lazily loaded commands (issue 13: a fast CLI).

The registry (:mod:`ordnance.cli.asl`) writes each command's help line so
that ``ordnance asl --help`` lists the commands without importing them; these
tests keep those lines equal to the commands' own help and check that every
target loads. The commands are those of ASL C8 (ASL-8.2, 8.3-a, 8.31, 8.4,
8.9) and the scenario game.
"""

from __future__ import annotations

import pytest

from ordnance.cli import asl as cli
from ordnance.cli.lazy import LazyGroup, Sub, typer_command

ENTRIES = [
    *((("asl", name), sub) for name, sub in cli.app.subs.items()),
    *((("asl", "odds", name), sub) for name, sub in cli.odds_app.subs.items()),
    *((("asl", "vasl", name), sub) for name, sub in cli.vasl_app.subs.items()),
]


def test_the_registry_keeps_every_command_name() -> None:
    """Names as they were before the split (README and docs use them)."""
    assert list(cli.app.subs) == [
        "notation",
        "supply",
        "heat",
        "he-equivalency",
        "scw-heat",
        "canister",
        "counters",
        "shot",
        "game",
        "odds",
        "vasl",
    ]
    assert list(cli.odds_app.subs) == ["depletion", "shot", "gun", "gun-compare"]
    assert list(cli.vasl_app.subs) == ["read", "label"]


@pytest.mark.parametrize(("path", "sub"), ENTRIES, ids=[" ".join(p) for p, _s in ENTRIES])
def test_each_help_line_is_the_first_line_of_the_commands_own_help(
    path: tuple[str, ...], sub: Sub
) -> None:
    module, _sep, attr = sub.target.partition(":")
    target = getattr(__import__(module, fromlist=[attr]), attr)
    if isinstance(target, LazyGroup):
        assert sub.help == target.help
        return
    command = typer_command(target, path[-1])
    first = (command.help or "").strip().splitlines()[0]
    assert sub.help == first


def test_the_odds_group_is_the_same_object_as_the_one_the_package_names() -> None:
    """``ordnance asl odds`` and ``ordnance odds asl`` serve the same commands."""
    import ordnance.asl as package

    assert package.ODDS_CLI == "ordnance.cli.asl:odds_app"
    assert cli.app.subs["odds"].target == package.ODDS_CLI
