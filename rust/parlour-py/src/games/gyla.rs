//! `parlour._core.gyla`: the Gyla engine as a frozen state class. Conversion only; the rules
//! live in `parlour_core::games::gyla`.

use crate::errors::{config_err, detached, guarded, IllegalMoveError};
use crate::fast::{mask_array, pick, with_buffer, Spawner};
use parlour_core::cards::{Card, Spelling, Suit, SIX};
use parlour_core::game::GameState;
use parlour_core::games::gyla::{self, notation, Code, Event, Gyla, GylaMove, Phase};
use parlour_core::{Common, Error};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyString, PyTuple, PyType};
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::OnceLock;

pyo3::import_exception!(parlour.gyla._state, GylaError);

/// One event: `(name, next_name, next_player, round, player, card, trump, trick, winner,
/// score1, score2)`; `next_name`/`card`/`trump` are None when absent, numbers 0.
type EventTuple = (
    &'static str,
    Option<&'static str>,
    u8,
    u8,
    u8,
    Option<String>,
    Option<char>,
    u8,
    u8,
    u16,
    u16,
);

fn event_tuple(e: &Event) -> EventTuple {
    (
        e.kind.as_str(),
        e.next.map(|n| n.name.as_str()),
        e.next.map_or(0, |n| n.player),
        e.round,
        e.player,
        e.card.map(|c| c.format(Spelling::RankSuit)),
        e.trump.map(Suit::letter),
        e.trick,
        e.winner,
        e.scores[0],
        e.scores[1],
    )
}

fn cards(v: Vec<Card>) -> Vec<String> {
    v.into_iter()
        .map(|c| c.format(Spelling::RankSuit))
        .collect()
}

fn parse_suit_letter(s: Option<&str>) -> Option<Suit> {
    let s = s?;
    let mut it = s.chars();
    let c = it.next()?;
    if it.next().is_some() || !c.is_ascii_uppercase() {
        return None;
    }
    Suit::from_letter(c)
}

fn move_text(mv: GylaMove) -> String {
    match mv {
        GylaMove::Trump(s) => gyla::suit_name(s).to_string(),
        GylaMove::Play(c) => c.format(Spelling::RankSuit),
    }
}

/// A Gyla position (immutable): the whole game, with the engine's flow as methods that
/// return a new position and the events.
#[pyclass(frozen, module = "parlour._core.gyla", name = "GylaCore")]
#[derive(Clone)]
pub struct PyGyla {
    inner: Gyla,
}

type Stepped = (PyGyla, Vec<EventTuple>);

/// The move id of `start` in the fixed action space of the Python protocol (after the 36 cards
/// and the four trumps).
const START_ID: usize = gyla::NUM_ACTIONS;

/// A copy of `g` changed by `f`, run with the GIL released when computer seats may play on (for
/// whole rounds), else held. Always inlined: small, and on `apply_index`'s hot path.
#[inline(always)]
fn stepped(
    py: Python<'_>,
    g: &Gyla,
    f: impl FnOnce(&mut Gyla) -> Result<(), Error> + Send,
) -> PyResult<Box<Gyla>> {
    // Boxed: the position is copied once, and only the pointer moves on from here.
    let mut next = Box::new(g.clone());
    let run = move || f(&mut next).map(|()| next);
    if g.ai().iter().any(|a| *a) {
        detached(py, run)
    } else {
        guarded(run)
    }
}

/// The legal moves of `g` as `table[move id]` (ids as `gyla::action_index`, `start` 40), in
/// the order of `GylaCore.legal_moves`; `(table[40],)` before the start.
fn legal_from<'py>(g: &Gyla, table: &Bound<'py, PyTuple>) -> PyResult<Bound<'py, PyTuple>> {
    if g.phase() == Phase::NotStarted {
        return pick(table, [START_ID]);
    }
    with_buffer(&MOVES, |v| {
        g.legal_moves_into(v);
        pick(table, v.iter().copied().map(gyla::action_index))
    })
}

thread_local! {
    /// The legal moves of the position at hand (reused: no allocation per call).
    static MOVES: Cell<Vec<GylaMove>> = const { Cell::new(Vec::new()) };
}

/// The position after the `index`-th legal move of the Python protocol (`start` before the
/// start); the computer seats then move. `ConfigError` `INVALID_INDEX` for anything but an int
/// (not a bool) in range.
fn apply_index(py: Python<'_>, g: &Gyla, index: &Bound<'_, PyAny>) -> PyResult<Box<Gyla>> {
    let i = if index.is_instance_of::<PyInt>() && !index.is_instance_of::<PyBool>() {
        index.extract::<usize>().ok()
    } else {
        None
    };
    // None: `start`
    let mv = match (i, g.phase()) {
        (Some(0), Phase::NotStarted) => Some(None),
        (Some(i), Phase::AssignTrump | Phase::Play) => g.nth_legal(i).map(Some),
        _ => None,
    };
    let Some(mv) = mv else {
        let len = if g.phase() == Phase::NotStarted {
            1
        } else {
            let mut v = Vec::new();
            g.legal_moves_into(&mut v);
            v.len()
        };
        return Err(config_err(
            Code::InvalidIndex,
            format!("move index {index:?} out of range 0..{len}"),
        ));
    };
    match mv {
        None => stepped(py, g, |g| g.start(&mut Vec::new())),
        Some(mv) => listed(py, g, mv),
    }
}

/// The card or trump move of an action id (as `gyla::action_index`: card `rank * 4 + suit
/// position`, then the four trumps); None for `start` and ids past the trumps.
fn move_of_id(id: usize) -> Option<GylaMove> {
    match id {
        0..36 => {
            let rank = u8::try_from(id / 4).map_or(0, |r| SIX + r);
            Card::new(gyla::SUITS[id % 4], rank).map(GylaMove::Play)
        }
        36..40 => Some(GylaMove::Trump(gyla::SUITS[id - 36])),
        _ => None,
    }
}

/// The position after `mv`, one of the legal moves, made without the engine's checks; the
/// computer seats then move.
#[inline]
fn listed(py: Python<'_>, g: &Gyla, mv: GylaMove) -> PyResult<Box<Gyla>> {
    stepped(py, g, move |g| {
        if g.apply_listed(mv) {
            Ok(())
        } else {
            Err(Error::invalid_state(
                Common::InternalError,
                "a listed move was refused",
            ))
        }
    })
}

/// The protocol's `apply` of the move with this id (cards 0–35 canonical, trumps 36–39,
/// `start` 40): `start`, or the engine's `Apply` of the expected action with that suit or
/// card, with the engine's checks and errors; the computer seats then move. An id past 40 is
/// an invalid suit / card.
fn apply_id(py: Python<'_>, g: &Gyla, id: usize) -> PyResult<Box<Gyla>> {
    if id == START_ID {
        return stepped(py, g, |g| g.start(&mut Vec::new()));
    }
    let (card, suit) = match move_of_id(id) {
        Some(GylaMove::Play(c)) => (Some(c), None),
        Some(GylaMove::Trump(s)) => (None, Some(s)),
        None => (None, None),
    };
    let (name, player) = g
        .next_action()
        .map_or(("", 0), |n| (n.name.as_str(), i64::from(n.player)));
    stepped(py, g, move |g| {
        g.apply_action_quiet(name, player, suit, card)
    })
}

#[pymethods]
impl PyGyla {
    /// A new game, not yet started.
    #[new]
    fn new(seed: u64, ai: [bool; 4]) -> Self {
        PyGyla {
            inner: Gyla::new(seed, ai),
        }
    }

    /// The engine's `Start()`.
    fn start(&self, py: Python<'_>) -> PyResult<Stepped> {
        let mut g = self.inner.clone();
        let events = detached(py, move || {
            let mut ev = Vec::new();
            g.start(&mut ev)?;
            Ok((g, ev))
        })?;
        Ok((
            PyGyla { inner: events.0 },
            events.1.iter().map(event_tuple).collect(),
        ))
    }

    /// The engine's `Apply(action)`: `suit` is a suit letter (assign_trump), `card` a card in
    /// rank-suit spelling (play_card); None or anything else is an invalid suit / card.
    #[pyo3(signature = (name, player, suit = None, card = None))]
    fn apply_action(
        &self,
        py: Python<'_>,
        name: &str,
        player: i64,
        suit: Option<&str>,
        card: Option<&str>,
    ) -> PyResult<Stepped> {
        let suit = parse_suit_letter(suit);
        let card = card.and_then(|t| Card::parse(t, Spelling::RankSuit).ok());
        let mut g = self.inner.clone();
        let run = move || {
            let mut ev = Vec::new();
            g.apply_action(name, player, suit, card, &mut ev)?;
            Ok((g, ev))
        };
        // computer seats may play on for whole rounds: release the GIL only then
        let out = if self.inner.ai().iter().any(|a| *a) {
            detached(py, run)?
        } else {
            guarded(run)?
        };
        Ok((
            PyGyla { inner: out.0 },
            out.1.iter().map(event_tuple).collect(),
        ))
    }

    /// Start the current round from explicit hands (cards in rank-suit spelling).
    #[pyo3(signature = (hands, starter = None))]
    fn deal_round(
        &self,
        py: Python<'_>,
        hands: Vec<Vec<String>>,
        starter: Option<i64>,
    ) -> PyResult<Stepped> {
        let parsed: Vec<Vec<Card>> = hands
            .iter()
            .map(|h| {
                h.iter()
                    .map(|t| {
                        Card::parse(t, Spelling::RankSuit).map_err(|_| {
                            let shown: String = t.chars().take(20).collect();
                            config_err(
                                Code::InvalidDeal,
                                format!("{shown:?} is not a card of the 36-card deck"),
                            )
                        })
                    })
                    .collect::<PyResult<Vec<Card>>>()
            })
            .collect::<PyResult<_>>()?;
        let starter = match starter {
            None => None,
            Some(s) => Some(
                u8::try_from(s)
                    .ok()
                    .filter(|s| (1..=4).contains(s))
                    .ok_or_else(|| {
                        config_err(
                            Code::InvalidPlayer,
                            format!("starter must be a seat from 1 to 4, not {s}"),
                        )
                    })?,
            ),
        };
        let mut g = self.inner.clone();
        let out = detached(py, move || {
            let mut ev = Vec::new();
            g.deal_round(&parsed, starter, &mut ev)?;
            Ok((g, ev))
        })?;
        Ok((
            PyGyla { inner: out.0 },
            out.1.iter().map(event_tuple).collect(),
        ))
    }

    /// Parse a position in Gyla notation.
    #[staticmethod]
    fn from_notation(text: &str) -> PyResult<Self> {
        guarded(|| notation::parse(text)).map(|inner| PyGyla { inner })
    }

    /// The position in Gyla notation.
    fn to_notation(&self) -> String {
        self.inner.to_notation()
    }

    /// The game's seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// Computer seats.
    #[getter]
    fn ai(&self) -> [bool; 4] {
        self.inner.ai()
    }

    /// Round number (0 before start).
    #[getter]
    fn round(&self) -> u8 {
        self.inner.round()
    }

    /// Game points (team 1, team 2).
    #[getter]
    fn scores(&self) -> (u16, u16) {
        let s = self.inner.scores();
        (s[0], s[1])
    }

    /// Tricks won this round (team 1, team 2).
    #[getter]
    fn tricks_won(&self) -> (u8, u8) {
        let s = self.inner.tricks_won();
        (s[0], s[1])
    }

    /// The round's starter (0 before start).
    #[getter]
    fn starter(&self) -> u8 {
        self.inner.starter()
    }

    /// The trump suit letter, or None.
    #[getter]
    fn trump(&self) -> Option<char> {
        self.inner.trump().map(Suit::letter)
    }

    /// `not_started`, `assign_trump`, `play_card` or `over`.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.inner.phase() {
            Phase::NotStarted => "not_started",
            Phase::AssignTrump => "assign_trump",
            Phase::Play => "play_card",
            Phase::Over => "over",
        }
    }

    /// `(name, player)` of the expected action, or None.
    #[getter]
    fn next_action(&self) -> Option<(&'static str, u8)> {
        self.inner
            .next_action()
            .map(|n| (n.name.as_str(), n.player))
    }

    /// True once a team has reached 60 points.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The winning team of a finished game.
    #[getter]
    fn winning_team(&self) -> Option<u8> {
        self.inner.winning_team()
    }

    /// Whether the starter held the six of trumps when assigning trump.
    #[getter]
    fn trumped_with_six(&self) -> bool {
        self.inner.trumped_with_six()
    }

    /// The Zobrist hash.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// Seat `player`'s hand in hand order.
    fn hand(&self, player: u8) -> Vec<String> {
        cards(self.inner.hand(player))
    }

    /// This round's plays in order.
    fn plays(&self) -> Vec<String> {
        cards(self.inner.plays())
    }

    /// This round's tricks: `(leader, cards, winner or 0)`.
    fn tricks(&self) -> Vec<(u8, Vec<String>, u8)> {
        self.inner
            .tricks()
            .into_iter()
            .map(|(l, c, w)| (l, cards(c), w.unwrap_or(0)))
            .collect()
    }

    /// The leader of each trick started this round.
    fn leaders(&self) -> Vec<u8> {
        self.inner.leaders()
    }

    /// Legal cards of `player` in hand order (empty unless that seat is to play).
    fn legal_cards(&self, player: u8) -> Vec<String> {
        cards(self.inner.legal_cards(player))
    }

    /// Legal moves: suit names while trump is expected, else cards in hand order.
    fn legal_moves(&self) -> Vec<String> {
        let mut v = Vec::new();
        self.inner.legal_moves_into(&mut v);
        v.into_iter().map(move_text).collect()
    }

    /// The computer player's move now (suit name or card), or None.
    fn computer_move(&self) -> Option<String> {
        self.inner.computer_choice().map(move_text)
    }

    /// Returns per seat (the seat's team points).
    fn returns(&self) -> Vec<f32> {
        let mut r = vec![0.0; 4];
        self.inner.returns_into(&mut r);
        r
    }

    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

/// `parlour.gyla.GylaState`: the position and the player and team names. The hot path of
/// Python loops (`is_terminal`, `to_move`, `zobrist`, `legal_moves`, `apply_index`) is here;
/// the engine's fields, the notation and the Python protocols are written in Python
/// (`parlour/gyla/_state.py`) and installed on this class at import
/// (`parlour._native.fold_into_base`), so that a move makes an instance of this class itself.
#[pyclass(subclass, frozen, module = "parlour.gyla", name = "GylaState")]
pub struct PyGylaState {
    /// Boxed: a new position is made on the heap once and moves into its object as a pointer.
    inner: Box<Gyla>,
    players: Py<PyAny>,
    teams: Py<PyAny>,
}

thread_local! {
    /// The value of the next instance made by `GylaState.__new__` without arguments (see
    /// [`Spawner`]).
    static PENDING: Cell<Option<PyGylaState>> = const { Cell::new(None) };
}

/// Makes the instances of Python subclasses of `GylaState` from Rust.
static SPAWN: Spawner<PyGylaState> = Spawner::new(&PENDING);

/// The moves of the fixed action space in order: the 36 cards in canonical order, the four
/// trump suit names, then `start`.
fn action_texts() -> impl Iterator<Item = String> {
    gyla::canonical_deck()
        .into_iter()
        .map(|c| c.format(Spelling::RankSuit))
        .chain(gyla::SUITS.iter().map(|&s| gyla::suit_name(s).to_string()))
        .chain(std::iter::once("start".to_string()))
}

/// The action id of `obj` when it is a `str` (or a subclass, such as numpy's) of the action
/// space.
fn action_id(obj: &Bound<'_, PyAny>) -> Option<usize> {
    static IDS: OnceLock<HashMap<String, usize>> = OnceLock::new();
    let text = obj.cast::<PyString>().ok()?.to_str().ok()?;
    IDS.get_or_init(|| action_texts().zip(0..).collect())
        .get(text)
        .copied()
}

/// The moves of the fixed action space as interned Python strings (the move table of
/// `legal_moves`): the 36 cards in canonical order, the four trump suit names, then `start`.
fn action_table(py: Python<'_>) -> &Bound<'_, PyTuple> {
    static TABLE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    TABLE
        .get_or_init(py, || {
            let items: Vec<_> = action_texts().map(|t| PyString::intern(py, &t)).collect();
            PyTuple::new(py, items).map_or_else(|_| PyTuple::empty(py).unbind(), Bound::unbind)
        })
        .bind(py)
}

impl PyGylaState {
    /// A new instance of class `cls` (`GylaState` or a Python subclass) holding `value`.
    fn make<'py>(cls: &Bound<'py, PyType>, value: Self) -> PyResult<Bound<'py, PyAny>> {
        SPAWN.spawn(cls, value)
    }

    /// A new instance of `slf`'s own class with the same names.
    fn spawn<'py>(slf: &Bound<'py, Self>, inner: Box<Gyla>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let this = slf.get();
        let value = PyGylaState {
            inner,
            players: this.players.clone_ref(py),
            teams: this.teams.clone_ref(py),
        };
        Self::make(&slf.get_type(), value)
    }

    fn core(&self) -> PyGyla {
        PyGyla {
            inner: Gyla::clone(&self.inner),
        }
    }
}

#[pymethods]
impl PyGylaState {
    /// Not for direct use (raises `TypeError`): see `parlour.gyla.new_game` and
    /// `GylaState.from_notation`. Called without arguments from Rust (see [`Spawner`]), it
    /// makes an instance of a Python subclass.
    #[new]
    #[pyo3(signature = (*args, **kwargs))]
    fn new(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let bare = args.is_empty() && kwargs.map_or(0, |k| k.len()) == 0;
        bare.then(|| SPAWN.take()).flatten().ok_or_else(|| {
            PyTypeError::new_err(
                "create a Gyla state with parlour.gyla.new_game or GylaState.from_notation",
            )
        })
    }

    /// `cls._new(core, players, teams)`: a state of class `cls` at a copy of `core`.
    #[classmethod]
    fn _new<'py>(
        cls: &Bound<'py, PyType>,
        core: PyRef<'py, PyGyla>,
        players: Py<PyAny>,
        teams: Py<PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let value = PyGylaState {
            inner: Box::new(core.inner.clone()),
            players,
            teams,
        };
        Self::make(cls, value)
    }

    /// The position (a new `GylaCore` on each access).
    #[getter(_core)]
    fn get_core(&self) -> PyGyla {
        self.core()
    }

    /// The player names.
    #[getter(_players)]
    fn get_players(&self, py: Python<'_>) -> Py<PyAny> {
        self.players.clone_ref(py)
    }

    /// The team names.
    #[getter(_teams)]
    fn get_teams(&self, py: Python<'_>) -> Py<PyAny> {
        self.teams.clone_ref(py)
    }

    /// True once a team has reached 60 points.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_over()
    }

    /// The seat (1-4) expected to act, None before the start and after the game.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.inner.next_action().map(|n| n.player)
    }

    /// The 64-bit Zobrist hash; equal positions have equal hashes.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// The legal moves as a boolean mask over :data:`ACTION_SPACE` (41 actions).
    ///
    /// Returns:
    ///     A numpy bool array of length 41: the 36 cards in canonical order, the four trump
    ///     suits, then ``start``.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if self.inner.phase() == Phase::NotStarted {
            return mask_array(py, START_ID + 1, [START_ID]);
        }
        with_buffer(&MOVES, |v| {
            self.inner.legal_moves_into(v);
            mask_array(py, START_ID + 1, v.iter().copied().map(gyla::action_index))
        })
    }

    /// The legal moves in the game's order.
    ///
    /// ``("start",)`` before the start, the four suit names while trump is expected, else the
    /// legal cards of the seat to play in hand order.
    ///
    /// Returns:
    ///     The moves; empty after the game.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        legal_from(&self.inner, action_table(py))
    }

    /// The position after the ``index``-th legal move.
    ///
    /// Args:
    ///     index: Position in :meth:`legal_moves`.
    ///
    /// Returns:
    ///     The new state.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_INDEX`` when out of range.
    fn apply_index<'py>(
        slf: &Bound<'py, Self>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let next = apply_index(slf.py(), &slf.get().inner, index)?;
        Self::spawn(slf, next)
    }

    /// The position after the seat to move makes ``move`` (computer seats then move).
    ///
    /// Args:
    ///     move: ``"start"``, a suit name (``"hearts"``) while trump is expected, or a card.
    ///
    /// Returns:
    ///     The new state; ``self`` is unchanged.
    ///
    /// Raises:
    ///     GylaError: When the move is refused (see :data:`ERROR_CODES`).
    #[pyo3(signature = (r#move))]
    fn apply<'py>(
        slf: &Bound<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let Some(id) = action_id(r#move) else {
            // not a move of the action space: the engine's own checks give the refusal
            return slf.call_method1(pyo3::intern!(py, "_apply_other"), (r#move,));
        };
        let g = &slf.get().inner;
        let next = match move_of_id(id) {
            // a legal move is made as `apply_index` makes it
            Some(mv) if g.is_legal(mv) => listed(py, g, mv)?,
            _ => apply_id(py, g, id).map_err(|e| gyla_error(py, e))?,
        };
        Self::spawn(slf, next)
    }

    /// The view of ``seat`` (0-3, the engine's player ``seat + 1``): a JSON-ready dict of what
    /// that seat may know (``parlour.gyla.View``, ``docs/gyla.md``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not 0-3.
    fn view<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::view(seat.py(), &*self.inner, seat)
    }

    /// The view of ``seat`` as a float32 array of shape ``(307,)`` (``docs/gyla.md``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not 0-3.
    fn observation<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::observation(seat.py(), &*self.inner, seat)
    }

    /// A state consistent with everything ``seat`` has seen: the other three hands dealt anew
    /// (keeping their sizes, the voids shown, the public flags and the re-deal rule),
    /// uniformly, and a new seed for the rounds to come, from ``seed``.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` or ``INVALID_SEED``.
    fn resample<'py>(
        slf: &Bound<'py, Self>,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let next = crate::view::resample(slf.py(), &*slf.get().inner, seat, seed)?;
        Self::spawn(slf, Box::new(next))
    }
}

/// An `IllegalMoveError` of the engine as a `GylaError` (same code and message); any other
/// error unchanged.
fn gyla_error(py: Python<'_>, e: PyErr) -> PyErr {
    if !e.is_instance_of::<IllegalMoveError>(py) {
        return e;
    }
    let value = e.value(py);
    match (value.getattr("code"), value.getattr("message")) {
        (Ok(code), Ok(message)) => GylaError::new_err((code.unbind(), message.unbind())),
        _ => e,
    }
}

/// The fixed action space of the Python protocol: the 36 cards in canonical order, the four
/// trump suit names, then `start` (the table `GylaState.legal_moves` picks from).
#[pyfunction]
fn action_space(py: Python<'_>) -> Bound<'_, PyTuple> {
    action_table(py).clone()
}

/// The engine's canonical card order (the fixed action space's first 36 actions).
#[pyfunction]
fn canonical_deck() -> Vec<String> {
    cards(gyla::canonical_deck())
}

/// True when one of the hands holds all four 6s or all four 7s.
#[pyfunction]
fn triggers_redeal(hands: Vec<Vec<String>>) -> PyResult<bool> {
    let sets = hands
        .iter()
        .map(|h| {
            h.iter()
                .map(|t| Card::parse(t, Spelling::RankSuit))
                .collect::<Result<parlour_core::cards::CardSet, Error>>()
        })
        .collect::<Result<Vec<_>, Error>>();
    guarded(|| sets).map(|s| gyla::triggers_redeal(&s))
}

/// Register `parlour._core.gyla`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "gyla")?;
    m.add_class::<PyGyla>()?;
    m.add_class::<PyGylaState>()?;
    m.add_function(wrap_pyfunction!(action_space, &m)?)?;
    m.add_function(wrap_pyfunction!(canonical_deck, &m)?)?;
    m.add_function(wrap_pyfunction!(triggers_redeal, &m)?)?;
    super::add_submodule(parent, &m, "gyla")
}
