"""A plain pure-Python 4-player 52-card follow-suit trick-taking loop with bitmask hands.

It is the floor the benchmarks compare with: the same game as parlour's generic ``whist``
(13 cards each, follow suit, trump = suit of the last card dealt), written the way a careful
Python programmer would, with integer bitmasks and no objects per card.
"""

from __future__ import annotations

import random

SUIT_MASKS = [0x1FFF << (16 * s) for s in range(4)]
DECK = [s * 16 + r for s in range(4) for r in range(13)]


def legal(hand: int, lead: int | None) -> int:
    if lead is None:
        return hand
    follow = hand & SUIT_MASKS[lead >> 4]
    return follow or hand


def winner(trick: list[int], trump: int) -> int:
    best = 0
    for i in range(1, 4):
        c, b = trick[i], trick[best]
        if (c >> 4) == (b >> 4):
            if c > b:
                best = i
        elif (c >> 4) == trump:
            best = i
    return best


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def playout(rng: random.Random) -> tuple[list[int], int]:
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for k, c in enumerate(deck):
        hands[k & 3] |= 1 << c
    trump = deck[-1] >> 4
    won = [0, 0, 0, 0]
    leader = 0
    moves = 0
    for _ in range(13):
        trick: list[int] = []
        for k in range(4):
            seat = (leader + k) & 3
            options = bits(legal(hands[seat], trick[0] if trick else None))
            card = options[rng.randrange(len(options))]
            hands[seat] &= ~(1 << card)
            trick.append(card)
            moves += 1
        leader = (leader + winner(trick, trump)) & 3
        won[leader] += 1
    return won, moves
