//! Time random four-player Dal Mara playouts on one core (no Python):
//! `cargo run --release --example dalmara_playout -- [games]`.

use parlour_core::game::GameState;
use parlour_core::games::dalmara::{DalMara, DalMaraConfig};
use parlour_core::rng::{seed_for, Rng};
use parlour_core::sim::{playout, Policy};
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300_000);
    let config = DalMaraConfig::default();
    let mut moves = 0u64;
    let mut check = 0u64;
    let start = Instant::now();
    for i in 0..games {
        let s = seed_for(1, i);
        let Ok(state) = <DalMara as GameState>::new(&config, s) else {
            continue;
        };
        let mut rng = Rng::new(seed_for(s, 1));
        if let Ok(p) = playout(state, Policy::Random, &mut rng) {
            moves += u64::from(p.moves);
            check ^= p.hash;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    #[allow(clippy::cast_precision_loss)]
    let (g, m) = (games as f64, moves as f64);
    println!(
        "{games} games, {:.0} games/s, {:.1} ns/move (check {check:016x})",
        g / secs,
        secs / m * 1e9
    );
}
