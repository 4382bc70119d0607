use super::rules::CardIn;
use super::*;
use crate::rng::Rng;
use crate::sim::{simulate, Policy};

/// A card as Dal Mara writes it (`10s`, `Kh`).
fn parse_card(text: &str) -> Option<Card> {
    Card::parse(text, Spelling::DalMara).ok()
}

/// The text of card `c`.
fn card_text(c: Card) -> String {
    c.format(Spelling::DalMara)
}

fn deck(text: &str) -> Vec<Card> {
    text.split(',').map(|t| parse_card(t).unwrap()).collect()
}

const DECK_1000: &str = "Qh,Kd,Qc,8s,4h,9d,7d,9c,5d,Jh,4c,As,Jc,5s,5h,2c,2d,4s,2h,7h,8d,Kh,Qs,6h,Ac,Ad,4d,6s,8c,Js,Ah,3c,Qd,5c,8h,Ks,10s,3s,10h,10c,Kc,9s,3d,6d,10d,7s,3h,9h,2s,7c,Jd,6c";

#[test]
fn deal_matches_the_engine() {
    let d = deck(DECK_1000);
    let s = DalMara::create(true, 3, Rules::Engine).unwrap();
    // DMN `4p,3,- | -/-/-/- | /// | - | 0 | 1,0,-,-,- | -,-,- | 3`
    let fresh = Parts {
        four: true,
        rules: Rules::Engine,
        dealer: 3,
        hands: vec![Vec::new(); 4],
        trick_number: 1,
        next: 3,
        ..Parts::default()
    };
    assert_eq!(s.parts(), fresh);
    let s = s
        .deal_four(3, Deck::Cards(&d), GhopteOrder::DealerLast)
        .unwrap();
    // DMN `4p,3,- | -/-/10d,0,-/- | Qh,…,10c/9d,…,6d/4c,…,9h/2c,…,6c | - | 0 | 1,0,d,g,- | -,-,- | 2`
    let dealt = Parts {
        ghoptes: vec![Ghopte {
            seat: 2,
            card: parse_card("10d").unwrap(),
            order: 0,
            resolved: false,
        }],
        hands: vec![
            deck("Qh,Kd,Qc,8s,4h,8d,Kh,Qs,6h,10s,3s,10h,10c"),
            deck("9d,7d,9c,5d,Jh,Ac,Ad,4d,6s,Kc,9s,3d,6d"),
            deck("4c,As,Jc,5s,5h,8c,Js,Ah,3c,10d,7s,3h,9h"),
            deck("2c,2d,4s,2h,7h,Qd,5c,8h,Ks,2s,7c,Jd,6c"),
        ],
        lead: Some(Suit::Diamonds),
        is_ghopte: true,
        next: 2,
        ..fresh
    };
    assert_eq!(s.parts(), dealt);
    let s = s.play_card(2, CardIn::text("10d")).unwrap();
    let s = s.play_card(3, CardIn::text("5c")).unwrap();
    // DMN trick section `1,2,d,g,2:10d/3:5c`
    let p = s.parts();
    assert_eq!(
        (p.trick_number, p.play_number, p.lead, p.is_ghopte),
        (1, 2, Some(Suit::Diamonds), true)
    );
    assert_eq!(
        p.trick,
        [
            (2, parse_card("10d").unwrap()),
            (3, parse_card("5c").unwrap())
        ]
    );
    let e = s.play_card(1, CardIn::text("9d")).unwrap_err();
    assert_eq!(
        (e.code, e.message.as_str()),
        ("NOT_PLAYER_TURN", "Not turn for player at seat 1")
    );
    let e = s.play_card(0, CardIn::text("1x")).unwrap_err();
    assert_eq!(e.code, "CARD_NOT_OWNED");
}

#[test]
fn parts_round_trip() {
    let d = deck(DECK_1000);
    for rules in [Rules::Engine, Rules::Rulebook] {
        let mut s = DalMara::create(true, 3, rules)
            .unwrap()
            .deal_four(3, Deck::Cards(&d), GhopteOrder::DealerLast)
            .unwrap();
        let mut buf = Vec::new();
        while !s.is_terminal() {
            let p = s.parts();
            let back = DalMara::from_parts(&p).unwrap();
            assert_eq!(back.parts(), p);
            assert_eq!(back.zobrist(), s.zobrist());
            s.legal_moves_into(&mut buf);
            s = s.apply(buf[buf.len() / 2]).unwrap();
        }
    }
}

#[test]
fn random_games_keep_invariants() {
    let mut rng = Rng::new(5);
    for (four, rules) in [
        (true, Rules::Engine),
        (true, Rules::Rulebook),
        (false, Rules::Engine),
        (false, Rules::Rulebook),
    ] {
        let config = DalMaraConfig { four, rules };
        for seed in 0..60 {
            let mut s = crate::game::dealt::<DalMara>(&config, seed);
            let mut buf = Vec::new();
            let mut taken = 0u32;
            let mut steps = 0;
            while !s.is_terminal() {
                s.legal_moves_into(&mut buf);
                assert!(!buf.is_empty(), "stuck: {:?}", s.parts());
                let before = s.clone();
                let mv = buf[rng.index(buf.len())];
                let next = s.apply(mv).unwrap();
                assert_eq!(before, s);
                assert_eq!(next.zobrist(), next.recomputed_hash(), "{mv:?}");
                let back = DalMara::from_parts(&next.parts()).unwrap();
                assert!(back.same_position(&next), "{mv:?}");
                assert_eq!(back.zobrist(), next.zobrist());
                let mut held = 0u32;
                for i in 0..s.seats() {
                    held += next.hand(i).len() as u32;
                }
                for k in 0..8 {
                    held += next.stack(k).len() as u32;
                }
                held += next.trick_cards().len() as u32;
                let tricks: u32 = next.tricks_taken().iter().map(|&t| u32::from(t)).sum();
                taken = tricks * next.seats() as u32;
                assert_eq!(held + taken, 52);
                s = next;
                steps += 1;
            }
            assert!(steps >= 52);
            assert_eq!(taken, 52);
            let tens: u8 = s.tens_taken().iter().sum();
            assert_eq!(tens, 4);
        }
    }
}

#[test]
fn illegal_moves_leave_the_state_unchanged() {
    let s = crate::game::dealt::<DalMara>(&DalMaraConfig::default(), 3);
    let mut t = s.clone();
    let other = (0..4).find(|&i| i != usize::from(s.next_seat())).unwrap();
    let c = s.hand(other)[0];
    assert!(t.apply_mut(Move::Play(c)).is_err());
    assert_eq!(s, t);
}

#[test]
fn batch_runs_both_modes() {
    for four in [true, false] {
        let c = DalMaraConfig {
            four,
            rules: Rules::Rulebook,
        };
        let a = simulate::<DalMara>(&c, 1, 0, 300, Policy::Random, Some(1)).unwrap();
        let b = simulate::<DalMara>(&c, 1, 0, 300, Policy::Random, Some(2)).unwrap();
        assert_eq!(a, b);
        assert!(a.moves.iter().all(|&m| m >= 52));
    }
}

/// One random move the generic way (the move list, one draw, `apply_mut`); false when there
/// is no legal move.
fn generic_random_step(s: &mut DalMara, rng: &mut Rng, buf: &mut Vec<Move>) -> bool {
    s.legal_moves_into(buf);
    if buf.is_empty() {
        return false;
    }
    let mv = buf[rng.index(buf.len())];
    s.apply_mut(mv).unwrap();
    true
}

/// Play `s` out both ways, the fast path one move at a time, and compare after every move.
fn check_fast_path_from(start: &DalMara, seed: u64) {
    let (mut a, mut b) = (start.clone(), start.clone());
    let (mut ra, mut rb) = (Rng::new(seed), Rng::new(seed));
    let mut buf = Vec::new();
    while !a.is_terminal() {
        let made = b.random_moves_in_place(&mut rb, 1);
        let moved = generic_random_step(&mut a, &mut ra, &mut buf);
        if made == 0 {
            // No fast path here: the state is untouched, the generic step does the move.
            assert_eq!(a.is_terminal(), b.is_terminal());
            if moved {
                let mut rb2 = rb.clone();
                assert!(generic_random_step(&mut b, &mut rb2, &mut buf));
                rb = rb2;
            } else {
                // Stuck (a seat on turn without a card): neither path moved.
                assert_eq!(a, b);
                assert_eq!(b.zobrist(), b.recomputed_hash());
                return;
            }
        } else {
            assert!(moved, "fast path moved where the generic path is stuck");
        }
        assert!(made <= 1);
        assert_eq!(a, b, "{:?}", a.parts());
        assert_eq!(a.seen.fields(), b.seen.fields(), "{:?}", a.parts());
        assert_eq!(a.zobrist(), b.zobrist());
        assert_eq!(b.zobrist(), b.recomputed_hash());
        assert_eq!(ra, rb);
    }
    assert!(b.is_terminal());
    // And the whole game in one call.
    let mut c = start.clone();
    let mut rc = Rng::new(seed);
    let mut steps = 0;
    while !c.is_terminal() {
        let made = c.random_moves_in_place(&mut rc, 1000);
        if made == 0 && !generic_random_step(&mut c, &mut rc, &mut buf) {
            break;
        }
        steps += 1;
        assert!(steps < 200);
    }
    assert_eq!(a, c);
    assert_eq!(a.seen.fields(), c.seen.fields());
    assert_eq!(a.zobrist(), c.zobrist());
    assert_eq!(ra, rc);
}

#[test]
fn fast_random_plays_match_the_protocol_path() {
    for rules in [Rules::Rulebook, Rules::Engine] {
        let config = DalMaraConfig { four: true, rules };
        for seed in 0..400 {
            let s = crate::game::dealt::<DalMara>(&config, seed);
            check_fast_path_from(&s, seed ^ 0x55);
        }
    }
    // Two-player games have no fast path.
    let mut s = crate::game::dealt::<DalMara>(
        &DalMaraConfig {
            four: false,
            rules: Rules::Rulebook,
        },
        1,
    );
    assert_eq!(s.random_moves_in_place(&mut Rng::new(1), 100), 0);
}

#[test]
fn fast_random_plays_match_from_odd_positions() {
    // Positions the parts allow but play does not reach: a lead with no trick, a trick whose
    // first card is not of the lead, a Turup set earlier, uneven or oversized hands.
    let mut rng = Rng::new(99);
    let mut buf = Vec::new();
    let mut tried = 0;
    for rules in [Rules::Rulebook, Rules::Engine] {
        for seed in 0..150 {
            let mut s = crate::game::dealt::<DalMara>(&DalMaraConfig { four: true, rules }, seed);
            let stop = rng.index(50);
            for _ in 0..stop {
                if s.is_terminal() || !generic_random_step(&mut s, &mut rng, &mut buf) {
                    break;
                }
            }
            if s.is_terminal() {
                continue;
            }
            let mut p = s.parts();
            match rng.index(6) {
                0 => p.lead = Some(Suit::ALL[rng.index(4)]),
                1 => p.lead = None,
                2 => {
                    p.turup = Some(Suit::ALL[rng.index(4)]);
                    p.turup_trick = if rules == Rules::Rulebook && rng.index(2) == 0 {
                        Some(p.trick_number)
                    } else {
                        None
                    };
                }
                3 => {
                    // Move a card from one hand to another.
                    let from = rng.index(4);
                    if let Some(c) = p.hands[from].pop() {
                        p.hands[(from + 1 + rng.index(3)) % 4].push(c);
                    }
                }
                4 => {
                    // An oversized hand (no fast path while it lasts).
                    let from = rng.index(4);
                    let to = (from + 1) % 4;
                    let moved: Vec<Card> = p.hands[from].drain(..).collect();
                    p.hands[to].extend(moved);
                }
                _ => p.next = rng.index(4) as u8,
            }
            let Ok(odd) = DalMara::from_parts(&p) else {
                continue;
            };
            tried += 1;
            check_fast_path_from(&odd, seed);
        }
    }
    assert!(tried > 200);
}

#[test]
fn simulated_four_player_deals_match_deal_four() {
    for rules in [Rules::Rulebook, Rules::Engine] {
        let config = DalMaraConfig { four: true, rules };
        for seed in 0..300 {
            let mut rng = Rng::new(seed);
            let dealer = rng.below(4) as u8;
            let mut deck = crate::cards::deck52();
            crate::rng::shuffle(&mut deck, &mut rng);
            let expected = DalMara::create(true, dealer, rules)
                .unwrap()
                .deal_four(
                    i64::from(dealer),
                    Deck::Cards(&deck),
                    GhopteOrder::DealerLast,
                )
                .unwrap();
            let got = crate::game::dealt::<DalMara>(&config, seed);
            assert_eq!(got, expected);
            assert_eq!(got.zobrist(), expected.zobrist());
            assert_eq!(got.parts(), expected.parts());
        }
    }
}

#[test]
fn values_that_are_not_cards_or_suits_show_as_given() {
    let d = deck(DECK_1000);
    let four = DalMara::create(true, 3, Rules::Engine)
        .unwrap()
        .deal_four(3, Deck::Cards(&d), GhopteOrder::DealerLast)
        .unwrap();
    // a caller's value that is not a card: refused, shown as the caller's text
    let e = four.play_card(2, CardIn::not_a_card("10d")).unwrap_err();
    assert_eq!(
        (e.code, e.message.as_str()),
        ("CARD_NOT_OWNED", "Player does not own card 10d")
    );
    let two = DalMara::create(false, 0, Rules::Engine)
        .unwrap()
        .deal_two_hands(0, Deck::Cards(&d))
        .unwrap();
    let e = two.declare_turup_as(1, None, "hearts").unwrap_err();
    assert_eq!(
        (e.code, e.message.as_str()),
        (
            "INVALID_TURUP_DECLARATION",
            "Invalid Turup suit 'hearts': must be spades, hearts, diamonds or clubs"
        )
    );
    let by_name = two.declare_turup(1, "hearts").unwrap();
    assert_eq!(
        two.declare_turup_as(1, Some(Suit::Hearts), "")
            .unwrap()
            .parts(),
        by_name.parts()
    );
    // DMN `2p,0,h …`
    let p = by_name.parts();
    assert_eq!((p.four, p.dealer, p.turup), (false, 0, Some(Suit::Hearts)));
}

#[test]
fn play_orders_count_skipped_dmn_entries() {
    // DMN.md §6: a parsed trick card's `playOrder` is its position among all the entries of
    // the cards part, skipped ones included; RULES.md §1.3: a card played afterwards gets the
    // number of cards in the trick once it is added.
    let mut s = crate::game::dealt::<DalMara>(&DalMaraConfig::default(), 4);
    while s.ghopte_pending() || s.trick_cards().len() != 2 {
        s = s.apply(first_move(&s)).unwrap();
    }
    let mut p = s.parts();
    assert_eq!(p.play_orders, [1, 2]);
    // `a:x/junk/b:y` (and the same with no orders given, which numbers 1, 2, …)
    p.play_orders = vec![1, 3];
    let gapped = DalMara::from_parts(&p).unwrap();
    assert_eq!(gapped.play_orders().collect::<Vec<_>>(), [1, 3]);
    assert_eq!(gapped.parts(), p);
    // Not in DMN (the parts differ in it alone), not hashed, ignored by `same_position`;
    // plain `==` sees it.
    assert_eq!(
        Parts {
            play_orders: vec![1, 2],
            ..gapped.parts()
        },
        s.parts()
    );
    assert_eq!(gapped.zobrist(), s.zobrist());
    assert_eq!(gapped.zobrist(), gapped.recomputed_hash());
    assert!(gapped.same_position(&s));
    assert_ne!(gapped, s.without_counters());
    assert_eq!(gapped.as_reparsed(), s.as_reparsed());
    let mut natural = p.clone();
    natural.play_orders.clear();
    let natural = DalMara::from_parts(&natural).unwrap();
    assert_eq!(natural.play_orders().collect::<Vec<_>>(), [1, 2]);
    assert_eq!(natural, s.without_counters());
    // The third card: order 3, the trick's length, repeating the second card's order.
    let m3 = first_move(&gapped);
    let third = gapped.apply(m3).unwrap();
    assert_eq!(third.play_orders().collect::<Vec<_>>(), [1, 3, 3]);
    assert_eq!(third.parts().play_orders, [1, 3, 3]);
    assert_eq!(DalMara::from_parts(&third.parts()).unwrap(), third);
    // The fourth card completes the trick: nothing of the gap is left (plain `==`), and the
    // next trick numbers from 1.
    let m4 = first_move(&third);
    let done = third.apply(m4).unwrap();
    assert_eq!(done.play_orders().count(), 0);
    let plain = s.without_counters().apply(m3).unwrap().apply(m4).unwrap();
    assert_eq!(done, plain);
    let lead = done.apply(first_move(&done)).unwrap();
    assert_eq!(lead.play_orders().collect::<Vec<_>>(), [1]);
    // The fast path clears the orders with the trick as the rules do.
    check_fast_path_from(&gapped, 11);
    // An order below the card's position, or a count that is not the card count, is refused.
    for bad in [vec![0, 2], vec![1, 1], vec![1], vec![1, 2, 3]] {
        let mut q = p.clone();
        q.play_orders = bad;
        assert_eq!(DalMara::from_parts(&q).unwrap_err().code, "INVALID_DMN");
    }
}

/// The first legal move of `s`.
fn first_move(s: &DalMara) -> Move {
    let mut buf = Vec::new();
    s.legal_moves_into(&mut buf);
    buf[0]
}

#[test]
fn every_move_packs_to_a_unique_id_below_192_and_back() {
    use crate::lazy::Packed;
    let cards = crate::cards::deck52();
    let mut moves: Vec<Move> = Suit::ALL.into_iter().map(Move::Declare).collect();
    moves.extend(cards.iter().map(|&c| Move::Play(c)));
    moves.extend(cards.iter().map(|&c| Move::Pickup(c)));
    let mut ids = std::collections::HashSet::new();
    for m in moves {
        assert_eq!(Move::unpack(m.pack()), m, "{m:?}");
        assert!(m.pack() < 192, "{m:?}");
        assert!(ids.insert(m.pack()), "{m:?} shares its id");
    }
}

#[test]
fn kept_moves_are_the_listed_moves() {
    // What a binding keeps of a position's legal moves reads back as the listing, in order.
    let mut rng = Rng::new(11);
    for four in [true, false] {
        let config = DalMaraConfig {
            four,
            rules: Rules::Rulebook,
        };
        let mut g = crate::game::dealt::<DalMara>(&config, 5);
        while !g.is_terminal() {
            let mut listed = Vec::new();
            g.legal_moves_into(&mut listed);
            let kept = crate::lazy::LazyMoves::<32>::new();
            let moves = kept.keep(&listed);
            assert_eq!(moves.len(), listed.len());
            for (i, &m) in listed.iter().enumerate() {
                assert_eq!(moves.get(i), Some(m));
            }
            assert_eq!(moves.iter().collect::<Vec<_>>(), listed);
            let pick = listed[rng.index(listed.len())];
            g.apply_mut(pick).unwrap();
        }
    }
}

// ------------------------------------------------------------------ views

use crate::view::Observe;

/// A move of a recorded play, with what every seat saw of it: who made it and, in 2p, the
/// stack slot a card was taken from.
#[derive(Clone, Copy, Debug)]
struct Seen1 {
    mv: Move,
    seat: u8,
    from_stack: Option<usize>,
}

fn record(s: &DalMara, mv: Move) -> Seen1 {
    let tops = |seat: u8, c: Card| {
        (usize::from(seat) * 4..usize::from(seat) * 4 + 4).find(|&k| s.stack(k).last() == Some(&c))
    };
    match mv {
        Move::Play(c) => Seen1 {
            mv,
            seat: s.next_seat(),
            from_stack: if s.is_four() {
                None
            } else {
                tops(s.next_seat(), c)
            },
        },
        Move::Pickup(c) => {
            let k = (0..8).find(|&k| s.stack(k).last() == Some(&c)).unwrap();
            Seen1 {
                mv,
                seat: u8::try_from(k / 4).unwrap(),
                from_stack: Some(k),
            }
        }
        Move::Declare(_) => Seen1 {
            mv,
            seat: s.next_seat(),
            from_stack: None,
        },
    }
}

/// The deal `r` implies given the moves seen: each hand as it is now plus the cards it played
/// from it (2p: less the Turup cards it picked up), each stack as it is now plus the cards
/// taken from it. Dealt the way `new_game` deals.
fn implied_start(r: &DalMara, seen: &[Seen1]) -> DalMara {
    let dealer = r.dealer();
    if r.is_four() {
        let mut hands: Vec<Vec<Card>> = vec![Vec::new(); 4];
        for m in seen {
            if let Move::Play(c) = m.mv {
                hands[usize::from(m.seat)].push(c);
            }
        }
        for (x, h) in hands.iter_mut().enumerate() {
            h.extend_from_slice(r.hand(x));
            assert_eq!(h.len(), 13);
        }
        let mut deck = [Card::PLACEHOLDER; 52];
        for i in 0..4usize {
            let h = &hands[(usize::from(dealer) + 1 + i) % 4];
            deck[5 * i..5 * i + 5].copy_from_slice(&h[0..5]);
            deck[20 + 4 * i..24 + 4 * i].copy_from_slice(&h[5..9]);
            deck[36 + 4 * i..40 + 4 * i].copy_from_slice(&h[9..13]);
        }
        return DalMara::create(true, dealer, r.rules())
            .unwrap()
            .deal_four(
                i64::from(dealer),
                Deck::Cards(&deck),
                GhopteOrder::DealerLast,
            )
            .unwrap();
    }
    let picked: CardSet = seen
        .iter()
        .filter_map(|m| match m.mv {
            Move::Pickup(c) => Some(c),
            _ => None,
        })
        .collect();
    let mut hands: Vec<Vec<Card>> = vec![Vec::new(); 2];
    let mut taken: Vec<Vec<Card>> = vec![Vec::new(); 8];
    for m in seen {
        match (m.mv, m.from_stack) {
            (Move::Play(c) | Move::Pickup(c), Some(k)) => taken[k].push(c),
            (Move::Play(c), None) if !picked.contains(c) => hands[usize::from(m.seat)].push(c),
            _ => {}
        }
    }
    for (x, h) in hands.iter_mut().enumerate() {
        h.extend(r.hand(x).iter().copied().filter(|&c| !picked.contains(c)));
        assert_eq!(h.len(), 6);
    }
    let stacks: Vec<Vec<Card>> = (0..8)
        .map(|k| {
            let mut st = r.stack(k).to_vec();
            st.extend(taken[k].iter().rev());
            assert_eq!(st.len(), 5);
            st
        })
        .collect();
    let nd = usize::from(1 - dealer);
    let d = usize::from(dealer);
    let mut deck: Vec<Card> = hands[nd].iter().chain(&hands[d]).copied().collect();
    // Pass `p` deals card `p` (bottom first) of each stack, the non-dealer's before the dealer's.
    let stacks = &stacks;
    deck.extend(
        (0..5)
            .flat_map(|p| (0..4).flat_map(move |k| [stacks[nd * 4 + k][p], stacks[d * 4 + k][p]])),
    );
    let s = DalMara::create(false, dealer, r.rules())
        .unwrap()
        .deal_two_hands(i64::from(dealer), Deck::Cards(&deck))
        .unwrap();
    let t = r.turup().unwrap().name();
    s.declare_turup(i64::from(1 - dealer), t)
        .unwrap()
        .deal_two_stacks(i64::from(dealer), Deck::Cards(&deck))
        .unwrap()
}

/// Checks a resample `r` of `s` for `seat`, `start` being the game's first position and `seen`
/// the moves since: the seat's view and observation, its cards and every public card are kept,
/// what was shown of the hidden hands holds, and the moves seen replay without a refusal from
/// the deal `r` implies, reaching `r` (and the same knowledge).
fn check_resample(s: &DalMara, r: &DalMara, seat: u8, start: &DalMara, seen: &[Seen1]) {
    let me = usize::from(seat);
    assert_eq!(r.view(seat), s.view(seat), "{:?}", s.parts());
    assert_eq!(r.observation(seat), s.observation(seat));
    assert_eq!(r.hand(me), s.hand(me));
    assert_eq!(r.trick_cards(), s.trick_cards());
    assert_eq!(r.finished_cards(), s.finished_cards());
    assert_eq!(r.ghoptes(), s.ghoptes());
    assert_eq!(r.zobrist(), r.recomputed_hash());
    for k in 0..8 {
        assert_eq!(r.stack(k).len(), s.stack(k).len());
        assert_eq!(r.stack(k).last(), s.stack(k).last());
    }
    for x in (0..s.seats()).filter(|&x| x != me) {
        assert_eq!(r.hand(x).len(), s.hand(x).len());
        let hidden = r.hands[x].mask().difference(r.known_of(x));
        assert_eq!(r.known_of(x), s.known_of(x));
        for suit in Suit::ALL {
            let bit = 1 << suit.index();
            if s.seen.voids[x] & bit != 0 {
                assert!(
                    hidden.of_suit(suit).is_empty(),
                    "seat {x} void in {suit:?}: {:?}",
                    r.parts()
                );
            }
            if s.seen.holds[x] & bit != 0 {
                assert!(!r.hands[x].mask().of_suit(suit).is_empty());
            }
        }
    }
    let mut replay = implied_start(r, seen);
    // The implied deal is one the seat could have seen: its own cards, the Ghoptes declared,
    // the face-up stack cards and who is on turn are those of the real one.
    assert_eq!(replay.hands[me].mask(), start.hands[me].mask());
    assert_eq!(replay.ghoptes(), start.ghoptes());
    assert_eq!(replay.next_seat(), start.next_seat());
    assert_eq!(replay.turup(), start.turup());
    for k in 0..8 {
        assert_eq!(replay.stack(k).last(), start.stack(k).last());
    }
    for m in seen {
        replay = replay.apply(m.mv).expect("the moves seen replay");
    }
    assert_eq!(&replay, r);
    assert_eq!(replay.seen.fields(), s.seen.fields());
}

#[test]
fn resamples_keep_the_view_and_replay_the_play() {
    let mut rng = Rng::new(21);
    for (four, rules, games) in [
        (true, Rules::Rulebook, 40),
        (true, Rules::Engine, 40),
        (false, Rules::Rulebook, 15),
        (false, Rules::Engine, 15),
    ] {
        let config = DalMaraConfig { four, rules };
        let mut changed = 0;
        let mut holds = 0;
        let mut voids = 0;
        for seed in 0..games {
            let start = crate::game::dealt::<DalMara>(&config, seed);
            let mut s = start.clone();
            let mut seen: Vec<Seen1> = Vec::new();
            let mut buf = Vec::new();
            loop {
                for seat in 0..u8::try_from(s.seats()).unwrap() {
                    let r = s.resample(seat, &mut rng).unwrap();
                    check_resample(&s, &r, seat, &start, &seen);
                    changed += usize::from(r.hands != s.hands || r.stacks != s.stacks);
                }
                holds += s.seen.holds.iter().filter(|&&h| h != 0).count();
                voids += s.seen.voids.iter().filter(|&&h| h != 0).count();
                if s.is_terminal() {
                    break;
                }
                s.legal_moves_into(&mut buf);
                let mv = buf[rng.index(buf.len())];
                seen.push(record(&s, mv));
                s = s.apply(mv).unwrap();
            }
        }
        assert!(
            changed > 100,
            "resample never changed a hidden card: {changed}"
        );
        assert!(voids > 100 && (!four || holds > 0), "{voids} {holds}");
    }
}

#[test]
fn four_player_resamples_draw_no_undeclared_ghopte() {
    // Over many draws from the first position, no resampled deal holds a lone ten that the
    // deal did not declare (replaying the deal would declare it), and the declared ones stay.
    let mut rng = Rng::new(4);
    for seed in 0..30 {
        let s = crate::game::dealt::<DalMara>(&DalMaraConfig::default(), seed);
        for _ in 0..20 {
            let r = s.resample(0, &mut rng).unwrap();
            let again = implied_start(&r, &[]);
            assert_eq!(again.ghoptes(), s.ghoptes());
            assert_eq!(again, r);
        }
    }
}

#[test]
fn views_hide_what_the_seat_cannot_see() {
    // 4p: a swap of two cards between seats 1 and 2 changes neither seat 0's view nor its
    // observation, and changes seat 1's.
    let s = crate::game::dealt::<DalMara>(&DalMaraConfig::default(), 8);
    let mut s = s.apply(first_move(&s)).unwrap();
    s = s.apply(first_move(&s)).unwrap();
    let text = s.view(0).to_json();
    for x in 1..4 {
        for &c in s.hand(x) {
            let shown = text.contains(&format!("\"{}\"", card_text(c)));
            assert_eq!(shown, s.known_of(x).contains(c), "{}", card_text(c));
        }
    }
    let unknown = |x: usize| {
        s.hand(x)
            .iter()
            .position(|&c| !s.known_of(x).contains(c))
            .unwrap()
    };
    let (i, j) = (unknown(1), unknown(2));
    let mut h1 = s.hand(1).to_vec();
    let mut h2 = s.hand(2).to_vec();
    std::mem::swap(&mut h1[i], &mut h2[j]);
    let mut t = s.clone();
    t.hands[1] = Pile::from_slice(&h1).unwrap();
    t.hands[2] = Pile::from_slice(&h2).unwrap();
    t.rehash();
    assert_eq!(t.view(0), s.view(0));
    assert_eq!(t.observation(0), s.observation(0));
    assert_eq!(t.view(3), s.view(3));
    assert_ne!(t.view(1), s.view(1));
    assert_ne!(t.observation(1), s.observation(1));
    assert_ne!(t.view(2), s.view(2));
    assert_eq!(s.observation(0).len(), OBSERVATION_LEN);

    // 2p: face-down stack cards are hidden from both seats, the other hand from its opponent.
    let s = crate::game::dealt::<DalMara>(
        &DalMaraConfig {
            four: false,
            rules: Rules::Rulebook,
        },
        3,
    );
    for seat in 0..2u8 {
        let text = s.view(seat).to_json();
        for k in 0..8 {
            let st = s.stack(k);
            for &c in &st[..st.len() - 1] {
                assert!(!text.contains(&format!("\"{}\"", card_text(c))));
            }
            assert!(text.contains(&format!("\"{}\"", card_text(st[4]))));
        }
        for &c in s.hand(1 - usize::from(seat)) {
            assert!(!text.contains(&format!("\"{}\"", card_text(c))));
        }
    }
    // Two face-down cards of different stacks swapped: no seat sees it.
    let mut t = s.clone();
    let (x, y) = (s.stack(0)[0], s.stack(5)[2]);
    t.stacks[0] = Stack::from_slice(&[&[y], &s.stack(0)[1..]].concat()).unwrap();
    let mut five = s.stack(5).to_vec();
    five[2] = x;
    t.stacks[5] = Stack::from_slice(&five).unwrap();
    t.rehash();
    assert_ne!(t, s);
    for seat in 0..2 {
        assert_eq!(t.view(seat), s.view(seat));
        assert_eq!(t.observation(seat), s.observation(seat));
    }
    // A card of seat 1's hand swapped with a face-down card: seat 0 cannot tell, seat 1 can.
    let mut t = s.clone();
    let (h, f) = (s.hand(1)[0], s.stack(2)[1]);
    t.hands[1] = Pile::from_slice(&[&[f], &s.hand(1)[1..]].concat()).unwrap();
    let mut two = s.stack(2).to_vec();
    two[1] = h;
    t.stacks[2] = Stack::from_slice(&two).unwrap();
    t.rehash();
    assert_eq!(t.view(0), s.view(0));
    assert_eq!(t.observation(0), s.observation(0));
    assert_ne!(t.view(1), s.view(1));
    assert_ne!(t.observation(1), s.observation(1));
}

#[test]
fn parsed_positions_have_seen_nothing() {
    // DMN does not hold the play seen: a state rebuilt from its parts shows no voids.
    let mut rng = Rng::new(2);
    let mut s = crate::game::dealt::<DalMara>(&DalMaraConfig::default(), 12);
    let mut buf = Vec::new();
    while s.seen.voids.iter().all(|&v| v == 0) {
        s.legal_moves_into(&mut buf);
        s = s.apply(buf[rng.index(buf.len())]).unwrap();
    }
    let back = DalMara::from_parts(&s.parts()).unwrap();
    assert!(back.same_position(&s));
    assert_ne!(back.view(0), s.view(0));
    assert_eq!(back.as_reparsed().seen.fields(), Seen::default().fields());
    assert_eq!(s.as_reparsed().seen.fields(), Seen::default().fields());
    let r = back.resample(0, &mut rng).unwrap();
    assert_eq!(r.view(0), back.view(0));
}
