//! `oware`: the one binary. Each subcommand is a thin `run` over the libraries.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;
mod common;

/// Oware (abapa) rules, engine, endgame databases and web game.
#[derive(Parser)]
#[command(name = "oware", version, about, propagate_version = true)]
struct Cli {
    /// Without a subcommand, `oware` serves the web game on 127.0.0.1:8080.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Host the web game (default 127.0.0.1:8080).
    Serve(cmd::serve::Args),
    /// Replay moves and print every position as JSON lines.
    Replay(cmd::replay::Args),
    /// Count the leaves of the legal-move tree.
    Perft(cmd::perft::Args),
    /// Draw a position as text.
    Show(cmd::show::Args),
    /// Speak Aualé's UCI dialect on standard input and output.
    Uci(cmd::uci::Args),
    /// Search a fixed set of positions and print `N nodes M nps`.
    Bench(cmd::bench::Args),
    /// Play engines against each other.
    Match(cmd::matches::Args),
    /// The best line and score of each legal move.
    #[command(alias = "analyze")]
    Analyse(cmd::analyse::Args),
    /// Endgame databases: build, probe, verify, stats.
    Egdb {
        #[command(subcommand)]
        command: cmd::egdb::Command,
    },
    /// Play in the terminal against the engine or a friend.
    Play(cmd::play::Args),
    /// Review a game: every move's value, class and explanation; writes them into the OGN.
    Review(cmd::review::Args),
    /// The operator's commands on accounts: list them, make a one-time password reset link.
    User(cmd::user::Args),
    /// Log in to a server's account; `oware play --online` then plays as that account.
    Login(cmd::login::Args),
    /// Log out of a server's account and forget the session kept for it.
    Logout(cmd::login::LogoutArgs),
    /// Bridge an engine to a site as a bot account: accept challenges, play the games.
    Bot(cmd::bot::Args),
    /// Puzzles: generate a set from games and self-play, verify a set.
    Puzzles {
        #[command(subcommand)]
        command: cmd::puzzles::Command,
    },
    /// Solve puzzles in the terminal, offline, from the shipped set (--theme to choose).
    Puzzle(cmd::puzzle::Args),
    /// Learn to play: short lessons on the board, from the first sowing to the end of a game.
    Learn(cmd::learn::Args),
}

/// mimalloc rather than the system's malloc: the server's many small per-request allocations
/// across threads cost about a sixth of its CPU with glibc's (docs/lab-notes.md, 2026-12-03).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli
        .command
        .unwrap_or_else(|| Command::Serve(cmd::serve::Args::default()));
    let result = match command {
        Command::Serve(a) => cmd::serve::run(a),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Perft(a) => cmd::perft::run(a),
        Command::Show(a) => cmd::show::run(a),
        Command::Uci(a) => cmd::uci::run(a),
        Command::Bench(a) => cmd::bench::run(a),
        Command::Match(a) => cmd::matches::run(a),
        Command::Analyse(a) => cmd::analyse::run(a),
        Command::Egdb { command } => cmd::egdb::run(command),
        Command::Play(a) => cmd::play::run(a),
        Command::Review(a) => cmd::review::run(a),
        Command::User(a) => cmd::user::run(a),
        Command::Login(a) => cmd::login::run(a),
        Command::Logout(a) => cmd::login::run_logout(a),
        Command::Bot(a) => cmd::bot::run(a),
        Command::Puzzles { command } => cmd::puzzles::run(command),
        Command::Puzzle(a) => cmd::puzzle::run(a),
        Command::Learn(a) => cmd::learn::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("oware: {e:#}");
            ExitCode::FAILURE
        }
    }
}
