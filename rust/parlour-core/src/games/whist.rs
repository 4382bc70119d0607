//! A generic four-player, 52-card trick-taking game built only from the shared machinery:
//! a seeded deal of 13 cards each, the suit of the last card dealt is trump (classic whist),
//! seat 0 leads the first trick, follow suit if able, the winner of a trick leads the next.
//! Returns are the tricks each seat took; the winner is the seat with most tricks (ties draw).
//!
//! It exists to exercise the core (trick resolution, hashing, playout) and as the baseline the
//! benchmarks compare with. Notation: `trump/leader/N,E,S,W hands/trick/tricks won`, e.g.
//! `H/0/SA…,…/SK H2/3 2 1 0` (bridge card spelling).

use crate::cards::{Card, CardSet, Spelling, Suit};
use crate::error::{Error, Result};
use crate::game::{GameState, Seat};
use crate::rng::{shuffle, Rng};
use crate::trick::{natural_power, FollowPolicy, TrickRules};
use crate::zobrist;

/// Options of the generic game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhistConfig {
    /// Play without trumps when true.
    pub no_trump: bool,
}

impl Default for WhistConfig {
    fn default() -> Self {
        WhistConfig { no_trump: false }
    }
}

/// A position of the generic trick-taking game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Whist {
    hands: [CardSet; 4],
    trick: [Card; 4],
    trick_len: u8,
    leader: Seat,
    trump: Option<Suit>,
    won: [u8; 4],
    hash: u64,
}

const F_HAND: usize = 0; // features 0..4: card in hand of seat
const F_TRICK: usize = 4; // features 4..8: card at trick position
const F_TURN: usize = 8;

impl Whist {
    /// Deal from an explicit 52-card order: card `k` goes to seat `k % 4`.
    ///
    /// # Errors
    /// `INVALID_DECK` when `deck` is not the 52 distinct cards.
    pub fn from_deck(deck: &[Card], config: &WhistConfig) -> Result<Whist> {
        if deck.len() != 52 || CardSet::from_cards(deck) != CardSet::FULL52 {
            return Err(Error::config("INVALID_DECK", "a deck must hold each of the 52 cards once"));
        }
        Ok(Self::deal(deck, config))
    }

    /// Deal a deck already known to be the 52 distinct cards.
    fn deal(deck: &[Card], config: &WhistConfig) -> Whist {
        let mut hands = [CardSet::EMPTY; 4];
        for (k, &c) in deck.iter().enumerate() {
            hands[k % 4].insert(c);
        }
        let trump = if config.no_trump { None } else { deck.last().map(|c| c.suit()) };
        let mut s = Whist {
            hands,
            trick: [deck[0]; 4],
            trick_len: 0,
            leader: 0,
            trump,
            won: [0; 4],
            hash: 0,
        };
        s.hash = s.full_hash();
        s
    }

    fn rules(&self) -> TrickRules {
        TrickRules::with_trump_suit(self.trump, FollowPolicy::FollowSuit)
    }

    fn seat_to_move(&self) -> Seat {
        (self.leader + self.trick_len) % 4
    }

    fn full_hash(&self) -> u64 {
        let mut h = 0;
        for (seat, hand) in self.hands.iter().enumerate() {
            h ^= zobrist::of_set(F_HAND + seat, hand.bits());
        }
        for i in 0..self.trick_len as usize {
            h ^= zobrist::feature(F_TRICK + i, self.trick[i].index() as usize);
        }
        for (seat, &won) in self.won.iter().enumerate() {
            for k in 1..=won as usize {
                h ^= zobrist::feature(F_TURN + 1 + seat, k);
            }
        }
        h ^ zobrist::feature(F_TURN, self.seat_to_move() as usize)
    }

    /// The hand of `seat`.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat as usize % 4]
    }
}

impl GameState for Whist {
    type Move = Card;
    type Config = WhistConfig;

    fn new_game(config: &WhistConfig, seed: u64) -> Self {
        let mut deck = crate::cards::deck52();
        shuffle(&mut deck, &mut Rng::new(seed));
        Whist::deal(&deck, config)
    }

    fn num_seats(&self) -> usize {
        4
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.is_terminal()).then(|| self.seat_to_move())
    }

    fn legal_moves_into(&self, out: &mut Vec<Card>) {
        out.clear();
        if self.is_terminal() {
            return;
        }
        let lead = (self.trick_len > 0).then(|| self.trick[0]);
        out.extend(self.rules().legal(self.hands[self.seat_to_move() as usize], lead));
    }

    fn apply(&self, mv: Card) -> Result<Self> {
        let mut next = self.clone();
        next.apply_mut(mv)?;
        Ok(next)
    }

    fn apply_mut(&mut self, mv: Card) -> Result<()> {
        if self.is_terminal() {
            return Err(Error::illegal("GAME_OVER", "the game is over"));
        }
        let seat = self.seat_to_move();
        let hand = self.hands[seat as usize];
        if !hand.contains(mv) {
            return Err(Error::illegal("CARD_NOT_HELD", format!("seat {seat} does not hold {mv}")));
        }
        let lead = (self.trick_len > 0).then(|| self.trick[0]);
        if !self.rules().legal(hand, lead).contains(mv) {
            return Err(Error::illegal("MUST_FOLLOW_SUIT", format!("{mv} does not follow suit")));
        }
        self.hash ^= zobrist::feature(F_TURN, seat as usize);
        self.hands[seat as usize].remove(mv);
        self.hash ^= zobrist::feature(F_HAND + seat as usize, mv.index() as usize);
        self.trick[self.trick_len as usize] = mv;
        self.hash ^= zobrist::feature(F_TRICK + self.trick_len as usize, mv.index() as usize);
        self.trick_len += 1;
        if self.trick_len == 4 {
            let w = self.rules().winner(&self.trick, natural_power).unwrap_or(0);
            let winner = (self.leader + u8::try_from(w).unwrap_or(0)) % 4;
            for i in 0..4 {
                self.hash ^= zobrist::feature(F_TRICK + i, self.trick[i].index() as usize);
            }
            self.won[winner as usize] += 1;
            self.hash ^= zobrist::feature(F_TURN + 1 + winner as usize, self.won[winner as usize] as usize);
            self.trick_len = 0;
            self.leader = winner;
        }
        self.hash ^= zobrist::feature(F_TURN, self.seat_to_move() as usize);
        Ok(())
    }

    fn is_terminal(&self) -> bool {
        self.hands.iter().all(|h| h.is_empty())
    }

    fn returns_into(&self, out: &mut [f32]) {
        for (o, w) in out.iter_mut().zip(self.won) {
            *o = f32::from(w);
        }
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn to_notation(&self) -> String {
        let hands: Vec<String> = self
            .hands
            .iter()
            .map(|h| h.iter().map(|c| c.format(Spelling::Bridge)).collect::<Vec<_>>().join(""))
            .collect();
        let trick: Vec<String> =
            self.trick[..self.trick_len as usize].iter().map(|c| c.format(Spelling::Bridge)).collect();
        format!(
            "{}/{}/{}/{}/{} {} {} {}",
            self.trump.map_or('N', Suit::letter),
            self.leader,
            hands.join(","),
            trick.join(" "),
            self.won[0],
            self.won[1],
            self.won[2],
            self.won[3]
        )
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
            let mut s = Whist::new_game(&WhistConfig::default(), seed);
            let mut buf = Vec::new();
            while !s.is_terminal() {
                s.legal_moves_into(&mut buf);
                assert!(!buf.is_empty());
                let before = s.clone();
                let next = s.apply(buf[rng.index(buf.len())]).unwrap();
                assert_eq!(before, s, "apply must not mutate its input");
                assert_eq!(next.hash, next.full_hash());
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
        let s = Whist::new_game(&WhistConfig::default(), 1);
        let not_held = s.hand(1).first().unwrap();
        assert_eq!(s.apply(not_held).unwrap_err().code, "CARD_NOT_HELD");
    }
}
