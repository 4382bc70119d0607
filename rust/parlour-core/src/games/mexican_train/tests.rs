use super::bot::{longest_run, longest_run_exact, longest_run_steps};
use super::rules::Fitting;
use super::tiles::{fits, laid_against, tile_of};
use super::*;
use crate::rng::Rng;
use std::path::PathBuf;

fn cfg(set: u8, players: u8) -> TrainConfig {
    TrainConfig {
        set,
        players,
        ..TrainConfig::default()
    }
}

#[test]
fn deal_examples_from_the_spec() {
    let (hands, bone) = MexicanTrain::deal_of(9, 2, 1, 0);
    assert_eq!(hands[0], vec![53, 85, 21, 71, 38, 7, 9, 73, 36, 136]);
    assert_eq!(hands[1], vec![137, 2, 52, 4, 23, 119, 41, 105, 22, 24]);
    assert_eq!(&bone[..5], &[54, 70, 1, 89, 55]);
    assert_eq!(bone.len(), 34);

    let (hands, bone) = MexicanTrain::deal_of(12, 2, 42, 1);
    assert_eq!(hands[1][..4], [0, 20, 51, 154]);
    assert_eq!(bone.len(), 60);
    assert_eq!(bone[59], 105);

    let (hands, bone) = MexicanTrain::deal_of(15, 3, 2026, 3);
    assert_eq!(hands[2][..3], [35, 30, 138]);
    assert_eq!(bone.len(), 90);

    let (hands, bone) = MexicanTrain::deal_of(9, 8, 123_456_789, 0);
    assert_eq!(hands[7], vec![3, 38, 104, 121, 70, 7]);
    assert_eq!(bone, vec![52, 136, 37, 88, 73, 68]);

    let g = MexicanTrain::new(cfg(12, 4), 7).unwrap();
    assert_eq!(g.hand(3)[..3], [24, 68, 53]);
    assert_eq!(g.boneyard()[..3], [11, 58, 3]);
    assert_eq!(g.to_play(), 0);
    assert_eq!(g.open(), &[false, false, false, false, true]);
}

#[test]
fn computer_worked_examples() {
    // AI.md's worked example: the longest run from 12, then the computer's first lay.
    let hand = [(12, 4), (4, 9), (9, 1), (12, 2), (0, 3)].map(|(a, b)| tile_of(a, b));
    assert_eq!(longest_run(&hand, 12), hand[..3]);
    assert_eq!(longest_run_exact(&hand, 12), hand[..3]);
    assert_eq!(longest_run_steps(&[], 3), (vec![], 1));
    // Double-twelve, 2 seats, seat 0 to play with that hand.
    let mut g = MexicanTrain::new(cfg(12, 2), 1).unwrap();
    g.piles.set(0, &hand);
    assert_eq!(
        g.computer_choice(),
        Some(TrainMove::Play {
            tile: tile_of(12, 4),
            train: 0
        })
    );

    g.piles.set(2, &[laid_against(tile_of(12, 6), 12)]);
    g.piles
        .set(0, &[tile_of(6, 6), tile_of(6, 3), tile_of(12, 11)]);
    assert_eq!(
        g.computer_choice(),
        Some(TrainMove::Play {
            tile: tile_of(6, 6),
            train: 0
        })
    );
    g.piles.set(0, &[tile_of(6, 6), tile_of(12, 11)]);
    assert_eq!(
        g.computer_choice(),
        Some(TrainMove::Play {
            tile: tile_of(12, 11),
            train: 2
        })
    );
}

#[test]
fn refusals_leave_state_unchanged_and_hash_is_incremental() {
    let mut rng = Rng::new(5);
    for game in 0..40u64 {
        let set = [9, 12, 15][usize::try_from(game % 3).unwrap()];
        let players = 2 + u8::try_from(game % 7).unwrap();
        let c = TrainConfig {
            set,
            players,
            length: if game % 2 == 0 {
                Length::Short
            } else {
                Length::Full
            },
            doubles: if game % 4 < 2 {
                Doubles::Chain
            } else {
                Doubles::One
            },
            mexican: if game % 8 < 4 {
                MexicanStart::OwnFirst
            } else {
                MexicanStart::Any
            },
            views: game % 2 == 0,
        };
        let mut g = MexicanTrain::new(c, u32::try_from(game).unwrap()).unwrap();
        let mut moves = Vec::new();
        let mut steps = 0;
        while !g.is_terminal() {
            g.legal_moves_into(&mut moves);
            assert!(!moves.is_empty());
            for m in &moves {
                assert!(g.allowed(*m));
            }
            let before = g.clone();
            assert!(g
                .apply(TrainMove::Play {
                    tile: 240,
                    train: 0
                })
                .is_err());
            if g.phase != Phase::RoundOver {
                assert!(g.apply_mut(TrainMove::Next).is_err());
            }
            assert_eq!(g, before);
            let mv = if game % 2 == 0 {
                moves[rng.index(moves.len())]
            } else {
                g.computer_choice().unwrap()
            };
            let mut listed = g.clone();
            listed.apply_listed(mv);
            g.apply_mut(mv).unwrap();
            assert_eq!(listed, g);
            assert_eq!(g.zobrist(), g.full_hash());
            steps += 1;
            assert!(steps < 100_000);
            // Every tile is in exactly one place.
            let mut seen = vec![0u8; 256];
            for h in g.hands() {
                for &t in h {
                    seen[usize::from(t)] += 1;
                }
            }
            for l in g.laid() {
                for &x in l {
                    seen[usize::from(tile_of(x >> 4, x & 15))] += 1;
                }
            }
            for t in g.boneyard() {
                seen[usize::from(t)] += 1;
            }
            seen[usize::from(tile_of(g.engine(), g.engine()))] += 1;
            for t in tiles::every_tile(set) {
                assert_eq!(seen[usize::from(t)], 1, "tile {t}");
            }
            assert_eq!(
                seen.iter().map(|&x| usize::from(x)).sum::<usize>(),
                tiles::every_tile(set).len()
            );
        }
        assert!(g.computer_choice().is_none());
        assert!(!g.winners().is_empty());
    }
}

fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let pat = format!("\"{key}\":");
    let i = line.find(&pat).unwrap() + pat.len();
    let rest = &line[i..];
    let end = if rest.starts_with('[') {
        rest.find(']').unwrap() + 1
    } else {
        rest.find([',', '}']).unwrap()
    };
    &rest[..end]
}

fn tiles_of(s: &str) -> Vec<u8> {
    s.trim_matches(['[', ']'])
        .split(',')
        .filter(|x| !x.is_empty())
        .map(|x| x.parse().unwrap())
        .collect()
}

#[test]
fn longest_run_vectors() {
    let shared = std::env::var("PARLOUR_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"));
    let path = shared.join("vectors/mexican_train/train_longest_run.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let hand = tiles_of(field(line, "hand"));
        let end: u8 = field(line, "end").parse().unwrap();
        let run = tiles_of(field(line, "run"));
        let steps: u32 = field(line, "steps").parse().unwrap();
        let (got, got_steps) = longest_run_steps(&hand, end);
        assert_eq!(got, run, "{line}");
        assert_eq!(got_steps, steps, "{line}");
        let exact = longest_run_exact(&hand, end);
        assert!(exact.len() >= got.len());
        count += 1;
    }
    assert_eq!(count, 784);
    assert_eq!(longest_run(&[], 0), Vec::<u8>::new());
}

#[test]
fn fitting_finds_the_tiles_of_an_end_in_hand_order() {
    let mut rng = Rng::new(5);
    for len in [0usize, 1, 7, 40, 64, 65, 120] {
        for _ in 0..20 {
            let hand: Vec<Tile> = (0..len)
                .map(|_| {
                    let hi = u8::try_from(rng.index(16)).unwrap();
                    let lo = u8::try_from(rng.index(16)).unwrap();
                    hi << 4 | lo
                })
                .collect();
            let fitting = Fitting::new(&hand);
            for end in 0..16u8 {
                let mut got = Vec::new();
                fitting.each(end, |t| got.push(t));
                let want: Vec<Tile> = hand.iter().copied().filter(|&t| fits(t, end)).collect();
                assert_eq!(got, want, "hand {hand:?} end {end}");
            }
        }
    }
}

#[test]
fn every_move_id_unpacks_to_its_move() {
    use crate::lazy::Packed;
    let mut ids = std::collections::HashSet::new();
    let mut moves = vec![TrainMove::Draw, TrainMove::Pass, TrainMove::Next];
    for low in 0..=15u8 {
        for high in low..=15u8 {
            for train in 0..=8u8 {
                moves.push(TrainMove::Play {
                    tile: low * 16 + high,
                    train,
                });
            }
        }
    }
    for m in moves {
        assert_eq!(TrainMove::unpack(m.pack()), m, "{m:?}");
        assert!(ids.insert(m.id()), "{m:?} shares its id");
    }
}

#[test]
fn every_move_has_its_own_action_in_the_action_space() {
    // Plays in double-fifteen order, tile by tile and train by train, then draw, pass, next.
    let mut expected = 0;
    for tile in tiles::every_tile(15) {
        for train in 0..9u8 {
            assert_eq!(
                TrainMove::Play { tile, train }.action(),
                expected,
                "{tile} {train}"
            );
            expected += 1;
        }
    }
    for mv in [TrainMove::Draw, TrainMove::Pass, TrainMove::Next] {
        assert_eq!(mv.action(), expected);
        expected += 1;
    }
    assert_eq!(expected, TRAIN_ACTIONS);
}

#[test]
fn the_view_record_changes_no_play() {
    // The simulator's games keep no view record (`TrainConfig::views` off); their play, hashes
    // and results must be those of games that keep it.
    use crate::sim::{simulate, Policy};
    let on = TrainConfig::default();
    let off = TrainConfig {
        views: false,
        ..TrainConfig::default()
    };
    for policy in [Policy::Random, Policy::Computer] {
        let a = simulate::<MexicanTrain>(&on, 5, 0, 60, policy, Some(1)).unwrap();
        let b = simulate::<MexicanTrain>(&off, 5, 0, 60, policy, Some(1)).unwrap();
        assert_eq!(a, b);
    }
}
