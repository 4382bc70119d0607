//! What a seat may see, written once for every game: the [`Observe`] trait (a seat's view, its
//! observation vector and resampling of what it cannot see), the JSON-ready [`Value`] a view is
//! made of, and [`deal_uniform`], the uniform constrained deal that resampling draws from.
//!
//! A *view* holds everything `seat` may know and nothing else: its own cards or tiles, the
//! public cards, how many cards each other seat holds, scores, whose turn it is, and its legal
//! moves when it is to move. Never another seat's hidden cards, the stock's order or the seed.
//!
//! Every game's view is a [`Value::Map`] that starts with the same keys, in this order:
//!
//! | key | JSON | what |
//! |---|---|---|
//! | `game` | string | the simulator id (`whist`, `dalmara-4p`, `durak`, …) |
//! | `seat` | int | the seat the view is for |
//! | `to_move` | int or null | the seat to move, null when the game is over |
//! | `is_terminal` | bool | the game is over |
//! | `hand` | list of strings | the seat's own cards or tiles, in the game's spelling |
//! | `hand_sizes` | list of ints | how many cards or tiles each seat holds, by seat |
//! | `legal_moves` | list of strings | the seat's legal moves (the text `apply` accepts), empty unless it is to move |
//! | `legal_actions` | list of ints | the same moves as action ids (the `legal_mask` indices) |
//! | `returns` | list of numbers | `returns()` of the state (public: points, tricks, wins so far) |
//!
//! and goes on with the game's own public parts (documented in each game's docs).
//!
//! ```
//! use parlour_core::view::{Observe, Value};
//! use parlour_core::game::GameState;
//! use parlour_core::games::whist::{Whist, WhistConfig};
//! use parlour_core::rng::Rng;
//! let state = Whist::new(&WhistConfig::default(), 7)?;
//! let view = state.view(1);
//! assert_eq!(view.get("seat"), Some(&Value::Int(1)));
//! let other = state.resample(1, &mut Rng::new(3))?;
//! assert_eq!(other.view(1), view);
//! # Ok::<_, parlour_core::Error>(())
//! ```

use crate::error::{Common, Error, Result};
use crate::game::{GameState, Seat};
use crate::rng::{shuffle, Rng};
use std::collections::HashMap;
use std::fmt::Write as _;

/// A JSON-ready value: what views are made of. Maps keep their keys in insertion order.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// JSON `null`.
    Null,
    /// JSON `true`/`false`.
    Bool(bool),
    /// A JSON integer.
    Int(i64),
    /// A JSON number that is not an integer (a finite `f64`).
    Float(f64),
    /// A JSON string.
    Str(String),
    /// A JSON array.
    List(Vec<Value>),
    /// A JSON object, keys in order.
    Map(Vec<(String, Value)>),
}

impl Value {
    /// The value of `key` in a map, `None` for a missing key or a value that is not a map.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Map(items) => items.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// A list of strings.
    pub fn strs<I: IntoIterator<Item = S>, S: Into<String>>(items: I) -> Value {
        Value::List(items.into_iter().map(|s| Value::Str(s.into())).collect())
    }

    /// A list of integers.
    pub fn ints<I: IntoIterator<Item = N>, N: Into<i64>>(items: I) -> Value {
        Value::List(items.into_iter().map(|n| Value::Int(n.into())).collect())
    }

    /// A list of numbers from `f32` values (integral ones as [`Value::Int`], so that JSON
    /// shows `3`, not `3.0`).
    pub fn numbers<I: IntoIterator<Item = f32>>(items: I) -> Value {
        Value::List(items.into_iter().map(Value::number).collect())
    }

    /// A number: [`Value::Int`] when `x` is integral, else [`Value::Float`] (non-finite: null).
    #[must_use]
    pub fn number(x: f32) -> Value {
        let x = f64::from(x);
        if !x.is_finite() {
            Value::Null
        } else if x.fract() == 0.0 && x.abs() < 9.0e15 {
            // Exact: |x| < 2^53 and integral.
            #[allow(clippy::cast_possible_truncation)]
            Value::Int(x as i64)
        } else {
            Value::Float(x)
        }
    }

    /// An optional seat: the seat as an int, or null.
    #[must_use]
    pub fn seat(seat: Option<Seat>) -> Value {
        seat.map_or(Value::Null, |s| Value::Int(i64::from(s)))
    }

    /// The value as compact JSON text.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    fn write_json(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Value::Float(x) if x.is_finite() => {
                let _ = write!(out, "{x:?}");
            }
            Value::Float(_) => out.push_str("null"),
            Value::Str(s) => write_json_str(s, out),
            Value::List(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write_json(out);
                }
                out.push(']');
            }
            Value::Map(items) => {
                out.push('{');
                for (i, (k, v)) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_json_str(k, out);
                    out.push(':');
                    v.write_json(out);
                }
                out.push('}');
            }
        }
    }
}

fn write_json_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Builds a view map: the common keys first (see the module docs), then the game's own.
#[derive(Debug)]
pub struct ViewBuilder(Vec<(String, Value)>);

impl ViewBuilder {
    /// The common keys of every view, in order.
    #[allow(clippy::too_many_arguments)]
    #[must_use]
    pub fn new(
        game: &str,
        seat: Seat,
        to_move: Option<Seat>,
        is_terminal: bool,
        hand: Vec<String>,
        hand_sizes: Vec<usize>,
        legal_moves: Vec<String>,
        legal_actions: Vec<usize>,
        returns: &[f32],
    ) -> ViewBuilder {
        let count = |n: usize| Value::Int(i64::try_from(n).unwrap_or(i64::MAX));
        ViewBuilder(vec![
            ("game".into(), Value::Str(game.into())),
            ("seat".into(), Value::Int(i64::from(seat))),
            ("to_move".into(), Value::seat(to_move)),
            ("is_terminal".into(), Value::Bool(is_terminal)),
            ("hand".into(), Value::strs(hand)),
            (
                "hand_sizes".into(),
                Value::List(hand_sizes.into_iter().map(count).collect()),
            ),
            ("legal_moves".into(), Value::strs(legal_moves)),
            (
                "legal_actions".into(),
                Value::List(legal_actions.into_iter().map(count).collect()),
            ),
            ("returns".into(), Value::numbers(returns.iter().copied())),
        ])
    }

    /// Add a game-specific key.
    #[must_use]
    pub fn with(mut self, key: &str, value: Value) -> ViewBuilder {
        self.0.push((key.into(), value));
        self
    }

    /// The finished view.
    #[must_use]
    pub fn build(self) -> Value {
        Value::Map(self.0)
    }
}

/// What each seat may see, on every game's state.
///
/// The three methods agree: [`Observe::observation_into`] encodes exactly what
/// [`Observe::view`] shows (so two states that differ only in cards `seat` cannot see give
/// equal views and equal observations), and every state [`Observe::resample`] returns has the
/// same view for `seat` as `self`.
pub trait Observe: GameState {
    /// The view of `seat` (`seat < num_seats()`; callers check with [`check_seat`]).
    fn view(&self, seat: Seat) -> Value;

    /// The shape of [`Observe::observation_into`]'s array; fixed for a game and its options.
    fn observation_shape(&self) -> Vec<usize>;

    /// Write the observation of `seat` into `out`, whose length is the product of
    /// [`Observe::observation_shape`] (row-major); every entry is written.
    fn observation_into(&self, seat: Seat, out: &mut [f32]);

    /// A complete state consistent with the view of `seat` and with everything that seat has
    /// seen happen in the play this state knows of, drawn uniformly among such states as far
    /// as the game allows (each game's docs say how far). `seat`'s own cards and everything
    /// public are kept; only what `seat` cannot see is drawn anew from `rng`.
    ///
    /// # Errors
    /// `RESAMPLE_FAILED` (invalid state) when no consistent state exists, which only a
    /// position built by hand with contradictory parts can cause.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Result<Self>;

    /// The observation of `seat` as a new vector.
    fn observation(&self, seat: Seat) -> Vec<f32> {
        let len = self.observation_shape().iter().product();
        let mut out = vec![0.0; len];
        self.observation_into(seat, &mut out);
        out
    }
}

/// `seat` as a [`Seat`] of `state`.
///
/// # Errors
/// `INVALID_SEAT` (config) when `seat` is not in `0..num_seats()`.
pub fn check_seat<S: GameState>(state: &S, seat: i64) -> Result<Seat> {
    let n = state.num_seats();
    usize::try_from(seat)
        .ok()
        .filter(|&s| s < n)
        .and_then(|s| Seat::try_from(s).ok())
        .ok_or_else(|| {
            Error::config(
                Common::InvalidSeat,
                format!("seat must be an integer from 0 to {}, not {seat}", n - 1),
            )
        })
}

/// The error of a resample that found no consistent state.
#[must_use]
pub fn resample_failed(why: &str) -> Error {
    Error::invalid_state(
        Common::ResampleFailed,
        format!("no state is consistent with what the seat has seen: {why}"),
    )
}

/// One receiver of a uniform constrained deal: how many items it gets, and which it may get.
pub struct Holder<'a> {
    /// The number of items it receives.
    pub size: usize,
    /// Whether it may receive an item (by item id).
    pub allows: &'a dyn Fn(u16) -> bool,
}

impl std::fmt::Debug for Holder<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Holder").field("size", &self.size).finish()
    }
}

/// Deal `pool` (item ids: cards' bit indices, tiles' ids) to `holders`, holder `h` receiving
/// `holders[h].size` items that it allows, every such deal equally likely. Returns each
/// holder's items (in random order, so a holder that stands for a stock gets a uniformly
/// shuffled stock), or `None` when no deal fits (sizes that do not add up to the pool, or
/// constraints that cannot all hold).
///
/// Items are grouped by the set of holders that allow them; a few rejection tries of a plain
/// shuffle come first (exact, and quick when the constraints are loose), then an exact count of
/// the deals that fit, class by class, draws one in proportion. At most 16 holders.
#[must_use]
pub fn deal_uniform(pool: &[u16], holders: &[Holder<'_>], rng: &mut Rng) -> Option<Vec<Vec<u16>>> {
    if holders.len() > 16 || holders.iter().map(|h| h.size).sum::<usize>() != pool.len() {
        return None;
    }
    let masks: Vec<u16> = pool
        .iter()
        .map(|&item| {
            holders
                .iter()
                .enumerate()
                .filter(|(_, h)| (h.allows)(item))
                .fold(0u16, |m, (i, _)| m | (1 << i))
        })
        .collect();
    // Rejection: a plain shuffle dealt in order, kept when every item is allowed where it fell.
    let mut items: Vec<(u16, u16)> = pool.iter().copied().zip(masks.iter().copied()).collect();
    for _ in 0..24 {
        shuffle(&mut items, rng);
        let mut at = 0;
        let mut ok = true;
        'check: for (h, holder) in holders.iter().enumerate() {
            for &(_, mask) in &items[at..at + holder.size] {
                if mask & (1 << h) == 0 {
                    ok = false;
                    break 'check;
                }
            }
            at += holder.size;
        }
        if ok {
            let mut out = Vec::with_capacity(holders.len());
            let mut at = 0;
            for holder in holders {
                out.push(items[at..at + holder.size].iter().map(|x| x.0).collect());
                at += holder.size;
            }
            return Some(out);
        }
    }
    exact_deal(pool, &masks, holders, rng)
}

/// The exact draw of [`deal_uniform`]: classes of items with the same allowed holders; the
/// number of deals that fit is counted class by class (memoised on the capacities left), and
/// each class's split among its holders is drawn in proportion to the deals it leaves.
fn exact_deal(
    pool: &[u16],
    masks: &[u16],
    holders: &[Holder<'_>],
    rng: &mut Rng,
) -> Option<Vec<Vec<u16>>> {
    let mut classes: Vec<(u16, Vec<u16>)> = Vec::new();
    for (&item, &mask) in pool.iter().zip(masks) {
        if mask == 0 {
            return None;
        }
        match classes.iter_mut().find(|(m, _)| *m == mask) {
            Some((_, v)) => v.push(item),
            None => classes.push((mask, vec![item])),
        }
    }
    // Most constrained classes first: fewer splits near the root.
    classes.sort_by_key(|(m, v)| (m.count_ones(), v.len()));
    let caps: Vec<u8> = holders
        .iter()
        .map(|h| u8::try_from(h.size).unwrap_or(u8::MAX))
        .collect();
    if holders.iter().any(|h| h.size > 255) {
        return None;
    }
    let mut counter = Counter {
        classes: &classes,
        memo: HashMap::new(),
    };
    if counter.count(0, &caps) <= 0.0 {
        return None;
    }
    let mut out: Vec<Vec<u16>> = vec![Vec::new(); holders.len()];
    let mut caps = caps;
    for (j, (mask, items)) in classes.iter().enumerate() {
        let splits = splits(*mask, items.len(), &caps);
        let weights: Vec<f64> = splits
            .iter()
            .map(|x| {
                let rest: Vec<u8> = caps.iter().zip(x).map(|(c, k)| c - k).collect();
                multinomial(items.len(), x) * counter.count(j + 1, &rest)
            })
            .collect();
        let total: f64 = weights.iter().sum();
        let mut pick = rng.next_f64() * total;
        let mut chosen = splits.len() - 1;
        for (i, w) in weights.iter().enumerate() {
            if *w > 0.0 {
                chosen = i;
                if pick < *w {
                    break;
                }
                pick -= w;
            }
        }
        let x = &splits[chosen];
        let mut shuffled = items.clone();
        shuffle(&mut shuffled, rng);
        let mut at = 0;
        for (h, &k) in x.iter().enumerate() {
            out[h].extend_from_slice(&shuffled[at..at + k as usize]);
            at += k as usize;
            caps[h] -= k;
        }
    }
    for hand in &mut out {
        shuffle(hand, rng);
    }
    Some(out)
}

struct Counter<'a> {
    classes: &'a [(u16, Vec<u16>)],
    memo: HashMap<(usize, Vec<u8>), f64>,
}

impl Counter<'_> {
    /// The number of ways to deal classes `j..` into capacities `caps` exactly.
    fn count(&mut self, j: usize, caps: &[u8]) -> f64 {
        if j == self.classes.len() {
            return if caps.iter().all(|&c| c == 0) {
                1.0
            } else {
                0.0
            };
        }
        let key = (j, caps.to_vec());
        if let Some(&n) = self.memo.get(&key) {
            return n;
        }
        let (mask, items) = &self.classes[j];
        let mut total = 0.0;
        for x in splits(*mask, items.len(), caps) {
            let rest: Vec<u8> = caps.iter().zip(&x).map(|(c, k)| c - k).collect();
            let n = self.count(j + 1, &rest);
            if n > 0.0 {
                total += multinomial(items.len(), &x) * n;
            }
        }
        self.memo.insert(key, total);
        total
    }
}

/// Every split of `n` items among the holders in `mask`, none above its capacity.
fn splits(mask: u16, n: usize, caps: &[u8]) -> Vec<Vec<u8>> {
    let allowed: Vec<usize> = (0..caps.len()).filter(|&h| mask & (1 << h) != 0).collect();
    let mut out = Vec::new();
    let mut x = vec![0u8; caps.len()];
    fn rec(allowed: &[usize], left: usize, caps: &[u8], x: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let Some((&h, rest)) = allowed.split_first() else {
            if left == 0 {
                out.push(x.clone());
            }
            return;
        };
        let room: usize = rest.iter().map(|&r| caps[r] as usize).sum();
        let lo = left.saturating_sub(room);
        let hi = left.min(caps[h] as usize);
        for k in lo..=hi {
            x[h] = u8::try_from(k).unwrap_or(0);
            rec(rest, left - k, caps, x, out);
        }
        x[h] = 0;
    }
    rec(&allowed, n, caps, &mut x, &mut out);
    out
}

/// `n! / prod(x_i!)` as an `f64`.
fn multinomial(n: usize, x: &[u8]) -> f64 {
    let mut r = 1.0;
    let mut k = 0usize;
    for &xi in x {
        for i in 1..=xi as usize {
            k += 1;
            #[allow(clippy::cast_precision_loss)]
            {
                r *= k as f64 / i as f64;
            }
        }
    }
    debug_assert_eq!(k, n);
    r
}

/// The bit index of each card in `set` as an item id for [`deal_uniform`].
#[must_use]
pub fn card_items(set: crate::cards::CardSet) -> Vec<u16> {
    set.iter().map(|c| u16::from(c.index())).collect()
}

/// The cards of a list of item ids (bit indices of cards) as a set.
#[must_use]
pub fn card_set(items: &[u16]) -> crate::cards::CardSet {
    items
        .iter()
        .filter_map(|&i| {
            u8::try_from(i)
                .ok()
                .and_then(crate::cards::Card::from_index)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_text_escapes_and_orders() {
        let v = Value::Map(vec![
            ("a".into(), Value::Int(-3)),
            ("b".into(), Value::strs(["x\"y", "\u{1}"])),
            ("c".into(), Value::number(2.5)),
            ("d".into(), Value::number(4.0)),
            ("e".into(), Value::Null),
            ("f".into(), Value::Bool(true)),
        ]);
        assert_eq!(
            v.to_json(),
            r#"{"a":-3,"b":["x\"y","\u0001"],"c":2.5,"d":4,"e":null,"f":true}"#
        );
        assert_eq!(v.get("d"), Some(&Value::Int(4)));
        assert_eq!(v.get("z"), None);
    }

    #[test]
    fn uniform_deal_respects_constraints_and_is_uniform() {
        // Items 0..6 to three holders of 2; holder 0 may not take items 0..3 (a void), holder
        // 2 may not take item 5. Count how often each fitting deal comes up.
        let no_low = |i: u16| i >= 3;
        let any = |_: u16| true;
        let not5 = |i: u16| i != 5;
        let holders = [
            Holder {
                size: 2,
                allows: &no_low,
            },
            Holder {
                size: 2,
                allows: &any,
            },
            Holder {
                size: 2,
                allows: &not5,
            },
        ];
        let pool: Vec<u16> = (0..6).collect();
        let mut rng = Rng::new(5);
        let mut seen: HashMap<Vec<Vec<u16>>, u32> = HashMap::new();
        let n = 30_000;
        for _ in 0..n {
            let mut deal = deal_uniform(&pool, &holders, &mut rng).unwrap();
            for h in &mut deal {
                h.sort_unstable();
            }
            assert!(deal[0].iter().all(|&i| i >= 3));
            assert!(!deal[2].contains(&5));
            *seen.entry(deal).or_default() += 1;
        }
        // Holder 0 takes two of {3,4,5}; the rest fill holders 1 and 2 with 5 not in holder 2.
        // Deals: {3,4}: 6 splits of {0,1,2,5} with 5 in holder 1 -> 3; {3,5}: 6; {4,5}: 6 => 15.
        assert_eq!(seen.len(), 15);
        let expect = f64::from(n) / 15.0;
        for &c in seen.values() {
            assert!(
                (f64::from(c) - expect).abs() < expect * 0.1,
                "{c} vs {expect}"
            );
        }
        // The exact path alone gives the same support.
        let masks: Vec<u16> = pool
            .iter()
            .map(|&i| {
                holders
                    .iter()
                    .enumerate()
                    .filter(|(_, h)| (h.allows)(i))
                    .fold(0, |m, (k, _)| m | (1 << k))
            })
            .collect();
        let mut exact: HashMap<Vec<Vec<u16>>, u32> = HashMap::new();
        for _ in 0..15_000 {
            let mut deal = exact_deal(&pool, &masks, &holders, &mut rng).unwrap();
            for h in &mut deal {
                h.sort_unstable();
            }
            *exact.entry(deal).or_default() += 1;
        }
        assert_eq!(exact.len(), 15);
        for &c in exact.values() {
            assert!((f64::from(c) - 1000.0).abs() < 150.0, "{c}");
        }
    }

    #[test]
    fn impossible_deals_are_none() {
        let none = |_: u16| false;
        let any = |_: u16| true;
        let pool: Vec<u16> = (0..4).collect();
        let mut rng = Rng::new(1);
        let holders = [
            Holder {
                size: 2,
                allows: &none,
            },
            Holder {
                size: 2,
                allows: &any,
            },
        ];
        assert!(deal_uniform(&pool, &holders, &mut rng).is_none());
        let short = [Holder {
            size: 3,
            allows: &any,
        }];
        assert!(deal_uniform(&pool, &short, &mut rng).is_none());
    }

    #[test]
    fn a_tight_deal_of_39_cards_is_found() {
        // Three holders of 13; holder h may take only items whose id % 3 != h... plus one
        // holder void in a 13-card block: the rejection tries fail, the exact count finds one.
        let a = |i: u16| i >= 13;
        let b = |i: u16| !(13..26).contains(&i);
        let c = |i: u16| i < 26;
        let holders = [
            Holder {
                size: 13,
                allows: &a,
            },
            Holder {
                size: 13,
                allows: &b,
            },
            Holder {
                size: 13,
                allows: &c,
            },
        ];
        let pool: Vec<u16> = (0..39).collect();
        let mut rng = Rng::new(9);
        for _ in 0..20 {
            let deal = deal_uniform(&pool, &holders, &mut rng).unwrap();
            assert!(deal[0].iter().all(|&i| a(i)));
            assert!(deal[1].iter().all(|&i| b(i)));
            assert!(deal[2].iter().all(|&i| c(i)));
            assert_eq!(deal.iter().map(Vec::len).sum::<usize>(), 39);
        }
    }
}
