//! `parlour._core.gyla`: Gyla's state, `parlour.gyla.GylaState`, the core position and the
//! player and team names, with the protocol of [`crate::state`] (seats 1-4 in `to_move`;
//! `start` is a move; computer seats move after every move). `parlour.gyla.notation` reads and
//! writes the notation; `parlour.gyla.api` runs the engine flow through `_flow`.

use crate::cards::card;
use crate::errors::{caught, config_err, guarded, to_py, NotationError};
use crate::notation::Notation;
use crate::state::{PartsClass, StateClass, KEPT};
use parlour_core::cards::{Card, Suit};
use parlour_core::games::gyla::{self, Code, Event, Flow, Gyla, GylaMove, GylaParts, NextAction};
use parlour_core::lazy::{LazyMoves, Packed};
use parlour_core::view::Value;
use parlour_core::{Common, Error, ErrorKind};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};

pyo3::import_exception!(parlour.gyla.api, GylaError);

/// `parlour.gyla.notation`: `Parts`, `read`, `write`.
static NOTATION: Notation = Notation::new("parlour.gyla.notation");

/// The position's parts as `parlour.gyla.notation.Parts` gives them (its fields by name).
#[derive(FromPyObject)]
struct Parts<'py> {
    scores: [u16; 2],
    round: u8,
    starter: u8,
    trump: Option<i64>,
    hands: [Vec<i64>; 4],
    plays: Vec<i64>,
    next_action: Option<(String, u8)>,
    ai: [bool; 4],
    seed: Bound<'py, PyAny>,
}

/// A suit given by its lane (`parlour.cards`), else `INVALID_SUIT` (a helper whist's binding
/// needs too).
fn suit(lane: i64) -> PyResult<Suit> {
    let s = u8::try_from(lane).ok().and_then(Suit::from_index);
    s.ok_or_else(|| config_err(Common::InvalidSuit, format!("{lane} is not a suit")))
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

/// The cards' texts, from the move table.
fn texts<'py>(py: Python<'py>, cards: &[Card]) -> PyResult<Bound<'py, PyTuple>> {
    let ids = cards.iter().map(|&c| usize::from(GylaMove::Play(c).pack()));
    crate::fast::pick(action_table(py)?, ids)
}

/// A copy of `g` changed by `f`, with what `f` returns: panics caught, the GIL released when
/// computer seats may play on (whole rounds); a refusal of the engine is a `GylaError`.
fn stepped<T: Send>(
    py: Python<'_>,
    g: &Gyla,
    f: impl FnOnce(&mut Gyla) -> Result<T, Error> + Send,
) -> PyResult<(Gyla, T)> {
    let mut next = g.clone();
    let run = move || f(&mut next).map(|t| (next, t));
    let done = if g.ai().contains(&true) {
        py.detach(|| caught(run))
    } else {
        caught(run)
    };
    done.map_err(|e| match e.kind {
        ErrorKind::IllegalMove => GylaError::new_err((e.code, e.message)),
        _ => to_py(e),
    })
}

/// A Gyla position (immutable): the whole game and the player and team names. Moves are cards
/// (``"AH"``), suit names (``"hearts"``) and ``"start"``; seats are 1-4; computer seats move
/// after every move, as in the engine. See ``parlour.gyla``.
#[pyclass(frozen, module = "parlour.gyla", name = "GylaState")]
pub struct PyGylaState {
    inner: Gyla,
    kept: LazyMoves<KEPT>,
    /// `(players, teams)`: the player names of seats 1-4 and the names of teams 1 and 2.
    names: Py<PyTuple>,
}

impl PyGylaState {
    /// A state at `inner` with the names `(players, teams)`.
    fn of(inner: Gyla, names: Py<PyTuple>) -> Self {
        let kept = LazyMoves::new();
        PyGylaState { inner, kept, names }
    }
}

impl StateClass for PyGylaState {
    crate::holds!(Gyla, inner);
    const ACTIONS: usize = gyla::NUM_ACTIONS;

    fn move_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
        action_table(py)
    }
    fn action(mv: GylaMove) -> usize {
        gyla::action_index(mv)
    }
    fn with_core(&self, py: Python<'_>, core: Gyla, _: Option<GylaMove>) -> PyResult<Self> {
        Ok(Self::of(core, self.names.clone_ref(py)))
    }
    /// A string (or an engine suit code) the core reads: `Gyla::apply_text`.
    fn apply_other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        let text = obj.cast::<PyString>().ok().and_then(|s| s.to_str().ok());
        let int = obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyBool>();
        let code = obj.extract::<i64>().ok().filter(|_| int);
        let (g, ()) = stepped(py, &self.inner, |g| g.apply_text(text, code))?;
        self.with_core(py, g, None)
    }
    fn same(&self, py: Python<'_>, other: &Self) -> PyResult<bool> {
        Ok(self.inner == other.inner && self.names.bind(py).eq(other.names.bind(py))?)
    }

    /// The seat (1-4) expected to act.
    fn to_move(&self) -> Option<u8> {
        self.inner.next_action().map(|n| n.player)
    }
    /// The move, then the computer seats move.
    fn play(&self, py: Python<'_>, mv: GylaMove, listed: bool) -> PyResult<Self> {
        let (g, ()) = stepped(py, &self.inner, |g| g.play_flow(mv, listed))?;
        self.with_core(py, g, Some(mv))
    }
    /// `INVALID_INDEX`, a `ConfigError`.
    fn index_error(&self, index: &Bound<'_, PyAny>, len: usize) -> PyErr {
        let message = format!("move index {index:?} out of range 0..{len}");
        config_err(Code::InvalidIndex, message)
    }
    /// `(cls._restore, (text, players, teams))`.
    fn reduce<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let (py, s) = (slf.py(), slf.get());
        let restore = slf.get_type().getattr(intern!(py, "_restore"))?;
        let (players, teams) = s.names.extract::<(Py<PyAny>, Py<PyAny>)>(py)?;
        let args = (s.to_notation(py)?, players, teams).into_pyobject(py)?;
        PyTuple::new(py, [restore, args.into_any()])
    }
}

crate::protocol!(PyGylaState);

impl PartsClass for PyGylaState {
    fn notation() -> &'static Notation {
        &NOTATION
    }
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
    /// The position of `parts` with the default names.
    fn from_parts(parts: &Bound<'_, PyAny>) -> PyResult<Self> {
        let (py, p) = (parts.py(), parts.extract::<Parts<'_>>()?);
        let cards = |v: &[i64]| v.iter().map(|&c| card(c)).collect::<PyResult<Vec<Card>>>();
        let next = |(name, player): (String, u8)| guarded(|| NextAction::parse(&name, player));
        let [h1, h2, h3, h4] = &p.hands;
        let core = GylaParts {
            scores: p.scores,
            round: p.round,
            starter: p.starter,
            trump: p.trump.map(suit).transpose()?,
            hands: [cards(h1)?, cards(h2)?, cards(h3)?, cards(h4)?],
            plays: cards(&p.plays)?,
            next: p.next_action.map(next).transpose()?,
            ai: p.ai,
            seed: crate::view::seed_arg(&p.seed)?,
        };
        let g = guarded(|| Gyla::from_parts(&core))?;
        let players = ("Player 1", "Player 2", "Player 3", "Player 4");
        let names = (players, ("Team 1", "Team 2")).into_pyobject(py)?;
        Ok(Self::of(g, names.unbind()))
    }
    /// A text whose position no game reaches is malformed: ``INVALID_NOTATION``.
    fn unreachable_text(e: PyErr) -> PyErr {
        Python::attach(|py| {
            let code = e.value(py).getattr(intern!(py, "code")).ok();
            let unreachable =
                code.is_some_and(|c| c.eq(Code::InvalidPosition.as_str()).unwrap_or(false));
            if !unreachable {
                return e;
            }
            NotationError::new_err((Code::InvalidNotation.as_str(), e.value(py).to_string()))
        })
    }
}

crate::notation!(PyGylaState);

crate::fields!(PyGylaState {
    /// The player names of seats 1-4.
    players: Bound<'py, PyAny> = |s, py| s.names.bind(py).get_item(0)?;
    /// The names of team 1 (seats 1 and 3) and team 2 (seats 2 and 4).
    teams: Bound<'py, PyAny> = |s, py| s.names.bind(py).get_item(1)?;
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
        Some(n) => {
            let views = py.import(intern!(py, "parlour.gyla.views"))?;
            let args = (n.name.as_str(), n.player);
            Some(views.getattr(intern!(py, "NextAction"))?.call1(args)?)
        }
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
    /// The position ``text`` with the names ``players`` and ``teams`` (pickle, ``new_game``).
    #[staticmethod]
    fn _restore<'py>(
        text: &Bound<'py, PyAny>,
        players: Py<PyTuple>,
        teams: Py<PyTuple>,
    ) -> PyResult<Bound<'py, Self>> {
        let (py, g) = (
            text.py(),
            crate::state::from_notation::<Self>(text)?
                .get()
                .inner
                .clone(),
        );
        Bound::new(
            py,
            Self::of(g, (players, teams).into_pyobject(py)?.unbind()),
        )
    }

    /// Seat ``player``'s cards in hand order (empty for other numbers), e.g. ``("6S", "AC")``.
    fn hand<'py>(&self, player: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let p = player.cast::<PyInt>().ok().and_then(|p| p.extract().ok());
        let cards = p.map_or_else(Vec::new, |p| self.inner.hand(p));
        texts(player.py(), &cards)
    }

    /// This round's tricks so far (``Trick`` records), the last one possibly incomplete.
    fn tricks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let views = py.import(intern!(py, "parlour.gyla.views"))?;
        let trick = views.getattr(intern!(py, "Trick"))?;
        let mut out = Vec::new();
        for (k, (leader, cards, winner)) in self.inner.tricks().into_iter().enumerate() {
            let seats = (0..4u8).map(|i| (leader + 3 + i) % 4 + 1);
            let played = PyTuple::new(py, seats.zip(texts(py, &cards)?.iter()))?;
            out.push(trick.call1((k + 1, leader, played, winner))?);
        }
        PyTuple::new(py, out)
    }

    /// The engine flow (``parlour.gyla.api``), ``Start()``, ``Apply`` or ``deal_round``: the
    /// new state and the events (the core's records, which the api makes ``GylaEvent``s).
    #[pyo3(signature = (name = None, player = 0, suit = None, card = None, hands = None, starter = None))]
    #[allow(clippy::too_many_arguments)]
    fn _flow<'py>(
        &self,
        py: Python<'py>,
        name: Option<String>,
        player: i64,
        suit: Option<char>,
        card: Option<String>,
        hands: Option<Vec<Vec<String>>>,
        starter: Option<u8>,
    ) -> PyResult<(Bound<'py, Self>, Bound<'py, PyAny>)> {
        let op = match (name, hands) {
            (Some(name), _) => Flow::Apply(name, player, suit, card),
            (None, Some(hands)) => Flow::Deal(hands, starter),
            (None, None) => Flow::Start,
        };
        let (g, events) = stepped(py, &self.inner, |g| {
            let mut events = Vec::new();
            g.flow(op, &mut events)?;
            Ok(Value::List(events.iter().map(Event::value).collect()))
        })?;
        let next = Bound::new(py, self.with_core(py, g, None)?)?;
        Ok((next, crate::view::to_py(py, &events)?))
    }

    /// The computer player's move now (suit name or card), or None.
    fn _computer_move<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let mv = self.inner.computer_choice().map(|m| usize::from(m.pack()));
        mv.map(|id| action_table(py)?.get_item(id)).transpose()
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
    guarded(|| gyla::rules::triggers_redeal_texts(&hands))
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
