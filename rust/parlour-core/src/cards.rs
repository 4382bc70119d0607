//! Playing cards: one [`Card`] type for every game, the [`CardSet`] bitmask and the spellings
//! the games use.
//!
//! A card is a bit index `suit * 16 + rank`, where suits are numbered spades 0, hearts 1,
//! diamonds 2, clubs 3 and ranks two 0 … ace 12. A [`CardSet`] is a `u64` whose bit `i` is set
//! when card `i` is in the set, so each suit occupies its own 16-bit lane and set algebra is
//! plain bit arithmetic. Iteration goes by ascending bit index: spades two … ace, then hearts,
//! diamonds, clubs.
//!
//! Spellings ([`Spelling`]):
//!
//! | spelling | examples | shape |
//! |---|---|---|
//! | `DalMara` | `10s`, `Kh`, `2c` | rank (`2`–`10`, `J`, `Q`, `K`, `A`) then lower-case suit |
//! | `RankSuit` | `TH`, `6S`, `AS` | rank (`2`–`9`, `T`, `J`, `Q`, `K`, `A`) then upper-case suit (Gyla, Durak) |
//! | `Bridge` | `SA`, `HT`, `D2` | upper-case suit then rank (`T` for ten) |
//!
//! Game-Durak numbers the 36-card deck ace high ([`Card::ace_high_id`]: `AS` 1 … `6S` 9,
//! `AH` 10 … `6C` 36); [`CardSet::iter_ace_high`] lists a set in that order.

use crate::error::{Common, Error, Result};
use std::fmt;

/// A suit. The discriminant is the suit's lane in a [`CardSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Spades (♠), lane 0.
    Spades = 0,
    /// Hearts (♥), lane 1.
    Hearts = 1,
    /// Diamonds (♦), lane 2.
    Diamonds = 2,
    /// Clubs (♣), lane 3.
    Clubs = 3,
}

impl Suit {
    /// All suits in lane order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The suit with lane `i` (0–3).
    #[must_use]
    pub fn from_index(i: u8) -> Option<Suit> {
        Suit::ALL.get(i as usize).copied()
    }

    /// The lane index 0–3.
    #[must_use]
    pub fn index(self) -> u8 {
        self as u8
    }

    /// Upper-case letter `S`, `H`, `D`, `C`.
    #[must_use]
    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self as usize]
    }

    /// Parse a single suit letter, either case.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Suit> {
        match c {
            'S' | 's' => Some(Suit::Spades),
            'H' | 'h' => Some(Suit::Hearts),
            'D' | 'd' => Some(Suit::Diamonds),
            'C' | 'c' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// The English name in lower case: `spades`, `hearts`, `diamonds`, `clubs`.
    #[must_use]
    pub fn name(self) -> &'static str {
        ["spades", "hearts", "diamonds", "clubs"][self as usize]
    }

    /// The suit of an English name in lower case ([`Suit::name`]).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Suit> {
        Suit::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// Rank index of the two; ranks run two 0 … ace 12.
pub const TWO: u8 = 0;
/// Rank index of the six (lowest rank of the 36-card deck).
pub const SIX: u8 = 4;
/// Rank index of the seven.
pub const SEVEN: u8 = 5;
/// Rank index of the ten.
pub const TEN: u8 = 8;
/// Rank index of the jack.
pub const JACK: u8 = 9;
/// Rank index of the queen.
pub const QUEEN: u8 = 10;
/// Rank index of the king.
pub const KING: u8 = 11;
/// Rank index of the ace.
pub const ACE: u8 = 12;

const RANK_CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];

/// How a card is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spelling {
    /// Dal Mara: `10s`, `Kh` (rank then lower-case suit, ten as `10`).
    DalMara,
    /// Gyla and Durak names: `TH`, `6S` (rank then upper-case suit, `T` for ten).
    RankSuit,
    /// Bridge: `SA`, `HT` (suit then rank, `T` for ten).
    Bridge,
}

/// One playing card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

/// A card packs as its bit index, so that the binding keeps listed cards like any move.
impl crate::lazy::Packed for Card {
    fn pack(self) -> u16 {
        u16::from(self.0)
    }
    fn unpack(bits: u16) -> Card {
        Card(u8::try_from(bits).unwrap_or(0))
    }
}

impl Card {
    /// The two of spades, used to fill unused slots of fixed-size arrays (so that equal
    /// positions compare equal, unused slots always hold this card).
    pub const PLACEHOLDER: Card = Card(0);

    /// The card of `suit` and rank index `rank` (two 0 … ace 12), or `None` if out of range.
    #[must_use]
    pub fn new(suit: Suit, rank: u8) -> Option<Card> {
        (rank <= ACE).then(|| Card(suit.index() * 16 + rank))
    }

    /// The card at bit `index` of a [`CardSet`], if that bit is a card.
    #[must_use]
    pub fn from_index(index: u8) -> Option<Card> {
        (index < 64 && index % 16 <= ACE).then_some(Card(index))
    }

    /// Bit index in a [`CardSet`].
    #[must_use]
    pub fn index(self) -> u8 {
        self.0
    }

    /// The suit.
    #[must_use]
    pub fn suit(self) -> Suit {
        match self.0 / 16 {
            0 => Suit::Spades,
            1 => Suit::Hearts,
            2 => Suit::Diamonds,
            _ => Suit::Clubs,
        }
    }

    /// The rank index, two 0 … ace 12.
    #[must_use]
    pub fn rank(self) -> u8 {
        self.0 % 16
    }

    /// The single-bit mask of this card.
    #[must_use]
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The rank as written in `spelling` (`T` or `10` for the ten).
    #[must_use]
    pub fn rank_text(self, spelling: Spelling) -> &'static str {
        const PLAIN: [&str; 13] = [
            "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A",
        ];
        if spelling == Spelling::DalMara && self.rank() == TEN {
            "10"
        } else {
            PLAIN[self.rank() as usize]
        }
    }

    /// Format in the given spelling.
    #[must_use]
    pub fn format(self, spelling: Spelling) -> String {
        let r = self.rank_text(spelling);
        let s = self.suit().letter();
        match spelling {
            Spelling::DalMara => format!("{r}{}", s.to_ascii_lowercase()),
            Spelling::RankSuit => format!("{r}{s}"),
            Spelling::Bridge => format!("{s}{r}"),
        }
    }

    /// The card's number in the ace-high numbering of the 36-card deck (Game-Durak's card
    /// ids): `9 * suit + (ace - rank) + 1`, so `AS` 1 … `6S` 9, `AH` 10 … `6C` 36; 0 for a card
    /// below the six.
    #[must_use]
    pub fn ace_high_id(self) -> u8 {
        if self.rank() < SIX {
            0
        } else {
            9 * self.suit().index() + (ACE - self.rank()) + 1
        }
    }

    /// The card numbered `id` (1–36) in the ace-high numbering ([`Card::ace_high_id`]).
    #[must_use]
    pub fn from_ace_high_id(id: u8) -> Option<Card> {
        if (1..=36).contains(&id) {
            let suit = Suit::from_index((id - 1) / 9)?;
            Card::new(suit, ACE - (id - 1) % 9)
        } else {
            None
        }
    }

    /// Parse a card written in `spelling`. Anything else (other case, other rank letters,
    /// whitespace) is a [`crate::ErrorKind::Notation`] error with code `INVALID_CARD`.
    ///
    /// # Errors
    /// `INVALID_CARD` when `text` is not exactly one card in that spelling.
    pub fn parse(text: &str, spelling: Spelling) -> Result<Card> {
        let bad = || {
            let shown: String = text.chars().take(40).collect();
            Error::notation(
                Common::InvalidCard,
                format!("not a card in {spelling:?} spelling: {shown:?}"),
            )
        };
        let (rank_part, suit_char) = match spelling {
            Spelling::DalMara | Spelling::RankSuit => {
                let mut chars = text.chars();
                let suit = chars.next_back().ok_or_else(bad)?;
                (chars.as_str(), suit)
            }
            Spelling::Bridge => {
                let mut chars = text.chars();
                let suit = chars.next().ok_or_else(bad)?;
                (chars.as_str(), suit)
            }
        };
        let suit_ok = match spelling {
            Spelling::DalMara => suit_char.is_ascii_lowercase(),
            _ => suit_char.is_ascii_uppercase(),
        };
        let suit = Suit::from_letter(suit_char)
            .filter(|_| suit_ok)
            .ok_or_else(bad)?;
        let rank = match (spelling, rank_part) {
            (Spelling::DalMara, "10") => TEN,
            (Spelling::DalMara, "T") => return Err(bad()),
            (_, r) => {
                let mut it = r.chars();
                let c = it.next().ok_or_else(bad)?;
                if it.next().is_some() {
                    return Err(bad());
                }
                let pos = RANK_CHARS.iter().position(|&x| x == c).ok_or_else(bad)?;
                u8::try_from(pos).map_err(|_| bad())?
            }
        };
        Card::new(suit, rank).ok_or_else(bad)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format(Spelling::Bridge))
    }
}

/// A set of cards as a `u64` bitmask (see the module docs for the layout).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardSet(pub u64);

/// The 13 rank bits of one suit lane.
pub const LANE: u64 = 0x1FFF;

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// The standard 52-card deck.
    pub const FULL52: CardSet = CardSet(LANE | LANE << 16 | LANE << 32 | LANE << 48);
    /// The 36-card deck, six to ace in every suit.
    pub const FULL36: CardSet =
        CardSet((LANE & !0xF) | (LANE & !0xF) << 16 | (LANE & !0xF) << 32 | (LANE & !0xF) << 48);

    /// The set of the given cards.
    #[must_use]
    pub fn from_cards(cards: &[Card]) -> CardSet {
        CardSet(cards.iter().fold(0, |acc, c| acc | c.bit()))
    }
    /// The raw bits.
    #[must_use]
    pub fn bits(self) -> u64 {
        self.0
    }
    /// Number of cards.
    #[must_use]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// True when empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Membership.
    #[must_use]
    pub fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }
    /// This set with `card` added.
    #[must_use]
    pub fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | card.bit())
    }
    /// This set with `card` removed.
    #[must_use]
    pub fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !card.bit())
    }
    /// Add in place.
    pub fn insert(&mut self, card: Card) {
        self.0 |= card.bit();
    }
    /// Remove in place; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !card.bit();
        had
    }
    /// Union.
    #[must_use]
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
    /// Intersection.
    #[must_use]
    pub fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
    /// Difference (`self` minus `other`).
    #[must_use]
    pub fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
    /// The mask of every card of `suit`.
    #[must_use]
    pub fn suit_mask(suit: Suit) -> CardSet {
        CardSet(LANE << (16 * u32::from(suit.index())))
    }
    /// The cards of this set in `suit`.
    #[must_use]
    pub fn of_suit(self, suit: Suit) -> CardSet {
        self.intersection(CardSet::suit_mask(suit))
    }
    /// The mask of every card of rank index `rank`, all suits.
    #[must_use]
    pub fn rank_mask(rank: u8) -> CardSet {
        let b = 1u64 << (rank & 15);
        CardSet(b | b << 16 | b << 32 | b << 48)
    }
    /// The lowest card (by bit index), if any.
    #[must_use]
    pub fn first(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(self.0.trailing_zeros() as u8))
    }
    /// The `n`-th card in iteration order.
    #[must_use]
    pub fn nth(self, n: usize) -> Option<Card> {
        self.iter().nth(n)
    }
    /// Iterate in ascending bit order.
    #[must_use]
    pub fn iter(self) -> CardIter {
        CardIter(self.0)
    }
    /// Iterate in the ace-high order of [`Card::ace_high_id`]: suits in lane order, each from
    /// the ace down.
    #[must_use]
    pub fn iter_ace_high(self) -> AceHighIter {
        AceHighIter(self.0)
    }
    /// The cards as a vector in ascending bit order.
    #[must_use]
    pub fn to_vec(self) -> Vec<Card> {
        self.iter().collect()
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardIter;
    fn into_iter(self) -> CardIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        CardSet(iter.into_iter().fold(0, |acc, c| acc | c.bit()))
    }
}

/// Iterator over a [`CardSet`] in ascending bit order.
#[derive(Clone, Debug)]
pub struct CardIter(u64);

impl Iterator for CardIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardIter {}

/// Iterator over a [`CardSet`] in ace-high order ([`CardSet::iter_ace_high`]).
#[derive(Clone, Debug)]
pub struct AceHighIter(u64);

impl Iterator for AceHighIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        // The lowest non-empty lane, then its highest bit.
        let lane = self.0.trailing_zeros() / 16;
        let bits = (self.0 >> (16 * lane)) & 0xFFFF;
        let i = 16 * lane + 15 - (bits as u16).leading_zeros();
        self.0 &= !(1u64 << i);
        u8::try_from(i).ok().map(Card)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for AceHighIter {}

/// The 52-card deck in canonical order (spades two … ace, hearts, diamonds, clubs).
#[must_use]
pub fn deck52() -> Vec<Card> {
    CardSet::FULL52.to_vec()
}

/// The 36-card deck (six to ace) in canonical order.
#[must_use]
pub fn deck36() -> Vec<Card> {
    CardSet::FULL36.to_vec()
}

/// Parse a whitespace-separated list of cards in one spelling.
///
/// # Errors
/// `INVALID_CARD` for the first token that is not a card.
pub fn parse_cards(text: &str, spelling: Spelling) -> Result<Vec<Card>> {
    text.split_whitespace()
        .map(|t| Card::parse(t, spelling))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_have_right_sizes() {
        assert_eq!(CardSet::FULL52.len(), 52);
        assert_eq!(CardSet::FULL36.len(), 36);
        assert_eq!(deck36()[0].format(Spelling::RankSuit), "6S");
    }

    #[test]
    fn spellings_round_trip() {
        for c in deck52() {
            for sp in [Spelling::DalMara, Spelling::RankSuit, Spelling::Bridge] {
                assert_eq!(Card::parse(&c.format(sp), sp).unwrap(), c);
            }
        }
        assert_eq!(
            Card::parse("10s", Spelling::DalMara)
                .unwrap()
                .format(Spelling::Bridge),
            "ST"
        );
        assert_eq!(
            Card::parse("HT", Spelling::Bridge)
                .unwrap()
                .format(Spelling::RankSuit),
            "TH"
        );
    }

    #[test]
    fn parse_rejects_garbage() {
        for (t, sp) in [
            ("", Spelling::Bridge),
            ("Ts", Spelling::DalMara),
            ("10S", Spelling::DalMara),
            ("1s", Spelling::DalMara),
            ("th", Spelling::RankSuit),
            ("AS ", Spelling::RankSuit),
            ("SA", Spelling::RankSuit),
            ("S10", Spelling::Bridge),
            ("é", Spelling::Bridge),
        ] {
            assert!(Card::parse(t, sp).is_err(), "{t:?}");
        }
    }

    #[test]
    fn ace_high_ids_and_order() {
        let names: Vec<String> = CardSet::FULL36
            .iter_ace_high()
            .map(|c| c.format(Spelling::RankSuit))
            .collect();
        assert_eq!(names[..3], ["AS", "KS", "QS"]);
        assert_eq!(names[8..11], ["6S", "AH", "KH"]);
        assert_eq!(names[35], "6C");
        for (i, c) in CardSet::FULL36.iter_ace_high().enumerate() {
            assert_eq!(usize::from(c.ace_high_id()), i + 1);
            assert_eq!(Card::from_ace_high_id(c.ace_high_id()), Some(c));
        }
        assert_eq!(Card::from_ace_high_id(0), None);
        assert_eq!(Card::from_ace_high_id(37), None);
        assert_eq!(Card::new(Suit::Clubs, TWO).unwrap().ace_high_id(), 0);
        assert_eq!(CardSet::FULL52.iter_ace_high().count(), 52);
    }

    #[test]
    fn set_algebra() {
        let a = CardSet::from_cards(&[Card::new(Suit::Spades, ACE).unwrap()]);
        let h = CardSet::suit_mask(Suit::Hearts);
        assert_eq!(a.union(h).len(), 14);
        assert!(a.intersection(h).is_empty());
        assert_eq!(CardSet::FULL52.of_suit(Suit::Clubs).len(), 13);
        assert_eq!(
            CardSet::rank_mask(TEN).intersection(CardSet::FULL52).len(),
            4
        );
    }
}
