"""The ``parlour mexican-train`` command line.

``deal`` prints a seeded deal; ``play`` plays a whole game with the computer in every seat and
prints the log and the final scores.

``main(argv)`` takes the arguments after ``mexican-train`` (e.g. ``["deal", "--seed", "2026"]``)
and returns the exit status: 0 on success, 2 with a one-line reason for bad arguments.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from parlour._core import mexican_train as _core
from parlour.mexican_train.api import (
    TrainGame,
    computer_move,
    play_train,
    start_train,
    train_player_name,
    train_totals,
)
from parlour.mexican_train.notation import TrainMove
from parlour.mexican_train.tiles import (
    hand_pips,
    tile_of,
    tile_words,
    to_uint32,
    train_set_name,
)

__all__ = ["main"]


class _BadArguments(Exception):
    """Raised instead of argparse's exit so that ``main`` returns 2 with one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _BadArguments(message)


def _int_in(lo: int | None, hi: int | None, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be an integer, not {text!r}") from None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise argparse.ArgumentTypeError(f"{what} must be from {lo} to {hi}, not {value}")
        return value

    return parse


def _parser() -> _Parser:
    p = _Parser(prog="parlour mexican-train", description="Mexican Train dominoes.")
    sub = p.add_subparsers(dest="command", metavar="{deal,play}", parser_class=_Parser)
    sub.required = True
    for name, text in (
        ("deal", "print the deal of a round"),
        ("play", "play a whole game with the computer in every seat"),
    ):
        sp = sub.add_parser(name, help=text, description=text)
        sp.add_argument(
            "--seed", type=_int_in(None, None, "--seed"), default=1, help="the seed (integer)"
        )
        sp.add_argument("--players", type=_int_in(2, 8, "--players"), default=4, help="2 to 8")
        sp.add_argument("--set", type=int, choices=(9, 12, 15), default=12, help="highest double")
        sp.add_argument("--length", choices=("full", "short"), default="full")
        sp.add_argument("--doubles", choices=("one", "chain"), default="one")
        sp.add_argument("--mexican", choices=("any", "ownFirst"), default="any")
        sp.add_argument("--names", default=None, help="comma-separated seat names")
        if name == "deal":
            sp.add_argument(
                "--round", type=_int_in(0, 15, "--round"), default=0, help="round (0-based)"
            )
        else:
            sp.add_argument(
                "--quiet", action="store_true", help="print round results and scores only"
            )
    return p


def _tiles(tiles: Sequence[int]) -> str:
    return " ".join(tile_words(t) for t in tiles) or "-"


def _train_name(game: TrainGame, train: int, seat: int) -> str:
    if train == len(game.players):
        return "the Mexican Train"
    if train == seat:
        return "own train"
    return f"{train_player_name(game, train)}'s train"


def _describe(game: TrainGame, move: TrainMove) -> str:
    seat = game.to_play
    who = train_player_name(game, seat)
    if move["kind"] == "play":
        tile, train = move["tile"], move["train"]
        what = f"{who} lays {tile_words(tile)} on {_train_name(game, train, seat)}"
        if game.uncovered and game.uncovered[-1] == train:
            what += " (covering the double)"
        return what
    if move["kind"] == "draw":
        return f"{who} draws a tile"
    if move["kind"] == "pass":
        return f"{who} passes; marker out"
    return "next round"


def _header(game: TrainGame, out: TextIO) -> None:
    o = game.options
    print(
        f"Mexican Train: {train_set_name(game.set)}, {len(game.players)} players, "
        f"seed {game.seed}, {o['length']} game ({game.rounds} rounds), "
        f"doubles {o['doubles']}, Mexican {o['mexican']}",
        file=out,
    )


def _round_header(game: TrainGame, out: TextIO) -> None:
    e = game.engine
    print(
        f"Round {game.round + 1} of {game.rounds}: engine {tile_words(tile_of(e, e))}, "
        f"{train_player_name(game, game.to_play)} leads",
        file=out,
    )


def _deal(game: TrainGame, round: int, out: TextIO) -> None:
    n = len(game.players)
    hands, boneyard = _core.deal(game.set, n, to_uint32(game.seed), round)
    e = game.set - round
    print(
        f"Round {round + 1} of {game.rounds}: engine {tile_words(tile_of(e, e))}, "
        f"{train_player_name(game, round % n)} leads",
        file=out,
    )
    for seat, hand in enumerate(hands):
        name = train_player_name(game, seat)
        print(f"  {name}: {_tiles(hand)}  ({len(hand)} tiles, {hand_pips(hand)} pips)", file=out)
    print(f"  Boneyard ({len(boneyard)}): {_tiles(boneyard)}", file=out)


def _scores(game: TrainGame, out: TextIO) -> None:
    names = [train_player_name(game, s) for s in range(len(game.players))]
    width = max(len(n) for n in names)
    print("Final scores (lowest wins):", file=out)
    totals = train_totals(game)
    for seat, name in enumerate(names):
        per_round = " ".join(f"{r.pips[seat]:>3}" for r in game.results)
        mark = "  winner" if seat in game.winners else ""
        print(f"  {name:<{width}}  {totals[seat]:>4}  [{per_round} ]{mark}", file=out)


def _play(game: TrainGame, quiet: bool, out: TextIO) -> None:
    _header(game, out)
    _round_header(game, out)
    while not game.is_terminal:
        move = computer_move(game)
        if move["kind"] == "next":
            nxt = play_train(game, move)
            assert nxt is not None
            game = nxt
            _round_header(game, out)
            continue
        if not quiet:
            print(f"  {_describe(game, move)}", file=out)
        nxt = play_train(game, move)
        assert nxt is not None
        if len(nxt.results) > len(game.results):
            r = nxt.results[-1]
            how = (
                f"{train_player_name(nxt, r.out)} went out"
                if r.out is not None
                else "blocked (nobody can play, boneyard empty)"
            )
            pips = ", ".join(f"{train_player_name(nxt, s)} {p}" for s, p in enumerate(r.pips))
            print(f"  Round {len(nxt.results)} over: {how}. Pips: {pips}", file=out)
        game = nxt
    _scores(game, out)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``parlour mexican-train deal|play``.

    Args:
        argv: The arguments after ``mexican-train`` (default: ``sys.argv[1:]``).

    Returns:
        The exit status: 0 on success, 2 for bad arguments (with a one-line reason on stderr).
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parser().parse_args(args_list)
    except _BadArguments as e:
        print(f"parlour mexican-train: error: {e}", file=sys.stderr)
        return 2
    except SystemExit as e:  # --help
        return int(e.code or 0) if not isinstance(e.code, str) else 2
    names = args.names.split(",") if args.names is not None else [""] * args.players
    if len(names) != args.players:
        print(
            f"parlour mexican-train: error: --names gives {len(names)} names "
            f"for {args.players} players",
            file=sys.stderr,
        )
        return 2
    rounds = args.set + 1 if args.length == "full" else (args.set + 2) // 2
    if args.command == "deal" and args.round >= rounds:
        print(
            f"parlour mexican-train: error: --round must be below {rounds} for this game",
            file=sys.stderr,
        )
        return 2
    options = {"length": args.length, "doubles": args.doubles, "mexican": args.mexican}
    computers = [args.command == "play"] * args.players
    game = start_train(args.set, names, args.seed, options, computers)
    if game is None:  # pragma: no cover - every argument was checked above
        print("parlour mexican-train: error: the engine refused this table", file=sys.stderr)
        return 2
    out = sys.stdout
    try:
        _run(args, game, out)
    except BrokenPipeError:  # pragma: no cover - e.g. piped into `head`
        return 0
    return 0


def _run(args: argparse.Namespace, game: TrainGame, out: TextIO) -> None:
    if args.command == "deal":
        _header(game, out)
        _deal(game, args.round, out)
    else:
        _play(game, args.quiet, out)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
