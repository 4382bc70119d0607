//! `parlour._core.durak`: a Durak game, `parlour.durak.DurakGame`, one frozen, final class
//! holding the core position and its record ([`Record`]: the start and the moves since, from
//! which the core writes the events). The protocol is [`crate::state`]'s (written out here:
//! Durak's `resample` keeps the record, see [`StateClass`]'s note below); the engine's records
//! (events, snapshots, action objects) are built by the core as [`Value`]s; the rules
//! functions, the deal and the players are plain functions. Everything converts.

use crate::errors::{caught, config_err, detached, guarded, to_py};
use crate::notation::Notation;
use crate::state::{PartsClass, StateClass, KEPT};
use crate::view::{seat_arg, seed_arg};
use parlour_core::cards::{Card, CardSet, Suit};
use parlour_core::games::durak::bot::{self, Opponent};
use parlour_core::games::durak::record::{event_value, move_value};
use parlour_core::games::durak::rules::{self, Bout};
use parlour_core::games::durak::{
    BoutParts, Code, Durak, DurakConfig, Event, Move, Parts, Record, Variant, ACTION_SPACE,
};
use parlour_core::lazy::LazyMoves;
use parlour_core::rng::Rng;
use parlour_core::view::Value;
use parlour_core::ErrorKind;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyList, PyMapping, PyString, PyTuple, PyType};
use std::sync::Arc;

/// `parlour.durak.notation`: `Parts` (with its `BoutParts`), `read`, `write`.
static NOTATION: Notation = Notation::new("parlour.durak.notation");

pyo3::import_exception!(parlour.durak.api, DurakMoveError);
pyo3::import_exception!(parlour.durak.api, DurakConfigError);

/// The fields of a `parlour.durak.notation.Parts` as its `_fields` groups them: the head,
/// the cards, the bout and the tail.
type Head = (i64, String, i64, i64, Option<i64>, i64);
type Cards = (Vec<i64>, Vec<i64>, Vec<Vec<i64>>, Vec<Vec<i64>>, Vec<i64>);
type BoutFields = (
    i64,
    i64,
    i64,
    bool,
    Vec<i64>,
    bool,
    Vec<i64>,
    Vec<Option<i64>>,
);
type Tail = (Option<String>, Option<i64>, i64, i64);

/// Plain Python data of a core record: [`crate::view::to_py`]'s shapes, except that a map's
/// keys written as digits (the reference's 1-based seat keys) become ints.
fn plain<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::List(items) => PyList::new(
            py,
            items
                .iter()
                .map(|i| plain(py, i))
                .collect::<PyResult<Vec<_>>>()?,
        )?
        .into_any(),
        Value::Map(items) => {
            let d = PyDict::new(py);
            for (k, item) in items {
                match k.parse::<i64>() {
                    Ok(n) => d.set_item(n, plain(py, item)?)?,
                    Err(_) => d.set_item(k, plain(py, item)?)?,
                }
            }
            d.into_any()
        }
        _ => crate::view::to_py(py, v)?,
    })
}

/// The reference's events as dicts.
fn events<'py>(py: Python<'py>, events: &[Event]) -> PyResult<Vec<Bound<'py, PyAny>>> {
    events.iter().map(|e| plain(py, &event_value(e))).collect()
}

/// A move as the reference's action object, None for no move.
fn move_dict(py: Python<'_>, m: Option<Move>) -> PyResult<Bound<'_, PyAny>> {
    m.map_or(Ok(py.None().into_bound(py)), |m| plain(py, &move_value(m)))
}

/// A core refusal as the Durak error classes.
fn durak_err(e: parlour_core::Error) -> PyErr {
    match e.kind {
        ErrorKind::IllegalMove => DurakMoveError::new_err((e.code, e.message)),
        ErrorKind::Config => DurakConfigError::new_err((e.code, e.message)),
        _ => to_py(e),
    }
}

/// `parlour.durak.api.Move` and the interned move of each action (the move table), made once.
fn move_table(py: Python<'_>) -> PyResult<&(Py<PyType>, Py<PyTuple>)> {
    static TABLE: PyOnceLock<(Py<PyType>, Py<PyTuple>)> = PyOnceLock::new();
    TABLE.get_or_try_init(py, || {
        let cls = py
            .import("parlour.durak.api")?
            .getattr("Move")?
            .cast_into::<PyType>()?;
        let items = (0..ACTION_SPACE).map(|a| {
            let m = Move::of_action(u16::try_from(a).unwrap_or(0));
            cls.call1((m.kind.as_str(), m.kind.has_card().then_some(m.card_id())))
        });
        Ok((
            cls.clone().unbind(),
            PyTuple::new(py, items.collect::<PyResult<Vec<_>>>()?)?.unbind(),
        ))
    })
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

/// A 1-based seat argument as a 0-based seat of `g`, if it is one.
fn seat0(g: &Durak, seat: &Bound<'_, PyAny>) -> Option<u8> {
    u8::try_from(seat_of(seat))
        .ok()
        .filter(|s| (1..=g.seats()).contains(s))
        .map(|s| s - 1)
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
fn move_fields(mv: &Bound<'_, PyAny>) -> PyResult<(Option<String>, Option<i64>)> {
    let py = mv.py();
    let (kind, card) = if mv.is_instance(move_table(py)?.0.bind(py))? {
        (
            mv.getattr(intern!(py, "kind"))?,
            mv.getattr(intern!(py, "card"))?,
        )
    } else if let Ok(m) = mv.cast::<PyMapping>() {
        let get = |k: &str| match m.get_item(k) {
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyKeyError>(py) => {
                Ok(py.None().into_bound(py))
            }
            got => got,
        };
        (get("kind")?, get("card")?)
    } else {
        return Ok((None, None));
    };
    let kind = kind.extract::<PyBackedStr>().ok().map(|k| (*k).to_string());
    Ok((kind, card_of(&card)))
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
    inner: Durak,
    record: Record,
    dealt: Arc<Dealt>,
    kept: LazyMoves<KEPT>,
}

impl PyDurakGame {
    fn fresh(inner: Durak, dealt: Dealt) -> Self {
        let record = Record::new(inner.clone());
        PyDurakGame {
            inner,
            record,
            dealt: Arc::new(dealt),
            kept: LazyMoves::new(),
        }
    }

    /// The game `inner` with `record`, dealt as this one.
    fn then(&self, inner: Durak, record: Record) -> Self {
        PyDurakGame {
            inner,
            record,
            dealt: Arc::clone(&self.dealt),
            kept: LazyMoves::new(),
        }
    }

    /// The reference's `apply(seat, {kind, card})`: the new game and the events.
    fn play_checked(&self, seat: i64, mv: &Bound<'_, PyAny>) -> PyResult<(Self, Vec<Event>)> {
        let (kind, card) = move_fields(mv)?;
        let (inner, events, seat0, mv) =
            caught(|| Ok(self.inner.play_recorded(seat, kind.as_deref(), card)))
                .map_err(to_py)?
                .map_err(durak_err)?;
        Ok((self.then(inner, self.record.after(seat0, mv)), events))
    }
}

/// Durak differs from the defaults in its 1-based `to_move`, its `BAD_INDEX`, its checked
/// `apply` (the reference's refusals) and its `resample`, which replays the record of moves.
impl StateClass for PyDurakGame {
    crate::holds!(Durak, inner);
    const ACTIONS: usize = ACTION_SPACE;

    fn move_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
        Ok(move_table(py)?.1.bind(py))
    }
    fn action(mv: Move) -> usize {
        usize::from(mv.action())
    }
    fn with_core(&self, _py: Python<'_>, core: Durak, played: Option<Move>) -> PyResult<Self> {
        let seat = self.inner.turn().unwrap_or(0);
        let record = match played {
            Some(mv) => self.record.after(seat, mv),
            None => Record::new(core.clone()),
        };
        Ok(self.then(core, record))
    }
    fn apply_other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let seat = self.inner.turn().map_or(0, |s| i64::from(s) + 1);
        Ok(self.play_checked(seat, obj)?.0)
    }
    fn same(&self, _py: Python<'_>, other: &Self) -> PyResult<bool> {
        Ok(self.inner == other.inner)
    }
    fn to_move(&self) -> Option<u8> {
        self.inner.turn().map(|s| s + 1)
    }
    /// A game with moves since it was dealt (or parsed) gets a new deal from which those moves
    /// replay, and keeps them; a game without gets its position resampled. Either way the new
    /// game has no seed or number.
    fn resampled(
        &self,
        py: Python<'_>,
        seat: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let (seat, seed) = (seat_arg(&self.inner, seat)?, seed_arg(seed)?);
        let (record, now) = (self.record.clone(), self.inner.clone());
        let (inner, record) =
            detached(py, move || record.resample(&now, seat, &mut Rng::new(seed)))?;
        let (dealt, kept) = (Arc::default(), LazyMoves::new());
        Ok(PyDurakGame {
            inner,
            record,
            dealt,
            kept,
        })
    }
    fn index_error(&self, _index: &Bound<'_, PyAny>, len: usize) -> PyErr {
        DurakConfigError::new_err((
            Code::BadIndex.as_str(),
            format!("there are {len} legal moves"),
        ))
    }
}

impl PartsClass for PyDurakGame {
    fn notation() -> &'static Notation {
        &NOTATION
    }
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let plain_parts = plain(py, &self.inner.parts().value())?;
        NOTATION.member(py, "_from_plain")?.call1((plain_parts,))
    }
    fn from_parts(parts: &Bound<'_, PyAny>) -> PyResult<Self> {
        let fields = NOTATION.member(parts.py(), "_fields")?.call1((parts,))?;
        let (head, cards, bout, tail): (Head, Cards, Option<BoutFields>, Tail) =
            fields.extract()?;
        let (seats, variant, trump, trump_card, owner, discard) = head;
        let (heap, talon, hands, known, out) = cards;
        let (outcome, fool, ply, stall) = tail;
        let bout = bout.map(
            |(attacker, defender, cap, taken, passed, chose_done, attacks, beats)| BoutParts {
                attacker,
                defender,
                cap,
                taken,
                passed,
                chose_done,
                attacks,
                beats,
            },
        );
        let p = Parts {
            seats,
            variant,
            trump,
            trump_card,
            owner,
            discard,
            heap,
            talon,
            hands,
            bout,
            known,
            out,
            outcome,
            fool,
            ply,
            stall,
        };
        let inner = guarded(|| Durak::from_parts(&p))?;
        Ok(Self::fresh(inner, Dealt::default()))
    }
}

crate::protocol!(PyDurakGame);
crate::notation!(PyDurakGame);

crate::fields!(PyDurakGame {
    /// The 32-byte seed (None for a parsed or resampled game).
    seed: Option<Bound<'py, PyBytes>> = |s, py| s.dealt.seed.as_ref().map(|x| PyBytes::new(py, x));
    /// The deal number (None for a parsed or resampled game).
    number: Option<String> = |s, py| s.dealt.number.clone();
    /// Number of seats.
    seats: u8 = |s, py| s.inner.seats();
    /// ``podkidnoy`` or ``perevodnoy``.
    variant: &'static str = |s, py| s.inner.variant().as_str();
    /// The trump suit letter.
    trump: String = |s, py| s.inner.trump().letter().to_string();
    /// The current turn-up id (the six after an exchange), kept after it is drawn.
    trump_card: u8 = |s, py| s.inner.trump_card().ace_high_id();
    /// Seat to sorted card ids.
    hands: Bound<'py, PyAny> = |s, py| s.snapshot_item(py, "hands")?;
    /// The talon in draw order, turn-up last.
    talon: Bound<'py, PyAny> = |s, py| s.snapshot_item(py, "talon")?;
    /// Number of discarded cards.
    discard: u8 = |s, py| s.inner.discard();
    /// The seat with the exchange right, or None.
    six_owner: Option<u8> = |s, py| s.inner.six_owner().map(|x| x + 1);
    /// True once the game is over.
    over: bool = |s, py| s.inner.over();
    /// ``{"outcome", "fool", "places"}`` once over, else None.
    result: Bound<'py, PyAny> = |s, py| s.snapshot_item(py, "result")?;
    /// The phase: ``attack``, ``defend``, ``pile_on`` or ``over``.
    phase: &'static str = |s, py| s.inner.phase().as_str();
    /// The seat on turn, or None when over.
    turn: Option<u8> = |s, py| s.inner.turn().map(|x| x + 1);
    /// Number of events written since the deal.
    ply: u32 = |s, py| s.inner.ply();
    /// Cards left in the talon.
    talon_left: usize = |s, py| s.inner.talon_left();
    /// The id of the trump six.
    six_of_trumps: u8 = |s, py| s.inner.six_of_trumps().ace_high_id();
    /// True while the current turn-up is in the talon.
    turn_up_left: bool = |s, py| s.inner.turn_up_left();
});

impl PyDurakGame {
    /// One key of [`Durak::snapshot`] as plain data.
    fn snapshot_item<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        plain(py, self.inner.snapshot().get(key).unwrap_or(&Value::Null))
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
    fn _deal(
        py: Python<'_>,
        seed: &[u8],
        number: &str,
        seats: i64,
        variant: &str,
    ) -> PyResult<Py<Self>> {
        let seats = u8::try_from(seats).unwrap_or(0);
        let config = |variant| DurakConfig { seats, variant };
        let inner =
            caught(
                || Ok(Variant::parse(variant).and_then(|v| Durak::new(seed, number, config(v)))),
            )
            .map_err(to_py)?
            .map_err(durak_err)?;
        let dealt = Dealt {
            seed: <[u8; 32]>::try_from(seed).ok(),
            number: Some(number.to_string()),
        };
        Py::new(py, Self::fresh(inner, dealt))
    }

    /// The whole position as plain data (the vectors' snapshot keys, seats as int keys): ``phase
    /// turn over hands talon talon_left discard trump_card turn_up_left six_owner can_swap bout
    /// result`` plus ``seats variant trump ply heap known out``.
    fn snapshot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        plain(py, &self.inner.snapshot())
    }

    /// The open bout (a :class:`parlour.durak.Bout`), or None.
    #[getter]
    fn bout<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(b) = self.inner.bout() else {
            return Ok(None);
        };
        let ids = |c: &[Card]| c.iter().map(|c| c.ace_high_id()).collect::<Vec<_>>();
        let beats: Vec<Option<u8>> = b.beats[..b.size()]
            .iter()
            .map(|c| c.map(Card::ace_high_id))
            .collect();
        let attacks = PyTuple::new(py, ids(&b.attacks[..b.size()]))?;
        let args = (
            b.attacker + 1,
            b.defender + 1,
            b.cap,
            attacks,
            PyTuple::new(py, beats)?,
            b.taken,
        );
        py.import("parlour.durak.api")?
            .getattr("Bout")?
            .call1(args)
            .map(Some)
    }

    /// The events written since the game was dealt (or parsed), oldest first.
    ///
    /// Raises:
    ///     InvalidStateError: ``INTERNAL_ERROR`` if a recorded move no longer replays (a bug).
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let record = self.record.clone();
        PyTuple::new(py, events(py, &detached(py, move || record.events())?)?)
    }

    /// The sorted hand of ``seat`` (empty for a seat that does not exist).
    fn hand_of(&self, seat: &Bound<'_, PyAny>) -> Vec<u16> {
        ids_of(seat0(&self.inner, seat).map_or(CardSet::EMPTY, |s| self.inner.hand(s)))
    }

    /// Number of cards ``seat`` holds (0 for a seat that does not exist).
    fn count_of(&self, seat: &Bound<'_, PyAny>) -> usize {
        seat0(&self.inner, seat).map_or(0, |s| self.inner.count(s))
    }

    /// Whether ``seat`` may exchange the trump six (ignoring the turn).
    fn can_swap(&self, seat: &Bound<'_, PyAny>) -> bool {
        seat0(&self.inner, seat).is_some_and(|s| self.inner.can_swap(s))
    }

    /// The legal moves of ``seat`` in the reference's order (``[]`` off turn), as action
    /// objects.
    fn legal<'py>(&self, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
        let py = seat.py();
        let moves = seat0(&self.inner, seat).map_or_else(Vec::new, |s| self.inner.legal(s));
        PyList::new(
            py,
            moves
                .into_iter()
                .map(|m| move_dict(py, Some(m)))
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
    ) -> PyResult<(Py<Self>, Bound<'py, PyList>)> {
        let py = seat.py();
        let (next, evs) = self.play_checked(seat_of(seat), r#move)?;
        Ok((Py::new(py, next)?, PyList::new(py, events(py, &evs)?)?))
    }

    /// The Zobrist hash recomputed from scratch (the tests hold it to :attr:`zobrist`).
    fn _full_hash(&self) -> u64 {
        self.inner.full_hash()
    }
}

// ----- the players, the rules functions and the deal --------------------------------------------

/// The bot's move for ``seat`` (1-based) of ``game``, searched with the GIL released; None when
/// the seat has no legal move.
#[pyfunction]
fn bot_move<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyDurakGame>,
    seat: &Bound<'py, PyAny>,
    level: u8,
    seed: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let g = game.get().inner.clone();
    let Some(s) = seat0(&g, seat) else {
        return Ok(py.None().into_bound(py));
    };
    move_dict(
        py,
        detached(py, move || Ok(bot::bot_move(&g, s, level, seed)))?,
    )
}

/// The greedy player's move for ``seat`` (1-based) of ``game``: None off turn.
#[pyfunction]
fn greedy_move<'py>(
    game: &Bound<'py, PyDurakGame>,
    seat: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let g = &game.get().inner;
    move_dict(
        game.py(),
        seat0(g, seat).and_then(|s| bot::greedy_move(g, s)),
    )
}

/// The cards of ids `ids` (`NO_CARD` for an id that is none).
fn cards_of(ids: &[i64]) -> PyResult<CardSet> {
    let card = |c: i64| {
        rules::card_of(c).ok_or_else(|| config_err(Code::NoCard, format!("no card has id {c}")))
    };
    ids.iter().map(|&c| card(c)).collect()
}

/// The ids of `cards`, in id order (ints: a `Vec<u8>` would become `bytes`).
fn ids_of(cards: CardSet) -> Vec<u16> {
    cards
        .iter_ace_high()
        .map(|c| u16::from(c.ace_high_id()))
        .collect()
}

/// `(legal_attacks, legal_beats, closes)` of a bout of the rules functions' arguments
/// (`beats[i]` 0 while unanswered): the cards of `hand` that may be thrown in, those that beat
/// with `trump`, and how the bout closes on its own with a defender holding `defender_size`.
#[pyfunction]
fn bout_rules(
    hand: Vec<i64>,
    cap: i64,
    attacks: Vec<i64>,
    beats: Vec<i64>,
    taken: bool,
    trump: u8,
    defender_size: usize,
) -> PyResult<(Vec<u16>, Vec<u16>, Option<&'static str>)> {
    let bad = |m: &str| config_err(Code::BadBout, m.to_string());
    let cap = u8::try_from(cap)
        .ok()
        .filter(|c| *c <= 6)
        .ok_or_else(|| bad("a cap is 0 to 6"))?;
    if attacks.len() > 6 || beats.len() > attacks.len() {
        return Err(bad(
            "a bout holds at most six attack cards, each with at most one answer",
        ));
    }
    let mut b = Bout::new(0, 1, cap);
    for (i, &a) in attacks.iter().enumerate() {
        b.attacks[i] = cards_of(&[a])?.first().unwrap_or(Card::PLACEHOLDER);
    }
    for (i, &d) in beats.iter().enumerate().filter(|(_, &d)| d != 0) {
        b.beats[i] = cards_of(&[d])?.first();
    }
    b.len = u8::try_from(attacks.len()).unwrap_or(0);
    b.taken = taken;
    let hand = cards_of(&hand)?;
    let suit = Suit::ALL[usize::from(trump % 4)];
    let closes = rules::closes(&b, defender_size).map(|h| h.as_str());
    Ok((
        ids_of(rules::legal_attacks(hand, &b)),
        ids_of(rules::legal_beats(hand, &b, suit)),
        closes,
    ))
}

/// `beats(defence, attack, trump)`.
#[pyfunction]
fn beats(defence: u8, attack: u8, trump: u8) -> bool {
    match (
        Card::from_ace_high_id(defence),
        Card::from_ace_high_id(attack),
    ) {
        (Some(d), Some(a)) => rules::beats(d, a, Suit::ALL[usize::from(trump % 4)]),
        _ => false,
    }
}

/// `order_for(seed, number)`.
#[pyfunction]
fn order_for(seed: &[u8], number: &str) -> PyResult<Vec<u8>> {
    guarded(|| rules::order_for(seed, number)).map(|o| o.to_vec())
}

/// Hands, talon, turn-up and the first attacker (1-based).
type DealTuple = (Vec<Vec<u16>>, Vec<u16>, u8, u8);

/// `deal_for(seed, number, seats)`: (hands, talon, trump_card, first seat 1-based).
#[pyfunction]
fn deal_for(seed: &[u8], number: &str, seats: i64) -> PyResult<DealTuple> {
    let d = guarded(|| rules::deal_for(seed, number, u8::try_from(seats).unwrap_or(0)))?;
    let talon = d.talon.iter().map(|c| u16::from(c.ace_high_id())).collect();
    Ok((
        d.hands.into_iter().map(ids_of).collect(),
        talon,
        d.trump_card.ace_high_id(),
        d.first + 1,
    ))
}

/// `first_attacker(hands, trump)`: 1-based seat.
#[pyfunction]
fn first_attacker(hands: Vec<Vec<i64>>, trump: u8) -> PyResult<u8> {
    let hands: Vec<CardSet> = hands.iter().map(|h| cards_of(h)).collect::<PyResult<_>>()?;
    Ok(rules::first_attacker(&hands, Suit::ALL[usize::from(trump % 4)]) + 1)
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
                let message = format!("unknown opponent {other:?}");
                return Err(config_err(Code::BadOpponent, message));
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
    m.add_function(wrap_pyfunction!(bout_rules, &m)?)?;
    m.add_function(wrap_pyfunction!(sha256_digest, &m)?)?;
    m.add_function(wrap_pyfunction!(bot_match, &m)?)?;
    super::add_submodule(parent, &m, "durak")
}
