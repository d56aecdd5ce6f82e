//! `oware play [GAME.ogn]`: the terminal game (crate `oware-tui`). This module only reads the
//! flags and the game file, checks there is a terminal, and prints the game on the way out.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use oware_core::{fen, Game, Side};
use oware_engine::Level;
use oware_tui::{App, Config, Opponent, Tables};

use crate::common::RulesArgs;

/// Arguments of `oware play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// An OGN game to continue (saved with `s`; its `Rules` tag wins over the rule flags).
    pub game: Option<PathBuf>,
    /// The computer's level: easy, medium, hard or expert.
    #[arg(long, default_value = "medium")]
    pub level: Level,
    /// Two people at one keyboard instead of the computer.
    #[arg(long, conflicts_with = "computer_first")]
    pub friend: bool,
    /// The computer starts (it plays South, you play North).
    #[arg(long)]
    pub computer_first: bool,
    /// Seed of the level's random moves (easy plays some at random): the same seed and moves
    /// give the same game. Default: from the clock.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Show moves at once instead of sowing them seed by seed.
    #[arg(long)]
    pub no_animation: bool,
    /// Endgame database directory [default: $OWARE_EGDB_DIR, else ./data/egdb].
    #[arg(long)]
    pub egdb_path: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules = args.rules.rules();
    let (game, save_path) = match &args.game {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the game file {}", path.display()))?;
            let game = oware_tui::read_game(&text, rules)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            (game, path.clone())
        }
        None => (Game::new(rules), PathBuf::from("oware-game.ogn")),
    };
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        anyhow::bail!("oware play needs a terminal (standard input and output must be one)");
    }
    let opponent = if args.friend {
        Opponent::Friend
    } else {
        Opponent::Computer {
            level: args.level,
            human: if args.computer_first {
                Side::North
            } else {
                Side::South
            },
        }
    };
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let egdb_dir = args.egdb_path.unwrap_or_else(oware_egdb::default_dir);
    let tables = Tables::open(&egdb_dir, game.rules());
    let config = Config {
        opponent,
        seed,
        animation: !args.no_animation,
        color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        save_path,
    };
    let app =
        oware_tui::run(App::new(config, game, tables), egdb_dir).context("the terminal failed")?;
    // The game is never lost: its moves and position stay on the screen after the program.
    let game = &app.game;
    let n = game.moves().len();
    println!(
        "oware play: {n} move{}{}",
        if n == 1 { "" } else { "s" },
        match oware_tui::app::outcome_text(game) {
            Some(t) => format!(", {t}"),
            None => String::new(),
        }
    );
    if !game.moves().is_empty() {
        let moves: Vec<String> = game.move_texts().iter().map(|m| m.to_string()).collect();
        println!("moves:    {}", moves.join(" "));
    }
    println!("position: {}", fen::write(game.position()));
    Ok(ExitCode::SUCCESS)
}
