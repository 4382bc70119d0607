//! What each seat sees of a Mexican Train position ([`Observe`]): its own tiles, the trains
//! and their markers, how many tiles each seat and the boneyard hold, the round's state and the
//! finished rounds' pips; never another seat's tiles (until a round ends and every hand is
//! counted face up), the boneyard's tiles or order, or the seed.
//!
//! `resample` deals the tiles `seat` cannot see (the other hands and the boneyard) anew,
//! uniformly among the deals that keep every hand's size and what the play has shown: a seat
//! that drew or passed had no tile it could lay then, so every tile it has held since avoids
//! the open ends of that moment ([`Seen`]). See `docs/mexican_train.md` for exactly how far
//! this is uniform.

use super::tiles::Tile;
use super::{MexicanTrain, Phase, TrainMove};
use crate::error::Result;
use crate::game::{GameState, Seat};
use crate::rng::Rng;
use crate::view::{deal_uniform, resample_failed, Holder, Observe, Value, ViewBuilder};

/// Tiles of the double-fifteen set: every set's tiles have an index below this.
const TILES: usize = 136;
/// Train slots of the observation: seats' trains `0..n`, the Mexican Train always in slot 8.
const TRAINS: usize = 9;
/// Seats of the observation.
const SEATS: usize = 8;
/// Pip values.
const PIPS: usize = 16;

/// Observation offsets (see `docs/mexican_train.md`).
const O_HAND: usize = 0;
const O_ON_TRAIN: usize = O_HAND + TILES;
const O_SHOWN: usize = O_ON_TRAIN + TRAINS * TILES;
const O_END: usize = O_SHOWN + TILES;
const O_OPEN: usize = O_END + TRAINS * PIPS;
const O_LENGTH: usize = O_OPEN + TRAINS;
const O_IN_PLAY: usize = O_LENGTH + TRAINS;
const O_UNCOVERED: usize = O_IN_PLAY + TRAINS;
const O_TO_COVER: usize = O_UNCOVERED + TRAINS;
const O_SEAT: usize = O_TO_COVER + TRAINS;
const O_TO_MOVE: usize = O_SEAT + SEATS;
const O_SIZES: usize = O_TO_MOVE + SEATS;
const O_TOTALS: usize = O_SIZES + SEATS;
const O_SEATED: usize = O_TOTALS + SEATS;
const O_ENGINE: usize = O_SEATED + SEATS;
const O_SCALARS: usize = O_ENGINE + PIPS;
const O_PHASE: usize = O_SCALARS + 7;
const O_SET: usize = O_PHASE + 3;
const O_LAST_SEAT: usize = O_SET + 3;
const O_LAST_KIND: usize = O_LAST_SEAT + SEATS;

/// The length of every Mexican Train observation (all sets and seat counts).
pub const OBSERVATION_LEN: usize = O_LAST_KIND + 4;

/// A tile's index in the double-fifteen set (0-0, 0-1 … 0-15, 1-1 … 15-15).
#[must_use]
pub(super) fn tile_index(t: Tile) -> usize {
    let (lo, hi) = (usize::from(t >> 4), usize::from(t & 15));
    (lo * 16 - lo * lo.saturating_sub(1) / 2 + hi.saturating_sub(lo)).min(TILES - 1)
}

/// Whether tile `t` could have been laid at a moment of `mask` ([`MexicanTrain::no_play_mask`]).
#[must_use]
#[inline]
pub(super) fn shows(mask: u32, t: Tile) -> bool {
    let (lo, hi) = (u32::from(t >> 4), u32::from(t & 15));
    mask & ((1 << lo) | (1 << hi)) != 0 || (lo == hi && mask & (1 << (16 + lo)) != 0)
}

/// For each tile (by [`tile_index`]), what its holder has shown it lacked since it took the
/// tile: the union of the [`MexicanTrain::no_play_mask`] of each draw and pass it made since.
/// Equal for every position (left out of equality and hashing) and never in the notation.
#[derive(Clone)]
pub(super) struct Seen([u32; TILES]);

impl Default for Seen {
    fn default() -> Self {
        Seen([0; TILES])
    }
}

impl Seen {
    /// Tile `t` was just taken from the boneyard: nothing shown of it yet.
    #[inline]
    pub(super) fn clear(&mut self, t: Tile) {
        self.0[tile_index(t)] = 0;
    }

    /// What tile `t`'s holder has shown since it took it.
    #[must_use]
    pub(super) fn of(&self, t: Tile) -> u32 {
        self.0[tile_index(t)]
    }
}

impl std::fmt::Debug for Seen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Seen(..)")
    }
}

impl PartialEq for Seen {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Seen {}

impl std::hash::Hash for Seen {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl MexicanTrain {
    /// The ends the mover could lay to now, as a mask: bit `p` (0..16) when any tile showing
    /// `p` would fit, bit `16 + p` when only the double `p-p` would (a chained double). A
    /// draw or a pass shows the mover holds no tile [`shows`] of it.
    pub(super) fn no_play_mask(&self) -> u32 {
        let seat = usize::from(self.to_play);
        let n = self.n();
        let mut mask = 0u32;
        if let Some(&top) = self.uncovered().last() {
            mask |= 1 << self.open_end(usize::from(top));
            if self.chaining {
                for train in 0..=n {
                    let tr = u8::try_from(train).unwrap_or(u8::MAX);
                    if !self.uncovered().contains(&tr) && self.may_lay_on(seat, train) {
                        mask |= 1 << (16 + u32::from(self.open_end(train)));
                    }
                }
            }
        } else {
            for train in 0..=n {
                if self.may_lay_on(seat, train) {
                    mask |= 1 << self.open_end(train);
                }
            }
        }
        mask
    }

    /// `seat` draws or passes: it holds no tile that fits now.
    #[inline]
    pub(super) fn shown_none(&mut self, seat: usize) {
        let mask = self.no_play_mask();
        for &t in self.piles.seg(seat) {
            self.seen.0[tile_index(t)] |= mask;
        }
    }

    /// Whether every hand is face up (the round is over: hands are counted).
    fn hands_shown(&self) -> bool {
        self.phase != Phase::Playing
    }

    /// The slot of `train` in the observation (the Mexican Train in the last).
    fn slot(&self, train: usize) -> usize {
        if train == self.n() {
            TRAINS - 1
        } else {
            train
        }
    }
}

/// The largest product of holder sizes (each plus one) dealt by the exact count.
const EXACT_SPACE: f64 = 2.0e4;

/// A deal of `pool` to holders of `sizes` (holder `h` allows what [`shows`] nothing of
/// `masks[h]`), `pool` given in holder order as it lies now: the first of 24 plain shuffles
/// that fits (exactly uniform), else the deal in hand moved by random swaps that both holders
/// allow, 64 proposals per item (the chain's moves are symmetric, so its limit is the uniform
/// deal among those it reaches).
fn swap_chain(pool: &[u16], sizes: &[usize], masks: &[u32], rng: &mut Rng) -> Vec<Vec<u16>> {
    let mut holder_of: Vec<usize> = Vec::with_capacity(pool.len());
    for (h, &k) in sizes.iter().enumerate() {
        holder_of.extend(std::iter::repeat(h).take(k));
    }
    let mut items = pool.to_vec();
    let ok = |item: u16, h: usize| !shows(masks[h], u8::try_from(item).unwrap_or(u8::MAX));
    // A few plain shuffles first (exactly uniform when one fits), as deal_uniform does.
    let mut tried = items.clone();
    let mut fitted = false;
    for _ in 0..24 {
        crate::rng::shuffle(&mut tried, rng);
        if tried.iter().zip(&holder_of).all(|(&x, &h)| ok(x, h)) {
            items.clone_from(&tried);
            fitted = true;
            break;
        }
    }
    if !fitted && items.len() >= 2 && holder_of.len() == items.len() {
        for _ in 0..64 * items.len() {
            let (i, j) = (rng.index(items.len()), rng.index(items.len()));
            let (hi, hj) = (holder_of[i], holder_of[j]);
            if hi != hj && ok(items[i], hj) && ok(items[j], hi) {
                items.swap(i, j);
            }
        }
    }
    let mut out: Vec<Vec<u16>> = vec![Vec::new(); sizes.len()];
    for (&item, &h) in items.iter().zip(&holder_of) {
        out[h].push(item);
    }
    for o in &mut out {
        crate::rng::shuffle(o, rng);
    }
    out
}

/// A tile as view text: its code `low * 16 + high` in decimal (the saved game's spelling).
fn tile_text(t: Tile) -> String {
    t.to_string()
}

fn int(n: usize) -> Value {
    Value::Int(i64::try_from(n).unwrap_or(i64::MAX))
}

impl Observe for MexicanTrain {
    /// The common keys (tiles as their codes in decimal, moves as the saved game's tokens),
    /// then `set`, `round`, `rounds`, `engine`, `phase`, `trains` (each `laid` and `open`, the
    /// Mexican Train last), `uncovered`, `chaining`, `drew`, `passes`, `turn`,
    /// `boneyard_size`, `results`, `totals`, `last` and `shown` (every hand once the round is
    /// over, else null).
    fn view(&self, seat: Seat) -> Value {
        let n = self.n();
        let s = usize::from(seat);
        let mut returns = vec![0f32; n];
        self.returns_into(&mut returns);
        let to_move = self.to_move();
        let moves = if to_move == Some(seat) {
            self.train_moves()
        } else {
            Vec::new()
        };
        let tiles = |h: &[Tile]| Value::strs(h.iter().map(|&t| tile_text(t)));
        let trains = self
            .laid()
            .zip(self.open())
            .map(|(laid, &open)| {
                Value::Map(vec![
                    ("laid".into(), Value::ints(laid.iter().copied())),
                    ("open".into(), Value::Bool(open)),
                ])
            })
            .collect();
        let results = self
            .results()
            .iter()
            .map(|r| {
                Value::Map(vec![
                    ("engine".into(), Value::Int(i64::from(r.engine))),
                    ("pips".into(), Value::ints(r.pips.iter().copied())),
                    ("blocked".into(), Value::Bool(r.blocked)),
                    ("out".into(), Value::seat(r.out)),
                ])
            })
            .collect();
        let last = self.last().map_or(Value::Null, |(by, mv)| {
            Value::Map(vec![
                ("seat".into(), Value::Int(i64::from(by))),
                ("move".into(), Value::Str(mv.token())),
            ])
        });
        let shown = if self.hands_shown() {
            Value::List(self.hands().map(tiles).collect())
        } else {
            Value::Null
        };
        ViewBuilder::new(
            "mexican-train",
            seat,
            to_move,
            self.is_terminal(),
            self.hand(s).iter().map(|&t| tile_text(t)).collect(),
            self.hands().map(<[Tile]>::len).collect(),
            moves.iter().map(TrainMove::token).collect(),
            moves.iter().map(|m| m.action()).collect(),
            &returns,
        )
        .with("set", Value::Int(i64::from(self.cfg.set)))
        .with("round", Value::Int(i64::from(self.round)))
        .with("rounds", Value::Int(i64::from(self.rounds)))
        .with("engine", Value::Int(i64::from(self.engine)))
        .with("phase", Value::Str(self.phase.name().into()))
        .with("trains", Value::List(trains))
        .with("uncovered", Value::ints(self.uncovered().iter().copied()))
        .with("chaining", Value::Bool(self.chaining))
        .with("drew", Value::Bool(self.drew))
        .with("passes", Value::Int(i64::from(self.passes)))
        .with("turn", Value::Int(i64::from(self.turn)))
        .with("boneyard_size", int(self.boneyard_len()))
        .with("results", Value::List(results))
        .with("totals", Value::ints(self.totals()))
        .with("last", last)
        .with("shown", shown)
        .build()
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![OBSERVATION_LEN]
    }

    /// One layout for every set and seat count (see `docs/mexican_train.md`).
    #[allow(clippy::cast_precision_loss)]
    fn observation_into(&self, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let s = usize::from(seat);
        let mut set = |i: usize, x: f32| {
            if let Some(o) = out.get_mut(i) {
                *o = x;
            }
        };
        for &t in self.hand(s) {
            set(O_HAND + tile_index(t), 1.0);
        }
        for (train, laid) in self.laid().enumerate() {
            let k = self.slot(train);
            for &l in laid {
                set(
                    O_ON_TRAIN + k * TILES + tile_index(super::tiles::tile_of(l >> 4, l & 15)),
                    1.0,
                );
            }
            set(O_END + k * PIPS + usize::from(self.open_end(train)), 1.0);
            set(O_OPEN + k, f32::from(u8::from(self.open[train])));
            set(O_LENGTH + k, laid.len() as f32);
            set(O_IN_PLAY + k, 1.0);
        }
        if self.hands_shown() {
            for (o, hand) in self.hands().enumerate() {
                if o != s {
                    for &t in hand {
                        set(O_SHOWN + tile_index(t), 1.0);
                    }
                }
            }
        }
        for &u in self.uncovered() {
            set(O_UNCOVERED + self.slot(usize::from(u)), 1.0);
        }
        if let Some(&top) = self.uncovered().last() {
            set(O_TO_COVER + self.slot(usize::from(top)), 1.0);
        }
        set(O_SEAT + s, 1.0);
        if let Some(m) = self.to_move() {
            set(O_TO_MOVE + usize::from(m), 1.0);
        }
        let totals = self.totals();
        for (o, hand) in self.hands().enumerate() {
            set(O_SIZES + o, hand.len() as f32);
            set(O_TOTALS + o, totals.get(o).copied().unwrap_or(0) as f32);
            set(O_SEATED + o, 1.0);
        }
        set(O_ENGINE + usize::from(self.engine & 15), 1.0);
        let scalars = [
            self.boneyard_len() as f32,
            f32::from(self.round),
            f32::from(self.rounds),
            self.passes as f32,
            self.turn as f32,
            f32::from(u8::from(self.chaining)),
            f32::from(u8::from(self.drew)),
        ];
        for (i, x) in scalars.into_iter().enumerate() {
            set(O_SCALARS + i, x);
        }
        set(O_PHASE + self.phase as usize, 1.0);
        set(
            O_SET
                + match self.cfg.set {
                    9 => 0,
                    12 => 1,
                    _ => 2,
                },
            1.0,
        );
        if let Some((by, mv)) = self.last {
            set(O_LAST_SEAT + usize::from(by), 1.0);
            let kind = match mv {
                TrainMove::Play { .. } => 0,
                TrainMove::Draw => 1,
                TrainMove::Pass => 2,
                TrainMove::Next => 3,
            };
            set(O_LAST_KIND + kind, 1.0);
        }
    }

    /// The other hands and the boneyard dealt anew from the tiles they hold together: each
    /// hand keeps its size and, tile place by tile place, what its seat has shown it lacked
    /// since it took the tile there ([`Seen`]); the boneyard's order is shuffled; the seed of
    /// the rounds to come is drawn anew. Uniform among such deals (see the docs for the
    /// limits). Once the round is over every hand is face up: only the boneyard is drawn.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Result<Self> {
        let hidden = !self.hands_shown();
        let (out, merged) = self.redeal(usize::from(seat), hidden, rng);
        match out {
            Some(out) => Ok(out),
            // Merged groups are stricter than what was seen: the hands may then admit no
            // deal; the boneyard alone always does.
            None if merged => self
                .redeal(usize::from(seat), false, rng)
                .0
                .ok_or_else(|| resample_failed("no order of the boneyard")),
            None => Err(resample_failed("the draws and passes seen leave no deal")),
        }
    }
}

impl MexicanTrain {
    /// [`Observe::resample`]'s deal: the hands of every seat but `viewer` too when `hands`,
    /// else the boneyard only. Also says whether groups were merged to fit 16 holders.
    fn redeal(&self, viewer: usize, hands: bool, rng: &mut Rng) -> (Option<Self>, bool) {
        let n = self.n();
        // Groups of tile places: (seat, what its tiles must avoid); each hidden hand's places
        // in order, each with the group it takes its new tile from.
        let mut groups: Vec<(usize, u32)> = Vec::new();
        let mut places: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut pool: Vec<u16> = Vec::new();
        if hands {
            for (s, hand) in self.hands().enumerate() {
                if s == viewer {
                    continue;
                }
                for &t in hand {
                    let key = (s, self.seen.of(t));
                    let g = groups.iter().position(|&k| k == key).unwrap_or_else(|| {
                        groups.push(key);
                        groups.len() - 1
                    });
                    places[s].push(g);
                    pool.push(u16::from(t));
                }
            }
        }
        pool.extend(self.bone().iter().map(|&t| u16::from(t)));
        // deal_uniform takes 16 holders, the boneyard one of them: merge the two oldest
        // groups of the seat with most (the merged group avoids both) until they fit.
        let mut merged = false;
        while groups.len() > 15 {
            let mut per_seat = vec![0usize; n];
            for &(s, _) in &groups {
                per_seat[s] += 1;
            }
            let busiest = (0..n).max_by_key(|&s| per_seat[s]).unwrap_or(0);
            let mut mine = (0..groups.len()).filter(|&g| groups[g].0 == busiest);
            let (Some(a), Some(b)) = (mine.next(), mine.next()) else {
                break;
            };
            merged = true;
            groups[a].1 |= groups[b].1;
            groups.remove(b);
            for p in places.iter_mut().flatten() {
                if *p == b {
                    *p = a;
                } else if *p > b {
                    *p -= 1;
                }
            }
        }
        let mut sizes = vec![0usize; groups.len()];
        for &g in places.iter().flatten() {
            sizes[g] += 1;
        }
        sizes.push(self.boneyard_len());
        let masks: Vec<u32> = groups.iter().map(|&(_, m)| m).chain([0]).collect();
        let allows: Vec<_> = masks
            .iter()
            .map(|&mask| move |i: u16| !shows(mask, u8::try_from(i).unwrap_or(u8::MAX)))
            .collect();
        let holders: Vec<Holder<'_>> = sizes
            .iter()
            .zip(&allows)
            .map(|(&size, allows)| Holder { size, allows })
            .collect();
        // The exact count behind deal_uniform grows with the product of the holders' sizes:
        // past a bound (many seats late in a round), a long chain of allowed swaps from the
        // deal in hand instead (every state it visits fits; its limit is uniform).
        let space = sizes.iter().fold(1f64, |p, &k| {
            p * (f64::from(u32::try_from(k).unwrap_or(u32::MAX)) + 1.0)
        });
        let dealt = if space <= EXACT_SPACE {
            deal_uniform(&pool, &holders, rng)
        } else {
            // the chain starts from the deal in hand: the pool in holder order
            let mut by_group: Vec<Vec<u16>> = vec![Vec::new(); sizes.len()];
            for (s, hand) in self.hands().enumerate() {
                for (&g, &t) in places[s].iter().zip(hand) {
                    by_group[g].push(u16::from(t));
                }
            }
            if let Some(last) = by_group.last_mut() {
                last.extend(self.bone().iter().map(|&t| u16::from(t)));
            }
            let start: Vec<u16> = by_group.concat();
            Some(swap_chain(&start, &sizes, &masks, rng))
        };
        let Some(dealt) = dealt else {
            return (None, merged);
        };
        let mut dealt: Vec<Vec<Tile>> = dealt
            .into_iter()
            .map(|d| d.into_iter().filter_map(|i| u8::try_from(i).ok()).collect())
            .collect();
        let bone = dealt.pop().unwrap_or_default();
        let mut out = self.clone();
        let mut new_hands: Vec<Vec<Tile>> = self.hands().map(<[Tile]>::to_vec).collect();
        for (s, hand) in new_hands.iter_mut().enumerate() {
            for (k, &g) in places[s].iter().enumerate() {
                let Some(t) = dealt[g].pop() else {
                    return (None, merged);
                };
                hand[k] = t;
                out.seen.0[tile_index(t)] = groups[g].1;
            }
        }
        for &t in &bone {
            out.seen.clear(t);
        }
        let laid: Vec<Vec<u8>> = self.laid().map(<[u8]>::to_vec).collect();
        out.set_tiles(&new_hands, &laid, &bone);
        out.seed32 = u32::try_from(rng.next_u64() >> 32).unwrap_or(0);
        (Some(out), merged)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Doubles, Length, MexicanStart, TrainConfig};
    use super::*;
    use std::collections::HashMap;

    fn config(set: u8, players: u8, doubles: Doubles, mexican: MexicanStart) -> TrainConfig {
        TrainConfig {
            set,
            players,
            length: Length::Short,
            doubles,
            mexican,
            views: true,
        }
    }

    /// The round-start position `start` with the hands and boneyard a resampled `r` implies:
    /// each hidden tile of seat `w` mapped place by place (`real` hand -> `r` hand), the
    /// draws seen (`draws`, oldest first) mapped the same way, the boneyard `r`'s with the
    /// draws back on top.
    fn implied_start(
        start: &MexicanTrain,
        real: &MexicanTrain,
        r: &MexicanTrain,
        draws: &[(usize, Tile)],
    ) -> MexicanTrain {
        let n = real.n();
        let mut map: Vec<HashMap<Tile, Tile>> = vec![HashMap::new(); n];
        for (w, m) in map.iter_mut().enumerate() {
            for (&a, &b) in real.hand(w).iter().zip(r.hand(w)) {
                m.insert(a, b);
            }
        }
        let hands: Vec<Vec<Tile>> = (0..n)
            .map(|w| {
                start
                    .hand(w)
                    .iter()
                    .map(|t| *map[w].get(t).unwrap_or(t))
                    .collect()
            })
            .collect();
        let mut bone = r.bone().to_vec();
        for &(w, d) in draws.iter().rev() {
            bone.push(*map[w].get(&d).unwrap_or(&d));
        }
        let mut g = start.clone();
        g.set_tiles(&hands, &[], &bone);
        g.seed32 = r.seed32;
        g.seen = Seen::default();
        g
    }

    /// Random playouts; at every step and for every seat, a resampled state keeps the seat's
    /// view, observation and tiles, every train, and the sizes; and the moves of the round
    /// so far replay, without a refusal, from the deal it implies, to the resampled state
    /// itself (whose shown masks are at least those the replay finds).
    fn resample_replays(cfg: TrainConfig, seeds: std::ops::Range<u32>, max_steps: usize) -> usize {
        let mut rng = Rng::new(u64::from(cfg.set) * 31 + u64::from(cfg.players));
        let mut changed = 0;
        for seed in seeds {
            let mut s = MexicanTrain::new(cfg, seed).unwrap();
            let mut start = s.clone();
            let mut moves: Vec<TrainMove> = Vec::new();
            let mut draws: Vec<(usize, Tile)> = Vec::new();
            let mut step = 0;
            while !s.is_terminal() && step < max_steps {
                step += 1;
                for seat in 0..cfg.players {
                    let r = s.resample(seat, &mut rng).unwrap();
                    assert_eq!(r.view(seat), s.view(seat));
                    assert_eq!(r.observation(seat), s.observation(seat));
                    assert_eq!(r.hand(usize::from(seat)), s.hand(usize::from(seat)));
                    assert!(r.laid().eq(s.laid()));
                    assert_eq!(r.zobrist(), r.full_hash());
                    if s.phase() != Phase::Playing {
                        assert!(r.hands().eq(s.hands()), "hands are face up");
                    }
                    changed += usize::from(!r.hands().eq(s.hands()));
                    let mut replay = implied_start(&start, &s, &r, &draws);
                    for (i, &mv) in moves.iter().enumerate() {
                        if let Err(e) = replay.apply_mut(mv) {
                            panic!("seed {seed} seat {seat}: move {i} {mv:?} refused: {e:?}");
                        }
                    }
                    assert_eq!(replay, r, "seed {seed} seat {seat}");
                    for w in 0..s.n() {
                        for &t in r.hand(w) {
                            let (got, want) = (r.seen.of(t), replay.seen.of(t));
                            assert_eq!(got & want, want, "tile {t} of seat {w}");
                        }
                    }
                }
                let legal = s.train_moves();
                let mv = legal[rng.index(legal.len())];
                let mover = usize::from(s.to_play());
                let before = s.hand(mover).to_vec();
                s.apply_mut(mv).unwrap();
                match mv {
                    TrainMove::Next => {
                        start = s.clone();
                        moves.clear();
                        draws.clear();
                    }
                    TrainMove::Draw => {
                        let got = s.hand(mover).last().copied().unwrap();
                        assert!(!before.contains(&got));
                        draws.push((mover, got));
                        moves.push(mv);
                    }
                    _ => moves.push(mv),
                }
            }
        }
        changed
    }

    #[test]
    fn resample_keeps_the_view_and_replays_the_round() {
        let one = resample_replays(config(9, 2, Doubles::One, MexicanStart::Any), 0..6, 300);
        let chain = resample_replays(
            config(9, 3, Doubles::Chain, MexicanStart::OwnFirst),
            0..5,
            300,
        );
        let four = resample_replays(config(12, 4, Doubles::One, MexicanStart::Any), 0..2, 200);
        assert!(one > 0 && chain > 0 && four > 0);
    }

    #[test]
    fn resample_replays_with_many_seats() {
        // Eight seats of double-fifteen: many groups of shown ends, merged to fit the deal.
        let cfg = config(15, 8, Doubles::Chain, MexicanStart::Any);
        assert!(resample_replays(cfg, 0..1, 150) > 0);
        let cfg = config(12, 6, Doubles::One, MexicanStart::OwnFirst);
        assert!(resample_replays(cfg, 0..1, 150) > 0);
    }

    /// A seat that drew and passed holds no tile fitting the ends it could not play to: no
    /// resampled hand gives it one.
    #[test]
    fn a_pass_shows_the_ends_a_seat_lacks() {
        let mut rng = Rng::new(8);
        let mut checked = 0;
        for seed in 0..30 {
            let mut s =
                MexicanTrain::new(config(9, 3, Doubles::One, MexicanStart::Any), seed).unwrap();
            while !s.is_terminal() && s.round() == 0 {
                let legal = s.train_moves();
                let mv = legal[rng.index(legal.len())];
                let mover = usize::from(s.to_play());
                let mask = s.no_play_mask();
                s.apply_mut(mv).unwrap();
                if mv == TrainMove::Pass && s.phase() == Phase::Playing {
                    let viewer = u8::try_from((mover + 1) % 3).unwrap();
                    for _ in 0..20 {
                        let r = s.resample(viewer, &mut rng).unwrap();
                        assert!(r.hand(mover).iter().all(|&t| !shows(mask, t)));
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 10);
    }

    #[test]
    fn observation_offsets_are_the_documented_ones() {
        let offsets = [
            O_HAND,
            O_ON_TRAIN,
            O_SHOWN,
            O_END,
            O_OPEN,
            O_LENGTH,
            O_IN_PLAY,
            O_UNCOVERED,
            O_TO_COVER,
            O_SEAT,
            O_TO_MOVE,
            O_SIZES,
            O_TOTALS,
            O_SEATED,
            O_ENGINE,
            O_SCALARS,
            O_PHASE,
            O_SET,
            O_LAST_SEAT,
            O_LAST_KIND,
            OBSERVATION_LEN,
        ];
        let documented = [
            0, 136, 1360, 1496, 1640, 1649, 1658, 1667, 1676, 1685, 1693, 1701, 1709, 1717, 1725,
            1741, 1748, 1751, 1754, 1762, 1766,
        ];
        assert_eq!(offsets, documented);
        let every = super::super::tiles::every_tile(15);
        assert!(every.iter().enumerate().all(|(i, &t)| tile_index(t) == i));
    }

    #[test]
    fn views_hide_other_hands_and_the_boneyard() {
        let s = MexicanTrain::new(config(12, 3, Doubles::One, MexicanStart::Any), 5).unwrap();
        let text = s.view(0).to_json();
        for w in 1..3 {
            for &t in s.hand(w) {
                assert!(!text.contains(&format!("\"{t}\"")), "tile {t} of seat {w}");
            }
        }
        for &t in s.bone() {
            assert!(!text.contains(&format!("\"{t}\"")), "boneyard tile {t}");
        }
        assert_eq!(s.observation(0).len(), OBSERVATION_LEN);
        // Swap a tile between seats 1 and 2, and one of seat 1's with the boneyard: seat 0
        // sees no difference, seat 1 does.
        let mut hands: Vec<Vec<Tile>> = s.hands().map(<[Tile]>::to_vec).collect();
        let mut bone = s.bone().to_vec();
        let (a, b) = (hands[1][0], hands[2][0]);
        hands[1][0] = b;
        hands[2][0] = a;
        std::mem::swap(&mut hands[1][1], &mut bone[0]);
        bone.reverse();
        let mut t = s.clone();
        t.set_tiles(&hands, &[], &bone);
        assert_ne!(t, s);
        assert_eq!(t.view(0), s.view(0));
        assert_eq!(t.observation(0), s.observation(0));
        assert_ne!(t.view(1), s.view(1));
        assert_ne!(t.observation(1), s.observation(1));
        assert_ne!(t.view(2), s.view(2));
        // The seed is not seen either.
        let mut u = s.clone();
        u.seed32 ^= 0xDEAD_BEEF;
        assert_eq!(u.view(1), s.view(1));
        assert_eq!(u.observation(1), s.observation(1));
    }

    /// At the start of a round nothing is shown: each hidden tile falls in each hidden place
    /// (another seat's hand or the boneyard) about in proportion to its size.
    #[test]
    fn an_unconstrained_resample_is_uniform() {
        let s = MexicanTrain::new(config(9, 3, Doubles::One, MexicanStart::Any), 2).unwrap();
        let t = s.hand(1)[0];
        let mut rng = Rng::new(4);
        let mut counts = [0u32; 3];
        let runs = 20_000u32;
        for _ in 0..runs {
            let r = s.resample(0, &mut rng).unwrap();
            let place = if r.hand(1).contains(&t) {
                0
            } else if r.hand(2).contains(&t) {
                1
            } else {
                2
            };
            counts[place] += 1;
        }
        let hidden = s.hand(1).len() + s.hand(2).len() + s.boneyard_len();
        let sizes = [s.hand(1).len(), s.hand(2).len(), s.boneyard_len()];
        for (c, size) in counts.iter().zip(sizes) {
            #[allow(clippy::cast_precision_loss)]
            let expect = f64::from(runs) * size as f64 / hidden as f64;
            assert!(
                (f64::from(*c) - expect).abs() < expect * 0.08,
                "{c} vs {expect}"
            );
        }
    }

    #[test]
    fn seen_is_outside_equality_and_hashing() {
        let mut rng = Rng::new(1);
        let mut s = MexicanTrain::new(config(9, 2, Doubles::One, MexicanStart::Any), 3).unwrap();
        while !s.train_moves().contains(&TrainMove::Draw) {
            let legal = s.train_moves();
            s.apply_mut(legal[rng.index(legal.len())]).unwrap();
        }
        let mut t = s.clone();
        let before = s.clone();
        s.apply_mut(TrainMove::Draw).unwrap();
        t.apply_mut(TrainMove::Draw).unwrap();
        let held = before.hand(usize::from(before.to_play()))[0];
        assert_ne!(s.seen.of(held), 0, "a draw shows the ends lacked");
        t.seen = Seen::default();
        assert_eq!(s, t);
        assert_eq!(s.zobrist(), t.zobrist());
        // Nor in what the notation holds of the position.
        assert!(s.hands().eq(t.hands()) && s.laid().eq(t.laid()));
        assert_eq!(
            (s.round(), s.engine(), s.phase(), s.to_play(), s.boneyard()),
            (t.round(), t.engine(), t.phase(), t.to_play(), t.boneyard())
        );
    }
}
