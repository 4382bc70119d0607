"""Hypothesis: random games keep the invariants of the issue after every action."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour import gyla
from parlour.errors import NotationError

NAMES = (["a", "b", "c", "d"], ["x", "y"])
TRUMPER_POINTS = {6, 18, 24}
DEFENDER_POINTS = {12, 24, 30}


def _check(state: gyla.GylaState) -> None:
    hands = [state.hand(p) for p in (1, 2, 3, 4)]
    played = [c for t in state.tricks() for _, c in t.cards]
    cards = [c for h in hands for c in h] + played
    if state.round > 0:
        assert len(cards) == 36
        assert len(set(cards)) == 36
    text = gyla.to_notation(state)
    back = gyla.from_notation(text)
    assert back.to_notation() == text
    assert back.zobrist == state.zobrist
    assert hash(back) == hash(state)


def _scoring(
    events: list[gyla.GylaEvent], prev: tuple[int, int], starter: int | None
) -> tuple[tuple[int, int], int | None]:
    """Check every round result in ``events``: one team scores an allowed amount, and the game
    ends exactly in the round a team reaches 60. Returns the scores and the current starter."""
    for e in events:
        if e.name == "round_started":
            assert e.next_action is not None
            starter = e.next_action.player
        if e.name in ("card_played_and_round_completed", "card_played_and_game_completed"):
            gains = [a - b for a, b in zip(e.scores, prev, strict=True)]
            team = 1 if gains[0] else 2
            assert gains[2 - team] == 0
            assert starter is not None
            trumper_team = 1 if starter % 2 == 1 else 2
            allowed = TRUMPER_POINTS if team == trumper_team else DEFENDER_POINTS
            assert gains[team - 1] in allowed
            assert (e.name == "card_played_and_game_completed") == (max(e.scores) >= 60)
            prev = e.scores
        else:
            assert e.scores == prev
    return prev, starter


def _accepts(state: gyla.GylaState, player: int, card: str) -> bool:
    try:
        gyla.apply(state, {"name": "play_card", "player": player, "card": card})
    except gyla.GylaError as e:
        code = e.code
    else:
        return True
    assert code in ("MUST_FOLLOW_SUIT", "NOT_YOUR_TURN", "CARD_NOT_HELD")
    return False


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**64 - 1),
    ai=st.lists(st.booleans(), min_size=4, max_size=4),
    choices=st.integers(0, 2**32),
)
def test_random_games_keep_the_invariants(seed: int, ai: list[bool], choices: int) -> None:
    rng = random.Random(choices)
    state, events = gyla.start(gyla.new_game(*NAMES, ai, seed=seed))
    _check(state)
    prev, starter = _scoring(events, (0, 0), None)
    assert state.scores == prev
    while not state.is_terminal:
        n = state.next_action
        assert n is not None
        if n.name == "assign_trump":
            action = {"name": n.name, "player": n.player, "suit": rng.choice(gyla.SUITS)}
        else:
            legal = gyla.legal_cards(state, n.player)
            assert legal
            # legal_cards is exactly what apply accepts, for every card of every hand
            for p in (1, 2, 3, 4):
                for card in state.hand(p):
                    assert _accepts(state, p, card) == (p == n.player and card in legal)
            action = {"name": n.name, "player": n.player, "card": rng.choice(legal)}
        round_before = state.round
        state, events = gyla.apply(state, action)
        assert events
        _check(state)
        prev, starter = _scoring(events, prev, starter)
        assert state.scores == prev
        assert state.is_terminal == (max(state.scores) >= 60)
        assert state.round >= round_before
    assert state.winner in (1, 2)
    assert state.scores[state.winner - 1] >= 60
    assert state.scores[2 - state.winner] < 60


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_round_points_are_the_allowed_amounts(seed: int) -> None:
    state, events = gyla.start(gyla.new_game(*NAMES, [True] * 4, seed=seed))
    prev, _ = _scoring(events, (0, 0), None)
    assert state.scores == prev
    assert state.is_terminal


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=120))
def test_parser_only_raises_notation_errors(text: str) -> None:
    try:
        state = gyla.from_notation(text)
    except NotationError:
        return
    assert state.to_notation() == text


_VALID = (
    "0-0 1 2 C 6SACAS7CJC6HAHKSQH/9SQCJD8CQD9DJHJS/KD8S8D9CTS9HKHQS7S/TH7DTD8HADTC6DKC7H"
    " 6C P3 HHHH 7"
)


def test_valid_base_notation() -> None:
    assert gyla.from_notation(_VALID).to_notation() == _VALID


@settings(max_examples=200, deadline=None)
@given(pos=st.integers(0, len(_VALID) - 1), ch=st.sampled_from(list("0123456789-/. CSHDTJQKAPHX ")))
def test_mutated_notation_is_rejected_or_round_trips(pos: int, ch: str) -> None:
    text = _VALID[:pos] + ch + _VALID[pos + 1 :]
    try:
        state = gyla.from_notation(text)
    except NotationError as e:
        code = e.code
    else:
        assert state.to_notation() == text
        return
    assert code == "INVALID_NOTATION"


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=6,
)
_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "name": st.sampled_from(["assign_trump", "play_card", "pass", ""]) | _JSON,
        "player": st.integers(-2, 6) | _JSON,
        "suit": st.sampled_from([*gyla.SUITS, "C", "H", 10, 30, 0, 50]) | _JSON,
        "card": st.sampled_from(["AH", "7C", "6S", "2S", "TH", "th"]) | _JSON,
        "rank": st.integers(-1, 10) | _JSON,
    },
)
_STATES = [
    gyla.new_game(*NAMES, [False] * 4, seed=5),
    gyla.start(gyla.new_game(*NAMES, [False] * 4, seed=5))[0],
    gyla.from_notation(_VALID),
    gyla.start(gyla.new_game(*NAMES, [True] * 4, seed=5))[0],
]


@settings(max_examples=300, deadline=None)
@given(k=st.integers(0, len(_STATES) - 1), action=_FIELDS | _JSON)
def test_any_action_gives_a_typed_error_or_a_new_state(k: int, action: object) -> None:
    state = _STATES[k]
    before = state.to_notation()
    code = None
    try:
        new, events = gyla.apply(state, action)  # type: ignore[arg-type]
    except gyla.GylaError as e:
        code = e.code
    else:
        assert events
        assert new.to_notation() != before
    assert code is None or code in gyla.ERROR_CODES
    assert state.to_notation() == before
