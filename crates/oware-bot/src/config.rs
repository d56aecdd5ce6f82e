//! The bridge's settings: the TOML file of `oware bot --config bot.toml`, every key optional
//! (its default below and in `docs/bot-bridge.md`), an unknown key an error that names it.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Deserialize;

/// The largest config file read, in bytes.
pub const MAX_CONFIG_BYTES: u64 = 64 * 1024;
/// The most games the bridge plays at once, whatever the config says.
pub const MAX_GAMES_CAP: usize = 64;

/// The whole config.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Which challenges are accepted.
    pub challenge: ChallengeConfig,
    /// How the engine is run.
    pub engine: EngineConfig,
    /// How draw offers are answered.
    pub draw: DrawConfig,
    /// What the bridge does in a game besides moving.
    pub game: GameConfig,
    /// The connection to the server.
    pub connection: ConnectionConfig,
}

/// `[challenge]`: the challenges accepted; any other is declined with a reason.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChallengeConfig {
    /// Accept challenges at all (`false`: play only the games already started).
    pub accept: bool,
    /// Accept rated challenges.
    pub rated: bool,
    /// Accept casual challenges.
    pub casual: bool,
    /// Accept challenges from bot accounts.
    pub bots: bool,
    /// Accept challenges from people (accounts that are not bots).
    pub people: bool,
    /// Accept games without a clock.
    pub unclocked: bool,
    /// Accept correspondence clocks (whole days a move).
    pub correspondence: bool,
    /// The shortest initial time accepted, in seconds.
    pub min_initial_s: u64,
    /// The longest initial time accepted, in seconds (live clocks).
    pub max_initial_s: u64,
    /// The smallest increment accepted, in seconds.
    pub min_increment_s: u64,
    /// The largest increment accepted, in seconds.
    pub max_increment_s: u64,
    /// The most games played at once (1 to 64); a challenge beyond is declined.
    pub max_games: usize,
    /// When not empty, only challenges from these accounts are accepted.
    pub allow: Vec<String>,
    /// Challenges from these accounts are declined.
    pub deny: Vec<String>,
}

impl Default for ChallengeConfig {
    fn default() -> Self {
        ChallengeConfig {
            accept: true,
            rated: true,
            casual: true,
            bots: true,
            people: true,
            unclocked: false,
            correspondence: false,
            min_initial_s: 60,
            max_initial_s: 1800,
            min_increment_s: 0,
            max_increment_s: 30,
            max_games: 1,
            allow: Vec::new(),
            deny: Vec::new(),
        }
    }
}

/// `[engine]`: the engine process and its time.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EngineConfig {
    /// `setoption name KEY value VALUE` sent after `uci`, e.g. `{ Hash = "64", Level = "hard" }`.
    pub options: BTreeMap<String, String>,
    /// Taken off the bot's own time in each `go` (network and process lag), in ms.
    pub move_overhead_ms: u64,
    /// `go movetime` in games without a clock, in ms.
    pub unclocked_movetime_ms: u64,
    /// `go movetime` in correspondence games, in ms.
    pub correspondence_movetime_ms: u64,
    /// How long past its own time (or movetime) an engine may take to answer `bestmove` before
    /// it is stopped and restarted, in ms.
    pub grace_ms: u64,
    /// How many times a game's engine is restarted (after a failure to start, a crash, a
    /// timeout or an illegal move); at the next failure the bridge gives the game up: it says
    /// why in the game's chat and resigns (aborts before both sides have moved).
    pub restarts: u32,
    /// How long the engine may take to answer `uci` and `isready`, in ms (Java engines take
    /// seconds to start on a loaded machine).
    pub start_timeout_ms: u64,
    /// How the `position` command lists the moves played: `joined` (`moves EfB`, Aualé's
    /// dialect, the default) or `spaced` (`moves E f B`, as chess engines read UCI).
    pub move_list: MoveList,
}

/// How the `position` command lists the moves played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveList {
    /// The letters joined, `moves EfB`: Aualé's dialect (`docs/engine.md`). Aualé's own engine
    /// reads only this form: to it, `moves E f B` is an error, and it keeps the position it had.
    #[default]
    Joined,
    /// One letter a word, `moves E f B`: an engine built on a chess UCI reader, which reads
    /// one move a word.
    Spaced,
}

impl MoveList {
    /// The list of `letters` in this form.
    pub fn write(self, letters: impl Iterator<Item = char>) -> String {
        match self {
            MoveList::Joined => letters.collect(),
            MoveList::Spaced => {
                let mut out = String::new();
                for (i, c) in letters.enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    out.push(c);
                }
                out
            }
        }
    }
}

impl std::str::FromStr for MoveList {
    type Err = String;

    fn from_str(s: &str) -> Result<MoveList, String> {
        match s {
            "joined" => Ok(MoveList::Joined),
            "spaced" => Ok(MoveList::Spaced),
            _ => Err(format!(
                "the move list is `joined` (moves EfB, Aualé's dialect) or `spaced` (moves E f B), not {:?}",
                oware_protocol::printable::clean_to(s, 40)
            )),
        }
    }
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            options: BTreeMap::new(),
            move_overhead_ms: 300,
            unclocked_movetime_ms: 2000,
            correspondence_movetime_ms: 10_000,
            grace_ms: 5000,
            restarts: 1,
            start_timeout_ms: 30_000,
            move_list: MoveList::Joined,
        }
    }
}

/// `[draw]`: draw offers are declined unless `accept` and the engine's own score say yes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DrawConfig {
    /// Consider accepting draw offers at all.
    pub accept: bool,
    /// Not before this many plies have been played.
    pub min_ply: usize,
    /// Only when the engine's last score for the bot is at most this, in seeds×100 (`cp`).
    pub max_score_cp: i32,
}

impl Default for DrawConfig {
    fn default() -> Self {
        DrawConfig {
            accept: false,
            min_ply: 60,
            max_score_cp: 0,
        }
    }
}

/// `[game]`: what the bridge does in a game besides moving.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameConfig {
    /// Claim the win when the server says the opponent has left long enough.
    pub claim_victory: bool,
    /// A chat line sent to the players at the start (empty: none).
    pub greeting: String,
    /// A chat line sent at the end (empty: none).
    pub goodbye: String,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            claim_victory: true,
            greeting: String::new(),
            goodbye: String::new(),
        }
    }
}

/// `[connection]`: reconnection and silent streams.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ConnectionConfig {
    /// The first wait before reconnecting, in ms; it doubles at each failure.
    pub backoff_initial_ms: u64,
    /// The longest wait before reconnecting, in ms.
    pub backoff_max_ms: u64,
    /// A stream silent this long (no keep-alive either) is given up and reopened, in seconds.
    pub stream_timeout_s: u64,
}

impl Default for ConnectionConfig {
    fn default() -> Self {
        ConnectionConfig {
            backoff_initial_ms: 1000,
            backoff_max_ms: 60_000,
            stream_timeout_s: 30,
        }
    }
}

impl ConnectionConfig {
    /// The stream's silence limit.
    pub fn stream_timeout(&self) -> Duration {
        Duration::from_secs(self.stream_timeout_s)
    }
}

impl Config {
    /// Reads the TOML text of a config file and checks its values.
    pub fn parse(text: &str) -> Result<Config, String> {
        let config: Config = toml::from_str(text).map_err(|e| {
            // toml's message quotes the line; one line of the error is enough.
            e.to_string().trim_end().to_string()
        })?;
        config.check()?;
        Ok(config)
    }

    /// Reads a config file (at most [`MAX_CONFIG_BYTES`]).
    pub fn read(path: &std::path::Path) -> Result<Config, String> {
        let text = read_capped(path, MAX_CONFIG_BYTES)?;
        Config::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The checks serde cannot make: ranges in order, counts in bounds, option lines that
    /// cannot carry a second command.
    pub fn check(&self) -> Result<(), String> {
        let c = &self.challenge;
        if c.min_initial_s > c.max_initial_s {
            return Err(format!(
                "challenge.min_initial_s ({}) is more than challenge.max_initial_s ({})",
                c.min_initial_s, c.max_initial_s
            ));
        }
        if c.min_increment_s > c.max_increment_s {
            return Err(format!(
                "challenge.min_increment_s ({}) is more than challenge.max_increment_s ({})",
                c.min_increment_s, c.max_increment_s
            ));
        }
        if !(1..=MAX_GAMES_CAP).contains(&c.max_games) {
            return Err(format!(
                "challenge.max_games is {}: it must be from 1 to {MAX_GAMES_CAP}",
                c.max_games
            ));
        }
        for (k, v) in &self.engine.options {
            let bad = |s: &str| s.chars().any(|ch| ch.is_control()) || s.len() > 256;
            if k.trim().is_empty() || bad(k) || bad(v) || k.contains(" value ") {
                return Err(format!(
                    "engine.options: {k:?} = {v:?} cannot be sent as one setoption line"
                ));
            }
        }
        for (key, text) in [
            ("game.greeting", &self.game.greeting),
            ("game.goodbye", &self.game.goodbye),
        ] {
            if text.len() > 140 {
                return Err(format!("{key} is longer than 140 bytes"));
            }
        }
        let e = &self.engine;
        if !(1000..=600_000).contains(&e.start_timeout_ms) {
            return Err(format!(
                "engine.start_timeout_ms is {}: it must be from 1000 to 600000",
                e.start_timeout_ms
            ));
        }
        if e.restarts > 10 {
            return Err(format!(
                "engine.restarts is {}: it must be from 0 to 10",
                e.restarts
            ));
        }
        let n = &self.connection;
        if n.backoff_initial_ms == 0 || n.backoff_initial_ms > n.backoff_max_ms {
            return Err(format!(
                "connection.backoff_initial_ms ({}) must be from 1 to connection.backoff_max_ms ({})",
                n.backoff_initial_ms, n.backoff_max_ms
            ));
        }
        if !(1..=3600).contains(&n.stream_timeout_s) {
            return Err(format!(
                "connection.stream_timeout_s is {}: it must be from 1 to 3600 (the server sends a \
                 keep-alive every few seconds)",
                n.stream_timeout_s
            ));
        }
        Ok(())
    }
}

/// A small file's text, refused past `max` bytes before it is read whole.
pub fn read_capped(path: &std::path::Path, max: u64) -> Result<String, String> {
    use std::io::Read;
    let file =
        std::fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > max {
        return Err(format!("{} is larger than {max} bytes", path.display()));
    }
    String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_file_is_every_default() {
        let c = Config::parse("").unwrap();
        assert_eq!(c, Config::default());
        assert!(c.challenge.accept && c.challenge.rated && c.challenge.casual);
        assert!(!c.challenge.unclocked && !c.challenge.correspondence);
        assert_eq!(c.challenge.max_games, 1);
        assert_eq!(
            (c.challenge.min_initial_s, c.challenge.max_initial_s),
            (60, 1800)
        );
        assert!(!c.draw.accept);
        assert!(c.game.claim_victory);
        assert_eq!(c.engine.move_overhead_ms, 300);
        assert_eq!(c.engine.move_list, MoveList::Joined, "Aualé's dialect");
        assert_eq!(c.engine.start_timeout_ms, 30_000);
        assert_eq!(c.engine.restarts, 1, "the second failure gives the game up");
        assert_eq!(c.connection.stream_timeout(), Duration::from_secs(30));
    }

    #[test]
    fn a_full_file_is_read() {
        let c = Config::parse(
            r#"
            [challenge]
            rated = false
            max_games = 3
            min_initial_s = 180
            max_initial_s = 600
            max_increment_s = 5
            deny = ["spammer"]

            [engine]
            options = { Hash = "32", Level = "hard" }
            move_overhead_ms = 100
            move_list = "spaced"
            start_timeout_ms = 60000

            [draw]
            accept = true
            min_ply = 40
            max_score_cp = -50

            [game]
            greeting = "good luck"

            [connection]
            backoff_max_ms = 5000
            "#,
        )
        .unwrap();
        assert!(!c.challenge.rated);
        assert_eq!(c.challenge.max_games, 3);
        assert_eq!(c.challenge.deny, vec!["spammer".to_string()]);
        assert_eq!(
            c.engine.options.get("Level").map(String::as_str),
            Some("hard")
        );
        assert_eq!(c.engine.move_overhead_ms, 100);
        assert_eq!(c.engine.move_list, MoveList::Spaced);
        assert_eq!(c.engine.start_timeout_ms, 60_000);
        // Keys not given keep their defaults.
        assert_eq!(c.engine.grace_ms, 5000);
        assert_eq!(c.draw.max_score_cp, -50);
        assert_eq!(c.game.greeting, "good luck");
        assert!(c.game.claim_victory);
        assert_eq!(c.connection.backoff_max_ms, 5000);
        assert_eq!(c.connection.backoff_initial_ms, 1000);
    }

    #[test]
    fn an_unknown_key_or_a_bad_value_is_a_clear_error() {
        let e = Config::parse("[challenge]\nmax_gmes = 2\n").unwrap_err();
        assert!(e.contains("unknown field `max_gmes`"), "{e}");
        assert!(e.contains("max_games"), "the error lists the keys: {e}");
        let e = Config::parse("[clock]\n").unwrap_err();
        assert!(e.contains("unknown field `clock`"), "{e}");
        let e = Config::parse("[challenge]\nmax_games = \"two\"\n").unwrap_err();
        assert!(e.contains("max_games"), "{e}");
        let e = Config::parse("[challenge]\nmax_games = 0\n").unwrap_err();
        assert!(e.contains("from 1 to 64"), "{e}");
        let e =
            Config::parse("[challenge]\nmin_initial_s = 900\nmax_initial_s = 60\n").unwrap_err();
        assert!(e.contains("min_initial_s (900)"), "{e}");
        let e = Config::parse("[engine]\noptions = { Hash = \"1\\nquit\" }\n").unwrap_err();
        assert!(e.contains("one setoption line"), "{e}");
        let e = Config::parse("[connection]\nbackoff_initial_ms = 0\n").unwrap_err();
        assert!(e.contains("backoff_initial_ms"), "{e}");
        let e = Config::parse("[engine]\nmove_list = \"commas\"\n").unwrap_err();
        assert!(e.contains("joined") && e.contains("spaced"), "{e}");
        let e = Config::parse("[engine]\nstart_timeout_ms = 10\n").unwrap_err();
        assert!(e.contains("start_timeout_ms"), "{e}");
        assert!(Config::parse("not toml at all [").is_err());
    }

    #[test]
    fn move_lists_are_written_in_the_engine_s_dialect() {
        assert_eq!(MoveList::Joined.write("EfB".chars()), "EfB");
        assert_eq!(MoveList::Spaced.write("EfB".chars()), "E f B");
        assert_eq!(MoveList::Joined.write("".chars()), "");
        assert_eq!("joined".parse::<MoveList>(), Ok(MoveList::Joined));
        assert_eq!("spaced".parse::<MoveList>(), Ok(MoveList::Spaced));
        let e = "x\u{1b}[2J".parse::<MoveList>().unwrap_err();
        assert!(!e.contains('\u{1b}'), "{e}");
    }

    #[test]
    fn a_file_past_the_cap_is_refused() {
        let dir = std::env::temp_dir().join(format!("oware-bot-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let big = dir.join("big.toml");
        std::fs::write(&big, "#".repeat(MAX_CONFIG_BYTES as usize + 1)).unwrap();
        let e = Config::read(&big).unwrap_err();
        assert!(e.contains("larger than"), "{e}");
        let ok = dir.join("ok.toml");
        std::fs::write(&ok, "[draw]\naccept = true\n").unwrap();
        assert!(Config::read(&ok).unwrap().draw.accept);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
