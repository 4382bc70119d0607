//! Contract-bridge card play: the play phase from the opening lead to the thirteenth trick.
//!
//! Rules source: `shared/specs/bridge/BRIDGE.md` (standard card play); records:
//! `shared/specs/bridge/PBN_LIN.md`.
//!
//! Some notes on this implementation:
//!
//! * Seats are `0..4` = N, E, S, W, clockwise; strains `0..5` = spades, hearts, diamonds,
//!   clubs, no-trump. Declarer's left-hand opponent leads the first trick.
//! * The follow rule and the trick winner are the shared [`TrickRules`] (follow suit, the
//!   strain's suit as trumps); the mechanics of the play (hands, trick, hash) are the shared
//!   [`TrickPlay`], counting tricks per side (`TrickPlay<2>`). Legal cards, playing a card and
//!   the replay validator of recorded plays are in [`rules`].
//! * Returns are the tricks of each side (N and S score the NS tricks, E and W the EW tricks);
//!   the winner is N (seat 0) when NS took the majority of the 13 tricks, else E.
//! * The level and doubling are part of the position but not of its hash.
//! * The computer player (`bot.rs`) is a one-card heuristic without look-ahead.
//! * What each seat sees (dummy face up after the opening lead) is in [`view`]; a double-dummy
//!   solver for endgames, bridge's own concept, in [`dd`].
//! * Notation lives in `parlour.bridge.notation` (Python), over the position's parts:
//!   `<contract> <declarer>/<hands>/<trick leader>:<trick cards>/<NS tricks>-<EW tricks>`, e.g.
//!   `3NX S/N:AK.QJ.T98.7654 … (four PBN hands from North)/W:D7 DA/2-1`. The core writes no
//!   notation.
//!
//! [`TrickRules`]: crate::trick::TrickRules
//!
//! ```
//! use parlour_core::game::GameState;
//! use parlour_core::games::bridge::{BridgeConfig, BridgePlay, NO_TRUMP};
//! let config = BridgeConfig { strain: Some(NO_TRUMP), declarer: Some(2) };
//! let mut s = <BridgePlay as GameState>::new(&config, 7)?;
//! assert_eq!(s.to_move(), Some(3)); // West leads against South
//! let mut moves = Vec::new();
//! while !s.is_terminal() {
//!     s.legal_moves_into(&mut moves);
//!     s = s.apply(moves[0])?;
//! }
//! let [ns, ew] = s.tricks_won();
//! assert_eq!(ns + ew, 13);
//! # Ok::<_, parlour_core::Error>(())
//! ```

mod bot;
pub mod dd;
pub mod rules;
#[cfg(test)]
mod tests;
pub mod view;

pub use rules::{trick_winner_index, validate_play, PlayError, PlayErrorKind, Replay, ReplayTrick};

use crate::cards::{Card, CardSet, Suit};
use crate::error::Result;
use crate::game::{GameState, Seat};
use crate::rng::{shuffle, Rng};
use crate::trickplay::{TrickPlay, F_TALLY};
use crate::zobrist;

crate::codes! {
    /// The error codes of bridge card play (beside [`crate::Common`]'s): the core's, the
    /// binding's argument checks, the Python package's (`parlour.bridge`: readers, builders,
    /// helpers) and the problem codes the PBN/LIN readers attach to a board (`Problem.code`,
    /// raised as a `BridgeFormatError` with `raise_errors=True`).
    pub enum Code {
        /// A card the seat to move does not hold (also a replay problem).
        CardNotOwned = "CARD_NOT_OWNED",
        /// A follower not following suit while able to (also a replay problem).
        Revoke = "REVOKE",
        /// A replayed rank outside the mode's valid ranks.
        InvalidCardRank = "INVALID_CARD_RANK",
        /// A card after the thirteenth trick.
        GameOver = "GAME_OVER",
        /// A double-dummy search that needs more nodes than its budget.
        DdBudgetExceeded = "DD_BUDGET_EXCEEDED",
        /// A node budget that is not a positive integer.
        InvalidBudget = "INVALID_BUDGET",
        /// A contract that is not level, strain and doubling.
        InvalidContract = "INVALID_CONTRACT",
        /// A strain that is not S, H, D, C or N.
        InvalidStrain = "INVALID_STRAIN",
        /// A deal that is not four disjoint 13-card hands (or not a PBN deal).
        InvalidDeal = "INVALID_DEAL",
        /// `apply_index` outside the legal moves.
        InvalidIndex = "INVALID_INDEX",
        /// Hands, trick and trick counts that no play reaches.
        InvalidPosition = "INVALID_POSITION",
        /// A position or hand text that does not parse.
        InvalidNotation = "INVALID_NOTATION",
        /// Hands that are not a mapping of the four seats to lists of cards.
        InvalidHands = "INVALID_HANDS",
        /// Compact trick or play text that does not parse.
        InvalidCompact = "INVALID_COMPACT",
        /// A play that is not `{first, moves}`.
        InvalidPlay = "INVALID_PLAY",
        /// A trick without its cards, or an entry without seat and card.
        InvalidTrick = "INVALID_TRICK",
        /// An engine rank that is not a rank.
        InvalidRank = "INVALID_RANK",
        /// An engine denomination that is not a denomination.
        InvalidDenomination = "INVALID_DENOMINATION",
        /// A hand-made replay result with values out of range.
        InvalidArgument = "INVALID_ARGUMENT",
        /// Validating a board that has no valid deal or opening leader.
        NoDeal = "NO_DEAL",
        /// A record file that cannot be read.
        FileNotReadable = "FILE_NOT_READABLE",
        /// Problem: a token of the auction is not a call.
        AuctionInvalidCall = "AUCTION_INVALID_CALL",
        /// Problem: a card is dealt twice.
        DealDuplicateCard = "DEAL_DUPLICATE_CARD",
        /// Problem: a hand does not have 13 cards.
        DealHandSize = "DEAL_HAND_SIZE",
        /// Problem: the deal is not a seat, ':' and four hands.
        DealInvalid = "DEAL_INVALID",
        /// Problem: a rank in the deal is not a card.
        DealInvalidCard = "DEAL_INVALID_CARD",
        /// Problem: LIN `mc|` is not a trick count.
        InvalidClaim = "INVALID_CLAIM",
        /// Problem: the dealer is not a seat.
        InvalidDealer = "INVALID_DEALER",
        /// Problem: the result is not a trick count.
        InvalidResult = "INVALID_RESULT",
        /// Problem: unknown vulnerability.
        InvalidVulnerable = "INVALID_VULNERABLE",
        /// Problem: LIN `md|` has more than four hands.
        LinInvalidDeal = "LIN_INVALID_DEAL",
        /// Problem: LIN calls or cards before any `md|`.
        LinNoBoard = "LIN_NO_BOARD",
        /// Problem: a LIN board without `md|`.
        LinNoDeal = "LIN_NO_DEAL",
        /// Problem: a '#' tag value on the first game.
        NothingToInherit = "NOTHING_TO_INHERIT",
        /// Problem: text after the '*' ending `[Play]`.
        PlayAfterEnd = "PLAY_AFTER_END",
        /// Problem: cards after an incomplete trick.
        PlayAfterPartialTrick = "PLAY_AFTER_PARTIAL_TRICK",
        /// Problem: a play token is not a card.
        PlayInvalidCard = "PLAY_INVALID_CARD",
        /// Problem: the `[Play]` value is not a seat.
        PlayInvalidLeader = "PLAY_INVALID_LEADER",
        /// Problem: the `[Play]` entries are not whole rows of four.
        PlayRowIncomplete = "PLAY_ROW_INCOMPLETE",
        /// Problem: cards played on a board without a contract.
        PlayWithoutContract = "PLAY_WITHOUT_CONTRACT",
        /// Problem: `repair=True` could not rebuild the play.
        RepairFailed = "REPAIR_FAILED",
        /// Problem: text where no section is open.
        UnexpectedText = "UNEXPECTED_TEXT",
        /// Problem: a '{' comment is never closed.
        UnterminatedComment = "UNTERMINATED_COMMENT",
        /// Problem: the `[Play]` leader is not declarer's left-hand opponent.
        WrongOpeningLeader = "WRONG_OPENING_LEADER",
    }
}

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

impl BridgePlay {
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

impl GameState for BridgePlay {
    type Move = Card;
    type Config = BridgeConfig;

    fn new(config: &BridgeConfig, seed: u64) -> Result<Self> {
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
        Ok(BridgePlay {
            play: TrickPlay::new(hands, (declarer + 1) % 4, trump_of(strain)),
            strain,
            level,
            doubled: 0,
            declarer,
        })
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
        next.play_card(mv)?;
        Ok(next)
    }

    fn play_unchecked(&mut self, mv: Self::Move) {
        let played = self.play_card(mv);
        debug_assert!(played.is_ok(), "an unlisted move: {mv:?}");
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
}
