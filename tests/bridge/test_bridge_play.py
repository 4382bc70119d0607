from __future__ import annotations

import pytest
from _bridge_util import HANDS

from parlour.bridge import (
    PlayBuilder,
    TrickBuilder,
    build_tricks,
    build_tricks_from_deal,
    determine_trick_winner,
    extract_lead_from_tricks,
    get_legal_cards,
    has_played_suit,
    validate_card_follows_rules,
)
from parlour.errors import ConfigError, NotationError, ParlourError


def test_trick_winner_with_and_without_trumps() -> None:
    trick = TrickBuilder().from_compact("N / SA SK H2 S3").build()
    assert determine_trick_winner(trick["cards"], None, "S") == {"player": "N", "card": "SA"}
    assert determine_trick_winner(trick["cards"], "H", "S") == {"player": "S", "card": "H2"}
    assert determine_trick_winner([], None, None) is None
    assert trick["winner"] == "N"
    assert TrickBuilder(trump="H").from_compact("N / SA SK H2 S3").build()["winner"] == "S"


def test_off_suit_card_never_wins_and_highest_trump_wins() -> None:
    t = TrickBuilder().from_compact("E / D2 SA DK H3").build()
    assert determine_trick_winner(t["cards"], None, "D") == {"player": "W", "card": "DK"}
    t = TrickBuilder().from_compact("E / D2 C4 CA D3").build()
    assert determine_trick_winner(t["cards"], "C", "D") == {"player": "W", "card": "CA"}


def test_follow_suit_rules() -> None:
    assert validate_card_follows_rules("H2", "S", "D", HANDS) is False
    assert validate_card_follows_rules("DT", "S", "D", HANDS) is True
    assert validate_card_follows_rules({"suit": "D", "rank": "T"}, "S", "D", HANDS) is True
    assert validate_card_follows_rules("H2", "S", None, HANDS) is True
    assert get_legal_cards(HANDS["W"], "D") == ["D7", "D6", "D3", "D2"]
    assert len(get_legal_cards(HANDS["W"], None)) == 13
    assert get_legal_cards(["S2", "H3"], "C") == ["S2", "H3"]


def test_build_tricks_example() -> None:
    play = PlayBuilder().from_compact("W / D7 DA DK DT SA SJ S7 S3").build()
    tricks = build_tricks(play, None)
    assert tricks[0]["winner"] == "N"
    assert tricks[1]["lead"] == "N"
    assert len(tricks) == 2
    assert extract_lead_from_tricks(tricks) == "D7"
    assert has_played_suit(tricks, "E", "S") is True
    assert has_played_suit(tricks, "E", "H") is False
    assert build_tricks_from_deal({"cards": HANDS, "play": play}) == tricks
    assert extract_lead_from_tricks([]) is None


def test_partial_last_trick_has_no_winner() -> None:
    play = PlayBuilder().from_compact("W / D7 DA DK DT SA").build()
    tricks = build_tricks(play, "S")
    assert [t["winner"] for t in tricks] == ["N", None]
    assert tricks[1]["cards"] == [{"player": "N", "card": "SA"}]


def test_trumps_change_who_leads_next() -> None:
    play = PlayBuilder().from_compact("W / D7 DA DK H2 S5").build()
    assert build_tricks(play, "H")[1]["lead"] == "S"
    assert build_tricks(play, None)[1]["lead"] == "N"


def test_compact_round_trip_with_comments() -> None:
    text = "W / D7 {top of nothing} DA DK DT"
    play = PlayBuilder().from_compact(text).build()
    assert play["moves"][0] == {"card": "D7", "comment": "top of nothing"}
    assert PlayBuilder.to_compact(play) == text
    trick = TrickBuilder().from_compact("N / SA SK H2 S3").build()
    assert TrickBuilder.to_compact(trick) == "N / SA SK H2 S3"
    built = PlayBuilder().first("E").card("SA").card("S2", comment="low").build()
    assert PlayBuilder.to_compact(built) == "E / SA S2 {low}"


@pytest.mark.parametrize(
    "text", ["", "N SA", "X / SA", "N / SA S1", "N / {c} SA", "N / SA SK SQ SJ ST", "N / S{A"]
)
def test_bad_compact_is_a_typed_error(text: str) -> None:
    with pytest.raises(NotationError):
        TrickBuilder().from_compact(text)


def test_bad_arguments_are_typed_errors() -> None:
    with pytest.raises(ConfigError):
        get_legal_cards(HANDS["W"], "X")  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        validate_card_follows_rules("H2", "Q", "D", HANDS)
    with pytest.raises(NotationError):
        validate_card_follows_rules("H1", "S", "D", HANDS)
    with pytest.raises(ParlourError):
        build_tricks({"first": "N", "moves": "SA"}, None)
