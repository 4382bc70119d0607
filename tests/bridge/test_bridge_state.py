from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest
from _bridge_util import HANDS
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.bridge import BridgePlayState, Contract
from parlour.errors import (
    ConfigError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    ParlourError,
)
from parlour.protocol import GameStateProtocol


def test_protocol_and_first_moves() -> None:
    s = BridgePlayState(HANDS, "3NT", "S")
    assert isinstance(s, GameStateProtocol)
    assert s.to_move == 3
    assert s.seat_to_move == "W"
    assert len(s.legal_moves()) == 13
    s2 = s.apply("D7")
    assert s2.legal_moves() == ("D9", "DA")
    assert s2.legal_mask().sum() == 2
    assert s2.legal_mask()[2 * 13 + 12]
    assert s.trick == []
    assert s2.trick == ["D7"]
    assert s.contract == Contract(3, "N", 0, "S")
    s3 = BridgePlayState(HANDS, Contract(4, "H", 1, "E"))
    assert s3.seat_to_move == "S"
    assert s3.contract.text == "4HX"


def test_illegal_moves_leave_state_unchanged() -> None:
    s = BridgePlayState(HANDS, "3NT", "S").apply("D7")
    before = (s.to_notation(), s.zobrist)
    with pytest.raises(IllegalMoveError) as e:
        s.apply("HA")
    assert e.value.code == "REVOKE"
    with pytest.raises(IllegalMoveError) as e:
        s.apply("DK")
    assert e.value.code == "CARD_NOT_OWNED"
    with pytest.raises(NotationError):
        s.apply("D1")
    with pytest.raises(ConfigError):
        s.apply_index(5)
    with pytest.raises(ConfigError):
        BridgePlayState.random(-1)
    with pytest.raises(ConfigError):
        BridgePlayState.random(1, strain="Z")
    assert (s.to_notation(), s.zobrist) == before
    with pytest.raises(AttributeError):
        s.foo = 1


def test_bad_construction() -> None:
    bad = dict(HANDS)
    bad["N"] = HANDS["E"]
    with pytest.raises(InvalidStateError):
        BridgePlayState(bad, "3NT", "S")
    with pytest.raises(NotationError):
        BridgePlayState(HANDS, "8NT", "S")
    with pytest.raises(ConfigError):
        BridgePlayState(HANDS, "3NT", "Q")
    with pytest.raises(ParlourError):
        BridgePlayState("N:AKQ", "3NT", "S")
    for text in ["", "3N S/N:... ... ... .../N:/13-1", "3N S/N:A.. ... ... .../N:/0-0", "zz"]:
        with pytest.raises(ParlourError):
            BridgePlayState.from_notation(text)


def test_pbn_deal_string_and_pickle() -> None:
    s = BridgePlayState(
        "N:AKQ.AKQJ.A9.AKQJ JT9.T98.KQJ.T987 876.765.T854.653 5432.432.7632.42", "2S", "E"
    )
    assert s.seat_to_move == "S"
    t = s.apply_index(0)
    for x in (pickle.loads(pickle.dumps(t)), copy.deepcopy(t), copy.copy(t)):
        assert x == t
        assert hash(x) == hash(t)
    assert repr(t).startswith("BridgePlayState.from_notation(")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 12), min_size=52, max_size=52))
def test_random_play_invariants(seed: int, picks: list[int]) -> None:
    s = BridgePlayState.random(seed)
    seen: set[str] = set()
    for k in range(52):
        assert not s.is_terminal
        moves = s.legal_moves()
        assert moves
        assert all(m in s.hands[s.seat_to_move or "N"] for m in moves)
        assert np.flatnonzero(s.legal_mask()).size == len(moves)
        note = s.to_notation()
        nxt = s.apply_index(picks[k] % len(moves))
        assert s.to_notation() == note
        again = BridgePlayState.from_notation(nxt.to_notation())
        assert again == nxt
        assert again.zobrist == nxt.zobrist
        played = set(moves) - set(c for h in nxt.hands.values() for c in h)
        assert len(played) == 1
        seen |= played
        s = nxt
        ns, ew = s.tricks_won
        assert ns + ew == (k + 1) // 4
        cards_left = sum(len(h) for h in s.hands.values())
        assert cards_left == 51 - k
    assert s.is_terminal
    assert s.to_move is None
    assert len(seen) == 52
    r = s.returns()
    assert r[0] == r[2]
    assert r[1] == r[3]
    assert r[0] + r[1] == 13
    assert s.legal_moves() == ()


def test_computer_player() -> None:
    s = BridgePlayState(HANDS, "3NT", "S")
    # West leads the top of its longest suit (spades and diamonds have four; spades first).
    assert s.computer_move() == "S5"
    s = s.apply("D7")
    assert s.computer_move() == "D9"  # North wins as cheaply as it can
    assert s.apply("D9").computer_move() == "DJ"  # East overtakes cheaply
    assert s.apply("D9").apply("DJ").computer_move() == "D4"  # cannot win: South plays low
    assert s.apply("DA").apply("DJ").computer_move() == "D4"  # partner wins: South plays low
    while not s.is_terminal:
        mv = s.computer_move()
        assert mv in s.legal_moves()
        s = s.apply(mv)
    assert s.computer_move() is None
    assert parlour.GAMES["bridge-play"].computer
    r = parlour.simulate("bridge-play", 50, seed=2, policy="computer")
    assert r.moves == 50 * 52


def test_registry_and_simulation() -> None:
    assert "bridge-play" in parlour.GAMES
    a = parlour.simulate("bridge-play", 300, seed=3, threads=1)
    b = parlour.simulate("bridge-play", 300, seed=3, threads=2)
    assert np.array_equal(a.hashes, b.hashes)
    assert a.moves == 300 * 52
    fixed = parlour.simulate("bridge-play", 50, seed=3, options={"strain": "N", "declarer": "S"})
    assert fixed.games == 50
    with pytest.raises(ConfigError):
        parlour.simulate("bridge-play", 5, options={"strain": "Z"})


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789SHDCNXEW/:.- AKQJT")), max_size=120))
def test_notation_and_compact_fuzz_only_raise_parlour_errors(text: str) -> None:
    from parlour.bridge import PlayBuilder, TrickBuilder

    for parse in (
        BridgePlayState.from_notation,
        lambda t: PlayBuilder().from_compact(t),
        lambda t: TrickBuilder().from_compact(t),
    ):
        try:
            parse(text)
        except ParlourError:
            pass


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 51))
def test_mid_play_notation_round_trips(seed: int, n: int) -> None:
    s = BridgePlayState.random(seed)
    for _ in range(n):
        s = s.apply_index(0)
    text = s.to_notation()
    t = BridgePlayState.from_notation(text)
    assert t == s
    assert t.to_notation() == text
    assert hash(t) == hash(s)
