//! Players: the greedy player (the cheapest legal card, else take/done), and a determinised
//! Monte Carlo bot that sees only what its seat may see.
//!
//! The bot's information is the seat's view (its own hand, every seat's card count, the talon
//! size, the turn-up while it lies in the talon, the open bout, the discard) plus the public
//! record the view implies: the discarded cards, which were played face up, and the cards a
//! seat is known to hold because it picked them up from the table or exchanged them. For each
//! sample it deals the unseen cards at random to the other hands (around their known cards) and
//! the talon (turn-up kept last), then scores each legal move by playing the sample to the end
//! with the greedy player on every seat. The same samples are used for every move.

use super::rules::{six_of, Outcome, DECK};
use super::{Durak, EventCount, Kind, Move};
use crate::cards::{Card, CardSet, Suit};
use crate::game::GameState;
use crate::rng::{seed_for, shuffle, Rng};
use rayon::prelude::*;

/// The greedy player's move for `seat`: the cheapest attack/beat/transfer card (plain before
/// trump, low before high), else `take`/`done`, else `swap`. `None` when not on turn.
#[must_use]
pub fn greedy_move(g: &Durak, seat: u8) -> Option<Move> {
    greedy_of(&g.legal(seat), g.trump())
}

/// The greedy choice among `legal`.
fn greedy_of(legal: &[Move], trump: Suit) -> Option<Move> {
    legal
        .iter()
        .filter(|m| m.kind.has_card())
        .min_by_key(|m| cheapness(m.card.unwrap_or(Card::PLACEHOLDER), trump))
        .or_else(|| {
            legal
                .iter()
                .find(|m| matches!(m.kind, Kind::Take | Kind::Done))
        })
        .or_else(|| legal.first())
        .copied()
}

/// Sort key of the greedy player: plain cards before trumps, then low before high, then id.
fn cheapness(c: Card, trump: Suit) -> (bool, u8, u8) {
    (c.suit() == trump, c.rank(), c.ace_high_id())
}

/// Number of sampled deals per decision at each level (1..=3).
#[must_use]
pub fn samples_for(level: u8) -> usize {
    match level {
        0 | 1 => 24,
        2 => 64,
        _ => 160,
    }
}

/// A sample of the hidden information consistent with what `seat` sees. Returns `None` when the
/// public counts do not fit (a constructed position).
#[must_use]
pub fn determinise(g: &Durak, seat: u8, rng: &mut Rng) -> Option<Durak> {
    let n = g.seats();
    let mut w = g.clone();
    let table = g.bout().map_or(CardSet::EMPTY, |b| b.mask());
    let turn_up_in_talon = g.turn_up_left();
    let mut public = g.hand(seat).union(g.heap()).union(table);
    if turn_up_in_talon {
        public.insert(g.trump_card());
    }
    for s in 0..n {
        if s != seat {
            public = public.union(g.known(s));
        }
    }
    let mut pool: Vec<Card> = DECK.difference(public).iter_ace_high().collect();
    let talon_hidden = g.talon_left() - usize::from(turn_up_in_talon);
    let mut need = talon_hidden;
    for s in 0..n {
        if s != seat {
            need += g.count(s) - g.known(s).len() as usize;
        }
    }
    if need > pool.len() {
        return None;
    }
    shuffle(&mut pool, rng);
    let mut it = pool.into_iter();
    let six = six_of(g.trump());
    let mut six_holder = None;
    for s in 0..n {
        if s == seat {
            continue;
        }
        let mut h = g.known(s);
        for _ in 0..(g.count(s) - g.known(s).len() as usize) {
            let c = it.next()?;
            if c == six {
                six_holder = Some(s);
            }
            h.insert(c);
        }
        w.hands[usize::from(s)] = h;
    }
    // Talon: hidden cards first (front), the turn-up last.
    let mut talon: Vec<Card> = it.collect();
    if turn_up_in_talon {
        talon.push(g.trump_card());
    }
    w.tlen = u8::try_from(talon.len()).ok()?;
    w.talon = [Card::PLACEHOLDER; 36];
    for (slot, &c) in w.talon.iter_mut().zip(talon.iter().rev()) {
        *slot = c;
    }
    // The exchange right: ours if we have it; a seat that was dealt the hidden six has it.
    if g.six_owner() != Some(seat) {
        w.six_owner = six_holder.filter(|_| turn_up_in_talon);
    }
    w.hash = w.card_hash();
    Some(w)
}

fn playout_greedy(mut g: Durak, seat: u8, rng: &mut Rng) -> f32 {
    let mut buf = Vec::with_capacity(16);
    let trump = g.trump();
    for _ in 0..2000 {
        if g.over() {
            break;
        }
        let Some(t) = g.turn() else { break };
        g.legal_into(t, &mut buf);
        let mv = if rng.next_f64() < 0.1 && !buf.is_empty() {
            buf[rng.index(buf.len())]
        } else {
            match greedy_of(&buf, trump) {
                Some(m) => m,
                None => break,
            }
        };
        if g.apply_seat(t, mv, &mut EventCount::default()).is_err() {
            break;
        }
    }
    value(&g, seat)
}

/// 1 when `seat` is not the fool, 0 when it is, 0.5 for a draw or an unfinished game.
#[must_use]
pub fn value(g: &Durak, seat: u8) -> f32 {
    match g.result() {
        None | Some(Outcome::Draw) => 0.5,
        Some(r) => {
            if r.fool() == Some(seat) {
                0.0
            } else {
                1.0
            }
        }
    }
}

/// The bot's move for `seat` (`None` when the seat has no legal move).
#[must_use]
pub fn bot_move(g: &Durak, seat: u8, level: u8, seed: u64) -> Option<Move> {
    let legal = g.legal(seat);
    if legal.len() <= 1 {
        return legal.first().copied();
    }
    let mut rng = Rng::new(seed_for(seed, u64::from(g.ply()) ^ (u64::from(seat) << 40)));
    let mut totals = vec![0f32; legal.len()];
    let mut sampled = 0;
    for _ in 0..samples_for(level) {
        let Some(world) = determinise(g, seat, &mut rng) else {
            break;
        };
        sampled += 1;
        let roll_seed = rng.next_u64();
        for (i, mv) in legal.iter().enumerate() {
            let mut w = world.clone();
            if w.apply_seat(seat, *mv, &mut EventCount::default()).is_err() {
                totals[i] -= 1.0;
                continue;
            }
            let mut r = Rng::new(roll_seed);
            totals[i] += playout_greedy(w, seat, &mut r);
        }
    }
    if sampled == 0 {
        return greedy_move(g, seat);
    }
    // Ties and near-ties go to the greedy choice (a prior worth a few samples).
    if let Some(i) = greedy_of(&legal, g.trump()).and_then(|m| legal.iter().position(|x| *x == m)) {
        #[allow(clippy::cast_precision_loss)]
        let bonus = 0.04 * sampled as f32;
        totals[i] += bonus;
    }
    let mut best = 0;
    for i in 1..legal.len() {
        if totals[i] > totals[best] + 1e-6 {
            best = i;
        }
    }
    legal.get(best).copied()
}

/// An opponent in [`bot_match`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Uniform over the legal moves.
    Random,
    /// [`greedy_move`].
    Greedy,
    /// [`bot_move`] at the level given (for self-play checks).
    Bot(u8),
}

/// The tally of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchStats {
    /// Games played.
    pub games: u32,
    /// Games the bot was not the fool (the opponent was).
    pub wins: u32,
    /// Games the bot was the fool.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
    /// Moves made in all games.
    pub moves: u64,
}

/// One game of the match: game `index` is dealt from [`super::batch_seed`]`(seed_for(seed,
/// index))`; the bot sits in seat `index % seats`. Level 0 plays the greedy player in the bot's
/// seat (the baseline).
#[must_use]
pub fn match_game(level: u8, opponent: Opponent, seed: u64, index: u64, seats: u8) -> (f32, u64) {
    let game_seed = seed_for(seed, index);
    let config = super::DurakConfig {
        seats,
        ..super::DurakConfig::default()
    };
    // A batch seed always deals.
    let Ok(mut g) = <Durak as GameState>::new(&config, game_seed) else {
        return (0.0, 0);
    };
    let bot_seat = u8::try_from(index % u64::from(g.seats())).unwrap_or(0);
    let mut rng = Rng::new(seed_for(game_seed, 7));
    let mut moves = 0u64;
    let mut buf = Vec::new();
    while !g.over() && moves < 5000 {
        let Some(t) = g.turn() else { break };
        let mv = if t == bot_seat && level == 0 {
            greedy_move(&g, t)
        } else if t == bot_seat {
            bot_move(&g, t, level, rng.next_u64())
        } else {
            match opponent {
                Opponent::Greedy => greedy_move(&g, t),
                Opponent::Bot(l) => bot_move(&g, t, l, rng.next_u64()),
                Opponent::Random => {
                    g.legal_into(t, &mut buf);
                    buf.get(rng.index(buf.len())).copied()
                }
            }
        };
        let Some(mv) = mv else { break };
        if g.apply_seat(t, mv, &mut EventCount::default()).is_err() {
            break;
        }
        moves += 1;
    }
    (value(&g, bot_seat), moves)
}

/// Play `games` games of the bot against `opponent` on all cores (deterministic for any thread
/// count).
#[must_use]
pub fn bot_match(level: u8, opponent: Opponent, seed: u64, games: u32, seats: u8) -> MatchStats {
    let results: Vec<(f32, u64)> = (0..u64::from(games))
        .into_par_iter()
        .map(|i| match_game(level, opponent, seed, i, seats))
        .collect();
    let mut st = MatchStats {
        games,
        ..MatchStats::default()
    };
    for (v, m) in results {
        st.moves += m;
        if v > 0.75 {
            st.wins += 1;
        } else if v < 0.25 {
            st.losses += 1;
        } else {
            st.draws += 1;
        }
    }
    st
}
