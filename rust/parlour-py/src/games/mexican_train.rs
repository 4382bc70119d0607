//! `parlour._core.mexican_train`: the Mexican Train position as a frozen class, the longest run
//! and the seeded deal. Moves cross the boundary as `(kind, tile, train)` with kind 0 = play,
//! 1 = draw, 2 = pass, 3 = next. A position also keeps the moves that led to it from the deal
//! it was made with (a shared [`Trail`], so a move allocates nothing for it).

use crate::errors::{config_err, detached, guarded, IllegalMoveError};
use crate::fast::{exact_index, kept_moves, listed_object, mask_array, Spawner};
use parlour_core::game::GameState;
use parlour_core::games::mexican_train::tiles::Mulberry32;
use parlour_core::games::mexican_train::{
    ai, Doubles, Length, MexicanStart, MexicanTrain, TrainConfig, TrainMove, TRAIN_ACTIONS,
};
use parlour_core::lazy::{LazyMoves, Moves};
use parlour_core::trail::Trail;
use parlour_core::Error;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};
use std::cell::Cell;
use std::sync::OnceLock;

thread_local! {
    /// The legal moves of the position at hand (reused: no allocation per call; see
    /// [`kept_moves`]).
    static MOVES: Cell<Vec<TrainMove>> = const { Cell::new(Vec::new()) };
}

/// Room for the legal moves kept (a longer list is listed again on each use): a play of each
/// tile of a hand of this many on one train, or fewer tiles on several trains.
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

fn from_parts(kind: i64, tile: i64, train: i64) -> Option<TrainMove> {
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

/// The move table of `legal_moves`: the one `FrozenMove` of each move id (`TrainMove::id`),
/// None where an id is no move. Set once, at import of `parlour.mexican_train.game`.
static MOVES_TABLE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();

/// `table[move id]` of `moves`, in order, as a new list (no move object is made).
fn list_of<'py, I>(py: Python<'py>, ids: I) -> PyResult<Bound<'py, PyList>>
where
    I: ExactSizeIterator<Item = usize> + Clone,
{
    let table = MOVES_TABLE
        .get(py)
        .ok_or_else(|| config_err("INTERNAL_ERROR", "the mexican train move table is not set"))?
        .bind(py);
    // Every entry is checked first, so that the list is made straight from the table's items
    // (collecting them first would allocate on every call of this hot path).
    let missing = ids.clone().find(|&i| {
        table
            .get_borrowed_item(i)
            .map_or(true, |item| item.is_none())
    });
    if let Some(i) = missing {
        return Err(config_err(
            "INTERNAL_ERROR",
            format!("move id {i} has no move in the move table"),
        ));
    }
    PyList::new(py, ids.map(|i| table.get_borrowed_item(i).ok()))
}

fn ints(v: &[u8]) -> Vec<u16> {
    v.iter().map(|&x| u16::from(x)).collect()
}

fn tiles_arg(hand: &[i64]) -> PyResult<Vec<u8>> {
    hand.iter()
        .map(|&t| {
            u8::try_from(t)
                .map_err(|_| config_err("INVALID_TILE", format!("{t} is not a tile code (0..255)")))
        })
        .collect()
}

/// A Mexican Train position (immutable); equal when the positions are, whatever moves led there
/// and whatever table it carries.
#[pyclass(
    frozen,
    eq,
    module = "parlour._core.mexican_train",
    name = "TrainState"
)]
pub struct PyTrainState {
    inner: MexicanTrain,
    history: Option<Trail<TrainMove>>,
    /// Any object the caller keeps with the position and every position after it (the Python
    /// game keeps its table of seats and options here).
    table: Option<Py<PyAny>>,
}

impl PartialEq for PyTrainState {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl PyTrainState {
    /// The position after the `index`-th of the `n` legal moves here, `nth(i)` being the
    /// `i`-th (`IllegalMoveError` `ILLEGAL_MOVE` for anything but an int in range).
    fn apply_legal(
        &self,
        index: &Bound<'_, PyAny>,
        n: usize,
        nth: impl FnOnce(usize) -> Option<TrainMove>,
    ) -> PyResult<Box<Self>> {
        let mv = exact_index(index, n).and_then(nth);
        let Some(mv) = mv else {
            return Err(IllegalMoveError::new_err((
                "ILLEGAL_MOVE",
                format!("no legal move number {}", index.repr()?),
            )));
        };
        self.after_listed(index.py(), mv)
    }

    /// The position after `mv`, one of the legal moves here (made without the refusal check).
    fn after_listed(&self, py: Python<'_>, mv: TrainMove) -> PyResult<Box<Self>> {
        self.after(py, mv, |g| {
            guarded(|| {
                g.apply_listed(mv);
                Ok(())
            })
        })
    }

    /// The position after `mv`, or None when the rules refuse it.
    fn played(&self, py: Python<'_>, mv: TrainMove) -> Option<Box<Self>> {
        self.after(py, mv, |g| g.apply_mut(mv)).ok()
    }

    /// The position after `mv`: a boxed copy of this one that `change` makes the move on (the
    /// position is copied once, straight into its box), with `mv` added to the record.
    ///
    /// # Errors
    /// What `change` returns (the copy is then dropped).
    fn after<E>(
        &self,
        py: Python<'_>,
        mv: TrainMove,
        change: impl FnOnce(&mut MexicanTrain) -> Result<(), E>,
    ) -> Result<Box<Self>, E> {
        let mut next = Box::new(PyTrainState {
            inner: self.inner.clone(),
            history: None,
            table: None,
        });
        change(&mut next.inner)?;
        next.history = Some(Trail::push(self.history.as_ref(), mv));
        next.table = self.table.as_ref().map(|t| t.clone_ref(py));
        Ok(next)
    }
}

#[pymethods]
impl PyTrainState {
    /// A new game: round 0 dealt from the low 32 bits of the seed.
    #[new]
    #[pyo3(signature = (set, players, seed32, length = "full", doubles = "one", mexican = "any"))]
    fn new(
        set: i64,
        players: i64,
        seed32: u32,
        length: &str,
        doubles: &str,
        mexican: &str,
    ) -> PyResult<Self> {
        let length = match length {
            "full" => Length::Full,
            "short" => Length::Short,
            _ => {
                return Err(config_err(
                    "INVALID_OPTION",
                    format!("length must be full or short, not {length:?}"),
                ))
            }
        };
        let doubles = match doubles {
            "one" => Doubles::One,
            "chain" => Doubles::Chain,
            _ => {
                return Err(config_err(
                    "INVALID_OPTION",
                    format!("doubles must be one or chain, not {doubles:?}"),
                ))
            }
        };
        let mexican = match mexican {
            "any" => MexicanStart::Any,
            "ownFirst" => MexicanStart::OwnFirst,
            _ => {
                return Err(config_err(
                    "INVALID_OPTION",
                    format!("mexican must be any or ownFirst, not {mexican:?}"),
                ))
            }
        };
        let set = u8::try_from(set).map_err(|_| {
            config_err("INVALID_SET", format!("set must be 9, 12 or 15, not {set}"))
        })?;
        let players = u8::try_from(players).map_err(|_| {
            config_err(
                "INVALID_PLAYERS",
                format!("players must be from 2 to 8, not {players}"),
            )
        })?;
        let cfg = TrainConfig {
            set,
            players,
            length,
            doubles,
            mexican,
            views: true,
        };
        guarded(|| MexicanTrain::new(cfg, seed32)).map(|inner| PyTrainState {
            inner,
            history: None,
            table: None,
        })
    }

    /// The same position carrying `table` (see the `table` getter).
    fn with_table(&self, py: Python<'_>, table: Py<PyAny>) -> Self {
        PyTrainState {
            inner: self.inner.clone(),
            history: self.history.clone(),
            table: Some(table.clone_ref(py)),
        }
    }

    /// The object given to `with_table` (kept by every later position), or None.
    #[getter]
    fn table(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.table.as_ref().map(|t| t.clone_ref(py))
    }

    /// The position after a move, or None when the rules refuse it.
    fn play(&self, py: Python<'_>, kind: i64, tile: i64, train: i64) -> Option<Self> {
        self.played(py, from_parts(kind, tile, train)?)
            .map(|next| *next)
    }

    /// The moves that led here from the deal this position was made with, oldest first.
    fn history(&self) -> Vec<MoveTuple> {
        self.history
            .as_ref()
            .map_or_else(Vec::new, |h| h.to_vec().into_iter().map(to_tuple).collect())
    }

    /// How many moves led here (the length of `history()`).
    #[getter]
    fn move_count(&self) -> u32 {
        self.history.as_ref().map_or(0, Trail::count)
    }

    /// The position after every move in order, or None when any is refused.
    fn replay(&self, py: Python<'_>, moves: Vec<(i64, i64, i64)>) -> PyResult<Option<Self>> {
        let Some(parsed) = moves
            .iter()
            .map(|&(k, t, r)| from_parts(k, t, r))
            .collect::<Option<Vec<_>>>()
        else {
            return Ok(None);
        };
        let start = self.inner.clone();
        let moves = &parsed;
        let out = detached(py, move || Ok::<_, Error>(start.replay(moves).ok()))?;
        Ok(out.map(|inner| PyTrainState {
            inner,
            table: self.table.as_ref().map(|t| t.clone_ref(py)),
            history: parsed.into_iter().fold(self.history.clone(), |h, mv| {
                Some(Trail::push(h.as_ref(), mv))
            }),
        }))
    }

    /// Plays the computer's move in every seat until the game ends; returns the moves made.
    fn autoplay(&self, py: Python<'_>) -> PyResult<Vec<MoveTuple>> {
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

    /// `trainMoves`: every move allowed now, in the engine's order.
    fn moves(&self) -> Vec<MoveTuple> {
        self.inner.train_moves().into_iter().map(to_tuple).collect()
    }

    /// `legalPlays`: `(tile, train)` pairs in the engine's order.
    fn plays(&self) -> Vec<(u8, u8)> {
        self.inner.legal_plays()
    }

    /// `trainMoves` as saved-game tokens joined by commas.
    fn tokens(&self) -> String {
        self.inner
            .train_moves()
            .iter()
            .map(TrainMove::token)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// `mayLay(tile, train)`.
    fn may_lay(&self, tile: i64, train: i64) -> bool {
        match (u8::try_from(tile), usize::try_from(train)) {
            (Ok(t), Ok(r)) => self.inner.may_lay(t, r),
            _ => false,
        }
    }

    /// Whether `playTrain` would accept the move.
    fn allowed(&self, kind: i64, tile: i64, train: i64) -> bool {
        from_parts(kind, tile, train).is_some_and(|m| self.inner.allowed(m))
    }

    /// `computerMove`, or None once the game is finished.
    fn computer_move(&self) -> Option<MoveTuple> {
        self.inner.computer_choice().map(to_tuple)
    }

    /// `openEnd(train)` (the engine value for an empty or unknown train).
    fn open_end(&self, train: usize) -> u8 {
        self.inner.open_end(train)
    }

    /// The set.
    #[getter]
    fn set(&self) -> u8 {
        self.inner.config().set
    }
    /// Number of seats.
    #[getter]
    fn players(&self) -> u8 {
        self.inner.config().players
    }
    /// Rounds in the game.
    #[getter]
    fn rounds(&self) -> u8 {
        self.inner.rounds()
    }
    /// The round, 0-based.
    #[getter]
    fn round(&self) -> u8 {
        self.inner.round()
    }
    /// The engine double's value.
    #[getter]
    fn engine(&self) -> u8 {
        self.inner.engine()
    }
    /// The hands in hand order.
    #[getter]
    fn hands(&self) -> Vec<Vec<u16>> {
        self.inner.hands().map(ints).collect()
    }
    /// The trains as `(laid, open)`.
    #[getter]
    fn trains(&self) -> Vec<(Vec<u16>, bool)> {
        self.inner
            .laid()
            .map(ints)
            .zip(self.inner.open().iter().copied())
            .collect()
    }
    /// The boneyard, next draw first.
    #[getter]
    fn boneyard(&self) -> Vec<u16> {
        ints(&self.inner.boneyard())
    }
    /// The seat to play.
    #[getter]
    fn to_play(&self) -> u8 {
        self.inner.to_play()
    }
    /// Trains with an uncovered double, last to cover.
    #[getter]
    fn uncovered(&self) -> Vec<u16> {
        ints(self.inner.uncovered())
    }
    /// Whether the mover may chain another double.
    #[getter]
    fn chaining(&self) -> bool {
        self.inner.chaining()
    }
    /// Whether the mover drew since the last lay.
    #[getter]
    fn drew(&self) -> bool {
        self.inner.drew()
    }
    /// Consecutive passes.
    #[getter]
    fn passes(&self) -> u32 {
        self.inner.passes()
    }
    /// The turn counter.
    #[getter]
    fn turn(&self) -> u32 {
        self.inner.turn()
    }
    /// `playing`, `roundOver` or `finished`.
    #[getter]
    fn phase(&self) -> &'static str {
        self.inner.phase().name()
    }
    /// Round results as `(engine, pips, ending, out)`.
    #[getter]
    fn results(&self) -> Vec<(u16, Vec<u32>, &'static str, Option<u16>)> {
        self.inner
            .results()
            .iter()
            .map(|r| {
                (
                    u16::from(r.engine),
                    r.pips.clone(),
                    if r.blocked { "blocked" } else { "domino" },
                    r.out.map(u16::from),
                )
            })
            .collect()
    }
    /// The last move as `(seat, kind, tile, train)`.
    #[getter]
    fn last(&self) -> Option<(u8, u8, u8, u8)> {
        self.inner.last().map(|(s, m)| {
            let (k, t, r) = to_tuple(m);
            (s, k, t, r)
        })
    }
    /// Per-seat totals.
    #[getter]
    fn totals(&self) -> Vec<u32> {
        self.inner.totals()
    }
    /// The winners (empty until finished).
    #[getter]
    fn winners(&self) -> Vec<u16> {
        ints(&self.inner.winners())
    }
    /// True when the game is finished.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }
    /// The Zobrist hash (incremental).
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }
    /// The Zobrist hash computed from scratch.
    fn full_hash(&self) -> u64 {
        self.inner.full_hash()
    }
    /// Per-seat returns: minus each seat's total.
    fn returns(&self) -> Vec<f32> {
        let mut r = vec![0.0; self.inner.num_seats()];
        self.inner.returns_into(&mut r);
        r
    }
    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }
}

/// `parlour.mexican_train.TrainGame`: the position (with the table and the moves made, as a
/// `TrainState` does). The hot path of Python loops (`is_terminal`, `to_move`, `zobrist`,
/// `legal_moves`, `apply_index`) is here, without a `TrainState` object per move; the rest is
/// written in Python (`parlour/mexican_train/game.py`) and installed on this class at import
/// (`parlour._native.fold_into_base`), so that a move makes an instance of this class itself.
#[pyclass(subclass, frozen, module = "parlour.mexican_train", name = "TrainGame")]
pub struct PyTrainGame {
    /// Boxed: the value moves several times on its way into a new Python object.
    state: Box<PyTrainState>,
    /// The position as a `TrainState` object (`_state`), made on first use.
    shared: OnceLock<Py<PyTrainState>>,
    /// The legal moves, kept by `legal_moves` for the `apply_index` that usually follows.
    legal: LazyMoves<LEGAL_CAP>,
    /// The record of moves as a `TrainHistory` chain (`_history`), once built in Python.
    history: PyOnceLock<Py<PyAny>>,
}

thread_local! {
    /// The value of the next instance made by `TrainGame.__new__` without arguments (see
    /// [`Spawner`]).
    static PENDING: Cell<Option<PyTrainGame>> = const { Cell::new(None) };
}

/// Makes the instances of Python subclasses of `TrainGame` from Rust.
static SPAWN: Spawner<PyTrainGame> = Spawner::new(&PENDING);

impl PyTrainGame {
    /// The legal moves, listed once.
    fn moves(&self) -> Moves<'_, TrainMove> {
        kept_moves(&self.legal, &self.state.inner, &MOVES)
    }

    /// A new instance of class `cls` (`TrainGame` or a Python subclass) holding `value`.
    fn make<'py>(cls: &Bound<'py, PyType>, value: Self) -> PyResult<Bound<'py, PyAny>> {
        SPAWN.spawn(cls, value)
    }

    /// A new instance of `slf`'s own class at `state`.
    fn spawn<'py>(slf: &Bound<'py, Self>, state: Box<PyTrainState>) -> PyResult<Bound<'py, PyAny>> {
        let value = PyTrainGame {
            state,
            shared: OnceLock::new(),
            legal: LazyMoves::new(),
            history: PyOnceLock::new(),
        };
        Self::make(&slf.get_type(), value)
    }
}

#[pymethods]
impl PyTrainGame {
    /// Not for direct use (raises `TypeError`): see `start_train` and `decode_train`. Called
    /// without arguments from Rust (see [`Spawner`]), it makes an instance of a Python
    /// subclass.
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let bare = args.is_empty() && kwargs.map_or(0, |k| k.len()) == 0;
        bare.then(|| SPAWN.take()).flatten().ok_or_else(|| {
            pyo3::exceptions::PyTypeError::new_err(
                "use start_train(...) or decode_train(...) to make a TrainGame",
            )
        })
    }

    /// `cls._make(state)`: a game of class `cls` at `state`.
    #[classmethod]
    fn _make<'py>(
        cls: &Bound<'py, PyType>,
        state: Bound<'py, PyTrainState>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let this = state.get();
        let value = PyTrainGame {
            state: Box::new(PyTrainState {
                inner: this.inner.clone(),
                history: this.history.clone(),
                table: this.table.as_ref().map(|t| t.clone_ref(state.py())),
            }),
            shared: OnceLock::from(state.unbind()),
            legal: LazyMoves::new(),
            history: PyOnceLock::new(),
        };
        Self::make(cls, value)
    }

    /// The record of moves once built (see `TrainGame.history`), else None.
    #[getter(_history)]
    fn get_history(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.history.get(py).map(|h| h.clone_ref(py))
    }

    /// Keep `history` as the game's record (the first one kept wins); returns the kept one.
    fn _keep_history(&self, py: Python<'_>, history: Py<PyAny>) -> Py<PyAny> {
        self.history.get_or_init(py, || history).clone_ref(py)
    }

    /// The position as a `TrainState` (the same object on every access).
    #[getter(_state)]
    fn get_state(&self, py: Python<'_>) -> PyResult<Py<PyTrainState>> {
        if let Some(obj) = self.shared.get() {
            return Ok(obj.clone_ref(py));
        }
        let s = &self.state;
        let obj = Py::new(
            py,
            PyTrainState {
                inner: s.inner.clone(),
                history: s.history.clone(),
                table: s.table.as_ref().map(|t| t.clone_ref(py)),
            },
        )?;
        // another thread may have set it first: then its object is the one
        Ok(self.shared.get_or_init(|| obj).clone_ref(py))
    }

    /// The object the position carries (see `TrainState.table`).
    #[getter(_table)]
    fn get_table(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.state.table(py)
    }

    /// True when the game is finished.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.state.inner.is_terminal()
    }

    /// The seat to move, or None once the game is finished.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        let g = &self.state.inner;
        (!g.is_terminal()).then(|| g.to_play())
    }

    /// The 64-bit Zobrist hash of the position.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.state.inner.zobrist()
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

    /// ``train_moves(self)``: the legal moves in the engine's order.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        list_of(py, self.moves().bits().map(usize::from))
    }

    /// Set the move table of `legal_moves` (once, at import of `parlour.mexican_train.game`;
    /// later calls change nothing).
    #[staticmethod]
    fn _set_moves(py: Python<'_>, table: Bound<'_, PyTuple>) {
        let _ = MOVES_TABLE.set(py, table.unbind());
    }

    /// The game after the ``index``-th legal move.
    ///
    /// Args:
    ///     index: Position in :meth:`legal_moves`.
    ///
    /// Returns:
    ///     The new game.
    ///
    /// Raises:
    ///     IllegalMoveError: ``index`` is out of range (``ILLEGAL_MOVE``).
    fn apply_index<'py>(
        slf: &Bound<'py, Self>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let this = slf.get();
        let moves = this.moves();
        let next = this
            .state
            .apply_legal(index, moves.len(), |i| moves.get(i))?;
        Self::spawn(slf, next)
    }

    /// The game after ``move``.
    ///
    /// Args:
    ///     move: A move dict; one of the objects :meth:`legal_moves` returns is made without
    ///         parsing or checking it again.
    ///
    /// Returns:
    ///     The new game; ``self`` is unchanged.
    ///
    /// Raises:
    ///     IllegalMoveError: The rules refuse the move here (``ILLEGAL_MOVE``).
    #[pyo3(signature = (r#move))]
    fn apply<'py>(
        slf: &Bound<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match Self::_apply_listed(slf, r#move)? {
            Some(next) => Ok(next),
            None => slf.call_method1(intern!(slf.py(), "_apply_parsed"), (r#move,)),
        }
    }

    /// The game after `move` when it is one of the move objects `legal_moves()` returns here
    /// (found by identity: the table's objects are immutable), else None. A listed move is
    /// legal, so it is made without parsing it or checking it again (`apply`'s fast path).
    fn _apply_listed<'py>(
        slf: &Bound<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = slf.py();
        let Some(table) = MOVES_TABLE.get(py) else {
            return Ok(None);
        };
        let this = slf.get();
        let Some(mv) = listed_object(&this.moves(), table.bind(py), r#move) else {
            return Ok(None);
        };
        let next = this.state.after_listed(py, mv)?;
        Self::spawn(slf, next).map(Some)
    }

    /// What ``seat`` may see, as a JSON-ready dict (see ``parlour.mexican_train.View``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not a seat of the game.
    fn view<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::view(seat.py(), &self.state.inner, seat)
    }

    /// The view of ``seat`` as a float32 array of shape ``(1766,)`` for every set and seat
    /// count (``docs/mexican_train.md``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not a seat of the game.
    fn observation<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::observation(seat.py(), &self.state.inner, seat)
    }

    /// A game consistent with everything ``seat`` has seen, drawn from ``seed``: the other
    /// hands and the boneyard dealt anew (keeping the sizes and the ends each seat showed it
    /// lacked when it drew or passed), the rounds to come reseeded. It keeps the table and
    /// the move record, which replay the deal it implies, not the table's seed.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` or ``INVALID_SEED``.
    fn resample<'py>(
        slf: &Bound<'py, Self>,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let this = &slf.get().state;
        let inner = crate::view::resample(slf.py(), &this.inner, seat, seed)?;
        let (history, table) = (this.history.clone(), this.table(slf.py()));
        Self::spawn(
            slf,
            Box::new(PyTrainState {
                inner,
                history,
                table,
            }),
        )
    }

    /// The game after a move (as `TrainState.play`), or None when the rules refuse it.
    fn _play<'py>(
        slf: &Bound<'py, Self>,
        kind: i64,
        tile: i64,
        train: i64,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        from_parts(kind, tile, train)
            .and_then(|mv| slf.get().state.played(slf.py(), mv))
            .map(|next| Self::spawn(slf, next))
            .transpose()
    }
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
            ai::longest_run_exact(&tiles, end)
        } else {
            ai::longest_run(&tiles, end)
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
        let (run, steps) = ai::longest_run_steps(&tiles, end);
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
                "INVALID_ROUND",
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
    m.add_class::<PyTrainState>()?;
    m.add_class::<PyTrainGame>()?;
    m.add_function(wrap_pyfunction!(longest_run, &m)?)?;
    m.add_function(wrap_pyfunction!(longest_run_steps, &m)?)?;
    m.add_function(wrap_pyfunction!(deal, &m)?)?;
    m.add_function(wrap_pyfunction!(mulberry32, &m)?)?;
    super::add_submodule(parent, &m, "mexican_train")
}
