//! `oware review GAME.ogn`: the review of every move (see the `oware-review` crate), printed as
//! a table or JSON, and written back into the OGN file as comments.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use oware_core::ogn;
use oware_review::{annotate, review, table, Options, ReviewJson, Tables};

use crate::common::RulesArgs;

/// Arguments of `oware review`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game: an OGN file, or `-` for standard input.
    pub game: String,
    /// Review depth in plies (default 16 unless --movetime is given); the same on every run.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Time for each legal move's search, in milliseconds (not reproducible).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Positions reviewed at once, one thread each.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Transposition table of each thread, in MB.
    #[arg(long, default_value_t = oware_review::DEFAULT_HASH_MB)]
    pub hash: usize,
    /// Endgame database directory (default: the standard one, if present).
    #[arg(long)]
    pub egdb_path: Option<PathBuf>,
    /// Print the review as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Where to write the annotated OGN: a file, or `-` for standard output (default: back
    /// into GAME; nowhere when GAME is standard input).
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// Do not write the annotated OGN anywhere.
    #[arg(long, conflicts_with = "output")]
    pub no_write: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Writes `text` to `path` through a temporary file in the same directory, so that a failed
/// write leaves the old file whole.
fn write_atomic(path: &Path, text: &str) -> anyhow::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let name = path
        .file_name()
        .with_context(|| format!("{} is not a file name", path.display()))?;
    let tmp = dir
        .map_or_else(PathBuf::new, Path::to_path_buf)
        .join(format!(".{}.review-tmp", name.to_string_lossy()));
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot replace {}", path.display()))
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let from_stdin = args.game == "-";
    let text = if from_stdin {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("cannot read standard input")?;
        s
    } else {
        std::fs::read_to_string(&args.game).with_context(|| format!("cannot read {}", args.game))?
    };
    let record = ogn::parse(&text).with_context(|| format!("{} is not an OGN game", args.game))?;
    let rules = if record.tag("Rules").is_some() {
        record.rules()?
    } else {
        args.rules.rules()
    };
    let game = record.to_game_with(rules)?;
    if game.moves().is_empty() {
        bail!("{} has no moves to review", args.game);
    }
    if args.depth == Some(0) || args.depth.is_some_and(|d| d > 60) {
        bail!("--depth must be between 1 and 60");
    }
    let tables = match Tables::open(args.egdb_path.as_deref(), &rules) {
        Ok(t) => t.map(Arc::new),
        Err(e) => {
            eprintln!("endgame databases not used: {e}");
            None
        }
    };
    let options = Options {
        depth: args.depth.map(|d| d.max(2)),
        movetime: args.movetime.map(Duration::from_millis),
        threads: args.threads.clamp(1, 64),
        hash_mb: args.hash.clamp(1, 4096),
        tables,
        ..Options::default()
    };
    let show_progress = std::io::stderr().is_terminal();
    let mut stderr = std::io::stderr();
    let result = review(&game, &options, &AtomicBool::new(false), &mut |p| {
        if show_progress {
            let _ = write!(stderr, "\rreviewing: {}/{} moves", p.done, p.total);
            let _ = stderr.flush();
        }
    })?;
    if show_progress {
        eprintln!();
    }
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&ReviewJson::from(&result))?
        );
    } else {
        println!(
            "review of {} moves, {}{}",
            result.moves.len(),
            result.settings,
            if result.tables {
                ", endgame databases"
            } else {
                ""
            }
        );
        print!("{}", table(&result));
    }
    let annotated = annotate(&record, &result).to_string();
    let target = match (&args.output, args.no_write, from_stdin) {
        (_, true, _) => None,
        (Some(p), _, _) => Some(p.clone()),
        (None, _, true) => None,
        (None, _, false) => Some(PathBuf::from(&args.game)),
    };
    match target {
        Some(p) if p.as_os_str() == "-" => print!("{annotated}"),
        Some(p) => {
            write_atomic(&p, &annotated)?;
            eprintln!("annotated game written to {}", p.display());
        }
        None => {}
    }
    Ok(ExitCode::SUCCESS)
}
