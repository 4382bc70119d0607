//! A double-dummy solver for card-play positions (all hands visible, best play by both sides).
//!
//! Boolean searches "can NS take at least `t` of the remaining tricks" with a transposition
//! table at trick boundaries (bounds on NS's tricks per remaining cards and leader), and
//! equivalent-card pruning (cards of one hand with no outstanding card between them are
//! interchangeable). It is exact and fast for endgames (up to about eight cards per hand); a
//! node budget turns larger searches into a `DD_BUDGET_EXCEEDED` error instead of a long wait.

use crate::cards::{Card, CardSet, Suit, LANE};
use crate::error::{Error, Result};
use crate::game::Seat;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A cheap multiplicative hasher for the transposition table keys.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(u64::from(v));
    }
}

type Table = HashMap<([u64; 4], u8), (u8, u8), BuildHasherDefault<KeyHasher>>;

/// The double-dummy value of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DdResult {
    /// Tricks the side to move can take of the remaining tricks, the current one included.
    pub tricks: u8,
    /// For every legal card of the seat to move, the same value after playing it.
    pub by_card: Vec<(Card, u8)>,
}

struct Solver {
    trump: Option<Suit>,
    table: Table,
    nodes: u64,
    budget: u64,
}

fn beats(c: Card, b: Card, lead: Suit, trump: Option<Suit>) -> bool {
    let (ct, bt) = (Some(c.suit()) == trump, Some(b.suit()) == trump);
    match (ct, bt) {
        (true, false) => true,
        (false, true) => false,
        _ => c.suit() == b.suit() && c.rank() > b.rank() && (ct || c.suit() == lead),
    }
}

/// The hands with every card replaced by its rank among the cards still out in its suit (the
/// top outstanding card becomes the ace): positions equal up to this map have equal values.
fn normalize(hands: &[CardSet; 4]) -> [u64; 4] {
    let mut out = [0u64; 4];
    for s in 0..4u32 {
        let shift = 16 * s;
        let lanes = hands.map(|h| (h.bits() >> shift) & LANE);
        let all = lanes[0] | lanes[1] | lanes[2] | lanes[3];
        let mut rel = 12u32;
        for r in (0..13u32).rev() {
            if all >> r & 1 == 1 {
                for (o, lane) in out.iter_mut().zip(lanes) {
                    if lane >> r & 1 == 1 {
                        *o |= 1u64 << (shift + rel);
                    }
                }
                rel = rel.saturating_sub(1);
            }
        }
    }
    out
}

impl Solver {
    /// Legal cards of `hand` with one representative per run of equivalent cards.
    fn moves(hand: CardSet, lead: Option<Card>, outstanding: CardSet) -> Vec<Card> {
        let legal = match lead {
            Some(l) if !hand.of_suit(l.suit()).is_empty() => hand.of_suit(l.suit()),
            _ => hand,
        };
        let mut out = Vec::with_capacity(legal.len() as usize);
        for suit in Suit::ALL {
            let shift = 16 * u32::from(suit.index());
            let mine = (legal.bits() >> shift) & LANE;
            let others = (outstanding.bits() >> shift) & LANE & !((hand.bits() >> shift) & LANE);
            let mut prev: Option<u32> = None;
            for r in (0..13u32).rev() {
                if mine >> r & 1 == 0 {
                    continue;
                }
                let keep = match prev {
                    None => true,
                    Some(p) => {
                        let between = ((1u64 << p) - 1) & !((1u64 << (r + 1)) - 1);
                        others & between != 0
                    }
                };
                if keep {
                    if let Some(c) = u8::try_from(r).ok().and_then(|r| Card::new(suit, r)) {
                        out.push(c);
                    }
                }
                prev = Some(r);
            }
        }
        out
    }

    /// Tricks the leader's side can cash at once: the leader's top cards that no outstanding
    /// card beats, per suit, while neither opponent can ruff (a lower bound).
    fn quick_tricks(&self, hands: &[CardSet; 4], leader: Seat) -> i32 {
        let me = hands[leader as usize];
        let lho = hands[((leader + 1) % 4) as usize];
        let rho = hands[((leader + 3) % 4) as usize];
        let pd = hands[((leader + 2) % 4) as usize];
        let others = lho.union(rho).union(pd);
        let opp_trumps = self
            .trump
            .map_or(0, |t| lho.of_suit(t).len() + rho.of_suit(t).len());
        let mut total = 0i32;
        for suit in Suit::ALL {
            let mine = me.of_suit(suit);
            if mine.is_empty() {
                continue;
            }
            let theirs = others.of_suit(suit);
            // count my top cards above every outstanding card of the suit
            let mut run = 0u32;
            for r in (0..13u8).rev() {
                let Some(c) = Card::new(suit, r) else {
                    continue;
                };
                if mine.contains(c) {
                    run += 1;
                } else if theirs.contains(c) {
                    break;
                }
            }
            if run == 0 {
                continue;
            }
            let is_trump = Some(suit) == self.trump;
            let cap = if is_trump || opp_trumps == 0 {
                run
            } else {
                // safe only while both opponents still follow suit
                run.min(lho.of_suit(suit).len())
                    .min(rho.of_suit(suit).len())
            };
            total += i32::try_from(cap).unwrap_or(0);
        }
        // In a trump contract a side suit may be cut short by ruffs; the cap above keeps it safe.
        total.min(i32::try_from(me.len()).unwrap_or(0))
    }

    /// Order moves so that likely cut-offs come first.
    fn order(&self, moves: &mut [Card], trick: &[Card], leader: Seat, seat: Seat) {
        let trump = self.trump;
        if trick.is_empty() {
            // leads: top cards first (winners), trumps last
            moves.sort_by_key(|c| (Some(c.suit()) == trump, std::cmp::Reverse(c.rank())));
            return;
        }
        let lead = trick[0].suit();
        let mut best = 0;
        for i in 1..trick.len() {
            if beats(trick[i], trick[best], lead, trump) {
                best = i;
            }
        }
        let best_seat = (leader + u8::try_from(best).unwrap_or(0)) % 4;
        let partner_winning = best_seat % 2 == seat % 2;
        let top = trick[best];
        moves.sort_by_key(|c| {
            let wins = beats(*c, top, lead, trump);
            let t = Some(c.suit()) == trump;
            (u8::from(!partner_winning && !wins), t, c.rank())
        });
    }

    /// Can NS take at least `target` tricks from here (current trick included)?
    fn reaches(
        &mut self,
        hands: &mut [CardSet; 4],
        leader: Seat,
        trick: &mut Vec<Card>,
        target: i32,
    ) -> Result<bool> {
        let remaining =
            i32::try_from(hands[leader as usize].len()).unwrap_or(0) + i32::from(!trick.is_empty());
        if target <= 0 {
            return Ok(true);
        }
        if target > remaining {
            return Ok(false);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(Error::config(
                "DD_BUDGET_EXCEEDED",
                "the position is too large for the double-dummy node budget",
            ));
        }
        let key = (
            if trick.is_empty() {
                normalize(hands)
            } else {
                [0; 4]
            },
            leader,
        );
        if trick.is_empty() {
            if let Some(&(lo, hi)) = self.table.get(&key) {
                if i32::from(lo) >= target {
                    return Ok(true);
                }
                if i32::from(hi) < target {
                    return Ok(false);
                }
            }
        }
        let n = trick.len();
        let seat = (leader + u8::try_from(n).unwrap_or(0)) % 4;
        let maximizing = seat % 2 == 0;
        let outstanding = hands
            .iter()
            .fold(CardSet::from_cards(trick), |a, h| a.union(*h));
        if trick.is_empty() {
            let quick = self.quick_tricks(hands, leader);
            if leader % 2 == 0 && quick >= target {
                return Ok(true);
            }
            if leader % 2 == 1 && remaining - quick < target {
                return Ok(false);
            }
        }
        let mut moves = Self::moves(hands[seat as usize], trick.first().copied(), outstanding);
        self.order(&mut moves, trick, leader, seat);
        let mut result = !maximizing;
        for c in moves {
            hands[seat as usize].remove(c);
            trick.push(c);
            let ok = if trick.len() == 4 {
                let lead = trick[0].suit();
                let mut best = 0;
                for i in 1..4 {
                    if beats(trick[i], trick[best], lead, self.trump) {
                        best = i;
                    }
                }
                let winner = (leader + u8::try_from(best).unwrap_or(0)) % 4;
                let won = i32::from(winner % 2 == 0);
                let saved = std::mem::take(trick);
                let r = self.reaches(hands, winner, trick, target - won);
                *trick = saved;
                r
            } else {
                self.reaches(hands, leader, trick, target)
            };
            trick.pop();
            hands[seat as usize].insert(c);
            let ok = ok?;
            if ok == maximizing {
                result = ok;
                break;
            }
        }
        if trick.is_empty() {
            let entry = self.table.entry(key).or_insert((0, 13));
            let t = u8::try_from(target).unwrap_or(0);
            if result {
                entry.0 = entry.0.max(t);
            } else {
                entry.1 = entry.1.min(t.saturating_sub(1));
            }
        }
        Ok(result)
    }

    /// The most tricks NS can take from here.
    fn value(
        &mut self,
        hands: &mut [CardSet; 4],
        leader: Seat,
        trick: &mut Vec<Card>,
    ) -> Result<u8> {
        let remaining = hands[leader as usize].len() + u32::from(!trick.is_empty());
        let (mut lo, mut hi) = (0i32, i32::try_from(remaining).unwrap_or(0));
        while lo < hi {
            let mid = (lo + hi + 1) / 2;
            if self.reaches(hands, leader, trick, mid)? {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        Ok(u8::try_from(lo).unwrap_or(0))
    }
}

/// Solve a position: the cards still held (N, E, S, W), the trump suit (`None`: no-trump), the
/// seat that led the current trick and the cards already played to it (0–3); with the value of
/// every legal card.
///
/// # Errors
/// `INVALID_POSITION` for hands and trick that do not fit together; `DD_BUDGET_EXCEEDED` when
/// the search needs more than `budget` nodes.
pub fn solve(
    hands: [CardSet; 4],
    trump: Option<Suit>,
    leader: Seat,
    trick: &[Card],
    budget: u64,
) -> Result<DdResult> {
    solve_with(hands, trump, leader, trick, budget, true)
}

/// As [`solve`]; `with_cards = false` skips the per-card values (`by_card` is then empty),
/// which is all a double-dummy table needs.
///
/// # Errors
/// As [`solve`].
pub fn solve_with(
    hands: [CardSet; 4],
    trump: Option<Suit>,
    leader: Seat,
    trick: &[Card],
    budget: u64,
    with_cards: bool,
) -> Result<DdResult> {
    let bad = |m: &str| Error::invalid_state("INVALID_POSITION", m.to_string());
    if leader > 3 || trick.len() > 3 {
        return Err(bad(
            "the leader is a seat 0..3 and a trick in progress holds 0 to 3 cards",
        ));
    }
    let mut seen = CardSet::from_cards(trick);
    if seen.len() as usize != trick.len() {
        return Err(bad("a card repeats in the trick"));
    }
    for h in hands {
        if !seen.intersection(h).is_empty() || h.bits() & !CardSet::FULL52.bits() != 0 {
            return Err(bad("a card appears twice"));
        }
        seen = seen.union(h);
    }
    let k = hands[leader as usize].len() + u32::from(!trick.is_empty());
    for (i, h) in hands.iter().enumerate() {
        let played = (0..trick.len()).any(|j| (usize::from(leader) + j) % 4 == i);
        if h.len() + u32::from(played) != k {
            return Err(bad("the hands do not hold the same number of cards"));
        }
    }
    let mut solver = Solver {
        trump,
        table: Table::default(),
        nodes: 0,
        budget,
    };
    let mut hands = hands;
    let mut cur: Vec<Card> = trick.to_vec();
    let seat = (leader + u8::try_from(trick.len()).unwrap_or(0)) % 4;
    let side = |ns: u8, total: u8| if seat % 2 == 0 { ns } else { total - ns };
    let total = u8::try_from(k).unwrap_or(0);
    let tricks = side(solver.value(&mut hands, leader, &mut cur)?, total);
    let lead = trick.first().copied();
    let legal = match lead {
        Some(l) if !hands[seat as usize].of_suit(l.suit()).is_empty() => {
            hands[seat as usize].of_suit(l.suit())
        }
        _ => hands[seat as usize],
    };
    let mut by_card = Vec::new();
    for c in legal.iter().filter(|_| with_cards) {
        hands[seat as usize].remove(c);
        cur.push(c);
        let v = if cur.len() == 4 {
            let mut best = 0;
            for i in 1..4 {
                if beats(cur[i], cur[best], cur[0].suit(), trump) {
                    best = i;
                }
            }
            let winner = (leader + u8::try_from(best).unwrap_or(0)) % 4;
            let mut empty = Vec::new();
            let ns_now = u8::from(winner % 2 == 0);
            ns_now + solver.value(&mut hands, winner, &mut empty)?
        } else {
            solver.value(&mut hands, leader, &mut cur)?
        };
        cur.pop();
        hands[seat as usize].insert(c);
        by_card.push((c, side(v, total)));
    }
    Ok(DdResult { tricks, by_card })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Spelling;

    fn set(s: &str) -> CardSet {
        s.split_whitespace()
            .map(|c| Card::parse(c, Spelling::Bridge).unwrap())
            .collect()
    }

    #[test]
    fn small_endings() {
        // N: SA SK, E: S2 S3, S: H2 H3, W: D2 D3; N leads in no-trump: two tricks for NS.
        let hands = [set("SA SK"), set("S2 S3"), set("H2 H3"), set("D2 D3")];
        let r = solve(hands, None, 0, &[], 1_000_000).unwrap();
        assert_eq!(r.tricks, 2);
        // With hearts trumps and E to lead spades... E leads S2: N wins, cashes SK.
        let r = solve(hands, Some(Suit::Hearts), 1, &[], 1_000_000).unwrap();
        assert_eq!(r.tricks, 0);
        assert!(solve(
            hands,
            None,
            0,
            &[Card::parse("SA", Spelling::Bridge).unwrap()],
            10
        )
        .is_err());
    }
}
