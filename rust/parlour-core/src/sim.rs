//! The playout loop and the batch simulator, written once against [`GameState`].
//!
//! Game `i` of a batch seeded with `seed` is dealt from [`seed_for`]`(seed, i)` and its random
//! policy draws from a generator seeded with [`seed_for`]`(that, 1)`, so a game's result depends
//! only on `(seed, i)`: identical for any thread count and any split of the index range.

use crate::error::{Common, Error, Result};
use crate::game::{FastPlayout, GameState, Seat};
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
                Common::InvalidPolicy,
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
pub fn playout<G: GameState>(state: G, policy: Policy, rng: &mut Rng) -> Result<Playout> {
    let mut returns = vec![0f32; state.num_seats()];
    let (moves, hash, winner) = playout_into(state, policy, rng, &mut returns)?;
    Ok(Playout {
        returns,
        moves,
        hash,
        winner,
    })
}

/// [`playout`] writing the returns into `returns` (one per seat); gives the moves made, the
/// final hash and the winner.
///
/// # Errors
/// As [`playout`].
pub fn playout_into<G: GameState>(
    state: G,
    policy: Policy,
    rng: &mut Rng,
    returns: &mut [f32],
) -> Result<(u32, u64, Option<Seat>)> {
    playout_with(state, policy, rng, returns, no_fast_path)
}

/// The playout loop for a game without [`FastPlayout`]: no moves made in bulk.
fn no_fast_path<G>(_: &mut G, _: &mut Rng, _: u32) -> u32 {
    0
}

/// [`playout_into`] with `fast` as the game's bulk random moves (see
/// [`FastPlayout::random_moves_in_place`]).
fn playout_with<G: GameState>(
    mut state: G,
    policy: Policy,
    rng: &mut Rng,
    returns: &mut [f32],
    fast: impl Fn(&mut G, &mut Rng, u32) -> u32,
) -> Result<(u32, u64, Option<Seat>)> {
    // Allocated on first use: a game with a fast path may never need it.
    let mut buf: Vec<G::Move> = Vec::new();
    let mut moves = 0u32;
    while !state.is_terminal() {
        if policy == Policy::Random {
            let made = fast(&mut state, rng, MAX_MOVES + 1 - moves);
            if made > 0 {
                moves += made;
                if moves > MAX_MOVES {
                    return Err(Error::invalid_state(
                        Common::PlayoutStuck,
                        "game exceeded the move bound",
                    ));
                }
                continue;
            }
        }
        match policy {
            Policy::Computer => {
                let mv = state.computer_move().ok_or_else(|| {
                    Error::config(
                        Common::NoComputerPlayer,
                        "this game has no built-in computer player",
                    )
                })?;
                state.play_unchecked(mv);
            }
            Policy::Random | Policy::First => {
                if buf.capacity() == 0 {
                    buf.reserve(64);
                }
                state.legal_moves_into(&mut buf);
                if buf.is_empty() {
                    return Err(Error::invalid_state(
                        Common::PlayoutStuck,
                        "no legal move in a running game",
                    ));
                }
                let i = if policy == Policy::Random {
                    rng.index(buf.len())
                } else {
                    0
                };
                state.play_unchecked(buf[i]);
            }
        }
        moves += 1;
        if moves > MAX_MOVES {
            return Err(Error::invalid_state(
                Common::PlayoutStuck,
                "game exceeded the move bound",
            ));
        }
    }
    state.returns_into(returns);
    Ok((moves, state.zobrist(), state.winner()))
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
    let (game, mut rng) = game_of::<G>(config, seed, index)?;
    playout(game, policy, &mut rng)
}

/// Game `index` of a batch seeded with `seed`, dealt, and the generator of its random policy.
fn game_of<G: GameState>(config: &G::Config, seed: u64, index: u64) -> Result<(G, Rng)> {
    let game_seed = seed_for(seed, index);
    Ok((G::new(config, game_seed)?, Rng::new(seed_for(game_seed, 1))))
}

/// The most games in one work item of [`simulate`].
const CHUNK: usize = 256;

/// Work items per thread that [`simulate`] aims for, so that the threads finish together: the
/// last item of a batch may keep one thread busy while the others wait, and games of some
/// games (Mexican Train) take milliseconds each.
const ITEMS_PER_THREAD: usize = 32;

/// Play games `start .. start+count` on `threads` threads (`None`: all cores).
///
/// The threads write each game's figures straight into the batch's arrays (no per-game or
/// per-item allocation, nothing to merge afterwards).
///
/// # Errors
/// A playout error, or `THREADS` if the thread pool cannot be built or `count` does not fit
/// in memory.
pub fn simulate<G: GameState>(
    config: &G::Config,
    seed: u64,
    start: u64,
    count: u64,
    policy: Policy,
    threads: Option<usize>,
) -> Result<Batch> {
    simulate_with::<G>(config, seed, start, count, policy, threads, no_fast_path)
}

/// [`simulate`] for a game with [`FastPlayout`]: the random policy's moves are made in bulk
/// where the game can (the same games, move for move).
///
/// # Errors
/// As [`simulate`].
pub fn simulate_fast<G: FastPlayout>(
    config: &G::Config,
    seed: u64,
    start: u64,
    count: u64,
    policy: Policy,
    threads: Option<usize>,
) -> Result<Batch> {
    simulate_with::<G>(
        config,
        seed,
        start,
        count,
        policy,
        threads,
        G::random_moves_in_place,
    )
}

/// [`simulate`] with `fast` as the game's bulk random moves.
fn simulate_with<G: GameState>(
    config: &G::Config,
    seed: u64,
    start: u64,
    count: u64,
    policy: Policy,
    threads: Option<usize>,
    fast: fn(&mut G, &mut Rng, u32) -> u32,
) -> Result<Batch> {
    let n = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let n = n.max(1);
    let too_many = || {
        Error::config(
            Common::Threads,
            format!("{count} games do not fit in memory"),
        )
    };
    let games = usize::try_from(count).map_err(|_| too_many())?;
    let seats = G::new(config, seed_for(seed, start))?.num_seats();
    // Allocated fallibly: a count too large for memory is an error, not an abort.
    let mut out = Batch {
        seats,
        start,
        returns: zeros(games.checked_mul(seats)).ok_or_else(too_many)?,
        moves: zeros(Some(games)).ok_or_else(too_many)?,
        hashes: zeros(Some(games)).ok_or_else(too_many)?,
        winners: zeros(Some(games)).ok_or_else(too_many)?,
    };
    // Games per work item: at most CHUNK, and small enough for ITEMS_PER_THREAD items a thread.
    // The split does not change any result: game `i` is seeded from `(seed, i)` alone and
    // writes its own entries.
    let per = (games / n.saturating_mul(ITEMS_PER_THREAD)).clamp(1, CHUNK);
    let Batch {
        returns,
        moves,
        hashes,
        winners,
        ..
    } = &mut out;
    let run = || -> Result<()> {
        moves
            .par_chunks_mut(per)
            .zip(hashes.par_chunks_mut(per))
            .zip(winners.par_chunks_mut(per))
            .zip(returns.par_chunks_mut(per * seats.max(1)))
            .enumerate()
            .try_for_each(|(item, (((moves, hashes), winners), returns))| {
                let first = start + (item * per) as u64;
                let rows = returns.chunks_mut(seats.max(1));
                let slots = moves.iter_mut().zip(hashes).zip(winners).zip(rows);
                for (k, (((m, h), w), r)) in (first..).zip(slots) {
                    let (game, mut rng) = game_of::<G>(config, seed, k)?;
                    let (made, hash, winner) = playout_with(game, policy, &mut rng, r, fast)?;
                    *m = made;
                    *h = hash;
                    *w = winner.map_or(-1, |s| i8::try_from(s).unwrap_or(-1));
                }
                Ok(())
            })
    };
    pool(n)?.install(run)?;
    Ok(out)
}

/// `len` zeros, or None when `len` is None or does not fit in memory.
fn zeros<T: Clone + Default>(len: Option<usize>) -> Option<Vec<T>> {
    let len = len?;
    let mut v = Vec::new();
    v.try_reserve_exact(len).ok()?;
    v.resize(len, T::default());
    Some(v)
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
            .map_err(|e| {
                Error::config(Common::Threads, format!("cannot start {n} threads: {e}"))
            })?,
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

    /// Over random games of `G`, every listed move played by `play_unchecked` gives the
    /// position the checked `apply` gives.
    fn unchecked_plays_as_checked<G: GameState + PartialEq + std::fmt::Debug>(
        config: &G::Config,
        games: u64,
    ) {
        let mut buf = Vec::new();
        let mut checked_moves = 0;
        for seed in 0..games {
            let (mut state, mut rng) = game_of::<G>(config, 7, seed).expect("deals");
            while !state.is_terminal() {
                state.legal_moves_into(&mut buf);
                for &mv in &buf {
                    let checked = state.apply(mv).expect("a listed move is legal");
                    let mut unchecked = state.clone();
                    unchecked.play_unchecked(mv);
                    assert_eq!(unchecked, checked, "{mv:?}");
                    checked_moves += 1;
                }
                state.play_unchecked(buf[rng.index(buf.len())]);
            }
        }
        assert!(checked_moves > 100 * games, "{checked_moves} moves checked");
    }

    #[test]
    fn unchecked_play_skips_only_the_checks() {
        use crate::games::bridge::{BridgeConfig, BridgePlay};
        use crate::games::dalmara::{DalMara, DalMaraConfig};
        use crate::games::durak::{Durak, DurakConfig};
        use crate::games::gyla::{Gyla, GylaConfig};
        use crate::games::mexican_train::{MexicanTrain, TrainConfig};
        use crate::games::whist::{Whist, WhistConfig};
        unchecked_plays_as_checked::<Durak>(&DurakConfig::default(), 40);
        let three = DurakConfig {
            seats: 3,
            variant: crate::games::durak::Variant::Perevodnoy,
        };
        unchecked_plays_as_checked::<Durak>(&three, 20);
        unchecked_plays_as_checked::<MexicanTrain>(&TrainConfig::default(), 3);
        unchecked_plays_as_checked::<Whist>(&WhistConfig::default(), 5);
        unchecked_plays_as_checked::<BridgePlay>(&BridgeConfig::default(), 5);
        unchecked_plays_as_checked::<DalMara>(&DalMaraConfig::default(), 5);
        unchecked_plays_as_checked::<Gyla>(&GylaConfig::default(), 1);
    }

    #[test]
    fn a_batch_too_large_for_memory_is_an_error() {
        use crate::games::whist::{Whist, WhistConfig};
        let c = WhistConfig::default();
        for count in [1u64 << 45, u64::MAX / 2] {
            let e = simulate::<Whist>(&c, 1, 0, count, Policy::Random, Some(1)).unwrap_err();
            assert_eq!(e.code, "THREADS");
        }
    }
}
