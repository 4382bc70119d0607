"""Dal Mara messages show the values in them as the JavaScript engine's template strings do.

The engine writes ``${seat}``, ``${card}``, ``'${s}'`` and ``'${t0}'`` into its messages, so a
value is shown as JavaScript's ``String(value)``: JSON ``null`` as ``null`` (a key left out is
``undefined``), booleans as ``true``/``false``, ``2.0`` as ``2``, an array joined by commas and an
object as ``[object Object]``. Only the text changes: which inputs are refused, and with which
codes, stays as it was.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parlour._js
import parlour.dalmara as dm
from parlour._js import js_display
from parlour.errors import IllegalMoveError

FOUR = [{"seat": i} for i in range(4)]
# 4p, dealt from the unshuffled deck by seat 0: seat 1 is on turn and holds 2s, not 2d
S4 = dm.deal_four_player(dm.create_game("4p", 0, FOUR).unwrap(), dm.create_deck(), 0).unwrap()
D4 = S4.to_notation()
# 4p with a Ghopte to answer (PLAY_GHOPTE's "Player does not own card <c>"), seat 3 on turn
GHOPTE = (
    "4p,3,- | -/-/-/10h,0,- | Kh,4h,Ac,2h,3d,6d,9h,2s,3h,Jd,8s,Ad,4d/Kc,8h,Qh,6h,2d,7s,3c,Jh,5h,"
    "8d,Ks,As,4c/Qd,7h,7d,Ah,Qs,2c,9c,3s,9d,6c,Kd,10c,4s/5c,10s,Qc,8c,10d,5d,6s,10h,5s,Js,9s,7c,"
    "Jc | - | 0 | 1,0,h,g,- | -,-,- | 3"
)
# 2p with both hands dealt: seat 1 names the Turup next
S2 = dm.deal_two_player_hands(
    dm.create_game("2p", 0, [{"seat": 0}, {"seat": 1}]).unwrap(), dm.create_deck(), 0
).unwrap()

TURN = "NOT_PLAYER_TURN"
OWN = "CARD_NOT_OWNED"
TURUP = "INVALID_TURUP_DECLARATION"
CONF = "INVALID_CONFIGURATION"


def not_turn(shown: str) -> tuple[str, str]:
    return TURN, f"Not turn for player at seat {shown}"


def not_owned(shown: str) -> tuple[str, str]:
    return OWN, f"Player does not own or cannot access card {shown}"


def bad_suit(shown: str) -> tuple[str, str]:
    return TURUP, f"Invalid Turup suit '{shown}': must be spades, hearts, diamonds or clubs"


def bad_seat(shown: str, n: int = 4) -> tuple[str, str]:
    return CONF, f"Player has invalid seat '{shown}'. Seats must be between 0 and {n - 1}"


def refused(r: dm.ActionResult) -> tuple[str, str]:
    """The code and message of a refused action (which makes no state)."""
    assert not r.success
    assert r.state is None
    assert r.dmn is None
    assert r.error is not None
    return r.error.code, r.error.message


# ---------------------------------------------------------------------------- js_display
@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (None, "null"),
        (True, "true"),
        (False, "false"),
        ("2d", "2d"),
        ("", ""),
        (0, "0"),
        (-3, "-3"),
        (2**70, str(2**70)),
        (2.0, "2"),
        (-0.0, "0"),
        (1.5, "1.5"),
        (-2.5, "-2.5"),
        (0.1, "0.1"),
        (1 / 3, "0.3333333333333333"),
        (1e20, "100000000000000000000"),
        (34368959906681792.0, "34368959906681790"),
        (1e21, "1e+21"),
        (1.5e300, "1.5e+300"),
        (1e-6, "0.000001"),
        (1e-7, "1e-7"),
        (-1.25e-7, "-1.25e-7"),
        (5e-324, "5e-324"),
        (math.nan, "NaN"),
        (math.inf, "Infinity"),
        (-math.inf, "-Infinity"),
        ([], ""),
        ([None], ""),
        ([1, None, 3], "1,,3"),
        ((1, 2.0), "1,2"),
        ([[1, [2, None]], "x", True, [], None], "1,2,,x,true,,"),
        ([{"a": 1}, 1.5], "[object Object],1.5"),
        ({}, "[object Object]"),
        ({"seat": 0}, "[object Object]"),
    ],
)
def test_js_display(value: Any, shown: str) -> None:
    assert js_display(value) == shown


def test_js_display_is_public_and_survives_cycles() -> None:
    assert "js_display" in parlour._js.__all__
    cyclic: list[Any] = [1]
    cyclic.append(cyclic)
    assert js_display(cyclic) == "1,"  # JavaScript's join shows the array inside itself as ""

    class Shown:
        def __str__(self) -> str:
            return "custom"

    assert js_display(Shown()) == "custom"


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_js_display_floats_read_back(x: float) -> None:
    text = js_display(x)
    assert float(text) == x
    if x.is_integer() and abs(x) < 1e21:
        # no ".0" and no exponent; past 2**53 JavaScript pads the shortest digits with zeros
        assert text.lstrip("-").isdigit()
        assert abs(x) > 2**53 or text == str(int(x))
    elif "e" in text:
        assert text.split("e")[1][0] in "+-"


# ---------------------------------------------------------------------------- positional API
SEAT_SHOWN: list[tuple[Any, str]] = [
    (True, "true"),
    (False, "false"),
    (2.0, "2"),
    (1.0, "1"),
    (1.5, "1.5"),
    (math.nan, "NaN"),
    (math.inf, "Infinity"),
    ([1], "1"),
    ([1, None, [2, 3]], "1,,2,3"),
    ((), ""),
    ({"a": 1}, "[object Object]"),
    (None, "undefined"),  # a positional None is the engine's undefined
    ("1", "1"),
]
CARD_SHOWN: list[tuple[Any, str]] = [
    (True, "true"),
    (False, "false"),
    (2.0, "2"),
    (10, "10"),
    (["2s"], "2s"),  # seat 1 holds 2s, but an array is not a card: refused as before
    (("2s", None), "2s,"),
    ([], ""),
    ({"card": "2s"}, "[object Object]"),
    (None, "undefined"),
]


@pytest.mark.parametrize("x", [S4, D4], ids=["state", "dmn"])
@pytest.mark.parametrize(("seat", "shown"), SEAT_SHOWN)
def test_play_card_shows_a_seat_as_javascript(x: Any, seat: Any, shown: str) -> None:
    assert refused(dm.play_card(x, seat, "2s")) == not_turn(shown)
    assert S4.to_notation() == D4


@pytest.mark.parametrize("x", [S4, D4], ids=["state", "dmn"])
@pytest.mark.parametrize(("card", "shown"), CARD_SHOWN)
def test_play_card_shows_a_card_as_javascript(x: Any, card: Any, shown: str) -> None:
    assert refused(dm.play_card(x, 1, card)) == not_owned(shown)
    assert S4.to_notation() == D4


def test_unwrap_raises_with_the_javascript_text() -> None:
    with pytest.raises(IllegalMoveError) as e:
        dm.play_card(S4, True, "2s").unwrap()
    assert (e.value.code, e.value.message) == not_turn("true")


def test_the_accepted_inputs_are_unchanged() -> None:
    class PrintsAsACard:
        def __str__(self) -> str:
            return "2s"

    # an object whose str() names a card is still that card; an int seat and a str card play
    assert dm.play_card(S4, 1, PrintsAsACard()).success
    assert dm.play_card(S4, 1, "2s").success
    assert dm.play_card(S4, {"seat": 1, "card": "2s"}).success
    assert dm.dispatch(D4, {"type": "PLAY_CARD", "payload": {"seat": 1, "card": "2s"}}).success
    # a bool or a float is still not a seat, even one equal to the seat on turn
    assert refused(dm.play_card(S4, 1.0, "2s"))[0] == TURN
    assert refused(dm.play_card(S4, True, "2s"))[0] == TURN
    assert dm.declare_turup(S2, 1, "hearts").success


# ---------------------------------------------------------------------------- payload objects
PAYLOAD_CASES: list[tuple[dict[str, Any], tuple[str, str]]] = [
    ({"seat": None, "card": "2s"}, not_turn("null")),
    ({"card": "2s"}, not_turn("undefined")),
    ({"seat": True, "card": "2s"}, not_turn("true")),
    ({"seat": 2.0, "card": "2s"}, not_turn("2")),
    ({"seat": [1], "card": "2s"}, not_turn("1")),
    ({"seat": {}, "card": "2s"}, not_turn("[object Object]")),
    ({"seat": 1, "card": None}, not_owned("null")),
    ({"seat": 1}, not_owned("undefined")),
    ({"seat": 1, "card": False}, not_owned("false")),
    ({"seat": 1, "card": 2.0}, not_owned("2")),
    ({"seat": 1, "card": ["2s", None]}, not_owned("2s,")),
    ({"seat": 1, "card": {"rank": "2"}}, not_owned("[object Object]")),
]


@pytest.mark.parametrize(("payload", "expected"), PAYLOAD_CASES)
def test_payload_null_is_null_and_a_missing_key_undefined(
    payload: dict[str, Any], expected: tuple[str, str]
) -> None:
    action = {"type": "PLAY_CARD", "payload": payload}
    assert refused(dm.play_card(S4, payload)) == expected
    assert refused(dm.play_card(D4, dict(payload))) == expected
    assert refused(dm.dispatch(S4, action)) == expected
    assert refused(dm.dispatch(D4, json.dumps(action))) == expected
    assert S4.to_notation() == D4


def test_json_action_text() -> None:
    def act(text: str) -> tuple[str, str]:
        return refused(dm.dispatch(D4, '{"type": "PLAY_CARD", "payload": ' + text + "}"))

    assert act('{"seat": null, "card": "2s"}') == not_turn("null")
    assert act('{"card": "2s"}') == not_turn("undefined")
    assert act('{"seat": true, "card": "2s"}') == not_turn("true")
    assert act('{"seat": 2.0, "card": "2s"}') == not_turn("2")
    assert act('{"seat": 1e21, "card": "2s"}') == not_turn("1e+21")
    assert act('{"seat": [0, [1, null]], "card": "2s"}') == not_turn("0,1,")
    assert act('{"seat": 1, "card": null}') == not_owned("null")
    assert act('{"seat": 1, "card": ["2s"]}') == not_owned("2s")


def test_ghopte_card_message() -> None:
    def ghopte(payload: dict[str, Any]) -> tuple[str, str]:
        return refused(dm.dispatch(GHOPTE, {"type": "PLAY_GHOPTE", "payload": payload}))

    assert ghopte({"seat": 3, "card": None}) == (OWN, "Player does not own card null")
    assert ghopte({"seat": 3}) == (OWN, "Player does not own card undefined")
    assert ghopte({"seat": 3, "card": True}) == (OWN, "Player does not own card true")
    assert ghopte({"seat": 3, "card": ["5c"]}) == (OWN, "Player does not own card 5c")
    assert ghopte({"seat": None, "card": "5c"}) == not_turn("null")
    assert refused(dm.play_card(GHOPTE, 3, 2.0)) == (OWN, "Player does not own card 2")


# ---------------------------------------------------------------------------- Turup suit
def test_declare_turup_shows_the_suit_as_javascript() -> None:
    before = S2.to_notation()
    assert refused(dm.declare_turup(S2, 1, None)) == bad_suit("undefined")
    assert refused(dm.declare_turup(S2, 1, True)) == bad_suit("true")
    assert refused(dm.declare_turup(S2, 1, 2.0)) == bad_suit("2")
    assert refused(dm.declare_turup(S2, 1, ["hearts"])) == bad_suit("hearts")  # still refused
    assert refused(dm.declare_turup(S2, 1, {"suit": "hearts"})) == bad_suit("[object Object]")
    assert refused(dm.declare_turup(S2, {"seat": 1, "suit": None})) == bad_suit("null")
    assert refused(dm.declare_turup(S2, {"seat": 1})) == bad_suit("undefined")
    for payload, shown in [({"seat": 1, "suit": None}, "null"), ({"seat": 1}, "undefined")]:
        action = {"type": "DECLARE_TURUP", "payload": payload}
        assert refused(dm.dispatch(before, json.dumps(action))) == bad_suit(shown)
    assert S2.to_notation() == before


# ---------------------------------------------------------------------------- createGame
@pytest.mark.parametrize(
    ("last", "expected"),
    [
        ({"seat": None}, bad_seat("null")),
        ({}, bad_seat("undefined")),
        ({"team": "13"}, bad_seat("undefined")),
        (None, bad_seat("undefined")),
        ({"seat": True}, bad_seat("true")),
        ({"seat": False}, bad_seat("false")),
        ({"seat": 4.0}, bad_seat("4")),
        ({"seat": math.inf}, bad_seat("Infinity")),
        ({"seat": [3]}, bad_seat("3")),
        ({"seat": {"n": 3}}, bad_seat("[object Object]")),
        ({"seat": "3"}, bad_seat("3")),
        ({"seat": -1}, bad_seat("-1")),
        ({"seat": 2.0}, (CONF, "Duplicate seat '2' found")),
        (dm.Player(None, "13"), bad_seat("null")),  # type: ignore[arg-type]
    ],
)
def test_create_game_shows_a_seat_as_javascript(last: Any, expected: tuple[str, str]) -> None:
    players = [*FOUR[:3], last]
    assert refused(dm.create_game("4p", 0, players)) == expected
    opts = {"mode": "4p", "dealerSeat": 0, "players": players}
    assert refused(dm.create_game(opts)) == expected
    if not isinstance(last, dm.Player):
        assert refused(dm.create_game(json.loads(json.dumps(opts)))) == expected


def test_create_game_two_players_null_seat() -> None:
    opts = json.loads('{"mode": "2p", "dealerSeat": 0, "players": [{"seat": 0}, {"seat": null}]}')
    assert refused(dm.create_game(opts)) == bad_seat("null", 2)
    opts = json.loads('{"mode": "2p", "dealerSeat": 0, "players": [{"seat": 0}, {}]}')
    assert refused(dm.create_game(opts)) == bad_seat("undefined", 2)


@pytest.mark.parametrize(
    ("team", "shown"),
    [(True, "true"), ([1, 2], "1,2"), ({"x": 1}, "[object Object]"), (2.0, "2"), ("red", "red")],
)
def test_create_game_shows_a_team_as_javascript(team: Any, shown: str) -> None:
    first = [{"seat": 0, "team": team}, *FOUR[1:]]
    assert refused(dm.create_game("4p", 0, first)) == (
        CONF,
        f"Players at seats 0 and 2 must belong to the same team (got '{shown}' vs '02')",
    )
    last = [*FOUR[:3], {"seat": 3, "team": team}]
    assert refused(dm.create_game("4p", 0, last)) == (
        CONF,
        f"Players at seats 1 and 3 must belong to the same team (got '13' vs '{shown}')",
    )


def test_create_game_null_or_missing_team_is_the_default() -> None:
    players = [{"seat": 0, "team": None}, {"seat": 1}, {"seat": 2, "team": "02"}, {"seat": 3}]
    g = dm.create_game("4p", 0, players).unwrap()
    assert [p.team for p in g.players] == ["02", "13", "02", "13"]


# ---------------------------------------------------------------------------- card helpers
@pytest.mark.parametrize(
    ("card", "shown"),
    [(True, "true"), (None, "undefined"), (2.0, "2"), (["2d"], "2d"), ({}, "[object Object]")],
)
def test_parse_card_shows_a_card_as_javascript(card: Any, shown: str) -> None:
    with pytest.raises(IllegalMoveError) as e:
        dm.parse_card(card)
    assert (e.value.code, e.value.message) == ("INVALID_ACTION", f"Invalid card: {shown}")


def test_create_card_and_winner_reasons() -> None:
    with pytest.raises(IllegalMoveError) as e:
        dm.create_card(None, True)  # type: ignore[arg-type]
    assert e.value.message == "Invalid card: trueundefined"
    teams = [{"seat": 0, "team": True}, {"seat": 1}, {"seat": 2, "team": True}, {"seat": 3}]
    scores = {0: {"tens": 3, "tricks": 7}, 1: {"tens": 1, "tricks": 6}}
    assert dm.evaluate_game_winner_4p(scores, teams).reason == "Team true wins with 3 tens"
    scores = {0: {"tens": 0, "tricks": 1}, 1: {"tens": 4, "tricks": 12}}
    assert dm.evaluate_game_winner_4p(scores, teams).reason == "Team undefined wins with 4 tens"
