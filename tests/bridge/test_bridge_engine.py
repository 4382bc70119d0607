from __future__ import annotations

import pytest
from _bridge_util import HANDS
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.bridge import (
    BridgeEngine,
    PlayBuilder,
    build_tricks,
    deep_copy_hands,
    remove_card_from_hand,
)
from parlour.errors import ConfigError, NotationError


def test_spec_examples() -> None:
    engine = BridgeEngine()
    play = PlayBuilder().from_compact("W / D7 DA DK DT SA SJ S7 S3").build()
    ok = engine.play.validate_tricks(play["moves"], play["first"], HANDS, None)
    assert ok.is_valid
    assert len(ok.parsed_tricks) == 2
    assert ok.parsed_tricks == build_tricks(play, None)
    revoke = PlayBuilder().from_compact("W / D7 DA DK S7").build()
    bad = engine.play.validate_tricks(revoke["moves"], revoke["first"], HANDS, None)
    assert bad.is_valid is False
    assert bad.errors[0].type == "REVOKE"
    e = bad.errors[0]
    assert (e.trick, e.position, e.index, e.player, e.card) == (0, 3, 3, "S", "S7")


def test_every_error_is_collected() -> None:
    engine = BridgeEngine()
    # South revokes twice and West plays a card it does not hold.
    play = PlayBuilder().from_compact("W / D7 DA DK S7 DQ DT H2 SA D6 D2 D9 H3").build()
    res = engine.play.validate_tricks(play["moves"], play["first"], HANDS, None)
    kinds = [(e.type, e.player, e.card) for e in res.errors]
    assert ("REVOKE", "S", "S7") in kinds
    assert ("CARD_NOT_OWNED", "N", "DQ") in kinds
    assert len(res.errors) >= 3


def test_partial_last_trick_is_fine() -> None:
    play = PlayBuilder().from_compact("W / D7 DA DK DT SA SJ").build()
    res = BridgeEngine().play.validate_tricks(play["moves"], "W", HANDS, None)
    assert res.is_valid
    assert res.parsed_tricks[-1]["winner"] is None


def test_invalid_rank_and_nt_only_mode() -> None:
    short = BridgeEngine(valid_ranks="AKQJT98")
    res = short.play.validate_tricks(["D7", "DA", "DK", "DT"], "W", HANDS, None)
    assert [e.type for e in res.errors] == ["INVALID_CARD_RANK"]
    res = BridgeEngine().play.validate_tricks(["DZ"], "W", HANDS, None)
    assert {e.type for e in res.errors} == {"INVALID_CARD_RANK", "CARD_NOT_OWNED"}
    # With hearts trumps, South's H2 would ruff; in an NT-only mode trump is neutralised.
    moves = ["D7", "DA", "DK", "DT"]
    nt = BridgeEngine(valid_denominations=["NT"])
    hands = deep_copy_hands(HANDS)
    hands["S"] = [*remove_card_from_hand(hands["S"], "DT"), "DT"]
    trick_h = BridgeEngine().play.validate_tricks(moves, "W", hands, "H").parsed_tricks[0]
    assert trick_h["winner"] == "N"
    assert nt.play.validate_tricks(moves, "W", hands, "H").parsed_tricks[0]["winner"] == "N"
    ruff = ["D7", "DA", "DK", "H2"]
    h2 = deep_copy_hands(HANDS)
    h2["S"] = [c for c in h2["S"] if c[0] != "D"] + ["C2"]
    h2["W"] = [c for c in h2["W"] if c != "C2"] + ["D4"]
    assert BridgeEngine().play.validate_tricks(ruff, "W", h2, "H").parsed_tricks[0]["winner"] == "S"
    assert nt.play.validate_tricks(ruff, "W", h2, "H").parsed_tricks[0]["winner"] == "N"


def test_hand_helpers_do_not_mutate() -> None:
    copy = deep_copy_hands(HANDS)
    copy["N"].pop()
    assert len(HANDS["N"]) == 13
    assert remove_card_from_hand(HANDS["N"], "SA")[0] == "SK"
    assert len(HANDS["N"]) == 13
    assert remove_card_from_hand(HANDS["N"], "C2") == HANDS["N"]


def test_bad_arguments() -> None:
    with pytest.raises(ConfigError):
        BridgeEngine(valid_ranks=["1"])
    with pytest.raises(ConfigError):
        BridgeEngine(valid_denominations=["Z"])
    with pytest.raises(ConfigError):
        BridgeEngine().play.validate_tricks(["D7"], "Q", HANDS, None)
    with pytest.raises(NotationError):
        BridgeEngine().play.validate_tricks(["XX"], "W", HANDS, None)


ALL = [s + r for s in "SHDC" for r in "23456789TJQKA"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(ALL), max_size=60),
    st.sampled_from("NESW"),
    st.sampled_from([None, "S", "H"]),
)
def test_validator_never_crashes_and_counts_tricks(
    cards: list[str], first: str, trump: str | None
) -> None:
    res = BridgeEngine().play.validate_tricks(cards, first, HANDS, trump)  # type: ignore[arg-type]
    assert len(res.parsed_tricks) == (len(cards) + 3) // 4
    assert sum(res.tricks_won.values()) == len(cards) // 4
    assert res.is_valid == (not res.errors)
