"""What the CLI prints for a player: counters by name and hexes by printed number.

Each game is played for a few actions through ``ordnance`` itself (results,
``game log``, ``game view``); no printed line may hold an axial ``q,r`` pair or
a counter's id, except where a counter comes into play (its id is then written
beside its name: the handle the player types later). Dice are printed as typed
(``[dice 4,6,2]`` after an entry number, the journal's dice column) or as lists
(``[4, 6, 2]``); those are cut out before the search, nothing else is.
"""

from __future__ import annotations

import re

import pytest

from ordnance.cli import main as cli_main

#: A ``q,r`` pair as text (the same pattern as tests/core/test_printed_hexes.py).
AXIAL = re.compile(r"(?<![\d/.])-?\d+,-?\d+(?![\d/.])")
#: Dice as the CLI prints them: ``[dice 4,6,2]`` after an entry number, and in the
#: journal table's dice column (a cell of digits and commas only).
DICE = re.compile(r"\[dice [\d, ]+\]|│ [\d,]+ +│")


@pytest.fixture
def ordnance(tmp_path: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    monkeypatch.chdir(str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")
    # a fresh journal here, whatever an earlier test left in the environment
    monkeypatch.setenv("ORDNANCE_DB", str(tmp_path) + "/ordnance.db")

    def run(*argv: str) -> str:
        try:
            cli_main.main(list(argv))
        except SystemExit as exc:
            assert not exc.code, capsys.readouterr()
        return capsys.readouterr().out

    return run


def problems(out: str, ids: tuple[str, ...], introduced: tuple[str, ...] = ()) -> list[str]:
    """Lines of ``out`` that show an axial pair or a counter id (outside dice)."""
    found = []
    id_word = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    for line in out.splitlines():
        text = DICE.sub(" ", line)
        named_by_id = id_word.search(text) and not any(word in text for word in introduced)
        if AXIAL.search(text) or named_by_id:
            found.append(line)
    return found


def test_toi_results_log_and_view_name_units_and_printed_hexes(ordnance) -> None:
    """TOI-GEN-4/-7, TOI-SMK-4: bought tokens, a move, an attack and a Smoke round."""
    outs = [
        ordnance("toi", "game", "new", "--id", "demo"),
        ordnance("toi", "game", "advance", "demo", "--to", "munitions"),
        ordnance("toi", "game", "buy", "demo", "--unit", "g-pziv-1", "--type", "AP-C", "--as", "german"),
        ordnance("toi", "game", "buy", "demo", "--unit", "g-panther-1", "--type", "Smoke", "--as", "german"),
        ordnance("toi", "game", "buy", "demo", "--unit", "s-zis3-1", "--type", "HE", "--as", "soviet"),
        ordnance("toi", "game", "advance", "demo", "--to", "action"),
        ordnance("toi", "game", "move", "demo", "--unit", "g-pziv-1", "--to", "0603", "--as", "german"),
        ordnance("toi", "game", "attack", "demo", "--unit", "s-zis3-1", "--target", "g-pak40-1", "--dice", "4,4,2", "--as", "soviet"),
        ordnance("toi", "game", "attack", "demo", "--unit", "g-panther-1", "--hex", "0504", "--dice", "5,1,1,1,1,1 2,2", "--as", "german"),
        ordnance("toi", "game", "log", "demo", "--as", "german"),
    ]  # fmt: skip
    text = "\n".join(outs)
    assert "Panzer IV moves 0306 -> 0603" in text
    assert "ZiS-3 (AT gun) attacks PaK 40 (AT gun)" in text
    assert "Panther fires Smoke at 0504" in text
    ids = ("g-pziv-1", "g-panther-1", "g-pak40-1", "s-zis3-1")
    assert problems(text, ids) == []
    # the view's unit table lists ids in its own column (what --unit takes), hexes printed
    view = ordnance("toi", "game", "view", "demo", "--as", "soviet")
    assert "0603" in view and not [line for line in view.splitlines() if AXIAL.search(line)]


def test_waw_results_and_log_name_units_and_printed_hexes(ordnance) -> None:
    """WAW-HE-a..k: an HE Fire mission on a stack, then Smoke, as the README plays them."""
    outs = [
        ordnance("waw", "new", "--id", "strike"),
        ordnance("waw", "terrain", "strike", "woods", "0504"),
        ordnance("waw", "place", "strike", "t72", "T-72", "--side", "soviet", "--hex", "0504"),
        ordnance("waw", "place", "strike", "mr", "Motor Rifle Infantry", "--side", "soviet", "--hex", "0504"),
        ordnance("waw", "place", "strike", "hq", "Soviet HQ", "--side", "soviet", "--hex", "0504"),
        ordnance("waw", "place", "strike", "itv", "M901 ITV", "--side", "us", "--hex", "0104"),
        ordnance("waw", "he", "strike", "--side", "us", "--target", "4,1", "--fp", "6", "--hit-number", "4", "--dice", "6 5 4 4 2 1 3 5"),
        ordnance("waw", "smoke", "strike", "--side", "us", "--target", "0303"),
        ordnance("waw", "log", "strike"),
    ]  # fmt: skip
    text = "\n".join(outs)
    assert "soviet: T-72 t72 placed in 0504" in text  # the id introduced beside the name
    assert "HE Fire 6 dice at 4+ on 0504" in text
    assert "T-72 good order -> disrupted" in text
    assert problems(text, ("t72", "mr", "hq", "itv"), introduced=("placed in",)) == []


def test_asl_results_and_log_name_guns_and_printed_hexes(ordnance) -> None:
    """ASL-8.9-c: a special-ammunition shot and its record, a Gun set up at a printed hex."""
    outs = [
        ordnance("asl", "game", "new", "--id", "kursk", "--date", "1944-06", "--theatre", "ETO", "--side", "russian", "--side", "german"),
        ordnance("asl", "game", "add-gun", "kursk", "--id", "t34", "--side", "russian", "--name", "T-34/85", "--notation", "A5^4^/6^5", "--rof", "1", "--hex", "C4"),
        ordnance("asl", "game", "phase", "kursk", "PFPh"),
        ordnance("asl", "game", "fire", "kursk", "--gun", "t34", "--ammo", "APCR", "--dr", "1,2"),
        ordnance("asl", "game", "log", "kursk"),
    ]  # fmt: skip
    text = "\n".join(outs)
    assert "russian added t34 (T-34/85)" in text
    assert "T-34/85 shot #1: APCR" in text
    assert problems(text, ("t34",), introduced=("added t34",)) == []
