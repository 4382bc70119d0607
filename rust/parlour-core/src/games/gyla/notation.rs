//! Gyla position notation (GPN): one line, nine fields separated by single spaces, in the
//! spirit of chess's FEN:
//!
//! ```text
//! <score1>-<score2> <round> <starter> <trump> <hand1>/<hand2>/<hand3>/<hand4> <tricks> <next> <ai> <seed>
//! ```
//!
//! * scores: the game points of team 1 and team 2 (multiples of 6);
//! * round: the round number, `0` before the game is started;
//! * starter: the seat (1–4) that assigns trump and leads trick 1, `0` before the start;
//! * trump: `C`, `S`, `H`, `D`, or `-` while not assigned;
//! * hands: the four hands, seat 1 first, each the concatenation of its cards **in hand
//!   order** (`6S AC …` written `6SAC…`, `T` for ten), `-` for an empty hand;
//! * tricks: this round's plays in play order, tricks separated by `.`, `-` when none (the
//!   leaders follow from the starter and the trick winners);
//! * next: the action expected, `T<p>` (assign trump) or `P<p>` (play a card) or `-`;
//! * ai: four letters, `A` for a computer seat and `H` for a human seat, seat 1 first;
//! * seed: the game's seed (decimal), from which the later rounds are dealt.
//!
//! Example (round 1, seat 2 assigned clubs and led the 6♣):
//! `0-0 1 2 C 6SACAS7CJC6HAHKSQH/9SQCJD8CQD9DJHJS/KD8S8D9CTS9HKHQS7S/TH7DTD8HADTC6DKC7H 6C P3 HHHH 7`

use super::{level, team_of, triggers_redeal, Code, Gyla, Phase, TARGET};
use crate::cards::{Card, CardSet, Spelling, Suit};
use crate::error::{Error, Result};

fn cards_text(cards: impl Iterator<Item = Card>) -> String {
    let s: String = cards.map(|c| c.format(Spelling::RankSuit)).collect();
    if s.is_empty() {
        "-".to_string()
    } else {
        s
    }
}

/// Format a position.
#[must_use]
pub fn format(g: &Gyla) -> String {
    let hands: Vec<String> = (1..=4).map(|p| cards_text(g.hand(p).into_iter())).collect();
    let plays = g.plays();
    let tricks = if plays.is_empty() {
        "-".to_string()
    } else {
        plays
            .chunks(4)
            .map(|t| cards_text(t.iter().copied()))
            .collect::<Vec<_>>()
            .join(".")
    };
    let next = match g.next_action() {
        None => "-".to_string(),
        Some(n) => format!(
            "{}{}",
            if n.name == super::ActionName::AssignTrump {
                'T'
            } else {
                'P'
            },
            n.player
        ),
    };
    let ai: String = g.ai.iter().map(|&a| if a { 'A' } else { 'H' }).collect();
    format!(
        "{}-{} {} {} {} {} {} {} {} {}",
        g.scores[0],
        g.scores[1],
        g.round,
        g.starter,
        g.trump.map_or('-', Suit::letter),
        hands.join("/"),
        tricks,
        next,
        ai,
        g.seed
    )
}

fn bad(message: impl Into<String>) -> Error {
    Error::notation(Code::InvalidNotation, message)
}

fn number(field: &str, what: &str, max: u64) -> Result<u64> {
    if field.is_empty() || field.len() > 20 || !field.bytes().all(|b| b.is_ascii_digit()) {
        let shown: String = field.chars().take(24).collect();
        return Err(bad(format!(
            "{what} must be a decimal number, not {shown:?}"
        )));
    }
    field
        .parse::<u64>()
        .ok()
        .filter(|n| *n <= max)
        .ok_or_else(|| bad(format!("{what} must be at most {max}")))
}

fn parse_cards(field: &str, what: &str) -> Result<Vec<Card>> {
    if field == "-" {
        return Ok(Vec::new());
    }
    if field.is_empty() || !field.is_ascii() || field.len() % 2 != 0 {
        let shown: String = field.chars().take(24).collect();
        return Err(bad(format!(
            "{what} must be two-character cards or '-', not {shown:?}"
        )));
    }
    (0..field.len() / 2)
        .map(|i| {
            let t = field.get(2 * i..2 * i + 2).unwrap_or("");
            Card::parse(t, Spelling::RankSuit)
                .ok()
                .filter(|c| CardSet::FULL36.contains(*c))
                .ok_or_else(|| bad(format!("{what}: {t:?} is not a card of the 36-card deck")))
        })
        .collect()
}

/// Parse a position, checking that it is one the rules can reach: 36 distinct cards, legal
/// plays in order, the right next action.
///
/// # Errors
/// `INVALID_NOTATION` (a [`crate::ErrorKind::Notation`] error) for malformed or impossible text.
#[allow(clippy::too_many_lines)]
pub fn parse(text: &str) -> Result<Gyla> {
    let fields: Vec<&str> = text.split(' ').collect();
    let [scores, round, starter, trump, hands, tricks, next, ai, seed] = fields.as_slice() else {
        return Err(bad(format!(
            "expected 9 space-separated fields, found {}",
            fields.len()
        )));
    };
    let (s1, s2) = scores
        .split_once('-')
        .ok_or_else(|| bad("scores must be written <team1>-<team2>"))?;
    let scores = [
        number(s1, "team 1's score", 84)?,
        number(s2, "team 2's score", 84)?,
    ];
    if scores.iter().any(|s| s % 6 != 0) {
        return Err(bad("scores are multiples of 6"));
    }
    #[allow(clippy::cast_possible_truncation)]
    let scores = [scores[0] as u16, scores[1] as u16];
    #[allow(clippy::cast_possible_truncation)]
    let round = number(round, "the round", 19)? as u8;
    #[allow(clippy::cast_possible_truncation)]
    let starter = number(starter, "the starter", 4)? as u8;
    let trump = match *trump {
        "-" => None,
        t => Some(
            t.chars()
                .next()
                .filter(|_| t.len() == 1)
                .and_then(Suit::from_letter)
                .filter(|_| t.bytes().all(|b| b.is_ascii_uppercase()))
                .ok_or_else(|| bad("trump must be C, S, H, D or '-'"))?,
        ),
    };
    let hand_fields: Vec<&str> = hands.split('/').collect();
    if hand_fields.len() != 4 {
        return Err(bad("hands must be four groups separated by '/'"));
    }
    let mut hand_cards: Vec<Vec<Card>> = Vec::with_capacity(4);
    for (i, h) in hand_fields.iter().enumerate() {
        hand_cards.push(parse_cards(h, &format!("hand {}", i + 1))?);
    }
    let mut plays: Vec<Card> = Vec::new();
    if *tricks != "-" {
        let groups: Vec<&str> = tricks.split('.').collect();
        if groups.len() > 9 {
            return Err(bad("a round has at most 9 tricks"));
        }
        for (k, grp) in groups.iter().enumerate() {
            let cards = parse_cards(grp, &format!("trick {}", k + 1))?;
            if cards.is_empty() || cards.len() > 4 || (k + 1 < groups.len() && cards.len() != 4) {
                return Err(bad(format!(
                    "trick {} must hold 4 cards (only the last may hold 1 to 3)",
                    k + 1
                )));
            }
            plays.extend(cards);
        }
    }
    let ai_chars: Vec<char> = ai.chars().collect();
    if ai_chars.len() != 4 || !ai_chars.iter().all(|c| *c == 'A' || *c == 'H') {
        return Err(bad("ai must be four letters A (computer) or H (human)"));
    }
    let ai = [
        ai_chars[0] == 'A',
        ai_chars[1] == 'A',
        ai_chars[2] == 'A',
        ai_chars[3] == 'A',
    ];
    let seed = number(seed, "the seed", u64::MAX)?;

    let mut g = Gyla::new(seed, ai);
    if round == 0 {
        if scores != [0, 0]
            || starter != 0
            || trump.is_some()
            || hand_cards.iter().any(|h| !h.is_empty())
            || !plays.is_empty()
            || *next != "-"
        {
            return Err(bad(
                "a game not yet started is written 0-0 0 0 - -/-/-/- - - <ai> <seed>",
            ));
        }
        return Ok(g);
    }
    if starter == 0 {
        return Err(bad("a started game has a starter from 1 to 4"));
    }
    let mut all = CardSet::EMPTY;
    for c in hand_cards.iter().flatten().chain(plays.iter()) {
        if all.contains(*c) {
            return Err(bad(format!(
                "{} appears twice",
                c.format(Spelling::RankSuit)
            )));
        }
        all.insert(*c);
    }
    if all != CardSet::FULL36 {
        return Err(bad(
            "the hands and the tricks must hold each of the 36 cards once",
        ));
    }
    if trump.is_none() && !plays.is_empty() {
        return Err(bad("no card is played before trump is assigned"));
    }
    // pass 1: leaders, seats and winners (they depend only on the cards)
    g.trump = trump;
    let rules = g.rules();
    let mut leaders = [0u8; 9];
    let mut seats = Vec::with_capacity(plays.len());
    let mut won = [0u8; 2];
    leaders[0] = starter;
    for (t, trick) in plays.chunks(4).enumerate() {
        let leader = leaders[t];
        for i in 0..trick.len() {
            #[allow(clippy::cast_possible_truncation)]
            seats.push((leader + 3 + i as u8) % 4 + 1);
        }
        if trick.len() == 4 {
            let w = rules.winner(trick, |c| level(c, trump)).unwrap_or(0);
            #[allow(clippy::cast_possible_truncation)]
            let winner = (leader + 3 + w as u8) % 4 + 1;
            won[usize::from(team_of(winner) - 1)] += 1;
            if let Some(l) = leaders.get_mut(t + 1) {
                *l = winner;
            }
        }
    }
    // pass 2: the dealt hands, then every play must be held and legal
    let mut sets = [CardSet::EMPTY; 4];
    for (i, h) in hand_cards.iter().enumerate() {
        sets[i] = CardSet::from_cards(h);
    }
    for (c, &s) in plays.iter().zip(&seats) {
        sets[usize::from(s - 1)].insert(*c);
    }
    if sets.iter().any(|s| s.len() != 9) {
        return Err(bad(
            "each seat must have been dealt 9 cards (hand plus cards played)",
        ));
    }
    if triggers_redeal(&sets) {
        return Err(bad(
            "a dealt hand holds all four 6s or all four 7s (the engine re-deals that)",
        ));
    }
    for (k, (c, &s)) in plays.iter().zip(&seats).enumerate() {
        let lead = if k % 4 == 0 {
            None
        } else {
            plays.get(k / 4 * 4).copied()
        };
        let set = &mut sets[usize::from(s - 1)];
        if !rules.legal(*set, lead).contains(*c) {
            return Err(bad(format!(
                "play {} ({} by seat {s}) does not follow the rules",
                k + 1,
                c.format(Spelling::RankSuit)
            )));
        }
        set.remove(*c);
    }
    let done = plays.len() == 36;
    let reached = scores[0] >= TARGET || scores[1] >= TARGET;
    if done != reached {
        return Err(bad(if done {
            "all 9 tricks are played but no team has 60 points (the next round would be dealt)"
        } else {
            "a team has 60 points but the round is still being played"
        }));
    }
    if scores[0] >= TARGET && scores[1] >= TARGET {
        return Err(bad("only one team can reach 60"));
    }
    for (i, h) in hand_cards.iter().enumerate() {
        for (j, c) in h.iter().enumerate() {
            g.order[i][j] = c.index();
        }
        #[allow(clippy::cast_possible_truncation)]
        {
            g.lens[i] = h.len() as u8;
        }
        g.hands[i] = CardSet::from_cards(h);
    }
    for (k, c) in plays.iter().enumerate() {
        g.plays[k] = c.index();
    }
    #[allow(clippy::cast_possible_truncation)]
    {
        g.nplays = plays.len() as u8;
    }
    g.round = round;
    g.scores = scores;
    g.starter = starter;
    g.leaders = if trump.is_some() { leaders } else { [0; 9] };
    g.won = won;
    g.over = done;
    let expected = match g.phase() {
        Phase::NotStarted | Phase::Over => "-".to_string(),
        Phase::AssignTrump => format!("T{}", g.starter),
        Phase::Play => format!("P{}", g.seat_to_play()),
    };
    if *next != expected {
        return Err(bad(format!(
            "the next action of this position is {expected}, not {next}"
        )));
    }
    g.hash = g.full_hash();
    Ok(g)
}
