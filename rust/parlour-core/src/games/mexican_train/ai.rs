//! The longest run of a hand: the engine's bounded depth-first search (exact to the step,
//! including its soft bound) and an exact search with no bound.

use super::tiles::{fits, other_end, pips_of, Tile};
use std::collections::HashMap;

/// The engine's `PLAN_STEPS`: after this many calls the search stops expanding (softly).
pub const PLAN_STEPS: u32 = 4000;

#[derive(Clone, Copy, Default)]
struct Used([u64; 4]);

impl Used {
    #[inline]
    fn has(&self, t: Tile) -> bool {
        self.0[usize::from(t >> 6)] >> (t & 63) & 1 == 1
    }
    #[inline]
    fn flip(&mut self, t: Tile) {
        self.0[usize::from(t >> 6)] ^= 1 << (t & 63);
    }
}

/// For each end value, the hand's tiles that carry it, in hand order.
fn adjacency(hand: &[Tile]) -> [Vec<Tile>; 16] {
    let mut adj: [Vec<Tile>; 16] = Default::default();
    for (end, list) in adj.iter_mut().enumerate() {
        let end = u8::try_from(end).unwrap_or(0);
        list.extend(hand.iter().copied().filter(|&t| fits(t, end)));
    }
    adj
}

/// The hand's tiles grouped by end value, hand order kept: `tiles[start[v]..start[v + 1]]`.
struct Flat {
    start: [usize; 17],
    tiles: Vec<Tile>,
}

impl Flat {
    fn new(hand: &[Tile]) -> Flat {
        let mut count = [0usize; 16];
        for &t in hand {
            count[usize::from(t >> 4)] += 1;
            if t >> 4 != t & 15 {
                count[usize::from(t & 15)] += 1;
            }
        }
        let mut start = [0usize; 17];
        for v in 0..16 {
            start[v + 1] = start[v] + count[v];
        }
        let mut fill = start;
        let mut tiles = vec![0; start[16]];
        for &t in hand {
            let (lo, hi) = (usize::from(t >> 4), usize::from(t & 15));
            tiles[fill[lo]] = t;
            fill[lo] += 1;
            if lo != hi {
                tiles[fill[hi]] = t;
                fill[hi] += 1;
            }
        }
        Flat { start, tiles }
    }
    #[inline]
    fn range(&self, at: u8) -> std::ops::Range<usize> {
        let v = usize::from(at & 15);
        self.start[v]..self.start[v + 1]
    }
}

struct Bounded {
    adj: Flat,
    used: Used,
    run: Vec<Tile>,
    best: Vec<Tile>,
    best_pips: i64,
    steps: u32,
}

impl Bounded {
    fn walk(&mut self, at: u8, pips: u32) {
        self.steps += 1;
        if self.run.len() > self.best.len()
            || (self.run.len() == self.best.len() && i64::from(pips) > self.best_pips)
        {
            self.best.clone_from(&self.run);
            self.best_pips = i64::from(pips);
        }
        if self.steps > PLAN_STEPS {
            return;
        }
        for k in self.adj.range(at) {
            let t = self.adj.tiles[k];
            if self.used.has(t) {
                continue;
            }
            self.used.flip(t);
            self.run.push(t);
            self.walk(other_end(t, at), pips + pips_of(t));
            self.run.pop();
            self.used.flip(t);
        }
    }
}

/// The engine's `longestRun(hand, end)` and the number of search calls it made.
#[must_use]
pub fn longest_run_steps(hand: &[Tile], end: u8) -> (Vec<Tile>, u32) {
    let mut s = Bounded {
        adj: Flat::new(hand),
        used: Used::default(),
        run: Vec::with_capacity(hand.len()),
        best: Vec::with_capacity(hand.len()),
        best_pips: -1,
        steps: 0,
    };
    if end < 16 {
        s.walk(end, 0);
    } else {
        s.steps = 1;
    }
    (s.best, s.steps)
}

/// The engine's `longestRun(hand, end)`: tiles in laying order.
#[must_use]
pub fn longest_run(hand: &[Tile], end: u8) -> Vec<Tile> {
    longest_run_steps(hand, end).0
}

/// A small, fast hasher for the memo keys (FxHash's multiply-rotate).
#[derive(Default)]
struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type FxMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<Fx>>;

struct Exact {
    adj: [Vec<Tile>; 16],
    memo: FxMap<[u64; 4], (u32, u32)>,
}

impl Exact {
    /// The tiles worth trying from `at`: an unused double there alone (laying a double at once
    /// never shortens a run, since it leaves the open end where it was), else every unused tile.
    fn choices(&self, at: u8, used: &Used) -> Vec<Tile> {
        let list = &self.adj[usize::from(at & 15)];
        if let Some(&d) = list.iter().find(|&&t| t >> 4 == t & 15 && !used.has(t)) {
            return vec![d];
        }
        list.iter().copied().filter(|&t| !used.has(t)).collect()
    }

    /// The best (length, pips) that can still be laid from `at` with `used` taken.
    fn best(&mut self, at: u8, used: &mut Used) -> (u32, u32) {
        if let Some(&v) = self.memo.get(&used.0) {
            return v;
        }
        let mut best = (0u32, 0u32);
        for t in self.choices(at, used) {
            used.flip(t);
            let (l, p) = self.best(other_end(t, at), used);
            used.flip(t);
            let cand = (l + 1, p + pips_of(t));
            if cand > best {
                best = cand;
            }
        }
        self.memo.insert(used.0, best);
        best
    }
}

/// A truly longest run from `end` (the heaviest among the longest), with no step bound.
///
/// Memoised on the set of tiles used (the current end follows from it), so a 15-tile hand
/// takes at most 2^15 states; a double at the current end is always laid at once.
#[must_use]
pub fn longest_run_exact(hand: &[Tile], end: u8) -> Vec<Tile> {
    if end >= 16 {
        return Vec::new();
    }
    let mut ex = Exact {
        adj: adjacency(hand),
        memo: FxMap::default(),
    };
    let mut used = Used::default();
    let mut at = end;
    let mut out = Vec::new();
    let mut remaining = ex.best(at, &mut used);
    while remaining.0 > 0 {
        let mut next = None;
        for t in ex.choices(at, &used) {
            used.flip(t);
            let (l, p) = ex.best(other_end(t, at), &mut used);
            used.flip(t);
            if (l + 1, p + pips_of(t)) == remaining {
                next = Some((t, (l, p)));
                break;
            }
        }
        let Some((t, rest)) = next else { break };
        used.flip(t);
        out.push(t);
        at = other_end(t, at);
        remaining = rest;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::tiles::tile_of;
    use super::*;

    #[test]
    fn worked_example() {
        let hand = [
            tile_of(12, 4),
            tile_of(4, 9),
            tile_of(9, 1),
            tile_of(12, 2),
            tile_of(0, 3),
        ];
        assert_eq!(
            longest_run(&hand, 12),
            vec![tile_of(12, 4), tile_of(4, 9), tile_of(9, 1)]
        );
        assert_eq!(
            longest_run_exact(&hand, 12),
            vec![tile_of(12, 4), tile_of(4, 9), tile_of(9, 1)]
        );
        assert_eq!(longest_run_steps(&[], 3), (vec![], 1));
    }

    fn brute(hand: &[Tile], at: u8, used: &mut Vec<bool>) -> (u32, u32) {
        let mut best = (0, 0);
        for i in 0..hand.len() {
            if used[i] || !fits(hand[i], at) {
                continue;
            }
            used[i] = true;
            let (l, p) = brute(hand, other_end(hand[i], at), used);
            used[i] = false;
            best = best.max((l + 1, p + pips_of(hand[i])));
        }
        best
    }

    #[test]
    fn exact_matches_brute_force() {
        let mut rng = super::super::tiles::Mulberry32(99);
        for _ in 0..300 {
            let mut all = super::super::tiles::every_tile(6);
            super::super::tiles::shuffle_in_place(&mut all, &mut rng);
            let n = (rng.next_u32() % 10) as usize;
            let hand = &all[..n];
            let end = (rng.next_u32() % 7) as u8;
            let run = longest_run_exact(hand, end);
            let want = brute(hand, end, &mut vec![false; n]);
            let got = (
                run.len() as u32,
                run.iter().map(|&t| pips_of(t)).sum::<u32>(),
            );
            assert_eq!(got, want);
            // It is a real run.
            let mut at = end;
            for &t in &run {
                assert!(fits(t, at));
                at = other_end(t, at);
            }
        }
    }
}
