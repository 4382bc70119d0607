//! `parlour._core.durak`: Durak positions as a frozen class, the pure rules functions, the deal
//! and the players. Events and snapshots cross as JSON text (the reference's shapes).
//!
//! The Python loop's hot path (`legal_from`, `apply_index`, `apply_move`) writes no events: it
//! logs the moves in a shared [`Log`], which `pending_events` replays into JSON when the Python
//! wrapper's `history` is read; adding a move to the log allocates nothing (see [`Trail`]).

use crate::errors::{config_err, detached, guarded, to_py};
use crate::fast::{exact_index, kept_moves, listed_object, mask_array, pick, Spawner};
use crate::view::{seat_arg, seed_arg};
use parlour_core::game::GameState;
use parlour_core::games::durak::bot::{self, Opponent};
use parlour_core::games::durak::rules::{self, Bout};
use parlour_core::games::durak::view::resample_replaying;
use parlour_core::games::durak::{
    card, deal, sha256, Code, Durak, DurakConfig, Event, Kind, Move, Variant, ACTION_SPACE,
};
use parlour_core::lazy::{LazyMoves, Moves};
use parlour_core::rng::Rng;
use parlour_core::trail::Trail;
use parlour_core::{Common, ErrorKind};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyInt, PyString, PyTuple, PyType};
use std::cell::Cell;
use std::sync::{Arc, OnceLock};

pyo3::import_exception!(parlour.durak.errors, DurakMoveError);
pyo3::import_exception!(parlour.durak.errors, DurakConfigError);

/// The moves applied since the Python wrapper last took its history, and the position they
/// start from: shared by every state that descends from the same moves.
#[derive(Clone)]
struct Log {
    /// The position before the first logged move.
    start: Arc<Durak>,
    /// The moves by seat (0-based), oldest first.
    moves: Trail<(u8, Move)>,
}

/// Room for the legal moves kept: a list is at most 38 long (35 beats, 3 transfers of the
/// attacked rank, take; or 36 attacks, done and swap), longer ones are listed again on each use.
const LEGAL_CAP: usize = 40;

thread_local! {
    /// The move list the hot path reuses (see [`kept_moves`]).
    static LISTED: Cell<Vec<Move>> = const { Cell::new(Vec::new()) };
}

/// A Durak position (immutable).
#[pyclass(frozen, module = "parlour._core.durak", name = "DurakState")]
#[derive(Clone)]
pub struct PyDurak {
    inner: Durak,
    /// Moves not yet taken by the wrapper's `history` (not part of the position).
    log: Option<Log>,
    /// The legal moves of the seat to move, listed once (a loop lists them, then applies one).
    legal: LazyMoves<LEGAL_CAP>,
}

impl PyDurak {
    fn bare(inner: Durak) -> Self {
        PyDurak {
            inner,
            log: None,
            legal: LazyMoves::new(),
        }
    }

    /// The legal moves of the seat to move (none when over), in the reference's order.
    fn moves(&self) -> Moves<'_, Move> {
        kept_moves(&self.legal, &self.inner, &LISTED)
    }

    /// The state after the `index`-th legal move, logged.
    fn after_index(&self, index: &Bound<'_, PyAny>) -> PyResult<Box<Self>> {
        let v = self.moves();
        let i = exact_index(index, v.len()).or_else(|| {
            // An int subclass (an IntEnum, say) is an index too, as it always was.
            (index.is_instance_of::<PyInt>() && !index.is_instance_of::<PyBool>())
                .then(|| index.extract::<usize>().ok())
                .flatten()
                .filter(|&i| i < v.len())
        });
        let Some(mv) = i.and_then(|i| v.get(i)) else {
            return Err(bad_index(v.len()));
        };
        self.after_listed(mv)
    }

    /// The state after `mv`, one of the legal moves, logged: copied once, straight into its box.
    fn after_listed(&self, mv: Move) -> PyResult<Box<Self>> {
        let mut next = Box::new(PyDurak::bare(self.inner.clone()));
        // `mv` is listed for the seat to move, so no refusal check is needed.
        let seat = guarded(|| Ok(next.inner.play_listed(mv)))?;
        next.log = Some(self.log_after(seat, mv));
        Ok(next)
    }

    /// The legal moves of the seat to move as `table[action]`, in the reference's order.
    fn pick_legal<'py>(&self, table: &Bound<'py, PyTuple>) -> PyResult<Bound<'py, PyTuple>> {
        pick(table, self.moves().bits().map(usize::from))
    }

    /// `apply_move` for the fields of a move object.
    fn after_move(&self, kind: Option<&str>, card: &Bound<'_, PyAny>) -> PyResult<Self> {
        let seat = self.inner.turn().map_or(0, |s| i64::from(s) + 1);
        let card = norm_card(card);
        let (inner, _) = guarded(|| Ok(self.inner.play(seat, kind, card)))?.map_err(durak_err)?;
        // `play` took the move, so the game was live and the kind parsed; log what it applied.
        let (Some(seat), Some(kind)) = (self.inner.turn(), kind.and_then(Kind::parse)) else {
            return Err(config_err(
                Common::InternalError,
                "a move was taken off turn",
            ));
        };
        let id = card
            .and_then(|c| u8::try_from(c).ok())
            .filter(|&c| card::valid(c))
            .unwrap_or(0);
        Ok(self.logged(inner, seat, Move::with(kind, id)))
    }

    /// The events of the logged moves (oldest first) as a JSON array, or None when the log is
    /// empty.
    fn pending_json(&self) -> PyResult<Option<String>> {
        let Some(log) = &self.log else {
            return Ok(None);
        };
        let mut g = Durak::clone(&log.start);
        let mut events = Vec::new();
        for (seat, mv) in log.moves.to_vec() {
            guarded(|| g.apply_seat(seat, mv, &mut events))?;
        }
        let parts: Vec<String> = events.iter().map(Event::to_json).collect();
        Ok(Some(format!("[{}]", parts.join(","))))
    }

    /// `next` (a successor of this state, logged from its parent) with its log restarted from
    /// this state: its last move only.
    fn logged_from(&self, next: PyDurak) -> PyDurak {
        let step = next.log.as_ref().and_then(|l| l.moves.last());
        match step {
            Some((seat, mv)) => self.logged(next.inner, seat, mv),
            None => next,
        }
    }

    /// The state `inner`, reached from this one by `mv` of `seat`, with the move logged.
    fn logged(&self, inner: Durak, seat: u8, mv: Move) -> Self {
        PyDurak {
            inner,
            log: Some(self.log_after(seat, mv)),
            legal: LazyMoves::new(),
        }
    }

    /// This state's log with `mv` of `seat` added.
    fn log_after(&self, seat: u8, mv: Move) -> Log {
        match &self.log {
            Some(log) => Log {
                start: Arc::clone(&log.start),
                moves: Trail::push(Some(&log.moves), (seat, mv)),
            },
            None => Log {
                start: Arc::new(self.inner.clone()),
                moves: Trail::push(None, (seat, mv)),
            },
        }
    }
}

/// `BAD_INDEX` for an index outside `0..len` (out of line: the hot `apply_index` never raises).
#[cold]
#[inline(never)]
fn bad_index(len: usize) -> PyErr {
    DurakConfigError::new_err((
        Code::BadIndex.as_str(),
        format!("there are {len} legal moves"),
    ))
}

/// A core refusal as the Durak error classes (`parlour.durak.errors.call` does the same).
fn durak_err(e: parlour_core::Error) -> PyErr {
    match e.kind {
        ErrorKind::IllegalMove => DurakMoveError::new_err((e.code, e.message)),
        ErrorKind::Config => DurakConfigError::new_err((e.code, e.message)),
        _ => to_py(e),
    }
}

/// The deal of `DurakState.deal`: `NO_SEED`, `BAD_DEAL`, `BAD_VARIANT`, `BAD_SEATS` in that order.
fn dealt(
    seed: &[u8],
    number: &str,
    seats: u8,
    variant: &str,
) -> Result<Durak, parlour_core::Error> {
    let d = deal::order_for(seed, number)?;
    let variant = Variant::parse(variant)?;
    if !(2..=6).contains(&seats) {
        return Err(parlour_core::Error::config(
            Code::BadSeats,
            "durak deals two to six seats",
        ));
    }
    Ok(Durak::from_deal(&deal::deal_order(&d, seats), variant))
}

/// A move's card as `game.py`'s `_norm_card` reads it: an int (not a bool) or a string of ASCII
/// digits without a leading zero; anything else is no card. Out-of-range ids stay out of range
/// (the core treats them as no card).
fn norm_card(card: &Bound<'_, PyAny>) -> Option<i64> {
    if card.is_instance_of::<PyBool>() {
        return None;
    }
    if card.is_instance_of::<PyInt>() {
        return Some(card.extract::<i64>().unwrap_or(0));
    }
    let s = card.cast::<PyString>().ok()?;
    let text = s.to_str().ok()?;
    let digits =
        !text.is_empty() && !text.starts_with('0') && text.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| text.parse::<i64>().unwrap_or(0))
}

fn move_tuple(m: Move) -> (String, Option<u8>) {
    (
        m.kind.as_str().to_string(),
        m.kind.has_card().then_some(m.card),
    )
}

fn seat0(seat: i64) -> Option<u8> {
    u8::try_from(seat)
        .ok()
        .filter(|&s| (1..=6).contains(&s))
        .map(|s| s - 1)
}

fn mask_of(hand: &[i64]) -> PyResult<u64> {
    let mut m = 0;
    for &c in hand {
        let id = u8::try_from(c).ok().filter(|&x| card::valid(x));
        m |= card::bit(id.ok_or_else(|| config_err(Code::NoCard, format!("no card has id {c}")))?);
    }
    Ok(m)
}

fn make_bout(cap: i64, attacks: &[i64], beats: &[i64], taken: bool) -> PyResult<Bout> {
    let cap = u8::try_from(cap)
        .ok()
        .filter(|c| *c <= 6)
        .ok_or_else(|| config_err(Code::BadBout, "a cap is 0 to 6"))?;
    if attacks.len() > 6 || beats.len() > attacks.len() {
        return Err(config_err(
            Code::BadBout,
            "a bout holds at most six attack cards, each with at most one answer",
        ));
    }
    let mut b = Bout::new(0, 1, cap);
    for (i, &a) in attacks.iter().enumerate() {
        mask_of(&[a])?;
        b.attacks[i] = u8::try_from(a).unwrap_or(0);
    }
    for (i, &d) in beats.iter().enumerate() {
        if d != 0 {
            mask_of(&[d])?;
            b.beats[i] = u8::try_from(d).unwrap_or(0);
        }
    }
    b.len = u8::try_from(attacks.len()).unwrap_or(0);
    b.taken = taken;
    Ok(b)
}

fn ids(m: u64) -> Vec<u8> {
    card::ids(m).collect()
}

#[pymethods]
impl PyDurak {
    /// Deal a new game: `seed` is exactly 32 bytes, `number` a positive integer string. A bad
    /// argument raises `DurakConfigError`.
    #[staticmethod]
    #[pyo3(signature = (seed, number, seats = 2, variant = "podkidnoy"))]
    fn deal(seed: &[u8], number: &str, seats: i64, variant: &str) -> PyResult<Self> {
        let seats = u8::try_from(seats).unwrap_or(0);
        guarded(|| Ok(dealt(seed, number, seats, variant)))?
            .map(PyDurak::bare)
            .map_err(durak_err)
    }

    /// The game the batch simulator deals for `seed`.
    #[staticmethod]
    #[pyo3(signature = (seed, seats = 2, variant = "podkidnoy"))]
    fn batch(seed: u64, seats: u8, variant: &str) -> PyResult<Self> {
        let variant = guarded(|| Variant::parse(variant))?;
        let config = DurakConfig {
            seats: seats.clamp(2, 6),
            variant,
        };
        Ok(PyDurak::bare(Durak::new_game(&config, seed)))
    }

    /// Parse a position.
    #[staticmethod]
    fn from_notation(text: &str) -> PyResult<Self> {
        guarded(|| Durak::from_notation(text)).map(PyDurak::bare)
    }

    /// The notation of the position.
    fn to_notation(&self) -> String {
        self.inner.to_notation()
    }

    /// `apply(seat, {kind, card})` with raw inputs: the new state and the events as JSON.
    #[pyo3(signature = (seat, kind, card))]
    fn play(&self, seat: i64, kind: Option<&str>, card: Option<i64>) -> PyResult<(Self, String)> {
        let (inner, events) = guarded(|| self.inner.play(seat, kind, card))?;
        let parts: Vec<String> = events.iter().map(|e| e.to_json()).collect();
        Ok((PyDurak::bare(inner), format!("[{}]", parts.join(","))))
    }

    /// `play(to_move, kind, card)` for a `Move` object's fields (`card` normalised as
    /// `_norm_card` does), refusals raised as `DurakMoveError`; the events go to the log.
    fn apply_move(&self, kind: Option<&str>, card: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.after_move(kind, card)
    }

    /// `apply_index(index)` and whether that state is terminal, in one call (the Python loop's
    /// `apply_index` stores both).
    fn step(&self, index: &Bound<'_, PyAny>) -> PyResult<(Self, bool)> {
        let next = self.after_index(index)?;
        let over = next.inner.over();
        Ok((*next, over))
    }

    /// The events of the logged moves (oldest first) as a JSON array, or None when the log is
    /// empty.
    fn pending_events(&self) -> PyResult<Option<String>> {
        self.pending_json()
    }

    /// The same position with an empty log.
    fn without_log(&self) -> Self {
        PyDurak::bare(self.inner.clone())
    }

    /// Legal moves of `seat` (1-based) as `(kind, card)` pairs, in the reference's order.
    fn legal(&self, seat: i64) -> Vec<(String, Option<u8>)> {
        seat0(seat).map_or_else(Vec::new, |s| {
            self.inner.legal(s).into_iter().map(move_tuple).collect()
        })
    }

    /// Snapshot of the position as JSON.
    fn snapshot(&self) -> String {
        self.inner.snapshot_json()
    }

    /// The seat to move (1-based), None when over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.inner.turn().map(|s| s + 1)
    }

    /// True when the game is over.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.over()
    }

    /// The Zobrist hash (kept incrementally).
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// Number of seats.
    #[getter]
    fn seats(&self) -> u8 {
        self.inner.seats()
    }

    /// The variant name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.variant().as_str()
    }

    /// The hash recomputed from scratch.
    fn full_hash(&self) -> u64 {
        self.inner.full_hash()
    }

    /// Per-seat returns: 1 for every seat but the fool, 0 for the fool, 0.5 each for a draw.
    fn returns(&self) -> Vec<f32> {
        let mut r = vec![0.0; usize::from(self.inner.seats())];
        self.inner.returns_into(&mut r);
        r
    }

    /// The bot's move for `seat` (1-based), searched with the GIL released.
    fn bot_move(
        &self,
        py: Python<'_>,
        seat: i64,
        level: u8,
        seed: u64,
    ) -> PyResult<Option<(String, Option<u8>)>> {
        let Some(s) = seat0(seat) else {
            return Ok(None);
        };
        let g = self.inner.clone();
        detached(py, move || {
            Ok(bot::bot_move(&g, s, level, seed).map(move_tuple))
        })
    }

    /// The greedy player's move for `seat` (1-based).
    fn greedy_move(&self, seat: i64) -> Option<(String, Option<u8>)> {
        seat0(seat)
            .and_then(|s| bot::greedy_move(&self.inner, s))
            .map(move_tuple)
    }

    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

/// `parlour.durak.DurakGame`: the position, its meta and the caches of the history and the
/// snapshot. The hot path of Python loops (`is_terminal`, `to_move`, `zobrist`, `legal_moves`,
/// `apply_index`, `apply`) is here; the rest is written in Python (`parlour/durak/game.py`) and
/// installed on this class at import (`parlour._native.fold_into_base`), so that a move makes
/// an instance of this class itself.
#[pyclass(subclass, frozen, module = "parlour.durak", name = "DurakGame")]
pub struct PyDurakGame {
    /// Boxed: a new game moves a pointer, not the position with its inline legal moves, on its
    /// way into a new Python object.
    s: Box<PyDurak>,
    /// `(seed, number, history before the moves logged in s)`.
    meta: Py<PyTuple>,
    /// The history once read (the log taken into a tuple).
    taken: OnceLock<Py<PyTuple>>,
    /// The snapshot (a dict, seats as int keys) once read.
    snap: PyOnceLock<Py<PyAny>>,
}

thread_local! {
    /// The value of the next instance made by `DurakGame.__new__` without arguments (see
    /// [`Spawner`]).
    static PENDING: Cell<Option<PyDurakGame>> = const { Cell::new(None) };
}

/// Makes the instances of Python subclasses of `DurakGame` from Rust.
static SPAWN: Spawner<PyDurakGame> = Spawner::new(&PENDING);

/// The interned move objects of `parlour.durak.game` (indexed by action), set once at import.
static MOVES: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();

fn move_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
    MOVES
        .get(py)
        .map(|t| t.bind(py))
        .ok_or_else(|| config_err(Common::InternalError, "the durak move table is not set"))
}

impl PyDurakGame {
    /// The successor `next` of this game once its log is in `history`: the child logs from
    /// this game on. Rare (a loop never reads the history), so kept out of [`Self::spawn`]'s
    /// code.
    #[cold]
    #[inline(never)]
    fn after_history(
        &self,
        py: Python<'_>,
        history: &Py<PyTuple>,
        next: PyDurak,
    ) -> PyResult<PyDurakGame> {
        let meta = self.meta.bind(py);
        let meta = PyTuple::new(
            py,
            [
                meta.get_item(0)?,
                meta.get_item(1)?,
                history.bind(py).clone().into_any(),
            ],
        )?;
        let s = PyDurak::bare(self.s.inner.clone()).logged_from(next);
        Ok(PyDurakGame {
            s: Box::new(s),
            meta: meta.unbind(),
            taken: OnceLock::new(),
            snap: PyOnceLock::new(),
        })
    }

    /// A new instance of `slf`'s own class at `next`, a successor of `slf` whose log extends
    /// `slf`'s.
    fn spawn<'py>(slf: &Bound<'py, Self>, next: Box<PyDurak>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let this = slf.get();
        let value = match this.taken.get() {
            None => PyDurakGame {
                s: next,
                meta: this.meta.clone_ref(py),
                taken: OnceLock::new(),
                snap: PyOnceLock::new(),
            },
            Some(history) => this.after_history(py, history, *next)?,
        };
        let cls = slf.get_type();
        SPAWN.spawn(&cls, value)
    }
}

#[pymethods]
impl PyDurakGame {
    /// `DurakGame(state, seed=None, number=None, history=())`: a game at the position `state`
    /// (a `parlour._core.durak.DurakState`, its move log dropped). Called without arguments
    /// from Rust (see [`Spawner`]), it makes an instance of a Python subclass.
    #[new]
    #[pyo3(signature = (state = None, seed = None, number = None, history = None))]
    fn new(
        py: Python<'_>,
        state: Option<&Bound<'_, PyAny>>,
        seed: Option<Bound<'_, PyAny>>,
        number: Option<Bound<'_, PyAny>>,
        history: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let wrong = || {
            pyo3::exceptions::PyTypeError::new_err(
                "a DurakGame wraps a parlour._core.durak.DurakState",
            )
        };
        let Some(state) = state else {
            let bare = seed.is_none() && number.is_none() && history.is_none();
            return bare.then(|| SPAWN.take()).flatten().ok_or_else(wrong);
        };
        let state = state.cast::<PyDurak>().map_err(|_| wrong())?;
        let history = history.unwrap_or_else(|| PyTuple::empty(py).into_any());
        let meta = PyTuple::new(
            py,
            [
                seed.unwrap_or_else(|| py.None().into_bound(py)),
                number.unwrap_or_else(|| py.None().into_bound(py)),
                history,
            ],
        )?;
        Ok(PyDurakGame {
            s: Box::new(PyDurak::bare(state.get().inner.clone())),
            meta: meta.unbind(),
            taken: OnceLock::new(),
            snap: PyOnceLock::new(),
        })
    }

    /// `cls._deal(seed, number, seats, variant)`: a new game of class `cls`, dealt as
    /// `DurakState.deal` deals it, with `(seed, number, ())` as its meta (for `new_game`, whose
    /// arguments are checked: one call and no intermediate state object).
    #[classmethod]
    fn _deal<'py>(
        cls: &Bound<'py, PyType>,
        seed: Bound<'py, PyBytes>,
        number: Bound<'py, PyString>,
        seats: i64,
        variant: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = cls.py();
        let n = number.to_str()?;
        let seats8 = u8::try_from(seats).unwrap_or(0);
        let inner =
            guarded(|| Ok(dealt(seed.as_bytes(), n, seats8, variant)))?.map_err(durak_err)?;
        let meta = PyTuple::new(
            py,
            [
                seed.into_any(),
                number.into_any(),
                PyTuple::empty(py).into_any(),
            ],
        )?;
        let value = PyDurakGame {
            s: Box::new(PyDurak::bare(inner)),
            meta: meta.unbind(),
            taken: OnceLock::new(),
            snap: PyOnceLock::new(),
        };
        SPAWN.spawn(cls, value)
    }

    /// Set the move table of `legal_moves` (once, at import of `parlour.durak.game`).
    #[staticmethod]
    fn _set_moves(py: Python<'_>, table: Bound<'_, PyTuple>) {
        let _ = MOVES.set(py, table.unbind());
    }

    /// The core state (a new `DurakState` on each access, with the pending log).
    #[getter(_s)]
    fn get_core(&self) -> PyDurak {
        (*self.s).clone()
    }

    /// `(seed, number, history before the logged moves)`.
    #[getter(_meta)]
    fn get_meta(&self, py: Python<'_>) -> Py<PyTuple> {
        self.meta.clone_ref(py)
    }

    /// `(history read so far or None, pending events as JSON or None)`.
    fn _history_parts(&self, py: Python<'_>) -> PyResult<(Option<Py<PyTuple>>, Option<String>)> {
        if let Some(h) = self.taken.get() {
            return Ok((Some(h.clone_ref(py)), None));
        }
        Ok((None, self.s.pending_json()?))
    }

    /// Keep `history` as the game's history (the first one kept wins); returns the kept one.
    fn _take_history(&self, py: Python<'_>, history: Bound<'_, PyTuple>) -> Py<PyTuple> {
        self.taken.get_or_init(|| history.unbind()).clone_ref(py)
    }

    /// The snapshot once read (see `DurakGame._snapshot`), else None.
    #[getter(_snap)]
    fn get_snap(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        self.snap.get(py).map(|s| s.clone_ref(py))
    }

    /// Keep `snap` as the game's snapshot (the first one kept wins); returns the kept one.
    fn _keep_snap(&self, py: Python<'_>, snap: Py<PyAny>) -> Py<PyAny> {
        self.snap.get_or_init(py, || snap).clone_ref(py)
    }

    /// The seat to move (1-based), None when over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.s.inner.turn().map(|s| s + 1)
    }

    /// True when the game is over.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.s.inner.over()
    }

    /// The 64-bit Zobrist hash.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.s.inner.zobrist()
    }

    /// The legal moves of the seat to move over the fixed action space.
    ///
    /// Returns:
    ///     A numpy bool array of length :data:`ACTION_SPACE`.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        mask_array(py, ACTION_SPACE, self.s.moves().bits().map(usize::from))
    }

    /// The legal moves of the seat to move, in the reference's order.
    ///
    /// Returns:
    ///     Moves (``resign`` is never listed).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.s.pick_legal(move_table(py)?)
    }

    /// The game after the ``index``-th legal move.
    ///
    /// Raises:
    ///     DurakConfigError: ``BAD_INDEX`` for an index out of range.
    fn apply_index<'py>(
        slf: &Bound<'py, Self>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let next = slf.get().s.after_index(index)?;
        Self::spawn(slf, next)
    }

    /// What ``seat`` may see, as JSON-ready data (``parlour.durak.View``; ``docs/durak.md``,
    /// "What each seat sees"). Seats here are 0-based, as in every game's ``view``.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not from 0 to ``seats - 1``.
    fn view<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::view(seat.py(), &self.s.inner, seat)
    }

    /// The view of ``seat`` as a float32 array of shape ``(680,)`` (``docs/durak.md``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not from 0 to ``seats - 1``.
    fn observation<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::observation(seat.py(), &self.s.inner, seat)
    }

    /// A game consistent with what ``seat`` sees: the other seats' hidden cards and the talon's
    /// order (all but the turn-up) dealt anew from ``seed`` (``docs/durak.md`` says exactly what
    /// is kept). A game with moves logged since ``new_game`` (or since its history was last
    /// read) gets a new deal from which those moves replay, and keeps them: its ``history`` is
    /// this game's and ``apply`` goes on from it. A game without such moves (read from
    /// notation, made by ``play``) gets its position resampled and no history. Either way the
    /// new game has no seed or number.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` or ``INVALID_SEED``.
    ///     InvalidStateError: ``RESAMPLE_FAILED`` for a position built with contradictory parts.
    fn resample<'py>(
        slf: &Bound<'py, Self>,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let this = slf.get();
        let mut history = PyTuple::empty(py).into_any();
        let next = match &this.s.log {
            Some(log) => {
                history = this.meta.bind(py).get_item(2)?;
                let (seat, seed) = (seat_arg(&this.s.inner, seat)?, seed_arg(seed)?);
                let (start, moves) = (Arc::clone(&log.start), log.moves.to_vec());
                let (s0, now) = detached(py, move || {
                    resample_replaying(&start, &moves, seat, &mut Rng::new(seed))
                })?;
                PyDurak {
                    inner: now,
                    log: Some(Log {
                        start: Arc::new(s0),
                        moves: log.moves.clone(),
                    }),
                    legal: LazyMoves::new(),
                }
            }
            None => PyDurak::bare(crate::view::resample(py, &this.s.inner, seat, seed)?),
        };
        let none = py.None().into_bound(py);
        let meta = PyTuple::new(py, [none.clone(), none, history])?;
        let value = PyDurakGame {
            s: Box::new(next),
            meta: meta.unbind(),
            taken: OnceLock::new(),
            snap: PyOnceLock::new(),
        };
        SPAWN.spawn(&slf.get_type(), value)
    }

    /// The game after the seat to move plays ``move`` (a ``Move`` or an action object). A move
    /// object that :meth:`legal_moves` returned here is made without reading or checking it
    /// again.
    ///
    /// Raises:
    ///     DurakMoveError: The refusal (``GAME_OVER`` once over).
    #[pyo3(signature = (r#move))]
    fn apply<'py>(
        slf: &Bound<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let table = move_table(py)?;
        let this = slf.get();
        if let Some(mv) = listed_object(&this.s.moves(), table, r#move) {
            return Self::spawn(slf, this.s.after_listed(mv)?);
        }
        let cls: Bound<'py, PyType> = table.get_borrowed_item(0)?.get_type();
        if r#move.is_instance(&cls)? {
            let kind: Option<PyBackedStr> = r#move.getattr(intern!(py, "kind"))?.extract()?;
            let card = r#move.getattr(intern!(py, "card"))?;
            let next = slf.get().s.after_move(kind.as_deref(), &card)?;
            return Self::spawn(slf, Box::new(next));
        }
        let seat = slf.get().s.inner.turn().map_or(0, |s| s + 1);
        slf.call_method1(intern!(py, "play"), (seat, r#move))?
            .get_item(0)
    }
}

/// `order_for(seed, number)`.
#[pyfunction]
fn order_for(seed: &[u8], number: &str) -> PyResult<Vec<u8>> {
    guarded(|| deal::order_for(seed, number)).map(|o| o.to_vec())
}

/// Hands, talon, turn-up and the first attacker (1-based).
type DealTuple = (Vec<Vec<u8>>, Vec<u8>, u8, u8);

/// `deal_for(seed, number, seats)`: (hands, talon, trump_card, first seat 1-based).
#[pyfunction]
fn deal_for(seed: &[u8], number: &str, seats: i64) -> PyResult<DealTuple> {
    let s = u8::try_from(seats).unwrap_or(0);
    let d = guarded(|| deal::deal_for(seed, number, s))?;
    Ok((
        d.hands.iter().map(|&h| ids(h)).collect(),
        d.talon.clone(),
        d.trump_card,
        d.first + 1,
    ))
}

/// `first_attacker(hands, trump)`: 1-based seat.
#[pyfunction]
fn first_attacker(hands: Vec<Vec<i64>>, trump: u8) -> PyResult<u8> {
    let masks: Vec<u64> = hands.iter().map(|h| mask_of(h)).collect::<PyResult<_>>()?;
    Ok(deal::first_attacker(&masks, trump % 4) + 1)
}

/// `beats(defence, attack, trump)`.
#[pyfunction]
fn beats(defence: u8, attack: u8, trump: u8) -> bool {
    card::valid(defence) && card::valid(attack) && card::beats(defence, attack, trump % 4)
}

/// `legal_attacks(hand, bout)`.
#[pyfunction]
fn legal_attacks(
    hand: Vec<i64>,
    cap: i64,
    attacks: Vec<i64>,
    beats: Vec<i64>,
    taken: bool,
) -> PyResult<Vec<u8>> {
    let b = make_bout(cap, &attacks, &beats, taken)?;
    Ok(ids(rules::legal_attacks(mask_of(&hand)?, &b)))
}

/// `legal_beats(hand, bout, trump)`.
#[pyfunction]
fn legal_beats(
    hand: Vec<i64>,
    cap: i64,
    attacks: Vec<i64>,
    beats: Vec<i64>,
    taken: bool,
    trump: u8,
) -> PyResult<Vec<u8>> {
    let b = make_bout(cap, &attacks, &beats, taken)?;
    Ok(ids(rules::legal_beats(mask_of(&hand)?, &b, trump % 4)))
}

/// `forced(hand, bout, trump, phase, can_swap)`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (hand, cap, attacks, beats, taken, trump, defend, can_swap))]
fn forced(
    hand: Vec<i64>,
    cap: i64,
    attacks: Vec<i64>,
    beats: Vec<i64>,
    taken: bool,
    trump: u8,
    defend: bool,
    can_swap: bool,
) -> PyResult<bool> {
    let b = make_bout(cap, &attacks, &beats, taken)?;
    Ok(rules::forced(
        mask_of(&hand)?,
        &b,
        trump % 4,
        defend,
        can_swap,
    ))
}

/// `closes(bout, defender_size)`.
#[pyfunction]
fn closes(
    cap: i64,
    attacks: Vec<i64>,
    beats: Vec<i64>,
    taken: bool,
    defender_size: usize,
) -> PyResult<Option<&'static str>> {
    let b = make_bout(cap, &attacks, &beats, taken)?;
    Ok(rules::closes(&b, defender_size).map(|h| h.as_str()))
}

/// SHA-256 of `data` (the core's own implementation).
#[pyfunction]
fn sha256_digest<'py>(py: Python<'py>, data: &[u8]) -> Bound<'py, PyBytes> {
    PyBytes::new(py, &sha256::sha256(data))
}

/// Play `games` games of the bot at `level` against `opponent` (`random`, `greedy` or `bot<level>`)
/// on all cores with the GIL released: `(games, wins, losses, draws, moves)`.
#[pyfunction]
#[pyo3(signature = (level, opponent, seed, games, seats = 2))]
fn bot_match(
    py: Python<'_>,
    level: u8,
    opponent: &str,
    seed: u64,
    games: u32,
    seats: u8,
) -> PyResult<(u32, u32, u32, u32, u64)> {
    let opp = match opponent {
        "random" => Opponent::Random,
        "greedy" => Opponent::Greedy,
        other => match other.strip_prefix("bot").and_then(|l| l.parse::<u8>().ok()) {
            Some(l) => Opponent::Bot(l),
            None => {
                return Err(config_err(
                    Code::BadOpponent,
                    format!("unknown opponent {other:?}"),
                ))
            }
        },
    };
    let seats = seats.clamp(2, 6);
    let st = detached(py, move || {
        Ok(bot::bot_match(level, opp, seed, games, seats))
    })?;
    Ok((st.games, st.wins, st.losses, st.draws, st.moves))
}

/// Register `parlour._core.durak`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "durak")?;
    m.add_class::<PyDurak>()?;
    m.add_class::<PyDurakGame>()?;
    m.add_function(wrap_pyfunction!(order_for, &m)?)?;
    m.add_function(wrap_pyfunction!(deal_for, &m)?)?;
    m.add_function(wrap_pyfunction!(first_attacker, &m)?)?;
    m.add_function(wrap_pyfunction!(beats, &m)?)?;
    m.add_function(wrap_pyfunction!(legal_attacks, &m)?)?;
    m.add_function(wrap_pyfunction!(legal_beats, &m)?)?;
    m.add_function(wrap_pyfunction!(forced, &m)?)?;
    m.add_function(wrap_pyfunction!(closes, &m)?)?;
    m.add_function(wrap_pyfunction!(sha256_digest, &m)?)?;
    m.add_function(wrap_pyfunction!(bot_match, &m)?)?;
    super::add_submodule(parent, &m, "durak")
}
