//! `oware egdb`: build, probe, verify and describe the endgame databases.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Subcommand;
use indicatif::{ProgressBar, ProgressStyle};
use oware_core::{fen, Rules};
use oware_egdb::{
    build, default_dir, level_stats, verify_level, BuildEvent, BuildOptions, Egdb, LevelStats,
};

use crate::common::RulesArgs;

/// The subcommands of `oware egdb`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Build the tables up to N seeds on the board (resumes: levels present are kept).
    Build(BuildArgs),
    /// The value (or bounds) of a position and of each legal move.
    Probe(ProbeArgs),
    /// Check every stored entry against one step of the rules.
    Verify(VerifyArgs),
    /// Counts, exact share and value histogram per seed count.
    Stats(StatsArgs),
}

#[derive(clap::Args, Debug)]
struct DirArg {
    /// Database directory [default: $OWARE_EGDB_DIR, else the per-user data folder,
    /// e.g. ~/.local/share/oware/egdb].
    #[arg(long)]
    dir: Option<PathBuf>,
}

impl DirArg {
    fn dir(&self) -> PathBuf {
        self.dir.clone().unwrap_or_else(default_dir)
    }
}

/// Which tables: the folder and the rules they are for.
#[derive(clap::Args, Debug)]
struct TablesArgs {
    #[command(flatten)]
    dir: DirArg,
    #[command(flatten)]
    rules: RulesArgs,
}

impl TablesArgs {
    fn dir(&self) -> PathBuf {
        self.dir.dir()
    }

    fn rules(&self) -> Rules {
        self.rules.rules()
    }
}

#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    /// The largest seed count to build.
    #[arg(long)]
    max_seeds: u8,
    /// Worker threads; 0 for one per core (more than one per core is capped to that).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Memory in MB a level may use while it is solved: a level that fits (35 bytes a
    /// position at most) is solved by fast sweeps, a bigger one by a worklist that needs about
    /// 2 bytes a position but is slower. Default: three quarters of the memory available now.
    #[arg(long, value_name = "MB")]
    memory: Option<u64>,
    #[command(flatten)]
    tables: TablesArgs,
}

#[derive(clap::Args, Debug)]
pub struct ProbeArgs {
    /// The position text, e.g. 0-0-0-1-0-2-1-0-0-0-0-1-22-21-S.
    fen: String,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    tables: TablesArgs,
}

#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Only these rules [default: every rule set with tables in the directory: abapa, awari].
    #[arg(long)]
    rules: Option<Rules>,
    #[command(flatten)]
    dir: DirArg,
}

#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// One JSON object per line and seed count.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    tables: TablesArgs,
}

/// Runs the command.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Build(a) => run_build(a),
        Command::Probe(a) => run_probe(a),
        Command::Verify(a) => run_verify(a),
        Command::Stats(a) => run_stats(a),
    }
}

fn run_build(args: BuildArgs) -> anyhow::Result<ExitCode> {
    let rules = args.tables.rules();
    let dir = args.tables.dir();
    let memory = match args.memory {
        Some(mb) => mb.saturating_mul(1 << 20),
        None => available_memory().map_or(4 << 30, |b| b / 4 * 3),
    };
    // More workers than cores only adds waiting: each sweep ends on a barrier of all workers.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = if args.threads > cores {
        eprintln!(
            "--threads {}: using {cores}, one per core (more threads than cores only slow the build)",
            args.threads
        );
        cores
    } else {
        args.threads
    };
    let options = BuildOptions {
        max_seeds: args.max_seeds,
        threads,
        memory,
    };
    // A bar on a terminal (indicatif, on standard error: its width, redraw rate and the round's
    // ETA from a smoothed rate); where standard error is not a terminal (CI logs) the bar is
    // hidden and a plain line is written every 5 s instead.
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "{prefix} [{bar:30}] {percent:>3}%  round ETA {eta:<4} {msg}",
        )?
        .progress_chars("#>-"),
    );
    // Drawn only while a round runs: finished (and cleared) between levels, so that the
    // summary lines are printed on a clean line.
    bar.finish_and_clear();
    let mut last_line = Instant::now();
    let mut bar_round = None;
    let started = Instant::now();
    let mut total_positions = 0u64;
    // Positions evaluated in the finished rounds of the current level, for the rate.
    let mut visited = 0u64;
    let mut eta = Eta::new(args.max_seeds);
    println!(
        "building {rules} tables up to {} seeds in {} ({} MB a level: sweeps up to {} seeds, a worklist above)",
        args.max_seeds,
        dir.display(),
        memory >> 20,
        (0..=args.max_seeds)
            .take_while(|&n| oware_egdb::sweeps_fit(n, memory))
            .last()
            .map_or("none".to_string(), |n| n.to_string())
    );
    let mut on_event = |e: &BuildEvent| match e {
        BuildEvent::Kept { n } => println!("n={n:<2} kept (already built)"),
        BuildEvent::Started { .. } => visited = 0,
        BuildEvent::Progress {
            n,
            round,
            done,
            total,
            elapsed,
        } => {
            let secs = elapsed.as_secs_f64();
            let rate = if secs > 0.0 {
                (visited + *done) as f64 / secs
            } else {
                0.0
            };
            let mut etas = String::new();
            if let Some((level, all)) = eta.remaining(*n, secs) {
                etas = format!("  level ETA ~{}  build ETA ~{}", clock(level), clock(all));
            }
            if bar.is_hidden() {
                if last_line.elapsed() < Duration::from_secs(5) {
                    return;
                }
                last_line = Instant::now();
                let round_eta = if rate > 0.0 {
                    (*total - *done) as f64 / rate
                } else {
                    0.0
                };
                eprintln!(
                    "n={n:<2} round {round:<3} {:5.1}% {:>8} pos/s  round ETA {round_eta:.0}s{etas}",
                    100.0 * *done as f64 / (*total).max(1) as f64,
                    human(rate),
                );
            } else {
                if bar_round != Some((*n, *round)) {
                    // A new round: a new length, and the rate estimate starts again.
                    bar_round = Some((*n, *round));
                    bar.set_length(*total);
                    bar.set_prefix(format!("n={n:<2} round {round:<3}"));
                    bar.reset();
                }
                bar.set_message(format!("{:>8} pos/s{etas}", human(rate)));
                bar.set_position(*done);
            }
        }
        BuildEvent::Round { visited: v, .. } => visited += v,
        BuildEvent::Finished(s) => {
            total_positions += s.stats.all;
            let secs = s.time.as_secs_f64();
            eta.finished(s.stats.n, secs);
            bar.finish_and_clear();
            println!(
                "n={:<2} positions {:>11}  rounds {:>3}  {:>8.2} s  {:>8} pos/s  {:>11} bytes  peak {:>6} MB  {}",
                s.stats.n,
                s.stats.all,
                s.rounds,
                secs,
                human(s.stats.all as f64 / secs.max(1e-9)),
                s.file_bytes,
                peak_memory().map_or("?".to_string(), |b| (b >> 20).to_string()),
                summary_text(&s.stats)
            );
        }
    };
    let built = build(&dir, &rules, &options, &mut on_event);
    bar.finish_and_clear();
    built.with_context(|| format!("building in {}", dir.display()))?;
    let secs = started.elapsed().as_secs_f64();
    println!(
        "done: {total_positions} positions solved in {secs:.2} s ({} pos/s)",
        human(total_positions as f64 / secs.max(1e-9))
    );
    Ok(ExitCode::SUCCESS)
}

/// The peak resident memory of this process so far (`VmHWM` of `/proc/self/status`) in bytes:
/// levels grow, so after a level it is that level's peak. `None` off Linux.
fn peak_memory() -> Option<u64> {
    proc_bytes("/proc/self/status", "VmHWM:")
}

/// `MemAvailable` of `/proc/meminfo` in bytes (Linux), `None` elsewhere or when unreadable.
fn available_memory() -> Option<u64> {
    proc_bytes("/proc/meminfo", "MemAvailable:")
}

/// The `KEY: N kB` line of a `/proc` file, in bytes.
fn proc_bytes(path: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Estimates of the time left in a build, from the levels finished so far: the time per
/// position of the next level is the last one's times the growth seen between the last two
/// (bigger levels miss the cache more and need more rounds), kept between 1 and 1.5.
struct Eta {
    max_seeds: u8,
    /// Seconds per position of the last two levels solved in this run.
    per_position: Vec<f64>,
}

impl Eta {
    fn new(max_seeds: u8) -> Eta {
        Eta {
            max_seeds,
            per_position: Vec::new(),
        }
    }

    fn finished(&mut self, n: u8, secs: f64) {
        // Levels that take well under a second say little about the big ones.
        if secs >= 0.5 {
            self.per_position
                .push(secs / oware_egdb::index::positions(n) as f64);
        }
    }

    /// `(level, build)` seconds left, level `n` being `elapsed` seconds in; `None` until a
    /// level has been timed.
    fn remaining(&self, n: u8, elapsed: f64) -> Option<(f64, f64)> {
        let &last = self.per_position.last()?;
        let growth = match self.per_position.len() {
            0 | 1 => 1.2,
            k => (last / self.per_position[k - 2]).clamp(1.0, 1.5),
        };
        let mut per = last;
        let mut build = 0.0;
        let mut level = 0.0;
        for m in n..=self.max_seeds {
            per *= growth;
            let t = per * oware_egdb::index::positions(m) as f64;
            if m == n {
                level = (t - elapsed).max(0.0);
                build += level;
            } else {
                build += t;
            }
        }
        Some((level, build))
    }
}

/// `75` → `1m15s`, `3700` → `1h01m`.
fn clock(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, (s % 3600) / 60),
    }
}

/// The exact share (bounds) or the value histogram (exact tables), over after-move positions.
fn summary_text(s: &LevelStats) -> String {
    match &s.histogram {
        Some(h) => {
            let n = i32::from(s.n);
            let parts: Vec<String> = h
                .iter()
                .enumerate()
                .filter(|(_, &c)| c > 0)
                .map(|(i, c)| format!("{}:{c}", i as i32 - n))
                .collect();
            format!("values {}", parts.join(" "))
        }
        None => format!(
            "exact {:.2}% ({} of {} after-move)",
            100.0 * s.exact_share(),
            s.exact,
            s.after_move
        ),
    }
}

fn human(x: f64) -> String {
    if x >= 1e9 {
        format!("{:.2}G", x / 1e9)
    } else if x >= 1e6 {
        format!("{:.2}M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1}k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

fn open(dir: &std::path::Path, rules: &Rules) -> anyhow::Result<Egdb> {
    Egdb::open(dir, rules).with_context(|| format!("opening tables in {}", dir.display()))
}

fn run_probe(args: ProbeArgs) -> anyhow::Result<ExitCode> {
    let rules = args.tables.rules();
    let pos = fen::parse(&args.fen).with_context(|| format!("bad position '{}'", args.fen))?;
    let dir = args.tables.dir();
    let egdb = open(&dir, &rules)?;
    let n = pos.seeds_on_board();
    let Some(b) = egdb.probe(&pos)? else {
        anyhow::bail!(
            "no table for {n} seeds on the board in {} ({})",
            dir.display(),
            match egdb.max_seeds() {
                Some(m) => format!("{rules} tables go up to {m}"),
                None => format!("no {rules} tables there; build them with 'oware egdb build'"),
            }
        );
    };
    let mut moves = Vec::new();
    for &m in pos.legal_moves(&rules).iter() {
        let after = pos.play_unchecked(m, &rules);
        let captured = n - after.seeds_on_board();
        let child = egdb
            .probe(&after)?
            .context("a child position has fewer seeds, so its table is present")?;
        let mb = oware_egdb::Bounds::after_move(child, captured);
        moves.push((m.letter(pos.turn()), captured, mb, mb.lo == b.lo));
    }
    if args.json {
        let moves: Vec<serde_json::Value> = moves
            .iter()
            .map(|(letter, captured, mb, best)| {
                serde_json::json!({
                    "move": letter.to_string(),
                    "captured": captured,
                    "lo": mb.lo,
                    "hi": mb.hi,
                    "best": best,
                })
            })
            .collect();
        let out = serde_json::json!({
            "fen": fen::write(&pos),
            "rules": rules.to_string(),
            "seeds": n,
            "lo": b.lo,
            "hi": b.hi,
            "exact": b.is_exact(),
            "mover_seeds_lo": b.mover_seeds_lo(n),
            "mover_seeds_hi": b.mover_seeds_hi(n),
            "moves": moves,
        });
        println!("{out}");
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "position {}  ({n} seeds on the board, {rules})",
        fen::write(&pos)
    );
    let what = if egdb.is_exact() { "value" } else { "bounds" };
    println!(
        "{what}: difference {}  (the mover gets {} of the {n} seeds){}",
        range(b.lo, b.hi),
        if b.is_exact() {
            format!("{}", f64::from(i16::from(n) + i16::from(b.lo)) / 2.0)
        } else {
            format!("{}..{}", b.mover_seeds_lo(n), b.mover_seeds_hi(n))
        },
        if b.is_exact() { "" } else { "  [not exact]" }
    );
    if pos.is_decided_by_score() {
        println!("the game is over: a store holds 25 (the table still gives the seeds left)");
    } else if moves.is_empty() {
        println!("no legal move: each player takes their own row");
    }
    for (letter, captured, mb, best) in &moves {
        println!(
            "  {letter}  captures {captured:<2} difference {:<8}{}",
            range(mb.lo, mb.hi),
            if *best { " best" } else { "" }
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn range(lo: i8, hi: i8) -> String {
    if lo == hi {
        format!("{lo:+}")
    } else {
        format!("{lo:+}..{hi:+}")
    }
}

fn run_verify(args: VerifyArgs) -> anyhow::Result<ExitCode> {
    let dir = args.dir.dir();
    let sets = match args.rules {
        Some(r) => vec![r],
        None => vec![Rules::ABAPA, Rules::AWARI],
    };
    let (mut checked, mut failed, mut sets_found) = (0u64, 0u64, 0);
    for rules in sets {
        let egdb = open(&dir, &rules)?;
        let Some(max) = egdb.max_seeds() else {
            continue;
        };
        sets_found += 1;
        for n in 0..=max {
            let started = Instant::now();
            let r = verify_level(&egdb, n)?;
            println!(
                "{rules} n={n:<2} checked {:>11} failed {}  ({:.2} s)",
                r.checked,
                r.failed,
                started.elapsed().as_secs_f64()
            );
            for rank in &r.failures {
                if let Some(pits) = oware_egdb::index::unrank(n, *rank) {
                    println!("  inconsistent: rank {rank}, pits {pits:?}, South to move");
                }
            }
            checked += r.checked;
            failed += r.failed;
        }
    }
    anyhow::ensure!(sets_found > 0, "no tables found in {}", dir.display());
    println!("checked {checked} failed {failed}");
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn run_stats(args: StatsArgs) -> anyhow::Result<ExitCode> {
    let rules = args.tables.rules();
    let dir = args.tables.dir();
    let egdb = open(&dir, &rules)?;
    let Some(max) = egdb.max_seeds() else {
        anyhow::bail!("no {rules} tables in {}", dir.display());
    };
    let name = serde_json::to_string(&rules.to_string())?;
    let mut out = std::io::stdout().lock();
    for n in 0..=max {
        let s = level_stats(&egdb, n)?;
        if args.json {
            let tail = match &s.histogram {
                Some(h) => {
                    let entries: Vec<String> = h
                        .iter()
                        .enumerate()
                        .map(|(i, c)| format!("\"{}\":{c}", i as i64 - i64::from(n)))
                        .collect();
                    format!("\"histogram\":{{{}}}", entries.join(","))
                }
                None => format!("\"exact\":{}", s.exact),
            };
            writeln!(
                out,
                "{{\"rules\":{name},\"n\":{n},\"all\":{},\"after_move\":{},{tail}}}",
                s.all, s.after_move
            )?;
        } else {
            writeln!(
                out,
                "n={n:<2} all {:>11}  after-move {:>11}  {}",
                s.all,
                s.after_move,
                summary_text(&s)
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eta_extrapolates_from_the_timed_levels() {
        let mut eta = Eta::new(3);
        assert_eq!(eta.remaining(1, 0.0), None, "nothing timed yet");
        // Level 1 (12 positions) took 1.2 s: 0.1 s a position; no growth known yet (1.2).
        eta.finished(1, 1.2);
        let (level, build) = eta.remaining(2, 1.0).unwrap();
        let l2 = 0.1 * 1.2 * 78.0;
        let l3 = 0.1 * 1.2 * 1.2 * 364.0;
        assert!((level - (l2 - 1.0)).abs() < 1e-9);
        assert!((build - (l2 - 1.0 + l3)).abs() < 1e-9);
        // A level past its estimate has nothing left, not a negative time.
        assert_eq!(eta.remaining(3, 1e6).unwrap().0, 0.0);
        // Short levels are not timed.
        eta.finished(2, 0.1);
        assert_eq!(eta.per_position.len(), 1);
    }

    #[test]
    fn clock_reads_like_a_clock() {
        assert_eq!(clock(5.2), "5s");
        assert_eq!(clock(75.0), "1m15s");
        assert_eq!(clock(3700.0), "1h01m");
    }
}
