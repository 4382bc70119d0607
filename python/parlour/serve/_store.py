"""The server's durable store: a table is its game, options, seed, seats and moves.

SQLite in WAL mode with ``synchronous=FULL`` (the default): a move's transaction is on disk
before the server answers, so killing the process at any instant loses no acknowledged move.
PostgreSQL (``postgresql://...``, psycopg 3) lets several server processes share the tables:
each committed move is announced with ``NOTIFY parlour_moves`` so that the other processes
bring their copy up to date and tell their WebSocket clients. Only a SHA-256 hash of each
seat's token is kept.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

__all__ = ["Conflict", "PostgresStore", "SqliteStore", "StoredTable", "open_store"]


class Conflict(Exception):
    """A move of that version is already stored (another process or request wrote it first)."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    version INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, version)
);
"""


@dataclass(frozen=True, slots=True)
class _Pending:
    """A move batch waiting for the group commit."""

    table_id: str
    version: int
    moves: list[tuple[int, str]]
    future: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop


def _settle(future: asyncio.Future[None], outcome: BaseException | None) -> None:
    if future.done():
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as the store holds it.

    Attributes:
        id: The table id.
        game: The registry id.
        options: The checked options.
        seed: The seed of the deal.
        seats: Each seat's occupant, ``"human"`` or ``"bot:<name>"``.
        moves: Every move in order, as ``(index, text)``.
    """

    id: str
    game: str
    options: dict[str, str]
    seed: int
    seats: tuple[str, ...]
    moves: tuple[tuple[int, str], ...]


_INSERT_TABLE = (
    "INSERT INTO tables (id, game, options, seed, seats, created) VALUES (?, ?, ?, ?, ?, ?)"
)
_INSERT_TOKENS = "INSERT INTO tokens (hash, table_id, seat) VALUES (?, ?, ?)"
_INSERT_MOVES = "INSERT INTO moves (table_id, version, idx, text) VALUES (?, ?, ?, ?)"


def _move_rows(
    table_id: str, version: int, moves: Sequence[tuple[int, str]]
) -> list[tuple[str, int, int, str]]:
    """The ``moves`` rows of ``moves`` stored after ``version``."""
    return [(table_id, version + k + 1, i, t) for k, (i, t) in enumerate(moves)]


class _Cursor(Protocol):
    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> object: ...


class _Connection(Protocol):
    def execute(self, sql: str, params: Sequence[Any], /) -> _Cursor: ...

    def cursor(self) -> _Cursor: ...


class _SqlStore:
    """What the SQLite and PostgreSQL stores share: the statements and how a table is kept.

    The statements are written with ``?`` placeholders; a dialect names its own (:attr:`_mark`),
    how it makes a transaction, which error is a conflict and whether a commit is announced.
    """

    _mark = "?"
    _db: _Connection
    _lock: threading.Lock
    _conflict: type[Exception]

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self._mark)

    def _transaction(self) -> AbstractContextManager[object]:
        raise NotImplementedError

    def _announce(self, table_id: str, version: int) -> None:
        """Tell the other processes that ``table_id`` is at ``version`` (a hook; nothing here)."""

    def _insert(self, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            self._db.cursor().executemany(self._sql(statement), rows)

    def create_table(self, table: StoredTable, token_hashes: Sequence[tuple[str, int]]) -> None:
        """Store a new table, its token hashes and its first moves in one transaction."""
        row = (
            table.id,
            table.game,
            json.dumps(table.options, sort_keys=True),
            str(table.seed),
            json.dumps(list(table.seats)),
            time.time(),
        )
        with self._lock, self._transaction():
            self._insert(_INSERT_TABLE, [row])
            self._insert(_INSERT_TOKENS, [(h, table.id, seat) for h, seat in token_hashes])
            self._insert(_INSERT_MOVES, _move_rows(table.id, 0, table.moves))

    def add_moves(self, table_id: str, version: int, moves: Sequence[tuple[int, str]]) -> None:
        """Append ``moves`` after ``version`` (the table's current version) in one transaction.

        Where other processes share the store, the same transaction announces the moves.

        Raises:
            Conflict: When a move of that version is already stored.
        """
        try:
            with self._lock, self._transaction():
                self._insert(_INSERT_MOVES, _move_rows(table_id, version, moves))
                self._announce(table_id, version + len(moves))
        except self._conflict:
            raise Conflict(table_id) from None

    def load(self, table_id: str) -> StoredTable | None:
        """The table with its moves, or None."""
        with self._lock:
            row = self._db.execute(
                self._sql("SELECT id, game, options, seed, seats FROM tables WHERE id = ?"),
                (table_id,),
            ).fetchone()
            if row is None:
                return None
            moves = self._db.execute(
                self._sql("SELECT idx, text FROM moves WHERE table_id = ? ORDER BY version"),
                (table_id,),
            ).fetchall()
        return StoredTable(
            id=row[0],
            game=row[1],
            options=dict(json.loads(row[2])),
            seed=int(row[3]),
            seats=tuple(json.loads(row[4])),
            moves=tuple((int(i), str(t)) for i, t in moves),
        )

    def moves_after(self, table_id: str, version: int) -> list[tuple[int, str]]:
        """The moves after ``version``, in order."""
        with self._lock:
            rows = self._db.execute(
                self._sql(
                    "SELECT idx, text FROM moves WHERE table_id = ? AND version > ?"
                    " ORDER BY version"
                ),
                (table_id, version),
            ).fetchall()
        return [(int(i), str(t)) for i, t in rows]

    def token(self, token_hash: str) -> tuple[str, int] | None:
        """The ``(table id, seat)`` of a token hash, or None."""
        with self._lock:
            row = self._db.execute(
                self._sql("SELECT table_id, seat FROM tokens WHERE hash = ?"), (token_hash,)
            ).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))


class SqliteStore(_SqlStore):
    """Tables, token hashes and moves in one SQLite file (WAL mode).

    Args:
        path: The database file (created if missing).
    """

    shared = False
    """Whether other server processes may write the same tables (never, for a file)."""

    _conflict = sqlite3.IntegrityError

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._sqlite = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db = self._sqlite
        self._sqlite.execute("PRAGMA journal_mode=WAL")
        self._sqlite.execute("PRAGMA synchronous=FULL")
        self._sqlite.execute("PRAGMA foreign_keys=ON")
        self._sqlite.executescript(_SCHEMA)
        self._queue: list[_Pending] = []
        self._wake = threading.Condition()
        self._writer: threading.Thread | None = None
        self._closed = False

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._sqlite.execute("BEGIN IMMEDIATE")
        try:
            yield
            self._sqlite.execute("COMMIT")
        except BaseException:
            self._sqlite.execute("ROLLBACK")
            raise

    def close(self) -> None:
        """Close the database (after the commits queued so far)."""
        with self._wake:
            self._closed = True
            self._wake.notify()
        if self._writer is not None:
            self._writer.join(10)
        with self._lock:
            self._sqlite.close()

    async def commit_moves(
        self, table_id: str, version: int, moves: Sequence[tuple[int, str]]
    ) -> None:
        """:meth:`add_moves`, committed together with the moves of other requests waiting.

        A group commit: a writer thread takes every move batch queued, stores each under a
        savepoint (a batch that conflicts is refused alone) and commits them in one transaction,
        one sync to disk for all; each caller resumes once its batch is on disk.

        Raises:
            Conflict: When a move of that version is already stored.
        """
        loop = asyncio.get_running_loop()
        pending = _Pending(table_id, version, list(moves), loop.create_future(), loop)
        with self._wake:
            if self._writer is None:
                self._writer = threading.Thread(target=self._write, name="parlour-commit")
                self._writer.daemon = True
                self._writer.start()
            self._queue.append(pending)
            self._wake.notify()
        await asyncio.shield(pending.future)

    def _write(self) -> None:
        while True:
            with self._wake:
                while not self._queue and not self._closed:
                    self._wake.wait()
                if not self._queue:
                    return
                batch, self._queue = self._queue, []
            outcomes: list[BaseException | None] = [None] * len(batch)
            try:
                with self._lock, self._transaction():
                    db = self._sqlite
                    for k, p in enumerate(batch):
                        db.execute("SAVEPOINT batch")
                        try:
                            db.executemany(
                                _INSERT_MOVES, _move_rows(p.table_id, p.version, p.moves)
                            )
                            db.execute("RELEASE batch")
                        except sqlite3.IntegrityError:
                            db.execute("ROLLBACK TO batch")
                            db.execute("RELEASE batch")
                            outcomes[k] = Conflict(p.table_id)
            except Exception as exc:
                outcomes = [exc] * len(batch)
            for p, outcome in zip(batch, outcomes, strict=True):
                p.loop.call_soon_threadsafe(_settle, p.future, outcome)

    def listen(self, callback: Callable[[str], None]) -> None:
        """Nothing: no other process writes a SQLite store's tables."""


_PG_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
        seats TEXT NOT NULL, created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tokens (
        hash TEXT PRIMARY KEY, table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS moves (
        table_id TEXT NOT NULL REFERENCES tables(id), version INTEGER NOT NULL,
        idx INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (table_id, version))""",
)

_CHANNEL = "parlour_moves"


class PostgresStore(_SqlStore):
    """The same tables in PostgreSQL (psycopg 3), shared by several server processes.

    Args:
        dsn: A ``postgresql://`` connection string.

    Raises:
        psycopg.Error: The database cannot be reached.
    """

    shared = True
    """Whether other server processes may write the same tables (yes)."""

    _mark = "%s"

    def __init__(self, dsn: str) -> None:
        import psycopg

        self.dsn = dsn
        self._psycopg = psycopg
        self._conflict = psycopg.errors.UniqueViolation
        self._lock = threading.Lock()
        self._pg = psycopg.connect(dsn, autocommit=True)
        self._db = self._pg
        with self._pg.transaction():
            self._pg.execute("SELECT pg_advisory_xact_lock(727271)")
            for statement in _PG_SCHEMA:
                self._pg.execute(statement)
        self._listener: threading.Thread | None = None

    def _transaction(self) -> AbstractContextManager[object]:
        return self._pg.transaction()

    def _announce(self, table_id: str, version: int) -> None:
        self._pg.execute("SELECT pg_notify(%s, %s)", (_CHANNEL, f"{table_id}:{version}"))

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._pg.close()

    async def commit_moves(
        self, table_id: str, version: int, moves: Sequence[tuple[int, str]]
    ) -> None:
        """:meth:`add_moves` on a worker thread.

        Raises:
            Conflict: When a move of that version is already stored.
        """
        await asyncio.to_thread(self.add_moves, table_id, version, list(moves))

    def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(table_id)`` (on a thread of its own) for every move announced.

        ``LISTEN`` is in effect when this returns, so no move committed afterwards is missed.
        After a lost connection the thread reconnects and calls ``callback("")``: every table
        may have moved meanwhile.

        Raises:
            psycopg.Error: PostgreSQL cannot be reached.
        """
        if self._listener is not None:
            return
        first = self._psycopg.connect(self.dsn, autocommit=True)
        first.execute(f"LISTEN {_CHANNEL}")

        def run() -> None:
            conn = first
            while True:
                try:
                    for note in conn.notifies():
                        callback(note.payload.partition(":")[0])
                except self._psycopg.Error:
                    pass
                while True:
                    time.sleep(0.5)
                    try:
                        conn = self._psycopg.connect(self.dsn, autocommit=True)
                        conn.execute(f"LISTEN {_CHANNEL}")
                        break
                    except self._psycopg.Error:
                        continue
                callback("")

        self._listener = threading.Thread(target=run, name="parlour-listen", daemon=True)
        self._listener.start()


def open_store(db: str | Path) -> SqliteStore | PostgresStore:
    """The store a ``--db`` value names: a ``postgresql://`` URL or a SQLite file.

    Raises:
        sqlite3.Error: The SQLite file cannot be opened.
        psycopg.Error: PostgreSQL cannot be reached.
        ImportError: psycopg is not installed.
    """
    text = str(db)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresStore(text)
    return SqliteStore(text)
