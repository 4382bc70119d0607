"""Server-held tables: the game lives on the server and each seat sees only its own view.

A table is its game, options, seed, seats and moves (:class:`~parlour.serve._store.StoredTable`);
its live state is rebuilt by replaying the moves, so a restarted server resumes every table at
its last version. Every move (a human's and the bot moves that follow it) is committed to the
store before the caller gets an answer, and then every connected WebSocket of the table gets
one update a version.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour.errors import ParlourError
from parlour.serve._games import ADAPTERS, GameAdapter
from parlour.serve._store import Conflict, PostgresStore, SqliteStore, StoredTable

__all__ = ["ApiError", "LiveTable", "Tables", "hash_token"]

_MAX_SEED = 2**64 - 1
_MAX_CACHED = 4096


class ApiError(Exception):
    """An error the server answers with ``{"error": {"code", "message"}}``.

    Args:
        status: The HTTP status.
        code: The stable error code.
        message: A human sentence.
    """

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(code, message)
        self.status = status
        self.code = code
        self.message = message


def hash_token(token: str) -> str:
    """The SHA-256 hex digest the store keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(eq=False)
class LiveTable:
    """A table in memory: its stored record and the current state.

    Attributes:
        stored: The table's game, options, seed and seats (its moves as loaded).
        adapter: The game adapter.
        state: The current state.
        moves: Every move so far as ``(index, text)``.
        subscribers: Each connected WebSocket's seat and queue.
        stale: True when the store may hold moves this copy lacks (a commit whose outcome is
            unknown); the next use reads them.
    """

    stored: StoredTable
    adapter: GameAdapter
    state: Any
    moves: list[tuple[int, str]]
    subscribers: set[tuple[int, asyncio.Queue[dict[str, Any]]]] = field(default_factory=set)
    stale: bool = False
    _lock: asyncio.Lock | None = None

    def lock(self) -> asyncio.Lock:
        """The lock that makes the table's moves one at a time."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    @property
    def version(self) -> int:
        """The number of moves made (each move is one version)."""
        return len(self.moves)

    def body(self, seat: int, state: Any = None, version: int | None = None) -> dict[str, Any]:
        """What ``GET /v1/tables/{id}`` answers to ``seat``."""
        state = self.state if state is None else state
        view = self.adapter.view(state, seat)
        actor = self.adapter.actor(state)
        return {
            "table": self.stored.id,
            "game": self.stored.game,
            "seat": seat,
            "version": self.version if version is None else version,
            "to_move": actor,
            "finished": bool(state.is_terminal),
            "view": view,
            "legal": self.adapter.legal(state, seat, view) if actor == seat else [],
        }


class Tables:
    """Every table of one store, created, loaded and played.

    Args:
        store: The durable store.
    """

    def __init__(self, store: SqliteStore | PostgresStore) -> None:
        self.store = store
        self._live: dict[str, LiveTable] = {}
        self._listening = False

    # ------------------------------------------------------------------ creation and loading

    def create(self, body: Mapping[str, Any]) -> tuple[LiveTable, dict[str, str]]:
        """Create a table from a ``POST /v1/tables`` body; returns it and the seats' tokens.

        Raises:
            ApiError: 422 for an unknown game, bad options, seats or seed.
        """
        game = body.get("game")
        if not isinstance(game, str) or game not in ADAPTERS:
            raise ApiError(422, "UNKNOWN_GAME", f"unknown game {game!r}; see GET /v1/games")
        unknown = set(body) - {"game", "options", "seats", "seed"}
        if unknown:
            raise ApiError(422, "UNKNOWN_FIELD", f"unknown field {sorted(unknown)[0]!r}")
        adapter = ADAPTERS[game]
        try:
            options = adapter.check_options(body.get("options"))
            count = adapter.seats(options)
        except ParlourError as exc:
            raise ApiError(422, exc.code, exc.message) from None
        seats = body.get("seats")
        if seats is None:
            seats = ["human"] * count
        if not isinstance(seats, list) or len(seats) != count:
            raise ApiError(
                422, "INVALID_SEATS", f"seats must be a list of {count} entries for {game}"
            )
        for entry in seats:
            if entry == "human":
                continue
            if (
                not isinstance(entry, str)
                or not entry.startswith("bot:")
                or entry[4:] not in adapter.bots
            ):
                raise ApiError(
                    422,
                    "INVALID_SEATS",
                    f"a seat is 'human' or one of {', '.join('bot:' + b for b in adapter.bots)},"
                    f" not {entry!r}",
                )
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**53)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MAX_SEED:
            raise ApiError(422, "INVALID_SEED", "seed must be an integer from 0 to 2**64 - 1")
        try:
            state = adapter.new(options, seed)
        except ParlourError as exc:
            raise ApiError(422, exc.code, exc.message) from None
        table_id = secrets.token_hex(8)
        stored = StoredTable(table_id, game, options, seed, tuple(seats), ())
        live = LiveTable(stored, adapter, state, [])
        self._play_bots(live, [])
        tokens = {str(s): secrets.token_urlsafe(16) for s, e in enumerate(seats) if e == "human"}
        self.store.create_table(
            StoredTable(table_id, game, options, seed, tuple(seats), tuple(live.moves)),
            [(hash_token(t), int(s)) for s, t in tokens.items()],
        )
        self._cache(live)
        return live, tokens

    def _cache(self, live: LiveTable) -> None:
        if len(self._live) >= _MAX_CACHED:
            for key in [k for k, t in self._live.items() if not t.subscribers][: _MAX_CACHED // 4]:
                del self._live[key]
        self._live[live.stored.id] = live

    def get(self, table_id: str) -> LiveTable:
        """The live table, replayed from the store on first use.

        Raises:
            ApiError: 404 ``UNKNOWN_TABLE``.
        """
        live = self._live.get(table_id)
        if live is not None:
            # (a move in progress brings the table up to date itself)
            if (self.store.shared or live.stale) and not live.lock().locked():
                live.stale = False
                start = live.version
                self.notify(live, self.sync(live), start)
            return live
        stored = self.store.load(table_id) if isinstance(table_id, str) else None
        if stored is None or stored.game not in ADAPTERS:
            raise ApiError(404, "UNKNOWN_TABLE", "no such table")
        adapter = ADAPTERS[stored.game]
        state = adapter.new(stored.options, stored.seed)
        for index, _ in stored.moves:
            state = adapter.apply_index(state, index)
        live = LiveTable(stored, adapter, state, list(stored.moves))
        self._cache(live)
        return live

    def authorize(self, table_id: str, authorization: str | None) -> tuple[LiveTable, int]:
        """The table and the seat of a ``Bearer`` token.

        Raises:
            ApiError: 401 without a valid token, 404 for an unknown table, 403 for a token of
                another table.
        """
        token = None
        if authorization is not None:
            scheme, _, value = authorization.partition(" ")
            if scheme.lower() == "bearer" and value.strip():
                token = value.strip()
        return self.authorize_token(table_id, token)

    def authorize_token(self, table_id: str, token: object) -> tuple[LiveTable, int]:
        """The table and the seat of a token.

        Raises:
            ApiError: 401 ``UNAUTHORIZED``, 404 ``UNKNOWN_TABLE``, 403 ``FORBIDDEN``.
        """
        found = self.store.token(hash_token(token)) if isinstance(token, str) else None
        if found is None:
            raise ApiError(401, "UNAUTHORIZED", "a valid Bearer token of a seat is required")
        live = self.get(table_id)
        if found[0] != table_id:
            raise ApiError(403, "FORBIDDEN", "this token is for another table")
        return live, found[1]

    # ------------------------------------------------------------------ play

    @staticmethod
    def _play_bots(live: LiveTable, states: list[Any]) -> None:
        """Play the bot seats of a new table while one is to move (``live`` is not shared yet)."""
        state, moves = Tables._bots_after(live, live.state, len(live.moves), states)
        live.state = state
        live.moves.extend(moves)

    @staticmethod
    def _bots_after(
        live: LiveTable, state: Any, version: int, states: list[Any]
    ) -> tuple[Any, list[tuple[int, str]]]:
        """The bot moves from ``state`` (at ``version``) until a human or nobody is to move."""
        adapter = live.adapter
        seats = live.stored.seats
        moves: list[tuple[int, str]] = []
        while True:
            actor = adapter.actor(state)
            if actor is None or seats[actor] == "human":
                return state, moves
            seed = live.stored.seed * 1_000_003 + version + len(moves)
            index = adapter.bot_index(state, seats[actor][4:], seed)
            text = adapter.legal(state, actor)[index]
            state = adapter.apply_index(state, index)
            moves.append((index, text))
            states.append(state)

    def _plan(
        self, live: LiveTable, seat: int, body: Mapping[str, Any]
    ) -> tuple[list[Any], list[tuple[int, str]]]:
        """Check a move body against the table; the states and moves it and the bots make."""
        unknown = set(body) - {"version", "move", "index"}
        if unknown:
            raise ApiError(422, "UNKNOWN_FIELD", f"unknown field {sorted(unknown)[0]!r}")
        version = body.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise ApiError(422, "INVALID_VERSION", "version must be an integer")
        if ("move" in body) == ("index" in body):
            raise ApiError(422, "INVALID_MOVE", "give exactly one of move and index")
        if version != live.version:
            raise ApiError(
                409, "STALE_VERSION", f"the table is at version {live.version}, not {version}"
            )
        adapter = live.adapter
        if live.state.is_terminal:
            raise ApiError(409, "GAME_OVER", "the game is over")
        if adapter.actor(live.state) != seat:
            raise ApiError(409, "NOT_YOUR_TURN", f"seat {seat} is not to move")
        legal = adapter.legal(live.state, seat)
        if "index" in body:
            index = body["index"]
            if isinstance(index, bool) or not isinstance(index, int):
                raise ApiError(422, "INVALID_MOVE_INDEX", "index must be an integer")
            if not 0 <= index < len(legal):
                raise ApiError(
                    422,
                    "INVALID_MOVE_INDEX",
                    f"index must be from 0 to {len(legal) - 1}, not {index}",
                )
        else:
            try:
                index = adapter.index_of(live.state, seat, body["move"])
            except ParlourError as exc:
                raise ApiError(422, exc.code, exc.message) from None
        state = adapter.apply_index(live.state, index)
        states = [state]
        _, bots = self._bots_after(live, state, live.version + 1, states)
        return states, [(index, legal[index]), *bots]

    async def move(self, live: LiveTable, seat: int, body: Mapping[str, Any]) -> list[Any]:
        """Play a ``POST /v1/tables/{id}/moves`` body for ``seat``, then the bots.

        The new moves are committed before the table shows them: until then every reader sees
        the table as it was. Moves of one table are made one at a time.

        Returns:
            The states after each new version, in order (the last is the current state).

        Raises:
            ApiError: 422 for a malformed body or an illegal move (the game's code), 409
                ``STALE_VERSION``, ``NOT_YOUR_TURN`` or ``GAME_OVER``.
        """
        async with live.lock():
            if live.stale:
                live.stale = False
                before = live.version
                self.notify(live, self.sync(live), before)
            states, moves = self._plan(live, seat, body)
            start = live.version
            try:
                await self.store.commit_moves(live.stored.id, start, moves)
            except Conflict:
                # another server process stored a move of this version first
                self.notify(live, self.sync(live), start)
                raise ApiError(
                    409, "STALE_VERSION", f"the table is at version {live.version}, not {start}"
                ) from None
            except BaseException:
                # the commit may or may not have happened (a client gone mid-commit): read the
                # table's moves from the store before it is used again
                live.stale = True
                raise
            if live.version != start:  # pragma: no cover - the lock keeps other writers out
                raise ApiError(500, "INTERNAL_ERROR", "the table changed during a move")
            live.state = states[-1]
            live.moves.extend(moves)
            return states

    def sync(self, live: LiveTable) -> list[Any]:
        """Apply the moves another server process stored since; returns the new states."""
        states: list[Any] = []
        for index, text in self.store.moves_after(live.stored.id, live.version):
            live.state = live.adapter.apply_index(live.state, index)
            live.moves.append((index, text))
            states.append(live.state)
        return states

    def listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """Follow the moves other server processes announce (a shared store), on ``loop``."""
        if self._listening or not self.store.shared:
            return

        def announced(table_id: str) -> None:
            loop.call_soon_threadsafe(self._announced, table_id)

        self.store.listen(announced)
        self._listening = True

    def _announced(self, table_id: str) -> None:
        # "" after a reconnect of the listener: any table may have moved meanwhile
        lives = [self._live.get(table_id)] if table_id else list(self._live.values())
        for live in lives:
            if live is not None and live.subscribers and not live.lock().locked():
                start = live.version
                self.notify(live, self.sync(live), start)

    def notify(self, live: LiveTable, states: list[Any], start: int) -> None:
        """Queue one update a version for every connected WebSocket of the table."""
        for seat, queue in list(live.subscribers):
            for k, state in enumerate(states):
                update = live.body(seat, state, start + k + 1)
                update["type"] = "update"
                queue.put_nowait(update)

    def record(self, live: LiveTable) -> dict[str, Any]:
        """The finished game's record.

        Raises:
            ApiError: 403 ``GAME_NOT_FINISHED`` before the end.
        """
        if not live.state.is_terminal:
            raise ApiError(403, "GAME_NOT_FINISHED", "the record is given after the game ends")
        return {
            "game": live.stored.game,
            "options": dict(live.stored.options),
            "seed": live.stored.seed,
            "moves": [text for _, text in live.moves],
            "notation": live.adapter.notation(live.state),
            "returns": live.adapter.returns(live.state),
        }
