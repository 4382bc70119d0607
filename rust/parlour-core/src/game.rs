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
    ///
    /// # Errors
    /// A [`crate::ErrorKind::Config`] error when the game cannot be dealt from `config`.
    fn new(config: &Self::Config, seed: u64) -> Result<Self>;
    /// Number of seats.
    fn num_seats(&self) -> usize;
    /// The seat to move, `None` when the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// Clears `out` and fills it with the legal moves in the game's defined order.
    fn legal_moves_into(&self, out: &mut Vec<Self::Move>);
    /// The state after `mv`, checked against the rules.
    ///
    /// # Errors
    /// An [`crate::ErrorKind::IllegalMove`] error when `mv` is not legal here.
    fn apply(&self, mv: Self::Move) -> Result<Self>;
    /// Play `mv` in place without checking it: `mv` is one of the moves
    /// [`GameState::legal_moves_into`] lists for this state (or the game's
    /// [`GameState::computer_move`]). This is the playout loop's path. A move that is not
    /// listed leaves the state valid but unspecified (never undefined behaviour). The default
    /// applies through [`GameState::apply`] and leaves `self` unchanged on a refusal; a game
    /// whose check or copy costs overrides it.
    fn play_unchecked(&mut self, mv: Self::Move) {
        if let Ok(next) = self.apply(mv) {
            *self = next;
        }
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
    /// The move the game's built-in computer player makes here, if the game has one.
    fn computer_move(&self) -> Option<Self::Move> {
        None
    }
}

/// The opt-in fast path of batch playouts: a game whose random playout is much cheaper made
/// in bulk (four-player Dal Mara) implements it, and [`crate::sim::simulate_fast`] uses it.
pub trait FastPlayout: GameState {
    /// Random moves made in place: at most `max`, each the move at `rng.index(n)` of the `n`
    /// moves [`GameState::legal_moves_into`] lists, played as [`GameState::play_unchecked`]
    /// plays them (so exactly what [`crate::sim::playout`] does with
    /// [`crate::sim::Policy::Random`]), stopping early when the game ends or the fast path no
    /// longer applies. Returns the number of moves made; after 0 the playout loop makes its
    /// moves one at a time.
    fn random_moves_in_place(&mut self, rng: &mut Rng, max: u32) -> u32;
}

/// `G::new(config, seed)` for a configuration that deals: the tests' shorthand.
#[cfg(test)]
pub(crate) fn dealt<G: GameState>(config: &G::Config, seed: u64) -> G {
    G::new(config, seed).expect("the configuration deals")
}
