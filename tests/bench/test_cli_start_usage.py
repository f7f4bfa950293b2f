"""``python -m ordnance.bench.cli_start``: its command line (argparse), without timing anything."""

from __future__ import annotations

import pytest

from ordnance.bench import cli_start


def test_help_prints_the_usage_and_exits_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli_start.main(["--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m ordnance.bench.cli_start [-h] [--json] [REPEAT]")
    assert "default: 5" in out


def test_defaults_are_five_rounds_printed_as_lines() -> None:
    args = cli_start.parser().parse_args([])
    assert (args.repeat, args.json) == (5, False)
    args = cli_start.parser().parse_args(["3", "--json"])
    assert (args.repeat, args.json) == (3, True)
    assert cli_start.parser().parse_args(["--json", "2"]).repeat == 2


@pytest.mark.parametrize(("arg", "said"), [("0", "at least 1"), ("x", "not a whole number")])
def test_a_bad_repeat_is_a_usage_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str], arg: str, said: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        cli_start.main([arg])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
