//! The card play of a four-hand, 52-card, follow-suit trick-taking deal, written once for
//! every game that has one (whist, the bridge play phase).
//!
//! A [`TrickPlay`] holds what such a play is made of: the four hands, the trick in progress,
//! its leader, the trump suit (or none), the tricks won, and an incrementally kept Zobrist
//! hash. The rules are the classic ones: follow suit if able, else play anything; the highest
//! trump wins a trick, else the highest card of the led suit (two low, ace high); the winner
//! leads the next trick. The play is over when every hand is empty.
//!
//! Tricks are counted in `T` *tallies*: seat `s` scores into tally `s % T`, so
//! `TrickPlay<4>` counts per seat (whist) and `TrickPlay<2>` per partnership (bridge: NS, EW).
//!
//! The game embedding a `TrickPlay` keeps what is its own (deal, contract, notation, the error
//! codes of a refused card) and delegates the mechanics to it. Its hash uses the Zobrist
//! features [`F_HAND`] to [`F_TALLY`]` + T - 1`; a game hashing more of its state starts at
//! [`F_TALLY`]` + T`.
//!
//! ```
//! use parlour_core::cards::{CardSet, Suit};
//! use parlour_core::trickplay::TrickPlay;
//! let mut hands = [CardSet::EMPTY; 4];
//! for (k, c) in parlour_core::cards::deck52().into_iter().enumerate() {
//!     hands[k % 4].insert(c);
//! }
//! let mut play = TrickPlay::<4>::new(hands, 0, Some(Suit::Hearts));
//! while !play.is_terminal() {
//!     let card = play.legal().first().unwrap();
//!     play.play(card).unwrap();
//! }
//! assert_eq!(play.won().iter().sum::<u8>(), 13);
//! assert_eq!(play.hash(), play.full_hash());
//! ```

use crate::cards::{Card, CardSet, Suit};
use crate::game::Seat;
use crate::trick::{natural_power, FollowPolicy, TrickRules};
use crate::zobrist;

/// Zobrist features `F_HAND + seat` (0..4): a card in the hand of `seat`.
pub const F_HAND: usize = 0;
/// Zobrist features `F_TRICK + i` (4..8): the card at position `i` of the trick in progress.
pub const F_TRICK: usize = 4;
/// Zobrist feature 8: the seat to move.
pub const F_TURN: usize = 8;
/// Zobrist features `F_TALLY + t` (from 9): value `k` is set for each `k` in `1..=won[t]`.
pub const F_TALLY: usize = 9;

/// Why [`TrickPlay::play`] refused a card; the game turns it into its own error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Every trick has been played.
    Over,
    /// The seat to move does not hold the card.
    NotHeld(Seat),
    /// The seat to move holds the card but must follow suit with another.
    Revoke(Seat),
}

/// The state of a follow-suit card play with `T` trick tallies (see the module docs).
///
/// Cards after the trick in progress are always [`Card::PLACEHOLDER`], so equal plays compare
/// (and `Hash`) equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TrickPlay<const T: usize> {
    hands: [CardSet; 4],
    trick: [Card; 4],
    trick_len: u8,
    leader: Seat,
    trump: Option<Suit>,
    won: [u8; T],
    hash: u64,
}

impl<const T: usize> TrickPlay<T> {
    /// The play before the first card: `leader` leads, no trick is won yet.
    #[must_use]
    pub fn new(hands: [CardSet; 4], leader: Seat, trump: Option<Suit>) -> Self {
        Self::from_parts(hands, &[], leader, trump, [0; T])
    }

    /// Any point of the play, from parts the caller has checked for consistency (the game
    /// reports inconsistent parts with its own error codes): `leader` is a seat, `trick` holds
    /// at most 3 cards and the cards and counts fit together.
    #[must_use]
    pub fn from_parts(
        hands: [CardSet; 4],
        trick: &[Card],
        leader: Seat,
        trump: Option<Suit>,
        won: [u8; T],
    ) -> Self {
        let n = trick.len().min(3);
        let mut t = [Card::PLACEHOLDER; 4];
        t[..n].copy_from_slice(&trick[..n]);
        let mut s = TrickPlay {
            hands,
            trick: t,
            trick_len: u8::try_from(n).unwrap_or(0),
            leader: leader % 4,
            trump,
            won,
            hash: 0,
        };
        s.hash = s.full_hash();
        s
    }

    /// The trick rules: `trump` as the trump suit, follow suit.
    #[must_use]
    pub fn rules(&self) -> TrickRules {
        TrickRules::with_trump_suit(self.trump, FollowPolicy::FollowSuit)
    }

    /// The seat whose turn it is (the leader's, after the last trick).
    #[must_use]
    pub fn seat_to_move(&self) -> Seat {
        (self.leader + self.trick_len) % 4
    }

    /// The cards still held by `seat` (0–3).
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat as usize % 4]
    }

    /// The four hands in seat order.
    #[must_use]
    pub fn hands(&self) -> [CardSet; 4] {
        self.hands
    }

    /// The cards of the trick in progress, in play order.
    #[must_use]
    pub fn trick(&self) -> &[Card] {
        &self.trick[..self.trick_len as usize]
    }

    /// The card led to the trick in progress, `None` when a trick is about to be led.
    #[must_use]
    pub fn lead(&self) -> Option<Card> {
        (self.trick_len > 0).then_some(self.trick[0])
    }

    /// The seat that led (or leads) the trick in progress.
    #[must_use]
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// The trump suit, `None` in no-trump.
    #[must_use]
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// Tricks won, per tally.
    #[must_use]
    pub fn won(&self) -> [u8; T] {
        self.won
    }

    /// True when every hand is empty (then no trick is in progress either).
    #[must_use]
    pub fn is_terminal(&self) -> bool {
        self.trick_len == 0 && self.hands.iter().all(|h| h.is_empty())
    }

    /// The cards the seat to move may play (ascending when iterated); empty when the play is
    /// over.
    #[must_use]
    pub fn legal(&self) -> CardSet {
        if self.is_terminal() {
            return CardSet::EMPTY;
        }
        self.rules()
            .legal(self.hands[self.seat_to_move() as usize], self.lead())
    }

    /// The Zobrist hash of the play, kept up to date by [`TrickPlay::play`].
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch (equal to [`TrickPlay::hash`]).
    #[must_use]
    pub fn full_hash(&self) -> u64 {
        let mut h = 0;
        for (seat, hand) in self.hands.iter().enumerate() {
            h ^= zobrist::of_set(F_HAND + seat, hand.bits());
        }
        for (i, card) in self.trick().iter().enumerate() {
            h ^= zobrist::feature(F_TRICK + i, card.index() as usize);
        }
        for (tally, &won) in self.won.iter().enumerate() {
            for k in 1..=won as usize {
                h ^= zobrist::feature(F_TALLY + tally, k);
            }
        }
        h ^ zobrist::feature(F_TURN, self.seat_to_move() as usize)
    }

    /// Play `card` for the seat to move; the fourth card of a trick completes it: its winner
    /// scores in their tally and leads the next trick.
    ///
    /// # Errors
    /// The [`Refusal`] when the play is over, the card is not held or it does not follow suit;
    /// the play is then unchanged.
    pub fn play(&mut self, card: Card) -> Result<(), Refusal> {
        if self.is_terminal() {
            return Err(Refusal::Over);
        }
        let seat = self.seat_to_move();
        let hand = self.hands[seat as usize];
        if !hand.contains(card) {
            return Err(Refusal::NotHeld(seat));
        }
        if !self.rules().legal(hand, self.lead()).contains(card) {
            return Err(Refusal::Revoke(seat));
        }
        self.hash ^= zobrist::feature(F_TURN, seat as usize);
        self.hands[seat as usize].remove(card);
        self.hash ^= zobrist::feature(F_HAND + seat as usize, card.index() as usize);
        self.trick[self.trick_len as usize] = card;
        self.hash ^= zobrist::feature(F_TRICK + self.trick_len as usize, card.index() as usize);
        self.trick_len += 1;
        if self.trick_len == 4 {
            let w = self.rules().winner(&self.trick, natural_power).unwrap_or(0);
            let winner = (self.leader + u8::try_from(w).unwrap_or(0)) % 4;
            for (i, card) in self.trick.iter().enumerate() {
                self.hash ^= zobrist::feature(F_TRICK + i, card.index() as usize);
            }
            self.trick = [Card::PLACEHOLDER; 4];
            let tally = usize::from(winner) % T;
            self.won[tally] += 1;
            self.hash ^= zobrist::feature(F_TALLY + tally, usize::from(self.won[tally]));
            self.trick_len = 0;
            self.leader = winner;
        }
        self.hash ^= zobrist::feature(F_TURN, self.seat_to_move() as usize);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{shuffle, Rng};

    fn dealt(seed: u64) -> [CardSet; 4] {
        let mut deck = crate::cards::deck52();
        shuffle(&mut deck, &mut Rng::new(seed));
        let mut hands = [CardSet::EMPTY; 4];
        for (k, &c) in deck.iter().enumerate() {
            hands[k % 4].insert(c);
        }
        hands
    }

    #[test]
    fn plays_keep_the_hash_and_the_tallies() {
        let mut rng = Rng::new(11);
        for seed in 0..30 {
            let trump = Suit::from_index((seed % 5) as u8);
            let mut seats = TrickPlay::<4>::new(dealt(seed), 1, trump);
            let mut sides = TrickPlay::<2>::new(dealt(seed), 1, trump);
            while !seats.is_terminal() {
                let legal = seats.legal();
                assert_eq!(legal, sides.legal());
                let card = legal.nth(rng.index(legal.len() as usize)).unwrap();
                seats.play(card).unwrap();
                sides.play(card).unwrap();
                assert_eq!(seats.hash(), seats.full_hash());
                assert_eq!(sides.hash(), sides.full_hash());
                let rebuilt = TrickPlay::from_parts(
                    seats.hands(),
                    seats.trick(),
                    seats.leader(),
                    trump,
                    seats.won(),
                );
                assert_eq!(rebuilt, seats);
            }
            assert!(sides.is_terminal() && sides.legal().is_empty());
            let [n, e, s, w] = seats.won();
            assert_eq!(sides.won(), [n + s, e + w]);
            assert_eq!(n + e + s + w, 13);
        }
    }

    #[test]
    fn refusals_leave_the_play_unchanged() {
        let mut play = TrickPlay::<4>::new(dealt(3), 0, None);
        let before = play.clone();
        let not_held = play.hand(1).first().unwrap();
        assert_eq!(play.play(not_held), Err(Refusal::NotHeld(0)));
        let lead = play.hand(0).first().unwrap();
        play.play(lead).unwrap();
        let hand = play.hand(1);
        if let Some(off) = hand.iter().find(|c| c.suit() != lead.suit()) {
            if !hand.of_suit(lead.suit()).is_empty() {
                let mid = play.clone();
                assert_eq!(play.play(off), Err(Refusal::Revoke(1)));
                assert_eq!(play, mid);
            }
        }
        assert_ne!(play, before);
    }
}
