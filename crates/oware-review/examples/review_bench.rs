//! Benchmark of the review (not a test): speed at a depth, and agreement with a deeper review.
//!
//! ```text
//! cargo run --release -p oware-review --example review_bench -- [GAMES] [PLIES] [DEPTH] [DEEP_DEPTH]
//!     [--seed FIRST] [--refine STEPS] [--margin CENTISEEDS]
//! ```
//!
//! Plays `GAMES` (default 6) self-play games, easy against medium, made deterministically
//! (game seeds `FIRST`, `FIRST + 1`, …, default 0; depth-limited searches), cut to `PLIES`
//! moves (default 60); reviews each at `DEPTH` (default: the default depth) with the review's
//! re-search near the class lines (`--refine`, `--margin`, default the library's) on two
//! threads and prints the time; then, when `DEEP_DEPTH` is given, reviews them again at that
//! depth, plainly (no re-search), and reports how many of the moves the first review calls
//! mistakes or blunders the deep one calls so too (and how many get the very same class), with
//! the CPU-time ratio of the two, and how far the two reviews' losses differ (percentiles of
//! the difference over the moves either calls an inaccuracy or worse: the spread a margin
//! around the lines should cover).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use oware_core::{Game, Rules};
use oware_engine::{choose_move_with, Level};
use oware_review::{
    review, Class, Options, Review, BLUNDER, DEFAULT_DEPTH, DEFAULT_REFINE, DEFAULT_REFINE_MARGIN,
    DEFAULT_SURE_MARGIN, INACCURACY,
};

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

fn run(
    games: &[Game],
    depth: u32,
    refine: u32,
    margin: i32,
    sure_margin: i32,
) -> (Vec<Review>, Duration, f64) {
    let options = Options {
        depth: Some(depth),
        refine,
        refine_margin: margin,
        refine_all: std::env::args().any(|a| a == "--all"),
        sure_margin,
        ..Options::default()
    };
    let start = Instant::now();
    let cpu = cpu_seconds();
    let mut reviews = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let t = Instant::now();
        let r = review(g, &options, &AtomicBool::new(false), &mut |_| {}).expect("review");
        let c = |class: Class| r.moves.iter().filter(|m| m.class == class).count();
        let deeper = r.moves.iter().filter(|m| m.depth != Some(depth)).count();
        println!(
            "depth {depth:>2} game {i}: {} moves in {:>6.2} s, {deeper} searched deeper  ({} inaccuracies, {} mistakes, {} blunders)",
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
        "{}: {moves} moves, wall {:.2} s, CPU {:.2} s: {:.2} s CPU per 60 moves, {:.2} s on two idle cores",
        options.describe(),
        start.elapsed().as_secs_f64(),
        cpu,
        cpu * 60.0 / moves as f64,
        cpu * 30.0 / moves as f64
    );
    (reviews, start.elapsed(), cpu)
}

/// The `p`-th percentile (0–100) of sorted `xs`, nearest rank.
fn percentile(xs: &[i32], p: usize) -> i32 {
    if xs.is_empty() {
        return 0;
    }
    let rank = (p * xs.len()).div_ceil(100).max(1);
    xs[rank - 1]
}

/// `--sure CENTISEEDS` (the review's margin of error), else the library's default; the deep
/// review is always plain (no margin).
fn sure() -> i32 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == "--sure")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_SURE_MARGIN)
}

/// Numbers separated by commas: `16,18`.
fn list(text: &str, usage: &str) -> Vec<u32> {
    text.split(',')
        .map(|n| n.parse().unwrap_or_else(|_| panic!("{text}: {usage}")))
        .collect()
}

fn main() {
    let usage = "review_bench [GAMES] [PLIES] [DEPTH[,DEPTH…]] [DEEP_DEPTH] [--seed FIRST] [--refine STEPS[,STEPS…]] [--margin CENTISEEDS] [--sure CENTISEEDS] [--all]";
    let mut positional: Vec<String> = Vec::new();
    let mut seed = 0u64;
    let mut refines = vec![DEFAULT_REFINE];
    let mut margin = DEFAULT_REFINE_MARGIN;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || -> String {
            args.next()
                .unwrap_or_else(|| panic!("{a} takes a number: {usage}"))
        };
        match a.as_str() {
            "--seed" => seed = u64::from(list(&value(), usage)[0]),
            "--refine" => refines = list(&value(), usage),
            "--margin" => margin = list(&value(), usage)[0] as i32,
            "--all" => {}
            "--sure" => {
                value();
            }
            _ => positional.push(a),
        }
    }
    let n_games = positional.first().map_or(6, |n| list(n, usage)[0]) as u64;
    let plies = positional.get(1).map_or(60, |n| list(n, usage)[0]) as usize;
    let depths = positional
        .get(2)
        .map_or(vec![DEFAULT_DEPTH], |d| list(d, usage));
    let deep = positional.get(3).map(|d| list(d, usage)[0]);
    let games: Vec<Game> = (seed..seed + n_games)
        .map(|s| self_play(s, plies))
        .collect();
    let moves: usize = games.iter().map(|g| g.moves().len()).sum();
    println!("{} games from seed {seed}, {moves} moves", games.len());
    let reference = deep.map(|d| (d, deep_review(&games, seed, plies, d)));
    for &depth in &depths {
        for &refine in &refines {
            let (fast, _, cpu_fast) = run(&games, depth, refine, margin, sure());
            if let Some((deep, (slow, cpu_slow))) = &reference {
                compare(
                    &fast,
                    slow,
                    depth,
                    refine,
                    *deep,
                    cpu_slow / cpu_fast.max(0.01),
                );
            }
        }
    }
}

/// The deep review's verdicts (seeds lost, class) per game and its CPU time, kept in a file of
/// the temporary folder so that trying several first reviews against it searches it once.
fn deep_review(
    games: &[Game],
    seed: u64,
    plies: usize,
    deep: u32,
) -> (Vec<Vec<(i32, Class)>>, f64) {
    let path = std::env::temp_dir().join(format!(
        "review_bench_{}_{seed}_{}_{plies}_{deep}.txt",
        env!("CARGO_PKG_VERSION"),
        games.len()
    ));
    if let Ok(text) = std::fs::read_to_string(&path) {
        let mut lines = text.lines();
        let cpu: f64 = lines.next().and_then(|l| l.parse().ok()).unwrap_or(0.0);
        let verdicts: Vec<Vec<(i32, Class)>> = lines
            .map(|l| {
                l.split_whitespace()
                    .map(|v| {
                        let lost: i32 = v.parse().expect("a cached loss");
                        (
                            lost.abs(),
                            if lost < 0 {
                                Class::Blunder
                            } else {
                                Class::of_loss(lost)
                            },
                        )
                    })
                    .collect()
            })
            .collect();
        if verdicts.len() == games.len() && cpu > 0.0 {
            println!(
                "depth {deep}: cached in {} (CPU {cpu:.2} s)",
                path.display()
            );
            return (verdicts, cpu);
        }
    }
    let (reviews, _, cpu) = run(games, deep, 0, 0, 0);
    let verdicts: Vec<Vec<(i32, Class)>> = reviews
        .iter()
        .map(|r| r.moves.iter().map(|m| (m.lost, m.class)).collect())
        .collect();
    // A missed win (a blunder whatever its loss) is written as a negative loss.
    let mut text = format!("{cpu}\n");
    for r in &reviews {
        let line: Vec<String> = r
            .moves
            .iter()
            .map(|m| {
                if m.missed_win {
                    format!("-{}", m.lost.max(1))
                } else {
                    m.lost.to_string()
                }
            })
            .collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    let _ = std::fs::write(&path, text);
    (verdicts, cpu)
}

/// Agreement of the review `fast` (at `depth`, with `refine` steps) with the plain `slow` one
/// at `deep`, which took `ratio` times its CPU time.
fn compare(
    fast: &[Review],
    slow: &[Vec<(i32, Class)>],
    depth: u32,
    refine: u32,
    deep: u32,
    ratio: f64,
) {
    let mut flagged = 0;
    let mut agree = 0;
    let mut same = 0;
    let mut flagged_deep = 0;
    let mut diffs: Vec<i32> = Vec::new();
    for (a, b) in fast.iter().zip(slow) {
        for (x, &(y_lost, y_class)) in a.moves.iter().zip(b) {
            if x.lost.max(y_lost) >= INACCURACY {
                diffs.push((x.lost - y_lost).abs());
            }
            // One line a move, for trying other thresholds on the same searches.
            println!(
                "lost {} {} {} {} depth {:?}",
                x.lost,
                y_lost,
                x.missed_win,
                y_class == Class::Blunder && y_lost < BLUNDER,
                x.depth
            );
            if y_class >= Class::Mistake {
                flagged_deep += 1;
            }
            if x.class >= Class::Mistake {
                flagged += 1;
                agree += usize::from(y_class >= Class::Mistake);
                same += usize::from(y_class == x.class);
            } else if y_class >= Class::Mistake {
                println!(
                    "  missed at depth {depth}: ply {} {:?} ({}, {}), deep says {} ({})",
                    x.ply + 1,
                    x.played,
                    x.class,
                    x.lost,
                    y_class,
                    y_lost
                );
            }
            if x.class >= Class::Mistake && y_class < Class::Mistake {
                println!(
                    "  disagreement: ply {} {:?}: depth {depth} {} ({} lost, values of depth {:?}), depth {deep} {} ({} lost)",
                    x.ply + 1,
                    x.played,
                    x.class,
                    x.lost,
                    x.depth,
                    y_class,
                    y_lost
                );
            }
        }
    }
    diffs.sort_unstable();
    println!(
        "loss difference over {} moves (inaccuracy or worse in either): median {}, 75th {}, 90th {}, 95th {} centi-seeds",
        diffs.len(),
        percentile(&diffs, 50),
        percentile(&diffs, 75),
        percentile(&diffs, 90),
        percentile(&diffs, 95)
    );
    println!(
        "RESULT depth {depth} refine {refine} against depth {deep} (CPU {ratio:.1} times): {flagged} mistakes or blunders; depth {deep} agrees on {agree} ({:.1} %), same class on {same} ({:.1} %); depth {deep} flags {flagged_deep}",
        100.0 * agree as f64 / flagged.max(1) as f64,
        100.0 * same as f64 / flagged.max(1) as f64
    );
}
