//! `parlour._core.mexican_train`: `parlour.mexican_train.TrainGame`, one frozen, final class
//! holding the core position, the table it was dealt at (set, options, seed, names, computers)
//! and the moves that led there, with the whole protocol here; the longest run and the seeded
//! deal. The saved-game text is read and written in `parlour.mexican_train.notation`, over its
//! `Parts` record; the engine's functions are plain Python in `parlour.mexican_train.api`.

use crate::errors::{
    caught, config_err, detached, guarded, to_py, ConfigError, IllegalMoveError, InvalidStateError,
    NotationError,
};
use crate::fast::{exact_index, kept_moves, listed_object, mask_array};
use crate::notation::Notation;
use parlour_core::game::GameState;
use parlour_core::games::mexican_train::tiles::Mulberry32;
use parlour_core::games::mexican_train::{
    bot, Code, MexicanTrain, TrainConfig, TrainMove, TRAIN_ACTIONS,
};
use parlour_core::lazy::{LazyMoves, Moves};
use parlour_core::trail::Trail;
use parlour_core::{Common, Error};
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyMapping, PyString, PyTuple};
use std::cell::Cell;
use std::sync::Arc;

/// `parlour.mexican_train.notation`: `Parts`, `read`, `write`.
static NOTATION: Notation = Notation::new("parlour.mexican_train.notation");

thread_local! {
    /// The legal moves of the position at hand (reused: no allocation per call; see
    /// [`kept_moves`]).
    static MOVES: Cell<Vec<TrainMove>> = const { Cell::new(Vec::new()) };
}

/// Room for the legal moves kept (a longer list is listed again on each use).
const LEGAL_CAP: usize = 32;

type MoveTuple = (u8, u8, u8);

fn to_tuple(m: TrainMove) -> MoveTuple {
    match m {
        TrainMove::Play { tile, train } => (0, tile, train),
        TrainMove::Draw => (1, 0, 0),
        TrainMove::Pass => (2, 0, 0),
        TrainMove::Next => (3, 0, 0),
    }
}

fn of_tuple(kind: i64, tile: i64, train: i64) -> Option<TrainMove> {
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

/// The Python types the class hands out: `notation.MOVES` (the one `FrozenMove` of each move
/// id, `TrainMove::id`), and `api.Train`, `api.RoundResult`, `api.TrainHistory`.
struct Types {
    moves: Py<PyTuple>,
    train: Py<PyAny>,
    result: Py<PyAny>,
    history: Py<PyAny>,
}

fn types(py: Python<'_>) -> PyResult<&Types> {
    static TYPES: PyOnceLock<Types> = PyOnceLock::new();
    TYPES.get_or_try_init(py, || {
        let notation = py.import("parlour.mexican_train.notation")?;
        let api = py.import("parlour.mexican_train.api")?;
        Ok(Types {
            moves: notation.getattr("MOVES")?.cast_into::<PyTuple>()?.unbind(),
            train: api.getattr("Train")?.unbind(),
            result: api.getattr("RoundResult")?.unbind(),
            history: api.getattr("TrainHistory")?.unbind(),
        })
    })
}

/// The `FrozenMove` of `mv`.
fn move_object(py: Python<'_>, mv: TrainMove) -> PyResult<Bound<'_, PyAny>> {
    let table = types(py)?.moves.bind(py);
    table
        .get_item(usize::from(mv.id()))
        .ok()
        .filter(|m| !m.is_none())
        .ok_or_else(|| config_err(Common::InternalError, format!("{mv:?} has no move object")))
}

/// The `FrozenMove`s of `moves`, in order, as a new list.
fn move_list<'py>(
    py: Python<'py>,
    moves: impl ExactSizeIterator<Item = TrainMove>,
) -> PyResult<Bound<'py, PyList>> {
    let items = moves
        .map(|m| move_object(py, m))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// The table a game was dealt at, beside the rules' values the core holds: what the saved-game
/// text keeps of it. Shared by every position of a game.
struct Table {
    /// `length`, `doubles`, `mexican`, in the order given.
    options: Vec<(String, String)>,
    /// The seed as the engine's double holds it, an int.
    seed: Py<PyInt>,
    /// The cleaned names, a tuple of str.
    players: Py<PyTuple>,
    computers: Vec<bool>,
}

/// The parts of a saved game as `parlour.mexican_train.notation.Parts` gives them.
#[derive(FromPyObject)]
struct Parts<'py> {
    set: Bound<'py, PyInt>,
    options: Vec<(String, String)>,
    seed: Bound<'py, PyInt>,
    players: Bound<'py, PyTuple>,
    computers: Vec<bool>,
    moves: Vec<(i64, i64, i64)>,
}

fn invalid_game(message: String) -> PyErr {
    to_py(Error::invalid_state(Code::InvalidGame, message))
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
    /// The moves made since the deal of round 0, oldest first.
    trail: Option<Trail<TrainMove>>,
    /// The legal moves, kept by `legal_moves` for the `apply_index` that usually follows.
    legal: LazyMoves<LEGAL_CAP>,
    /// The record of moves as a `TrainHistory` chain, made on first use.
    history: PyOnceLock<Py<PyAny>>,
}

impl PyTrainGame {
    fn of(&self, inner: MexicanTrain, trail: Option<Trail<TrainMove>>) -> Self {
        PyTrainGame {
            inner,
            table: Arc::clone(&self.table),
            trail,
            legal: LazyMoves::new(),
            history: PyOnceLock::new(),
        }
    }

    /// The legal moves, listed once.
    fn moves(&self) -> Moves<'_, TrainMove> {
        kept_moves(&self.legal, &self.inner, &MOVES)
    }

    /// The game after `mv`, one of the legal moves here (made without the refusal check).
    fn after_listed(&self, mv: TrainMove) -> PyResult<Self> {
        let mut g = self.inner.clone();
        guarded(|| {
            g.apply_listed(mv);
            Ok(())
        })?;
        Ok(self.of(g, Some(Trail::push(self.trail.as_ref(), mv))))
    }

    /// The game after `mv`, or the core's refusal.
    fn after(&self, mv: TrainMove) -> PyResult<Self> {
        let g = guarded(|| self.inner.apply(mv))?;
        Ok(self.of(g, Some(Trail::push(self.trail.as_ref(), mv))))
    }

    /// The moves made, oldest first.
    fn made(&self) -> Vec<TrainMove> {
        self.trail.as_ref().map_or_else(Vec::new, Trail::to_vec)
    }

    /// A move dict (any mapping) as a move: `kind` one of the four names, and for a play
    /// `tile` and `train` exact ints (None when it is no move).
    fn parse_move<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Option<TrainMove>> {
        let py = obj.py();
        let exact = obj.cast_exact::<PyDict>().ok();
        if exact.is_none() && obj.cast::<PyMapping>().is_err() {
            return Ok(None);
        }
        let get = |key: &Bound<'py, PyString>| -> PyResult<Option<Bound<'py, PyAny>>> {
            match exact {
                Some(d) => d.get_item(key),
                None => {
                    let v = obj.call_method1(intern!(py, "get"), (key,))?;
                    Ok((!v.is_none()).then_some(v))
                }
            }
        };
        let Some(kind) = get(intern!(py, "kind"))? else {
            return Ok(None);
        };
        let Some(kind) = kind
            .cast::<PyString>()
            .ok()
            .and_then(|k| k.to_cow().ok().map(|c| c.into_owned()))
        else {
            return Ok(None);
        };
        let int = |key: &Bound<'py, PyString>| -> PyResult<Option<i64>> {
            Ok(get(key)?
                .filter(|v| v.is_exact_instance_of::<PyInt>())
                .and_then(|v| v.extract::<i64>().ok()))
        };
        Ok(match kind.as_str() {
            "draw" => Some(TrainMove::Draw),
            "pass" => Some(TrainMove::Pass),
            "next" => Some(TrainMove::Next),
            "play" => match (int(intern!(py, "tile"))?, int(intern!(py, "train"))?) {
                (Some(tile), Some(train)) => of_tuple(0, tile, train),
                _ => None,
            },
            _ => None,
        })
    }
}

#[pymethods]
impl PyTrainGame {
    /// Not for direct use (raises ``TypeError``): see ``start_train`` and ``decode_train``.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Err(PyTypeError::new_err(
            "use start_train(...) or decode_train(...) to make a TrainGame",
        ))
    }

    /// The game of ``parts`` (a :class:`parlour.mexican_train.notation.Parts`): round 0 dealt
    /// at its table, then its moves made in order.
    ///
    /// Raises:
    ///     ConfigError: ``UNKNOWN_OPTION``/``INVALID_OPTION`` for a table the rules refuse
    ///         (``INVALID_SEED`` for a seed that is no double).
    ///     InvalidStateError: ``INVALID_GAME`` when a move is refused or the names and the
    ///         computers differ in number.
    ///     TypeError: ``parts`` is not a ``Parts``.
    #[staticmethod]
    fn from_parts<'py>(parts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTrainGame>> {
        let py = parts.py();
        let p: Parts<'py> = NOTATION.check(parts)?.extract()?;
        for name in p.players.iter() {
            if !name.is_instance_of::<PyString>() {
                return Err(PyTypeError::new_err("players must be a tuple of str"));
            }
        }
        if p.players.len() != p.computers.len() {
            return Err(invalid_game(format!(
                "{} names but {} computers entries",
                p.players.len(),
                p.computers.len()
            )));
        }
        // The seed must be a double (the text keeps it as one), an integer.
        let double = p.seed.extract::<f64>().ok().filter(|f| f.is_finite());
        let exact = match double {
            Some(f) => PyAnyMethods::eq(
                &PyFloat::new(py, f).call_method0(intern!(py, "__int__"))?,
                &p.seed,
            )?,
            None => false,
        };
        if !exact {
            return Err(config_err(
                Common::InvalidSeed,
                "the seed must be an integer a double holds exactly",
            ));
        }
        let seed32: u32 = p.seed.bitand(0xFFFF_FFFF_u32)?.extract()?;
        // A set no i64 holds is out of range as surely as 10 is.
        let set = p.set.extract::<i64>().unwrap_or(-1);
        let cfg = guarded(|| TrainConfig::from_table(set, p.players.len(), &p.options))?;
        let moves = p
            .moves
            .iter()
            .enumerate()
            .map(|(i, &(k, t, r))| {
                of_tuple(k, t, r)
                    .ok_or_else(|| invalid_game(format!("move {i}: {:?} is no move", (k, t, r))))
            })
            .collect::<PyResult<Vec<_>>>()?;
        let inner = detached(py, || {
            caught(|| MexicanTrain::from_moves(cfg, seed32, &moves))
        })?;
        let trail = moves.iter().fold(None, |h: Option<Trail<TrainMove>>, &mv| {
            Some(Trail::push(h.as_ref(), mv))
        });
        let table = Table {
            options: p.options,
            seed: p.seed.unbind(),
            players: p.players.unbind(),
            computers: p.computers,
        };
        Bound::new(
            py,
            PyTrainGame {
                inner,
                table: Arc::new(table),
                trail,
                legal: LazyMoves::new(),
                history: PyOnceLock::new(),
            },
        )
    }

    /// A saved game read back (see :mod:`parlour.mexican_train.notation`).
    ///
    /// Raises:
    ///     NotationError: The text is not a game these rules can replay (``INVALID_GAME_TEXT``).
    #[staticmethod]
    fn from_notation<'py>(text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTrainGame>> {
        let py = text.py();
        let parts = NOTATION.read(py, text)?;
        Self::from_parts(&parts).map_err(|e| {
            if e.is_instance_of::<ConfigError>(py) || e.is_instance_of::<InvalidStateError>(py) {
                NotationError::new_err((
                    Code::InvalidGameText.as_str(),
                    format!("not a Mexican Train saved game these rules replay: {e}"),
                ))
            } else {
                e
            }
        })
    }

    /// The game's parts, a :class:`parlour.mexican_train.notation.Parts`.
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let t = &self.table;
        let options = PyTuple::new(py, t.options.iter().map(|(k, v)| (k, v)))?;
        let moves = PyTuple::new(py, self.made().into_iter().map(to_tuple))?;
        let fields = (
            self.inner.config().set,
            options,
            t.seed.clone_ref(py),
            t.players.clone_ref(py),
            PyTuple::new(py, &t.computers)?,
            moves,
        );
        NOTATION.parts(py, fields.into_pyobject(py)?)
    }

    /// The saved-game text (:func:`encode_train`).
    fn to_notation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        NOTATION.write(py, self.parts(py)?)
    }

    // The table -------------------------------------------------------------------------

    /// The set, by its highest double: 9, 12 or 15.
    #[getter]
    fn set(&self) -> u8 {
        self.inner.config().set
    }
    /// The options (a copy), in the order they were given.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.table.options {
            d.set_item(k, v)?;
        }
        Ok(d)
    }
    /// The seed every shuffle is drawn from (as the engine's double holds it).
    #[getter]
    fn seed(&self, py: Python<'_>) -> Py<PyInt> {
        self.table.seed.clone_ref(py)
    }
    /// The cleaned names, in seat order.
    #[getter]
    fn players(&self, py: Python<'_>) -> Py<PyTuple> {
        self.table.players.clone_ref(py)
    }
    /// Which seats a computer plays.
    #[getter]
    fn computers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.table.computers)
    }
    /// The record of moves, newest first (a ``TrainHistory``), or None before any move.
    #[getter]
    fn history(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        if self.trail.is_none() {
            return Ok(None);
        }
        let h = self
            .history
            .get_or_try_init(py, || -> PyResult<Py<PyAny>> {
                let cls = types(py)?.history.bind(py);
                let mut link = py.None().into_bound(py);
                for m in self.made() {
                    link = cls.call1((to_tuple(m), link))?;
                }
                Ok(link.unbind())
            })?;
        Ok(Some(h.clone_ref(py)))
    }

    // The position ----------------------------------------------------------------------

    /// Rounds in the game.
    #[getter]
    fn rounds(&self) -> u8 {
        self.inner.rounds()
    }
    /// The round being played (0-based).
    #[getter]
    fn round(&self) -> u8 {
        self.inner.round()
    }
    /// The round's engine double, by its number.
    #[getter]
    fn engine(&self) -> u8 {
        self.inner.engine()
    }
    /// Each seat's hand, in hand order (dealt, then drawn tiles).
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let hands = self
            .inner
            .hands()
            .map(|h| PyTuple::new(py, h))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, hands)
    }
    /// The trains (``Train``): seats' own, then the Mexican Train.
    #[getter]
    fn trains<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cls = types(py)?.train.bind(py);
        let trains = self
            .inner
            .laid()
            .zip(self.inner.open().iter().copied())
            .map(|(laid, open)| cls.call1((PyTuple::new(py, laid)?, open)))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, trains)
    }
    /// The tiles left to draw, next draw first.
    #[getter]
    fn boneyard<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.boneyard())
    }
    /// The seat to move (kept as it was once a round or the game ends).
    #[getter]
    fn to_play(&self) -> u8 {
        self.inner.to_play()
    }
    /// Trains whose double is uncovered; the last is the one to cover.
    #[getter]
    fn uncovered<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.uncovered())
    }
    /// Whether the mover may lay another double before covering.
    #[getter]
    fn chaining(&self) -> bool {
        self.inner.chaining()
    }
    /// Whether the mover has drawn since the last lay.
    #[getter]
    fn drew(&self) -> bool {
        self.inner.drew()
    }
    /// Consecutive passes since the last lay.
    #[getter]
    fn passes(&self) -> u32 {
        self.inner.passes()
    }
    /// The turn counter.
    #[getter]
    fn turn(&self) -> u32 {
        self.inner.turn()
    }
    /// ``"playing"``, ``"roundOver"`` or ``"finished"``.
    #[getter]
    fn phase(&self) -> &'static str {
        self.inner.phase().name()
    }
    /// One result (``RoundResult``) per round played.
    #[getter]
    fn results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cls = types(py)?.result.bind(py);
        let results = self
            .inner
            .results()
            .iter()
            .map(|r| {
                let ending = if r.blocked { "blocked" } else { "domino" };
                cls.call1((r.engine, PyTuple::new(py, &r.pips)?, ending, r.out))
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, results)
    }
    /// The seats with the lowest total once the game is over; empty before.
    #[getter]
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.winners())
    }
    /// ``{"seat": s, "move": move}`` of the last move, or None at the start.
    #[getter]
    fn last<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some((seat, mv)) = self.inner.last() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item(intern!(py, "seat"), seat)?;
        d.set_item(intern!(py, "move"), move_object(py, mv)?)?;
        Ok(Some(d))
    }

    // The uniform state protocol ----------------------------------------------------------

    /// True when the game is finished.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// The seat to move, or None once the game is finished.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.inner.to_move()
    }

    /// The 64-bit Zobrist hash of the position.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// Per seat: minus the seat's total pips so far (higher is better).
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut r = vec![0f32; self.inner.num_seats()];
        self.inner.returns_into(&mut r);
        PyTuple::new(py, r.into_iter().map(f64::from))
    }

    /// A boolean mask over the fixed action space of :data:`TRAIN_ACTIONS` actions.
    ///
    /// Returns:
    ///     A numpy bool array: a play at ``tile index * 9 + train`` (tiles in double-fifteen
    ///     order), then draw, pass and next.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let moves = self.moves();
        mask_array(py, TRAIN_ACTIONS, moves.iter().map(TrainMove::action))
    }

    /// ``train_moves(self)``: the legal moves in the engine's order (``FrozenMove`` dicts).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let table = types(py)?.moves.bind(py);
        let moves = self.moves();
        // Every legal move has its object in the table (an id without one would show as None).
        PyList::new(
            py,
            moves
                .bits()
                .map(|i| table.get_borrowed_item(usize::from(i)).ok()),
        )
    }

    /// The game after the ``index``-th legal move.
    ///
    /// Raises:
    ///     IllegalMoveError: ``index`` is not an int in range (``ILLEGAL_MOVE``).
    fn apply_index<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTrainGame>> {
        let moves = self.moves();
        let Some(mv) = exact_index(index, moves.len()).and_then(|i| moves.get(i)) else {
            return Err(IllegalMoveError::new_err((
                Code::IllegalMove.as_str(),
                format!("no legal move number {}", index.repr()?),
            )));
        };
        Bound::new(index.py(), self.after_listed(mv)?)
    }

    /// The game after ``move``, a move dict; one of the objects :meth:`legal_moves` returns is
    /// made without parsing or checking it again.
    ///
    /// Raises:
    ///     IllegalMoveError: The rules refuse the move here, or it is no move
    ///         (``ILLEGAL_MOVE``).
    #[pyo3(signature = (r#move))]
    fn apply<'py>(&self, r#move: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTrainGame>> {
        let py = r#move.py();
        let table = types(py)?.moves.bind(py);
        let next = match listed_object(&self.moves(), table, r#move) {
            Some(mv) => self.after_listed(mv)?,
            None => match Self::parse_move(r#move)? {
                Some(mv) => self.after(mv)?,
                None => {
                    return Err(IllegalMoveError::new_err((
                        Code::IllegalMove.as_str(),
                        format!("{} is not a move of this table", r#move.repr()?),
                    )))
                }
            },
        };
        Bound::new(py, next)
    }

    /// What ``seat`` may see, as a JSON-ready dict (see ``parlour.mexican_train.View``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not a seat of the game.
    fn view<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::view(seat.py(), &self.inner, seat)
    }

    /// The view of ``seat`` as a float32 array of shape ``(1766,)`` for every set and seat
    /// count (``docs/mexican_train.md``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not a seat of the game.
    fn observation<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::observation(seat.py(), &self.inner, seat)
    }

    /// A game consistent with everything ``seat`` has seen, drawn from ``seed``: the other
    /// hands and the boneyard dealt anew (keeping the sizes and the ends each seat showed it
    /// lacked when it drew or passed), the rounds to come reseeded. It keeps the table and
    /// the move record, which replay the deal it implies, not the table's seed.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` or ``INVALID_SEED``.
    fn resample<'py>(
        &self,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTrainGame>> {
        let py = seat.py();
        let inner = crate::view::resample(py, &self.inner, seat, seed)?;
        Bound::new(py, self.of(inner, self.trail.clone()))
    }

    // For the engine's functions (parlour.mexican_train.api) --------------------------------

    /// ``legalPlays``: ``(tile, train)`` pairs in the engine's order.
    fn _plays(&self) -> Vec<(u8, u8)> {
        self.inner.legal_plays()
    }

    /// ``mayLay(tile, train)``.
    fn _may_lay(&self, tile: u8, train: usize) -> bool {
        self.inner.may_lay(tile, train)
    }

    /// ``computerMove`` as a ``FrozenMove``, or None once the game is finished.
    fn _computer_move<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.inner
            .computer_choice()
            .map(|m| move_object(py, m))
            .transpose()
    }

    /// ``openEnd(train)``.
    fn _open_end(&self, train: usize) -> u8 {
        self.inner.open_end(train)
    }

    /// Each seat's total over the rounds played.
    fn _totals(&self) -> Vec<u32> {
        self.inner.totals()
    }

    /// Every move made, oldest first, as ``FrozenMove`` dicts.
    fn _moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let made = self.made();
        move_list(py, made.into_iter())
    }

    /// How many moves were made.
    fn _move_count(&self) -> u32 {
        self.trail.as_ref().map_or(0, Trail::count)
    }

    /// The Zobrist hash computed from scratch (the tests compare it with ``zobrist``).
    fn _full_hash(&self) -> u64 {
        self.inner.full_hash()
    }

    /// Whether ``playTrain`` would accept ``(kind, tile, train)`` (kind 0 play, 1 draw, 2 pass,
    /// 3 next).
    fn _allowed(&self, kind: i64, tile: i64, train: i64) -> bool {
        of_tuple(kind, tile, train).is_some_and(|m| self.inner.allowed(m))
    }

    /// The legal moves as saved-game tokens joined by commas.
    fn _tokens(&self) -> String {
        self.inner
            .train_moves()
            .iter()
            .map(TrainMove::token)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Plays the computer's move in every seat until the game ends; the moves made.
    fn _autoplay(&self, py: Python<'_>) -> PyResult<Vec<MoveTuple>> {
        let mut g = self.inner.clone();
        detached(py, move || {
            let mut out = Vec::new();
            while let Some(m) = g.computer_choice() {
                g.apply_mut(m)?;
                out.push(to_tuple(m));
            }
            Ok(out)
        })
    }

    // Python protocols --------------------------------------------------------------------

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(o) = other.cast::<PyTrainGame>() else {
            return Ok(false);
        };
        let o = o.get();
        let py = other.py();
        if self.inner != o.inner || self.table.computers != o.table.computers {
            return Ok(false);
        }
        let (a, b) = (&self.table, &o.table);
        let same_options =
            a.options.len() == b.options.len() && a.options.iter().all(|kv| b.options.contains(kv));
        if !same_options
            || !PyAnyMethods::eq(a.seed.bind(py).as_any(), b.seed.bind(py))?
            || !PyAnyMethods::eq(a.players.bind(py).as_any(), b.players.bind(py))?
        {
            return Ok(false);
        }
        Ok(self.made() == o.made())
    }

    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }

    fn __repr__(&self) -> String {
        format!(
            "<TrainGame set={} players={} round={} phase='{}' to_play={} moves={}>",
            self.inner.config().set,
            self.inner.config().players,
            self.inner.round(),
            self.inner.phase().name(),
            self.inner.to_play(),
            self._move_count()
        )
    }

    /// `(TrainGame.from_parts, (parts,))`: the text would not keep the order of the options.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from = slf.get_type().getattr(intern!(py, "from_parts"))?;
        let args = PyTuple::new(py, [slf.get().parts(py)?])?;
        PyTuple::new(py, [from, args.into_any()])
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

/// Tile codes as Python ints (a `Vec<u8>` would become `bytes`).
fn ints(v: &[u8]) -> Vec<u16> {
    v.iter().map(|&x| u16::from(x)).collect()
}

fn tiles_arg(hand: &[i64]) -> PyResult<Vec<u8>> {
    hand.iter()
        .map(|&t| {
            u8::try_from(t).map_err(|_| {
                config_err(
                    Code::InvalidTile,
                    format!("{t} is not a tile code (0..255)"),
                )
            })
        })
        .collect()
}

/// `longestRun(hand, end)`; with `exact`, a truly longest (then heaviest) run, unbounded.
#[pyfunction]
#[pyo3(signature = (hand, end, exact = false))]
fn longest_run(py: Python<'_>, hand: Vec<i64>, end: i64, exact: bool) -> PyResult<Vec<u16>> {
    let tiles = tiles_arg(&hand)?;
    let Ok(end) = u8::try_from(end) else {
        return Ok(Vec::new());
    };
    detached(py, move || {
        Ok(ints(&if exact {
            bot::longest_run_exact(&tiles, end)
        } else {
            bot::longest_run(&tiles, end)
        }))
    })
}

/// `longestRun(hand, end)` and the number of search calls it made.
#[pyfunction]
fn longest_run_steps(py: Python<'_>, hand: Vec<i64>, end: i64) -> PyResult<(Vec<u16>, u32)> {
    let tiles = tiles_arg(&hand)?;
    let Ok(end) = u8::try_from(end) else {
        return Ok((Vec::new(), 1));
    };
    detached(py, move || {
        let (run, steps) = bot::longest_run_steps(&tiles, end);
        Ok((ints(&run), steps))
    })
}

/// The deal of a round: `(hands, boneyard next-draw first)`.
#[pyfunction]
fn deal(set: i64, players: i64, seed32: u32, round: i64) -> PyResult<(Vec<Vec<u16>>, Vec<u16>)> {
    let cfg = TrainConfig {
        set: u8::try_from(set).unwrap_or(0),
        players: u8::try_from(players).unwrap_or(0),
        ..TrainConfig::default()
    };
    guarded(|| cfg.validate())?;
    let round = u8::try_from(round)
        .ok()
        .filter(|&r| r <= cfg.set)
        .ok_or_else(|| {
            config_err(
                Code::InvalidRound,
                format!("round must be from 0 to {}, not {round}", cfg.set),
            )
        })?;
    let (hands, bone) = MexicanTrain::deal_of(cfg.set, usize::from(cfg.players), seed32, round);
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
    m.add_function(wrap_pyfunction!(longest_run, &m)?)?;
    m.add_function(wrap_pyfunction!(longest_run_steps, &m)?)?;
    m.add_function(wrap_pyfunction!(deal, &m)?)?;
    m.add_function(wrap_pyfunction!(mulberry32, &m)?)?;
    super::add_submodule(parent, &m, "mexican_train")
}
