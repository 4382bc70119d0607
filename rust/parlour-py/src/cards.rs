//! Cards, card sets and trick resolution for Python.

use crate::errors::{config_err, guarded};
use parlour_core::cards::{Card, CardSet, Spelling};
use parlour_core::trick::{natural_power, FollowPolicy, TrickRules};
use parlour_core::Common;
use pyo3::prelude::*;

fn spelling(name: &str) -> PyResult<Spelling> {
    match name {
        "dalmara" => Ok(Spelling::DalMara),
        "ranksuit" | "gyla" | "durak" => Ok(Spelling::RankSuit),
        "bridge" => Ok(Spelling::Bridge),
        other => Err(config_err(
            Common::InvalidSpelling,
            format!(
                "unknown spelling {other:?}; expected dalmara, gyla, durak, ranksuit or bridge"
            ),
        )),
    }
}

/// The card with bit index `index` (`ConfigError` `INVALID_CARD` for anything else).
pub(crate) fn card(index: i64) -> PyResult<Card> {
    u8::try_from(index)
        .ok()
        .and_then(Card::from_index)
        .ok_or_else(|| config_err(Common::InvalidCard, format!("{index} is not a card index")))
}

/// Parse one card in the named spelling; returns its bit index.
#[pyfunction]
pub fn parse_card(text: &str, spelling_name: &str) -> PyResult<u8> {
    let sp = spelling(spelling_name)?;
    guarded(|| Card::parse(text, sp).map(Card::index))
}

/// Format the card with bit index `index` in the named spelling.
#[pyfunction]
pub fn format_card(index: i64, spelling_name: &str) -> PyResult<String> {
    Ok(card(index)?.format(spelling(spelling_name)?))
}

/// The bit indices of a card-set mask, ascending.
#[pyfunction]
pub fn cardset_cards(bits: u64) -> Vec<u8> {
    CardSet(bits).iter().map(Card::index).collect()
}

/// The bit indices of the 52-card (`size=52`) or 36-card (`size=36`) deck.
#[pyfunction]
pub fn deck(size: i64) -> PyResult<Vec<u8>> {
    match size {
        52 => Ok(CardSet::FULL52.iter().map(Card::index).collect()),
        36 => Ok(CardSet::FULL36.iter().map(Card::index).collect()),
        _ => Err(config_err(
            Common::InvalidDeckSize,
            format!("deck size must be 52 or 36, not {size}"),
        )),
    }
}

/// Shuffle `items` (any list) with the core's seeded Fisher–Yates; returns a new list.
#[pyfunction]
pub fn shuffled_indices(n: usize, seed: u64) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    parlour_core::rng::shuffle(&mut v, &mut parlour_core::rng::Rng::new(seed));
    v
}

fn policy(name: &str) -> PyResult<FollowPolicy> {
    match name {
        "follow" => Ok(FollowPolicy::FollowSuit),
        "follow_else_trump" => Ok(FollowPolicy::FollowElseTrump),
        other => Err(config_err(
            Common::InvalidPolicy,
            format!("unknown follow policy {other:?}; expected follow or follow_else_trump"),
        )),
    }
}

/// The mask of the cards of `hand` that may be played to a trick led with `lead`.
#[pyfunction]
#[pyo3(signature = (hand, lead, trumps, follow_policy = "follow"))]
pub fn trick_legal(
    hand: u64,
    lead: Option<i64>,
    trumps: u64,
    follow_policy: &str,
) -> PyResult<u64> {
    let rules = TrickRules {
        trumps: CardSet(trumps),
        policy: policy(follow_policy)?,
    };
    let lead = lead.map(card).transpose()?;
    Ok(rules.legal(CardSet(hand), lead).bits())
}

/// Index of the winning card of a trick (play order), natural card order; None when empty.
#[pyfunction]
pub fn trick_winner(cards: Vec<i64>, trumps: u64) -> PyResult<Option<usize>> {
    let cards: Vec<Card> = cards.into_iter().map(card).collect::<PyResult<_>>()?;
    let rules = TrickRules {
        trumps: CardSet(trumps),
        policy: FollowPolicy::FollowSuit,
    };
    Ok(rules.winner(&cards, natural_power))
}
