//! `parlour._core.durak`: Durak positions as a frozen class, the pure rules functions, the deal
//! and the players. Events and snapshots cross as JSON text (the reference's shapes).

use crate::errors::{config_err, detached, guarded};
use parlour_core::game::GameState;
use parlour_core::games::durak::bot::{self, Opponent};
use parlour_core::games::durak::rules::{self, Bout};
use parlour_core::games::durak::{card, deal, sha256, Durak, DurakConfig, Move, Variant};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// A Durak position (immutable).
#[pyclass(frozen, module = "parlour._core.durak", name = "DurakState")]
#[derive(Clone)]
pub struct PyDurak {
    inner: Durak,
}

fn move_tuple(m: Move) -> (String, Option<u8>) {
    (
        m.kind.as_str().to_string(),
        m.kind.has_card().then_some(m.card),
    )
}

fn seat0(seat: i64) -> Option<u8> {
    u8::try_from(seat)
        .ok()
        .filter(|&s| (1..=6).contains(&s))
        .map(|s| s - 1)
}

fn mask_of(hand: &[i64]) -> PyResult<u64> {
    let mut m = 0;
    for &c in hand {
        let id = u8::try_from(c).ok().filter(|&x| card::valid(x));
        m |= card::bit(id.ok_or_else(|| config_err("NO_CARD", format!("no card has id {c}")))?);
    }
    Ok(m)
}

fn make_bout(cap: i64, attacks: &[i64], beats: &[i64], taken: bool) -> PyResult<Bout> {
    let cap = u8::try_from(cap)
        .ok()
        .filter(|c| *c <= 6)
        .ok_or_else(|| config_err("BAD_BOUT", "a cap is 0 to 6"))?;
    if attacks.len() > 6 || beats.len() > attacks.len() {
        return Err(config_err(
            "BAD_BOUT",
            "a bout holds at most six attack cards, each with at most one answer",
        ));
    }
    let mut b = Bout::new(0, 1, cap);
    for (i, &a) in attacks.iter().enumerate() {
        mask_of(&[a])?;
        b.attacks[i] = u8::try_from(a).unwrap_or(0);
    }
    for (i, &d) in beats.iter().enumerate() {
        if d != 0 {
            mask_of(&[d])?;
            b.beats[i] = u8::try_from(d).unwrap_or(0);
        }
    }
    b.len = u8::try_from(attacks.len()).unwrap_or(0);
    b.taken = taken;
    Ok(b)
}

fn ids(m: u64) -> Vec<u8> {
    card::ids(m).collect()
}

#[pymethods]
impl PyDurak {
    /// Deal a new game: `seed` is exactly 32 bytes, `number` a positive integer string.
    #[staticmethod]
    #[pyo3(signature = (seed, number, seats = 2, variant = "podkidnoy"))]
    fn deal(seed: &[u8], number: &str, seats: i64, variant: &str) -> PyResult<Self> {
        let seats_u8 = u8::try_from(seats).unwrap_or(0);
        guarded(|| {
            let d = deal::order_for(seed, number)?;
            let variant = Variant::parse(variant)?;
            if !(2..=6).contains(&seats_u8) {
                return Err(parlour_core::Error::config(
                    "BAD_SEATS",
                    "durak deals two to six seats",
                ));
            }
            Ok(Durak::from_deal(&deal::deal_order(&d, seats_u8), variant))
        })
        .map(|inner| PyDurak { inner })
    }

    /// The game the batch simulator deals for `seed`.
    #[staticmethod]
    #[pyo3(signature = (seed, seats = 2, variant = "podkidnoy"))]
    fn batch(seed: u64, seats: u8, variant: &str) -> PyResult<Self> {
        let variant = guarded(|| Variant::parse(variant))?;
        let config = DurakConfig {
            seats: seats.clamp(2, 6),
            variant,
        };
        Ok(PyDurak {
            inner: Durak::new_game(&config, seed),
        })
    }

    /// Parse a position.
    #[staticmethod]
    fn from_notation(text: &str) -> PyResult<Self> {
        guarded(|| Durak::from_notation(text)).map(|inner| PyDurak { inner })
    }

    /// The notation of the position.
    fn to_notation(&self) -> String {
        self.inner.to_notation()
    }

    /// `apply(seat, {kind, card})` with raw inputs: the new state and the events as JSON.
    #[pyo3(signature = (seat, kind, card))]
    fn play(&self, seat: i64, kind: Option<&str>, card: Option<i64>) -> PyResult<(Self, String)> {
        let (inner, events) = guarded(|| self.inner.play(seat, kind, card))?;
        let parts: Vec<String> = events.iter().map(|e| e.to_json()).collect();
        Ok((PyDurak { inner }, format!("[{}]", parts.join(","))))
    }

    /// The state after the `index`-th legal move of the seat to move.
    fn apply_index(&self, index: usize) -> PyResult<Self> {
        let mut v = Vec::new();
        self.inner.legal_moves_into(&mut v);
        let mv = *v.get(index).ok_or_else(|| {
            config_err(
                "BAD_INDEX",
                format!("there are {} legal moves, not {}", v.len(), index + 1),
            )
        })?;
        guarded(|| self.inner.apply(mv)).map(|inner| PyDurak { inner })
    }

    /// Legal moves of `seat` (1-based) as `(kind, card)` pairs, in the reference's order.
    fn legal(&self, seat: i64) -> Vec<(String, Option<u8>)> {
        seat0(seat).map_or_else(Vec::new, |s| {
            self.inner.legal(s).into_iter().map(move_tuple).collect()
        })
    }

    /// Snapshot of the position as JSON.
    fn snapshot(&self) -> String {
        self.inner.snapshot_json()
    }

    /// The seat to move (1-based), None when over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.inner.turn().map(|s| s + 1)
    }

    /// True when the game is over.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.inner.over()
    }

    /// The Zobrist hash (kept incrementally).
    #[getter]
    fn zobrist(&self) -> u64 {
        self.inner.zobrist()
    }

    /// Number of seats.
    #[getter]
    fn seats(&self) -> u8 {
        self.inner.seats()
    }

    /// The variant name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.variant().as_str()
    }

    /// The hash recomputed from scratch.
    fn full_hash(&self) -> u64 {
        self.inner.full_hash()
    }

    /// Per-seat returns: 1 for every seat but the fool, 0 for the fool, 0.5 each for a draw.
    fn returns(&self) -> Vec<f32> {
        let mut r = vec![0.0; usize::from(self.inner.seats())];
        self.inner.returns_into(&mut r);
        r
    }

    /// The bot's move for `seat` (1-based), searched with the GIL released.
    fn bot_move(
        &self,
        py: Python<'_>,
        seat: i64,
        level: u8,
        seed: u64,
    ) -> PyResult<Option<(String, Option<u8>)>> {
        let Some(s) = seat0(seat) else {
            return Ok(None);
        };
        let g = self.inner.clone();
        detached(py, move || {
            Ok(bot::bot_move(&g, s, level, seed).map(move_tuple))
        })
    }

    /// The greedy player's move for `seat` (1-based).
    fn greedy_move(&self, seat: i64) -> Option<(String, Option<u8>)> {
        seat0(seat)
            .and_then(|s| bot::greedy_move(&self.inner, s))
            .map(move_tuple)
    }

    fn __hash__(&self) -> u64 {
        self.inner.zobrist()
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

/// `order_for(seed, number)`.
#[pyfunction]
fn order_for(seed: &[u8], number: &str) -> PyResult<Vec<u8>> {
    guarded(|| deal::order_for(seed, number)).map(|o| o.to_vec())
}

/// Hands, talon, turn-up and the first attacker (1-based).
type DealTuple = (Vec<Vec<u8>>, Vec<u8>, u8, u8);

/// `deal_for(seed, number, seats)`: (hands, talon, trump_card, first seat 1-based).
#[pyfunction]
fn deal_for(seed: &[u8], number: &str, seats: i64) -> PyResult<DealTuple> {
    let s = u8::try_from(seats).unwrap_or(0);
    let d = guarded(|| deal::deal_for(seed, number, s))?;
    Ok((
        d.hands.iter().map(|&h| ids(h)).collect(),
        d.talon.clone(),
        d.trump_card,
        d.first + 1,
    ))
}

/// `first_attacker(hands, trump)`: 1-based seat.
#[pyfunction]
fn first_attacker(hands: Vec<Vec<i64>>, trump: u8) -> PyResult<u8> {
    let masks: Vec<u64> = hands.iter().map(|h| mask_of(h)).collect::<PyResult<_>>()?;
    Ok(deal::first_attacker(&masks, trump % 4) + 1)
}

/// `beats(defence, attack, trump)`.
#[pyfunction]
fn beats(defence: u8, attack: u8, trump: u8) -> bool {
    card::valid(defence) && card::valid(attack) && card::beats(defence, attack, trump % 4)
}

/// `legal_attacks(hand, bout)`.
#[pyfunction]
fn legal_attacks(
    hand: Vec<i64>,
    cap: i64,
    attacks: Vec<i64>,
    beats: Vec<i64>,
    taken: bool,
) -> PyResult<Vec<u8>> {
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
) -> PyResult<Vec<u8>> {
    let b = make_bout(cap, &attacks, &beats, taken)?;
    Ok(ids(rules::legal_beats(mask_of(&hand)?, &b, trump % 4)))
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
        trump % 4,
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
    PyBytes::new(py, &sha256::sha256(data))
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
                    "BAD_OPPONENT",
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
    m.add_class::<PyDurak>()?;
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
