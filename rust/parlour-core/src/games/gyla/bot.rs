//! The reference engine's computer player (`ai.go`), reproduced decision for decision
//! (`shared/specs/gyla/AI.md`). Deterministic; tie-breaks follow hand order.

use super::{level, level_table, rank_code, trumps_for, Gyla, SUITS};
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

/// The hand of the seat to play, in hand order, with each card's level and trump flag.
struct Hand {
    cards: [Card; 9],
    levels: [u32; 9],
    trump: [bool; 9],
    n: usize,
    /// Non-trump cards held per suit lane (`plainCount`).
    plain: [u32; 4],
}

impl Hand {
    /// Among the cards `i` with `pred(i)`, in hand order: the first with the maximal level
    /// (`highest`, strictly greater replaces) or the first with the minimal level (`lowest`).
    fn pick(&self, pred: impl Fn(usize) -> bool, highest: bool) -> Option<Card> {
        let mut best: Option<usize> = None;
        for i in 0..self.n {
            if !pred(i) {
                continue;
            }
            best = match best {
                None => Some(i),
                Some(b)
                    if (highest && self.levels[i] > self.levels[b])
                        || (!highest && self.levels[i] < self.levels[b]) =>
                {
                    Some(i)
                }
                keep => keep,
            };
        }
        best.map(|i| self.cards[i])
    }

    fn plain_count(&self, c: Card) -> u32 {
        self.plain[usize::from(c.index() >> 4) & 3]
    }

    /// `isLast`: a non-trump card that is the only non-trump of its suit still held.
    fn is_last(&self, i: usize) -> bool {
        !self.trump[i] && self.plain_count(self.cards[i]) == 1
    }
}

fn suit_bit(c: Card) -> u8 {
    1 << ((c.index() >> 4) & 3)
}

/// The card the computer player of the seat to play chooses (`chooseLead` / `chooseFollow`).
#[allow(clippy::too_many_lines)]
pub(super) fn choose_card(g: &Gyla) -> Option<Card> {
    let p = g.seat_to_play();
    let pi = usize::from(p - 1);
    let n = usize::from(*g.lens.get(pi)?);
    let order = g.order.get(pi)?.get(..n)?;
    let trump = g.trump;
    let trumps = trumps_for(trump);
    let first = Card::from_index(*order.first()?)?;
    let mut h = Hand {
        cards: [first; 9],
        levels: [0; 9],
        trump: [false; 9],
        n,
        plain: [0; 4],
    };
    let table = level_table(trump);
    for (i, &x) in order.iter().enumerate() {
        let c = Card::from_index(x)?;
        let l = u32::from(table[usize::from(x & 63)]);
        h.cards[i] = c;
        h.levels[i] = l;
        h.trump[i] = l >= 8;
        if l < 8 {
            h.plain[usize::from(x >> 4) & 3] += 1;
        }
    }
    let tm = (p + 1) % 4 + 1;
    let t0 = usize::from(g.nplays) / 4 * 4;
    let trick_len = g.current_trick_len();

    if trick_len == 0 {
        // ---- chooseLead
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
                played.0 |= 1u64 << (x & 63);
            }
            let lead_plain = !trumps.contains(lead);
            if leader == tm && lead_plain && matches!(lead.rank(), KING | QUEEN | TEN) {
                tm_voids |= suit_bit(lead);
            }
            if lead_plain {
                let off = |c: Card| trumps.contains(c) || suit_bit(c) != suit_bit(lead);
                if leader != tm && off(card_of(tm)?) {
                    tm_voids |= suit_bit(lead);
                }
                for opp in [left, right] {
                    if opp != leader && off(card_of(opp)?) {
                        opp_voids |= suit_bit(lead);
                    }
                }
            }
        }
        let any_plain = (0..n).any(|i| !h.trump[i]);
        // 1. a suit the teammate signalled or is void in, that no opponent is void in
        if tm_voids != 0 && any_plain {
            let c = h.pick(
                |i| {
                    let b = suit_bit(h.cards[i]);
                    !h.trump[i] && tm_voids & b != 0 && opp_voids & b == 0
                },
                true,
            );
            if c.is_some() {
                return c;
            }
        }
        // 2. the first ace
        if let Some(i) = (0..n).find(|&i| !h.trump[i] && h.cards[i].rank() == ACE) {
            return Some(h.cards[i]);
        }
        // 3. the first king whose ace is gone, or which is the last of its suit
        if let Some(i) = (0..n).find(|&i| {
            let c = h.cards[i];
            !h.trump[i]
                && c.rank() == KING
                && (Card::new(c.suit(), ACE).is_some_and(|a| played.contains(a)) || h.is_last(i))
        }) {
            return Some(h.cards[i]);
        }
        // 4. four or more trumps: the highest trump
        if (0..n).filter(|&i| h.trump[i]).count() >= 4 {
            return h.pick(|i| h.trump[i], true);
        }
        // 5. a lone Q, 10 or K as a signal
        let signal = h.pick(
            |i| h.is_last(i) && matches!(h.cards[i].rank(), QUEEN | TEN | KING),
            true,
        );
        if signal.is_some() {
            return signal;
        }
        // 6. the lowest plain card, 7. else the lowest card
        if any_plain {
            return h.pick(|i| !h.trump[i], false);
        }
        return h.pick(|_| true, false);
    }

    // ---- chooseFollow
    let raw = g.plays.get(t0..t0 + trick_len)?;
    let lead = Card::from_index(*raw.first()?)?;
    let mut buf = [lead; 4];
    for (slot, &x) in buf.iter_mut().zip(raw) {
        *slot = Card::from_index(x)?;
    }
    let trick = buf.get(..trick_len)?;
    let leader = *g.leaders.get(t0 / 4)?;
    let legal = g.rules().legal(g.hand_set(p), Some(lead));
    let playable = |i: usize| legal.contains(h.cards[i]);
    let lv = |c: Card| level(c, trump);
    let w = g.rules().winner(trick, lv)?;
    #[allow(clippy::cast_possible_truncation)]
    let winner_seat = (leader + 3 + w as u8) % 4 + 1;
    if winner_seat == tm {
        return h.pick(playable, false);
    }
    let best = *trick.get(w)?;
    let best_level = lv(best);
    let any_trump = trick.iter().any(|c| trumps.contains(*c)) || trumps.contains(best);
    let would_win = |i: usize| {
        if any_trump {
            h.trump[i] && h.levels[i] > best_level
        } else {
            h.trump[i] || (suit_bit(h.cards[i]) == suit_bit(lead) && h.levels[i] > best_level)
        }
    };
    let win = h.pick(|i| playable(i) && would_win(i), false);
    if win.is_some() {
        return win;
    }
    // dumpCard
    let min = (0..n)
        .filter(|&i| playable(i) && !h.trump[i])
        .map(|i| h.plain_count(h.cards[i]))
        .min();
    if let Some(min) = min {
        return h.pick(
            |i| playable(i) && !h.trump[i] && h.plain_count(h.cards[i]) == min,
            false,
        );
    }
    h.pick(playable, false)
}
