//! Fitting the evaluation weights to game results (Texel's method).
//!
//! How the weights in [`crate::eval::WEIGHTS`] were obtained:
//!
//! 1. [`self_play`] plays games of the engine against itself at a fixed depth, each starting
//!    with a few random moves so the games differ, and labels every position with the game's
//!    result for the side to move there (1 win, ½ draw, 0 loss).
//! 2. [`fit`] chooses the weights that make `sigmoid(k · eval / 100)` best predict those labels
//!    (least squares, gradient descent); material is fixed at 100 a seed, so the scale `k` is
//!    fitted first with the current weights and then held.
//! 3. The fitted weights, rounded, were written into `WEIGHTS`; then the ladder match
//!    (`oware match`) checked that the new evaluation is not weaker than the old one.
//!
//! The run is reproducible: `tune::self_play(…)` is deterministic for a seed and depth. The
//! example `tune` runs all of it and prints the fitted weights by feature name:
//! `cargo run --release -p oware-engine --example tune -- --games 4000 --depth 7 --seed 2024`.

use std::sync::atomic::AtomicBool;

use oware_core::{Game, Rules};

use crate::eval::{features, material, xorshift, FEATURES, WEIGHTS};
use crate::{Engine, Limits};

/// A labelled position.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    /// The evaluation features of the position.
    pub features: [i32; FEATURES],
    /// Material in centi-seeds (side to move's view).
    pub material: i32,
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub result: f64,
}

/// Plays `games` games of the engine against itself (`depth` plies a move, after 4–11 random
/// opening plies) and returns every position reached after the opening, labelled.
pub fn self_play(games: usize, depth: u32, seed: u64) -> Vec<Sample> {
    let mut rng = seed | 1;
    let mut samples = Vec::new();
    let stop = AtomicBool::new(false);
    for _ in 0..games {
        let mut game = Game::new(Rules::default());
        let random_plies = 4 + xorshift(&mut rng) % 8;
        let mut engine = Engine::new(8);
        let mut positions = Vec::new();
        while !game.is_over() && game.moves().len() < 400 {
            let legal = game.legal_moves();
            let m = if (game.moves().len() as u64) < random_plies {
                legal[(xorshift(&mut rng) % legal.len() as u64) as usize]
            } else {
                positions.push(*game.position());
                match engine
                    .search(&game, &Limits::depth(depth), &stop, &mut |_| {})
                    .best
                {
                    Some(m) => m,
                    None => break,
                }
            };
            if game.play(m).is_err() {
                break;
            }
        }
        let winner = game.outcome().and_then(|o| o.winner());
        if game.outcome().is_none() {
            continue;
        }
        for p in positions {
            let result = match winner {
                None => 0.5,
                Some(w) if w == p.turn() => 1.0,
                Some(_) => 0.0,
            };
            samples.push(Sample {
                features: features(&p),
                material: material(&p),
                result,
            });
        }
    }
    samples
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn eval_with(s: &Sample, w: &[f64; FEATURES]) -> f64 {
    f64::from(s.material)
        + s.features
            .iter()
            .zip(w)
            .map(|(&f, &w)| f64::from(f) * w)
            .sum::<f64>()
}

/// Mean squared error of the prediction `sigmoid(k · eval / 100)`.
pub fn error(samples: &[Sample], w: &[f64; FEATURES], k: f64) -> f64 {
    samples
        .iter()
        .map(|s| (s.result - sigmoid(k * eval_with(s, w) / 100.0)).powi(2))
        .sum::<f64>()
        / samples.len().max(1) as f64
}

/// Fits the weights (starting from the current ones) and returns them with the scale `k`.
pub fn fit(samples: &[Sample], iterations: usize) -> ([f64; FEATURES], f64) {
    let mut w = WEIGHTS.map(f64::from);
    // The scale: a golden-section search of k for the current weights.
    let (mut a, mut b) = (0.01f64, 3.0f64);
    for _ in 0..60 {
        let c = b - (b - a) / 1.618;
        let d = a + (b - a) / 1.618;
        if error(samples, &w, c) < error(samples, &w, d) {
            b = d;
        } else {
            a = c;
        }
    }
    let k = (a + b) / 2.0;
    let n = samples.len().max(1) as f64;
    let mut rate = 2000.0;
    let mut best = error(samples, &w, k);
    for _ in 0..iterations {
        let mut grad = [0.0; FEATURES];
        for s in samples {
            let p = sigmoid(k * eval_with(s, &w) / 100.0);
            let g = -2.0 * (s.result - p) * p * (1.0 - p) * k / 100.0;
            for (gi, &f) in grad.iter_mut().zip(&s.features) {
                *gi += g * f64::from(f) / n;
            }
        }
        let mut next = w;
        for (x, g) in next.iter_mut().zip(grad) {
            *x -= rate * g * 100.0;
        }
        let e = error(samples, &next, k);
        if e < best {
            best = e;
            w = next;
        } else {
            rate /= 2.0;
        }
    }
    (w, k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_does_not_increase_the_error() {
        let samples = self_play(4, 3, 42);
        assert!(!samples.is_empty());
        let (w, k) = fit(&samples, 20);
        assert!(error(&samples, &w, k) <= error(&samples, &WEIGHTS.map(f64::from), k) + 1e-12);
    }
}
