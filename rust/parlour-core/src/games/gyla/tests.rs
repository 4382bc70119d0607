use super::*;
use crate::cards::Spelling;
use crate::rng::Rng;
use crate::sim::{simulate, Policy};

fn c(s: &str) -> Card {
    Card::parse(s, Spelling::RankSuit).unwrap()
}

#[test]
fn level_table_matches_the_engine() {
    let t = Some(Suit::Diamonds);
    let order = [
        "6D", "7C", "7S", "7H", "7D", "JC", "JS", "JH", "JD", "AD", "KD", "QD", "TD", "9D", "8D",
    ];
    let levels: Vec<u32> = order.iter().map(|s| level(c(s), t)).collect();
    assert_eq!(levels, (8..=22).rev().collect::<Vec<_>>());
    let plain: Vec<u32> = ["AH", "KH", "QH", "TH", "9H", "8H", "6H"]
        .iter()
        .map(|s| level(c(s), t))
        .collect();
    assert_eq!(plain, vec![7, 6, 5, 4, 3, 2, 1]);
    assert_eq!(trumps_for(t).len(), 15);
    assert_eq!(canonical_deck().len(), 36);
    assert_eq!(
        canonical_deck()[..5]
            .iter()
            .map(|c| c.format(Spelling::RankSuit))
            .collect::<Vec<_>>(),
        ["6C", "6S", "6H", "6D", "7C"]
    );
}

#[test]
fn deals_never_trigger_and_are_deterministic() {
    for seed in 0..300 {
        let h = deal_from_seed(seed, 1);
        let sets: Vec<CardSet> = h
            .iter()
            .map(|x| x.iter().map(|&i| Card::from_index(i).unwrap()).collect())
            .collect();
        assert!(!triggers_redeal(&sets));
        assert_eq!(
            sets.iter().fold(CardSet::EMPTY, |a, b| a.union(*b)),
            CardSet::FULL36
        );
        assert_eq!(h, deal_from_seed(seed, 1));
    }
    assert_ne!(deal_from_seed(1, 1), deal_from_seed(1, 2));
}

#[test]
fn scoring() {
    assert_eq!(round_result([9, 0]), (1, 24));
    assert_eq!(round_result([1, 8]), (2, 18));
    assert_eq!(round_result([4, 5]), (2, 6));
    assert_eq!(round_result([7, 2]), (1, 6));
}

fn play_random(seed: u64, check: impl Fn(&Gyla)) -> Gyla {
    let mut rng = Rng::new(seed ^ 0xABCD);
    let mut s = crate::game::dealt::<Gyla>(&GylaConfig::default(), seed);
    let mut buf = Vec::new();
    while !s.is_terminal() {
        check(&s);
        s.legal_moves_into(&mut buf);
        assert!(!buf.is_empty());
        let mv = if seed % 2 == 0 {
            s.computer_move().unwrap()
        } else {
            buf[rng.index(buf.len())]
        };
        assert!(buf.contains(&mv));
        let before = s.clone();
        let next = s.apply(mv).unwrap();
        assert_eq!(before, s);
        assert_eq!(next.hash, next.full_hash(), "incremental hash");
        s = next;
    }
    check(&s);
    s
}

#[test]
fn games_finish_and_hash_and_notation_agree() {
    for seed in 0..40 {
        let end = play_random(seed, |s| {
            let parts = s.parts();
            let back = Gyla::from_parts(&parts).unwrap_or_else(|e| panic!("{e} in {parts:?}"));
            assert_eq!(back.parts(), parts);
            assert_eq!(back.zobrist(), s.zobrist());
            assert_eq!(&back, s);
            let total: u32 =
                (1..=4).map(|p| s.hand_set(p).len()).sum::<u32>() + s.plays().len() as u32;
            assert_eq!(total, 36);
        });
        let w = end.winning_team().unwrap();
        assert!(end.scores()[usize::from(w - 1)] >= TARGET);
        assert!(end.scores()[usize::from(2 - w)] < TARGET);
    }
}

#[test]
fn engine_flow_all_ai_plays_whole_game() {
    let mut g = Gyla::new(5, [true; 4]);
    let mut ev = Vec::new();
    g.start(&mut ev).unwrap();
    assert!(g.is_over());
    assert_eq!(ev[0].kind, EventKind::GameStarted);
    assert_eq!(
        ev.last().unwrap().kind,
        EventKind::CardPlayedAndGameCompleted
    );
    assert_eq!(g.start(&mut ev).unwrap_err().code, "ALREADY_STARTED");
    let e = g
        .apply_action("play_card", 1, None, Some(c("AH")), &mut ev)
        .unwrap_err();
    assert_eq!(e.code, "NO_ACTION_EXPECTED");
}

#[test]
fn validation_order() {
    let mut g = Gyla::new(9, [false; 4]);
    let mut ev = Vec::new();
    assert_eq!(
        g.apply_action("assign_trump", 1, Some(Suit::Hearts), None, &mut ev)
            .unwrap_err()
            .code,
        "NO_ACTION_EXPECTED"
    );
    g.start(&mut ev).unwrap();
    let p = i64::from(g.starter());
    let other = p % 4 + 1;
    let code = |g: &mut Gyla, n: &str, pl: i64, s: Option<Suit>, cd: Option<Card>| {
        let before = g.clone();
        let e = g
            .apply_action(n, pl, s, cd, &mut Vec::new())
            .unwrap_err()
            .code;
        assert_eq!(&before, g);
        e
    };
    assert_eq!(
        code(&mut g, "play_card", 0, None, None),
        "UNEXPECTED_ACTION"
    );
    assert_eq!(
        code(&mut g, "assign_trump", 0, None, None),
        "INVALID_PLAYER"
    );
    assert_eq!(
        code(&mut g, "assign_trump", other, None, None),
        "NOT_YOUR_TURN"
    );
    assert_eq!(code(&mut g, "assign_trump", p, None, None), "INVALID_TRUMP");
    g.apply_action("assign_trump", p, Some(Suit::Hearts), None, &mut ev)
        .unwrap();
    assert_eq!(
        code(&mut g, "assign_trump", p, Some(Suit::Hearts), None),
        "UNEXPECTED_ACTION"
    );
    assert_eq!(
        code(&mut g, "play_card", p, None, Card::new(Suit::Hearts, 0)),
        "INVALID_CARD"
    );
    let not_held = g.hand(other as u8)[0];
    assert_eq!(
        code(&mut g, "play_card", p, None, Some(not_held)),
        "CARD_NOT_HELD"
    );
}

#[test]
fn impossible_parts_are_rejected() {
    let g = crate::game::dealt::<Gyla>(&GylaConfig::default(), 3);
    let good = g.parts();
    let mut bad = Vec::new();
    let mut p = good.clone();
    p.scores = [0, 5];
    bad.push(p);
    let mut p = good.clone();
    p.next = Some(NextAction {
        name: ActionName::PlayCard,
        player: good.starter,
    });
    bad.push(p);
    let mut p = good.clone();
    p.hands[0].pop();
    bad.push(p);
    let mut p = good.clone();
    p.starter = 0;
    bad.push(p);
    let mut p = good.clone();
    p.round = 0;
    bad.push(p);
    let mut p = good.clone();
    p.plays.push(p.hands[0][0]);
    bad.push(p);
    for p in bad {
        let e = Gyla::from_parts(&p).expect_err("impossible parts");
        assert_eq!(e.code, "INVALID_POSITION", "{p:?}");
        assert_eq!(e.kind, crate::ErrorKind::InvalidState);
    }
    assert!(Gyla::from_parts(&good).is_ok());
    let fresh = GylaParts {
        ai: [false, true, false, true],
        seed: u64::MAX,
        ..GylaParts::default()
    };
    assert_eq!(
        Gyla::from_parts(&fresh).unwrap(),
        Gyla::new(u64::MAX, fresh.ai)
    );
}

#[test]
fn batch_simulation_with_computer_policy() {
    let c = GylaConfig::default();
    let a = simulate::<Gyla>(&c, 1, 0, 64, Policy::Computer, Some(1)).unwrap();
    let b = simulate::<Gyla>(&c, 1, 0, 64, Policy::Computer, Some(2)).unwrap();
    assert_eq!(a, b);
    assert!(a.winners.iter().all(|w| *w == 0 || *w == 1));
    let r = simulate::<Gyla>(&c, 1, 0, 64, Policy::Random, Some(2)).unwrap();
    assert_eq!(r.len(), 64);
}

/// The suit or the card of a trump or card move, as `apply_action` takes them.
fn suit_and_card(mv: GylaMove) -> (Option<Suit>, Option<Card>) {
    match mv {
        GylaMove::Trump(t) => (Some(t), None),
        GylaMove::Play(c) => (None, Some(c)),
        GylaMove::Start => (None, None),
    }
}

#[test]
fn listed_and_quiet_apply_match_the_move_list_and_the_engine_flow() {
    for seed in 0..20 {
        play_random(seed, |s| {
            let mut buf = Vec::new();
            s.legal_moves_into(&mut buf);
            for &mv in &buf {
                let mut by_index = s.clone();
                by_index.play_flow(mv, true).unwrap();
                assert_eq!(by_index, s.apply(mv).unwrap());
                let next = s.next_action().unwrap();
                let (suit, card) = suit_and_card(mv);
                let mut quiet = s.clone();
                quiet
                    .apply_action_quiet(next.name.as_str(), i64::from(next.player), suit, card)
                    .unwrap();
                let mut loud = s.clone();
                loud.apply_action(
                    next.name.as_str(),
                    i64::from(next.player),
                    suit,
                    card,
                    &mut Vec::new(),
                )
                .unwrap();
                assert_eq!(quiet, loud);
                assert_eq!(quiet, by_index);
            }
            // apply_listed and the checked play_flow refuse, unchanged, a move of the wrong phase or a card not held
            let foreign = match buf.first() {
                Some(GylaMove::Play(_)) => {
                    let held = s.hands.iter().fold(CardSet::EMPTY, |a, &h| a.union(h));
                    let mine = s.hands[usize::from(s.seat_to_play() - 1)];
                    [GylaMove::Trump(Suit::Hearts)]
                        .into_iter()
                        .chain(held.difference(mine).iter().next().map(GylaMove::Play))
                        .collect::<Vec<_>>()
                }
                Some(GylaMove::Trump(_)) => {
                    canonical_deck().into_iter().map(GylaMove::Play).collect()
                }
                Some(GylaMove::Start) | None => vec![GylaMove::Trump(Suit::Spades)],
            };
            for mv in foreign {
                let mut refused = s.clone();
                assert!(!refused.apply_listed(mv), "{mv:?}");
                assert!(refused.play_flow(mv, false).is_err(), "{mv:?}");
                assert_eq!(&refused, s);
            }
        });
    }
    // with computer seats, both run the computer players on after the human's move
    for seed in 0..10 {
        let mut g = Gyla::new(seed, [false, true, true, true]);
        g.start(&mut Vec::new()).unwrap();
        let mut buf = Vec::new();
        g.legal_moves_into(&mut buf);
        let next = g.next_action().unwrap();
        assert_eq!(next.player, 1);
        for &mv in &buf {
            let (suit, card) = suit_and_card(mv);
            let mut loud = g.clone();
            loud.apply_action(next.name.as_str(), 1, suit, card, &mut Vec::new())
                .unwrap();
            let mut quiet = g.clone();
            quiet
                .apply_action_quiet(next.name.as_str(), 1, suit, card)
                .unwrap();
            let mut by_index = g.clone();
            by_index.play_flow(mv, true).unwrap();
            assert_eq!(quiet, loud);
            assert_eq!(by_index, loud);
            assert_eq!(loud.next_action().map(|n| n.player), Some(1));
        }
        let mut refused = g.clone();
        assert!(refused
            .apply_action_quiet(next.name.as_str(), 2, None, None)
            .is_err());
        assert_eq!(refused, g);
    }
}

#[test]
fn deal_round_replaces_a_round_only_computer_seats_have_acted_in() {
    let hands_of = |seed| {
        let mut g = Gyla::new(seed, [false; 4]);
        g.start(&mut Vec::new()).unwrap();
        (1..=4).map(|p| g.hand(p)).collect::<Vec<_>>()
    };
    let (h1, h2) = (hands_of(1), hands_of(2));
    let ai = [false, true, true, true];
    let mut g = Gyla::new(7, ai);
    let mut ev = Vec::new();
    g.deal_round(&h1, Some(2), &mut ev).unwrap();
    // seat 2 assigned trump and led; seats 3 and 4 followed; seat 1 is on turn
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.nplays, 3);
    assert_eq!(g.next_action().unwrap().player, 1);

    let mut fresh = Gyla::new(7, ai);
    let mut fresh_ev = Vec::new();
    fresh.deal_round(&h2, Some(3), &mut fresh_ev).unwrap();
    let mut again = Vec::new();
    g.deal_round(&h2, Some(3), &mut again).unwrap();
    assert_eq!(g, fresh);
    assert_eq!(again, fresh_ev[1..]);
    assert_eq!(again[0].kind, EventKind::RoundStarted);

    // once seat 1 has played, the round is under way
    let card = g.legal_cards(1)[0];
    g.apply_action("play_card", 1, None, Some(card), &mut ev)
        .unwrap();
    let before = g.clone();
    let e = g.deal_round(&h1, None, &mut ev).unwrap_err();
    assert_eq!(e.code, "ROUND_IN_PROGRESS");
    assert_eq!(g, before);

    // so is a round whose trump seat 1 assigned
    let mut h = Gyla::new(7, ai);
    h.deal_round(&h1, Some(1), &mut ev).unwrap();
    h.apply_action("assign_trump", 1, Some(Suit::Hearts), None, &mut ev)
        .unwrap();
    let e = h.deal_round(&h2, None, &mut ev).unwrap_err();
    assert_eq!(e.code, "ROUND_IN_PROGRESS");
}

#[test]
fn is_legal_is_membership_of_the_move_list() {
    let every: Vec<GylaMove> = canonical_deck()
        .into_iter()
        .map(GylaMove::Play)
        .chain(SUITS.iter().map(|&s| GylaMove::Trump(s)))
        .chain([GylaMove::Start])
        .collect();
    // every move packs as its action index, and `start` is the one move before the start
    for (i, &mv) in every.iter().enumerate() {
        assert_eq!(usize::from(mv.pack()), i);
        assert_eq!(GylaMove::unpack(mv.pack()), mv);
    }
    let fresh = Gyla::new(3, [false, true, false, false]);
    let mut buf = Vec::new();
    fresh.legal_moves_into(&mut buf);
    assert_eq!(buf, [GylaMove::Start]);
    assert!(fresh.is_legal(GylaMove::Start));
    let mut started = fresh.clone();
    started.start(&mut Vec::new()).unwrap();
    let mut by_move = fresh.clone();
    by_move.play_flow(GylaMove::Start, true).unwrap();
    assert_eq!(by_move, started);
    let e = by_move.apply(GylaMove::Start).unwrap_err();
    assert_eq!(e.code, "ALREADY_STARTED");
    let legal_and_not = std::cell::Cell::new((0, 0));
    for seed in 0..8 {
        play_random(seed, |s| {
            let mut buf = Vec::new();
            s.legal_moves_into(&mut buf);
            for &mv in &every {
                assert_eq!(s.is_legal(mv), buf.contains(&mv), "{mv:?}");
            }
            let (yes, no) = legal_and_not.get();
            legal_and_not.set((yes + buf.len(), no + every.len() - buf.len()));
        });
    }
    let (yes, no) = legal_and_not.get();
    assert!(yes > 1000 && no > 1000, "{yes} {no}");
}

// ----- per-seat views ------------------------------------------------------------------------

mod views {
    use super::*;
    use crate::view::{Observe, Value};
    use std::collections::HashMap;

    /// `g` with other hands (players 1–4, in hand order) and another seed.
    fn with_hands(g: &Gyla, hands: &[Vec<Card>; 4], seed: u64) -> Result<Gyla> {
        let mut parts = g.parts();
        parts.hands = hands.clone();
        parts.seed = seed;
        Gyla::from_parts(&parts)
    }

    /// The start of `g`'s round that its hands and plays imply: each hand in hand order
    /// followed by the cards that seat has played this round, trump not yet assigned.
    fn round_start(g: &Gyla) -> Gyla {
        let played = g.played_by();
        let hands = [1u8, 2, 3, 4].map(|p| {
            let mut cards = g.hand(p);
            cards.extend(played[usize::from(p - 1)].iter());
            cards
        });
        let parts = GylaParts {
            scores: g.scores(),
            round: g.round(),
            starter: g.starter(),
            trump: None,
            hands,
            plays: Vec::new(),
            next: Some(NextAction {
                name: ActionName::AssignTrump,
                player: g.starter(),
            }),
            ai: g.ai(),
            seed: g.seed(),
        };
        Gyla::from_parts(&parts).expect("the implied deal is a deal the engine makes")
    }

    fn nine_of_diamonds() -> Card {
        c("9D")
    }

    /// Random and computer playouts; at every position and for every seat, a resampled state
    /// has the same view and observation, keeps the seat's hand (in order) and every card
    /// played, keeps the voids and the public flag, and the round's moves replay from the deal
    /// it implies to the resampled state itself.
    #[test]
    fn resample_keeps_the_view_and_replays_the_round() {
        let mut rng = Rng::new(41);
        let mut changed = 0;
        let mut with_voids = 0;
        for seed in 0..10u64 {
            let mut s = crate::game::dealt::<Gyla>(&GylaConfig::default(), seed);
            let mut moves: Vec<GylaMove> = Vec::new();
            let mut buf = Vec::new();
            loop {
                for seat in 0..4u8 {
                    let p = seat + 1;
                    let r = s.resample(seat, &mut rng).unwrap();
                    assert_eq!(r.view(seat), s.view(seat));
                    assert_eq!(r.observation(seat), s.observation(seat));
                    assert_eq!(r.hand(p), s.hand(p));
                    assert_eq!(r.plays(), s.plays());
                    assert_eq!(r.voids(), s.voids());
                    assert_eq!(r.trumped_with_six(), s.trumped_with_six());
                    assert_eq!(r.to_move(), s.to_move());
                    assert_eq!(r.zobrist(), r.full_hash());
                    assert_ne!(r.seed(), s.seed(), "the seed is drawn anew");
                    for q in 1..=4u8 {
                        assert_eq!(r.hand(q).len(), s.hand(q).len());
                    }
                    changed += usize::from((1..=4u8).any(|q| r.hand(q) != s.hand(q)));
                    with_voids += usize::from(s.voids().iter().any(|&v| v != 0));
                    if s.is_terminal() {
                        continue;
                    }
                    let start = round_start(&r);
                    if r.round() == 1 {
                        let holder =
                            (1..=4u8).find(|&q| start.hand_set(q).contains(nine_of_diamonds()));
                        assert_eq!(holder, Some(r.starter()), "round 1's starter held the 9D");
                    }
                    let mut replay = start;
                    for &mv in &moves {
                        replay = replay.apply(mv).expect("the moves seen replay");
                    }
                    assert_eq!(replay, r);
                }
                if s.is_terminal() {
                    break;
                }
                s.legal_moves_into(&mut buf);
                let mv = if seed % 3 == 0 {
                    s.computer_move().unwrap()
                } else {
                    buf[rng.index(buf.len())]
                };
                let next = s.apply(mv).unwrap();
                if next.round() == s.round() {
                    moves.push(mv);
                } else {
                    moves.clear();
                }
                s = next;
            }
        }
        assert!(
            changed > 1000,
            "resample changed hidden hands only {changed} times"
        );
        assert!(
            with_voids > 1000,
            "voids were shown only {with_voids} times"
        );
    }

    /// Every split of `pool` into hands of `sizes` (players `hidden`), in canonical order.
    fn splits(pool: &[Card], sizes: &[usize]) -> Vec<Vec<Vec<Card>>> {
        let Some((&first, rest)) = sizes.split_first() else {
            return vec![Vec::new()];
        };
        let n = pool.len();
        let mut out = Vec::new();
        for mask in 0u32..(1 << n) {
            if mask.count_ones() as usize != first {
                continue;
            }
            let take: Vec<Card> = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| pool[i])
                .collect();
            let left: Vec<Card> = (0..n)
                .filter(|i| mask & (1 << i) == 0)
                .map(|i| pool[i])
                .collect();
            for mut tail in splits(&left, rest) {
                tail.insert(0, take.clone());
                out.push(tail);
            }
        }
        out
    }

    /// Late in a round (a few cards a hand), the resampled deals of the hidden cards are
    /// exactly those an independent check allows (`Gyla::from_parts` replays every play
    /// against the follow rule and refuses a re-deal; the public flag and round 1's 9D rule
    /// are compared), and each comes up about equally often.
    #[test]
    fn resample_is_uniform_over_the_consistent_deals() {
        let mut rng = Rng::new(5);
        let mut cut = 0;
        let mut full = 0;
        for seed in 0..12u64 {
            let mut s = crate::game::dealt::<Gyla>(&GylaConfig::default(), seed);
            let mut buf = Vec::new();
            // play round 1 to the start of trick 8 (two cards a hand) or into trick 7 (two or
            // three), random cards
            let target = if seed % 2 == 0 { 28 } else { 25 };
            while s.plays().len() < target {
                s.legal_moves_into(&mut buf);
                s = s.apply(buf[rng.index(buf.len())]).unwrap();
            }
            let seat = u8::try_from(seed % 4).unwrap();
            let me = seat + 1;
            let hidden: Vec<u8> = (1..=4u8).filter(|&p| p != me).collect();
            let pool: Vec<Card> = hidden.iter().flat_map(|&p| s.hand_set(p).iter()).collect();
            let sizes: Vec<usize> = hidden.iter().map(|&p| s.hand(p).len()).collect();
            let mut allowed: Vec<Vec<CardSet>> = Vec::new();
            for split in splits(&pool, &sizes) {
                let mut hands: [Vec<Card>; 4] = Default::default();
                hands[usize::from(seat)] = s.hand(me);
                for (&p, h) in hidden.iter().zip(&split) {
                    hands[usize::from(p - 1)].clone_from(h);
                }
                let Ok(g) = with_hands(&s, &hands, s.seed()) else {
                    continue;
                };
                let start = round_start(&g);
                let nine_ok = start.hand_set(g.starter()).contains(nine_of_diamonds());
                if g.trumped_with_six() == s.trumped_with_six() && nine_ok {
                    allowed.push(split.iter().map(|h| CardSet::from_cards(h)).collect());
                }
            }
            assert!(!allowed.is_empty());
            // the number of splits with no constraint: multinomial(pool; sizes)
            let mut total = 1usize;
            let mut left = pool.len();
            for &k in &sizes {
                total *= (left - k + 1..=left).product::<usize>() / (1..=k).product::<usize>();
                left -= k;
            }
            if allowed.len() < total {
                cut += 1;
            }
            full += usize::from(allowed.len() <= 200);
            let mut seen: HashMap<Vec<CardSet>, u32> = HashMap::new();
            let n = 150 * u32::try_from(allowed.len()).unwrap().min(200);
            for _ in 0..n {
                let r = s.resample(seat, &mut rng).unwrap();
                let key: Vec<CardSet> = hidden.iter().map(|&p| r.hand_set(p)).collect();
                assert!(allowed.contains(&key), "seed {seed}: an inconsistent deal");
                *seen.entry(key).or_default() += 1;
            }
            if allowed.len() <= 200 {
                assert_eq!(seen.len(), allowed.len(), "seed {seed}: the support");
                let expect = f64::from(n) / allowed.len() as f64;
                for &k in seen.values() {
                    assert!(
                        (f64::from(k) - expect).abs() < expect * 0.4,
                        "seed {seed}: {k} vs {expect}"
                    );
                }
            }
        }
        assert!(
            cut > 3,
            "the constraints cut the deals in only {cut} positions"
        );
        assert!(
            full >= 6,
            "the whole support was compared in only {full} positions"
        );
    }

    /// Two positions that differ only in cards (or the order of a hand) that a seat cannot
    /// see give it equal views and observations; a seat that sees the difference gets
    /// different ones. The view never names another seat's card.
    #[test]
    fn views_hide_other_hands() {
        let mut rng = Rng::new(8);
        let mut checked = 0;
        for seed in 0..20u64 {
            let mut s = crate::game::dealt::<Gyla>(&GylaConfig::default(), seed);
            let mut buf = Vec::new();
            for _ in 0..(seed % 12) {
                s.legal_moves_into(&mut buf);
                s = s.apply(buf[rng.index(buf.len())]).unwrap();
            }
            for seat in 0..4u8 {
                let text = s.view(seat).to_json();
                for p in (1..=4u8).filter(|&p| p != seat + 1) {
                    for card in s.hand(p) {
                        let quoted = format!("\"{}\"", card.format(Spelling::RankSuit));
                        assert!(!text.contains(&quoted), "{quoted} shown to seat {seat}");
                    }
                }
            }
            // the hands of players a and b (seats a-1, b-1): swap one card, reverse an order
            let (a, b) = (2u8, 3u8);
            let hands: [Vec<Card>; 4] = [s.hand(1), s.hand(2), s.hand(3), s.hand(4)];
            let mut reversed = hands.clone();
            reversed[usize::from(a - 1)].reverse();
            let t = with_hands(&s, &reversed, s.seed()).unwrap();
            for seat in [0u8, 2, 3] {
                assert_eq!(t.view(seat), s.view(seat));
                assert_eq!(t.observation(seat), s.observation(seat));
            }
            if s.hand(a).len() > 1 {
                assert_ne!(
                    t.view(a - 1),
                    s.view(a - 1),
                    "a seat sees its own hand order"
                );
            }
            let mut swapped = None;
            'find: for x in 0..hands[usize::from(a - 1)].len() {
                for y in 0..hands[usize::from(b - 1)].len() {
                    let mut h = hands.clone();
                    let cx = h[usize::from(a - 1)][x];
                    h[usize::from(a - 1)][x] = h[usize::from(b - 1)][y];
                    h[usize::from(b - 1)][y] = cx;
                    if let Ok(t) = with_hands(&s, &h, seed + 1000) {
                        if t.trumped_with_six() == s.trumped_with_six()
                            && cx != nine_of_diamonds()
                            && h[usize::from(b - 1)][y] != nine_of_diamonds()
                        {
                            swapped = Some(t);
                            break 'find;
                        }
                    }
                }
            }
            let Some(t) = swapped else { continue };
            checked += 1;
            for seat in [0u8, 3] {
                assert_eq!(t.view(seat), s.view(seat), "seed {seed} seat {seat}");
                assert_eq!(t.observation(seat), s.observation(seat));
            }
            for seat in [a - 1, b - 1] {
                assert_ne!(t.view(seat), s.view(seat));
                assert_ne!(t.observation(seat), s.observation(seat));
            }
        }
        assert!(checked > 10, "only {checked} swaps were checked");
    }

    #[test]
    fn views_before_the_start_and_after_the_end() {
        let g = Gyla::new(5, [false; 4]);
        let v = g.view(2);
        assert_eq!(v.get("to_move"), Some(&Value::Null));
        assert_eq!(v.get("is_terminal"), Some(&Value::Bool(false)));
        assert_eq!(v.get("phase"), Some(&Value::Str("not_started".into())));
        assert_eq!(v.get("hand"), Some(&Value::List(Vec::new())));
        assert_eq!(g.observation(2).len(), view::OBSERVATION_LEN);
        assert_eq!(g.observation(2)[293], 1.0);
        let r = g.resample(2, &mut Rng::new(1)).unwrap();
        assert_ne!(r.seed(), g.seed());
        assert_eq!(r.view(2), v);
        // with the seed drawn anew, the deal of round 1 is unknown
        assert_ne!(deal_from_seed(r.seed(), 1), deal_from_seed(g.seed(), 1));

        let end = play_random(3, |_| {});
        assert!(end.is_terminal());
        for seat in 0..4u8 {
            let v = end.view(seat);
            assert_eq!(v.get("is_terminal"), Some(&Value::Bool(true)));
            assert_eq!(v.get("legal_moves"), Some(&Value::List(Vec::new())));
            let r = end.resample(seat, &mut Rng::new(2)).unwrap();
            assert_eq!(r.view(seat), v);
            assert_eq!(r.plays(), end.plays());
        }
    }

    /// The view's public parts, spelled as the rest of the Gyla API spells them.
    #[test]
    fn view_keys_and_voids() {
        let s = crate::game::dealt::<Gyla>(&GylaConfig::default(), 1);
        let seat = s.to_move().unwrap();
        let v = s.view(seat);
        assert_eq!(
            v.get("legal_moves"),
            Some(&Value::strs(["clubs", "spades", "hearts", "diamonds"]))
        );
        assert_eq!(
            v.get("legal_actions"),
            Some(&Value::ints([36u8, 37, 38, 39]))
        );
        assert_eq!(v.get("player"), Some(&Value::Int(i64::from(seat) + 1)));
        assert_eq!(v.get("starter"), Some(&Value::Int(i64::from(seat))));
        let other = s.view((seat + 1) % 4);
        assert_eq!(other.get("legal_moves"), Some(&Value::List(Vec::new())));
        // a void: the trumper leads a trump; whoever does not follow shows out of trumps
        let mut found = false;
        for seed in 0..200u64 {
            let mut g = crate::game::dealt::<Gyla>(&GylaConfig::default(), seed);
            g = g.apply(GylaMove::Trump(Suit::Hearts)).unwrap();
            let trumps = trumps_for(Some(Suit::Hearts));
            let Some(lead) = g.hand_set(g.starter()).intersection(trumps).first() else {
                continue;
            };
            g = g.apply(GylaMove::Play(lead)).unwrap();
            let p = g.to_move().unwrap() + 1;
            if !g.hand_set(p).intersection(trumps).is_empty() {
                continue;
            }
            let off = g.hand(p)[0];
            g = g.apply(GylaMove::Play(off)).unwrap();
            assert_eq!(g.voids()[usize::from(p - 1)], view::VOID_TRUMPS);
            let voids = g.view(0).get("voids").cloned().unwrap();
            let Value::List(per_seat) = voids else {
                panic!("voids is a list")
            };
            assert_eq!(per_seat[usize::from(p - 1)], Value::strs(["trumps"]));
            let obs = g.observation(0);
            assert_eq!(obs[257 + usize::from(p - 1) * 5 + 4], 1.0);
            for q in 0..4u8 {
                let r = g.resample(q, &mut Rng::new(u64::from(q))).unwrap();
                assert!(r.hand_set(p).intersection(trumps).is_empty());
            }
            found = true;
            break;
        }
        assert!(found);
    }
}
