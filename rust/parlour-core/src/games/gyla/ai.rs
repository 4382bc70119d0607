//! The reference engine's computer player (`ai.go`), reproduced decision for decision
//! (`shared/specs/gyla/AI.md`). Deterministic; tie-breaks follow hand order.

use super::{level, rank_code, trumps_for, Gyla, SUITS};
use crate::cards::{Card, CardSet, Suit, ACE, JACK, KING, QUEEN, SEVEN, TEN};

/// `chooseTrumpSuit`: the suit with the most non-7, non-Jack cards, then the highest sum of
/// rank codes; full ties keep the earlier suit (clubs, spades, hearts, diamonds).
pub(super) fn choose_trump(hand: &[Card]) -> Suit {
    let mut best = Suit::Clubs;
    let mut best_count = 0u32;
    let mut best_value = 0u32;
    for (i, &s) in SUITS.iter().enumerate() {
        let mut count = 0u32;
        let mut value = 0u32;
        for c in hand
            .iter()
            .filter(|c| c.suit() == s && c.rank() != SEVEN && c.rank() != JACK)
        {
            count += 1;
            value += u32::from(rank_code(*c));
        }
        if i == 0 || count > best_count || (count == best_count && value > best_value) {
            best = s;
            best_count = count;
            best_value = value;
        }
    }
    best
}

/// The first card with the maximal level (strictly greater replaces).
fn highest(cards: impl Iterator<Item = Card>, lv: impl Fn(Card) -> u32) -> Option<Card> {
    let mut best: Option<(Card, u32)> = None;
    for c in cards {
        let l = lv(c);
        if best.map_or(true, |(_, bl)| l > bl) {
            best = Some((c, l));
        }
    }
    best.map(|b| b.0)
}

/// The first card with the minimal level (strictly smaller replaces).
fn lowest(cards: impl Iterator<Item = Card>, lv: impl Fn(Card) -> u32) -> Option<Card> {
    let mut best: Option<(Card, u32)> = None;
    for c in cards {
        let l = lv(c);
        if best.map_or(true, |(_, bl)| l < bl) {
            best = Some((c, l));
        }
    }
    best.map(|b| b.0)
}

fn suit_bit(s: Suit) -> u8 {
    1 << s.index()
}

/// The card the computer player of the seat to play chooses (`chooseLead` / `chooseFollow`).
pub(super) fn choose_card(g: &Gyla) -> Option<Card> {
    let p = g.seat_to_play();
    let pi = usize::from(p - 1);
    let n = usize::from(*g.lens.get(pi)?);
    let order = g.order.get(pi)?.get(..n)?;
    let hand_set = g.hand_set(p);
    let trump = g.trump;
    let trumps = trumps_for(trump);
    let lv = |c: Card| level(c, trump);
    let hand = || order.iter().filter_map(|&x| Card::from_index(x));
    // plainCount(suit): non-trump cards of that suit still held
    let plain_count = |s: Suit| hand_set.of_suit(s).difference(trumps).len();
    let is_last = |c: Card| !trumps.contains(c) && plain_count(c.suit()) == 1;
    let tm = (p + 1) % 4 + 1;
    let t0 = usize::from(g.nplays) / 4 * 4;
    let trick_len = g.current_trick_len();

    if trick_len == 0 {
        // ---- chooseLead
        let non_trumps = || hand().filter(|c| !trumps.contains(*c));
        let trump_cards = || hand().filter(|c| trumps.contains(*c));
        let left = p % 4 + 1;
        let right = (p + 2) % 4 + 1;
        let mut tm_voids = 0u8;
        let mut opp_voids = 0u8;
        let mut played = CardSet::EMPTY;
        for t in 0..usize::from(g.nplays) / 4 {
            let leader = *g.leaders.get(t)?;
            let cards = g.plays.get(t * 4..t * 4 + 4)?;
            let lead = Card::from_index(*cards.first()?)?;
            let card_of = |seat: u8| -> Option<Card> {
                let pos = usize::from((seat + 4 - leader) % 4);
                Card::from_index(*cards.get(pos)?)
            };
            for &x in cards {
                played.insert(Card::from_index(x)?);
            }
            let lead_plain = !trumps.contains(lead);
            if leader == tm && lead_plain && matches!(lead.rank(), KING | QUEEN | TEN) {
                tm_voids |= suit_bit(lead.suit());
            }
            if lead_plain {
                let off = |c: Card| trumps.contains(c) || c.suit() != lead.suit();
                if leader != tm && off(card_of(tm)?) {
                    tm_voids |= suit_bit(lead.suit());
                }
                for opp in [left, right] {
                    if opp != leader && off(card_of(opp)?) {
                        opp_voids |= suit_bit(lead.suit());
                    }
                }
            }
        }
        // 1. a suit the teammate signalled or is void in, that no opponent is void in
        if tm_voids != 0 && non_trumps().next().is_some() {
            let cands = non_trumps().filter(|c| {
                let b = suit_bit(c.suit());
                tm_voids & b != 0 && opp_voids & b == 0
            });
            if let Some(c) = highest(cands, lv) {
                return Some(c);
            }
        }
        // 2. the first ace
        if let Some(c) = non_trumps().find(|c| c.rank() == ACE) {
            return Some(c);
        }
        // 3. the first king whose ace is gone, or which is the last of its suit
        if let Some(c) = non_trumps().find(|c| {
            c.rank() == KING
                && (Card::new(c.suit(), ACE).is_some_and(|a| played.contains(a)) || is_last(*c))
        }) {
            return Some(c);
        }
        // 4. four or more trumps: the highest trump
        if trump_cards().count() >= 4 {
            return highest(trump_cards(), lv);
        }
        // 5. a lone Q, 10 or K as a signal
        if let Some(c) = highest(
            non_trumps().filter(|c| is_last(*c) && matches!(c.rank(), QUEEN | TEN | KING)),
            lv,
        ) {
            return Some(c);
        }
        // 6. the lowest plain card, 7. else the lowest card
        if let Some(c) = lowest(non_trumps(), lv) {
            return Some(c);
        }
        return lowest(hand(), lv);
    }

    // ---- chooseFollow
    let trick: Vec<Card> = g
        .plays
        .get(t0..t0 + trick_len)?
        .iter()
        .filter_map(|&x| Card::from_index(x))
        .collect();
    let lead = *trick.first()?;
    let leader = *g.leaders.get(t0 / 4)?;
    let legal = g.rules().legal(hand_set, Some(lead));
    let playable = || hand().filter(|c| legal.contains(*c));
    let w = g.rules().winner(&trick, lv)?;
    #[allow(clippy::cast_possible_truncation)]
    let winner_seat = (leader + 3 + w as u8) % 4 + 1;
    if winner_seat == tm {
        return lowest(playable(), lv);
    }
    let best = *trick.get(w)?;
    let any_trump = trick.iter().any(|c| trumps.contains(*c)) || trumps.contains(best);
    let would_win = |c: Card| {
        if any_trump {
            trumps.contains(c) && lv(c) > lv(best)
        } else {
            trumps.contains(c) || (c.suit() == lead.suit() && lv(c) > lv(best))
        }
    };
    if let Some(c) = lowest(playable().filter(|c| would_win(*c)), lv) {
        return Some(c);
    }
    // dumpCard
    let plain_playable = || playable().filter(|c| !trumps.contains(*c));
    if let Some(min) = plain_playable().map(|c| plain_count(c.suit())).min() {
        return lowest(
            plain_playable().filter(|c| plain_count(c.suit()) == min),
            lv,
        );
    }
    lowest(playable(), lv)
}
