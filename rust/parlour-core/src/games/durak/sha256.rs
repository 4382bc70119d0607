//! SHA-256 (FIPS 180-4) for the seeded deal, from the `sha2` crate: it uses the CPU's SHA
//! instructions where there are any (detected at run time), and a portable implementation
//! elsewhere.

use sha2::{Digest, Sha256};

/// The SHA-256 digest of `data`.
#[must_use]
pub fn sha256(data: &[u8]) -> [u8; 32] {
    Sha256::digest(data).into()
}

#[cfg(test)]
mod tests {
    use super::sha256;

    fn hex(d: [u8; 32]) -> String {
        d.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn known_digests() {
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
        // Lengths around the padding boundary (55, 56, 63, 64 bytes) against Python's hashlib.
        assert_eq!(hex(sha256(&[b'x'; 55])), hex_of_python(55));
        assert_eq!(hex(sha256(&[b'x'; 56])), hex_of_python(56));
        assert_eq!(hex(sha256(&[b'x'; 64])), hex_of_python(64));
    }

    fn hex_of_python(n: usize) -> &'static str {
        match n {
            55 => "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072",
            56 => "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e",
            _ => "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c",
        }
    }
}
