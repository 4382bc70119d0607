//! `parlour._core.dalmara`: Dal Mara's state, `parlour.dalmara.GameState`, one frozen, final
//! class holding the core position and its roster; the protocol comes from [`crate::state`].
//! DMN, the `Parts` record and `Player` live in `parlour.dalmara.notation`; `Move`, `LegalMove`
//! and the engine's functions in `parlour.dalmara.api`, over the private `_`-methods below.

use crate::errors::{config_err, guarded, to_py};
use crate::fast::with_buffer;
use crate::notation::Notation;
use crate::state::{StateClass, KEPT};
use parlour_core::cards::{Card, Spelling, Suit};
use parlour_core::game::GameState;
use parlour_core::games::dalmara::{
    Action, Code, DalMara, DalMaraConfig, Deck, Ghopte, GhopteOrder, Move, Parts, Rules, SeatIn,
    ACTION_SPACE,
};
use parlour_core::lazy::{LazyMoves, Packed};
use parlour_core::Error;
use pyo3::exceptions::PyIndexError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{IntoPyDict, PyDict, PyList, PyString, PyTuple, PyType};
use std::cell::Cell;

/// `parlour.dalmara.notation`: `Parts`, `Player`, `read` (DMN), `write` (DMN).
static NOTATION: Notation = Notation::new("parlour.dalmara.notation");

thread_local! {
    static PLAYS: Cell<Vec<(Card, Option<u8>)>> = const { Cell::new(Vec::new()) };
}

/// The engine's text of card `c` (`"10s"`), one interned string per card.
fn card_py(py: Python<'_>, c: Card) -> Bound<'_, PyString> {
    static TEXTS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
    let text = |i| Card::from_index(i).map_or(String::new(), |c| c.format(Spelling::DalMara));
    let texts = TEXTS.get_or_init(py, || {
        (0..64)
            .map(|i| PyString::intern(py, &text(i)).unbind())
            .collect()
    });
    texts[usize::from(c.index() & 63)].bind(py).clone()
}

/// The card of a card index that `parlour.dalmara.notation` gives (always a card).
fn card(c: u8) -> PyResult<Card> {
    crate::cards::card(i64::from(c))
}

/// The suit of a suit index that `parlour.dalmara.notation` gives (always a suit).
fn suit(s: Option<u8>) -> PyResult<Option<Suit>> {
    let bad = || config_err(Code::InvalidDmn, "suit out of range");
    s.map(|s| Suit::from_index(s).ok_or_else(bad)).transpose()
}

/// The Python values, built once: the classes `Move` and `LegalMove`, the `Move` of every packed
/// move, the `LegalMove` of every `(card, stack)` at `card * 5 + stack + 1` (`card * 5` for a
/// hand card), and the default rosters of four and two players.
struct Tables {
    classes: [Py<PyType>; 2],
    moves: Py<PyTuple>,
    legal: Py<PyTuple>,
    rosters: [Py<PyTuple>; 2],
}

fn tables(py: Python<'_>) -> PyResult<&Tables> {
    static TABLES: PyOnceLock<Tables> = PyOnceLock::new();
    TABLES.get_or_try_init(py, || {
        let api = py.import("parlour.dalmara.api")?;
        let mv = api.getattr("Move")?.cast_into::<PyType>()?;
        let lm = api.getattr("LegalMove")?.cast_into::<PyType>()?;
        let moves = (0..192u16).map(|i| match Move::unpack(i) {
            m if m.pack() != i => Ok(py.None().into_bound(py)),
            Move::Play(c) => mv.call1(("play", card_py(py, c))),
            Move::Pickup(c) => mv.call1(("pickup", card_py(py, c))),
            Move::Declare(s) => mv.call1(("declare", s.name())),
        });
        let legal = (0..64u8).flat_map(|c| (0..5u8).map(move |k| (c, k.checked_sub(1))));
        let legal = legal.map(|(c, k)| match Card::from_index(c) {
            None => Ok(py.None().into_bound(py)),
            Some(c) => lm.call1((card_py(py, c), k)),
        });
        Ok::<_, PyErr>(Tables {
            moves: PyTuple::new(py, moves.collect::<PyResult<Vec<_>>>()?)?.unbind(),
            legal: PyTuple::new(py, legal.collect::<PyResult<Vec<_>>>()?)?.unbind(),
            rosters: NOTATION.member(py, "_ROSTERS")?.extract()?,
            classes: [mv.unbind(), lm.unbind()],
        })
    })
}

/// The default roster of a game of `four` players or two.
fn default_roster(py: Python<'_>, four: bool) -> PyResult<Py<PyTuple>> {
    Ok(tables(py)?.rosters[usize::from(!four)].clone_ref(py))
}

fn rules_arg(rules: &str) -> PyResult<Rules> {
    guarded(|| Rules::parse(rules))
}

/// A seat argument of the engine's functions: an integer, or the JavaScript text of a value
/// that is no seat (`"undefined"`, `"1.5"`, …), which `parlour.dalmara.api` writes.
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

/// A position's parts in the core's shape, cards and suits as indices, as `_to_core` and
/// `_of_core` of `parlour.dalmara.notation` convert them from and to a `Parts` record.
#[derive(FromPyObject, IntoPyObject)]
struct CoreParts(
    (bool, String, u8, Option<u8>, Option<u8>, u8),
    Vec<(u8, u8, i32, bool)>,
    Vec<Vec<u8>>,
    Vec<Vec<u8>>,
    (u8, u8, u8, Option<u8>, bool),
    Vec<(u8, u8)>,
    Vec<u8>,
    Option<(u8, u8, bool)>,
);

impl CoreParts {
    fn into_core(self) -> PyResult<Parts> {
        let CoreParts(head, ghoptes, hands, stacks, numbers, trick, play_orders, detail) = self;
        let (four, rules, dealer, turup, turup_trick, next) = head;
        let (move_number, trick_number, play_number, lead, is_ghopte) = numbers;
        let ghoptes = ghoptes.into_iter().map(|(seat, c, order, resolved)| {
            Ok(Ghopte {
                seat,
                card: card(c)?,
                order,
                resolved,
            })
        });
        let piles = |piles: Vec<Vec<u8>>| {
            let pile = |p: Vec<u8>| p.into_iter().map(card).collect::<PyResult<Vec<_>>>();
            piles.into_iter().map(pile).collect::<PyResult<Vec<_>>>()
        };
        let trick = trick.into_iter().map(|(s, c)| Ok((s, card(c)?)));
        Ok(Parts {
            four,
            rules: rules_arg(&rules)?,
            dealer,
            turup: suit(turup)?,
            turup_trick,
            ghoptes: ghoptes.collect::<PyResult<_>>()?,
            hands: piles(hands)?,
            stacks: piles(stacks)?,
            move_number,
            trick_number,
            play_number,
            lead: suit(lead)?,
            is_ghopte,
            trick: trick.collect::<PyResult<_>>()?,
            play_orders,
            detail: detail
                .map(|(s, c, t)| Ok::<_, PyErr>((s, card(c)?, t)))
                .transpose()?,
            next,
        })
    }

    fn of(p: Parts) -> CoreParts {
        let ghoptes = p
            .ghoptes
            .iter()
            .map(|g| (g.seat, g.card.index(), g.order, g.resolved));
        let piles = |piles: Vec<Vec<Card>>| {
            let pile = |p: Vec<Card>| p.into_iter().map(Card::index).collect();
            piles.into_iter().map(pile).collect()
        };
        CoreParts(
            (
                p.four,
                p.rules.name().into(),
                p.dealer,
                p.turup.map(Suit::index),
                p.turup_trick,
                p.next,
            ),
            ghoptes.collect(),
            piles(p.hands),
            piles(p.stacks),
            (
                p.move_number,
                p.trick_number,
                p.play_number,
                p.lead.map(Suit::index),
                p.is_ghopte,
            ),
            p.trick.into_iter().map(|(s, c)| (s, c.index())).collect(),
            p.play_orders,
            p.detail.map(|(s, c, t)| (s, c.index(), t)),
        )
    }
}

/// A Dal Mara position and its roster (immutable, hashable, picklable).
///
/// Build one with ``create_game``, ``parse_dmn``, ``GameState.from_notation``,
/// ``GameState.from_parts`` or ``GameState.random``. It follows parlour's uniform state protocol
/// and exposes the engine's ``GameState`` fields as read-only properties (``mode``, ``hands``,
/// ``trick``, …).
///
/// >>> s = GameState.from_notation("4p,3,- | -/-/-/- | /// | - | 0 | 1,0,-,-,- | -,-,- | 3")
/// >>> s.mode, s.dealer_seat, s.next_move_seat, s.is_terminal
/// ('4p', 3, 3, False)
#[pyclass(frozen, module = "parlour.dalmara", name = "GameState")]
pub struct PyState {
    /// Boxed: a new state moves a pointer, not the position, through its construction.
    inner: Box<DalMara>,
    players: Py<PyTuple>,
    kept: LazyMoves<KEPT>,
}

impl PyState {
    fn of(inner: DalMara, players: Py<PyTuple>) -> Self {
        let (inner, kept) = (Box::new(inner), LazyMoves::new());
        PyState {
            inner,
            players,
            kept,
        }
    }

    /// A new state of this roster from an engine operation's result.
    fn then<'py>(
        &self,
        py: Python<'py>,
        done: Result<DalMara, Error>,
    ) -> PyResult<Bound<'py, Self>> {
        Bound::new(py, self.with_core(py, done.map_err(to_py)?, None)?)
    }

    /// The state of a `Parts` record (with the rule set `rules`, when given).
    fn from_record<'py>(
        parts: &Bound<'py, PyAny>,
        rules: Option<Rules>,
    ) -> PyResult<Bound<'py, Self>> {
        let py = parts.py();
        let players: Option<Py<PyTuple>> = parts.getattr(intern!(py, "players"))?.extract()?;
        let mut core: CoreParts = NOTATION
            .member(py, "_to_core")?
            .call1((parts,))?
            .extract()?;
        if let Some(rules) = rules {
            core.0 .1 = rules.name().into();
        }
        let core = core.into_core()?;
        let inner = guarded(|| DalMara::from_parts(&core))?;
        let players = players.map_or_else(|| default_roster(py, inner.is_four()), Ok)?;
        Bound::new(py, Self::of(inner, players))
    }
}

impl StateClass for PyState {
    crate::holds!(DalMara, inner);
    const ACTIONS: usize = ACTION_SPACE;

    fn move_table(py: Python<'_>) -> PyResult<&Bound<'_, PyTuple>> {
        Ok(tables(py)?.moves.bind(py))
    }
    fn action(mv: Move) -> usize {
        mv.action_index()
    }
    fn with_core(&self, py: Python<'_>, core: DalMara, _played: Option<Move>) -> PyResult<Self> {
        Ok(Self::of(core, self.players.clone_ref(py)))
    }
    /// A `Move` made elsewhere, a `LegalMove` or a card string to play.
    fn apply_other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        let py = obj.py();
        let [move_cls, legal_cls] = &tables(py)?.classes;
        let card: String = if obj.is_instance(move_cls.bind(py))? {
            let index = obj.getattr(intern!(py, "index"))?.extract()?;
            let mv = Move::from_action(index)
                .ok_or_else(|| config_err(Code::InvalidMove, "not a Dal Mara move"))?;
            return self.play(py, mv, false);
        } else if obj.is_instance(legal_cls.bind(py))? {
            obj.getattr(intern!(py, "card"))?.extract()?
        } else if let Ok(text) = obj.cast::<PyString>() {
            text.to_str()?.to_owned()
        } else {
            let message = format!("not a Dal Mara move: {}", obj.repr()?);
            return Err(config_err(Code::InvalidMove, message));
        };
        let seat = self.inner.next_seat();
        let next = guarded(|| self.inner.act(Action::Play, seat, &card, true))?;
        self.with_core(py, next, None)
    }
    fn same(&self, py: Python<'_>, other: &Self) -> PyResult<bool> {
        Ok(other.inner.zobrist() == self.inner.zobrist()
            && other.inner.same_position(&self.inner)
            && other.players.bind(py).eq(self.players.bind(py))?)
    }
    fn index_error(&self, index: &Bound<'_, PyAny>, len: usize) -> PyErr {
        PyIndexError::new_err(format!("move index {index} out of range 0..{len}"))
    }
    fn repr(slf: &Bound<'_, Self>) -> PyResult<String> {
        let text = slf.get().to_notation(slf.py())?.repr()?;
        let rules = slf.get().inner.rules().name();
        Ok(format!("GameState.from_notation({text}, rules='{rules}')"))
    }
    /// `(GameState.from_parts, (parts,))`: the parts carry the rule set and the roster.
    fn reduce<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from = slf.get_type().getattr(intern!(py, "from_parts"))?;
        let parts = slf.get().parts(py)?;
        PyTuple::new(py, [from, PyTuple::new(py, [parts])?.into_any()])
    }
}

crate::protocol!(PyState);

crate::fields!(PyState {
    /// The rule set of this position.
    rules: &'static str = |s, py| s.inner.rules().name();
    /// ``"4p"`` or ``"2p"``.
    mode: &'static str = |s, py| if s.inner.is_four() { "4p" } else { "2p" };
    /// The dealer.
    dealer_seat: u8 = |s, py| s.inner.dealer();
    /// The Turup suit's long name, or None.
    turup: Option<&'static str> = |s, py| s.inner.turup().map(Suit::name);
    /// The trick in which the 4p Turup was set (rulebook; None otherwise or unknown).
    turup_trick: Option<u8> = |s, py| s.inner.turup_trick();
    /// Hands by seat, in the engine's (dealt) order.
    hands: Bound<'py, PyDict> = |s, py| {
        let hand = |i| PyTuple::new(py, s.inner.hand(i).iter().map(|&c| card_py(py, c)));
        let hands = (0..s.inner.seats()).map(|i| Ok((i, hand(i)?))).collect::<PyResult<Vec<_>>>()?;
        hands.into_py_dict(py)?
    };
    /// The Ghopte entries (``Ghopte`` records), seat-grouped as DMN lists them.
    ghoptes: Bound<'py, PyAny> = |s, py| s.parts(py)?.getattr(intern!(py, "ghoptes"))?;
    /// 2p stacks by seat (``PlayerStack`` records; empty in 4p).
    stacks: Bound<'py, PyDict> = |s, py| {
        let rows = s.parts(py)?.getattr(intern!(py, "stacks"))?;
        rows.try_iter()?.enumerate().map(|(i, r)| Ok((i, r?))).collect::<PyResult<Vec<_>>>()?.into_py_dict(py)?
    };
    /// Cards played so far.
    move_number: u8 = |s, py| s.inner.move_number();
    /// The trick section (a ``Trick`` record).
    trick: Bound<'py, PyAny> = |s, py| s.parts(py)?.getattr(intern!(py, "trick"))?;
    /// The play that produced this position (a ``MoveDetail`` record).
    move_detail: Bound<'py, PyAny> = |s, py| s.parts(py)?.getattr(intern!(py, "move_detail"))?;
    /// Tens taken per seat in the tricks completed since this game was dealt or parsed.
    tens_taken: Bound<'py, PyTuple> =
        |s, py| PyTuple::new(py, &s.inner.tens_taken()[..s.inner.seats()])?;
    /// Tricks taken per seat since this game was dealt or parsed.
    tricks_taken: Bound<'py, PyTuple> =
        |s, py| PyTuple::new(py, &s.inner.tricks_taken()[..s.inner.seats()])?;
    /// The roster (a tuple of ``Player``, in seat order).
    players: Py<PyTuple> = |s, py| s.players.clone_ref(py);
    /// ``nextMoveSeat``: who acts next.
    next_move_seat: u8 = |s, py| s.inner.next_seat();
});

/// Which of two names `v` is (None: the first); any other value is refused with `code`.
fn first_of(
    v: Option<&Bound<'_, PyAny>>,
    names: [&str; 2],
    what: &str,
    code: Code,
) -> PyResult<bool> {
    let Some(v) = v else { return Ok(true) };
    let text = v.cast::<PyString>().ok().map(ToString::to_string);
    match names.iter().position(|n| text.as_deref() == Some(n)) {
        Some(i) => Ok(i == 0),
        None => Err(config_err(
            code,
            format!(
                "{what} must be {names:?} or {:?}, not {}",
                names[1],
                v.repr()?
            ),
        )),
    }
}

/// The value of an engine action: a card or suit text, or a deal's deck (None: no deck; None
/// for an item that is no string).
#[derive(FromPyObject)]
enum ActValue {
    Text(String),
    Deck(Option<Vec<Option<String>>>),
}

#[pymethods]
impl PyState {
    /// A game dealt from ``seed`` as the simulator deals one.
    #[staticmethod]
    #[pyo3(signature = (seed, mode = None, rules = None))]
    fn random<'py>(
        seed: &Bound<'py, PyAny>,
        mode: Option<&Bound<'py, PyAny>>,
        rules: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        let py = seed.py();
        let seed = crate::view::seed_arg(seed)?;
        let four = first_of(mode, ["4p", "2p"], "mode", Code::InvalidMode)?;
        let names = ["rulebook", "dal-mara-engine"];
        let rulebook = first_of(rules, names, "rules", Code::InvalidRules)?;
        let rules = [Rules::Engine, Rules::Rulebook][usize::from(rulebook)];
        let inner = guarded(|| DalMara::dealt(&DalMaraConfig { four, rules }, seed))?;
        Bound::new(py, Self::of(inner, default_roster(py, four)?))
    }

    /// The position of ``parts`` (a :class:`parlour.dalmara.notation.Parts`).
    #[staticmethod]
    fn from_parts<'py>(parts: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        Self::from_record(NOTATION.check(parts)?, None)
    }

    /// Parse a DMN string under the rule set ``rules``.
    #[staticmethod]
    #[pyo3(signature = (text, rules = "rulebook"))]
    fn from_notation<'py>(text: &Bound<'py, PyAny>, rules: &str) -> PyResult<Bound<'py, Self>> {
        let rules = rules_arg(rules)?;
        Self::from_record(&NOTATION.read(text.py(), text)?, Some(rules))
    }

    /// The position's parts and roster, a :class:`parlour.dalmara.notation.Parts`.
    fn parts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        static OF_CORE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        let of_core =
            OF_CORE.get_or_try_init(py, || NOTATION.member(py, "_of_core").map(Bound::unbind))?;
        of_core
            .bind(py)
            .call1((CoreParts::of(self.inner.parts()), self.players.bind(py)))
    }

    /// The DMN string of the position.
    fn to_notation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        NOTATION.write(py, self.parts(py)?)
    }

    /// This position under another rule set (switching to the engine drops the Turup trick).
    fn with_rules<'py>(&self, py: Python<'py>, rules: &str) -> PyResult<Bound<'py, Self>> {
        let rules = rules_arg(rules)?;
        self.then(py, Ok(self.inner.with_rules(rules)))
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
        let rules = rules_arg(rules)?;
        let inner = guarded(|| DalMara::create(four, dealer, rules))?;
        Bound::new(py, Self::of(inner, players))
    }

    /// The engine's ``action`` (``"DEAL_FOUR_PLAYER"``, ``"playCard"``, …) by ``seat`` of
    /// ``value``: a deal's deck (``dealer_first``: its Ghoptes numbered from the dealer), else a
    /// card or suit (``text`` false: the text of a value that is none).
    #[pyo3(signature = (action, seat, value, text = true, dealer_first = false))]
    fn _act<'py>(
        &self,
        py: Python<'py>,
        action: &str,
        seat: SeatArg,
        value: ActValue,
        text: bool,
        dealer_first: bool,
    ) -> PyResult<Bound<'py, Self>> {
        let action = guarded(|| Action::parse(action))?;
        let deck = match value {
            ActValue::Text(value) => {
                return self.then(py, self.inner.act(action, seat.get(), &value, text))
            }
            ActValue::Deck(deck) => deck,
        };
        let parse = |x: &Option<String>| Card::parse(x.as_deref()?, Spelling::DalMara).ok();
        let cards: Option<Vec<Option<Card>>> = deck.map(|d| d.iter().map(parse).collect());
        let deck = cards.as_deref().map_or(Deck::Absent, Deck::Parsed);
        let order = [GhopteOrder::DealerLast, GhopteOrder::DealerFirst][usize::from(dealer_first)];
        self.then(py, self.inner.deal(action, seat.get(), deck, order))
    }

    /// The error code ``_act("playCard", seat, card, text)`` would give, or None.
    #[pyo3(signature = (seat, card, text = true))]
    fn _play_error(&self, seat: SeatArg, card: &str, text: bool) -> Option<&'static str> {
        let done = self.inner.act(Action::Play, seat.get(), card, text);
        done.err().map(|e| e.code)
    }

    /// ``getLegalMoves``: ``seat``'s plays as ``LegalMove`` values, in the engine's order.
    fn _legal<'py>(&self, py: Python<'py>, seat: SeatArg) -> PyResult<Bound<'py, PyList>> {
        let table = tables(py)?.legal.bind(py);
        let slot = |c: Card, k: Option<u8>| {
            usize::from(c.index()) * 5 + k.map_or(0, |k| usize::from(k) + 1)
        };
        with_buffer(&PLAYS, |buf| {
            self.inner.legal_plays_into(seat.get(), buf);
            let items = buf
                .iter()
                .map(|&(c, k)| table.get_borrowed_item(slot(c, k)).ok());
            PyList::new(py, items)
        })
    }

    /// This position as parsing its DMN gives it (default roster, counters and play seen cleared).
    fn _as_parsed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, Self>> {
        let roster = default_roster(py, self.inner.is_four())?;
        Bound::new(py, Self::of(self.inner.as_reparsed(), roster))
    }

    /// ``getRemainingCards2P`` of the unshuffled deck: the cards neither hand holds, in order.
    fn _remaining<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let cards = self.inner.remaining_cards(None);
        PyList::new(py, cards.into_iter().map(|c| card_py(py, c)))
    }
}

/// Register `parlour._core.dalmara`.
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let m = PyModule::new(parent.py(), "dalmara")?;
    m.add_class::<PyState>()?;
    m.add("ACTION_SPACE", ACTION_SPACE)?;
    super::add_submodule(parent, &m, "dalmara")
}
