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
/// (and `Hash`) equal. The voids seen in the play (a seat that did not follow suit holds no
/// card of the suit led) are knowledge of how the position was reached, not part of it: they
/// take no part in equality, hashing or the notation.
#[derive(Clone, Debug)]
pub struct TrickPlay<const T: usize> {
    hands: [CardSet; 4],
    trick: [Card; 4],
    trick_len: u8,
    leader: Seat,
    trump: Option<Suit>,
    won: [u8; T],
    hash: u64,
    /// Bit `s` of `voids[seat]`: `seat` has shown out of suit lane `s`.
    voids: [u8; 4],
}

impl<const T: usize> PartialEq for TrickPlay<T> {
    fn eq(&self, other: &Self) -> bool {
        self.hands == other.hands
            && self.trick == other.trick
            && self.trick_len == other.trick_len
            && self.leader == other.leader
            && self.trump == other.trump
            && self.won == other.won
    }
}

impl<const T: usize> Eq for TrickPlay<T> {}

impl<const T: usize> std::hash::Hash for TrickPlay<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
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
            voids: [0; 4],
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

    /// The suits each seat has shown out of in this play (bit `s`: suit lane `s`), as seen
    /// by every seat; empty for a play rebuilt from its parts.
    #[must_use]
    pub fn voids(&self) -> [u8; 4] {
        self.voids
    }

    /// Whether `seat` has shown out of `suit`.
    #[must_use]
    pub fn is_void(&self, seat: Seat, suit: Suit) -> bool {
        self.voids[seat as usize % 4] & (1 << suit.index()) != 0
    }

    /// The cards played to finished tricks (every card not held and not in the trick).
    #[must_use]
    pub fn played(&self) -> CardSet {
        let held = self.hands.iter().fold(CardSet::EMPTY, |a, &h| a.union(h));
        let full = held.union(CardSet::from_cards(self.trick()));
        CardSet::FULL52.difference(full)
    }

    /// The same play with other hands (same sizes, the caller's to check): what resampling
    /// makes. The voids seen are kept; the hash is computed anew.
    #[must_use]
    pub fn with_hands(&self, hands: [CardSet; 4]) -> Self {
        let mut s = self.clone();
        s.hands = hands;
        s.hash = s.full_hash();
        s
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
        if let Some(lead) = self.lead() {
            if lead.suit() != card.suit() {
                self.voids[seat as usize] |= 1 << lead.suit().index();
            }
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

/// The card's place in a 52-card row of an observation: `suit * 13 + rank` (the games' action
/// id of a card).
#[must_use]
pub fn card_slot(card: Card) -> usize {
    usize::from(card.suit().index()) * 13 + usize::from(card.rank())
}

/// Length of [`TrickPlay::observe_into`]'s part of an observation with `T` tallies.
#[must_use]
pub const fn observation_len(tallies: usize) -> usize {
    52 * 7 + 5 + 16 + 8 + tallies
}

impl<const T: usize> TrickPlay<T> {
    /// The hands that resampling may change for `seat`: every seat but `seat` and the seats
    /// in `shown` (whose cards are face up, as bridge's dummy).
    fn hidden_seats(seat: Seat, shown: &[Seat]) -> Vec<Seat> {
        (0..4u8)
            .filter(|&s| s != seat && !shown.contains(&s))
            .collect()
    }

    /// New hands for the seats `seat` cannot see (all but `seat` and `shown`): the cards
    /// none of those is known to lack, dealt uniformly among every deal that keeps each
    /// hand's size and the voids seen (a seat that showed out of a suit gets none of it).
    ///
    /// # Errors
    /// `RESAMPLE_FAILED` when no such deal exists (contradictory parts).
    pub fn resample_hands(
        &self,
        seat: Seat,
        shown: &[Seat],
        rng: &mut crate::rng::Rng,
    ) -> crate::error::Result<[CardSet; 4]> {
        use crate::view::{card_items, card_set, deal_uniform, resample_failed, Holder};
        let hidden = Self::hidden_seats(seat, shown);
        let pool = hidden
            .iter()
            .fold(CardSet::EMPTY, |a, &s| a.union(self.hands[s as usize]));
        let allows: Vec<Box<dyn Fn(u16) -> bool>> = hidden
            .iter()
            .map(|&s| {
                let voids = self.voids[s as usize];
                Box::new(move |item: u16| {
                    let lane = (item / 16) as u8;
                    voids & (1 << lane) == 0
                }) as Box<dyn Fn(u16) -> bool>
            })
            .collect();
        let holders: Vec<Holder<'_>> = hidden
            .iter()
            .zip(&allows)
            .map(|(&s, f)| Holder {
                size: self.hands[s as usize].len() as usize,
                allows: f.as_ref(),
            })
            .collect();
        let deal = deal_uniform(&card_items(pool), &holders, rng)
            .ok_or_else(|| resample_failed("the voids seen leave no deal of the hidden cards"))?;
        let mut hands = self.hands;
        for (&s, items) in hidden.iter().zip(&deal) {
            hands[s as usize] = card_set(items);
        }
        Ok(hands)
    }

    /// Write what `seat` sees of the play into `out` (length [`observation_len`]`(T)`), each
    /// 52-card row indexed by [`card_slot`]:
    ///
    /// | offset | length | what |
    /// |---|---|---|
    /// | 0 | 52 | `seat`'s hand |
    /// | 52 | 4 × 52 | the card each seat (0–3) has played to the trick in progress |
    /// | 260 | 52 | the cards of finished tricks |
    /// | 312 | 52 | the cards of the seats in `shown` (face up: bridge's dummy) |
    /// | 364 | 5 | the trump: spades, hearts, diamonds, clubs, none |
    /// | 369 | 4 × 4 | seat × suit: the seat has shown out of the suit |
    /// | 385 | 4 | the seat to move (one-hot; zeros when the play is over) |
    /// | 389 | 4 | `seat` (one-hot) |
    /// | 393 | `T` | tricks won per tally, divided by 13 |
    pub fn observe_into(&self, seat: Seat, shown: &[Seat], out: &mut [f32]) {
        out.fill(0.0);
        for c in self.hands[seat as usize % 4] {
            out[card_slot(c)] = 1.0;
        }
        for (i, &c) in self.trick().iter().enumerate() {
            let by = (usize::from(self.leader) + i) % 4;
            out[52 + by * 52 + card_slot(c)] = 1.0;
        }
        for c in self.played() {
            out[260 + card_slot(c)] = 1.0;
        }
        for &s in shown {
            if s != seat {
                for c in self.hands[s as usize % 4] {
                    out[312 + card_slot(c)] = 1.0;
                }
            }
        }
        out[364 + self.trump.map_or(4, |t| usize::from(t.index()))] = 1.0;
        for (s, &v) in self.voids.iter().enumerate() {
            for lane in 0..4 {
                if v & (1 << lane) != 0 {
                    out[369 + s * 4 + lane] = 1.0;
                }
            }
        }
        if !self.is_terminal() {
            out[385 + usize::from(self.seat_to_move())] = 1.0;
        }
        out[389 + usize::from(seat % 4)] = 1.0;
        for (t, &w) in self.won.iter().enumerate() {
            out[393 + t] = f32::from(w) / 13.0;
        }
    }
}

impl<const T: usize> TrickPlay<T> {
    /// The common view keys of `seat` (see [`crate::view`]) for a game made of this play alone,
    /// followed by the play's public parts: `trump` (suit letter or null), `leader`, `trick`
    /// (the cards of the trick in progress, in play order), `played` (the cards of finished
    /// tricks), `tricks_won` (per tally) and `voids` (per seat, the suits it has shown out of).
    /// Cards are written in `spelling`; `shown` seats' hands are face up (listed by the game).
    #[must_use]
    pub fn view_builder(
        &self,
        game: &str,
        seat: Seat,
        spelling: crate::cards::Spelling,
        returns: &[f32],
    ) -> crate::view::ViewBuilder {
        use crate::view::{Value, ViewBuilder};
        let names =
            |set: CardSet| -> Vec<String> { set.iter().map(|c| c.format(spelling)).collect() };
        let to_move = (!self.is_terminal()).then(|| self.seat_to_move());
        let legal = if to_move == Some(seat) {
            self.legal()
        } else {
            CardSet::EMPTY
        };
        ViewBuilder::new(
            game,
            seat,
            to_move,
            self.is_terminal(),
            names(self.hand(seat)),
            self.hands.iter().map(|h| h.len() as usize).collect(),
            names(legal),
            legal.iter().map(card_slot).collect(),
            returns,
        )
        .with(
            "trump",
            self.trump
                .map_or(Value::Null, |t| Value::Str(t.letter().to_string())),
        )
        .with("leader", Value::Int(i64::from(self.leader)))
        .with(
            "trick",
            Value::strs(self.trick().iter().map(|c| c.format(spelling))),
        )
        .with("played", Value::strs(names(self.played())))
        .with("tricks_won", Value::ints(self.won))
        .with(
            "voids",
            Value::List(
                self.voids
                    .iter()
                    .map(|&v| {
                        Value::strs(
                            Suit::ALL
                                .iter()
                                .filter(|s| v & (1 << s.index()) != 0)
                                .map(|s| s.letter().to_string()),
                        )
                    })
                    .collect(),
            ),
        )
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
