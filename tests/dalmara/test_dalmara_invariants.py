"""Hypothesis: random games in both modes and both rule sets keep the invariants after every move.

* the 52 cards are conserved across hands, stacks, the trick in progress and completed tricks;
* DMN round-trips (through a fresh, uncached parse);
* ``get_legal_moves`` is exactly the set of cards ``play_card`` accepts (and empty off turn).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour.dalmara as dm

DECK = frozenset(dm.create_deck())


def fresh_parse(text: str, rules: dm.Rules) -> dm.GameState:
    return dm.GameState.from_notation(text, rules)


def visible_cards(s: dm.GameState) -> list[str]:
    p = s.parts()
    stacked = [c for row in p.stacks for k in row for c in (*k.hidden_cards, k.face_up_card) if c]
    return [c for h in p.hands for c in h] + stacked + [c.card for c in p.trick.cards]


def start(seed: int, four: bool, rules: dm.Rules, rng: random.Random) -> dm.GameState:
    n = 4 if four else 2
    dealer = rng.randrange(n)
    g = dm.create_game(
        "4p" if four else "2p", dealer, [{"seat": i} for i in range(n)], rules=rules
    ).unwrap()
    deck = dm.shuffle_deck(dm.create_deck(), seed)
    if four:
        return dm.deal_four_player(g, deck, dealer).unwrap()
    s = dm.deal_two_player_hands(g, deck, dealer).unwrap()
    s = s.apply(rng.choice(s.legal_moves()))
    variant = rng.randrange(3)
    stack_deck = (
        None if variant == 0 else deck if variant == 1 else dm.get_remaining_cards_2p(s, deck)
    )
    return dm.deal_two_player_stacks(s, dealer, stack_deck).unwrap()


def check_game(seed: int, four: bool, rules: dm.Rules) -> None:
    rng = random.Random(seed)
    s = start(seed, four, rules, rng)
    n = 4 if four else 2
    won: set[str] = set()
    steps = 0
    while not s.is_terminal:
        text = s.to_notation()
        again = fresh_parse(text, rules)
        assert again.to_notation() == text
        cards = visible_cards(s)
        assert len(cards) == len(set(cards))
        assert set(cards).isdisjoint(won)
        assert set(cards) | won == DECK
        seat = s.next_move_seat
        legal = {m.card for m in dm.get_legal_moves(s, seat)}
        p = s.parts()
        candidates = set(p.hands[seat])
        if not four:
            candidates |= {k.face_up_card for k in p.stacks[seat] if k.face_up_card}
        # The core check behind play_card, for every candidate; play_card itself for a sample.
        accepted = {c for c in candidates if s._play_error(seat, c) is None}
        assert accepted == legal, (text, accepted, legal)
        for c in rng.sample(sorted(candidates), min(2, len(candidates))):
            assert dm.play_card(s, seat, c).success is (c in legal)
        others = sorted(DECK - candidates)
        assert not any(
            dm.play_card(s, seat, c).success for c in rng.sample(others, min(1, len(others)))
        )
        for other in range(n):
            if other != seat:
                assert dm.get_legal_moves(s, other) == []
        moves = s.legal_moves()
        assert moves, text
        mv = rng.choice(moves)
        in_trick = [c.card for c in p.trick.cards]
        nxt = s.apply(mv)
        if mv.kind == "play" and len(nxt.trick.cards) == 0:
            won |= {*in_trick, mv.value}
        s = nxt
        steps += 1
    assert won == DECK
    assert steps >= 52
    assert sum(s.tricks_taken) == (13 if four else 26)
    assert sum(s.tens_taken) == 4


_SETTINGS = settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


@pytest.mark.parametrize(
    ("four", "rules"),
    [
        (True, "dal-mara-engine"),
        (True, "rulebook"),
        (False, "dal-mara-engine"),
        (False, "rulebook"),
    ],
    ids=["4p-engine", "4p-rulebook", "2p-engine", "2p-rulebook"],
)
@_SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_invariants(four: bool, rules: dm.Rules, seed: int) -> None:
    check_game(seed, four, rules)
