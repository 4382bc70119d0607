//! `parlour._core.bridge`: `parlour.bridge.BridgePlayState` (the protocol from [`crate::state`],
//! its notation in `parlour.bridge.notation`), the replay validator and double-dummy solver.
//! Cards cross as bit indices or text (`"SA"`, the moves), hands as masks, seats as `0..4` (NESW).

use crate::cards::card;
use crate::errors::{config_err, detached, guarded, NotationError};
use crate::notation::Notation;
use crate::state::{PartsClass, StateClass, KEPT};
use crate::view::seed_arg;
use parlour_core::cards::{Card, CardSet, Spelling, Suit};
use parlour_core::game::GameState;
use parlour_core::games::bridge::{dd, validate_play, BridgeConfig, BridgePlay, Code, Replay};
use parlour_core::lazy::LazyMoves;
use parlour_core::Common;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{IntoPyDict, PyDict, PyString, PyTuple};

/// `parlour.bridge.notation`: `Parts`, `read`, `write` (and `deal`).
static NOTATION: Notation = Notation::new("parlour.bridge.notation");

/// The position's parts as `parlour.bridge.notation.Parts` gives them (its fields by name;
/// `Parts` checks that each number fits a byte).
#[derive(FromPyObject)]
struct Parts {
    level: u8,
    strain: u8,
    doubled: u8,
    declarer: u8,
    hands: [u64; 4],
    leader: u8,
    trick: Vec<i64>,
    won: [u8; 2],
}

fn shown(obj: &Bound<'_, PyAny>) -> String {
    obj.repr().map_or_else(|_| "?".into(), |r| r.to_string())
}

/// A letter argument of `random`: its letters, what they name, and the code of anything else.
type Letters = (&'static str, &'static str, fn(String) -> PyErr);
const STRAINS: Letters = ("SHDCN", "a strain (S, H, D, C, N)", |m| {
    config_err(Code::InvalidStrain, m)
});
const SEATS: Letters = ("NESW", "a seat (N, E, S or W)", |m| {
    config_err(Common::InvalidSeat, m)
});

/// An optional one-letter argument as its index in `letters`.
fn letter_arg(obj: Option<&Bound<'_, PyAny>>, spec: Letters) -> PyResult<Option<u8>> {
    let Some(o) = obj else { return Ok(None) };
    let text = o.extract::<String>().unwrap_or_default();
    let at = spec.0.find(&text).filter(|_| text.len() == 1);
    let error = || spec.2(format!("not {}: {}", spec.1, shown(o)));
    at.map(|i| Some(i as u8)).ok_or_else(error)
}

/// The card written `"SA"` (suit then rank, upper case), if `obj` is one.
fn card_text(obj: &Bound<'_, PyAny>) -> Option<Card> {
    Card::parse(&obj.extract::<String>().ok()?, Spelling::Bridge).ok()
}

fn seat_letter(seat: u8) -> char {
    char::from(b"NESW"[usize::from(seat % 4)])
}

/// A hand's cards as text, spades first, each suit from the ace down.
fn hand_texts(hand: CardSet) -> Vec<String> {
    let suit = |s: Suit| hand.of_suit(s).to_vec().into_iter().rev();
    let cards = Suit::ALL.into_iter().flat_map(suit);
    cards.map(|c| c.to_string()).collect()
}

/// The card texts as interned Python strings, indexed by bit index (None for the 12 gaps): the
/// move table of `BridgePlayState.legal_moves`.
fn card_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
    static TABLE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    let text = |i| Card::from_index(i).map(|c| PyString::intern(py, &c.to_string()));
    let make = || PyTuple::new(py, (0..64).map(text)).map(Bound::unbind);
    Ok(TABLE.get_or_try_init(py, make)?.bind(py))
}

/// A position of the card play (immutable).
///
/// ``BridgePlayState(deal, contract, declarer=None)`` is the position before the opening lead,
/// its arguments read as :func:`parlour.bridge.notation.deal` reads them (``NotationError``,
/// ``ConfigError``; ``InvalidStateError`` for a deal that is not four disjoint 13-card hands).
/// Also made by ``random(seed)``, ``from_parts(parts)`` and ``from_notation(text)``.
#[pyclass(frozen, module = "parlour.bridge", name = "BridgePlayState")]
pub struct PyBridgePlayState {
    inner: BridgePlay,
    kept: LazyMoves<KEPT>,
}

impl PyBridgePlayState {
    fn of(inner: BridgePlay) -> Self {
        PyBridgePlayState {
            inner,
            kept: LazyMoves::new(),
        }
    }
}

impl StateClass for PyBridgePlayState {
    crate::holds!(BridgePlay, inner);
    const ACTIONS: usize = 52;

    fn move_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
        card_table(py)
    }
    fn action(c: Card) -> usize {
        crate::cards::card_action(c)
    }
    fn with_core(&self, _py: Python<'_>, core: BridgePlay, _: Option<Card>) -> PyResult<Self> {
        Ok(Self::of(core))
    }
    fn apply_other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let Some(c) = card_text(obj) else {
            let text = format!("not a card (suit then rank, e.g. SA, HT): {}", shown(obj));
            return Err(NotationError::new_err((Common::InvalidCard.as_str(), text)));
        };
        self.play(obj.py(), c, false)
    }
    fn same(&self, _py: Python<'_>, other: &Self) -> PyResult<bool> {
        Ok(self.inner == other.inner)
    }
    fn index_error(&self, index: &Bound<'_, PyAny>, _len: usize) -> PyErr {
        let last = i64::from(self.inner.legal_set().len()) - 1;
        let text = format!("index {} out of range 0..{last}", shown(index));
        config_err(Code::InvalidIndex, text)
    }
}

impl PartsClass for PyBridgePlayState {
    fn notation() -> &'static Notation {
        &NOTATION
    }
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let s = &self.inner;
        let fields = (
            s.level(),
            s.strain(),
            s.doubled(),
            s.declarer(),
            PyTuple::new(py, s.trick_play().hands().map(|h| h.0))?,
            s.leader(),
            PyTuple::new(py, s.trick().iter().map(|c| c.index()))?,
            PyTuple::new(py, s.tricks_won())?,
        );
        NOTATION.parts(py, fields.into_pyobject(py)?)
    }
    fn from_parts(parts: &Bound<'_, PyAny>) -> PyResult<Self> {
        let p: Parts = parts.extract()?;
        let trick: Vec<Card> = p.trick.into_iter().map(card).collect::<PyResult<_>>()?;
        let (hands, leader, won) = (p.hands.map(CardSet), p.leader, p.won);
        guarded(|| {
            BridgePlay::from_position(
                hands, p.strain, p.declarer, p.level, p.doubled, leader, &trick, won,
            )
        })
        .map(Self::of)
    }
}

crate::protocol!(PyBridgePlayState);
crate::notation!(PyBridgePlayState);

crate::fields!(PyBridgePlayState {
    /// The seat letter to move, or None when the play is over.
    seat_to_move: Option<char> = |s, _py| s.inner.to_move().map(seat_letter);
    /// The contract being played (a :class:`~parlour.bridge.records.Contract`).
    contract: Bound<'py, PyAny> = |s, py| s.parts(py)?.getattr(pyo3::intern!(py, "contract"))?;
    /// The cards still held, by seat letter (spades first, ace down).
    hands: Bound<'py, PyDict> = |s, py| {
        (0u8..4).map(|k| (seat_letter(k), hand_texts(s.inner.hand(k)))).into_py_dict(py)?
    };
    /// The cards of the current trick in play order.
    trick: Vec<String> = |s, _py| s.inner.trick().iter().map(ToString::to_string).collect();
    /// The seat letter that led (or leads) the current trick.
    trick_leader: char = |s, _py| seat_letter(s.inner.leader());
    /// Tricks taken by NS and EW.
    tricks_won: (u8, u8) = |s, _py| s.inner.tricks_won().into();
    /// Tricks taken by declarer's side.
    declarer_tricks: u8 = |s, _py| s.inner.declarer_tricks();
});

#[pymethods]
impl PyBridgePlayState {
    #[new]
    #[pyo3(signature = (deal, contract, declarer = None))]
    fn new(
        deal: &Bound<'_, PyAny>,
        contract: &Bound<'_, PyAny>,
        declarer: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let read = NOTATION.member(deal.py(), "deal")?;
        let parts = read.call1((deal, contract, declarer))?;
        let p: Parts = NOTATION.check(&parts)?.extract()?;
        let hands = p.hands.map(CardSet);
        guarded(|| BridgePlay::new(hands, p.strain, p.declarer, p.level, p.doubled)).map(Self::of)
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
    ) -> PyResult<Bound<'py, Self>> {
        let py = seed.py();
        let seed = seed_arg(seed)?;
        let strain = letter_arg(strain, STRAINS)?;
        let declarer = letter_arg(declarer, SEATS)?;
        let config = BridgeConfig { strain, declarer };
        let inner = guarded(|| <BridgePlay as GameState>::new(&config, seed))?;
        Bound::new(py, Self::of(inner))
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
        let budget = budget.map_or(Ok(10_000_000), budget_arg)?;
        let s = &self.inner;
        let trick = s.trick().iter().map(|c| i64::from(c.index())).collect();
        let hands = s.trick_play().hands().map(|h| h.0);
        let trump = s.trump().map(Suit::index);
        let (tricks, by_card) = dd_solve(py, (hands, trump, s.leader(), trick), budget, true)?;
        py.import(pyo3::intern!(py, "parlour.bridge.dd"))?
            .getattr(pyo3::intern!(py, "DoubleDummy"))?
            .call1((tricks, by_card.into_py_dict(py)?))
    }
}

/// A node budget: a positive int below 2**63; `ConfigError` `INVALID_BUDGET` otherwise.
fn budget_arg(b: &Bound<'_, PyAny>) -> PyResult<u64> {
    let budget = seed_arg(b).ok().filter(|v| (1..1 << 63).contains(v));
    budget.ok_or_else(|| {
        let text = format!("budget must be a positive integer, not {}", shown(b));
        config_err(Code::InvalidBudget, text)
    })
}

/// One play to replay: hands (masks N, E, S, W), the opening leader, raw card codes
/// (`suit * 16 + rank`, rank 13-15 = unreadable) and the trump suit (None: no-trump).
type Play = ([u64; 4], u8, Vec<u8>, Option<u8>);

fn replay((hands, first, cards, trump): &Play, valid_ranks: u16) -> Replay {
    let trump = trump.and_then(Suit::from_index);
    validate_play(hands.map(CardSet), *first, cards, trump, valid_ranks)
}

type ErrorRow = (&'static str, usize, usize, usize, u8, u8);

/// Replay a [`Play`]: `(errors, leaders, winners, won)`, errors as `(code, index, trick,
/// position, seat, card)`, each trick's leader and winner (-1 for a partial last trick), and
/// completed tricks won per seat.
#[pyfunction]
#[pyo3(signature = (play, valid_ranks = 0x1FFF))]
pub fn validate(play: Play, valid_ranks: u16) -> (Vec<ErrorRow>, Vec<u8>, Vec<i16>, [u8; 4]) {
    let r = replay(&play, valid_ranks);
    let errors = r.errors.iter();
    let errors = errors.map(|e| (e.kind.code(), e.index, e.trick, e.position, e.seat, e.card));
    let winners = r.tricks.iter().map(|t| t.winner.map_or(-1, i16::from));
    let leaders = r.tricks.iter().map(|t| t.leader).collect();
    (errors.collect(), leaders, winners.collect(), r.won)
}

/// Replay many plays with the GIL released: per play, `(error count, tricks won per seat)`.
#[pyfunction]
pub fn validate_many(py: Python<'_>, plays: Vec<Play>) -> PyResult<Vec<(usize, [u8; 4])>> {
    let summary = |r: Replay| (r.errors.len(), r.won);
    let run = move || Ok(plays.iter().map(|p| summary(replay(p, 0x1FFF))).collect());
    detached(py, run)
}

/// A position to solve: hands (masks N, E, S, W), trump (0..3 or None), trick leader and cards.
type Position = ([u64; 4], Option<u8>, u8, Vec<i64>);

/// The double-dummy value of a [`Position`] (the GIL released): `(tricks of the side to move,
/// [(card, tricks after it)])`.
#[pyfunction]
pub fn dd_solve(
    py: Python<'_>,
    position: Position,
    budget: u64,
    with_cards: bool,
) -> PyResult<(u8, Vec<(String, u8)>)> {
    let (hands, trump, leader, trick) = position;
    let (hands, trump) = (hands.map(CardSet), trump.and_then(Suit::from_index));
    let trick: Vec<Card> = trick.into_iter().map(card).collect::<PyResult<_>>()?;
    let solve = move || dd::solve_with(hands, trump, leader, &trick, budget, with_cards);
    let r = detached(py, solve)?;
    let by_card = r.by_card.iter().map(|(c, v)| (c.to_string(), *v));
    Ok((r.tricks, by_card.collect()))
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
