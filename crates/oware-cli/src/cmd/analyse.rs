//! `oware analyse FEN-or-OGN`: the best line of the position, then every legal move with its score
//! and line.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::Context;
use oware_core::{fen, movetext, ogn, Game, Move, Side};
use oware_engine::{score_to_text, Engine, Limits, MATE};

use crate::common::RulesArgs;

/// Arguments of `oware analyse`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Position text (`4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`), OGN text, or an OGN file; for a game, its
    /// last position (or the one after `--ply` moves).
    pub input: String,
    /// Analyse the game after this many moves (0 to the game's length).
    #[arg(long)]
    pub ply: Option<usize>,
    /// Search depth for each move (default 14 unless --movetime is given).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Time for each move's search, in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Endgame database directory (default: the standard one, if present).
    #[arg(long)]
    pub egdb_path: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The game to analyse: position text, OGN text or an OGN file.
fn read_game(args: &Args) -> anyhow::Result<Game> {
    let rules = args.rules.rules();
    let path = std::path::Path::new(&args.input);
    let text = if path.is_file() {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?
    } else {
        args.input.clone()
    };
    let game = match fen::parse(&text) {
        Ok(pos) => Game::from_position(pos, rules),
        Err(fen_err) => {
            let record = ogn::parse(&text).map_err(|e| {
                anyhow::anyhow!("not position text ({fen_err}) nor an OGN game ({e})")
            })?;
            // A game's own Rules tag wins over the default flags.
            let rules = if record.tag("Rules").is_some() {
                record.rules()?
            } else {
                rules
            };
            record.to_game_with(rules)?
        }
    };
    Ok(match args.ply {
        Some(p) => {
            let moves = game.moves().len();
            anyhow::ensure!(
                p <= moves,
                "--ply {p}: the game has {moves} move{}, so --ply must be 0 to {moves}",
                if moves == 1 { "" } else { "s" }
            );
            game.truncated(p)
        }
        None => game,
    })
}

fn line(first: Side, moves: &[Move]) -> String {
    movetext::letters(first, moves.iter().copied()).collect()
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game = read_game(&args)?;
    let pos = *game.position();
    let limits = Limits {
        depth: match (args.depth, args.movetime) {
            (None, None) => Some(14),
            (d, _) => d,
        },
        movetime: args.movetime.map(Duration::from_millis),
        ..Limits::default()
    };
    anyhow::ensure!(
        (1..=oware_engine::uci::MAX_HASH_MB).contains(&args.hash),
        "--hash must be from 1 to {} MB, not {}",
        oware_engine::uci::MAX_HASH_MB,
        args.hash
    );
    anyhow::ensure!(
        (1..=oware_engine::uci::MAX_THREADS).contains(&args.threads),
        "--threads must be from 1 to {}, not {}",
        oware_engine::uci::MAX_THREADS,
        args.threads
    );
    if let Some(d) = args.depth {
        anyhow::ensure!(
            (1..=100).contains(&d),
            "--depth must be from 1 to 100, not {d}"
        );
    }
    let mut engine = Engine::try_new(args.hash)
        .map_err(|e| anyhow::anyhow!("--hash {}: {e}; try a smaller size", args.hash))?;
    engine.set_threads(args.threads);
    let (prober, egdb_line) = oware_engine::open_egdb(args.egdb_path.as_deref(), game.rules());
    eprintln!("{egdb_line}");
    engine.set_egdb(prober.map(std::sync::Arc::new));
    println!("position {}  ({} to move)", fen::write(&pos), pos.turn());
    if let Some(o) = game.outcome() {
        println!(
            "the game is over: {} ({}-{})",
            o.reason, o.scores.south, o.scores.north
        );
        return Ok(ExitCode::SUCCESS);
    }
    let stop = AtomicBool::new(false);
    let r = engine.search(&game, &limits, &stop, &mut |_| {});
    println!(
        "best {}  score {}  depth {}  nodes {}  line {}",
        r.best.map_or('-', |m| m.letter(pos.turn())),
        score_to_text(r.info.score),
        r.info.depth,
        r.info.nodes,
        line(pos.turn(), &r.info.pv)
    );
    println!("move  score        depth  line");
    let mut rows = Vec::new();
    for &m in game.legal_moves().iter() {
        let mut g = game.clone();
        g.play(m).context("legal move")?;
        let (score, depth, pv) = match g.outcome() {
            Some(o) => {
                let me = pos.turn();
                let d = i32::from(o.scores[me].halves()) - i32::from(o.scores[me.other()].halves());
                (d.signum() * (MATE - 1), 0, vec![m])
            }
            None => {
                let r = engine.search(&g, &limits, &stop, &mut |_| {});
                let mut pv = vec![m];
                pv.extend(r.info.pv);
                (-r.info.score, r.info.depth + 1, pv)
            }
        };
        rows.push((score, m, depth, pv));
    }
    rows.sort_by_key(|r| -r.0);
    for (score, m, depth, pv) in rows {
        println!(
            "{:<4}  {:<11}  {:>5}  {}",
            m.letter(pos.turn()),
            score_to_text(score),
            depth,
            line(pos.turn(), &pv)
        );
    }
    Ok(ExitCode::SUCCESS)
}
