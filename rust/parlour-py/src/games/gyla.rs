//! `parlour._core.gyla`: Gyla's state, `parlour.gyla.GylaState`, one frozen, final class
//! holding the core position and the player and team names, with the whole protocol here. Its
//! notation is read and written in `parlour.gyla.notation`, over the `Parts` record; the engine
//! flow (`parlour.gyla.api`) calls the `_start`, `_apply_action` and `_deal_round` methods.

use crate::cards::card;
use crate::errors::{caught, config_err, guarded, to_py, InvalidStateError, NotationError};
use crate::fast::{mask_array, pick, with_buffer};
use crate::notation::Notation;
use parlour_core::cards::{Card, CardSet, Spelling, Suit, SIX};
use parlour_core::game::GameState;
use parlour_core::games::gyla::{
    self, ActionName, Code, Event, Gyla, GylaMove, GylaParts, NextAction, Phase,
};
use parlour_core::{Common, Error, ErrorKind};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple, PyType};
use std::cell::Cell;
use std::collections::HashMap;
use std::sync::OnceLock;

pyo3::import_exception!(parlour.gyla.api, GylaError);

/// `parlour.gyla.notation`: `Parts`, `read`, `write`.
static NOTATION: Notation = Notation::new("parlour.gyla.notation");

/// The position's parts as `parlour.gyla.notation.Parts` gives them (its fields by name).
#[derive(FromPyObject)]
struct Parts<'py> {
    scores: (i64, i64),
    round: i64,
    starter: i64,
    trump: Option<i64>,
    hands: [Vec<i64>; 4],
    plays: Vec<i64>,
    next_action: Option<(String, i64)>,
    ai: [bool; 4],
    seed: Bound<'py, PyAny>,
}

impl Parts<'_> {
    /// The core's parts; a value out of range is `INVALID_POSITION`.
    fn core(self) -> PyResult<GylaParts> {
        fn small<T: TryFrom<i64>>(v: i64, what: &str) -> PyResult<T> {
            T::try_from(v).map_err(|_| {
                InvalidStateError::new_err((
                    gyla::Code::InvalidPosition.as_str(),
                    format!("{what} {v} is out of range"),
                ))
            })
        }
        let cards = |v: Vec<i64>| v.into_iter().map(card).collect::<PyResult<Vec<Card>>>();
        let [h1, h2, h3, h4] = self.hands;
        let trump = match self.trump {
            None => None,
            Some(t) => Some(
                Suit::from_index(small(t, "trump")?)
                    .ok_or_else(|| config_err(Common::InvalidSuit, format!("{t} is not a suit")))?,
            ),
        };
        let next = match self.next_action {
            None => None,
            Some((name, player)) => Some(NextAction {
                name: match name.as_str() {
                    "assign_trump" => ActionName::AssignTrump,
                    "play_card" => ActionName::PlayCard,
                    _ => {
                        return Err(InvalidStateError::new_err((
                            gyla::Code::InvalidPosition.as_str(),
                            "the next action is assign_trump or play_card",
                        )))
                    }
                },
                player: small(player, "the next player")?,
            }),
        };
        Ok(GylaParts {
            scores: [
                small(self.scores.0, "score")?,
                small(self.scores.1, "score")?,
            ],
            round: small(self.round, "round")?,
            starter: small(self.starter, "starter")?,
            trump,
            hands: [cards(h1)?, cards(h2)?, cards(h3)?, cards(h4)?],
            plays: cards(self.plays)?,
            next,
            ai: self.ai,
            seed: crate::view::seed_arg(&self.seed)?,
        })
    }
}

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
        e.card.map(text),
        e.trump.map(Suit::letter),
        e.trick,
        e.winner,
        e.scores[0],
        e.scores[1],
    )
}

fn text(c: Card) -> String {
    c.format(Spelling::RankSuit)
}

fn texts(v: Vec<Card>) -> Vec<String> {
    v.into_iter().map(text).collect()
}

fn move_text(mv: GylaMove) -> String {
    match mv {
        GylaMove::Trump(s) => gyla::suit_name(s).to_string(),
        GylaMove::Play(c) => text(c),
    }
}

/// A refusal of the engine (an `IllegalMove` core error) as a `GylaError`; any other error as
/// its `parlour.errors` class.
fn gyla_err(e: Error) -> PyErr {
    if e.kind == ErrorKind::IllegalMove {
        GylaError::new_err((e.code, e.message))
    } else {
        to_py(e)
    }
}

/// The move id of `start` in the fixed action space of the protocol (after the 36 cards and
/// the four trumps).
const START_ID: usize = gyla::NUM_ACTIONS;

/// The moves of the fixed action space in order: the 36 cards in canonical order, the four
/// trump suit names, then `start`.
fn action_texts() -> impl Iterator<Item = String> {
    gyla::canonical_deck()
        .into_iter()
        .map(text)
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

/// The card or trump move of an action id (as `gyla::action_index`); None for `start`.
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

/// The moves of the fixed action space as interned Python strings (the move table of
/// `legal_moves`): the 36 cards in canonical order, the four trump suit names, then `start`.
fn action_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
    static TABLE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    let table = TABLE.get_or_try_init(py, || {
        let items: Vec<_> = action_texts().map(|t| PyString::intern(py, &t)).collect();
        PyTuple::new(py, items).map(Bound::unbind)
    })?;
    Ok(table.bind(py))
}

/// The Python records the class hands out, made once: the eight `NextAction` values and the
/// `Trick` class of `parlour.gyla.views`, and the default player and team names.
struct Records {
    next: Py<PyTuple>,
    trick: Py<PyType>,
    players: Py<PyTuple>,
    teams: Py<PyTuple>,
}

fn records(py: Python<'_>) -> PyResult<&Records> {
    static RECORDS: PyOnceLock<Records> = PyOnceLock::new();
    RECORDS.get_or_try_init(py, || {
        let views = py.import("parlour.gyla.views")?;
        let next_cls = views.getattr("NextAction")?;
        let mut next = Vec::with_capacity(8);
        for name in ["assign_trump", "play_card"] {
            for p in 1..=4u8 {
                next.push(next_cls.call1((name, p))?);
            }
        }
        Ok(Records {
            next: PyTuple::new(py, next)?.unbind(),
            trick: views.getattr("Trick")?.cast_into::<PyType>()?.unbind(),
            players: PyTuple::new(py, ["Player 1", "Player 2", "Player 3", "Player 4"])?.unbind(),
            teams: PyTuple::new(py, ["Team 1", "Team 2"])?.unbind(),
        })
    })
}

thread_local! {
    /// The legal moves of the position at hand (reused: no allocation per call).
    static MOVES: Cell<Vec<GylaMove>> = const { Cell::new(Vec::new()) };
}

/// A copy of `g` changed by `f`, run with the GIL released when computer seats may play on (for
/// whole rounds), else held; panics caught. Always inlined: on `apply_index`'s hot path.
#[inline(always)]
fn stepped(
    py: Python<'_>,
    g: &Gyla,
    f: impl FnOnce(&mut Gyla) -> Result<(), Error> + Send,
) -> Result<Box<Gyla>, Error> {
    // boxed: the position is copied once, and only the pointer moves on from here
    let mut next = Box::new(g.clone());
    let run = move || f(&mut next).map(|()| next);
    if g.ai().iter().any(|a| *a) {
        py.detach(|| caught(run))
    } else {
        caught(run)
    }
}

/// The position after `mv`, one of the listed moves; the computer seats then move.
#[inline]
fn listed(py: Python<'_>, g: &Gyla, mv: GylaMove) -> Result<Box<Gyla>, Error> {
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

/// The engine's `Start()` on a copy of `g`, without events.
fn start(py: Python<'_>, g: &Gyla) -> Result<Box<Gyla>, Error> {
    stepped(py, g, |g| g.start(&mut Vec::new()))
}

/// The engine's `Apply` of the expected action with `suit` or `card` (the engine's checks and
/// errors), without events; the computer seats then move.
fn engine_apply(
    py: Python<'_>,
    g: &Gyla,
    suit: Option<Suit>,
    card: Option<Card>,
) -> Result<Box<Gyla>, Error> {
    let (name, player) = g
        .next_action()
        .map_or(("", 0), |n| (n.name.as_str(), i64::from(n.player)));
    stepped(py, g, move |g| {
        g.apply_action_quiet(name, player, suit, card)
    })
}

/// A suit as `apply` reads it while trump is expected: a name (`"hearts"`), a letter (`"H"`)
/// or the engine's code (30); None for anything else.
fn suit_of(obj: &Bound<'_, PyAny>) -> Option<Suit> {
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_str().ok()?;
        return gyla::SUITS
            .iter()
            .copied()
            .find(|&x| gyla::suit_name(x) == s || (s.len() == 1 && s.starts_with(x.letter())));
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        return gyla::suit_from_code(obj.extract::<i64>().ok()?);
    }
    None
}

/// A seat number 1-4 given as a Python int (bools count as ints, as in Python), else None.
fn player_of(obj: &Bound<'_, PyAny>) -> Option<u8> {
    if !obj.is_instance_of::<PyInt>() {
        return None;
    }
    let p = obj.extract::<i64>().ok()?;
    u8::try_from(p).ok().filter(|p| (1..=4).contains(p))
}

/// A Gyla position (immutable): the whole game (scores, round, hands in order, tricks) and the
/// player and team names.
///
/// Create one with :func:`parlour.gyla.new_game`, :meth:`from_notation` or :meth:`from_parts`;
/// the engine flow functions of :mod:`parlour.gyla` return new states. It follows parlour's
/// uniform state protocol: moves are card strings (``"AH"``), trump suit names (``"hearts"``)
/// and ``"start"``; seats are 1-4; ``apply`` lets computer seats move afterwards, as the engine
/// does. Hashable (the hash is the Zobrist hash); equal states have equal names too.
#[pyclass(frozen, module = "parlour.gyla", name = "GylaState")]
pub struct PyGylaState {
    /// Boxed: a new position is made on the heap once and moves into its object as a pointer.
    inner: Box<Gyla>,
    players: Py<PyTuple>,
    teams: Py<PyTuple>,
}

impl PyGylaState {
    /// A state at `inner` with `self`'s names.
    fn with<'py>(&self, py: Python<'py>, inner: Box<Gyla>) -> PyResult<Bound<'py, Self>> {
        Bound::new(
            py,
            PyGylaState {
                inner,
                players: self.players.clone_ref(py),
                teams: self.teams.clone_ref(py),
            },
        )
    }

    /// A state at `inner` with the default names.
    fn unnamed(py: Python<'_>, inner: Gyla) -> PyResult<Bound<'_, Self>> {
        let t = records(py)?;
        Bound::new(
            py,
            PyGylaState {
                inner: Box::new(inner),
                players: t.players.clone_ref(py),
                teams: t.teams.clone_ref(py),
            },
        )
    }

    /// The state and the events of an engine-flow step.
    fn flow<'py>(
        &self,
        py: Python<'py>,
        f: impl FnOnce(&mut Gyla, &mut Vec<Event>) -> Result<(), Error> + Send,
    ) -> PyResult<(Bound<'py, Self>, Vec<EventTuple>)> {
        let mut g = Box::new(Gyla::clone(&self.inner));
        let run = move || {
            let mut ev = Vec::new();
            f(&mut g, &mut ev)?;
            Ok((g, ev))
        };
        let (g, ev) = py.detach(|| caught(run)).map_err(gyla_err)?;
        Ok((self.with(py, g)?, ev.iter().map(event_tuple).collect()))
    }
}

#[pymethods]
impl PyGylaState {
    /// A new game, not yet started, with checked names (``parlour.gyla.new_game``).
    #[staticmethod]
    fn _new<'py>(
        py: Python<'py>,
        seed: u64,
        ai: [bool; 4],
        players: Bound<'py, PyTuple>,
        teams: Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, Self>> {
        Bound::new(
            py,
            PyGylaState {
                inner: Box::new(Gyla::new(seed, ai)),
                players: players.unbind(),
                teams: teams.unbind(),
            },
        )
    }

    /// The position of ``parts`` (a :class:`parlour.gyla.notation.Parts`), with the default
    /// player and team names.
    ///
    /// Raises:
    ///     InvalidStateError: ``INVALID_POSITION`` when the parts cannot come from a game.
    ///     ConfigError: ``INVALID_CARD``, ``INVALID_SUIT`` or ``INVALID_SEED`` for a value that
    ///         is no card, suit or seed.
    ///     TypeError: If ``parts`` is not a ``Parts``.
    #[staticmethod]
    fn from_parts<'py>(parts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        let py = parts.py();
        let parts = NOTATION.check(parts)?.extract::<Parts<'py>>()?.core()?;
        Self::unnamed(py, guarded(|| Gyla::from_parts(&parts))?)
    }

    /// Parse a position in Gyla notation (player and team names take default values).
    ///
    /// Raises:
    ///     NotationError: ``INVALID_NOTATION`` for malformed or impossible text.
    #[staticmethod]
    fn from_notation<'py>(text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        let py = text.py();
        let parts = NOTATION.read(py, text)?;
        let parts = parts.extract::<Parts<'py>>()?.core()?;
        let g = caught(|| Gyla::from_parts(&parts)).map_err(|e| {
            if e.kind == ErrorKind::InvalidState && e.code == gyla::Code::InvalidPosition.as_str() {
                NotationError::new_err((Code::InvalidNotation.as_str(), e.message))
            } else {
                to_py(e)
            }
        })?;
        Self::unnamed(py, g)
    }

    /// A state from pickle: the notation and the names.
    #[staticmethod]
    fn _restore<'py>(
        text: &Bound<'py, PyAny>,
        players: Bound<'py, PyTuple>,
        teams: Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, Self>> {
        let py = text.py();
        let g = Self::from_notation(text)?;
        Bound::new(
            py,
            PyGylaState {
                inner: g.get().inner.clone(),
                players: players.unbind(),
                teams: teams.unbind(),
            },
        )
    }

    /// The position's parts, a :class:`parlour.gyla.notation.Parts`.
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let p = self.inner.parts();
        let idx = |v: &[Card]| PyTuple::new(py, v.iter().map(|c| c.index()));
        let [h1, h2, h3, h4] = &p.hands;
        let fields = (
            PyTuple::new(py, p.scores)?,
            p.round,
            p.starter,
            p.trump.map(Suit::index),
            PyTuple::new(py, [idx(h1)?, idx(h2)?, idx(h3)?, idx(h4)?])?,
            idx(&p.plays)?,
            p.next.map(|n| (n.name.as_str(), n.player)),
            PyTuple::new(py, p.ai)?,
            p.seed,
        );
        NOTATION.parts(py, fields.into_pyobject(py)?)
    }

    /// The position in Gyla notation (see :mod:`parlour.gyla.notation`).
    fn to_notation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        NOTATION.write(py, self.parts(py)?)
    }

    /// The player names of seats 1-4.
    #[getter]
    fn players(&self, py: Python<'_>) -> Py<PyTuple> {
        self.players.clone_ref(py)
    }

    /// The names of team 1 (seats 1 and 3) and team 2 (seats 2 and 4).
    #[getter]
    fn teams(&self, py: Python<'_>) -> Py<PyTuple> {
        self.teams.clone_ref(py)
    }

    /// Which seats the engine plays itself.
    #[getter]
    fn ai(&self) -> (bool, bool, bool, bool) {
        let a = self.inner.ai();
        (a[0], a[1], a[2], a[3])
    }

    /// The seed every round is dealt from.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// Game points (team 1, team 2).
    #[getter]
    fn scores(&self) -> (u16, u16) {
        let s = self.inner.scores();
        (s[0], s[1])
    }

    /// The round number, 0 before the game is started.
    #[getter]
    fn round(&self) -> u8 {
        self.inner.round()
    }

    /// The seat that assigns trump and leads trick 1 this round (None before the start).
    #[getter]
    fn starter(&self) -> Option<u8> {
        Some(self.inner.starter()).filter(|&s| s != 0)
    }

    /// This round's trump suit name (``"hearts"``), None while not assigned.
    #[getter]
    fn trump(&self) -> Option<&'static str> {
        self.inner.trump().map(gyla::suit_name)
    }

    /// The action expected next (a ``NextAction``), None before the start and after the game.
    #[getter]
    fn next_action<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(n) = self.inner.next_action() else {
            return Ok(None);
        };
        let row = match n.name {
            ActionName::AssignTrump => 0,
            ActionName::PlayCard => 4,
        };
        let i = row + usize::from(n.player.clamp(1, 4) - 1);
        Ok(Some(records(py)?.next.bind(py).get_item(i)?))
    }

    /// ``not_started``, ``assign_trump``, ``play_card`` or ``over``.
    #[getter]
    fn phase(&self) -> &'static str {
        match self.inner.phase() {
            Phase::NotStarted => "not_started",
            Phase::AssignTrump => "assign_trump",
            Phase::Play => "play_card",
            Phase::Over => "over",
        }
    }

    /// The winning team (1 or 2) of a finished game, else None.
    #[getter]
    fn winner(&self) -> Option<u8> {
        self.inner.winning_team()
    }

    /// Tricks won this round (team 1, team 2).
    #[getter]
    fn tricks_won(&self) -> (u8, u8) {
        let s = self.inner.tricks_won();
        (s[0], s[1])
    }

    /// The engine's informational flag: the starter held the six of trumps.
    #[getter]
    fn trumped_with_six(&self) -> bool {
        self.inner.trumped_with_six()
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

    /// Seat ``player``'s cards in hand order (empty for other numbers), e.g. ``("6S", "AC")``.
    fn hand<'py>(&self, player: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let cards = player_of(player).map_or_else(Vec::new, |p| self.inner.hand(p));
        PyTuple::new(player.py(), texts(cards))
    }

    /// This round's tricks so far (``Trick`` records), the last one possibly incomplete.
    fn tricks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let trick = records(py)?.trick.bind(py);
        let mut out = Vec::new();
        for (k, (leader, cards, winner)) in self.inner.tricks().into_iter().enumerate() {
            let played = cards.into_iter().enumerate().map(|(i, c)| {
                #[allow(clippy::cast_possible_truncation)]
                let seat = (leader + 3 + i as u8) % 4 + 1;
                (seat, text(c))
            });
            let played = PyTuple::new(py, played)?;
            out.push(trick.call1((k + 1, leader, played, winner))?);
        }
        PyTuple::new(py, out)
    }

    /// Per-seat returns: the game points of each seat's team, seat 1 first.
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut r = [0f32; 4];
        self.inner.returns_into(&mut r);
        PyTuple::new(py, r.map(f64::from))
    }

    /// The legal moves as a boolean mask over ``ACTION_SPACE`` (41 actions).
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

    /// The legal moves in the game's order: ``("start",)`` before the start, the four suit
    /// names while trump is expected, else the legal cards of the seat to play in hand order;
    /// empty after the game.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let table = action_table(py)?;
        if self.inner.phase() == Phase::NotStarted {
            return pick(table, [START_ID]);
        }
        with_buffer(&MOVES, |v| {
            self.inner.legal_moves_into(v);
            pick(table, v.iter().copied().map(gyla::action_index))
        })
    }

    /// The position after the ``index``-th legal move (computer seats then move).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_INDEX`` when ``index`` is not an int in range.
    fn apply_index<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        let py = index.py();
        let g = &*self.inner;
        let i = if index.is_instance_of::<PyInt>() && !index.is_instance_of::<PyBool>() {
            index.extract::<usize>().ok()
        } else {
            None
        };
        let next = match (i, g.phase()) {
            (Some(0), Phase::NotStarted) => start(py, g),
            (Some(i), Phase::AssignTrump | Phase::Play) => match g.nth_legal(i) {
                Some(mv) => listed(py, g, mv),
                None => return Err(bad_index(g, index)),
            },
            _ => return Err(bad_index(g, index)),
        };
        self.with(py, next.map_err(to_py)?)
    }

    /// The position after the seat to move makes ``move`` (computer seats then move):
    /// ``"start"``, a suit name (``"hearts"``) while trump is expected, or a card.
    ///
    /// Raises:
    ///     GylaError: When the engine refuses the move (see ``ERROR_CODES``); ``self`` is
    ///         unchanged.
    #[pyo3(signature = (r#move))]
    fn apply<'py>(&self, r#move: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        let py = r#move.py();
        let g = &*self.inner;
        let next = match action_id(r#move) {
            Some(START_ID) => start(py, g),
            Some(id) => match move_of_id(id) {
                // a legal move is made as `apply_index` makes it
                Some(mv) if g.is_legal(mv) => listed(py, g, mv),
                Some(GylaMove::Play(c)) => engine_apply(py, g, None, Some(c)),
                Some(GylaMove::Trump(s)) => engine_apply(py, g, Some(s), None),
                None => engine_apply(py, g, None, None),
            },
            // not a move of the action space: the engine's own checks give the refusal
            None => {
                let card = r#move
                    .cast::<PyString>()
                    .ok()
                    .and_then(|s| Card::parse(s.to_str().ok()?, Spelling::RankSuit).ok());
                engine_apply(py, g, suit_of(r#move), card)
            }
        };
        self.with(py, next.map_err(gyla_err)?)
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
        &self,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, Self>> {
        let py = seat.py();
        let next = crate::view::resample(py, &*self.inner, seat, seed)?;
        self.with(py, Box::new(next))
    }

    /// The engine's ``Start()``: the new state and the raw events (``parlour.gyla.start``).
    fn _start<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, Self>, Vec<EventTuple>)> {
        self.flow(py, |g, ev| g.start(ev))
    }

    /// The engine's ``Apply(action)`` (``parlour.gyla.apply``): ``suit`` is a suit letter
    /// (``assign_trump``), ``card`` a card in rank-suit spelling (``play_card``); None or
    /// anything else is an invalid suit / card.
    #[pyo3(signature = (name, player, suit = None, card = None))]
    fn _apply_action<'py>(
        &self,
        py: Python<'py>,
        name: &str,
        player: i64,
        suit: Option<&str>,
        card: Option<&str>,
    ) -> PyResult<(Bound<'py, Self>, Vec<EventTuple>)> {
        let suit = suit
            .filter(|s| s.len() == 1)
            .and_then(|s| s.chars().next())
            .filter(char::is_ascii_uppercase)
            .and_then(Suit::from_letter);
        let card = card.and_then(|t| Card::parse(t, Spelling::RankSuit).ok());
        let name = name.to_string();
        self.flow(py, move |g, ev| {
            g.apply_action(&name, player, suit, card, ev)
        })
    }

    /// Start the current round from explicit hands (``parlour.gyla.deal_round``, which checks
    /// the starter's type; the core checks its range).
    #[pyo3(signature = (hands, starter = None))]
    fn _deal_round<'py>(
        &self,
        py: Python<'py>,
        hands: Vec<Vec<String>>,
        starter: Option<u8>,
    ) -> PyResult<(Bound<'py, Self>, Vec<EventTuple>)> {
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
        self.flow(py, move |g, ev| g.deal_round(&parsed, starter, ev))
    }

    /// The legal cards of ``player`` (1-4) in hand order (``parlour.gyla.legal_cards``).
    fn _legal_cards(&self, player: u8) -> Vec<String> {
        texts(self.inner.legal_cards(player))
    }

    /// The leader of each trick started this round.
    fn _leaders(&self) -> Vec<u8> {
        self.inner.leaders()
    }

    /// The computer player's move now (suit name or card), or None.
    fn _computer_move(&self) -> Option<String> {
        self.inner.computer_choice().map(move_text)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(o) = other.cast::<PyGylaState>() else {
            return Ok(false);
        };
        let py = other.py();
        let o = o.get();
        Ok(o.inner == self.inner
            && o.players.bind(py).eq(self.players.bind(py))?
            && o.teams.bind(py).eq(self.teams.bind(py))?)
    }

    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "GylaState.from_notation({})",
            self.to_notation(py)?.repr()?
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        let restore = slf.get_type().getattr(intern!(py, "_restore"))?;
        let args = (
            this.to_notation(py)?,
            this.players.clone_ref(py),
            this.teams.clone_ref(py),
        );
        PyTuple::new(py, [restore, args.into_pyobject(py)?.into_any()])
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

/// `INVALID_INDEX` for an `apply_index` argument that is no legal move's index.
fn bad_index(g: &Gyla, index: &Bound<'_, PyAny>) -> PyErr {
    let len = if g.phase() == Phase::NotStarted {
        1
    } else {
        let mut v = Vec::new();
        g.legal_moves_into(&mut v);
        v.len()
    };
    config_err(
        Code::InvalidIndex,
        format!("move index {index:?} out of range 0..{len}"),
    )
}

/// The fixed action space of the protocol: the 36 cards in canonical order, the four trump
/// suit names, then `start` (the table `GylaState.legal_moves` picks from).
#[pyfunction]
fn action_space(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    Ok(action_table(py)?.clone())
}

/// The engine's canonical card order (the fixed action space's first 36 actions).
#[pyfunction]
fn canonical_deck() -> Vec<String> {
    texts(gyla::canonical_deck())
}

/// True when one of the hands holds all four 6s or all four 7s.
#[pyfunction]
fn triggers_redeal(hands: Vec<Vec<String>>) -> PyResult<bool> {
    let sets = hands
        .iter()
        .map(|h| {
            h.iter()
                .map(|t| Card::parse(t, Spelling::RankSuit))
                .collect::<Result<CardSet, Error>>()
        })
        .collect::<Result<Vec<_>, Error>>();
    guarded(|| sets).map(|s| gyla::triggers_redeal(&s))
}

/// Register `parlour._core.gyla`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "gyla")?;
    m.add_class::<PyGylaState>()?;
    m.add_function(wrap_pyfunction!(action_space, &m)?)?;
    m.add_function(wrap_pyfunction!(canonical_deck, &m)?)?;
    m.add_function(wrap_pyfunction!(triggers_redeal, &m)?)?;
    super::add_submodule(parent, &m, "gyla")
}
