"""Real VASL saves read in pure Python: the counters found, their nationalities and readings; bad files.

The saves are vasl-templates' own test fixtures (``tests/data/vasl/README.md``:
repository, revision, paths, AGPL-3.0). Its tests state which vehicles and
ordnance each save holds (``test_vassal.py``: ``test_analyze_vsav``...), by its
own ids; the piece ids below are those ids translated through its data files
(``data/vehicles|ordnance/*.json``, ``gpid``), noted beside each set.
Readings cite ASL-8.91-a (the number in force by year) and ASL-8.2-e (the
counter's values are the Gun's).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from ordnance.asl.vasl import reader
from ordnance.asl.vasl.pieces import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    MAP_EDGE,
    BoardLayout,
    SaveReading,
    hex_name,
    hex_pixel,
    read_save,
)
from ordnance.asl.vasl.reader import (
    ESC,
    VaslFileError,
    decode_saved_game,
    encode_saved_game,
    join,
    open_save,
    split_command,
)
from tests.asl.test_cli import run, run_json

DATA = Path(__file__).resolve().parents[1] / "data" / "vasl"


def _bytes(name: str) -> bytes:
    return (DATA / name).read_bytes()


def _read(name: str, date: str | None = None) -> SaveReading:
    return read_save(_bytes(name), name, date=date)


def _gpids(reading: SaveReading, nationality: str, kind: str) -> set[str]:
    return {p.gpid for p in reading.known if p.nationality == nationality and p.kind == kind}


def _by_gpid(reading: SaveReading, gpid: str) -> dict[str, tuple[bool, int | None]]:
    piece = next(p for p in reading.known if p.gpid == gpid)
    return {r.ammo.value: (r.available, r.depletion) for r in piece.readings}


# -- what vasl-templates' tests state ------------------------------------------------
def test_basic_save_holds_the_german_and_russian_vehicles_and_ordnance() -> None:
    """test_analyze_vsav, basic.vsav: ge/v:033, ge/v:066; ge/o:029; ru/v:064; ru/o:002, ru/o:006."""
    r = _read("basic.vsav", "1944-06")
    assert r.module_version == "6.4.4" and r.boards == () and not r.unknown
    assert _gpids(r, "german", "vehicle") == {"2598", "2676"}  # PzKpfw VIE, SPW 250/sMG
    assert _gpids(r, "german", "ordnance") == {"2521"}  # 8.8cm FlaK 18 o. 36
    assert _gpids(r, "russian", "vehicle") == {"687"}  # Komsomolet
    assert _gpids(r, "russian", "ordnance") == {"508", "514"}  # 82mm BM obr. 37, 37mm PTP obr. 30
    # every piece, not only every kind: two Komsomolets and two FlaK 18 are on the map
    assert sorted(p.gpid for p in r.known) == sorted(
        ["687", "514", "508", "687", "2598", "2521", "2676", "2521"]
    )
    # the squads, leaders, MMG, ATR, foxholes, wire and mines are no vehicle or Gun
    assert {p.name for p in r.known} >= {"PzKw VIE", "88L AA FlaK 18 o. 36"}
    assert all(p.name not in ("ATR", "MMG", "Foxhole", "8-3-8 Esq") for p in r.pieces)


def test_basic_save_reads_each_counter_at_the_date() -> None:
    """ASL-8.91-a: A6^2^/5^3^/4^4^ is 4 in 1944; A5^2^/4^3^/3^4^ is 3; s8 stays 8 (ASL-8.2-e)."""
    r = _read("basic.vsav", "1944-06")
    assert r.date == "1944-06" and r.date_source == "given"
    assert _by_gpid(r, "2598") == {"sD": (True, None), "APCR": (True, 4)}
    assert _by_gpid(r, "2521") == {"APCR": (True, 3)}
    assert _by_gpid(r, "508") == {"SMOKE": (True, 8), "IR": (True, None)}
    vie = next(p for p in r.known if p.gpid == "2598")
    assert vie.notation == "sD7 A6^2^/5^3^/4^4^" and vie.in_database
    assert next(p for p in r.known if p.gpid == "2521").gun_size == "88L"
    # in 1942 the same counter reads 6 (ASL-8.91-a)
    assert _by_gpid(_read("basic.vsav", "1942-03"), "2598")["APCR"] == (True, 6)


def test_common_vehicles_and_ordnance_of_the_minor_nations() -> None:
    """test_analyze_vsav, common-vo.vsav: be/v:000 alc/v:011 be/o:001 alc/o:012 (Belgian player),
    ro/v:000 axc/v:027 ro/o:003 axc/o:002 (Romanian player). The save's palettes are Allied
    Minor and Axis Minor; the other minor-nation counters on the map belong to them too."""
    r = _read("common-vo.vsav")
    allied_v, allied_o = _gpids(r, "allied-minor", "vehicle"), _gpids(r, "allied-minor", "ordnance")
    axis_v, axis_o = _gpids(r, "axis-minor", "vehicle"), _gpids(r, "axis-minor", "ordnance")
    assert {"2292", "2253"} <= allied_v and {"2211", "2206"} <= allied_o
    assert {"3861", "3813"} <= axis_v and {"3742", "3709"} <= axis_o
    assert allied_v | allied_o == {"2253", "2211", "2222", "2206", "2292", "2314"}
    assert axis_v | axis_o == {"3879", "3742", "3813", "3861", "3761", "3709"}
    assert r.date is None and r.note is not None and "--date" in r.note


def test_extension_counters_are_read_from_the_save_itself() -> None:
    """test_analyze_vsav, extensions-bfp.vsav: am/v:906, am/o:900, ja/v:902, ja/o:902."""
    r = _read("extensions-bfp.vsav", "1944-06")
    assert _gpids(r, "american", "vehicle") == {"adf:152"}  # M3A1F
    assert _gpids(r, "american", "ordnance") == {"adf:34"}  # 20mm Oerlikon Mk4
    assert _gpids(r, "japanese", "vehicle") == {"adf:282"}  # NC-27M Otsu(f)
    assert _gpids(r, "japanese", "ordnance") == {"adf:276"}  # Type 91 twin AA
    m3 = next(p for p in r.known if p.gpid == "adf:152")
    assert not m3.in_database and m3.notation == "C7"  # read from the save's information string
    assert _by_gpid(r, "adf:152") == {"Canister": (True, 7)}


def test_vasl_6_5_piece_ids() -> None:
    """test_reverse_remapped_gpids: am/v:044, am/o:002, am/o:021; cr/v:002, cr/v:003, cr/o:000.

    VASL 6.5 renumbered these pieces (vasl-templates maps them back); the save's own
    numbers are read here: the M8 (11340), the 81mm mortar (12483) and the M51 (3b5:3741)."""
    r = _read("reverse-remapped-gpids-650.vsav", "1944-06")
    assert _gpids(r, "american", "vehicle") == {"11340"}
    assert _gpids(r, "american", "ordnance") == {"12483", "3b5:3741"}
    assert _gpids(r, "axis-minor", "vehicle") == {"11504", "11506"}  # L6/40(i), wz. 34-I
    assert _gpids(r, "axis-minor", "ordnance") == {"11503"}  # Cannone da 65/17
    assert _by_gpid(r, "11340") == {"sP": (True, None), "Canister": (True, 7)}
    assert _by_gpid(r, "12483") == {"WP": (True, 8)}


def test_the_four_60mm_mortars_keep_their_own_nationalities() -> None:
    """test_vo_entry_selection_for_theater: four American imports (vasl-templates notes that the
    ROK and other-UN variants are imported for the American player only because its data
    files share them). The save names each one's nation: two American, one South Korean,
    one other UN."""
    r = _read("vo-entry-selection-for-theater.vsav", "1944-06")
    assert {p.gpid: p.nationality for p in r.known} == {
        "849": "american",
        "12689": "american",
        "11391": "south-korean",
        "11440": "other-unc",
    }
    # IR WP7^5: the WP comes in 1945 (ASL-8.91-a)
    assert _by_gpid(r, "849") == {"IR": (True, None), "WP": (False, None)}
    assert _by_gpid(_read("vo-entry-selection-for-theater.vsav", "1945-03"), "849")["WP"] == (
        True,
        7,
    )


def test_hidden_and_concealed_pieces_are_their_owners_secret() -> None:
    """test_analyze_vsav_hip_concealed: nothing imported (the units are hidden from others)."""
    r = _read("hip-concealed.vsav")
    assert r.known == () and r.unknown == ()
    assert r.hidden == 3  # the concealed PzKw VIE, the HIP SU-152 and the '?' counter


def test_the_save_states_its_date_and_boards() -> None:
    """Hill 621: boards 2, 4, 3 in a column; the scenario label's 29th June 1944."""
    r = _read("hill621-pieces.vsav")
    assert r.boards == ("02", "04", "03") and r.scenario == "Hill 621"
    assert r.stated_date == "1944-06" and r.date == "1944-06" and r.date_source == "save"
    # T-34 M43 A4^2^/5^3^/6^4^/7^5 is 6 in 1944; PaK 40 A5^2^/4^3^/3^4^ is 3 (ASL-8.91-a)
    assert _by_gpid(r, "597")["APCR"] == (True, 6)
    assert _by_gpid(r, "2498") == {"SMOKE": (True, 7), "APCR": (True, 3)}
    assert len(r.known) == 30 and len(r.guns()) == 19
    # every vehicle waits in the map's margin, off the boards
    assert {p.placement.why_not for p in r.known} == {"off the boards (in the map's margin)"}


def test_a_piece_on_a_board_has_its_printed_hex() -> None:
    """full.vsav: board 00; the Churchill Crocodile at pixel (681, 528) is 0F2."""
    r = _read("full.vsav")
    assert r.boards == ("00",)
    hexes = {p.name: p.placement.label for p in r.known}
    assert hexes == {"Churchill Crocodile": "0F2", '81* MTR OML 3.2"': "0E2"}
    assert r.stated_date == "2001-02" and r.date is None  # outside the war: noted, not read
    assert r.note is not None and "2001-02" in r.note


# -- the geometry (VASL's ASLHexGrid) ------------------------------------------------------
def test_every_hex_centre_reads_back_its_own_name() -> None:
    labels = [
        chr(ord("A") + c % 26) * (c // 26 + 1) + str(r)
        for c in range(33)
        for r in (range(1, 11) if c % 2 == 0 else range(0, 11))
    ]
    assert len(labels) == 17 * 10 + 16 * 11
    for label in labels:
        x, y = hex_pixel(label)
        assert hex_name(x, y) == label
        assert hex_name(x + 20, y - 20) == label  # anywhere well inside the hex


def test_a_reversed_board_reads_from_its_far_corner_and_boards_stack() -> None:
    layout = BoardLayout.parse("bd\t0\t0\tr05\tVER\t6.3\tbd\t1\t0\t02\tVER\t6.4\t")
    top_left = layout.place("Main Map", MAP_EDGE + 1, MAP_EDGE + 33)
    assert (top_left.board, top_left.hex, top_left.reversed) == ("5", "GG10", True)
    x, y = hex_pixel("C5")
    right = layout.place("Main Map", int(MAP_EDGE + BOARD_WIDTH + x), int(MAP_EDGE + y))
    assert right.label == "2C5" and not right.reversed
    below = layout.place("Main Map", MAP_EDGE + 100, MAP_EDGE + BOARD_HEIGHT + 100)
    assert below.why_not == "off the boards (in the map's margin)"
    cropped = BoardLayout.parse("bd\t0\t0\t02\t0\t0\t900\t645\tVER\t6.4\t")
    assert "cropped" in (cropped.place("Main Map", 500, 500).why_not or "")


# -- bad files: one line, exit 2, nothing read ---------------------------------------------
def _zip(entries: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in entries.items():
            z.writestr(name, body)
    return out.getvalue()


def _entries(name: str) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(_bytes(name))) as z:
        return {n: z.read(n) for n in z.namelist()}


def _with_commands(name: str, change: object) -> bytes:
    entries = _entries(name)
    game = entries["savedGame"]
    commands = split_command(decode_saved_game(game))
    assert callable(change)
    entries["savedGame"] = encode_saved_game(join(change(commands), ESC), int(game[5:7], 16))
    return _zip(entries)


def _refusal(data: bytes) -> str:
    with pytest.raises(VaslFileError) as err:
        open_save(data, "x.vsav")
    assert err.value.clause == "ASL-VASL-1"
    return err.value.message


def test_a_file_that_is_no_vassal_save() -> None:
    assert "not a zip archive" in _refusal(b"format: ordnance-scenario\n")
    assert "no savedGame entry" in _refusal(_zip({"moduledata": b"<data/>"}))


def test_a_save_of_another_module() -> None:
    entries = _entries("basic.vsav")
    entries["moduledata"] = entries["moduledata"].replace(
        b"<name>VASL</name>", b"<name>PanzerBlitz</name>"
    )
    assert "a save of 'PanzerBlitz', not of VASL" in _refusal(_zip(entries))


def test_a_truncated_archive() -> None:
    data = _bytes("basic.vsav")
    assert "damaged" in _refusal(data[: len(data) // 2])
    entries = _entries("basic.vsav")
    game = entries["savedGame"]
    entries["savedGame"] = game[: len(game) // 2]  # an even cut: the text stops mid-game
    assert "incomplete" in _refusal(_zip(entries)) or "does not decode" in _refusal(_zip(entries))
    entries["savedGame"] = game[:-1]
    assert "odd number of hexadecimal digits" in _refusal(_zip(entries))


def test_a_tampered_archive() -> None:
    data = bytearray(_bytes("basic.vsav"))
    at = data.index(b"savedGame") + 200  # inside the compressed savedGame stream
    data[at] ^= 0xFF
    assert "damaged" in _refusal(bytes(data))
    entries = _entries("basic.vsav")
    game = entries["savedGame"]
    entries["savedGame"] = game[:100] + b"zz" + game[102:]
    assert "no hexadecimal digit at position 100" in _refusal(_zip(entries))
    entries["savedGame"] = game[:5] + b"00" + game[7:]  # the wrong key
    message = _refusal(_zip(entries))
    assert "does not decode" in message or "incomplete" in message
    entries["savedGame"] = b"PLAIN" + game[5:]
    assert "no !VCSK header" in _refusal(_zip(entries))


def test_sizes_are_bounded_before_decompressing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A zip bomb: the savedGame entry's size is refused, whatever the archive claims."""
    monkeypatch.setattr(reader, "MAX_GAME_BYTES", 50_000)  # basic.vsav's entry is 97,175
    assert "more than 50000" in _refusal(_bytes("basic.vsav"))
    monkeypatch.setattr(reader, "MAX_FILE_BYTES", 1_000)
    assert "more than 1000" in _refusal(_bytes("basic.vsav"))


def test_a_bomb_entry_is_refused_without_inflating_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "MAX_GAME_BYTES", 4_000_000)
    bomb = _zip({"savedGame": b"!VCSKd8" + b"0" * 4_000_002, "moduledata": b""})
    assert len(bomb) < 20_000  # a thousand times smaller than what it would inflate to
    assert "would decompress to" in _refusal(bomb)


def test_the_round_trip_of_the_encoding_on_a_real_save() -> None:
    game = _entries("basic.vsav")["savedGame"]
    text = decode_saved_game(game)
    assert text.startswith("begin_save") and text.endswith("end_save")
    assert encode_saved_game(text, int(game[5:7], 16)) == game


# -- the command ---------------------------------------------------------------------------
def test_read_lists_the_pieces_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(
        capsys, "asl", "vasl", "read", str(DATA / "basic.vsav"), "--date", "1944-06"
    )
    assert code == 0
    pieces = data["reading"]["pieces"]
    vie = next(p for p in pieces if p["gpid"] == "2598")
    assert vie["nationality"] == "german" and vie["kind"] == "vehicle"
    assert {r["ammo"]: r["depletion"] for r in vie["reading"]} == {"sD": None, "APCR": 4}


def test_unknown_pieces_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    """ffs.vsav: two Fight for Seoul counters (vasl-templates too imports none without the
    extension, test_ffs_extensions)."""
    code, _out, err = run(capsys, "asl", "vasl", "read", str(DATA / "ffs.vsav"))
    assert code == 2
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and "2 unknown piece(s)" in lines[0]
    assert "08d:75 RCL 75*" in lines[0] and "08d:15 POA CWS H5" in lines[0]
    code, data = run_json(capsys, "asl", "vasl", "read", str(DATA / "ffs.vsav"))
    assert code == 2 and data["clause"] == "ASL-VASL-1"
    assert [p["gpid"] for p in data["reading"]["unknown"]] == ["08d:75", "08d:15"]


def test_the_known_pieces_are_listed_beside_an_unknown_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """basic.vsav with the Fight for Seoul flame tank added: 8 read, 1 named, exit 2."""
    ffs = split_command(decode_saved_game(_entries("ffs.vsav")["savedGame"]))
    flame = next(c for c in ffs if "POA CWS H5" in c and c.startswith("+/"))
    mixed = tmp_path / "mixed.vsav"
    mixed.write_bytes(_with_commands("basic.vsav", lambda cs: [*cs[:-1], flame, cs[-1]]))
    code, data = run_json(capsys, "asl", "vasl", "read", str(mixed), "--date", "1944-06")
    assert code == 2 and "1 unknown piece(s): 08d:15 POA CWS H5" in data["message"]
    assert len(data["reading"]["pieces"]) == 8
    code, out, err = run(capsys, "asl", "vasl", "read", str(mixed), "--date", "1944-06")
    assert code == 2 and "PzKw VIE" in out and "1 unknown piece(s)" in err


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: p.write_text("not a save"), "not a zip archive"),
        (lambda p: p.write_bytes(_bytes("basic.vsav")[:3000]), "damaged"),
    ],
)
def test_bad_files_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: object, words: str
) -> None:
    path = tmp_path / "bad.vsav"
    assert callable(make)
    make(path)
    code, _out, err = run(capsys, "asl", "vasl", "read", str(path))
    assert code == 2 and words in err and "Traceback" not in err
    assert len([line for line in err.splitlines() if line.strip()]) == 1
    code, _out, err = run(capsys, "asl", "vasl", "read", str(tmp_path / "missing.vsav"))
    assert code == 2 and "cannot read" in err


@pytest.mark.parametrize("name", ["basic.vsav", "hill621-pieces.vsav", "full.vsav"])
def test_mutated_saves_are_read_or_refused_never_a_crash(name: str) -> None:
    """Seeded mutations of real saves, at three layers (file, hex text, decoded commands):
    each one is read or refused as a VaslFileError/OrdnanceError, never another exception."""
    import random

    from ordnance.core.errors import OrdnanceError

    rng = random.Random(name)
    data = _bytes(name)
    entries = _entries(name)
    game = entries["savedGame"]
    commands = split_command(decode_saved_game(game))
    outcomes = {"read": 0, "refused": 0}
    for i in range(36):
        layer = i % 3
        if layer == 0:  # bytes of the file
            raw = bytearray(data)
            for _ in range(rng.randint(1, 4)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            candidate = bytes(raw)
        elif layer == 1:  # hex digits of savedGame
            text = bytearray(game)
            for _ in range(rng.randint(1, 4)):
                text[rng.randrange(7, len(text))] = rng.choice(b"0123456789abcdef")
            candidate = _zip({**entries, "savedGame": bytes(text)})
        else:  # characters of one decoded command
            cs = list(commands)
            j = rng.randrange(1, len(cs) - 1)
            chars = list(cs[j])
            for _ in range(rng.randint(1, 6)):
                if chars:
                    chars[rng.randrange(len(chars))] = rng.choice(";\t/\\,0aZ-")
            cs[j] = "".join(chars)
            candidate = _zip({**entries, "savedGame": encode_saved_game(join(cs, ESC))})
        try:
            read_save(candidate, "m.vsav", date="1944-06")
            outcomes["read"] += 1
        except OrdnanceError:
            outcomes["refused"] += 1
    assert outcomes["read"] + outcomes["refused"] == 36
    assert outcomes["read"] > 0 and outcomes["refused"] > 0


def test_the_one_pass_reading_of_the_nesting_equals_the_level_by_level_one() -> None:
    """Every piece type and state of every test save: layers() == layers_by_level()."""
    from ordnance.asl.vasl.reader import layers, layers_by_level

    seen = 0
    for path in sorted(DATA.glob("*.vsav")):
        for piece in open_save(path.read_bytes()).pieces():
            for value in (piece.type, piece.state):
                assert layers(value) == layers_by_level(value)
                seen += 1
    assert seen > 400
    quoted = "mark;X\t'piece;;;img;name\\'"  # a quoted part (it ends with a backslash)
    assert layers(quoted) == layers_by_level(quoted) == ["mark;X", "piece;;;img;name\\"]


def test_the_save_and_the_counter_database_agree_on_every_counter_both_know() -> None:
    """Two sources of one fact: the information string in the save (VASL 6.4 to 6.6) and the
    database built from the module's buildFile (6.5 beta 3). ASL-8.2-e: the notation is the
    counter's own, so both must print the same for the same piece id."""
    from ordnance.asl.rules.counters import all_counters

    by_gpid = {c.gpid: c for c in all_counters()}
    both = 0
    for path in sorted(DATA.glob("*.vsav")):
        for piece in read_save(path.read_bytes(), path.name).known:
            if piece.in_database:
                counter = by_gpid[piece.gpid]
                assert (piece.name, piece.notation) == (counter.name, counter.notation)
                assert piece.nationality == counter.nationality
                both += 1
    assert both >= 30


def test_a_vasl_6_4_save_names_its_main_map_map0() -> None:
    """The same pieces on board 00 read the same hexes on 'Map0' (VASL 6.4) as on 'Main Map'."""
    as_64 = _with_commands("full.vsav", lambda cs: [c.replace("Main Map;", "Map0;") for c in cs])
    reading = read_save(as_64, "full-64.vsav")
    assert {p.name: p.placement.label for p in reading.known} == {
        "Churchill Crocodile": "0F2",
        '81* MTR OML 3.2"': "0E2",
    }
    elsewhere = _with_commands(
        "full.vsav", lambda cs: [c.replace("Main Map;", "Casualties;") for c in cs]
    )
    assert {p.placement.why_not for p in read_save(elsewhere).known} == {"not on the Main Map"}
