//! The [`GameState`] trait every game implements. The playout loop, the batch simulator and
//! the bots are written once against it.

use crate::error::Result;
use crate::rng::Rng;
use std::fmt::Debug;

/// A seat number, `0..num_seats()`.
pub type Seat = u8;

/// A game state. Values are immutable: [`GameState::apply`] returns a new state and leaves
/// `self` untouched.
pub trait GameState: Clone + Send + Sync + Sized {
    /// A move; cheap to copy.
    type Move: Copy + Eq + Debug + Send + Sync;
    /// The game's options; `Default` is the source engine's default.
    type Config: Clone + Debug + Default + Send + Sync;

    /// A new game dealt from `seed`.
    fn new_game(config: &Self::Config, seed: u64) -> Self;
    /// Number of seats.
    fn num_seats(&self) -> usize;
    /// The seat to move, `None` when the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// Clears `out` and fills it with the legal moves in the game's defined order.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);
    /// The state after `mv`.
    ///
    /// # Errors
    /// An [`crate::ErrorKind::IllegalMove`] error when `mv` is not legal here.
    fn apply(&self, mv: Self::Move) -> Result<Self>;
    /// Apply in place (the playout fast path). The default clones through [`GameState::apply`].
    ///
    /// # Errors
    /// As [`GameState::apply`]; on error `self` is unchanged.
    fn apply_mut(&mut self, mv: Self::Move) -> Result<()> {
        *self = self.apply(mv)?;
        Ok(())
    }
    /// Apply in place `mv`, one of the moves [`GameState::legal_moves_into`] lists for this
    /// state (the playout loop's path for the moves it lists). The default checks it as
    /// [`GameState::apply_mut`] does; a game whose check costs may skip it.
    ///
    /// # Errors
    /// As [`GameState::apply_mut`] where the check is made.
    fn apply_listed_mut(&mut self, mv: Self::Move) -> Result<()> {
        self.apply_mut(mv)
    }
    /// Random moves made in place for the playout loop: at most `max`, each the move at
    /// `rng.index(n)` of the `n` moves [`GameState::legal_moves_into`] lists, applied as
    /// [`GameState::apply_mut`] would (so exactly what [`crate::sim::playout`] does with
    /// [`crate::sim::Policy::Random`]), stopping early when the game ends or the game's fast
    /// path no longer applies. Returns the number of moves made; the default makes none, and
    /// the playout loop then makes its moves one at a time.
    fn random_moves_in_place(&mut self, rng: &mut Rng, max: u32) -> u32 {
        let _ = (rng, max);
        0
    }
    /// True when the game is over.
    fn is_terminal(&self) -> bool;
    /// Per-seat returns (game-defined: points, tricks, 1/0 for win/loss), written into `out`
    /// (length [`GameState::num_seats`]).
    fn returns_into(&self, out: &mut [f32]);
    /// The winning seat of a finished game, `None` for a draw or while running. The default is
    /// the seat with the strictly highest return.
    fn winner(&self) -> Option<Seat> {
        if !self.is_terminal() {
            return None;
        }
        let mut r = [0f32; 8];
        let n = self.num_seats().min(8);
        self.returns_into(&mut r[..n]);
        let mut best: Option<usize> = None;
        let mut tie = false;
        for i in 0..n {
            match best {
                None => best = Some(i),
                Some(b) if r[i] > r[b] => {
                    best = Some(i);
                    tie = false;
                }
                Some(b) if (r[i] - r[b]).abs() < f32::EPSILON => tie = true,
                _ => {}
            }
        }
        if tie {
            None
        } else {
            best.and_then(|b| Seat::try_from(b).ok())
        }
    }
    /// The 64-bit Zobrist hash; equal states have equal hashes.
    fn zobrist(&self) -> u64;
    /// The game's notation of the whole position.
    fn to_notation(&self) -> String;
    /// The move the game's built-in computer player makes here, if the game has one.
    fn computer_move(&self) -> Option<Self::Move> {
        None
    }
}
