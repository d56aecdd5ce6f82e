//! `oware puzzles`: generate a puzzle set from games and self-play, verify one (see the
//! `oware-puzzles` crate and `docs/puzzles.md`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context};
use clap::Subcommand;
use oware_core::{ogn, Rules};
use oware_egdb::Egdb;
use oware_puzzles::{DeepJudge, DeepOptions, Generator, Judge, Method, Options, Puzzle, Stats};

/// The largest OGN file read, in bytes.
const MAX_OGN_BYTES: u64 = 16 << 20;

/// The subcommands of `oware puzzles`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find puzzles in finished games (OGN files) and in engine self-play.
    Generate(GenerateArgs),
    /// Prove every puzzle of a file again and count the results.
    Verify(VerifyArgs),
}

/// Where the endgame tables are.
#[derive(clap::Args, Debug)]
struct TablesArg {
    /// Endgame table directory [default: $OWARE_EGDB_DIR, else the per-user data folder].
    #[arg(long)]
    egdb: Option<PathBuf>,
    /// Use no endgame tables: every puzzle is proven by search.
    #[arg(long, conflicts_with = "egdb")]
    no_egdb: bool,
}

impl TablesArg {
    /// The tables, if any usable level is there; a line on standard error says which.
    fn open(&self) -> anyhow::Result<Option<Arc<Egdb>>> {
        if self.no_egdb {
            eprintln!("endgame tables: not used (--no-egdb)");
            return Ok(None);
        }
        let location = oware_egdb::locate(self.egdb.as_deref());
        let db = Egdb::open(&location.dir, &Rules::ABAPA)
            .with_context(|| format!("endgame tables in {}", location.dir.display()))?;
        // Damaged levels are reported now, not at their first probe.
        let _ = db.load_all();
        eprintln!("endgame tables: {}", db.status());
        Ok(db.max_seeds().map(|_| Arc::new(db)))
    }
}

/// The deep check's settings.
#[derive(clap::Args, Debug)]
struct DeepArgs {
    /// Depth of the deep check's search (with the endgame tables inside it).
    #[arg(long, default_value_t = oware_puzzles::DEEP_DEPTH)]
    deep_depth: u32,
    /// The exact prover's node budget for each first move.
    #[arg(long, default_value_t = oware_puzzles::PROVER_NODES)]
    prover_nodes: u64,
}

impl DeepArgs {
    fn options(&self) -> anyhow::Result<DeepOptions> {
        anyhow::ensure!(
            (2..=40).contains(&self.deep_depth),
            "--deep-depth must be from 2 to 40, not {}",
            self.deep_depth
        );
        anyhow::ensure!(
            self.prover_nodes <= 1_000_000_000,
            "--prover-nodes must be at most 1000000000"
        );
        Ok(DeepOptions {
            depth: self.deep_depth,
            prover_nodes: self.prover_nodes,
        })
    }
}

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// OGN files of finished games (one game or several, each starting with its tags).
    #[arg(long, num_args = 1..)]
    games: Vec<PathBuf>,
    /// Self-play games to play and look at.
    #[arg(long, default_value_t = 0)]
    selfplay: u64,
    /// The seed of the self-play openings and random moves: the same seed, the same puzzles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Where to write the puzzles (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Stop after this many puzzles.
    #[arg(long)]
    max: Option<usize>,
    /// Depth of the proof by search.
    #[arg(long, default_value_t = oware_puzzles::DEFAULT_DEPTH)]
    depth: u32,
    /// Positions with at most this many seeds on the board are proven by the tables (when
    /// present that far).
    #[arg(long, default_value_t = oware_puzzles::DEFAULT_TABLE_SEEDS)]
    table_seeds: u8,
    /// Check every puzzle found with the deep check too (as `verify` does) and drop those that
    /// fail it; the starting rating adds the deep check's part.
    #[arg(long)]
    deep: bool,
    #[command(flatten)]
    deep_args: DeepArgs,
    #[command(flatten)]
    tables: TablesArg,
}

#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// The puzzle file.
    file: PathBuf,
    /// Prove only every Nth puzzle proven by search (all proven by tables are proven).
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// Only the recorded proof, without the deep check.
    #[arg(long)]
    shallow: bool,
    /// Threads checking puzzles at once (the results are the same for any number).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Write the puzzles that pass (every check), with their starting ratings made again
    /// (the deep check's part added), to this file.
    #[arg(long)]
    keep: Option<PathBuf>,
    #[command(flatten)]
    deep_args: DeepArgs,
    #[command(flatten)]
    tables: TablesArg,
}

/// Runs the command.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Generate(a) => generate(a),
        Command::Verify(a) => verify(a),
    }
}

/// Reads a file of at most `cap` bytes.
fn read_capped(path: &Path, cap: u64) -> anyhow::Result<String> {
    let len = std::fs::metadata(path)
        .with_context(|| format!("cannot read {}", path.display()))?
        .len();
    if len > cap {
        bail!(
            "{} is {len} bytes, more than the {cap} read",
            path.display()
        );
    }
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}

/// The records of an OGN text holding one game or several: a new game starts at a tag line
/// after moves.
fn split_games(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    let mut current = String::new();
    let mut has_moves = false;
    for line in text.lines() {
        let tag = line.trim_start().starts_with('[');
        if tag && has_moves {
            games.push(std::mem::take(&mut current));
            has_moves = false;
        }
        if !tag && !line.trim().is_empty() {
            has_moves = true;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        games.push(current);
    }
    games
}

fn summary(stats: &Stats, seconds: f64) -> String {
    let share = if stats.candidates == 0 {
        0.0
    } else {
        100.0 * stats.kept as f64 / stats.candidates as f64
    };
    format!(
        "{} games, {} candidate positions ({} with one legal move, {} duplicates, {} dropped by \
         the first look, {} judged in full, {} only good move without a concrete gain, {} \
         dropped by the deep check, {} shortened by it), {} puzzles kept ({share:.2} % of the candidates; {} by tables), {} searches, \
         {seconds:.1} s, {:.1} puzzles a minute",
        stats.games,
        stats.candidates,
        stats.only_move,
        stats.duplicates,
        stats.prefiltered,
        stats.judged,
        stats.vague,
        stats.deep_dropped,
        stats.deep_shortened,
        stats.kept,
        stats.by_tables,
        stats.searches,
        stats.kept as f64 * 60.0 / seconds.max(0.001)
    )
}

fn generate(args: GenerateArgs) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        (2..=30).contains(&args.depth),
        "--depth must be from 2 to 30, not {}",
        args.depth
    );
    anyhow::ensure!(
        !args.games.is_empty() || args.selfplay > 0,
        "nothing to look at: give --games FILE.ogn or --selfplay N"
    );
    let tables = args.tables.open()?;
    let options = Options {
        depth: args.depth,
        table_seeds: args.table_seeds,
        max: args.max,
        ..Options::default()
    };
    let deep = args.deep_args.options()?;
    let mut gen = Generator::new(Judge::new(tables.clone()), options);
    if args.deep {
        gen.set_deep(DeepJudge::new(tables, deep));
    }
    let start = Instant::now();
    for path in &args.games {
        let text = read_capped(path, MAX_OGN_BYTES)?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        for (i, record) in split_games(&text).iter().enumerate() {
            let game = ogn::parse(record)
                .and_then(|r| r.to_game())
                .with_context(|| format!("{}: game {}", path.display(), i + 1))?;
            gen.add_game(&game, &format!("{name} game {}", i + 1));
        }
    }
    let mut last = Instant::now();
    gen.selfplay(args.selfplay, args.seed, &mut |stats| {
        if last.elapsed().as_secs() >= 10 {
            last = Instant::now();
            eprintln!("{}", summary(stats, start.elapsed().as_secs_f64()));
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    let command = std::iter::once("oware".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ");
    let text = oware_puzzles::write(
        &oware_puzzles::Header::new(gen.puzzles.len(), &command),
        &gen.puzzles,
    );
    match &args.out {
        Some(path) => write_atomic(path, &text)?,
        None => std::io::stdout()
            .write_all(text.as_bytes())
            .context("cannot write to standard output")?,
    }
    eprintln!("{}", summary(&gen.stats, seconds));
    Ok(ExitCode::SUCCESS)
}

/// Writes `text` to `path` through a temporary file beside it.
fn write_atomic(path: &Path, text: &str) -> anyhow::Result<()> {
    let tmp = path.with_extension("tmp-puzzles");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot replace {}", path.display()))
}

fn verify(args: VerifyArgs) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(args.every >= 1, "--every must be at least 1");
    anyhow::ensure!(
        (1..=64).contains(&args.jobs),
        "--jobs must be from 1 to 64, not {}",
        args.jobs
    );
    anyhow::ensure!(
        args.keep.is_none() || args.every == 1,
        "--keep checks every puzzle: leave out --every"
    );
    let deep = (!args.shallow)
        .then(|| args.deep_args.options())
        .transpose()?;
    let text = read_capped(&args.file, oware_puzzles::MAX_FILE_BYTES as u64)?;
    let (_, puzzles) =
        oware_puzzles::read(&text).with_context(|| format!("{}", args.file.display()))?;
    let tables = args.tables.open()?;
    let table_seeds = tables.as_ref().and_then(|t| t.max_seeds());
    if let Some(d) = deep {
        eprintln!(
            "deep check: a search of {} plies with the tables ({}), the exact prover with {} nodes a first move",
            d.depth,
            table_seeds.map_or("none".to_string(), |s| format!("up to {s} seeds")),
            d.prover_nodes
        );
    }
    // The puzzles checked: those proven by tables when the tables cover them, every `every`th
    // proven by search.
    let mut searched = 0;
    let mut indices = Vec::new();
    for (i, p) in puzzles.iter().enumerate() {
        match p.proof {
            Method::Tables { seeds } if table_seeds.is_none_or(|s| s < seeds) => continue,
            Method::Search { .. } => {
                searched += 1;
                if (searched - 1) % args.every != 0 {
                    continue;
                }
            }
            Method::Tables { .. } => {}
        }
        indices.push(i);
    }
    let start = Instant::now();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let last = std::sync::Mutex::new(Instant::now());
    let verdicts =
        oware_puzzles::check_many(&puzzles, &indices, tables.clone(), deep, args.jobs, &|_| {
            let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
            if last.elapsed().as_secs() >= 10 {
                *last = Instant::now();
                eprintln!(
                    "{n} of {} checked, {:.0} s",
                    indices.len(),
                    start.elapsed().as_secs_f64()
                );
            }
        });
    let (mut tables_ok, mut search_ok, mut failed) = (0, 0, 0);
    let mut judge = Judge::new(tables);
    let mut kept: Vec<Puzzle> = Vec::new();
    for (&i, v) in indices.iter().zip(&verdicts) {
        let p = &puzzles[i];
        match &v.why {
            None if matches!(p.proof, Method::Tables { .. }) => tables_ok += 1,
            None => search_ok += 1,
            Some(why) => {
                failed += 1;
                println!("{}: not proven: {why}", p.id);
            }
        }
        if args.keep.is_some() {
            kept.extend(oware_puzzles::kept(p, v, &mut judge));
        }
    }
    println!(
        "{} puzzles: {tables_ok} proven by tables, {search_ok} by search, {failed} failed, \
         {} not checked ({:.1} s)",
        puzzles.len(),
        puzzles.len() - indices.len(),
        start.elapsed().as_secs_f64()
    );
    if let Some(path) = &args.keep {
        let command = std::iter::once("oware".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" ");
        let text = oware_puzzles::write(&oware_puzzles::Header::new(kept.len(), &command), &kept);
        write_atomic(path, &text)?;
        let shortened = indices
            .iter()
            .zip(&verdicts)
            .filter(|(_, v)| v.why.is_some() && v.plies > 0)
            .count();
        println!(
            "{} puzzles kept in {} ({shortened} with a line shortened to the moves that pass)",
            kept.len(),
            path.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
