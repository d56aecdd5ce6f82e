//! `oware puzzle`: solve puzzles in the terminal, offline, from the shipped set (or a file).
//! Line by line on standard input: a move letter (either case) or a pit number 1–6 counted from
//! the left of the solver's row as drawn, `hint`, `quit`. Text a server sends (`--daily
//! --server`) is cleaned before it is printed (`oware_protocol::printable::clean_to`).

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use oware_core::{Move, Position, Rules, Side};
use oware_protocol::printable::clean_to;
use oware_puzzles::{Puzzle, Theme};

use crate::cmd::show::draw;

/// The longest answer line read, in bytes.
const MAX_ANSWER_BYTES: usize = 256;

/// Arguments of `oware puzzle`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Only puzzles with this theme: capture-chain, grand-slam, feeding-forced, big-pit,
    /// endgame-exact, defend or cycle.
    #[arg(long)]
    pub theme: Option<Theme>,
    /// This puzzle (its id), then the ones after it.
    #[arg(long)]
    pub id: Option<String>,
    /// Where to start in the set, reproducibly (default: the first).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop after this many puzzles.
    #[arg(long, default_value_t = 10)]
    pub count: usize,
    /// A puzzle file instead of the shipped set.
    #[arg(long)]
    pub file: Option<PathBuf>,
    /// The puzzle of the day (UTC): the site's, from the shipped set offline, or from `--server`.
    #[arg(long, conflicts_with_all = ["id", "theme", "file"])]
    pub daily: bool,
    /// With `--daily`: read the puzzle of the day from this server (`http://HOST:PORT`).
    #[arg(long, requires = "daily")]
    pub server: Option<String>,
}

/// The id of the puzzle of the day: the server's (`GET /api/puzzle/daily`), or the shipped set's
/// by today's date (the server's rule, `oware_puzzles::daily_index`).
fn daily_id(puzzles: &[Puzzle], server: Option<&str>) -> anyhow::Result<String> {
    let Some(url) = server else {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let day = (secs / 86_400) as i64;
        return Ok(puzzles[oware_puzzles::daily_index(day, puzzles.len())]
            .id
            .clone());
    };
    let base = match oware_tui::lobby::Address::parse(url).map_err(anyhow::Error::msg)? {
        oware_tui::lobby::Address::Game(t) => t.base,
        oware_tui::lobby::Address::Server(base) => base,
    };
    let api = oware_tui::net::Api::new(&base).map_err(anyhow::Error::msg)?;
    let rt = oware_tui::net::runtime().map_err(anyhow::Error::msg)?;
    let v = rt
        .block_on(api.request(reqwest::Method::GET, "/api/puzzle/daily", None, None))
        .map_err(|e| anyhow::anyhow!("{base}: {}", clean_to(&e.message, 200)))?;
    let daily: oware_protocol::DailyPuzzle =
        serde_json::from_value(v).with_context(|| format!("{base}: not a puzzle of the day"))?;
    println!(
        "The puzzle of the day at {base}, {}.",
        clean_to(&daily.date, 20)
    );
    Ok(clean_to(&daily.puzzle.id, 20))
}

/// What the player answered.
enum Answer {
    Move(Move),
    Hint,
    Quit,
}

/// The move of pit number `n` (1–6) of `side`, counted from the left of its row as [`draw`]
/// shows it: South's `A`–`F` left to right, North's `f`–`a` (North's row is drawn from South's
/// side).
fn numbered(side: Side, n: usize) -> Option<Move> {
    match side {
        Side::South => Move::new(n - 1),
        Side::North => Move::new(6 - n),
    }
}

/// The move of letter `c` for `side`: its own letter in either case (`c` is South's `C` when
/// South moves).
fn lettered(side: Side, c: char) -> Option<Move> {
    [c, c.to_ascii_uppercase(), c.to_ascii_lowercase()]
        .into_iter()
        .filter_map(Move::from_letter)
        .find(|(s, _)| *s == side)
        .map(|(_, m)| m)
}

/// Reads the player's answer for `pos`: a letter of the side to move, or its pit number 1–6
/// from the left of its row on screen. `None` at the end of the input.
fn ask(pos: &Position, input: &mut dyn BufRead) -> anyhow::Result<Option<Answer>> {
    let side = pos.turn();
    let letters = pos.legal_moves(&Rules::ABAPA).letters(side);
    loop {
        print!("Your move ({letters}, 1-6 from the left, hint, quit): ");
        std::io::stdout()
            .flush()
            .context("cannot write to standard output")?;
        let mut line = String::new();
        let n = <&mut dyn BufRead as std::io::Read>::take(&mut *input, MAX_ANSWER_BYTES as u64 + 1)
            .read_line(&mut line)
            .context("cannot read standard input")?;
        if n == 0 {
            return Ok(None);
        }
        if line.len() > MAX_ANSWER_BYTES {
            println!("That line is too long: type a move letter.");
            // The rest of the long line is read and dropped.
            let mut rest = Vec::new();
            input.read_until(b'\n', &mut rest).ok();
            continue;
        }
        let t = line.trim();
        match t.to_ascii_lowercase().as_str() {
            "q" | "quit" => return Ok(Some(Answer::Quit)),
            "h" | "hint" => return Ok(Some(Answer::Hint)),
            _ => {}
        }
        let mv = match t.chars().collect::<Vec<_>>().as_slice() {
            [c @ '1'..='6'] => numbered(side, *c as usize - '0' as usize),
            [c] => lettered(side, *c),
            _ => None,
        };
        match mv {
            Some(m) if pos.is_legal(m, &Rules::ABAPA) => return Ok(Some(Answer::Move(m))),
            Some(m) => println!(
                "{} cannot be played: {}",
                m.letter(side),
                pos.check_move(m, &Rules::ABAPA)
                    .err()
                    .map_or(String::new(), |e| e.to_string())
            ),
            None => println!(
                "Type one of {letters}, a pit number 1-6 (from the left of your row), hint or quit."
            ),
        }
    }
}

/// How one puzzle went.
enum Ending {
    Solved,
    Failed,
    Quit,
}

/// Plays one puzzle with the player.
fn play(p: &Puzzle, input: &mut dyn BufRead) -> anyhow::Result<Ending> {
    let solver = p.solver();
    let themes = p.themes.iter().map(|t| t.name()).collect::<Vec<_>>();
    println!();
    println!(
        "Puzzle {} (rating {}{})\n{solver} to move: find the only good move.",
        p.id,
        p.rating,
        if themes.is_empty() {
            String::new()
        } else {
            format!(", {}", themes.join(", "))
        }
    );
    let mut pos = p.position;
    let mut hints = 0;
    let mut i = 0;
    while i < p.line.len() {
        print!("{}", draw(&pos));
        let want = p.line[i];
        let mut asked = 0;
        let answer = loop {
            match ask(&pos, input)? {
                Some(Answer::Hint) => {
                    hints += 1;
                    asked += 1;
                    let after = pos.play_unchecked(want, &Rules::ABAPA);
                    let took = after.store(solver) - pos.store(solver);
                    if asked == 1 && took > 0 {
                        println!("Hint: the move captures {took} seeds. Ask again for the pit.");
                    } else if asked == 1 {
                        println!(
                            "Hint: a quiet move (it captures nothing). Ask again for the pit."
                        );
                    } else {
                        println!("Hint: play pit {}.", want.letter(solver));
                    }
                }
                Some(a) => break a,
                None => return Ok(Ending::Quit),
            }
        };
        let Answer::Move(m) = answer else {
            return Ok(Ending::Quit);
        };
        if m != want {
            println!(
                "Not the only good move. The solution: {} (the whole line: {}).",
                want.letter(solver),
                p.line_text()
            );
            return Ok(Ending::Failed);
        }
        pos = pos.play_unchecked(m, &Rules::ABAPA);
        if let Some(&reply) = p.line.get(i + 1) {
            println!(
                "Right: {}. {} replies {}.",
                m.letter(solver),
                solver.other(),
                reply.letter(solver.other())
            );
            pos = pos.play_unchecked(reply, &Rules::ABAPA);
        } else {
            println!("Right: {}.", m.letter(solver));
        }
        i += 2;
    }
    print!("{}", draw(&pos));
    println!(
        "Solved{}! The line: {}.",
        match hints {
            0 => String::new(),
            1 => " with a hint".to_string(),
            n => format!(" with {n} hints"),
        },
        p.line_text()
    );
    Ok(Ending::Solved)
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let puzzles = match &args.file {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            oware_puzzles::read(&text)
                .with_context(|| path.display().to_string())?
                .1
        }
        None => oware_puzzles::shipped().context("the shipped puzzles")?,
    };
    let chosen: Vec<&Puzzle> = puzzles
        .iter()
        .filter(|p| args.theme.is_none_or(|t| p.themes.contains(&t)))
        .collect();
    if chosen.is_empty() {
        bail!(
            "no puzzle has the theme {}",
            args.theme.map_or("", |t| t.name())
        );
    }
    let daily = if args.daily {
        Some(daily_id(&puzzles, args.server.as_deref())?)
    } else {
        None
    };
    let count = if daily.is_some() { 1 } else { args.count };
    let start = match daily.as_ref().or(args.id.as_ref()) {
        Some(id) => chosen.iter().position(|p| &p.id == id).with_context(|| {
            format!("no puzzle {id} here (a server with another set: play it on its site)")
        })?,
        None => (args.seed % chosen.len() as u64) as usize,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let (mut solved, mut tried) = (0, 0);
    for k in 0..count.min(chosen.len()) {
        let p = chosen[(start + k) % chosen.len()];
        match play(p, &mut input)? {
            Ending::Solved => {
                solved += 1;
                tried += 1;
            }
            Ending::Failed => tried += 1,
            Ending::Quit => break,
        }
    }
    println!("Solved {solved} of {tried}.");
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_in_either_case_and_numbers_from_the_left_on_screen() {
        assert_eq!(lettered(Side::South, 'c'), Move::new(2));
        assert_eq!(lettered(Side::South, 'C'), Move::new(2));
        assert_eq!(lettered(Side::North, 'C'), Move::new(2));
        assert_eq!(lettered(Side::North, 'x'), None);
        assert_eq!(numbered(Side::South, 1), Move::new(0));
        // North's row is drawn f e d c b a: 1 is f, 6 is a.
        assert_eq!(numbered(Side::North, 1), Move::new(5));
        assert_eq!(numbered(Side::North, 6), Move::new(0));
        assert_eq!(
            numbered(Side::North, 5).map(|m| m.letter(Side::North)),
            Some('b')
        );
    }
}
