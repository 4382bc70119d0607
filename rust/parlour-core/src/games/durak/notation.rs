//! The position notation: one line of `key=value` fields after the word `durak`, every field
//! present exactly once (any order when parsed, this order when written):
//!
//! ```text
//! durak seats=2 variant=podkidnoy trump=H card=8H owner=1 discard=0 heap=- talon=8D7H
//!       hands=6S7S/TS9S bout=1>2/6/0/-/0:6S9S,9D-- known=-/- out=- result=- ply=3 stall=0
//! ```
//!
//! Cards are two-letter names concatenated (`-` for none); seats are 1-based. `talon` is in
//! draw order with the turn-up last. `bout` is `-` or `A>D/cap/taken/passed/done:pairs`, where
//! `passed` lists the seats that passed since the last card (`-` for none), `done` is 1 when
//! one of those passes was a chosen `done`, and `pairs` is a comma list of attack card + answer
//! (`--` while unanswered), `-` for an empty bout. `result` is `-`, `fool:S`, `draw` or
//! `resign:S`. `known` lists per seat the cards that seat publicly holds (picked up from the
//! table, or the exchanged turn-up); `heap` the discarded cards (the public record behind the
//! `discard` count). `stall` counts the bouts in a row taken with nobody drawing (the
//! three-or-more-seat stall rule).

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

fn bad(message: impl Into<String>) -> Error {
    Error::notation(Code::BadNotation, message)
}

fn impossible(message: impl Into<String>) -> Error {
    Error::invalid_state(Code::ImpossiblePosition, message)
}

fn parse_list(text: &str, what: &str) -> Result<Vec<u8>> {
    if text == "-" {
        return Ok(Vec::new());
    }
    if !text.is_ascii() || text.len() % 2 != 0 || text.is_empty() {
        return Err(bad(format!(
            "{what}: {text:?} is not a list of two-letter cards"
        )));
    }
    let mut out = Vec::with_capacity(text.len() / 2);
    for i in (0..text.len()).step_by(2) {
        let name = &text[i..i + 2];
        out.push(card::id_of(name).ok_or_else(|| bad(format!("{what}: {name:?} is not a card")))?);
    }
    Ok(out)
}

fn parse_set(text: &str, what: &str) -> Result<u64> {
    let ids = parse_list(text, what)?;
    let mut m = 0u64;
    for c in ids {
        if m & card::bit(c) != 0 {
            return Err(impossible(format!(
                "{what}: {} appears twice",
                card::name(c)
            )));
        }
        m |= card::bit(c);
    }
    Ok(m)
}

fn parse_seat(text: &str, seats: u8, what: &str) -> Result<u8> {
    match text.parse::<u8>() {
        Ok(s) if s >= 1 && s <= seats => Ok(s - 1),
        _ => Err(bad(format!(
            "{what}: {text:?} is not a seat from 1 to {seats}"
        ))),
    }
}

fn parse_seats(text: &str, seats: u8, what: &str) -> Result<u8> {
    if text == "-" {
        return Ok(0);
    }
    let mut m = 0u8;
    for ch in text.chars() {
        let s = parse_seat(&ch.to_string(), seats, what)?;
        m |= 1 << s;
    }
    Ok(m)
}

fn parse_num<T: std::str::FromStr>(text: &str, what: &str) -> Result<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 10 {
        return Err(bad(format!("{what}: {text:?} is not a number")));
    }
    text.parse::<T>()
        .map_err(|_| bad(format!("{what}: {text:?} is out of range")))
}

const KEYS: [&str; 15] = [
    "seats", "variant", "trump", "card", "owner", "discard", "heap", "talon", "hands", "bout",
    "known", "out", "result", "ply", "stall",
];

fn parse_bout(text: &str, seats: u8) -> Result<Option<Bout>> {
    if text == "-" {
        return Ok(None);
    }
    let (head, pairs) = text
        .split_once(':')
        .ok_or_else(|| bad("bout: missing ':'"))?;
    let parts: Vec<&str> = head.split('/').collect();
    let [ad, cap, taken, passed, done] = parts.as_slice() else {
        return Err(bad("bout: expected A>D/cap/taken/passed/done"));
    };
    let (a, d) = ad
        .split_once('>')
        .ok_or_else(|| bad("bout: expected A>D"))?;
    let attacker = parse_seat(a, seats, "bout attacker")?;
    let defender = parse_seat(d, seats, "bout defender")?;
    if attacker == defender {
        return Err(impossible("a bout wants two different seats"));
    }
    let cap: u8 = parse_num(cap, "bout cap")?;
    if !(1..=6).contains(&cap) {
        return Err(impossible(format!(
            "a bout wants a cap of one to six, not {cap}"
        )));
    }
    let taken = match *taken {
        "0" => false,
        "1" => true,
        _ => return Err(bad("bout taken: expected 0 or 1")),
    };
    let chose_done = match *done {
        "0" => false,
        "1" => true,
        _ => return Err(bad("bout done: expected 0 or 1")),
    };
    let mut b = Bout::new(attacker, defender, cap);
    b.taken = taken;
    b.chose_done = chose_done;
    b.passed = parse_seats(passed, seats, "bout passed")?;
    if pairs != "-" {
        let list: Vec<&str> = pairs.split(',').collect();
        if list.len() > 6 {
            return Err(impossible("a bout holds at most six attack cards"));
        }
        let mut open = false;
        for (i, p) in list.iter().enumerate() {
            if !p.is_ascii() || p.len() != 4 {
                return Err(bad(format!(
                    "bout pair {p:?}: expected attack card and answer (or --)"
                )));
            }
            b.attacks[i] = card::id_of(&p[..2])
                .ok_or_else(|| bad(format!("bout pair {p:?}: bad attack card")))?;
            b.beats[i] = if &p[2..] == "--" {
                open = true;
                0
            } else if open {
                return Err(impossible(
                    "bout: an answer after an unanswered attack card",
                ));
            } else {
                card::id_of(&p[2..]).ok_or_else(|| bad(format!("bout pair {p:?}: bad answer")))?
            };
        }
        b.len = u8::try_from(list.len()).unwrap_or(6);
    }
    Ok(Some(b))
}

/// Parse a position written by [`to_notation`].
///
/// # Errors
/// `BAD_NOTATION` (a `NotationError`) for malformed text, `IMPOSSIBLE_POSITION` (an
/// `InvalidStateError`) for a well-formed but impossible position.
pub fn from_notation(text: &str) -> Result<Durak> {
    let mut tokens = text.split_whitespace();
    if tokens.next() != Some("durak") {
        return Err(bad("a durak position starts with the word durak"));
    }
    let mut values: [Option<&str>; 15] = [None; 15];
    for tok in tokens {
        let (k, v) = tok
            .split_once('=')
            .ok_or_else(|| bad(format!("{tok:?} is not key=value")))?;
        let i = KEYS
            .iter()
            .position(|&x| x == k)
            .ok_or_else(|| bad(format!("unknown field {k:?}")))?;
        if values[i].replace(v).is_some() {
            return Err(bad(format!("field {k:?} given twice")));
        }
    }
    let get = |i: usize| values[i].ok_or_else(|| bad(format!("missing field {:?}", KEYS[i])));
    let seats: u8 = parse_num(get(0)?, "seats")?;
    if !(2..=6).contains(&seats) {
        return Err(impossible("durak is for two to six seats"));
    }
    let n = usize::from(seats);
    let variant = Variant::parse(get(1)?).map_err(|_| bad("variant: podkidnoy or perevodnoy"))?;
    let t = get(2)?;
    let mut tc = t.chars();
    let trump = match (tc.next().and_then(card::suit_of_letter), tc.next()) {
        (Some(s), None) => s,
        _ => return Err(bad(format!("trump: {t:?} is not a suit"))),
    };
    let trump_card = card::id_of(get(3)?).ok_or_else(|| bad("card: not a card"))?;
    if card::suit(trump_card) != trump {
        return Err(impossible("the turn-up is not of the trump suit"));
    }
    let owner = match get(4)? {
        "-" => None,
        s => Some(parse_seat(s, seats, "owner")?),
    };
    let discard: u8 = parse_num(get(5)?, "discard")?;
    let heap = parse_set(get(6)?, "heap")?;
    let talon_list = parse_list(get(7)?, "talon")?;
    let hands_text: Vec<&str> = get(8)?.split('/').collect();
    let known_text: Vec<&str> = get(10)?.split('/').collect();
    if hands_text.len() != n || known_text.len() != n {
        return Err(bad(format!(
            "hands and known need {n} seats separated by '/'"
        )));
    }
    let mut hands = [0u64; 6];
    let mut known = [0u64; 6];
    for s in 0..n {
        hands[s] = parse_set(hands_text[s], "hands")?;
        known[s] = parse_set(known_text[s], "known")?;
        if known[s] & !hands[s] != 0 {
            return Err(impossible("a known card is not in that hand"));
        }
    }
    let bout = parse_bout(get(9)?, seats)?;
    let out = parse_seats(get(11)?, seats, "out")?;
    let result = match get(12)? {
        "-" => None,
        "draw" => Some(Outcome::Draw),
        r => match r.split_once(':') {
            Some(("fool", s)) => Some(Outcome::Fool(parse_seat(s, seats, "result")?)),
            Some(("resign", s)) => Some(Outcome::Resign(parse_seat(s, seats, "result")?)),
            _ => return Err(bad(format!("result: {r:?}"))),
        },
    };
    let ply: u32 = parse_num(get(13)?, "ply")?;
    let stall: u8 = parse_num(get(14)?, "stall")?;
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
