//! The seeded deal of Game-Durak: a SHA-256 driven Fisher–Yates shuffle of the 36 ids, the deal
//! one card at a time from seat 1, the turn-up and the talon, and the first attacker.

use super::card;
use super::sha256::sha256;
use super::Code;
use crate::error::{Error, Result};

/// The error for a seed that is not exactly 32 bytes.
#[must_use]
pub fn no_seed() -> Error {
    Error::config(Code::NoSeed, "a deal needs a seed (exactly 32 bytes)")
}

/// The error for a deal number that is not a positive integer string.
#[must_use]
pub fn bad_deal() -> Error {
    Error::config(Code::BadDeal, "a deal number counts from one")
}

/// True for ASCII digits whose first digit is not 0.
#[must_use]
pub fn is_deal_number(number: &str) -> bool {
    !number.is_empty() && !number.starts_with('0') && number.bytes().all(|b| b.is_ascii_digit())
}

/// The stream of 32-bit words: block `k` is `SHA-256(seed || "deal:" || number || ":" || k)`.
struct Words {
    /// The message of the current block; its first `prefix` bytes never change.
    msg: Vec<u8>,
    prefix: usize,
    counter: u64,
    block: [u8; 32],
    next: usize,
}

impl Words {
    fn new(seed: &[u8], number: &str) -> Words {
        let mut msg = Vec::with_capacity(seed.len() + number.len() + 26);
        msg.extend_from_slice(seed);
        msg.extend_from_slice(b"deal:");
        msg.extend_from_slice(number.as_bytes());
        msg.push(b':');
        let prefix = msg.len();
        Words {
            msg,
            prefix,
            counter: 0,
            block: [0; 32],
            next: 8,
        }
    }

    fn word(&mut self) -> u32 {
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

/// `order_for(seed, number)`: the shuffled permutation of 1..=36.
///
/// # Errors
/// `NO_SEED` unless the seed is 32 bytes, `BAD_DEAL` unless `number` is a positive integer string.
pub fn order_for(seed: &[u8], number: &str) -> Result<[u8; 36]> {
    if seed.len() != 32 {
        return Err(no_seed());
    }
    if !is_deal_number(number) {
        return Err(bad_deal());
    }
    let mut order = [0u8; 36];
    for (i, o) in order.iter_mut().enumerate() {
        *o = u8::try_from(i + 1).unwrap_or(0);
    }
    let mut words = Words::new(seed, number);
    for i in (1..36usize).rev() {
        let n = u32::try_from(i + 1).unwrap_or(1);
        let limit = (u64::from(u32::MAX) + 1) / u64::from(n) * u64::from(n);
        let w = loop {
            let w = words.word();
            if u64::from(w) < limit {
                break w;
            }
        };
        let j = (w % n) as usize;
        order.swap(i, j);
    }
    Ok(order)
}

/// A dealt position: hands (masks, seat order), talon in draw order (turn-up last), turn-up,
/// trump suit and the first attacker (0-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// Hands of seats 1..=n as masks.
    pub hands: Vec<u64>,
    /// The talon in draw order; the turn-up is the last card.
    pub talon: Vec<u8>,
    /// The turned-up card.
    pub trump_card: u8,
    /// The trump suit index.
    pub trump: u8,
    /// The first attacker, 0-based.
    pub first: u8,
}

/// Deal `order` to `seats` seats: six cards each one at a time from seat 1; the next card is the
/// turn-up, the rest the talon with the turn-up last. With six seats every card is dealt and the
/// last card dealt (seat 6's sixth) is shown as the turn-up; the talon is then empty.
#[must_use]
pub fn deal_order(order: &[u8; 36], seats: u8) -> Deal {
    let n = usize::from(seats.clamp(2, 6));
    let mut hands = vec![0u64; n];
    for (k, &c) in order.iter().take(6 * n).enumerate() {
        hands[k % n] |= card::bit(c);
    }
    let (trump_card, talon) = if 6 * n < 36 {
        let t = order[6 * n];
        let mut talon: Vec<u8> = order[6 * n + 1..].to_vec();
        talon.push(t);
        (t, talon)
    } else {
        (order[35], Vec::new())
    };
    let trump = card::suit(trump_card);
    let first = first_attacker(&hands, trump);
    Deal {
        hands,
        talon,
        trump_card,
        trump,
        first,
    }
}

/// `deal_for(seed, number, seats)`.
///
/// # Errors
/// As [`order_for`], and `BAD_SEATS` for a seat count outside 2..=6.
pub fn deal_for(seed: &[u8], number: &str, seats: u8) -> Result<Deal> {
    let order = order_for(seed, number)?;
    if !(2..=6).contains(&seats) {
        return Err(Error::config(
            Code::BadSeats,
            "durak deals two to six seats",
        ));
    }
    Ok(deal_order(&order, seats))
}

/// The seat (0-based) holding the lowest trump by power; seat 0 when nobody holds a trump.
#[must_use]
pub fn first_attacker(hands: &[u64], trump: u8) -> u8 {
    let mut best: Option<(u8, u8)> = None;
    for (seat, &h) in hands.iter().enumerate() {
        for id in card::ids(h & card::suit_mask(trump)) {
            let p = card::power(id);
            if best.map_or(true, |(bp, _)| p < bp) {
                best = Some((p, u8::try_from(seat).unwrap_or(0)));
            }
        }
    }
    best.map_or(0, |(_, s)| s)
}

/// `seed` padded with spaces (or truncated) to 32 bytes, as the reference's test fixture does.
#[must_use]
pub fn seed32(text: &str) -> [u8; 32] {
    let mut out = [b' '; 32];
    for (o, b) in out.iter_mut().zip(text.bytes()) {
        *o = b;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_order_of_game_one() {
        // durak_games.jsonl, game 1: seed "parlour-durak-1" padded to 32 bytes.
        let order = order_for(&seed32("parlour-durak-1"), "1").unwrap();
        assert_eq!(
            order.to_vec(),
            vec![
                9, 1, 27, 12, 36, 3, 29, 23, 13, 28, 34, 24, 31, 20, 5, 2, 26, 21, 15, 25, 35, 7,
                32, 16, 18, 22, 4, 19, 11, 17, 30, 8, 10, 6, 33, 14
            ]
        );
        let d = deal_order(&order, 2);
        assert_eq!(
            card::ids(d.hands[0]).collect::<Vec<_>>(),
            vec![9, 13, 27, 29, 34, 36]
        );
        assert_eq!(
            card::ids(d.hands[1]).collect::<Vec<_>>(),
            vec![1, 3, 12, 23, 24, 28]
        );
        assert_eq!(d.trump_card, 31);
        assert_eq!(d.talon.len(), 24);
        assert_eq!(d.talon.last(), Some(&31));
        assert_eq!(d.first, 0);
    }

    #[test]
    fn errors_and_multi_seat_deals() {
        assert_eq!(order_for(b"short", "1").unwrap_err().code, "NO_SEED");
        for bad in ["0", "", "01", "-1", "+1", "1x", " 1"] {
            assert_eq!(
                order_for(&seed32("x"), bad).unwrap_err().code,
                "BAD_DEAL",
                "{bad:?}"
            );
        }
        assert_eq!(
            deal_for(&seed32("x"), "1", 7).unwrap_err().code,
            "BAD_SEATS"
        );
        assert_ne!(
            order_for(&seed32("x"), "1").unwrap(),
            order_for(&seed32("x"), "2").unwrap()
        );
        for seats in 2..=6u8 {
            let d = deal_for(&seed32("multi"), "1", seats).unwrap();
            let mut all = d.talon.iter().fold(0u64, |m, &c| m | card::bit(c));
            for h in &d.hands {
                assert_eq!(h.count_ones(), 6);
                all |= h;
            }
            assert_eq!(all, card::ALL);
            assert_eq!(d.talon.len(), 36 - 6 * usize::from(seats));
        }
    }

    #[test]
    fn decimal_counter() {
        for n in [0u64, 7, 10, 99, 100, 12_345, u64::MAX] {
            let mut v = b"x".to_vec();
            push_decimal(&mut v, n);
            assert_eq!(v, format!("x{n}").into_bytes());
        }
    }

    #[test]
    fn first_attacker_cases() {
        let ids = |names: &[&str]| {
            names
                .iter()
                .map(|n| card::bit(card::id_of(n).unwrap()))
                .sum::<u64>()
        };
        let h1 = ids(&["AS", "KS", "QD", "JC", "TC", "9D"]);
        let h2 = ids(&["6H", "AH", "KD", "QC", "JS", "8C"]);
        assert_eq!(first_attacker(&[h1, h2], 1), 1);
        let h1 = ids(&["AS", "KS", "QS", "JS", "TS", "9S"]);
        let h2 = ids(&["AD", "KD", "QD", "JD", "TD", "9D"]);
        assert_eq!(first_attacker(&[h1, h2], 2), 1);
        assert_eq!(first_attacker(&[h1, h2], 3), 0);
    }
}
