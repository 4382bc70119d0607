//! `parlour._core.durak`: a Durak game, `parlour.durak.DurakGame`, one frozen, final class
//! holding the core position and its record ([`Record`]: the start and the moves since, from
//! which the core writes the events), with the whole protocol here; the rules functions, the
//! deal and the players as plain functions. Everything converts; the rules are the core's.

use crate::errors::{caught, config_err, detached, guarded, to_py};
use crate::fast::{exact_index, kept_moves, listed_object, mask_array, pick};
use crate::notation::{reduce, Notation};
use crate::view::{seat_arg, seed_arg};
use parlour_core::cards::{Card, CardSet, Suit};
use parlour_core::game::GameState;
use parlour_core::games::durak::bot::{self, Opponent};
use parlour_core::games::durak::rules::{self, Bout};
use parlour_core::games::durak::{
    BoutParts, Code, Durak, DurakConfig, Event, Move, Outcome, Parts, Record, Variant, ACTION_SPACE,
};
use parlour_core::lazy::{LazyMoves, Moves};
use parlour_core::rng::Rng;
use parlour_core::ErrorKind;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyList, PyMapping, PyString, PyTuple, PyType};
use pyo3::BoundObject;
use std::cell::Cell;
use std::sync::Arc;

/// `parlour.durak.notation`: `Parts` (with its `BoutParts`), `read`, `write`.
static NOTATION: Notation = Notation::new("parlour.durak.notation");

/// A bout's parts as `parlour.durak.notation.BoutParts` gives them (its fields by name).
#[derive(FromPyObject)]
struct BoutFields {
    attacker: i64,
    defender: i64,
    cap: i64,
    taken: bool,
    passed: Vec<i64>,
    chose_done: bool,
    attacks: Vec<i64>,
    beats: Vec<Option<i64>>,
}

/// The position's parts as `parlour.durak.notation.Parts` gives them (its fields by name).
#[derive(FromPyObject)]
struct Fields {
    seats: i64,
    variant: String,
    trump: i64,
    trump_card: i64,
    owner: Option<i64>,
    discard: i64,
    heap: Vec<i64>,
    talon: Vec<i64>,
    hands: Vec<Vec<i64>>,
    bout: Option<BoutFields>,
    known: Vec<Vec<i64>>,
    out: Vec<i64>,
    outcome: Option<String>,
    fool: Option<i64>,
    ply: i64,
    stall: i64,
}

impl From<Fields> for Parts {
    fn from(f: Fields) -> Parts {
        Parts {
            seats: f.seats,
            variant: f.variant,
            trump: f.trump,
            trump_card: f.trump_card,
            owner: f.owner,
            discard: f.discard,
            heap: f.heap,
            talon: f.talon,
            hands: f.hands,
            bout: f.bout.map(|b| BoutParts {
                attacker: b.attacker,
                defender: b.defender,
                cap: b.cap,
                taken: b.taken,
                passed: b.passed,
                chose_done: b.chose_done,
                attacks: b.attacks,
                beats: b.beats,
            }),
            known: f.known,
            out: f.out,
            outcome: f.outcome,
            fool: f.fool,
            ply: f.ply,
            stall: f.stall,
        }
    }
}

/// `parlour.durak.notation.Parts` of the core's parts.
fn parts_object<'py>(py: Python<'py>, p: Parts) -> PyResult<Bound<'py, PyAny>> {
    fn any<'py, T: IntoPyObject<'py>>(py: Python<'py>, v: T) -> PyResult<Bound<'py, PyAny>> {
        Ok(v.into_pyobject(py)
            .map_err(Into::into)?
            .into_any()
            .into_bound())
    }
    let tuples = |v: Vec<Vec<i64>>| -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            v.into_iter()
                .map(|h| PyTuple::new(py, h))
                .collect::<PyResult<Vec<_>>>()?,
        )
    };
    let bout = match p.bout {
        None => py.None().into_bound(py),
        Some(b) => NOTATION.member(py, "BoutParts")?.call1((
            b.attacker,
            b.defender,
            b.cap,
            b.taken,
            PyTuple::new(py, b.passed)?,
            b.chose_done,
            PyTuple::new(py, b.attacks)?,
            PyTuple::new(py, b.beats)?,
        ))?,
    };
    let fields = vec![
        any(py, p.seats)?,
        any(py, p.variant)?,
        any(py, p.trump)?,
        any(py, p.trump_card)?,
        any(py, p.owner)?,
        any(py, p.discard)?,
        PyTuple::new(py, p.heap)?.into_any(),
        PyTuple::new(py, p.talon)?.into_any(),
        tuples(p.hands)?.into_any(),
        bout,
        tuples(p.known)?.into_any(),
        PyTuple::new(py, p.out)?.into_any(),
        any(py, p.outcome)?,
        any(py, p.fool)?,
        any(py, p.ply)?,
        any(py, p.stall)?,
    ];
    NOTATION.parts(py, PyTuple::new(py, fields)?)
}

pyo3::import_exception!(parlour.durak.api, DurakMoveError);
pyo3::import_exception!(parlour.durak.api, DurakConfigError);

/// Room for the legal moves kept: a list is at most 38 long (35 beats, 3 transfers of the
/// attacked rank, take; or 36 attacks, done and swap), longer ones are listed again on each use.
const LEGAL_CAP: usize = 40;

thread_local! {
    /// The move list the hot path reuses (see [`kept_moves`]).
    static LISTED: Cell<Vec<Move>> = const { Cell::new(Vec::new()) };
}

/// `parlour.durak.api.Move` and the interned move of each action (the move table of
/// `legal_moves`), made once.
fn move_table(py: Python<'_>) -> PyResult<&(Py<PyType>, Py<PyTuple>)> {
    static TABLE: PyOnceLock<(Py<PyType>, Py<PyTuple>)> = PyOnceLock::new();
    TABLE.get_or_try_init(py, || {
        let cls = py
            .import("parlour.durak.api")?
            .getattr("Move")?
            .cast_into::<PyType>()?;
        let mut items = Vec::with_capacity(ACTION_SPACE);
        for a in 0..ACTION_SPACE {
            let m = Move::of_action(u16::try_from(a).unwrap_or(0));
            items.push(cls.call1(move_pair(m))?);
        }
        Ok((cls.unbind(), PyTuple::new(py, items)?.unbind()))
    })
}

/// `parlour.durak.api.Bout`, looked up once.
fn bout_class(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    CLASS
        .get_or_try_init(py, || {
            Ok::<_, PyErr>(
                py.import("parlour.durak.api")?
                    .getattr("Bout")?
                    .cast_into::<PyType>()?
                    .unbind(),
            )
        })
        .map(|c| c.bind(py))
}

/// The seed and deal number a game was dealt from (None for a parsed or resampled game).
#[derive(Debug, Default)]
struct Dealt {
    seed: Option<[u8; 32]>,
    number: Option<String>,
}

/// A Durak game (immutable, hashable, picklable): the position, its record and its deal.
///
/// Made by ``parlour.durak.new_game`` or :meth:`from_notation`; every move gives a new game.
/// ``history`` holds the events written since the game was dealt (or parsed), written by the
/// core from the record of its moves; it is not part of the position's identity or notation.
#[pyclass(frozen, module = "parlour.durak", name = "DurakGame")]
pub struct PyDurakGame {
    /// Boxed: a new game moves a pointer on its way into a new Python object.
    s: Box<Game>,
}

/// What a [`PyDurakGame`] holds.
struct Game {
    inner: Durak,
    record: Record,
    dealt: Arc<Dealt>,
    /// The legal moves of the seat to move, listed once (a loop lists them, then applies one).
    legal: LazyMoves<LEGAL_CAP>,
}

impl Game {
    fn fresh(inner: Durak, dealt: Dealt) -> Game {
        Game {
            record: Record::new(inner.clone()),
            inner,
            dealt: Arc::new(dealt),
            legal: LazyMoves::new(),
        }
    }

    fn moves(&self) -> Moves<'_, Move> {
        kept_moves(&self.legal, &self.inner, &LISTED)
    }

    /// The game `inner`, reached from this one by `mv` of `seat`, recorded.
    fn then(&self, inner: Durak, seat: u8, mv: Move) -> Box<Game> {
        Box::new(Game {
            inner,
            record: self.record.after(seat, mv),
            dealt: Arc::clone(&self.dealt),
            legal: LazyMoves::new(),
        })
    }

    /// The game after `mv`, one of the legal moves (so no refusal check is needed).
    fn after_listed(&self, mv: Move) -> PyResult<Box<Game>> {
        // Copied once, straight into its box; `play_listed` moves the seat to move.
        let seat = self.inner.turn().unwrap_or(0);
        let mut next = Box::new(Game {
            inner: self.inner.clone(),
            record: self.record.after(seat, mv),
            dealt: Arc::clone(&self.dealt),
            legal: LazyMoves::new(),
        });
        guarded(|| Ok(next.inner.play_listed(mv)))?;
        Ok(next)
    }

    /// The reference's `apply(seat, {kind, card})`: the new game and the events.
    fn play(
        &self,
        seat: i64,
        kind: Option<&str>,
        card: Option<i64>,
    ) -> PyResult<(Box<Game>, Vec<Event>)> {
        let (inner, events, seat0, mv) = caught(|| Ok(self.inner.play_recorded(seat, kind, card)))
            .map_err(to_py)?
            .map_err(durak_err)?;
        Ok((self.then(inner, seat0, mv), events))
    }
}

/// A core refusal as the Durak error classes.
fn durak_err(e: parlour_core::Error) -> PyErr {
    match e.kind {
        ErrorKind::IllegalMove => DurakMoveError::new_err((e.code, e.message)),
        ErrorKind::Config => DurakConfigError::new_err((e.code, e.message)),
        _ => to_py(e),
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

/// A seat argument of the 1-based API: an int (not a bool) within ±2**62, else 0 (no seat).
fn seat_of(seat: &Bound<'_, PyAny>) -> i64 {
    if seat.is_instance_of::<PyBool>() || !seat.is_instance_of::<PyInt>() {
        return 0;
    }
    seat.extract::<i64>()
        .ok()
        .filter(|s| s.unsigned_abs() < 1 << 62)
        .unwrap_or(0)
}

/// A move's card: an int (not a bool), or a string of ASCII digits without a leading zero;
/// anything else is no card. Out-of-range ids are 0 (the core treats them as no card).
fn card_of(card: &Bound<'_, PyAny>) -> Option<i64> {
    let in_range = |n: i64| if (1..=36).contains(&n) { n } else { 0 };
    if card.is_instance_of::<PyBool>() {
        return None;
    }
    if card.is_instance_of::<PyInt>() {
        return Some(card.extract::<i64>().map_or(0, in_range));
    }
    let text = card.cast::<PyString>().ok()?.to_str().ok()?;
    let digits =
        !text.is_empty() && !text.starts_with('0') && text.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| text.parse::<i64>().map_or(0, in_range))
}

/// The kind and card of a move argument: a `Move`, a mapping with `kind` and `card`, or
/// neither (no kind).
fn move_fields<'py>(
    py: Python<'py>,
    mv: &Bound<'py, PyAny>,
) -> PyResult<(Option<String>, Option<i64>)> {
    let is_move = mv.is_instance(move_table(py)?.0.bind(py))?;
    let (kind, card) = if is_move {
        (
            mv.getattr(intern!(py, "kind"))?,
            mv.getattr(intern!(py, "card"))?,
        )
    } else if let Ok(m) = mv.cast::<PyMapping>() {
        let get = |k: &str| -> PyResult<Bound<'py, PyAny>> {
            match m.get_item(k) {
                Ok(v) => Ok(v),
                Err(e) if e.is_instance_of::<pyo3::exceptions::PyKeyError>(py) => {
                    Ok(py.None().into_bound(py))
                }
                Err(e) => Err(e),
            }
        };
        (get("kind")?, get("card")?)
    } else {
        return Ok((None, None));
    };
    let kind = kind.extract::<PyBackedStr>().ok().map(|k| (*k).to_string());
    Ok((kind, card_of(&card)))
}

/// `(kind, card)` of a move: the card None for kinds without one.
fn move_pair(m: Move) -> (&'static str, Option<u8>) {
    (m.kind.as_str(), m.kind.has_card().then_some(m.card_id()))
}

/// A move as the reference's action object.
fn move_dict(py: Python<'_>, m: Move) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("kind", m.kind.as_str())?;
    if m.kind.has_card() {
        d.set_item("card", m.card_id())?;
    }
    Ok(d)
}

/// A seat as the 1-based API numbers it.
fn seat1(s: u8) -> u8 {
    s + 1
}

/// `{seat: place}`: 2 for the fool, 1 for everyone else.
fn places(py: Python<'_>, fool: Option<u8>, seats: u8) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    for s in 0..seats {
        d.set_item(seat1(s), if fool == Some(s) { 2 } else { 1 })?;
    }
    Ok(d)
}

/// The result object `{outcome, fool, places}` (into `d`).
fn outcome_into(d: &Bound<'_, PyDict>, o: Outcome, seats: u8) -> PyResult<()> {
    d.set_item("outcome", o.as_str())?;
    d.set_item("fool", o.fool().map(seat1))?;
    d.set_item("places", places(d.py(), o.fool(), seats)?)
}

/// An event in the reference's shape (seats 1-based).
fn event_dict<'py>(py: Python<'py>, e: &Event) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match *e {
        Event::Move { kind, seat, card } => {
            d.set_item("kind", kind.as_str())?;
            d.set_item("seat", seat1(seat))?;
            if kind.has_card() {
                d.set_item("card", card.map_or(0, Card::ace_high_id))?;
            }
        }
        Event::BoutEnd {
            taken,
            how,
            cards,
            discard,
            next_attacker,
        } => {
            d.set_item("kind", "bout_end")?;
            d.set_item("taken", u8::from(taken))?;
            d.set_item("how", how.as_str())?;
            d.set_item("cards", cards)?;
            d.set_item("discard", discard)?;
            d.set_item("next_attacker", seat1(next_attacker))?;
        }
        Event::Refill {
            drawn,
            seats,
            talon,
        } => {
            d.set_item("kind", "refill")?;
            let m = PyDict::new(py);
            for s in 0..seats.min(6) {
                m.set_item(seat1(s), drawn[usize::from(s)])?;
            }
            d.set_item("drawn", m)?;
            d.set_item("talon", talon)?;
        }
        Event::Out { seat } => {
            d.set_item("kind", "out")?;
            d.set_item("seat", seat1(seat))?;
        }
        Event::GameEnd { outcome, seats } => {
            d.set_item("kind", "game_end")?;
            outcome_into(&d, outcome, seats)?;
        }
    }
    Ok(d)
}

fn event_dicts<'py>(py: Python<'py>, events: &[Event]) -> PyResult<Vec<Bound<'py, PyDict>>> {
    events.iter().map(|e| event_dict(py, e)).collect()
}

fn events_list<'py>(py: Python<'py>, events: &[Event]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, event_dicts(py, events)?)
}

/// A card's id (1..=36).
fn id(c: Card) -> u16 {
    u16::from(c.ace_high_id())
}

/// The ids of a set of cards, in id order (ints: a `Vec<u8>` would become `bytes`).
fn ids(m: CardSet) -> Vec<u16> {
    m.iter_ace_high().map(id).collect()
}

/// Card ids as ints.
fn id_vec(cards: &[Card]) -> Vec<u16> {
    cards.iter().map(|&c| id(c)).collect()
}

/// The answers of a bout as ids, None while unanswered.
fn beat_ids(b: &Bout) -> Vec<Option<u16>> {
    b.beats[..b.size()].iter().map(|c| c.map(id)).collect()
}

/// `{seat: f(seat)}` over the seats, 1-based keys.
fn per_seat<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    g: &Durak,
    f: impl Fn(u8) -> T,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for s in 0..g.seats() {
        d.set_item(seat1(s), f(s))?;
    }
    Ok(d)
}

/// The whole position as plain data (the vectors' snapshot keys).
fn snapshot<'py>(py: Python<'py>, g: &Durak) -> PyResult<Bound<'py, PyDict>> {
    let n = g.seats();
    let d = PyDict::new(py);
    let seats_in = |m: u8| -> Vec<u16> {
        (0..n)
            .filter(|s| m & (1 << s) != 0)
            .map(|s| u16::from(seat1(s)))
            .collect()
    };
    d.set_item("seats", n)?;
    d.set_item("variant", g.variant().as_str())?;
    d.set_item("trump", g.trump().letter().to_string())?;
    d.set_item("phase", g.phase().as_str())?;
    d.set_item("turn", g.turn().map(seat1))?;
    d.set_item("over", u8::from(g.over()))?;
    d.set_item("hands", per_seat(py, g, |s| ids(g.hand(s)))?)?;
    d.set_item("talon", id_vec(&g.talon()))?;
    d.set_item("talon_left", g.talon_left())?;
    d.set_item("discard", g.discard())?;
    d.set_item("trump_card", id(g.trump_card()))?;
    d.set_item("turn_up_left", u8::from(g.turn_up_left()))?;
    d.set_item("six_owner", g.six_owner().map(seat1))?;
    d.set_item("can_swap", per_seat(py, g, |s| u8::from(g.can_swap(s)))?)?;
    let bout = match g.bout() {
        None => None,
        Some(b) => {
            let bd = PyDict::new(py);
            let k = b.size();
            bd.set_item("attacker", seat1(b.attacker))?;
            bd.set_item("defender", seat1(b.defender))?;
            bd.set_item("cap", b.cap)?;
            bd.set_item("attacks", id_vec(&b.attacks[..k]))?;
            bd.set_item("beats", beat_ids(b))?;
            bd.set_item("taken", u8::from(b.taken))?;
            bd.set_item("passed", seats_in(b.passed))?;
            Some(bd)
        }
    };
    d.set_item("bout", bout)?;
    let result = match g.result() {
        None => None,
        Some(o) => {
            let r = PyDict::new(py);
            outcome_into(&r, o, n)?;
            Some(r)
        }
    };
    d.set_item("result", result)?;
    d.set_item("ply", g.ply())?;
    d.set_item("heap", ids(g.heap()))?;
    d.set_item("known", per_seat(py, g, |s| ids(g.known(s)))?)?;
    d.set_item("out", seats_in(g.out_mask()))?;
    Ok(d)
}

/// A 1-based seat argument as a 0-based seat of `g`, if it is one.
fn seat0(g: &Durak, seat: &Bound<'_, PyAny>) -> Option<u8> {
    u8::try_from(seat_of(seat))
        .ok()
        .filter(|s| (1..=g.seats()).contains(s))
        .map(|s| s - 1)
}

impl PyDurakGame {
    fn spawn(py: Python<'_>, s: Box<Game>) -> PyResult<Bound<'_, PyDurakGame>> {
        Bound::new(py, PyDurakGame { s })
    }
}

#[pymethods]
impl PyDurakGame {
    /// A new game dealt from ``seed`` (32 bytes) and ``number`` (a positive integer's digits);
    /// ``parlour.durak.new_game`` checks its arguments and calls this.
    ///
    /// Raises:
    ///     DurakConfigError: ``NO_SEED``, ``BAD_DEAL``, ``BAD_VARIANT`` or ``BAD_SEATS``.
    #[staticmethod]
    fn _deal<'py>(
        py: Python<'py>,
        seed: &[u8],
        number: &str,
        seats: i64,
        variant: &str,
    ) -> PyResult<Bound<'py, PyDurakGame>> {
        let seats = u8::try_from(seats).unwrap_or(0);
        let inner = caught(|| {
            Ok(Variant::parse(variant)
                .and_then(|variant| Durak::new(seed, number, DurakConfig { seats, variant })))
        })
        .map_err(to_py)?
        .map_err(durak_err)?;
        let dealt = Dealt {
            seed: <[u8; 32]>::try_from(seed).ok(),
            number: Some(number.to_string()),
        };
        Self::spawn(py, Box::new(Game::fresh(inner, dealt)))
    }

    /// The position of ``parts`` (a :class:`parlour.durak.notation.Parts`), as given: no
    /// forced-position resolution is run.
    ///
    /// Raises:
    ///     InvalidStateError: ``IMPOSSIBLE_POSITION`` when the parts cannot come from a game.
    ///     TypeError: If ``parts`` is not a ``Parts``.
    #[staticmethod]
    fn from_parts<'py>(parts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDurakGame>> {
        let py = parts.py();
        let fields: Fields = NOTATION.check(parts)?.extract()?;
        let inner = guarded(|| Durak::from_parts(&Parts::from(fields)))?;
        Self::spawn(py, Box::new(Game::fresh(inner, Dealt::default())))
    }

    /// Parse a position written by :meth:`to_notation` (see :mod:`parlour.durak.notation`).
    ///
    /// Raises:
    ///     NotationError: ``BAD_NOTATION`` for malformed text (or no string).
    ///     InvalidStateError: ``IMPOSSIBLE_POSITION`` for an impossible position.
    #[staticmethod]
    fn from_notation<'py>(text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDurakGame>> {
        Self::from_parts(&NOTATION.read(text.py(), text)?)
    }

    /// The position's parts, a :class:`parlour.durak.notation.Parts`.
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        parts_object(py, self.s.inner.parts())
    }

    /// The whole position in Durak notation (see :mod:`parlour.durak.notation`).
    fn to_notation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        NOTATION.write(py, self.parts(py)?)
    }

    /// The whole position as plain data (the vectors' snapshot keys, seats as int keys): ``phase
    /// turn over hands talon talon_left discard trump_card turn_up_left six_owner can_swap bout
    /// result`` plus ``seats variant trump ply heap known out``.
    fn snapshot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        snapshot(py, &self.s.inner)
    }

    /// The 32-byte seed (None for a parsed or resampled game).
    #[getter]
    fn seed<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyBytes>> {
        self.s.dealt.seed.as_ref().map(|s| PyBytes::new(py, s))
    }

    /// The deal number (None for a parsed or resampled game).
    #[getter]
    fn number(&self) -> Option<&str> {
        self.s.dealt.number.as_deref()
    }

    /// Number of seats.
    #[getter]
    fn seats(&self) -> u8 {
        self.s.inner.seats()
    }

    /// ``podkidnoy`` or ``perevodnoy``.
    #[getter]
    fn variant(&self) -> &'static str {
        self.s.inner.variant().as_str()
    }

    /// The trump suit letter.
    #[getter]
    fn trump(&self) -> String {
        self.s.inner.trump().letter().to_string()
    }

    /// The current turn-up id (the six after an exchange), kept after it is drawn.
    #[getter]
    fn trump_card(&self) -> u16 {
        id(self.s.inner.trump_card())
    }

    /// Seat to sorted card ids.
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let g = &self.s.inner;
        per_seat(py, g, |s| ids(g.hand(s)))
    }

    /// The talon in draw order, turn-up last.
    #[getter]
    fn talon(&self) -> Vec<u16> {
        id_vec(&self.s.inner.talon())
    }

    /// Number of discarded cards.
    #[getter]
    fn discard(&self) -> u8 {
        self.s.inner.discard()
    }

    /// The open bout (a :class:`parlour.durak.Bout`), or None.
    #[getter]
    fn bout<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(b) = self.s.inner.bout() else {
            return Ok(None);
        };
        let k = b.size();
        let args = (
            seat1(b.attacker),
            seat1(b.defender),
            b.cap,
            PyTuple::new(py, id_vec(&b.attacks[..k]))?,
            PyTuple::new(py, beat_ids(b))?,
            b.taken,
        );
        bout_class(py)?.call1(args).map(Some)
    }

    /// The seat with the exchange right, or None.
    #[getter]
    fn six_owner(&self) -> Option<u8> {
        self.s.inner.six_owner().map(seat1)
    }

    /// True once the game is over.
    #[getter]
    fn over(&self) -> bool {
        self.s.inner.over()
    }

    /// ``{"outcome", "fool", "places"}`` once over, else None.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let g = &self.s.inner;
        g.result()
            .map(|o| {
                let d = PyDict::new(py);
                outcome_into(&d, o, g.seats())?;
                Ok(d)
            })
            .transpose()
    }

    /// The events written since the game was dealt (or parsed), oldest first.
    ///
    /// Raises:
    ///     InvalidStateError: ``INTERNAL_ERROR`` if a recorded move no longer replays (a bug).
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let record = self.s.record.clone();
        let events = detached(py, move || record.events())?;
        PyTuple::new(py, event_dicts(py, &events)?)
    }

    /// The phase: ``attack``, ``defend``, ``pile_on`` or ``over``.
    #[getter]
    fn phase(&self) -> &'static str {
        self.s.inner.phase().as_str()
    }

    /// The seat on turn, or None when over.
    #[getter]
    fn turn(&self) -> Option<u8> {
        self.s.inner.turn().map(seat1)
    }

    /// Number of events written since the deal.
    #[getter]
    fn ply(&self) -> u32 {
        self.s.inner.ply()
    }

    /// Cards left in the talon.
    #[getter]
    fn talon_left(&self) -> usize {
        self.s.inner.talon_left()
    }

    /// The id of the trump six.
    #[getter]
    fn six_of_trumps(&self) -> u16 {
        id(self.s.inner.six_of_trumps())
    }

    /// True while the current turn-up is in the talon.
    #[getter]
    fn turn_up_left(&self) -> bool {
        self.s.inner.turn_up_left()
    }

    /// The sorted hand of ``seat`` (empty for a seat that does not exist).
    fn hand_of(&self, seat: &Bound<'_, PyAny>) -> Vec<u16> {
        let g = &self.s.inner;
        seat0(g, seat).map_or_else(Vec::new, |s| ids(g.hand(s)))
    }

    /// Number of cards ``seat`` holds (0 for a seat that does not exist).
    fn count_of(&self, seat: &Bound<'_, PyAny>) -> usize {
        let g = &self.s.inner;
        seat0(g, seat).map_or(0, |s| g.count(s))
    }

    /// Whether ``seat`` may exchange the trump six (ignoring the turn).
    fn can_swap(&self, seat: &Bound<'_, PyAny>) -> bool {
        let g = &self.s.inner;
        seat0(g, seat).is_some_and(|s| g.can_swap(s))
    }

    /// The legal moves of ``seat`` in the reference's order (``[]`` off turn), as action
    /// objects.
    fn legal<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let py = seat.py();
        let g = &self.s.inner;
        let moves = seat0(g, seat).map_or_else(Vec::new, |s| g.legal(s));
        PyList::new(
            py,
            moves
                .into_iter()
                .map(|m| move_dict(py, m))
                .collect::<PyResult<Vec<_>>>()?,
        )
    }

    /// Apply ``move`` (a :class:`Move` or an action object) for ``seat``: the new game and the
    /// events the referee wrote.
    ///
    /// Raises:
    ///     DurakMoveError: The refusal, with the reference's code upper-cased.
    #[pyo3(signature = (seat, r#move))]
    fn play<'py>(
        &self,
        seat: &Bound<'py, PyAny>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyDurakGame>, Bound<'py, PyList>)> {
        let py = seat.py();
        let (kind, card) = move_fields(py, r#move)?;
        let (next, events) = self.s.play(seat_of(seat), kind.as_deref(), card)?;
        Ok((Self::spawn(py, next)?, events_list(py, &events)?))
    }

    /// The seat to move (1-based), None when over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.s.inner.turn().map(seat1)
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

    /// The Zobrist hash recomputed from scratch (the tests hold it to :attr:`zobrist`).
    fn _full_hash(&self) -> u64 {
        self.s.inner.full_hash()
    }

    /// 1.0 for every seat but the fool, 0.0 for the fool, 0.5 each in a draw; 0 while live.
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut r = vec![0.0f32; usize::from(self.s.inner.seats())];
        self.s.inner.returns_into(&mut r);
        PyTuple::new(py, r.into_iter().map(f64::from))
    }

    /// The legal moves of the seat to move over the fixed action space.
    ///
    /// Returns:
    ///     A numpy bool array of length ``ACTION_SPACE``.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        mask_array(py, ACTION_SPACE, self.s.moves().bits().map(usize::from))
    }

    /// The legal moves of the seat to move, in the reference's order (``resign`` is never
    /// listed).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        pick(
            move_table(py)?.1.bind(py),
            self.s.moves().bits().map(usize::from),
        )
    }

    /// The game after the ``index``-th legal move.
    ///
    /// Raises:
    ///     DurakConfigError: ``BAD_INDEX`` for an index out of range.
    fn apply_index<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDurakGame>> {
        let v = self.s.moves();
        let i = exact_index(index, v.len()).or_else(|| {
            // An int subclass (an IntEnum, say) is an index too.
            (index.is_instance_of::<PyInt>() && !index.is_instance_of::<PyBool>())
                .then(|| index.extract::<usize>().ok())
                .flatten()
                .filter(|&i| i < v.len())
        });
        let Some(mv) = i.and_then(|i| v.get(i)) else {
            return Err(bad_index(v.len()));
        };
        Self::spawn(index.py(), self.s.after_listed(mv)?)
    }

    /// The game after the seat to move plays ``move`` (a :class:`Move` or an action object).
    ///
    /// Raises:
    ///     DurakMoveError: The refusal (``GAME_OVER`` once over).
    #[pyo3(signature = (r#move))]
    fn apply<'py>(&self, r#move: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDurakGame>> {
        let py = r#move.py();
        if let Some(mv) = listed_object(&self.s.moves(), move_table(py)?.1.bind(py), r#move) {
            return Self::spawn(py, self.s.after_listed(mv)?);
        }
        let seat = self.s.inner.turn().map_or(0, |s| i64::from(s) + 1);
        let (kind, card) = move_fields(py, r#move)?;
        Self::spawn(py, self.s.play(seat, kind.as_deref(), card)?.0)
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
    /// is kept). A game with moves since it was dealt (or parsed) gets a new deal from which
    /// those moves replay, and keeps them: its ``history`` is this game's. A game without gets
    /// its position resampled and no history. Either way the new game has no seed or number.
    ///
    /// Raises:
    ///     ConfigError: ``INVALID_SEAT`` or ``INVALID_SEED``.
    ///     InvalidStateError: ``RESAMPLE_FAILED`` for a position built with contradictory parts.
    fn resample<'py>(
        &self,
        seat: &Bound<'py, PyAny>,
        seed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDurakGame>> {
        let py = seat.py();
        let (seat, seed) = (seat_arg(&self.s.inner, seat)?, seed_arg(seed)?);
        let (record, now) = (self.s.record.clone(), self.s.inner.clone());
        let (inner, record) =
            detached(py, move || record.resample(&now, seat, &mut Rng::new(seed)))?;
        let game = Game {
            inner,
            record,
            dealt: Arc::new(Dealt::default()),
            legal: LazyMoves::new(),
        };
        Self::spawn(py, Box::new(game))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyDurakGame>()
            .is_ok_and(|o| o.get().s.inner == self.s.inner)
    }

    /// ``hash(self.zobrist)``: Python's hash of the int (modulo 2**61 - 1).
    fn __hash__(&self) -> u64 {
        self.s.inner.zobrist() % ((1 << 61) - 1)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "DurakGame.from_notation({})",
            self.to_notation(py)?.repr()?
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        reduce(slf.as_any(), slf.get().to_notation(slf.py())?)
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

/// The bot's move for ``seat`` (1-based) of ``game``, searched with the GIL released; None when
/// the seat has no legal move.
#[pyfunction]
fn bot_move<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyDurakGame>,
    seat: &Bound<'py, PyAny>,
    level: u8,
    seed: u64,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let g = game.get().s.inner.clone();
    let Some(s) = seat0(&g, seat) else {
        return Ok(None);
    };
    let m = detached(py, move || Ok(bot::bot_move(&g, s, level, seed)))?;
    m.map(|m| move_dict(py, m)).transpose()
}

/// The greedy player's move for ``seat`` (1-based) of ``game``: None off turn.
#[pyfunction]
fn greedy_move<'py>(
    game: &Bound<'py, PyDurakGame>,
    seat: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let g = &game.get().s.inner;
    seat0(g, seat)
        .and_then(|s| bot::greedy_move(g, s))
        .map(|m| move_dict(game.py(), m))
        .transpose()
}

/// The card of id `c`.
fn card_arg(c: i64) -> PyResult<Card> {
    rules::card_of(c).ok_or_else(|| config_err(Code::NoCard, format!("no card has id {c}")))
}

fn mask_of(hand: &[i64]) -> PyResult<CardSet> {
    hand.iter().map(|&c| card_arg(c)).collect()
}

/// The bout of the rules functions' arguments (`beats[i]` 0 while unanswered).
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
        b.attacks[i] = card_arg(a)?;
    }
    for (i, &d) in beats.iter().enumerate() {
        if d != 0 {
            b.beats[i] = Some(card_arg(d)?);
        }
    }
    b.len = u8::try_from(attacks.len()).unwrap_or(0);
    b.taken = taken;
    Ok(b)
}

/// `order_for(seed, number)`.
#[pyfunction]
fn order_for(seed: &[u8], number: &str) -> PyResult<Vec<u8>> {
    guarded(|| rules::order_for(seed, number)).map(|o| o.to_vec())
}

/// Hands, talon, turn-up and the first attacker (1-based).
type DealTuple = (Vec<Vec<u16>>, Vec<u16>, u16, u8);

/// `deal_for(seed, number, seats)`: (hands, talon, trump_card, first seat 1-based).
#[pyfunction]
fn deal_for(seed: &[u8], number: &str, seats: i64) -> PyResult<DealTuple> {
    let s = u8::try_from(seats).unwrap_or(0);
    let d = guarded(|| rules::deal_for(seed, number, s))?;
    Ok((
        d.hands.iter().map(|&h| ids(h)).collect(),
        id_vec(&d.talon),
        id(d.trump_card),
        d.first + 1,
    ))
}

/// `first_attacker(hands, trump)`: 1-based seat.
#[pyfunction]
fn first_attacker(hands: Vec<Vec<i64>>, trump: u8) -> PyResult<u8> {
    let masks: Vec<CardSet> = hands.iter().map(|h| mask_of(h)).collect::<PyResult<_>>()?;
    Ok(rules::first_attacker(&masks, suit(trump)) + 1)
}

/// `beats(defence, attack, trump)`.
#[pyfunction]
fn beats(defence: u8, attack: u8, trump: u8) -> bool {
    match (
        Card::from_ace_high_id(defence),
        Card::from_ace_high_id(attack),
    ) {
        (Some(d), Some(a)) => rules::beats(d, a, suit(trump)),
        _ => false,
    }
}

/// The suit of index `trump % 4`.
fn suit(trump: u8) -> Suit {
    Suit::ALL[usize::from(trump % 4)]
}

/// `legal_attacks(hand, bout)`.
#[pyfunction]
fn legal_attacks(
    hand: Vec<i64>,
    cap: i64,
    attacks: Vec<i64>,
    beats: Vec<i64>,
    taken: bool,
) -> PyResult<Vec<u16>> {
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
) -> PyResult<Vec<u16>> {
    let b = make_bout(cap, &attacks, &beats, taken)?;
    Ok(ids(rules::legal_beats(mask_of(&hand)?, &b, suit(trump))))
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
        suit(trump),
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
    PyBytes::new(py, &parlour_core::rng::sha256(data))
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
    m.add_class::<PyDurakGame>()?;
    m.add_function(wrap_pyfunction!(bot_move, &m)?)?;
    m.add_function(wrap_pyfunction!(greedy_move, &m)?)?;
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
