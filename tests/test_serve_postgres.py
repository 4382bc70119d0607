"""``parlour serve --db postgresql://...``: two server processes share the tables.

A throwaway PostgreSQL cluster (Debian's ``initdb``/``pg_ctl``, run as the ``postgres`` user
when the tests run as root) listens on a Unix socket in a temporary directory; two servers use
it. A move made through one reaches the WebSocket clients of the other (``LISTEN/NOTIFY``), and
either serves the table at its latest version. Skipped only where PostgreSQL is not installed.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from _serve_util import Server, check_error


def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _as_postgres() -> list[str]:
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


@pytest.fixture(scope="module")
def dsn() -> Iterator[str]:
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL is not installed")
    pytest.importorskip("psycopg")
    base = Path(tempfile.mkdtemp(prefix="parlour-pg-"))
    if os.geteuid() == 0:
        shutil.chown(base, "postgres", "postgres")
    data = base / "data"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    run = _as_postgres()
    subprocess.run(
        [*run, initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"],
        check=True,
        capture_output=True,
        timeout=120,
    )
    options = f"-k {base} -p {port} -c listen_addresses='' -c fsync=off"
    subprocess.run(
        [*run, pg_ctl, "-D", str(data), "-o", options, "-l", str(base / "log"), "-w", "start"],
        check=True,
        capture_output=True,
        timeout=120,
    )
    try:
        yield f"postgresql://postgres@/postgres?host={base}&port={port}"
    finally:
        subprocess.run(
            [*run, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(base, ignore_errors=True)


def test_two_server_processes_share_tables_and_updates(dsn: str) -> None:
    a = Server(dsn).start()
    b = Server(dsn).start()
    try:
        status, out = a.request("POST", "/v1/tables", {"game": "durak", "seed": 1})
        assert status == 201
        table, tokens = out["table"], out["tokens"]
        status, on_b = b.request("GET", f"/v1/tables/{table}", token=tokens["1"])
        assert status == 200
        assert on_b["version"] == 0
        with connect(f"{b.ws_url}/v1/tables/{table}/ws", open_timeout=10) as ws:
            ws.send(json.dumps({"token": tokens["1"]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "sync"
            version = 0
            for _ in range(4):
                status, body = a.request("GET", f"/v1/tables/{table}", token=tokens["0"])
                seat = body["to_move"]
                server = a if version % 2 == 0 else b
                status, after = server.move(table, tokens[str(seat)], body["version"], 0)
                assert status == 200, after
                # B's client hears of every version, wherever the move was made
                for v in range(body["version"] + 1, after["version"] + 1):
                    update = json.loads(ws.recv(timeout=15))
                    assert update["type"] == "update"
                    assert update["version"] == v
                version = after["version"]
                # a stale write through the other process is refused
                other = b if server is a else a
                check_error(
                    other.move(table, tokens[str(seat)], body["version"], 0),
                    409,
                    "STALE_VERSION",
                )
        for srv in (a, b):
            status, body = srv.request("GET", f"/v1/tables/{table}", token=tokens["0"])
            assert body["version"] == version
    finally:
        for srv in (a, b):
            err = srv.stop()
            assert "Traceback" not in err, err
