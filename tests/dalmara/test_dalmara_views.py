"""Dal Mara's per-seat views: what is hidden stays hidden, the game's public parts (Ghoptes,
2p stacks and pickups, voids) show, and resampling keeps them (both modes, both rule sets)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import get_type_hints

import numpy as np
import pytest

import parlour.dalmara as dm
from parlour.errors import InvalidStateError

MODES: list[tuple[str, dm.Rules]] = [
    ("4p", "rulebook"),
    ("4p", "dal-mara-engine"),
    ("2p", "rulebook"),
    ("2p", "dal-mara-engine"),
]

SUIT_OF = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def playout(seed: int, mode: str, rules: dm.Rules) -> Iterator[dm.GameState]:
    """Every position of a random game, first to last."""
    rng = random.Random(seed)
    state = dm.GameState.random(seed, mode, rules)  # type: ignore[arg-type]
    while True:
        yield state
        if state.is_terminal:
            return
        state = state.apply_index(rng.randrange(len(state.legal_moves())))


def face_down(state: dm.GameState) -> set[str]:
    """Every face-down stack card (2p)."""
    return {c for stacks in state.stacks.values() for st in stacks for c in st.hidden_cards}


def hidden_from(state: dm.GameState, seat: int, view: dm.View) -> set[str]:
    """The cards `seat` may not see: other hands less what they are known to hold, and every
    face-down stack card."""
    out = face_down(state)
    for other, hand in state.hands.items():
        if other != seat:
            out |= set(hand) - set(view["known"][other])
    return out


@pytest.mark.parametrize(("mode", "rules"), MODES)
def test_no_hidden_card_shows_in_a_view(mode: str, rules: dm.Rules) -> None:
    checked = 0
    for seed in range(6):
        for state in playout(seed, mode, rules):
            for seat in range(len(state.hands)):
                view = state.view(seat)
                text = json.dumps(view)
                for card in hidden_from(state, seat, view):
                    assert f'"{card}"' not in text, (card, state.to_notation())
                    checked += 1
                assert view["hand"] == list(state.hands[seat])
    assert checked > 1000


@pytest.mark.parametrize(("mode", "rules"), MODES)
def test_views_follow_the_position(mode: str, rules: dm.Rules) -> None:
    keys = list(get_type_hints(dm.View))
    for state in playout(5, mode, rules):
        for seat in range(len(state.hands)):
            view = state.view(seat)
            assert list(view) == keys
            assert view["game"] == f"dalmara-{mode}"
            assert view["mode"] == mode
            assert view["rules"] == rules
            assert view["turup"] == state.turup
            assert view["next_seat"] == state.next_move_seat
            assert view["lead_suit"] == state.trick.lead_suit
            assert [(t["seat"], t["card"]) for t in view["trick"]] == [
                (c.seat, c.card) for c in state.trick.cards
            ]
            assert [(g["seat"], g["card"], g["order"], g["resolved"]) for g in view["ghoptes"]] == [
                (g.seat, g.card, g.order, g.resolved) for g in state.ghoptes
            ]
            assert view["tens_taken"] == list(state.tens_taken)
            assert view["hand_sizes"] == [len(h) for h in state.hands.values()]
            held = {c for h in state.hands.values() for c in h}
            on_stacks = {c for ss in state.stacks.values() for st in ss for c in st.hidden_cards}
            on_stacks |= {
                st.face_up_card
                for ss in state.stacks.values()
                for st in ss
                if st.face_up_card is not None
            }
            in_trick = {c.card for c in state.trick.cards}
            assert set(view["played"]) == set(dm.create_deck()) - held - on_stacks - in_trick
            if mode == "2p":
                tops = [st.face_up_card for s in (0, 1) for st in state.stacks[s]]
                assert [st["face_up"] for st in view["stacks"]] == tops
                downs = [len(st.hidden_cards) for s in (0, 1) for st in state.stacks[s]]
                assert [st["face_down"] for st in view["stacks"]] == downs
            else:
                assert view["stacks"] == []
            obs = state.observation(seat)
            assert obs.shape == dm.OBSERVATION_SHAPE
            assert obs.dtype == np.float32


def test_a_void_shows_to_every_seat_and_resamples_keep_it() -> None:
    found = 0
    for seed in range(10):
        prev: dm.GameState | None = None
        for state in playout(seed, "4p", "rulebook"):
            if prev is not None and prev.trick.lead_suit and not prev.trick.is_ghopte:
                seat, card = state.move_detail.seat, state.move_detail.card
                assert seat is not None
                assert card is not None
                lead = prev.trick.lead_suit
                if SUIT_OF[card[-1]] != lead:
                    found += 1
                    for viewer in range(4):
                        assert lead in state.view(viewer)["voids"][seat]
                    viewer = (seat + 1) % 4
                    for k in range(5):
                        other = state.resample(viewer, k)
                        assert not [c for c in other.hands[seat] if SUIT_OF[c[-1]] == lead]
                        assert other.hands[viewer] == state.hands[viewer]
            prev = state
    assert found > 20


def test_ghopte_tens_are_known_and_kept() -> None:
    seeds = [s for s in range(200) if dm.GameState.random(s).ghoptes][:8]
    assert len(seeds) >= 5
    for seed in seeds:
        state = dm.GameState.random(seed)
        for g in state.ghoptes:
            suit = SUIT_OF[g.card[-1]]
            for viewer in range(4):
                view = state.view(viewer)
                if viewer != g.seat:
                    assert g.card in view["known"][g.seat]
                    assert f'"{g.card}"' in json.dumps(view)
                for k in range(10):
                    other = state.resample(viewer, 100 * k + viewer)
                    assert other.ghoptes == state.ghoptes
                    hand = other.hands[g.seat]
                    assert g.card in hand
                    # The declarer was dealt the ten and no other card of its suit.
                    assert [c for c in hand if SUIT_OF[c[-1]] == suit] == [g.card]


def test_two_player_stacks_and_pickups() -> None:
    pickups = 0
    changed = 0
    for seed in range(12):
        for state in playout(seed, "2p", "rulebook"):
            for seat in (0, 1):
                view = state.view(seat)
                other = state.resample(seat, seed * 7 + seat)
                assert other.view(seat) == view
                assert other.hands[seat] == state.hands[seat]
                for s in (0, 1):
                    for a, b in zip(other.stacks[s], state.stacks[s], strict=True):
                        assert a.face_up_card == b.face_up_card
                        assert len(a.hidden_cards) == len(b.hidden_cards)
                changed += face_down(other) != face_down(state)
                # The Turup cards the other seat picked up stay in its hand, in place.
                rival = 1 - seat
                known = view["known"][rival]
                pickups += len(known)
                kept = [c for c in other.hands[rival] if c in known]
                assert kept == [c for c in state.hands[rival] if c in known] == known
                assert all(SUIT_OF[c[-1]] == state.turup for c in known)
    assert pickups > 0
    assert changed > 100


@pytest.mark.parametrize(("mode", "rules"), MODES)
def test_resamples_keep_view_and_observation(mode: str, rules: dm.Rules) -> None:
    # The generic suite covers the default rule set; this covers every mode and rule set.
    rng = random.Random(3)
    for seed in range(3):
        for state in playout(seed, mode, rules):
            for seat in range(len(state.hands)):
                other = state.resample(seat, rng.randrange(2**64))
                assert type(other) is type(state)
                assert other.rules == rules
                assert other.view(seat) == state.view(seat)
                assert np.array_equal(other.observation(seat), state.observation(seat))
                assert other.to_move == state.to_move
                assert other.legal_moves() == state.legal_moves() or state.to_move != seat


def test_a_position_no_deal_fits_fails_to_resample() -> None:
    # Seats 1-3 each declared a Ghopte in spades (a hand-made DMN), so none of them may hold
    # another spade; seat 0 cannot place the spades it does not see.
    parts = dm.GameState.random(3).to_notation().split(" | ")
    parts[1] = "-/10s,0,-/10s,1,-/10s,2,-"
    parts[5] = "1,0,s,g,-"
    parts[7] = "1"
    state = dm.GameState.from_notation(" | ".join(parts))
    with pytest.raises(InvalidStateError) as err:
        state.resample(0, 1)
    assert err.value.code == "RESAMPLE_FAILED"


def test_a_state_from_notation_has_seen_nothing() -> None:
    # DMN holds the position, not how it was reached: voids seen in play are not in it.
    for state in playout(2, "4p", "rulebook"):
        if any(state.view(0)["voids"]):
            break
    again = dm.GameState.from_notation(state.to_notation())
    assert again == state
    assert not any(again.view(0)["voids"])
    assert again.resample(0, 4).view(0) == again.view(0)
