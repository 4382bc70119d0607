//! `parlour._core.dalmara`: Dal Mara's state, `parlour.dalmara.GameState`, one frozen, final
//! class holding the core position and its roster with the whole protocol here, and the value
//! classes `Move`, `LegalMove` and `Player`. It only converts: the rules are in
//! `parlour_core::games::dalmara`; DMN and the serialized state are read and written in
//! `parlour.dalmara.notation`, over the `Parts` record; the engine's functions that return
//! `ActionResult`s are plain Python functions in `parlour.dalmara.api`, over the private
//! `_`-methods below.

use crate::errors::{caught, config_err, guarded, to_py};
use crate::fast::{kept_moves, mask_array, pick, with_buffer};
use crate::notation::Notation;
use parlour_core::game::GameState;
use parlour_core::games::dalmara::{
    card_text, parse_card, parse_suit_name, CardIn, Code, DalMara, DalMaraConfig, Deck, Ghopte,
    GhopteOrder, Move, Parts, Rules, SeatIn, ACTION_SPACE, SUIT_NAMES,
};
use parlour_core::lazy::{LazyMoves, Moves, Packed};
use parlour_core::{Common, Error};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};
use std::cell::Cell;

/// `parlour.dalmara.notation`: `Parts`, `read` (DMN), `write` (DMN).
static NOTATION: Notation = Notation::new("parlour.dalmara.notation");

/// The interned engine text of each card index (empty for the 12 gaps).
static CARD_PYSTR: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
/// The shared `LegalMove` value of each `(card, stack)` (see [`legal_slot`]).
static LEGAL_TABLE: PyOnceLock<Vec<Py<PyLegalMove>>> = PyOnceLock::new();
/// The `Move` values of every move, indexed by [`Packed::pack`].
static MOVE_TABLE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
/// The default rosters of four- and two-player games (teams `"02"`/`"13"`; `"0"`/`"1"`).
static ROSTERS: PyOnceLock<(Py<PyTuple>, Py<PyTuple>)> = PyOnceLock::new();

thread_local! {
    /// Reusable buffers of legal plays and protocol moves (see [`with_buffer`]).
    static PLAYS: Cell<Vec<(u8, Option<u8>)>> = const { Cell::new(Vec::new()) };
    static MOVES: Cell<Vec<Move>> = const { Cell::new(Vec::new()) };
}

/// Room for the legal moves kept (a longer list is listed again on each use): more than a
/// four-player hand, and a two-player hand with its face-up stack tops and pickups.
const LEGAL_CAP: usize = 32;

/// The engine's text of card `c` (`"10s"`), empty for an index that is no card.
fn cs(c: u8) -> String {
    if c < 64 && c % 16 < 13 {
        card_text(c)
    } else {
        String::new()
    }
}

/// The interned Python string of card `c`.
fn card_py(py: Python<'_>, c: u8) -> Bound<'_, PyString> {
    let table = CARD_PYSTR.get_or_init(py, || {
        (0..64u8)
            .map(|c| PyString::intern(py, &cs(c)).unbind())
            .collect()
    });
    table
        .get(usize::from(c))
        .map_or_else(|| PyString::new(py, ""), |s| s.bind(py).clone())
}

/// The suit name of lane `s`.
fn suit_name(s: u8) -> &'static str {
    SUIT_NAMES.get(usize::from(s)).copied().unwrap_or("")
}

/// The index of `(card, stack)` in the `LegalMove` table.
fn legal_slot(card: u8, stack: Option<u8>) -> usize {
    usize::from(card) * 5 + stack.map_or(0, |k| usize::from(k.min(3)) + 1)
}

/// The table of shared `LegalMove` values: `(card, stack)` at [`legal_slot`].
fn legal_table(py: Python<'_>) -> PyResult<&Vec<Py<PyLegalMove>>> {
    LEGAL_TABLE.get_or_try_init(py, || -> PyResult<Vec<Py<PyLegalMove>>> {
        (0..64u16 * 5)
            .map(|i| {
                let k = u8::try_from(i % 5).unwrap_or(0);
                let card = u8::try_from(i / 5).unwrap_or(0);
                Py::new(py, PyLegalMove::make(py, card, k.checked_sub(1))?)
            })
            .collect()
    })
}

/// The `Move` values of every move, as a tuple indexed by [`Packed::pack`].
fn move_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
    MOVE_TABLE
        .get_or_try_init(py, || {
            let moves = (0..192u16)
                .map(|i| Py::new(py, PyMove::from_move(Move::unpack(i))))
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, moves).map(Bound::unbind)
        })
        .map(|t| t.bind(py))
}

/// The default roster of a game of `four` players or two.
fn default_roster(py: Python<'_>, four: bool) -> PyResult<Py<PyTuple>> {
    let (four_p, two_p) = ROSTERS.get_or_try_init(py, || -> PyResult<_> {
        let roster = |teams: &[&str]| -> PyResult<Py<PyTuple>> {
            let players = teams
                .iter()
                .enumerate()
                .map(|(seat, team)| {
                    Py::new(
                        py,
                        PyPlayer {
                            seat: seat.into_pyobject(py)?.into_any().unbind(),
                            team: PyString::new(py, team).into_any().unbind(),
                        },
                    )
                })
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(py, players)?.unbind())
        };
        Ok((roster(&["02", "13", "02", "13"])?, roster(&["0", "1"])?))
    })?;
    Ok(if four { four_p } else { two_p }.clone_ref(py))
}

fn rules_arg(rules: &str) -> PyResult<Rules> {
    guarded(|| Rules::parse(rules))
}

/// A seat argument of the engine's functions: an integer, or the JavaScript text of a value
/// that is no seat (`"undefined"`, `"null"`, `"1.5"`, …), which `parlour.dalmara.api` writes.
#[derive(FromPyObject)]
enum SeatArg {
    Seat(i64),
    Shown(String),
}

impl SeatArg {
    fn get(&self) -> SeatIn<'_> {
        match self {
            SeatArg::Seat(s) => SeatIn::from(*s),
            SeatArg::Shown(t) => SeatIn::not_a_seat(t),
        }
    }
}

/// A card argument: the card text as given when `text`, else the JavaScript text of a value
/// that is no card.
fn card_in(card: &str, text: bool) -> CardIn<'_> {
    if text {
        CardIn::text(card)
    } else {
        CardIn::not_a_card(card)
    }
}

/// A deck argument, as `parlour.dalmara.api` passes it: None (no deck), else its items, None
/// for an item that is no string.
fn deck_cards(deck: Option<&Vec<Option<String>>>) -> Option<Vec<Option<u8>>> {
    deck.map(|d| {
        d.iter()
            .map(|x| x.as_deref().and_then(parse_card))
            .collect()
    })
}

fn deck_of(v: Option<&Vec<Option<u8>>>) -> Deck<'_> {
    match v {
        None => Deck::Absent,
        Some(v) => Deck::Parsed(v),
    }
}

/// A player of the roster: a seat and its team (team names are not part of DMN).
#[pyclass(frozen, module = "parlour.dalmara", name = "Player")]
pub struct PyPlayer {
    /// The seat, ``0..3`` (4p) or ``0..1`` (2p).
    #[pyo3(get)]
    seat: Py<PyAny>,
    /// The team name (defaults ``"02"``/``"13"`` in 4p, the seat number in 2p).
    #[pyo3(get)]
    team: Py<PyAny>,
}

#[pymethods]
impl PyPlayer {
    #[new]
    fn new(seat: Py<PyAny>, team: Py<PyAny>) -> Self {
        PyPlayer { seat, team }
    }
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(o) = other.cast::<PyPlayer>() else {
            return Ok(false);
        };
        let o = o.get();
        Ok(self.seat.bind(py).eq(o.seat.bind(py))? && self.team.bind(py).eq(o.team.bind(py))?)
    }
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyTuple::new(py, [self.seat.bind(py), self.team.bind(py)])?.hash()
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Player(seat={}, team={})",
            self.seat.bind(py).repr()?,
            self.team.bind(py).repr()?
        ))
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (Py<PyAny>, Py<PyAny>)) {
        let py = slf.py();
        let me = slf.get();
        (
            slf.get_type().into_any(),
            (me.seat.clone_ref(py), me.team.clone_ref(py)),
        )
    }
}

/// A legal play: the card and, for a face-up stack card (2p), its stack number.
#[pyclass(frozen, eq, hash, module = "parlour.dalmara", name = "LegalMove")]
pub struct PyLegalMove {
    card: u8,
    stack: Option<u8>,
    /// The card (`"10s"`), as a struct member: read without a getter call.
    #[pyo3(get, name = "card")]
    card_str: Py<PyString>,
    /// The stack number for a face-up stack card, else None.
    #[pyo3(get, name = "stack_position")]
    stack_obj: Py<PyAny>,
}

impl PyLegalMove {
    fn make(py: Python<'_>, card: u8, stack: Option<u8>) -> PyResult<Self> {
        Ok(PyLegalMove {
            card,
            stack,
            card_str: card_py(py, card).unbind(),
            stack_obj: stack.into_pyobject(py)?.into_any().unbind(),
        })
    }
}

impl PartialEq for PyLegalMove {
    fn eq(&self, other: &Self) -> bool {
        (self.card, self.stack) == (other.card, other.stack)
    }
}

impl std::hash::Hash for PyLegalMove {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.card, self.stack).hash(state);
    }
}

#[pymethods]
impl PyLegalMove {
    #[new]
    #[pyo3(signature = (card, stack_position = None))]
    fn new(
        py: Python<'_>,
        card: &str,
        stack_position: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let c = parse_card(card)
            .ok_or_else(|| config_err(Common::InvalidCard, format!("not a card: {card:?}")))?;
        let stack = match stack_position {
            Some(k) if !k.is_none() => {
                let v = k
                    .extract::<i64>()
                    .ok()
                    .filter(|v| (0..4).contains(v) && !k.is_instance_of::<PyBool>())
                    .ok_or_else(|| {
                        config_err(Code::InvalidStack, "stack_position must be 0 to 3 or None")
                    })?;
                u8::try_from(v).ok()
            }
            _ => None,
        };
        PyLegalMove::make(py, c, stack)
    }
    /// The engine's object: `{"card": ..., "stackPosition": ...}` (key only for stack cards).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("card", self.card_str.bind(py))?;
        if let Some(k) = self.stack {
            d.set_item("stackPosition", k)?;
        }
        Ok(d)
    }
    fn __repr__(&self) -> String {
        match self.stack {
            Some(k) => format!("LegalMove(card='{}', stack_position={k})", cs(self.card)),
            None => format!("LegalMove(card='{}', stack_position=None)", cs(self.card)),
        }
    }
    fn __str__(&self) -> String {
        match self.stack {
            Some(k) => format!("{}@{k}", cs(self.card)),
            None => cs(self.card),
        }
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (Py<PyString>, Option<u8>)) {
        let me = slf.get();
        (
            slf.get_type().into_any(),
            (me.card_str.clone_ref(slf.py()), me.stack),
        )
    }
}

/// A move of the uniform protocol: `play` a card, `pickup` a face-up Turup card, or `declare`
/// the Turup suit.
#[pyclass(frozen, eq, hash, module = "parlour.dalmara", name = "Move")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMove {
    mv: Move,
}

impl PyMove {
    fn from_move(mv: Move) -> PyMove {
        PyMove { mv }
    }
}

#[pymethods]
impl PyMove {
    #[new]
    fn new(kind: &str, value: &str) -> PyResult<Self> {
        let card = || {
            parse_card(value)
                .ok_or_else(|| config_err(Common::InvalidCard, format!("not a card: {value:?}")))
        };
        let mv = match kind {
            "play" => Move::Play(card()?),
            "pickup" => Move::Pickup(card()?),
            "declare" => Move::Declare(parse_suit_name(value).ok_or_else(|| {
                config_err(Common::InvalidSuit, format!("not a suit name: {value:?}"))
            })?),
            _ => {
                return Err(config_err(
                    Code::InvalidMove,
                    format!("move kind must be play, pickup or declare, not {kind:?}"),
                ))
            }
        };
        Ok(PyMove { mv })
    }
    /// `"play"`, `"pickup"` or `"declare"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.mv {
            Move::Play(_) => "play",
            Move::Pickup(_) => "pickup",
            Move::Declare(_) => "declare",
        }
    }
    /// The card of a play or pickup, or the suit name of a declaration.
    #[getter]
    fn value(&self) -> String {
        match self.mv {
            Move::Play(c) | Move::Pickup(c) => cs(c),
            Move::Declare(s) => suit_name(s).to_string(),
        }
    }
    /// Index in the fixed action space (plays 0-51, pickups 52-103, declarations 104-107).
    #[getter]
    fn index(&self) -> usize {
        self.mv.action_index()
    }
    fn __repr__(&self) -> String {
        format!("Move('{}', '{}')", self.kind(), self.value())
    }
    fn __str__(&self) -> String {
        match self.mv {
            Move::Play(_) => self.value(),
            Move::Pickup(_) => format!("pickup {}", self.value()),
            Move::Declare(_) => format!("declare {}", self.value()),
        }
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (&'static str, String)) {
        let me = slf.get();
        (slf.get_type().into_any(), (me.kind(), me.value()))
    }
}

/// A Ghopte entry of `parlour.dalmara.notation.Parts` (by attribute).
#[derive(FromPyObject)]
struct GhopteIn {
    seat: u8,
    card: String,
    order: i64,
    resolved: bool,
}

/// A trick card of `Parts.trick.cards`.
#[derive(FromPyObject)]
struct PlayedIn {
    seat: u8,
    card: String,
    play_order: u8,
}

/// `Parts.trick`.
#[derive(FromPyObject)]
struct TrickIn {
    number: u8,
    play_number: u8,
    lead_suit: Option<String>,
    is_ghopte: bool,
    cards: Vec<PlayedIn>,
}

/// `Parts.move_detail`.
#[derive(FromPyObject)]
struct DetailIn {
    seat: Option<u8>,
    card: Option<String>,
    makes_turup: bool,
}

/// A stack of `Parts.stacks`.
#[derive(FromPyObject)]
struct StackIn {
    position: u8,
    hidden_cards: Vec<String>,
    face_up_card: Option<String>,
}

/// The position's parts as `parlour.dalmara.notation.Parts` gives them (its fields by name).
#[derive(FromPyObject)]
struct PartsIn {
    mode: String,
    dealer_seat: u8,
    turup: Option<String>,
    turup_trick: Option<u8>,
    ghoptes: Vec<GhopteIn>,
    hands: Vec<Vec<String>>,
    stacks: Vec<Vec<StackIn>>,
    move_number: u8,
    trick: TrickIn,
    move_detail: DetailIn,
    next_move_seat: u8,
    rules: String,
    players: Option<Py<PyTuple>>,
}

fn dmn_err(message: String) -> PyErr {
    to_py(Error::notation(Code::InvalidDmn, message))
}

fn card_of(text: &str) -> PyResult<u8> {
    parse_card(text).ok_or_else(|| dmn_err(format!("{text:?} is not a card")))
}

fn cards_of(texts: &[String]) -> PyResult<Vec<u8>> {
    texts.iter().map(|t| card_of(t)).collect()
}

fn suit_of_name(name: Option<&str>) -> PyResult<Option<u8>> {
    name.map(|n| parse_suit_name(n).ok_or_else(|| dmn_err(format!("{n:?} is not a suit"))))
        .transpose()
}

impl PartsIn {
    /// The core's parts (cards and suits as indices); the core checks them as a position.
    fn to_core(&self) -> PyResult<Parts> {
        let four = self.mode != "2p";
        let ghoptes = self
            .ghoptes
            .iter()
            .map(|g| {
                let order = i32::try_from(g.order)
                    .map_err(|_| dmn_err(format!("Ghopte order {} is out of range", g.order)))?;
                Ok(Ghopte {
                    seat: g.seat,
                    card: card_of(&g.card)?,
                    order,
                    resolved: g.resolved,
                })
            })
            .collect::<PyResult<_>>()?;
        let mut stacks = Vec::new();
        if !self.stacks.is_empty() {
            stacks = vec![Vec::new(); self.stacks.len() * 4];
            for (row, seat_stacks) in self.stacks.iter().enumerate() {
                for k in seat_stacks {
                    let slot = stacks
                        .get_mut(row * 4 + usize::from(k.position))
                        .filter(|_| k.position < 4)
                        .ok_or_else(|| dmn_err("stack position out of range".into()))?;
                    *slot = cards_of(&k.hidden_cards)?;
                    if let Some(top) = &k.face_up_card {
                        slot.push(card_of(top)?);
                    }
                }
            }
        }
        let detail = match (&self.move_detail.seat, &self.move_detail.card) {
            (Some(s), Some(c)) => Some((*s, card_of(c)?, self.move_detail.makes_turup)),
            _ => None,
        };
        Ok(Parts {
            four,
            rules: rules_arg(&self.rules)?,
            dealer: self.dealer_seat,
            turup: suit_of_name(self.turup.as_deref())?,
            turup_trick: self.turup_trick,
            ghoptes,
            hands: self
                .hands
                .iter()
                .map(|h| cards_of(h))
                .collect::<PyResult<_>>()?,
            stacks,
            move_number: self.move_number,
            trick_number: self.trick.number,
            play_number: self.trick.play_number,
            lead: suit_of_name(self.trick.lead_suit.as_deref())?,
            is_ghopte: self.trick.is_ghopte,
            trick: self
                .trick
                .cards
                .iter()
                .map(|c| Ok((c.seat, card_of(&c.card)?)))
                .collect::<PyResult<_>>()?,
            play_orders: self.trick.cards.iter().map(|c| c.play_order).collect(),
            detail,
            next: self.next_move_seat,
        })
    }
}

/// A Dal Mara position and its roster (immutable, hashable, picklable).
///
/// Build one with ``create_game``, ``parse_dmn``, ``GameState.from_notation``,
/// ``GameState.from_parts`` or ``GameState.random``. It follows parlour's uniform state protocol
/// (``to_move``, ``legal_moves()``, ``apply(move)``, ``apply_index(i)``, ``returns()``,
/// ``zobrist``, ``to_notation()``, ``view(seat)``) and exposes the engine's ``GameState``
/// fields as read-only properties (``mode``, ``hands``, ``trick``, …).
///
/// >>> s = GameState.from_notation("4p,3,- | -/-/-/- | /// | - | 0 | 1,0,-,-,- | -,-,- | 3")
/// >>> s.mode, s.dealer_seat, s.next_move_seat, s.is_terminal
/// ('4p', 3, 3, False)
#[pyclass(frozen, module = "parlour.dalmara", name = "GameState")]
pub struct PyState {
    /// Boxed: a new state moves a pointer, not the position, through its construction.
    inner: Box<DalMara>,
    players: Py<PyTuple>,
    /// The legal moves, kept by `legal_moves` for the `apply_index` that usually follows.
    legal: LazyMoves<LEGAL_CAP>,
}

/// The position after `change` is made to a boxed copy of `inner` (a panic is caught as
/// `INTERNAL_ERROR`).
fn after(
    inner: &DalMara,
    change: impl FnOnce(&mut DalMara) -> Result<(), Error>,
) -> Result<Box<DalMara>, Error> {
    caught(|| {
        let mut next = Box::new(inner.clone());
        change(&mut next).map(|()| next)
    })
}

impl PyState {
    fn make(
        py: Python<'_>,
        inner: Box<DalMara>,
        players: Py<PyTuple>,
    ) -> PyResult<Bound<'_, Self>> {
        Bound::new(
            py,
            PyState {
                inner,
                players,
                legal: LazyMoves::new(),
            },
        )
    }

    /// A new state of this roster.
    fn next<'py>(&self, py: Python<'py>, inner: Box<DalMara>) -> PyResult<Bound<'py, Self>> {
        Self::make(py, inner, self.players.clone_ref(py))
    }

    /// The result of an engine operation on this position: a new state, or its error.
    fn then<'py>(
        &self,
        py: Python<'py>,
        done: Result<DalMara, Error>,
    ) -> PyResult<Bound<'py, Self>> {
        self.next(py, Box::new(done.map_err(to_py)?))
    }

    /// The legal moves, listed once.
    fn moves(&self) -> Moves<'_, Move> {
        kept_moves(&self.legal, &*self.inner, &MOVES)
    }

    fn from_core_parts<'py>(py: Python<'py>, parts: &PartsIn) -> PyResult<Bound<'py, Self>> {
        let core = parts.to_core()?;
        let inner = guarded(|| DalMara::from_parts(&core))?;
        let players = match &parts.players {
            Some(p) => p.clone_ref(py),
            None => default_roster(py, inner.is_four())?,
        };
        Self::make(py, Box::new(inner), players)
    }
}

#[pymethods]
impl PyState {
    /// A game dealt from ``seed`` as the simulator deals one.
    ///
    /// (``parlour.simulate`` deals game ``i`` of a run from a seed derived from the run's seed
    /// and ``i``.) The dealer and the shuffled deck are drawn from ``seed``; in two-player play
    /// the non-dealer then declares the suit it holds most of and the stacks are dealt, so the
    /// first card can be played at once.
    ///
    /// >>> s = GameState.random(7)
    /// >>> s.mode, len(s.legal_moves()) > 0, s == GameState.random(7)
    /// ('4p', True, True)
    ///
    /// Args:
    ///     seed: An integer from 0 to 2**64-1.
    ///     mode: ``"4p"`` or ``"2p"``.
    ///     rules: The rule set.
    ///
    /// Returns:
    ///     The dealt position (default roster).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEED``, ``INVALID_MODE`` or ``INVALID_RULES``.
    #[staticmethod]
    #[pyo3(signature = (seed, mode = None, rules = None))]
    fn random<'py>(
        seed: &Bound<'py, PyAny>,
        mode: Option<&Bound<'py, PyAny>>,
        rules: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        let py = seed.py();
        let seed_value = (seed.is_instance_of::<PyInt>() && !seed.is_instance_of::<PyBool>())
            .then(|| seed.extract::<u64>().ok())
            .flatten();
        let Some(seed_value) = seed_value else {
            return Err(config_err(
                Common::InvalidSeed,
                format!(
                    "seed must be an integer from 0 to 2**64-1, not {}",
                    seed.repr()?
                ),
            ));
        };
        let text = |v: Option<&Bound<'py, PyAny>>, default: &'static str| -> Option<String> {
            match v {
                None => Some(default.to_string()),
                Some(v) => v
                    .cast::<PyString>()
                    .ok()
                    .and_then(|s| s.to_str().ok().map(str::to_string)),
            }
        };
        let shown = |v: Option<&Bound<'py, PyAny>>| -> PyResult<String> {
            v.map_or(Ok(String::new()), |v| Ok(v.repr()?.to_string()))
        };
        let four = match text(mode, "4p").as_deref() {
            Some("4p") => true,
            Some("2p") => false,
            _ => {
                return Err(config_err(
                    Code::InvalidMode,
                    format!("mode must be \"4p\" or \"2p\", not {}", shown(mode)?),
                ))
            }
        };
        let rules = match text(rules, "rulebook").as_deref().map(Rules::parse) {
            Some(Ok(r)) => r,
            _ => {
                return Err(config_err(
                    Code::InvalidRules,
                    format!(
                        "rules must be \"rulebook\" or \"dal-mara-engine\", not {}",
                        shown(rules)?
                    ),
                ))
            }
        };
        let inner = guarded(|| DalMara::dealt(&DalMaraConfig { four, rules }, seed_value))?;
        Self::make(py, Box::new(inner), default_roster(py, four)?)
    }

    /// The position of ``parts`` (a :class:`parlour.dalmara.notation.Parts`), with its roster
    /// (None: the default teams).
    ///
    /// Raises:
    ///     NotationError: ``INVALID_DMN`` for parts no position has.
    ///     ConfigError: ``INVALID_RULES`` for an unknown rule set.
    ///     TypeError: If ``parts`` is not a ``Parts``.
    #[staticmethod]
    fn from_parts<'py>(parts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        let py = parts.py();
        let parts: PartsIn = NOTATION.check(parts)?.extract()?;
        Self::from_core_parts(py, &parts)
    }

    /// Parse a DMN string (see :mod:`parlour.dalmara.notation`).
    ///
    /// Args:
    ///     text: The DMN string.
    ///     rules: The rule set (the fourth game field, the Turup trick, is kept only in
    ///         ``"rulebook"``).
    ///
    /// Returns:
    ///     The position (default roster).
    ///
    /// Raises:
    ///     NotationError: ``INVALID_DMN`` for malformed notation.
    ///     ConfigError: ``INVALID_RULES`` for an unknown rule set.
    #[staticmethod]
    #[pyo3(signature = (text, rules = "rulebook"))]
    fn from_notation<'py>(text: &Bound<'py, PyAny>, rules: &str) -> PyResult<Bound<'py, Self>> {
        let py = text.py();
        let rules = rules_arg(rules)?;
        let mut parts: PartsIn = NOTATION.read(py, text)?.extract()?;
        parts.rules = rules.name().to_string();
        Self::from_core_parts(py, &parts)
    }

    /// The position's parts and roster, a :class:`parlour.dalmara.notation.Parts`.
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let p = self.inner.parts();
        let card = |c: u8| card_py(py, c);
        let ghoptes = PyTuple::new(
            py,
            p.ghoptes
                .iter()
                .map(|g| (g.seat, card(g.card), g.order, g.resolved)),
        )?;
        let hands = PyTuple::new(
            py,
            p.hands
                .iter()
                .map(|h| PyTuple::new(py, h.iter().map(|&c| card(c))))
                .collect::<PyResult<Vec<_>>>()?,
        )?;
        let mut rows = Vec::new();
        for row in p.stacks.chunks(4) {
            let stacks = row
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    let (top, hidden) = match s.split_last() {
                        Some((t, h)) => (Some(card(*t)), h),
                        None => (None, &s[..0]),
                    };
                    Ok((k, PyTuple::new(py, hidden.iter().map(|&c| card(c)))?, top))
                })
                .collect::<PyResult<Vec<_>>>()?;
            rows.push(PyTuple::new(py, stacks)?);
        }
        let played: Vec<_> = p
            .trick
            .iter()
            .enumerate()
            .map(|(i, &(s, c))| {
                let order = p.play_orders.get(i).map_or(i + 1, |&o| usize::from(o));
                (s, card(c), order)
            })
            .collect();
        let played = PyTuple::new(py, played)?;
        let trick = (
            p.trick_number,
            p.play_number,
            p.lead.map(suit_name),
            p.is_ghopte,
            played,
        );
        let detail = match p.detail {
            Some((s, c, t)) => (Some(s), Some(card(c)), t),
            None => (None, None, false),
        };
        let fields: [Bound<'py, PyAny>; 13] = [
            (if p.four { "4p" } else { "2p" })
                .into_pyobject(py)?
                .into_any(),
            p.dealer.into_pyobject(py)?.into_any(),
            p.turup.map(suit_name).into_pyobject(py)?.into_any(),
            p.turup_trick.into_pyobject(py)?.into_any(),
            ghoptes.into_any(),
            hands.into_any(),
            PyTuple::new(py, rows)?.into_any(),
            p.move_number.into_pyobject(py)?.into_any(),
            trick.into_pyobject(py)?.into_any(),
            detail.into_pyobject(py)?.into_any(),
            p.next.into_pyobject(py)?.into_any(),
            p.rules.name().into_pyobject(py)?.into_any(),
            self.players.bind(py).clone().into_any(),
        ];
        NOTATION.parts(py, PyTuple::new(py, fields)?)
    }

    /// The DMN string of the position.
    ///
    /// Returns:
    ///     The DMN string (with the Turup trick field in rulebook 4p once a Turup exists).
    fn to_notation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        NOTATION.write(py, self.parts(py)?)
    }

    /// This position under another rule set.
    ///
    /// Returns:
    ///     The position (switching to the engine drops the Turup trick).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_RULES`` for an unknown name.
    fn with_rules<'py>(&self, py: Python<'py>, rules: &str) -> PyResult<Bound<'py, Self>> {
        let r = rules_arg(rules)?;
        self.next(py, Box::new(self.inner.with_rules(r)))
    }

    /// The rule set of this position.
    #[getter]
    fn rules(&self) -> &'static str {
        self.inner.rules().name()
    }

    /// ``"4p"`` or ``"2p"``.
    #[getter]
    fn mode(&self) -> &'static str {
        if self.inner.is_four() {
            "4p"
        } else {
            "2p"
        }
    }

    /// The dealer.
    #[getter]
    fn dealer_seat(&self) -> u8 {
        self.inner.dealer()
    }

    /// The Turup suit's long name, or None.
    #[getter]
    fn turup(&self) -> Option<&'static str> {
        self.inner.turup().map(suit_name)
    }

    /// The trick in which the 4p Turup was set (rulebook; None otherwise or unknown).
    #[getter]
    fn turup_trick(&self) -> Option<u8> {
        self.inner.turup_trick()
    }

    /// Hands by seat, in the engine's (dealt) order.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for seat in 0..self.inner.seats() {
            let cards = self.inner.hand(seat).iter().map(|&c| card_py(py, c));
            d.set_item(seat, PyTuple::new(py, cards)?)?;
        }
        Ok(d)
    }

    /// The Ghopte entries (``Ghopte`` records), seat-grouped as DMN lists them.
    #[getter]
    fn ghoptes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.parts(py)?.getattr(pyo3::intern!(py, "ghoptes"))
    }

    /// 2p stacks by seat (``PlayerStack`` records; empty in 4p).
    #[getter]
    fn stacks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let rows = self.parts(py)?.getattr(pyo3::intern!(py, "stacks"))?;
        let d = PyDict::new(py);
        for (seat, row) in rows.try_iter()?.enumerate() {
            d.set_item(seat, row?)?;
        }
        Ok(d)
    }

    /// Cards played so far.
    #[getter]
    fn move_number(&self) -> u8 {
        self.inner.move_number()
    }

    /// The trick section (a ``Trick`` record).
    #[getter]
    fn trick<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.parts(py)?.getattr(pyo3::intern!(py, "trick"))
    }

    /// The play that produced this position (a ``MoveDetail`` record).
    #[getter]
    fn move_detail<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.parts(py)?.getattr(pyo3::intern!(py, "move_detail"))
    }

    /// Tens taken per seat in the tricks completed since this game was dealt or parsed.
    #[getter]
    fn tens_taken<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.inner.tens_taken()[..self.inner.seats()])
    }

    /// Tricks taken per seat since this game was dealt or parsed.
    #[getter]
    fn tricks_taken<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.inner.tricks_taken()[..self.inner.seats()])
    }

    /// The roster (a tuple of ``Player``, in seat order).
    #[getter]
    fn players(&self, py: Python<'_>) -> Py<PyTuple> {
        self.players.clone_ref(py)
    }

    /// True when the game is finished (``isFinished``).
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_finished()
    }

    /// The seat to move (None when finished); a blocked rulebook 2p lead moves to a pickup.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        GameState::to_move(&*self.inner)
    }

    /// ``nextMoveSeat``: who acts next.
    #[getter]
    fn next_move_seat(&self) -> u8 {
        self.inner.next_seat()
    }

    /// The 64-bit Zobrist hash.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// Per-seat returns of a finished game (0 while running).
    ///
    /// Returns:
    ///     4p: 1.0 for each seat of the winning team, else 0.0; 2p: 1/0, 0.5 each on a draw.
    ///     Counted from the tricks played since this state's game was dealt or parsed.
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut r = [0f32; 4];
        self.inner.returns_into(&mut r);
        PyTuple::new(py, r[..self.inner.seats()].iter().map(|&v| f64::from(v)))
    }

    /// Legal moves as a bool mask over the fixed action space of 108 actions.
    ///
    /// Returns:
    ///     A numpy bool array: plays of card ``suit*13+rank`` at 0-51, pickups at 52-103,
    ///     declarations (spades, hearts, diamonds, clubs) at 104-107.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let moves = self.moves();
        mask_array(py, ACTION_SPACE, moves.iter().map(Move::action_index))
    }

    /// The legal moves of the seat to move.
    ///
    /// Returns:
    ///     Plays (the engine's order), then the seat's possible Turup pickups (2p), or the four
    ///     declarations when a 2p Turup is to be declared.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        pick(move_table(py)?, self.moves().bits().map(usize::from))
    }

    /// The position after the ``index``-th legal move.
    ///
    /// Args:
    ///     index: Index into ``legal_moves()``.
    ///
    /// Returns:
    ///     The new position.
    ///
    /// Raises:
    ///     IndexError: When ``index`` is out of range.
    fn apply_index<'py>(&self, py: Python<'py>, index: i64) -> PyResult<Bound<'py, Self>> {
        let moves = self.moves();
        let mv = usize::try_from(index)
            .ok()
            .and_then(|i| moves.get(i))
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "move index {index} out of range 0..{}",
                    moves.len()
                ))
            })?;
        let next = after(&self.inner, |next| next.apply_move(mv)).map_err(to_py)?;
        self.next(py, next)
    }

    /// The position after ``move`` (a ``Move``, a ``LegalMove`` or a card string to play).
    ///
    /// Args:
    ///     move: The move.
    ///
    /// Returns:
    ///     The new position; ``self`` is unchanged.
    ///
    /// Raises:
    ///     IllegalMoveError: When the move is not legal (the engine's code).
    ///     ConfigError: ``INVALID_MOVE`` for a value that is not a move.
    #[pyo3(signature = (r#move))]
    fn apply<'py>(&self, r#move: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        let py = r#move.py();
        let inner = &self.inner;
        let seat = SeatIn::from(i64::from(inner.next_seat()));
        let next = if let Ok(m) = r#move.cast::<PyMove>() {
            after(inner, |next| next.apply_move(m.get().mv))
        } else if let Ok(m) = r#move.cast::<PyLegalMove>() {
            after(inner, |next| {
                next.play_card_mut(seat, CardIn::index(m.get().card))
            })
        } else if let Ok(t) = r#move.cast::<PyString>() {
            let t = t.to_str()?;
            after(inner, |next| next.play_card_mut(seat, CardIn::text(t)))
        } else {
            return Err(config_err(
                Code::InvalidMove,
                format!("not a Dal Mara move: {}", r#move.repr()?),
            ));
        };
        self.next(py, next.map_err(to_py)?)
    }

    /// What ``seat`` may see, as JSON-ready data (``parlour.dalmara.View``, ``docs/dalmara.md``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not a seat of the game.
    fn view<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::view(seat.py(), &*self.inner, seat)
    }

    /// The view of ``seat`` as a float32 array of shape ``(1048,)`` (``docs/dalmara.md``).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` if ``seat`` is not a seat of the game.
    fn observation<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        crate::view::observation(seat.py(), &*self.inner, seat)
    }

    /// A state consistent with everything ``seat`` has seen, what it cannot see dealt anew
    /// uniformly from ``seed`` (``docs/dalmara.md`` says what is kept).
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` or ``INVALID_SEED``.
    ///     InvalidStateError: ``RESAMPLE_FAILED`` for a position no deal fits.
    fn resample<'py>(
        &self,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, Self>> {
        let py = seat.py();
        let next = crate::view::resample(py, &*self.inner, seat, seed)?;
        self.next(py, Box::new(next))
    }

    // ------------------------------------------------ the engine's operations (for `api.py`)

    /// ``createGame`` once its checks passed: an undealt game with roster ``players``.
    #[staticmethod]
    fn _create<'py>(
        py: Python<'py>,
        four: bool,
        dealer: u8,
        rules: &str,
        players: Py<PyTuple>,
    ) -> PyResult<Bound<'py, Self>> {
        let r = rules_arg(rules)?;
        let inner = guarded(|| DalMara::create(four, dealer, r))?;
        Self::make(py, Box::new(inner), players)
    }

    /// ``DEAL_FOUR_PLAYER``.
    #[pyo3(signature = (seat, deck, dealer_first = false))]
    fn _deal_four<'py>(
        &self,
        py: Python<'py>,
        seat: SeatArg,
        deck: Option<Vec<Option<String>>>,
        dealer_first: bool,
    ) -> PyResult<Bound<'py, Self>> {
        let d = deck_cards(deck.as_ref());
        let order = if dealer_first {
            GhopteOrder::DealerFirst
        } else {
            GhopteOrder::DealerLast
        };
        self.then(
            py,
            self.inner.deal_four(seat.get(), deck_of(d.as_ref()), order),
        )
    }

    /// ``DEAL_TWO_PLAYER_HANDS``.
    fn _deal_two_hands<'py>(
        &self,
        py: Python<'py>,
        seat: SeatArg,
        deck: Option<Vec<Option<String>>>,
    ) -> PyResult<Bound<'py, Self>> {
        let d = deck_cards(deck.as_ref());
        self.then(
            py,
            self.inner.deal_two_hands(seat.get(), deck_of(d.as_ref())),
        )
    }

    /// ``DEAL_TWO_PLAYER_STACKS`` (a None deck deals the unshuffled remaining cards).
    fn _deal_two_stacks<'py>(
        &self,
        py: Python<'py>,
        seat: SeatArg,
        deck: Option<Vec<Option<String>>>,
    ) -> PyResult<Bound<'py, Self>> {
        let d = deck_cards(deck.as_ref());
        self.then(
            py,
            self.inner.deal_two_stacks(seat.get(), deck_of(d.as_ref())),
        )
    }

    /// ``DECLARE_TURUP`` of the suit named ``suit`` (when ``text``; else ``suit`` shows a value
    /// that is no suit).
    #[pyo3(signature = (seat, suit, text = true))]
    fn _declare_turup<'py>(
        &self,
        py: Python<'py>,
        seat: SeatArg,
        suit: &str,
        text: bool,
    ) -> PyResult<Bound<'py, Self>> {
        let named = if text { parse_suit_name(suit) } else { None };
        self.then(py, self.inner.declare_turup_as(seat.get(), named, suit))
    }

    /// ``PICKUP_TURUP_CARD`` (``card`` as in ``_play``).
    #[pyo3(signature = (seat, card, text = true))]
    fn _pickup<'py>(
        &self,
        py: Python<'py>,
        seat: SeatArg,
        card: &str,
        text: bool,
    ) -> PyResult<Bound<'py, Self>> {
        self.then(py, self.inner.pickup(seat.get(), card_in(card, text)))
    }

    /// ``playCard`` (a Ghopte submission while a Ghopte is unresolved) of the card ``card``
    /// (when ``text``; else ``card`` shows a value that is no card).
    #[pyo3(signature = (seat, card, text = true))]
    fn _play<'py>(
        &self,
        py: Python<'py>,
        seat: SeatArg,
        card: &str,
        text: bool,
    ) -> PyResult<Bound<'py, Self>> {
        let seat = seat.get();
        let next = after(&self.inner, |next| {
            next.play_card_mut(seat, card_in(card, text))
        })
        .map_err(to_py)?;
        self.next(py, next)
    }

    /// The error code ``_play(seat, card)`` would give, or None when it would succeed.
    #[pyo3(signature = (seat, card, text = true))]
    fn _play_error(&self, seat: SeatArg, card: &str, text: bool) -> Option<&'static str> {
        self.inner
            .play_card(seat.get(), card_in(card, text))
            .err()
            .map(|e| e.code)
    }

    /// ``PLAY_CARD`` (refused while a Ghopte is unresolved).
    #[pyo3(signature = (seat, card, text = true))]
    fn _play_normal<'py>(
        &self,
        py: Python<'py>,
        seat: SeatArg,
        card: &str,
        text: bool,
    ) -> PyResult<Bound<'py, Self>> {
        self.then(py, self.inner.play_normal(seat.get(), card_in(card, text)))
    }

    /// ``PLAY_GHOPTE``.
    #[pyo3(signature = (seat, card, text = true))]
    fn _play_ghopte<'py>(
        &self,
        py: Python<'py>,
        seat: SeatArg,
        card: &str,
        text: bool,
    ) -> PyResult<Bound<'py, Self>> {
        self.then(py, self.inner.play_ghopte(seat.get(), card_in(card, text)))
    }

    /// ``getLegalMoves``: the shared ``LegalMove`` values of ``seat``'s plays, in the engine's
    /// order (empty when ``seat`` is not on turn).
    fn _legal<'py>(&self, py: Python<'py>, seat: SeatArg) -> PyResult<Bound<'py, PyList>> {
        let table = legal_table(py)?;
        with_buffer(&PLAYS, |buf| {
            self.inner.legal_plays_into(seat.get(), buf);
            PyList::new(
                py,
                buf.iter().map(|&(c, k)| {
                    table.get(legal_slot(c, k)).map_or_else(
                        || py.None().into_bound(py),
                        |m| m.bind(py).clone().into_any(),
                    )
                }),
            )
        })
    }

    /// This position as parsing its DMN gives it: the default roster, the counters cleared,
    /// the play orders renumbered and the play seen forgotten (``parlour.dalmara.api`` keeps
    /// it under the DMN it wrote).
    fn _as_parsed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, Self>> {
        let inner = Box::new(self.inner.as_reparsed());
        let players = default_roster(py, inner.is_four())?;
        Self::make(py, inner, players)
    }

    /// ``getRemainingCards2P`` of the unshuffled deck: the cards neither hand holds, in order.
    fn _remaining(&self) -> Vec<String> {
        self.inner
            .remaining_cards(None)
            .into_iter()
            .map(cs)
            .collect()
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(o) = other.cast::<PyState>() else {
            return Ok(false);
        };
        let o = o.get();
        Ok(o.inner.zobrist() == self.inner.zobrist()
            && o.inner.same_position(&self.inner)
            && o.players.bind(py).eq(self.players.bind(py))?)
    }

    /// ``hash(self.zobrist)``: Python's hash of the Zobrist hash as an int (modulo 2**61 - 1).
    fn __hash__(&self) -> isize {
        const MODULUS: u64 = (1 << 61) - 1;
        isize::try_from(self.inner.zobrist() % MODULUS).unwrap_or(0)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "GameState.from_notation({}, rules='{}')",
            self.to_notation(py)?.repr()?,
            self.rules()
        ))
    }

    /// ``(GameState.from_parts, (parts,))``: the parts carry the rule set and the roster.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from = slf.get_type().getattr(pyo3::intern!(py, "from_parts"))?;
        let parts = slf.get().parts(py)?;
        PyTuple::new(py, [from, PyTuple::new(py, [parts])?.into_any()])
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

/// Register `parlour._core.dalmara`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "dalmara")?;
    m.add_class::<PyState>()?;
    m.add_class::<PyLegalMove>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyPlayer>()?;
    m.add("ACTION_SPACE", ACTION_SPACE)?;
    super::add_submodule(parent, &m, "dalmara")
}
