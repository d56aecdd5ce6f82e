//! `oware replay MOVES`: replays moves and prints the start position and the position after each
//! move as one JSON object per line. `--stdin` replays one game per input line (`MOVES` or
//! `FEN;MOVES`), each line's objects carrying a `game` field. `--record FILE` replays a game record,
//! OGN or PlayStrategy's export (`-` for standard input), from its start under its rules.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use oware_core::{fen, movetext, record, Game, Position, Rules, Side};
use serde_json::{json, Value};

use crate::common::{start_position, RulesArgs};

/// Arguments of `oware replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Start from this position text instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Read one game per line from standard input (`MOVES` or `FEN;MOVES`).
    #[arg(long, conflicts_with = "moves")]
    pub stdin: bool,
    /// Replay a game record, OGN or PlayStrategy's export (`-`: standard input), under its rules.
    #[arg(long, conflicts_with_all = ["moves", "stdin", "fen"])]
    pub record: Option<std::path::PathBuf>,
    /// The moves: letters concatenated (`FcAd`) or separated by spaces or commas.
    #[arg(num_args = 0.., trailing_var_arg = true)]
    pub moves: Vec<String>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules = args.rules.rules();
    let out = std::io::stdout().lock();
    let mut out = BufWriter::new(out);
    if let Some(path) = &args.record {
        let text = if path.as_os_str() == "-" {
            std::io::read_to_string(std::io::stdin()).context("reading standard input")?
        } else {
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
        };
        let (record, _) =
            record::parse_any(&text).with_context(|| format!("{}", path.display()))?;
        let record_rules = record.rules()?;
        let moves: Vec<String> = record
            .moves
            .iter()
            .map(|m| m.text.letter().to_string())
            .collect();
        let result = replay(
            &mut out,
            record.start()?,
            &moves.join(" "),
            record_rules,
            None,
        );
        out.flush()?;
        result?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.stdin {
        let default_start = start_position(args.fen.as_deref())?;
        let mut failed = false;
        for (i, line) in std::io::stdin().lock().lines().enumerate() {
            let line = line.context("reading standard input")?;
            let (start, moves) = match line.split_once(';') {
                Some((f, m)) => match fen::parse(f) {
                    Ok(p) => (p, m),
                    Err(e) => {
                        out.flush()?;
                        eprintln!("oware: game {i}: bad position text: {e}");
                        failed = true;
                        continue;
                    }
                },
                None => (default_start, line.as_str()),
            };
            if let Err(e) = replay(&mut out, start, moves, rules, Some(i)) {
                out.flush()?;
                eprintln!("oware: game {i}: {e}");
                failed = true;
            }
        }
        out.flush()?;
        return Ok(if failed {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        });
    }
    let start = start_position(args.fen.as_deref())?;
    let result = replay(&mut out, start, &args.moves.join(" "), rules, None);
    out.flush()?;
    result?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the start and every position after a move; stops at the first bad move with an error
/// naming the ply, the move and why.
fn replay(
    out: &mut impl Write,
    start: Position,
    moves: &str,
    rules: Rules,
    game_no: Option<usize>,
) -> anyhow::Result<()> {
    let moves = movetext::parse_list(moves)?;
    let mut game = Game::from_position(start, rules);
    write_line(out, &game, None, game_no)?;
    for (i, m) in moves.iter().enumerate() {
        let mover = game.position().turn();
        let before = game.position().store(mover);
        if let Err(e) = game.play_text(m) {
            anyhow::bail!("ply {}: illegal move {m}: {e}", i + 1);
        }
        let captured = game.position().store(mover) - before;
        write_line(out, &game, Some((m.letter(), captured)), game_no)?;
    }
    Ok(())
}

fn side(s: Side) -> &'static str {
    if s == Side::South {
        "S"
    } else {
        "N"
    }
}

fn write_line(
    out: &mut impl Write,
    game: &Game,
    last: Option<(char, u8)>,
    game_no: Option<usize>,
) -> anyhow::Result<()> {
    let pos = game.position();
    let outcome = game.outcome();
    let mut line = json!({
        "ply": game.moves().len(),
        "move": last.map(|(c, _)| c.to_string()),
        "captured": last.map_or(0, |(_, n)| n),
        "fen": pos.to_string(),
        "board": pos.pits(),
        "stores": [pos.store(Side::South), pos.store(Side::North)],
        "to_move": if outcome.is_some() { Value::Null } else { json!(side(pos.turn())) },
        "legal": game.legal_moves().letters(pos.turn()),
        "over": outcome.is_some(),
        "reason": outcome.map(|o| o.reason.name()),
        "final": outcome.map(|o| json!([o.scores.south, o.scores.north])),
        "winner": outcome.map(|o| o.winner().map_or("draw", side)),
    });
    if let Some(g) = game_no {
        line["game"] = json!(g);
    }
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")?;
    Ok(())
}
