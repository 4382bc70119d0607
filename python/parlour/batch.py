"""Batch simulation: whole playouts run in Rust across cores, with the GIL released.

Game ``i`` of a run is seeded from ``(seed, i)`` only, so results are identical for any
``threads`` and however the index range is split into chunks (locally, with a
``concurrent.futures`` executor, or on a Dask cluster through ``Client.get_executor()``).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour import _core
from parlour.errors import ConfigError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["GAMES", "GameSpec", "SimulationResult", "simulate"]


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A registered game: its id, seats, whether it has a computer player, and its options.

    ``options`` maps each option name to ``(default, description)``. ``teams`` is True when the
    winner the simulator reports is a partnership (team 0 is seats 0 and 2, team 1 is seats 1
    and 3) rather than a seat. ``loser`` is True when the game's result is one loser rather than
    one winner (Durak's fool: with three or more seats nobody wins alone), so that a run's
    summary gives each seat's losing rate.
    """

    id: str
    title: str
    seats: int
    computer: bool
    teams: bool = False
    options: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    loser: bool = False


def _registry() -> dict[str, GameSpec]:
    out: dict[str, GameSpec] = {}
    for entry in _core.game_registry():
        opts = entry["options"]
        assert isinstance(opts, list)
        out[str(entry["id"])] = GameSpec(
            id=str(entry["id"]),
            title=str(entry["title"]),
            seats=int(str(entry["seats"])),
            computer=bool(entry["computer"]),
            teams=bool(entry["teams"]),
            loser=bool(entry.get("loser", False)),
            options={str(o[0]): (str(o[1]), str(o[2])) for o in opts},
        )
    return out


GAMES: Mapping[str, GameSpec] = _registry()
"""Every game id the simulator runs, with its options."""

_POLICIES = ("random", "first", "computer")
_MAX_GAMES = 10**12


def _wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class SimulationResult:
    """The result of :func:`simulate`: per-game numpy arrays and aggregates.

    Attributes:
        game: The game id.
        seed: The run's seed.
        policy: The move policy.
        options: The options given.
        games: Number of games played.
        moves: Total moves over all games.
        returns: ``float32`` array of shape ``(games, seats)``.
        move_counts: ``uint32`` array of moves per game.
        hashes: ``uint64`` array of final state hashes.
        winners: ``int8`` array of winning seats (teams, in team games), ``-1`` for a draw.
        elapsed: Wall-clock seconds of the simulation.
        teams: True when ``winners`` holds teams (0: seats 0 and 2; 1: seats 1 and 3).
        loser: True when the game's result is one loser (see :attr:`GameSpec.loser`): the
            summary then gives :meth:`loss_rates`, and a draw is a game with no single loser.
    """

    game: str
    seed: int
    policy: str
    options: Mapping[str, str]
    returns: npt.NDArray[np.float32]
    move_counts: npt.NDArray[np.uint32]
    hashes: npt.NDArray[np.uint64]
    winners: npt.NDArray[np.int8]
    elapsed: float
    teams: bool = False
    loser: bool = False

    @property
    def games(self) -> int:
        """Number of games played."""
        return int(self.move_counts.shape[0])

    @property
    def seats(self) -> int:
        """Number of seats (columns of ``returns``)."""
        return int(self.returns.shape[1])

    @property
    def moves(self) -> int:
        """Total number of moves."""
        import numpy as np

        return int(self.move_counts.sum(dtype=np.uint64))

    @property
    def games_per_second(self) -> float:
        """Games per wall-clock second."""
        return self.games / self.elapsed if self.elapsed > 0 else float("inf")

    def win_rates(self) -> list[tuple[float, float, float]]:
        """Per seat (per team in team games): ``(rate, low, high)``, with a 95% Wilson interval."""
        import numpy as np

        out = []
        for seat in range(2 if self.teams else self.seats):
            wins = int(np.count_nonzero(self.winners == seat))
            lo, hi = _wilson(wins, self.games)
            out.append((wins / self.games if self.games else 0.0, lo, hi))
        return out

    @property
    def losers(self) -> npt.NDArray[np.int8]:
        """Per game, the seat with the strictly lowest return (Durak's fool).

        ``-1`` when several seats share it (a draw).
        """
        import numpy as np

        r = self.returns
        if r.shape[0] == 0:
            return np.zeros(0, np.int8)
        single = np.count_nonzero(r == r.min(axis=1, keepdims=True), axis=1) == 1
        return np.where(single, r.argmin(axis=1), -1).astype(np.int8)

    def loss_rates(self) -> list[tuple[float, float, float]]:
        """Per seat: ``(rate, low, high)`` of being the one loser, with a 95% Wilson interval.

        See :attr:`losers`.
        """
        import numpy as np

        losers = self.losers
        out = []
        for seat in range(self.seats):
            losses = int(np.count_nonzero(losers == seat))
            lo, hi = _wilson(losses, self.games)
            out.append((losses / self.games if self.games else 0.0, lo, hi))
        return out

    def draw_rate(self) -> float:
        """Fraction of games with no single winner.

        In a game whose result is one loser (:attr:`loser`), the games with no single loser.
        """
        import numpy as np

        outcome = self.losers if self.loser else self.winners
        return float(np.count_nonzero(outcome < 0)) / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (aggregates, not the per-game arrays)."""
        import numpy as np

        return {
            "game": self.game,
            "seed": self.seed,
            "policy": self.policy,
            "options": dict(self.options),
            "games": self.games,
            "moves": self.moves,
            "seats": self.seats,
            "elapsed": self.elapsed,
            "games_per_second": self.games_per_second,
            "mean_moves": self.moves / self.games if self.games else 0.0,
            "mean_returns": [float(x) for x in self.returns.mean(axis=0)] if self.games else [],
            "win_rates": [
                {"seat": s, "rate": r, "ci95": [lo, hi]}
                for s, (r, lo, hi) in enumerate(self.win_rates())
            ],
            **(
                {
                    "loss_rates": [
                        {"seat": s, "rate": r, "ci95": [lo, hi]}
                        for s, (r, lo, hi) in enumerate(self.loss_rates())
                    ]
                }
                if self.loser
                else {}
            ),
            "draw_rate": self.draw_rate(),
            "hash_digest": f"{int(np.bitwise_xor.reduce(self.hashes)) if self.games else 0:016x}",
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as a JSON string."""
        return json.dumps(self.to_dict(), sort_keys=True)


def _chunk(
    game: str,
    options: list[tuple[str, str]],
    seed: int,
    start: int,
    count: int,
    policy: str,
    threads: int | None,
) -> dict[str, object]:
    return _core.simulate_batch(game, options, seed, start, count, policy, threads)


class _Results:
    """A run's result arrays, allocated once and filled part by part as the parts arrive.

    A part's bytes are copied into place and can then be dropped, so a run holds the result
    arrays and one part at a time, never every part and the arrays together. The arrays are
    allocated at the first part, which gives the number of seats (a game option may change it);
    ``simulate`` adds its empty checking call first, so that a run too large for memory fails
    before any game is played.
    """

    _KEYS = (("returns", "<f4"), ("moves", "<u4"), ("hashes", "<u8"), ("winners", "i1"))

    def __init__(self, games: int, seats: int) -> None:
        # numpy is imported here, before the run's clock starts (the first call of a process
        # would otherwise time its import, about 0.1 s, as part of the run)
        import numpy  # noqa: F401

        self.games = games
        self.seats = seats
        self.done = 0
        self.arrays: dict[str, Any] | None = None

    def add(self, part: Mapping[str, object]) -> int:
        """Copy ``part`` into place; returns its number of games."""
        import numpy as np

        s = part.get("seats")
        seats = s if isinstance(s, int) and s > 0 else self.seats
        if self.arrays is None:
            self.seats = seats
            try:
                self.arrays = {
                    key: np.empty(self.games * (seats if key == "returns" else 1), dtype=dtype)
                    for key, dtype in self._KEYS
                }
            except MemoryError:
                raise ConfigError("THREADS", f"{self.games} games do not fit in memory") from None
        moves = part.get("moves")
        count = len(moves) // 4 if isinstance(moves, bytes) else 0
        if seats != self.seats or self.done + count > self.games:
            raise ConfigError("INTERNAL_ERROR", "a part of the run does not fit its result arrays")
        for key, dtype in self._KEYS:
            buf = part.get(key)
            if not isinstance(buf, bytes):
                raise ConfigError("INTERNAL_ERROR", f"a part of the run has no {key}")
            width = seats if key == "returns" else 1
            self.arrays[key][self.done * width : (self.done + count) * width] = np.frombuffer(
                buf, dtype=dtype
            )
        self.done += count
        return count

    def result(self) -> tuple[Any, Any, Any, Any]:
        """``(returns, moves, hashes, winners)`` of the games added so far."""
        import numpy as np

        if self.arrays is None:
            return (
                np.zeros((0, self.seats), np.float32),
                np.zeros(0, np.uint32),
                np.zeros(0, np.uint64),
                np.zeros(0, np.int8),
            )
        a, n, w = self.arrays, self.done, self.seats
        return (
            a["returns"][: n * w].reshape(-1, w),
            a["moves"][:n],
            a["hashes"][:n],
            a["winners"][:n],
        )


# Local runs are split into calls of about this many seconds (for the progress report): longer
# calls would report less often, shorter ones leave the threads idle more often at the end of
# a call while the last game finishes.
_CALL_SECONDS = 0.25
_FIRST_CALL = 2048
_MAX_CALL = 2_000_000


def _next_call(size: int, seconds: float) -> int:
    """The games in the next local call after a call of ``size`` games took ``seconds``."""
    if seconds <= 0:
        return _MAX_CALL
    grown = int(size * min(_CALL_SECONDS / seconds, 4.0))
    return max(_FIRST_CALL, min(grown, _MAX_CALL))


def _check_int(name: str, value: object, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(
            "INVALID_ARGUMENT", f"{name} must be an integer, not {type(value).__name__}"
        )
    if not lo <= value <= hi:
        raise ConfigError("INVALID_ARGUMENT", f"{name} must be from {lo} to {hi}, not {value}")
    return value


def simulate(
    game: str,
    games: int,
    *,
    seed: int = 0,
    policy: str = "random",
    options: Mapping[str, object] | None = None,
    threads: int | None = None,
    executor: Executor | None = None,
    progress: bool | Callable[[int, int], None] = False,
) -> SimulationResult:
    """Play ``games`` complete games of ``game`` in Rust and return per-game arrays.

    Args:
        game: A game id from :data:`GAMES`, e.g. ``"dalmara-4p"``.
        games: How many games to play.
        seed: The run's seed; game ``i`` is seeded from ``(seed, i)``.
        policy: ``"random"``, ``"first"`` or ``"computer"`` (games with a computer player).
        options: Game options, e.g. ``{"rules": "dal-mara-engine"}``.
        threads: Worker threads (default: all cores).
        executor: A ``concurrent.futures.Executor`` to run chunks on (e.g. a process pool or
            Dask's ``Client.get_executor()``); the result is identical to a local run.
        progress: True for a rich progress bar, or a callback ``(done, total)``.

    Returns:
        A :class:`SimulationResult`.

    Raises:
        ConfigError: Unknown game, option or policy, or an out-of-range argument.

    >>> r = simulate("whist", 100, seed=1)
    >>> r.games, r.returns.shape
    (100, (100, 4))
    """
    if not isinstance(game, str) or game not in GAMES:
        raise ConfigError("UNKNOWN_GAME", f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    n = _check_int("games", games, 0, _MAX_GAMES)
    seed = _check_int("seed", seed, 0, 2**64 - 1)
    if threads is not None:
        threads = _check_int("threads", threads, 1, 1024)
    if policy not in _POLICIES:
        raise ConfigError(
            "INVALID_POLICY", f"unknown policy {policy!r}; expected {', '.join(_POLICIES)}"
        )
    opts = [
        (str(k), str(v).lower() if isinstance(v, bool) else str(v))
        for k, v in (options or {}).items()
    ]
    spec = GAMES[game]
    chunk = max(1, min(max(n // 100, 2048), 200_000))
    report: Callable[[int, int], None] | None = progress if callable(progress) else None
    results = _Results(n, spec.seats)
    started = time.perf_counter()
    # Validate options and policy once, cheaply, before any work is split up; its empty part
    # gives the seats, and the result arrays are allocated.
    results.add(_chunk(game, opts, seed, 0, 0, policy, 1))
    bar: Any = None
    if progress is True:
        from rich.progress import Progress

        bar = Progress(transient=False)
        bar.start()
        task = bar.add_task(f"{game} ({policy})", total=n)

        def report(done: int, total: int) -> None:
            bar.update(task, completed=done)

    try:
        done = 0
        if executor is not None:
            futures: list[Any] = [
                executor.submit(_chunk, game, opts, seed, lo, min(chunk, n - lo), policy, threads)
                for lo in range(0, n, chunk)
            ]
            for i, fut in enumerate(futures):
                done += results.add(fut.result())
                futures[i] = None  # drop the part once it is in place
                if report:
                    report(done, n)
        else:
            # Calls of about _CALL_SECONDS each, sized from the last one's pace.
            size = _FIRST_CALL
            while done < n:
                c = min(size, n - done)
                t = time.perf_counter()
                results.add(_chunk(game, opts, seed, done, c, policy, threads))
                size = _next_call(c, time.perf_counter() - t)
                done += c
                if report:
                    report(done, n)
    finally:
        if bar is not None:
            bar.stop()
    elapsed = time.perf_counter() - started
    returns, moves, hashes, winners = results.result()
    return SimulationResult(
        game=game,
        seed=seed,
        policy=policy,
        options=dict(opts),
        returns=returns,
        move_counts=moves,
        hashes=hashes,
        winners=winners,
        elapsed=elapsed,
        teams=spec.teams,
        loser=spec.loser,
    )
