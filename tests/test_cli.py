"""The command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from parlour.cli import main


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "whist", "--games", "300", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 300
    assert out["seed"] == 4


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "--game", "whist", "--games", "200", "--threads", "2", "--no-progress"])
        == 0
    )
    out = capsys.readouterr().out
    assert "games/s" in out
    assert "seat 0 wins" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--game", "nope"],
        ["simulate", "--games", "ten"],
        ["simulate", "--game", "whist", "--option", "novalue"],
        ["simulate", "--game", "whist", "--option", "colour=red"],
        ["simulate", "--game", "whist", "--threads", "0"],
        ["frobnicate"],
    ],
)
def test_bad_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("parlour: error:")
    assert len(err.strip().splitlines()) == 1


def test_games_listing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert "whist" in capsys.readouterr().out


@pytest.mark.parametrize("width", [80, 60])
def test_games_listing_fits_the_terminal(width: int) -> None:
    from parlour import GAMES
    from parlour.cli import _games_text

    text = _games_text(width)
    assert max(len(line) for line in text.splitlines()) <= width
    flat = " ".join(text.split())
    for spec in GAMES.values():
        assert f"{spec.id}: {spec.seats} seats" in flat
        assert " ".join(spec.title.split()) in flat
        for name, (default, about) in spec.options.items():
            assert f"--option {name}={default}: {' '.join(about.split())}" in flat


def test_console_script_runs() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "parlour.cli",
            "simulate",
            "--game",
            "whist",
            "--games",
            "100",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["games"] == 100


def test_durak_summary_gives_each_seat_s_losing_rate(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "durak", "--games", "300", "--option", "seats=3"]
    assert main([*args, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "seat 2 loses" in out
    assert "wins" not in out
    assert main(["games"]) == 0
    assert "seat loses" in capsys.readouterr().out
