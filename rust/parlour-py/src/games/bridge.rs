//! `parlour._core.bridge`: the card-play state, `parlour.bridge.BridgePlayState`, one frozen,
//! final class holding the core position with the whole protocol here; and the replay
//! validator and double-dummy solver as plain functions. Its notation (and the reading of the
//! constructor's deal and contract) is in `parlour.bridge.notation`, over the `Parts` record.
//!
//! Cards cross the boundary as bit indices (`suit * 16 + rank`) or bridge-spelled text (`"SA"`),
//! hands as `u64` masks, seats as `0..4` (N, E, S, W) and strains as `0..5` (S, H, D, C, no-trump).

use super::trickplay::{legal_mask, legal_moves, move_table, nth_legal};
use crate::cards::card;
use crate::errors::{config_err, detached, guarded, NotationError};
use crate::notation::{reduce, Notation};
use parlour_core::cards::{Card, CardSet, Suit};
use parlour_core::game::GameState;
use parlour_core::games::bridge::dd;
use parlour_core::games::bridge::{
    validate_play, BridgeConfig, BridgePlay, Code, Replay, SEAT_LETTERS, STRAIN_LETTERS,
};
use parlour_core::Common;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

/// `parlour.bridge.notation`: `Parts`, `read`, `write` (and `deal`).
static NOTATION: Notation = Notation::new("parlour.bridge.notation");

/// The position's parts as `parlour.bridge.notation.Parts` gives them (its fields by name).
#[derive(FromPyObject)]
struct Parts {
    level: i64,
    strain: i64,
    doubled: i64,
    declarer: i64,
    hands: [u64; 4],
    leader: i64,
    trick: Vec<i64>,
    won: [i64; 2],
}

/// The contract of some parts, checked as numbers: `(strain, declarer, level, doubled)`.
fn contract_of(p: &Parts) -> PyResult<(u8, u8, u8, u8)> {
    Ok((
        small(p.strain, "strain")?,
        seat(p.declarer, "declarer")?,
        small(p.level, "level")?,
        small(p.doubled, "doubled")?,
    ))
}

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

fn trump_arg(trump: Option<i64>) -> PyResult<Option<Suit>> {
    trump
        .map(|t| {
            u8::try_from(t)
                .ok()
                .and_then(Suit::from_index)
                .ok_or_else(|| {
                    config_err(
                        Common::InvalidSuit,
                        format!("trump must be a suit 0..3 or None, not {t}"),
                    )
                })
        })
        .transpose()
}

fn shown(obj: &Bound<'_, PyAny>) -> String {
    obj.repr()
        .map_or_else(|_| "?".to_string(), |r| r.to_string())
}

/// The card written `"SA"` (suit then rank, upper case), if `obj` is one.
fn card_text(obj: &Bound<'_, PyAny>) -> Option<Card> {
    let s = obj.cast::<PyString>().ok()?;
    let [suit, rank] = *s.to_str().ok()?.as_bytes() else {
        return None;
    };
    let suit = b"SHDC".iter().position(|&c| c == suit)?;
    let rank = b"23456789TJQKA".iter().position(|&c| c == rank)?;
    Card::from_index(u8::try_from(suit * 16 + rank).ok()?)
}

/// The card written `"SA"`; `NotationError` `INVALID_CARD` for anything else.
fn card_code(obj: &Bound<'_, PyAny>) -> PyResult<Card> {
    card_text(obj).ok_or_else(|| {
        NotationError::new_err((
            Common::InvalidCard.as_str(),
            format!("not a card (suit then rank, e.g. SA, HT): {}", shown(obj)),
        ))
    })
}

/// The card texts as interned Python strings, indexed by bit index (None for the 12 gaps): the
/// move table of `BridgePlayState.legal_moves`.
fn card_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
    static TABLE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    Ok(TABLE
        .get_or_try_init(py, || {
            move_table(py, |i| {
                let text = Card::from_index(i).map_or_else(String::new, |c| c.to_string());
                Ok(PyString::intern(py, &text).into_any())
            })
            .map(Bound::unbind)
        })?
        .bind(py))
}

fn seat_letter(seat: u8) -> String {
    SEAT_LETTERS[usize::from(seat % 4)].to_string()
}

/// A seat letter argument (`"N"`, `"E"`, `"S"`, `"W"`); `ConfigError` `INVALID_SEAT` otherwise.
fn seat_of_letter(obj: &Bound<'_, PyAny>) -> PyResult<u8> {
    let found = obj
        .cast::<PyString>()
        .ok()
        .and_then(|s| s.to_str().ok().map(str::to_string))
        .and_then(|s| {
            let mut chars = s.chars();
            let c = chars.next()?;
            chars.next().is_none().then_some(c)
        })
        .and_then(|c| SEAT_LETTERS.iter().position(|&l| l == c));
    found.and_then(|i| u8::try_from(i).ok()).ok_or_else(|| {
        config_err(
            Common::InvalidSeat,
            format!("not a seat (N, E, S or W): {}", shown(obj)),
        )
    })
}

/// A position of the card play (immutable).
///
/// ``BridgePlayState(deal, contract, declarer=None)`` is the position before the opening lead:
/// ``deal`` the four hands (a mapping seat to 13 cards, or a PBN deal string
/// ``"N:AKQ.… … … …"``), ``contract`` ``"4S"``, ``"3NX"``… or a
/// :class:`~parlour.bridge.records.Contract`, ``declarer`` declarer's seat (taken from
/// ``contract`` when it is a ``Contract``). Also made by ``BridgePlayState.random(seed)``,
/// ``from_parts(parts)`` and ``from_notation(text)``; every move gives a new state.
///
/// Raises:
///     NotationError: A malformed deal or contract.
///     ConfigError: A bad seat.
///     InvalidStateError: A deal that is not four disjoint 13-card hands.
#[pyclass(frozen, module = "parlour.bridge", name = "BridgePlayState")]
pub struct PyBridgePlayState {
    inner: BridgePlay,
}

impl PyBridgePlayState {
    fn spawn(py: Python<'_>, inner: BridgePlay) -> PyResult<Bound<'_, PyBridgePlayState>> {
        Bound::new(py, PyBridgePlayState { inner })
    }

    fn cards<'py>(
        py: Python<'py>,
        cards: impl Iterator<Item = Card>,
    ) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, cards.map(|c| c.to_string()))
    }
}

#[pymethods]
impl PyBridgePlayState {
    #[new]
    #[pyo3(signature = (deal, contract, declarer = None))]
    fn new(
        deal: &Bound<'_, PyAny>,
        contract: &Bound<'_, PyAny>,
        declarer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let py = deal.py();
        let none = py.None().into_bound(py);
        let parts =
            NOTATION
                .member(py, "deal")?
                .call1((deal, contract, declarer.unwrap_or(&none)))?;
        let p: Parts = NOTATION.check(&parts)?.extract()?;
        let (strain, declarer, level, doubled) = contract_of(&p)?;
        let hands = p.hands.map(CardSet);
        guarded(|| BridgePlay::new(hands, strain, declarer, level, doubled))
            .map(|inner| PyBridgePlayState { inner })
    }

    /// A random deal from ``seed``, as the ``bridge-play`` simulator deals it (strain and
    /// declarer random unless given, as letters).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEED``, ``INVALID_STRAIN`` or ``INVALID_SEAT``.
    #[staticmethod]
    #[pyo3(signature = (seed, strain = None, declarer = None))]
    fn random<'py>(
        seed: &Bound<'py, PyAny>,
        strain: Option<&Bound<'py, PyAny>>,
        declarer: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyBridgePlayState>> {
        let py = seed.py();
        let seed = crate::view::seed_arg(seed)?;
        let strain = match strain {
            None => None,
            Some(s) if s.is_none() => None,
            Some(s) => {
                let found = s
                    .cast::<PyString>()
                    .ok()
                    .and_then(|t| t.to_str().ok().map(str::to_string))
                    .filter(|t| t.chars().count() == 1)
                    .and_then(|t| STRAIN_LETTERS.iter().position(|&l| t.starts_with(l)));
                Some(found.and_then(|i| u8::try_from(i).ok()).ok_or_else(|| {
                    config_err(
                        Code::InvalidStrain,
                        format!("not a strain (S, H, D, C, N): {}", shown(s)),
                    )
                })?)
            }
        };
        let declarer = match declarer {
            Some(d) if !d.is_none() => Some(seat_of_letter(d)?),
            _ => None,
        };
        let inner =
            guarded(|| <BridgePlay as GameState>::new(&BridgeConfig { strain, declarer }, seed))?;
        Self::spawn(py, inner)
    }

    /// The position of ``parts`` (a :class:`parlour.bridge.notation.Parts`).
    ///
    /// Raises:
    ///     InvalidStateError: ``INVALID_POSITION`` when hands, trick and trick counts do not
    ///         fit together.
    ///     ConfigError: A contract or seat out of range.
    ///     TypeError: If ``parts`` is not a ``Parts``.
    #[staticmethod]
    fn from_parts<'py>(parts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBridgePlayState>> {
        let py = parts.py();
        let p: Parts = NOTATION.check(parts)?.extract()?;
        let (strain, declarer, level, doubled) = contract_of(&p)?;
        let trick: Vec<Card> = p.trick.iter().map(|&c| card(c)).collect::<PyResult<_>>()?;
        let leader = seat(p.leader, "leader")?;
        let won = [small(p.won[0], "tricks")?, small(p.won[1], "tricks")?];
        let hands = p.hands.map(CardSet);
        let inner = guarded(|| {
            BridgePlay::from_position(hands, strain, declarer, level, doubled, leader, &trick, won)
        })?;
        Self::spawn(py, inner)
    }

    /// Parse a position written by :meth:`to_notation` (see :mod:`parlour.bridge.notation`).
    ///
    /// Raises:
    ///     NotationError: Malformed text.
    ///     InvalidStateError: Hands, trick and trick counts that do not fit together.
    #[staticmethod]
    fn from_notation<'py>(text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBridgePlayState>> {
        let py = text.py();
        Self::from_parts(&NOTATION.read(py, text)?)
    }

    /// The position's parts, a :class:`parlour.bridge.notation.Parts`.
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let s = &self.inner;
        let trick = s.trick().iter().map(|c| c.index());
        let won = s.tricks_won();
        let fields = (
            s.level(),
            s.strain(),
            s.doubled(),
            s.declarer(),
            PyTuple::new(py, s.trick_play().hands().map(|h| h.0))?,
            s.leader(),
            PyTuple::new(py, trick)?,
            PyTuple::new(py, won)?,
        );
        NOTATION.parts(py, fields.into_pyobject(py)?)
    }

    /// The position in bridge-play notation (see :mod:`parlour.bridge.notation`).
    fn to_notation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        NOTATION.write(py, self.parts(py)?)
    }

    /// The seat to move (0-3 = N, E, S, W), or None when the play is over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.inner.to_move()
    }

    /// The seat letter to move, or None when the play is over.
    #[getter]
    fn seat_to_move(&self) -> Option<String> {
        self.inner.to_move().map(seat_letter)
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

    /// The contract being played (a :class:`~parlour.bridge.records.Contract`).
    #[getter]
    fn contract<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.parts(py)?.getattr(pyo3::intern!(py, "contract"))
    }

    /// The cards still held, by seat letter (spades first, ace down).
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for seat in 0u8..4 {
            let hand = self.inner.hand(seat);
            let sorted = Suit::ALL.into_iter().flat_map(|s| {
                let mut cards: Vec<Card> = hand.of_suit(s).iter().collect();
                cards.reverse();
                cards
            });
            out.set_item(seat_letter(seat), Self::cards(py, sorted)?)?;
        }
        Ok(out)
    }

    /// The cards of the current trick in play order.
    #[getter]
    fn trick<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        Self::cards(py, self.inner.trick().iter().copied())
    }

    /// The seat letter that led (or leads) the current trick.
    #[getter]
    fn trick_leader(&self) -> String {
        seat_letter(self.inner.leader())
    }

    /// Tricks taken by NS and EW.
    #[getter]
    fn tricks_won(&self) -> (u8, u8) {
        let [ns, ew] = self.inner.tricks_won();
        (ns, ew)
    }

    /// Tricks taken by declarer's side.
    #[getter]
    fn declarer_tricks(&self) -> u8 {
        self.inner.declarer_tricks()
    }

    /// True when ``move`` is a legal card here (never raises).
    #[pyo3(signature = (r#move))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> bool {
        card_text(r#move).is_some_and(|c| self.inner.legal_set().contains(c))
    }

    /// The card the built-in heuristic player chooses here (None when the play is over).
    ///
    /// Leading: the top card of the longest side suit; following: the lowest card when partner
    /// is winning the trick, else the cheapest winning card, else the lowest card.
    fn computer_move(&self) -> Option<String> {
        self.inner.computer_move().map(|c| c.to_string())
    }

    /// The double-dummy value of this position (a :class:`parlour.bridge.dd.DoubleDummy`).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_BUDGET`` for a budget that is not a positive integer below
    ///         2**63; ``DD_BUDGET_EXCEEDED`` when the position is too large for ``budget``.
    #[pyo3(signature = (budget = None))]
    fn double_dummy<'py>(
        &self,
        py: Python<'py>,
        budget: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let budget = match budget {
            None => 10_000_000,
            Some(b) => budget_arg(b)?,
        };
        let s = &self.inner;
        let (hands, trump, leader) = (s.trick_play().hands(), s.trump(), s.leader());
        let trick = s.trick().to_vec();
        let r = detached(py, move || {
            dd::solve_with(hands, trump, leader, &trick, budget, true)
        })?;
        let by_card = PyDict::new(py);
        for (c, v) in r.by_card {
            by_card.set_item(c.to_string(), v)?;
        }
        py.import(pyo3::intern!(py, "parlour.bridge.dd"))?
            .getattr(pyo3::intern!(py, "DoubleDummy"))?
            .call1((r.tricks, by_card))
    }

    /// Tricks of each seat's side, per seat N, E, S, W.
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut r = [0f32; 4];
        self.inner.returns_into(&mut r);
        PyTuple::new(py, r.map(f64::from))
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
        legal_moves(self.inner.trick_play(), card_table(py)?)
    }

    /// The state after the ``index``-th legal move.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_INDEX`` when ``index`` is not an int in range.
    fn apply_index<'py>(
        &self,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBridgePlayState>> {
        let Some(mv) = nth_legal(self.inner.trick_play(), index) else {
            let last = i64::from(self.inner.legal_set().len()) - 1;
            return Err(config_err(
                Code::InvalidIndex,
                format!("index {} out of range 0..{last}", shown(index)),
            ));
        };
        Self::spawn(index.py(), guarded(|| self.inner.apply(mv))?)
    }

    /// The state after playing card ``move`` (``"SA"``).
    ///
    /// Raises:
    ///     NotationError: ``move`` is not a card.
    ///     IllegalMoveError: ``CARD_NOT_OWNED``, ``REVOKE`` or ``GAME_OVER``.
    #[pyo3(signature = (r#move))]
    fn apply<'py>(&self, r#move: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyBridgePlayState>> {
        let c = card_code(r#move)?;
        Self::spawn(r#move.py(), guarded(|| self.inner.apply(c))?)
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
        &self,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBridgePlayState>> {
        let py = seat.py();
        Self::spawn(py, crate::view::resample(py, &self.inner, seat, seed)?)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyBridgePlayState>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "BridgePlayState.from_notation({})",
            self.to_notation(py)?.repr()?
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        reduce(slf.as_any(), slf.get().to_notation(slf.py())?)
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

/// A node budget: a positive int below 2**63; `ConfigError` `INVALID_BUDGET` otherwise.
fn budget_arg(b: &Bound<'_, PyAny>) -> PyResult<u64> {
    let ok = b.is_instance_of::<PyInt>() && !b.is_instance_of::<PyBool>();
    ok.then(|| b.extract::<u64>().ok())
        .flatten()
        .filter(|&v| v > 0 && v < 1 << 63)
        .ok_or_else(|| {
            config_err(
                Code::InvalidBudget,
                format!("budget must be a positive integer, not {}", shown(b)),
            )
        })
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
    let trump = trump_arg(trump)?;
    if cards.iter().any(|&c| c >= 64) {
        return Err(config_err(Common::InvalidCard, "card codes are 0..63"));
    }
    guarded(|| {
        Ok(rows(&validate_play(
            hands.map(CardSet),
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
                    h.map(CardSet),
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
    let trump = trump_arg(trump)?;
    let leader = seat(leader, "leader")?;
    let cards: Vec<Card> = trick.into_iter().map(card).collect::<PyResult<_>>()?;
    detached(py, move || {
        let r = dd::solve_with(
            hands.map(CardSet),
            trump,
            leader,
            &cards,
            budget,
            with_cards,
        )?;
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
    detached(py, move || dd::table(hands.map(CardSet), budget))
}

/// Register `parlour._core.bridge`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "bridge")?;
    m.add_class::<PyBridgePlayState>()?;
    m.add_function(wrap_pyfunction!(validate, &m)?)?;
    m.add_function(wrap_pyfunction!(validate_many, &m)?)?;
    m.add_function(wrap_pyfunction!(dd_solve, &m)?)?;
    m.add_function(wrap_pyfunction!(dd_table, &m)?)?;
    super::add_submodule(parent, &m, "bridge")
}
