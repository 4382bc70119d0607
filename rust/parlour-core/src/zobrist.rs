//! Zobrist hashing: a fixed table of 64-bit keys generated at compile time from SplitMix64,
//! so hashes are stable across runs, threads and releases.
//!
//! A game XORs the key of every (feature, value) pair that describes its state and keeps the
//! hash up to date incrementally in `apply` by XOR-ing out what changed and XOR-ing in the new
//! value. Key slots are allocated per game by [`key`]`(feature * 64 + value)` style indexing;
//! any index is valid (it wraps around the table).

/// Number of keys in the table.
pub const TABLE_SIZE: usize = 8192;

const fn build() -> [u64; TABLE_SIZE] {
    let mut out = [0u64; TABLE_SIZE];
    let mut state: u64 = 0x005E_ED0F_9A2C_0DE5;
    let mut i = 0;
    while i < TABLE_SIZE {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out[i] = z ^ (z >> 31);
        i += 1;
    }
    out
}

static TABLE: [u64; TABLE_SIZE] = build();

/// The key at `slot` (taken modulo [`TABLE_SIZE`]).
#[must_use]
#[inline]
pub fn key(slot: usize) -> u64 {
    TABLE[slot % TABLE_SIZE]
}

/// The key of `(feature, value)`, where `value < 64`; features are numbered per game.
#[must_use]
#[inline]
pub fn feature(feature: usize, value: usize) -> u64 {
    key(feature * 64 + (value & 63))
}

/// XOR of the keys of every card in a set, under `feature` (one key per card bit).
#[must_use]
pub fn of_set(feature_id: usize, bits: u64) -> u64 {
    let mut h = 0;
    let mut b = bits;
    while b != 0 {
        let i = b.trailing_zeros() as usize;
        h ^= feature(feature_id, i);
        b &= b - 1;
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn keys_distinct() {
        let mut v: Vec<u64> = (0..TABLE_SIZE).map(key).collect();
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), TABLE_SIZE);
    }
}
