//! Replay validation of a recorded card play: every error is collected, not just the first.
//!
//! Cards come in as raw codes `suit * 16 + rank` (the [`crate::cards::Card`] bit index), where a
//! rank of 13–15 stands for a rank the caller could not read (it is reported as
//! [`PlayErrorKind::InvalidCardRank`] and never wins a trick). Seats are `0..4` = N, E, S, W.

use super::Code;
use crate::cards::{Card, CardSet, Suit};
use crate::game::Seat;
use crate::trick::{natural_power, FollowPolicy, TrickRules};

/// What went wrong with one played card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayErrorKind {
    /// The seat does not hold the card at that point of the play.
    CardNotOwned,
    /// A follower discarded while still holding the led suit.
    Revoke,
    /// The rank is outside the mode's valid ranks.
    InvalidCardRank,
}

impl PlayErrorKind {
    /// The stable code: `CARD_NOT_OWNED`, `REVOKE` or `INVALID_CARD_RANK`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            PlayErrorKind::CardNotOwned => Code::CardNotOwned,
            PlayErrorKind::Revoke => Code::Revoke,
            PlayErrorKind::InvalidCardRank => Code::InvalidCardRank,
        }
        .as_str()
    }
}

/// One error found while replaying.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayError {
    /// What went wrong.
    pub kind: PlayErrorKind,
    /// Index of the card in the play (0-based).
    pub index: usize,
    /// Trick number (0-based).
    pub trick: usize,
    /// Position within the trick (0 = the lead).
    pub position: usize,
    /// The seat that played the card.
    pub seat: Seat,
    /// The raw card code.
    pub card: u8,
}

/// One trick of the replay.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReplayTrick {
    /// The seat that led.
    pub leader: Seat,
    /// Raw card codes in play order (1–4 of them).
    pub cards: Vec<u8>,
    /// The winner of a complete trick; `None` for a partial last trick.
    pub winner: Option<Seat>,
}

/// The result of [`validate_play`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Replay {
    /// Every error, in play order.
    pub errors: Vec<PlayError>,
    /// The tricks, the last one possibly partial.
    pub tricks: Vec<ReplayTrick>,
    /// Completed tricks won by each seat.
    pub won: [u8; 4],
}

fn suit_of(code: u8) -> u8 {
    (code / 16) & 3
}

fn rank_of(code: u8) -> u8 {
    code % 16
}

/// Index (in play order) of the winner of a complete trick of raw codes, by the shared
/// [`TrickRules`] (follow suit, `trump` as trumps). A code whose rank could not be read never
/// wins; while no readable card of the suit led (or trump) has been played, the lead stands.
#[must_use]
pub fn trick_winner_index(cards: &[u8], trump: Option<Suit>) -> Option<usize> {
    let lead_suit = Suit::from_index(suit_of(*cards.first()?))?;
    let rules = TrickRules::with_trump_suit(trump, FollowPolicy::FollowSuit);
    // Any card of the suit led stands for the lead: `beats` reads only its suit.
    let lead = Card::new(lead_suit, 0)?;
    let mut best: Option<(usize, Card)> = None;
    for (i, card) in cards
        .iter()
        .enumerate()
        .filter_map(|(i, &c)| Some((i, Card::from_index(c)?)))
    {
        best = match best {
            None if i == 0 || card.suit() == lead_suit || rules.trumps.contains(card) => {
                Some((i, card))
            }
            Some((_, b)) if rules.beats(card, b, lead, natural_power) => Some((i, card)),
            other => other,
        };
    }
    Some(best.map_or(0, |(i, _)| i))
}

/// Replay `cards` (raw codes, chronological) from the original `hands` (N, E, S, W), with
/// `first` leading the first trick and each trick's winner leading the next. `valid_ranks` has
/// bit `r` set for each rank index `r` the mode allows (0x1FFF = all thirteen).
#[must_use]
pub fn validate_play(
    hands: [CardSet; 4],
    first: Seat,
    cards: &[u8],
    trump: Option<Suit>,
    valid_ranks: u16,
) -> Replay {
    let mut hands = hands;
    let mut out = Replay::default();
    let mut leader = first % 4;
    for (t, chunk) in cards.chunks(4).enumerate() {
        let lead_suit = chunk.first().map_or(0, |&c| suit_of(c));
        for (pos, &code) in chunk.iter().enumerate() {
            let seat = (leader + u8::try_from(pos).unwrap_or(0)) % 4;
            let index = t * 4 + pos;
            let mut push = |kind| {
                out.errors.push(PlayError {
                    kind,
                    index,
                    trick: t,
                    position: pos,
                    seat,
                    card: code,
                })
            };
            let rank = rank_of(code);
            let real = Suit::from_index(suit_of(code)).and_then(|s| Card::new(s, rank));
            if rank > 12 || valid_ranks & (1u16 << rank) == 0 {
                push(PlayErrorKind::InvalidCardRank);
            }
            let hand = hands[seat as usize];
            match real {
                Some(card) if hand.contains(card) => {
                    hands[seat as usize].remove(card);
                }
                _ => push(PlayErrorKind::CardNotOwned),
            }
            if pos > 0 && suit_of(code) != lead_suit {
                if let Some(ls) = Suit::from_index(lead_suit) {
                    if !hand.of_suit(ls).is_empty() {
                        push(PlayErrorKind::Revoke);
                    }
                }
            }
        }
        let winner = if chunk.len() == 4 {
            let w = trick_winner_index(chunk, trump).unwrap_or(0);
            let seat = (leader + u8::try_from(w).unwrap_or(0)) % 4;
            out.won[seat as usize] = out.won[seat as usize].saturating_add(1);
            Some(seat)
        } else {
            None
        };
        out.tricks.push(ReplayTrick {
            leader,
            cards: chunk.to_vec(),
            winner,
        });
        if let Some(w) = winner {
            leader = w;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Spelling;

    fn code(s: &str) -> u8 {
        Card::parse(s, Spelling::Bridge).unwrap().index()
    }

    /// The record validator's winner rule, written out plainly: a code of an unreadable rank
    /// (13-15) never wins and loses to any readable card of the suit led or trump.
    fn model_winner(cards: &[u8], trump: Option<u8>) -> usize {
        let ok = |c: u8| c % 16 <= 12;
        let lead = suit_of(cards[0]);
        let mut best = 0;
        for (i, &c) in cards.iter().enumerate().skip(1) {
            let b = cards[best];
            if !ok(c) {
                continue;
            }
            let (ct, bt) = (
                Some(suit_of(c)) == trump,
                Some(suit_of(b)) == trump && ok(b),
            );
            let wins = match (ct, bt) {
                (true, false) => true,
                (false, true) => false,
                (true, true) => c % 16 > b % 16,
                (false, false) => {
                    suit_of(c) == lead && (suit_of(b) != lead || !ok(b) || c % 16 > b % 16)
                }
            };
            if wins {
                best = i;
            }
        }
        best
    }

    #[test]
    fn the_shared_trick_rules_decide_as_the_validator_rule_with_unreadable_ranks() {
        let mut rng = crate::rng::Rng::new(4);
        for _ in 0..20_000 {
            let n = 1 + rng.index(4);
            let cards: Vec<u8> = (0..n)
                .map(|_| {
                    let suit = rng.index(4) as u8;
                    // a quarter of the ranks unreadable
                    let rank = if rng.index(4) == 0 {
                        13 + rng.index(3) as u8
                    } else {
                        rng.index(13) as u8
                    };
                    suit * 16 + rank
                })
                .collect();
            let trump = Suit::from_index(rng.index(5) as u8);
            assert_eq!(
                trick_winner_index(&cards, trump),
                Some(model_winner(&cards, trump.map(Suit::index))),
                "{cards:?} {trump:?}"
            );
        }
        assert_eq!(trick_winner_index(&[], None), None);
    }

    fn set(s: &str) -> CardSet {
        s.split_whitespace()
            .map(|c| Card::parse(c, Spelling::Bridge).unwrap())
            .collect()
    }

    #[test]
    fn winner_with_and_without_trumps() {
        let t = [code("SA"), code("SK"), code("H2"), code("S3")];
        assert_eq!(trick_winner_index(&t, None), Some(0));
        assert_eq!(trick_winner_index(&t, Some(Suit::Hearts)), Some(2));
        assert_eq!(trick_winner_index(&[], None), None);
    }

    #[test]
    fn collects_every_error_and_accepts_partial_trick() {
        let hands = [set("DA SA"), set("DK SJ"), set("DT S7"), set("D7 S3")];
        let ok = validate_play(
            hands,
            3,
            &[code("D7"), code("DA"), code("DK"), code("DT"), code("SA")],
            None,
            0x1FFF,
        );
        assert!(ok.errors.is_empty());
        assert_eq!(ok.tricks.len(), 2);
        assert_eq!(ok.tricks[0].winner, Some(0));
        assert_eq!(ok.tricks[1].winner, None);
        let bad = validate_play(
            hands,
            3,
            &[code("D7"), code("DA"), code("DK"), code("S7"), code("C2")],
            None,
            0x1FFF,
        );
        let kinds: Vec<_> = bad.errors.iter().map(|e| e.kind).collect();
        assert_eq!(
            kinds,
            vec![PlayErrorKind::Revoke, PlayErrorKind::CardNotOwned]
        );
        let odd = validate_play(hands, 3, &[code("D7") | 15], None, 0x1FFF);
        assert_eq!(odd.errors.len(), 2);
        let long = validate_play(hands, 0, &[code("SA"); 2000], None, 0x1FFF);
        assert_eq!(long.won[0], 255);
    }
}
