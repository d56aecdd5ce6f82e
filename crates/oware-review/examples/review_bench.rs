//! Benchmark of the review (not a test): speed at a depth, and agreement with a deeper review.
//!
//! ```text
//! cargo run --release -p oware-review --example review_bench -- [GAMES] [PLIES] [DEPTH] [DEEP_DEPTH]
//! ```
//!
//! Plays `GAMES` (default 6) self-play games, easy against medium, made deterministically
//! (fixed seeds, depth-limited searches), cut to `PLIES` moves (default 60); reviews each at
//! `DEPTH` (default: the default depth) on two threads and prints the time; then, when
//! `DEEP_DEPTH` is given, reviews them again at that depth and reports how many of the moves
//! the first review calls mistakes or blunders the deep one calls so too (and how many get the
//! very same class), with the time ratio of the two.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use oware_core::{Game, Rules};
use oware_engine::{choose_move_with, Level};
use oware_review::{review, Class, Options, Review, DEFAULT_DEPTH};

fn self_play(seed: u64, plies: usize) -> Game {
    let rules = Rules::default();
    let mut game = Game::new(rules);
    while !game.is_over() && game.moves().len() < plies {
        let level = if game.moves().len() % 2 == (seed % 2) as usize {
            Level::Easy
        } else {
            Level::Medium
        };
        let Some(m) = choose_move_with(&game, level.spec(), seed * 1000 + 7, 1.0, None) else {
            break;
        };
        game.play(m).expect("a chosen move is legal");
    }
    game
}

/// This process's CPU time (user and system, all threads) from `/proc/self/stat`, in seconds:
/// on a loaded machine the wall clock says little, CPU time divided by the two threads says
/// what an idle two-core machine would take.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Fields 14 and 15 of the file (utime, stime), counted after the command name's `)`.
    (ticks(11) + ticks(12)) / 100.0
}

fn run(games: &[Game], depth: u32) -> (Vec<Review>, Duration) {
    let options = Options {
        depth: Some(depth),
        ..Options::default()
    };
    let start = Instant::now();
    let cpu = cpu_seconds();
    let mut reviews = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let t = Instant::now();
        let r = review(g, &options, &AtomicBool::new(false), &mut |_| {}).expect("review");
        let c = |class: Class| r.moves.iter().filter(|m| m.class == class).count();
        println!(
            "depth {depth:>2} game {i}: {} moves in {:>6.2} s  ({} inaccuracies, {} mistakes, {} blunders)",
            g.moves().len(),
            t.elapsed().as_secs_f64(),
            c(Class::Inaccuracy),
            c(Class::Mistake),
            c(Class::Blunder)
        );
        reviews.push(r);
    }
    let moves: usize = games.iter().map(|g| g.moves().len()).sum();
    let cpu = cpu_seconds() - cpu;
    println!(
        "depth {depth}: {moves} moves, wall {:.2} s, CPU {:.2} s: {:.2} s CPU per 60 moves, {:.2} s on two idle cores",
        start.elapsed().as_secs_f64(),
        cpu,
        cpu * 60.0 / moves as f64,
        cpu * 30.0 / moves as f64
    );
    (reviews, start.elapsed())
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: GAMES PLIES DEPTH DEEP_DEPTH"))
        .collect();
    let n_games = args.first().copied().unwrap_or(6) as usize;
    let plies = args.get(1).copied().unwrap_or(60) as usize;
    let depth = args.get(2).map_or(DEFAULT_DEPTH, |&d| d as u32);
    let deep = args.get(3).map(|&d| d as u32);
    let games: Vec<Game> = (0..n_games as u64).map(|s| self_play(s, plies)).collect();
    let (fast, t_fast) = run(&games, depth);
    let moves: usize = games.iter().map(|g| g.moves().len()).sum();
    let Some(deep) = deep else { return };
    let (slow, t_slow) = run(&games, deep);
    let mut flagged = 0;
    let mut agree = 0;
    let mut same = 0;
    let mut flagged_deep = 0;
    for (a, b) in fast.iter().zip(&slow) {
        for (x, y) in a.moves.iter().zip(&b.moves) {
            // One line a move, for trying other thresholds on the same searches.
            println!(
                "lost {} {} {} {}",
                x.lost, y.lost, x.missed_win, y.missed_win
            );
            if y.class >= Class::Mistake {
                flagged_deep += 1;
            }
            if x.class >= Class::Mistake {
                flagged += 1;
                agree += usize::from(y.class >= Class::Mistake);
                same += usize::from(y.class == x.class);
            } else if y.class >= Class::Mistake {
                println!(
                    "  missed at depth {depth}: ply {} {:?} ({}), deep says {} ({})",
                    x.ply + 1,
                    x.played,
                    x.class,
                    y.class,
                    y.lost
                );
            }
            if x.class >= Class::Mistake && y.class < Class::Mistake {
                println!(
                    "  disagreement: ply {} {:?}: depth {depth} {} ({} lost), depth {deep} {} ({} lost)",
                    x.ply + 1,
                    x.played,
                    x.class,
                    x.lost,
                    y.class,
                    y.lost
                );
            }
        }
    }
    println!(
        "depth {deep}: {moves} moves in {:.2} s ({:.1} times depth {depth})",
        t_slow.as_secs_f64(),
        t_slow.as_secs_f64() / t_fast.as_secs_f64()
    );
    println!(
        "depth {depth} calls {flagged} moves mistakes or blunders; depth {deep} agrees on {agree} ({:.1} %), same class on {same} ({:.1} %); depth {deep} flags {flagged_deep}",
        100.0 * agree as f64 / flagged.max(1) as f64,
        100.0 * same as f64 / flagged.max(1) as f64
    );
}
