"""The ``parlour`` command line.

``parlour simulate --game dalmara-4p --games 100000 --seed 7 --policy random --threads 2
[--json] [--option rules=dal-mara-engine]`` plays a seeded batch in Rust with a progress bar and
prints a summary table (or JSON). ``parlour games`` lists the registered games and their
options. ``parlour serve [--host 127.0.0.1] [--port 8000] [--db parlour.db]`` runs the game
server (extra ``serve``; see ``docs/serve.md``). Game-specific tools live under their own
sub-command (``parlour mexican-train …``). Bad arguments exit with status 2 and a one-line reason.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from parlour.batch import GAMES, SimulationResult, simulate
from parlour.errors import ParlourError

__all__ = ["main"]

#: Game sub-commands: name -> "module:function" taking argv and returning an exit status.
_GAME_COMMANDS: dict[str, str] = {
    "mexican-train": "parlour.mexican_train.cli:main",
    "serve": "parlour.serve._cli:main",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"parlour: error: {message}\n")


def _default_game() -> str:
    return "dalmara-4p" if "dalmara-4p" in GAMES else "whist"


def _build_parser() -> _Parser:
    parser = _Parser(
        prog="parlour", description="Rules engines for traditional card and tile games."
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = sub.add_parser("simulate", help="play a seeded batch of games in Rust")
    sim.add_argument("--game", default=_default_game(), help=f"game id ({', '.join(GAMES)})")
    sim.add_argument("--games", type=int, default=100_000, help="number of games")
    sim.add_argument("--seed", type=int, default=0, help="seed of the run")
    sim.add_argument("--policy", default="random", choices=["random", "first", "computer"])
    sim.add_argument(
        "--threads", type=int, default=None, help="worker threads (default: all cores)"
    )
    sim.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="game option"
    )
    sim.add_argument("--json", action="store_true", help="print the result as JSON")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")
    sub.add_parser("games", help="list the games and their options")
    for name in _GAME_COMMANDS:
        about = "run the game server" if name == "serve" else f"{name} tools"
        sub.add_parser(name, help=f"{about} (see parlour {name} --help)", add_help=False)
    return parser


def _options(items: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ParlourError("INVALID_OPTION", f"--option takes NAME=VALUE, not {item!r}")
        out[name] = value
    return out


def _summary(result: SimulationResult) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    table = Table(title=f"parlour simulate: {result.game} ({result.policy}, seed {result.seed})")
    table.add_column("metric")
    table.add_column("value", justify="right")
    table.add_row("games", f"{result.games:,}")
    table.add_row("moves", f"{result.moves:,}")
    table.add_row("moves per game", f"{result.moves / max(result.games, 1):.1f}")
    table.add_row("elapsed", f"{result.elapsed:.3f} s")
    table.add_row("games/s", f"{result.games_per_second:,.0f}")
    if result.loser:
        for seat, (rate, lo, hi) in enumerate(result.loss_rates()):
            table.add_row(f"seat {seat} loses", f"{rate:.4f}  [{lo:.4f}, {hi:.4f}]")
    else:
        for side, (rate, lo, hi) in enumerate(result.win_rates()):
            label = f"seat {side} wins"
            if result.teams:
                label = f"team {side} (seats {side}+{side + 2}) wins"
            table.add_row(label, f"{rate:.4f}  [{lo:.4f}, {hi:.4f}]")
    table.add_row("draws", f"{result.draw_rate():.4f}")
    console.print(table)


def _games_text(width: int = 80) -> str:
    """The ``parlour games`` listing: a block a game, every line at most ``width`` columns."""
    import textwrap

    def wrap(text: str, indent: str, hang: str = "") -> list[str]:
        return textwrap.wrap(
            text,
            width,
            initial_indent=indent,
            subsequent_indent=indent + hang,
            break_on_hyphens=False,
        ) or [indent]

    lines: list[str] = []
    for spec in GAMES.values():
        result = "team wins" if spec.teams else "seat loses" if spec.loser else "seat wins"
        computer = "computer player" if spec.computer else "no computer player"
        lines += wrap(f"{spec.id}: {spec.seats} seats, {result}, {computer}", "")
        lines += wrap(spec.title, "  ")
        for name, (default, about) in spec.options.items():
            lines += wrap(f"--option {name}={default}: {about}", "  ", "    ")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _list_games() -> None:
    import shutil

    width = max(40, min(100, shutil.get_terminal_size((80, 24)).columns))
    sys.stdout.write(_games_text(width))


def _game_command(name: str) -> Callable[[list[str]], int]:
    module, _, func = _GAME_COMMANDS[name].partition(":")
    fn: Callable[[list[str]], int] = getattr(importlib.import_module(module), func)
    return fn


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad arguments).

    Raises:
        SystemExit: From ``--help``.
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] in _GAME_COMMANDS:
        try:
            command = _game_command(args_list[0])
        except (ImportError, AttributeError):
            print(f"parlour: error: {args_list[0]} is not available in this build", file=sys.stderr)
            return 2
        return command(args_list[1:])
    parser = _build_parser()
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else 2
    if args.command == "games":
        _list_games()
        return 0
    try:
        result = simulate(
            args.game,
            args.games,
            seed=args.seed,
            policy=args.policy,
            options=_options(args.option),
            threads=args.threads,
            progress=not (args.json or args.no_progress),
        )
    except ParlourError as exc:
        print(f"parlour: error: {exc.message}", file=sys.stderr)
        return 2
    if args.json:
        print(result.to_json())
    else:
        _summary(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
