"""The engine API's results and the value classes: ``ActionResult``, ``LegalMove``, the state.

(These were the accelerator tests: the four game-loop calls were Rust functions calling back
into Python definitions. They are plain Python functions in ``parlour.dalmara.api`` now, so the
comparisons of the two are gone; what the results and values must be stays tested here, and
``test_dalmara_js_display.py`` covers the argument shapes.)
"""

from __future__ import annotations

import copy
import pickle

import pytest

import parlour.dalmara as dm
from parlour.errors import IllegalMoveError, ParlourError


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


def test_state_is_immutable_final_and_not_constructible_bare() -> None:
    s = dm.GameState.random(2)
    with pytest.raises(AttributeError):
        s.extra = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        s._dmn = "x"  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        dm.GameState()
    with pytest.raises(TypeError):
        type("Mine", (dm.GameState,), {})  # final: no subclass
    assert copy.copy(s) is s
    assert copy.deepcopy(s) is s
    assert pickle.loads(pickle.dumps(s)) == s


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


def test_state_pickles_with_its_roster_and_rules() -> None:
    g = dm.create_game("2p", 1, [{"seat": 0, "team": "a"}, {"seat": 1, "team": "b"}])
    s = g.unwrap().with_rules("dal-mara-engine")
    back = pickle.loads(pickle.dumps(s))
    assert back == s
    assert back.players == (dm.Player(0, "a"), dm.Player(1, "b"))
    assert back.rules == "dal-mara-engine"
    assert dm.GameState.from_parts(s.parts()) == s
