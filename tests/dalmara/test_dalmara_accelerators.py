"""The Rust accelerators of the game-loop API and the Rust base of ``GameState``.

``get_current_player``, ``get_legal_moves``, ``is_finished`` and ``play_card`` are Rust
functions that handle the common case themselves and call the Python definitions in
``parlour.dalmara._api`` for everything else. Each must give exactly what its Python definition
gives, for every kind of argument.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour.dalmara as dm
from parlour._core import dalmara as native
from parlour.dalmara import _api
from parlour.errors import IllegalMoveError, ParlourError

SEATS: list[Any] = [0, 1, 2, 3, 4, -1, None, True, "1", 1.0]
CARDS: list[Any] = ["As", "10d", "10h", "2c", "Kh", "ZZ", "", None, 10, "10s "]


def outcome(f: Any, *args: Any, **kwargs: Any) -> tuple[str, Any]:
    """A comparable summary of a call: its result, or the exception's class, code and text."""
    try:
        r = f(*args, **kwargs)
    except ParlourError as e:
        return ("raised", (type(e).__name__, e.code, e.message))
    except (TypeError, ValueError, IndexError) as e:
        return ("raised", (type(e).__name__, str(e)))
    if isinstance(r, dm.ActionResult):
        return ("result", (r.to_dict(), r.state))
    return ("value", r)


def positions(seed: int, mode: Any, rules: Any, steps: int) -> list[dm.GameState]:
    s = dm.GameState.random(seed, mode, rules)
    out = [s]
    for i in range(steps):
        if s.is_terminal:
            break
        s = s.apply_index((seed + i) % len(s.legal_moves()))
        out.append(s)
    return out


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    mode=st.sampled_from(["4p", "2p"]),
    rules=st.sampled_from(["rulebook", "dal-mara-engine"]),
    steps=st.integers(0, 60),
)
def test_accelerators_match_python_definitions(
    seed: int, mode: Any, rules: Any, steps: int
) -> None:
    for s in positions(seed, mode, rules, steps)[-3:]:
        for x in (s, s.to_notation()):
            for kw in ({}, {"rules": rules}):
                assert outcome(dm.get_current_player, x, **kw) == outcome(
                    _api._get_current_player, x, **kw
                )
                assert outcome(dm.is_finished, x, **kw) == outcome(_api._is_finished, x, **kw)
                for seat in SEATS:
                    assert outcome(dm.get_legal_moves, x, seat, **kw) == outcome(
                        _api._get_legal_moves, x, seat, **kw
                    )
            cards = [m.card for m in dm.get_legal_moves(s, s.next_move_seat)] + CARDS
            for seat in [s.next_move_seat, *SEATS]:
                for card in cards:
                    assert outcome(dm.play_card, x, seat, card) == outcome(
                        _api._play_card, x, seat, card
                    )


def test_play_card_other_argument_shapes_match() -> None:
    s = dm.GameState.random(5, "4p", "dal-mara-engine")
    seat = s.next_move_seat
    card = dm.get_legal_moves(s, seat)[0].card
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = [
        ((s, {"seat": seat, "card": card}), {}),
        ((s,), {"seat": seat, "card": card}),
        ((s, seat), {"card": card}),
        ((s, seat, card), {"rules": "dal-mara-engine"}),
        ((s, seat, card), {"rules": "rulebook"}),
        ((s, seat, card), {"rules": "nonsense"}),
        ((s, seat), {}),
        ((s,), {}),
        (("not dmn", seat, card), {}),
        ((42, seat, card), {}),
    ]
    for args, kwargs in calls:
        assert outcome(dm.play_card, *args, **kwargs) == outcome(_api._play_card, *args, **kwargs)
    with pytest.raises(TypeError):
        dm.play_card(s, seat, card, extra=1)  # type: ignore[call-arg]


def test_play_card_result_and_input_unchanged() -> None:
    s = dm.GameState.random(11)
    before = s.to_notation()
    seat = s.next_move_seat
    card = dm.get_legal_moves(s, seat)[0].card
    r = dm.play_card(s, seat, card)
    assert r.success
    assert r["success"]
    assert r.error is None
    assert type(r.state) is dm.GameState
    assert r.unwrap() is r.state
    assert r.dmn == r.state.to_notation() != before
    assert r.to_dict() == {"success": True, "dmn": r.dmn}
    assert repr(r) == f"ActionResult(success=True, dmn={r.dmn!r})"
    assert s.to_notation() == before
    assert r.state.players is s.players


def test_action_result_failure() -> None:
    s = dm.GameState.random(11)
    r = dm.play_card(s, (s.next_move_seat + 1) % 4, "As")
    assert not r.success
    assert r.state is None
    assert r.dmn is None
    assert r.error is not None
    assert r.error.code == "NOT_PLAYER_TURN"
    assert r.to_dict() == {"success": False, "error": r.error.to_dict()}
    assert repr(r).startswith("ActionResult(success=False, error=EngineError(")
    with pytest.raises(IllegalMoveError) as e:
        r.unwrap()
    assert e.value.code == "NOT_PLAYER_TURN"
    with pytest.raises(KeyError):
        r["nope"]
    back = pickle.loads(pickle.dumps(r))
    assert back.to_dict() == r.to_dict()
    with pytest.raises(AttributeError):
        r.state = s  # type: ignore[misc]


def test_state_base_is_immutable_and_not_constructible_bare() -> None:
    s = dm.GameState.random(2)
    with pytest.raises(AttributeError):
        s.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        s._dmn = "x"  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="create a Dal Mara state"):
        native.GameState()
    with pytest.raises(TypeError, match="a GameState wraps a core position"):
        dm.GameState("4p")  # type: ignore[arg-type]
    assert copy.copy(s) is s
    assert copy.deepcopy(s) is s
    assert pickle.loads(pickle.dumps(s)) == s


def test_subclass_keeps_its_class_through_moves() -> None:
    class Mine(dm.GameState):
        __slots__ = ()

    core = dm.GameState.random(4)._c
    m = Mine(core)
    nxt = m.apply_index(0)
    assert type(nxt) is Mine
    r = dm.play_card(nxt, nxt.next_move_seat, dm.get_legal_moves(nxt, nxt.next_move_seat)[0].card)
    assert type(r.state) is Mine
    assert type(nxt.apply(nxt.legal_moves()[0])) is Mine
    seat = nxt.next_move_seat
    card = dm.get_legal_moves(nxt, seat)[0].card
    assert outcome(dm.play_card, nxt, seat, card) == outcome(_api._play_card, nxt, seat, card)
    assert outcome(dm.get_current_player, nxt) == outcome(_api._get_current_player, nxt)
    assert dm.get_legal_moves(nxt, seat, rules=nxt.rules) == dm.get_legal_moves(nxt, seat)


def test_apply_forms_and_errors() -> None:
    s = dm.GameState.random(9, "4p", "dal-mara-engine")
    move = s.legal_moves()[0]
    lm = dm.get_legal_moves(s, s.next_move_seat)[0]
    assert s.apply(move) == s.apply(lm) == s.apply(lm.card) == s.apply_index(0)
    with pytest.raises(ParlourError) as e:
        s.apply(3.5)  # type: ignore[arg-type]
    assert e.value.code == "INVALID_MOVE"
    with pytest.raises(IllegalMoveError):
        s.apply("ZZ")
    with pytest.raises(IndexError):
        s.apply_index(len(s.legal_moves()))


def test_dmn_strings_memoised_or_not_give_the_same() -> None:
    from parlour.dalmara import _state

    s = dm.GameState.random(21, "4p", "dal-mara-engine").apply_index(0)
    text = s.to_notation()
    seat = s.next_move_seat
    card = dm.get_legal_moves(s, seat)[0].card
    results = []
    for memo in (True, False):
        if not memo:
            _state._CACHE.clear()
        results.append(
            (
                outcome(dm.get_current_player, text, rules="dal-mara-engine"),
                outcome(dm.get_legal_moves, text, seat, rules="dal-mara-engine"),
                outcome(dm.is_finished, text, rules="dal-mara-engine"),
                outcome(dm.play_card, text, seat, card, rules="dal-mara-engine"),
                outcome(dm.play_card, text, seat, card),
            )
        )
    assert results[0] == results[1]
    # a position written once is memoised under its DMN, counters cleared, default roster
    nxt = dm.play_card(text, seat, card, rules="dal-mara-engine").unwrap()
    key = (nxt.to_notation(), "dal-mara-engine")
    assert _state._CACHE[key] == dm.parse_dmn(key[0], rules="dal-mara-engine")


def test_result_and_legal_move_fields_are_read_only_members() -> None:
    # struct members (read by the interpreter without a getter call), and immutable
    s = dm.GameState.random(11)
    m = dm.get_legal_moves(s, s.next_move_seat)[0]
    r = dm.play_card(s, s.next_move_seat, m.card)
    for cls, name in [
        (dm.ActionResult, "state"),
        (dm.ActionResult, "error"),
        (dm.LegalMove, "card"),
        (dm.LegalMove, "stack_position"),
    ]:
        assert type(vars(cls)[name]).__name__ == "member_descriptor", (cls, name)
    with pytest.raises(AttributeError):
        r.state = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        m.card = "As"  # type: ignore[misc]
    assert dm.LegalMove("10s", 2).stack_position == 2
    assert dm.LegalMove("10s") == dm.LegalMove("10s", None) != dm.LegalMove("10s", 1)
    assert hash(dm.LegalMove("10s")) == hash(dm.LegalMove("10s", None))
    assert dm.LegalMove("10s").card is dm.LegalMove("10s").card  # one interned string per card
