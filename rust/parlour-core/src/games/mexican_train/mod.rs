//! Mexican Train, exactly as the TypeScript engine of `@johnmorrisdotca/domino` 1.0.0 plays it
//! (rules: `shared/specs/mexican_train/RULES.md`; PRNG, shuffle and deal: `FORMAT.md`; computer
//! player and longest run: `AI.md`).
//!
//! Some notes on this implementation:
//! * Tiles are `low * 16 + high`; laid tiles `from * 16 + to` (see [`tiles`]).
//! * Seats `0..n` own trains `0..n`; the Mexican Train is train `n`.
//! * A round's deal depends only on the low 32 bits of the seed and the round number
//!   (mulberry32 + Fisher–Yates, contiguous hands, boneyard drawn from the front).
//! * Moves: [`TrainMove`]; their tokens are `p<tile>.<train>`, `d`, `x`, `n`.
//! * [`MexicanTrain::apply`] validates exactly as the engine's `playTrain` (`allowedNow`).
//! * The Zobrist hash of the tile positions is kept incrementally; the small scalar fields are
//!   mixed in when [`GameState::zobrist`] is asked.
//! * Files: this one (the position, moves, options, the trait), `rules.rs` (legal moves and
//!   transitions), `bot.rs` (the computer player and the longest run), `view.rs` (what a seat
//!   sees, resampling), `tiles.rs` (tiles, sets, the engine's mulberry32 and shuffle),
//!   `piles.rs` (the hands, trains and boneyard in one buffer), `tests.rs`.
//! * A saved game (its table and moves, [`MexicanTrain::from_moves`]) is read and written in
//!   Python (`parlour.mexican_train.notation`); the names and the seed as a double never reach
//!   the core.

pub mod bot;
mod piles;
mod rules;
pub mod tiles;
mod view;

use crate::error::{Error, Result};
use crate::game::{GameState, Seat};
use crate::zobrist;
use piles::Piles;
use std::sync::Arc;
use tiles::{
    every_tile, hand_size_for, round_seed, rounds_for, shuffle_in_place, tile_of, Mulberry32, Tile,
};
use view::Seen;

crate::codes! {
    /// The error codes of Mexican Train (beside [`crate::Common`]'s).
    pub enum Code {
        /// A move the rules refuse here, or `apply_index` outside the legal moves.
        IllegalMove = "ILLEGAL_MOVE",
        /// `computer_move` on a finished game.
        GameOver = "GAME_OVER",
        /// Text that is not a saved game these rules replay.
        InvalidGameText = "INVALID_GAME_TEXT",
        /// A pickled game that does not replay.
        InvalidGame = "INVALID_GAME",
        /// A value that is not a move (of the action space, or of a history link).
        InvalidMove = "INVALID_MOVE",
        /// An action index outside the action space.
        InvalidAction = "INVALID_ACTION",
        /// A hand that is not a sequence of tile codes.
        InvalidHand = "INVALID_HAND",
        /// A tile code outside 0..=255.
        InvalidTile = "INVALID_TILE",
        /// An end that is not an integer.
        InvalidEnd = "INVALID_END",
        /// A train that is not one of the table's.
        InvalidTrain = "INVALID_TRAIN",
        /// A set other than 9, 12 or 15 (or a highest double outside 0..=15).
        InvalidSet = "INVALID_SET",
        /// A player count outside 2..=8.
        InvalidPlayers = "INVALID_PLAYERS",
        /// A round past the set.
        InvalidRound = "INVALID_ROUND",
    }
}

/// Size of Mexican Train's fixed action space ([`TrainMove::action`]): 136 tiles of the
/// double-fifteen set times 9 trains, then draw, pass and next.
pub const TRAIN_ACTIONS: usize = 136 * 9 + 3;

/// One move at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrainMove {
    /// Lay `tile` on train `train`.
    Play {
        /// The tile, `low * 16 + high`.
        tile: Tile,
        /// The train, `0..=n` (`n` = the Mexican Train).
        train: u8,
    },
    /// Take one tile from the boneyard.
    Draw,
    /// Nothing to lay and nothing to draw: marker out, turn passes.
    Pass,
    /// Deal the next round.
    Next,
}

impl TrainMove {
    /// The saved-game token: `p<tile>.<train>`, `d`, `x` or `n`.
    #[must_use]
    pub fn token(&self) -> String {
        match *self {
            TrainMove::Play { tile, train } => format!("p{tile}.{train}"),
            TrainMove::Draw => "d".to_string(),
            TrainMove::Pass => "x".to_string(),
            TrainMove::Next => "n".to_string(),
        }
    }

    /// The move's id in the binding's move table: `tile * 9 + train` for a play (train 0..=8),
    /// then 2304, 2305 and 2306 for draw, pass and next.
    #[must_use]
    pub fn id(self) -> u16 {
        match self {
            TrainMove::Play { tile, train } => u16::from(tile) * 9 + u16::from(train),
            TrainMove::Draw => 2304,
            TrainMove::Pass => 2305,
            TrainMove::Next => 2306,
        }
    }

    /// The move's index in the fixed action space of [`TRAIN_ACTIONS`] actions: a play is
    /// `tile index * 9 + train`, the tile index counting the double-fifteen set in order
    /// (0-0, 0-1 … 0-15, 1-1 … 15-15), then draw, pass and next.
    #[must_use]
    pub fn action(self) -> usize {
        match self {
            TrainMove::Play { tile, train } => {
                let (lo, hi) = (usize::from(tile >> 4), usize::from(tile & 15));
                // tiles before lo-lo: 16 + 15 + … + (17 - lo), then hi - lo more
                let index = lo * 16 - lo * lo.saturating_sub(1) / 2 + hi.saturating_sub(lo);
                index * 9 + usize::from(train)
            }
            TrainMove::Draw => TRAIN_ACTIONS - 3,
            TrainMove::Pass => TRAIN_ACTIONS - 2,
            TrainMove::Next => TRAIN_ACTIONS - 1,
        }
    }

    /// The move as the Python side's records hold it, `(kind, tile, train)`: kind 0 play,
    /// 1 draw, 2 pass, 3 next (tile and train 0 unless it is a play).
    #[must_use]
    pub fn triple(self) -> (u8, u8, u8) {
        match self {
            TrainMove::Play { tile, train } => (0, tile, train),
            TrainMove::Draw => (1, 0, 0),
            TrainMove::Pass => (2, 0, 0),
            TrainMove::Next => (3, 0, 0),
        }
    }

    /// The move of a triple ([`TrainMove::triple`]; a play's tile and train from 0 to 255),
    /// None when it is no move.
    #[must_use]
    pub fn of_triple((kind, tile, train): (i64, i64, i64)) -> Option<TrainMove> {
        match kind {
            0 => Some(TrainMove::Play {
                tile: u8::try_from(tile).ok()?,
                train: u8::try_from(train).ok()?,
            }),
            1 => Some(TrainMove::Draw),
            2 => Some(TrainMove::Pass),
            3 => Some(TrainMove::Next),
            _ => None,
        }
    }

    /// The move of an id ([`TrainMove::id`]).
    #[must_use]
    pub fn of_id(id: u16) -> TrainMove {
        match id {
            2304 => TrainMove::Draw,
            2305 => TrainMove::Pass,
            2306 => TrainMove::Next,
            _ => TrainMove::Play {
                tile: u8::try_from(id / 9).unwrap_or(u8::MAX),
                train: u8::try_from(id % 9).unwrap_or(0),
            },
        }
    }
}

/// A move packs as its id.
impl crate::lazy::Packed for TrainMove {
    fn pack(self) -> u16 {
        self.id()
    }
    fn unpack(bits: u16) -> TrainMove {
        TrainMove::of_id(bits)
    }
}

/// How many rounds are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Length {
    /// One round per double, the set's highest down to the blank.
    #[default]
    Full,
    /// The first half of them (rounded up).
    Short,
}

/// The doubles rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Doubles {
    /// A double must be covered before anything else is played.
    #[default]
    One,
    /// The player who laid a double may lay further doubles before covering (LIFO).
    Chain,
}

/// When the Mexican Train may be played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MexicanStart {
    /// Any time.
    #[default]
    Any,
    /// Only once the player's own train has a tile.
    OwnFirst,
}

/// The table: set, number of players and the rule options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrainConfig {
    /// The set by its highest double: 9, 12 or 15.
    pub set: u8,
    /// Number of seats, 2..=8.
    pub players: u8,
    /// Game length.
    pub length: Length,
    /// Doubles rule.
    pub doubles: Doubles,
    /// Mexican Train start rule.
    pub mexican: MexicanStart,
    /// Keep the record of what draws and passes show of each hand, which
    /// [`crate::view::Observe::resample`] uses (on by default). The batch simulator turns it
    /// off: its games are never resampled, and the record costs about a tenth of a playout.
    pub views: bool,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            set: 12,
            players: 4,
            length: Length::Full,
            doubles: Doubles::One,
            mexican: MexicanStart::Any,
            views: true,
        }
    }
}

impl TrainConfig {
    /// The configuration of the registry options `players`, `set`, `length`, `doubles`, `mexican`.
    ///
    /// # Errors
    /// `INVALID_OPTION` for a value out of range.
    pub fn from_options(opts: &super::Options<'_>) -> Result<TrainConfig> {
        Ok(TrainConfig {
            players: u8::try_from(opts.int("players", 2, 8)?).unwrap_or(4),
            set: match opts.choice("set", &["9", "12", "15"])? {
                "9" => 9,
                "15" => 15,
                _ => 12,
            },
            length: if opts.choice("length", &["full", "short"])? == "short" {
                Length::Short
            } else {
                Length::Full
            },
            doubles: if opts.choice("doubles", &["one", "chain"])? == "chain" {
                Doubles::Chain
            } else {
                Doubles::One
            },
            mexican: if opts.choice("mexican", &["any", "ownFirst"])? == "ownFirst" {
                MexicanStart::OwnFirst
            } else {
                MexicanStart::Any
            },
            views: false,
        })
    }

    /// The configuration of a saved game's table: the set, the number of seats and the
    /// options `length`, `doubles` and `mexican` by name (each at most once; a missing one
    /// takes its default), read by the registry's parser ([`TrainConfig::from_options`]).
    ///
    /// # Errors
    /// `UNKNOWN_OPTION` for another name, `INVALID_OPTION` for a name given twice or a value
    /// out of range (the set and the seats included).
    pub fn from_table(
        set: i64,
        players: usize,
        options: &[(String, String)],
    ) -> Result<TrainConfig> {
        let mut given = vec![
            ("set".to_string(), set.to_string()),
            ("players".to_string(), players.to_string()),
        ];
        for (k, v) in options {
            if given.iter().any(|(g, _)| g == k) {
                return Err(Error::config(
                    crate::Common::InvalidOption,
                    format!("option {k:?} is given twice"),
                ));
            }
            given.push((k.clone(), v.clone()));
        }
        let opts = super::check_options("mexican-train", &given)?;
        Ok(TrainConfig {
            views: true,
            ..TrainConfig::from_options(&opts)?
        })
    }

    /// Check the set and the player count.
    ///
    /// # Errors
    /// `INVALID_SET` or `INVALID_PLAYERS`.
    pub fn validate(&self) -> Result<()> {
        if ![9, 12, 15].contains(&self.set) {
            return Err(Error::config(
                Code::InvalidSet,
                format!("set must be 9, 12 or 15, not {}", self.set),
            ));
        }
        if !(2..=8).contains(&self.players) {
            return Err(Error::config(
                Code::InvalidPlayers,
                format!("players must be from 2 to 8, not {}", self.players),
            ));
        }
        Ok(())
    }
}

/// The phase of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A round is being played.
    Playing,
    /// A round has ended; `next` deals the next one.
    RoundOver,
    /// The last round has ended.
    Finished,
}

impl Phase {
    /// The engine's name of the phase.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Phase::Playing => "playing",
            Phase::RoundOver => "roundOver",
            Phase::Finished => "finished",
        }
    }
}

/// One round's result.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoundResult {
    /// The round's engine double.
    pub engine: u8,
    /// Pips left in each seat's hand.
    pub pips: Vec<u32>,
    /// True when the round ended blocked, false when somebody went out ("domino").
    pub blocked: bool,
    /// The seat that went out.
    pub out: Option<Seat>,
}

/// A Mexican Train game position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MexicanTrain {
    cfg: TrainConfig,
    seed32: u32,
    rounds: u8,
    round: u8,
    engine: u8,
    /// Hands (segments `0..n`), laid tiles of each train (`n..=2n`) and the boneyard
    /// (`2n + 1`, reversed: the next draw is its last item).
    piles: Piles,
    /// Each train's open flag; entries past the Mexican Train stay false.
    open: [bool; 9],
    to_play: Seat,
    /// The stack of trains with an uncovered double: the first `uncovered_len` entries (the
    /// rest stay zero).
    uncovered: [u8; 9],
    uncovered_len: u8,
    chaining: bool,
    drew: bool,
    passes: u32,
    turn: u32,
    phase: Phase,
    /// Shared between positions: only the end of a round adds to it.
    results: Arc<Vec<RoundResult>>,
    last: Option<(Seat, TrainMove)>,
    tile_hash: u64,
    /// What the play has shown of each hand (per tile, the open ends its holder could not
    /// play to since it took the tile): what `resample` keeps. Not part of equality, hashing
    /// or the notation.
    seen: Seen,
}

// Zobrist slots: hands 0..2048 (seat*256 + tile), trains 2048..4352 (train*256 + laid),
// boneyard 4352..4608, scalar features from 4608 on.
const Z_HAND: usize = 0;
const Z_TRAIN: usize = 2048;
const Z_BONE: usize = 4352;
const Z_MISC: usize = 4608;

#[inline]
fn z_hand(seat: usize, t: Tile) -> u64 {
    zobrist::key(Z_HAND + seat * 256 + usize::from(t))
}
#[inline]
fn z_train(train: usize, l: u8) -> u64 {
    zobrist::key(Z_TRAIN + train * 256 + usize::from(l))
}
#[inline]
fn z_bone(t: Tile) -> u64 {
    zobrist::key(Z_BONE + usize::from(t))
}

fn mix(h: u64, slot: usize, v: u64) -> u64 {
    let mut z = v.wrapping_add(zobrist::key(Z_MISC + slot));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ z ^ (z >> 31)
}

impl MexicanTrain {
    /// A new game: round 0 dealt from the low 32 bits of the seed (`seed32`).
    ///
    /// # Errors
    /// `INVALID_SET` or `INVALID_PLAYERS`.
    pub fn new(cfg: TrainConfig, seed32: u32) -> Result<MexicanTrain> {
        cfg.validate()?;
        Ok(Self::build(cfg, seed32))
    }

    /// A new game for a configuration already validated.
    fn build(cfg: TrainConfig, seed32: u32) -> MexicanTrain {
        let n = usize::from(cfg.players);
        let mut g = MexicanTrain {
            cfg,
            seed32,
            rounds: rounds_for(cfg.set, cfg.length == Length::Full),
            round: 0,
            engine: cfg.set,
            piles: Piles::new(n),
            open: [false; 9],
            to_play: 0,
            uncovered: [0; 9],
            uncovered_len: 0,
            chaining: false,
            drew: false,
            passes: 0,
            turn: 0,
            phase: Phase::Playing,
            results: Arc::new(Vec::new()),
            last: None,
            tile_hash: 0,
            seen: Seen::default(),
        };
        g.deal(0);
        g
    }

    /// The deal of round `round`: `(hands, boneyard front first)`.
    #[must_use]
    pub fn deal_of(set: u8, players: usize, seed32: u32, round: u8) -> (Vec<Vec<Tile>>, Vec<Tile>) {
        let engine = set.saturating_sub(round);
        let double = tile_of(engine, engine);
        let mut deck: Vec<Tile> = every_tile(set)
            .into_iter()
            .filter(|&t| t != double)
            .collect();
        shuffle_in_place(
            &mut deck,
            &mut Mulberry32(round_seed(seed32, u32::from(round))),
        );
        let each = hand_size_for(set, players);
        let mut hands = Vec::with_capacity(players);
        for s in 0..players {
            let lo = (s * each).min(deck.len());
            let hi = ((s + 1) * each).min(deck.len());
            hands.push(deck[lo..hi].to_vec());
        }
        let rest = deck[(players * each).min(deck.len())..].to_vec();
        (hands, rest)
    }

    fn deal(&mut self, round: u8) {
        let n = self.n();
        let (hands, mut bone) = Self::deal_of(self.cfg.set, n, self.seed32, round);
        self.round = round;
        self.engine = self.cfg.set.saturating_sub(round);
        bone.reverse();
        self.set_tiles(&hands, &[], &bone);
        for (i, o) in self.open.iter_mut().enumerate() {
            *o = i == n;
        }
        self.to_play = Seat::try_from(usize::from(round) % n).unwrap_or(0);
        self.clear_uncovered();
        self.chaining = false;
        self.drew = false;
        self.passes = 0;
        self.phase = Phase::Playing;
        self.seen = Seen::default();
    }

    /// Lay the tiles out: `hands` in seat order, each train's laid tiles (none given: every
    /// train empty) and the boneyard as kept (the next draw last); the tile hash follows.
    fn set_tiles(&mut self, hands: &[Vec<Tile>], trains: &[Vec<u8>], bone: &[Tile]) {
        let empty = vec![Vec::new(); if trains.is_empty() { self.n() + 1 } else { 0 }];
        let trains = hands.iter().chain(trains).chain(&empty);
        self.piles.fill(trains.map(Vec::as_slice).chain([bone]));
        self.tile_hash = self.full_tile_hash();
    }

    fn full_tile_hash(&self) -> u64 {
        let mut h = 0;
        for (s, hand) in self.hands().enumerate() {
            for &t in hand {
                h ^= z_hand(s, t);
            }
        }
        for (i, l) in self.laid().enumerate() {
            for &x in l {
                h ^= z_train(i, x);
            }
        }
        for &t in self.bone() {
            h ^= z_bone(t);
        }
        h
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    #[must_use]
    pub fn full_hash(&self) -> u64 {
        self.scalar_hash(self.full_tile_hash())
    }

    fn scalar_hash(&self, mut h: u64) -> u64 {
        h = mix(
            h,
            0,
            u64::from(self.cfg.set) | u64::from(self.cfg.players) << 8,
        );
        h = mix(
            h,
            1,
            self.cfg.length as u64
                | (self.cfg.doubles as u64) << 2
                | (self.cfg.mexican as u64) << 4,
        );
        h = mix(h, 2, u64::from(self.seed32));
        h = mix(
            h,
            3,
            u64::from(self.round) | u64::from(self.to_play) << 8 | (self.phase as u64) << 16,
        );
        h = mix(
            h,
            4,
            u64::from(self.chaining) | u64::from(self.drew) << 1 | u64::from(self.passes) << 2,
        );
        h = mix(h, 5, u64::from(self.turn));
        let mut open = 0u64;
        for (i, &o) in self.open().iter().enumerate() {
            open |= u64::from(o) << i;
        }
        h = mix(h, 6, open);
        let mut unc = 0u64;
        for &u in self.uncovered() {
            unc = unc.wrapping_mul(31).wrapping_add(u64::from(u) + 1);
        }
        h = mix(h, 7, unc);
        let mut res = 0u64;
        for r in self.results.iter() {
            for &p in &r.pips {
                res = res.wrapping_mul(1_000_003).wrapping_add(u64::from(p));
            }
        }
        mix(h, 8, res)
    }

    #[inline]
    fn n(&self) -> usize {
        usize::from(self.cfg.players)
    }

    /// The boneyard as kept: the next draw last.
    #[inline]
    fn bone(&self) -> &[Tile] {
        self.piles.seg(2 * self.n() + 1)
    }

    fn clear_uncovered(&mut self) {
        self.uncovered = [0; 9];
        self.uncovered_len = 0;
    }

    fn push_uncovered(&mut self, train: u8) {
        self.uncovered[usize::from(self.uncovered_len)] = train;
        self.uncovered_len += 1;
    }

    fn pop_uncovered(&mut self) {
        self.uncovered_len -= 1;
        self.uncovered[usize::from(self.uncovered_len)] = 0;
    }

    /// The table's configuration.
    #[must_use]
    pub fn config(&self) -> &TrainConfig {
        &self.cfg
    }
    /// The low 32 bits of the seed.
    #[must_use]
    pub fn seed32(&self) -> u32 {
        self.seed32
    }
    /// Rounds in the game.
    #[must_use]
    pub fn rounds(&self) -> u8 {
        self.rounds
    }
    /// The current round, 0-based.
    #[must_use]
    pub fn round(&self) -> u8 {
        self.round
    }
    /// The round's engine double value.
    #[must_use]
    pub fn engine(&self) -> u8 {
        self.engine
    }
    /// A seat's hand, in hand order.
    #[must_use]
    pub fn hand(&self, seat: usize) -> &[Tile] {
        self.piles.seg(seat)
    }
    /// The hands, in seat order.
    pub fn hands(&self) -> impl ExactSizeIterator<Item = &[Tile]> + '_ {
        (0..self.n()).map(|s| self.piles.seg(s))
    }
    /// The laid tiles of each train (`from * 16 + to`), the Mexican Train last.
    pub fn laid(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        let n = self.n();
        (n..2 * n + 1).map(|k| self.piles.seg(k))
    }
    /// Each train's open flag (marker out; the Mexican Train always).
    #[must_use]
    pub fn open(&self) -> &[bool] {
        &self.open[..=self.n()]
    }
    /// The boneyard, front (next draw) first.
    #[must_use]
    pub fn boneyard(&self) -> Vec<Tile> {
        self.bone().iter().rev().copied().collect()
    }
    /// Tiles left in the boneyard.
    #[must_use]
    pub fn boneyard_len(&self) -> usize {
        self.bone().len()
    }
    /// The seat to play (kept as it was once a round or the game ends).
    #[must_use]
    pub fn to_play(&self) -> Seat {
        self.to_play
    }
    /// The stack of trains with an uncovered double (last = to cover).
    #[must_use]
    pub fn uncovered(&self) -> &[u8] {
        &self.uncovered[..usize::from(self.uncovered_len)]
    }
    /// Whether the mover may lay another double before covering.
    #[must_use]
    pub fn chaining(&self) -> bool {
        self.chaining
    }
    /// Whether the mover has drawn since the last lay.
    #[must_use]
    pub fn drew(&self) -> bool {
        self.drew
    }
    /// Consecutive passes since the last lay.
    #[must_use]
    pub fn passes(&self) -> u32 {
        self.passes
    }
    /// The turn counter.
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// The phase.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Results of the rounds played.
    #[must_use]
    pub fn results(&self) -> &[RoundResult] {
        &self.results
    }
    /// The last move made and the seat that made it.
    #[must_use]
    pub fn last(&self) -> Option<(Seat, TrainMove)> {
        self.last
    }

    /// Per-seat totals over the rounds played.
    #[must_use]
    pub fn totals(&self) -> Vec<u32> {
        let mut t = vec![0u32; self.n()];
        for r in self.results.iter() {
            for (x, p) in t.iter_mut().zip(&r.pips) {
                *x += p;
            }
        }
        t
    }

    /// Every seat with the lowest total once the game is finished; empty before.
    #[must_use]
    pub fn winners(&self) -> Vec<Seat> {
        if self.phase != Phase::Finished {
            return Vec::new();
        }
        let t = self.totals();
        let lo = t.iter().copied().min().unwrap_or(0);
        (0..t.len())
            .filter(|&s| t[s] == lo)
            .filter_map(|s| Seat::try_from(s).ok())
            .collect()
    }

    /// The number a train's next tile must match.
    #[must_use]
    pub fn open_end(&self, train: usize) -> u8 {
        let n = self.n();
        (if train <= n {
            self.piles.last(n + train)
        } else {
            None
        })
        .map_or(self.engine, |l| l & 15)
    }
}

impl GameState for MexicanTrain {
    type Move = TrainMove;
    type Config = TrainConfig;

    fn new(config: &TrainConfig, seed: u64) -> Result<Self> {
        let seed32 = u32::try_from(seed & 0xFFFF_FFFF).unwrap_or(0);
        config.validate()?;
        Ok(MexicanTrain::build(*config, seed32))
    }

    fn num_seats(&self) -> usize {
        self.n()
    }

    fn to_move(&self) -> Option<Seat> {
        (self.phase != Phase::Finished).then_some(self.to_play)
    }

    fn legal_moves_into(&self, out: &mut Vec<TrainMove>) {
        self.train_moves_into(out);
    }

    fn apply(&self, mv: TrainMove) -> Result<Self> {
        let mut g = self.clone();
        g.apply_mut(mv)?;
        Ok(g)
    }

    /// Without the refusal check: `mv` is listed here.
    fn play_unchecked(&mut self, mv: TrainMove) {
        self.apply_listed(mv);
    }

    fn is_terminal(&self) -> bool {
        self.phase == Phase::Finished
    }

    fn returns_into(&self, out: &mut [f32]) {
        let t = self.totals();
        for (o, x) in out.iter_mut().zip(t) {
            #[allow(clippy::cast_precision_loss)]
            {
                *o = -(x as f32);
            }
        }
    }

    fn zobrist(&self) -> u64 {
        self.scalar_hash(self.tile_hash)
    }

    fn computer_move(&self) -> Option<TrainMove> {
        self.computer_choice()
    }
}
impl MexicanTrain {
    /// Apply `mv` in place, checked against the rules; on a refusal `self` is unchanged.
    ///
    /// # Errors
    /// An illegal-move error when `mv` is not legal here.
    pub fn apply_mut(&mut self, mv: TrainMove) -> Result<()> {
        if !self.allowed(mv) {
            let why = match self.phase {
                Phase::Finished => "the game is over",
                Phase::RoundOver if mv != TrainMove::Next => {
                    "the round is over: only next is allowed"
                }
                _ => "the rules do not allow this move now",
            };
            return Err(Error::illegal(
                Code::IllegalMove,
                format!("{} refused: {why}", mv.token()),
            ));
        }
        self.apply_unchecked(mv);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
