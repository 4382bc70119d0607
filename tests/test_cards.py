"""Cards, spellings and CardSet against a plain-Python model."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import (
    RANKS,
    SUITS,
    Card,
    CardSet,
    card_of_durak_id,
    deck,
    durak_id,
    format_card,
    parse_card,
    parse_cards,
    shuffle,
)
from parlour.errors import ConfigError, NotationError

ALL = deck(52)
cards_st = st.sampled_from(ALL)
sets_st = st.frozensets(cards_st)


def test_decks() -> None:
    assert len(deck(52)) == 52
    assert len(set(deck(52))) == 52
    d36 = deck(36)
    assert len(d36) == 36
    assert {c.rank for c in d36} == {"6", "7", "8", "9", "T", "J", "Q", "K", "A"}
    with pytest.raises(ConfigError):
        deck(40)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "spelling", "bridge"),
    [
        ("10s", "dalmara", "ST"),
        ("Kh", "dalmara", "HK"),
        ("2c", "dalmara", "C2"),
        ("TH", "gyla", "HT"),
        ("6S", "gyla", "S6"),
        ("AS", "durak", "SA"),
        ("SA", "bridge", "SA"),
        ("HT", "bridge", "HT"),
    ],
)
def test_spellings(text: str, spelling: str, bridge: str) -> None:
    card = parse_card(text, spelling)  # type: ignore[arg-type]
    assert card.format("bridge") == bridge
    assert card.format(spelling) == text  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "spelling"),
    [
        ("", "bridge"),
        ("Ts", "dalmara"),
        ("10S", "dalmara"),
        ("kh", "dalmara"),
        ("th", "gyla"),
        ("1S", "gyla"),
        ("S10", "bridge"),
        (" SA", "bridge"),
        ("SA", "gyla"),
        ("♠A", "bridge"),
        ("SAA", "bridge"),
    ],
)
def test_parse_rejects(text: str, spelling: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_card(text, spelling)  # type: ignore[arg-type]
    assert info.value.code == "INVALID_CARD"


def test_bad_spelling_and_types() -> None:
    with pytest.raises(ConfigError):
        parse_card("SA", "klingon")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse_card(5, "bridge")  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        Card(13)
    with pytest.raises(ConfigError):
        format_card(99)


@given(cards_st, st.sampled_from(["dalmara", "gyla", "durak", "bridge"]))
def test_round_trip_every_spelling(card: Card, spelling: str) -> None:
    assert parse_card(card.format(spelling), spelling) == card  # type: ignore[arg-type]


@given(sets_st, sets_st)
def test_cardset_matches_python_sets(a: frozenset[Card], b: frozenset[Card]) -> None:
    sa, sb = CardSet.from_cards(a), CardSet.from_cards(b)
    assert set(sa) == set(a)
    assert len(sa) == len(a)
    assert set(sa | sb) == a | b
    assert set(sa & sb) == a & b
    assert set(sa - sb) == a - b
    assert set(sa ^ sb) == a ^ b
    assert list(sa) == sorted(a)
    for suit in SUITS:
        assert set(sa.of_suit(suit)) == {c for c in a if c.suit == suit}
    for c in ALL:
        assert (c in sa) == (c in a)


def test_cardset_format_and_validation() -> None:
    s = CardSet.from_cards(parse_cards("SA H2 CT", "bridge"))
    assert s.format("bridge") == "SA H2 CT"
    assert s.format("dalmara") == "As 2h 10c"
    with pytest.raises(ConfigError):
        CardSet(1 << 13)


def test_durak_ids() -> None:
    assert durak_id(parse_card("AS", "durak")) == 1
    assert durak_id(parse_card("6C", "durak")) == 36
    assert durak_id(parse_card("TD", "durak")) == 23
    assert [durak_id(card_of_durak_id(i)) for i in range(1, 37)] == list(range(1, 37))
    with pytest.raises(ConfigError):
        card_of_durak_id(0)


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_shuffle_is_a_seeded_permutation(seed: int) -> None:
    a = shuffle(ALL, seed)
    assert a == shuffle(ALL, seed)
    assert sorted(a) == list(ALL)


def test_shuffle_rejects_bad_seed() -> None:
    with pytest.raises(ConfigError):
        shuffle(ALL, -1)
    assert RANKS[-1] == "A"
