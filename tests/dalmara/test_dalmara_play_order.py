"""``playOrder`` of trick cards: DMN.md §6 for parsed cards, RULES.md §1.3 for cards played since.

The parser skips the entries of a trick's cards part that have no ``:``, but each of them still
uses up its position, so ``1:Jh/xx/2:3h`` gives orders 1 and 3. A card played afterwards gets
the number of cards in the trick once it is added (3 here, repeating an order). DMN does not
hold the orders: writing the trick drops the skipped entries, and equality and the hash ignore
them.
"""

from __future__ import annotations

import json

import pytest

import parlour.dalmara as dm
from parlour.errors import NotationError

RULE_SETS: tuple[dm.Rules, ...] = ("rulebook", "dal-mara-engine")

# Trick 4 of a four-player game (DMN.md "mid-trick"): seat 1 led Jh, seat 2 followed with 3h,
# seat 3 (holding 2h) is on turn.
MID_TRICK = (
    "4p,3,- | -/-/10d,0,r/- | Qh,Kd,4h,8d,Kh,Qs,6h,10s,3s,10h/9d,7d,5d,Ac,4d,6s,9s,3d,6d/"
    "4c,As,5s,5h,8c,Js,Ah,7s,9h/2d,4s,2h,7h,Qd,8h,Ks,2s,Jd,6c | - | 14 | 4,2,h,-,{cards} | "
    "2,3h,- | 3"
)
# The first Ghopte trick (DMN.md "mid-ghopte"): seat 2 played its 10d, seat 3 guessed 5c.
MID_GHOPTE = (
    "4p,3,- | -/-/10d,0,-/- | Qh,Kd,Qc,8s,4h,8d,Kh,Qs,6h,10s,3s,10h,10c/"
    "9d,7d,9c,5d,Jh,Ac,Ad,4d,6s,Kc,9s,3d,6d/4c,As,Jc,5s,5h,8c,Js,Ah,3c,7s,3h,9h/"
    "2c,2d,4s,2h,7h,Qd,8h,Ks,2s,7c,Jd,6c | - | 2 | 1,2,d,g,{cards} | 3,5c,- | 0"
)
# A two-player trick with seat 0's 8s led (from dalmara_2p.jsonl).
TWO_PLAYER = (
    "2p,1,h | - | 3s,10s,8c,6c,2d,2c,7h/5d,9h,7d,Qd,6d,10d,10h,4h | "
    "7c,3c,Qh,4c,Qs/9s,4s,Ks,4d/Ad,10c,6h,Ac,Jc/Qc,8h,Kd/3d,Jh,Js,5s,8d/7s,Ah,9c,2h,As/"
    "Kc,5c,3h,9d,6s/2s,Jd | 3 | 2,1,s,-,{cards} | 0,8s,- | 1"
)


def orders(state: dm.GameState) -> tuple[int, ...]:
    """The ``play_order`` of each card of the trick in progress."""
    return tuple(c.play_order for c in state.trick.cards)


def trick_section(state: dm.GameState) -> str:
    """The trick section of the state's DMN."""
    return state.to_notation().split(" | ")[5]


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("1:Jh/2:3h", (1, 2)),
        ("1:Jh/xx/2:3h", (1, 3)),
        ("xx/1:Jh/2:3h", (2, 3)),
        ("1:Jh//2:3h", (1, 3)),
        ("1:Jh/a,b/2:3h", (1, 3)),
        ("-/1:Jh/-/-/2:3h", (2, 5)),
        ("1:Jh/2:3h/zz", (1, 2)),
    ],
)
def test_parsed_cards_count_skipped_entries(
    cards: str, expected: tuple[int, ...], rules: dm.Rules
) -> None:
    s = dm.parse_dmn(MID_TRICK.format(cards=cards), rules=rules)
    assert [(c.seat, c.card) for c in s.trick.cards] == [(1, "Jh"), (2, "3h")]
    assert orders(s) == expected
    assert orders(dm.GameState.from_notation(MID_TRICK.format(cards=cards), rules)) == expected
    doc = json.loads(dm.serialize_state(s))["state"]["trick"]
    assert doc["cards"] == [
        {"seat": 1, "card": "Jh", "playOrder": expected[0]},
        {"seat": 2, "card": "3h", "playOrder": expected[1]},
    ]
    # The notation written back drops the skipped entries.
    assert trick_section(s) == "4,2,h,-,1:Jh/2:3h"
    assert dm.serialize_dmn(s) == MID_TRICK.format(cards="1:Jh/2:3h")


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize(
    ("cards", "expected"),
    [("1:Jh/xx/2:3h", (1, 3, 3)), ("xx/1:Jh/2:3h", (2, 3, 3)), ("-/1:Jh/-/-/2:3h", (2, 5, 3))],
)
def test_a_card_played_next_gets_the_trick_length(
    cards: str, expected: tuple[int, ...], rules: dm.Rules
) -> None:
    text = MID_TRICK.format(cards=cards)
    parsed = dm.parse_dmn(text, rules=rules)
    by_state = dm.play_card(parsed, 3, "2h", rules=rules).unwrap()
    by_text = dm.play_card(text, 3, "2h", rules=rules).unwrap()
    by_move = parsed.apply(dm.Move("play", "2h"))
    for s in (by_state, by_text, by_move):
        assert [(c.seat, c.card) for c in s.trick.cards] == [(1, "Jh"), (2, "3h"), (3, "2h")]
        assert orders(s) == expected
        assert s.trick.play_number == 3
        assert trick_section(s) == "4,3,h,-,1:Jh/2:3h/3:2h"
    # Reading the written DMN back numbers the cards 1, 2, 3 (the orders are not in DMN).
    back = dm.parse_dmn(by_state.to_notation(), rules=rules)
    assert orders(back) == (1, 2, 3)
    # The fourth card completes the trick; the next trick numbers from 1 again.
    done = dm.play_card(by_state, 0, "4h").unwrap()
    assert done.trick.cards == ()
    assert done.trick.number == 5
    lead = done.apply(done.legal_moves()[0])
    assert orders(lead) == (1,)


@pytest.mark.parametrize("rules", RULE_SETS)
def test_ghopte_plays_follow_the_same_rule(rules: dm.Rules) -> None:
    s = dm.parse_dmn(MID_GHOPTE.format(cards="2:10d/?/3:5c"), rules=rules)
    assert orders(s) == (1, 3)
    assert s.trick.is_ghopte
    guessed = dm.play_card(s, 0, "Qh").unwrap()
    assert orders(guessed) == (1, 3, 3)
    assert trick_section(guessed) == "1,3,d,g,2:10d/3:5c/0:Qh"
    resolved = dm.play_card(guessed, 1, "9d").unwrap()
    assert resolved.trick.cards == ()


@pytest.mark.parametrize("rules", RULE_SETS)
def test_two_player_trick(rules: dm.Rules) -> None:
    s = dm.parse_dmn(TWO_PLAYER.format(cards="x/y/0:8s"), rules=rules)
    assert [(c.seat, c.card, c.play_order) for c in s.trick.cards] == [(0, "8s", 3)]
    assert trick_section(s) == "2,1,s,-,0:8s"
    assert orders(dm.parse_dmn(TWO_PLAYER.format(cards="0:8s"), rules=rules)) == (1,)


def test_orders_are_not_part_of_equality_or_the_hash() -> None:
    gapped = dm.parse_dmn(MID_TRICK.format(cards="1:Jh/xx/2:3h"))
    plain = dm.parse_dmn(MID_TRICK.format(cards="1:Jh/2:3h"))
    assert orders(gapped) != orders(plain)
    assert gapped == plain
    assert hash(gapped) == hash(plain)
    assert gapped.zobrist == plain.zobrist
    assert dm.GameState.from_parts(gapped.parts()) == plain
    assert gapped.to_notation() == plain.to_notation()
    assert gapped.apply(dm.Move("play", "2h")) == plain.apply(dm.Move("play", "2h"))


def test_serialized_state_keeps_the_orders() -> None:
    s = dm.parse_dmn(MID_TRICK.format(cards="-/1:Jh/-/-/2:3h"))
    back = dm.deserialize_state(dm.serialize_state(s))
    assert orders(back) == (2, 5)
    assert back == s
    three = dm.play_card(s, 3, "2h").unwrap()
    assert orders(dm.deserialize_state(dm.serialize_state(three))) == (2, 5, 3)
    # A document without playOrder numbers by position; one below the position is refused.
    doc = json.loads(dm.serialize_state(s))
    for c in doc["state"]["trick"]["cards"]:
        del c["playOrder"]
    assert orders(dm.deserialize_state(json.dumps(doc))) == (1, 2)
    doc["state"]["trick"]["cards"][1]["playOrder"] = 1
    with pytest.raises(NotationError) as e:
        dm.deserialize_state(json.dumps(doc))
    assert e.value.code == "INVALID_SERIALIZATION"


def test_orders_above_255_are_refused() -> None:
    s = dm.parse_dmn(MID_TRICK.format(cards="x/" * 253 + "1:Jh/2:3h"))
    assert orders(s) == (254, 255)
    with pytest.raises(NotationError) as e:
        dm.parse_dmn(MID_TRICK.format(cards="x/" * 254 + "1:Jh/2:3h"))
    assert e.value.code == "INVALID_DMN"
    # Skipped entries after the last card number nothing.
    assert orders(dm.parse_dmn(MID_TRICK.format(cards="1:Jh/2:3h" + "/x" * 300))) == (1, 2)
