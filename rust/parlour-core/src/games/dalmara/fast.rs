//! The four-player random playout fast path: uniform random plays made in place, move for move
//! identical to the protocol path (`protocol_moves` + `apply_move` with one `rng.index(n)` draw
//! per move over the legal moves in hand order), with less work per move.
//!
//! Each hand is kept as its cards in dealt order plus a presence mask over those positions, so a
//! play clears a bit instead of shifting the hand, and the legal plays are a position mask (the
//! hand, or its lead-suit part when it has one) whose `k`-th set bit is found with two table
//! look-ups, without building a move list. The lowest set position is the first move of the
//! protocol's list, so the `k`-th set bit is its `k`-th move. The trick winner is a branch-free
//! maximum over per-card keys. The incremental hash is not kept per move; the cards hash is
//! recomputed once when the hands are written back.

use super::{rank_of, suit_of, DalMara, Pile, Rules, TEN};
use crate::rng::Rng;

/// Most cards a hand may hold for the fast path (a dealt hand holds 13).
const MAX_FAST: usize = 16;
/// Suit slot meaning "no suit" (no lead, no Turup).
const NO_SUIT: u8 = 4;

/// Number of set bits of each byte.
static POP8: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// `SEL8[b][k]`: position of the `k`-th set bit (from the lowest) of byte `b`.
static SEL8: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if b & (1 << bit) != 0 {
                t[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

/// Number of set bits of a 16-bit mask.
#[inline]
fn pop16(m: u16) -> u32 {
    u32::from(POP8[usize::from(m & 0xFF)]) + u32::from(POP8[usize::from(m >> 8)])
}

/// Position of the `k`-th set bit (from the lowest) of `m`; `k < pop16(m)`.
#[inline]
fn select16(m: u16, k: u32) -> usize {
    let lo = u32::from(POP8[usize::from(m & 0xFF)]);
    // 1 when the bit is in the high byte; arithmetic, so no branch to mispredict.
    let high = u32::from(k >= lo);
    let byte = usize::from((m >> (8 * high)) & 0xFF);
    let kk = (k - lo * high) as usize & 7;
    usize::from(SEL8[byte][kk]) + 8 * high as usize
}

/// The hands of a position in fast form.
struct Hands {
    /// Cards in dealt order.
    cards: [[u8; MAX_FAST]; 4],
    /// Positions still held.
    present: [u16; 4],
    /// Positions holding each suit (slot [`NO_SUIT`] is empty), held or not.
    suit_pos: [[u16; 5]; 4],
}

impl Hands {
    fn of(s: &DalMara) -> Option<Hands> {
        let mut h = Hands {
            cards: [[0; MAX_FAST]; 4],
            present: [0; 4],
            suit_pos: [[0; 5]; 4],
        };
        for (seat, pile) in s.hands.iter().enumerate() {
            let cards = pile.as_slice();
            if cards.len() > MAX_FAST {
                return None;
            }
            for (i, &c) in cards.iter().enumerate() {
                h.cards[seat][i] = c;
                h.suit_pos[seat][usize::from(suit_of(c) & 3)] |= 1 << i;
            }
            h.present[seat] = ((1u32 << cards.len()) - 1) as u16;
        }
        Some(h)
    }

    /// True when `seat` still holds a card of suit `t` (`NO_SUIT`: false).
    #[inline]
    fn holds(&self, seat: usize, t: u8) -> bool {
        self.present[seat] & self.suit_pos[seat][usize::from(t.min(NO_SUIT))] != 0
    }

    fn write_back(&self, s: &mut DalMara) {
        for seat in 0..4 {
            let mut pile = Pile::default();
            let mut m = self.present[seat];
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                pile.push(self.cards[seat][i]);
                m &= m - 1;
            }
            s.hands[seat] = pile;
        }
        s.rehash();
    }
}

/// Strength of card `c` in a trick led in `l` with Turup `t`: any Turup card beats any lead-suit
/// card, which beats any other card; other cards never win (key 0).
#[inline]
fn key(c: u8, l: u8, t: u8) -> u32 {
    let cs = suit_of(c);
    let r = u32::from(rank_of(c));
    let trump = u32::from(cs == t);
    let led = u32::from(cs == l);
    // trump: 64 + r; led (not trump): 32 + r; else 0.
    (trump * 64 + (led & (trump ^ 1)) * 32 + r) * (trump | led)
}

impl DalMara {
    /// Random plays of the four-player game made in place, as the protocol path would make
    /// them, until the game is over, `max` moves are made, or the fast path does not apply (a
    /// two-player game, a Ghopte pending, a hand of more than 16 cards, a seat on turn without a
    /// card). Returns the number of moves made (0 when the fast path does not apply here).
    pub(super) fn random_plays_four(&mut self, rng: &mut Rng, max: u32) -> u32 {
        if !self.four || max == 0 || self.ghopte_pending() || self.is_finished() {
            return 0;
        }
        let Some(mut h) = Hands::of(self) else {
            return 0;
        };
        let engine = self.rules == Rules::Engine;
        let mut lead = self.lead.unwrap_or(NO_SUIT);
        let mut turup = self.turup.unwrap_or(NO_SUIT);
        let mut made = 0u32;
        // What the plays show, kept in a local for the loop and written back once.
        let mut seen = self.seen;
        loop {
            let s = self.next & 3;
            let hi = usize::from(s);
            let present = h.present[hi];
            let follow = present & h.suit_pos[hi][usize::from(lead.min(NO_SUIT))];
            let legal = if follow != 0 { follow } else { present };
            if legal == 0 {
                break;
            }
            let n = pop16(legal);
            let k = rng.below(u64::from(n)) as u32;
            let pos = select16(legal, k);
            let c = h.cards[hi][pos];
            h.present[hi] = present & !(1 << pos);
            made += 1;

            // commit_play for a hand card of seat `s`.
            let cs = suit_of(c);
            let tl = usize::from(self.trick_len);
            let l = if tl == 0 {
                cs
            } else if lead != NO_SUIT {
                lead
            } else {
                suit_of(self.trick[0].1)
            };
            seen.played(s, c);
            let old = turup;
            let mut new_t = old;
            if cs != l {
                seen.void(s, l);
                if old == NO_SUIT {
                    new_t = cs;
                    if !engine {
                        self.turup_trick = Some(self.trick_number);
                    }
                } else if old != cs {
                    // The engine keeps a Turup from an earlier trick while the trick holds
                    // no off-suit card yet; the rulebook's is fixed once its trick is over.
                    let open = if engine {
                        self.trick[..tl.min(4)]
                            .iter()
                            .any(|&(_, x)| suit_of(x) != l)
                    } else {
                        self.turup_trick == Some(self.trick_number)
                    };
                    if open {
                        // The outcome shows whether the seat still holds a Turup card.
                        if h.holds(hi, old) {
                            seen.holds(s, old);
                        } else {
                            seen.void(s, old);
                            new_t = cs;
                        }
                    }
                }
            }
            let makes = new_t != old && new_t == cs;
            turup = new_t;
            if let Some(slot) = self.trick.get_mut(tl) {
                *slot = (s, c);
                self.trick_len += 1;
            }
            self.move_number = self.move_number.saturating_add(1);
            self.detail = Some((s, c, makes));
            self.is_ghopte = false;
            if self.trick_len == 4 {
                let t = self.trick;
                let mut ws = t[0].0;
                let mut wk = key(t[0].1, l, turup);
                let mut tens = u8::from(rank_of(t[0].1) == TEN);
                for &(ps, pc) in &t[1..] {
                    let pk = key(pc, l, turup);
                    let beats = pk > wk;
                    ws = if beats { ps } else { ws };
                    wk = if beats { pk } else { wk };
                    tens += u8::from(rank_of(pc) == TEN);
                }
                self.trick_len = 0;
                self.trick = [(0, 0); 4];
                self.trick_skipped = [0; 4];
                let wi = usize::from(ws & 3);
                self.tens[wi] = self.tens[wi].saturating_add(tens);
                self.tricks[wi] = self.tricks[wi].saturating_add(1);
                self.next = ws;
                if (h.present[0] | h.present[1] | h.present[2] | h.present[3]) == 0 {
                    self.play_number = 4;
                    lead = l;
                    break;
                }
                self.trick_number = self.trick_number.saturating_add(1);
                self.play_number = 0;
                lead = NO_SUIT;
            } else {
                self.next = (s + 1) & 3;
                self.play_number = self.trick_len;
                lead = l;
            }
            if made >= max {
                break;
            }
        }
        self.seen = seen;
        self.lead = (lead != NO_SUIT).then_some(lead);
        self.turup = (turup != NO_SUIT).then_some(turup);
        h.write_back(self);
        made
    }
}
