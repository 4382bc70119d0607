//! What each Gyla seat may see: [`Observe`] for [`Gyla`].
//!
//! Seats here are the trait's `0..4` (seat `s` is the engine's player `s + 1`; team 1 is seats
//! 0 and 2). A seat sees its own hand (in hand order), how many cards each other seat holds,
//! every card played this round with who played it, the trump once assigned, the engine's
//! public `TrumpedWithSix` flag, the scores, the tricks won and whose turn it is. It never sees
//! another seat's cards, the order of another hand or the seed (which deals every round).
//!
//! What a seat has seen happen constrains the hidden hands, and [`Gyla::resample`] keeps all
//! of it:
//!
//! * the voids: a seat that did not follow a trump lead holds no trump; a seat that did not
//!   follow a plain suit holds no plain card of that suit (both read from this round's plays);
//! * `trumped_with_six`: the starter holds the six of trumps (if unplayed) exactly when the
//!   flag is set;
//! * round 1: the starter was chosen as the holder of the 9♦, so an unplayed 9♦ that the seat
//!   does not hold is the starter's (unless what the seat saw rules that out: a deal given with
//!   another starter);
//! * the re-deal rule: no seat was dealt all four 6s or all four 7s (the deal is the hands
//!   plus the cards each seat has played this round).
//!
//! Earlier rounds are not part of a position (each round is dealt afresh and all their cards
//! were played face up), so they constrain nothing.

use super::{
    action_index, suit_name, suit_pos, triggers_redeal, trumps_for, Gyla, GylaMove, Phase, SUITS,
};
use crate::cards::{Card, CardSet, Spelling, Suit, SIX};
use crate::error::Result;
use crate::game::{GameState, Seat};
use crate::rng::Rng;
use crate::view::{deal_uniform, resample_failed, Holder, Observe, Value, ViewBuilder};

/// Length of [`Gyla`]'s observation vector (see the layout at [`Gyla::observation_into`]).
pub const OBSERVATION_LEN: usize = 307;

/// Bit of the "no trumps" void in [`Gyla::voids`] (bits 0–3: no plain card of
/// [`SUITS`]`[i]`).
pub const VOID_TRUMPS: u8 = 1 << 4;

/// How many constrained deals a resample draws before it gives up on the re-deal rule.
const REDEAL_TRIES: usize = 2000;

fn text(c: Card) -> String {
    c.format(Spelling::RankSuit)
}

fn seat_value(p: u8) -> Value {
    // engine player 1–4 as a view seat 0–3; 0 (none) as null
    if p == 0 {
        Value::Null
    } else {
        Value::Int(i64::from(p) - 1)
    }
}

impl Gyla {
    /// The seat (engine player, 1–4) that made play `i` of this round, with its card.
    fn plays_by(&self) -> impl Iterator<Item = (u8, Card)> + '_ {
        (0..usize::from(self.nplays))
            .filter_map(move |i| Card::from_index(self.plays[i]).map(|c| (self.player_of(i), c)))
    }

    /// The cards each seat (0–3) has played this round.
    #[must_use]
    pub fn played_by(&self) -> [CardSet; 4] {
        let mut out = [CardSet::EMPTY; 4];
        for (p, c) in self.plays_by() {
            out[usize::from(p - 1) % 4].insert(c);
        }
        out
    }

    /// The voids each seat (0–3) has shown this round, as every seat sees them: bit `i` (0–3)
    /// when it did not follow a plain lead of [`SUITS`]`[i]` (so it holds no plain card of that
    /// suit), [`VOID_TRUMPS`] when it did not follow a trump lead (so it holds no trump).
    #[must_use]
    pub fn voids(&self) -> [u8; 4] {
        let mut out = [0u8; 4];
        let trumps = trumps_for(self.trump);
        let n = usize::from(self.nplays);
        for i in (0..n).filter(|i| i % 4 != 0) {
            let (Some(lead), Some(card)) = (
                Card::from_index(self.plays[i / 4 * 4]),
                Card::from_index(self.plays[i]),
            ) else {
                continue;
            };
            let seat = usize::from(self.player_of(i) - 1) % 4;
            if trumps.contains(lead) {
                if !trumps.contains(card) {
                    out[seat] |= VOID_TRUMPS;
                }
            } else if trumps.contains(card) || card.suit() != lead.suit() {
                out[seat] |= 1 << suit_pos(lead.suit());
            }
        }
        out
    }

    /// The legal moves of `seat` (0–3): empty unless it is to move.
    fn seat_moves(&self, seat: Seat) -> Vec<GylaMove> {
        let mut moves = Vec::new();
        if self.to_move() == Some(seat) {
            self.legal_moves_into(&mut moves);
        }
        moves
    }

    /// The same position with the hidden hands `hands` (engine players 1–4 at 0–3, each in
    /// hand order) and the seed `seed`; the hash is computed anew.
    fn with_hidden(&self, hands: &[Option<Vec<u16>>; 4], seed: u64) -> Gyla {
        let mut g = self.clone();
        g.seed = seed;
        for (i, h) in hands.iter().enumerate() {
            if let Some(items) = h {
                g.order[i] = [0; 9];
                for (slot, &item) in g.order[i].iter_mut().zip(items) {
                    *slot = u8::try_from(item).unwrap_or(0);
                }
                g.hands[i] = crate::view::card_set(items);
            }
        }
        g.hash = g.full_hash();
        g
    }
}

impl Observe for Gyla {
    /// The common keys (seats 0–3; `hand` in hand order; moves as `apply` reads them: suit
    /// names while trump is expected, else cards in hand order), then `player` (the engine's
    /// number of the seat, 1–4), `phase`, `round`, `scores` and `tricks_won` (team 1, team 2),
    /// `starter` (seat or null), `trump` (suit name or null), `trumped_with_six`, `tricks`
    /// (this round's, each `{leader, cards, winner}`), `voids` (per seat: the plain suits
    /// and/or `trumps` it has shown out of) and `ai` (the computer seats).
    fn view(&self, seat: Seat) -> Value {
        let mut r = [0f32; 4];
        self.returns_into(&mut r);
        let p = seat % 4 + 1;
        let moves = self.seat_moves(seat);
        let voids = self.voids();
        let tricks = self
            .tricks()
            .into_iter()
            .map(|(leader, cards, winner)| {
                Value::Map(vec![
                    ("leader".into(), seat_value(leader)),
                    ("cards".into(), Value::strs(cards.into_iter().map(text))),
                    ("winner".into(), seat_value(winner.unwrap_or(0))),
                ])
            })
            .collect();
        ViewBuilder::new(
            "gyla",
            seat,
            self.to_move(),
            self.is_terminal(),
            self.hand(p).into_iter().map(text).collect(),
            self.lens.iter().map(|&n| usize::from(n)).collect(),
            moves.iter().map(|&m| m.text()).collect(),
            moves.iter().map(|&m| action_index(m)).collect(),
            &r,
        )
        .with("player", Value::Int(i64::from(p)))
        .with("phase", Value::Str(self.phase().as_str().into()))
        .with("round", Value::Int(i64::from(self.round)))
        .with("scores", Value::ints(self.scores))
        .with("tricks_won", Value::ints(self.won))
        .with("starter", seat_value(self.starter))
        .with(
            "trump",
            self.trump
                .map_or(Value::Null, |s| Value::Str(suit_name(s).into())),
        )
        .with("trumped_with_six", Value::Bool(self.trumped_with_six()))
        .with("tricks", Value::List(tricks))
        .with(
            "voids",
            Value::List(
                voids
                    .iter()
                    .map(|&v| {
                        let mut names: Vec<&str> = SUITS
                            .iter()
                            .enumerate()
                            .filter(|(i, _)| v & (1 << i) != 0)
                            .map(|(_, &s)| suit_name(s))
                            .collect();
                        if v & VOID_TRUMPS != 0 {
                            names.push("trumps");
                        }
                        Value::strs(names)
                    })
                    .collect(),
            ),
        )
        .with(
            "ai",
            Value::List(self.ai.iter().map(|&a| Value::Bool(a)).collect()),
        )
        .build()
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![OBSERVATION_LEN]
    }

    /// Cards are indexed by their action id (`rank * 4 + suit`, the canonical order `6C 6S 6H
    /// 6D 7C …`); seats are 0–3, teams 0–1:
    ///
    /// | offset | length | what |
    /// |---|---|---|
    /// | 0 | 36 | `seat`'s hand |
    /// | 36 | 4 × 36 | the cards each seat has played this round |
    /// | 180 | 36 | the play order: `(k + 1) / 36` for the card played `k`-th this round (from 0), else 0 |
    /// | 216 | 36 | the cards of the trick in progress |
    /// | 252 | 5 | the trump: clubs, spades, hearts, diamonds, not assigned |
    /// | 257 | 4 × 5 | seat × (plain clubs, spades, hearts, diamonds, trumps): shown void |
    /// | 277 | 4 | cards held by each seat, divided by 9 |
    /// | 281 | 4 | the starter (one-hot; zeros before the start) |
    /// | 285 | 4 | the seat to move (one-hot; zeros when none) |
    /// | 289 | 4 | `seat` (one-hot) |
    /// | 293 | 4 | the phase: not started, assign trump, play, over |
    /// | 297 | 2 | tricks won this round per team, divided by 9 |
    /// | 299 | 2 | game points per team, divided by 60 |
    /// | 301 | 1 | the round, divided by 19 |
    /// | 302 | 1 | `trumped_with_six` |
    /// | 303 | 4 | the computer seats |
    fn observation_into(&self, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let slot = |c: Card| action_index(GylaMove::Play(c));
        for c in self.hand_set(seat % 4 + 1) {
            out[slot(c)] = 1.0;
        }
        let in_trick = usize::from(self.nplays) - self.current_trick_len();
        for (k, (p, c)) in self.plays_by().enumerate() {
            out[36 + usize::from(p - 1) % 4 * 36 + slot(c)] = 1.0;
            #[allow(clippy::cast_precision_loss)]
            {
                out[180 + slot(c)] = (k + 1) as f32 / 36.0;
            }
            if k >= in_trick {
                out[216 + slot(c)] = 1.0;
            }
        }
        out[252 + self.trump.map_or(4, suit_pos)] = 1.0;
        for (s, &v) in self.voids().iter().enumerate() {
            for lane in 0..5 {
                if v & (1 << lane) != 0 {
                    out[257 + s * 5 + lane] = 1.0;
                }
            }
        }
        for (s, &n) in self.lens.iter().enumerate() {
            out[277 + s] = f32::from(n) / 9.0;
        }
        if self.starter > 0 {
            out[281 + usize::from(self.starter - 1) % 4] = 1.0;
        }
        if let Some(m) = self.to_move() {
            out[285 + usize::from(m) % 4] = 1.0;
        }
        out[289 + usize::from(seat) % 4] = 1.0;
        let phase = match self.phase() {
            Phase::NotStarted => 0,
            Phase::AssignTrump => 1,
            Phase::Play => 2,
            Phase::Over => 3,
        };
        out[293 + phase] = 1.0;
        for t in 0..2 {
            out[297 + t] = f32::from(self.won[t]) / 9.0;
            out[299 + t] = f32::from(self.scores[t]) / 60.0;
        }
        out[301] = f32::from(self.round) / 19.0;
        out[302] = f32::from(u8::from(self.trumped_with_six()));
        for (s, &a) in self.ai.iter().enumerate() {
            out[303 + s] = f32::from(u8::from(a));
        }
    }

    /// The other three hands dealt anew from the cards they hold together, each keeping its
    /// size, in a random hand order, and a new seed for the rounds still to be dealt. Uniform
    /// among the deals that keep the voids shown, `trumped_with_six`, round 1's 9♦ rule and the
    /// re-deal rule (see the module docs); the choices of computer or human players are not
    /// read as evidence.
    ///
    /// # Errors
    /// `RESAMPLE_FAILED` for a position whose parts leave no such deal.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Result<Self> {
        let seed = rng.next_u64();
        let me = seat % 4 + 1;
        if !matches!(self.phase(), Phase::AssignTrump | Phase::Play) {
            // nothing is held: only the seed is hidden
            return Ok(self.with_hidden(&[None, None, None, None], seed));
        }
        let hidden: Vec<u8> = (1..=4u8).filter(|&p| p != me).collect();
        let pool = hidden
            .iter()
            .fold(CardSet::EMPTY, |a, &p| a.union(self.hand_set(p)));
        let voids = self.voids();
        let trumps = trumps_for(self.trump);
        // the six of trumps, when unplayed and hidden: the starter's exactly when the flag is set
        let six = self
            .trump
            .and_then(|t| Card::new(t, SIX))
            .filter(|&c| pool.contains(c));
        let with_six = self.trumped_with_six();
        // round 1: the 9♦ chose the starter; kept unless the seat has seen otherwise
        // rank 7 is the nine (two is 0)
        let nine = Card::new(Suit::Diamonds, 7)
            .filter(|&c| self.round == 1 && pool.contains(c) && self.starter != me);
        let played = self.played_by();
        let allows = |p: u8, nine_rule: bool| {
            let v = voids[usize::from(p - 1)];
            let starter = p == self.starter;
            move |item: u16| {
                let Some(c) = u8::try_from(item).ok().and_then(Card::from_index) else {
                    return false;
                };
                let void = if trumps.contains(c) {
                    v & VOID_TRUMPS != 0
                } else {
                    v & (1 << suit_pos(c.suit())) != 0
                };
                !void
                    && (six != Some(c) || starter == with_six)
                    && (!nine_rule || nine != Some(c) || starter)
            }
        };
        let items = crate::view::card_items(pool);
        for nine_rule in [true, false] {
            if nine_rule && nine.is_none() {
                continue;
            }
            let fs: Vec<_> = hidden.iter().map(|&p| allows(p, nine_rule)).collect();
            let holders: Vec<Holder<'_>> = hidden
                .iter()
                .zip(&fs)
                .map(|(&p, f)| Holder {
                    size: usize::from(self.lens[usize::from(p - 1)]),
                    allows: f,
                })
                .collect();
            for _ in 0..REDEAL_TRIES {
                let Some(deal) = deal_uniform(&items, &holders, rng) else {
                    break;
                };
                let mut hands: [Option<Vec<u16>>; 4] = [None, None, None, None];
                let mut dealt = played;
                for (&p, cards) in hidden.iter().zip(deal) {
                    let i = usize::from(p - 1);
                    dealt[i] = dealt[i].union(crate::view::card_set(&cards));
                    hands[i] = Some(cards);
                }
                let mine = usize::from(me - 1);
                dealt[mine] = dealt[mine].union(self.hand_set(me));
                if !triggers_redeal(&dealt) {
                    return Ok(self.with_hidden(&hands, seed));
                }
            }
        }
        Err(resample_failed(
            "the voids, the trumps and the re-deal rule leave no deal of the hidden cards",
        ))
    }
}
