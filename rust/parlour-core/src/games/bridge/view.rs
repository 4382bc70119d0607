//! What each seat sees of the card play: [`Observe`] for [`BridgePlay`].
//!
//! Before the opening lead a seat sees its own thirteen cards and the contract; once the
//! opening lead is on the table dummy's hand is face up for everyone (the `shown` seat of the
//! shared [`TrickPlay`] parts). The defenders never see each other's cards, nor declarer's;
//! declarer never sees a defender's.
//!
//! Dummy's cards are chosen by declarer. The common keys follow the seat to move as in every
//! game (`to_move` is dummy's seat when dummy plays, and dummy's view then lists dummy's legal
//! cards in `legal_moves`, all of them public); the bridge keys `chooser`, `choices` and
//! `choice_actions` say who actually picks the card: declarer when dummy is to move, else the
//! seat to move, and only the chooser's view lists the cards to choose from.
//!
//! Resampling deals the cards `seat` cannot see (the hands of the seats other than `seat` and,
//! once exposed, dummy) anew among those seats, keeping each hand's size and the voids seen
//! (a seat that did not follow suit gets no card of that suit), every such deal equally
//! likely ([`TrickPlay::resample_hands`]).

use super::{BridgePlay, STRAIN_LETTERS};
use crate::cards::{CardSet, Spelling};
use crate::error::Result;
use crate::game::{GameState, Seat};
use crate::rng::Rng;
use crate::trickplay::{card_slot, observation_len};
use crate::view::{Observe, Value};

/// Length of the shared trick-play part of the observation (`TrickPlay<2>`: two tallies).
const PLAY_LEN: usize = observation_len(2);

/// Length of bridge's own part of the observation (see [`BridgePlay::observation_into`]).
const BRIDGE_LEN: usize = 7 + 3 + 4 + 4 + 1 + 4 + 2;

/// The length of a bridge-play observation: 395 shared + 25 bridge = 420.
pub const OBSERVATION_LEN: usize = PLAY_LEN + BRIDGE_LEN;

impl BridgePlay {
    /// Dummy's seat: declarer's partner.
    #[must_use]
    pub fn dummy(&self) -> Seat {
        (self.declarer + 2) % 4
    }

    /// True once the opening lead has been played: dummy's hand is then face up.
    #[must_use]
    pub fn dummy_exposed(&self) -> bool {
        self.play.hands().iter().map(|h| h.len()).sum::<u32>() < 52
    }

    /// The seat that chooses the next card: declarer when dummy is to move, else the seat to
    /// move; `None` when the play is over.
    #[must_use]
    pub fn chooser(&self) -> Option<Seat> {
        self.to_move()
            .map(|s| if s == self.dummy() { self.declarer } else { s })
    }

    /// The face-up hands (dummy's, once exposed) as the `shown` seats of the shared parts.
    fn shown(&self) -> &'static [Seat] {
        const SHOWN: [[Seat; 1]; 4] = [[0], [1], [2], [3]];
        if self.dummy_exposed() {
            &SHOWN[usize::from(self.dummy())]
        } else {
            &[]
        }
    }
}

impl Observe for BridgePlay {
    /// The common keys (cards in bridge spelling, `SA`), the play's public parts
    /// ([`crate::trickplay::TrickPlay::view_builder`]: `trump`, `leader`, `trick`, `played`,
    /// `tricks_won` per side NS, EW, `voids`), then the contract (`contract`, `level`,
    /// `strain`, `doubled`, `declarer`), `dummy`, `dummy_exposed`, `dummy_hand` (null until
    /// the opening lead), `declarer_tricks`, `chooser`, and the cards this seat chooses from
    /// now (`choices`, `choice_actions`).
    fn view(&self, seat: Seat) -> Value {
        let mut r = [0f32; 4];
        self.returns_into(&mut r);
        let names = |set: CardSet| Value::strs(set.iter().map(|c| c.format(Spelling::Bridge)));
        let exposed = self.dummy_exposed();
        let chooser = self.chooser();
        let choices = if chooser == Some(seat) {
            self.play.legal()
        } else {
            CardSet::EMPTY
        };
        let strain = STRAIN_LETTERS
            .get(usize::from(self.strain))
            .copied()
            .unwrap_or('N');
        self.play
            .view_builder("bridge-play", seat, Spelling::Bridge, &r)
            .with("contract", Value::Str(self.contract_text()))
            .with("level", Value::Int(i64::from(self.level)))
            .with("strain", Value::Str(strain.to_string()))
            .with("doubled", Value::Int(i64::from(self.doubled)))
            .with("declarer", Value::Int(i64::from(self.declarer)))
            .with("dummy", Value::Int(i64::from(self.dummy())))
            .with("dummy_exposed", Value::Bool(exposed))
            .with(
                "dummy_hand",
                if exposed {
                    names(self.play.hand(self.dummy()))
                } else {
                    Value::Null
                },
            )
            .with(
                "declarer_tricks",
                Value::Int(i64::from(self.declarer_tricks())),
            )
            .with("chooser", Value::seat(chooser))
            .with("choices", names(choices))
            .with(
                "choice_actions",
                Value::List(
                    choices
                        .iter()
                        .map(|c| Value::Int(i64::try_from(card_slot(c)).unwrap_or(0)))
                        .collect(),
                ),
            )
            .build()
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![OBSERVATION_LEN]
    }

    /// [`crate::trickplay::TrickPlay::observe_into`] (offsets 0–394, dummy's hand as the
    /// face-up row once exposed), then bridge's own part:
    ///
    /// | offset | length | what |
    /// |---|---|---|
    /// | 395 | 7 | contract level 1–7 (one-hot) |
    /// | 402 | 3 | undoubled, doubled, redoubled (one-hot) |
    /// | 405 | 4 | declarer's seat (one-hot) |
    /// | 409 | 4 | `seat`'s place from declarer: declarer, LHO, dummy, RHO (one-hot) |
    /// | 413 | 1 | dummy's hand is face up |
    /// | 414 | 4 | the chooser's seat (one-hot; zeros when the play is over) |
    /// | 418 | 1 | declarer's side's tricks, divided by 13 |
    /// | 419 | 1 | tricks declarer's side still needs for the contract, divided by 13 |
    fn observation_into(&self, seat: Seat, out: &mut [f32]) {
        let (play, own) = out.split_at_mut(PLAY_LEN);
        self.play.observe_into(seat, self.shown(), play);
        own.fill(0.0);
        own[usize::from(self.level.clamp(1, 7)) - 1] = 1.0;
        own[7 + usize::from(self.doubled.min(2))] = 1.0;
        own[10 + usize::from(self.declarer % 4)] = 1.0;
        own[14 + usize::from((seat + 4 - self.declarer % 4) % 4)] = 1.0;
        if self.dummy_exposed() {
            own[18] = 1.0;
        }
        if let Some(c) = self.chooser() {
            own[19 + usize::from(c % 4)] = 1.0;
        }
        let made = self.declarer_tricks();
        own[23] = f32::from(made) / 13.0;
        own[24] = f32::from((self.level + 6).saturating_sub(made)) / 13.0;
    }

    /// The hands `seat` cannot see (the other seats', dummy's excepted once it is face up)
    /// dealt anew from the cards they hold together, keeping their sizes and the voids seen:
    /// uniform among the deals the play so far allows.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Result<Self> {
        let hands = self.play.resample_hands(seat, self.shown(), rng)?;
        Ok(BridgePlay {
            play: self.play.with_hands(hands),
            ..self.clone()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::games::bridge::BridgeConfig;

    fn card_texts(view: &Value, key: &str) -> Vec<String> {
        match view.get(key) {
            Some(Value::List(items)) => items
                .iter()
                .filter_map(|v| match v {
                    Value::Str(s) => Some(s.clone()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Along random playouts, for every seat: a resampled state has the same view and
    /// observation, keeps the seat's cards, dummy's once exposed and every public card, is
    /// reached by replaying the moves seen from the deal it implies, and keeps the voids.
    #[test]
    fn resample_keeps_the_view_and_replays_the_play() {
        let mut rng = Rng::new(23);
        let mut changed = 0u32;
        for seed in 0..40 {
            let start = crate::game::dealt::<BridgePlay>(&BridgeConfig::default(), seed);
            let mut s = start.clone();
            let mut seen: Vec<(Seat, Card)> = Vec::new();
            let mut buf = Vec::new();
            loop {
                for seat in 0..4u8 {
                    let r = s.resample(seat, &mut rng).unwrap();
                    assert_eq!(r.view(seat), s.view(seat));
                    assert_eq!(r.observation(seat), s.observation(seat));
                    assert_eq!(r.hand(seat), s.hand(seat));
                    assert_eq!(r.trick(), s.trick());
                    assert_eq!(r.play.played(), s.play.played());
                    assert_eq!(r.to_move(), s.to_move());
                    assert_eq!(r.zobrist(), r.full_hash());
                    assert_eq!(r.play.voids(), s.play.voids());
                    if s.dummy_exposed() {
                        assert_eq!(r.hand(s.dummy()), s.hand(s.dummy()));
                    }
                    for other in 0..4u8 {
                        assert_eq!(r.hand(other).len(), s.hand(other).len());
                        for suit in crate::cards::Suit::ALL {
                            if s.play.is_void(other, suit) {
                                assert!(r.hand(other).of_suit(suit).is_empty());
                            }
                        }
                    }
                    changed += u32::from(r.play.hands() != s.play.hands());
                    // The deal it implies: each hand now plus the cards that seat played.
                    let mut hands = r.play.hands();
                    for &(by, c) in &seen {
                        hands[by as usize].insert(c);
                    }
                    let mut replay =
                        BridgePlay::new(hands, s.strain, s.declarer, s.level, s.doubled)
                            .expect("a full deal");
                    for &(_, c) in &seen {
                        replay = replay.apply(c).expect("the play seen replays");
                    }
                    assert_eq!(replay, r);
                    assert_eq!(replay.play.voids(), r.play.voids());
                    assert_eq!(replay.view(seat), s.view(seat));
                }
                if s.is_terminal() {
                    break;
                }
                s.legal_moves_into(&mut buf);
                let mv = buf[rng.index(buf.len())];
                seen.push((s.to_move().unwrap(), mv));
                s = s.apply(mv).unwrap();
            }
        }
        assert!(changed > 1000, "resample seldom changes a hidden hand");
    }

    /// The resampled hidden hands are uniform: a defender's single card after twelve tricks
    /// is, for declarer, equally likely either of the two cards the defenders hold.
    #[test]
    fn resample_is_uniform_over_the_hidden_cards() {
        let mut rng = Rng::new(4);
        let mut s = crate::game::dealt::<BridgePlay>(
            &BridgeConfig {
                strain: Some(crate::games::bridge::NO_TRUMP),
                declarer: Some(0),
            },
            8,
        );
        let mut buf = Vec::new();
        // Play until only the last trick is left, with North (declarer) to lead or not.
        while s.play.hands().iter().map(|h| h.len()).sum::<u32>() > 4 {
            s.legal_moves_into(&mut buf);
            s = s.apply(buf[rng.index(buf.len())]).unwrap();
        }
        let (e, w) = (s.hand(1).first().unwrap(), s.hand(3).first().unwrap());
        let mut east_holds_e = 0;
        let n = 4000;
        for _ in 0..n {
            let r = s.resample(0, &mut rng).unwrap();
            let east = r.hand(1).first().unwrap();
            assert!(east == e || east == w);
            // A void shown by East in the suit of `w` forces it: then East always keeps `e`.
            east_holds_e += u32::from(east == e);
        }
        let forced = s.play.is_void(1, w.suit()) || s.play.is_void(3, e.suit());
        if forced {
            assert_eq!(east_holds_e, n);
        } else {
            assert!((1800..2200).contains(&east_holds_e), "{east_holds_e}");
        }
    }

    #[test]
    fn views_hide_what_the_seat_cannot_see() {
        let s = crate::game::dealt::<BridgePlay>(
            &BridgeConfig {
                strain: Some(1),
                declarer: Some(2),
            },
            5,
        );
        assert_eq!(s.dummy(), 0);
        assert!(!s.dummy_exposed());
        assert_eq!(s.observation(0).len(), 420);
        // Before the opening lead nobody sees another hand, dummy's included.
        for seat in 0..4u8 {
            let text = s.view(seat).to_json();
            assert_eq!(s.view(seat).get("dummy_hand"), Some(&Value::Null));
            for other in (0..4u8).filter(|&o| o != seat) {
                for c in s.hand(other) {
                    assert!(!text.contains(&format!("\"{}\"", c.format(Spelling::Bridge))));
                }
            }
        }
        // Swapping a card between East and West (defenders) changes neither North's nor
        // South's view or observation, and changes East's and West's.
        let swap = |s: &BridgePlay, a: Seat, b: Seat| {
            let mut hands = s.play.hands();
            let x = hands[a as usize].first().unwrap();
            let y = hands[b as usize]
                .iter()
                .find(|c| !s.play.is_void(a, c.suit()))
                .unwrap();
            hands[a as usize].remove(x);
            hands[a as usize].insert(y);
            hands[b as usize].remove(y);
            hands[b as usize].insert(x);
            BridgePlay {
                play: s.play.with_hands(hands),
                ..s.clone()
            }
        };
        let t = swap(&s, 1, 3);
        for seat in [0, 2] {
            assert_eq!(t.view(seat), s.view(seat));
            assert_eq!(t.observation(seat), s.observation(seat));
        }
        for seat in [1, 3] {
            assert_ne!(t.view(seat), s.view(seat));
            assert_ne!(t.observation(seat), s.observation(seat));
        }
        // Before the lead, a swap between dummy (North) and East is hidden from South.
        let t = swap(&s, 0, 1);
        assert_eq!(t.view(2), s.view(2));
        assert_eq!(t.observation(2), s.observation(2));
        assert_ne!(t.view(0), s.view(0));
        assert_ne!(t.view(1), s.view(1));
        // After the opening lead dummy is face up: the same swap is seen by everyone.
        let lead = s.play.legal().first().unwrap();
        let s = s.apply(lead).unwrap();
        assert!(s.dummy_exposed());
        assert_eq!(
            card_texts(&s.view(2), "dummy_hand"),
            s.hand(0)
                .iter()
                .map(|c| c.format(Spelling::Bridge))
                .collect::<Vec<_>>()
        );
        let t = swap(&s, 0, 1);
        for seat in 0..4u8 {
            assert_ne!(t.view(seat), s.view(seat));
            assert_ne!(t.observation(seat), s.observation(seat));
        }
        // A swap between the defenders stays hidden from declarer and from dummy.
        let t = swap(&s, 1, 3);
        for seat in [0, 2] {
            assert_eq!(t.view(seat), s.view(seat));
            assert_eq!(t.observation(seat), s.observation(seat));
        }
        let text = s.view(2).to_json();
        for other in [1u8, 3] {
            for c in s.hand(other) {
                assert!(!text.contains(&format!("\"{}\"", c.format(Spelling::Bridge))));
            }
        }
    }

    #[test]
    fn declarer_chooses_dummys_cards() {
        let mut s = crate::game::dealt::<BridgePlay>(
            &BridgeConfig {
                strain: Some(0),
                declarer: Some(3),
            },
            12,
        );
        let mut buf = Vec::new();
        let mut dummy_turns = 0;
        while !s.is_terminal() {
            let to_move = s.to_move().unwrap();
            let legal: Vec<String> = s.play.legal().iter().map(|c| c.to_string()).collect();
            let chooser = if to_move == 1 { 3 } else { to_move };
            assert_eq!(s.chooser(), Some(chooser));
            for seat in 0..4u8 {
                let v = s.view(seat);
                assert_eq!(v.get("chooser"), Some(&Value::Int(i64::from(chooser))));
                let want = if seat == chooser {
                    legal.clone()
                } else {
                    Vec::new()
                };
                assert_eq!(card_texts(&v, "choices"), want);
                let own = if seat == to_move {
                    legal.clone()
                } else {
                    Vec::new()
                };
                assert_eq!(card_texts(&v, "legal_moves"), own);
                let obs = s.observation(seat);
                assert_eq!(obs[414 + usize::from(chooser)], 1.0);
                assert_eq!(obs[409 + usize::from((seat + 1) % 4)], 1.0);
            }
            dummy_turns += u32::from(to_move == 1);
            s.legal_moves_into(&mut buf);
            s = s.apply(buf[buf.len() / 2]).unwrap();
        }
        assert_eq!(dummy_turns, 13);
        let v = s.view(0);
        assert_eq!(v.get("chooser"), Some(&Value::Null));
        assert_eq!(card_texts(&v, "choices"), Vec::<String>::new());
        assert!(s.observation(0)[414..418].iter().all(|&x| x == 0.0));
        assert_eq!(
            v.get("declarer_tricks"),
            Some(&Value::Int(i64::from(s.tricks_won()[1])))
        );
    }

    #[test]
    fn contract_parts_are_in_the_view_and_the_observation() {
        let hands = crate::game::dealt::<BridgePlay>(&BridgeConfig::default(), 3)
            .play
            .hands();
        let s = BridgePlay::new(hands, 4, 1, 3, 2).unwrap();
        let v = s.view(0);
        assert_eq!(v.get("contract"), Some(&Value::Str("3NXX".into())));
        assert_eq!(v.get("strain"), Some(&Value::Str("N".into())));
        assert_eq!(v.get("trump"), Some(&Value::Null));
        assert_eq!(v.get("declarer"), Some(&Value::Int(1)));
        assert_eq!(v.get("dummy"), Some(&Value::Int(3)));
        assert_eq!(v.get("game"), Some(&Value::Str("bridge-play".into())));
        let o = s.observation(0);
        assert_eq!(o[395 + 2], 1.0);
        assert_eq!(o[402 + 2], 1.0);
        assert_eq!(o[405 + 1], 1.0);
        assert_eq!(o[409 + 3], 1.0); // North is declarer East's RHO
        assert_eq!(o[413], 0.0);
        assert_eq!(o[364 + 4], 1.0); // no-trump
        assert!((o[419] - 9.0 / 13.0).abs() < 1e-6);
        assert_eq!(o[395..].iter().filter(|&&x| x != 0.0).count(), 6);
    }
}
