//! Tests of the referee, the variants, the notation, hashing and the bot.

use super::bot;
use super::card;
use super::deal::seed32;
use super::*;
use crate::game::GameState;
use crate::rng::Rng;

fn pos(text: &str) -> Durak {
    Durak::from_notation(text).unwrap()
}

fn fixture(hands: &str, talon: &str, card_name: &str, owner: &str, bout: &str) -> Durak {
    pos(&format!(
        "durak seats=2 variant=podkidnoy trump=H card={card_name} owner={owner} discard=0 heap=- talon={talon} hands={hands} bout={bout} known=-/- out=- result=- ply=0 stall=0"
    ))
}

fn id(name: &str) -> i64 {
    i64::from(card::id_of(name).unwrap())
}

fn kinds(ev: &[Event]) -> String {
    ev.iter()
        .map(|e| match e {
            Event::Move { kind, .. } => kind.as_str(),
            Event::BoutEnd { .. } => "bout_end",
            Event::Refill { .. } => "refill",
            Event::Out { .. } => "out",
            Event::GameEnd { .. } => "game_end",
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn forced_take_and_exhausted_are_silent() {
    let g = fixture("ASKH/6C7C", "-", "8H", "-", "1>2/2/0/-/0:-");
    let (g2, ev) = g.play(1, Some("attack"), Some(id("AS"))).unwrap();
    assert_eq!(kinds(&ev), "attack bout_end refill");
    assert!(matches!(
        ev[1],
        Event::BoutEnd {
            taken: true,
            how: How::Taken,
            cards: 1,
            next_attacker: 0,
            ..
        }
    ));
    assert_eq!(g2.count(1), 3);
    let g = fixture("6SKH/7S9C", "-", "8H", "-", "1>2/2/0/-/0:-");
    let (g, _) = g.play(1, Some("attack"), Some(id("6S"))).unwrap();
    let (g, ev) = g.play(2, Some("beat"), Some(id("7S"))).unwrap();
    assert_eq!(kinds(&ev), "beat bout_end refill");
    assert!(matches!(
        ev[1],
        Event::BoutEnd {
            how: How::Exhausted,
            next_attacker: 1,
            ..
        }
    ));
    assert_eq!(g.turn(), Some(1));
}

#[test]
fn capped_against_seven_and_spent_checked_first() {
    let g = fixture(
        "6S6H6D6CASAD/7SAH7D7C9HTH8C",
        "-",
        "8H",
        "-",
        "1>2/6/0/-/0:-",
    );
    let pairs = [
        ("6S", "7S"),
        ("6H", "AH"),
        ("6D", "7D"),
        ("6C", "7C"),
        ("AS", "9H"),
        ("AD", "TH"),
    ];
    let mut g = g;
    let mut last = Vec::new();
    for (a, d) in pairs {
        g = g.play(1, Some("attack"), Some(id(a))).unwrap().0;
        let (n, ev) = g.play(2, Some("beat"), Some(id(d))).unwrap();
        g = n;
        last = ev;
    }
    assert_eq!(kinds(&last), "beat bout_end refill out game_end");
    assert!(matches!(
        last[1],
        Event::BoutEnd {
            how: How::Capped,
            cards: 12,
            ..
        }
    ));
    assert_eq!(g.result(), Some(Outcome::Fool(1)));
    let g = fixture("8S8D/9S9D", "-", "8H", "-", "1>2/2/0/-/0:-");
    let g = g.play(1, Some("attack"), Some(id("8S"))).unwrap().0;
    let g = g.play(2, Some("beat"), Some(id("9S"))).unwrap().0;
    let g = g.play(1, Some("attack"), Some(id("8D"))).unwrap().0;
    let (g, ev) = g.play(2, Some("beat"), Some(id("9D"))).unwrap();
    assert!(matches!(
        ev[1],
        Event::BoutEnd {
            how: How::Spent,
            ..
        }
    ));
    assert_eq!(g.result(), Some(Outcome::Draw));
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(
        g.play(1, Some("resign"), None).unwrap_err().code,
        "GAME_OVER"
    );
}

#[test]
fn swap_unforces_and_the_turn_does_not_pass() {
    let g = fixture("6HKS/AS7C", "8D7H", "7H", "1", "1>2/2/0/-/0:-");
    let g = g.play(1, Some("attack"), Some(id("KS"))).unwrap().0;
    let (g, ev) = g.play(2, Some("beat"), Some(id("AS"))).unwrap();
    assert_eq!(kinds(&ev), "beat");
    assert_eq!(
        g.legal(0),
        vec![Move::plain(Kind::Done), Move::plain(Kind::Swap)]
    );
    let (g, ev) = g.play(1, Some("swap"), None).unwrap();
    assert_eq!(kinds(&ev), "swap bout_end refill");
    assert!(!g.turn_up_left());
    let g = fixture("6H8S9STS/7C8C9CTC", "7D8DAH", "AH", "1", "1>2/4/0/-/0:-");
    let (g, ev) = g.play(1, Some("swap"), None).unwrap();
    assert_eq!(kinds(&ev), "swap");
    assert_eq!(g.trump_card(), card::id_of("6H").unwrap());
    assert_eq!(g.talon().last().copied(), card::id_of("6H"));
    assert_eq!(g.turn(), Some(0));
    assert_eq!(
        g.play(1, Some("swap"), None).unwrap_err().code,
        "NOT_THE_SIX"
    );
}

#[test]
fn error_precedence() {
    let g = fixture("6S6D9DKH/7SAH8C9C", "-", "8H", "-", "1>2/4/0/-/0:-");
    let code = |g: &Durak, seat: i64, kind: Option<&str>, c: Option<i64>| {
        g.play(seat, kind, c).unwrap_err().code
    };
    assert_eq!(code(&g, 2, Some("attack"), Some(id("7S"))), "NOT_YOUR_TURN");
    assert_eq!(code(&g, 3, Some("attack"), Some(id("6S"))), "NOT_YOUR_TURN");
    assert_eq!(code(&g, 1, Some("shuffle"), None), "NOT_LEGAL");
    assert_eq!(code(&g, 1, None, None), "NOT_LEGAL");
    assert_eq!(code(&g, 1, Some("transfer"), Some(id("6S"))), "NOT_LEGAL");
    assert_eq!(code(&g, 1, Some("beat"), Some(id("6S"))), "WRONG_PHASE");
    assert_eq!(code(&g, 1, Some("done"), None), "MUST_ATTACK");
    assert_eq!(code(&g, 1, Some("attack"), Some(id("AH"))), "CARD_NOT_HELD");
    assert_eq!(code(&g, 1, Some("attack"), None), "CARD_NOT_HELD");
    assert_eq!(code(&g, 1, Some("attack"), Some(99)), "CARD_NOT_HELD");
    let g = g.play(1, Some("attack"), Some(id("6S"))).unwrap().0;
    assert_eq!(code(&g, 2, Some("beat"), Some(id("8C"))), "BEATS_NOTHING");
    let g = g.play(2, Some("beat"), Some(id("7S"))).unwrap().0;
    assert_eq!(
        code(&g, 1, Some("attack"), Some(id("9D"))),
        "RANK_NOT_IN_BOUT"
    );
    let full = fixture("6D/8C", "-", "8H", "-", "1>2/1/0/-/0:6S7S");
    assert_eq!(code(&full, 1, Some("attack"), Some(id("6D"))), "BOUT_FULL");
    let shut = fixture("6H8S/7C8C", "7D8D", "AH", "1", "1>2/2/0/-/0:-");
    assert_eq!(code(&shut, 1, Some("swap"), None), "TALON_SHUT");
    // Resignation out of turn.
    let (r, ev) = g.play(2, Some("resign"), None).unwrap();
    assert_eq!(kinds(&ev), "resign game_end");
    assert_eq!(r.result(), Some(Outcome::Resign(1)));
    assert!(r.bout().is_some());
}

fn conserved(g: &Durak) -> bool {
    let table = g.bout().map_or(0, Bout::mask);
    let mut total = g.talon().iter().fold(0u64, |m, &c| m | card::bit(c)) | table | g.heap();
    let mut count = g.talon_left() + table.count_ones() as usize + usize::from(g.discard());
    for s in 0..g.seats() {
        total |= g.hand(s);
        count += g.count(s);
    }
    total == card::ALL && count == 36 && g.heap().count_ones() == u32::from(g.discard())
}

fn random_games(config: DurakConfig, games: u64) -> (u32, u32) {
    let mut rng = Rng::new(config.seats.into());
    let mut buf = Vec::new();
    let mut transfers = 0;
    let mut multi_throwers = 0;
    for seed in 0..games {
        let mut g = Durak::new_game(&config, seed);
        let mut moves = 0;
        while !g.is_terminal() {
            assert!(conserved(&g), "{}", g.to_notation());
            assert_eq!(g.zobrist(), g.full_hash());
            let text = g.to_notation();
            assert_eq!(Durak::from_notation(&text).unwrap(), g, "{text}");
            let seat = g.to_move().unwrap();
            if let Some(b) = g.bout() {
                assert!(b.cap >= 1 && b.cap <= 6 && b.size() <= 6);
                if seat != b.attacker && g.phase() != Phase::Defend {
                    multi_throwers += 1;
                }
            }
            g.legal_moves_into(&mut buf);
            assert!(!buf.is_empty(), "{text}");
            // Every listed move is accepted; every unlisted card move is refused.
            for &m in &buf {
                assert!(g.check(seat, m).is_ok(), "{m:?} in {text}");
            }
            for kind in [Kind::Attack, Kind::Beat, Kind::Transfer] {
                for c in 1..=36u8 {
                    let m = Move::with(kind, c);
                    assert_eq!(
                        g.check(seat, m).is_ok(),
                        buf.contains(&m),
                        "{m:?} in {text}"
                    );
                }
            }
            let mv = buf[rng.index(buf.len())];
            if mv.kind == Kind::Transfer {
                transfers += 1;
            }
            let before = g.clone();
            let next = g.apply(mv).unwrap();
            assert_eq!(before, g);
            g = next;
            moves += 1;
            assert!(moves < 2000);
        }
        assert!(conserved(&g));
        let holding = (0..g.seats()).filter(|&s| g.count(s) > 0).count();
        assert!(holding <= 1);
        match g.result().unwrap() {
            Outcome::Fool(s) => assert!(g.count(s) > 0),
            Outcome::Draw => assert_eq!(holding, 0),
            Outcome::Resign(_) => unreachable!(),
        }
    }
    (transfers, multi_throwers)
}

#[test]
fn random_games_keep_every_invariant_in_every_configuration() {
    for seats in 2..=6u8 {
        for variant in [Variant::Podkidnoy, Variant::Perevodnoy] {
            let (transfers, throwers) = random_games(DurakConfig { seats, variant }, 12);
            if variant == Variant::Perevodnoy {
                assert!(transfers > 0, "no transfer with {seats} seats");
            }
            if seats >= 3 {
                assert!(throwers > 0, "no second thrower with {seats} seats");
            }
        }
    }
}

#[test]
fn three_seats_throwers_take_turns_and_the_next_attacker_follows() {
    // Seat 1 attacks seat 2; seat 3 may throw in after seat 1 passes.
    let g = pos("durak seats=3 variant=podkidnoy trump=H card=8H owner=- discard=0 heap=- talon=- hands=6S9C/7SAC7D/6DKD6C bout=1>2/3/0/-/0:- known=-/-/- out=- result=- ply=0 stall=0");
    let g = g.play(1, Some("attack"), Some(id("6S"))).unwrap().0;
    let g = g.play(2, Some("beat"), Some(id("7S"))).unwrap().0;
    // Seat 1 cannot throw (no 6 or 7 left): passed silently, seat 3 is asked.
    assert_eq!(g.turn(), Some(2));
    assert_eq!(
        g.legal(2),
        vec![
            Move::with(Kind::Attack, card::id_of("6D").unwrap()),
            Move::with(Kind::Attack, card::id_of("6C").unwrap()),
            Move::plain(Kind::Done)
        ]
    );
    assert_eq!(
        g.play(1, Some("attack"), Some(id("9C"))).unwrap_err().code,
        "NOT_YOUR_TURN"
    );
    let g = g.play(3, Some("attack"), Some(id("6D"))).unwrap().0;
    let g = g.play(2, Some("beat"), Some(id("7D"))).unwrap().0;
    let (g, ev) = g.play(3, Some("done"), None).unwrap();
    assert_eq!(kinds(&ev), "done bout_end refill");
    // Beaten off: the defender (seat 2) attacks seat 3 next.
    let b = g.bout().unwrap();
    assert_eq!((b.attacker, b.defender, b.cap), (1, 2, 2));
}

#[test]
fn three_seats_take_passes_the_attack_past_the_taker_and_the_last_holder_is_fool() {
    let g = pos("durak seats=3 variant=podkidnoy trump=H card=8H owner=- discard=0 heap=- talon=- hands=AS/6C/KS bout=1>2/1/0/-/0:- known=-/-/- out=- result=- ply=0 stall=0");
    let (g, ev) = g.play(1, Some("attack"), Some(id("AS"))).unwrap();
    // Forced take; seat 1 is out; seat 3 (after the taker) attacks the taker.
    assert_eq!(kinds(&ev), "attack bout_end refill out");
    assert!(matches!(
        ev[1],
        Event::BoutEnd {
            taken: true,
            next_attacker: 2,
            ..
        }
    ));
    let b = g.bout().unwrap();
    assert_eq!((b.attacker, b.defender), (2, 1));
    let (g, ev) = g.play(3, Some("attack"), Some(id("KS"))).unwrap();
    assert_eq!(kinds(&ev), "attack");
    let (g, ev) = g.play(2, Some("beat"), Some(id("AS"))).unwrap();
    assert_eq!(kinds(&ev), "beat bout_end refill out game_end");
    assert_eq!(g.result(), Some(Outcome::Fool(1)));
}

#[test]
fn perevodnoy_transfer_moves_the_attack_on() {
    let g = pos("durak seats=2 variant=perevodnoy trump=H card=8H owner=- discard=0 heap=- talon=- hands=6S8S7D/6D7SAC bout=1>2/3/0/-/0:- known=-/- out=- result=- ply=0 stall=0");
    let g = g.play(1, Some("attack"), Some(id("6S"))).unwrap().0;
    let c = |n: &str| card::id_of(n).unwrap();
    assert_eq!(
        g.legal(1),
        vec![
            Move::with(Kind::Beat, c("7S")),
            Move::with(Kind::Transfer, c("6D")),
            Move::plain(Kind::Take)
        ]
    );
    let (g, ev) = g.play(2, Some("transfer"), Some(id("6D"))).unwrap();
    assert_eq!(kinds(&ev), "transfer");
    let b = g.bout().unwrap();
    assert_eq!((b.attacker, b.defender, b.size(), b.cap), (1, 0, 2, 2));
    assert_eq!(
        g.legal(0),
        vec![Move::with(Kind::Beat, c("8S")), Move::plain(Kind::Take)]
    );
    let g = g.play(1, Some("beat"), Some(id("8S"))).unwrap().0;
    let (g, ev) = g.play(1, Some("beat"), Some(id("7D"))).unwrap();
    assert_eq!(kinds(&ev), "beat bout_end refill out game_end");
    assert_eq!(g.result(), Some(Outcome::Fool(1)));
    // No transfer after a beat, nor onto a seat that cannot hold the enlarged attack.
    let g = pos("durak seats=2 variant=perevodnoy trump=H card=8H owner=- discard=0 heap=- talon=- hands=9C8C/6DJSAC bout=1>2/3/0/-/0:6S7S,6H-- known=-/- out=- result=- ply=0 stall=0");
    assert_eq!(
        g.play(2, Some("transfer"), Some(id("6D")))
            .unwrap_err()
            .code,
        "CANNOT_TRANSFER"
    );
    let g = pos("durak seats=2 variant=perevodnoy trump=H card=8H owner=- discard=0 heap=- talon=- hands=9C/6D7SAC bout=1>2/3/0/-/0:6S-- known=-/- out=- result=- ply=0 stall=0");
    assert_eq!(
        g.play(2, Some("transfer"), Some(id("6D")))
            .unwrap_err()
            .code,
        "CANNOT_TRANSFER"
    );
}

#[test]
fn three_seats_stall_rule_draws_an_endless_deal() {
    use crate::sim::{play_indexed, Policy};
    // The `first` policy can pass cards round three seats for ever; the stall rule ends it.
    for i in 0..40 {
        let p = play_indexed::<Durak>(
            &DurakConfig {
                seats: 3,
                variant: Variant::Podkidnoy,
            },
            1,
            i,
            Policy::First,
        )
        .unwrap();
        assert!(p.moves < 5000);
    }
}

#[test]
fn notation_round_trips_and_rejects_garbage_without_panicking() {
    let g = Durak::new(&seed32("parlour-durak-1"), "1", DurakConfig::default()).unwrap();
    let t = g.to_notation();
    assert_eq!(pos(&t), g);
    assert_eq!(pos(&t).to_notation(), t);
    assert_eq!(
        Durak::from_notation("chess").unwrap_err().code,
        "BAD_NOTATION"
    );
    assert_eq!(
        Durak::from_notation(&t.replace("ply=0", ""))
            .unwrap_err()
            .code,
        "BAD_NOTATION"
    );
    assert_eq!(
        Durak::from_notation(&t.replace("hands=6S", "hands=6S6S"))
            .unwrap_err()
            .code,
        "IMPOSSIBLE_POSITION"
    );
    let mut rng = Rng::new(5);
    let bytes = t.as_bytes();
    let alphabet = b"0123456789-=/>:,ASKQJTHDC6 durak";
    for _ in 0..20_000 {
        let mut m = bytes.to_vec();
        for _ in 0..1 + rng.index(4) {
            let i = rng.index(m.len());
            match rng.index(3) {
                0 => m[i] = alphabet[rng.index(alphabet.len())],
                1 => {
                    m.remove(i);
                }
                _ => m.insert(i, alphabet[rng.index(alphabet.len())]),
            }
        }
        if let Ok(s) = String::from_utf8(m) {
            if let Ok(p) = Durak::from_notation(&s) {
                // Whatever parses must play on without panicking and keep its hash honest.
                assert_eq!(p.zobrist(), p.full_hash());
                let mut buf = Vec::new();
                p.legal_moves_into(&mut buf);
                for mv in buf {
                    let _ = p.apply(mv);
                }
                let _ = bot::greedy_move(&p, 0);
                let _ = bot::bot_move(&p, p.turn().unwrap_or(0), 1, 1);
            }
        }
    }
}

#[test]
fn bot_sees_only_public_information() {
    // Two positions that differ only in the hidden cards (seat 2's hand and the talon order)
    // give the bot of seat 1 the same move for the same seed.
    let a = pos("durak seats=2 variant=podkidnoy trump=H card=8H owner=- discard=0 heap=- talon=ASKS9D8H hands=6S7SKH9CTD8D/QSJS6C7C8CAD bout=1>2/6/0/-/0:- known=-/- out=- result=- ply=0 stall=0");
    let b = pos("durak seats=2 variant=podkidnoy trump=H card=8H owner=- discard=0 heap=- talon=QSJS6C8H hands=6S7SKH9CTD8D/ASKS9D7C8CAD bout=1>2/6/0/-/0:- known=-/- out=- result=- ply=0 stall=0");
    for seed in 0..5 {
        assert_eq!(bot::bot_move(&a, 0, 1, seed), bot::bot_move(&b, 0, 1, seed));
    }
    // A determinised world keeps what the seat knows and deals the rest.
    let mut rng = Rng::new(1);
    let w = bot::determinise(&a, 0, &mut rng).unwrap();
    assert_eq!(w.hand(0), a.hand(0));
    assert_eq!(w.count(1), a.count(1));
    assert_eq!(w.talon().last(), a.talon().last());
    assert!(conserved(&w) || w.talon_left() + w.count(0) + w.count(1) == 16);
}

#[test]
fn bot_beats_greedy_and_random_in_a_small_match() {
    let st = bot::bot_match(1, bot::Opponent::Greedy, 3, 60, 2);
    assert!(st.wins > st.losses + 10, "{st:?}");
    let st = bot::bot_match(1, bot::Opponent::Random, 3, 40, 2);
    assert!(st.wins > 30, "{st:?}");
}

#[test]
fn registry_simulates_durak_with_every_policy() {
    use crate::sim::Policy;
    for policy in [Policy::Random, Policy::First, Policy::Computer] {
        let opts = vec![("seats".to_string(), "3".to_string())];
        let b = super::super::simulate("durak", &opts, 1, 0, 20, policy, Some(1)).unwrap();
        assert_eq!(b.len(), 20);
        assert_eq!(b.seats, 3);
    }
    let a = super::super::simulate("durak", &[], 4, 0, 50, Policy::Random, Some(1)).unwrap();
    let b = super::super::simulate("durak", &[], 4, 0, 50, Policy::Random, Some(2)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn every_move_action_unpacks_to_its_move() {
    use crate::lazy::Packed;
    let mut actions = std::collections::HashSet::new();
    let mut moves: Vec<Move> = [Kind::Take, Kind::Done, Kind::Swap, Kind::Resign]
        .into_iter()
        .map(Move::plain)
        .collect();
    for kind in [Kind::Attack, Kind::Beat, Kind::Transfer] {
        moves.extend((1..=36).map(|c| Move::with(kind, c)));
    }
    for m in moves {
        assert_eq!(Move::unpack(m.pack()), m, "{m:?}");
        assert!(actions.insert(m.action()), "{m:?} shares its action");
        assert!(m.action() < 111 || m.kind == Kind::Resign);
    }
}

#[test]
fn counting_the_events_plays_as_keeping_them() {
    // The playout paths count a move's events (for `ply`) instead of keeping them: the
    // position must be the one that keeping them gives, `ply` included.
    for (config, games) in [
        (DurakConfig::default(), 20),
        (
            DurakConfig {
                seats: 4,
                variant: Variant::Perevodnoy,
            },
            10,
        ),
    ] {
        let mut rng = Rng::new(11);
        let mut moves = Vec::new();
        for seed in 0..games {
            let mut g = Durak::new_game(&config, seed);
            while let Some(seat) = g.turn() {
                g.legal_into(seat, &mut moves);
                for &mv in &moves {
                    let mut kept = g.clone();
                    let mut events = Vec::new();
                    kept.apply_seat(seat, mv, &mut events).expect("listed");
                    let mut counted = g.clone();
                    assert_eq!(counted.play_listed(mv), seat);
                    assert_eq!(counted, kept, "{mv:?}");
                    assert_eq!(kept.ply(), g.ply() + u32::try_from(events.len()).unwrap());
                }
                let mv = moves[rng.index(moves.len())];
                g.play_listed(mv);
            }
        }
    }
}
