"""``parlour serve``: routes, errors, tables, bots, records and the WebSocket, on a real server.

Every test talks to a uvicorn started on 127.0.0.1 with an ephemeral port in a subprocess
(``tests/_serve_util.py``) over a temporary SQLite database.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from _serve_util import Server, check_error
from parlour import GAMES
from parlour.serve._games import ADAPTERS

# The session-wide `server` fixture: one real server for every server test module.
pytest_plugins = ["_serve_fixture"]


def create(server: Server, body: dict[str, Any]) -> tuple[str, dict[str, str]]:
    status, out = server.request("POST", "/v1/tables", body)
    assert status == 201, out
    assert set(out) == {"table", "tokens"}
    return out["table"], out["tokens"]


def test_games_lists_every_registry_game_with_options_and_bots(server: Server) -> None:
    status, body = server.request("GET", "/v1/games")
    assert status == 200
    games = {g["id"]: g for g in body["games"]}
    assert set(games) == set(GAMES)
    for gid, spec in GAMES.items():
        assert games[gid]["title"] == spec.title
        assert set(games[gid]["options"]) == set(spec.options)
        assert "bot:random" in games[gid]["bots"]
        assert ("bot:computer" in games[gid]["bots"]) == spec.computer


@pytest.mark.parametrize(
    ("raw", "status", "code"),
    [
        (b"{", 400, "BAD_JSON"),
        (b"", 400, "BAD_JSON"),
        (b"[1, 2]", 422, "INVALID_BODY"),
        (b'{"game": "chess"}', 422, "UNKNOWN_GAME"),
        (b'{"game": 7}', 422, "UNKNOWN_GAME"),
        (b'{"game": "whist", "options": {"colour": "red"}}', 422, "UNKNOWN_OPTION"),
        (b'{"game": "whist", "options": {"no_trump": "maybe"}}', 422, "INVALID_OPTION"),
        (b'{"game": "whist", "options": []}', 422, "INVALID_OPTIONS"),
        (b'{"game": "whist", "seats": ["human"]}', 422, "INVALID_SEATS"),
        (b'{"game": "whist", "seats": ["human", "bot:genius", "human", "human"]}', 422, None),
        (b'{"game": "whist", "seats": ["human", "bot:computer", "human", "human"]}', 422, None),
        (b'{"game": "whist", "seed": -1}', 422, "INVALID_SEED"),
        (b'{"game": "whist", "seed": "7"}', 422, "INVALID_SEED"),
        (b'{"game": "whist", "seed": 1.5}', 422, "INVALID_SEED"),
        (b'{"game": "whist", "seed": true}', 422, "INVALID_SEED"),
        (b'{"game": "whist", "seat": 1}', 422, "UNKNOWN_FIELD"),
        (b'{"game": "mexican-train", "options": {"players": "9"}}', 422, "INVALID_OPTION"),
        (b'{"game": "durak", "options": {"seats": 3}, "seats": ["human"]}', 422, None),
        (b"[" * 100_000 + b"]" * 100_000, 400, "BAD_JSON"),
    ],
)
def test_bad_table_requests_get_a_coded_4xx(
    server: Server, raw: bytes, status: int, code: str | None
) -> None:
    check_error(server.request("POST", "/v1/tables", raw=raw), status, code)


def test_unknown_routes_and_methods_get_the_error_shape(server: Server) -> None:
    check_error(server.request("GET", "/v1/nothing"), 404, "NOT_FOUND")
    check_error(server.request("DELETE", "/v1/games"), 405, "METHOD_NOT_ALLOWED")
    check_error(server.request("GET", "/v1/tables/nope", token="x"), 401, "UNAUTHORIZED")


def test_a_body_over_one_mebibyte_is_413(server: Server) -> None:
    big = b'{"game": "whist", "pad": "' + b"x" * (1 << 20) + b'"}'
    check_error(server.request("POST", "/v1/tables", raw=big), 413, "BODY_TOO_LARGE")
    # the same without a Content-Length header (chunked)
    chunks = iter([big[i : i + 65536] for i in range(0, len(big), 65536)])
    import http.client
    import urllib.parse

    url = urllib.parse.urlparse(server.url)
    conn = http.client.HTTPConnection(str(url.hostname), url.port, timeout=30)
    conn.request("POST", "/v1/tables", body=chunks, encode_chunked=True)
    resp = conn.getresponse()
    assert resp.status == 413
    assert json.loads(resp.read())["error"]["code"] == "BODY_TOO_LARGE"
    conn.close()
    # a body just under the limit is read (and refused for what it says)
    ok = b'{"game": "whist", "pad": "' + b"x" * ((1 << 20) - 100) + b'"}'
    check_error(server.request("POST", "/v1/tables", raw=ok), 422, "UNKNOWN_FIELD")


def test_a_whist_table_from_creation_to_record(server: Server) -> None:
    seats = ["human", "human", "bot:random", "bot:first"]
    table, tokens = create(server, {"game": "whist", "seats": seats, "seed": 11})
    assert set(tokens) == {"0", "1"}
    assert all(len(t) >= 22 for t in tokens.values())
    _other, other_tokens = create(server, {"game": "whist", "seed": 12})

    # authorisation
    check_error(server.request("GET", f"/v1/tables/{table}"), 401, "UNAUTHORIZED")
    check_error(server.request("GET", f"/v1/tables/{table}", token="nope"), 401)
    check_error(
        server.request("GET", f"/v1/tables/{table}", token=other_tokens["0"]), 403, "FORBIDDEN"
    )
    check_error(server.request("GET", "/v1/tables/feedface", token=tokens["0"]), 404)
    check_error(server.request("GET", f"/v1/tables/{table}/record", token=tokens["0"]), 403)

    status, body = server.request("GET", f"/v1/tables/{table}", token=tokens["0"])
    assert status == 200
    assert list(body) == [
        "table",
        "game",
        "seat",
        "version",
        "to_move",
        "finished",
        "view",
        "legal",
    ]
    assert body["table"] == table
    assert body["game"] == "whist"
    assert body["seat"] == 0
    assert body["version"] == 0
    assert body["to_move"] == 0
    assert not body["finished"]
    assert body["legal"] == body["view"]["legal_moves"]
    assert body["legal"]
    assert len(body["view"]["hand"]) == 13
    status, one = server.request("GET", f"/v1/tables/{table}", token=tokens["1"])
    assert one["seat"] == 1
    assert one["legal"] == []
    assert one["view"]["seat"] == 1
    assert not set(one["view"]["hand"]) & set(body["view"]["hand"])

    # refusals change nothing
    path = f"/v1/tables/{table}/moves"
    first = body["legal"][0]
    check_error(
        server.request("POST", path, {"version": 1, "move": first}, token=tokens["0"]),
        409,
        "STALE_VERSION",
    )
    check_error(
        server.request("POST", path, {"version": 0, "move": first}, token=tokens["1"]),
        409,
        "NOT_YOUR_TURN",
    )
    check_error(
        server.request("POST", path, {"version": 0, "move": "ZZ"}, token=tokens["0"]),
        422,
        "INVALID_CARD",
    )
    theirs = one["view"]["hand"][0]
    check_error(
        server.request("POST", path, {"version": 0, "move": theirs}, token=tokens["0"]), 422
    )
    check_error(
        server.request("POST", path, {"version": 0, "index": 13}, token=tokens["0"]),
        422,
        "INVALID_MOVE_INDEX",
    )
    check_error(server.request("POST", path, {"version": 0, "index": "0"}, token=tokens["0"]), 422)
    check_error(server.request("POST", path, {"version": "0", "index": 0}, token=tokens["0"]), 422)
    check_error(server.request("POST", path, {"version": 0}, token=tokens["0"]), 422)
    check_error(
        server.request("POST", path, {"version": 0, "index": 0, "move": first}, token=tokens["0"]),
        422,
    )
    check_error(server.request("POST", path, raw=b"{", token=tokens["0"]), 400, "BAD_JSON")
    check_error(server.request("POST", path, {"version": 0, "index": 0}), 401)
    assert server.request("GET", f"/v1/tables/{table}", token=tokens["0"]) == (200, body)

    # play: seat 1 follows; bots move on the server, one version a move
    rng = random.Random(5)
    status, state = server.request("POST", path, {"version": 0, "move": first}, token=tokens["0"])
    assert status == 200
    assert state["version"] == 1
    assert state["seat"] == 0
    assert first not in state["view"]["hand"]
    moves = 1
    while not state["finished"]:
        seat = state["to_move"]
        status, state = server.request("GET", f"/v1/tables/{table}", token=tokens[str(seat)])
        assert state["legal"]
        body_move: dict[str, Any] = {"version": state["version"]}
        if rng.random() < 0.5:
            body_move["index"] = rng.randrange(len(state["legal"]))
        else:
            body_move["move"] = rng.choice(state["legal"])
        status, after = server.request("POST", path, body_move, token=tokens[str(seat)])
        assert status == 200, after
        assert after["version"] > state["version"]
        state = after
        moves += 1
    assert state["version"] == 52
    assert state["to_move"] is None
    assert state["legal"] == []
    check_error(
        server.request("POST", path, {"version": 52, "index": 0}, token=tokens["0"]),
        409,
        "GAME_OVER",
    )

    status, record = server.request("GET", f"/v1/tables/{table}/record", token=tokens["1"])
    assert status == 200
    assert list(record) == ["game", "options", "seed", "moves", "notation", "returns"]
    assert record["game"] == "whist"
    assert record["seed"] == 11
    assert record["options"] == {"no_trump": "false"}
    assert len(record["moves"]) == 52
    # the record replays to the same position, move text by move text
    adapter = ADAPTERS["whist"]
    local = adapter.new(record["options"], record["seed"])
    for text in record["moves"]:
        local = adapter.apply_index(
            local, adapter.legal(local, adapter.actor(local) or 0).index(text)
        )
    assert adapter.notation(local) == record["notation"]
    assert adapter.returns(local) == record["returns"]
    assert sum(record["returns"]) == 13


def test_the_store_keeps_only_token_hashes(server: Server) -> None:
    table, tokens = create(server, {"game": "durak", "seed": 3})
    db_path = Path(server.db)
    raw = b"".join(p.read_bytes() for p in db_path.parent.glob("parlour.db*"))
    for token in tokens.values():
        assert token.encode() not in raw
    db = sqlite3.connect(db_path)
    try:
        hashes = {h for (h,) in db.execute("SELECT hash FROM tokens WHERE table_id = ?", (table,))}
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        db.close()
    import hashlib

    assert hashes == {hashlib.sha256(t.encode()).hexdigest() for t in tokens.values()}


def _play_out(
    server: Server, table: str, tokens: dict[str, str], rng: random.Random
) -> dict[str, Any]:
    """Play random legal moves for the human seats until the end; returns the last state."""
    some = next(iter(tokens.values()))
    status, state = server.request("GET", f"/v1/tables/{table}", token=some)
    assert status == 200
    while not state["finished"]:
        token = tokens[str(state["to_move"])]
        status, state = server.request("GET", f"/v1/tables/{table}", token=token)
        move = rng.choice(state["legal"])
        status, state = server.request(
            "POST",
            f"/v1/tables/{table}/moves",
            {"version": state["version"], "move": move},
            token=token,
        )
        assert status == 200, state
    assert isinstance(state, dict)
    return state


SMALL_OPTIONS: dict[str, dict[str, Any]] = {
    "mexican-train": {"players": 3, "set": 9, "length": "short"},
    "durak": {"seats": 3},
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_plays_through_a_table_with_bots_and_humans(server: Server, game: str) -> None:
    adapter = ADAPTERS[game]
    options = SMALL_OPTIONS.get(game, {})
    count = adapter.seats(adapter.check_options(options))
    bots = [f"bot:{b}" for b in adapter.bots]
    seats = ["human"] + [bots[i % len(bots)] for i in range(count - 2)] + ["human"]
    table, tokens = create(server, {"game": game, "options": options, "seats": seats, "seed": 21})
    assert set(tokens) == {"0", str(count - 1)}
    state = _play_out(server, table, tokens, random.Random(1))
    status, record = server.request("GET", f"/v1/tables/{table}/record", token=tokens["0"])
    assert status == 200
    assert record["returns"] == state["view"]["returns"]
    assert len(record["moves"]) == state["version"]
    # a table of bots only plays out at once
    table, tokens = create(server, {"game": game, "options": options, "seats": [bots[-1]] * count})
    assert tokens == {}


def test_the_websocket_syncs_then_sends_one_update_a_version(server: Server) -> None:
    seats = ["human", "bot:random", "human", "bot:random"]
    table, tokens = create(server, {"game": "bridge-play", "seats": seats, "seed": 8})
    url = f"{server.ws_url}/v1/tables/{table}/ws"
    status, body = server.request("GET", f"/v1/tables/{table}", token=tokens["0"])

    with connect(url, open_timeout=10) as ws:
        ws.send(json.dumps({"token": "wrong"}))
        with pytest.raises(ConnectionClosed) as info:
            ws.recv(timeout=10)
        assert info.value.rcvd is not None
        assert info.value.rcvd.code == 4401
    with connect(url, open_timeout=10) as ws:
        ws.send("not json")
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)

    with connect(url, open_timeout=10) as ws0, connect(url, open_timeout=10) as ws2:
        ws0.send(json.dumps({"token": tokens["0"]}))
        ws2.send(json.dumps({"token": tokens["2"]}))
        sync0 = json.loads(ws0.recv(timeout=10))
        sync2 = json.loads(ws2.recv(timeout=10))
        assert sync0.pop("type") == "sync"
        assert sync2.pop("type") == "sync"
        assert sync0 == body
        assert sync2["seat"] == 2
        assert sync2["version"] == body["version"]
        version = body["version"]
        for _ in range(6):
            status, now = server.request(
                "GET",
                f"/v1/tables/{table}",
                token=tokens[str(body["to_move"] if body["to_move"] is not None else 0)],
            )
            seat = now["to_move"]
            status, after = server.move(table, tokens[str(seat)], now["version"], 0)
            assert status == 200, after
            for ws, who in ((ws0, 0), (ws2, 2)):
                for v in range(version + 1, after["version"] + 1):
                    update = json.loads(ws.recv(timeout=10))
                    assert update.pop("type") == "update"
                    assert update["version"] == v
                    assert update["seat"] == who
                status, mine = server.request("GET", f"/v1/tables/{table}", token=tokens[str(who)])
                assert update == mine
            version = after["version"]
            body = after
    # a reconnecting client gets sync again, at the current version
    with connect(url, open_timeout=10) as ws:
        ws.send(json.dumps({"token": tokens["2"]}))
        again = json.loads(ws.recv(timeout=10))
        assert again["type"] == "sync"
        assert again["version"] == version


def test_the_database_file_is_sqlite_in_wal_mode(tmp_path: Path) -> None:
    from parlour.serve._store import SqliteStore

    store = SqliteStore(tmp_path / "x.db")
    store.close()
    db = sqlite3.connect(tmp_path / "x.db")
    try:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        db.close()


def test_openapi_schema_is_served(server: Server) -> None:
    status, schema = server.request("GET", "/openapi.json")
    assert status == 200
    paths = set(schema["paths"])
    assert {"/v1/games", "/v1/tables", "/v1/tables/{table_id}", "/v1/engines"} <= paths


def test_the_readme_example_plays(server: Server) -> None:
    # README.md: a Durak table against the computer, seed 1, where the human seat opens
    table, tokens = create(server, {"game": "durak", "seats": ["human", "bot:computer"], "seed": 1})
    status, body = server.request("GET", f"/v1/tables/{table}", token=tokens["0"])
    assert status == 200
    assert body["version"] == 0
    assert body["to_move"] == 0
    status, after = server.request(
        "POST", f"/v1/tables/{table}/moves", {"version": 0, "index": 0}, token=tokens["0"]
    )
    assert status == 200
    assert after["version"] >= 1
    status, deck = server.request("POST", "/v1/dalmara/createDeck", {"args": []})
    assert deck["result"][:2] == ["2s", "3s"]


def test_every_error_code_the_server_gives_is_documented() -> None:
    import re

    import parlour.serve as parlour_serve

    root = Path(__file__).resolve().parent.parent
    doc = (root / "docs/serve.md").read_text()
    rows = "\n".join(line for line in doc.splitlines() if line.startswith("| "))
    documented = set(re.findall(r"`([A-Z][A-Z_]+)`", rows))
    raised: set[str] = set()
    for path in Path(parlour_serve.__file__).parent.glob("*.py"):
        text = path.read_text()
        raised |= set(
            re.findall(r'(?:ApiError|EngineCallError|error_response)\(\s*\d+,\s*"([A-Z_]+)"', text)
        )
        raised |= set(re.findall(r'Error\(\s*"([A-Z_]+)"', text))
    assert len(raised) > 20
    assert raised <= documented | {"HTTP_ERROR"}, sorted(raised - documented)


def test_the_serve_benchmark_runs() -> None:
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root / "python"))
    out = subprocess.run(
        [
            sys.executable,
            str(root / "benches/bench_serve.py"),
            "--seconds",
            "0.2",
            "--connections",
            "1,4",
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    doc = json.loads(out.stdout)
    for n in ("1", "4"):
        for key in ("dispatch", "constant", "table_moves"):
            assert doc["connections"][n][key]["requests"] > 0
    assert doc["websocket_update"]["updates"] > 0
    assert set(doc["ratios"]) == {"dispatch_vs_constant_1", "dispatch_vs_constant_4"}


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = st.sampled_from(
    ["game", "options", "seats", "seed", "version", "move", "index", "args", "token"]
)
BODIES = st.one_of(
    JSON_VALUES.map(lambda v: json.dumps(v).encode()),
    st.dictionaries(FIELDS, JSON_VALUES, max_size=4).map(lambda v: json.dumps(v).encode()),
    st.binary(max_size=40),
)


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_no_route_of_the_schema_answers_5xx_to_garbage(server: Server, data: st.DataObject) -> None:
    # A small stand-in for a schemathesis run: every route and method of /openapi.json, with
    # garbage path parameters, bodies and tokens, answers below 500 in the error shape.
    status, schema = server.request("GET", "/openapi.json")
    assert status == 200
    for path, methods in sorted(schema["paths"].items()):
        for method in sorted(methods):
            concrete = path
            for name in ("table_id", "engine", "function"):
                value = data.draw(
                    st.sampled_from(
                        ["x", "dalmara", "mexican-train", "%20", "createDeck", "0" * 40]
                    )
                )
                concrete = concrete.replace("{" + name + "}", value)
            body = data.draw(BODIES) if method.upper() == "POST" else None
            token = data.draw(
                st.none() | st.text(alphabet="abcXYZ_-0123456789", min_size=1, max_size=30)
            )
            got = server.request(method.upper(), concrete, raw=body, token=token)
            assert got[0] < 500, (method, concrete, body, got)
            if got[0] >= 400:
                check_error(got, got[0])
