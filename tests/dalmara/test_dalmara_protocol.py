"""The uniform state protocol on ``GameState``, and the simulate registry entries."""

from __future__ import annotations

import copy
import json
import pickle
import random

import numpy as np
import pytest

import parlour
import parlour.dalmara as dm
from parlour.errors import ConfigError, IllegalMoveError, NotationError
from parlour.protocol import GameStateProtocol


def dealt(seed: int, rules: dm.Rules = "rulebook") -> dm.GameState:
    g = dm.create_game("4p", seed % 4, [{"seat": i} for i in range(4)], rules=rules).unwrap()
    return dm.deal_four_player(g, dm.shuffle_deck(dm.create_deck(), seed), seed % 4).unwrap()


def test_state_follows_the_protocol() -> None:
    s = dealt(1)
    assert isinstance(s, GameStateProtocol)
    assert s.to_move == s.next_move_seat
    moves = s.legal_moves()
    assert moves
    assert all(isinstance(m, dm.Move) and m.kind == "play" for m in moves)
    before = (s.to_notation(), s.zobrist)
    t = s.apply(moves[0])
    assert (s.to_notation(), s.zobrist) == before
    assert t != s
    assert hash(t) == hash(t.zobrist)
    assert s.apply_index(0) == t
    assert s.apply(moves[0].value) == t
    with pytest.raises(IndexError):
        s.apply_index(len(moves))
    with pytest.raises(ConfigError):
        s.apply(3.5)  # type: ignore[arg-type]
    other = next(c for c in dm.create_deck() if dm.Move("play", c) not in moves)
    with pytest.raises(IllegalMoveError):
        s.apply(dm.Move("play", other))
    mask = s.legal_mask()
    assert mask.shape == (108,)
    assert mask.dtype == np.bool_
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(m.index for m in moves)


def test_states_pickle_copy_hash_and_compare() -> None:
    s = dealt(2).apply_index(0)
    assert pickle.loads(pickle.dumps(s)) == s
    assert copy.deepcopy(s) is s
    assert copy.copy(s) is s
    again = dm.GameState.from_notation(s.to_notation())
    assert again == s
    assert hash(again) == hash(s)
    assert len({s, again}) == 1
    assert repr(s).startswith("GameState.from_notation(")
    for m in (dm.Move("play", "Kh"), dm.LegalMove("10s", 2)):
        assert pickle.loads(pickle.dumps(m)) == m
    assert str(dm.LegalMove("10s", 2)) == "10s@2"
    assert dm.LegalMove("10s", 2).to_dict() == {
        "card": "10s",
        "stackPosition": 2,
    }
    with pytest.raises(AttributeError):
        dm.LegalMove("Kh").card = "As"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.mode = "2p"  # type: ignore[misc]


@pytest.mark.parametrize("rules", ["rulebook", "dal-mara-engine"])
def test_full_games_through_the_protocol(rules: dm.Rules) -> None:
    rng = random.Random(7)
    for seed in range(20):
        s = dealt(seed, rules)
        n = 0
        while not s.is_terminal:
            s = s.apply_index(rng.randrange(len(s.legal_moves())))
            n += 1
        assert n == 52
        assert s.to_move is None
        assert s.legal_moves() == ()
        r = s.returns()
        assert sorted(r) == [0.0, 0.0, 1.0, 1.0]
        assert r[0] == r[2]
        assert sum(s.tens_taken) == 4
        assert sum(s.tricks_taken) == 13
        w = dm.evaluate_game_winner_4p(
            {i: dm.ScoreState(s.tens_taken[i], s.tricks_taken[i]) for i in range(4)}, s.players
        )
        assert (w.winner_team == "02") == (r[0] == 1.0)


def test_two_player_protocol_declares_and_picks_up() -> None:
    g = dm.create_game("2p", 0, [{"seat": 0}, {"seat": 1}]).unwrap()
    s = dm.deal_two_player_hands(g, dm.shuffle_deck(dm.create_deck(), 3), 0).unwrap()
    assert [str(m) for m in s.legal_moves()] == [f"declare {x}" for x in dm.SUITS]
    s = s.apply(dm.Move("declare", "hearts"))
    assert s.turup == "hearts"
    assert s.legal_moves() == ()
    s = dm.deal_two_player_stacks(s, 0).unwrap()
    rng = random.Random(3)
    moves = 0
    while not s.is_terminal:
        s = s.apply_index(rng.randrange(len(s.legal_moves())))
        moves += 1
    assert moves >= 52
    assert sum(s.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("game", ["dalmara-4p", "dalmara-2p"])
@pytest.mark.parametrize("rules", ["rulebook", "dal-mara-engine"])
def test_simulate_registry(game: str, rules: str) -> None:
    assert game in parlour.GAMES
    assert "rules" in parlour.GAMES[game].options
    a = parlour.simulate(game, 200, seed=5, options={"rules": rules}, threads=1)
    b = parlour.simulate(game, 200, seed=5, options={"rules": rules}, threads=2)
    assert np.array_equal(a.hashes, b.hashes)
    assert int(a.move_counts.min()) >= 52
    assert a.moves == int(a.move_counts.sum())
    with pytest.raises(ConfigError):
        parlour.simulate(game, 2, options={"rules": "house"})


def test_serialize_state_round_trips() -> None:
    s = dealt(4).apply_index(0).apply_index(1)
    text = dm.serialize_state(s)
    doc = json.loads(text)
    assert doc["version"] == "1.0"
    assert doc["state"]["nextMoveSeat"] == s.next_move_seat
    back = dm.deserialize_state(text)
    assert back == s
    assert back.to_notation() == s.to_notation()
    g = dm.create_game("2p", 0, [{"seat": 1, "team": "b"}, {"seat": 0, "team": "a"}]).unwrap()
    two = dm.deal_two_player_hands(g, dm.create_deck(), 0).unwrap()
    two = dm.deal_two_player_stacks(dm.declare_turup(two, 1, "clubs").unwrap(), 0).unwrap()
    back2 = dm.deserialize_state(dm.serialize_state(two))
    assert back2 == two
    assert back2.players == (dm.Player(0, "a"), dm.Player(1, "b"))
    for bad in ("", "{}", "[1]", '{"state": {"game": {"mode": "9p"}}}', text.replace('"10', '"11')):
        with pytest.raises(NotationError) as e:
            dm.deserialize_state(bad)
        assert e.value.code == "INVALID_SERIALIZATION"


@pytest.mark.parametrize("mode", ["4p", "2p"])
@pytest.mark.parametrize("rules", ["rulebook", "dal-mara-engine"])
def test_random_deals_a_playable_game(mode: str, rules: dm.Rules) -> None:
    s = dm.GameState.random(11, mode, rules)  # type: ignore[arg-type]
    assert s == dm.GameState.random(11, mode, rules)  # type: ignore[arg-type]
    assert s != dm.GameState.random(12, mode, rules)  # type: ignore[arg-type]
    assert s.mode == mode
    assert s.rules == rules
    held = sum(len(h) for h in s.hands.values())
    stacked = sum(
        len(k.hidden_cards) + (k.face_up_card is not None) for ks in s.stacks.values() for k in ks
    )
    assert held + stacked == 52
    assert s.legal_moves(), "the first card can be played at once"
    rng = random.Random(3)
    moves = 0
    while not s.is_terminal:
        s = s.apply_index(rng.randrange(len(s.legal_moves())))
        moves += 1
    assert moves >= (52 if mode == "4p" else 32)


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ((-1,), "INVALID_SEED"),
        ((2**64,), "INVALID_SEED"),
        ((True,), "INVALID_SEED"),
        (("7",), "INVALID_SEED"),
        ((7, "3p"), "INVALID_MODE"),
        ((7, "4p", "house"), "INVALID_RULES"),
    ],
)
def test_random_rejects_bad_arguments(args: tuple[object, ...], code: str) -> None:
    with pytest.raises(ConfigError) as e:
        dm.GameState.random(*args)  # type: ignore[arg-type]
    assert e.value.code == code


def test_ghopte_order_out_of_range_is_invalid_dmn() -> None:
    text = dm.GameState.random(6).to_notation()
    assert " | -/-/-/10h,0,- | " in text
    assert dm.GameState.from_notation(text.replace("10h,0,-", "10h,7,-")).ghoptes
    with pytest.raises(NotationError) as e:
        dm.GameState.from_notation(text.replace("10h,0,-", f"10h,{2**40},-"))
    assert e.value.code == "INVALID_DMN"
