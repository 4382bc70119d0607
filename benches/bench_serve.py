"""``parlour serve`` on loopback: requests per second and latency, as one JSON document.

Starts the server in a subprocess on 127.0.0.1 (an ephemeral port, a temporary database) with
one extra route, ``POST /bench/constant``, a FastAPI endpoint that returns a constant: the
baseline the engine functions are measured against in the same run. Measures, at 1 and at 64
connections (HTTP/1.1 keep-alive, a minimal asyncio client): ``dispatch`` (Dal Mara's first
card play of a dealt game), the constant endpoint, and table moves (whist tables of four human
seats, a move per request, each committed to SQLite before its answer); then the WebSocket
update latency (a move posted to the table until its update arrives). Bounded in time by
``--seconds`` a measurement.

    python benches/bench_serve.py [--seconds 2] [--connections 1,64] [--write BENCHMARKS.md]

``--write`` replaces the ``parlour serve`` section at the end of the page (from its marker on).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def serve(db: str) -> None:
    """The server process: parlour's app with the constant endpoint beside it."""
    import socket

    import uvicorn

    from parlour.serve._app import BodyLimit, create_app

    app = create_app(db)

    @app.post("/bench/constant")
    async def constant() -> dict[str, Any]:
        return {"result": 1}

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    print(sock.getsockname()[1], flush=True)
    config = uvicorn.Config(BodyLimit(app), log_level="warning", lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])


class Client:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def request(
        self, method: str, path: str, body: bytes = b"", token: str | None = None
    ) -> tuple[int, Any]:
        assert self.reader is not None
        assert self.writer is not None
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(body)}\r\n"
        head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + body)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        data = await self.reader.readexactly(length)
        return status, json.loads(data)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def _summary(latencies: list[float], elapsed: float) -> dict[str, float]:
    lat = sorted(latencies)
    q = statistics.quantiles(lat, n=100) if len(lat) >= 2 else lat * 99
    return {
        "requests": len(lat),
        "rps": round(len(lat) / elapsed, 1),
        "p50_ms": round(q[49] * 1e3, 3),
        "p99_ms": round(q[98] * 1e3, 3),
    }


async def _load(port: int, connections: int, seconds: float, make: Any) -> dict[str, float]:
    """Run ``connections`` clients for ``seconds``; ``make(client)`` gives each its step."""
    clients = [Client(port) for _ in range(connections)]
    for c in clients:
        await c.open()
    steps = [await make(c) for c in clients]
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def run(step: Any) -> None:
        while time.perf_counter() < deadline:
            t = time.perf_counter()
            await step()
            latencies.append(time.perf_counter() - t)

    start = time.perf_counter()
    await asyncio.gather(*(run(s) for s in steps))
    elapsed = time.perf_counter() - start
    for c in clients:
        c.close()
    return _summary(latencies, elapsed)


def _dispatch_body() -> bytes:
    from parlour import dalmara as dm

    game = dm.create_game("4p", 0, [{"seat": i} for i in range(4)], rules="dal-mara-engine")
    dealt = dm.deal_four_player(game.unwrap(), {"seat": 0, "deck": dm.create_deck()}).unwrap()
    dmn = dm.serialize_dmn(dealt)
    seat = dealt.next_move_seat
    card = dm.get_legal_moves(dmn, seat)[0].card
    action = {"type": "PLAY_CARD", "payload": {"seat": seat, "card": card}}
    return json.dumps({"args": [dmn, action], "options": {"rules": "dal-mara-engine"}}).encode()


async def _measure(port: int, connections: int, seconds: float) -> dict[str, Any]:
    body = _dispatch_body()

    async def dispatch(c: Client) -> Any:
        async def step() -> None:
            status, _ = await c.request("POST", "/v1/dalmara/dispatch", body)
            assert status == 200

        return step

    async def constant(c: Client) -> Any:
        async def step() -> None:
            status, _ = await c.request("POST", "/bench/constant", body)
            assert status == 200

        return step

    async def moves(c: Client) -> Any:
        table: dict[str, Any] = {}

        async def new_table() -> None:
            status, out = await c.request("POST", "/v1/tables", b'{"game": "whist"}')
            assert status == 201
            table.update(id=out["table"], tokens=out["tokens"], version=0, to_move=0)

        await new_table()

        async def step() -> None:
            if table["to_move"] is None:
                await new_table()
            move = json.dumps({"version": table["version"], "index": 0}).encode()
            status, out = await c.request(
                "POST",
                f"/v1/tables/{table['id']}/moves",
                move,
                token=table["tokens"][str(table["to_move"])],
            )
            assert status == 200, out
            table["version"], table["to_move"] = out["version"], out["to_move"]

        return step

    return {
        "dispatch": await _load(port, connections, seconds, dispatch),
        "constant": await _load(port, connections, seconds, constant),
        "table_moves": await _load(port, connections, seconds, moves),
    }


async def _ws_latency(port: int, seconds: float) -> dict[str, float]:
    from websockets.asyncio.client import connect

    c = Client(port)
    await c.open()
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        status, out = await c.request("POST", "/v1/tables", b'{"game": "whist"}')
        assert status == 201
        tokens = out["tokens"]
        async with connect(f"ws://127.0.0.1:{port}/v1/tables/{out['table']}/ws") as ws:
            await ws.send(json.dumps({"token": tokens["0"]}))
            json.loads(await ws.recv())
            version, to_move = 0, 0
            while to_move is not None and time.perf_counter() < deadline:
                move = json.dumps({"version": version, "index": 0}).encode()
                t = time.perf_counter()
                _status, state = await c.request(
                    "POST", f"/v1/tables/{out['table']}/moves", move, token=tokens[str(to_move)]
                )
                update = json.loads(await ws.recv())
                latencies.append(time.perf_counter() - t)
                assert update["version"] == state["version"]
                version, to_move = state["version"], state["to_move"]
    c.close()
    lat = sorted(latencies)
    return {
        "updates": len(lat),
        "p50_ms": round(statistics.median(lat) * 1e3, 3),
        "p99_ms": round(lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e3, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds a measurement")
    parser.add_argument("--connections", default="1,64", help="connection counts (1,64)")
    parser.add_argument("--write", type=Path, default=None, help="write its BENCHMARKS.md section")
    parser.add_argument("--serve", metavar="DB", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(ROOT / "python"), *filter(None, [env.get("PYTHONPATH")])]
        )
        proc = subprocess.Popen(
            [sys.executable, __file__, "--serve", str(Path(tmp) / "bench.db")],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        try:
            assert proc.stdout is not None
            port = int(proc.stdout.readline())
            asyncio.run(_wait(port))
            doc: dict[str, Any] = {"seconds": args.seconds, "connections": {}}
            for n in (int(x) for x in args.connections.split(",")):
                doc["connections"][str(n)] = asyncio.run(_measure(port, n, args.seconds))
            doc["websocket_update"] = asyncio.run(_ws_latency(port, args.seconds))
            ratios = {}
            for n, row in doc["connections"].items():
                ratios[f"dispatch_vs_constant_{n}"] = round(
                    row["dispatch"]["rps"] / row["constant"]["rps"], 3
                )
            doc["ratios"] = ratios
            doc["targets"] = {
                "dispatch_vs_constant": 0.7,
                "p99_ms_at_64": 20.0,
                "table_moves_per_second": 1000.0,
            }
        finally:
            proc.terminate()
            proc.wait(10)
    print(json.dumps(doc, indent=2))
    if args.write:
        old = args.write.read_text() if args.write.exists() else ""
        marker = old.find(MARKER)
        head = (old[:marker] if marker >= 0 else old).rstrip("\n")
        args.write.write_text(head + "\n" + _section(doc))


MARKER = "\n<!-- bench_serve -->"


def _section(doc: dict[str, Any]) -> str:
    """The ``parlour serve`` section of BENCHMARKS.md."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        MARKER.strip(),
        "## parlour serve (loopback)",
        "",
        "`benches/bench_serve.py`: one server process (uvicorn, one worker, SQLite WAL with "
        "`synchronous=FULL`, group commit) and one client process on the same machine, "
        f"{doc['seconds']} s a measurement; load average {load:.1f} at the start of the run "
        f"({os.cpu_count()} CPUs). `constant` is a FastAPI endpoint returning a constant, in the "
        "same server; `table_moves` are whist moves of four human seats, each committed "
        "before its answer."
        + (
            " The machine was shared with other work during this run (load above its CPU"
            " count), so these figures show far less than it gives idle, and they do not show"
            " whether the targets below are met."
            if load > (os.cpu_count() or 1)
            else ""
        ),
        "",
        "| connections | route | requests/s | p50 ms | p99 ms |",
        "|---|---|---:|---:|---:|",
    ]
    for n, row in doc["connections"].items():
        for route, fig in row.items():
            lines.append(
                f"| {n} | {route} | {fig['rps']:,.0f} | {fig['p50_ms']} | {fig['p99_ms']} |"
            )
    ws = doc["websocket_update"]
    lines += [
        "",
        f"WebSocket update (a move posted until its update arrives): p50 {ws['p50_ms']} ms, "
        f"p99 {ws['p99_ms']} ms over {ws['updates']} updates.",
        "",
        "Ratios, dispatch to constant: "
        + ", ".join(f"{k.rsplit('_', 1)[-1]} connection(s) {v}" for k, v in doc["ratios"].items())
        + ". Targets: dispatch at least 0.7 of the constant endpoint, p99 under 20 ms"
        " at 64 connections, table moves at least 1,000 a second.",
        "",
        "```sh",
        "python benches/bench_serve.py --seconds 2 --write BENCHMARKS.md",
        "```",
        "",
    ]
    return "\n".join(lines)


async def _wait(port: int) -> None:
    for _ in range(300):
        try:
            c = Client(port)
            await c.open()
            c.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


if __name__ == "__main__":
    main()
