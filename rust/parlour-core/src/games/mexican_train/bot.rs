//! The engine's computer player (`computerMove`, `shared/specs/mexican_train/AI.md`): each
//! legal lay scored against the longest run of the hand, and the longest run itself: the
//! engine's bounded depth-first search (exact to the step, including its soft bound) and an
//! exact search with no bound.

use super::tiles::{fits, is_double, other_end, pips_of, Tile};
use super::{Code, MexicanTrain, Phase, TrainMove};
use crate::error::{Error, Result};
use std::cell::RefCell;
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

/// One tile of the hand as seen from one of its ends.
#[derive(Clone, Copy, Default)]
struct Slot {
    tile: Tile,
    /// The end left open when laid against the group's value.
    next: u8,
    pips: u8,
}

/// The hand's tiles grouped by end value, hand order kept: `slots[start[v]..start[v + 1]]`.
struct Flat {
    start: [usize; 17],
    slots: Vec<Slot>,
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
        let mut slots = vec![Slot::default(); start[16]];
        for &t in hand {
            let (lo, hi) = (t >> 4, t & 15);
            let pips = lo + hi;
            if let Some(s) = slots.get_mut(fill[usize::from(lo)]) {
                *s = Slot {
                    tile: t,
                    next: hi,
                    pips,
                };
            }
            fill[usize::from(lo)] += 1;
            if lo != hi {
                if let Some(s) = slots.get_mut(fill[usize::from(hi)]) {
                    *s = Slot {
                        tile: t,
                        next: lo,
                        pips,
                    };
                }
                fill[usize::from(hi)] += 1;
            }
        }
        Flat { start, slots }
    }
}

struct Bounded<'a> {
    flat: &'a Flat,
    used: Used,
    run: Vec<Tile>,
    best: Vec<Tile>,
    best_pips: i64,
    steps: u32,
}

impl Bounded<'_> {
    fn walk(&mut self, at: u8, pips: u32) {
        self.steps += 1;
        let len = self.run.len();
        if len > self.best.len() || (len == self.best.len() && i64::from(pips) > self.best_pips) {
            self.best.clone_from(&self.run);
            self.best_pips = i64::from(pips);
        }
        if self.steps > PLAN_STEPS {
            return;
        }
        let flat = self.flat;
        let v = usize::from(at & 15);
        for &s in flat
            .slots
            .get(flat.start[v]..flat.start[v + 1])
            .unwrap_or(&[])
        {
            if self.used.has(s.tile) {
                continue;
            }
            let child_pips = pips + u32::from(s.pips);
            if self.steps > PLAN_STEPS {
                // Past the bound a child is only evaluated, as a run one tile longer.
                self.steps += 1;
                if len + 1 > self.best.len()
                    || (len + 1 == self.best.len() && i64::from(child_pips) > self.best_pips)
                {
                    self.best.clone_from(&self.run);
                    self.best.push(s.tile);
                    self.best_pips = i64::from(child_pips);
                }
                continue;
            }
            self.used.flip(s.tile);
            self.run.push(s.tile);
            self.walk(s.next, child_pips);
            self.run.pop();
            self.used.flip(s.tile);
        }
    }
}

/// The same search over a hand of at most 64 distinct tiles, with the tiles fitting each end
/// kept as a bitmask of hand positions (iterated lowest first, which is hand order) and the
/// run in a fixed array.
struct Masked<'a> {
    hand: &'a [Tile],
    fit: [u64; 16],
    used: u64,
    run: [Tile; 64],
    len: usize,
    best: Vec<Tile>,
    best_pips: i64,
    steps: u32,
}

impl Masked<'_> {
    #[inline]
    fn keep(&mut self, len: usize, pips: u32) {
        self.best.clear();
        self.best
            .extend_from_slice(self.run.get(..len).unwrap_or(&[]));
        self.best_pips = i64::from(pips);
    }

    fn walk(&mut self, at: u8, pips: u32) {
        self.steps += 1;
        let len = self.len;
        if len > self.best.len() || (len == self.best.len() && i64::from(pips) > self.best_pips) {
            self.keep(len, pips);
        }
        if self.steps > PLAN_STEPS {
            return;
        }
        let mut avail = self.fit[usize::from(at & 15)] & !self.used;
        while avail != 0 {
            let bit = avail & avail.wrapping_neg();
            avail ^= bit;
            let t = self
                .hand
                .get(bit.trailing_zeros() as usize)
                .copied()
                .unwrap_or(0);
            let child_pips = pips + pips_of(t);
            if let Some(slot) = self.run.get_mut(len) {
                *slot = t;
            }
            if self.steps > PLAN_STEPS {
                // Past the bound a child is only evaluated, as a run one tile longer.
                self.steps += 1;
                if len + 1 > self.best.len()
                    || (len + 1 == self.best.len() && i64::from(child_pips) > self.best_pips)
                {
                    self.keep(len + 1, child_pips);
                }
                continue;
            }
            self.used |= bit;
            self.len = len + 1;
            self.walk(other_end(t, at), child_pips);
            self.len = len;
            self.used ^= bit;
        }
    }
}

fn masked(hand: &[Tile], end: u8) -> Option<(Vec<Tile>, u32)> {
    if hand.len() > 64 {
        return None;
    }
    let mut seen = Used::default();
    let mut fit = [0u64; 16];
    for (i, &t) in hand.iter().enumerate() {
        if seen.has(t) {
            return None; // duplicates are searched once per copy: leave them to the plain search
        }
        seen.flip(t);
        fit[usize::from(t >> 4)] |= 1 << i;
        fit[usize::from(t & 15)] |= 1 << i;
    }
    let mut s = Masked {
        hand,
        fit,
        used: 0,
        run: [0; 64],
        len: 0,
        best: Vec::with_capacity(hand.len()),
        best_pips: -1,
        steps: 0,
    };
    s.walk(end, 0);
    Some((s.best, s.steps))
}

/// The engine's `longestRun(hand, end)` and the number of search calls it made.
#[must_use]
pub fn longest_run_steps(hand: &[Tile], end: u8) -> (Vec<Tile>, u32) {
    if end >= 16 {
        return (Vec::new(), 1);
    }
    masked(hand, end).unwrap_or_else(|| plain(hand, end))
}

/// The engine's search itself, step for step (the best run and the steps), which [`masked`]
/// reproduces faster for hands without repeated tiles.
fn plain(hand: &[Tile], end: u8) -> (Vec<Tile>, u32) {
    let flat = Flat::new(hand);
    let mut s = Bounded {
        flat: &flat,
        used: Used::default(),
        run: Vec::with_capacity(hand.len()),
        best: Vec::with_capacity(hand.len()),
        best_pips: -1,
        steps: 0,
    };
    s.walk(end, 0);
    (s.best, s.steps)
}

/// [`longest_run_steps`], or with `exact` [`longest_run_exact`] (no count), of a hand and an
/// end as given: no run for an end that is no number.
///
/// # Errors
/// `INVALID_TILE` for a tile code outside 0..=255.
pub fn checked_run(hand: &[i64], end: i64, exact: bool) -> Result<(Vec<Tile>, u32)> {
    let tile = |&t: &i64| {
        let why = || format!("{t} is not a tile code (0..255)");
        Tile::try_from(t).map_err(|_| Error::config(Code::InvalidTile, why()))
    };
    let tiles = hand.iter().map(tile).collect::<Result<Vec<_>>>()?;
    let Ok(end) = u8::try_from(end) else {
        return Ok((Vec::new(), 1));
    };
    Ok(if exact {
        (longest_run_exact(&tiles, end), 0)
    } else {
        longest_run_steps(&tiles, end)
    })
}

/// The engine's `longestRun(hand, end)`: tiles in laying order.
///
/// A search that never reached the bound found the first longest (then heaviest) run `P` of
/// the whole tree. The search from `P[0]`'s open end over the hand without `P[0]` walks exactly
/// the subtree under `P[0]`, so its answer is `P[1..]`: the computer player usually lays
/// `P[0]` and asks that next. A few such answers are kept per thread and returned without a
/// search (hands with a repeated tile are never kept).
#[must_use]
pub fn longest_run(hand: &[Tile], end: u8) -> Vec<Tile> {
    if let Some(plan) = recall(hand, end) {
        // A kept answer came from a search that never reached the bound: so does its own
        // follow-up (a subtree of a subtree).
        keep_next(hand, end, &plan);
        return plan;
    }
    let (run, steps) = longest_run_steps(hand, end);
    if steps <= PLAN_STEPS && hand.len() <= 128 {
        let mut seen = Used::default();
        let distinct = hand.iter().all(|&t| {
            let fresh = !seen.has(t);
            seen.flip(t);
            fresh
        });
        if distinct {
            keep_next(hand, end, &run);
        }
    }
    run
}

/// Keep the answer for the hand without `plan[0]`, from `plan[0]`'s open end: `plan[1..]`.
fn keep_next(hand: &[Tile], end: u8, plan: &[Tile]) {
    if let Some((&first, rest)) = plan.split_first() {
        let hand: Vec<Tile> = hand.iter().copied().filter(|&t| t != first).collect();
        remember(hand, other_end(first, end), rest.to_vec());
    }
}

/// How many derived answers each thread keeps.
const KEPT: usize = 8;

type Kept = Vec<(Vec<Tile>, u8, Vec<Tile>)>;

thread_local! {
    static NEXT_PLANS: RefCell<Kept> = const { RefCell::new(Vec::new()) };
}

fn recall(hand: &[Tile], end: u8) -> Option<Vec<Tile>> {
    NEXT_PLANS.with(|kept| {
        let kept = kept.try_borrow().ok()?;
        kept.iter()
            .find(|(h, e, _)| *e == end && h.as_slice() == hand)
            .map(|(_, _, p)| p.clone())
    })
}

fn remember(hand: Vec<Tile>, end: u8, plan: Vec<Tile>) {
    NEXT_PLANS.with(|kept| {
        if let Ok(mut kept) = kept.try_borrow_mut() {
            if kept.len() >= KEPT {
                kept.remove(0);
            }
            kept.push((hand, end, plan));
        }
    });
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

impl MexicanTrain {
    /// The engine's computer player (`computerMove`); `None` once the game is finished.
    #[must_use]
    pub fn computer_choice(&self) -> Option<TrainMove> {
        match self.phase {
            Phase::Finished => return None,
            Phase::RoundOver => return Some(TrainMove::Next),
            Phase::Playing => {}
        }
        let mut plays = Vec::new();
        self.legal_plays_into(&mut plays);
        if plays.is_empty() {
            return Some(if !self.bone().is_empty() && !self.drew {
                TrainMove::Draw
            } else {
                TrainMove::Pass
            });
        }
        let pick = |(tile, train): (Tile, u8)| TrainMove::Play { tile, train };
        if plays.len() == 1 {
            return plays.first().copied().map(pick);
        }
        let seat = usize::from(self.to_play);
        let hand = self.hand(seat);
        if hand.len() == 1 {
            // Every play scores the same: the tile is the same, the lowest train wins.
            return plays
                .iter()
                .copied()
                .min_by_key(|&(_, train)| train)
                .map(pick);
        }
        let plan = longest_run(hand, self.open_end(seat));
        let n = self.n();
        let mut best: Option<(i32, Tile, u8)> = None;
        for &(tile, train) in &plays {
            let score = self.score_of(hand, &plan, seat, n, tile, usize::from(train));
            let better = match best {
                None => true,
                Some((bs, bt, btr)) => {
                    score > bs || (score == bs && (tile > bt || (tile == bt && train < btr)))
                }
            };
            if better {
                best = Some((score, tile, train));
            }
        }
        best.map(|(_, tile, train)| TrainMove::Play { tile, train })
    }

    fn score_of(
        &self,
        hand: &[Tile],
        plan: &[Tile],
        seat: usize,
        n: usize,
        tile: Tile,
        train: usize,
    ) -> i32 {
        let planned = plan.iter().position(|&t| t == tile);
        let mut score = i32::try_from(pips_of(tile)).unwrap_or(0);
        if train == seat {
            score += match planned {
                Some(0) => 40,
                Some(_) => -25,
                None => 5,
            };
            if self.open[seat] {
                score += 30;
            }
        } else {
            score += if planned.is_some() { -30 } else { 12 };
            if train == n {
                score += 2;
            }
        }
        if is_double(tile) {
            let v = tile & 15;
            score += if hand.iter().any(|&o| o != tile && fits(o, v)) {
                25
            } else {
                -20
            };
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::super::tiles::{every_tile, shuffle_in_place, Mulberry32};
    use super::*;

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

    /// A hand of `least + r % spread` of `tiles`, shuffled, and an end below `ends`.
    fn random_hand(
        rng: &mut Mulberry32,
        tiles: &[Tile],
        (least, spread): (usize, u32),
        ends: u32,
    ) -> (Vec<Tile>, u8) {
        let mut hand = tiles.to_vec();
        shuffle_in_place(&mut hand, rng);
        hand.truncate(least + (rng.next_u32() % spread) as usize);
        (hand, (rng.next_u32() % ends) as u8)
    }

    #[test]
    fn masked_and_plain_searches_agree() {
        let mut rng = Mulberry32(7);
        for _ in 0..400 {
            let (hand, end) = random_hand(&mut rng, &every_tile(12), (0, 25), 13);
            assert_eq!(masked(&hand, end), Some(plain(&hand, end)));
        }
        // Dense hands (few pip values) reach the bound and take the skipping search.
        let dense: Vec<u8> = every_tile(15).into_iter().filter(|t| t & 15 < 7).collect();
        let mut bounded = 0;
        for _ in 0..150 {
            let (hand, end) = random_hand(&mut rng, &dense, (8, 16), 7);
            let (best, steps) = plain(&hand, end);
            bounded += usize::from(steps > PLAN_STEPS);
            assert_eq!(masked(&hand, end), Some((best, steps)), "{hand:?} {end}");
        }
        assert!(bounded > 20, "{bounded}");
        // Duplicates take the plain search, which tries every copy.
        let (run, steps) = longest_run_steps(&[5, 5, 21], 5);
        assert_eq!(run, vec![21]);
        assert_eq!(steps, 4);
    }

    #[test]
    fn kept_answers_equal_fresh_searches() {
        let mut rng = Mulberry32(3);
        let mut hits = 0;
        for _ in 0..300 {
            let (mut hand, mut end) = random_hand(&mut rng, &every_tile(12), (2, 18), 13);
            loop {
                let plan = longest_run(&hand, end);
                assert_eq!(plan, longest_run_steps(&hand, end).0);
                let Some(&first) = plan.first() else { break };
                hits += usize::from(
                    recall(
                        &hand
                            .iter()
                            .copied()
                            .filter(|&t| t != first)
                            .collect::<Vec<_>>(),
                        other_end(first, end),
                    )
                    .is_some(),
                );
                hand.retain(|&t| t != first);
                end = other_end(first, end);
            }
        }
        assert!(hits > 100);
    }

    #[test]
    fn exact_matches_brute_force() {
        let mut rng = Mulberry32(99);
        for _ in 0..300 {
            let (hand, end) = random_hand(&mut rng, &every_tile(6), (0, 10), 7);
            let run = longest_run_exact(&hand, end);
            let want = brute(&hand, end, &mut vec![false; hand.len()]);
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
