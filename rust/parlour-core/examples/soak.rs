//! Soak one game: millions of random moves, checked after every one (no Python).
//!
//! `soak <game> [moves] [sample_every] [samples_file]` with `<game>` one of `whist`,
//! `dalmara-4p`, `dalmara-2p`, `gyla`, `durak`, `bridge`, `mexican-train`. Games are dealt from
//! seeds `0, 1, 2, …` and played with uniformly random legal moves, a new game starting when
//! one ends, until `moves` moves (default 10 000 000) are made. After every move:
//!
//! * the cards or tiles are conserved ([`Audit::conservation`]: each in exactly one place);
//! * the incremental hash equals the hash computed from scratch ([`Audit::scratch_hash`]).
//!
//! Every `sample_every`-th move (default 1000) the move is also made by the immutable
//! `GameState::apply`, which must give the same state as the in-place path and leave its
//! input unchanged; a Rust notation reader, where one is passed (no game has one now), must
//! read the position back to an equal state with an equal hash; and the position is written to
//! `samples_file` as a JSON line `[move, "zobrist in hex", "notation"]` (Mexican Train: the
//! saved-game text of the game so far, its notation), which `scripts/soak` reads back through
//! the public Python readers. Resident memory is sampled every million
//! moves. The last line of output is a JSON summary; the exit status is 1 on any fault.
//! Build it in release mode (`/work/pbuild build --release -p parlour-core --example soak`).

use parlour_core::audit::Audit;
use parlour_core::games::bridge::{BridgeConfig, BridgePlay};
use parlour_core::games::dalmara::{DalMara, DalMaraConfig, Rules};
use parlour_core::games::durak::{Durak, DurakConfig};
use parlour_core::games::gyla::{Gyla, GylaConfig};
use parlour_core::games::mexican_train::{MexicanTrain, TrainConfig, TrainMove};
use parlour_core::games::whist::{Whist, WhistConfig};
use parlour_core::rng::{seed_for, Rng};
use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::time::Instant;

/// Resident set size of this process in kB (Linux), 0 where unknown.
fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

/// A JSON string literal of `text`.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

struct Run {
    moves: u64,
    sample_every: u64,
    samples: Option<BufWriter<File>>,
    faults: u64,
}

impl Run {
    fn fault(&mut self, made: u64, seed: u64, what: &str) {
        self.faults += 1;
        if self.faults <= 20 {
            eprintln!("FAULT at move {made} (game seed {seed}): {what}");
        }
    }
}

/// The state-reading check of a game's own Rust notation reader, if it has one.
type Reader<G> = fn(&str) -> Option<G>;

/// The text a sample records: the position's notation, or (Mexican Train, whose notation is
/// the saved game: table, seed and moves) what the game's writer makes of the game so far.
type Text<G> = fn(&G, u64, &[<G as parlour_core::game::GameState>::Move]) -> String;

/// The saved-game text of a Mexican Train game dealt from `seed` with the default table.
fn train_save(_: &MexicanTrain, seed: u64, moves: &[TrainMove]) -> String {
    let tokens: Vec<String> = moves.iter().map(TrainMove::token).collect();
    format!(
        "{{\"v\":1,\"set\":12,\"options\":{{\"length\":\"full\",\"doubles\":\"one\",\"mexican\":\"any\"}},\"seed\":{},\"players\":[\"P1\",\"P2\",\"P3\",\"P4\"],\"computers\":[false,false,false,false],\"moves\":\"{}\"}}",
        seed & 0xFFFF_FFFF,
        tokens.join(",")
    )
}

fn soak<G: Audit + PartialEq>(
    name: &str,
    config: &G::Config,
    run: &mut Run,
    reader: Option<Reader<G>>,
    text_of: Option<Text<G>>,
) {
    let rss_start = rss_kb();
    let mut rss_samples = vec![rss_start];
    let start = Instant::now();
    let mut seed = 0u64;
    let mut games = 0u64;
    let mut made = 0u64;
    let mut native = 0u64;
    let mut rng = Rng::new(seed_for(0x50A4, 1));
    let Ok(mut state) = G::new(config, seed_for(0x50A4, seed)) else {
        run.fault(0, seed, "the configuration does not deal");
        return;
    };
    let mut buf = Vec::new();
    let mut history = Vec::new();
    while made < run.moves {
        if state.is_terminal() {
            games += 1;
            seed += 1;
            history.clear();
            match G::new(config, seed_for(0x50A4, seed)) {
                Ok(s) => state = s,
                Err(e) => {
                    run.fault(made, seed, &format!("a game did not deal: {e}"));
                    return;
                }
            }
            if state.zobrist() != state.scratch_hash() {
                run.fault(made, seed, "a new game's hash is not its hash from scratch");
            }
            continue;
        }
        state.legal_moves_into(&mut buf);
        let Some(&mv) = buf.get(rng.index(buf.len().max(1))) else {
            run.fault(made, seed, "a running game with no legal move");
            history.clear();
            match G::new(config, seed_for(0x50A4, seed + 1_000_000_000)) {
                Ok(s) => state = s,
                Err(e) => {
                    run.fault(made, seed, &format!("a game did not deal: {e}"));
                    return;
                }
            }
            continue;
        };
        made += 1;
        if text_of.is_some() {
            history.push(mv);
        }
        if made % run.sample_every == 0 {
            let before = state.clone();
            let by_apply = state.apply(mv);
            if state != before {
                run.fault(made, seed, "apply changed its input");
            }
            state.play_unchecked(mv);
            match by_apply {
                Ok(next) if next == state && next.zobrist() == state.zobrist() => {}
                Ok(_) => run.fault(made, seed, "apply and play_unchecked differ"),
                Err(e) => run.fault(made, seed, &format!("apply refused a listed move: {e}")),
            }
            let text = match text_of {
                Some(f) => f(&state, seed_for(0x50A4, seed), &history),
                None => state.to_notation(),
            };
            if let Some(read) = reader {
                native += 1;
                match read(&text) {
                    Some(again) if again == state && again.zobrist() == state.zobrist() => {}
                    _ => run.fault(made, seed, &format!("notation does not read back: {text}")),
                }
            }
            if let Some(out) = run.samples.as_mut() {
                let line = format!(
                    "[{made},\"{:016x}\",{}]",
                    state.zobrist(),
                    json_string(&text)
                );
                if writeln!(out, "{line}").is_err() {
                    run.samples = None;
                    run.fault(made, seed, "cannot write the samples file");
                }
            }
        } else {
            state.play_unchecked(mv);
        }
        if state.zobrist() != state.scratch_hash() {
            run.fault(
                made,
                seed,
                "incremental hash differs from the hash from scratch",
            );
        }
        if let Err(e) = state.conservation() {
            run.fault(made, seed, &format!("conservation: {e}"));
        }
        if made % 1_000_000 == 0 {
            rss_samples.push(rss_kb());
        }
    }
    if let Some(out) = run.samples.as_mut() {
        if out.flush().is_err() {
            run.fault(made, seed, "cannot write the samples file");
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let rss_end = rss_kb();
    rss_samples.push(rss_end);
    #[allow(clippy::cast_precision_loss)]
    let rate = made as f64 / secs;
    let samples: Vec<String> = rss_samples.iter().map(u64::to_string).collect();
    println!(
        "{{\"game\":\"{name}\",\"moves\":{made},\"games\":{games},\"seconds\":{secs:.1},\"moves_per_s\":{rate:.0},\"rss_start_kb\":{rss_start},\"rss_end_kb\":{rss_end},\"rss_max_kb\":{},\"rss_kb\":[{}],\"native_roundtrips\":{native},\"faults\":{}}}",
        rss_samples.iter().max().copied().unwrap_or(0),
        samples.join(","),
        run.faults
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("whist", String::as_str);
    let moves = args
        .get(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000_000u64);
    let sample_every = args
        .get(3)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000u64)
        .max(1);
    let samples = match args.get(4) {
        Some(path) => match File::create(path) {
            Ok(f) => Some(BufWriter::new(f)),
            Err(e) => {
                eprintln!("cannot create {path}: {e}");
                std::process::exit(2);
            }
        },
        None => None,
    };
    let mut run = Run {
        moves,
        sample_every,
        samples,
        faults: 0,
    };
    match game {
        "whist" => soak::<Whist>(game, &WhistConfig::default(), &mut run, None, None),
        "dalmara-4p" | "dalmara-2p" => {
            let config = DalMaraConfig {
                four: game == "dalmara-4p",
                rules: Rules::Rulebook,
            };
            soak::<DalMara>(game, &config, &mut run, None, None);
        }
        "gyla" => soak::<Gyla>(game, &GylaConfig::default(), &mut run, None, None),
        // Durak's and Gyla's position texts are read in Python (their packages' notation.py):
        // scripts/soak reads the sampled texts back there.
        "durak" => soak::<Durak>(game, &DurakConfig::default(), &mut run, None, None),
        "bridge" => soak::<BridgePlay>(game, &BridgeConfig::default(), &mut run, None, None),
        "mexican-train" => soak::<MexicanTrain>(
            game,
            &TrainConfig::default(),
            &mut run,
            None,
            Some(train_save),
        ),
        other => {
            eprintln!("unknown game {other}");
            std::process::exit(2);
        }
    }
    if run.faults > 0 {
        std::process::exit(1);
    }
}
