//! A position's parts ([`Parts`]: what the notation writes, seats 1-based, cards by id) and
//! their check ([`Durak::from_parts`]: an impossible position is `IMPOSSIBLE_POSITION`). The
//! position text is read and written in `parlour.durak.notation`, over the same parts; the core
//! keeps its writer ([`to_notation`]) for the `GameState` trait, and a reader for its own tests.
//!
//! ```text
//! durak seats=2 variant=podkidnoy trump=H card=8H owner=1 discard=0 heap=- talon=8D7H
//!       hands=6S7S/TS9S bout=1>2/6/0/-/0:6S9S,9D-- known=-/- out=- result=- ply=3 stall=0
//! ```

use super::card;
use super::rules::{Bout, Outcome};
use super::state::{Durak, Variant};
use super::Code;
use crate::error::{Error, Result};

fn cards_text(mask: u64) -> String {
    if mask == 0 {
        "-".to_string()
    } else {
        card::ids(mask).map(card::name).collect()
    }
}

fn list_text(ids: &[u8]) -> String {
    if ids.is_empty() {
        "-".to_string()
    } else {
        ids.iter().map(|&c| card::name(c)).collect()
    }
}

fn seats_text(mask: u8) -> String {
    if mask == 0 {
        "-".to_string()
    } else {
        (0..6u8)
            .filter(|s| mask & (1 << s) != 0)
            .map(|s| char::from(b'1' + s))
            .collect()
    }
}

/// Write the notation of `g`.
#[must_use]
pub fn to_notation(g: &Durak) -> String {
    let n = usize::from(g.seats);
    let hands: Vec<String> = g.hands[..n].iter().map(|&h| cards_text(h)).collect();
    let known: Vec<String> = g.known[..n].iter().map(|&h| cards_text(h)).collect();
    let bout = g.bout.as_ref().map_or("-".to_string(), |b| {
        let pairs: Vec<String> = (0..b.size())
            .map(|i| {
                let beat = if b.beats[i] == 0 {
                    "--".to_string()
                } else {
                    card::name(b.beats[i])
                };
                format!("{}{}", card::name(b.attacks[i]), beat)
            })
            .collect();
        format!(
            "{}>{}/{}/{}/{}/{}:{}",
            b.attacker + 1,
            b.defender + 1,
            b.cap,
            u8::from(b.taken),
            seats_text(b.passed),
            u8::from(b.chose_done),
            if pairs.is_empty() {
                "-".to_string()
            } else {
                pairs.join(",")
            }
        )
    });
    let result = match g.result {
        None => "-".to_string(),
        Some(Outcome::Draw) => "draw".to_string(),
        Some(Outcome::Fool(s)) => format!("fool:{}", s + 1),
        Some(Outcome::Resign(s)) => format!("resign:{}", s + 1),
    };
    format!(
        "durak seats={} variant={} trump={} card={} owner={} discard={} heap={} talon={} hands={} bout={} known={} out={} result={} ply={} stall={}",
        g.seats,
        g.variant.as_str(),
        card::suit_letter(g.trump),
        card::name(g.trump_card),
        g.six_owner.map_or("-".to_string(), |s| (s + 1).to_string()),
        g.discard,
        cards_text(g.heap),
        list_text(&g.talon()),
        hands.join("/"),
        bout,
        known.join("/"),
        seats_text(g.out),
        result,
        g.ply,
        g.stall
    )
}

fn impossible(message: impl Into<String>) -> Error {
    Error::invalid_state(Code::ImpossiblePosition, message)
}

/// The parts of a bout as [`Parts`] holds them (seats 1-based, cards by id).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoutParts {
    /// The attacker.
    pub attacker: i64,
    /// The defender.
    pub defender: i64,
    /// The cap fixed when the bout opened.
    pub cap: i64,
    /// Whether the defender took.
    pub taken: bool,
    /// The throwers who passed since the last card.
    pub passed: Vec<i64>,
    /// Whether one of those passes was a chosen `done`.
    pub chose_done: bool,
    /// The attack cards, in order.
    pub attacks: Vec<i64>,
    /// The answer to each attack card, None while unanswered.
    pub beats: Vec<Option<i64>>,
}

/// A position's parts, as `parlour.durak.notation.Parts` holds them: what the notation writes
/// (seats 1-based, cards by id), not yet checked. [`Durak::from_parts`] checks them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parts {
    /// Number of seats.
    pub seats: i64,
    /// `podkidnoy` or `perevodnoy`.
    pub variant: String,
    /// The trump suit (0 spades, 1 hearts, 2 diamonds, 3 clubs).
    pub trump: i64,
    /// The current turn-up (the six after an exchange).
    pub trump_card: i64,
    /// The seat with the exchange right.
    pub owner: Option<i64>,
    /// The discard count.
    pub discard: i64,
    /// The discarded cards.
    pub heap: Vec<i64>,
    /// The talon in draw order, turn-up last.
    pub talon: Vec<i64>,
    /// Each seat's cards.
    pub hands: Vec<Vec<i64>>,
    /// The open bout.
    pub bout: Option<BoutParts>,
    /// Per seat, the cards it is publicly known to hold.
    pub known: Vec<Vec<i64>>,
    /// The seats out.
    pub out: Vec<i64>,
    /// `fool`, `draw` or `resign` once over.
    pub outcome: Option<String>,
    /// The fool (or the seat that resigned).
    pub fool: Option<i64>,
    /// Events so far.
    pub ply: i64,
    /// Bouts in a row taken with nobody drawing.
    pub stall: i64,
}

fn card_id(c: i64, what: &str) -> Result<u8> {
    u8::try_from(c)
        .ok()
        .filter(|&x| card::valid(x))
        .ok_or_else(|| impossible(format!("{what}: {c} is no card id")))
}

fn set_of(cards: &[i64], what: &str) -> Result<u64> {
    let mut m = 0u64;
    for &c in cards {
        let id = card_id(c, what)?;
        if m & card::bit(id) != 0 {
            return Err(impossible(format!(
                "{what}: {} appears twice",
                card::name(id)
            )));
        }
        m |= card::bit(id);
    }
    Ok(m)
}

fn seat_in(s: i64, seats: u8, what: &str) -> Result<u8> {
    u8::try_from(s)
        .ok()
        .filter(|x| (1..=seats).contains(x))
        .map(|x| x - 1)
        .ok_or_else(|| impossible(format!("{what}: {s} is not a seat from 1 to {seats}")))
}

fn seat_mask(list: &[i64], seats: u8, what: &str) -> Result<u8> {
    let mut m = 0u8;
    for &s in list {
        m |= 1 << seat_in(s, seats, what)?;
    }
    Ok(m)
}

fn number<T: TryFrom<i64>>(n: i64, what: &str) -> Result<T> {
    T::try_from(n).map_err(|_| impossible(format!("{what}: {n} is out of range")))
}

fn seat_list(mask: u8, seats: u8) -> Vec<i64> {
    (0..seats)
        .filter(|s| mask & (1 << s) != 0)
        .map(|s| i64::from(s) + 1)
        .collect()
}

fn id_list(mask: u64) -> Vec<i64> {
    card::ids(mask).map(i64::from).collect()
}

fn bout_of(p: &BoutParts, seats: u8) -> Result<Bout> {
    let attacker = seat_in(p.attacker, seats, "bout attacker")?;
    let defender = seat_in(p.defender, seats, "bout defender")?;
    if attacker == defender {
        return Err(impossible("a bout wants two different seats"));
    }
    let cap: u8 = number(p.cap, "bout cap")?;
    if !(1..=6).contains(&cap) {
        return Err(impossible(format!(
            "a bout wants a cap of one to six, not {cap}"
        )));
    }
    let mut b = Bout::new(attacker, defender, cap);
    b.taken = p.taken;
    b.chose_done = p.chose_done;
    b.passed = seat_mask(&p.passed, seats, "bout passed")?;
    if p.attacks.len() > 6 {
        return Err(impossible("a bout holds at most six attack cards"));
    }
    if p.beats.len() != p.attacks.len() {
        return Err(impossible(
            "a bout wants one answer (or none) per attack card",
        ));
    }
    let mut open = false;
    for (i, (&a, &d)) in p.attacks.iter().zip(&p.beats).enumerate() {
        b.attacks[i] = card_id(a, "bout attack")?;
        b.beats[i] = match d {
            None => {
                open = true;
                0
            }
            Some(_) if open => {
                return Err(impossible(
                    "bout: an answer after an unanswered attack card",
                ))
            }
            Some(c) => card_id(c, "bout answer")?,
        };
    }
    b.len = u8::try_from(p.attacks.len()).unwrap_or(6);
    Ok(b)
}

impl Durak {
    /// The position's parts (what its notation writes): cards of a set in id order, the
    /// talon in draw order, seats 1-based.
    #[must_use]
    pub fn parts(&self) -> Parts {
        let n = usize::from(self.seats);
        let bout = self.bout.as_ref().map(|b| {
            let k = b.size();
            BoutParts {
                attacker: i64::from(b.attacker) + 1,
                defender: i64::from(b.defender) + 1,
                cap: i64::from(b.cap),
                taken: b.taken,
                passed: seat_list(b.passed, self.seats),
                chose_done: b.chose_done,
                attacks: b.attacks[..k].iter().map(|&c| i64::from(c)).collect(),
                beats: b.beats[..k]
                    .iter()
                    .map(|&c| (c != 0).then_some(i64::from(c)))
                    .collect(),
            }
        });
        Parts {
            seats: i64::from(self.seats),
            variant: self.variant.as_str().to_string(),
            trump: i64::from(self.trump),
            trump_card: i64::from(self.trump_card),
            owner: self.six_owner.map(|s| i64::from(s) + 1),
            discard: i64::from(self.discard),
            heap: id_list(self.heap),
            talon: self.talon().into_iter().map(i64::from).collect(),
            hands: self.hands[..n].iter().map(|&h| id_list(h)).collect(),
            bout,
            known: self.known[..n].iter().map(|&h| id_list(h)).collect(),
            out: seat_list(self.out, self.seats),
            outcome: self.result.map(|o| o.as_str().to_string()),
            fool: self
                .result
                .and_then(Outcome::fool)
                .map(|s| i64::from(s) + 1),
            ply: i64::from(self.ply),
            stall: i64::from(self.stall),
        }
    }

    /// The position of `p`, checked: every card in at most one place, the bout and the result
    /// possible, the seats out holding nothing (no forced-position resolution is run: the
    /// position is as given).
    ///
    /// # Errors
    /// `IMPOSSIBLE_POSITION` (an `InvalidStateError`) for parts no game reaches.
    pub fn from_parts(p: &Parts) -> Result<Durak> {
        let seats: u8 = number(p.seats, "seats")?;
        if !(2..=6).contains(&seats) {
            return Err(impossible("durak is for two to six seats"));
        }
        let n = usize::from(seats);
        let variant = Variant::parse(&p.variant)
            .map_err(|_| impossible("variant: podkidnoy or perevodnoy"))?;
        let trump: u8 = number(p.trump, "trump")?;
        if trump > 3 {
            return Err(impossible(format!("trump: {trump} is not a suit")));
        }
        let trump_card = card_id(p.trump_card, "card")?;
        if card::suit(trump_card) != trump {
            return Err(impossible("the turn-up is not of the trump suit"));
        }
        let owner = p.owner.map(|s| seat_in(s, seats, "owner")).transpose()?;
        let discard: u8 = number(p.discard, "discard")?;
        let heap = set_of(&p.heap, "heap")?;
        let talon_list: Vec<u8> = p
            .talon
            .iter()
            .map(|&c| card_id(c, "talon"))
            .collect::<Result<_>>()?;
        if p.hands.len() != n || p.known.len() != n {
            return Err(impossible(format!("hands and known need {n} seats")));
        }
        let mut hands = [0u64; 6];
        let mut known = [0u64; 6];
        for s in 0..n {
            hands[s] = set_of(&p.hands[s], "hands")?;
            known[s] = set_of(&p.known[s], "known")?;
            if known[s] & !hands[s] != 0 {
                return Err(impossible("a known card is not in that hand"));
            }
        }
        let bout = p.bout.as_ref().map(|b| bout_of(b, seats)).transpose()?;
        let out = seat_mask(&p.out, seats, "out")?;
        let fool = p.fool.map(|s| seat_in(s, seats, "result")).transpose()?;
        let result = match (p.outcome.as_deref(), fool) {
            (None, None) => None,
            (Some("draw"), None) => Some(Outcome::Draw),
            (Some("fool"), Some(s)) => Some(Outcome::Fool(s)),
            (Some("resign"), Some(s)) => Some(Outcome::Resign(s)),
            _ => return Err(impossible("result: fool:S, resign:S or draw")),
        };
        let ply: u32 = number(p.ply, "ply")?;
        let stall: u8 = number(p.stall, "stall")?;
        // Every card in at most one place.
        let mut seen = heap;
        let mut place = |m: u64| -> Result<()> {
            if seen & m != 0 {
                return Err(impossible(format!(
                    "{} is in two places",
                    cards_text(seen & m)
                )));
            }
            seen |= m;
            Ok(())
        };
        for h in &hands[..n] {
            place(*h)?;
        }
        for &c in &talon_list {
            place(card::bit(c))?;
        }
        if let Some(b) = &bout {
            for i in 0..b.size() {
                place(card::bit(b.attacks[i]))?;
                if b.beats[i] != 0 {
                    place(card::bit(b.beats[i]))?;
                }
            }
        }
        if usize::from(discard) < heap.count_ones() as usize || discard > 36 {
            return Err(impossible("discard is smaller than the discarded cards"));
        }
        for s in 0..seats {
            if out & (1 << s) != 0 && hands[usize::from(s)] != 0 {
                return Err(impossible("a seat that is out holds cards"));
            }
        }
        if result.is_none() && bout.is_none() {
            return Err(impossible("a live game needs an open bout"));
        }
        if let Some(b) = &bout {
            if out & (1 << b.attacker) != 0 || out & (1 << b.defender) != 0 {
                return Err(impossible("a seat that is out is in the bout"));
            }
        }
        let mut talon = [0u8; 36];
        for (slot, &c) in talon.iter_mut().zip(talon_list.iter().rev()) {
            *slot = c;
        }
        let mut g = Durak {
            seats,
            variant,
            trump,
            trump_card,
            hands,
            talon,
            tlen: u8::try_from(talon_list.len()).unwrap_or(0),
            discard,
            heap,
            bout,
            six_owner: owner,
            result,
            out,
            known,
            lacks: [0; 6],
            ply,
            stall,
            hash: 0,
        };
        g.hash = g.card_hash();
        Ok(g)
    }
}

/// The position text read in Rust, for the core's own tests; parlour reads it in
/// `parlour.durak.notation` (one reader, over the same parts).
#[cfg(test)]
pub(crate) mod text {
    use super::{card, BoutParts, Code, Durak, Error, Parts, Result};

    fn bad(message: impl Into<String>) -> Error {
        Error::notation(Code::BadNotation, message)
    }

    fn list(text: &str, what: &str) -> Result<Vec<i64>> {
        if text == "-" {
            return Ok(Vec::new());
        }
        if !text.is_ascii() || text.len() % 2 != 0 || text.is_empty() {
            return Err(bad(format!("{what}: {text:?} is not a list of cards")));
        }
        (0..text.len())
            .step_by(2)
            .map(|i| {
                card::id_of(&text[i..i + 2])
                    .map(i64::from)
                    .ok_or_else(|| bad(format!("{what}: not a card")))
            })
            .collect()
    }

    fn num(text: &str, what: &str) -> Result<i64> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 10 {
            return Err(bad(format!("{what}: {text:?} is not a number")));
        }
        text.parse::<i64>().map_err(|_| bad(what.to_string()))
    }

    fn seats(text: &str) -> Result<Vec<i64>> {
        if text == "-" {
            return Ok(Vec::new());
        }
        text.chars()
            .map(|c| c.to_digit(10).map(i64::from).ok_or_else(|| bad("a seat")))
            .collect()
    }

    fn bout(text: &str) -> Result<Option<BoutParts>> {
        if text == "-" {
            return Ok(None);
        }
        let (head, pairs) = text.split_once(':').ok_or_else(|| bad("bout"))?;
        let parts: Vec<&str> = head.split('/').collect();
        let [ad, cap, taken, passed, done] = parts.as_slice() else {
            return Err(bad("bout"));
        };
        let (a, d) = ad.split_once('>').ok_or_else(|| bad("bout"))?;
        let flag = |t: &str| match t {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(bad("bout flag")),
        };
        let mut b = BoutParts {
            attacker: num(a, "attacker")?,
            defender: num(d, "defender")?,
            cap: num(cap, "cap")?,
            taken: flag(taken)?,
            passed: seats(passed)?,
            chose_done: flag(done)?,
            ..BoutParts::default()
        };
        if pairs != "-" {
            for p in pairs.split(',') {
                if !p.is_ascii() || p.len() != 4 {
                    return Err(bad("bout pair"));
                }
                b.attacks.push(list(&p[..2], "bout pair")?[0]);
                b.beats.push(if &p[2..] == "--" {
                    None
                } else {
                    Some(list(&p[2..], "bout pair")?[0])
                });
            }
        }
        Ok(Some(b))
    }

    /// Parse a position written by [`super::to_notation`].
    ///
    /// # Errors
    /// `BAD_NOTATION` for malformed text, `IMPOSSIBLE_POSITION` for an impossible position.
    pub(crate) fn from_notation(text: &str) -> Result<Durak> {
        const KEYS: [&str; 15] = [
            "seats", "variant", "trump", "card", "owner", "discard", "heap", "talon", "hands",
            "bout", "known", "out", "result", "ply", "stall",
        ];
        let mut tokens = text.split_whitespace();
        if tokens.next() != Some("durak") {
            return Err(bad("a durak position starts with the word durak"));
        }
        let mut values: [Option<&str>; 15] = [None; 15];
        for tok in tokens {
            let (k, v) = tok.split_once('=').ok_or_else(|| bad("key=value"))?;
            let i = KEYS
                .iter()
                .position(|&x| x == k)
                .ok_or_else(|| bad("unknown field"))?;
            if values[i].replace(v).is_some() {
                return Err(bad("field given twice"));
            }
        }
        let get = |i: usize| values[i].ok_or_else(|| bad(format!("missing field {}", KEYS[i])));
        let t = get(2)?;
        let mut tc = t.chars();
        let trump = match (tc.next().and_then(card::suit_of_letter), tc.next()) {
            (Some(s), None) => i64::from(s),
            _ => return Err(bad("trump")),
        };
        let (outcome, fool) = match get(12)? {
            "-" => (None, None),
            "draw" => (Some("draw".to_string()), None),
            r => match r.split_once(':') {
                Some((o @ ("fool" | "resign"), s)) => {
                    (Some(o.to_string()), Some(num(s, "result")?))
                }
                _ => return Err(bad("result")),
            },
        };
        let per_seat = |i: usize| -> Result<Vec<Vec<i64>>> {
            get(i)?.split('/').map(|h| list(h, KEYS[i])).collect()
        };
        let parts = Parts {
            seats: num(get(0)?, "seats")?,
            variant: get(1)?.to_string(),
            trump,
            trump_card: list(get(3)?, "card")?.first().copied().unwrap_or(0),
            owner: match get(4)? {
                "-" => None,
                s => Some(num(s, "owner")?),
            },
            discard: num(get(5)?, "discard")?,
            heap: list(get(6)?, "heap")?,
            talon: list(get(7)?, "talon")?,
            hands: per_seat(8)?,
            bout: bout(get(9)?)?,
            known: per_seat(10)?,
            out: seats(get(11)?)?,
            outcome,
            fool,
            ply: num(get(13)?, "ply")?,
            stall: num(get(14)?, "stall")?,
        };
        Durak::from_parts(&parts)
    }
}
