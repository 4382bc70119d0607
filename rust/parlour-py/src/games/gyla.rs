//! `parlour._core.gyla`: Gyla's state, `parlour.gyla.GylaState`, one frozen, final class
//! holding the core position and the player and team names. The protocol comes from
//! [`crate::state`] (seats 1-4 in `to_move`; `start` is a move; computer seats move after
//! every move); the notation is read and written in `parlour.gyla.notation`, over the `Parts`
//! record; the engine flow (`parlour.gyla.api`) calls `_start`, `_apply_action` and
//! `_deal_round`, whose events are the core's records.

use crate::cards::card;
use crate::errors::{caught, config_err, guarded, to_py, InvalidStateError, NotationError};
use crate::notation::Notation;
use crate::state::{StateClass, KEPT};
use parlour_core::cards::{Card, CardSet, Spelling, Suit};
use parlour_core::games::gyla::{self, ActionName, Code, Event, Gyla, GylaMove, GylaParts};
use parlour_core::lazy::{LazyMoves, Packed};
use parlour_core::view::Value;
use parlour_core::{Common, Error, ErrorKind};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};
use std::cell::Cell;

pyo3::import_exception!(parlour.gyla.api, GylaError);

/// `parlour.gyla.notation`: `Parts`, `read`, `write`.
static NOTATION: Notation = Notation::new("parlour.gyla.notation");

thread_local! {
    static MOVES: Cell<Vec<GylaMove>> = const { Cell::new(Vec::new()) };
}

/// The position's parts as `parlour.gyla.notation.Parts` gives them (its fields by name).
#[derive(FromPyObject)]
struct Parts<'py> {
    scores: [i64; 2],
    round: i64,
    starter: i64,
    trump: Option<i64>,
    hands: [Vec<i64>; 4],
    plays: Vec<i64>,
    next_action: Option<(String, i64)>,
    ai: [bool; 4],
    seed: Bound<'py, PyAny>,
}

/// `v` as a `T`; a value out of range is `INVALID_POSITION`.
fn small<T: TryFrom<i64>>(v: i64, what: &str) -> PyResult<T> {
    T::try_from(v).map_err(|_| {
        InvalidStateError::new_err((
            Code::InvalidPosition.as_str(),
            format!("{what} {v} is out of range"),
        ))
    })
}

/// A suit given by its lane (`parlour.cards`); `INVALID_SUIT` otherwise. (A helper that
/// whist's binding needs too.)
fn suit(lane: i64) -> PyResult<Suit> {
    u8::try_from(lane)
        .ok()
        .and_then(Suit::from_index)
        .ok_or_else(|| config_err(Common::InvalidSuit, format!("{lane} is not a suit")))
}

impl Parts<'_> {
    /// The core's parts.
    fn core(self) -> PyResult<GylaParts> {
        let cards = |v: &[i64]| v.iter().map(|&c| card(c)).collect::<PyResult<Vec<Card>>>();
        let [h1, h2, h3, h4] = &self.hands;
        let next = match self.next_action {
            None => None,
            Some((name, player)) => Some(gyla::NextAction {
                name: match name.as_str() {
                    "assign_trump" => ActionName::AssignTrump,
                    "play_card" => ActionName::PlayCard,
                    _ => {
                        return Err(InvalidStateError::new_err((
                            Code::InvalidPosition.as_str(),
                            "the next action is assign_trump or play_card",
                        )))
                    }
                },
                player: small(player, "the next player")?,
            }),
        };
        Ok(GylaParts {
            scores: [
                small(self.scores[0], "score")?,
                small(self.scores[1], "score")?,
            ],
            round: small(self.round, "round")?,
            starter: small(self.starter, "starter")?,
            trump: self.trump.map(suit).transpose()?,
            hands: [cards(h1)?, cards(h2)?, cards(h3)?, cards(h4)?],
            plays: cards(&self.plays)?,
            next,
            ai: self.ai,
            seed: crate::view::seed_arg(&self.seed)?,
        })
    }
}

/// The move table: every move's text, interned, at its [`Packed::pack`] (the fixed action
/// space: the 36 cards in canonical order, the four trump suit names, then `start`).
fn action_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
    static TABLE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    let table = TABLE.get_or_try_init(py, || {
        let ids = 0..u16::try_from(gyla::NUM_ACTIONS).unwrap_or(0);
        let texts = ids.map(|id| PyString::intern(py, &GylaMove::unpack(id).text()));
        PyTuple::new(py, texts.collect::<Vec<_>>()).map(Bound::unbind)
    })?;
    Ok(table.bind(py))
}

/// The table's text of each card, in order.
fn texts<'py>(py: Python<'py>, cards: &[Card]) -> PyResult<Bound<'py, PyTuple>> {
    let ids = cards.iter().map(|&c| usize::from(GylaMove::Play(c).pack()));
    crate::fast::pick(action_table(py)?, ids)
}

/// The record classes of `parlour.gyla.views` the class hands out: `NextAction`, `Trick`.
const RECORDS: [&str; 2] = ["NextAction", "Trick"];

/// `RECORDS[i]`, looked up once.
fn record(py: Python<'_>, i: usize) -> PyResult<Bound<'_, PyAny>> {
    static CLASSES: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
    let classes = CLASSES.get_or_try_init(py, || {
        let views = py.import("parlour.gyla.views")?;
        RECORDS
            .iter()
            .map(|&n| Ok(views.getattr(n)?.unbind()))
            .collect::<PyResult<_>>()
    })?;
    Ok(classes[i].bind(py).clone())
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

/// A copy of `g` changed by `f`, panics caught, with the GIL released when computer seats may
/// play on (for whole rounds); a refusal is a `GylaError`.
fn stepped(
    py: Python<'_>,
    g: &Gyla,
    f: impl FnOnce(&mut Gyla) -> Result<(), Error> + Send,
) -> PyResult<Gyla> {
    let mut next = g.clone();
    let run = move || f(&mut next).map(|()| next);
    if g.ai().contains(&true) {
        py.detach(|| caught(run))
    } else {
        caught(run)
    }
    .map_err(gyla_err)
}

/// A suit as `apply` reads it while trump is expected: a name (`"hearts"`), a letter (`"H"`)
/// or the engine's code (30); None for anything else.
fn suit_of(obj: &Bound<'_, PyAny>) -> Option<Suit> {
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_str().ok()?;
        return gyla::SUITS
            .into_iter()
            .find(|&x| gyla::suit_name(x) == s || (s.len() == 1 && s.starts_with(x.letter())));
    }
    if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>() {
        return gyla::suit_from_code(obj.extract::<i64>().ok()?);
    }
    None
}

/// A Gyla position (immutable): the whole game (scores, round, hands in order, tricks) and the
/// player and team names.
///
/// Create one with :func:`parlour.gyla.new_game`, :meth:`from_notation` or :meth:`from_parts`;
/// the engine flow functions of :mod:`parlour.gyla` return new states. It follows parlour's
/// uniform state protocol: moves are card strings (``"AH"``), trump suit names (``"hearts"``)
/// and ``"start"``; seats are 1-4; ``apply`` lets computer seats move afterwards, as the engine
/// does. Hashable; equal states have equal names too.
#[pyclass(frozen, module = "parlour.gyla", name = "GylaState")]
pub struct PyGylaState {
    inner: Gyla,
    kept: LazyMoves<KEPT>,
    players: Py<PyTuple>,
    teams: Py<PyTuple>,
}

impl PyGylaState {
    /// A state at `inner` with the default names.
    fn unnamed(py: Python<'_>, inner: Gyla) -> PyResult<Bound<'_, Self>> {
        let players = PyTuple::new(py, ["Player 1", "Player 2", "Player 3", "Player 4"])?;
        let teams = PyTuple::new(py, ["Team 1", "Team 2"])?;
        Self::named(inner, players, teams)
    }

    /// A state at `inner` with the names `players` and `teams`.
    fn named<'py>(
        inner: Gyla,
        players: Bound<'py, PyTuple>,
        teams: Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, Self>> {
        let py = players.py();
        let (players, teams) = (players.unbind(), teams.unbind());
        let kept = LazyMoves::new();
        Bound::new(
            py,
            PyGylaState {
                inner,
                kept,
                players,
                teams,
            },
        )
    }

    /// The state and the events (the core's records, which `parlour.gyla.api` makes
    /// `GylaEvent`s) of an engine-flow step.
    fn flow<'py>(
        &self,
        py: Python<'py>,
        f: impl FnOnce(&mut Gyla, &mut Vec<Event>) -> Result<(), Error> + Send,
    ) -> PyResult<(Bound<'py, Self>, Bound<'py, PyAny>)> {
        let mut g = self.inner.clone();
        let mut events = Vec::new();
        py.detach(|| caught(|| f(&mut g, &mut events)))
            .map_err(gyla_err)?;
        let events = Value::List(events.iter().map(Event::value).collect());
        let next = Bound::new(py, self.with_core(py, g, None)?)?;
        Ok((next, crate::view::to_py(py, &events)?))
    }
}

impl StateClass for PyGylaState {
    type Core = Gyla;
    const ACTIONS: usize = gyla::NUM_ACTIONS;

    fn core(&self) -> &Gyla {
        &self.inner
    }
    fn kept(&self) -> &LazyMoves<KEPT> {
        &self.kept
    }
    fn buffer() -> &'static std::thread::LocalKey<Cell<Vec<GylaMove>>> {
        &MOVES
    }
    fn move_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
        action_table(py)
    }
    fn action(mv: GylaMove) -> usize {
        gyla::action_index(mv)
    }
    fn with_core(&self, py: Python<'_>, core: Gyla, _: Option<GylaMove>) -> PyResult<Self> {
        Ok(PyGylaState {
            inner: core,
            kept: LazyMoves::new(),
            players: self.players.clone_ref(py),
            teams: self.teams.clone_ref(py),
        })
    }
    /// A move that is not one of `legal_moves()`' own strings: a legal move's text is made as
    /// `apply_index` makes it; anything else goes to the engine flow (`start`, or the expected
    /// action with the suit or card read from `obj`), whose checks give the refusal.
    fn apply_other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        let text = obj.cast::<PyString>().ok().and_then(|s| s.to_str().ok());
        let listed = self
            .moves()
            .iter()
            .find(|m| Some(m.text().as_str()) == text);
        if let Some(mv) = listed {
            return self.play(py, mv, true);
        }
        let (suit, card) = (
            suit_of(obj),
            text.and_then(|t| Card::parse(t, Spelling::RankSuit).ok()),
        );
        let (name, player) = self
            .inner
            .next_action()
            .map_or(("", 0), |n| (n.name.as_str(), i64::from(n.player)));
        let start = text == Some("start");
        let g = stepped(py, &self.inner, move |g| {
            if start {
                g.start(&mut Vec::new())
            } else {
                g.apply_action_quiet(name, player, suit, card)
            }
        })?;
        self.with_core(py, g, None)
    }
    fn same(&self, py: Python<'_>, other: &Self) -> PyResult<bool> {
        Ok(self.inner == other.inner
            && self.players.bind(py).eq(other.players.bind(py))?
            && self.teams.bind(py).eq(other.teams.bind(py))?)
    }

    /// The seat (1-4) expected to act.
    fn to_move(&self) -> Option<u8> {
        self.inner.next_action().map(|n| n.player)
    }
    /// The move, then the computer seats move.
    fn play(&self, py: Python<'_>, mv: GylaMove, listed: bool) -> PyResult<Self> {
        let g = stepped(py, &self.inner, move |g| g.play_flow(mv, listed))?;
        self.with_core(py, g, Some(mv))
    }
    /// `INVALID_INDEX`, a `ConfigError`.
    fn index_error(&self, index: &Bound<'_, PyAny>, len: usize) -> PyErr {
        config_err(
            Code::InvalidIndex,
            format!("move index {index:?} out of range 0..{len}"),
        )
    }
    /// `(cls._restore, (text, players, teams))`.
    fn reduce<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let restore = slf.get_type().getattr(intern!(py, "_restore"))?;
        let (players, teams) = (&slf.get().players, &slf.get().teams);
        let args = (slf.get().to_notation(py)?, players, teams).into_pyobject(py)?;
        PyTuple::new(py, [restore, args.into_any()])
    }
}

crate::protocol!(PyGylaState);

crate::fields!(PyGylaState {
    /// The player names of seats 1-4.
    players: Py<PyTuple> = |s, py| s.players.clone_ref(py);
    /// The names of team 1 (seats 1 and 3) and team 2 (seats 2 and 4).
    teams: Py<PyTuple> = |s, py| s.teams.clone_ref(py);
    /// Which seats the engine plays itself.
    ai: Bound<'py, PyTuple> = |s, py| PyTuple::new(py, s.inner.ai())?;
    /// The seed every round is dealt from.
    seed: u64 = |s, py| s.inner.seed();
    /// Game points (team 1, team 2).
    scores: Bound<'py, PyTuple> = |s, py| PyTuple::new(py, s.inner.scores())?;
    /// The round number, 0 before the game is started.
    round: u8 = |s, py| s.inner.round();
    /// The seat that assigns trump and leads trick 1 this round (None before the start).
    starter: Option<u8> = |s, py| Some(s.inner.starter()).filter(|&p| p != 0);
    /// This round's trump suit name (``"hearts"``), None while not assigned.
    trump: Option<&'static str> = |s, py| s.inner.trump().map(gyla::suit_name);
    /// The action expected next (a ``NextAction``), None before the start and after the game.
    next_action: Option<Bound<'py, PyAny>> = |s, py| match s.inner.next_action() {
        Some(n) => Some(record(py, 0)?.call1((n.name.as_str(), n.player))?),
        None => None,
    };
    /// ``not_started``, ``assign_trump``, ``play_card`` or ``over``.
    phase: &'static str = |s, py| s.inner.phase().as_str();
    /// The winning team (1 or 2) of a finished game, else None.
    winner: Option<u8> = |s, py| s.inner.winning_team();
    /// Tricks won this round (team 1, team 2).
    tricks_won: Bound<'py, PyTuple> = |s, py| PyTuple::new(py, s.inner.tricks_won())?;
    /// The engine's informational flag: the starter held the six of trumps.
    trumped_with_six: bool = |s, py| s.inner.trumped_with_six();
});

#[pymethods]
impl PyGylaState {
    /// A new game, not yet started, with checked names (``parlour.gyla.new_game``).
    #[staticmethod]
    fn _new<'py>(
        seed: u64,
        ai: [bool; 4],
        players: Bound<'py, PyTuple>,
        teams: Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, Self>> {
        Self::named(Gyla::new(seed, ai), players, teams)
    }

    /// A state from pickle: the notation and the names.
    #[staticmethod]
    fn _restore<'py>(
        text: &Bound<'py, PyAny>,
        players: Bound<'py, PyTuple>,
        teams: Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, Self>> {
        let g = Self::from_notation(text)?.get().inner.clone();
        Self::named(g, players, teams)
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
        let parts = NOTATION.read(py, text)?.extract::<Parts<'py>>()?.core()?;
        let g = caught(|| Gyla::from_parts(&parts)).map_err(|e| {
            if e.code == Code::InvalidPosition.as_str() {
                NotationError::new_err((Code::InvalidNotation.as_str(), e.message))
            } else {
                to_py(e)
            }
        })?;
        Self::unnamed(py, g)
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
            (idx(h1)?, idx(h2)?, idx(h3)?, idx(h4)?),
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

    /// Seat ``player``'s cards in hand order (empty for other numbers), e.g. ``("6S", "AC")``.
    fn hand<'py>(&self, player: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let p = player
            .extract::<i64>()
            .ok()
            .filter(|_| player.is_instance_of::<PyInt>());
        let cards = p
            .and_then(|p| u8::try_from(p).ok())
            .map_or_else(Vec::new, |p| self.inner.hand(p));
        texts(player.py(), &cards)
    }

    /// This round's tricks so far (``Trick`` records), the last one possibly incomplete.
    fn tricks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let trick = record(py, 1)?;
        let mut out = Vec::new();
        for (k, (leader, cards, winner)) in self.inner.tricks().into_iter().enumerate() {
            let seats = (0..4u8).map(|i| (leader + 3 + i) % 4 + 1);
            let table = texts(py, &cards)?;
            let played = PyTuple::new(py, seats.zip(table.iter()))?;
            out.push(trick.call1((k + 1, leader, played, winner))?);
        }
        PyTuple::new(py, out)
    }

    /// The engine's ``Start()``: the new state and the events (``parlour.gyla.start``).
    fn _start<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, Self>, Bound<'py, PyAny>)> {
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
    ) -> PyResult<(Bound<'py, Self>, Bound<'py, PyAny>)> {
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
    ) -> PyResult<(Bound<'py, Self>, Bound<'py, PyAny>)> {
        let hands = guarded(|| gyla::rules::parse_deal(&hands))?;
        self.flow(py, move |g, ev| g.deal_round(&hands, starter, ev))
    }

    /// The legal cards of ``player`` (1-4) in hand order (``parlour.gyla.legal_cards``).
    fn _legal_cards<'py>(&self, py: Python<'py>, player: u8) -> PyResult<Bound<'py, PyTuple>> {
        texts(py, &self.inner.legal_cards(player))
    }

    /// The leader of each trick started this round.
    fn _leaders(&self) -> Vec<u8> {
        self.inner.leaders()
    }

    /// The computer player's move now (suit name or card), or None.
    fn _computer_move<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let table = action_table(py)?;
        let mv = self.inner.computer_choice();
        mv.map(|m| table.get_item(usize::from(m.pack())))
            .transpose()
    }
}

/// The fixed action space of the protocol: the 36 cards in canonical order, the four trump
/// suit names, then `start` (the table `GylaState.legal_moves` picks from).
#[pyfunction]
fn action_space(py: Python<'_>) -> PyResult<Bound<'_, PyTuple>> {
    Ok(action_table(py)?.clone())
}

/// The engine's canonical card order (the fixed action space's first 36 actions).
#[pyfunction]
fn canonical_deck(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    Ok(action_table(py)?.get_slice(0, 36).to_list().into_any())
}

/// True when one of the hands holds all four 6s or all four 7s.
#[pyfunction]
fn triggers_redeal(hands: Vec<Vec<String>>) -> PyResult<bool> {
    let set = |h: &Vec<String>| {
        h.iter()
            .map(|t| Card::parse(t, Spelling::RankSuit))
            .collect()
    };
    let sets = hands
        .iter()
        .map(set)
        .collect::<Result<Vec<CardSet>, Error>>();
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
