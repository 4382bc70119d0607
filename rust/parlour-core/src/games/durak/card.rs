//! Durak's 36 cards: ids 1..=36, `id = 9*suit + rank + 1` (suits S H D C, ranks A K Q J T 9 8 7 6),
//! and hands as `u64` masks with bit `id - 1`, so ascending bits are ascending ids.

/// Rank letters in id order (ace high first, six last).
pub const RANKS: [char; 9] = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6'];
/// Suit letters in id order.
pub const SUITS: [char; 4] = ['S', 'H', 'D', 'C'];
/// All 36 cards as a mask.
pub const ALL: u64 = (1u64 << 36) - 1;

/// True for a valid card id (1..=36).
#[must_use]
pub fn valid(id: u8) -> bool {
    (1..=36).contains(&id)
}

/// The mask bit of card `id` (0 for an invalid id).
#[must_use]
pub fn bit(id: u8) -> u64 {
    if valid(id) {
        1u64 << (id - 1)
    } else {
        0
    }
}

/// Suit index (S0 H1 D2 C3) of a valid id.
#[must_use]
pub fn suit(id: u8) -> u8 {
    id.saturating_sub(1) / 9
}

/// Rank index (A0 … 6:8) of a valid id.
#[must_use]
pub fn rank(id: u8) -> u8 {
    id.saturating_sub(1) % 9
}

/// 8 for an ace down to 0 for a six.
#[must_use]
pub fn power(id: u8) -> u8 {
    8 - rank(id)
}

/// The six of suit `s`.
#[must_use]
pub fn six_of(s: u8) -> u8 {
    9 * (s % 4) + 9
}

/// The mask of every card of suit `s`.
#[must_use]
pub fn suit_mask(s: u8) -> u64 {
    0x1FFu64 << (9 * u32::from(s % 4))
}

/// The mask of every card of rank index `r`.
#[must_use]
pub fn rank_mask(r: u8) -> u64 {
    let b = 1u64 << (r % 9);
    b | b << 9 | b << 18 | b << 27
}

/// The union of the rank masks of every card in `cards`.
#[must_use]
pub fn ranks_of(cards: u64) -> u64 {
    let mut m = 0;
    for id in ids(cards) {
        m |= rank_mask(rank(id));
    }
    m
}

/// Does `def` beat `att` with trump suit `trump`? (Trump attack: only a higher trump; else any
/// trump; else a higher card of the same suit.)
#[must_use]
pub fn beats(def: u8, att: u8, trump: u8) -> bool {
    if suit(att) == trump {
        suit(def) == trump && power(def) > power(att)
    } else if suit(def) == trump {
        true
    } else {
        suit(def) == suit(att) && power(def) > power(att)
    }
}

/// Mask of every card that beats `att`.
#[must_use]
pub fn beaters(att: u8, trump: u8) -> u64 {
    let higher_in_suit = {
        // Cards of att's suit with a lower rank index (= higher power).
        let r = rank(att);
        let below = (1u64 << r) - 1;
        below << (9 * u32::from(suit(att)))
    };
    if suit(att) == trump {
        higher_in_suit
    } else {
        higher_in_suit | suit_mask(trump)
    }
}

/// The card ids of a mask in ascending order.
pub fn ids(mask: u64) -> impl Iterator<Item = u8> {
    let mut m = mask & ALL;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros();
            m &= m - 1;
            u8::try_from(i + 1).ok()
        }
    })
}

/// Name of a valid id: rank letter then suit letter (`AS`, `TD`, `6C`); `??` otherwise.
#[must_use]
pub fn name(id: u8) -> String {
    if !valid(id) {
        return "??".to_string();
    }
    let mut s = String::with_capacity(2);
    s.push(RANKS[usize::from(rank(id))]);
    s.push(SUITS[usize::from(suit(id))]);
    s
}

/// The id of a name (case-insensitive), `None` when it is not a card.
#[must_use]
pub fn id_of(text: &str) -> Option<u8> {
    let mut chars = text.chars();
    let r = chars.next()?.to_ascii_uppercase();
    let s = chars.next()?.to_ascii_uppercase();
    if chars.next().is_some() {
        return None;
    }
    let ri = RANKS.iter().position(|&c| c == r)?;
    let si = SUITS.iter().position(|&c| c == s)?;
    u8::try_from(9 * si + ri + 1).ok()
}

/// Suit index of a suit letter (case-insensitive).
#[must_use]
pub fn suit_of_letter(c: char) -> Option<u8> {
    let u = c.to_ascii_uppercase();
    SUITS
        .iter()
        .position(|&x| x == u)
        .and_then(|i| u8::try_from(i).ok())
}

/// The letter of a suit index.
#[must_use]
pub fn suit_letter(s: u8) -> char {
    SUITS[usize::from(s % 4)]
}

/// Sort key of the greedy player: plain cards before trumps, then low before high, then id.
#[must_use]
pub fn cheapness(id: u8, trump: u8) -> (bool, u8, u8) {
    (suit(id) == trump, power(id), id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_names_and_power() {
        assert_eq!(name(1), "AS");
        assert_eq!(name(9), "6S");
        assert_eq!(name(10), "AH");
        assert_eq!(name(23), "TD");
        assert_eq!(name(36), "6C");
        for id in 1..=36u8 {
            assert_eq!(id_of(&name(id)), Some(id));
            assert_eq!(id_of(&name(id).to_lowercase()), Some(id));
        }
        assert_eq!(id_of("ZZ"), None);
        assert_eq!(id_of("ASX"), None);
        assert_eq!(power(1), 8);
        assert_eq!(power(9), 0);
        assert_eq!(
            [six_of(0), six_of(1), six_of(2), six_of(3)],
            [9, 18, 27, 36]
        );
        assert_eq!(
            ids(suit_mask(1)).collect::<Vec<_>>(),
            (10..=18).collect::<Vec<_>>()
        );
        assert_eq!(name(0), "??");
    }

    #[test]
    fn beats_rules_and_beaters_mask_agree() {
        let h = 1;
        assert!(beats(2, 3, h)); // KS/QS
        assert!(beats(12, 3, h)); // QH/QS
        assert!(!beats(18, 10, h)); // 6H/AH
        assert!(beats(18, 1, h)); // 6H/AS
        assert!(!beats(1, 18, h)); // AS/6H
        assert!(!beats(20, 3, h)); // KD/QS
        assert!(!beats(1, 1, 0)); // AS/AS S
        for trump in 0..4 {
            for a in 1..=36u8 {
                let m: u64 = (1..=36u8).filter(|&d| beats(d, a, trump)).map(bit).sum();
                assert_eq!(m, beaters(a, trump), "att {a} trump {trump}");
            }
        }
    }
}
