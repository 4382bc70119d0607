//! `parlour._core.bridge`: the card-play state and the replay validator.
//!
//! Cards cross the boundary as bit indices (`suit * 16 + rank`), hands as `u64` masks, seats
//! as `0..4` (N, E, S, W) and strains as `0..5` (S, H, D, C, no-trump).

use super::trickplay::{legal_mask, legal_moves, move_table, nth_legal};
use crate::cards::card;
use crate::errors::{config_err, detached, guarded, NotationError};
use crate::fast::Spawner;
use parlour_core::cards::{Card, CardSet, Suit};
use parlour_core::game::GameState;
use parlour_core::games::bridge::dd;
use parlour_core::games::bridge::validate::{validate_play, Replay};
use parlour_core::games::bridge::{BridgeConfig, BridgePlay, Code};
use parlour_core::Common;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyTuple};
use std::cell::Cell;

fn seat(value: i64, what: &str) -> PyResult<u8> {
    u8::try_from(value).ok().filter(|s| *s < 4).ok_or_else(|| {
        config_err(
            Common::InvalidSeat,
            format!("{what} must be a seat 0..3, not {value}"),
        )
    })
}

fn small(value: i64, what: &str) -> PyResult<u8> {
    u8::try_from(value).map_err(|_| {
        config_err(
            Code::InvalidContract,
            format!("{what} out of range: {value}"),
        )
    })
}

fn hands_of(hands: [u64; 4]) -> [CardSet; 4] {
    hands.map(CardSet)
}

/// The position after the `index`-th legal move of `play` (`ConfigError` `INVALID_INDEX` for
/// anything but an int in range).
fn apply_index(play: &BridgePlay, index: &Bound<'_, PyAny>) -> PyResult<BridgePlay> {
    let Some(mv) = nth_legal(play.trick_play(), index) else {
        let legal = play.legal_set();
        let shown = index
            .repr()
            .map_or_else(|_| "?".to_string(), |r| r.to_string());
        return Err(config_err(
            Code::InvalidIndex,
            format!(
                "index {shown} out of range 0..{}",
                i64::from(legal.len()) - 1
            ),
        ));
    };
    guarded(|| play.apply(mv))
}

/// The bit index of a card written `"SA"` (suit then rank); `NotationError` `INVALID_CARD`
/// for anything else, as `parlour.bridge._cards.card_code`.
fn card_code(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    let code = obj
        .cast::<PyString>()
        .ok()
        .and_then(|s| s.to_str().ok().map(str::as_bytes).and_then(card_of_text));
    code.ok_or_else(|| {
        let shown = obj
            .repr()
            .map_or_else(|_| "?".to_string(), |r| r.to_string());
        NotationError::new_err((
            Common::InvalidCard.as_str(),
            format!("not a card (suit then rank, e.g. SA, HT): {shown}"),
        ))
    })
}

fn card_of_text(text: &[u8]) -> Option<u8> {
    let [s, r] = *text else { return None };
    let suit = b"SHDC".iter().position(|&c| c == s)?;
    let rank = b"23456789TJQKA".iter().position(|&c| c == r)?;
    u8::try_from(suit * 16 + rank).ok()
}

/// The card texts as interned Python strings, indexed by bit index (None for the 12 gaps): the
/// move table of `PlayBase.legal_moves`.
fn card_table(py: Python<'_>) -> &Bound<'_, PyTuple> {
    static TABLE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    TABLE
        .get_or_init(py, || {
            move_table(py, |i| {
                let t = [
                    b"SHDC"[usize::from(i >> 4)],
                    b"23456789TJQKA"[usize::from(i % 16)],
                ];
                Ok(PyString::intern(py, std::str::from_utf8(&t).unwrap_or("?")).into_any())
            })
            .map_or_else(|_| PyTuple::empty(py).unbind(), Bound::unbind)
        })
        .bind(py)
}

/// A position of the card play (immutable).
#[pyclass(frozen, module = "parlour._core.bridge", name = "PlayState")]
#[derive(Clone)]
pub struct PyPlayState {
    inner: BridgePlay,
}

#[pymethods]
impl PyPlayState {
    /// The play of a full deal (hands as card masks N, E, S, W); declarer's LHO leads.
    #[new]
    #[pyo3(signature = (hands, strain, declarer, level = 1, doubled = 0))]
    fn new(
        hands: [u64; 4],
        strain: i64,
        declarer: i64,
        level: i64,
        doubled: i64,
    ) -> PyResult<Self> {
        let (strain, declarer) = (small(strain, "strain")?, seat(declarer, "declarer")?);
        let (level, doubled) = (small(level, "level")?, small(doubled, "doubled")?);
        guarded(|| BridgePlay::new(hands_of(hands), strain, declarer, level, doubled))
            .map(|inner| PyPlayState { inner })
    }

    /// Any position: remaining hands, contract, current trick (leader and cards), tricks NS/EW.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn from_position(
        hands: [u64; 4],
        strain: i64,
        declarer: i64,
        level: i64,
        doubled: i64,
        leader: i64,
        trick: Vec<i64>,
        won: (i64, i64),
    ) -> PyResult<Self> {
        let cards: Vec<Card> = trick.into_iter().map(card).collect::<PyResult<_>>()?;
        let (strain, declarer) = (small(strain, "strain")?, seat(declarer, "declarer")?);
        let (level, doubled) = (small(level, "level")?, small(doubled, "doubled")?);
        let leader = seat(leader, "leader")?;
        let won = [small(won.0, "tricks")?, small(won.1, "tricks")?];
        guarded(|| {
            BridgePlay::from_position(
                hands_of(hands),
                strain,
                declarer,
                level,
                doubled,
                leader,
                &cards,
                won,
            )
        })
        .map(|inner| PyPlayState { inner })
    }

    /// A random deal from `seed` (strain and declarer random unless given), as `bridge-play`.
    #[staticmethod]
    #[pyo3(signature = (seed, strain = None, declarer = None))]
    fn random(seed: u64, strain: Option<i64>, declarer: Option<i64>) -> PyResult<Self> {
        let strain = strain
            .map(|s| small(s, "strain"))
            .transpose()?
            .filter(|s| *s <= 4);
        let declarer = declarer.map(|d| seat(d, "declarer")).transpose()?;
        Ok(PyPlayState {
            inner: BridgePlay::new_game(&BridgeConfig { strain, declarer }, seed),
        })
    }

    /// The seat to move, or None when the play is over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.inner.to_move()
    }

    /// True when all 13 tricks have been played.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// The Zobrist hash.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// Strain 0..4 (4 = no-trump).
    #[getter]
    fn strain(&self) -> u8 {
        self.inner.strain()
    }

    /// Declarer's seat.
    #[getter]
    fn declarer(&self) -> u8 {
        self.inner.declarer()
    }

    /// Contract level.
    #[getter]
    fn level(&self) -> u8 {
        self.inner.level()
    }

    /// 0, 1 (doubled) or 2 (redoubled).
    #[getter]
    fn doubled(&self) -> u8 {
        self.inner.doubled()
    }

    /// The seat that led the current trick.
    #[getter]
    fn leader(&self) -> u8 {
        self.inner.leader()
    }

    /// Remaining hands as card masks N, E, S, W.
    fn hands(&self) -> [u64; 4] {
        [0u8, 1, 2, 3].map(|s| self.inner.hand(s).bits())
    }

    /// Cards of the current trick (bit indices, play order).
    fn trick(&self) -> Vec<u32> {
        self.inner
            .trick()
            .iter()
            .map(|c| u32::from(c.index()))
            .collect()
    }

    /// Tricks taken by NS and EW.
    fn tricks_won(&self) -> (u8, u8) {
        let w = self.inner.tricks_won();
        (w[0], w[1])
    }

    /// Legal cards (bit indices) in ascending order.
    fn legal_moves(&self) -> Vec<u32> {
        let mut v = Vec::new();
        self.inner.legal_moves_into(&mut v);
        v.into_iter().map(|c| u32::from(c.index())).collect()
    }

    /// The state after playing `card` (a bit index).
    fn apply(&self, card_index: i64) -> PyResult<Self> {
        let c = card(card_index)?;
        guarded(|| self.inner.apply(c)).map(|inner| PyPlayState { inner })
    }

    /// The built-in computer player's card (a bit index), None when the play is over.
    fn computer_move(&self) -> Option<u32> {
        self.inner.computer_move().map(|c| u32::from(c.index()))
    }

    /// Tricks of each seat's side, per seat N, E, S, W.
    fn returns(&self) -> Vec<f32> {
        let mut r = vec![0.0; 4];
        self.inner.returns_into(&mut r);
        r
    }

    /// The notation of the position.
    fn to_notation(&self) -> String {
        self.inner.to_notation()
    }

    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

/// `parlour.bridge.BridgePlayState`: it holds the position and runs the hot path of Python loops
/// (`is_terminal`, `to_move`, `zobrist`, `legal_moves`, `apply_index`, `apply`) without a
/// Python frame, and the per-seat `view`, `observation` and `resample`; its other members are written in Python (`parlour/bridge/state.py`) and
/// installed on this class at import (`parlour._native.fold_into_base`).
#[pyclass(subclass, frozen, module = "parlour.bridge", name = "BridgePlayState")]
pub struct PyBridgePlayState {
    inner: BridgePlay,
}

thread_local! {
    /// The value of the next instance made by `BridgePlayState.__new__` without arguments (see
    /// [`Spawner`]).
    static PENDING: Cell<Option<PyBridgePlayState>> = const { Cell::new(None) };
}

/// The Python function that reads `BridgePlayState(deal, contract, declarer)`'s arguments into
/// a `PlayState` (see `_install_constructor`).
static CONSTRUCT: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// Install the function that reads `BridgePlayState(deal, contract, declarer)`'s arguments into
/// a `PlayState` (done once by `parlour.bridge`).
#[pyfunction]
fn _install_constructor(py: Python<'_>, construct: Py<PyAny>) {
    let _ = CONSTRUCT.set(py, construct);
}

/// Makes the instances of `BridgePlayState` (and of any subclass) from Rust.
static SPAWN: Spawner<PyBridgePlayState> = Spawner::new(&PENDING);

impl PyBridgePlayState {
    /// A new instance of `slf`'s own class at `inner`.
    fn spawn<'py>(slf: &Bound<'py, Self>, inner: BridgePlay) -> PyResult<Bound<'py, PyAny>> {
        SPAWN.spawn(&slf.get_type(), PyBridgePlayState { inner })
    }
}

#[pymethods]
impl PyBridgePlayState {
    /// `BridgePlayState(deal, contract, declarer=None)`: the position before the opening lead
    /// (the arguments are read by `parlour.bridge.state`'s constructor, installed with
    /// `_install_constructor`), or `BridgePlayState(core)` at the position `core`.
    #[new]
    #[pyo3(signature = (*args, **kwargs), text_signature = "(deal, contract, declarer=None)")]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let py = args.py();
        if args.is_empty() && kwargs.is_none() {
            return SPAWN.take().ok_or_else(|| {
                pyo3::exceptions::PyTypeError::new_err(
                    "create a bridge play state with BridgePlayState(deal, contract, declarer)",
                )
            });
        }
        if kwargs.is_none() && args.len() == 1 {
            if let Ok(core) = args.get_item(0)?.cast::<PyPlayState>() {
                return Ok(PyBridgePlayState {
                    inner: core.get().inner.clone(),
                });
            }
        }
        let construct = CONSTRUCT.get(py).ok_or_else(|| {
            pyo3::exceptions::PyRuntimeError::new_err(
                "parlour.bridge is not imported: its constructor is not installed",
            )
        })?;
        let core = construct.bind(py).call(args, kwargs)?;
        let core = core.cast::<PyPlayState>()?;
        Ok(PyBridgePlayState {
            inner: core.get().inner.clone(),
        })
    }

    /// A state of class `cls` at the position `core`.
    #[classmethod]
    fn _at<'py>(
        cls: &Bound<'py, pyo3::types::PyType>,
        core: PyRef<'py, PyPlayState>,
    ) -> PyResult<Bound<'py, PyAny>> {
        SPAWN.spawn(
            cls,
            PyBridgePlayState {
                inner: core.inner.clone(),
            },
        )
    }

    /// The position (a new `PlayState` on each access).
    #[getter(_s)]
    fn get_core(&self) -> PyPlayState {
        PyPlayState {
            inner: self.inner.clone(),
        }
    }

    /// The seat to move (0-3 = N, E, S, W), or None when the play is over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.inner.to_move()
    }

    /// True when all 13 tricks have been played.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// The 64-bit Zobrist hash.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// The legal cards as a bool mask over the 52 actions ``suit * 13 + rank``.
    ///
    /// Returns:
    ///     A numpy bool array of length 52.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        legal_mask(py, self.inner.trick_play())
    }

    /// The legal cards (spades two … ace, then hearts, diamonds, clubs).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        legal_moves(self.inner.trick_play(), card_table(py))
    }

    /// The state after the ``index``-th legal move.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_INDEX`` when out of range.
    fn apply_index<'py>(
        slf: &Bound<'py, Self>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let next = apply_index(&slf.get().inner, index)?;
        Self::spawn(slf, next)
    }

    /// The state after playing card ``move``.
    ///
    /// Raises:
    ///     NotationError: ``move`` is not a card.
    ///     IllegalMoveError: ``CARD_NOT_OWNED``, ``REVOKE`` or ``GAME_OVER``.
    #[pyo3(signature = (r#move))]
    fn apply<'py>(
        slf: &Bound<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let c = card(i64::from(card_code(r#move)?))?;
        let next = guarded(|| slf.get().inner.apply(c))?;
        Self::spawn(slf, next)
    }

    /// What ``seat`` (0-3 = N, E, S, W) may see, as a JSON-ready dict (see
    /// ``parlour.bridge.View``): dummy's hand once the opening lead is on the table.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not 0-3.
    fn view<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::view(seat.py(), &self.inner, seat)
    }

    /// The view of ``seat`` as a float32 array of shape ``(420,)`` (``docs/bridge.md``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not 0-3.
    fn observation<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::observation(seat.py(), &self.inner, seat)
    }

    /// A state consistent with everything ``seat`` has seen: the hands it cannot see dealt
    /// anew (keeping their sizes and the voids shown), uniformly, from ``seed``.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` or ``INVALID_SEED``.
    fn resample<'py>(
        slf: &Bound<'py, Self>,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let next = crate::view::resample(slf.py(), &slf.get().inner, seat, seed)?;
        Self::spawn(slf, next)
    }
}

type ErrorRow = (&'static str, usize, usize, usize, u8, u8);

fn rows(r: &Replay) -> (Vec<ErrorRow>, Vec<u32>, Vec<i32>, [u32; 4]) {
    let errors = r
        .errors
        .iter()
        .map(|e| (e.kind.code(), e.index, e.trick, e.position, e.seat, e.card))
        .collect();
    let leaders = r.tricks.iter().map(|t| u32::from(t.leader)).collect();
    let winners = r
        .tricks
        .iter()
        .map(|t| t.winner.map_or(-1, i32::from))
        .collect();
    (errors, leaders, winners, r.won.map(u32::from))
}

/// Replay raw card codes (`suit*16+rank`, rank 13–15 = unreadable) from `hands` (masks N, E, S, W)
/// with `first` on lead. Returns `(errors, tricks, won)`: errors as `(code, index, trick, position,
/// seat, card)`, the leader of each trick, the winner of each trick (-1 for a partial last
/// trick; the cards of trick `t` are `cards[4t..4t+4]`), and completed tricks won per seat.
#[pyfunction]
#[pyo3(signature = (hands, first, cards, trump, valid_ranks = 0x1FFF))]
#[allow(clippy::type_complexity)]
pub fn validate(
    hands: [u64; 4],
    first: i64,
    cards: Vec<u8>,
    trump: Option<i64>,
    valid_ranks: u16,
) -> PyResult<(Vec<ErrorRow>, Vec<u32>, Vec<i32>, [u32; 4])> {
    let first = seat(first, "first")?;
    let trump = match trump {
        None => None,
        Some(t) => Some(
            u8::try_from(t)
                .ok()
                .and_then(Suit::from_index)
                .ok_or_else(|| {
                    config_err(
                        Common::InvalidSuit,
                        format!("trump must be a suit 0..3 or None, not {t}"),
                    )
                })?,
        ),
    };
    if cards.iter().any(|&c| c >= 64) {
        return Err(config_err(Common::InvalidCard, "card codes are 0..63"));
    }
    guarded(|| {
        Ok(rows(&validate_play(
            hands_of(hands),
            first,
            &cards,
            trump,
            valid_ranks,
        )))
    })
}

/// Validate many plays at once with the GIL released: each item is `(hands, first, cards,
/// trump)`; returns per play `(error count, completed tricks won per seat)`.
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn validate_many(
    py: Python<'_>,
    plays: Vec<([u64; 4], u8, Vec<u8>, Option<u8>)>,
) -> PyResult<Vec<(usize, [u32; 4])>> {
    detached(py, move || {
        Ok(plays
            .iter()
            .map(|(h, first, cards, trump)| {
                let r = validate_play(
                    hands_of(*h),
                    *first % 4,
                    cards,
                    trump.and_then(Suit::from_index),
                    0x1FFF,
                );
                (r.errors.len(), r.won.map(u32::from))
            })
            .collect())
    })
}

/// Double-dummy value of a position: remaining hands (masks N, E, S, W), trump suit 0..3 or
/// None, the current trick's leader and cards. Returns `(tricks for the side to move, [(card,
/// tricks after it)])`; the search runs with the GIL released.
#[pyfunction]
#[pyo3(signature = (hands, trump, leader, trick, budget = 10_000_000, with_cards = true))]
pub fn dd_solve(
    py: Python<'_>,
    hands: [u64; 4],
    trump: Option<i64>,
    leader: i64,
    trick: Vec<i64>,
    budget: u64,
    with_cards: bool,
) -> PyResult<(u8, Vec<(u32, u8)>)> {
    let trump = match trump {
        None => None,
        Some(t) => Some(
            u8::try_from(t)
                .ok()
                .and_then(Suit::from_index)
                .ok_or_else(|| {
                    config_err(
                        Common::InvalidSuit,
                        format!("trump must be a suit 0..3 or None, not {t}"),
                    )
                })?,
        ),
    };
    let leader = seat(leader, "leader")?;
    let cards: Vec<Card> = trick.into_iter().map(card).collect::<PyResult<_>>()?;
    detached(py, move || {
        let r = dd::solve_with(hands_of(hands), trump, leader, &cards, budget, with_cards)?;
        Ok((
            r.tricks,
            r.by_card
                .into_iter()
                .map(|(c, v)| (u32::from(c.index()), v))
                .collect(),
        ))
    })
}

/// `dd::table`: `table[strain][declarer]` (strains no-trump, spades, hearts, diamonds, clubs;
/// declarers N, E, S, W), the GIL released.
#[pyfunction]
pub fn dd_table(py: Python<'_>, hands: [u64; 4], budget: u64) -> PyResult<[[u8; 4]; 5]> {
    detached(py, move || dd::table(hands_of(hands), budget))
}

/// Register `parlour._core.bridge`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "bridge")?;
    m.add_class::<PyPlayState>()?;
    m.add_class::<PyBridgePlayState>()?;
    m.add_function(wrap_pyfunction!(_install_constructor, &m)?)?;
    m.add_function(wrap_pyfunction!(validate, &m)?)?;
    m.add_function(wrap_pyfunction!(validate_many, &m)?)?;
    m.add_function(wrap_pyfunction!(dd_solve, &m)?)?;
    m.add_function(wrap_pyfunction!(dd_table, &m)?)?;
    super::add_submodule(parent, &m, "bridge")
}
