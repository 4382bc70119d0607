//! The games, and the registry that lets the simulator and the binding run any of them by id.
//!
//! Each game lives in its own module and implements [`crate::game::GameState`]; its entry in
//! [`GAMES`] names its options and [`simulate`] dispatches on the id.

pub mod bridge;
pub mod dalmara;
pub mod durak;
pub mod gyla;
pub mod mexican_train;
pub mod whist;

use crate::error::{Common, Error, Result};
use crate::sim::{self, Batch, Policy};

/// One option of a registered game: name, default, description.
pub type OptionSpec = (&'static str, &'static str, &'static str);

/// A game the simulator can run.
#[derive(Clone, Copy, Debug)]
pub struct GameInfo {
    /// The id used by `parlour simulate --game`.
    pub id: &'static str,
    /// One-line description.
    pub title: &'static str,
    /// Number of seats with the default options.
    pub seats: usize,
    /// Whether the `computer` policy is available.
    pub computer: bool,
    /// Whether the winner reported by the simulator is a team of two partnered seats (team 0
    /// is seats 0 and 2, team 1 is seats 1 and 3) rather than a single seat.
    pub teams: bool,
    /// Whether the game's result is one loser (Durak's fool) rather than one winner: with three
    /// or more seats there is no single winner, and the simulator reports each seat's losing
    /// rate instead.
    pub loser: bool,
    /// The options accepted by `--option name=value`.
    pub options: &'static [OptionSpec],
}

/// Every registered game.
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        id: "whist",
        title: "generic four-player 52-card trick-taking game (whist-style)",
        seats: 4,
        teams: false,
        loser: false,
        computer: false,
        options: &[("no_trump", "false", "play without trumps")],
    },
    GameInfo {
        id: "dalmara-4p",
        title: "Dal Mara, four players in two teams (capture the tens)",
        seats: 4,
        teams: true,
        loser: false,
        computer: false,
        options: &[("rules", "rulebook", "rule set: rulebook or dal-mara-engine")],
    },
    GameInfo {
        id: "dalmara-2p",
        title: "Dal Mara, two players with hands and stacks (capture the tens)",
        seats: 2,
        teams: false,
        loser: false,
        computer: false,
        options: &[("rules", "rulebook", "rule set: rulebook or dal-mara-engine")],
    },
    GameInfo {
        id: "mexican-train",
        title: "Mexican Train dominoes (the @johnmorrisdotca/domino 1.0.0 engine)",
        seats: 4,
        teams: false,
        loser: false,
        computer: true,
        options: &[
            ("players", "4", "number of players, 2 to 8"),
            ("set", "12", "the set by its highest double: 9, 12 or 15"),
            (
                "length",
                "full",
                "full (one round per double) or short (half as many)",
            ),
            (
                "doubles",
                "one",
                "one (cover each double at once) or chain (chain doubles, LIFO)",
            ),
            (
                "mexican",
                "any",
                "any (the Mexican Train is open from the start) or ownFirst",
            ),
        ],
    },
GameInfo {
    id: "gyla",
    title: "Gyla: four-player, two-team 36-card trick-taking game to 60 points (vetalpaprotsky/gyla v0.5.0)",
    seats: 4,
    teams: true,
    loser: false,
    computer: true,
    options: &[],
},
GameInfo {
    id: "durak",
    title: "Durak (podkidnoy throw-in, two-seat Game-Durak rules; 3-6 seats and perevodnoy as options)",
    seats: 2,
    teams: false,
    loser: true,
    computer: true,
    options: &[
        ("seats", "2", "number of players, 2 to 6"),
        ("variant", "podkidnoy", "podkidnoy (throw-in) or perevodnoy (transfer)"),
    ],
},
GameInfo {
        id: "bridge-play",
        title: "contract-bridge card play from random deals (returns = tricks of each side)",
        seats: 4,
        teams: true,
        loser: false,
        computer: true,
        options: &[
            (
                "strain",
                "random",
                "trump strain: S, H, D, C, N (no-trump) or random",
            ),
            ("declarer", "random", "declarer seat: N, E, S, W or random"),
        ],
    },
];

/// The Python packages of the games, in the order [`error_codes`] knows them.
pub const PACKAGES: &[&str] = &[
    "whist",
    "dalmara",
    "mexican_train",
    "bridge",
    "durak",
    "gyla",
];

/// Every error code a game's package can raise: [`Common`]'s, then the game's own `Code` enum,
/// as text. `package` is the game's Python package (`"dalmara"`, `"mexican_train"`, …), which
/// both of Dal Mara's registry ids share; `"common"` gives the shared codes alone. None for a
/// package that is not a game's.
#[must_use]
pub fn error_codes(package: &str) -> Option<Vec<&'static str>> {
    fn list<C: crate::error::Code>(own: &[C]) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Common::ALL.iter().map(|c| c.as_str()).collect();
        for c in own {
            if !out.contains(&c.as_str()) {
                out.push(c.as_str());
            }
        }
        out
    }
    match package {
        "common" => Some(list::<Common>(&[])),
        "whist" => Some(list(whist::Code::ALL)),
        "dalmara" => Some(list(dalmara::Code::ALL)),
        "mexican_train" => Some(list(mexican_train::Code::ALL)),
        "bridge" => Some(list(bridge::Code::ALL)),
        "durak" => Some(list(durak::Code::ALL)),
        "gyla" => Some(list(gyla::Code::ALL)),
        // GAME-CODES (each game adds its arm above this line, and its package to PACKAGES)
        _ => None,
    }
}

/// Look up a registered game.
///
/// # Errors
/// `UNKNOWN_GAME` for an id that is not registered.
pub fn info(id: &str) -> Result<&'static GameInfo> {
    GAMES.iter().find(|g| g.id == id).ok_or_else(|| {
        let known: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
        Error::config(
            Common::UnknownGame,
            format!("unknown game {id:?}; known games: {}", known.join(", ")),
        )
    })
}

/// Check that every option is known to game `id` and return them as a lookup helper.
///
/// # Errors
/// `UNKNOWN_OPTION` for an option the game does not take.
pub fn check_options<'a>(id: &str, options: &'a [(String, String)]) -> Result<Options<'a>> {
    let g = info(id)?;
    for (k, _) in options {
        if !g.options.iter().any(|(name, _, _)| name == k) {
            let known: Vec<&str> = g.options.iter().map(|o| o.0).collect();
            return Err(Error::config(
                Common::UnknownOption,
                format!(
                    "game {id} has no option {k:?}; options: {}",
                    known.join(", ")
                ),
            ));
        }
    }
    Ok(Options {
        info: g,
        given: options,
    })
}

/// Options given for a game, with the registry defaults behind them.
#[derive(Clone, Copy, Debug)]
pub struct Options<'a> {
    info: &'static GameInfo,
    given: &'a [(String, String)],
}

impl Options<'_> {
    /// The value of option `name` (the last one given, else the default).
    #[must_use]
    pub fn get(&self, name: &str) -> &str {
        self.given
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .or_else(|| self.info.options.iter().find(|o| o.0 == name).map(|o| o.1))
            .unwrap_or("")
    }
    /// Option `name` as a boolean (`true`/`false`/`1`/`0`/`yes`/`no`).
    ///
    /// # Errors
    /// `INVALID_OPTION` for anything else.
    pub fn flag(&self, name: &str) -> Result<bool> {
        match self.get(name) {
            "true" | "1" | "yes" => Ok(true),
            "false" | "0" | "no" => Ok(false),
            v => Err(Error::config(
                Common::InvalidOption,
                format!("option {name} must be true or false, not {v:?}"),
            )),
        }
    }
    /// Option `name` as an integer in `lo..=hi`.
    ///
    /// # Errors
    /// `INVALID_OPTION` when it is not such an integer.
    pub fn int(&self, name: &str, lo: i64, hi: i64) -> Result<i64> {
        let v = self.get(name);
        v.parse::<i64>()
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(|| {
                Error::config(
                    Common::InvalidOption,
                    format!("option {name} must be an integer from {lo} to {hi}, not {v:?}"),
                )
            })
    }
    /// Option `name`, which must be one of `choices`.
    ///
    /// # Errors
    /// `INVALID_OPTION` otherwise.
    pub fn choice(&self, name: &str, choices: &[&'static str]) -> Result<&'static str> {
        let v = self.get(name);
        choices.iter().copied().find(|c| *c == v).ok_or_else(|| {
            Error::config(
                Common::InvalidOption,
                format!(
                    "option {name} must be one of {}, not {v:?}",
                    choices.join(", ")
                ),
            )
        })
    }
}

/// Run games `start .. start+count` of game `id` (see [`crate::sim::simulate`]).
///
/// # Errors
/// Unknown game or option, a bad option value, a policy the game lacks, or a playout error.
pub fn simulate(
    id: &str,
    options: &[(String, String)],
    seed: u64,
    start: u64,
    count: u64,
    policy: Policy,
    threads: Option<usize>,
) -> Result<Batch> {
    let opts = check_options(id, options)?;
    if policy == Policy::Computer && !opts.info.computer {
        return Err(Error::config(
            Common::NoComputerPlayer,
            format!("game {id} has no built-in computer player"),
        ));
    }
    match id {
        "whist" => {
            let config = whist::WhistConfig {
                no_trump: opts.flag("no_trump")?,
            };
            sim::simulate::<whist::Whist>(&config, seed, start, count, policy, threads)
        }
        "dalmara-4p" | "dalmara-2p" => {
            let rules = dalmara::Rules::parse(opts.get("rules"))?;
            let config = dalmara::DalMaraConfig {
                four: id == "dalmara-4p",
                rules,
            };
            sim::simulate_fast::<dalmara::DalMara>(&config, seed, start, count, policy, threads)
        }
        "mexican-train" => {
            let config = mexican_train::TrainConfig::from_options(&opts)?;
            sim::simulate::<mexican_train::MexicanTrain>(
                &config, seed, start, count, policy, threads,
            )
        }
        "gyla" => sim::simulate::<gyla::Gyla>(
            &gyla::GylaConfig::default(),
            seed,
            start,
            count,
            policy,
            threads,
        ),
        "durak" => {
            let seats = u8::try_from(opts.int("seats", 2, 6)?).unwrap_or(2);
            let variant =
                durak::Variant::parse(opts.choice("variant", &["podkidnoy", "perevodnoy"])?)?;
            let config = durak::DurakConfig { seats, variant };
            sim::simulate::<durak::Durak>(&config, seed, start, count, policy, threads)
        }
        "bridge-play" => {
            let strain = match opts.choice("strain", &["random", "S", "H", "D", "C", "N"])? {
                "S" => Some(0),
                "H" => Some(1),
                "D" => Some(2),
                "C" => Some(3),
                "N" => Some(bridge::NO_TRUMP),
                _ => None,
            };
            let declarer = match opts.choice("declarer", &["random", "N", "E", "S", "W"])? {
                "N" => Some(0),
                "E" => Some(1),
                "S" => Some(2),
                "W" => Some(3),
                _ => None,
            };
            let config = bridge::BridgeConfig { strain, declarer };
            sim::simulate::<bridge::BridgePlay>(&config, seed, start, count, policy, threads)
        }
        // GAME-REGISTRY-ARMS (each game adds its arm above this line)
        _ => Err(Error::config(
            Common::UnknownGame,
            format!("unknown game {id:?}"),
        )),
    }
}
