//! `parlour._core.mexican_train`: `parlour.mexican_train.TrainGame`, one frozen, final class
//! holding the core position, the table it was dealt at (set, options, seed, names, computers)
//! and the moves that led there; the protocol comes from [`crate::state`]. The saved-game text
//! and the move dicts are read in `parlour.mexican_train.notation`; the engine's functions are
//! plain Python in `parlour.mexican_train.api`. Beside the class: the longest run, the seeded
//! deal and one step of the engine's PRNG.

use crate::errors::{
    detached, guarded, ConfigError, IllegalMoveError, InvalidStateError, NotationError,
};
use crate::notation::Notation;
use crate::state::{PartsClass, StateClass, KEPT};
use parlour_core::games::mexican_train::tiles::Mulberry32;
use parlour_core::games::mexican_train::{bot, Code, MexicanTrain, TrainMove};
use parlour_core::lazy::LazyMoves;
use parlour_core::trail::Trail;
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{IntoPyDict, PyDict, PyInt, PyString, PyTuple};
use std::sync::Arc;

/// `parlour.mexican_train.notation`: `Parts`, `read`, `write`, `MOVES`, `move_of`.
static NOTATION: Notation = Notation::new("parlour.mexican_train.notation");

/// A record class of `parlour.mexican_train.api`: `Train`, `RoundResult`, `TrainHistory`.
fn api<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("parlour.mexican_train.api")?.getattr(name)
}

/// The table a game was dealt at, beside the rules' values the core holds: what the saved-game
/// text keeps of it, read from a `parlour.mexican_train.notation.Parts`. Shared by every
/// position of a game.
#[derive(FromPyObject)]
struct Table {
    /// `length`, `doubles`, `mexican`, in the order given.
    options: Vec<(String, String)>,
    /// The seed as the engine's double holds it, an int.
    seed: Py<PyInt>,
    /// The cleaned names, a tuple of str.
    players: Py<PyTuple>,
    computers: Vec<bool>,
}

/// A Mexican Train game: its table, its moves, and the position they make (immutable).
///
/// Carries the engine's fields (``set, options, seed, players, computers, history, rounds,
/// round, engine, hands, trains, boneyard, to_play, uncovered, chaining, drew, passes, turn,
/// phase, results, winners, last``) and follows parlour's uniform state protocol
/// (``to_move``, ``legal_moves()``, ``apply()``, ``to_notation()`` …).
///
/// Make one with :func:`start_train`, :func:`decode_train`, :meth:`from_notation` or
/// :meth:`from_parts`.
#[pyclass(frozen, module = "parlour.mexican_train", name = "TrainGame")]
pub struct PyTrainGame {
    inner: MexicanTrain,
    table: Arc<Table>,
    /// The moves made since the deal of round 0, oldest first (None before any).
    trail: Option<Trail<TrainMove>>,
    kept: LazyMoves<KEPT>,
    /// `history`, the moves made as a `TrainHistory` chain, made on first use.
    record: PyOnceLock<Py<PyAny>>,
}

impl PyTrainGame {
    fn of(inner: MexicanTrain, table: Arc<Table>, trail: Option<Trail<TrainMove>>) -> Self {
        let (kept, record) = (LazyMoves::new(), PyOnceLock::new());
        PyTrainGame {
            inner,
            table,
            trail,
            kept,
            record,
        }
    }

    /// The moves made, oldest first.
    fn made(&self) -> Vec<TrainMove> {
        self.trail.as_ref().map_or_else(Vec::new, Trail::to_vec)
    }

    /// The `FrozenMove` of `mv`.
    fn move_object(py: Python<'_>, mv: TrainMove) -> PyResult<Bound<'_, PyAny>> {
        Self::move_table(py)?.get_item(usize::from(mv.id()))
    }
}

impl StateClass for PyTrainGame {
    crate::holds!(MexicanTrain, inner);
    const ACTIONS: usize = parlour_core::games::mexican_train::TRAIN_ACTIONS;

    /// `notation.MOVES`: the one `FrozenMove` of each move id ([`TrainMove::id`]).
    fn move_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
        static TABLE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
        let table = TABLE.get_or_try_init(py, || -> PyResult<_> {
            let moves = NOTATION.member(py, "MOVES")?;
            Ok(moves.cast_into::<PyTuple>()?.unbind())
        })?;
        Ok(table.bind(py))
    }
    fn action(mv: TrainMove) -> usize {
        mv.action()
    }
    /// The table is shared; a resample (`played` None) keeps the record of moves.
    fn with_core(
        &self,
        _: Python<'_>,
        core: MexicanTrain,
        played: Option<TrainMove>,
    ) -> PyResult<Self> {
        let trail = match played {
            Some(mv) => Some(Trail::push(self.trail.as_ref(), mv)),
            None => self.trail.clone(),
        };
        Ok(Self::of(core, Arc::clone(&self.table), trail))
    }
    /// A move dict, read by `notation.move_of`; `ILLEGAL_MOVE` for anything else.
    fn apply_other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        let triple: Option<_> = NOTATION.member(py, "move_of")?.call1((obj,))?.extract()?;
        match triple.and_then(TrainMove::of_triple) {
            Some(mv) => self.play(py, mv, false),
            None => Err(IllegalMoveError::new_err((
                Code::IllegalMove.as_str(),
                format!("{} is not a move of this table", obj.repr()?),
            ))),
        }
    }
    /// The same position, table (the options in any order) and moves.
    fn same(&self, py: Python<'_>, other: &Self) -> PyResult<bool> {
        let (a, b) = (&*self.table, &*other.table);
        Ok(self.inner == other.inner
            && a.computers == b.computers
            && a.options.len() == b.options.len()
            && a.options.iter().all(|kv| b.options.contains(kv))
            && a.seed.bind(py).as_any().eq(b.seed.bind(py))?
            && a.players.bind(py).as_any().eq(b.players.bind(py))?
            && self.made() == other.made())
    }
    /// `ILLEGAL_MOVE`, the engine's refusal.
    fn index_error(&self, index: &Bound<'_, PyAny>, _len: usize) -> PyErr {
        let shown = index.repr().map(|r| r.to_string()).unwrap_or_default();
        let why = format!("no legal move number {shown}");
        IllegalMoveError::new_err((Code::IllegalMove.as_str(), why))
    }
    /// `<TrainGame set=… players=… round=… phase='…' to_play=… moves=…>`.
    fn repr(slf: &Bound<'_, Self>) -> PyResult<String> {
        let (g, trail) = (&slf.get().inner, slf.get().trail.as_ref());
        Ok(format!(
            "<TrainGame set={} players={} round={} phase='{}' to_play={} moves={}>",
            g.config().set,
            g.config().players,
            g.round(),
            g.phase().name(),
            g.to_play(),
            trail.map_or(0, Trail::count)
        ))
    }
    /// `(TrainGame.from_parts, (parts,))`: the text would not keep the order of the options.
    fn reduce<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let from = slf.get_type().getattr(intern!(slf.py(), "from_parts"))?;
        let args = PyTuple::new(slf.py(), [PartsClass::parts(slf.get(), slf.py())?])?;
        PyTuple::new(slf.py(), [from, args.into_any()])
    }
}

impl PartsClass for PyTrainGame {
    fn notation() -> &'static Notation {
        &NOTATION
    }
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let t = &self.table;
        let fields = (
            self.inner.config().set,
            PyTuple::new(py, &t.options)?,
            t.seed.clone_ref(py),
            t.players.clone_ref(py),
            PyTuple::new(py, &t.computers)?,
            PyTuple::new(py, self.made().into_iter().map(TrainMove::triple))?,
        );
        NOTATION.parts(py, fields.into_pyobject(py)?)
    }
    /// A table or a move the rules refuse in a saved game is ``INVALID_GAME_TEXT``.
    fn unreachable_text(e: PyErr) -> PyErr {
        Python::attach(|py| {
            if !(e.is_instance_of::<ConfigError>(py) || e.is_instance_of::<InvalidStateError>(py)) {
                return e;
            }
            let why = format!("not a Mexican Train saved game these rules replay: {e}");
            NotationError::new_err((Code::InvalidGameText.as_str(), why))
        })
    }
    /// Round 0 dealt at the parts' table, then their moves made in order (checked by the core).
    fn from_parts(parts: &Bound<'_, PyAny>) -> PyResult<Self> {
        let py = parts.py();
        let table: Table = parts.extract()?;
        let names = table.players.bind(py);
        if !names.iter().all(|name| name.is_instance_of::<PyString>()) {
            return Err(PyTypeError::new_err("players must be a tuple of str"));
        }
        // A set no i64 holds is out of range as surely as 10 is; a seed is an integer that a
        // double holds (Python compares an int and a float exactly).
        let set = parts.getattr(intern!(py, "set"))?.cast_into::<PyInt>()?;
        let set = set.extract::<i64>().unwrap_or(-1);
        let seed = table.seed.bind(py).as_any();
        let seed = seed
            .extract::<f64>()
            .ok()
            .filter(|&f| seed.eq(f).unwrap_or(false));
        let moves: Vec<_> = parts.getattr(intern!(py, "moves"))?.extract()?;
        let seats = (names.len(), table.computers.len());
        let (inner, moves) = detached(py, || {
            MexicanTrain::from_parts(set, seats, &table.options, seed, &moves)
        })?;
        let trail = moves.iter().fold(None, |t: Option<Trail<_>>, &mv| {
            Some(Trail::push(t.as_ref(), mv))
        });
        Ok(Self::of(inner, Arc::new(table), trail))
    }
}

crate::protocol!(PyTrainGame);
crate::notation!(PyTrainGame);

crate::fields!(PyTrainGame {
    /// The set, by its highest double: 9, 12 or 15.
    set: u8 = |s, _py| s.inner.config().set;
    /// The options (a copy), in the order they were given.
    options: Bound<'py, PyDict> = |s, py| s.table.options.clone().into_py_dict(py)?;
    /// The seed every shuffle is drawn from (as the engine's double holds it).
    seed: Py<PyInt> = |s, py| s.table.seed.clone_ref(py);
    /// The cleaned names, in seat order.
    players: Py<PyTuple> = |s, py| s.table.players.clone_ref(py);
    /// Which seats a computer plays.
    computers: Bound<'py, PyTuple> = |s, py| PyTuple::new(py, &s.table.computers)?;
    /// The record of moves, newest first (a ``TrainHistory``), or None before any move.
    history: Py<PyAny> = |s, py| {
        let chain = s.record.get_or_try_init(py, || -> PyResult<_> {
            let moves = PyTuple::new(py, s.made().into_iter().map(TrainMove::triple))?;
            Ok(api(py, "TrainHistory")?.call_method1("_chain", (moves,))?.unbind())
        })?;
        chain.clone_ref(py)
    };
    /// Rounds in the game.
    rounds: u8 = |s, _py| s.inner.rounds();
    /// The round being played (0-based).
    round: u8 = |s, _py| s.inner.round();
    /// The round's engine double, by its number.
    engine: u8 = |s, _py| s.inner.engine();
    /// Each seat's hand, in hand order (dealt, then drawn tiles).
    hands: Bound<'py, PyTuple> = |s, py| {
        let hands = s.inner.hands().map(|h| PyTuple::new(py, h));
        PyTuple::new(py, hands.collect::<PyResult<Vec<_>>>()?)?
    };
    /// The trains (``Train``): seats' own, then the Mexican Train.
    trains: Bound<'py, PyTuple> = |s, py| {
        let cls = api(py, "Train")?;
        let trains = s.inner.laid().zip(s.inner.open());
        let trains = trains.map(|(laid, open)| cls.call1((PyTuple::new(py, laid)?, open)));
        PyTuple::new(py, trains.collect::<PyResult<Vec<_>>>()?)?
    };
    /// The tiles left to draw, next draw first.
    boneyard: Bound<'py, PyTuple> = |s, py| PyTuple::new(py, s.inner.boneyard())?;
    /// The seat to move (kept as it was once a round or the game ends).
    to_play: u8 = |s, _py| s.inner.to_play();
    /// Trains whose double is uncovered; the last is the one to cover.
    uncovered: Bound<'py, PyTuple> = |s, py| PyTuple::new(py, s.inner.uncovered())?;
    /// Whether the mover may lay another double before covering.
    chaining: bool = |s, _py| s.inner.chaining();
    /// Whether the mover has drawn since the last lay.
    drew: bool = |s, _py| s.inner.drew();
    /// Consecutive passes since the last lay.
    passes: u32 = |s, _py| s.inner.passes();
    /// The turn counter.
    turn: u32 = |s, _py| s.inner.turn();
    /// ``"playing"``, ``"roundOver"`` or ``"finished"``.
    phase: &'static str = |s, _py| s.inner.phase().name();
    /// One result (``RoundResult``) per round played.
    results: Bound<'py, PyTuple> = |s, py| {
        let cls = api(py, "RoundResult")?;
        let ending = |blocked| if blocked { "blocked" } else { "domino" };
        let results = s.inner.results().iter();
        let results = results.map(|r| {
            cls.call1((r.engine, PyTuple::new(py, &r.pips)?, ending(r.blocked), r.out))
        });
        PyTuple::new(py, results.collect::<PyResult<Vec<_>>>()?)?
    };
    /// The seats with the lowest total once the game is over; empty before.
    winners: Bound<'py, PyTuple> = |s, py| PyTuple::new(py, s.inner.winners())?;
    /// ``{"seat": s, "move": move}`` of the last move, or None at the start.
    last: Option<Bound<'py, PyDict>> = |s, py| match s.inner.last() {
        Some((seat, mv)) => {
            let mv = Self::move_object(py, mv)?;
            Some([("seat", seat.into_pyobject(py)?.into_any()), ("move", mv)].into_py_dict(py)?)
        }
        None => None,
    };
});

#[pymethods]
impl PyTrainGame {
    /// Not for direct use (raises ``TypeError``): see ``start_train`` and ``decode_train``.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let why = "use start_train(...) or decode_train(...) to make a TrainGame";
        Err(PyTypeError::new_err(why))
    }

    /// ``computerMove`` as a ``FrozenMove``, or None once the game is finished.
    fn _computer_move<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let choice = self.inner.computer_choice();
        choice.map(|m| Self::move_object(py, m)).transpose()
    }

    /// The Zobrist hash computed from scratch (the tests compare it with ``zobrist``).
    fn _full_hash(&self) -> u64 {
        self.inner.full_hash()
    }

    /// Whether ``playTrain`` would accept the move ``(kind, tile, train)``.
    fn _allowed(&self, kind: i64, tile: i64, train: i64) -> bool {
        TrainMove::of_triple((kind, tile, train)).is_some_and(|m| self.inner.allowed(m))
    }

    /// The legal moves as saved-game tokens joined by commas.
    fn _tokens(&self) -> String {
        let moves = self.inner.train_moves();
        let tokens: Vec<String> = moves.iter().map(TrainMove::token).collect();
        tokens.join(",")
    }

    /// Plays the computer's move in every seat until the game ends; the moves made.
    fn _autoplay(&self, py: Python<'_>) -> PyResult<Vec<(u8, u8, u8)>> {
        let mut g = self.inner.clone();
        detached(py, move || {
            let mut out = Vec::new();
            while let Some(m) = g.computer_choice() {
                g.apply_mut(m)?;
                out.push(m.triple());
            }
            Ok(out)
        })
    }
}

/// Tile codes as Python ints (a `Vec<u8>` would become `bytes`).
fn ints(v: &[u8]) -> Vec<u16> {
    v.iter().map(|&x| u16::from(x)).collect()
}

/// `longestRun(hand, end)` and the number of search calls it made; with `exact`, a truly
/// longest (then heaviest) run, unbounded (no count).
#[pyfunction]
#[pyo3(signature = (hand, end, exact = false))]
fn longest_run_steps(
    py: Python<'_>,
    hand: Vec<i64>,
    end: i64,
    exact: bool,
) -> PyResult<(Vec<u16>, u32)> {
    let (run, steps) = detached(py, move || bot::checked_run(&hand, end, exact))?;
    Ok((ints(&run), steps))
}

/// The deal of a round: `(hands, boneyard next-draw first)`.
#[pyfunction]
fn deal(set: i64, players: i64, seed32: u32, round: i64) -> PyResult<(Vec<Vec<u16>>, Vec<u16>)> {
    let (hands, bone) = guarded(|| MexicanTrain::checked_deal(set, players, seed32, round))?;
    Ok((hands.iter().map(|h| ints(h)).collect(), ints(&bone)))
}

/// One step of the engine's PRNG (the core's `Mulberry32`): `(next state, output)`; the
/// engine's float is the output over 2**32.
#[pyfunction]
fn mulberry32(state: u32) -> (u32, u32) {
    let mut rng = Mulberry32(state);
    let out = rng.next_u32();
    (rng.0, out)
}

/// Register `parlour._core.mexican_train`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "mexican_train")?;
    m.add_class::<PyTrainGame>()?;
    m.add_function(wrap_pyfunction!(longest_run_steps, &m)?)?;
    m.add_function(wrap_pyfunction!(deal, &m)?)?;
    m.add_function(wrap_pyfunction!(mulberry32, &m)?)?;
    super::add_submodule(parent, &m, "mexican_train")
}
