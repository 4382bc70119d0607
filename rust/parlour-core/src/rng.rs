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
//!
//! The source engines' own generators live here too, so that a game folder keeps only what is
//! the game's:
//!
//! * [`sha256`] and [`Sha256Words`] (Game-Durak's deal): block `k` of the stream is
//!   `SHA-256(prefix || decimal(k))`, read as eight big-endian 32-bit words; [`Sha256Words::below`]
//!   draws `w % n` from the first word `w` below `2**32 - 2**32 % n`, and [`sha256_shuffle`]
//!   walks `i` from `len-1` down to `1` and swaps `i` with `below(i+1)`.

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

/// The SHA-256 digest of `data` (FIPS 180-4), from the `sha2` crate: it uses the CPU's SHA
/// instructions where there are any (detected at run time), and a portable implementation
/// elsewhere.
#[must_use]
pub fn sha256(data: &[u8]) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    Sha256::digest(data).into()
}

/// A stream of 32-bit words from SHA-256 blocks: block `k` is `SHA-256(prefix || decimal(k))`,
/// `k` counting from 0, each block read as eight big-endian words (Game-Durak's deal).
#[derive(Clone, Debug)]
pub struct Sha256Words {
    /// The message of the current block; its first `prefix` bytes never change.
    msg: Vec<u8>,
    prefix: usize,
    counter: u64,
    block: [u8; 32],
    next: usize,
}

impl Sha256Words {
    /// The stream of `prefix`.
    #[must_use]
    pub fn new(prefix: &[u8]) -> Sha256Words {
        let mut msg = Vec::with_capacity(prefix.len() + 20);
        msg.extend_from_slice(prefix);
        Sha256Words {
            msg,
            prefix: prefix.len(),
            counter: 0,
            block: [0; 32],
            next: 8,
        }
    }

    /// The next word.
    pub fn next_u32(&mut self) -> u32 {
        if self.next == 8 {
            self.msg.truncate(self.prefix);
            push_decimal(&mut self.msg, self.counter);
            self.block = sha256(&self.msg);
            self.counter += 1;
            self.next = 0;
        }
        let b = &self.block[self.next * 4..self.next * 4 + 4];
        self.next += 1;
        u32::from_be_bytes([b[0], b[1], b[2], b[3]])
    }

    /// A uniform integer in `0..n` (`n == 0` gives 0): `w % n` for the first word `w` below
    /// the largest multiple of `n` that fits in 32 bits.
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let limit = (u64::from(u32::MAX) + 1) / u64::from(n) * u64::from(n);
        loop {
            let w = self.next_u32();
            if u64::from(w) < limit {
                return w % n;
            }
        }
    }
}

/// Append `n` in decimal (what `n.to_string()` writes, without the allocation).
fn push_decimal(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + u8::try_from(n % 10).unwrap_or(0);
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// Fisher–Yates shuffle in place driven by [`Sha256Words`] (see the module docs for the walk).
pub fn sha256_shuffle<T>(items: &mut [T], words: &mut Sha256Words) {
    for i in (1..items.len()).rev() {
        let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let j = words.below(n) as usize;
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

    fn hex(d: [u8; 32]) -> String {
        d.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn sha256_known_digests() {
        assert_eq!(
            hex(sha256(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            hex(sha256(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            hex(sha256(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        assert_eq!(
            hex(sha256(b"The quick brown fox jumps over the lazy dog")),
            "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"
        );
        let million = vec![b'a'; 1_000_000];
        assert_eq!(
            hex(sha256(&million)),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        );
        // Lengths around the padding boundary (55, 56, 64 bytes) against Python's hashlib.
        assert_eq!(
            hex(sha256(&[b'x'; 55])),
            "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"
        );
        assert_eq!(
            hex(sha256(&[b'x'; 56])),
            "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"
        );
        assert_eq!(
            hex(sha256(&[b'x'; 64])),
            "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"
        );
    }

    #[test]
    fn sha256_words_read_the_blocks_in_order() {
        for n in [0u64, 7, 10, 99, 100, 12_345, u64::MAX] {
            let mut v = b"x".to_vec();
            push_decimal(&mut v, n);
            assert_eq!(v, format!("x{n}").into_bytes());
        }
        let mut w = Sha256Words::new(b"p:");
        let b0 = sha256(b"p:0");
        let b1 = sha256(b"p:1");
        let want: Vec<u32> = b0
            .chunks(4)
            .chain(b1.chunks(4))
            .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let got: Vec<u32> = (0..16).map(|_| w.next_u32()).collect();
        assert_eq!(got, want);
    }
}
