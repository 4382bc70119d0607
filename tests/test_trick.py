"""The core trick resolver against a plain-Python model of the same rules."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from parlour import _core
from parlour.cards import Card, CardSet, deck

ALL = deck(52)


def group(card: Card, trumps: frozenset[Card]) -> frozenset[Card]:
    if card in trumps:
        return trumps
    return frozenset(c for c in ALL if c.suit == card.suit and c not in trumps)


def model_legal(
    hand: frozenset[Card], lead: Card | None, trumps: frozenset[Card], policy: str
) -> frozenset[Card]:
    if lead is None:
        return hand
    follow = hand & group(lead, trumps)
    if follow:
        return follow
    if policy == "follow_else_trump" and hand & trumps:
        return hand & trumps
    return hand


def model_winner(cards: list[Card], trumps: frozenset[Card]) -> int:
    played_trumps = [i for i, c in enumerate(cards) if c in trumps]
    if played_trumps:
        return max(played_trumps, key=lambda i: cards[i].index % 16)
    led = group(cards[0], trumps)
    return max((i for i, c in enumerate(cards) if c in led), key=lambda i: cards[i].index % 16)


trump_sets: st.SearchStrategy[frozenset[Card]] = st.one_of(
    st.just(frozenset()),
    st.sampled_from("SHDC").map(lambda s: frozenset(c for c in ALL if c.suit == s)),
    st.sampled_from("SHDC").map(
        lambda s: frozenset(c for c in ALL if c.suit == s or c.rank in "7J")
    ),
)


@given(
    st.frozensets(st.sampled_from(ALL), max_size=13),
    st.none() | st.sampled_from(ALL),
    trump_sets,
    st.sampled_from(["follow", "follow_else_trump"]),
)
def test_legal_matches_model(
    hand: frozenset[Card], lead: Card | None, trumps: frozenset[Card], policy: str
) -> None:
    got = _core.trick_legal(
        CardSet.from_cards(hand).bits,
        None if lead is None else lead.index,
        CardSet.from_cards(trumps).bits,
        policy,
    )
    assert set(CardSet(got)) == model_legal(hand, lead, trumps, policy)


@given(st.lists(st.sampled_from(ALL), min_size=1, max_size=4, unique=True), trump_sets)
def test_winner_matches_model(cards: list[Card], trumps: frozenset[Card]) -> None:
    got = _core.trick_winner([c.index for c in cards], CardSet.from_cards(trumps).bits)
    assert got == model_winner(cards, trumps)


def test_empty_trick_has_no_winner() -> None:
    assert _core.trick_winner([], 0) is None
