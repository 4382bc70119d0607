"""Bridge's per-seat views: what stays hidden, dummy face up after the lead, declarer choosing
dummy's cards, the contract in the view and the observation, and what resample keeps."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from _bridge_util import HANDS

from _util import check_who_tells_apart, random_walk
from parlour.bridge import OBSERVATION_SHAPE, BridgePlayState, View
from parlour.bridge._cards import SEATS
from parlour.cards import parse_card
from parlour.errors import ConfigError


def _action(card: str) -> int:
    index = parse_card(card, "bridge").index
    return int((index >> 4) * 13 + (index & 15))


def _hands(state: BridgePlayState) -> list[set[str]]:
    hands = state.hands
    return [set(hands[s]) for s in SEATS]


def _playouts(seeds: range) -> list[list[BridgePlayState]]:
    rng = random.Random(5)
    return [random_walk(BridgePlayState.random(seed), rng) for seed in seeds]


GAMES = _playouts(range(6))


def _visible(state: BridgePlayState, seat: int) -> set[int]:
    """The seats whose cards ``seat`` sees: itself and, after the opening lead, dummy."""
    dummy = (SEATS.index(state.contract.declarer) + 2) % 4
    return {seat, dummy} if sum(map(len, _hands(state))) < 52 else {seat}


def test_no_hidden_card_appears_in_any_view() -> None:
    for line in GAMES:
        for state in line:
            hands = _hands(state)
            for seat in range(4):
                text = json.dumps(state.view(seat))
                seen = _visible(state, seat)
                for other in range(4):
                    for card in hands[other]:
                        assert (card in text) == (other in seen), (state, seat, card)


def test_dummy_is_face_up_from_the_opening_lead() -> None:
    s = BridgePlayState(HANDS, "3NT", "S")
    for seat in range(4):
        v = s.view(seat)
        assert v["dummy"] == 0
        assert v["declarer"] == 2
        assert v["dummy_exposed"] is False
        assert v["dummy_hand"] is None
    # Declarer (South) does not see dummy's cards before the lead, and its observation has no
    # face-up row.
    assert not any(c in json.dumps(s.view(2)) for c in HANDS["N"])
    assert not s.observation(2)[312:364].any()
    s = s.apply("D7")
    for seat in range(4):
        v = s.view(seat)
        assert v["dummy_exposed"] is True
        assert v["dummy_hand"] is not None
        assert sorted(v["dummy_hand"]) == sorted(HANDS["N"])
        obs = s.observation(seat)
        assert obs[413] == 1.0
        row = sorted(int(i) for i in np.flatnonzero(obs[312:364]))
        # Dummy's own observation has its cards in its hand row, not as a face-up hand.
        assert row == ([] if seat == 0 else sorted(_action(c) for c in HANDS["N"]))


def test_swapping_hidden_cards_changes_only_the_views_that_see_them() -> None:
    # East and West swap SJ and S5: North (dummy) and South (declarer) cannot tell.
    swapped = {k: list(v) for k, v in HANDS.items()}
    swapped["E"] = [c if c != "SJ" else "S5" for c in HANDS["E"]]
    swapped["W"] = [c if c != "S5" else "SJ" for c in HANDS["W"]]
    a, b = BridgePlayState(HANDS, "3NT", "S"), BridgePlayState(swapped, "3NT", "S")
    for step in range(2):
        check_who_tells_apart(a, b, blind=(0, 2), seeing=(1, 3))
        if step == 0:
            a, b = a.apply("D7"), b.apply("D7")
    # North and East swap SA and SJ: before the lead South cannot tell; after it, everyone can.
    swapped = {k: list(v) for k, v in HANDS.items()}
    swapped["N"] = [c if c != "SA" else "SJ" for c in HANDS["N"]]
    swapped["E"] = [c if c != "SJ" else "SA" for c in HANDS["E"]]
    a, b = BridgePlayState(HANDS, "3NT", "S"), BridgePlayState(swapped, "3NT", "S")
    assert a.view(2) == b.view(2)
    assert a.view(3) == b.view(3)
    a, b = a.apply("D7"), b.apply("D7")
    for seat in range(4):
        assert a.view(seat) != b.view(seat)


def test_declarer_chooses_dummys_cards() -> None:
    dummy_turns = 0
    for line in GAMES:
        for state in line:
            v0: View = state.view(0)
            declarer, dummy = v0["declarer"], v0["dummy"]
            to_move = state.to_move
            chooser = None if to_move is None else declarer if to_move == dummy else to_move
            legal = list(state.legal_moves())
            for seat in range(4):
                v = state.view(seat)
                assert v["chooser"] == chooser
                mine = legal if seat == chooser else []
                assert v["choices"] == mine
                assert v["choice_actions"] == [_action(c) for c in mine]
                assert v["legal_moves"] == (legal if seat == to_move else [])
            if to_move == dummy:
                dummy_turns += 1
                # Every card declarer may choose for dummy is dummy's, and it plays.
                for card in state.view(declarer)["choices"]:
                    assert card in (state.view(declarer)["dummy_hand"] or [])
                    after = state.apply(card).view(declarer)
                    assert card in after["trick"] + after["played"]
    assert dummy_turns == 13 * len(GAMES)


def test_contract_and_tricks_are_public() -> None:
    s = BridgePlayState(HANDS, "4HX", "E")
    v = s.view(1)
    assert (v["contract"], v["level"], v["strain"], v["doubled"]) == ("4HX", 4, "H", 1)
    assert (v["declarer"], v["dummy"], v["trump"], v["declarer_tricks"]) == (1, 3, "H", 0)
    obs = s.observation(1)
    assert obs.shape == OBSERVATION_SHAPE
    assert obs[395 + 3] == obs[402 + 1] == obs[405 + 1] == obs[409] == 1.0
    assert obs[364 + 1] == 1.0  # hearts are trumps
    assert obs[419] == pytest.approx(10 / 13)
    end = GAMES[0][-1]
    for seat in range(4):
        v = end.view(seat)
        assert v["tricks_won"] == list(end.tricks_won)
        assert v["declarer_tricks"] == end.declarer_tricks
        assert v["chooser"] is None
        assert v["hand"] == []
        assert v["dummy_hand"] == []


def _voids(view: View) -> list[set[str]]:
    return [set(v) for v in view["voids"]]


def test_resample_keeps_what_the_seat_sees_and_deals_the_rest() -> None:
    rng = random.Random(8)
    changed = 0
    for line in GAMES:
        for state in line[::3]:
            hands = _hands(state)
            view0 = state.view(0)
            for seat in range(4):
                seen = _visible(state, seat)
                hidden = [s for s in range(4) if s not in seen]
                other = state.resample(seat, rng.randrange(2**64))
                new = _hands(other)
                assert other.view(seat) == state.view(seat)
                for s in seen:
                    assert new[s] == hands[s]
                assert set().union(*(new[s] for s in hidden)) == set().union(
                    *(hands[s] for s in hidden)
                )
                voids = _voids(view0)
                for s in range(4):
                    assert len(new[s]) == len(hands[s])
                    assert not any(c[0] in voids[s] for c in new[s])
                assert other.trick == state.trick
                assert other.tricks_won == state.tricks_won
                assert other.contract == state.contract
                assert other.to_move == state.to_move
                assert type(other).from_notation(other.to_notation()) == other
                changed += new != hands
    assert changed > 100


def test_resample_of_a_position_read_from_notation() -> None:
    # A position read back from its notation knows no voids: the hidden hands are dealt with
    # their sizes only.
    state = GAMES[1][17]
    again = BridgePlayState.from_notation(state.to_notation())
    assert all(v == [] for v in again.view(0)["voids"])
    for seed in range(20):
        other = again.resample(2, seed)
        assert other.view(2) == again.view(2)
        assert other == again.resample(2, seed)


def test_bad_arguments() -> None:
    s = GAMES[0][3]
    with pytest.raises(ConfigError) as err:
        s.view(4)
    assert err.value.code == "INVALID_SEAT"
    with pytest.raises(ConfigError) as err:
        s.resample(0, -1)
    assert err.value.code == "INVALID_SEED"
