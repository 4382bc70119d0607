"""Concrete positions pinning every difference between the two rule sets, and bad input."""

from __future__ import annotations

import json

import _dalmara_util as u
import pytest

import parlour.dalmara as dm
from parlour.errors import ConfigError, IllegalMoveError, NotationError, ParlourError

ENGINE: dm.Rules = "dal-mara-engine"
RULEBOOK: dm.Rules = "rulebook"

# Trick 12 of a 4p game: Turup spades was set in trick 5. Seat 1 led Ah, seat 2 (void in
# hearts) trumped with 3s; seat 3 holds neither hearts nor spades and discards 2d.
LATER_TRICK = (
    "4p,0,s{tt} | -/-/-/- | Kh,Qh/2s,5c/9c,4h/2d,3d | - | 46 | 12,2,h,-,1:Ah/2:3s | 2,3s,- | 3"
)


@pytest.mark.parametrize("tt", ["", ",5"])
def test_4p_turup_is_fixed_after_its_trick_in_the_rulebook(tt: str) -> None:
    dmn = LATER_TRICK.format(tt=tt)
    eng = dm.play_card(LATER_TRICK.format(tt=""), 3, "2d", rules=ENGINE).unwrap()
    assert eng.turup == "diamonds"
    assert eng.move_detail.makes_turup
    book = dm.play_card(dmn, 3, "2d", rules=RULEBOOK).unwrap()
    assert book.turup == "spades"
    assert not book.move_detail.makes_turup
    assert book.to_notation().startswith("4p,0,s" + tt + " |")
    # The last card decides the trick: the engine's new Turup (diamonds) wins it for seat 3,
    # the rulebook's fixed Turup keeps seat 2's 3s on top.
    assert dm.play_card(eng, 0, "Kh").unwrap().next_move_seat == 3
    assert dm.play_card(book, 0, "Kh").unwrap().next_move_seat == 2


CREATING_TRICK = (
    "4p,0,- | -/-/-/- | Kh,Qh/2s,5c/3s,9c/{seat3} | - | 45 | 12,1,h,-,1:Ah | 1,Ah,- | 2"
)


@pytest.mark.parametrize("rules", [ENGINE, RULEBOOK])
def test_turup_creation_and_same_trick_override(rules: dm.Rules) -> None:
    s = dm.play_card(CREATING_TRICK.format(seat3="2d,3d"), 2, "3s", rules=rules).unwrap()
    assert s.turup == "spades"
    assert s.move_detail.makes_turup
    assert s.to_notation().startswith("4p,0,s,12 |" if rules == RULEBOOK else "4p,0,s |")
    # seat 3 is void in hearts and spades: its diamond overrides within the creating trick.
    o = dm.play_card(s, 3, "2d").unwrap()
    assert o.turup == "diamonds"
    assert o.move_detail.makes_turup
    assert o.to_notation().startswith("4p,0,d,12 |" if rules == RULEBOOK else "4p,0,d |")
    # seat 3 still holds a spade: the diamond discard does not override.
    s2 = dm.play_card(CREATING_TRICK.format(seat3="2d,4s"), 2, "3s", rules=rules).unwrap()
    n = dm.play_card(s2, 3, "2d").unwrap()
    assert n.turup == "spades"
    assert not n.move_detail.makes_turup


def test_rulebook_turup_trick_field_is_read_and_refused_when_bad() -> None:
    s = dm.parse_dmn(LATER_TRICK.format(tt=",5"))
    assert s.turup_trick == 5
    assert dm.parse_dmn(LATER_TRICK.format(tt=",5"), rules=ENGINE).turup_trick is None
    assert dm.parse_dmn(
        LATER_TRICK.format(tt=",5"), rules=ENGINE
    ).to_notation() == LATER_TRICK.format(tt="")
    for bad in [
        ",0",
        ",14",
        ",01",
        ",+5",
        ",5.5",
        ",1e1",
        ",-1",
        ",-",
        ",x",
        ",",
        ", 5",
        ",13",
        ",5,3",
    ]:
        for rules in (ENGINE, RULEBOOK):
            with pytest.raises(NotationError) as e:
                dm.parse_dmn(LATER_TRICK.format(tt=bad), rules=rules)
            assert e.value.code == "INVALID_DMN"
    with pytest.raises(NotationError):
        dm.parse_dmn(LATER_TRICK.replace("4p,0,s{tt}", "4p,0,-,5"))
    with pytest.raises(NotationError):
        dm.parse_dmn("2p,1,h,3 | - | / | -/-/-/-/-/-/-/- | 0 | 3,0,-,-,- | -,-,- | 1")


# A 2p trick start with a face-up Turup (hearts) card 7h on seat 1's stack.
BLOCKED = (
    "2p,1,h | - | 3s,10s,8c,6c,2d,2c/5d,9h,7d,Qd,6d,10d | 7c,3c,Qh,4c,Qs/9s,4s,Ks,4d,Kd/"
    "Ad,10c,6h,Ac,Jc/Qc,8h,Kh,8s,7s/3d,Jh,Js,5s,8d/Ah,9c,2h,As,7h/Kc,5c,3h,9d,6s/2s,Jd,4h,5h,10h"
    " | 0 | 1,0,-,-,- | -,-,- | 0"
)


def test_2p_lead_waits_for_face_up_turup_pickups_in_the_rulebook() -> None:
    assert [m.card for m in dm.get_legal_moves(BLOCKED, 0, rules=ENGINE)][:2] == ["3s", "10s"]
    assert dm.play_card(BLOCKED, 0, "3s", rules=ENGINE).success
    assert dm.get_legal_moves(BLOCKED, 0, rules=RULEBOOK) == []
    r = dm.play_card(BLOCKED, 0, "3s", rules=RULEBOOK)
    assert not r.success
    assert r.error is not None
    assert r.error.code == "TURUP_PICKUP_REQUIRED"
    with pytest.raises(IllegalMoveError):
        r.unwrap()
    # Turn checks come first.
    r = dm.play_card(BLOCKED, 1, "5d", rules=RULEBOOK)
    assert r.error is not None
    assert r.error.code == "NOT_PLAYER_TURN"
    state = dm.parse_dmn(BLOCKED, rules=RULEBOOK)
    assert state.to_move == 1  # the owner of the face-up Turup card picks it up
    assert [str(m) for m in state.legal_moves()] == ["pickup 7h", "pickup 10h"]
    # Picking up 10h reveals 5h (hearts again), which must be picked up too.
    s = dm.pickup_turup_card(state, 1, "7h").unwrap()
    s = dm.pickup_turup_card(s, 1, "10h").unwrap()
    assert dm.get_legal_moves(s, 0) == []
    s = dm.pickup_turup_card(s, 1, "5h").unwrap()
    s = dm.pickup_turup_card(s, 1, "4h").unwrap()
    assert s.hands[1][-4:] == ("7h", "10h", "5h", "4h")
    assert [m.card for m in dm.get_legal_moves(s, 0)][:2] == ["3s", "10s"]
    assert dm.play_card(s, 0, "3s").success


GHOPTE = (
    "4p,2,- | 10c,1,-/-/-/10h,0,- | 3s,9s,8h,5d,2s,5h,4h,10c,4s,Ah,7s,10s,Js/"
    "7d,6h,5c,Kc,9c,5s,As,Kd,Jd,Qh,2h,10d,2d/Kh,9h,Jh,3h,7h,Ac,7c,8c,4c,6c,3d,6s,8s/"
    "2c,Ks,Ad,8d,3c,Qc,Jc,10h,Qs,4d,9d,Qd,6d | - | 0 | 1,0,h,g,- | -,-,- | 3"
)


def test_ghoptes_resolve_in_array_order_for_the_engine_and_by_order_in_the_rulebook() -> None:
    eng = dm.get_legal_moves(GHOPTE, 3, rules=ENGINE)
    assert "10h" not in [m.card for m in eng]
    assert len(eng) == 12
    r = dm.play_card(GHOPTE, 3, "10h", rules=ENGINE)
    assert r.error is not None
    assert r.error.code == "INVALID_GHOPTE_SUBMISSION"
    # The engine rewrites the lead suit to the active ghopte's (seat 0's 10c).
    assert " | 1,1,c,g,3:2c | " in (dm.play_card(GHOPTE, 3, "2c", rules=ENGINE).dmn or "")
    assert [m.card for m in dm.get_legal_moves(GHOPTE, 3, rules=RULEBOOK)] == ["10h"]
    s = dm.play_card(GHOPTE, 3, "10h", rules=RULEBOOK).unwrap()
    for seat, card in [(0, "3s"), (1, "2h"), (2, "Kh")]:
        s = dm.play_card(s, seat, card).unwrap()
    # Seat 2's Kh won the 10h; the next ghopte (seat 0's 10c) is led by its declarer.
    assert s.tricks_taken == (0, 0, 1, 0)
    assert s.tens_taken == (0, 0, 1, 0)
    assert s.next_move_seat == 0
    assert s.to_notation().split(" | ")[1] == "10c,1,-/-/-/10h,0,r"
    assert s.trick.lead_suit == "clubs"
    assert s.trick.is_ghopte


def test_dealer_first_ghopte_order_numbers_from_the_dealer() -> None:
    deck = (
        "7s,6s,Js,2s,Ks,7c,Ac,Jc,6c,2c,5h,7h,6h,Ah,8h,10d,2d,Kd,7d,Jd,8s,4s,Qs,3s,3c,10c,10h,9c,Qh,2h,"
        "3h,4h,Qd,5d,6d,9d,As,9s,Ad,8c,Kc,Qc,5c,5s,4c,Jh,9h,Kh,3d,10s,8d,4d"
    ).split(",")
    g = dm.create_game("4p", 0, [{"seat": i} for i in range(4)]).unwrap()
    last = dm.deal_four_player(g, deck, 0).unwrap()
    first = dm.deal_four_player(g, deck, 0, ghopte_order="dealer-first").unwrap()
    assert last.to_notation().split(" | ")[1] == "10s,1,-/-/10h,0,-/-"
    assert first.to_notation().split(" | ")[1] == "10s,0,-/-/10h,1,-/-"
    # The first trick is set up from the ghopte with order 0, whose declarer plays first.
    assert (last.next_move_seat, last.trick.lead_suit) == (2, "hearts")
    assert (first.next_move_seat, first.trick.lead_suit) == (0, "spades")
    assert [m.card for m in dm.get_legal_moves(first, 0)] == ["10s"]
    with pytest.raises(ConfigError):
        dm.deal_four_player(g, deck, 0, ghopte_order="random")


# ----------------------------------------------------------------------------- bad input
PRE_DEAL = "4p,3,- | -/-/-/- | /// | - | 0 | 1,0,-,-,- | -,-,- | 3"
PRE_DEAL_2P = "2p,1,- | - | / | -/-/-/-/-/-/-/- | 0 | 1,0,-,-,- | -,-,- | 1"


@pytest.mark.parametrize("rules", [ENGINE, RULEBOOK])
def test_bad_decks_are_refused(rules: dm.Rules) -> None:
    deck = dm.create_deck()
    for bad in (["As"] * 52, [*deck[:51], "Zz"], [*deck[:51], deck[0]], [*deck[:51], None]):
        r = dm.deal_four_player(PRE_DEAL, bad, 3, rules=rules)
        assert u.code(r) == "INVALID_DECK", bad
        r = dm.deal_two_player_hands(PRE_DEAL_2P, bad, 1, rules=rules)
        assert r.error is not None
        assert r.error.code == "INVALID_DECK"
    shapes: list[object] = ["As" * 26, 52, {"deck": 1}, None, []]
    for bad_shape in shapes:
        r = dm.deal_four_player(PRE_DEAL, bad_shape, 3, rules=rules)
        assert r.error is not None
        assert r.error.code == "INVALID_DECK"
    with pytest.raises(ConfigError):
        r.unwrap()
    hands = dm.deal_two_player_hands(PRE_DEAL_2P, deck, 1, rules=rules).unwrap()
    declared = dm.declare_turup(hands, 0, "hearts").unwrap()
    rest = dm.get_remaining_cards_2p(declared, deck)
    assert len(rest) == 40
    bad40 = [deck[0], *rest[1:]]  # deck[0] is in a hand
    r = dm.deal_two_player_stacks(declared, 1, bad40)
    assert r.error is not None
    assert r.error.code == "INVALID_DECK"
    r = dm.deal_two_player_stacks(declared, 1, [])
    assert r.error is not None
    assert r.error.code == "INVALID_DECK"
    assert dm.deal_two_player_stacks(declared, 1, rest).success
    assert dm.deal_two_player_stacks(declared, 1, deck).success
    unshuffled = dm.deal_two_player_stacks(declared, 1).unwrap()
    assert unshuffled.stacks[0][0].hidden_cards[0] == dm.get_remaining_cards_2p(declared)[0]


@pytest.mark.parametrize("rules", [ENGINE, RULEBOOK])
def test_unknown_turup_suits_are_refused_after_the_engine_checks(rules: dm.Rules) -> None:
    hands = dm.deal_two_player_hands(PRE_DEAL_2P, dm.create_deck(), 1, rules=rules).unwrap()
    for suit in ("banana", "Hearts", "h", "", None, 3):
        r = dm.declare_turup(hands, 0, suit)
        assert u.code(r) == "INVALID_TURUP_DECLARATION", suit
    r = dm.declare_turup(hands, 1, "banana")
    assert r.error is not None
    assert r.error.code == "NOT_PLAYER_TURN"
    assert dm.declare_turup(hands, 0, "clubs").unwrap().turup == "clubs"


MALFORMED = [
    "",
    "nonsense",
    PRE_DEAL.replace(" | 3", " | NaN"),
    PRE_DEAL.replace(" | 3", " | 0x1"),
    PRE_DEAL.replace(" | 3", " | 7"),
    PRE_DEAL.replace("1,0,-,-,-", "1,0,-,-"),
    PRE_DEAL.replace("-,-,- | 3", "3 | 3"),
    PRE_DEAL.replace("///", "Zz///"),
    PRE_DEAL.replace("///", "As/As//"),
    PRE_DEAL.replace(" | 0 | ", " | 53 | "),
    PRE_DEAL_2P.replace("-/-/-/-/-/-/-/-", "-//-/-/-/-/-/-"),
    PRE_DEAL_2P.replace("2p,1,-", "2p,1,-,-,-"),
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_dmn_is_an_error_result_from_every_action(text: str) -> None:
    with pytest.raises(NotationError) as e:
        dm.parse_dmn(text)
    assert e.value.code == "INVALID_DMN"
    results = [
        dm.dispatch(text, {"type": "PLAY_CARD", "payload": {"seat": 0, "card": "As"}}),
        dm.dispatch(text, '{"type": "NOPE"}'),
        dm.play_card(text, 0, "As"),
        dm.deal_four_player(text, dm.create_deck(), 3),
        dm.deal_two_player_hands(text, dm.create_deck(), 1),
        dm.deal_two_player_stacks(text, 1),
        dm.declare_turup(text, 0, "hearts"),
        dm.pickup_turup_card(text, 0, "As"),
    ]
    for r in results:
        assert not r.success
        assert r.error is not None
        assert r.error.code == "INVALID_DMN"
        assert r.dmn is None
        assert r.state is None
    for query in (dm.is_finished, dm.get_current_player, dm.get_remaining_cards_2p):
        with pytest.raises(NotationError):
            query(text)
    with pytest.raises(NotationError):
        dm.get_legal_moves(text, 0)


def test_non_string_inputs_and_bad_actions() -> None:
    r = dm.dispatch(12, {"type": "PLAY_CARD"})  # type: ignore[arg-type]
    assert r.error is not None
    assert r.error.code == "INVALID_DMN"
    assert dm.dispatch(PRE_DEAL, "{not json").error == dm.EngineError(
        "INVALID_ACTION", "Action is not valid JSON"
    )
    r = dm.dispatch(PRE_DEAL, ["PLAY_CARD"])  # type: ignore[arg-type]
    assert r.error is not None
    assert r.error.message == "Unknown action type"
    r = dm.dispatch(PRE_DEAL, json.dumps({"type": "DEAL_FOUR_PLAYER", "payload": {"seat": 3}}))
    assert r.error is not None
    assert r.error.code == "INVALID_DECK"
    with pytest.raises(ConfigError):
        dm.dispatch(PRE_DEAL, {"type": "PLAY_CARD"}, rules="house")  # type: ignore[arg-type]


MID_TRICK = (
    "4p,2,- | -/-/-/- | Kd,8h,4c,4h,Kc,Qc,As,7h,8c,7d,6c,9d,10d/5h,Qd,Jh,6h,2h,3d,Ad,8s,5s,Qs,9"
    "s,3h,7c/2d,6d,Jd,10h,4s,7s,4d,8d,10s,2s,Js,9h,Ks/Ac,3c,5c,5d,Kh,Jc,Ah,9c,10c,3s,2c,6s | - "
    "| 1 | 1,1,h,-,3:Qh | 3,Qh,- | 0"
)


def test_lenient_notation_kept_from_the_engine() -> None:
    s = dm.parse_dmn("  " + MID_TRICK.replace("1,1,h,-,3:Qh", "1,1,h,-,3s:Qh/junk") + "\n")
    assert s.to_notation() == MID_TRICK
    assert dm.parse_dmn(MID_TRICK.replace("4p,2,-", "4p,2,x")).to_notation() == MID_TRICK
    assert dm.parse_dmn(MID_TRICK.replace("4p,2,-", "xx,2,-")).mode == "4p"


TWO_P = dm.GameState.random(3, "2p").to_notation()


@pytest.mark.parametrize("space", ["\ufeff", "\xa0", "\u2028", "\u3000", "\t\r\n"])
def test_dmn_trims_javascript_white_space(space: str) -> None:
    # the engine trims with String.prototype.trim: U+FEFF (a byte-order mark) included
    assert TWO_P.startswith("2p,")
    assert dm.parse_dmn(space + TWO_P + space).to_notation() == TWO_P


@pytest.mark.parametrize("space", ["\x1c", "\x1f"])
def test_dmn_keeps_what_javascript_does_not_trim(space: str) -> None:
    # Python's str.strip would remove these; JavaScript keeps them, so the mode token is not
    # "2p" and the engine reads the string as four-player (an unknown mode is 4p)
    assert dm.parse_dmn(space + TWO_P).mode == "4p"


def test_malformed_cards_and_seats() -> None:
    for card in ("1x", "", "10S", "T s", 5, None, "Kh "):
        r = dm.play_card(MID_TRICK, 0, card)
        assert u.code(r) == "CARD_NOT_OWNED", card
    r = dm.play_card(MID_TRICK, "0", "8h")
    assert r.error == dm.EngineError("NOT_PLAYER_TURN", "Not turn for player at seat 0")
    r = dm.play_card(MID_TRICK, None, "8h")
    assert r.error is not None
    assert r.error.message == "Not turn for player at seat undefined"
    r = dm.play_card(MID_TRICK, 2**80, "8h")
    assert r.error is not None
    assert r.error.code == "NOT_PLAYER_TURN"
    r = dm.play_card(MID_TRICK, True, "8h")
    assert r.error is not None
    assert r.error.code == "NOT_PLAYER_TURN"
    assert dm.get_legal_moves(MID_TRICK, 9) == []
    assert dm.get_legal_moves(MID_TRICK, "0") == []  # type: ignore[arg-type]
    assert dm.play_card(MID_TRICK, {"seat": 0, "card": "8h"}).success
    with pytest.raises(IllegalMoveError) as e:
        dm.play_card(MID_TRICK, 0, "6c").unwrap()
    assert e.value.code == "MUST_FOLLOW_SUIT"
    assert isinstance(e.value, ParlourError)


def test_create_game_validation_order() -> None:
    four = [{"seat": i} for i in range(4)]
    cases = [
        (("5p", 0, four), "INVALID_MODE"),
        (("4p", 0, "x"), "INVALID_PLAYERS"),
        (("4p", 0, four[:3]), "INVALID_PLAYER_COUNT"),
        (("4p", 0, [*four[:3], {"seat": 4}]), "INVALID_CONFIGURATION"),
        (("4p", 0, [*four[:3], {"seat": 2}]), "INVALID_CONFIGURATION"),
        (("4p", 7, four), "INVALID_DEALER"),
        (("4p", "0", four), "INVALID_DEALER"),
        (
            (
                "4p",
                0,
                [
                    {"seat": 0, "team": "a"},
                    {"seat": 1, "team": "a"},
                    {"seat": 2, "team": "a"},
                    {"seat": 3, "team": "a"},
                ],
            ),
            "INVALID_CONFIGURATION",
        ),
    ]
    for args, code in cases:
        r = dm.create_game(*args)
        assert u.code(r) == code, args
    r = dm.create_game("4p", 0, four[:3])
    assert r.error is not None
    assert r.error.details == {"mode": "4p", "expected": 4, "received": 3}
    s = dm.create_game(
        "4p", 1, [{"seat": i, "team": ["red", "blue"][i % 2]} for i in range(4)]
    ).unwrap()
    assert [p.team for p in s.players] == ["red", "blue", "red", "blue"]
    assert dm.get_current_player(s) == dm.Player(1, "blue")


def test_pickup_required_comes_after_turn_checks_and_before_ownership() -> None:
    r = dm.play_card(BLOCKED, 0, "Ks", rules=RULEBOOK)  # not seat 0's card
    assert u.code(r) == "TURUP_PICKUP_REQUIRED"
    r = dm.play_card(BLOCKED, 0, "Ks", rules=ENGINE)
    assert u.code(r) == "CARD_NOT_OWNED"
    # Mid-trick nothing is blocked: seat 1 may answer while 7h still shows.
    led = dm.play_card(BLOCKED, 0, "3s", rules=ENGINE).unwrap().with_rules(RULEBOOK)
    assert dm.get_legal_moves(led, 1) != []
    # A pickup by a seat that is not on turn is fine in both rule sets.
    for rules in (ENGINE, RULEBOOK):
        assert dm.pickup_turup_card(BLOCKED, 1, "7h", rules=rules).success
        r = dm.pickup_turup_card(BLOCKED, 1, "As", rules=rules)
        assert u.code(r) == "STACK_NOT_FOUND"
        r = dm.pickup_turup_card(BLOCKED, 0, "7s", rules=rules)
        assert u.code(r) == "INVALID_ACTION"


def test_card_utilities_and_scoring() -> None:
    assert dm.create_deck()[8] == "10s"
    assert dm.parse_card("10s") == dm.ParsedCard("spades", "10")
    assert dm.create_card("hearts", "K") == "Kh"
    assert (dm.get_card_suit("Qd"), dm.get_card_rank("Qd")) == ("diamonds", "Q")
    assert dm.compare_card_ranks("Ah", "10s") == 4
    for bad in ("1x", "", "10S", 5):
        with pytest.raises(IllegalMoveError) as e:
            dm.parse_card(bad)  # type: ignore[arg-type]
        assert e.value.code == "INVALID_ACTION"
    assert sorted(dm.shuffle_deck(dm.create_deck(), 3)) == sorted(dm.create_deck())
    assert dm.shuffle_deck(dm.create_deck(), 3) == dm.shuffle_deck(dm.create_deck(), 3)
    assert dm.count_tens_in_cards(["10s", "0:10h", {"card": "Kc"}]) == 2
    score = dm.update_score_on_trick_won({"tens": 1, "tricks": 2}, {"cards": ["1:10d", "2:2d"]})
    assert score == dm.ScoreState(2, 3)
    players = [{"seat": i, "team": ["red", "blue"][i % 2]} for i in range(4)]
    even = {
        0: dm.ScoreState(1, 4),
        1: dm.ScoreState(1, 3),
        2: dm.ScoreState(1, 3),
        3: dm.ScoreState(1, 3),
    }
    w = dm.evaluate_game_winner_4p(even, players)
    assert w.to_dict() == {
        "winnerTeam": "red",
        "reason": "2-2 tie broken by tricks: Team red (7) vs Team blue (6)",
    }
    w2 = dm.evaluate_game_winner_2p(
        {"0": {"tens": 3, "tricks": 9}, "1": {"tens": 1, "tricks": 17}}, players[:2]
    )
    assert w2.to_dict() == {
        "winnerSeat": 0,
        "winnerPosition": 0,
        "reason": "Player at seat 0 wins with 3 tens",
    }
    with pytest.raises(ConfigError):
        dm.evaluate_game_winner_4p(even, [{"team": "x"}])
    assert dm.ENGINE_ERROR_CODES["MUST_FOLLOW_SUIT"] == "MUST_FOLLOW_SUIT"
    assert dm.ACTION_TYPES["PLAY_GHOPTE"] == "PLAY_GHOPTE"
    assert dm.SUITS == ("spades", "hearts", "diamonds", "clubs")
    assert dm.RANKS[-1] == "A"
