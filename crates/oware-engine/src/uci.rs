//! The UCI command reader: one line of text to a [`Command`], without I/O, so that `oware uci`
//! and the fuzzer call the same pure function.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name N [value V]` (`Hash`, `Threads`,
//! `Level`, `Repetition`, `GrandSlam`, `EgdbPath`; `OwnBook` and `EngineTurn` are accepted and
//! ignored), `position startpos|fen F [moves M]` (moves concatenated `FcAd` or separated by
//! spaces), `go [movetime N] [depth N] [nodes N] [wtime N] [btime N] [winc N] [binc N]
//! [movestogo N] [infinite] [ponder]`, `stop`, `quit`; `debug`, `register` and `ponderhit` are
//! accepted and ignored. A bad line is a [`CommandError`] whose message quotes at most
//! [`QUOTE_CHARS`] characters of each piece of the input and is at most [`MAX_MESSAGE`] bytes
//! long, so junk is never echoed back whole.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use oware_core::movetext::{self, MoveText};
use oware_core::{fen, GrandSlam, Position, Repetition};

use crate::{Clock, Level, Limits};

/// The largest `Hash` size advertised, in MB.
pub const MAX_HASH_MB: usize = 65536;
/// The largest `Threads` count advertised.
pub const MAX_THREADS: usize = 256;
/// At most this many characters of the input are quoted in an error message.
pub const QUOTE_CHARS: usize = 40;

/// One command of the GUI.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `ucinewgame`: forget the last game.
    NewGame,
    /// `setoption`: one option's new value.
    SetOption(EngineOption),
    /// `position`: a start position and the moves played from it (not yet checked against it).
    Position {
        /// The start position.
        start: Position,
        /// The moves as written.
        moves: Vec<MoveText>,
    },
    /// `go`: search with these limits (no limit at all means until `stop`).
    Go(Limits),
    /// `stop`: stop searching and answer.
    Stop,
    /// `quit`: end the engine.
    Quit,
    /// A command that needs no action (`debug`, `register`, `ponderhit`).
    Ignored,
}

/// An option set by `setoption`, its value checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineOption {
    /// Transposition table size in MB, 1 to [`MAX_HASH_MB`].
    Hash(usize),
    /// Search threads, 1 to [`MAX_THREADS`].
    Threads(usize),
    /// Playing level.
    Level(Level),
    /// The repetition rule.
    Repetition(Repetition),
    /// The grand slam rule.
    GrandSlam(GrandSlam),
    /// The endgame database directory (`None`: the default one).
    EgdbPath(Option<PathBuf>),
    /// An option that is accepted and ignored (`OwnBook`, `EngineTurn`).
    Ignored,
}

/// Why a line is not a command the engine can follow; the message is for `info string`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CommandError {}

/// `text` quoted for a message: whole if short, else its first [`QUOTE_CHARS`] characters and
/// its length.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => format!("'{text}'"),
        Some((cut, _)) => format!("'{}…' ({} bytes)", &text[..cut], text.len()),
    }
}

/// The longest error message, in bytes (a cut one ends in `…`, 3 bytes more): messages of the
/// rules core may quote a whole field of the input.
pub const MAX_MESSAGE: usize = 300;

fn error(mut message: String) -> CommandError {
    if message.len() > MAX_MESSAGE {
        let mut cut = MAX_MESSAGE;
        while !message.is_char_boundary(cut) {
            cut -= 1;
        }
        message.truncate(cut);
        message.push('…');
    }
    CommandError(message)
}

/// Reads one line: `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&cmd, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    let command = match cmd {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "debug" | "register" | "ponderhit" => Command::Ignored,
        "setoption" => Command::SetOption(setoption(rest)?),
        "position" => position(rest)?,
        "go" => Command::Go(go(rest)?),
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        other => return Err(error(format!("unknown command {}", quote(other)))),
    };
    Ok(Some(command))
}

fn position(rest: &[&str]) -> Result<Command, CommandError> {
    let (start, after) = match rest.split_first() {
        Some((&"startpos", after)) => (Position::start(), after),
        Some((&"fen", after)) => {
            let Some((text, after)) = after.split_first() else {
                return Err(error("position fen: missing position text".into()));
            };
            let p = fen::parse(text)
                .map_err(|e| error(format!("bad position text {}: {e}", quote(text))))?;
            (p, after)
        }
        _ => return Err(error("position: expected 'startpos' or 'fen TEXT'".into())),
    };
    let moves_text = match after.split_first() {
        None => String::new(),
        Some((&"moves", moves)) => moves.join(" "),
        Some((other, _)) => return Err(error(format!("position: unexpected {}", quote(other)))),
    };
    let moves = movetext::parse_list(&moves_text)
        .map_err(|e| error(format!("bad moves {}: {e}", quote(&moves_text))))?;
    Ok(Command::Position { start, moves })
}

fn setoption(rest: &[&str]) -> Result<EngineOption, CommandError> {
    // setoption name N [value V]; names may contain spaces.
    let joined = rest.join(" ");
    let Some(body) = joined.strip_prefix("name ") else {
        return Err(error("setoption: expected 'name'".into()));
    };
    let (name, value) = match body.split_once(" value ") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (body.trim(), ""),
    };
    let number = |v: &str, max: usize| v.parse::<usize>().ok().filter(|&n| (1..=max).contains(&n));
    Ok(match name.to_ascii_lowercase().as_str() {
        "hash" => EngineOption::Hash(number(value, MAX_HASH_MB).ok_or_else(|| {
            error(format!(
                "Hash: {} is not a size from 1 to {MAX_HASH_MB} MB",
                quote(value)
            ))
        })?),
        "threads" => EngineOption::Threads(number(value, MAX_THREADS).ok_or_else(|| {
            error(format!(
                "Threads: {} is not a thread count from 1 to {MAX_THREADS}",
                quote(value)
            ))
        })?),
        "level" => EngineOption::Level(
            value
                .parse()
                .map_err(|_| error(format!("Level: {} is not a level", quote(value))))?,
        ),
        "repetition" => EngineOption::Repetition(value.parse().map_err(|_| {
            error(format!(
                "Repetition: {} is not a repetition rule",
                quote(value)
            ))
        })?),
        "grandslam" => EngineOption::GrandSlam(value.parse().map_err(|_| {
            error(format!(
                "GrandSlam: {} is not a grand slam rule",
                quote(value)
            ))
        })?),
        "egdbpath" => EngineOption::EgdbPath((!value.is_empty()).then(|| value.into())),
        "ownbook" | "engineturn" => EngineOption::Ignored,
        _ => return Err(error(format!("unknown option {}", quote(name)))),
    })
}

fn go(rest: &[&str]) -> Result<Limits, CommandError> {
    let mut limits = Limits::default();
    let mut clock = Clock::default();
    let mut has_clock = false;
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        let arg = rest.get(i + 1).and_then(|v| v.parse::<i64>().ok());
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        let mut takes_value = true;
        match (key, arg) {
            ("movetime", Some(v)) => limits.movetime = Some(ms(v)),
            ("depth", Some(v)) => limits.depth = Some(v.clamp(1, 100) as u32),
            ("nodes", Some(v)) => limits.nodes = Some(v.max(1) as u64),
            ("wtime", Some(v)) => (clock.time.south, has_clock) = (ms(v), true),
            ("btime", Some(v)) => (clock.time.north, has_clock) = (ms(v), true),
            ("winc", Some(v)) => clock.inc.south = ms(v),
            ("binc", Some(v)) => clock.inc.north = ms(v),
            ("movestogo", Some(v)) => {
                clock.movestogo = Some(v.clamp(1, i64::from(u32::MAX)) as u32)
            }
            ("infinite", _) => {
                limits.infinite = true;
                takes_value = false;
            }
            ("ponder", _) => takes_value = false,
            (k, _) => {
                let v = rest.get(i + 1).copied().unwrap_or("");
                return Err(error(format!(
                    "go: bad or unknown {} {}; command ignored",
                    quote(k),
                    quote(v)
                )));
            }
        }
        i += if takes_value { 2 } else { 1 };
    }
    if has_clock {
        limits.clock = Some(clock);
    }
    if limits == Limits::default() {
        limits.infinite = true;
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_command() {
        assert_eq!(parse("  \t"), Ok(None));
        assert_eq!(parse("uci"), Ok(Some(Command::Uci)));
        assert_eq!(parse("isready\r"), Ok(Some(Command::IsReady)));
        assert_eq!(
            parse("setoption name Hash value 128"),
            Ok(Some(Command::SetOption(EngineOption::Hash(128))))
        );
        assert_eq!(
            parse("setoption name Level value hard"),
            Ok(Some(Command::SetOption(EngineOption::Level(Level::Hard))))
        );
        let Ok(Some(Command::Position { start, moves })) = parse("position startpos moves Fc Ad")
        else {
            panic!("a position");
        };
        assert_eq!(start, Position::start());
        assert_eq!(movetext::write_list(&moves), "FcAd");
        let Ok(Some(Command::Go(limits))) = parse("go wtime 1000 btime 2000 depth 7") else {
            panic!("a go");
        };
        assert_eq!(limits.depth, Some(7));
        assert_eq!(
            limits.clock.unwrap().time.north,
            Duration::from_millis(2000)
        );
        let Ok(Some(Command::Go(limits))) = parse("go") else {
            panic!("a go");
        };
        assert!(limits.infinite);
    }

    #[test]
    fn bad_lines_are_errors_that_quote_little() {
        for line in [
            "setoption name Hash value 0",
            "setoption name Hash value 65537",
            "setoption name Threads value 257",
            "setoption name Colour value red",
            "position",
            "position fen 1-2-3",
            "position startpos moves FcX",
            "go depth",
            "go sideways 3",
            "frobnicate",
        ] {
            assert!(parse(line).is_err(), "{line}");
        }
        let junk = "x".repeat(20 << 20);
        let e = parse(&junk).unwrap_err();
        assert!(e.0.len() < 100, "{} bytes", e.0.len());
        assert!(e.0.contains(&format!("({} bytes)", 20 << 20)), "{e}");
        for line in [
            format!("position fen {junk}"),
            format!("position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-{junk}"),
            format!("setoption name GrandSlam value {junk}"),
            format!("go depth 3 {junk} 4"),
        ] {
            let e = parse(&line).unwrap_err();
            assert!(e.0.len() <= MAX_MESSAGE + 3, "{} bytes", e.0.len());
        }
    }

    #[test]
    fn quotes_cut_at_a_character_boundary() {
        assert_eq!(quote("abc"), "'abc'");
        let long = "é".repeat(50);
        let q = quote(&long);
        assert!(
            q.starts_with(&format!("'{}…'", "é".repeat(QUOTE_CHARS))),
            "{q}"
        );
    }
}
