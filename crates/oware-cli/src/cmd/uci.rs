//! `oware uci`: the engine over Aualé's dialect of the Universal Chess Interface.
//!
//! Commands (one a line on standard input): `uci`, `isready`, `ucinewgame`,
//! `setoption name N value V` (`Hash`, `Threads`, `Level`, `Repetition`, `GrandSlam`,
//! `EgdbPath`; `OwnBook` and `EngineTurn` are accepted and ignored), `position startpos|fen F
//! [moves M]` (moves concatenated `FcAd` or separated by spaces), `go [movetime N] [depth N]
//! [nodes N] [wtime N] [btime N] [winc N] [binc N] [movestogo N] [infinite]`, `stop`, `quit`.
//!
//! Lines are read by [`oware_engine::uci::parse`] (pure, fuzzed). The search runs on its own
//! thread, so `isready` and `stop` are answered while it thinks. A bad command is reported as
//! `info string …` (quoting at most 40 characters of it) and ignored; a line longer than 1 MB is
//! skipped; a `Hash` the machine cannot give keeps the old table: nothing on standard input ends
//! the engine but `quit` or the end of input.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use oware_core::movetext::{self, MoveText};
use oware_core::{Game, Position, Rules, Side};
use oware_engine::uci::{self, Command, EngineOption};
use oware_engine::{Engine, Info, Level, Limits};

/// Arguments of `oware uci`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Transposition table size in MB (the `Hash` option's default), 1 to 65536; a size the
    /// machine refuses falls back to 64 MB with a message.
    #[arg(long, default_value_t = Args::DEFAULT_HASH_MB)]
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

impl Args {
    /// The `Hash` option's default, in MB.
    pub const DEFAULT_HASH_MB: usize = 64;
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

    /// Sets up a position; moves that cannot be played are dropped with a message.
    fn position(&mut self, start: Position, moves: Vec<MoveText>) {
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

    fn setoption(&mut self, option: EngineOption) {
        match option {
            EngineOption::Hash(mb) => {
                let mut engine = lock(&self.engine);
                if let Err(e) = engine.set_hash(mb) {
                    say(&format!(
                        "info string Hash: {e}; the {} MB table is kept",
                        engine.hash_mb()
                    ));
                }
            }
            EngineOption::Threads(n) => lock(&self.engine).set_threads(n),
            EngineOption::Level(l) => self.level = l,
            EngineOption::Repetition(r) => self.rules.repetition = r,
            EngineOption::GrandSlam(g) => {
                self.rules.grand_slam = g;
                self.load_egdb();
            }
            EngineOption::EgdbPath(path) => {
                self.egdb_path = path;
                self.load_egdb();
            }
            EngineOption::Ignored => {}
        }
    }

    /// Opens the endgame databases for the current rules and says which are used, or why none.
    fn load_egdb(&mut self) {
        let (prober, line) = oware_engine::open_egdb(self.egdb_path.as_deref(), &self.rules);
        say(&format!("info string {line}"));
        lock(&self.engine).set_egdb(prober.map(Arc::new));
    }

    fn go(&mut self, mut limits: Limits) {
        let game = match self.game() {
            Ok(g) => g,
            Err(e) => return say(&format!("info string {e}")),
        };
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

/// The longest input line read, in bytes; a longer one is skipped with a message (a `position`
/// line of a 2,000-move game is about 4 KB).
const MAX_LINE: usize = 1 << 20;

/// Reads one line into `line` (without its end), at most `max` bytes of it: `Ok(None)` at the
/// end of input, `Ok(Some(n))` with the line's full length `n` (the line was cut if `n > max`).
fn read_line(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<usize>> {
    line.clear();
    let mut total = 0;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok((total > 0).then_some(total));
        }
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        let room = max.saturating_sub(line.len());
        line.extend_from_slice(&part[..part.len().min(room)]);
        total += part.len();
        input.consume(used);
        if done {
            return Ok(Some(total));
        }
    }
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let hash = args.hash.clamp(1, uci::MAX_HASH_MB);
    let mut engine = match Engine::try_new(hash) {
        Ok(e) => e,
        Err(e) => {
            let fallback = Args::DEFAULT_HASH_MB;
            say(&format!("info string Hash: {e}; using {fallback} MB"));
            Engine::try_new(fallback)?
        }
    };
    engine.set_threads(args.threads.clamp(1, uci::MAX_THREADS));
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
    let mut stdin = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        let len = match read_line(&mut stdin, &mut bytes, MAX_LINE) {
            Ok(None) => break,
            Ok(Some(len)) => len,
            Err(e) => {
                say(&format!("info string cannot read input: {e}"));
                break;
            }
        };
        if len > MAX_LINE {
            say(&format!(
                "info string a line of {len} bytes ignored (at most {MAX_LINE})"
            ));
            continue;
        }
        // Bytes that are not UTF-8 become U+FFFD: the command is then unknown, not fatal.
        let line = String::from_utf8_lossy(&bytes);
        let command = match uci::parse(&line) {
            Ok(Some(c)) => c,
            Ok(None) => continue,
            Err(e) => {
                say(&format!("info string {e}"));
                continue;
            }
        };
        match command {
            Command::Uci => {
                say(&format!("id name Oware {}", env!("CARGO_PKG_VERSION")));
                say("id author the oware authors");
                say(&format!(
                    "option name Hash type spin default {} min 1 max {}",
                    Args::DEFAULT_HASH_MB,
                    uci::MAX_HASH_MB
                ));
                say(&format!(
                    "option name Threads type spin default 1 min 1 max {}",
                    uci::MAX_THREADS
                ));
                say("option name OwnBook type check default false");
                say("option name Level type combo default expert var easy var medium var hard var expert");
                say("option name Repetition type combo default first var first var third");
                say("option name GrandSlam type combo default no-capture var no-capture var illegal var to-opponent var leave-last var leave-first");
                say("option name EgdbPath type string default <default>");
                say("uciok");
            }
            Command::IsReady => say("readyok"),
            Command::Ignored => {}
            Command::NewGame => {
                s.finish_search();
                lock(&s.engine).clear();
                s.start = Position::start();
                s.moves.clear();
            }
            Command::SetOption(option) => {
                s.finish_search();
                s.setoption(option);
            }
            Command::Position { start, moves } => {
                s.finish_search();
                s.position(start, moves);
            }
            Command::Go(limits) => {
                s.finish_search();
                s.go(limits);
            }
            Command::Stop => s.finish_search(),
            Command::Quit => break,
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
    fn read_line_cuts_long_lines_and_reports_their_length() {
        let text = format!("uci\n{}\r\nisready\nlast", "x".repeat(100));
        let mut input = std::io::BufReader::with_capacity(7, text.as_bytes());
        let mut line = Vec::new();
        let mut read = || {
            read_line(&mut input, &mut line, 10)
                .unwrap()
                .map(|n| (n, String::from_utf8_lossy(&line).into_owned()))
        };
        assert_eq!(read(), Some((3, "uci".into())));
        assert_eq!(read(), Some((101, "x".repeat(10))));
        assert_eq!(read(), Some((7, "isready".into())));
        assert_eq!(read(), Some((4, "last".into())));
        assert_eq!(read(), None);
    }

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
