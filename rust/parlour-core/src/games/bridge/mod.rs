//! Contract-bridge card play: the play phase from the opening lead to the thirteenth trick.
//!
//! Rules source: `shared/specs/bridge/BRIDGE.md` (standard card play). Seats are `0..4` = N, E,
//! S, W, clockwise; declarer's left-hand opponent leads the first trick; follow suit if able,
//! else play anything; the highest trump wins a trick, else the highest card of the led suit;
//! the winner leads the next trick. Strains are `0..5` = spades, hearts, diamonds, clubs,
//! no-trump. Returns are the tricks of each side (seat N and S score the NS tricks, E and W the
//! EW tricks); the winner is N (seat 0) when NS took the majority of the 13 tricks, else E.
//!
//! Notation (formatted here, parsed by the Python layer):
//! `<contract> <declarer>/<hands>/<trick leader>:<trick cards>/<NS tricks>-<EW tricks>`, e.g.
//! `3NX S/N:AK.QJ.T98.7654 … (four PBN hands from North)/W:D7 DA/2-1`. The contract is the level,
//! the strain letter (`N` for no-trump) and `X`/`XX`.
//!
//! The mechanics of the play (hands, trick, hash) are the shared [`TrickPlay`], counting
//! tricks per side (`TrickPlay<2>`). Replay validation of recorded plays lives in
//! [`validate`], a double-dummy solver for endgames in [`dd`], what each seat sees (its view,
//! observation and resampling, dummy face up after the opening lead) in [`view`].
//!
//! ```
//! use parlour_core::game::GameState;
//! use parlour_core::games::bridge::{BridgeConfig, BridgePlay, NO_TRUMP};
//! let config = BridgeConfig { strain: Some(NO_TRUMP), declarer: Some(2) };
//! let mut s = BridgePlay::new_game(&config, 7);
//! assert_eq!(s.to_move(), Some(3)); // West leads against South
//! let mut moves = Vec::new();
//! while !s.is_terminal() {
//!     s.legal_moves_into(&mut moves);
//!     s.apply_mut(moves[0])?;
//! }
//! let [ns, ew] = s.tricks_won();
//! assert_eq!(ns + ew, 13);
//! # Ok::<_, parlour_core::Error>(())
//! ```

pub mod dd;
pub mod validate;
pub mod view;

use crate::cards::{Card, CardSet, Suit};
use crate::error::{Error, Result};
use crate::game::{GameState, Seat};
use crate::rng::{shuffle, Rng};
use crate::trick::natural_power;
use crate::trickplay::{Refusal, TrickPlay, F_TALLY};
use crate::zobrist;

/// Seat letters in seat order.
pub const SEAT_LETTERS: [char; 4] = ['N', 'E', 'S', 'W'];
/// Strain letters in strain order (`N` = no-trump).
pub const STRAIN_LETTERS: [char; 5] = ['S', 'H', 'D', 'C', 'N'];
/// The strain number of no-trump.
pub const NO_TRUMP: u8 = 4;

/// Options of a random play-phase game (`bridge-play`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BridgeConfig {
    /// Fixed strain `0..5`, or `None` for a random one per deal.
    pub strain: Option<u8>,
    /// Fixed declarer `0..4`, or `None` for a random one per deal.
    pub declarer: Option<Seat>,
}

/// A position of the card play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BridgePlay {
    play: TrickPlay<2>,
    strain: u8,
    level: u8,
    doubled: u8,
    declarer: Seat,
}

impl std::hash::Hash for BridgePlay {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.zobrist());
    }
}

/// The Zobrist feature of the strain and declarer (the first after the play's two tallies).
const F_CONTRACT: usize = F_TALLY + 2;

fn trump_of(strain: u8) -> Option<Suit> {
    Suit::from_index(strain)
}

fn check_contract(strain: u8, declarer: Seat, level: u8, doubled: u8) -> Result<()> {
    if strain > NO_TRUMP {
        return Err(Error::config(
            "INVALID_STRAIN",
            format!("strain must be 0..4, not {strain}"),
        ));
    }
    if declarer > 3 {
        return Err(Error::config(
            "INVALID_SEAT",
            format!("declarer must be a seat 0..3, not {declarer}"),
        ));
    }
    if !(1..=7).contains(&level) {
        return Err(Error::config(
            "INVALID_CONTRACT",
            format!("contract level must be 1..7, not {level}"),
        ));
    }
    if doubled > 2 {
        return Err(Error::config(
            "INVALID_CONTRACT",
            format!("doubled must be 0, 1 or 2, not {doubled}"),
        ));
    }
    Ok(())
}

impl BridgePlay {
    /// The play of a full deal (13 cards each, all 52 distinct) in `strain`, with declarer's
    /// left-hand opponent on lead.
    ///
    /// # Errors
    /// `INVALID_DEAL` for a deal that is not four disjoint 13-card hands; contract errors as
    /// [`BridgePlay::from_position`].
    pub fn new(
        hands: [CardSet; 4],
        strain: u8,
        declarer: Seat,
        level: u8,
        doubled: u8,
    ) -> Result<BridgePlay> {
        check_contract(strain, declarer, level, doubled)?;
        let all = hands.iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
        if hands.iter().any(|h| h.len() != 13) || all != CardSet::FULL52 {
            return Err(Error::invalid_state(
                "INVALID_DEAL",
                "a deal is four disjoint hands of 13 cards",
            ));
        }
        Self::from_position(
            hands,
            strain,
            declarer,
            level,
            doubled,
            (declarer + 1) % 4,
            &[],
            [0, 0],
        )
    }

    /// Any position of the play: the cards still held, the current trick's leader and cards,
    /// and the tricks taken by NS and EW.
    ///
    /// # Errors
    /// `INVALID_STRAIN`, `INVALID_SEAT`, `INVALID_CONTRACT` for bad contract parts;
    /// `INVALID_POSITION` when hands, trick and trick counts do not fit together.
    #[allow(clippy::too_many_arguments)]
    pub fn from_position(
        hands: [CardSet; 4],
        strain: u8,
        declarer: Seat,
        level: u8,
        doubled: u8,
        leader: Seat,
        trick: &[Card],
        won: [u8; 2],
    ) -> Result<BridgePlay> {
        check_contract(strain, declarer, level, doubled)?;
        let bad = |m: String| Error::invalid_state("INVALID_POSITION", m);
        if leader > 3 {
            return Err(Error::config(
                "INVALID_SEAT",
                format!("leader must be a seat 0..3, not {leader}"),
            ));
        }
        if trick.len() > 3 {
            return Err(bad(format!(
                "a trick in progress holds 0 to 3 cards, not {}",
                trick.len()
            )));
        }
        let done = u32::from(won[0]) + u32::from(won[1]);
        if done > 13 {
            return Err(bad(format!("{done} tricks taken; a deal has 13")));
        }
        let mut seen = CardSet::EMPTY;
        for h in hands
            .iter()
            .chain(std::iter::once(&CardSet::from_cards(trick)))
        {
            if !seen.intersection(*h).is_empty() || h.bits() & !CardSet::FULL52.bits() != 0 {
                return Err(bad("a card appears twice".into()));
            }
            seen = seen.union(*h);
        }
        if CardSet::from_cards(trick).len() as usize != trick.len() {
            return Err(bad("a card appears twice in the trick".into()));
        }
        let left = 13 - done;
        for (seat, h) in hands.iter().enumerate() {
            let played = (0..trick.len()).any(|i| (usize::from(leader) + i) % 4 == seat);
            let want = if played { left.saturating_sub(1) } else { left };
            if h.len() != want || (played && left == 0) {
                return Err(bad(format!(
                    "seat {} holds {} cards; with {done} tricks taken it should hold {want}",
                    SEAT_LETTERS[seat],
                    h.len()
                )));
            }
        }
        Ok(BridgePlay {
            play: TrickPlay::from_parts(hands, trick, leader, trump_of(strain), won),
            strain,
            level,
            doubled,
            declarer,
        })
    }

    fn seat_to_move(&self) -> Seat {
        self.play.seat_to_move()
    }

    /// The Zobrist key of the contract's strain and declarer (the level and doubling are not
    /// hashed).
    fn contract_key(&self) -> u64 {
        zobrist::feature(
            F_CONTRACT,
            usize::from(self.strain) * 4 + usize::from(self.declarer),
        )
    }

    /// The hash computed from scratch (equal to [`GameState::zobrist`] when the incremental
    /// updates are right; the soak compares them after every move).
    #[must_use]
    pub fn full_hash(&self) -> u64 {
        self.play.full_hash() ^ self.contract_key()
    }

    /// The card play: hands, trick, leader, trump, tricks won per side.
    #[must_use]
    pub fn trick_play(&self) -> &TrickPlay<2> {
        &self.play
    }
    /// The cards still held by `seat` (0–3).
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.play.hand(seat)
    }
    /// The strain, 0–3 for a trump suit, 4 for no-trump.
    #[must_use]
    pub fn strain(&self) -> u8 {
        self.strain
    }
    /// The trump suit, `None` in no-trump.
    #[must_use]
    pub fn trump(&self) -> Option<Suit> {
        trump_of(self.strain)
    }
    /// Declarer's seat.
    #[must_use]
    pub fn declarer(&self) -> Seat {
        self.declarer
    }
    /// Contract level 1–7.
    #[must_use]
    pub fn level(&self) -> u8 {
        self.level
    }
    /// 0, 1 (doubled) or 2 (redoubled).
    #[must_use]
    pub fn doubled(&self) -> u8 {
        self.doubled
    }
    /// The seat that led the current trick.
    #[must_use]
    pub fn leader(&self) -> Seat {
        self.play.leader()
    }
    /// The cards of the current trick in play order.
    #[must_use]
    pub fn trick(&self) -> &[Card] {
        self.play.trick()
    }
    /// Tricks taken by NS and EW.
    #[must_use]
    pub fn tricks_won(&self) -> [u8; 2] {
        self.play.won()
    }
    /// Tricks taken by declarer's side.
    #[must_use]
    pub fn declarer_tricks(&self) -> u8 {
        self.play.won()[usize::from(self.declarer % 2)]
    }
    /// The legal cards as a set (empty when the play is over); `legal_moves_into` lists them
    /// in ascending order.
    #[must_use]
    pub fn legal_set(&self) -> CardSet {
        self.play.legal()
    }

    /// The contract as text, e.g. `3NX`.
    #[must_use]
    pub fn contract_text(&self) -> String {
        let strain = STRAIN_LETTERS
            .get(usize::from(self.strain))
            .copied()
            .unwrap_or('N');
        let dbl = ["", "X", "XX"]
            .get(usize::from(self.doubled))
            .copied()
            .unwrap_or("");
        format!("{}{strain}{dbl}", self.level)
    }
}

impl BridgePlay {
    /// The built-in computer player: a simple card-play heuristic (no look-ahead). Leading:
    /// the top card of the longest side suit (lowest trump when only trumps are left).
    /// Following: the lowest card when partner is winning the trick; otherwise the cheapest
    /// card that wins it, else the lowest card (discarding from side suits before trumps).
    #[must_use]
    pub fn heuristic_move(&self) -> Option<Card> {
        if self.is_terminal() {
            return None;
        }
        let seat = self.seat_to_move();
        let hand = self.play.hand(seat);
        let rules = self.play.rules();
        let trumps = rules.trumps;
        let lowest = |set: CardSet| set.iter().min_by_key(|c| (trumps.contains(*c), c.rank()));
        let Some(lead) = self.play.lead() else {
            let side = hand.difference(trumps);
            if side.is_empty() {
                return lowest(hand);
            }
            let suit = Suit::ALL
                .into_iter()
                .max_by_key(|s| (side.of_suit(*s).len(), 4 - s.index()))?;
            return side.of_suit(suit).iter().max_by_key(|c| c.rank());
        };
        let legal = rules.legal(hand, Some(lead));
        let cards = self.trick();
        let best = rules.winner(cards, natural_power).unwrap_or(0);
        let best_seat = (self.leader() + u8::try_from(best).unwrap_or(0)) % 4;
        if best_seat % 2 == seat % 2 {
            return lowest(legal);
        }
        let winning = legal
            .iter()
            .filter(|c| rules.beats(*c, cards[best], lead, natural_power));
        winning
            .min_by_key(|c| (trumps.contains(*c), c.rank()))
            .or_else(|| lowest(legal))
    }
}

fn pbn_hand(hand: CardSet) -> String {
    let mut parts = Vec::with_capacity(4);
    for suit in Suit::ALL {
        let cards = hand.of_suit(suit).to_vec();
        let s: String = cards
            .iter()
            .rev()
            .map(|c| c.rank_text(crate::cards::Spelling::Bridge))
            .collect();
        parts.push(s);
    }
    parts.join(".")
}

impl GameState for BridgePlay {
    type Move = Card;
    type Config = BridgeConfig;

    fn new_game(config: &BridgeConfig, seed: u64) -> Self {
        let mut rng = Rng::new(seed);
        let mut deck = crate::cards::deck52();
        shuffle(&mut deck, &mut rng);
        let mut hands = [CardSet::EMPTY; 4];
        for (k, &c) in deck.iter().enumerate() {
            hands[k % 4].insert(c);
        }
        let strain = config
            .strain
            .filter(|s| *s <= NO_TRUMP)
            .unwrap_or_else(|| (rng.below(5) & 7) as u8);
        let declarer = config
            .declarer
            .filter(|s| *s < 4)
            .unwrap_or_else(|| (rng.below(4) & 3) as u8);
        let level = 1 + (rng.below(7) & 7) as u8;
        BridgePlay {
            play: TrickPlay::new(hands, (declarer + 1) % 4, trump_of(strain)),
            strain,
            level,
            doubled: 0,
            declarer,
        }
    }

    fn num_seats(&self) -> usize {
        4
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.is_terminal()).then(|| self.seat_to_move())
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

    fn apply_mut(&mut self, mv: Card) -> Result<()> {
        self.play.play(mv).map_err(|refusal| match refusal {
            Refusal::Over => Error::illegal("GAME_OVER", "all 13 tricks have been played"),
            Refusal::NotHeld(seat) => Error::illegal(
                "CARD_NOT_OWNED",
                format!("{} does not hold {mv}", SEAT_LETTERS[seat as usize]),
            ),
            Refusal::Revoke(seat) => Error::illegal(
                "REVOKE",
                format!(
                    "{} must follow suit and may not play {mv}",
                    SEAT_LETTERS[seat as usize]
                ),
            ),
        })
    }

    fn is_terminal(&self) -> bool {
        self.play.is_terminal()
    }

    fn returns_into(&self, out: &mut [f32]) {
        let won = self.play.won();
        for (i, o) in out.iter_mut().enumerate().take(4) {
            *o = f32::from(won[i % 2]);
        }
    }

    fn winner(&self) -> Option<Seat> {
        let [ns, ew] = self.play.won();
        self.is_terminal().then_some(if ns > ew { 0 } else { 1 })
    }

    fn zobrist(&self) -> u64 {
        self.play.hash() ^ self.contract_key()
    }

    fn computer_move(&self) -> Option<Card> {
        self.heuristic_move()
    }

    fn to_notation(&self) -> String {
        let hands: Vec<String> = self.play.hands().iter().map(|h| pbn_hand(*h)).collect();
        let trick: Vec<String> = self.trick().iter().map(ToString::to_string).collect();
        let [ns, ew] = self.play.won();
        format!(
            "{} {}/N:{}/{}:{}/{ns}-{ew}",
            self.contract_text(),
            SEAT_LETTERS[usize::from(self.declarer % 4)],
            hands.join(" "),
            SEAT_LETTERS[usize::from(self.leader() % 4)],
            trick.join(" "),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{simulate, Policy};

    #[test]
    fn random_games_conserve_cards_and_hash_incrementally() {
        let mut rng = Rng::new(5);
        for seed in 0..60 {
            let mut s = BridgePlay::new_game(&BridgeConfig::default(), seed);
            assert_eq!(s.to_move(), Some((s.declarer() + 1) % 4));
            let mut buf = Vec::new();
            while !s.is_terminal() {
                s.legal_moves_into(&mut buf);
                assert!(!buf.is_empty());
                let before = s.clone();
                let next = s.apply(buf[rng.index(buf.len())]).unwrap();
                assert_eq!(before, s);
                assert_eq!(next.zobrist(), next.full_hash());
                let rebuilt = BridgePlay::from_position(
                    next.play.hands(),
                    next.strain,
                    next.declarer,
                    next.level,
                    next.doubled,
                    next.leader(),
                    next.trick(),
                    next.tricks_won(),
                )
                .unwrap();
                assert_eq!(rebuilt, next);
                s = next;
            }
            let mut r = [0f32; 4];
            s.returns_into(&mut r);
            assert!((r[0] + r[1] - 13.0).abs() < 1e-6);
            assert_eq!(r[0], r[2]);
            assert!(s.winner().is_some());
        }
    }

    #[test]
    fn batch_is_thread_independent() {
        let c = BridgeConfig::default();
        let a = simulate::<BridgePlay>(&c, 9, 0, 600, Policy::Random, Some(1)).unwrap();
        let b = simulate::<BridgePlay>(&c, 9, 0, 600, Policy::Random, Some(2)).unwrap();
        assert_eq!(a, b);
        assert!(a.moves.iter().all(|&m| m == 52));
    }

    #[test]
    fn computer_player_is_legal_and_beats_random_play() {
        let mut rng = Rng::new(17);
        let (mut ns, mut games) = (0u32, 0u32);
        for seed in 0..300 {
            let mut s = BridgePlay::new_game(&BridgeConfig::default(), seed);
            let mut buf = Vec::new();
            while !s.is_terminal() {
                s.legal_moves_into(&mut buf);
                let mv = if s.seat_to_move() % 2 == 0 {
                    let m = s.computer_move().unwrap();
                    assert!(buf.contains(&m));
                    m
                } else {
                    buf[rng.index(buf.len())]
                };
                s.apply_mut(mv).unwrap();
            }
            assert_eq!(s.computer_move(), None);
            ns += u32::from(s.tricks_won()[0]);
            games += 1;
        }
        // Random play gives each side 6.5 tricks on average; the heuristic side does better.
        assert!(
            f64::from(ns) / f64::from(games) > 8.0,
            "{}",
            f64::from(ns) / f64::from(games)
        );
        let c = BridgeConfig::default();
        let a = simulate::<BridgePlay>(&c, 4, 0, 200, Policy::Computer, Some(2)).unwrap();
        assert!(a.moves.iter().all(|&m| m == 52));
    }

    #[test]
    fn illegal_moves_and_bad_positions_are_refused() {
        let s = BridgePlay::new_game(
            &BridgeConfig {
                strain: Some(NO_TRUMP),
                declarer: Some(0),
            },
            1,
        );
        assert_eq!(s.to_move(), Some(1));
        let not_held = s.hand(0).first().unwrap();
        assert_eq!(s.apply(not_held).unwrap_err().code, "CARD_NOT_OWNED");
        let lead = s.hand(1).first().unwrap();
        let s2 = s.apply(lead).unwrap();
        let off = s2.hand(2).iter().find(|c| c.suit() != lead.suit());
        if let (Some(off), false) = (off, s2.hand(2).of_suit(lead.suit()).is_empty()) {
            assert_eq!(s2.apply(off).unwrap_err().code, "REVOKE");
        }
        let mut hands = s.play.hands();
        hands[0] = hands[1];
        assert_eq!(
            BridgePlay::new(hands, 0, 0, 1, 0).unwrap_err().code,
            "INVALID_DEAL"
        );
        assert_eq!(
            BridgePlay::new(s.play.hands(), 5, 0, 1, 0)
                .unwrap_err()
                .code,
            "INVALID_STRAIN"
        );
        assert!(BridgePlay::from_position(s.play.hands(), 0, 0, 1, 0, 0, &[], [1, 0]).is_err());
        assert!(s.to_notation().starts_with(&format!("{}N N/N:", s.level())));
    }
}
