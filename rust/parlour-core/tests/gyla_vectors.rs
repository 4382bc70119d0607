//! Replays the shared Gyla game vectors in Rust: every legal list in hand order, every AI
//! trump and card choice, trick winners, scores, starters and event sequences.
//! Each round starts from its dealt position, given to the core as parts. (The Python suite
//! replays the same files, through the notation too, and the error and re-deal vectors.)

use parlour_core::cards::{Card, Spelling, Suit};
use parlour_core::games::gyla::{ActionName, EventKind, Gyla, GylaMove, GylaParts, NextAction};
use std::path::PathBuf;

#[derive(Debug, Clone)]
enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(v) => v
                .iter()
                .find(|(k, _)| k == key)
                .map_or(&Json::Null, |(_, j)| j),
            _ => &Json::Null,
        }
    }
    fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(v) => v,
            _ => &[],
        }
    }
    fn str(&self) -> &str {
        match self {
            Json::Str(s) => s,
            _ => "",
        }
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    fn int(&self) -> i64 {
        match self {
            Json::Num(n) => *n as i64,
            _ => i64::MIN,
        }
    }
    fn bool(&self) -> bool {
        matches!(self, Json::Bool(true))
    }
}

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn value(&mut self) -> Json {
        self.ws();
        match self.b[self.i] {
            b'{' => {
                self.i += 1;
                let mut v = Vec::new();
                loop {
                    self.ws();
                    if self.b[self.i] == b'}' {
                        self.i += 1;
                        return Json::Obj(v);
                    }
                    let Json::Str(k) = self.value() else {
                        panic!("key")
                    };
                    self.ws();
                    assert_eq!(self.b[self.i], b':');
                    self.i += 1;
                    v.push((k, self.value()));
                    self.ws();
                    if self.b[self.i] == b',' {
                        self.i += 1;
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut v = Vec::new();
                loop {
                    self.ws();
                    if self.b[self.i] == b']' {
                        self.i += 1;
                        return Json::Arr(v);
                    }
                    v.push(self.value());
                    self.ws();
                    if self.b[self.i] == b',' {
                        self.i += 1;
                    }
                }
            }
            b'"' => {
                self.i += 1;
                let mut s = String::new();
                while self.b[self.i] != b'"' {
                    if self.b[self.i] == b'\\' {
                        self.i += 1;
                    }
                    s.push(char::from(self.b[self.i]));
                    self.i += 1;
                }
                self.i += 1;
                Json::Str(s)
            }
            b't' => {
                self.i += 4;
                Json::Bool(true)
            }
            b'f' => {
                self.i += 5;
                Json::Bool(false)
            }
            b'n' => {
                self.i += 4;
                Json::Null
            }
            _ => {
                let start = self.i;
                while self.i < self.b.len()
                    && matches!(
                        self.b[self.i],
                        b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                    )
                {
                    self.i += 1;
                }
                Json::Num(
                    std::str::from_utf8(&self.b[start..self.i])
                        .unwrap()
                        .parse()
                        .unwrap(),
                )
            }
        }
    }
}

fn vectors() -> PathBuf {
    std::env::var_os("PARLOUR_SHARED")
        .map_or_else(
            || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
            PathBuf::from,
        )
        .join("vectors/gyla")
}

fn card(s: &str) -> Card {
    Card::parse(s, Spelling::RankSuit).unwrap()
}

fn cards(j: &Json) -> Vec<String> {
    j.arr().iter().map(|c| c.str().to_string()).collect()
}

fn fmt(v: &[Card]) -> Vec<String> {
    v.iter().map(|c| c.format(Spelling::RankSuit)).collect()
}

#[test]
fn recorded_rounds_replay_exactly() {
    let text = std::fs::read_to_string(vectors().join("gyla_games.jsonl")).expect("shared vectors");
    let mut rounds = 0;
    let mut ai_choices = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let r = Parser {
            b: line.as_bytes(),
            i: 0,
        }
        .value();
        let id = format!("{} round {}", r.get("game_id").str(), r.get("round").int());
        let starter = r.get("starter").int();
        let before: Vec<i64> = r.get("score_before").arr().iter().map(Json::int).collect();
        let dealt: Vec<Vec<Card>> = r
            .get("hands")
            .arr()
            .iter()
            .map(|h| h.arr().iter().map(|c| card(c.str())).collect())
            .collect();
        let seat = u8::try_from(starter).unwrap();
        let parts = GylaParts {
            scores: [
                u16::try_from(before[0]).unwrap(),
                u16::try_from(before[1]).unwrap(),
            ],
            round: u8::try_from(r.get("round").int()).unwrap(),
            starter: seat,
            trump: None,
            hands: [0, 1, 2, 3].map(|i| dealt[i].clone()),
            plays: Vec::new(),
            next: Some(NextAction {
                name: ActionName::AssignTrump,
                player: seat,
            }),
            ai: [false; 4],
            seed: 1,
        };
        let mut g = Gyla::from_parts(&parts).unwrap();
        let trump = Suit::from_letter(r.get("trump").str().chars().next().unwrap()).unwrap();
        if r.get("trump_by").str() == "ai" {
            assert_eq!(g.computer_choice(), Some(GylaMove::Trump(trump)), "{id}");
            ai_choices += 1;
        }
        let mut events = Vec::new();
        if r.get("round").int() == 1 {
            assert!(
                g.hand(u8::try_from(starter).unwrap()).contains(&card("9D")),
                "{id}"
            );
        }
        g.apply_action("assign_trump", starter, Some(trump), None, &mut events)
            .unwrap();
        assert_eq!(
            g.trumped_with_six(),
            r.get("trumped_with_six").bool(),
            "{id}"
        );
        for trick in r.get("tricks").arr() {
            for play in trick.get("plays").arr() {
                let seat = u8::try_from(play.get("seat").int()).unwrap();
                assert_eq!(fmt(&g.legal_cards(seat)), cards(play.get("legal")), "{id}");
                let c = card(play.get("card").str());
                if play.get("by").str() == "ai" {
                    assert_eq!(g.computer_choice(), Some(GylaMove::Play(c)), "{id}");
                    ai_choices += 1;
                }
                g.apply_action("play_card", i64::from(seat), None, Some(c), &mut events)
                    .unwrap();
            }
            let done = events
                .iter()
                .rev()
                .find(|e| {
                    matches!(
                        e.kind,
                        EventKind::CardPlayedAndTrickCompleted
                            | EventKind::CardPlayedAndRoundCompleted
                            | EventKind::CardPlayedAndGameCompleted
                    )
                })
                .unwrap();
            assert_eq!(i64::from(done.winner), trick.get("winner").int(), "{id}");
        }
        let after: Vec<i64> = r.get("score_after").arr().iter().map(Json::int).collect();
        assert_eq!(g.scores().map(i64::from).to_vec(), after, "{id}");
        assert_eq!(g.is_over(), r.get("game_over").bool(), "{id}");
        if g.is_over() {
            assert_eq!(
                g.winning_team().map(i64::from),
                Some(r.get("game_winner").int()),
                "{id}"
            );
        } else {
            assert_eq!(i64::from(g.starter()), r.get("next_starter").int(), "{id}");
            assert_eq!(events.pop().map(|e| e.kind), Some(EventKind::RoundStarted));
        }
        // the line's events start with its own round_started (and game_started in round 1)
        let mut expected: Vec<(String, String, i64)> = r
            .get("events")
            .arr()
            .iter()
            .map(|e| {
                let v = e.arr();
                (v[0].str().to_string(), v[1].str().to_string(), v[2].int())
            })
            .collect();
        expected.retain(|e| e.0 != "game_started" && e.0 != "round_started");
        let got: Vec<(String, String, i64)> = events
            .iter()
            .map(|e| {
                (
                    e.kind.as_str().to_string(),
                    e.next
                        .map_or(String::new(), |n| n.name.as_str().to_string()),
                    e.next.map_or(0, |n| i64::from(n.player)),
                )
            })
            .collect();
        assert_eq!(got, expected, "{id}");
        rounds += 1;
    }
    assert!(rounds >= 400, "{rounds} rounds");
    assert!(ai_choices >= 10_000, "{ai_choices} AI choices");
}
