"""The Gyla engine flow, errors, views, immutability and the uniform state protocol."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import numpy as np
import pytest

import parlour
from parlour import gyla
from parlour.errors import ConfigError, IllegalMoveError, NotationError, ParlourError
from parlour.protocol import GameStateProtocol

NAMES = (["Ann", "Bob", "Cy", "Di"], ["North", "East"])


def started(seed: int = 4, ai: list[bool] | None = None) -> gyla.GylaState:
    state, _ = gyla.start(gyla.new_game(*NAMES, ai or [False] * 4, seed=seed))
    return state


def test_public_names() -> None:
    for name in (
        "new_game",
        "start",
        "apply",
        "legal_cards",
        "ai_trump",
        "ai_card",
        "view_for",
        "deal_round",
        "to_notation",
        "from_notation",
        "GylaError",
        "GylaState",
    ):
        assert name in gyla.__all__
    assert issubclass(gyla.GylaError, ParlourError)
    assert issubclass(gyla.GylaError, IllegalMoveError)


def test_start_events_and_properties() -> None:
    state = gyla.new_game(*NAMES, [False] * 4, seed=4)
    assert (state.round, state.starter, state.trump, state.next_action) == (0, None, None, None)
    assert state.scores == (0, 0)
    new, events = gyla.start(state)
    assert [e.name for e in events] == ["game_started", "round_started"]
    assert events[0].next_action is None
    assert events[1].next_action == ("assign_trump", new.starter)
    assert new.starter is not None
    assert "9D" in new.hand(new.starter)
    assert new.round == 1
    assert state.round == 0
    assert new.players == ("Ann", "Bob", "Cy", "Di")
    assert new.teams == ("North", "East")


def test_trump_then_tricks_event_sequence() -> None:
    state = started()
    p = state.starter
    assert p is not None
    state, ev = gyla.apply(state, {"name": "assign_trump", "player": p, "suit": "hearts"})
    assert [e.name for e in ev] == ["trump_assigned", "trick_started"]
    assert ev[0].next_action is None
    assert ev[0].player == p
    assert ev[0].trump == "hearts"
    assert ev[1].next_action == ("play_card", p)
    assert state.trump == "hearts"
    names = []
    for _ in range(4):
        n = state.next_action
        assert n is not None
        state, ev = gyla.apply(
            state,
            {"name": "play_card", "player": n.player, "card": gyla.legal_cards(state, n.player)[0]},
        )
        names.append([e.name for e in ev])
    assert names[:3] == [["card_played"]] * 3
    assert names[3] == ["card_played_and_trick_completed", "trick_started"]
    assert sum(state.tricks_won) == 1


def test_ai_seats_move_inside_the_call() -> None:
    state = started(seed=8, ai=[False, True, True, True])
    # every AI move is already made: the next action (if any) is seat 1's
    while not state.is_terminal:
        n = state.next_action
        assert n is not None
        assert n.player == 1
        if n.name == "assign_trump":
            state, ev = gyla.apply(
                state, {"name": "assign_trump", "player": 1, "suit": gyla.ai_trump(state)}
            )
        else:
            state, ev = gyla.apply(
                state, {"name": "play_card", "player": 1, "card": gyla.ai_card(state)}
            )
        assert ev
    assert state.winner in (1, 2)
    full, events = gyla.start(gyla.new_game(*NAMES, [True] * 4, seed=8))
    assert full.is_terminal
    assert events[-1].name == "card_played_and_game_completed"
    assert max(full.scores) >= 60
    assert min(full.scores) < 60
    assert sum(e.card is not None for e in events) % 36 == 0


def test_seeded_games_replay_exactly() -> None:
    a, ea = gyla.start(gyla.new_game(*NAMES, [True] * 4, seed=99))
    b, eb = gyla.start(gyla.new_game(*NAMES, [True] * 4, seed=99))
    assert a == b
    assert ea == eb
    c, _ = gyla.start(gyla.new_game(*NAMES, [True] * 4, seed=100))
    assert c != a
    r = gyla.new_game(*NAMES, [False] * 4)
    assert 0 <= r.seed < 2**64


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ((["a", "b", "c"], ["x", "y"], [False] * 4), "INVALID_PLAYERS"),
        (("abcd", ["x", "y"], [False] * 4), "INVALID_PLAYERS"),
        ((["a", "b", "c", 4], ["x", "y"], [False] * 4), "INVALID_PLAYERS"),
        ((["a", "b", "c", "d"], ["x"], [False] * 4), "INVALID_TEAMS"),
        ((["a", "b", "c", "d"], ["x", "y"], [False] * 3), "INVALID_AI"),
        ((["a", "b", "c", "d"], ["x", "y"], [0, 0, 0, 0]), "INVALID_AI"),
    ],
)
def test_new_game_rejects_bad_arguments(args: tuple[Any, Any, Any], code: str) -> None:
    with pytest.raises(ConfigError) as info:
        gyla.new_game(*args)
    assert info.value.code == code


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, True, "7"])
def test_new_game_rejects_bad_seeds(seed: Any) -> None:
    with pytest.raises(ConfigError) as info:
        gyla.new_game(*NAMES, [False] * 4, seed=seed)
    assert info.value.code == "INVALID_SEED"


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("assign_trump", "UNEXPECTED_ACTION"),
        (None, "UNEXPECTED_ACTION"),
        ({}, "UNEXPECTED_ACTION"),
        ({"name": 5, "player": 1}, "UNEXPECTED_ACTION"),
        ({"name": "assign_trump"}, "INVALID_PLAYER"),
        ({"name": "assign_trump", "player": "1", "suit": "hearts"}, "INVALID_PLAYER"),
        ({"name": "assign_trump", "player": True, "suit": "hearts"}, "INVALID_PLAYER"),
        ({"name": "assign_trump", "player": 2**70, "suit": "hearts"}, "INVALID_PLAYER"),
        ({"name": "assign_trump", "player": 0, "suit": "hearts"}, "INVALID_PLAYER"),
        ({"name": "assign_trump", "player": "STARTER", "suit": "Hearts"}, "INVALID_TRUMP"),
        ({"name": "assign_trump", "player": "STARTER", "suit": 35}, "INVALID_TRUMP"),
        ({"name": "assign_trump", "player": "STARTER", "suit": ["H"]}, "INVALID_TRUMP"),
        ({"name": "assign_trump", "player": "STARTER"}, "INVALID_TRUMP"),
        ({"name": "assign_trump", "player": "OTHER", "suit": "H"}, "NOT_YOUR_TURN"),
    ],
)
def test_bad_actions_before_trump(action: Any, code: str) -> None:
    state = started()
    if isinstance(action, dict) and action.get("player") in ("STARTER", "OTHER"):
        assert state.starter is not None
        action = {
            **action,
            "player": state.starter if action["player"] == "STARTER" else state.starter % 4 + 1,
        }
    before = state.to_notation()
    with pytest.raises(gyla.GylaError) as info:
        gyla.apply(state, action)
    assert info.value.code == code
    assert state.to_notation() == before


@pytest.mark.parametrize(
    "suit", ["clubs", "C", 10, "spades", "S", 20, "hearts", "H", 30, "diamonds", "D", 40]
)
def test_trump_spellings(suit: Any) -> None:
    state = started()
    new, _ = gyla.apply(state, {"name": "assign_trump", "player": state.starter, "suit": suit})
    letter = (
        {10: "C", 20: "S", 30: "H", 40: "D"}.get(suit, suit) if not isinstance(suit, str) else suit
    )
    assert new.trump is not None
    assert new.trump[0].upper() == str(letter)[0].upper()


def test_bad_cards() -> None:
    state = started()
    state, _ = gyla.apply(
        state, {"name": "assign_trump", "player": state.starter, "suit": "spades"}
    )
    n = state.next_action
    assert n is not None
    mine = state.hand(n.player)
    other = next(c for c in state.hand(n.player % 4 + 1))
    for card, code in [
        ("2S", "INVALID_CARD"),
        ("th", "INVALID_CARD"),
        ("", "INVALID_CARD"),
        (None, "INVALID_CARD"),
        ("10H", "INVALID_CARD"),
        (other, "CARD_NOT_HELD"),
    ]:
        with pytest.raises(gyla.GylaError) as info:
            gyla.apply(state, {"name": "play_card", "player": n.player, "card": card})
        assert info.value.code == code, card
    for rank, suit in [(0, 10), (10, 10), (1, 0), (1, 50), (True, 10)]:
        with pytest.raises(gyla.GylaError) as info:
            gyla.apply(state, {"name": "play_card", "player": n.player, "rank": rank, "suit": suit})
        assert info.value.code == "INVALID_CARD"
    # leading: every held card is legal
    assert set(gyla.legal_cards(state, n.player)) == set(mine)
    state2, _ = gyla.apply(state, {"name": "play_card", "player": n.player, "card": mine[0]})
    m = state2.next_action
    assert m is not None
    legal = gyla.legal_cards(state2, m.player)
    for c in state2.hand(m.player):
        if c not in legal:
            with pytest.raises(gyla.GylaError) as info:
                gyla.apply(state2, {"name": "play_card", "player": m.player, "card": c})
            assert info.value.code == "MUST_FOLLOW_SUIT"
            assert c in info.value.message


def test_legal_cards_checks_the_player() -> None:
    state = started()
    bad: Any
    for bad in (0, 5, -1, True, "1"):
        with pytest.raises(gyla.GylaError) as info:
            gyla.legal_cards(state, bad)
        assert info.value.code == "INVALID_PLAYER"


def test_ai_helpers_refuse_the_wrong_phase() -> None:
    state = gyla.new_game(*NAMES, [False] * 4, seed=1)
    with pytest.raises(gyla.GylaError) as info:
        gyla.ai_card(state)
    assert info.value.code == "NO_ACTION_EXPECTED"
    state, _ = gyla.start(state)
    with pytest.raises(gyla.GylaError) as info:
        gyla.ai_card(state)
    assert info.value.code == "UNEXPECTED_ACTION"
    assert gyla.ai_trump(state) in gyla.SUITS


def test_ai_trump_choice_rule() -> None:
    # clubs: 6 8 (count 2); spades: A K (count 2, value 17) -> spades; 7s and jacks ignored
    hands = [
        ["6C", "8C", "AS", "KS", "7H", "7D", "JH", "JD", "9D"],
        ["9C", "TC", "QC", "KC", "AC", "6S", "8S", "9S", "TS"],
        ["QS", "6H", "8H", "9H", "TH", "QH", "KH", "AH", "6D"],
        ["8D", "TD", "QD", "KD", "AD", "7C", "7S", "JC", "JS"],
    ]
    state, _ = gyla.deal_round(gyla.new_game(*NAMES, [False] * 4, seed=1), hands)
    assert state.starter == 1
    assert gyla.ai_trump(state) == "spades"
    state, _ = gyla.deal_round(gyla.new_game(*NAMES, [False] * 4, seed=1), hands, starter=3)
    assert state.starter == 3
    assert gyla.ai_trump(state) == "hearts"


def test_deal_round_rules() -> None:
    fresh = gyla.new_game(*NAMES, [False] * 4, seed=1)
    state = started(seed=1)
    hands = [list(state.hand(p)) for p in (1, 2, 3, 4)]
    for bad in (
        [hands[0]] * 4,
        hands[:3],
        [[*hands[0][:8], "2S"], *hands[1:]],
        "x",
        [["6S"] * 9] * 4,
        [[1] * 9] * 4,
    ):
        with pytest.raises(ConfigError) as info:
            gyla.deal_round(fresh, bad)  # type: ignore[arg-type]
        assert info.value.code == "INVALID_DEAL"
    for s in (0, 5, True):
        with pytest.raises(ConfigError) as info:
            gyla.deal_round(fresh, hands, starter=s)
        assert info.value.code == "INVALID_PLAYER"
    rotated = hands[1:] + hands[:1]
    default, _ = gyla.deal_round(state, rotated)
    assert default.starter is not None
    assert "9D" in default.hand(default.starter)
    assert (
        default.starter == (state.starter or 0) - 1 or default.starter == (state.starter or 0) + 3
    )
    again, ev = gyla.deal_round(state, hands[::-1], starter=2)
    assert [e.name for e in ev] == ["round_started"]
    assert again.starter == 2
    assert again.round == 1
    played, _ = gyla.apply(again, {"name": "assign_trump", "player": 2, "suit": "clubs"})
    with pytest.raises(gyla.GylaError) as info2:
        gyla.deal_round(played, hands)
    assert info2.value.code == "ROUND_IN_PROGRESS"
    over, _ = gyla.start(gyla.new_game(*NAMES, [True] * 4, seed=1))
    with pytest.raises(gyla.GylaError) as info2:
        gyla.deal_round(over, hands)
    assert info2.value.code == "NO_ACTION_EXPECTED"


def test_view_for_hides_other_hands() -> None:
    state = started(seed=6)
    state, _ = gyla.apply(
        state, {"name": "assign_trump", "player": state.starter, "suit": "diamonds"}
    )
    n = state.next_action
    assert n is not None
    state, _ = gyla.apply(
        state, {"name": "play_card", "player": n.player, "card": gyla.ai_card(state)}
    )
    for p in (1, 2, 3, 4):
        v = gyla.view_for(state, p)
        assert v.hand == state.hand(p)
        assert v.card_counts == tuple(len(state.hand(s)) for s in (1, 2, 3, 4))
        assert v.teammate == (p + 1) % 4 + 1
        assert v.left_opponent == p % 4 + 1
        assert v.current_trick is not None
        assert len(v.current_trick.cards) == 1
        assert v.next_action == state.next_action
        assert v.playable == gyla.legal_cards(state, p)
        assert v.players == state.players
        others = {c for s in (1, 2, 3, 4) if s != p for c in state.hand(s)}
        assert not others & set(repr(v).replace("'", " ").split())
    with pytest.raises(gyla.GylaError):
        gyla.view_for(state, 9)


def test_immutable_pickle_copy_hash() -> None:
    state = started(seed=12)
    with pytest.raises(AttributeError):
        state.round = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        delattr(state, "round")
    with pytest.raises(TypeError):
        gyla.GylaState()
    back = pickle.loads(pickle.dumps(state))
    assert back == state
    assert back.players == state.players
    assert hash(back) == hash(state)
    assert copy.deepcopy(state) == state
    assert copy.copy(state) == state
    assert eval(repr(state), {"GylaState": gyla.GylaState}).to_notation() == state.to_notation()
    assert len({state, back}) == 1
    assert state != 5


def test_uniform_protocol() -> None:
    state = gyla.new_game(*NAMES, [False] * 4, seed=21)
    assert isinstance(state, GameStateProtocol)
    assert state.legal_moves() == ("start",)
    assert state.to_move is None
    assert not state.is_terminal
    assert state.legal_mask().tolist() == [False] * 40 + [True]
    state = state.apply("start")
    assert state.legal_moves() == gyla.SUITS
    assert state.to_move == state.starter
    steps = 0
    while not state.is_terminal:
        moves = state.legal_moves()
        mask = state.legal_mask()
        assert mask.dtype == np.bool_
        assert mask.shape == (len(gyla.ACTION_SPACE),)
        assert sorted(gyla.ACTION_SPACE[i] for i in np.flatnonzero(mask)) == sorted(moves)
        nxt = state.apply_index(steps % len(moves))
        assert nxt.zobrist != state.zobrist
        state = nxt
        steps += 1
    assert state.legal_moves() == ()
    assert state.to_move is None
    r = state.returns()
    assert r[0] == r[2] == state.scores[0]
    assert r[1] == r[3] == state.scores[1]
    with pytest.raises(gyla.GylaError):
        state.apply("AH")
    with pytest.raises(ConfigError):
        state.apply_index(0)
    with pytest.raises(gyla.GylaError) as info:
        state.apply("start")
    assert info.value.code == "ALREADY_STARTED"


class _Text(str):
    """A str subclass (as numpy's ``str_`` is): apply reads it as its text."""


def test_apply_makes_legal_moves_and_refuses_the_others() -> None:
    # apply(move) makes a legal move as apply_index does, whether the move is legal_moves()'s
    # own string, an equal string made here or a str subclass; every other card gets the
    # engine's refusal (MUST_FOLLOW_SUIT for a held card, CARD_NOT_HELD for another's) and
    # leaves the state unchanged.
    state = gyla.new_game(*NAMES, [False] * 4, seed=5).apply("start")
    codes = {"MUST_FOLLOW_SUIT": 0, "CARD_NOT_HELD": 0}
    step = 0
    while not state.is_terminal:
        moves = state.legal_moves()
        i = step % len(moves)
        made = state.apply_index(i)
        assert state.apply(moves[i]) == made
        assert state.apply("".join(list(moves[i]))) == made
        assert state.apply(_Text(moves[i])) == made
        if state.next_action is not None and state.next_action.name == "play_card":
            text = state.to_notation()
            for card in gyla.ACTION_SPACE[:36]:
                if card not in moves:
                    with pytest.raises(gyla.GylaError) as info:
                        state.apply(card)
                    assert info.value.code in codes
                    codes[info.value.code] += 1
                    assert state.to_notation() == text
        state = made
        step += 1
    assert min(codes.values()) > 50, codes


def test_simulate_registry() -> None:
    assert parlour.GAMES["gyla"].computer
    a = parlour.simulate("gyla", 40, seed=3, policy="computer", threads=1)
    b = parlour.simulate("gyla", 40, seed=3, policy="computer", threads=2)
    assert a.hashes.tolist() == b.hashes.tolist()
    assert set(a.winners.tolist()) <= {0, 1}
    r = parlour.simulate("gyla", 40, seed=3, policy="random")
    assert r.games == 40


def test_from_notation_type_errors() -> None:
    with pytest.raises(NotationError):
        gyla.from_notation(5)  # type: ignore[arg-type]


def _mirror_apply(state: gyla.GylaState, move: str) -> tuple[str, str] | gyla.GylaState:
    """``state.apply(move)`` spelled through the engine-mirror API (the reference)."""
    try:
        if move == "start":
            return gyla.start(state)[0]
        n = state.next_action
        name, player = (n.name, n.player) if n is not None else ("", 0)
        key = "suit" if name == "assign_trump" else "card"
        return gyla.apply(state, {"name": name, "player": player, key: move})[0]
    except gyla.GylaError as e:
        return (e.code, e.message)


@pytest.mark.parametrize("ai", [[False] * 4, [False, True, False, True]])
def test_apply_and_apply_index_match_the_engine_flow(ai: list[bool]) -> None:
    state = gyla.new_game(*NAMES, ai, seed=8)
    probes = (*gyla.ACTION_SPACE, "H", "hearts ", "10H", "")
    steps = 0
    while True:
        for move in probes:
            want = _mirror_apply(state, move)
            try:
                got: tuple[str, str] | gyla.GylaState = state.apply(move)
            except gyla.GylaError as e:
                got = (e.code, e.message)
            assert got == want, move
            if isinstance(got, gyla.GylaState):
                assert got.players == state.players
                assert got.teams == state.teams
        moves = state.legal_moves()
        for bad in (len(moves), -1, True, 1.0, "0", None, 2**70):
            with pytest.raises(ConfigError) as info:
                state.apply_index(bad)  # type: ignore[arg-type]
            assert info.value.code == "INVALID_INDEX"
            assert info.value.message == f"move index {bad!r} out of range 0..{len(moves)}"
        if state.is_terminal:
            break
        for i, move in enumerate(moves):
            assert state.apply_index(i) == state.apply(move)
        state = state.apply_index(steps * 7 % len(moves))
        steps += 1
    assert steps > 100


def test_state_class_is_the_rust_class() -> None:
    from parlour._core import gyla as core

    state = started(seed=7)
    assert gyla.GylaState is core.GylaState
    assert type(state) is gyla.GylaState
    assert type(state.apply_index(0)) is gyla.GylaState
    assert type(gyla.GylaState.from_notation(state.to_notation())) is gyla.GylaState


def test_state_shape_after_the_rust_base() -> None:
    from parlour._core import gyla as core

    deck = tuple(core.canonical_deck())
    assert gyla.ACTION_SPACE == (*deck, *gyla.SUITS, "start")
    state = started(seed=5)
    for move in state.legal_moves():
        assert move is gyla.ACTION_SPACE[gyla.ACTION_SPACE.index(move)]
    for name in ("_core", "_players", "_teams", "is_terminal", "zobrist", "to_move", "x"):
        with pytest.raises(AttributeError):
            setattr(state, name, 1)
        with pytest.raises(AttributeError):
            delattr(state, name)
    assert not hasattr(state, "__dict__")
    with pytest.raises(TypeError):
        gyla.GylaState(state.to_notation(), state.players, state.teams)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        core.GylaState.__new__(gyla.GylaState)
    nxt = state.apply_index(0)
    assert type(nxt) is gyla.GylaState
    assert (nxt.players, nxt.teams) == (state.players, state.teams)
    assert hash(nxt) == hash(nxt.zobrist)  # the uniform hash (issue 19): hash of int(zobrist)
    assert nxt.to_move == (None if nxt.next_action is None else nxt.next_action.player)
