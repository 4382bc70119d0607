//! What each seat sees of a Dal Mara position: [`Observe`] for [`DalMara`] (both modes, both
//! rule sets), and [`Seen`], what the play so far has shown every seat.
//!
//! A seat sees its own hand, every card played (the trick in progress and the finished
//! tricks), the Turup once there is one, the Ghopte entries (a Ghopte is declared, so its
//! declarer is known to hold the ten and no other card of the suit), how many cards each hand
//! holds and, in the two-player game, the face-up top of each stack and how many cards lie
//! face down beneath it. It never sees another hand's cards (except those it saw arrive there:
//! a Turup card picked up from a stack, a declared Ghopte ten) or any face-down stack card,
//! its own included.
//!
//! Resampling draws everything the seat cannot see anew, uniformly among the deals that fit
//! what it has seen (`docs/dalmara.md`, "What each seat sees", says exactly what is kept).

use super::{DalMara, Move, Pile, Rules, Stack};
use crate::cards::{Card, CardSet, Spelling, Suit, TEN};
use crate::error::Result;
use crate::game::Seat;
use crate::lazy::Packed;
use crate::rng::Rng;
use crate::view::{deal_uniform, resample_failed, Holder, Observe, Value, ViewBuilder};

/// Length of [`Observe::observation_into`]'s array for Dal Mara (both modes).
pub const OBSERVATION_LEN: usize = 1048;

/// Draws a four-player resample may make before it gives up on the constraints that are not
/// per card (a Turup card shown to be held, no Ghopte missed at the deal). A position reached
/// by play always has deals that fit (the real one), and in practice most draws fit.
const TRIES: usize = 2000;

/// What every seat has seen happen in the play this state knows of, beyond the position
/// itself: kept by every move at the cost of a few bit operations.
///
/// It is knowledge of how the position was reached, not part of it: it takes no part in
/// equality, hashing or DMN (a position parsed from DMN has seen nothing).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Seen {
    /// Bit `s` of `voids[seat]`: the seat has shown that its hand holds no card of suit `s`
    /// (it did not follow suit `s`, or a 4p Turup override showed it holds no Turup card).
    /// In 2p this is about the cards of the hand it was dealt (a later pickup is known).
    pub(super) voids: [u8; 4],
    /// Bit `s` of `holds[seat]`: a 4p play showed that the seat holds a card of suit `s` (the
    /// Turup: a Turup override was open to it and it did not happen), and the seat has not
    /// played a card of that suit since.
    pub(super) holds: [u8; 4],
    /// Bits 0–3 of `played[seat]`: the seat has played a card of suit `s` other than the ten;
    /// bits 4–7: it has played the ten of suit `s`.
    pub(super) played: [u8; 4],
    /// 2p: the cards picked up from stacks (each by its stack's owner).
    pub(super) picked: CardSet,
    /// The deal happened in this state's history: `played` covers every card played.
    pub(super) dealt: bool,
}

impl PartialEq for Seen {
    fn eq(&self, _: &Seen) -> bool {
        true
    }
}

impl Eq for Seen {}

impl std::hash::Hash for Seen {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl Seen {
    /// Nothing seen yet, at a deal.
    pub(super) fn dealt() -> Seen {
        Seen {
            dealt: true,
            ..Seen::default()
        }
    }

    /// `seat` played card `c`.
    #[inline]
    pub(super) fn played(&mut self, seat: u8, c: Card) {
        let i = usize::from(seat & 3);
        let s = c.suit().index();
        self.played[i] |= (1 << s) << (4 * u8::from(c.rank() == TEN));
        self.holds[i] &= !(1 << s);
    }

    /// `seat` showed it holds no card of `suit`.
    #[inline]
    pub(super) fn void(&mut self, seat: u8, suit: Suit) {
        self.voids[usize::from(seat & 3)] |= 1 << suit.index();
    }

    /// `seat` showed it holds a card of `suit`.
    #[inline]
    pub(super) fn holds(&mut self, seat: u8, suit: Suit) {
        self.holds[usize::from(seat & 3)] |= 1 << suit.index();
    }

    /// Card `c` was picked up from a stack.
    #[inline]
    pub(super) fn picked(&mut self, c: Card) {
        self.picked.insert(c);
    }

    /// Every field, for tests comparing what two histories have shown.
    #[cfg(test)]
    pub(super) fn fields(&self) -> ([u8; 4], [u8; 4], [u8; 4], CardSet, bool) {
        (self.voids, self.holds, self.played, self.picked, self.dealt)
    }
}

/// The 52-card row slot of card `c` (`suit * 13 + rank`, the action id of its play).
fn slot(c: Card) -> usize {
    Move::Play(c).action_index()
}

/// Card `c` as Dal Mara writes it (`10s`, `Kh`).
fn text(c: Card) -> String {
    c.format(Spelling::DalMara)
}

/// The suit names of the bits of `bits` (bit `s`: suit `s`).
fn suit_names(bits: u8) -> Value {
    Value::strs(
        Suit::ALL
            .into_iter()
            .filter(|s| bits & (1 << s.index()) != 0)
            .map(Suit::name),
    )
}

/// The text of a protocol move, as `str(Move)` writes it in Python.
fn move_text(m: Move) -> String {
    match m {
        Move::Play(c) => text(c),
        Move::Pickup(c) => format!("pickup {}", text(c)),
        Move::Declare(s) => format!("declare {}", s.name()),
    }
}

impl DalMara {
    /// The cards of `seat`'s hand that every other seat knows: its unresolved Ghopte tens and
    /// (2p) the Turup cards it picked up from its stacks.
    pub(super) fn known_of(&self, seat: usize) -> CardSet {
        let hand = self.hands.get(seat).map_or(CardSet::EMPTY, Pile::mask);
        let tens: CardSet = self
            .ghoptes()
            .iter()
            .filter(|g| usize::from(g.seat) == seat && !g.resolved)
            .map(|g| g.card)
            .collect();
        hand.intersection(tens.union(self.seen.picked))
    }

    /// The suits in which `seat` declared a Ghopte (its only card of the suit was the ten).
    fn ghopte_suits(&self, seat: usize) -> u8 {
        self.ghoptes()
            .iter()
            .filter(|g| usize::from(g.seat) == seat)
            .fold(0, |m, g| m | 1 << g.card.suit().index())
    }

    /// Every card of the four hands, the stacks and the trick.
    fn cards_out(&self) -> CardSet {
        let held = self.hands.iter().map(Pile::mask);
        let stacked = self.stacks.iter().map(Stack::mask);
        let trick = self
            .trick_cards()
            .iter()
            .map(|&(_, c)| CardSet::EMPTY.with(c));
        held.chain(stacked)
            .chain(trick)
            .fold(CardSet::EMPTY, CardSet::union)
    }

    /// The cards of finished tricks: the 52 less every card still in a hand, a stack or the
    /// trick.
    pub(super) fn finished_cards(&self) -> CardSet {
        CardSet::FULL52.difference(self.cards_out())
    }

    /// Whether the hands of the seats in `seats` (each paired with its hand mask) fit what the
    /// play showed beyond single cards: a Turup card shown held is still held, and (after a
    /// deal seen here) no seat was dealt a lone ten it did not declare as a Ghopte.
    fn fits_history(&self, seat: usize, mask: CardSet) -> bool {
        let holds = self.seen.holds[seat];
        if Suit::ALL
            .into_iter()
            .any(|s| holds & (1 << s.index()) != 0 && mask.of_suit(s).is_empty())
        {
            return false;
        }
        if !self.seen.dealt || !self.four {
            return true;
        }
        let declared = self.ghopte_suits(seat);
        let played = self.seen.played[seat];
        Suit::ALL.into_iter().all(|s| {
            let (bit, Some(ten)) = (1 << s.index(), Card::new(s, TEN)) else {
                return true;
            };
            if declared & bit != 0 {
                return true;
            }
            let had_ten = played & (bit << 4) != 0 || mask.contains(ten);
            let had_other = played & bit != 0 || !mask.of_suit(s).without(ten).is_empty();
            !had_ten || had_other
        })
    }

    /// The four-player resample for `seat`: the other three hands.
    fn resample_four(&self, seat: usize, rng: &mut Rng) -> Result<DalMara> {
        let hidden: Vec<usize> = (0..4).filter(|&x| x != seat).collect();
        let known: Vec<CardSet> = hidden.iter().map(|&x| self.known_of(x)).collect();
        let mut pool: Vec<u16> = Vec::new();
        for (&x, &k) in hidden.iter().zip(&known) {
            pool.extend(
                self.hands[x]
                    .as_slice()
                    .iter()
                    .filter(|&&c| !k.contains(c))
                    .map(|&c| c.pack()),
            );
        }
        let forbid: Vec<u8> = hidden
            .iter()
            .map(|&x| self.seen.voids[x] | self.ghopte_suits(x))
            .collect();
        let allows: Vec<Box<dyn Fn(u16) -> bool>> = forbid
            .iter()
            .map(|&f| Box::new(move |item: u16| f & (1 << ((item >> 4) & 3)) == 0) as _)
            .collect();
        let holders: Vec<Holder<'_>> = hidden
            .iter()
            .zip(&known)
            .zip(&allows)
            .map(|((&x, &k), f)| Holder {
                size: self.hands[x].len() - k.intersection(self.hands[x].mask()).len() as usize,
                allows: f.as_ref(),
            })
            .collect();
        for _ in 0..TRIES {
            let deal = deal_uniform(&pool, &holders, rng).ok_or_else(|| {
                resample_failed("the voids and Ghoptes seen leave no deal of the hidden cards")
            })?;
            let mut next = self.clone();
            let mut fits = true;
            for ((&x, &k), items) in hidden.iter().zip(&known).zip(&deal) {
                let hand = refill(self.hands[x].as_slice(), k, items);
                fits &= self.fits_history(x, hand.mask());
                next.hands[x] = hand;
            }
            if fits {
                next.rehash();
                return Ok(next);
            }
        }
        Err(resample_failed(
            "no deal drawn fits the Turup and Ghopte plays seen",
        ))
    }

    /// The two-player resample for `seat`: the other hand's dealt cards and every face-down
    /// stack card.
    fn resample_two(&self, seat: usize, rng: &mut Rng) -> Result<DalMara> {
        let other = 1 - seat.min(1);
        let known = self.known_of(other);
        let mut pool: Vec<u16> = self.hands[other]
            .as_slice()
            .iter()
            .filter(|&&c| !known.contains(c))
            .map(|&c| c.pack())
            .collect();
        let hand_size = pool.len();
        let buried: Vec<usize> = (0..8).filter(|&k| self.stacks[k].len() > 1).collect();
        for &k in &buried {
            let cards = self.stacks[k].as_slice();
            pool.extend(cards[..cards.len() - 1].iter().map(|&c| c.pack()));
        }
        let voids = self.seen.voids[other];
        let hand_allows = move |item: u16| voids & (1 << ((item >> 4) & 3)) == 0;
        let any = |_: u16| true;
        let mut holders = vec![Holder {
            size: hand_size,
            allows: &hand_allows,
        }];
        holders.extend(buried.iter().map(|&k| Holder {
            size: self.stacks[k].len() - 1,
            allows: &any,
        }));
        let deal = deal_uniform(&pool, &holders, rng)
            .ok_or_else(|| resample_failed("the voids seen leave no deal of the hidden cards"))?;
        let mut next = self.clone();
        next.hands[other] = refill(self.hands[other].as_slice(), known, &deal[0]);
        for (&k, items) in buried.iter().zip(&deal[1..]) {
            let top = self.stacks[k].top().unwrap_or(Card::PLACEHOLDER);
            let mut cards: Vec<Card> = items.iter().map(|&i| Card::unpack(i)).collect();
            cards.push(top);
            next.stacks[k] = Stack::from_slice(&cards).unwrap_or_default();
        }
        next.rehash();
        Ok(next)
    }
}

/// `hand` with every card not in `keep` replaced, in order, by the cards of `items`.
fn refill(hand: &[Card], keep: CardSet, items: &[u16]) -> Pile {
    let mut new = items.iter().map(|&i| Card::unpack(i));
    let cards: Vec<Card> = hand
        .iter()
        .map(|&c| {
            if keep.contains(c) {
                c
            } else {
                new.next().unwrap_or(c)
            }
        })
        .collect();
    Pile::from_slice(&cards).unwrap_or_default()
}

impl Observe for DalMara {
    /// The common keys (cards in Dal Mara's spelling, moves as `str(Move)` writes them), then
    /// the position's public parts (`docs/dalmara.md` lists them).
    fn view(&self, seat: Seat) -> Value {
        let n = self.seats();
        let me = usize::from(seat);
        let to_move = self.protocol_to_move();
        let mut moves = Vec::new();
        if to_move == Some(seat) {
            self.protocol_moves(&mut moves);
        }
        let returns = self.returns();
        let suit = |s: Option<Suit>| s.map_or(Value::Null, |s| Value::Str(s.name().into()));
        let per_seat = |f: &dyn Fn(usize) -> Value| Value::List((0..n).map(f).collect());
        ViewBuilder::new(
            if self.four {
                "dalmara-4p"
            } else {
                "dalmara-2p"
            },
            seat,
            to_move,
            self.is_finished(),
            self.hand(me).iter().map(|&c| text(c)).collect(),
            (0..n).map(|x| self.hand(x).len()).collect(),
            moves.iter().map(|&m| move_text(m)).collect(),
            moves.iter().map(|m| m.action_index()).collect(),
            &returns[..n],
        )
        .with(
            "mode",
            Value::Str(if self.four { "4p" } else { "2p" }.into()),
        )
        .with("rules", Value::Str(self.rules.name().into()))
        .with("dealer", Value::Int(i64::from(self.dealer)))
        .with("next_seat", Value::Int(i64::from(self.next)))
        .with("turup", suit(self.turup))
        .with(
            "turup_trick",
            self.turup_trick
                .map_or(Value::Null, |t| Value::Int(i64::from(t))),
        )
        .with("move_number", Value::Int(i64::from(self.move_number)))
        .with("trick_number", Value::Int(i64::from(self.trick_number)))
        .with("play_number", Value::Int(i64::from(self.play_number)))
        .with("lead_suit", suit(self.lead))
        .with("is_ghopte", Value::Bool(self.is_ghopte))
        .with(
            "trick",
            Value::List(
                self.trick_cards()
                    .iter()
                    .map(|&(s, c)| {
                        Value::Map(vec![
                            ("seat".into(), Value::Int(i64::from(s))),
                            ("card".into(), Value::Str(text(c))),
                        ])
                    })
                    .collect(),
            ),
        )
        .with(
            "played",
            Value::strs(self.finished_cards().iter().map(text)),
        )
        .with(
            "ghoptes",
            Value::List(
                self.ghoptes()
                    .iter()
                    .map(|g| {
                        Value::Map(vec![
                            ("seat".into(), Value::Int(i64::from(g.seat))),
                            ("card".into(), Value::Str(text(g.card))),
                            ("order".into(), Value::Int(i64::from(g.order))),
                            ("resolved".into(), Value::Bool(g.resolved)),
                        ])
                    })
                    .collect(),
            ),
        )
        .with(
            "last_move",
            self.detail.map_or(Value::Null, |(s, c, t)| {
                Value::Map(vec![
                    ("seat".into(), Value::Int(i64::from(s))),
                    ("card".into(), Value::Str(text(c))),
                    ("makes_turup".into(), Value::Bool(t)),
                ])
            }),
        )
        .with("tens_taken", Value::ints(self.tens[..n].iter().copied()))
        .with(
            "tricks_taken",
            Value::ints(self.tricks[..n].iter().copied()),
        )
        .with("voids", per_seat(&|x| suit_names(self.seen.voids[x])))
        .with("holds", per_seat(&|x| suit_names(self.seen.holds[x])))
        .with(
            "known",
            per_seat(&|x| {
                let mask = if x == me {
                    CardSet::EMPTY
                } else {
                    self.known_of(x)
                };
                // In hand order.
                Value::strs(
                    self.hand(x)
                        .iter()
                        .filter(|&&c| mask.contains(c))
                        .map(|&c| text(c)),
                )
            }),
        )
        .with(
            "stacks",
            Value::List(if self.four {
                Vec::new()
            } else {
                (0..8usize)
                    .map(|k| {
                        let st = &self.stacks[k];
                        Value::Map(vec![
                            ("seat".into(), Value::Int(i64::try_from(k / 4).unwrap_or(0))),
                            (
                                "position".into(),
                                Value::Int(i64::try_from(k % 4).unwrap_or(0)),
                            ),
                            (
                                "face_up".into(),
                                st.top().map_or(Value::Null, |c| Value::Str(text(c))),
                            ),
                            (
                                "face_down".into(),
                                Value::Int(i64::try_from(st.len().saturating_sub(1)).unwrap_or(0)),
                            ),
                        ])
                    })
                    .collect()
            }),
        )
        .build()
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![OBSERVATION_LEN]
    }

    /// The layout (offsets into the array; 52-card rows indexed by `suit * 13 + rank`):
    ///
    /// | offset | length | what |
    /// |---|---|---|
    /// | 0 | 52 | `seat`'s hand |
    /// | 52 | 4 × 52 | the card each seat has played to the trick in progress |
    /// | 260 | 52 | the cards of finished tricks |
    /// | 312 | 4 × 52 | the cards known to be in each other seat's hand (Ghopte tens, pickups) |
    /// | 520 | 8 × 52 | 2p: the face-up card of each stack (seat 0's four, then seat 1's) |
    /// | 936 | 8 | 2p: face-down cards under each stack, divided by 4 |
    /// | 944 | 5 | the Turup: spades, hearts, diamonds, clubs, none |
    /// | 949 | 5 | the trick's lead suit: spades, hearts, diamonds, clubs, none |
    /// | 954 | 4 × 4 | seat × suit: the seat has shown it holds none of the suit |
    /// | 970 | 4 × 4 | seat × suit: the seat has shown it holds one of the suit |
    /// | 986 | 4 × 4 | seat × suit: an unresolved Ghopte of the seat in the suit |
    /// | 1002 | 4 × 4 | seat × suit: a resolved Ghopte of the seat in the suit |
    /// | 1018 | 4 | the seat to move (one-hot; zeros when the game is over) |
    /// | 1022 | 4 | `seat` (one-hot) |
    /// | 1026 | 4 | the dealer (one-hot) |
    /// | 1030 | 4 | cards in each hand, divided by 13 |
    /// | 1034 | 4 | tens taken by each seat, divided by 4 |
    /// | 1038 | 4 | tricks taken by each seat, divided by the tricks of a game (13 or 26) |
    /// | 1042 | 1 | the trick number divided by the tricks of a game |
    /// | 1043 | 1 | 1 in a Ghopte trick |
    /// | 1044 | 1 | 1 when the 4p Turup was set in this trick (rulebook: it may still change) |
    /// | 1045 | 1 | 1 under the engine's rules (`dal-mara-engine`) |
    /// | 1046 | 1 | 1 when the game is over |
    /// | 1047 | 1 | 1 in the four-player game |
    ///
    /// Rows of seats 2 and 3 are zero in the two-player game, the stack rows in the
    /// four-player game.
    #[allow(clippy::cast_precision_loss)]
    fn observation_into(&self, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        if out.len() < OBSERVATION_LEN {
            return;
        }
        let n = self.seats();
        let me = usize::from(seat) % n;
        for &c in self.hand(me) {
            out[slot(c)] = 1.0;
        }
        for &(s, c) in self.trick_cards() {
            out[52 + usize::from(s & 3) * 52 + slot(c)] = 1.0;
        }
        for c in self.finished_cards() {
            out[260 + slot(c)] = 1.0;
        }
        for x in (0..n).filter(|&x| x != me) {
            for c in self.known_of(x) {
                out[312 + x * 52 + slot(c)] = 1.0;
            }
        }
        if !self.four {
            for (k, st) in self.stacks.iter().enumerate() {
                if let Some(c) = st.top() {
                    out[520 + k * 52 + slot(c)] = 1.0;
                }
                out[936 + k] = st.len().saturating_sub(1) as f32 / 4.0;
            }
        }
        out[944 + self.turup.map_or(4, |t| usize::from(t.index()))] = 1.0;
        out[949 + self.lead.map_or(4, |t| usize::from(t.index()))] = 1.0;
        for x in 0..n {
            for s in 0..4usize {
                let bit = 1 << s;
                if self.seen.voids[x] & bit != 0 {
                    out[954 + x * 4 + s] = 1.0;
                }
                if self.seen.holds[x] & bit != 0 {
                    out[970 + x * 4 + s] = 1.0;
                }
            }
        }
        for g in self.ghoptes() {
            let at = if g.resolved { 1002 } else { 986 };
            out[at + usize::from(g.seat & 3) * 4 + usize::from(g.card.suit().index())] = 1.0;
        }
        if let Some(t) = self.protocol_to_move() {
            out[1018 + usize::from(t & 3)] = 1.0;
        }
        out[1022 + me] = 1.0;
        out[1026 + usize::from(self.dealer & 3)] = 1.0;
        let tricks = if self.four { 13.0 } else { 26.0 };
        for x in 0..n {
            out[1030 + x] = self.hands[x].len() as f32 / 13.0;
            out[1034 + x] = f32::from(self.tens[x]) / 4.0;
            out[1038 + x] = f32::from(self.tricks[x]) / tricks;
        }
        out[1042] = f32::from(self.trick_number) / tricks;
        out[1043] = f32::from(u8::from(self.is_ghopte));
        out[1044] = f32::from(u8::from(
            self.four && self.turup_trick == Some(self.trick_number),
        ));
        out[1045] = f32::from(u8::from(self.rules == Rules::Engine));
        out[1046] = f32::from(u8::from(self.is_finished()));
        out[1047] = f32::from(u8::from(self.four));
    }

    /// Everything `seat` cannot see dealt anew, uniformly among the deals that fit what it has
    /// seen: 4p the other three hands (keeping their sizes, the voids shown, the Ghoptes
    /// declared and the Turup cards shown held, and dealing no undeclared lone ten); 2p the
    /// other hand's dealt cards (keeping its size, its voids and the cards it picked up) and
    /// every face-down stack card (keeping each stack's size and face-up card).
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Result<Self> {
        let me = usize::from(seat);
        if me >= self.seats() {
            return Err(crate::error::Error::config(
                crate::error::Common::InvalidSeat,
                format!(
                    "seat must be an integer from 0 to {}, not {seat}",
                    self.seats() - 1
                ),
            ));
        }
        if self.four {
            self.resample_four(me, rng)
        } else {
            self.resample_two(me, rng)
        }
    }
}
