//! Tests of bridge card play: playouts, the computer player, refusals and the replay validator.

use super::*;
use crate::cards::Spelling;
use crate::sim::{simulate, Policy};

fn suit_of(code: u8) -> u8 {
    (code / 16) & 3
}

#[test]
fn random_games_conserve_cards_and_hash_incrementally() {
    let mut rng = Rng::new(5);
    for seed in 0..60 {
        let mut s = crate::game::dealt::<BridgePlay>(&BridgeConfig::default(), seed);
        assert_eq!(s.to_move(), Some((s.declarer() + 1) % 4));
        let mut buf = Vec::new();
        while !s.is_terminal() {
            s.legal_moves_into(&mut buf);
            assert!(!buf.is_empty());
            let before = s.clone();
            let next = s.apply(buf[rng.index(buf.len())]).unwrap();
            assert_eq!(before, s);
            assert_eq!(next.zobrist(), next.full_hash());
            let rebuilt = BridgePlay::from_position(
                next.play.hands(),
                next.strain,
                next.declarer,
                next.level,
                next.doubled,
                next.leader(),
                next.trick(),
                next.tricks_won(),
            )
            .unwrap();
            assert_eq!(rebuilt, next);
            s = next;
        }
        let mut r = [0f32; 4];
        s.returns_into(&mut r);
        assert!((r[0] + r[1] - 13.0).abs() < 1e-6);
        assert_eq!(r[0], r[2]);
        assert!(s.winner().is_some());
    }
}

#[test]
fn batch_is_thread_independent() {
    let c = BridgeConfig::default();
    let a = simulate::<BridgePlay>(&c, 9, 0, 600, Policy::Random, Some(1)).unwrap();
    let b = simulate::<BridgePlay>(&c, 9, 0, 600, Policy::Random, Some(2)).unwrap();
    assert_eq!(a, b);
    assert!(a.moves.iter().all(|&m| m == 52));
}

#[test]
fn computer_player_is_legal_and_beats_random_play() {
    let mut rng = Rng::new(17);
    let (mut ns, mut games) = (0u32, 0u32);
    for seed in 0..300 {
        let mut s = crate::game::dealt::<BridgePlay>(&BridgeConfig::default(), seed);
        let mut buf = Vec::new();
        while !s.is_terminal() {
            s.legal_moves_into(&mut buf);
            let mv = if s.seat_to_move() % 2 == 0 {
                let m = s.computer_move().unwrap();
                assert!(buf.contains(&m));
                m
            } else {
                buf[rng.index(buf.len())]
            };
            s.play_card(mv).unwrap();
        }
        assert_eq!(s.computer_move(), None);
        ns += u32::from(s.tricks_won()[0]);
        games += 1;
    }
    // Random play gives each side 6.5 tricks on average; the heuristic side does better.
    assert!(
        f64::from(ns) / f64::from(games) > 8.0,
        "{}",
        f64::from(ns) / f64::from(games)
    );
    let c = BridgeConfig::default();
    let a = simulate::<BridgePlay>(&c, 4, 0, 200, Policy::Computer, Some(2)).unwrap();
    assert!(a.moves.iter().all(|&m| m == 52));
}

#[test]
fn illegal_moves_and_bad_positions_are_refused() {
    let s = crate::game::dealt::<BridgePlay>(
        &BridgeConfig {
            strain: Some(NO_TRUMP),
            declarer: Some(0),
        },
        1,
    );
    assert_eq!(s.to_move(), Some(1));
    let not_held = s.hand(0).first().unwrap();
    assert_eq!(s.apply(not_held).unwrap_err().code, "CARD_NOT_OWNED");
    let lead = s.hand(1).first().unwrap();
    let s2 = s.apply(lead).unwrap();
    let off = s2.hand(2).iter().find(|c| c.suit() != lead.suit());
    if let (Some(off), false) = (off, s2.hand(2).of_suit(lead.suit()).is_empty()) {
        assert_eq!(s2.apply(off).unwrap_err().code, "REVOKE");
    }
    let mut hands = s.play.hands();
    hands[0] = hands[1];
    assert_eq!(
        BridgePlay::new(hands, 0, 0, 1, 0).unwrap_err().code,
        "INVALID_DEAL"
    );
    assert_eq!(
        BridgePlay::new(s.play.hands(), 5, 0, 1, 0)
            .unwrap_err()
            .code,
        "INVALID_STRAIN"
    );
    assert!(BridgePlay::from_position(s.play.hands(), 0, 0, 1, 0, 0, &[], [1, 0]).is_err());
    // The notation's `<level>N N/N:…`: the contract in no trump, declared by North.
    assert_eq!(s.contract_text(), format!("{}N", s.level()));
    assert_eq!((s.strain(), s.declarer()), (NO_TRUMP, 0));
}

fn code(s: &str) -> u8 {
    Card::parse(s, Spelling::Bridge).unwrap().index()
}

/// The record validator's winner rule, written out plainly: a code of an unreadable rank
/// (13-15) never wins and loses to any readable card of the suit led or trump.
fn model_winner(cards: &[u8], trump: Option<u8>) -> usize {
    let ok = |c: u8| c % 16 <= 12;
    let lead = suit_of(cards[0]);
    let mut best = 0;
    for (i, &c) in cards.iter().enumerate().skip(1) {
        let b = cards[best];
        if !ok(c) {
            continue;
        }
        let (ct, bt) = (
            Some(suit_of(c)) == trump,
            Some(suit_of(b)) == trump && ok(b),
        );
        let wins = match (ct, bt) {
            (true, false) => true,
            (false, true) => false,
            (true, true) => c % 16 > b % 16,
            (false, false) => {
                suit_of(c) == lead && (suit_of(b) != lead || !ok(b) || c % 16 > b % 16)
            }
        };
        if wins {
            best = i;
        }
    }
    best
}

#[test]
fn the_shared_trick_rules_decide_as_the_validator_rule_with_unreadable_ranks() {
    let mut rng = crate::rng::Rng::new(4);
    for _ in 0..20_000 {
        let n = 1 + rng.index(4);
        let cards: Vec<u8> = (0..n)
            .map(|_| {
                let suit = rng.index(4) as u8;
                // a quarter of the ranks unreadable
                let rank = if rng.index(4) == 0 {
                    13 + rng.index(3) as u8
                } else {
                    rng.index(13) as u8
                };
                suit * 16 + rank
            })
            .collect();
        let trump = Suit::from_index(rng.index(5) as u8);
        assert_eq!(
            trick_winner_index(&cards, trump),
            Some(model_winner(&cards, trump.map(Suit::index))),
            "{cards:?} {trump:?}"
        );
    }
    assert_eq!(trick_winner_index(&[], None), None);
}

fn set(s: &str) -> CardSet {
    s.split_whitespace()
        .map(|c| Card::parse(c, Spelling::Bridge).unwrap())
        .collect()
}

#[test]
fn winner_with_and_without_trumps() {
    let t = [code("SA"), code("SK"), code("H2"), code("S3")];
    assert_eq!(trick_winner_index(&t, None), Some(0));
    assert_eq!(trick_winner_index(&t, Some(Suit::Hearts)), Some(2));
    assert_eq!(trick_winner_index(&[], None), None);
}

#[test]
fn collects_every_error_and_accepts_partial_trick() {
    let hands = [set("DA SA"), set("DK SJ"), set("DT S7"), set("D7 S3")];
    let ok = validate_play(
        hands,
        3,
        &[code("D7"), code("DA"), code("DK"), code("DT"), code("SA")],
        None,
        0x1FFF,
    );
    assert!(ok.errors.is_empty());
    assert_eq!(ok.tricks.len(), 2);
    assert_eq!(ok.tricks[0].winner, Some(0));
    assert_eq!(ok.tricks[1].winner, None);
    let bad = validate_play(
        hands,
        3,
        &[code("D7"), code("DA"), code("DK"), code("S7"), code("C2")],
        None,
        0x1FFF,
    );
    let kinds: Vec<_> = bad.errors.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        vec![PlayErrorKind::Revoke, PlayErrorKind::CardNotOwned]
    );
    let odd = validate_play(hands, 3, &[code("D7") | 15], None, 0x1FFF);
    assert_eq!(odd.errors.len(), 2);
    let long = validate_play(hands, 0, &[code("SA"); 2000], None, 0x1FFF);
    assert_eq!(long.won[0], 255);
}
