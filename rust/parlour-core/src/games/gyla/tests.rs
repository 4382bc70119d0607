use super::*;
use crate::cards::Spelling;
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
    let mut s = Gyla::new_game(&GylaConfig::default(), seed);
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
            let text = s.to_notation();
            let back = notation::parse(&text).unwrap_or_else(|e| panic!("{e} in {text}"));
            assert_eq!(back.to_notation(), text);
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
fn notation_rejects_garbage() {
    let g = Gyla::new_game(&GylaConfig::default(), 3);
    let text = g.to_notation();
    for bad in [
        String::new(),
        text.replace(' ', "  "),
        text.replacen("0-0", "0-5", 1),
        text.replacen("T", "P", 1),
        format!("{text} "),
        text.replacen("HHHH", "HHH", 1),
        "0-0 0 0 - -/-/-/- - - HHHH 18446744073709551616".to_string(),
        "0-0 0 0 - -/-/-/- - P1 HHHH 1".to_string(),
    ] {
        assert!(notation::parse(&bad).is_err(), "{bad}");
    }
    assert!(notation::parse("0-0 0 0 - -/-/-/- - - HAHA 18446744073709551615").is_ok());
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

#[test]
fn nth_legal_and_quiet_apply_match_the_move_list_and_the_engine_flow() {
    for seed in 0..20 {
        play_random(seed, |s| {
            let mut buf = Vec::new();
            s.legal_moves_into(&mut buf);
            for (i, &mv) in buf.iter().enumerate() {
                assert_eq!(s.nth_legal(i), Some(mv));
                let mut by_index = s.clone();
                assert!(by_index.apply_nth_legal(i));
                assert_eq!(by_index, s.apply(mv).unwrap());
                let next = s.next_action().unwrap();
                let (suit, card) = match mv {
                    GylaMove::Trump(t) => (Some(t), None),
                    GylaMove::Play(c) => (None, Some(c)),
                };
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
            assert_eq!(s.nth_legal(buf.len()), None);
            let mut untouched = s.clone();
            assert!(!untouched.apply_nth_legal(buf.len()));
            assert_eq!(&untouched, s);
            // apply_listed refuses, unchanged, a move of the wrong phase or a card not held
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
                None => vec![GylaMove::Trump(Suit::Spades)],
            };
            for mv in foreign {
                let mut refused = s.clone();
                assert!(!refused.apply_listed(mv), "{mv:?}");
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
        for (i, &mv) in buf.iter().enumerate() {
            let (suit, card) = match mv {
                GylaMove::Trump(t) => (Some(t), None),
                GylaMove::Play(c) => (None, Some(c)),
            };
            let mut loud = g.clone();
            loud.apply_action(next.name.as_str(), 1, suit, card, &mut Vec::new())
                .unwrap();
            let mut quiet = g.clone();
            quiet
                .apply_action_quiet(next.name.as_str(), 1, suit, card)
                .unwrap();
            let mut by_index = g.clone();
            assert!(by_index.apply_nth_legal(i));
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
        .collect();
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
