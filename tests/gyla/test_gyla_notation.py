"""The Gyla notation: documented examples, round trips in every phase, rejections."""

from __future__ import annotations

import pytest

from parlour import gyla
from parlour.errors import NotationError

NAMES = (["a", "b", "c", "d"], ["x", "y"])
EXAMPLE = (
    "0-0 1 2 C 6SACAS7CJC6HAHKSQH/9SQCJD8CQD9DJHJS/KD8S8D9CTS9HKHQS7S/TH7DTD8HADTC6DKC7H"
    " 6C P3 HHHH 7"
)


def test_documented_example() -> None:
    state = gyla.from_notation(EXAMPLE)
    assert state.scores == (0, 0)
    assert state.round == 1
    assert state.starter == 2
    assert state.trump == "clubs"
    assert state.hand(1)[:3] == ("6S", "AC", "AS")
    assert state.next_action == ("play_card", 3)
    assert state.tricks()[0].cards == ((2, "6C"),)
    assert state.ai == (False, False, False, False)
    assert state.seed == 7
    assert gyla.legal_cards(state, 3) == ("9C", "7S")
    assert gyla.to_notation(state) == EXAMPLE


def test_every_phase_round_trips() -> None:
    fresh = gyla.new_game(*NAMES, [False, True, False, True], seed=42)
    assert fresh.to_notation() == "0-0 0 0 - -/-/-/- - - HAHA 42"
    states = [fresh]
    state, _ = gyla.start(fresh)
    states.append(state)
    state, _ = gyla.apply(
        state, {"name": "assign_trump", "player": state.to_move, "suit": "hearts"}
    )
    states.append(state)
    over, _ = gyla.start(gyla.new_game(*NAMES, [True] * 4, seed=42))
    states.append(over)
    for s in states:
        text = s.to_notation()
        back = gyla.from_notation(text)
        assert back.to_notation() == text
        assert back.zobrist == s.zobrist
        assert back.next_action == s.next_action
        assert back.scores == s.scores
    over_text = over.to_notation()
    assert " -/-/-/- " in over_text
    assert over_text.split(" ")[6] == "-"
    assert len(over.tricks()) == 9
    assert all(t.winner for t in over.tricks())


@pytest.mark.parametrize(
    "text",
    [
        "",
        " " + EXAMPLE,
        EXAMPLE + " ",
        EXAMPLE.replace(" ", "  ", 1),
        EXAMPLE.replace("0-0", "0-5", 1),
        EXAMPLE.replace("0-0", "0:0", 1),
        EXAMPLE.replace("0-0", "0-+6", 1),
        EXAMPLE.replace(" 1 2 ", " 20 2 ", 1),
        EXAMPLE.replace(" 1 2 ", " 1 5 ", 1),
        EXAMPLE.replace(" C ", " X ", 1),
        EXAMPLE.replace(" C ", " c ", 1),
        EXAMPLE.replace("6SAC", "6sAC", 1),
        EXAMPLE.replace("6SAC", "2SAC", 1),
        EXAMPLE.replace("6SAC", "ACAC", 1),
        EXAMPLE.replace("/TH7D", "TH7D", 1),
        EXAMPLE.replace(" 6C P3 ", " - P3 ", 1),
        EXAMPLE.replace(" 6C P3 ", " 6C P4 ", 1),
        EXAMPLE.replace(" 6C P3 ", " 6C - ", 1),
        EXAMPLE.replace(" 6C P3 ", " 6C T2 ", 1),
        EXAMPLE.replace("HHHH", "HHHX", 1),
        EXAMPLE.replace("HHHH", "HHH", 1),
        EXAMPLE.replace(" 7", " -7", 1),
        EXAMPLE.replace(" 7", " 18446744073709551616", 1),
        EXAMPLE.replace(" C ", " - ", 1),
        "0-0 0 0 - -/-/-/- - P1 HHHH 1",
        "6-0 0 0 - -/-/-/- - - HHHH 1",
        "0-0 0 0 - -/-/-/- - - HHHH",
        "0-0 0 0 - -/-/-/- - - HHHH 1 extra",
        "é" * 30,
    ],
)
def test_malformed_text_is_rejected(text: str) -> None:
    with pytest.raises(NotationError) as info:
        gyla.from_notation(text)
    assert info.value.code == "INVALID_NOTATION"
    assert info.value.message


def test_illegal_play_sequence_is_rejected() -> None:
    # seat 3 holds clubs (9C) and trumps, so discarding KD on the clubs lead is illegal
    text = EXAMPLE.replace("KD8S8D9CTS9HKHQS7S", "8S8D9CTS9HKHQS7S", 1).replace(
        " 6C P3 ", " 6CKD P4 ", 1
    )
    with pytest.raises(NotationError):
        gyla.from_notation(text)


def test_redeal_hand_is_rejected() -> None:
    hands = "6C6S6H6DACASAHADKC/KSKHKD7C7S7H7DQCQS/QHQDJCJSJHJDTCTSTH/TD9C9S9H9D8C8S8H8D"
    with pytest.raises(NotationError):
        gyla.from_notation(f"0-0 1 1 - {hands} - T1 HHHH 1")
    ok = "6C6S6HACASAHADKC6D/KSKHKD7C7S7H7DQCQS/QHQDJCJSJHJDTCTSTH/TD9C9S9H9D8C8S8H8D"
    with pytest.raises(NotationError):
        gyla.from_notation(f"0-0 1 1 - {ok} - T1 HHHH 1")  # seat 2 holds the four 7s
