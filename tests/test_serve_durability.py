"""``parlour serve``: nothing hidden leaks to a seat, and nothing acknowledged is lost to SIGKILL."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from _serve_util import Server
from parlour.serve._games import ADAPTERS

# The session-wide `server` fixture: one real server for every server test module.
pytest_plugins = ["_serve_fixture"]

# Keys of a view whose cards other seats hold in the open, as each game's docs say: Dal Mara
# 2p's cards known from the stacks, Mexican Train's ends shown, Durak's picked-up cards, cards
# shown lacking and the turned-up trump, bridge's dummy once exposed (and declarer's choices
# for it, which are its "legal" when dummy is to play).
PUBLIC = {
    "dalmara-2p": {"known"},
    "mexican-train": {"shown"},
    "durak": {"known", "lacks", "trump_card"},
    "bridge-play": {"dummy_hand", "choices", "legal"},
}
OPTIONS: dict[str, dict[str, Any]] = {
    "mexican-train": {"players": 3, "set": 9, "length": "short"},
    "durak": {"seats": 3},
}
STEPS = 40


def _strings(value: Any, public: set[str], out: list[str]) -> list[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            assert key != "seed", "a seed reached a seat"
            if key not in public:
                _strings(item, public, out)
    elif isinstance(value, list):
        for item in value:
            _strings(item, public, out)
    elif isinstance(value, str):
        out.append(value)
    return out


@pytest.mark.parametrize("game", sorted(ADAPTERS))
def test_no_response_to_a_seat_holds_another_seats_hidden_cards(server: Server, game: str) -> None:
    adapter = ADAPTERS[game]
    options = OPTIONS.get(game, {})
    seats = adapter.seats(adapter.check_options(options))
    status, out = server.request(
        "POST", "/v1/tables", {"game": game, "options": options, "seed": 5}
    )
    assert status == 201
    table, tokens = out["table"], out["tokens"]
    public = PUBLIC.get(game, set())
    rng = random.Random(2)
    url = f"{server.ws_url}/v1/tables/{table}/ws"
    with connect(url, open_timeout=10) as ws:
        ws.send(json.dumps({"token": tokens["0"]}))
        pushed = [json.loads(ws.recv(timeout=10))]
        for _ in range(STEPS):
            bodies = [
                server.request("GET", f"/v1/tables/{table}", token=tokens[str(s)])[1]
                for s in range(seats)
            ]
            for seat, body in enumerate(bodies):
                assert "notation" not in json.dumps(body)
                seen = set(_strings(body, public, []))
                if seat == 0:
                    for message in pushed:
                        seen |= set(_strings(message, public, []))
                for other in range(seats):
                    if other != seat:
                        hidden = set(bodies[other]["view"]["hand"])
                        assert not seen & hidden, (game, seat, other, seen & hidden)
                if body["to_move"] != seat:
                    assert body["legal"] == []
            if bodies[0]["finished"]:
                break
            actor = bodies[0]["to_move"]
            move = rng.choice(bodies[actor]["legal"])
            status, after = server.request(
                "POST",
                f"/v1/tables/{table}/moves",
                {"version": bodies[actor]["version"], "move": move},
                token=tokens[str(actor)],
            )
            assert status == 200, after
            pushed = [
                json.loads(ws.recv(timeout=10))
                for _ in range(after["version"] - bodies[0]["version"])
            ]
            assert [m["type"] for m in pushed] == ["update"] * len(pushed)
    # the record (which shows everything) is refused before the end
    if not bodies[0]["finished"]:
        assert server.request("GET", f"/v1/tables/{table}/record", token=tokens["0"])[0] == 403


def test_sigkill_mid_game_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = tmp_path / "parlour.db"
    srv = Server(db).start()
    tables: dict[str, tuple[dict[str, str], int]] = {}
    for game, seats, options in (
        ("durak", ["human", "human"], {}),
        ("gyla", ["human", "bot:computer", "human", "bot:random"], {}),
        (
            "mexican-train",
            ["human", "bot:computer", "human"],
            {"players": 3, "set": 9, "length": "short"},
        ),
    ):
        status, out = srv.request(
            "POST", "/v1/tables", {"game": game, "seats": seats, "options": options, "seed": 9}
        )
        assert status == 201
        tables[out["table"]] = (out["tokens"], 0)
    acked: dict[str, int] = {t: 0 for t in tables}
    stop = threading.Event()

    def play() -> None:
        rng = random.Random(4)
        try:
            while not stop.is_set():
                for table, (tokens, _) in tables.items():
                    body = srv.request(
                        "GET", f"/v1/tables/{table}", token=next(iter(tokens.values()))
                    )[1]
                    acked[table] = max(acked[table], body["version"])
                    if body["finished"]:
                        continue
                    token = tokens[str(body["to_move"])]
                    mine = srv.request("GET", f"/v1/tables/{table}", token=token)[1]
                    status, after = srv.move(
                        table, token, mine["version"], rng.randrange(len(mine["legal"]))
                    )
                    if status == 200:
                        acked[table] = after["version"]
        except Exception:
            return

    worker = threading.Thread(target=play, daemon=True)
    worker.start()
    time.sleep(2.0)
    srv.kill()  # SIGKILL, whatever the server is doing
    stop.set()
    worker.join(30)
    assert sum(acked.values()) > 10, acked

    srv = Server(db).start()
    try:
        for table, (tokens, _) in tables.items():
            token = next(iter(tokens.values()))
            status, body = srv.request("GET", f"/v1/tables/{table}", token=token)
            assert status == 200
            # every acknowledged move is there; at most the one in flight (with the bots' replies
            # to it) was committed without its answer
            assert body["version"] >= acked[table], (table, body["version"], acked[table])
            # and the table plays on from there (the durak table to the end)
            rng = random.Random(1)
            moves = 0
            while not body["finished"] and (moves < 3 or body["game"] == "durak"):
                moves += 1
                tok = tokens[str(body["to_move"])]
                body = srv.request("GET", f"/v1/tables/{table}", token=tok)[1]
                status, body = srv.move(
                    table, tok, body["version"], rng.randrange(len(body["legal"]))
                )
                assert status == 200, body
            if not body["finished"]:
                continue
            status, record = srv.request("GET", f"/v1/tables/{table}/record", token=token)
            assert status == 200
            assert len(record["moves"]) == body["version"]
            adapter = ADAPTERS[record["game"]]
            state = adapter.new(record["options"], record["seed"])
            for text in record["moves"]:
                state = adapter.apply_index(
                    state, adapter.legal(state, adapter.actor(state) or 0).index(text)
                )
            assert adapter.notation(state) == record["notation"]
    finally:
        err = srv.stop()
    assert "Traceback" not in err, err
