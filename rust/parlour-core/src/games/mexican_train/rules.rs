//! The rules: which moves the mover may make (in the engine's order, `trainMoves`,
//! `legalPlays`, `mayLay`) and what each move does (`playTrain`), with the replay of a saved
//! game's moves.

use super::tiles::{fits, is_double, laid_against, pips_of, Tile};
use super::{
    z_bone, z_hand, z_train, Code, Doubles, MexicanStart, MexicanTrain, Phase, RoundResult,
    TrainConfig, TrainMove,
};
use crate::error::{Error, Result};
use crate::game::Seat;
use std::sync::Arc;

/// A hand with, for each pip value, the positions of the tiles that show it: the tiles that fit
/// an end are then found without testing every tile against every open end.
pub(super) struct Fitting<'a> {
    hand: &'a [Tile],
    /// Bit `i` of entry `p`: `hand[i]` shows `p` (None for a hand of more than 64 tiles).
    by_pip: Option<[u64; 16]>,
}

impl<'a> Fitting<'a> {
    pub(super) fn new(hand: &'a [Tile]) -> Self {
        let by_pip = (hand.len() <= 64).then(|| {
            let mut by = [0u64; 16];
            for (i, &t) in hand.iter().enumerate() {
                let bit = 1u64 << i;
                by[usize::from(t >> 4)] |= bit;
                by[usize::from(t & 15)] |= bit;
            }
            by
        });
        Fitting { hand, by_pip }
    }

    /// Call `f` on each tile that fits `end`, in hand order.
    #[inline]
    pub(super) fn each(&self, end: u8, mut f: impl FnMut(Tile)) {
        match &self.by_pip {
            Some(by) => {
                let mut bits = by[usize::from(end & 15)];
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if let Some(&t) = self.hand.get(i) {
                        f(t);
                    }
                }
            }
            None => self
                .hand
                .iter()
                .filter(|&&t| fits(t, end))
                .for_each(|&t| f(t)),
        }
    }
}

impl MexicanTrain {
    #[inline]
    pub(super) fn may_lay_on(&self, seat: usize, train: usize) -> bool {
        let n = self.n();
        if train == seat {
            true
        } else if train == n {
            self.cfg.mexican == MexicanStart::Any || !self.piles.is_empty(n + seat)
        } else {
            self.open[train]
        }
    }

    /// Call `f(tile, train)` for every lay the mover may make now, in the engine's order.
    #[inline]
    pub(super) fn each_play(&self, mut f: impl FnMut(Tile, u8)) {
        if self.phase != Phase::Playing {
            return;
        }
        let seat = usize::from(self.to_play);
        let hand = Fitting::new(self.hand(seat));
        let n = self.n();
        if let Some(&top) = self.uncovered().last() {
            hand.each(self.open_end(usize::from(top)), |t| f(t, top));
            if self.chaining {
                for train in 0..=n {
                    let tr = u8::try_from(train).unwrap_or(0);
                    if self.uncovered().contains(&tr) || !self.may_lay_on(seat, train) {
                        continue;
                    }
                    hand.each(self.open_end(train), |t| {
                        if is_double(t) {
                            f(t, tr);
                        }
                    });
                }
            }
        } else {
            for train in 0..=n {
                if !self.may_lay_on(seat, train) {
                    continue;
                }
                let tr = u8::try_from(train).unwrap_or(0);
                hand.each(self.open_end(train), |t| f(t, tr));
            }
        }
    }

    /// Every lay the mover may make now, in the engine's order (`legalPlays`).
    pub fn legal_plays_into(&self, out: &mut Vec<(Tile, u8)>) {
        out.clear();
        self.each_play(|tile, train| out.push((tile, train)));
    }

    /// `legalPlays` as a new vector.
    #[must_use]
    pub fn legal_plays(&self) -> Vec<(Tile, u8)> {
        let mut v = Vec::new();
        self.legal_plays_into(&mut v);
        v
    }

    pub(super) fn can_lay_any(&self) -> bool {
        if self.phase != Phase::Playing {
            return false;
        }
        let seat = usize::from(self.to_play);
        let hand = self.hand(seat);
        if let Some(&top) = self.uncovered().last() {
            let end = self.open_end(usize::from(top));
            if hand.iter().any(|&t| fits(t, end)) {
                return true;
            }
            if !self.chaining {
                return false;
            }
            (0..=self.n()).any(|train| {
                !self.uncovered().contains(&u8::try_from(train).unwrap_or(0))
                    && self.may_lay_on(seat, train)
                    && hand
                        .iter()
                        .any(|&t| is_double(t) && fits(t, self.open_end(train)))
            })
        } else {
            (0..=self.n()).any(|train| {
                self.may_lay_on(seat, train) && {
                    let end = self.open_end(train);
                    hand.iter().any(|&t| fits(t, end))
                }
            })
        }
    }

    /// Whether the mover may lay `tile` on `train` now (`mayLay`).
    #[must_use]
    pub fn may_lay(&self, tile: Tile, train: usize) -> bool {
        if self.phase != Phase::Playing || train > self.n() {
            return false;
        }
        let seat = usize::from(self.to_play);
        if !self.hand(seat).contains(&tile) {
            return false;
        }
        let end = self.open_end(train);
        if !fits(tile, end) {
            return false;
        }
        match self.uncovered().last() {
            Some(&top) if usize::from(top) == train => true,
            Some(_) => {
                self.chaining
                    && is_double(tile)
                    && !self.uncovered().contains(&u8::try_from(train).unwrap_or(0))
                    && self.may_lay_on(seat, train)
            }
            None => self.may_lay_on(seat, train),
        }
    }

    /// Every move the mover may make now, in the engine's order (`trainMoves`).
    pub fn train_moves_into(&self, out: &mut Vec<TrainMove>) {
        out.clear();
        match self.phase {
            Phase::Finished => {}
            Phase::RoundOver => out.push(TrainMove::Next),
            Phase::Playing => {
                self.each_play(|tile, train| out.push(TrainMove::Play { tile, train }));
                if out.is_empty() {
                    out.push(if !self.bone().is_empty() && !self.drew {
                        TrainMove::Draw
                    } else {
                        TrainMove::Pass
                    });
                }
            }
        }
    }

    /// `trainMoves` as a new vector.
    #[must_use]
    pub fn train_moves(&self) -> Vec<TrainMove> {
        let mut v = Vec::new();
        self.train_moves_into(&mut v);
        v
    }

    /// Whether `playTrain` would accept `mv` here.
    #[must_use]
    pub fn allowed(&self, mv: TrainMove) -> bool {
        match mv {
            TrainMove::Next => self.phase == Phase::RoundOver,
            _ if self.phase != Phase::Playing => false,
            TrainMove::Play { tile, train } => self.may_lay(tile, usize::from(train)),
            TrainMove::Draw => !self.drew && !self.bone().is_empty() && !self.can_lay_any(),
            TrainMove::Pass => !self.can_lay_any() && (self.bone().is_empty() || self.drew),
        }
    }

    pub(super) fn next_seat(&mut self) {
        self.to_play = Seat::try_from((usize::from(self.to_play) + 1) % self.n()).unwrap_or(0);
        self.turn += 1;
        self.drew = false;
        self.chaining = false;
    }

    pub(super) fn end_round(&mut self, out: Option<Seat>) {
        let result = RoundResult {
            engine: self.engine,
            pips: self
                .hands()
                .map(|h| h.iter().map(|&t| pips_of(t)).sum())
                .collect(),
            blocked: out.is_none(),
            out,
        };
        Arc::make_mut(&mut self.results).push(result);
        self.clear_uncovered();
        self.chaining = false;
        self.phase = if self.results.len() >= usize::from(self.rounds) {
            Phase::Finished
        } else {
            Phase::RoundOver
        };
    }

    /// Make `mv` in place without the refusal check: `mv` must be one of
    /// [`MexicanTrain::train_moves`] (a listed move is [`MexicanTrain::allowed`]; the tests
    /// hold the two to that). The Python binding's `apply_index` takes this path.
    pub fn apply_listed(&mut self, mv: TrainMove) {
        debug_assert!(self.allowed(mv), "{mv:?} is not a legal move here");
        self.apply_unchecked(mv);
    }

    /// Make `mv`, which must be [`MexicanTrain::allowed`].
    pub(super) fn apply_unchecked(&mut self, mv: TrainMove) {
        let seat = self.to_play;
        let s = usize::from(seat);
        let n = self.n();
        match mv {
            TrainMove::Play { tile, train } => {
                let tr = usize::from(train);
                if let Some(pos) = self.hand(s).iter().position(|&t| t == tile) {
                    self.piles.remove(s, pos);
                }
                self.tile_hash ^= z_hand(s, tile);
                let l = laid_against(tile, self.open_end(tr));
                self.piles.push(n + tr, l);
                self.tile_hash ^= z_train(tr, l);
                if tr == s {
                    self.open[s] = false;
                }
                self.passes = 0;
                self.drew = false;
                let covered = self.uncovered().last() == Some(&train);
                if covered {
                    self.pop_uncovered();
                }
                if self.piles.is_empty(s) {
                    self.end_round(Some(seat));
                } else if is_double(tile) {
                    self.push_uncovered(train);
                    self.chaining = self.cfg.doubles == Doubles::Chain;
                } else if covered && self.uncovered_len > 0 {
                    self.chaining = false;
                } else {
                    self.next_seat();
                }
            }
            TrainMove::Draw => {
                if self.cfg.views {
                    self.shown_none(s);
                }
                let bone = 2 * n + 1;
                if let Some(last) = self.bone().len().checked_sub(1) {
                    let t = self.piles.remove(bone, last);
                    self.tile_hash ^= z_bone(t) ^ z_hand(s, t);
                    self.piles.push(s, t);
                    self.seen.clear(t);
                }
                self.drew = true;
            }
            TrainMove::Pass => {
                if self.cfg.views {
                    self.shown_none(s);
                }
                self.open[s] = true;
                self.passes += 1;
                if self.bone().is_empty() && self.passes >= u32::from(self.cfg.players) {
                    self.end_round(None);
                } else {
                    self.next_seat();
                }
            }
            TrainMove::Next => {
                self.deal(self.round + 1);
                self.turn += 1;
            }
        }
        self.last = Some((seat, mv));
    }

    /// The game a saved game's parts make: round 0 dealt from `seed32`, then `moves` made in
    /// order (each checked as [`GameState::apply`] checks it).
    ///
    /// # Errors
    /// `INVALID_SET` or `INVALID_PLAYERS` for the table; `INVALID_GAME` (an
    /// [`crate::ErrorKind::InvalidState`] error, with the index of the move) when a move is
    /// refused.
    pub fn from_moves(cfg: TrainConfig, seed32: u32, moves: &[TrainMove]) -> Result<MexicanTrain> {
        MexicanTrain::new(cfg, seed32)?
            .replay(moves)
            .map_err(|e| Error::invalid_state(Code::InvalidGame, e.message))
    }

    /// Replay `moves` in order from this position.
    ///
    /// # Errors
    /// `ILLEGAL_MOVE` (with the index of the refused move) when a move is not allowed.
    pub fn replay(&self, moves: &[TrainMove]) -> Result<MexicanTrain> {
        let mut g = self.clone();
        for (i, &mv) in moves.iter().enumerate() {
            g.apply_mut(mv).map_err(|e| Error {
                kind: crate::ErrorKind::IllegalMove,
                message: format!("move {i}: {}", e.message),
                ..e
            })?;
        }
        Ok(g)
    }
}
