//! `parlour._core.dalmara`: the Dal Mara core as a frozen `Core` class plus the `LegalMove`
//! and `Move` value classes. It only converts: rules live in `parlour_core::games::dalmara`,
//! DMN parsing in `parlour.dalmara`.

use crate::errors::{config_err, detached, guarded, to_py};
use parlour_core::game::GameState;
use parlour_core::games::dalmara::{
    parse_card, CardIn, DalMara, DalMaraConfig, Deck, Ghopte, GhopteOrder, Move, Parts, Rules,
    ACTION_SPACE,
};
use parlour_core::Error;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyInt, PyList, PyString, PyTuple};

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
static MOVE_TABLE: PyOnceLock<Vec<Py<PyMove>>> = PyOnceLock::new();

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
    let table = LEGAL_TABLE.get_or_try_init(py, || -> PyResult<Vec<Py<PyLegalMove>>> {
        (0..64u16 * 5)
            .map(|i| {
                let k = u8::try_from(i % 5).unwrap_or(0);
                let card = u8::try_from(i / 5).unwrap_or(0);
                Py::new(
                    py,
                    PyLegalMove {
                        card,
                        stack: k.checked_sub(1),
                    },
                )
            })
            .collect()
    })?;
    let i = usize::from(card) * 5 + stack.map_or(0, |k| usize::from(k.min(3)) + 1);
    match table.get(i) {
        Some(m) => Ok(m.bind(py).clone()),
        None => Bound::new(py, PyLegalMove { card, stack }),
    }
}

/// The shared `Move` value of a core move.
fn move_py(py: Python<'_>, m: Move) -> PyResult<Bound<'_, PyMove>> {
    let table = MOVE_TABLE.get_or_try_init(py, || -> PyResult<Vec<Py<PyMove>>> {
        (0..192u8)
            .map(|i| {
                Py::new(
                    py,
                    PyMove {
                        mv: MoveKey(i / 64, i % 64),
                    },
                )
            })
            .collect()
    })?;
    let pm = PyMove::from_move(m);
    match table.get(usize::from(pm.mv.0) * 64 + usize::from(pm.mv.1)) {
        Some(x) => Ok(x.bind(py).clone()),
        None => Bound::new(py, pm),
    }
}

/// The sentinel seat used for a seat argument that is not an integer.
const NOT_A_SEAT: i64 = i64::MIN + 7;

fn seat_arg(seat: &Bound<'_, PyAny>) -> i64 {
    if seat.is_instance_of::<PyBool>() || !seat.is_instance_of::<PyInt>() {
        return NOT_A_SEAT;
    }
    seat.extract::<i64>().unwrap_or(NOT_A_SEAT)
}

/// Map a core error to Python, showing a non-integer seat as Python's `str(seat)`.
fn err(e: Error, seat: &Bound<'_, PyAny>) -> PyErr {
    let sentinel = NOT_A_SEAT.to_string();
    if e.message.contains(&sentinel) {
        let shown = seat.str().map(|s| s.to_string()).unwrap_or_default();
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
    }
    let t = card.str().map(|s| s.to_string()).unwrap_or_default();
    f(CardIn::text(&t))
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
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyLegalMove {
    card: u8,
    stack: Option<u8>,
}

#[pymethods]
impl PyLegalMove {
    #[new]
    #[pyo3(signature = (card, stack_position = None))]
    fn new(card: &str, stack_position: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
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
        Ok(PyLegalMove { card: c, stack })
    }
    /// The card (`"10s"`).
    #[getter]
    fn card<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        card_py(py, self.card)
    }
    /// The stack number for a face-up stack card, else None.
    #[getter]
    fn stack_position(&self) -> Option<u8> {
        self.stack
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
    (u8, u8, Option<u8>, bool, Vec<(u8, u8)>),
    Option<(u8, u8, bool)>,
    u8,
);

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
        guarded(|| Ok(DalMara::new_game(&DalMaraConfig { four, rules: r }, seed))).map(wrap)
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
        trick: (u8, u8, Option<u8>, bool, Vec<(u8, u8)>),
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
            detail,
            next,
        };
        guarded(|| DalMara::from_parts(&parts)).map(wrap)
    }

    /// `(four, rules, dealer, turup, turup_trick, ghoptes, hands, stacks, move_number,
    /// (trick_number, play_number, lead, is_ghopte, cards), detail, next)`.
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
            (p.trick_number, p.play_number, p.lead, p.is_ghopte, p.trick),
            p.detail,
            p.next,
        )
    }

    /// The DMN string (the core's own writer; `parlour.dalmara.serialize_dmn` is the reference).
    fn dmn(&self) -> String {
        self.inner.dmn()
    }

    /// This position with its tens/tricks counters cleared (what parsing its DMN gives).
    fn fresh(&self) -> Self {
        wrap(self.inner.without_counters())
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
    /// `nextMoveSeat`.
    #[getter]
    fn next_seat(&self) -> u8 {
        self.inner.next_seat()
    }
    /// `isFinished`.
    #[getter]
    fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }
    /// The seat to move in the uniform protocol, None when finished.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        GameState::to_move(&self.inner)
    }
    /// The Zobrist hash.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }
    /// True while a Ghopte is unresolved.
    #[getter]
    fn ghopte_pending(&self) -> bool {
        self.inner.ghopte_pending()
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
        let text = suit
            .extract::<String>()
            .unwrap_or_else(|_| suit.str().map(|s| s.to_string()).unwrap_or_default());
        self.inner
            .declare_turup(seat_arg(seat), &text)
            .map(wrap)
            .map_err(|e| err(e, seat))
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
    fn play_error(&self, seat: &Bound<'_, PyAny>, card: &Bound<'_, PyAny>) -> Option<String> {
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
        let mut buf = Vec::with_capacity(16);
        self.inner.legal_plays_into(seat_arg(seat), &mut buf);
        let items: Vec<Bound<'py, PyLegalMove>> = buf
            .into_iter()
            .map(|(card, stack)| legal_py(py, card, stack))
            .collect::<PyResult<_>>()?;
        PyList::new(py, items)
    }
    /// `getLegalMoves(x, seat)` as strings: `"card"` or `"card@stack"`.
    fn legal_strings(&self, seat: &Bound<'_, PyAny>) -> Vec<String> {
        let mut buf = Vec::with_capacity(16);
        self.inner.legal_plays_into(seat_arg(seat), &mut buf);
        buf.into_iter()
            .map(|(c, k)| match k {
                Some(k) => format!("{}@{k}", cs(c)),
                None => cs(c).to_string(),
            })
            .collect()
    }
    /// `getLegalMoves(x, seat)` as `(card, stack_position)` tuples.
    fn legal_tuples(&self, seat: &Bound<'_, PyAny>) -> Vec<(&'static str, Option<u8>)> {
        let mut buf = Vec::with_capacity(16);
        self.inner.legal_plays_into(seat_arg(seat), &mut buf);
        buf.into_iter().map(|(c, k)| (cs(c), k)).collect()
    }

    /// The protocol's legal moves.
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut buf = Vec::with_capacity(16);
        self.inner.protocol_moves(&mut buf);
        let items: Vec<Bound<'py, PyMove>> = buf
            .into_iter()
            .map(|m| move_py(py, m))
            .collect::<PyResult<_>>()?;
        PyTuple::new(py, items)
    }
    /// Number of protocol moves.
    fn num_moves(&self) -> usize {
        let mut buf = Vec::with_capacity(16);
        self.inner.protocol_moves(&mut buf);
        buf.len()
    }
    /// Apply a protocol move.
    fn apply_move(&self, mv: &PyMove) -> PyResult<Self> {
        guarded(|| self.inner.apply(mv.to_move())).map(wrap)
    }
    /// Apply the `index`-th protocol move.
    fn apply_index(&self, index: i64) -> PyResult<Self> {
        let mut buf = Vec::with_capacity(16);
        self.inner.protocol_moves(&mut buf);
        let mv = usize::try_from(index)
            .ok()
            .and_then(|i| buf.get(i).copied())
            .ok_or_else(|| {
                PyIndexError::new_err(format!("move index {index} out of range 0..{}", buf.len()))
            })?;
        guarded(|| self.inner.apply(mv)).map(wrap)
    }
    /// The legal-move mask over the fixed action space, as bytes (0/1).
    fn legal_mask_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut buf = Vec::with_capacity(16);
        self.inner.protocol_moves(&mut buf);
        let mut mask = [0u8; ACTION_SPACE];
        for m in buf {
            if let Some(x) = mask.get_mut(m.action_index()) {
                *x = 1;
            }
        }
        PyBytes::new(py, &mask)
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
    /// Play random games from this position in Rust (GIL released); returns the number of moves
    /// made in total. Used by benchmarks and tests.
    fn random_playouts(&self, py: Python<'_>, games: u32, seed: u64) -> PyResult<u64> {
        let start = self.inner.clone();
        detached(py, move || {
            let mut rng = parlour_core::rng::Rng::new(seed);
            let mut total = 0u64;
            let mut buf = Vec::with_capacity(16);
            for _ in 0..games {
                let mut s = start.clone();
                while !s.is_terminal() {
                    s.legal_moves_into(&mut buf);
                    if buf.is_empty() {
                        return Err(Error::invalid_state("PLAYOUT_STUCK", "no legal move"));
                    }
                    let mv = buf[rng.index(buf.len())];
                    s.apply_mut(mv)?;
                    total += 1;
                }
            }
            Ok(total)
        })
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
    m.add_function(wrap_pyfunction!(card_name, &m)?)?;
    m.add_function(wrap_pyfunction!(card_index, &m)?)?;
    m.add("ACTION_SPACE", ACTION_SPACE)?;
    super::add_submodule(parent, &m, "dalmara")
}
