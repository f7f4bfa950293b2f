"""``ordnance odds``: JSON with exact fractions, refusals exit 2, plots, sweeps, Monte Carlo."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ordnance.cli import odds
from ordnance.cli.main import main
from ordnance.core.errors import OrdnanceError

RUNNER = CliRunner()


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Run ``ordnance odds ...`` through the odds app (fast); refusals through main()."""
    assert args[0] == "odds"
    result = RUNNER.invoke(odds.app, list(args[1:]))
    if isinstance(result.exception, OrdnanceError):
        return main_run(capsys, *args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout


def main_run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """The real entry point: errors become exit status 2 (JSON under --json)."""
    capsys.readouterr()
    try:
        main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    else:
        code = 0
    return code, capsys.readouterr().out


def test_pool_json_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "odds", "pool", "-n", "2", "-t", "5", "-m", "1", "-c", "5", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["distribution"] == {"0": "16/27", "1": "1/3", "2": "2/27"}
    assert data["mean"] == "13/27"


def test_big_pool_is_summarised_and_exact_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    """1000 vs 1000 dice: a summary whose size does not grow with 6**2000's digits."""
    args = ("odds", "pool", "-n", "1000", "-m", "1000", "--json")
    _, out = run(capsys, *args)
    data = json.loads(out)
    assert data["summarised"] and len(out) < 20_000
    shown = sum(data["distribution"].values())
    assert abs(shown + data["tail"]["probability"] - 1) < 1e-9
    assert data["at_least"]["1"] == pytest.approx(1 - data["distribution"]["0"])
    _, exact = run(capsys, *args, "--exact")
    full = json.loads(exact)["distribution"]
    assert len(full) == 1001 and "summarised" not in json.loads(exact)
    num, den = (int(x) for x in full["0"].split("/"))
    assert num / den == pytest.approx(data["distribution"]["0"])


def test_big_pool_table_is_short_and_builds_no_exact_distribution(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table of 1000 vs 1000 dice shows the likely outcomes in decimals and one row for the
    rest; it never builds the exact Fraction distribution (that is --exact's or --plot's)."""
    from ordnance.core.odds import calculators as pool
    from ordnance.core.odds.pools import net_counts

    def refuse(*_a: object) -> None:
        raise AssertionError("the summary table built the exact distribution")

    monkeypatch.setattr(pool, "fraction_text", refuse)
    code, out = run(capsys, "odds", "pool", "-n", "1000", "-m", "1000")
    assert code == 0
    assert len(out.splitlines()) < 150 and "other outcomes" in out
    counts, den = net_counts(1000, 5, 1000, 5)
    assert f"mean net hits {sum(k * w for k, w in enumerate(counts)) / den:.4f}" in out
    rows = [line for line in out.splitlines() if line.startswith("│")]
    probabilities = [float(r.split("│")[2]) for r in rows if "other" not in r]
    assert min(probabilities) >= pool.SHOWN


def test_small_pool_at_least_counts_every_k(capsys: pytest.CaptureFixture[str]) -> None:
    """Hitting on 1+ always hits: 'at least k' is 1 for every k up to the pool."""
    _, out = run(capsys, "odds", "pool", "-n", "3", "-t", "1", "--json")
    assert json.loads(out)["at_least"] == {"1": "1/1", "2": "1/1", "3": "1/1"}


def test_float_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(capsys, "odds", "pool", "-n", "2", "--json", "--float")
    assert isinstance(json.loads(out)["distribution"]["0"], float)


@pytest.mark.parametrize("n", ["10000", "-1"])
def test_absurd_pool_is_refused_with_exit_2(capsys: pytest.CaptureFixture[str], n: str) -> None:
    code, out = run(capsys, "odds", "pool", "-n", n, "--json")
    assert code == 2
    assert "outside 0..1000" in json.loads(out)["message"]


def test_dr_at_most_and_versus(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(capsys, "odds", "dr", "-m", "2", "--at-most", "7", "--versus", "5", "--json")
    data = json.loads(out)
    assert data["at_most"]["p"] == "5/18"
    assert data["versus"]["distribution"] == {"above": "13/18", "below": "1/6", "equal": "1/9"}


def test_drift_and_depletion_and_stack(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(capsys, "odds", "drift", "-n", "3", "-t", "5", "--json")
    assert json.loads(out)["result"] == {"drift": "4/9", "misfire": "8/27", "placed": "7/27"}
    _, out = run(capsys, "odds", "depletion", "-N", "7", "-k", "3", "--json")
    data = json.loads(out)
    assert data["available_on_shot"]["2"] == "5/12"
    assert data["expected_rounds_if_declared_until_gone"] == "1/1"
    _, out = run(capsys, "odds", "stack", "-n", "2", "--defences", "1,0", "--json")
    assert len(json.loads(out)["units"]) == 2


@pytest.mark.parametrize(
    "args",
    [
        ("depletion", "-N", "5", "-k", "3", "--breakdown", "11"),
        ("drift", "-n", "3", "--detail"),
        ("stack", "-n", "2", "--defences", "1,0"),
    ],
    ids=lambda a: a[0],
)
def test_tables_print_without_json(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    """The Rich tables (no --json) print, in English and Russian (depletion's title is
    translated: its render once shadowed the translation function and failed)."""
    code, out = main_run(capsys, "odds", *args)
    assert code == 0 and "Traceback" not in out
    if args[0] == "depletion":
        assert "still available when" in out
        code, out = main_run(capsys, "--lang", "ru", "odds", *args)
        assert code == 0 and "still available when" not in out


def test_sweep_json_csv_and_heatmap(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out = run(
        capsys,
        "odds",
        "sweep",
        "--firepower",
        "1-3",
        "--defence",
        "0-1",
        "--hit-on",
        "4,6",
        "--json",
    )
    data = json.loads(out)
    assert code == 0 and data["count"] == 12
    assert {"attack": 1, "hit_on": 4, "defence": 0, "cancel_on": 5}.items() <= data["cases"][
        0
    ].items()
    path, png = tmp_path / "s.csv", tmp_path / "s.png"
    run(
        capsys,
        "odds",
        "sweep",
        "--firepower",
        "1-2",
        "--defence",
        "0-2",
        "--csv",
        str(path),
        "--plot",
        str(png),
    )
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == 2 * 3 * 3 and rows[0]["mean"] == "1/2"
    assert png.stat().st_size > 1000


def test_plot_writes_a_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png = tmp_path / "p.png"
    code, _ = run(capsys, "odds", "pool", "-n", "4", "--plot", str(png))
    assert code == 0 and png.read_bytes()[:4] == b"\x89PNG"


def test_montecarlo_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(
        capsys,
        "odds",
        "montecarlo",
        "series",
        "-r",
        "3",
        "-n",
        "4",
        "-m",
        "1",
        "--token-dice",
        "1",
        "--trials",
        "20000",
        "--seed",
        "3",
        "--json",
    )
    data = json.loads(out)
    assert code == 0 and data["trials"] == 20000 and data["exact_mean"].count("/") == 1
    first = data["outcomes"][0]
    assert "/" in first["estimate"] and len(first["ci95"]) == 2
    code, out = run(
        capsys,
        "odds",
        "montecarlo",
        "depletion",
        "-N",
        "6",
        "-k",
        "3",
        "--trials",
        "10000",
        "--json",
    )
    assert code == 0 and json.loads(out)["exact_mean"]


def test_game_odds_apps_are_mounted() -> None:
    """``ordnance odds <game>`` exists for every game with odds commands, and loads."""
    from ordnance.cli.main import cli_command, walk
    from ordnance.core import registry

    leaves = {path for path, _cmd in walk(cli_command())}
    with_odds = {
        name
        for name, p in registry.plugins().items()
        if p.odds_cli is not None or any(c.path[0] == "odds" for c in p.calculator_list())
    }
    assert with_odds == {"asl", "toi", "waw"}
    for name in with_odds:
        assert any(path[:2] == ("odds", name) for path in leaves), name


@pytest.mark.parametrize(
    ("name", "argv", "question"),
    [
        ("pool", ["-n", "3", "-t", "4", "-m", "1"], {"attack": 3, "hit_on": 4, "defence": 1}),
        ("dr", ["-m", "2", "--at-most", "7"], {"modifier": 2, "at_most": 7}),
    ],
)
def test_pool_and_dr_are_the_declared_calculators(
    capsys: pytest.CaptureFixture[str], name: str, argv: list[str], question: dict[str, int]
) -> None:
    """``ordnance odds pool|dr`` print what ``/api/calculators/odds/pool|dr`` answers."""
    from ordnance.core.calculators import GENERIC, find

    code, out = main_run(capsys, "odds", name, *argv, "--json")
    assert code == 0
    assert json.loads(out) == find(GENERIC, name).answer(question)
