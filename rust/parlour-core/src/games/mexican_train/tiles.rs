//! Dominoes: tiles, laid tiles, the sets, and the source engine's seeded random stream
//! (mulberry32) and Fisher–Yates shuffle.
//!
//! A tile is `low * 16 + high` (`low <= high`); a laid tile is `from * 16 + to`, `from` being the
//! end that touches the train. Base 16 for every set.

/// A tile, `low * 16 + high`.
pub type Tile = u8;

/// The base both ends are written in.
pub const PIP_BASE: u8 = 16;

/// The tile with ends `a` and `b` (each below 16), whichever order they come in.
#[must_use]
#[inline]
pub fn tile_of(a: u8, b: u8) -> Tile {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    (lo & 15) * PIP_BASE + (hi & 15)
}

/// The two ends of a tile, `(tile / 16, tile % 16)`.
#[must_use]
#[inline]
pub fn ends_of(tile: Tile) -> (u8, u8) {
    (tile >> 4, tile & 15)
}

/// Both ends equal.
#[must_use]
#[inline]
pub fn is_double(tile: Tile) -> bool {
    tile >> 4 == tile & 15
}

/// The pips on a tile.
#[must_use]
#[inline]
pub fn pips_of(tile: Tile) -> u32 {
    u32::from(tile >> 4) + u32::from(tile & 15)
}

/// Whether the tile has `end` at either end.
#[must_use]
#[inline]
pub fn fits(tile: Tile, end: u8) -> bool {
    tile >> 4 == end || tile & 15 == end
}

/// The end left open when `tile` is laid against `end`.
#[must_use]
#[inline]
pub fn other_end(tile: Tile, end: u8) -> u8 {
    if tile >> 4 == end {
        tile & 15
    } else {
        tile >> 4
    }
}

/// The tile laid against `end`, as `from * 16 + to`.
#[must_use]
#[inline]
pub fn laid_against(tile: Tile, end: u8) -> u8 {
    let (lo, hi) = ends_of(tile);
    if lo == end {
        lo * PIP_BASE + hi
    } else {
        hi * PIP_BASE + lo
    }
}

/// Every tile of the set whose highest double is `set`, ascending.
#[must_use]
pub fn every_tile(set: u8) -> Vec<Tile> {
    let top = set.min(15);
    let mut out = Vec::with_capacity(usize::from(top + 1) * usize::from(top + 2) / 2);
    for lo in 0..=top {
        for hi in lo..=top {
            out.push(lo * PIP_BASE + hi);
        }
    }
    out
}

/// Tiles dealt to each seat.
#[must_use]
pub fn hand_size_for(set: u8, players: usize) -> usize {
    let col = match set {
        9 => 0,
        15 => 2,
        _ => 1,
    };
    let row: [usize; 3] = if players <= 4 {
        [10, 15, 15]
    } else if players <= 6 {
        [8, 12, 13]
    } else {
        [6, 10, 12]
    };
    row[col]
}

/// Rounds in a game: one per double (`full`), or the first half of them.
#[must_use]
pub fn rounds_for(set: u8, full: bool) -> u8 {
    if full {
        set + 1
    } else {
        (set + 2) / 2
    }
}

/// The engine's PRNG, mulberry32 over one `u32` of state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mulberry32(pub u32);

impl Mulberry32 {
    /// The next output as a `u32` (the float the engine returns is this over 2^32).
    pub fn next_u32(&mut self) -> u32 {
        self.0 = self.0.wrapping_add(0x6D2B_79F5);
        let s = self.0;
        let mut t = (s ^ (s >> 15)).wrapping_mul(s | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        t ^ (t >> 14)
    }
}

/// The engine's shuffle: Fisher–Yates from the end, `j = floor(random() * (i + 1))`.
pub fn shuffle_in_place<T>(items: &mut [T], rng: &mut Mulberry32) {
    for i in (1..items.len()).rev() {
        let r = u64::from(rng.next_u32());
        let n = u64::try_from(i + 1).unwrap_or(u64::MAX);
        let j = usize::try_from((r * n) >> 32).unwrap_or(0).min(i);
        items.swap(i, j);
    }
}

/// The seed of round `round`'s shuffle: `u32(ToInt32(seed) XOR imul(round + 1, 0x9e3779b1))`,
/// with `seed32` the low 32 bits of the game's seed.
#[must_use]
pub fn round_seed(seed32: u32, round: u32) -> u32 {
    seed32 ^ round.wrapping_add(1).wrapping_mul(0x9E37_79B1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mulberry_examples() {
        let mut r = Mulberry32(1);
        let got: Vec<u32> = (0..10).map(|_| r.next_u32()).collect();
        assert_eq!(
            got,
            [
                2_693_262_067,
                11_749_833,
                2_265_367_787,
                4_213_581_821,
                4_159_151_403,
                1_207_330_352,
                2_632_122_864,
                3_095_568_220,
                1_828_783_984,
                4_272_732_017
            ]
        );
        let mut r = Mulberry32(2026);
        assert_eq!(r.next_u32(), 1_955_961_175);
        assert_eq!(r.next_u32(), 1_324_980_858);
    }

    #[test]
    fn round_seeds() {
        assert_eq!(round_seed(0, 0), 2_654_435_761);
        assert_eq!(round_seed(0, 1), 1_013_904_226);
        assert_eq!(round_seed(0, 5), 3_041_712_678);
        assert_eq!(round_seed(1, 0), 2_654_435_760);
        assert_eq!(round_seed(2026, 3), 2_027_807_022);
    }

    #[test]
    fn sets_and_sizes() {
        assert_eq!(every_tile(9).len(), 55);
        assert_eq!(every_tile(12).len(), 91);
        assert_eq!(every_tile(15).len(), 136);
        assert_eq!(hand_size_for(12, 5), 12);
        assert_eq!(hand_size_for(15, 8), 12);
        assert_eq!(rounds_for(9, false), 5);
        assert_eq!(rounds_for(12, false), 7);
        assert_eq!(rounds_for(15, false), 8);
        assert_eq!(laid_against(tile_of(12, 4), 12), 12 * 16 + 4);
        assert_eq!(laid_against(tile_of(12, 4), 4), 4 * 16 + 12);
    }
}
