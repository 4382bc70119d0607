//! Durak (podkidnoy, "throw-in"), exactly as Game-Durak 0.01 (Perl, LNATION) referees it, plus
//! 3–6 seats and the perevodnoy (transfer) variant as options.
//!
//! Rules source: `shared/specs/durak/` (RULES.md, ENGINE.md). Summary of this implementation:
//!
//! * Cards are ids 1..=36 (`id = 9*suit + rank + 1`, suits S H D C, ranks A..6); hands are `u64`
//!   masks, so every list comes out in id order ([`card`]).
//! * The deal is the reference's SHA-256 Fisher–Yates ([`deal`], [`sha256`]).
//! * [`rules`] holds the pure functions (`cap_for`, `legal_attacks`, `legal_beats`, `forced`,
//!   `closes`, results) and the [`rules::Bout`].
//! * [`state::Durak`] is a position; `play`/`apply_seat` check refusals in the reference's order
//!   and run the forced-position procedure after every move, writing the reference's events.
//! * Several seats: the attacker leads, every other seat but the defender may throw in, in turn
//!   order; a `done` passes to the next thrower and the bout ends when every thrower has passed.
//!   Refill runs attacker, other throwers, defender; after a beaten-off bout the defender attacks,
//!   after a taken one the seat after the defender. The last seat holding cards is the fool.
//! * Perevodnoy: before any card is beaten, a defender may `transfer` with a card of the rank of
//!   every attack card when the next seat can hold the enlarged attack; the cap is recomputed for
//!   the new defender.
//! * [`notation`] holds a position's [`Parts`] (what `parlour.durak.notation` reads and writes)
//!   and checks them ([`Durak::from_parts`]); [`record`] keeps the moves of a game and writes
//!   its events; [`bot`] is a determinised Monte Carlo player.

pub mod bot;
pub mod card;
pub mod deal;
pub mod notation;
pub mod record;
pub mod rules;
pub mod sha256;
pub mod state;
pub mod view;

pub use notation::{BoutParts, Parts};
pub use record::Record;
pub use rules::{Bout, How, Outcome};
pub use state::{
    Durak, DurakConfig, Event, EventCount, EventSink, Kind, Move, Phase, Variant, ACTION_SPACE,
};

use crate::error::Result;

crate::codes! {
    /// Durak's error codes (beside [`crate::Common`]'s): the reference's refusals upper-cased,
    /// then what parlour adds (the transfer, the seat counts, the rules functions, the bot).
    pub enum Code {
        /// A seed that is not exactly 32 bytes.
        NoSeed = "NO_SEED",
        /// A deal number that is not a positive integer.
        BadDeal = "BAD_DEAL",
        /// A seat count outside 2-6.
        BadSeats = "BAD_SEATS",
        /// A variant other than podkidnoy or perevodnoy.
        BadVariant = "BAD_VARIANT",
        /// A move after the end of the deal.
        GameOver = "GAME_OVER",
        /// A move by a seat that is not on turn (or no seat).
        NotYourTurn = "NOT_YOUR_TURN",
        /// A move kind the rules do not offer.
        NotLegal = "NOT_LEGAL",
        /// A move that does not fit the stage of the bout.
        WrongPhase = "WRONG_PHASE",
        /// A card the seat does not hold.
        CardNotHeld = "CARD_NOT_HELD",
        /// An attack beyond the bout's cap.
        BoutFull = "BOUT_FULL",
        /// A throw-in of a rank not on the table.
        RankNotInBout = "RANK_NOT_IN_BOUT",
        /// An answer that does not beat the waiting attack card.
        BeatsNothing = "BEATS_NOTHING",
        /// `done` before any card is thrown.
        MustAttack = "MUST_ATTACK",
        /// An exchange by a seat without the trump six's right.
        NotTheSix = "NOT_THE_SIX",
        /// An exchange after the turn-up was drawn.
        TalonShut = "TALON_SHUT",
        /// A transfer the perevodnoy rules refuse.
        CannotTransfer = "CANNOT_TRANSFER",
        /// A seat that is not one (1-based API).
        BadSeat = "BAD_SEAT",
        /// A card id outside 1-36.
        NoCard = "NO_CARD",
        /// A suit that is not one.
        NoSuit = "NO_SUIT",
        /// A card count that is not a non-negative integer.
        BadCount = "BAD_COUNT",
        /// A hand size that is not a non-negative integer.
        BadSize = "BAD_SIZE",
        /// A bout of the rules functions that cannot be.
        BadBout = "BAD_BOUT",
        /// `apply_index` outside the legal moves.
        BadIndex = "BAD_INDEX",
        /// A bot level outside 1-3.
        BadLevel = "BAD_LEVEL",
        /// A bot seed outside 0..2**64-1.
        BadSeed = "BAD_SEED",
        /// An unknown opponent of a bot match.
        BadOpponent = "BAD_OPPONENT",
        /// Malformed position text.
        BadNotation = "BAD_NOTATION",
        /// Parts of a position that no game reaches.
        ImpossiblePosition = "IMPOSSIBLE_POSITION",
    }
}
use crate::game::{GameState, Seat};

/// The 32-byte seed used for game `seed` of a batch: the SHA-256 of `parlour-durak-sim:<seed>`.
#[must_use]
pub fn batch_seed(seed: u64) -> [u8; 32] {
    sha256::sha256(format!("parlour-durak-sim:{seed}").as_bytes())
}

impl Durak {
    /// Apply `mv`, one of the legal moves of the seat to move, without the refusal checks and
    /// without keeping its events; returns the seat (0-based) that moved.
    pub fn play_listed(&mut self, mv: Move) -> u8 {
        let seat = self.turn().unwrap_or(0);
        self.apply_listed(seat, mv, &mut EventCount::default());
        seat
    }
}

impl GameState for Durak {
    type Move = Move;
    type Config = DurakConfig;

    fn new(config: &DurakConfig, seed: u64) -> Result<Self> {
        let order = deal::order_for(&batch_seed(seed), "1")?;
        let d = deal::deal_order(&order, config.seats.clamp(2, 6));
        Ok(Durak::from_deal(&d, config.variant))
    }

    fn num_seats(&self) -> usize {
        usize::from(self.seats)
    }

    fn to_move(&self) -> Option<Seat> {
        self.turn()
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.legal_to_move_into(out);
    }

    fn apply(&self, mv: Move) -> Result<Self> {
        let mut next = self.clone();
        next.apply_mut(mv)?;
        Ok(next)
    }

    /// Without the refusal checks: `mv` is listed for the seat to move.
    fn play_unchecked(&mut self, mv: Move) {
        self.play_listed(mv);
    }

    fn is_terminal(&self) -> bool {
        self.over()
    }

    /// 1 for every seat that is not the fool, 0 for the fool; 0.5 each in a draw.
    fn returns_into(&self, out: &mut [f32]) {
        for (s, o) in out.iter_mut().enumerate() {
            *o = match self.result {
                None => 0.0,
                Some(Outcome::Draw) => 0.5,
                Some(r) => {
                    if r.fool().map(usize::from) == Some(s) {
                        0.0
                    } else {
                        1.0
                    }
                }
            };
        }
    }

    fn zobrist(&self) -> u64 {
        self.hash()
    }

    /// The greedy player (cheapest card; fast enough for batch runs).
    fn computer_move(&self) -> Option<Move> {
        self.turn().and_then(|s| bot::greedy_move(self, s))
    }
}
impl Durak {
    /// Apply `mv` in place, checked against the rules; on a refusal `self` is unchanged.
    ///
    /// # Errors
    /// An illegal-move error when `mv` is not legal here.
    pub fn apply_mut(&mut self, mv: Move) -> Result<()> {
        let seat = self.turn().unwrap_or(0);
        self.apply_seat(seat, mv, &mut EventCount::default())
    }
}

#[cfg(test)]
mod tests;
