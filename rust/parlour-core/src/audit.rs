//! Self-checks of a position, for soak runs and tests: the hash computed from scratch, and the
//! conservation of cards or tiles (every one of the game's cards or tiles is in exactly one
//! place: nothing lost, nothing duplicated).
//!
//! [`Audit`] is implemented for every game; `examples/soak.rs` plays millions of random moves
//! and calls it after each one.
//!
//! ```
//! use parlour_core::audit::Audit;
//! use parlour_core::game::GameState;
//! use parlour_core::games::whist::{Whist, WhistConfig};
//! let mut state = Whist::new(&WhistConfig::default(), 7)?;
//! let mut moves = Vec::new();
//! while !state.is_terminal() {
//!     state.legal_moves_into(&mut moves);
//!     state = state.apply(moves[0])?;
//!     assert_eq!(state.zobrist(), state.scratch_hash());
//!     assert_eq!(state.conservation(), Ok(()));
//! }
//! # Ok::<_, parlour_core::Error>(())
//! ```

use crate::cards::{Card, CardSet};
use crate::game::GameState;
use crate::games::bridge::BridgePlay;
use crate::games::dalmara::DalMara;
use crate::games::durak::Durak;
use crate::games::gyla::{Gyla, Phase as GylaPhase};
use crate::games::mexican_train::{tiles, MexicanTrain};
use crate::games::whist::Whist;
use crate::trickplay::TrickPlay;

/// What a position can check of itself.
pub trait Audit: GameState {
    /// The hash computed from scratch, from the position's parts alone (equal to
    /// [`GameState::zobrist`] when the incremental updates are right).
    fn scratch_hash(&self) -> u64;
    /// `Ok` when every card or tile of the game is in exactly one place; otherwise what is
    /// lost or duplicated, and where.
    ///
    /// # Errors
    /// A description of the first fault found.
    fn conservation(&self) -> Result<(), String>;
}

/// Checks that `places` (name, cards) are pairwise disjoint and together hold `total` cards;
/// the shared part of every card game's conservation check.
///
/// # Errors
/// The first card found in two places, or the counts when some are missing.
pub fn disjoint_cover(places: &[(&str, u64)], total: u32) -> Result<(), String> {
    let mut seen = 0u64;
    let mut count = 0u32;
    for &(name, bits) in places {
        let twice = seen & bits;
        if twice != 0 {
            return Err(format!(
                "card bit {} is in {name} and somewhere before it",
                twice.trailing_zeros()
            ));
        }
        seen |= bits;
        count += bits.count_ones();
    }
    if count == total {
        Ok(())
    } else {
        Err(format!("{count} cards in place, expected {total}"))
    }
}

/// Adds `cards` (a trick or a pile, as a list) into a mask, failing on a repeated card.
fn mask_of(name: &str, cards: impl IntoIterator<Item = u64>) -> Result<u64, String> {
    let mut m = 0u64;
    for bit in cards {
        if m & bit != 0 || bit == 0 {
            return Err(format!("{name} holds a card twice (or an unknown card)"));
        }
        m |= bit;
    }
    Ok(m)
}

/// The four-hand, 52-card follow-suit play: hands and trick disjoint; the cards played to
/// finished tricks are four per trick counted in the tallies; each hand holds the cards it
/// should at this point of the trick.
fn trickplay_conservation<const T: usize>(play: &TrickPlay<T>) -> Result<(), String> {
    let trick = mask_of("the trick", play.trick().iter().map(|c: &Card| c.bit()))?;
    let hands = play.hands();
    let places = [
        ("hand 0", hands[0].bits()),
        ("hand 1", hands[1].bits()),
        ("hand 2", hands[2].bits()),
        ("hand 3", hands[3].bits()),
        ("the trick", trick),
        ("the finished tricks", play.played().bits()),
    ];
    disjoint_cover(&places, 52)?;
    let done: u32 = play.won().iter().map(|&w| u32::from(w)).sum();
    if play.played().len() != 4 * done {
        return Err(format!(
            "{} cards in finished tricks, {done} tricks counted",
            play.played().len()
        ));
    }
    let leader = usize::from(play.leader());
    for (seat, hand) in hands.iter().enumerate() {
        let played_now = u32::from((seat + 4 - leader) % 4 < play.trick().len());
        if hand.len() + done + played_now != 13 {
            return Err(format!("hand {seat} holds {} cards", hand.len()));
        }
    }
    Ok(())
}

impl Audit for Whist {
    fn scratch_hash(&self) -> u64 {
        self.trick_play().full_hash()
    }
    fn conservation(&self) -> Result<(), String> {
        trickplay_conservation(self.trick_play())
    }
}

impl Audit for BridgePlay {
    fn scratch_hash(&self) -> u64 {
        self.full_hash()
    }
    fn conservation(&self) -> Result<(), String> {
        trickplay_conservation(self.trick_play())
    }
}

impl Audit for DalMara {
    fn scratch_hash(&self) -> u64 {
        self.recomputed_hash()
    }
    /// The cards in hands, stacks and the trick are distinct, and with the cards of the tricks
    /// taken (a card per seat per trick) make the 52.
    fn conservation(&self) -> Result<(), String> {
        let bit = |c: crate::cards::Card| c.bit();
        let seats = self.seats();
        let mut places: Vec<(String, u64)> = Vec::with_capacity(13);
        for s in 0..seats {
            places.push((
                format!("hand {s}"),
                mask_of("a hand", self.hand(s).iter().map(|&c| bit(c)))?,
            ));
        }
        let stacks = if self.is_four() { 0 } else { 8 };
        for k in 0..stacks {
            places.push((
                format!("stack {k}"),
                mask_of("a stack", self.stack(k).iter().map(|&c| bit(c)))?,
            ));
        }
        places.push((
            "the trick".to_string(),
            mask_of("the trick", self.trick_cards().iter().map(|&(_, c)| bit(c)))?,
        ));
        let named: Vec<(&str, u64)> = places.iter().map(|(n, m)| (n.as_str(), *m)).collect();
        let held: u32 = named.iter().map(|(_, m)| m.count_ones()).sum();
        let tricks: u32 = self.tricks_taken().iter().map(|&t| u32::from(t)).sum();
        // The counters count from where this state was built (a new deal here).
        let seats_u32 = u32::try_from(seats).unwrap_or(4);
        disjoint_cover(&named, held)?;
        if held + seats_u32 * tricks == 52 {
            Ok(())
        } else {
            Err(format!(
                "{held} cards in place and {tricks} tricks taken of {seats} cards"
            ))
        }
    }
}

impl Audit for Gyla {
    fn scratch_hash(&self) -> u64 {
        self.full_hash()
    }
    /// Once the round is dealt, the hands and the cards played this round are the 36.
    fn conservation(&self) -> Result<(), String> {
        let plays = self.plays();
        let played = mask_of("the plays", plays.iter().map(|c| c.bit()))?;
        let places = [
            ("hand 1", self.hand_set(1).bits()),
            ("hand 2", self.hand_set(2).bits()),
            ("hand 3", self.hand_set(3).bits()),
            ("hand 4", self.hand_set(4).bits()),
            ("the plays", played),
        ];
        let total = if self.phase() == GylaPhase::NotStarted {
            places.iter().map(|(_, m)| m.count_ones()).sum()
        } else {
            36
        };
        disjoint_cover(&places, total)?;
        if places
            .iter()
            .any(|(_, m)| *m & !CardSet::FULL36.bits() != 0)
        {
            return Err("a card outside the 36-card deck".to_string());
        }
        Ok(())
    }
}

impl Audit for Durak {
    fn scratch_hash(&self) -> u64 {
        self.full_hash()
    }
    /// Hands, talon, discard heap and the table hold the 36 cards, once each; the discard
    /// count is the heap's size.
    fn conservation(&self) -> Result<(), String> {
        let mut places: Vec<(String, u64)> = Vec::with_capacity(9);
        for s in 0..self.seats() {
            places.push((format!("hand {s}"), self.hand(s).bits()));
        }
        places.push((
            "the talon".to_string(),
            mask_of("the talon", self.talon().iter().map(|c| c.bit()))?,
        ));
        places.push(("the heap".to_string(), self.heap().bits()));
        if let Some(b) = self.bout() {
            let table = b.cards().into_iter().map(Card::bit);
            places.push(("the table".to_string(), mask_of("the table", table)?));
        }
        if self.heap().len() != u32::from(self.discard()) {
            return Err(format!(
                "discard count {} but {} cards on the heap",
                self.discard(),
                self.heap().len()
            ));
        }
        let named: Vec<(&str, u64)> = places.iter().map(|(n, m)| (n.as_str(), *m)).collect();
        disjoint_cover(&named, 36)?;
        if named.iter().any(|(_, m)| *m & !CardSet::FULL36.bits() != 0) {
            return Err("a card outside the 36 ids".to_string());
        }
        Ok(())
    }
}

impl Audit for MexicanTrain {
    fn scratch_hash(&self) -> u64 {
        self.full_hash()
    }
    /// Hands, trains and boneyard hold every tile of the set but the round's engine double
    /// (the hub the trains start from), once each.
    fn conservation(&self) -> Result<(), String> {
        let set = self.config().set;
        let mut want = [0u8; 256];
        for t in tiles::every_tile(set) {
            want[usize::from(t)] = 1;
        }
        let engine = tiles::tile_of(self.engine(), self.engine());
        let mut have = [0u8; 256];
        have[usize::from(engine)] += 1;
        let mut count = |t: u8| {
            let slot = &mut have[usize::from(t)];
            *slot = slot.saturating_add(1);
        };
        for hand in self.hands() {
            hand.iter().for_each(|&t| count(t));
        }
        for train in self.laid() {
            train
                .iter()
                .for_each(|&x| count(tiles::tile_of(x >> 4, x & 15)));
        }
        self.boneyard().into_iter().for_each(&mut count);
        match (0..256).find(|&i| have[i] != want[i]) {
            None => Ok(()),
            Some(i) => Err(format!("tile {i:#04x} is in {} places", have[i])),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bridge::BridgeConfig;
    use crate::games::dalmara::DalMaraConfig;
    use crate::games::durak::DurakConfig;
    use crate::games::gyla::GylaConfig;
    use crate::games::mexican_train::TrainConfig;
    use crate::games::whist::WhistConfig;
    use crate::rng::Rng;

    #[test]
    fn disjoint_cover_finds_duplicates_and_missing_cards() {
        assert_eq!(disjoint_cover(&[("a", 0b0011), ("b", 0b1100)], 4), Ok(()));
        let twice = disjoint_cover(&[("a", 0b0011), ("b", 0b0110)], 4).unwrap_err();
        assert!(twice.contains("card bit 1 is in b"), "{twice}");
        let lost = disjoint_cover(&[("a", 0b0011), ("b", 0b0100)], 4).unwrap_err();
        assert!(lost.contains("3 cards"), "{lost}");
        assert!(mask_of("t", [1, 2, 1]).is_err());
        assert!(mask_of("t", [1, 0]).is_err());
        assert_eq!(mask_of("t", [1, 2, 4]), Ok(7));
    }

    fn random_games_pass<G: Audit>(config: &G::Config, games: u64) {
        let mut rng = Rng::new(11);
        let mut buf = Vec::new();
        for seed in 0..games {
            let mut s = crate::game::dealt::<G>(config, seed);
            let mut steps = 0;
            while !s.is_terminal() && steps < 5000 {
                assert_eq!(s.zobrist(), s.scratch_hash());
                assert_eq!(s.conservation(), Ok(()));
                s.legal_moves_into(&mut buf);
                s.play_unchecked(buf[rng.index(buf.len())]);
                steps += 1;
            }
            assert_eq!(s.zobrist(), s.scratch_hash());
            assert_eq!(s.conservation(), Ok(()));
        }
    }

    #[test]
    fn random_games_of_every_game_pass_the_audit() {
        random_games_pass::<Whist>(&WhistConfig::default(), 20);
        random_games_pass::<BridgePlay>(&BridgeConfig::default(), 20);
        random_games_pass::<DalMara>(&DalMaraConfig::default(), 20);
        let two = DalMaraConfig {
            four: false,
            ..DalMaraConfig::default()
        };
        random_games_pass::<DalMara>(&two, 20);
        random_games_pass::<Gyla>(&GylaConfig::default(), 5);
        random_games_pass::<Durak>(&DurakConfig::default(), 20);
        random_games_pass::<MexicanTrain>(&TrainConfig::default(), 3);
    }

    #[test]
    fn conservation_sees_a_card_dealt_twice() {
        // Parts the games' constructors would refuse, checked directly.
        let hand = crate::cards::CardSet::FULL52.bits();
        assert!(disjoint_cover(&[("hand 0", hand), ("the trick", 1)], 52).is_err());
    }
}
