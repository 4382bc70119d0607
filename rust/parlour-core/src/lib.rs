//! # parlour-core
//!
//! Pure, deterministic, headless rules engines for traditional card and tile games.
//! No Python here: the `parlour-py` crate is a thin PyO3 binding over this crate.
//!
//! Shared machinery, written once and used by every game:
//!
//! * [`cards`]: the 52- and 36-card decks, the [`cards::Card`] type with every spelling the
//!   games use, and the `u64` bitmask [`cards::CardSet`].
//! * [`rng`]: a seeded PRNG (SplitMix64 seeding a xoshiro256\*\*) and a Fisher–Yates shuffle.
//! * [`trick`]: "which cards may this hand play" and "who wins this trick", parameterised by
//!   the follow policy, the trump and the card order.
//! * [`trickplay`]: the card play of a four-hand, follow-suit deal (hands, trick, leader,
//!   trump, tricks won, incremental hash), embedded by whist and the bridge play phase.
//! * [`zobrist`]: 64-bit Zobrist keys for state hashing.
//! * [`audit`]: a position's self-checks (hash from scratch, conservation of cards and tiles).
//! * [`game`]: the [`game::GameState`] trait every game implements.
//! * [`view`]: what each seat may see ([`view::Observe`]: view, observation, resample) and the
//!   uniform constrained deal that resampling draws from.
//! * [`sim`]: the playout loop and the batch simulator (rayon), written once against the trait.
//! * [`trail`]: the record of moves that led to a position, shared between positions, with an
//!   O(1) move added whether play goes straight on or branches.
//! * [`lazy`]: a position's legal moves, listed on first use and kept, through a shared
//!   reference and without a lock.
//!
//! ```
//! use parlour_core::game::GameState;
//! use parlour_core::games::whist::{Whist, WhistConfig};
//! let state = Whist::new(&WhistConfig::default(), 7)?;
//! let mut moves = Vec::new();
//! state.legal_moves_into(&mut moves);
//! assert_eq!(moves.len(), 13);
//! let next = state.apply(moves[0])?;
//! assert_ne!(next.zobrist(), state.zobrist());
//! # Ok::<_, parlour_core::Error>(())
//! ```
#![forbid(unsafe_code)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod audit;
pub mod cards;
pub mod error;
pub mod game;
pub mod games;
pub mod lazy;
pub mod rng;
pub mod sim;
pub mod trail;
pub mod trick;
pub mod trickplay;
pub mod view;
pub mod zobrist;

pub use error::{Code, Common, Error, ErrorKind};

/// The crate version (the workspace version, which is also the Python package's version).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
