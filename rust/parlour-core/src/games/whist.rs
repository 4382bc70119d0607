//! A generic four-player, 52-card trick-taking game built only from the shared machinery:
//! a seeded deal of 13 cards each, the suit of the last card dealt is trump (classic whist),
//! seat 0 leads the first trick, follow suit if able, the winner of a trick leads the next.
//! Returns are the tricks each seat took; the winner is the seat with most tricks (ties draw).
//!
//! It exists to exercise the core (trick resolution, the shared [`TrickPlay`], hashing,
//! playout) and as the baseline the benchmarks compare with. Tricks are counted per seat
//! (`TrickPlay<4>`). Its notation (`trump/leader/N,E,S,W hands/trick/tricks won`, e.g.
//! `H/0/SA…,…/SK H2/3 2 1 0`, bridge card spelling) is read and written in
//! `parlour.whist.notation`; the core checks the parts ([`Whist::from_parts`]).

use crate::cards::{Card, CardSet, Spelling, Suit};
use crate::error::{Error, Result};
use crate::game::{GameState, Seat};
use crate::rng::{shuffle, Rng};
use crate::trickplay::{observation_len, Refusal, TrickPlay};
use crate::view::{Observe, Value};

crate::codes! {
    /// The error codes of the generic game (beside [`crate::Common`]'s).
    pub enum Code {
        /// A deck that is not the 52 distinct cards.
        InvalidDeck = "INVALID_DECK",
        /// Parts that no game reaches.
        InvalidPosition = "INVALID_POSITION",
        /// A position text that does not parse (read in `parlour.whist`).
        InvalidNotation = "INVALID_NOTATION",
        /// A move after the last trick.
        GameOver = "GAME_OVER",
        /// A card the seat to move does not hold.
        CardNotHeld = "CARD_NOT_HELD",
        /// A card that does not follow the suit led.
        MustFollowSuit = "MUST_FOLLOW_SUIT",
    }
}

/// Options of the generic game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WhistConfig {
    /// Play without trumps when true.
    pub no_trump: bool,
}

/// A position of the generic trick-taking game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Whist {
    play: TrickPlay<4>,
}

impl Whist {
    /// Deal from an explicit 52-card order: card `k` goes to seat `k % 4`.
    ///
    /// # Errors
    /// `INVALID_DECK` when `deck` is not the 52 distinct cards.
    pub fn from_deck(deck: &[Card], config: &WhistConfig) -> Result<Whist> {
        if deck.len() != 52 || CardSet::from_cards(deck) != CardSet::FULL52 {
            return Err(Error::config(
                Code::InvalidDeck,
                "a deck must hold each of the 52 cards once",
            ));
        }
        Ok(Self::deal(deck, config))
    }

    /// Deal a deck already known to be the 52 distinct cards.
    fn deal(deck: &[Card], config: &WhistConfig) -> Whist {
        let mut hands = [CardSet::EMPTY; 4];
        for (k, &c) in deck.iter().enumerate() {
            hands[k % 4].insert(c);
        }
        let trump = if config.no_trump {
            None
        } else {
            deck.last().map(|c| c.suit())
        };
        Whist {
            play: TrickPlay::new(hands, 0, trump),
        }
    }

    /// Rebuild a position from its parts (what the notation holds), checking consistency: the
    /// 52 cards are each in exactly one hand, the current trick or a finished trick, and the
    /// hand sizes fit the number of tricks played and the seats that played to this trick.
    ///
    /// # Errors
    /// `INVALID_POSITION` when the parts cannot come from a game.
    pub fn from_parts(
        hands: [CardSet; 4],
        trick: &[Card],
        leader: Seat,
        trump: Option<Suit>,
        won: [u8; 4],
    ) -> Result<Whist> {
        let bad = |m: &str| Error::invalid_state(Code::InvalidPosition, m.to_string());
        if leader > 3 || trick.len() > 3 {
            return Err(bad(
                "leader must be 0-3 and the current trick hold at most 3 cards",
            ));
        }
        let mut seen = CardSet::EMPTY;
        for h in hands {
            if !seen.intersection(h).is_empty() {
                return Err(bad("a card is in two hands"));
            }
            seen = seen.union(h);
        }
        for &c in trick {
            if seen.contains(c) {
                return Err(bad("a card is both in a hand and in the trick"));
            }
            seen.insert(c);
        }
        let done: u32 = won.iter().map(|&w| u32::from(w)).sum();
        if done > 13 || done * 4 + seen.len() != 52 {
            return Err(bad(
                "the hands, the trick and the tricks won do not add up to 52 cards",
            ));
        }
        for seat in 0..4u8 {
            let played_now =
                u32::from((seat + 4 - leader) % 4 < u8::try_from(trick.len()).unwrap_or(0));
            if hands[seat as usize].len() + played_now + done != 13 {
                return Err(bad(
                    "a hand has the wrong number of cards for this point of the game",
                ));
            }
        }
        Ok(Whist {
            play: TrickPlay::from_parts(hands, trick, leader, trump, won),
        })
    }

    /// The hand of `seat`.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.play.hand(seat)
    }

    /// The card play: hands, trick, leader, trump, tricks won per seat.
    #[must_use]
    pub fn trick_play(&self) -> &TrickPlay<4> {
        &self.play
    }
}

impl GameState for Whist {
    type Move = Card;
    type Config = WhistConfig;

    fn new(config: &WhistConfig, seed: u64) -> Result<Self> {
        let mut deck = crate::cards::deck52();
        shuffle(&mut deck, &mut Rng::new(seed));
        Ok(Whist::deal(&deck, config))
    }

    fn num_seats(&self) -> usize {
        4
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.is_terminal()).then(|| self.play.seat_to_move())
    }

    fn legal_moves_into(&self, out: &mut Vec<Card>) {
        out.clear();
        out.extend(self.play.legal());
    }

    fn apply(&self, mv: Card) -> Result<Self> {
        let mut next = self.clone();
        next.apply_mut(mv)?;
        Ok(next)
    }

    fn play_unchecked(&mut self, mv: Self::Move) {
        let played = self.apply_mut(mv);
        debug_assert!(played.is_ok(), "an unlisted move: {mv:?}");
    }

    fn is_terminal(&self) -> bool {
        self.play.is_terminal()
    }

    fn returns_into(&self, out: &mut [f32]) {
        for (o, w) in out.iter_mut().zip(self.play.won()) {
            *o = f32::from(w);
        }
    }

    fn zobrist(&self) -> u64 {
        self.play.hash()
    }
}
impl Whist {
    /// Apply `mv` in place, checked against the rules; on a refusal `self` is unchanged.
    ///
    /// # Errors
    /// An illegal-move error when `mv` is not legal here.
    pub fn apply_mut(&mut self, mv: Card) -> Result<()> {
        self.play.play(mv).map_err(|refusal| match refusal {
            Refusal::Over => Error::illegal(Code::GameOver, "the game is over"),
            Refusal::NotHeld(seat) => {
                Error::illegal(Code::CardNotHeld, format!("seat {seat} does not hold {mv}"))
            }
            Refusal::Revoke(_) => {
                Error::illegal(Code::MustFollowSuit, format!("{mv} does not follow suit"))
            }
        })
    }
}

impl Observe for Whist {
    /// The common keys (hand, legal moves and cards in bridge spelling) and the play's public
    /// parts ([`TrickPlay::view_builder`]).
    fn view(&self, seat: Seat) -> Value {
        let mut r = [0f32; 4];
        self.returns_into(&mut r);
        self.play
            .view_builder("whist", seat, Spelling::Bridge, &r)
            .build()
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![observation_len(4)]
    }

    /// [`TrickPlay::observe_into`] with no face-up hand.
    fn observation_into(&self, seat: Seat, out: &mut [f32]) {
        self.play.observe_into(seat, &[], out);
    }

    /// The other three hands dealt anew from the cards they hold together, keeping their
    /// sizes and the voids seen: uniform among the deals the play so far allows.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Result<Self> {
        let hands = self.play.resample_hands(seat, &[], rng)?;
        Ok(Whist {
            play: self.play.with_hands(hands),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{simulate, Policy};

    #[test]
    fn random_games_conserve_cards_and_hash_incrementally() {
        let mut rng = Rng::new(3);
        for seed in 0..50 {
            let mut s = crate::game::dealt::<Whist>(&WhistConfig::default(), seed);
            let mut buf = Vec::new();
            while !s.is_terminal() {
                s.legal_moves_into(&mut buf);
                assert!(!buf.is_empty());
                let before = s.clone();
                let next = s.apply(buf[rng.index(buf.len())]).unwrap();
                assert_eq!(before, s, "apply must not mutate its input");
                assert_eq!(next.play.hash(), next.play.full_hash());
                s = next;
            }
            let mut r = [0f32; 4];
            s.returns_into(&mut r);
            assert!((r.iter().sum::<f32>() - 13.0).abs() < 1e-6);
        }
    }

    #[test]
    fn batch_is_thread_independent() {
        let c = WhistConfig::default();
        let a = simulate::<Whist>(&c, 9, 0, 1000, Policy::Random, Some(1)).unwrap();
        let b = simulate::<Whist>(&c, 9, 0, 1000, Policy::Random, Some(2)).unwrap();
        assert_eq!(a, b);
        let lo = simulate::<Whist>(&c, 9, 0, 400, Policy::Random, Some(2)).unwrap();
        let hi = simulate::<Whist>(&c, 9, 400, 600, Policy::Random, Some(2)).unwrap();
        assert_eq!(&a.hashes[..400], &lo.hashes[..]);
        assert_eq!(&a.hashes[400..], &hi.hashes[..]);
    }

    #[test]
    fn illegal_moves_are_refused() {
        let s = crate::game::dealt::<Whist>(&WhistConfig::default(), 1);
        let not_held = s.hand(1).first().unwrap();
        assert_eq!(s.apply(not_held).unwrap_err().code, "CARD_NOT_HELD");
    }

    /// Plays random moves from `seed`, recording (seat, card); checks at every step that a
    /// resampled state keeps the seat's view, observation and cards, respects the voids, and
    /// that the deal it implies replays every move seen.
    #[test]
    fn resample_keeps_the_view_and_replays_the_play() {
        let mut rng = Rng::new(17);
        for seed in 0..40 {
            let start = crate::game::dealt::<Whist>(&WhistConfig::default(), seed);
            let mut s = start.clone();
            let mut seen: Vec<(Seat, Card)> = Vec::new();
            let mut buf = Vec::new();
            while !s.is_terminal() {
                for seat in 0..4u8 {
                    let r = s.resample(seat, &mut rng).unwrap();
                    assert_eq!(r.view(seat), s.view(seat));
                    assert_eq!(r.observation(seat), s.observation(seat));
                    assert_eq!(r.hand(seat), s.hand(seat));
                    assert_eq!(r.zobrist(), r.play.full_hash());
                    // The deal it implies: each hand now plus the cards that seat played.
                    let mut hands = r.play.hands();
                    for &(by, c) in &seen {
                        hands[by as usize].insert(c);
                    }
                    let mut replay = Whist::from_parts(hands, &[], 0, s.play.trump(), [0; 4])
                        .expect("a full deal");
                    for &(_, c) in &seen {
                        replay = replay.apply(c).expect("the play seen replays");
                    }
                    assert_eq!(replay, r);
                }
                s.legal_moves_into(&mut buf);
                let mv = buf[rng.index(buf.len())];
                seen.push((s.to_move().unwrap(), mv));
                s = s.apply(mv).unwrap();
            }
        }
    }

    #[test]
    fn views_hide_other_hands() {
        let s = crate::game::dealt::<Whist>(&WhistConfig::default(), 4);
        let text = s.view(0).to_json();
        for seat in 1..4u8 {
            for c in s.hand(seat) {
                assert!(!text.contains(&format!("\"{}\"", c.format(Spelling::Bridge))));
            }
        }
        assert_eq!(s.observation(0).len(), 397);
        // A swap of two cards between seats 1 and 2 changes neither seat 0's view nor its
        // observation, and changes seat 1's.
        let mut hands = s.play.hands();
        let a = hands[1].first().unwrap();
        let b = hands[2].first().unwrap();
        hands[1].remove(a);
        hands[1].insert(b);
        hands[2].remove(b);
        hands[2].insert(a);
        let t = Whist::from_parts(hands, &[], 0, s.play.trump(), [0; 4]).unwrap();
        assert_eq!(t.view(0), s.view(0));
        assert_eq!(t.observation(0), s.observation(0));
        assert_ne!(t.view(1), s.view(1));
        assert_ne!(t.observation(1), s.observation(1));
    }
}
