//! The playout loop and the batch simulator, written once against [`GameState`].
//!
//! Game `i` of a batch seeded with `seed` is dealt from [`seed_for`]`(seed, i)` and its random
//! policy draws from a generator seeded with [`seed_for`]`(that, 1)`, so a game's result depends
//! only on `(seed, i)`: identical for any thread count and any split of the index range.

use crate::error::{Error, Result};
use crate::game::{GameState, Seat};
use crate::rng::{seed_for, Rng};
use rayon::prelude::*;
use std::sync::{Arc, Mutex};

/// How moves are chosen in a playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Policy {
    /// Uniform over the legal moves.
    Random,
    /// Always the first legal move.
    First,
    /// The game's built-in computer player.
    Computer,
}

impl Policy {
    /// Parse `random`, `first` or `computer`.
    ///
    /// # Errors
    /// `INVALID_POLICY` for any other name.
    pub fn parse(name: &str) -> Result<Policy> {
        match name {
            "random" => Ok(Policy::Random),
            "first" => Ok(Policy::First),
            "computer" => Ok(Policy::Computer),
            other => Err(Error::config(
                "INVALID_POLICY",
                format!("unknown policy {other:?}; expected random, first or computer"),
            )),
        }
    }
}

/// The result of one playout.
#[derive(Clone, Debug, PartialEq)]
pub struct Playout {
    /// Per-seat returns.
    pub returns: Vec<f32>,
    /// Moves made.
    pub moves: u32,
    /// Hash of the final state.
    pub hash: u64,
    /// Winning seat, or `None` for a draw.
    pub winner: Option<Seat>,
}

/// Safety bound on the length of one game (no game here comes near it).
pub const MAX_MOVES: u32 = 100_000;

/// Play one game from `state` to the end.
///
/// # Errors
/// `NO_COMPUTER_PLAYER` when the policy is `Computer` and the game has none; `PLAYOUT_STUCK`
/// when a non-terminal state has no legal move or the game exceeds [`MAX_MOVES`].
pub fn playout<G: GameState>(mut state: G, policy: Policy, rng: &mut Rng) -> Result<Playout> {
    // Allocated on first use: a game with a fast path may never need it.
    let mut buf: Vec<G::Move> = Vec::new();
    let mut moves = 0u32;
    while !state.is_terminal() {
        if policy == Policy::Random {
            let made = state.random_moves_in_place(rng, MAX_MOVES + 1 - moves);
            if made > 0 {
                moves += made;
                if moves > MAX_MOVES {
                    return Err(Error::invalid_state(
                        "PLAYOUT_STUCK",
                        "game exceeded the move bound",
                    ));
                }
                continue;
            }
        }
        let mv = match policy {
            Policy::Computer => state.computer_move().ok_or_else(|| {
                Error::config(
                    "NO_COMPUTER_PLAYER",
                    "this game has no built-in computer player",
                )
            })?,
            Policy::Random | Policy::First => {
                if buf.capacity() == 0 {
                    buf.reserve(64);
                }
                state.legal_moves_into(&mut buf);
                if buf.is_empty() {
                    return Err(Error::invalid_state(
                        "PLAYOUT_STUCK",
                        "no legal move in a running game",
                    ));
                }
                let i = if policy == Policy::Random {
                    rng.index(buf.len())
                } else {
                    0
                };
                buf[i]
            }
        };
        state.apply_mut(mv)?;
        moves += 1;
        if moves > MAX_MOVES {
            return Err(Error::invalid_state(
                "PLAYOUT_STUCK",
                "game exceeded the move bound",
            ));
        }
    }
    let mut returns = vec![0f32; state.num_seats()];
    state.returns_into(&mut returns);
    Ok(Playout {
        returns,
        moves,
        hash: state.zobrist(),
        winner: state.winner(),
    })
}

/// Per-game arrays of a batch, in game-index order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Batch {
    /// Number of seats (the row width of `returns`).
    pub seats: usize,
    /// Index of the first game.
    pub start: u64,
    /// Returns, row-major: game `k` has `returns[k*seats .. (k+1)*seats]`.
    pub returns: Vec<f32>,
    /// Moves per game.
    pub moves: Vec<u32>,
    /// Final state hash per game.
    pub hashes: Vec<u64>,
    /// Winning seat per game, `-1` for a draw.
    pub winners: Vec<i8>,
}

impl Batch {
    /// Number of games.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// True when empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    fn push(&mut self, p: &Playout) {
        self.returns.extend_from_slice(&p.returns);
        self.moves.push(p.moves);
        self.hashes.push(p.hash);
        self.winners
            .push(p.winner.map_or(-1, |w| i8::try_from(w).unwrap_or(-1)));
    }
    fn extend(&mut self, other: Batch) {
        self.returns.extend(other.returns);
        self.moves.extend(other.moves);
        self.hashes.extend(other.hashes);
        self.winners.extend(other.winners);
    }
}

/// Play game `index` of a batch seeded with `seed`.
///
/// # Errors
/// As [`playout`].
pub fn play_indexed<G: GameState>(
    config: &G::Config,
    seed: u64,
    index: u64,
    policy: Policy,
) -> Result<Playout> {
    let game_seed = seed_for(seed, index);
    let mut rng = Rng::new(seed_for(game_seed, 1));
    playout(G::new_game(config, game_seed), policy, &mut rng)
}

/// The most games in one work item of [`simulate`].
const CHUNK: u64 = 256;

/// Work items per thread that [`simulate`] aims for, so that the threads finish together: the
/// last item of a batch may keep one thread busy while the others wait, and games of some
/// games (Mexican Train) take milliseconds each.
const ITEMS_PER_THREAD: u64 = 16;

/// Play games `start .. start+count` on `threads` threads (`None`: all cores).
///
/// # Errors
/// The first playout error, or `THREADS` if the thread pool cannot be built.
pub fn simulate<G: GameState>(
    config: &G::Config,
    seed: u64,
    start: u64,
    count: u64,
    policy: Policy,
    threads: Option<usize>,
) -> Result<Batch> {
    let n = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let n = n.max(1);
    // Games per work item: at most CHUNK, and small enough for ITEMS_PER_THREAD items a thread.
    // The split does not change any result: game `i` is seeded from `(seed, i)` alone and the
    // parts are joined in order.
    let items = u64::try_from(n)
        .unwrap_or(u64::MAX)
        .saturating_mul(ITEMS_PER_THREAD);
    let per = (count / items).clamp(1, CHUNK);
    let run = || -> Result<Batch> {
        let chunks: Vec<u64> = (0..count.div_ceil(per)).collect();
        let parts: Vec<Result<Batch>> = chunks
            .into_par_iter()
            .map(|c| {
                let lo = start + c * per;
                let hi = (lo + per).min(start + count);
                let mut b = Batch::default();
                for i in lo..hi {
                    let p = play_indexed::<G>(config, seed, i, policy)?;
                    b.seats = p.returns.len();
                    b.push(&p);
                }
                Ok(b)
            })
            .collect();
        let mut out = Batch {
            start,
            ..Batch::default()
        };
        for part in parts {
            let part = part?;
            out.seats = out.seats.max(part.seats);
            out.extend(part);
        }
        Ok(out)
    };
    pool(n)?.install(run)
}

/// The most pools [`pool`] keeps (one per thread count asked for).
const KEPT_POOLS: usize = 4;

/// The worker pool of `n` threads for this process, made on first use and kept.
///
/// Not rayon's global pool: a pool per thread count honours `threads` exactly. Keyed by the
/// process id too, because a process forked after an earlier call has no worker threads (the
/// pool it inherited would hang), so a child makes its own. A pool is kept for the life of the
/// process (the last [`KEPT_POOLS`] thread counts asked for): making one per call starts and
/// stops threads each time.
///
/// # Errors
/// `THREADS` if the pool cannot be built.
fn pool(n: usize) -> Result<Arc<rayon::ThreadPool>> {
    static POOLS: Mutex<Vec<(u32, usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let pid = std::process::id();
    let mut pools = POOLS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, _, p)) = pools.iter().find(|(id, k, _)| *id == pid && *k == n) {
        return Ok(Arc::clone(p));
    }
    let p = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| Error::config("THREADS", format!("cannot start {n} threads: {e}")))?,
    );
    // A parent's pools are dead in a forked child: forget them there without dropping (their
    // threads do not exist to be told to stop).
    let (mine, dead): (Vec<_>, Vec<_>) = std::mem::take(&mut *pools)
        .into_iter()
        .partition(|(id, _, _)| *id == pid);
    dead.into_iter().for_each(std::mem::forget);
    *pools = mine;
    if pools.len() >= KEPT_POOLS {
        // the oldest goes (its threads stop once a running batch, if any, lets go of it)
        pools.remove(0);
    }
    pools.push((pid, n, Arc::clone(&p)));
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pool_is_kept_per_thread_count() {
        let two = pool(2).expect("pool");
        assert_eq!(two.current_num_threads(), 2);
        assert!(Arc::ptr_eq(&two, &pool(2).expect("pool")));
        // asking for more thread counts than are kept lets the oldest go
        for n in 3..3 + KEPT_POOLS {
            assert_eq!(pool(n).expect("pool").current_num_threads(), n);
        }
        assert!(!Arc::ptr_eq(&two, &pool(2).expect("pool")));
    }
}
