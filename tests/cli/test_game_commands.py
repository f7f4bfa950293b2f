"""Game actions on the command line are derived from the game's ``legal()`` forms.

One implementation (``ordnance.cli.game_commands``) serves every game: a form
field is an option with its title as help, an ``enum`` lists the choices (as
completions), ``--as`` names the seat, and dice options appear only on an
action whose form says it rolls (``x-dice``). A fourth game brings no CLI
code. Refusals keep the game's clause (one line, exit 2).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import typer

from ordnance.cli.game_commands.groups import default_app
from ordnance.cli.game_commands.resolve import derived_command
from ordnance.cli.lazy import Command
from ordnance.cli.main import main, run_command
from ordnance.core import registry
from ordnance.core.commands import Alias
from ordnance.core.forms import choices, rolls
from ordnance.core.journal import GameSession, open_journal
from ordnance.core.registry import GamePlugin
from ordnance.core.scope import expecting
from tests.core.toy_game import SEATS, ToyGame, ToyState


class CupGame(ToyGame):
    """The toy game with forms: ``roll`` rolls a d6, ``hide`` keeps a secret number."""

    name = "cup"
    title = "Dice cup"

    def legal(self, state: ToyState, seat: str | None) -> list[dict[str, Any]]:
        sides = [(s, f"{s} player") for s in SEATS if seat is None or s == seat]
        side = {"type": "string", "title": "Side"}
        roll = {"properties": {"side": side}, "required": ["side"]}
        hide = {
            "properties": {"side": side, "value": {"type": "integer", "title": "Secret number"}},
            "required": ["side", "value"],
        }
        return [
            {
                "type": "roll",
                "title": "Roll the cup",
                "schema": rolls(choices(roll, "side", sides), True),
            },
            {
                "type": "hide",
                "title": "Hide a number",
                "schema": rolls(choices(hide, "side", sides), False),
            },
        ]


@pytest.fixture(scope="module", autouse=True)
def _cup_registered() -> Iterator[None]:
    """The dice cup is registered for this module only: later tests see the shipped games."""
    registry.register(GamePlugin(CupGame()))
    yield
    with registry._LOCK:
        registry._REGISTRY.pop("cup", None)


def cup(args: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    """Run ``<cup's derived CLI> ARGS --json``: (exit status, the JSON printed)."""
    command = typer.main.get_command(default_app("cup"))
    code = 0
    with expecting("cup"):
        try:
            run_command(command, [*args, "--json"])
        except SystemExit as exc:
            code = int(exc.code or 0)
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1]) if out else None


def ordnance(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    """Run ``ordnance ARGS --json``: (exit status, the last JSON line printed)."""
    code = 0
    try:
        main([*args, "--json"])
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1]) if out else None


def options(cmd: Command) -> dict[str, Any]:
    return {name: p for p in cmd.params for name in getattr(p, "opts", [])}


def test_fourth_game_plays_through_derived_commands(tmp_path: Path, capsys: Any) -> None:
    """A game with no CLI module: new, an action with entered dice, one with a field."""
    db = str(tmp_path / "cup.db")
    assert cup(["game", "new", "--id", "g", "--db", db], capsys)[0] == 0
    code, row = cup(["game", "roll", "g", "--side", "blue", "--dice", "4", "--db", db], capsys)
    assert code == 0 and row["dice"] == [4]
    code, _row = cup(
        ["game", "hide", "g", "--side", "red", "--value", "5", "--as", "red", "--db", db], capsys
    )
    assert code == 0
    state = GameSession(open_journal(db), "g").state()
    assert state.totals == (0, 4) and state.secrets == (5, 0)


def test_fields_become_options_with_titles_and_choices(tmp_path: Path) -> None:
    """A field's title is its help, the enum's labels are listed, and only a rolling action takes dice."""
    roll = derived_command("cup", "roll", {})
    hide = derived_command("cup", "hide", {})
    assert roll is not None and hide is not None
    side = options(roll)["--side"]
    assert side.help.startswith("Side") and "red player; blue player" in side.help
    assert "(required)" in side.help
    assert "Secret number" in options(hide)["--value"].help
    assert {"--dice", "--dr", "--seed"} <= set(options(roll))
    assert not {"--dice", "--dr", "--seed"} & set(options(hide))
    assert {"--as", "--db", "--json", "--version"} <= set(options(hide))


def test_choices_come_from_the_named_game_and_seat(tmp_path: Path, capsys: Any) -> None:
    """``--unit`` offers the acting nation's units of that game (its completions)."""
    db = str(tmp_path / "toi.db")
    assert ordnance(capsys, "toi", "game", "new", "--id", "t", "--db", db)[0] == 0
    with expecting("toi"):
        cmd = derived_command("toi", "move", {}, ["t", "--db", db, "--as", "german"])
    assert cmd is not None
    unit = options(cmd)["--unit"]
    ctx = typer.Context(cmd)
    offered = [c.value for c in unit.shell_complete(ctx, "")]
    assert offered and all(u.startswith("g-") for u in offered)
    assert [c.value for c in unit.shell_complete(ctx, "g-pan")] == ["g-panther-1"]


def test_a_value_off_the_list_reaches_the_game_and_its_clause(tmp_path: Path, capsys: Any) -> None:
    """WAW-HE-a: Hit Number 7 is refused by the game (clause named), not by the option parser."""
    db = str(tmp_path / "waw.db")
    assert ordnance(capsys, "waw", "game", "new", "--id", "w", "--db", db)[0] == 0
    args = ["waw", "game", "he-fire", "w", "--side", "us", "--target", "3,3"]
    code, refusal = ordnance(capsys, *args, "--firepower", "4", "--hit-number", "7", "--db", db)
    assert code == 2 and refusal["clause"] == "WAW-HE-a"
    assert GameSession(open_journal(db), "w").version == 0


def test_an_alias_takes_positional_fields_and_is_hidden(tmp_path: Path, capsys: Any) -> None:
    """``ordnance waw place GAME ID KIND`` is the derived ``place-unit``, not listed in help."""
    db = str(tmp_path / "alias.db")
    assert ordnance(capsys, "waw", "new", "--id", "a", "--db", db)[0] == 0
    place = ["waw", "place", "a", "t1", "T-72", "--side", "soviet", "--hex", "4,1"]
    assert ordnance(capsys, *place, "--db", db)[0] == 0
    state = GameSession(open_journal(db), "a").state()
    assert state.units["t1"].hex is not None
    alias = derived_command(
        "waw", "place", {"place": Alias("place_unit", arguments=("id", "kind"))}
    )
    assert alias is not None and alias.hidden
    assert derived_command("waw", "place-unit", {}) is not None


def test_asl_dice_refusal_names_the_dice_rule(tmp_path: Path, capsys: Any) -> None:
    """ASL-B2: entered dice that are no DR are refused with the game's dice clause (not the CLI's)."""
    db = str(tmp_path / "asl.db")
    assert ordnance(capsys, "asl", "game", "new", "--id", "k", "--db", db)[0] == 0
    add = ["asl", "game", "add-gun", "k", "--id", "t34", "--side", "russian", "--notation", "A5"]
    assert ordnance(capsys, *add, "--db", db)[0] == 0
    assert ordnance(capsys, "asl", "game", "phase", "k", "PFPh", "--db", db)[0] == 0
    fire = ["asl", "game", "fire", "k", "--gun", "t34", "--dr", "7,1", "--db", db]
    code, refusal = ordnance(capsys, *fire)
    assert code == 2 and refusal["clause"] == "ASL-B2"


def test_every_game_lists_the_same_shared_commands() -> None:
    """One shape for every game: new, view, log, undo, legal, act and each action."""
    from ordnance.cli.game_commands.groups import GameActions, game_group

    for name in ("asl", "toi", "waw", "cup"):
        group: GameActions = game_group(name)(name="game")
        listed = group.list_commands(typer.Context(group))
        assert {"new", "view", "log", "undo", "legal", "act"} <= set(listed), name
        kinds = registry.get(name).game.action_kinds()
        assert {k.replace("_", "-") for k in kinds} <= set(listed), name


@pytest.mark.parametrize("command", ["view", "legal", "log", "undo"])
def test_the_generic_and_the_games_commands_are_one_set(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """``ordnance game X`` and ``ordnance toi game X`` are one command: they print alike."""
    outputs = []
    for prefix in (["game"], ["toi", "game"]):
        db = str(tmp_path / f"{'-'.join(prefix)}.db")
        for args in (
            ["toi", "game", "new", "--id", "g", "--db", db],
            ["toi", "game", "advance", "g", "--to", "munitions", "--db", db],
        ):
            with pytest.raises(SystemExit) as done:
                main(args)
            assert done.value.code in (0, None)
        capsys.readouterr()
        with pytest.raises(SystemExit) as done:
            main([*prefix, command, "g", "--as", "german", "--db", db])
        assert done.value.code in (0, None), capsys.readouterr()
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] and outputs[0].strip()


def test_los_takes_the_hexes_the_map_prints(tmp_path: Path, capsys: Any) -> None:
    """``game los`` reads ASL's ``C4`` and WaW's ``0503`` as it reads axial ``q,r`` (ASL-BOARD-1)."""
    for game, printed, axial in (("asl", ("C4", "G4"), ("2,2", "6,0")),
                                 ("waw", ("0503", "0101"), ("4,0", "0,0"))):  # fmt: skip
        db = str(tmp_path / f"{game}.db")
        assert ordnance(capsys, game, "game", "new", "--id", "g", "--db", db)[0] == 0
        by_print = ordnance(capsys, game, "game", "los", "g", *printed, "--db", db)
        by_id = ordnance(capsys, game, "game", "los", "g", *axial, "--db", db)
        assert by_print[0] == 0 and by_print[1]["hexes"] == by_id[1]["hexes"], (by_print, by_id)
    code, refusal = ordnance(
        capsys, "asl", "game", "los", "g", "C11", "C4", "--db", str(tmp_path / "asl.db")
    )
    assert code == 2 and refusal["clause"] == "ASL-BOARD-1"
