"""The ``parlour mexican-train deal|play`` command line."""

from __future__ import annotations

import pytest

from parlour.mexican_train import start_train, tile_words
from parlour.mexican_train.cli import main


def test_deal_prints_the_seeded_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "2026", "--players", "3", "--set", "9"]) == 0
    out = capsys.readouterr().out
    g = start_train(9, ["", "", ""], 2026)
    assert g is not None
    for seat, hand in enumerate(g.hands):
        assert f"Player {seat + 1}: " + " ".join(tile_words(t) for t in hand) in out
    assert "Boneyard (24): " + " ".join(tile_words(t) for t in g.boneyard) in out
    assert "Double-nine, 3 players, seed 2026" in out


def test_deal_of_a_later_round(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "42", "--players", "2", "--set", "12", "--round", "1"]) == 0
    out = capsys.readouterr().out
    assert "Round 2 of 13: engine 11\u201311, Player 2 leads" in out
    assert "Player 2: 0\u20130 4\u20131 3\u20133 10\u20139" in out  # FORMAT.md §7, seed 42 round 1


def test_play_runs_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--seed", "2026", "--players", "3", "--set", "9", "--length", "short"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Round 5 of 5" in out
    assert "Final scores (lowest wins):" in out
    assert out.count("Round 5 over") == 1
    assert "winner" in out
    assert "Computer 1 lays" in out
    assert main([*argv, "--quiet"]) == 0
    quiet = capsys.readouterr().out
    assert "lays" not in quiet
    assert quiet.splitlines()[-4:] == out.splitlines()[-4:]


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["fly"],
        ["deal", "--players", "9"],
        ["deal", "--players", "x"],
        ["deal", "--set", "10"],
        ["deal", "--seed", "1.5"],
        ["deal", "--length", "long"],
        ["play", "--doubles", "two"],
        ["play", "--mexican", "ownfirst"],
        ["deal", "--names", "a,b", "--players", "3"],
        ["deal", "--round", "7", "--set", "9", "--length", "short"],
        ["deal", "--bogus"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("parlour mexican-train: error: ")
    assert err.count("\n") == 1


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--help"]) == 0
    assert "--seed" in capsys.readouterr().out
