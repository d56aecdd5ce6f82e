//! `oware match`: plays two engines against each other — our levels by name, or external UCI
//! engines given as command lines — with alternating colours from a fixed list of balanced
//! openings. The referee is the rules core: an engine that sends an illegal move, hangs, crashes
//! or oversteps its clock loses that game and the match goes on.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use oware_core::movetext::{self, MoveText};
use oware_core::ogn::Record;
use oware_core::{fen, BySide, Game, Move, Position, Rules, Side};
use oware_engine::{Clock, Engine, Level, LevelSpec, Limits, Prober};

use crate::common::RulesArgs;

/// Balanced openings (moves from the start position): the 2-ply openings whose score after a
/// 14-ply search (`oware analyse`, engine of this version) lies within one seed, in pit order.
/// Each is played once with each colour, so what imbalance is left cancels out.
pub const OPENINGS: &[&str] = &[
    "Ab", "Ac", "Ae", "Ba", "Bb", "Bc", "Bd", "Bf", "Cb", "Cc", "Ce", "Cf", "Da", "Dc", "Dd", "De",
    "Ea", "Ee", "Ef", "Fa", "Fc", "Fd", "Fe", "Ff",
];

/// The largest `--level-time-scale`: the levels' 1 s budget becomes at most 1,000 s.
const MAX_TIME_SCALE: f64 = 1000.0;
/// The largest `--movetime`, in milliseconds (10^9 ms, about 11 days; as `--tc`'s 10^6 s).
const MAX_MOVETIME_MS: u64 = 1_000_000_000;
/// The most games played at once per core (`--concurrency`).
const MAX_GAMES_PER_CORE: usize = 4;

/// Arguments of `oware match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Players given as level names: easy, medium, hard, expert (with `--engine`, two in all).
    pub levels: Vec<Level>,
    /// An external UCI engine's command line, e.g. `--engine "oware uci --threads 2"`.
    #[arg(long = "engine", value_name = "CMD")]
    pub engines: Vec<String>,
    /// Number of games (colours alternate; each opening is played once with each colour).
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Time per move in milliseconds (for levels it replaces their own time budget), at most
    /// 10^9.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// A clock for each side: `BASE+INC` in seconds, e.g. `10+0.1`.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// Multiplies the levels' own time budgets (when neither --movetime nor --tc is given):
    /// above 0, at most 1000.
    #[arg(long, default_value_t = 1.0)]
    pub level_time_scale: f64,
    /// Games played at once (default: one per core; at most four per core).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Where to write every game as OGN.
    #[arg(long, default_value = "match.ogn")]
    pub ogn: std::path::PathBuf,
    /// Endgame database directory for the levels that use them (default: the standard one).
    #[arg(long)]
    pub egdb_path: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

/// Who plays.
#[derive(Clone, Debug)]
enum PlayerSpec {
    Level(LevelSpec),
    Uci(String),
}

impl PlayerSpec {
    fn name(&self) -> String {
        match self {
            PlayerSpec::Level(s) => s.level.to_string(),
            PlayerSpec::Uci(cmd) => cmd.clone(),
        }
    }
}

/// How long each move may take.
#[derive(Clone, Copy, Debug)]
enum TimeControl {
    Level(f64),
    MoveTime(Duration),
    Clock { base: Duration, inc: Duration },
}

/// Why a game ended other than by the rules.
#[derive(Debug, Clone)]
struct Forfeit {
    loser: Side,
    reason: String,
}

/// A running external engine.
struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The last lines of its standard error.
    errors: Arc<Mutex<Vec<String>>>,
}

impl UciEngine {
    fn start(cmd: &str, rules: &Rules) -> anyhow::Result<UciEngine> {
        // Its own process group, so that ending it also ends whatever the command started
        // (a script's children, `sh -c` running a compound command).
        let mut child = Command::new("sh")
            .args(["-c", cmd])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .with_context(|| format!("cannot start engine '{cmd}'"))?;
        // Keep the last lines of its error output for the message if it fails.
        let stderr = child.stderr.take().context("engine stderr")?;
        let errors = Arc::new(Mutex::new(Vec::<String>::new()));
        let keep = Arc::clone(&errors);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let mut k = keep.lock().unwrap_or_else(|e| e.into_inner());
                if k.len() == 3 {
                    k.remove(0);
                }
                k.push(line.chars().take(200).collect());
            }
        });
        let stdin = child.stdin.take().context("engine stdin")?;
        let stdout = child.stdout.take().context("engine stdout")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = UciEngine {
            child,
            stdin,
            lines,
            errors,
        };
        e.send("uci")
            .and_then(|()| e.wait_for("uciok", Duration::from_secs(10)))
            .map_err(|err| {
                // Give a failed start's own words a moment to arrive.
                std::thread::sleep(Duration::from_millis(100));
                let said = e
                    .errors
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .join("; ");
                if said.is_empty() {
                    err
                } else {
                    err.context(format!("it said: {said}"))
                }
            })?;
        e.send(&format!(
            "setoption name Repetition value {}",
            rules.repetition
        ))?;
        e.send(&format!(
            "setoption name GrandSlam value {}",
            rules.grand_slam
        ))?;
        e.send("isready")?;
        e.wait_for("readyok", Duration::from_secs(10))?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()?;
        Ok(())
    }

    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> anyhow::Result<String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => anyhow::bail!("no '{prefix}' within {timeout:?}"),
                Err(RecvTimeoutError::Disconnected) => anyhow::bail!("the engine exited"),
            }
        }
    }

    /// Asks for a move; `Err` when the engine hangs or dies.
    fn bestmove(&mut self, game: &Game, go: &str, timeout: Duration) -> anyhow::Result<String> {
        let texts = movetext::write_list(&game.move_texts());
        let pos = format!("position fen {} moves {texts}", fen::write(game.start()));
        self.send(pos.trim_end())?;
        self.send(go)?;
        let line = self.wait_for("bestmove", timeout)?;
        Ok(line["bestmove".len()..].trim().to_string())
    }
}

impl Drop for UciEngine {
    /// Asks the engine to quit, then ends its whole process group: an engine that hangs, and
    /// anything it started, never outlives its game.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        // The group's id is the shell's pid (`process_group(0)`); the group may outlive the
        // shell. `kill` is the portable way to signal a group without unsafe code.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A player in one worker thread: an in-process level, or an external engine process.
enum Player {
    Level(LevelSpec, Engine),
    Uci(String, Option<UciEngine>),
}

impl Player {
    fn new(spec: &PlayerSpec, egdb: Option<Arc<Prober>>) -> Player {
        match spec {
            PlayerSpec::Level(s) => {
                let mut e = Engine::new(s.hash_mb);
                e.set_threads(s.thread_count());
                if s.egdb {
                    e.set_egdb(egdb);
                }
                Player::Level(*s, e)
            }
            PlayerSpec::Uci(cmd) => Player::Uci(cmd.clone(), None),
        }
    }

    fn new_game(&mut self, rules: &Rules) -> Result<(), String> {
        match self {
            Player::Level(_, e) => {
                e.clear();
                Ok(())
            }
            Player::Uci(cmd, running) => {
                if running.is_none() {
                    *running = Some(UciEngine::start(cmd, rules).map_err(|e| format!("{e:#}"))?);
                }
                let e = running.as_mut().expect("engine started");
                e.send("ucinewgame")
                    .and_then(|_| e.send("isready"))
                    .and_then(|_| e.wait_for("readyok", Duration::from_secs(10)).map(|_| ()))
                    .map_err(|err| {
                        *running = None;
                        format!("{err:#}")
                    })
            }
        }
    }

    /// The player's move; `Err` is a forfeit reason.
    fn play(
        &mut self,
        game: &Game,
        tc: TimeControl,
        clock: &Clock,
        seed: u64,
    ) -> Result<Move, String> {
        let side = game.position().turn();
        match self {
            Player::Level(spec, engine) => {
                if let Some(m) = spec.random_move(game, seed) {
                    return Ok(m);
                }
                let mut limits = Limits {
                    depth: spec.depth,
                    ..Limits::default()
                };
                match tc {
                    TimeControl::Level(scale) => {
                        limits.movetime = Some(spec.movetime.mul_f64(scale))
                    }
                    TimeControl::MoveTime(t) => limits.movetime = Some(t),
                    TimeControl::Clock { .. } => limits.clock = Some(*clock),
                }
                let stop = AtomicBool::new(false);
                engine
                    .search(game, &limits, &stop, &mut |_| {})
                    .best
                    .ok_or_else(|| "no move in a live position".to_string())
            }
            Player::Uci(_, running) => {
                let Some(e) = running.as_mut() else {
                    return Err("the engine is not running".into());
                };
                let (go, timeout) = match tc {
                    TimeControl::MoveTime(t) => {
                        (format!("go movetime {}", t.as_millis()), t * 3 / 2)
                    }
                    TimeControl::Clock { .. } => (
                        format!(
                            "go wtime {} btime {} winc {} binc {}",
                            clock.time.south.as_millis(),
                            clock.time.north.as_millis(),
                            clock.inc.south.as_millis(),
                            clock.inc.north.as_millis()
                        ),
                        clock.time[side],
                    ),
                    TimeControl::Level(s) => (
                        format!("go movetime {}", (1000.0 * s) as u64),
                        Duration::from_secs_f64(1.5 * s),
                    ),
                };
                let reply = e
                    .bestmove(game, &go, timeout + Duration::from_secs(1))
                    .map_err(|err| {
                        *running = None;
                        format!("{err:#}")
                    })?;
                let text: MoveText = reply
                    .parse()
                    .map_err(|_| format!("sent 'bestmove {reply}', not a move"))?;
                text.to_move(game.position(), game.rules())
                    .map_err(|err| format!("sent illegal move {reply}: {err}"))
            }
        }
    }
}

/// One finished game.
struct GameResult {
    index: usize,
    /// Points of the first player (1, 0.5 or 0).
    first_points: f64,
    record: String,
}

fn play_game(
    index: usize,
    players: &mut [Player; 2],
    names: &[String; 2],
    rules: &Rules,
    tc: TimeControl,
) -> GameResult {
    // Even games: first player is South; odd games: colours swapped, same opening.
    let opening = OPENINGS[(index / 2) % OPENINGS.len()];
    let first_is_south = index.is_multiple_of(2);
    let mut game = Game::from_position(Position::start(), *rules);
    for m in movetext::parse_list(opening).expect("openings parse") {
        game.play_text(&m).expect("openings are legal");
    }
    let (base, inc) = match tc {
        TimeControl::Clock { base, inc } => (base, inc),
        _ => (Duration::ZERO, Duration::ZERO),
    };
    let mut clock = Clock {
        time: BySide::new(base, base),
        inc: BySide::new(inc, inc),
        movestogo: None,
    };
    let player_of = |side: Side| usize::from((side == Side::South) != first_is_south);
    let mut forfeit = None;
    for (k, p) in players.iter_mut().enumerate() {
        if let Err(reason) = p.new_game(rules) {
            let side = if (k == 0) == first_is_south {
                Side::South
            } else {
                Side::North
            };
            forfeit = Some(Forfeit {
                loser: side,
                reason,
            });
            break;
        }
    }
    while forfeit.is_none() && !game.is_over() {
        let side = game.position().turn();
        let who = player_of(side);
        let started = Instant::now();
        let seed = (index as u64) << 20 | who as u64;
        let reply = players[who].play(&game, tc, &clock, seed);
        let spent = started.elapsed();
        match reply {
            Err(reason) => {
                forfeit = Some(Forfeit {
                    loser: side,
                    reason,
                })
            }
            Ok(m) => {
                if let TimeControl::Clock { .. } = tc {
                    if spent > clock.time[side] {
                        forfeit = Some(Forfeit {
                            loser: side,
                            reason: "lost on time".into(),
                        });
                        break;
                    }
                    clock.time[side] = clock.time[side] - spent + clock.inc[side];
                }
                if let Err(e) = game.play(m) {
                    forfeit = Some(Forfeit {
                        loser: side,
                        reason: format!("illegal move: {e}"),
                    });
                }
            }
        }
        if game.moves().len() > 2000 {
            break;
        }
    }
    let south = &names[player_of(Side::South)];
    let north = &names[player_of(Side::North)];
    let round = (index + 1).to_string();
    let mut tags = vec![
        ("Event", "oware match"),
        ("Round", round.as_str()),
        ("South", south.as_str()),
        ("North", north.as_str()),
        ("Opening", opening),
    ];
    let termination;
    let winner = match &forfeit {
        Some(f) => {
            termination = format!("{} forfeits: {}", f.loser, f.reason);
            tags.push(("Termination", termination.as_str()));
            Some(f.loser.other())
        }
        None => game.outcome().and_then(|o| o.winner()),
    };
    let mut record = Record::from_game(&game, &tags);
    if let Some(f) = &forfeit {
        let result = if f.loser == Side::South { "0-1" } else { "1-0" };
        record.set_tag("Result", result);
        record.result = Some(result.into());
    }
    let first_points = match winner {
        None => 0.5,
        Some(side) if player_of(side) == 0 => 1.0,
        Some(_) => 0.0,
    };
    GameResult {
        index,
        first_points,
        record: record.to_string(),
    }
}

/// Elo difference for a score fraction, and its 95% error from the per-game variance.
fn elo(wins: usize, draws: usize, losses: usize) -> (f64, f64) {
    let n = (wins + draws + losses) as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let p = (wins as f64 + 0.5 * draws as f64) / n;
    let var = (wins as f64 * (1.0 - p).powi(2)
        + draws as f64 * (0.5 - p).powi(2)
        + losses as f64 * p.powi(2))
        / n;
    let se = (var / n).sqrt();
    let to_elo = |p: f64| {
        let p = p.clamp(0.5 / n, 1.0 - 0.5 / n);
        -400.0 * (1.0 / p - 1.0).log10()
    };
    let e = to_elo(p);
    let err = (to_elo(p + 1.96 * se) - to_elo(p - 1.96 * se)) / 2.0;
    (e, err)
}

fn parse_tc(text: &str) -> anyhow::Result<TimeControl> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let secs = |s: &str| -> anyhow::Result<Duration> {
        let v: f64 = s
            .trim()
            .parse()
            .with_context(|| format!("'{s}' is not a number of seconds"))?;
        anyhow::ensure!(
            (0.0..1e6).contains(&v),
            "'{s}' is not a sensible number of seconds"
        );
        Ok(Duration::from_secs_f64(v))
    };
    let base = secs(base)?;
    anyhow::ensure!(base > Duration::ZERO, "--tc needs a positive base time");
    Ok(TimeControl::Clock {
        base,
        inc: secs(inc)?,
    })
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules = args.rules.rules();
    let mut specs: Vec<PlayerSpec> = args
        .levels
        .iter()
        .map(|l| PlayerSpec::Level(*l.spec()))
        .collect();
    specs.extend(args.engines.iter().map(|c| PlayerSpec::Uci(c.clone())));
    anyhow::ensure!(
        specs.len() == 2,
        "a match needs exactly two players (levels and --engine commands), got {}",
        specs.len()
    );
    anyhow::ensure!(args.games >= 1, "--games must be at least 1");
    anyhow::ensure!(
        args.level_time_scale > 0.0 && args.level_time_scale <= MAX_TIME_SCALE,
        "--level-time-scale must be a number above 0 and at most {MAX_TIME_SCALE}, not {}",
        args.level_time_scale
    );
    if let Some(ms) = args.movetime {
        anyhow::ensure!(
            ms <= MAX_MOVETIME_MS,
            "--movetime must be at most {MAX_MOVETIME_MS} ms (about 11 days), not {ms}"
        );
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max_concurrency = MAX_GAMES_PER_CORE * cores;
    if let Some(c) = args.concurrency {
        anyhow::ensure!(
            (1..=max_concurrency).contains(&c),
            "--concurrency must be from 1 to {max_concurrency} ({MAX_GAMES_PER_CORE} games a core), not {c}"
        );
    }
    let tc = match (&args.movetime, &args.tc) {
        (Some(_), Some(_)) => anyhow::bail!("give --movetime or --tc, not both"),
        (Some(ms), None) => TimeControl::MoveTime(Duration::from_millis((*ms).max(1))),
        (None, Some(t)) => parse_tc(t)?,
        (None, None) => {
            if specs.iter().any(|s| matches!(s, PlayerSpec::Uci(_))) {
                TimeControl::MoveTime(Duration::from_millis(1000))
            } else {
                TimeControl::Level(args.level_time_scale)
            }
        }
    };
    // An engine that cannot start is a mistake in the command line, not a match of forfeits.
    for spec in &specs {
        if let PlayerSpec::Uci(cmd) = spec {
            UciEngine::start(cmd, &rules)
                .with_context(|| format!("engine '{cmd}' does not start as a UCI engine"))?;
        }
    }
    let egdb = match Prober::open(args.egdb_path.as_deref(), &rules) {
        Ok(p) => p.map(Arc::new),
        Err(e) => {
            eprintln!("endgame databases not used: {e}");
            None
        }
    };
    let names = [specs[0].name(), specs[1].name()];
    let concurrency = args.concurrency.unwrap_or(cores).clamp(1, args.games);
    let ogn = Mutex::new(
        File::create(&args.ogn).with_context(|| format!("cannot write {}", args.ogn.display()))?,
    );
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<GameResult>> = Mutex::new(Vec::new());
    // A bar on a terminal (indicatif, on standard error); where standard error is not a
    // terminal (CI logs) it is hidden and a line is written every 10 games instead.
    let bar = ProgressBar::new(args.games as u64).with_style(
        ProgressStyle::with_template("[{bar:30}] {pos}/{len} {msg} ({elapsed}, ETA {eta})")?
            .progress_chars("#>-"),
    );
    let started = Instant::now();
    eprintln!(
        "{} vs {}: {} games, {} at a time, rules {rules}",
        names[0], names[1], args.games, concurrency
    );
    std::thread::scope(|s| {
        for _ in 0..concurrency {
            s.spawn(|| {
                let mut players = [
                    Player::new(&specs[0], egdb.clone()),
                    Player::new(&specs[1], egdb.clone()),
                ];
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.games {
                        break;
                    }
                    let r = play_game(i, &mut players, &names, &rules, tc);
                    if let Ok(mut f) = ogn.lock() {
                        let _ = writeln!(f, "{}", r.record);
                    }
                    let mut all = results.lock().unwrap_or_else(|e| e.into_inner());
                    all.push(r);
                    let done = all.len();
                    let pts: f64 = all.iter().map(|r| r.first_points).sum();
                    let score = format!("{} {pts} - {} {}", names[0], done as f64 - pts, names[1]);
                    if bar.is_hidden() {
                        if done.is_multiple_of(10) || done == args.games {
                            let secs = started.elapsed().as_secs_f64();
                            eprintln!("{done}/{} {score} ({secs:.0}s)", args.games);
                        }
                    } else {
                        bar.set_message(score);
                        bar.inc(1);
                    }
                }
            });
        }
    });
    bar.finish();
    if !bar.is_hidden() {
        // The bar stays on its line; what follows starts on the next.
        eprintln!();
    }
    let mut all = results.into_inner().unwrap_or_else(|e| e.into_inner());
    all.sort_by_key(|r| r.index);
    let wins = all.iter().filter(|r| r.first_points == 1.0).count();
    let draws = all.iter().filter(|r| r.first_points == 0.5).count();
    let losses = all.len() - wins - draws;
    let pts = wins as f64 + 0.5 * draws as f64;
    let n = all.len() as f64;
    let (e, err) = elo(wins, draws, losses);
    let width = names.iter().map(|n| n.len()).max().unwrap_or(6).max(6);
    println!("{:<width$}  games  wins  draws  losses  score", "player");
    println!(
        "{:<width$}  {:>5}  {:>4}  {:>5}  {:>6}  {:.1}%",
        names[0],
        all.len(),
        wins,
        draws,
        losses,
        100.0 * pts / n
    );
    println!(
        "{:<width$}  {:>5}  {:>4}  {:>5}  {:>6}  {:.1}%",
        names[1],
        all.len(),
        losses,
        draws,
        wins,
        100.0 * (n - pts) / n
    );
    let diff = if wins + draws == 0 {
        format!("below {e:+.0} (no points)")
    } else if losses + draws == 0 {
        format!("above {e:+.0} (every point)")
    } else {
        format!("{e:+.0} ± {err:.0} (95%)")
    };
    println!(
        "Elo difference ({} - {}): {diff}; games in {}",
        names[0],
        names[1],
        args.ogn.display()
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        let (e, err) = elo(10, 80, 10);
        assert!(e.abs() < 1e-9 && err > 0.0);
        let (e, _) = elo(75, 0, 25);
        assert!((e - 190.8).abs() < 1.0, "{e}");
        assert!(elo(100, 0, 0).0 > 600.0);
    }

    #[test]
    fn openings_are_legal() {
        for o in OPENINGS {
            let mut g = Game::new(Rules::default());
            for m in movetext::parse_list(o).unwrap() {
                g.play_text(&m).unwrap();
            }
            assert!(!g.is_over());
        }
    }

    #[test]
    fn clock_text() {
        assert!(parse_tc("10+0.1").is_ok());
        assert!(parse_tc("5").is_ok());
        assert!(parse_tc("x+1").is_err());
        assert!(parse_tc("0+1").is_err());
    }
}
