//! `oware uci`: the engine over Aualé's dialect of the Universal Chess Interface.
//!
//! Commands (one a line on standard input): `uci`, `isready`, `ucinewgame`,
//! `setoption name N value V` (`Hash`, `Threads`, `Level`, `Repetition`, `GrandSlam`,
//! `EgdbPath`; `OwnBook` and `EngineTurn` are accepted and ignored), `position startpos|fen F
//! [moves M]` (moves concatenated `FcAd` or separated by spaces), `go [movetime N] [depth N]
//! [nodes N] [wtime N] [btime N] [winc N] [binc N] [movestogo N] [infinite]`, `stop`, `quit`.
//!
//! The search runs on its own thread, so `isready` and `stop` are answered while it thinks. A bad
//! command is reported as `info string …` and ignored: nothing on standard input ends the engine
//! but `quit` or the end of input.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use oware_core::movetext::{self, MoveText};
use oware_core::{fen, Game, GrandSlam, Position, Repetition, Rules, Side};
use oware_engine::{Clock, Engine, Info, Level, Limits};

/// Arguments of `oware uci`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Transposition table size in MB (the `Hash` option's default).
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Search threads (the `Threads` option's default).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Playing level (the `Level` option's default): easy, medium, hard or expert.
    #[arg(long, default_value = "expert")]
    pub level: Level,
    /// Endgame database directory (the `EgdbPath` option's default; default: the standard one).
    #[arg(long)]
    pub egdb_path: Option<std::path::PathBuf>,
}

/// Writes one line to standard output and flushes it.
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    // A closed standard output is no reason to die: the next read sees the end of input.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// The position and settings the GUI has set up.
struct Session {
    engine: Arc<Mutex<Engine>>,
    rules: Rules,
    level: Level,
    egdb_path: Option<std::path::PathBuf>,
    start: Position,
    moves: Vec<MoveText>,
    search: Option<(JoinHandle<()>, Arc<AtomicBool>)>,
    seed: u64,
}

/// `info depth D seldepth S score cp X nodes N nps N time T pv FcA…`; a game end found by the
/// search shows as `score mate N` (moves, negative when losing), as Aualé's parser accepts.
fn info_line(info: &Info, root: Side) -> String {
    let pv: String = movetext::letters(root, info.pv.iter().copied()).collect();
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        info.depth,
        info.seldepth,
        match oware_engine::mate_moves(info.score) {
            Some(m) => format!("mate {m}"),
            None => format!("cp {}", info.score),
        },
        info.nodes,
        info.nps(),
        info.time.as_millis(),
        pv
    )
}

impl Session {
    fn game(&self) -> Result<Game, String> {
        let mut g = Game::from_position(self.start, self.rules);
        for (i, m) in self.moves.iter().enumerate() {
            g.play_text(m)
                .map_err(|e| format!("move {} ({m}) cannot be played: {e}", i + 1))?;
        }
        Ok(g)
    }

    /// Stops a running search and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some((handle, stop)) = self.search.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = handle.join();
        }
    }

    fn wait_search(&mut self) {
        if let Some((handle, _)) = self.search.take() {
            let _ = handle.join();
        }
    }

    fn position(&mut self, rest: &[&str]) {
        let (start, after) = match rest.first() {
            Some(&"startpos") => (Position::start(), &rest[1..]),
            Some(&"fen") => {
                let Some(text) = rest.get(1) else {
                    return say("info string position fen: missing position text");
                };
                // Position text has no spaces, but tolerate it split at the side letter.
                match fen::parse(text) {
                    Ok(p) => (p, &rest[2..]),
                    Err(e) => return say(&format!("info string bad position text '{text}': {e}")),
                }
            }
            _ => return say("info string position: expected 'startpos' or 'fen TEXT'"),
        };
        let moves_text = match after.first() {
            None => String::new(),
            Some(&"moves") => after[1..].join(" "),
            Some(other) => {
                return say(&format!("info string position: unexpected '{other}'"));
            }
        };
        let moves = match movetext::parse_list(&moves_text) {
            Ok(m) => m,
            Err(e) => return say(&format!("info string bad moves '{moves_text}': {e}")),
        };
        self.start = start;
        self.moves = moves;
        if let Err(e) = self.game() {
            // Keep the moves that can be played.
            let mut g = Game::from_position(self.start, self.rules);
            let mut kept = Vec::new();
            for m in &self.moves {
                if g.play_text(m).is_err() {
                    break;
                }
                kept.push(*m);
            }
            self.moves = kept;
            say(&format!(
                "info string {e}; position set up to the move before"
            ));
        }
    }

    fn setoption(&mut self, rest: &[&str]) {
        // setoption name N [value V]; names may contain spaces.
        let joined = rest.join(" ");
        let Some(body) = joined.strip_prefix("name ") else {
            return say("info string setoption: expected 'name'");
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        let number = |v: &str| v.parse::<usize>().ok().filter(|&n| n >= 1);
        match name.to_ascii_lowercase().as_str() {
            "hash" => match number(value) {
                Some(mb) if mb <= 65536 => lock(&self.engine).set_hash(mb),
                _ => say(&format!("info string Hash: '{value}' is not a size in MB")),
            },
            "threads" => match number(value) {
                Some(n) if n <= 256 => lock(&self.engine).set_threads(n),
                _ => say(&format!(
                    "info string Threads: '{value}' is not a thread count"
                )),
            },
            "level" => match value.parse::<Level>() {
                Ok(l) => self.level = l,
                Err(e) => say(&format!("info string Level: {e}")),
            },
            "repetition" => match value.parse::<Repetition>() {
                Ok(r) => self.rules.repetition = r,
                Err(e) => say(&format!("info string Repetition: {e}")),
            },
            "grandslam" => match value.parse::<GrandSlam>() {
                Ok(g) => {
                    self.rules.grand_slam = g;
                    self.load_egdb();
                }
                Err(e) => say(&format!("info string GrandSlam: {e}")),
            },
            "egdbpath" => {
                self.egdb_path = (!value.is_empty()).then(|| value.into());
                self.load_egdb();
            }
            "ownbook" | "engineturn" => {}
            _ => say(&format!("info string unknown option '{name}'")),
        }
    }

    fn load_egdb(&mut self) {
        let (prober, line) = oware_engine::open_egdb(self.egdb_path.as_deref(), &self.rules);
        say(&format!("info string {line}"));
        lock(&self.engine).set_egdb(prober.map(Arc::new));
    }

    fn go(&mut self, rest: &[&str]) {
        let game = match self.game() {
            Ok(g) => g,
            Err(e) => return say(&format!("info string {e}")),
        };
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
                ("movestogo", Some(v)) => clock.movestogo = Some(v.max(1) as u32),
                ("infinite", _) => {
                    limits.infinite = true;
                    takes_value = false;
                }
                ("ponder", _) => takes_value = false,
                (k, _) => {
                    let v = rest.get(i + 1).copied().unwrap_or("");
                    return say(&format!(
                        "info string go: bad or unknown '{k} {v}'; command ignored"
                    ));
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
        let level = self.level;
        let mut random_move = None;
        if level != Level::Expert {
            let spec = level.spec();
            limits.depth = match (limits.depth, spec.depth) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            limits.movetime = Some(
                limits
                    .movetime
                    .map_or(spec.movetime, |t| t.min(spec.movetime)),
            );
            limits.infinite = false;
            self.seed = self.seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let r = self.seed ^ (self.seed >> 29);
            if r % 100 < u64::from(spec.random_percent) {
                let legal = game.legal_moves();
                random_move = legal.get((r / 100) as usize % legal.len().max(1)).copied();
            }
        }
        let stop = Arc::new(AtomicBool::new(false));
        let engine = Arc::clone(&self.engine);
        let thread_stop = Arc::clone(&stop);
        let handle = std::thread::spawn(move || {
            let root = game.position().turn();
            let best = if game.is_over() {
                None
            } else if let Some(m) = random_move {
                Some(m)
            } else {
                let mut engine = lock(&engine);
                let r = engine.search(&game, &limits, &thread_stop, &mut |info| {
                    say(&info_line(info, root))
                });
                r.best
            };
            if limits.infinite {
                // UCI: an infinite search answers only after `stop`.
                while !thread_stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            match best {
                Some(m) => say(&format!("bestmove {}", m.letter(root))),
                None => say("bestmove 0000"),
            }
        });
        self.search = Some((handle, stop));
    }
}

/// Locks the engine, recovering it if a search thread panicked.
fn lock(engine: &Mutex<Engine>) -> std::sync::MutexGuard<'_, Engine> {
    engine.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut engine = Engine::new(args.hash.clamp(1, 65536));
    engine.set_threads(args.threads.max(1));
    let mut s = Session {
        engine: Arc::new(Mutex::new(engine)),
        rules: Rules::PLAYSTRATEGY,
        level: args.level,
        egdb_path: args.egdb_path,
        start: Position::start(),
        moves: Vec::new(),
        search: None,
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64),
    };
    s.load_egdb();
    let stdin = std::io::stdin();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match stdin.lock().read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                say(&format!("info string cannot read input: {e}"));
                break;
            }
        }
        // Bytes that are not UTF-8 become U+FFFD: the command is then unknown, not fatal.
        let line = String::from_utf8_lossy(&bytes);
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else { continue };
        let rest = &tokens[1..];
        match cmd {
            "uci" => {
                say(&format!("id name Oware {}", env!("CARGO_PKG_VERSION")));
                say("id author the oware authors");
                say("option name Hash type spin default 64 min 1 max 65536");
                say("option name Threads type spin default 1 min 1 max 256");
                say("option name OwnBook type check default false");
                say("option name Level type combo default expert var easy var medium var hard var expert");
                say("option name Repetition type combo default first var first var third");
                say("option name GrandSlam type combo default no-capture var no-capture var illegal var to-opponent var leave-last var leave-first");
                say("option name EgdbPath type string default <default>");
                say("uciok");
            }
            "isready" => say("readyok"),
            "debug" | "register" | "ponderhit" => {}
            "ucinewgame" => {
                s.finish_search();
                lock(&s.engine).clear();
                s.start = Position::start();
                s.moves.clear();
            }
            "setoption" => {
                s.finish_search();
                s.setoption(rest);
            }
            "position" => {
                s.finish_search();
                s.position(rest);
            }
            "go" => {
                s.finish_search();
                s.go(rest);
            }
            "stop" => s.finish_search(),
            "quit" => break,
            other => say(&format!("info string unknown command '{other}'")),
        }
    }
    s.finish_search();
    s.wait_search();
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::Move;

    #[test]
    fn info_line_writes_the_pv_with_alternating_sides() {
        let info = Info {
            depth: 3,
            seldepth: 5,
            score: -40,
            nodes: 1000,
            time: Duration::from_millis(10),
            pv: vec![
                Move::new(5).unwrap(),
                Move::new(2).unwrap(),
                Move::new(0).unwrap(),
            ],
            hashfull: 0,
        };
        assert_eq!(
            info_line(&info, Side::South),
            "info depth 3 seldepth 5 score cp -40 nodes 1000 nps 100000 time 10 pv FcA"
        );
    }

    #[test]
    fn game_ends_show_as_mate_in_moves() {
        let line = |score| {
            let info = Info {
                depth: 4,
                seldepth: 4,
                score,
                nodes: 10,
                time: Duration::from_millis(1),
                pv: vec![Move::new(0).unwrap()],
                hashfull: 0,
            };
            info_line(&info, Side::South)
        };
        // Win on the next move (1 ply), win in 3 plies = 2 own moves, loss after 2 plies.
        assert!(line(oware_engine::MATE - 1).contains(" score mate 1 "));
        assert!(line(oware_engine::MATE - 3).contains(" score mate 2 "));
        assert!(line(-(oware_engine::MATE - 2)).contains(" score mate -1 "));
        // Database-proven results have no distance: a large cp value, as tablebase wins in chess.
        let proven = oware_engine::EGDB_WIN - 5;
        assert!(line(proven).contains(&format!(" score cp {proven} ")));
    }
}
