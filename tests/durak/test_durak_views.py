"""Durak's per-seat views: ``DurakGame.view``, ``observation`` and ``resample``.

The generic suite (``tests/test_views.py``) compares ``view["to_move"]`` with the state's
``to_move``, which Durak numbers from 1 while every view numbers seats from 0 (the ``seat``
argument), so Durak runs the same checks here with that one difference, and then its own:
what is hidden never shows, the cards picked up and the turn-up stay public, and resampling
keeps all of it.
"""

from __future__ import annotations

import json
import random
from typing import Any, get_type_hints

import numpy as np
import pytest

from _util import random_walk
from parlour.durak import OBSERVATION_SHAPE, DurakGame, View, name_of, new_game
from parlour.errors import ConfigError

CONFIGS = [(2, "podkidnoy"), (3, "perevodnoy"), (4, "podkidnoy"), (6, "perevodnoy")]


def _game(seed: int, seats: int, variant: str) -> DurakGame:
    return new_game(bytes([seed]) * 32, seats=seats, variant=variant)


def _hidden_from(game: DurakGame, seat: int) -> set[str]:
    """The names of the cards ``seat`` (0-based) cannot see: the others' unknown cards and the
    talon but the turn-up."""
    known = game.snapshot()["known"]
    out = set()
    for s, hand in game.hands.items():
        if s - 1 != seat:
            out |= {name_of(c) for c in hand if c not in known[s]}
    out |= {name_of(c) for c in game.talon if c != game.trump_card}
    return out


def _playout(seed: int, seats: int, variant: str, steps: int = 400) -> list[DurakGame]:
    return random_walk(_game(seed, seats, variant), random.Random(seed), steps)


def test_view_keys_are_the_typed_dict() -> None:
    view = _game(1, 2, "podkidnoy").view(0)
    assert set(view) == set(get_type_hints(View))
    assert list(view)[:9] == [
        "game",
        "seat",
        "to_move",
        "is_terminal",
        "hand",
        "hand_sizes",
        "legal_moves",
        "legal_actions",
        "returns",
    ]
    assert view["game"] == "durak"


@pytest.mark.parametrize(("seats", "variant"), CONFIGS)
def test_views_agree_with_the_game_and_resamples_keep_them(seats: int, variant: str) -> None:
    rng = random.Random(seats)
    changed = 0
    for seed in range(3):
        for game in _playout(seed, seats, variant):
            for seat in range(seats):
                view: dict[str, Any] = dict(game.view(seat))
                assert json.loads(json.dumps(view)) == view
                assert view["seat"] == seat
                to_move = None if game.to_move is None else game.to_move - 1
                assert view["to_move"] == to_move
                assert view["is_terminal"] == game.is_terminal
                assert view["hand"] == [name_of(c) for c in game.hand_of(seat + 1)]
                assert view["hand_sizes"] == [game.count_of(s + 1) for s in range(seats)]
                assert view["returns"] == pytest.approx(list(game.returns()))
                if to_move == seat:
                    moves = game.legal_moves()
                    assert view["legal_moves"] == [str(m) for m in moves]
                    assert view["legal_actions"] == [m.action for m in moves]
                    assert view["legal_actions"] == np.flatnonzero(game.legal_mask()).tolist()
                else:
                    assert view["legal_moves"] == view["legal_actions"] == []
                obs = game.observation(seat)
                assert obs.dtype == np.float32
                assert obs.shape == OBSERVATION_SHAPE
                assert np.isfinite(obs).all()
                other = game.resample(seat, rng.randrange(2**64))
                assert type(other) is DurakGame
                assert other.view(seat) == view
                assert np.array_equal(other.observation(seat), obs)
                assert other.to_move == game.to_move
                assert other.seed is None
                assert other.history == game.history
                if other.to_move is not None:
                    assert other.legal_moves(), "the seat to move keeps a move"
                changed += other.hands != game.hands
    assert changed > 0


@pytest.mark.parametrize(("seats", "variant"), CONFIGS)
def test_hidden_cards_never_show(seats: int, variant: str) -> None:
    for game in _playout(5, seats, variant):
        for seat in range(seats):
            view: dict[str, Any] = dict(game.view(seat))
            hidden = _hidden_from(game, seat)
            # `lacks` names cards a seat does not hold; one may be hidden elsewhere.
            lacks = view.pop("lacks")
            text = json.dumps(view)
            assert not [c for c in hidden if f'"{c}"' in text]
            for s, names in enumerate(lacks):
                assert not set(names) & {name_of(c) for c in game.hand_of(s + 1)}


def test_picked_up_cards_and_the_turn_up_stay_public_and_are_kept() -> None:
    rng = random.Random(2)
    takes = 0
    for seed in range(6):
        for game in _playout(seed, 2, "podkidnoy"):
            known = game.snapshot()["known"]
            for seat in range(2):
                view = game.view(seat)
                assert view["known"] == [[name_of(c) for c in known[s + 1]] for s in range(2)]
                assert view["trump_card"] == name_of(game.trump_card)
                assert view["turn_up_left"] == game.turn_up_left
                other = game.resample(seat, rng.randrange(2**64))
                for s in (1, 2):
                    assert set(known[s]) <= set(other.hand_of(s))
                    takes += bool(known[s])
                assert other.talon[-1:] == game.talon[-1:]
                assert other.discard == game.discard
                assert other.bout == game.bout
                assert other.snapshot()["heap"] == game.snapshot()["heap"]
    assert takes > 0


def test_a_forced_take_shows_what_the_defender_lacks() -> None:
    game = DurakGame.from_notation(
        "durak seats=2 variant=podkidnoy trump=H card=8H owner=- discard=0 heap=- "
        "talon=8D9DTD8H hands=ASKH7D/6C7C9S bout=1>2/3/0/-/0:- known=-/- out=- result=- "
        "ply=0 stall=0"
    )
    game, _ = game.play(1, {"kind": "attack", "card": 1})
    lacks = game.view(0)["lacks"][1]
    # Seat 2 was made to take: it holds no card that beats the ace of spades (any heart).
    assert "KH" in lacks
    assert "AH" in lacks
    assert game.view(1)["known"][1] == ["AS"]
    for seed in range(20):
        other = game.resample(0, seed)
        assert 1 in other.hand_of(2)
        assert not {name_of(c) for c in other.hand_of(2)} & set(lacks)


ALL_CONFIGS = [(n, v) for n in (2, 3, 4, 6) for v in ("podkidnoy", "perevodnoy")]


@pytest.mark.parametrize(("seats", "variant"), ALL_CONFIGS)
def test_resamples_of_a_game_with_moves_replay_them(seats: int, variant: str) -> None:
    """A game made by ``new_game`` and moves resamples to a new deal that the same moves replay
    from: its ``history`` (which replays its logged moves from the new deal through the checked
    path, so a refused move would raise) is the game's event for event, its view is the seat's,
    and play goes on from it."""
    rng = random.Random(10 * seats + len(variant))
    changed = 0
    for seed in range(2):
        for step, game in enumerate(_playout(seed, seats, variant)):
            if step % 3:
                continue
            seat = rng.randrange(seats)
            other = game.resample(seat, rng.randrange(2**64))
            assert other.view(seat) == game.view(seat)
            assert other.history == game.history
            assert other.seed is None
            assert other.number is None
            assert other.ply == game.ply
            changed += other.hands != game.hands
            if not other.is_terminal:
                after = other.apply_index(0)
                assert after.history[: len(game.history)] == game.history
                assert after.history[len(game.history)]["seat"] == other.to_move
    assert changed > 0


def test_a_resample_of_a_game_read_from_notation_has_no_history() -> None:
    game = _playout(4, 2, "podkidnoy", steps=8)[-1]
    parsed = DurakGame.from_notation(game.to_notation())
    other = parsed.resample(0, 3)
    assert other.view(0) == game.view(0)
    assert other.history == ()
    assert game.resample(0, 3).history == game.history != ()


def test_resample_is_seeded_and_checks_its_arguments() -> None:
    game = _playout(3, 3, "podkidnoy", steps=6)[-1]
    assert game.resample(1, 11) == game.resample(1, 11)
    assert game.resample(1, 11).to_notation() == game.resample(1, 11).to_notation()
    for bad in (-1, 3, True, "0", None):
        with pytest.raises(ConfigError) as err:
            game.view(bad)  # type: ignore[arg-type]
        assert err.value.code == "INVALID_SEAT"
    with pytest.raises(ConfigError) as err:
        game.resample(0, -1)
    assert err.value.code == "INVALID_SEED"
