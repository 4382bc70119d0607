"""``POST /v1/{engine}/{function}``: the shared Dal Mara and Mexican Train records through HTTP.

A sample of the recorded games is replayed step by step through the HTTP functions (DMN, legal
moves, next seat, finished, error codes and save texts must be identical to the records); every
recorded finished Mexican Train game is decoded, re-encoded and its totals checked.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from _serve_util import Server, check_error

# The session-wide `server` fixture: one real server for every server test module.
pytest_plugins = ["_serve_fixture"]

SHARED = Path(
    os.environ.get("PARLOUR_SHARED") or Path(__file__).resolve().parents[1].parent / "shared"
)
DALMARA = SHARED / "vectors/dalmara"
TRAIN = SHARED / "vectors/mexican_train"
ENGINE = {"rules": "dal-mara-engine"}


def records(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def fn(
    server: Server, engine: str, name: str, *args: Any, options: dict[str, Any] | None = None
) -> Any:
    status, body = server.request(
        "POST", f"/v1/{engine}/{name}", {"args": list(args), "options": options or {}}
    )
    assert status == 200, (name, args, body)
    assert set(body) == {"result"}
    return body["result"]


def legal_text(moves: list[dict[str, Any]]) -> list[str]:
    return [m["card"] + (f"@{m['stackPosition']}" if "stackPosition" in m else "") for m in moves]


def test_engines_lists_every_engine_and_its_functions(server: Server) -> None:
    status, body = server.request("GET", "/v1/engines")
    assert status == 200
    engines = {e["name"]: e for e in body["engines"]}
    assert {"dalmara", "mexican-train"} <= set(engines)
    for name in ("createGame", "dispatch", "playCard", "getLegalMoves", "parseDMN", "serializeDMN"):
        assert name in engines["dalmara"]["functions"]
    for name in (
        "startTrain",
        "playTrain",
        "computerMove",
        "legalPlays",
        "longestRun",
        "encodeTrain",
        "decodeTrain",
        "trainAgain",
    ):
        assert name in engines["mexican-train"]["functions"]
    for engine in engines.values():
        status, js = server.request("GET", f"/v1/{engine['name']}/client.js")
        assert status == 200
        assert isinstance(js, str)
        for name in engine["functions"]:
            assert f"export const {name} = " in js
    check_error(server.request("GET", "/v1/chess/client.js"), 404, "UNKNOWN_ENGINE")


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/v1/dalmara/noSuchFunction", {"args": []}, 404, "UNKNOWN_FUNCTION"),
        ("/v1/chess/move", {"args": []}, 404, "UNKNOWN_ENGINE"),
        ("/v1/dalmara/createDeck", {"args": {}}, 422, "INVALID_ARGUMENTS"),
        (
            "/v1/dalmara/createDeck",
            {"args": [], "options": {"rules": "mine"}},
            422,
            "INVALID_OPTION",
        ),
        ("/v1/dalmara/createDeck", {"args": [], "options": {"speed": 1}}, 422, "UNKNOWN_OPTION"),
        ("/v1/dalmara/createDeck", {"args": [], "options": []}, 422, "INVALID_OPTIONS"),
        ("/v1/dalmara/createDeck", {"args": [], "extra": 1}, 422, "UNKNOWN_FIELD"),
        ("/v1/dalmara/createDeck", [], 422, "INVALID_BODY"),
        ("/v1/dalmara/parseDMN", {"args": ["garbage"]}, 422, "INVALID_DMN"),
        ("/v1/dalmara/parseDMN", {"args": [7]}, 422, "INVALID_DMN"),
        ("/v1/dalmara/parseDMN", {"args": []}, 422, "INVALID_ARGUMENTS"),
        ("/v1/dalmara/parseCard", {"args": ["Zz"]}, 422, None),
        ("/v1/dalmara/getLegalMoves", {"args": [{"nonsense": True}, 0]}, 422, None),
        (
            "/v1/mexican-train/playTrain",
            {"args": [{"set": 9}, {"kind": "draw"}]},
            422,
            "INVALID_GAME",
        ),
        ("/v1/mexican-train/playTrain", {"args": [5, {"kind": "draw"}]}, 422, "INVALID_GAME"),
        ("/v1/mexican-train/longestRun", {"args": ["x", 3]}, 422, None),
    ],
)
def test_bad_calls_get_a_coded_4xx(
    server: Server, path: str, body: Any, status: int, code: str | None
) -> None:
    check_error(server.request("POST", path, body), status, code)


def test_a_refused_action_is_a_normal_result(server: Server) -> None:
    created = fn(
        server,
        "dalmara",
        "createGame",
        {"mode": "4p", "dealerSeat": 0, "players": [{"seat": i} for i in range(4)]},
    )
    assert created["success"] is True
    refused = fn(server, "dalmara", "playCard", created["dmn"], {"seat": 0, "card": "As"})
    assert refused["success"] is False
    assert set(refused["error"]) >= {"code", "message"}


@pytest.mark.parametrize("name", ["dalmara_4p.jsonl", "dalmara_2p.jsonl"])
def test_recorded_dalmara_games_replay_through_http(server: Server, name: str) -> None:
    games = records(DALMARA / name)[::40]
    assert games
    for game in games:
        n = 4 if game["mode"] == "4p" else 2
        created = fn(
            server,
            "dalmara",
            "createGame",
            {
                "mode": game["mode"],
                "dealerSeat": game["dealer"],
                "players": [{"seat": i} for i in range(n)],
            },
            options=ENGINE,
        )
        assert created["dmn"] == game["init_dmn"]
        prev = created["dmn"]
        prev_state = created["state"]
        for k, step in enumerate(game["steps"]):
            payload = dict(step["action"].get("payload") or {})
            if payload.get("deck") == "<deck>":
                payload["deck"] = game["deck"]
            elif payload.get("deck") == "<remaining40>":
                payload["deck"] = fn(
                    server, "dalmara", "getRemainingCards2P", prev, game["deck"], options=ENGINE
                )
            action = {"type": step["action"]["type"], "payload": payload}
            # alternate the DMN string and the state object as the engine's dmnOrState
            result = fn(
                server, "dalmara", "dispatch", prev if k % 2 else prev_state, action, options=ENGINE
            )
            assert result["success"], (game["seed"], k, result)
            assert result["dmn"] == step["dmn"], (game["seed"], k)
            state = result["state"]
            assert state["nextMoveSeat"] == step["next"]
            assert (
                legal_text(
                    fn(
                        server,
                        "dalmara",
                        "getLegalMoves",
                        step["dmn"] if k % 2 else state,
                        step["next"],
                        options=ENGINE,
                    )
                )
                == step["legal"]
            )
            assert (
                fn(server, "dalmara", "isFinished", step["dmn"], options=ENGINE) is step["finished"]
            )
            if k % 10 == 0:
                # the state object is serializeState's, key for key
                text = fn(server, "dalmara", "serializeState", state, options=ENGINE)
                assert json.loads(text)["state"] == state
                assert fn(server, "dalmara", "serializeDMN", state, options=ENGINE) == step["dmn"]
                assert fn(server, "dalmara", "parseDMN", step["dmn"], options=ENGINE) == state
            prev, prev_state = result["dmn"], state
        assert step["finished"]


def test_recorded_dalmara_errors_replay_through_http(server: Server) -> None:
    cases = records(DALMARA / "dalmara_errors.jsonl")[::4]
    seen = 0
    for rec in cases:
        result = rec["result"]
        if rec["category"].startswith("quirk_") or result.get("throws"):
            continue
        if rec["category"] == "create_game":
            got = fn(server, "dalmara", "createGame", rec["create"], options=ENGINE)
        else:
            got = fn(server, "dalmara", "dispatch", rec["dmn"], rec["action"], options=ENGINE)
        if result["success"]:
            assert got["success"], rec
            continue
        assert got["success"] is False, rec
        assert got["error"]["code"] == result["code"], rec
        assert got["error"]["message"] == result["message"], rec
        seen += 1
    assert seen > 50


def test_recorded_train_games_replay_through_http(server: Server) -> None:
    games = records(TRAIN / "train_games.jsonl")
    small = sorted(games, key=lambda g: g["move_count"])[:1]
    for game in small:
        s = game["start"]
        g = fn(
            server,
            "mexican-train",
            "startTrain",
            s["set"],
            s["players"],
            s["seed"],
            s["options"],
            s["computers"],
        )
        assert g["players"] == game["cleaned_players"]
        moves = json.loads(game["final_encode"])["moves"].split(",")
        states = {st["at"]: st for st in game["states"]}
        for k, token in enumerate(moves):
            offered = fn(server, "mexican-train", "trainMoves", g)
            assert [_token(m) for m in offered] == game["offered"][k].split(","), (game["id"], k)
            if k in states:
                want = states[k]
                for key in (
                    "round",
                    "engine",
                    "phase",
                    "toPlay",
                    "turn",
                    "hands",
                    "trains",
                    "uncovered",
                    "chaining",
                    "drew",
                    "passes",
                ):
                    assert g[key] == want[key], (game["id"], k, key)
            move = offered[[_token(m) for m in offered].index(token)]
            if game["movers"][g["toPlay"]] == "ai" and g["phase"] == "playing":
                assert fn(server, "mexican-train", "computerMove", g) == move
            g = fn(server, "mexican-train", "playTrain", g, move)
            assert g is not None
        assert fn(server, "mexican-train", "encodeTrain", g) == game["final_encode"]
        assert fn(server, "mexican-train", "trainTotals", g) == game["totals"]
        assert g["winners"] == game["winners"]
        assert g["phase"] == "finished"
        check_error(
            server.request("POST", "/v1/mexican-train/computerMove", {"args": [g]}),
            422,
            "GAME_OVER",
        )


def _token(move: dict[str, Any]) -> str:
    kind = move["kind"]
    if kind == "play":
        return f"p{move['tile']}.{move['train']}"
    return {"draw": "d", "pass": "x", "next": "n"}[kind]


def test_every_recorded_train_save_text_decodes_and_encodes_identically(server: Server) -> None:
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20_000))  # this test's own json reads the deep history
    try:
        for game in records(TRAIN / "train_games.jsonl")[::10]:
            g = fn(server, "mexican-train", "decodeTrain", game["final_encode"])
            assert g["history"]["count"] == game["move_count"]
            text = json.dumps({"args": [g]})
            assert len(text) < 1 << 19, "a whole game stays well under the body limit"
            assert fn(server, "mexican-train", "encodeTrain", g) == game["final_encode"]
            assert fn(server, "mexican-train", "moveCount", g) == game["move_count"]
            assert fn(server, "mexican-train", "trainTotals", g) == game["totals"]
            assert [r["pips"] for r in g["results"]] == [r["pips"] for r in game["results"]]
            again = fn(server, "mexican-train", "trainAgain", g, 5)
            assert again["history"] is None
            assert again["players"] == g["players"]
    finally:
        sys.setrecursionlimit(old)


def test_train_codec_records_through_http(server: Server) -> None:
    kinds: set[str] = set()
    for rec in records(TRAIN / "train_codec.jsonl"):
        kind = rec["kind"]
        if kind == "decode_null":
            assert fn(server, "mexican-train", "decodeTrain", rec["input"]) is None, rec["why"]
        elif kind == "decode_ok":
            got = fn(server, "mexican-train", "decodeTrain", rec["input"])
            assert got is not None, rec["why"]
            assert got["players"] == rec["players"]
            assert fn(server, "mexican-train", "encodeTrain", got) == rec["reencode"]
        elif kind == "start_null":
            assert fn(server, "mexican-train", "startTrain", *_start_args(rec["args"])) is None, (
                rec["why"]
            )
        elif kind == "encode":
            g = fn(server, "mexican-train", "replayTrain", *_start_args(rec["args"]), rec["moves"])
            assert fn(server, "mexican-train", "encodeTrain", g) == rec["encode"], rec["why"]
        else:
            continue
        kinds.add(kind)
    assert kinds == {"decode_null", "decode_ok", "start_null", "encode"}


def _start_args(args: Any) -> list[Any]:
    if isinstance(args, list):
        return args
    return [args["set"], args["players"], args["seed"], args.get("options"), args.get("computers")]


def test_durak_rules_cases_through_http(server: Server) -> None:
    from parlour.durak import id_of, name_of

    doc = json.loads((SHARED / "vectors/durak/durak_rules_cases.json").read_text(encoding="utf-8"))

    def bout(b: dict[str, Any]) -> dict[str, Any]:
        return {
            "attacker": 1,
            "defender": 2,
            "cap": b["cap"],
            "attacks": [id_of(c) for c in b["attacks"]],
            "beats": [None if c is None else id_of(c) for c in b["beats"]],
            "taken": bool(b.get("taken", 0)),
        }

    def durak(function: str, *args: Any) -> Any:
        return fn(server, "durak", function, *args)

    seen = set()
    for case in doc["cases"]:
        name, given, want = case["fn"], case["input"], case["output"]
        hand = [id_of(c) for c in given.get("hand", ())]
        if name == "cap_for":
            got = durak("cap_for", given["size"])
        elif name == "beats":
            attack = (id_of(given["defender_card"]), id_of(given["attack_card"]))
            got = int(durak("beats", *attack, given["trump"]))
        elif name == "legal_attacks":
            got = [name_of(i) for i in durak("legal_attacks", hand, bout(given["bout"]))]
        elif name == "legal_beats":
            got = [
                name_of(i) for i in durak("legal_beats", hand, bout(given["bout"]), given["trump"])
            ]
        elif name == "forced":
            bout_now = bout(given["bout"])
            can_swap = bool(given["can_swap"])
            got = int(durak("forced", hand, bout_now, given["trump"], given["phase"], can_swap))
        elif name == "closes":
            got = durak("closes", bout(given["bout"]), given["defender_size"])
        else:
            continue
        assert got == want, case
        seen.add(name)
    assert seen == {"cap_for", "beats", "legal_attacks", "legal_beats", "forced", "closes"}
    check_error(server.request("POST", "/v1/durak/cap_for", {"args": ["x"]}), 422, "BAD_SIZE")
    check_error(
        server.request("POST", "/v1/durak/closes", {"args": [[], 3]}), 422, "INVALID_ARGUMENTS"
    )


def test_bridge_helpers_through_http(server: Server) -> None:
    import parlour.bridge as br

    hands = {
        "N": "SA SK SQ HA HK HQ HJ DA D9 CA CK CQ CJ".split(),
        "E": "SJ ST S9 HT H9 H8 DK DQ DJ CT C9 C8 C7".split(),
        "S": "S8 S7 S6 H7 H6 H5 H2 DT D8 D5 D4 C6 C5".split(),
        "W": "S5 S4 S3 S2 H4 H3 D7 D6 D3 D2 C4 C3 C2".split(),
    }
    entries = [
        {"player": "N", "card": "SA"},
        {"player": "E", "card": "SJ"},
        {"player": "S", "card": "H2"},
    ]
    assert fn(server, "bridge", "determineTrickWinner", entries, "H", "S") == {
        "player": "S",
        "card": "H2",
    }
    assert fn(server, "bridge", "determineTrickWinner", [], None, None) is None
    assert fn(server, "bridge", "getLegalCards", hands["E"], "S") == br.get_legal_cards(
        hands["E"], "S"
    )
    assert fn(server, "bridge", "validateCardFollowsRules", "H8", "E", "S", hands) is False
    play = {"first": "W", "moves": [{"card": c} for c in "S2 SA SJ S6 HA H8 H2 H3".split()]}
    assert fn(server, "bridge", "buildTricks", play, None) == br.build_tricks(play, None)
    tricks = fn(server, "bridge", "buildTricks", play, None)
    assert fn(server, "bridge", "extractLeadFromTricks", tricks) == "S2"
    assert fn(server, "bridge", "hasPlayedSuit", tricks, "N", "H") is True
    assert fn(server, "bridge", "removeCardFromHand", hands["N"], "SA") == hands["N"][1:]
    result = fn(server, "bridge", "validateTricks", ["SA", "H8"], "N", hands, None)
    assert result["isValid"] is False
    assert [e["type"] for e in result["errors"]] == ["REVOKE"]
    assert set(result) == {"isValid", "errors", "parsedTricks", "tricksWon"}


def test_client_js_runs_in_node(server: Server, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    status, js = server.request("GET", "/v1/dalmara/client.js")
    assert status == 200
    (tmp_path / "client.mjs").write_text(js)
    (tmp_path / "main.mjs").write_text(
        """
import { createDeck, createGame, playCard, parseDMN, setOptions } from "./client.mjs";
setOptions({ rules: "dal-mara-engine" });
const deck = await createDeck();
const game = await createGame({ mode: "4p", dealerSeat: 0, players: [0, 1, 2, 3].map((seat) => ({ seat })) });
const refused = await playCard(game.dmn, { seat: 0, card: "As" });
let thrown = null;
try { await parseDMN("garbage"); } catch (e) { thrown = e.code; }
console.log(JSON.stringify({ deck: deck.length, dmn: game.dmn, refused: refused.success, thrown }));
"""
    )
    out = subprocess.run(
        [node, str(tmp_path / "main.mjs")], capture_output=True, text=True, timeout=60, check=True
    )
    doc = json.loads(out.stdout)
    assert doc == {
        "deck": 52,
        "dmn": "4p,0,- | -/-/-/- | /// | - | 0 | 1,0,-,-,- | -,-,- | 0",
        "refused": False,
        "thrown": "INVALID_DMN",
    }
