//! A double-dummy solver for card-play positions (all hands visible, best play by both sides).
//!
//! Boolean searches "can NS take at least `t` of the remaining tricks" with a transposition
//! table at trick boundaries (bounds on NS's tricks per position up to rank equivalence and
//! leader, with the lead that last cut the search off), quick tricks, move ordering (cash
//! winners, lead to partner's winners or through the top card; win cheaply, duck when partner
//! wins) and equivalent-card pruning (cards of one hand with no outstanding card between them
//! are interchangeable). It is exact; endgames take milliseconds, and a whole deal's table
//! ([`table`]) seconds: its strains run in parallel and the four declarers of a strain share
//! one table. A node budget turns larger searches into a `DD_BUDGET_EXCEEDED` error instead
//! of a long wait.

use crate::cards::{Card, CardSet, Suit, LANE};
use crate::error::{Error, Result};
use crate::game::Seat;
use crate::trick::{natural_power, FollowPolicy, TrickRules};
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

/// Per position at a trick boundary (hands up to rank equivalence, and the leader): bounds on
/// NS's tricks (`lo`, `hi`) and the lead that last cut the search off (`NO_CARD` if none).
type Table = HashMap<([u64; 4], u8), (u8, u8, u8), BuildHasherDefault<KeyHasher>>;

/// No card (a [`Table`] entry without a best lead).
const NO_CARD: u8 = u8::MAX;

/// The double-dummy value of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DdResult {
    /// Tricks the side to move can take of the remaining tricks, the current one included.
    pub tricks: u8,
    /// For every legal card of the seat to move, the same value after playing it.
    pub by_card: Vec<(Card, u8)>,
}

/// Cards a hand may play: one representative per run of equivalent cards (cards of one hand with
/// no outstanding card of another hand between them), at most 13.
#[derive(Clone, Copy)]
struct Moves {
    cards: [u8; 13],
    len: usize,
}

impl Moves {
    fn as_slice(&self) -> &[u8] {
        &self.cards[..self.len]
    }
}

/// The cards of the trick in progress (0 to 3, or 4 just before it is scored).
#[derive(Clone, Copy)]
struct Trick {
    cards: [Card; 4],
    len: usize,
}

impl Trick {
    const EMPTY: Trick = Trick {
        cards: [Card::PLACEHOLDER; 4],
        len: 0,
    };

    fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len]
    }
}

/// The card at bit index `c` of a hand mask (always a card: the masks hold cards only).
fn card(c: u8) -> Card {
    Card::from_index(c).unwrap_or(Card::PLACEHOLDER)
}

const fn lane(bits: u64, suit: u8) -> u64 {
    (bits >> (16 * suit as u32)) & LANE
}

/// The highest set rank of a lane (`lane != 0`).
fn top_rank(lane: u64) -> u32 {
    63 - lane.leading_zeros()
}

struct Solver {
    /// The trump suit's lane, or None for no-trump.
    trump: Option<u8>,
    /// Bridge's trick rules with that trump suit: the shared follow-suit and winner logic.
    rules: TrickRules,
    table: Table,
    nodes: u64,
    budget: u64,
}

impl Solver {
    fn new(trump: Option<Suit>, budget: u64) -> Solver {
        Solver {
            trump: trump.map(Suit::index),
            rules: TrickRules::with_trump_suit(trump, FollowPolicy::FollowSuit),
            table: Table::default(),
            nodes: 0,
            budget,
        }
    }

    /// The position in the trick of its winning card so far.
    fn best_of(&self, trick: &Trick) -> usize {
        self.rules
            .winner(trick.as_slice(), natural_power)
            .unwrap_or(0)
    }

    /// Legal cards of `hand` (after `lead`, if any), one per run of equivalent cards, as bit
    /// indices from the highest card of each suit down.
    fn moves(&self, hand: u64, lead: Option<Card>, outstanding: u64) -> Moves {
        let legal = self.rules.legal(CardSet(hand), lead).bits();
        let others = outstanding & !hand;
        let mut out = Moves {
            cards: [0; 13],
            len: 0,
        };
        for suit in 0..4u8 {
            let mut mine = lane(legal, suit);
            let theirs = lane(others, suit);
            let mut prev: Option<u32> = None;
            while mine != 0 {
                let r = top_rank(mine);
                mine &= !(1 << r);
                let keep = prev.map_or(true, |p| {
                    let between = ((1u64 << p) - 1) & !((1u64 << (r + 1)) - 1);
                    theirs & between != 0
                });
                if keep && out.len < 13 {
                    out.cards[out.len] = u8::try_from(16 * u32::from(suit) + r).unwrap_or(0);
                    out.len += 1;
                }
                prev = Some(r);
            }
        }
        out
    }

    /// Tricks the leader's side can cash at once: the leader's top cards that no outstanding
    /// card beats, per suit, while neither opponent can ruff (a lower bound).
    fn quick_tricks(&self, hands: &[u64; 4], leader: u8) -> i32 {
        let me = hands[usize::from(leader)];
        let lho = hands[usize::from((leader + 1) % 4)];
        let rho = hands[usize::from((leader + 3) % 4)];
        let pd = hands[usize::from((leader + 2) % 4)];
        let others = lho | rho | pd;
        let opp_trumps = self
            .trump
            .map_or(0, |t| lane(lho, t).count_ones() + lane(rho, t).count_ones());
        let mut total = 0u32;
        for suit in 0..4u8 {
            let mine = lane(me, suit);
            if mine == 0 {
                continue;
            }
            let theirs = lane(others, suit);
            // my cards above every outstanding card of the suit
            let run = if theirs == 0 {
                mine.count_ones()
            } else {
                (mine >> (top_rank(theirs) + 1)).count_ones()
            };
            if run == 0 {
                continue;
            }
            let cap = if Some(suit) == self.trump || opp_trumps == 0 {
                run
            } else {
                // safe only while both opponents still follow suit
                run.min(lane(lho, suit).count_ones())
                    .min(lane(rho, suit).count_ones())
            };
            total += cap;
        }
        i32::try_from(total.min(me.count_ones())).unwrap_or(0)
    }

    /// Order the candidate cards so that likely cut-offs come first.
    fn order(&self, moves: &mut Moves, hands: &[u64; 4], trick: &Trick, seat: u8) {
        let n = moves.len;
        let mut keys = [0i32; 13];
        if trick.len == 0 {
            let pd = hands[usize::from((seat + 2) % 4)];
            let lho = hands[usize::from((seat + 1) % 4)];
            let rho = hands[usize::from((seat + 3) % 4)];
            let me = hands[usize::from(seat)];
            for (k, &c) in keys.iter_mut().zip(moves.as_slice()) {
                let suit = c / 16;
                let rank = i32::from(c % 16);
                let all = lane(me | pd | lho | rho, suit);
                let top = top_rank(all);
                let opp = lane(lho | rho, suit);
                let mut score = if lane(me, suit) >> top & 1 == 1 {
                    // cash a winner: the top card first
                    if u32::from(c % 16) == top {
                        100
                    } else {
                        10 + rank
                    }
                } else if lane(pd, suit) >> top & 1 == 1 {
                    // to partner's winner: low
                    80 - rank
                } else if lane(rho, suit) >> top & 1 == 1 {
                    // through the top card
                    45 - rank
                } else {
                    30 - rank
                };
                if let Some(t) = self.trump {
                    if suit != t {
                        let opp_void = |h: u64| lane(h, suit) == 0 && lane(h, t) != 0;
                        if opp_void(lho) || opp_void(rho) {
                            score -= 40;
                        }
                        if lane(pd, suit) == 0 && lane(pd, t) != 0 && opp != 0 {
                            score += 25;
                        }
                    } else if lane(me | pd, t).count_ones() > lane(lho | rho, t).count_ones() {
                        score += 15;
                    }
                }
                *k = -score;
            }
        } else {
            let lead = trick.cards[0];
            let best = self.best_of(trick);
            let top = trick.cards[best];
            let partner_winning = (trick.len - best) % 2 == 0;
            let last = trick.len == 3;
            for (k, &c) in keys.iter_mut().zip(moves.as_slice()) {
                let rank = i32::from(c % 16);
                let wins = self.rules.beats(card(c), top, lead, natural_power);
                let is_trump = Some(c / 16) == self.trump;
                let follows = c / 16 == lead.suit().index();
                *k = if partner_winning {
                    // no need to win: low cards, keep trumps
                    rank + if is_trump && !follows { 40 } else { 0 }
                } else if wins {
                    // win as cheaply as possible (the last hand) or high (second, third)
                    if last || is_trump && !follows {
                        -100 + rank
                    } else {
                        -100 - rank
                    }
                } else {
                    rank + if is_trump { 40 } else { 0 }
                };
            }
        }
        // insertion sort of the (at most 13) cards by key, stable
        for i in 1..n {
            let (c, k) = (moves.cards[i], keys[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] > k {
                moves.cards[j] = moves.cards[j - 1];
                keys[j] = keys[j - 1];
                j -= 1;
            }
            moves.cards[j] = c;
            keys[j] = k;
        }
    }

    /// Can NS take at least `target` tricks from here (current trick included)?
    fn reaches(
        &mut self,
        hands: &mut [u64; 4],
        leader: u8,
        trick: &mut Trick,
        target: i32,
    ) -> Result<bool> {
        let held = hands[usize::from(leader)].count_ones();
        // the lead to try first: the one that cut off a search of this position before
        let mut first = NO_CARD;
        let remaining = i32::try_from(held).unwrap_or(0) + i32::from(trick.len > 0);
        if target <= 0 {
            return Ok(true);
        }
        if target > remaining {
            return Ok(false);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(Error::config(
                super::Code::DdBudgetExceeded,
                "the position is too large for the double-dummy node budget",
            ));
        }
        let key = if trick.len == 0 {
            let key = (normalize(hands), leader);
            if let Some(&(lo, hi, best)) = self.table.get(&key) {
                if i32::from(lo) >= target {
                    return Ok(true);
                }
                if i32::from(hi) < target {
                    return Ok(false);
                }
                first = best;
            }
            let quick = self.quick_tricks(hands, leader);
            if leader % 2 == 0 && quick >= target {
                return Ok(true);
            }
            if leader % 2 == 1 && remaining - quick < target {
                return Ok(false);
            }
            Some(key)
        } else {
            None
        };
        let seat = (leader + u8::try_from(trick.len).unwrap_or(0)) % 4;
        let maximizing = seat % 2 == 0;
        let in_trick = CardSet::from_cards(trick.as_slice()).bits();
        let outstanding = hands.iter().fold(in_trick, |a, h| a | h);
        let lead = trick.as_slice().first().copied();
        let mut moves = self.moves(hands[usize::from(seat)], lead, outstanding);
        if moves.len > 1 {
            self.order(&mut moves, hands, trick, seat);
            if let Some(i) = moves.as_slice().iter().position(|&c| c == first) {
                moves.cards[..=i].rotate_right(1);
            }
        }
        let mut result = !maximizing;
        let mut cut = NO_CARD;
        for &c in moves.as_slice() {
            hands[usize::from(seat)] &= !(1u64 << c);
            trick.cards[trick.len] = card(c);
            trick.len += 1;
            let ok = if trick.len == 4 {
                let winner = (leader + u8::try_from(self.best_of(trick)).unwrap_or(0)) % 4;
                let won = i32::from(winner % 2 == 0);
                let mut next = Trick::EMPTY;
                self.reaches(hands, winner, &mut next, target - won)
            } else {
                self.reaches(hands, leader, trick, target)
            };
            trick.len -= 1;
            hands[usize::from(seat)] |= 1u64 << c;
            let ok = ok?;
            if ok == maximizing {
                result = ok;
                cut = c;
                break;
            }
        }
        if let Some(key) = key {
            let entry = self.table.entry(key).or_insert((0, 13, NO_CARD));
            let t = u8::try_from(target).unwrap_or(0);
            if result {
                entry.0 = entry.0.max(t);
            } else {
                entry.1 = entry.1.min(t.saturating_sub(1));
            }
            if cut != NO_CARD {
                entry.2 = cut;
            }
        }
        Ok(result)
    }

    /// The most tricks NS can take from here, searched first at `guess`.
    fn value(
        &mut self,
        hands: &mut [u64; 4],
        leader: u8,
        trick: &mut Trick,
        guess: Option<i32>,
    ) -> Result<u8> {
        let remaining = hands[usize::from(leader)].count_ones() + u32::from(trick.len > 0);
        let (mut lo, mut hi) = (0i32, i32::try_from(remaining).unwrap_or(0));
        if let Some(g) = guess.filter(|&g| g > lo && g <= hi) {
            // the answer is usually the guess: two probes settle it
            if self.reaches(hands, leader, trick, g)? {
                lo = g;
                if g < hi && !self.reaches(hands, leader, trick, g + 1)? {
                    hi = g;
                }
            } else {
                hi = g - 1;
            }
        }
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

/// The hands with every card replaced by its rank among the cards still out in its suit (the
/// top outstanding card becomes the ace): positions equal up to this map have equal values.
fn normalize(hands: &[u64; 4]) -> [u64; 4] {
    let mut out = [0u64; 4];
    for s in 0..4u32 {
        let shift = 16 * s;
        let lanes = hands.map(|h| (h >> shift) & LANE);
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

/// The tricks left in a position (the current one included), after checking that the hands
/// and the trick fit together.
///
/// # Errors
/// `INVALID_POSITION` when they do not.
fn check(hands: &[CardSet; 4], leader: Seat, trick: &[Card]) -> Result<u32> {
    let bad = |m: &str| Error::invalid_state(super::Code::InvalidPosition, m.to_string());
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
        if !seen.intersection(*h).is_empty() || h.bits() & !CardSet::FULL52.bits() != 0 {
            return Err(bad("a card appears twice"));
        }
        seen = seen.union(*h);
    }
    let k = hands[leader as usize].len() + u32::from(!trick.is_empty());
    for (i, h) in hands.iter().enumerate() {
        let played = (0..trick.len()).any(|j| (usize::from(leader) + j) % 4 == i);
        if h.len() + u32::from(played) != k {
            return Err(bad("the hands do not hold the same number of cards"));
        }
    }
    Ok(k)
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
    let k = check(&hands, leader, trick)?;
    let mut solver = Solver::new(trump, budget);
    let mut bits = hands.map(CardSet::bits);
    let mut cur = Trick::EMPTY;
    cur.cards[..trick.len()].copy_from_slice(trick);
    cur.len = trick.len();
    let seat = (leader + u8::try_from(trick.len()).unwrap_or(0)) % 4;
    let side = |ns: u8, total: u8| if seat % 2 == 0 { ns } else { total - ns };
    let total = u8::try_from(k).unwrap_or(0);
    let ns = solver.value(&mut bits, leader, &mut cur, None)?;
    let tricks = side(ns, total);
    let legal = solver
        .rules
        .legal(CardSet(bits[usize::from(seat)]), trick.first().copied());
    let mut by_card = Vec::new();
    for c in legal.iter().filter(|_| with_cards) {
        bits[usize::from(seat)] &= !c.bit();
        cur.cards[cur.len] = c;
        cur.len += 1;
        let v = if cur.len == 4 {
            let winner = (leader + u8::try_from(solver.best_of(&cur)).unwrap_or(0)) % 4;
            let mut empty = Trick::EMPTY;
            let ns_now = u8::from(winner % 2 == 0);
            ns_now + solver.value(&mut bits, winner, &mut empty, None)?
        } else {
            solver.value(&mut bits, leader, &mut cur, Some(i32::from(ns)))?
        };
        cur.len -= 1;
        bits[usize::from(seat)] |= c.bit();
        by_card.push((c, side(v, total)));
    }
    Ok(DdResult { tricks, by_card })
}

/// The double-dummy table of a deal of equal hands (N, E, S, W): `table[strain][declarer]` is
/// the tricks `declarer` (0–3) takes in `strain` (0 no-trump, then spades, hearts, diamonds,
/// clubs) against the opening lead of its left-hand opponent. The strains are solved in
/// parallel; the four declarers of a strain share one transposition table.
///
/// # Errors
/// `INVALID_POSITION` for hands that are not a deal of equal hands; `DD_BUDGET_EXCEEDED` when
/// a strain needs more than `budget` nodes.
pub fn table(hands: [CardSet; 4], budget: u64) -> Result<[[u8; 4]; 5]> {
    use rayon::prelude::*;
    check(&hands, 0, &[])?;
    let total = u8::try_from(hands[0].len()).unwrap_or(0);
    let rows: Vec<Result<[u8; 4]>> = (0..5u8)
        .into_par_iter()
        .map(|strain| {
            let trump = strain.checked_sub(1).and_then(Suit::from_index);
            let mut solver = Solver::new(trump, budget);
            let mut row = [0u8; 4];
            // declarers N and S (leaders E and W) first, then E and W: each pair's values are
            // close, so the second of a pair starts from the first's value
            let mut guess = None;
            for declarer in [0u8, 2, 1, 3] {
                let leader = (declarer + 1) % 4;
                let mut bits = hands.map(CardSet::bits);
                let mut empty = Trick::EMPTY;
                let ns = solver.value(&mut bits, leader, &mut empty, guess)?;
                let ns_declarer = declarer % 2 == 0;
                row[usize::from(declarer)] = if ns_declarer { ns } else { total - ns };
                guess = if declarer == 2 {
                    None
                } else {
                    Some(i32::from(ns))
                };
            }
            Ok(row)
        })
        .collect();
    let mut out = [[0u8; 4]; 5];
    for (slot, row) in out.iter_mut().zip(rows) {
        *slot = row?;
    }
    Ok(out)
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
    fn table_agrees_with_one_search_per_leader() {
        let hands = [
            set("SA SQ H5 D9 C2"),
            set("SK S3 HA D2 C7"),
            set("S7 HK HQ DA C9"),
            set("S2 H3 DK DQ CA"),
        ];
        let values = table(hands, u64::MAX).unwrap();
        for (strain, row) in values.iter().enumerate() {
            let trump = u8::try_from(strain)
                .ok()
                .and_then(|s| s.checked_sub(1))
                .and_then(Suit::from_index);
            for (declarer, &tricks) in row.iter().enumerate() {
                let leader = u8::try_from((declarer + 1) % 4).unwrap();
                let r = solve_with(hands, trump, leader, &[], u64::MAX, false).unwrap();
                assert_eq!(tricks, 5 - r.tricks, "strain {strain} declarer {declarer}");
            }
        }
        assert!(table([set("SA"), set("S2"), set("S3 S4"), set("S5")], u64::MAX).is_err());
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
