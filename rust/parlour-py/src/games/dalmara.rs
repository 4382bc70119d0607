//! `parlour._core.dalmara`: the Dal Mara core as a frozen `Core` class plus the `LegalMove`
//! and `Move` value classes. It only converts: rules live in `parlour_core::games::dalmara`,
//! DMN parsing in `parlour.dalmara`.

use crate::errors::{caught, config_err, guarded, to_py};
use crate::fast::{kept_moves, mask_array, pick, with_buffer, Spawner};
use parlour_core::game::GameState;
use parlour_core::games::dalmara::{
    parse_card, parse_suit_name, CardIn, DalMara, DalMaraConfig, Deck, Ghopte, GhopteOrder, Move,
    Parts, Rules, ACTION_SPACE,
};
use parlour_core::lazy::{LazyMoves, Moves, Packed};
use parlour_core::Error;
use pyo3::exceptions::{PyIndexError, PyKeyError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};
use std::cell::Cell;

const CARD_STR: [&str; 64] = [
    "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Js", "Qs", "Ks", "As", "", "", "",
    "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah", "", "", "",
    "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "10d", "Jd", "Qd", "Kd", "Ad", "", "", "",
    "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "Jc", "Qc", "Kc", "Ac", "", "", "",
];
const SUITS: [&str; 4] = ["spades", "hearts", "diamonds", "clubs"];

fn cs(c: u8) -> &'static str {
    CARD_STR.get(usize::from(c)).copied().unwrap_or("")
}

static CARD_PYSTR: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
static LEGAL_TABLE: PyOnceLock<Vec<Py<PyLegalMove>>> = PyOnceLock::new();
/// The `Move` values of every move, indexed by [`Packed::pack`] (made once).
static MOVE_TABLE: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();

/// The interned Python string of card `c`.
fn card_py(py: Python<'_>, c: u8) -> Bound<'_, PyString> {
    let table = CARD_PYSTR.get_or_init(py, || {
        CARD_STR
            .iter()
            .map(|t| PyString::intern(py, t).unbind())
            .collect()
    });
    table
        .get(usize::from(c))
        .map_or_else(|| PyString::new(py, ""), |s| s.bind(py).clone())
}

/// The shared `LegalMove` value of `(card, stack)` (values are immutable, so one per value).
fn legal_py(py: Python<'_>, card: u8, stack: Option<u8>) -> PyResult<Bound<'_, PyLegalMove>> {
    let table = legal_table(py)?;
    match table.get(legal_slot(card, stack)) {
        Some(m) => Ok(m.bind(py).clone()),
        None => Bound::new(py, PyLegalMove::make(py, card, stack)?),
    }
}

/// The index of `(card, stack)` in the `LegalMove` table (in range for every card below 64).
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

thread_local! {
    /// Reusable buffers of legal plays and protocol moves (see [`with_buffer`]).
    static PLAYS: Cell<Vec<(u8, Option<u8>)>> = const { Cell::new(Vec::new()) };
    static MOVES: Cell<Vec<Move>> = const { Cell::new(Vec::new()) };
}

/// Room for the legal moves kept (a longer list is listed again on each use): more than a
/// four-player hand, and a two-player hand with its face-up stack tops and pickups.
const LEGAL_CAP: usize = 32;

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

/// The sentinel seat used for a seat argument that is not an integer.
const NOT_A_SEAT: i64 = i64::MIN + 7;

fn seat_arg(seat: &Bound<'_, PyAny>) -> i64 {
    if seat.is_instance_of::<PyBool>() || !seat.is_instance_of::<PyInt>() {
        return NOT_A_SEAT;
    }
    seat.extract::<i64>().unwrap_or(NOT_A_SEAT)
}

/// `parlour._js.js_display`, looked up on first use.
static JS_DISPLAY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// How the engine's template strings show `value`: `parlour._js.js_display(value)` (JavaScript's
/// `String(value)`: `true`, `null`, `2` for `2.0`, ...), or Python's `str(value)` should that
/// fail. Only for values that are not an int seat or a str card, so never on the hot path.
fn js_text(value: &Bound<'_, PyAny>) -> String {
    let py = value.py();
    JS_DISPLAY
        .import(py, "parlour._js", "js_display")
        .and_then(|f| f.call1((value,)))
        .and_then(|t| t.extract::<String>())
        .or_else(|_| value.str().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// Map a core error to Python, showing a non-integer seat as the engine would (`js_text`).
fn err(e: Error, seat: &Bound<'_, PyAny>) -> PyErr {
    let sentinel = NOT_A_SEAT.to_string();
    if e.message.contains(&sentinel) {
        let shown = js_text(seat);
        return to_py(Error {
            message: e.message.replace(&sentinel, &shown),
            ..e
        });
    }
    to_py(e)
}

fn with_card<R>(card: &Bound<'_, PyAny>, f: impl FnOnce(CardIn<'_>) -> R) -> R {
    if let Ok(s) = card.cast::<PyString>() {
        if let Ok(t) = s.to_str() {
            return f(CardIn::text(t));
        }
        let t = card.str().map(|s| s.to_string()).unwrap_or_default();
        return f(CardIn::text(&t));
    }
    // not a str: it is the card its `str()` names (an object that prints as a card), else no
    // card, shown as the engine would show it (`true`, `null`, `2`, ...)
    let t = card.str().map(|s| s.to_string()).unwrap_or_default();
    if parse_card(&t).is_some() {
        return f(CardIn::text(&t));
    }
    let shown = js_text(card);
    f(CardIn::not_a_card(&shown))
}

fn deck_arg(deck: Option<&Bound<'_, PyAny>>) -> Option<Vec<Option<u8>>> {
    let d = deck?;
    if d.is_none() {
        return None;
    }
    let Ok(items) = d.try_iter() else {
        return Some(Vec::new());
    };
    if d.is_instance_of::<PyString>() {
        return Some(Vec::new());
    }
    Some(
        items
            .map(|x| {
                x.ok()
                    .and_then(|x| x.extract::<String>().ok())
                    .and_then(|t| parse_card(&t))
            })
            .collect(),
    )
}

fn deck_of(v: Option<&Vec<Option<u8>>>) -> Deck<'_> {
    match v {
        None => Deck::Absent,
        Some(v) => Deck::Parsed(v),
    }
}

fn rules_arg(rules: &str) -> PyResult<Rules> {
    guarded(|| Rules::parse(rules))
}

/// What `__reduce__` returns: the class and its constructor arguments.
type Reduced<'py, T> = (Bound<'py, PyAny>, (&'static str, T));

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
            .ok_or_else(|| config_err("INVALID_CARD", format!("not a card: {card:?}")))?;
        let stack = match stack_position {
            Some(k) if !k.is_none() => {
                let v = k
                    .extract::<i64>()
                    .ok()
                    .filter(|v| (0..4).contains(v) && !k.is_instance_of::<PyBool>())
                    .ok_or_else(|| {
                        config_err("INVALID_STACK", "stack_position must be 0 to 3 or None")
                    })?;
                u8::try_from(v).ok()
            }
            _ => None,
        };
        PyLegalMove::make(py, c, stack)
    }
    /// The engine's object: `{"card": ..., "stackPosition": ...}` (key only for stack cards).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("card", cs(self.card))?;
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
            None => cs(self.card).to_string(),
        }
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduced<'py, Option<u8>>> {
        let me = slf.get();
        Ok((slf.get_type().into_any(), (cs(me.card), me.stack)))
    }
}

/// A move of the uniform protocol: `play` a card, `pickup` a face-up Turup card, or `declare`
/// the Turup suit.
#[pyclass(frozen, eq, hash, module = "parlour.dalmara", name = "Move")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMove {
    mv: MoveKey,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct MoveKey(u8, u8);

impl PyMove {
    fn from_move(m: Move) -> PyMove {
        match m {
            Move::Play(c) => PyMove { mv: MoveKey(0, c) },
            Move::Pickup(c) => PyMove { mv: MoveKey(1, c) },
            Move::Declare(s) => PyMove { mv: MoveKey(2, s) },
        }
    }
    fn to_move(&self) -> Move {
        match self.mv.0 {
            0 => Move::Play(self.mv.1),
            1 => Move::Pickup(self.mv.1),
            _ => Move::Declare(self.mv.1),
        }
    }
}

#[pymethods]
impl PyMove {
    #[new]
    fn new(kind: &str, value: &str) -> PyResult<Self> {
        let m = match kind {
            "play" | "pickup" => {
                let c = parse_card(value)
                    .ok_or_else(|| config_err("INVALID_CARD", format!("not a card: {value:?}")))?;
                if kind == "play" {
                    Move::Play(c)
                } else {
                    Move::Pickup(c)
                }
            }
            "declare" => {
                let s = SUITS
                    .iter()
                    .position(|s| *s == value)
                    .and_then(|i| u8::try_from(i).ok())
                    .ok_or_else(|| {
                        config_err("INVALID_SUIT", format!("not a suit name: {value:?}"))
                    })?;
                Move::Declare(s)
            }
            _ => {
                return Err(config_err(
                    "INVALID_MOVE",
                    format!("move kind must be play, pickup or declare, not {kind:?}"),
                ))
            }
        };
        Ok(PyMove::from_move(m))
    }
    /// `"play"`, `"pickup"` or `"declare"`.
    #[getter]
    fn kind(&self) -> &'static str {
        ["play", "pickup", "declare"][usize::from(self.mv.0.min(2))]
    }
    /// The card of a play or pickup, or the suit name of a declaration.
    #[getter]
    fn value(&self) -> &'static str {
        if self.mv.0 == 2 {
            SUITS.get(usize::from(self.mv.1)).copied().unwrap_or("")
        } else {
            cs(self.mv.1)
        }
    }
    /// Index in the fixed action space (plays 0-51, pickups 52-103, declarations 104-107).
    #[getter]
    fn index(&self) -> usize {
        self.to_move().action_index()
    }
    fn __repr__(&self) -> String {
        format!("Move('{}', '{}')", self.kind(), self.value())
    }
    fn __str__(&self) -> String {
        match self.mv.0 {
            0 => self.value().to_string(),
            1 => format!("pickup {}", self.value()),
            _ => format!("declare {}", self.value()),
        }
    }
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (&'static str, &'static str))> {
        let me = slf.get();
        Ok((slf.get_type().into_any(), (me.kind(), me.value())))
    }
}

/// A Dal Mara position (immutable). Built by `create` or `from_parts`; every action returns a
/// new `Core` or raises the engine's error.
#[pyclass(frozen, module = "parlour._core.dalmara", name = "Core")]
#[derive(Clone)]
pub struct PyCore {
    inner: DalMara,
}

type GhopteTuple = (u8, u8, i64, bool);
type PartsTuple = (
    bool,
    &'static str,
    u8,
    Option<u8>,
    Option<u8>,
    Vec<GhopteTuple>,
    Vec<Vec<u8>>,
    Vec<Vec<u8>>,
    u8,
    TrickTuple,
    Option<(u8, u8, bool)>,
    u8,
);
/// `(trick_number, play_number, lead, is_ghopte, cards, play_orders)`.
type TrickTuple = (u8, u8, Option<u8>, bool, Vec<(u8, u8)>, Vec<u8>);

fn wrap(inner: DalMara) -> PyCore {
    PyCore { inner }
}

#[pymethods]
impl PyCore {
    /// `createGame`: an undealt game.
    #[staticmethod]
    #[pyo3(signature = (four, dealer, rules = "rulebook"))]
    fn create(four: bool, dealer: u8, rules: &str) -> PyResult<Self> {
        let r = rules_arg(rules)?;
        guarded(|| DalMara::create(four, dealer, r)).map(wrap)
    }

    /// A game dealt from `seed` exactly as the simulator deals one (dealer and deck drawn from
    /// the seed; 2p: the non-dealer declares its longest suit and the stacks are dealt).
    #[staticmethod]
    #[pyo3(signature = (four, seed, rules = "rulebook"))]
    fn dealt(four: bool, seed: u64, rules: &str) -> PyResult<Self> {
        let r = rules_arg(rules)?;
        guarded(|| DalMara::new(&DalMaraConfig { four, rules: r }, seed)).map(wrap)
    }

    /// Build a position from the parts `parts()` returns (raises `NotationError` with code
    /// `INVALID_DMN` for impossible parts).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (four, rules, dealer, turup, turup_trick, ghoptes, hands, stacks, move_number, trick, detail, next))]
    fn from_parts(
        four: bool,
        rules: &str,
        dealer: u8,
        turup: Option<u8>,
        turup_trick: Option<u8>,
        ghoptes: Vec<GhopteTuple>,
        hands: Vec<Vec<u8>>,
        stacks: Vec<Vec<u8>>,
        move_number: u8,
        trick: TrickTuple,
        detail: Option<(u8, u8, bool)>,
        next: u8,
    ) -> PyResult<Self> {
        let rules = rules_arg(rules)?;
        let parts = Parts {
            four,
            rules,
            dealer,
            turup,
            turup_trick,
            ghoptes: ghoptes
                .into_iter()
                .map(|(seat, card, order, resolved)| {
                    let order = i32::try_from(order).map_err(|_| {
                        to_py(Error::notation(
                            "INVALID_DMN",
                            format!("Ghopte order {order} is out of range"),
                        ))
                    })?;
                    Ok(Ghopte {
                        seat,
                        card,
                        order,
                        resolved,
                    })
                })
                .collect::<PyResult<_>>()?,
            hands,
            stacks,
            move_number,
            trick_number: trick.0,
            play_number: trick.1,
            lead: trick.2,
            is_ghopte: trick.3,
            trick: trick.4,
            play_orders: trick.5,
            detail,
            next,
        };
        guarded(|| DalMara::from_parts(&parts)).map(wrap)
    }

    /// `(four, rules, dealer, turup, turup_trick, ghoptes, hands, stacks, move_number,
    /// (trick_number, play_number, lead, is_ghopte, cards, play_orders), detail, next)`.
    fn parts(&self) -> PartsTuple {
        let p = self.inner.parts();
        (
            p.four,
            p.rules.name(),
            p.dealer,
            p.turup,
            p.turup_trick,
            p.ghoptes
                .iter()
                .map(|g| (g.seat, g.card, i64::from(g.order), g.resolved))
                .collect(),
            p.hands,
            p.stacks,
            p.move_number,
            (
                p.trick_number,
                p.play_number,
                p.lead,
                p.is_ghopte,
                p.trick,
                p.play_orders,
            ),
            p.detail,
            p.next,
        )
    }

    /// This position under another rule set.
    fn with_rules(&self, rules: &str) -> PyResult<Self> {
        let r = rules_arg(rules)?;
        Ok(wrap(self.inner.with_rules(r)))
    }

    /// The rule set name.
    #[getter]
    fn rules(&self) -> &'static str {
        self.inner.rules().name()
    }
    /// True for the four-player game.
    #[getter]
    fn four(&self) -> bool {
        self.inner.is_four()
    }
    /// Tens taken per seat since this position was built.
    #[getter]
    fn tens_taken(&self) -> Vec<u8> {
        self.inner.tens_taken()[..self.inner.seats()].to_vec()
    }
    /// Tricks taken per seat since this position was built.
    #[getter]
    fn tricks_taken(&self) -> Vec<u8> {
        self.inner.tricks_taken()[..self.inner.seats()].to_vec()
    }

    /// `DEAL_FOUR_PLAYER`.
    #[pyo3(signature = (seat, deck = None, dealer_first = false))]
    fn deal_four(
        &self,
        seat: &Bound<'_, PyAny>,
        deck: Option<&Bound<'_, PyAny>>,
        dealer_first: bool,
    ) -> PyResult<Self> {
        let d = deck_arg(deck);
        let order = if dealer_first {
            GhopteOrder::DealerFirst
        } else {
            GhopteOrder::DealerLast
        };
        let s = seat_arg(seat);
        self.inner
            .deal_four(s, deck_of(d.as_ref()), order)
            .map(wrap)
            .map_err(|e| err(e, seat))
    }
    /// `DEAL_TWO_PLAYER_HANDS`.
    #[pyo3(signature = (seat, deck = None))]
    fn deal_two_hands(
        &self,
        seat: &Bound<'_, PyAny>,
        deck: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let d = deck_arg(deck);
        self.inner
            .deal_two_hands(seat_arg(seat), deck_of(d.as_ref()))
            .map(wrap)
            .map_err(|e| err(e, seat))
    }
    /// `DEAL_TWO_PLAYER_STACKS` (a missing or None deck deals the unshuffled remaining cards).
    #[pyo3(signature = (seat, deck = None))]
    fn deal_two_stacks(
        &self,
        seat: &Bound<'_, PyAny>,
        deck: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let d = deck_arg(deck);
        self.inner
            .deal_two_stacks(seat_arg(seat), deck_of(d.as_ref()))
            .map(wrap)
            .map_err(|e| err(e, seat))
    }
    /// `DECLARE_TURUP`.
    fn declare_turup(&self, seat: &Bound<'_, PyAny>, suit: &Bound<'_, PyAny>) -> PyResult<Self> {
        let done = if let Ok(text) = suit.extract::<String>() {
            self.inner.declare_turup(seat_arg(seat), &text)
        } else {
            // not a str: the suit its `str()` names, else none, shown as the engine would
            let text = suit.str().map(|s| s.to_string()).unwrap_or_default();
            match parse_suit_name(&text) {
                Some(t) => self.inner.declare_turup_as(seat_arg(seat), Some(t), &text),
                None => self
                    .inner
                    .declare_turup_as(seat_arg(seat), None, &js_text(suit)),
            }
        };
        done.map(wrap).map_err(|e| err(e, seat))
    }
    /// `PICKUP_TURUP_CARD`.
    fn pickup(&self, seat: &Bound<'_, PyAny>, card: &Bound<'_, PyAny>) -> PyResult<Self> {
        with_card(card, |c| self.inner.pickup(seat_arg(seat), c))
            .map(wrap)
            .map_err(|e| err(e, seat))
    }
    /// `playCard` (a Ghopte submission while a Ghopte is unresolved).
    fn play(&self, seat: &Bound<'_, PyAny>, card: &Bound<'_, PyAny>) -> PyResult<Self> {
        with_card(card, |c| self.inner.play_card(seat_arg(seat), c))
            .map(wrap)
            .map_err(|e| err(e, seat))
    }
    /// The error code `play(seat, card)` would give, or None when it would succeed (no state is
    /// built and no exception raised: for tests and bots probing many cards).
    fn play_error(&self, seat: &Bound<'_, PyAny>, card: &Bound<'_, PyAny>) -> Option<&'static str> {
        with_card(card, |c| self.inner.play_card(seat_arg(seat), c))
            .err()
            .map(|e| e.code)
    }
    /// `PLAY_CARD` (refused while a Ghopte is unresolved).
    fn play_normal(&self, seat: &Bound<'_, PyAny>, card: &Bound<'_, PyAny>) -> PyResult<Self> {
        with_card(card, |c| self.inner.play_normal(seat_arg(seat), c))
            .map(wrap)
            .map_err(|e| err(e, seat))
    }
    /// `PLAY_GHOPTE`.
    fn play_ghopte(&self, seat: &Bound<'_, PyAny>, card: &Bound<'_, PyAny>) -> PyResult<Self> {
        with_card(card, |c| self.inner.play_ghopte(seat_arg(seat), c))
            .map(wrap)
            .map_err(|e| err(e, seat))
    }

    /// `getLegalMoves(x, seat)` as `LegalMove` values in the engine's order.
    fn legal<'py>(&self, py: Python<'py>, seat: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyList>> {
        legal_list(py, &self.inner, seat)
    }
    /// Per-seat returns (see the core's `returns`).
    fn returns(&self) -> Vec<f32> {
        let mut r = vec![0.0; self.inner.seats()];
        self.inner.returns_into(&mut r);
        r
    }
    /// `getRemainingCards2P` with a list of card indices (or None).
    #[pyo3(signature = (deck = None))]
    fn remaining(&self, deck: Option<Vec<u8>>) -> Vec<&'static str> {
        self.inner
            .remaining_cards(deck.as_deref())
            .into_iter()
            .map(cs)
            .collect()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyCore>().is_ok_and(|o| {
            o.get().inner.zobrist() == self.inner.zobrist()
                && o.get().inner.same_position(&self.inner)
        })
    }
    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }
}

/// `parlour.dalmara.GameState`: the position, the roster and the DMN once written. The hot path
/// of Python loops (`is_terminal`, `to_move`, `legal_moves`, `apply_index`, `apply`) is here;
/// the engine's fields and the notation are written in Python (`parlour/dalmara/_state.py`) and
/// installed on this class at import (`parlour._native.fold_into_base`), so that a move makes an
/// instance of this class itself, which is about twice as fast as making a Python subclass's.
#[pyclass(subclass, frozen, module = "parlour.dalmara", name = "GameState")]
pub struct PyGameState {
    /// Boxed: a new state moves a pointer, not the 496-byte position, through its construction.
    inner: Box<DalMara>,
    players: Py<PyTuple>,
    dmn: PyOnceLock<Py<PyString>>,
    /// The legal moves, kept by `legal_moves` for the `apply_index` that usually follows.
    legal: LazyMoves<LEGAL_CAP>,
}

thread_local! {
    /// The value of the next instance made by `GameState.__new__` without arguments (see
    /// [`Spawner`]).
    static PENDING: Cell<Option<PyGameState>> = const { Cell::new(None) };
}

/// Makes the instances of `GameState` (and of any other subclass) from Rust.
static SPAWN: Spawner<PyGameState> = Spawner::new(&PENDING);

/// The position after `change` is made to a boxed copy of `inner`: the position is copied once,
/// into its box, and a panic is caught as `INTERNAL_ERROR` (a copy changed in part by an error
/// is dropped).
fn after(
    inner: &DalMara,
    change: impl FnOnce(&mut DalMara) -> Result<(), Error>,
) -> Result<Box<DalMara>, Error> {
    caught(|| {
        let mut next = Box::new(inner.clone());
        change(&mut next).map(|()| next)
    })
}

impl PyGameState {
    /// `playCard` by `seat` of `card` on this position (panics caught as `INTERNAL_ERROR`).
    fn play(
        &self,
        seat: &Bound<'_, PyAny>,
        card: &Bound<'_, PyAny>,
    ) -> Result<Box<DalMara>, Error> {
        with_card(card, |c| {
            after(&self.inner, |next| next.play_card_mut(seat_arg(seat), c))
        })
    }

    /// A new instance of `slf`'s own class with the same roster.
    fn spawn<'py>(slf: &Bound<'py, Self>, inner: Box<DalMara>) -> PyResult<Bound<'py, PyAny>> {
        let value = PyGameState {
            inner,
            players: slf.get().players.clone_ref(slf.py()),
            dmn: PyOnceLock::new(),
            legal: LazyMoves::new(),
        };
        SPAWN.spawn(&slf.get_type(), value)
    }

    /// The legal moves, listed once.
    fn moves(&self) -> Moves<'_, Move> {
        kept_moves(&self.legal, &*self.inner, &MOVES)
    }
}

#[pymethods]
impl PyGameState {
    /// `GameState(core, players=None)`: a state wrapping a copy of the core position `core`
    /// (use `from_notation` or `create_game` instead); `players` defaults to the default teams.
    #[new]
    #[pyo3(signature = (core = None, players = None))]
    fn new(core: Option<&Bound<'_, PyAny>>, players: Option<Bound<'_, PyTuple>>) -> PyResult<Self> {
        let Some(core) = core else {
            return SPAWN.take().ok_or_else(|| {
                PyTypeError::new_err(
                    "create a Dal Mara state with parlour.dalmara.create_game or parse_dmn",
                )
            });
        };
        let py = core.py();
        let core = core.cast::<PyCore>().map_err(|_| {
            PyTypeError::new_err(format!(
                "a GameState wraps a core position, not {}",
                core.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        let inner = Box::new(core.get().inner.clone());
        let players = match players {
            Some(p) => p.unbind(),
            None => {
                let (four, two) = ROSTERS.get(py).ok_or_else(not_installed)?;
                if inner.is_four() { four } else { two }.clone_ref(py)
            }
        };
        Ok(PyGameState {
            inner,
            players,
            dmn: PyOnceLock::new(),
            legal: LazyMoves::new(),
        })
    }

    /// The position (a new `Core` on each access).
    #[getter(_c)]
    fn get_core(&self) -> PyCore {
        wrap((*self.inner).clone())
    }

    /// The roster (a tuple of `Player`, in seat order).
    #[getter]
    fn players(&self, py: Python<'_>) -> Py<PyTuple> {
        self.players.clone_ref(py)
    }

    /// The DMN string of the position (written once, then kept; the position is memoised under
    /// it, as parsing it would give it).
    ///
    /// Returns:
    ///     The DMN string (with the Turup trick field in rulebook 4p once a Turup exists).
    fn to_notation<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyString>> {
        let py = slf.py();
        let me = slf.get();
        if let Some(d) = me.dmn.get(py) {
            return Ok(d.bind(py).clone());
        }
        let text = PyString::new(py, &me.inner.dmn());
        let _ = me.dmn.set(py, text.clone().unbind());
        // DMN drops the play orders a parsed trick card may carry: memoise what parsing gives.
        remember(py, &text, me.inner.as_reparsed())?;
        Ok(text)
    }

    /// True when the game is finished (`isFinished`).
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.is_finished()
    }

    /// The seat to move (None when finished); a blocked rulebook 2p lead moves to a pickup.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        GameState::to_move(&*self.inner)
    }

    /// `nextMoveSeat`: who acts next.
    #[getter]
    fn next_move_seat(&self) -> u8 {
        self.inner.next_seat()
    }

    /// The 64-bit Zobrist hash.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
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
    fn apply_index<'py>(slf: &Bound<'py, Self>, index: i64) -> PyResult<Bound<'py, PyAny>> {
        let me = slf.get();
        let moves = me.moves();
        let mv = usize::try_from(index)
            .ok()
            .and_then(|i| moves.get(i))
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "move index {index} out of range 0..{}",
                    moves.len()
                ))
            })?;
        let next = after(&me.inner, |next| next.apply_move(mv)).map_err(to_py)?;
        Self::spawn(slf, next)
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
    ///     ConfigError: For a value that is not a move.
    fn apply<'py>(
        slf: &Bound<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let inner = &slf.get().inner;
        let seat = i64::from(inner.next_seat());
        let next = if let Ok(m) = r#move.cast::<PyMove>() {
            after(inner, |next| next.apply_move(m.get().to_move()))
        } else if let Ok(m) = r#move.cast::<PyLegalMove>() {
            after(inner, |next| {
                next.play_card_mut(seat, CardIn::index(m.get().card))
            })
        } else if let Ok(t) = r#move.cast::<PyString>() {
            let t = t.to_str()?;
            after(inner, |next| next.play_card_mut(seat, CardIn::text(t)))
        } else {
            return Err(config_err(
                "INVALID_MOVE",
                format!("not a Dal Mara move: {}", r#move.repr()?),
            ));
        };
        Self::spawn(slf, next.map_err(to_py)?)
    }

    /// The position made from `core` with this state's class and roster.
    fn _with<'py>(slf: &Bound<'py, Self>, core: PyRef<'py, PyCore>) -> PyResult<Bound<'py, PyAny>> {
        Self::spawn(slf, Box::new(core.inner.clone()))
    }

    /// `playCard` on this position (as `Core.play`), a new state of the same class and roster.
    fn _play<'py>(
        slf: &Bound<'py, Self>,
        seat: &Bound<'py, PyAny>,
        card: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let next = slf.get().play(seat, card).map_err(|e| err(e, seat))?;
        Self::spawn(slf, next)
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(o) = other.cast::<PyGameState>() else {
            return Ok(false);
        };
        let o = o.get();
        Ok(o.inner.zobrist() == self.inner.zobrist()
            && o.inner.same_position(&self.inner)
            && o.players.bind(py).eq(self.players.bind(py))?)
    }

    /// `hash(self.zobrist)`: Python's hash of the Zobrist hash as an int (modulo 2**61 - 1).
    fn __hash__(&self) -> isize {
        const MODULUS: u64 = (1 << 61) - 1;
        isize::try_from(self.inner.zobrist() % MODULUS).unwrap_or(0)
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
        slf: &Bound<'py, Self>,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let next = crate::view::resample(slf.py(), &*slf.get().inner, seat, seed)?;
        Self::spawn(slf, Box::new(next))
    }
}

/// What `ActionResult.__reduce__` returns: the class, the state and the error.
type ReducedResult<'py> = (Bound<'py, PyAny>, (Py<PyAny>, Py<PyAny>));

/// The result of an action: ``success`` with ``dmn`` and ``state``, or ``error``.
///
/// ``dmn`` is written on first access. ``unwrap()`` returns the state or raises the matching
/// ``ParlourError``.
#[pyclass(frozen, module = "parlour.dalmara", name = "ActionResult")]
pub struct PyActionResult {
    /// The new state on success, else None (a struct member: read without a getter call).
    #[pyo3(get)]
    state: Py<PyAny>,
    /// The error (an ``EngineError``) on failure, else None.
    #[pyo3(get)]
    error: Py<PyAny>,
}

impl PyActionResult {
    /// The state, if any (None on failure).
    fn state_of<'py>(&self, py: Python<'py>) -> Option<&Bound<'py, PyAny>> {
        let s = self.state.bind(py);
        (!s.is_none()).then_some(s)
    }
    /// The error, if any (None on success).
    fn error_of<'py>(&self, py: Python<'py>) -> Option<&Bound<'py, PyAny>> {
        let e = self.error.bind(py);
        (!e.is_none()).then_some(e)
    }
}

#[pymethods]
impl PyActionResult {
    /// Build a result (``state`` for success, else ``error``, an ``EngineError``).
    #[new]
    #[pyo3(signature = (state, error = None))]
    fn new(py: Python<'_>, state: Option<Py<PyAny>>, error: Option<Py<PyAny>>) -> Self {
        PyActionResult {
            state: state.unwrap_or_else(|| py.None()),
            error: error.unwrap_or_else(|| py.None()),
        }
    }
    /// True when the action succeeded.
    #[getter]
    fn success(&self, py: Python<'_>) -> bool {
        self.error.is_none(py)
    }
    /// The DMN of the new state (None on failure).
    #[getter]
    fn dmn<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.state_of(py)
            .map(|s| match s.cast::<PyGameState>() {
                Ok(st) => PyGameState::to_notation(st).map(Bound::into_any),
                Err(_) => s.call_method0("to_notation"),
            })
            .transpose()
    }
    /// The new state.
    ///
    /// Returns:
    ///     The state.
    ///
    /// Raises:
    ///     ParlourError: The matching error class with the error's code and message.
    fn unwrap(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if let Some(s) = self.state_of(py) {
            return Ok(s.clone().unbind());
        }
        match self.error_of(py) {
            Some(e) => Err(PyErr::from_value(e.call_method0("exception")?)),
            None => Err(PyValueError::new_err("an ActionResult holds no state")),
        }
    }
    /// The engine's result object (the state as its DMN).
    ///
    /// Returns:
    ///     ``{"success": True, "dmn": ...}`` or ``{"success": False, "error": {...}}``.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        if let Some(e) = self.error_of(py) {
            d.set_item("success", false)?;
            d.set_item("error", e.call_method0("to_dict")?)?;
        } else {
            d.set_item("success", true)?;
            d.set_item("dmn", self.dmn(py)?)?;
        }
        Ok(d)
    }
    fn __getitem__<'py>(slf: &Bound<'py, Self>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        match key {
            "success" | "dmn" | "state" | "error" => slf.getattr(key),
            _ => Err(PyKeyError::new_err(key.to_string())),
        }
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(match self.error_of(py) {
            Some(e) => format!("ActionResult(success=False, error={})", e.repr()?),
            None => {
                let dmn = self
                    .dmn(py)?
                    .map_or(Ok("None".to_string()), |d| d.repr().map(|r| r.to_string()))?;
                format!("ActionResult(success=True, dmn={dmn})")
            }
        })
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> ReducedResult<'py> {
        let py = slf.py();
        let me = slf.get();
        (
            slf.get_type().into_any(),
            (me.state.clone_ref(py), me.error.clone_ref(py)),
        )
    }
}

/// The Python implementations of the accelerated API functions (installed by
/// `parlour.dalmara` at import); each accelerator calls its function for any argument it does not
/// handle itself, so the Python function defines the behaviour.
static FALLBACK: PyOnceLock<[Py<PyAny>; 4]> = PyOnceLock::new();

/// The default rosters of four- and two-player games (see `_install_state`).
static ROSTERS: PyOnceLock<(Py<PyTuple>, Py<PyTuple>)> = PyOnceLock::new();

/// The memo of parsed positions, `{(dmn, rules): GameState}`, and its size bound (see
/// `_install_state`; `parlour.dalmara._state.parse_state` reads and fills it too).
static MEMO: PyOnceLock<(Py<PyDict>, usize)> = PyOnceLock::new();

/// Memoise the position `inner` (default roster) under its DMN `text`; `inner` must be what
/// parsing `text` gives (counters cleared, the play orders parsing gives the trick cards).
fn remember<'py>(
    py: Python<'py>,
    text: &Bound<'py, PyString>,
    inner: DalMara,
) -> PyResult<Bound<'py, PyGameState>> {
    let (Some((memo, max)), Some((four, two))) = (MEMO.get(py), ROSTERS.get(py)) else {
        return Err(not_installed());
    };
    let memo = memo.bind(py);
    if memo.len() >= *max {
        memo.clear();
    }
    let fresh = PyGameState {
        players: if inner.is_four() { four } else { two }.clone_ref(py),
        inner: Box::new(inner),
        dmn: PyOnceLock::new(),
        legal: LazyMoves::new(),
    };
    let _ = fresh.dmn.set(py, text.clone().unbind());
    let key = (
        text.clone(),
        PyString::intern(py, fresh.inner.rules().name()),
    );
    let state = Bound::new(py, fresh)?;
    memo.set_item(key, &state)?;
    Ok(state)
}

/// Memoise the position `core` (as parsing `text` gives it) under `(text, core's rules)` and
/// return the memoised state (for `parlour.dalmara._state.parse_state`).
#[pyfunction]
fn _memoise<'py>(
    core: PyRef<'py, PyCore>,
    text: &Bound<'py, PyString>,
) -> PyResult<Bound<'py, PyGameState>> {
    remember(core.py(), text, core.inner.without_counters())
}

/// The memoised position of the DMN string `x` under `rules` (None: `"rulebook"`), if any.
fn memoised<'py>(
    x: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> Option<Bound<'py, PyGameState>> {
    let py = x.py();
    if !x.is_exact_instance_of::<PyString>() {
        return None;
    }
    let (memo, _) = MEMO.get(py)?;
    let rules = match rules {
        None => intern!(py, "rulebook").clone().into_any(),
        Some(r) if r.is_exact_instance_of::<PyString>() => r.clone(),
        Some(_) => return None,
    };
    let key = PyTuple::new(py, [x.clone(), rules]).ok()?;
    memo.bind(py)
        .get_item(key)
        .ok()
        .flatten()
        .and_then(|s| s.cast_into::<PyGameState>().ok())
}

/// The state `x` stands for in an accelerated call: a state (with no `rules`), or a memoised
/// DMN string.
fn fast_state<'py>(
    x: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> Option<Bound<'py, PyGameState>> {
    if rules.is_none() {
        if let Ok(s) = x.cast::<PyGameState>() {
            return Some(s.clone());
        }
    }
    memoised(x, rules)
}

fn not_installed() -> PyErr {
    PyRuntimeError::new_err("parlour.dalmara is not imported: its API is not installed")
}

fn fallback<'py>(
    py: Python<'py>,
    which: usize,
    args: impl pyo3::call::PyCallArgs<'py>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let table = FALLBACK.get(py).ok_or_else(not_installed)?;
    table[which].bind(py).call(args, kwargs)
}

/// `rules=` as a keyword dict for a fallback call (None when not given).
fn rules_kw<'py>(
    py: Python<'py>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    rules
        .map(|r| {
            let d = PyDict::new(py);
            d.set_item("rules", r).map(|()| d)
        })
        .transpose()
}

/// Install the Python implementations behind the accelerators (done once by
/// `parlour.dalmara`).
#[pyfunction]
fn _install_api(
    py: Python<'_>,
    get_current_player: Py<PyAny>,
    get_legal_moves: Py<PyAny>,
    is_finished: Py<PyAny>,
    play_card: Py<PyAny>,
) {
    let _ = FALLBACK.set(
        py,
        [get_current_player, get_legal_moves, is_finished, play_card],
    );
}

/// Install the default rosters of four- and two-player games and the memo of parsed positions
/// with its size bound (done once by `parlour.dalmara`).
#[pyfunction]
fn _install_state(
    py: Python<'_>,
    four: Py<PyTuple>,
    two: Py<PyTuple>,
    memo: Py<PyDict>,
    memo_max: usize,
) {
    let _ = ROSTERS.set(py, (four, two));
    let _ = MEMO.set(py, (memo, memo_max));
}

/// ``getCurrentPlayer``: the player whose seat is ``nextMoveSeat``.
///
/// Args:
///     x: A DMN string or a state.
///     rules: The rule set.
///
/// Returns:
///     The player.
///
/// Raises:
///     NotationError: ``INVALID_DMN`` for malformed DMN.
#[pyfunction]
#[pyo3(signature = (x, *, rules = None))]
fn get_current_player<'py>(
    x: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = x.py();
    if let Some(s) = fast_state(x, rules) {
        let s = s.get();
        return s
            .players
            .bind(py)
            .get_item(usize::from(s.inner.next_seat()));
    }
    fallback(py, 0, (x,), rules_kw(py, rules)?.as_ref())
}

/// ``getLegalMoves``: the legal plays of ``seat`` in the engine's order.
///
/// Args:
///     x: A DMN string or a state.
///     seat: The seat.
///     rules: The rule set.
///
/// Returns:
///     ``LegalMove(card, stack_position)`` values (empty when ``seat`` is not on turn).
///
/// Raises:
///     NotationError: ``INVALID_DMN`` for malformed DMN.
#[pyfunction]
#[pyo3(signature = (x, seat, *, rules = None))]
fn get_legal_moves<'py>(
    x: &Bound<'py, PyAny>,
    seat: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = x.py();
    if let Some(s) = fast_state(x, rules) {
        return legal_list(py, &s.get().inner, seat).map(Bound::into_any);
    }
    fallback(py, 1, (x, seat), rules_kw(py, rules)?.as_ref())
}

/// ``isFinished``: a card has been played and every hand (and 2p stack) is empty.
///
/// Args:
///     x: A DMN string or a state.
///     rules: The rule set.
///
/// Returns:
///     True when the game is over.
///
/// Raises:
///     NotationError: ``INVALID_DMN`` for malformed DMN.
#[pyfunction]
#[pyo3(signature = (x, *, rules = None))]
fn is_finished<'py>(
    x: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = x.py();
    // a state's own rules decide (as in the Python definition); DMN is read under `rules`
    let state = match x.cast::<PyGameState>() {
        Ok(s) => Some(s.clone()),
        Err(_) => memoised(x, rules),
    };
    if let Some(s) = state {
        return Ok(PyBool::new(py, s.get().inner.is_finished())
            .to_owned()
            .into_any());
    }
    fallback(py, 2, (x,), rules_kw(py, rules)?.as_ref())
}

/// ``playCard``: play a card (a Ghopte submission while a Ghopte is unresolved).
///
/// Args:
///     x: A DMN string or a state.
///     seat: The seat playing (or, with no ``card``, the engine's payload dict
///         ``{"seat", "card"}``); left out, None (the engine's ``undefined``).
///     card: The card (2p: from hand or a face-up top of one's own stacks); left out, None.
///     rules: The rule set.
///
/// Returns:
///     The result.
///
/// Raises:
///     ConfigError: For an unknown ``rules``.
#[pyfunction]
#[pyo3(signature = (x, seat = None, card = None, *, rules = None))]
fn play_card<'py>(
    x: &Bound<'py, PyAny>,
    seat: Option<&Bound<'py, PyAny>>,
    card: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = x.py();
    if let (Some(seat), Some(card), Some(s)) = (seat, card, fast_state(x, rules)) {
        // an error takes the Python path, which builds the engine's error result
        if let Ok(next) = s.get().play(seat, card) {
            let state = PyGameState::spawn(&s, next)?;
            let result = PyActionResult {
                state: state.unbind(),
                error: py.None(),
            };
            return Ok(Bound::new(py, result)?.into_any());
        }
    }
    fallback(py, 3, (x, seat, card), rules_kw(py, rules)?.as_ref())
}

/// The legal plays of `seat` as a list of the shared `LegalMove` values.
fn legal_list<'py>(
    py: Python<'py>,
    inner: &DalMara,
    seat: &Bound<'_, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let table = legal_table(py)?;
    with_buffer(&PLAYS, |buf| {
        inner.legal_plays_into(seat_arg(seat), buf);
        if buf.iter().all(|&(c, _)| usize::from(c) < 64) {
            // every play has its shared value: no vector of items is built
            PyList::new(
                py,
                buf.iter().map(|&(c, k)| {
                    table.get(legal_slot(c, k)).map_or_else(
                        || py.None().into_bound(py),
                        |m| m.bind(py).clone().into_any(),
                    )
                }),
            )
        } else {
            let items: Vec<Bound<'py, PyLegalMove>> = buf
                .iter()
                .map(|&(card, stack)| legal_py(py, card, stack))
                .collect::<PyResult<_>>()?;
            PyList::new(py, items)
        }
    })
}

/// Card index to the engine's string (`10s`).
#[pyfunction]
fn card_name(index: u8) -> PyResult<&'static str> {
    let s = cs(index);
    if s.is_empty() {
        Err(config_err(
            "INVALID_CARD",
            format!("{index} is not a card index"),
        ))
    } else {
        Ok(s)
    }
}

/// The engine's card string to its index, or None.
#[pyfunction]
fn card_index(text: &str) -> Option<u8> {
    parse_card(text)
}

/// Register `parlour._core.dalmara`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "dalmara")?;
    m.add_class::<PyCore>()?;
    m.add_class::<PyLegalMove>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<PyGameState>()?;
    m.add_class::<PyActionResult>()?;
    m.add_function(wrap_pyfunction!(_install_api, &m)?)?;
    m.add_function(wrap_pyfunction!(_install_state, &m)?)?;
    m.add_function(wrap_pyfunction!(_memoise, &m)?)?;
    m.add_function(wrap_pyfunction!(get_current_player, &m)?)?;
    m.add_function(wrap_pyfunction!(get_legal_moves, &m)?)?;
    m.add_function(wrap_pyfunction!(is_finished, &m)?)?;
    m.add_function(wrap_pyfunction!(play_card, &m)?)?;
    m.add_function(wrap_pyfunction!(card_name, &m)?)?;
    m.add_function(wrap_pyfunction!(card_index, &m)?)?;
    m.add("ACTION_SPACE", ACTION_SPACE)?;
    super::add_submodule(parent, &m, "dalmara")
}
