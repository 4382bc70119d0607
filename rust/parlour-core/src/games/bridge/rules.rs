//! The rules of the play: a checked position from its parts, the legal cards, playing a card,
//! and the replay validation of a recorded play, every error collected (not just the first).
//!
//! The trick winner everywhere is the shared [`TrickRules::winner`]. In a replay, cards come in
//! as raw codes `suit * 16 + rank` (the [`crate::cards::Card`] bit index), where a rank of
//! 13–15 stands for a rank the caller could not read (it is reported as
//! [`PlayErrorKind::InvalidCardRank`] and never wins a trick). Seats are `0..4` = N, E, S, W.

use super::{trump_of, BridgePlay, Code, NO_TRUMP, SEAT_LETTERS};
use crate::cards::{Card, CardSet, Suit};
use crate::error::{Common, Error, Result};
use crate::game::Seat;
use crate::trick::{natural_power, FollowPolicy, TrickRules};
use crate::trickplay::{Refusal, TrickPlay};

fn check_contract(strain: u8, declarer: Seat, level: u8, doubled: u8) -> Result<()> {
    if strain > NO_TRUMP {
        return Err(Error::config(
            Code::InvalidStrain,
            format!("strain must be 0..4, not {strain}"),
        ));
    }
    if declarer > 3 {
        return Err(Error::config(
            Common::InvalidSeat,
            format!("declarer must be a seat 0..3, not {declarer}"),
        ));
    }
    if !(1..=7).contains(&level) {
        return Err(Error::config(
            Code::InvalidContract,
            format!("contract level must be 1..7, not {level}"),
        ));
    }
    if doubled > 2 {
        return Err(Error::config(
            Code::InvalidContract,
            format!("doubled must be 0, 1 or 2, not {doubled}"),
        ));
    }
    Ok(())
}

impl BridgePlay {
    /// The play of a full deal (13 cards each, all 52 distinct) in `strain`, with declarer's
    /// left-hand opponent on lead.
    ///
    /// # Errors
    /// `INVALID_DEAL` for a deal that is not four disjoint 13-card hands; contract errors as
    /// [`BridgePlay::from_position`].
    pub fn new(
        hands: [CardSet; 4],
        strain: u8,
        declarer: Seat,
        level: u8,
        doubled: u8,
    ) -> Result<BridgePlay> {
        check_contract(strain, declarer, level, doubled)?;
        let all = hands.iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
        if hands.iter().any(|h| h.len() != 13) || all != CardSet::FULL52 {
            return Err(Error::invalid_state(
                Code::InvalidDeal,
                "a deal is four disjoint hands of 13 cards",
            ));
        }
        Self::from_position(
            hands,
            strain,
            declarer,
            level,
            doubled,
            (declarer + 1) % 4,
            &[],
            [0, 0],
        )
    }

    /// Any position of the play: the cards still held, the current trick's leader and cards,
    /// and the tricks taken by NS and EW.
    ///
    /// # Errors
    /// `INVALID_STRAIN`, `INVALID_SEAT`, `INVALID_CONTRACT` for bad contract parts;
    /// `INVALID_POSITION` when hands, trick and trick counts do not fit together.
    #[allow(clippy::too_many_arguments)]
    pub fn from_position(
        hands: [CardSet; 4],
        strain: u8,
        declarer: Seat,
        level: u8,
        doubled: u8,
        leader: Seat,
        trick: &[Card],
        won: [u8; 2],
    ) -> Result<BridgePlay> {
        check_contract(strain, declarer, level, doubled)?;
        let bad = |m: String| Error::invalid_state(Code::InvalidPosition, m);
        if leader > 3 {
            return Err(Error::config(
                Common::InvalidSeat,
                format!("leader must be a seat 0..3, not {leader}"),
            ));
        }
        if trick.len() > 3 {
            return Err(bad(format!(
                "a trick in progress holds 0 to 3 cards, not {}",
                trick.len()
            )));
        }
        let done = u32::from(won[0]) + u32::from(won[1]);
        if done > 13 {
            return Err(bad(format!("{done} tricks taken; a deal has 13")));
        }
        let mut seen = CardSet::EMPTY;
        for h in hands
            .iter()
            .chain(std::iter::once(&CardSet::from_cards(trick)))
        {
            if !seen.intersection(*h).is_empty() || h.bits() & !CardSet::FULL52.bits() != 0 {
                return Err(bad("a card appears twice".into()));
            }
            seen = seen.union(*h);
        }
        if CardSet::from_cards(trick).len() as usize != trick.len() {
            return Err(bad("a card appears twice in the trick".into()));
        }
        let left = 13 - done;
        for (seat, h) in hands.iter().enumerate() {
            let played = (0..trick.len()).any(|i| (usize::from(leader) + i) % 4 == seat);
            let want = if played { left.saturating_sub(1) } else { left };
            if h.len() != want || (played && left == 0) {
                return Err(bad(format!(
                    "seat {} holds {} cards; with {done} tricks taken it should hold {want}",
                    SEAT_LETTERS[seat],
                    h.len()
                )));
            }
        }
        Ok(BridgePlay {
            play: TrickPlay::from_parts(hands, trick, leader, trump_of(strain), won),
            strain,
            level,
            doubled,
            declarer,
        })
    }

    /// Play `mv` for the seat to move.
    ///
    /// # Errors
    /// `GAME_OVER` after the last trick, `CARD_NOT_OWNED` for a card the seat does not hold,
    /// `REVOKE` for a card that does not follow suit when the seat can.
    pub(super) fn play_card(&mut self, mv: Card) -> Result<()> {
        self.play.play(mv).map_err(|refusal| match refusal {
            Refusal::Over => Error::illegal(Code::GameOver, "all 13 tricks have been played"),
            Refusal::NotHeld(seat) => Error::illegal(
                Code::CardNotOwned,
                format!("{} does not hold {mv}", SEAT_LETTERS[seat as usize]),
            ),
            Refusal::Revoke(seat) => Error::illegal(
                Code::Revoke,
                format!(
                    "{} must follow suit and may not play {mv}",
                    SEAT_LETTERS[seat as usize]
                ),
            ),
        })
    }
}

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
/// [`TrickRules::winner`] (follow suit, `trump` as trumps). A code whose rank could not be read
/// never wins; while no readable card of the suit led (or trump) has been played, the lead
/// stands.
#[must_use]
pub fn trick_winner_index(cards: &[u8], trump: Option<Suit>) -> Option<usize> {
    let lead_suit = Suit::from_index(suit_of(*cards.first()?))?;
    let rules = TrickRules::with_trump_suit(trump, FollowPolicy::FollowSuit);
    // The readable cards from the first that can win (the lead itself, a card of the suit led
    // or a trump): the one trick winner decides among them, the first standing for the lead.
    let readable: Vec<(usize, Card)> = cards
        .iter()
        .enumerate()
        .filter_map(|(i, &c)| Some((i, Card::from_index(c)?)))
        .collect();
    let Some(start) = readable
        .iter()
        .position(|&(i, c)| i == 0 || c.suit() == lead_suit || rules.trumps.contains(c))
    else {
        return Some(0);
    };
    let contenders = &readable[start..];
    let played: Vec<Card> = contenders.iter().map(|&(_, c)| c).collect();
    let best = rules.winner(&played, natural_power)?;
    Some(contenders[best].0)
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
