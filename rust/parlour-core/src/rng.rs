//! Seeded randomness: SplitMix64 seeding a xoshiro256\*\* generator, an unbiased bounded draw
//! (Lemire's multiply-shift with rejection) and a Fisher–Yates shuffle.
//!
//! The algorithms are fixed and documented so that a seed means the same thing in every release:
//!
//! * `SplitMix64`: `z = (x += 0x9E3779B97F4A7C15); z = (z ^ z>>30) * 0xBF58476D1CE4E5B9;
//!   z = (z ^ z>>27) * 0x94D049BB133111EB; z ^ z>>31`.
//! * [`Rng::new`]`(seed)` fills the four xoshiro256\*\* words with four SplitMix64 outputs of `seed`.
//! * [`shuffle`] walks `i` from `len-1` down to `1` and swaps `i` with `below(i+1)`.
//! * [`seed_for`]`(seed, i)` derives the seed of game `i` of a batch: two SplitMix64 rounds over
//!   `seed` and `i`, so neighbouring indices give unrelated streams.

/// One SplitMix64 step: advances `state` and returns the next output.
#[must_use]
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of item `index` in a batch seeded with `seed`.
#[must_use]
pub fn seed_for(seed: u64, index: u64) -> u64 {
    let mut s = seed;
    let a = splitmix64(&mut s);
    let mut t = a ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix64(&mut t)
}

/// xoshiro256\*\* seeded by SplitMix64.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        let mut sm = seed;
        let s = [
            splitmix64(&mut sm),
            splitmix64(&mut sm),
            splitmix64(&mut sm),
            splitmix64(&mut sm),
        ];
        Rng { s }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (`n == 0` gives 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Lemire's multiply-and-reject: draws are rejected while the low half is below
        // `2**64 mod n`. That threshold is below `n`, so it (a division) is computed only when
        // the low half is below `n` — same draws and results as computing it up front.
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        #[allow(clippy::cast_possible_truncation)]
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            #[allow(clippy::cast_possible_truncation)]
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        #[allow(clippy::cast_possible_truncation)]
        let high = (m >> 64) as u64;
        high
    }

    /// A uniform index into a slice of length `len` (`len == 0` gives 0).
    pub fn index(&mut self, len: usize) -> usize {
        usize::try_from(self.below(len as u64)).unwrap_or(0)
    }

    /// A uniform float in `[0, 1)` with 53 random bits.
    pub fn next_f64(&mut self) -> f64 {
        #[allow(clippy::cast_precision_loss)]
        let x = (self.next_u64() >> 11) as f64;
        x * (1.0 / 9_007_199_254_740_992.0)
    }
}

/// Fisher–Yates shuffle in place (see the module docs for the exact walk).
pub fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.index(i + 1);
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_value() {
        // First output of SplitMix64 from state 0 (published reference value).
        let mut s = 0u64;
        assert_eq!(splitmix64(&mut s), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn deterministic_and_permutation() {
        let mut a: Vec<u32> = (0..52).collect();
        let mut b = a.clone();
        shuffle(&mut a, &mut Rng::new(42));
        shuffle(&mut b, &mut Rng::new(42));
        assert_eq!(a, b);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..52).collect::<Vec<_>>());
        assert_ne!(a, (0..52).collect::<Vec<_>>());
    }

    #[test]
    fn below_is_in_range() {
        let mut r = Rng::new(1);
        for n in 1..200u64 {
            assert!(r.below(n) < n);
        }
        assert_ne!(seed_for(1, 0), seed_for(1, 1));
    }
}
