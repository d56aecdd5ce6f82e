//! The engine process: any program that speaks Aualé's UCI dialect (`oware uci` does), started
//! per game, its lines read through a [`LineCutter`] with a cap and every answer awaited with a
//! deadline. The process is killed when the [`Engine`] is dropped (`kill_on_drop`), so neither a
//! stopped bridge nor a lost game task leaves one behind.
//!
//! The engine is trusted for nothing: a line past [`MAX_LINE`], an answer past its deadline or
//! an end of output is an [`EngineError`]; the move it names is checked against the rules by
//! the game task before it is sent.

use std::collections::VecDeque;
use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::Instant;

use crate::config::EngineConfig;
use crate::lines::{LineCutter, MAX_LINE};

/// How long an engine is given to answer `bestmove` after `stop`.
pub const STOP_WAIT: Duration = Duration::from_secs(1);
/// How long an engine is given to end after `quit` before it is killed.
pub const QUIT_WAIT: Duration = Duration::from_secs(1);

/// The engine's command line, split as a shell would (`"oware uci --level hard"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
}

impl EngineCommand {
    /// Splits `cmd`; an empty command or unbalanced quotes are an error.
    pub fn parse(cmd: &str) -> Result<EngineCommand, String> {
        let words = shlex::split(cmd)
            .ok_or_else(|| format!("the engine command {cmd:?} has unbalanced quotes"))?;
        let mut words = words.into_iter();
        let program = words
            .next()
            .ok_or_else(|| "the engine command is empty".to_string())?;
        Ok(EngineCommand {
            program,
            args: words.collect(),
        })
    }
}

/// Why the engine failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// It could not be started.
    Spawn(String),
    /// It did not answer in time (what was awaited).
    Timeout(&'static str),
    /// Its output ended (it exited or closed it).
    Ended,
    /// It wrote a line past the cap.
    LineTooLong,
    /// Writing to it or reading from it failed.
    Io(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Spawn(e) => write!(f, "the engine cannot be started: {e}"),
            EngineError::Timeout(what) => write!(f, "the engine did not answer {what} in time"),
            EngineError::Ended => f.write_str("the engine ended"),
            EngineError::LineTooLong => {
                write!(f, "the engine wrote a line longer than {MAX_LINE} bytes")
            }
            EngineError::Io(e) => write!(f, "talking to the engine failed: {e}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// The limits of one `go`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Go {
    /// The clocks, in ms: `go wtime W btime B winc WI binc BI` (`w` is South).
    Clock {
        /// South's time left.
        wtime: u64,
        /// North's time left.
        btime: u64,
        /// South's increment.
        winc: u64,
        /// North's increment.
        binc: u64,
    },
    /// A fixed time: `go movetime N`.
    MoveTime(u64),
}

impl Go {
    /// The `go` line.
    pub fn line(&self) -> String {
        match *self {
            Go::Clock {
                wtime,
                btime,
                winc,
                binc,
            } => format!("go wtime {wtime} btime {btime} winc {winc} binc {binc}"),
            Go::MoveTime(ms) => format!("go movetime {ms}"),
        }
    }
}

/// The engine's score of the position for the side to move, from its last `info` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// `score cp N`.
    Cp(i32),
    /// `score mate N`: a game end found in N moves (negative: lost).
    Mate(i32),
}

impl Score {
    /// The score as centi-seeds, a game end far past any evaluation.
    pub fn as_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }
}

/// The answer to a `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thought {
    /// The move named by `bestmove` (`None` for `0000` or `(none)`).
    pub best: Option<String>,
    /// The last score the engine gave, if any.
    pub score: Option<Score>,
}

/// A running engine.
#[derive(Debug)]
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: ChildStdout,
    cutter: LineCutter,
    lines: VecDeque<String>,
    options: Vec<String>,
    name: String,
}

impl Engine {
    /// Starts the engine and speaks `uci`, the config's `setoption`s and `isready`, each answer
    /// awaited at most `config.start_timeout_ms`.
    pub async fn start(cmd: &EngineCommand, config: &EngineConfig) -> Result<Engine, EngineError> {
        let mut child = Command::new(&cmd.program)
            .args(&cmd.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| EngineError::Spawn(format!("{}: {e}", cmd.program)))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(EngineError::Spawn("no pipes to the engine".into()));
        };
        let mut engine = Engine {
            child,
            stdin,
            stdout,
            cutter: LineCutter::new(MAX_LINE),
            lines: VecDeque::new(),
            options: Vec::new(),
            name: cmd.program.clone(),
        };
        let wait = Duration::from_millis(config.start_timeout_ms);
        engine.send("uci").await?;
        let deadline = Instant::now() + wait;
        loop {
            let line = engine.next_line(deadline, "uciok").await?;
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some("uciok"), _) => break,
                (Some("id"), Some("name")) => {
                    let name: Vec<&str> = words.collect();
                    engine.name = name.join(" ").chars().take(80).collect();
                }
                (Some("option"), Some("name")) if engine.options.len() < 256 => {
                    let name: Vec<&str> = words.take_while(|w| *w != "type").collect();
                    engine.options.push(name.join(" ").to_ascii_lowercase());
                }
                _ => {}
            }
        }
        for (k, v) in &config.options {
            engine
                .send(&format!("setoption name {k} value {v}"))
                .await?;
        }
        engine.ready(wait).await?;
        Ok(engine)
    }

    /// The name the engine gave (`id name`), or its program.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the engine listed the option `name` (any case) after `uci`.
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o.eq_ignore_ascii_case(name))
    }

    /// `isready`, awaiting `readyok`.
    pub async fn ready(&mut self, wait: Duration) -> Result<(), EngineError> {
        self.send("isready").await?;
        let deadline = Instant::now() + wait;
        while self.next_line(deadline, "readyok").await?.trim() != "readyok" {}
        Ok(())
    }

    /// `ucinewgame`, the game's rules for an engine that has the options (`Repetition`,
    /// `GrandSlam`), then `isready`.
    pub async fn new_game(
        &mut self,
        rules: &oware_core::Rules,
        wait: Duration,
    ) -> Result<(), EngineError> {
        self.send("ucinewgame").await?;
        if self.has_option("Repetition") {
            self.send(&format!(
                "setoption name Repetition value {}",
                rules.repetition
            ))
            .await?;
        }
        if self.has_option("GrandSlam") {
            self.send(&format!(
                "setoption name GrandSlam value {}",
                rules.grand_slam
            ))
            .await?;
        }
        self.ready(wait).await
    }

    /// Sends `position` and `go` and awaits `bestmove`: at most `wait`, then `stop` and at
    /// most [`STOP_WAIT`] more.
    pub async fn think(
        &mut self,
        position: &str,
        go: &Go,
        wait: Duration,
    ) -> Result<Thought, EngineError> {
        self.send(position).await?;
        self.send(&go.line()).await?;
        let mut score = None;
        let mut deadline = Instant::now() + wait;
        let mut stopped = false;
        loop {
            let line = match self.next_line(deadline, "bestmove").await {
                Err(EngineError::Timeout(_)) if !stopped => {
                    stopped = true;
                    self.send("stop").await?;
                    deadline = Instant::now() + STOP_WAIT;
                    continue;
                }
                other => other?,
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let best = words
                        .next()
                        .filter(|m| !matches!(*m, "0000" | "(none)"))
                        .map(|m| m.chars().take(8).collect());
                    return Ok(Thought { best, score });
                }
                Some("info") => score = read_score(&line).or(score),
                _ => {}
            }
        }
    }

    /// Sends `quit`, gives the engine [`QUIT_WAIT`] to end, then kills it.
    pub async fn quit(mut self) {
        let _ = self.send("quit").await;
        if tokio::time::timeout(QUIT_WAIT, self.child.wait())
            .await
            .is_err()
        {
            let _ = self.child.kill().await;
        }
    }

    async fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.stdin
            .write_all(&bytes)
            .await
            .map_err(|e| EngineError::Io(e.to_string()))?;
        self.stdin
            .flush()
            .await
            .map_err(|e| EngineError::Io(e.to_string()))
    }

    /// The next line the engine writes, before `deadline`.
    async fn next_line(
        &mut self,
        deadline: Instant,
        what: &'static str,
    ) -> Result<String, EngineError> {
        let mut chunk = [0u8; 8192];
        loop {
            if let Some(line) = self.lines.pop_front() {
                return Ok(line);
            }
            let n = tokio::time::timeout_at(deadline, self.stdout.read(&mut chunk))
                .await
                .map_err(|_| EngineError::Timeout(what))?
                .map_err(|e| EngineError::Io(e.to_string()))?;
            if n == 0 {
                return Err(EngineError::Ended);
            }
            let lines = self
                .cutter
                .push(&chunk[..n])
                .map_err(|_| EngineError::LineTooLong)?;
            self.lines.extend(lines);
        }
    }
}

/// The score of an `info` line: `score cp N` or `score mate N`.
pub fn read_score(line: &str) -> Option<Score> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score")?;
    let n = words.get(at + 2)?.parse::<i32>().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(Score::Cp(n)),
        "mate" => Some(Score::Mate(n)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_split_as_a_shell_would() {
        assert_eq!(
            EngineCommand::parse("oware uci --level 'hard'").unwrap(),
            EngineCommand {
                program: "oware".into(),
                args: vec!["uci".into(), "--level".into(), "hard".into()]
            }
        );
        assert!(EngineCommand::parse("  ").is_err());
        assert!(EngineCommand::parse("oware 'uci").is_err());
    }

    #[test]
    fn go_lines_and_scores() {
        let go = Go::Clock {
            wtime: 1000,
            btime: 2000,
            winc: 10,
            binc: 20,
        };
        assert_eq!(go.line(), "go wtime 1000 btime 2000 winc 10 binc 20");
        assert_eq!(Go::MoveTime(50).line(), "go movetime 50");
        assert_eq!(
            read_score("info depth 3 score cp -150 nodes 10 pv Fc"),
            Some(Score::Cp(-150))
        );
        assert_eq!(
            read_score("info depth 3 score mate -2"),
            Some(Score::Mate(-2))
        );
        assert_eq!(read_score("info string score cp"), None);
        assert_eq!(read_score("info depth 3"), None);
        assert!(Score::Mate(3).as_cp() > 10_000 && Score::Mate(-3).as_cp() < -10_000);
    }

    /// A shell "engine" (a script of lines per command): no `oware` binary needed here.
    #[cfg(unix)]
    fn script(text: &str) -> EngineCommand {
        EngineCommand {
            program: "sh".into(),
            args: vec!["-c".into(), text.into()],
        }
    }

    #[cfg(unix)]
    #[tokio::test(start_paused = true)]
    async fn a_silent_engine_times_out_and_is_stopped() {
        // Reads its input and never answers: `uciok` never comes.
        let config = EngineConfig::default();
        let e = Engine::start(&script("cat > /dev/null"), &config)
            .await
            .unwrap_err();
        assert_eq!(e, EngineError::Timeout("uciok"));
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn an_engine_that_never_says_bestmove_is_stopped_then_given_up() {
        let config = EngineConfig::default();
        let mut engine = Engine::start(
            &script(
                "while read l; do case $l in uci) echo 'id name Mute'; echo uciok;; \
                 isready) echo readyok;; go*) echo 'info depth 1 score cp 5';; esac; done",
            ),
            &config,
        )
        .await
        .unwrap();
        assert_eq!(engine.name(), "Mute");
        // From here the clock only moves when nothing else can happen: the deadlines pass
        // without waiting for them.
        tokio::time::pause();
        let e = engine
            .think(
                "position startpos",
                &Go::MoveTime(10),
                Duration::from_secs(2),
            )
            .await
            .unwrap_err();
        assert_eq!(e, EngineError::Timeout("bestmove"));
        engine.quit().await;
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn an_engine_line_past_the_cap_or_an_exit_is_an_error() {
        let config = EngineConfig::default();
        let flood = format!("head -c {} /dev/zero | tr '\\0' x; echo", MAX_LINE + 10);
        let e = Engine::start(&script(&flood), &config).await.unwrap_err();
        assert_eq!(e, EngineError::LineTooLong);
        let e = Engine::start(&script("exit 0"), &config).await.unwrap_err();
        assert!(
            matches!(e, EngineError::Ended | EngineError::Io(_)),
            "{e:?}"
        );
        let e = Engine::start(
            &EngineCommand {
                program: "/nonexistent/engine".into(),
                args: vec![],
            },
            &config,
        )
        .await
        .unwrap_err();
        assert!(matches!(e, EngineError::Spawn(_)), "{e:?}");
    }
}
