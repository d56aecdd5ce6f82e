//! `oware bot` end to end with real processes: a real `oware serve --port 0` on a temporary
//! SQLite file, bot accounts made through the API (sign-up, a token with the bots' scopes, the
//! upgrade to a bot), `oware bot` bridging `oware uci`, and
//!
//! - a person (Kofi, through the page's API) challenging the bot to a rated game with a clock
//!   and playing it to its end against the bridged engine;
//! - two bridged engines playing each other a rated game with a clock, one challenging the
//!   other with its token;
//!
//! each bridge then stopped by SIGINT (Ctrl-C): exit code 0, nothing resigned, its token never
//! in its log.
#![cfg(unix)]

#[path = "run/mod.rs"]
mod run;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use oware_bot::client::LineStream;
use oware_bot::wire::{AccountEvent, Status};
use oware_bot::{Client, Token};
use run::Serve;
use serde_json::{json, Value};

const PASSWORD: &str = "kente cloth 1957";
/// A deadline against a hang only: every wait below ends on an event.
const HANG: Duration = Duration::from_secs(300);

fn oware() -> &'static str {
    env!("CARGO_BIN_EXE_oware")
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// An account of the site, through the page's API (its session cookie).
struct Account {
    client: reqwest::Client,
    base: String,
    cookie: String,
}

impl Account {
    async fn sign_up(base: &str, name: &str) -> Account {
        let client = reqwest::Client::new();
        let r = run::json_request(
            &client,
            "POST",
            format!("{base}/api/account/signup"),
            Some(json!({ "name": name, "password": PASSWORD })),
        )
        .send()
        .await
        .unwrap();
        assert!(r.status().is_success(), "sign-up: {}", r.status());
        let cookie = run::session_cookie(r.headers()).expect("a session cookie");
        Account {
            client,
            base: base.to_string(),
            cookie,
        }
    }

    /// One request with the session cookie, or the bearer token if given: status and body.
    async fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
        bearer: Option<&str>,
    ) -> (u16, Value) {
        let r = run::json_request(&self.client, method, format!("{}{path}", self.base), body);
        let r = match bearer {
            Some(t) => r.bearer_auth(t),
            None => r.header("cookie", format!("oware_session={}", self.cookie)),
        };
        let res = r.send().await.expect("the server answers");
        let status = res.status().as_u16();
        let text = res.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// A token with the bots' scopes.
    async fn token(&self) -> String {
        let (status, v) = self
            .call(
                "POST",
                "/api/account/tokens",
                Some(json!({
                    "description": "oware bot test",
                    "scopes": ["bot:play", "challenge:read", "challenge:write"],
                })),
                None,
            )
            .await;
        assert!(status == 200 || status == 201, "{status} {v}");
        v["token"].as_str().expect("the token").to_string()
    }

    /// Signs up `name`, makes a token and upgrades the account to a bot.
    async fn bot(base: &str, name: &str) -> (Account, String) {
        let account = Account::sign_up(base, name).await;
        let token = account.token().await;
        let (status, v) = account
            .call("POST", "/api/bot/account/upgrade", None, Some(&token))
            .await;
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["bot"], true, "{v}");
        (account, token)
    }

    /// Waits until `bot`'s bridge is connected (the bots online list it): a bot without its
    /// event stream open declines a challenge at once.
    async fn wait_online(&self, bot: &str) {
        tokio::time::timeout(HANG, async {
            loop {
                let (_, online) = self.call("GET", "/api/bot/online", None, None).await;
                let listed = online["bots"]
                    .as_array()
                    .is_some_and(|b| b.iter().any(|b| b["name"] == bot));
                if listed {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
        .await
        .expect("the bot came online");
    }

    /// Challenges `bot` to a rated game with a clock (300 s + 2 s), taking South; once the game
    /// starts, takes the seat: the game's id and the seat's token.
    async fn challenge_south(&self, token: &str, bot: &str) -> (String, String) {
        let mut my_events = events(&self.base, token).await;
        self.wait_online(bot).await;
        let (status, v) = self
            .call(
                "POST",
                &format!("/api/challenge/{bot}"),
                Some(json!({ "rated": true, "clock": { "initial_s": 300, "increment_s": 2 }, "side": "south" })),
                None,
            )
            .await;
        assert!(status == 200 || status == 201, "{status} {v}");
        let id = until_event(&mut my_events, |e| match e {
            AccountEvent::GameStart { game } => Some(game.id),
            _ => None,
        })
        .await;
        // The seat follows the account.
        let (status, seat) = self
            .call(
                "POST",
                &format!("/api/games/{id}/seat"),
                Some(json!({})),
                None,
            )
            .await;
        assert_eq!(status, 200, "{seat}");
        let seat_token = seat["token"].as_str().unwrap().to_string();
        (id, seat_token)
    }

    /// Plays South in game `id` with its seat token: the first legal pit on each of South's
    /// turns, the state followed by long polls, each move posted added to `played` (its ply,
    /// from 0, and its letter). Returns the state once the game is over, or right after the
    /// move that makes `played` `stop_after` long.
    async fn play_south(
        &self,
        id: &str,
        seat_token: &str,
        played: &mut Vec<(usize, String)>,
        stop_after: Option<usize>,
    ) -> Value {
        let (_, mut state) = self
            .call("GET", &format!("/api/games/{id}"), None, None)
            .await;
        tokio::time::timeout(HANG, async {
            loop {
                if ["over", "aborted"].contains(&state["online"]["status"].as_str().unwrap_or("")) {
                    return state;
                }
                if state["position"]["turn"] == "S" {
                    let letter = run::first_legal_pit(&state);
                    let ply = state["moves"].as_array().map_or(0, Vec::len);
                    let r = run::json_request(
                        &self.client,
                        "POST",
                        format!("{}/api/games/{id}/moves", self.base),
                        Some(json!({ "move": letter })),
                    )
                    .header("cookie", format!("oware_session={}", self.cookie))
                    .header("x-seat-token", seat_token)
                    .send()
                    .await
                    .unwrap();
                    assert_eq!(r.status().as_u16(), 200);
                    played.push((ply, letter));
                    if stop_after.is_some_and(|n| played.len() >= n) {
                        return state;
                    }
                }
                let version = state["version"].as_u64().unwrap();
                let path = format!("/api/games/{id}?since={version}&wait_ms=20000");
                state = self.call("GET", &path, None, None).await.1;
            }
        })
        .await
        .expect("the game goes on")
    }
}

/// A running `oware bot`, its log in a file.
struct Bot {
    child: Child,
    log: PathBuf,
    token: String,
}

/// The engine command of `oware uci` at its easy level.
fn easy_engine() -> String {
    format!("{} uci --level easy --hash 8", oware())
}

impl Bot {
    fn start(dir: &Path, base: &str, name: &str, token: &str, config: &str) -> Bot {
        Bot::start_with(dir, base, name, token, config, &easy_engine())
    }

    /// `oware bot` with the engine command `engine`.
    fn start_with(
        dir: &Path,
        base: &str,
        name: &str,
        token: &str,
        config: &str,
        engine: &str,
    ) -> Bot {
        let token_file = dir.join(format!("{name}.token"));
        std::fs::write(&token_file, format!("{token}\n")).unwrap();
        let config_file = dir.join(format!("{name}.toml"));
        std::fs::write(&config_file, config).unwrap();
        let log = dir.join(format!("{name}.log"));
        let child = Command::new(oware())
            .args(["bot", "--server", base, "--engine", engine])
            .arg("--token-file")
            .arg(&token_file)
            .arg("--config")
            .arg(&config_file)
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("oware bot starts");
        Bot {
            child,
            log,
            token: token.to_string(),
        }
    }

    /// Ctrl-C: the bridge stops with code 0; its log never holds the token.
    fn interrupt(mut self) -> String {
        let status = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let exit = self.child.wait().unwrap();
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        assert_eq!(exit.code(), Some(0), "{log}");
        assert!(!log.contains(&self.token), "the token was logged:\n{log}");
        assert!(log.contains("stopping"), "{log}");
        log
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `token`'s account events.
async fn events(base: &str, token: &str) -> LineStream {
    let client = Client::new(base, Token::new(token).unwrap()).unwrap();
    client
        .stream("/api/stream/event", Duration::from_secs(60))
        .await
        .expect("the event stream opens")
}

/// Follows the events until `pick` gives a value.
async fn until_event<T>(
    stream: &mut LineStream,
    mut pick: impl FnMut(AccountEvent) -> Option<T>,
) -> T {
    tokio::time::timeout(HANG, async {
        loop {
            let line = stream
                .next_line()
                .await
                .unwrap()
                .expect("the stream goes on");
            if let Ok(event) = serde_json::from_str::<AccountEvent>(&line) {
                if let Some(v) = pick(event) {
                    return v;
                }
            }
        }
    })
    .await
    .expect("the awaited event")
}

/// A foreign engine as Aualé's Aalina is to the bridge: a separate process (Python 3) that
/// reads Aualé's dialect strictly, `position … moves EfB` with the letters joined. A move list
/// in any other form (`moves E f B`) is refused as Aalina refuses it: noted in the file given
/// as its first argument, and the position it had is kept (the next `go` searches that one).
/// Every line it takes is noted there too. The search itself is a real `oware uci` behind it
/// (the rest of its arguments), fed the lines it takes.
///
/// With `--die-after-first-move` before the file, it ends right after its first `bestmove`,
/// and a second start (a marker file beside the notes) ends at once: an engine that crashes
/// and cannot be brought back.
const FOREIGN_ENGINE: &str = r#"
import os, subprocess, sys, threading

args = sys.argv[1:]
die = args[0] == "--die-after-first-move"
if die:
    args = args[1:]
notes_path, command = args[0], args[1:]
marker = notes_path + ".started"
if die and os.path.exists(marker):
    sys.exit(0)
open(marker, "w").close()
notes = open(notes_path, "a")

def note(text):
    notes.write(text + "\n")
    notes.flush()

child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

def relay():
    for line in child.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        if die and line.startswith("bestmove"):
            note("dying")
            os._exit(0)

threading.Thread(target=relay, daemon=True).start()
for line in sys.stdin:
    words = line.split()
    if words[:1] == ["position"] and "moves" in words:
        listed = words[words.index("moves") + 1:]
        if len(listed) > 1 or not all(c in "ABCDEFabcdef" for c in "".join(listed)):
            note("refused: " + line.strip())
            continue
        note("took: " + line.strip())
    child.stdin.write(line)
    child.stdin.flush()
    if words[:1] == ["quit"]:
        break
child.stdin.close()
child.wait()
"#;

/// The foreign engine's command line: its script written into `dir`, its notes in
/// `dir/{name}.notes`.
fn foreign_engine(dir: &Path, name: &str, die: bool) -> (String, PathBuf) {
    let script = dir.join("foreign_engine.py");
    std::fs::write(&script, FOREIGN_ENGINE).unwrap();
    let notes = dir.join(format!("{name}.notes"));
    let command = format!(
        "python3 -u '{}' {}'{}' '{}' uci --level easy --hash 8",
        script.display(),
        if die { "--die-after-first-move " } else { "" },
        notes.display(),
        oware()
    );
    (command, notes)
}

/// Kofi, signed up with a token of his own, challenges `bot` (a bot account bridged by
/// `oware bot` with `config` and the engine command `engine`) as South: Kofi, the bridge, the
/// game's id and Kofi's seat token.
async fn kofi_challenges(
    dir: &Path,
    base: &str,
    bot: &str,
    config: &str,
    engine: &str,
) -> (Account, Bot, String, String) {
    let (_bot_account, bot_token) = Account::bot(base, bot).await;
    let kofi = Account::sign_up(base, "Kofi").await;
    let kofi_token = kofi.token().await;
    let bridge = Bot::start_with(dir, base, bot, &bot_token, config, engine);
    let (id, seat_token) = kofi.challenge_south(&kofi_token, bot).await;
    (kofi, bridge, id, seat_token)
}

/// What a whole game of Kofi's against a bridged engine left, the bridge stopped (the server
/// still running).
struct Finished {
    /// Kept running until the test ends.
    _server: Serve,
    rt: tokio::runtime::Runtime,
    kofi: Account,
    id: String,
    /// The state at the end.
    end: Value,
    /// Kofi's moves (ply and letter).
    played: Vec<(usize, String)>,
    /// The bridge's log.
    log: String,
    /// The foreign engine's notes (empty with `oware uci`).
    notes: String,
    /// From the game's start to the bridge's stop.
    took: Duration,
}

/// In a fresh folder `name`, a server and `bot` bridged by `oware bot` with `config` and
/// `oware uci` (or, with `Some(die)`, the foreign engine: [`foreign_engine`]); Kofi challenges
/// it ([`kofi_challenges`]) and plays the game to its end as South (over); then the bridge is
/// stopped (with [`Bot::interrupt`]'s checks).
fn kofi_plays_to_the_end(name: &str, bot: &str, config: &str, foreign: Option<bool>) -> Finished {
    let dir = run::fresh_dir(name);
    let server = Serve::in_dir(&dir);
    let (engine, notes) = match foreign {
        Some(die) => {
            let (engine, notes) = foreign_engine(&dir, bot, die);
            (engine, Some(notes))
        }
        None => (easy_engine(), None),
    };
    let rt = runtime();
    let (kofi, id, end, played, log, took) = rt.block_on(async {
        let (kofi, bridge, id, seat_token) =
            kofi_challenges(&dir, &server.base, bot, config, &engine).await;
        let started = std::time::Instant::now();
        let mut played = Vec::new();
        let end = kofi.play_south(&id, &seat_token, &mut played, None).await;
        let log = bridge.interrupt();
        (kofi, id, end, played, log, started.elapsed())
    });
    assert_eq!(end["online"]["status"], "over", "{end}");
    let notes = notes.map_or_else(String::new, |n| {
        std::fs::read_to_string(n).unwrap_or_default()
    });
    Finished {
        _server: server,
        rt,
        kofi,
        id,
        end,
        played,
        log,
        notes,
        took,
    }
}

const CONFIG: &str = "[challenge]\nmin_initial_s = 60\nmax_initial_s = 600\n\
                      [engine]\nmove_overhead_ms = 100\n[game]\ngreeting = \"good luck\"\n";

#[test]
fn a_person_plays_a_rated_game_against_a_bridged_engine() {
    let Finished { end, log, .. } = kofi_plays_to_the_end("bot-person", "EngineBot", CONFIG, None);
    assert_ne!(end["online"]["end"], "resign", "nobody resigned: {end}");
    assert!(log.contains("challenge"), "{log}");
}

/// A whole rated game against an engine that reads only Aualé's joined move lists (as Aualé's
/// own engine, Aalina): the bridge speaks its dialect, so the engine never refuses a position,
/// is never restarted, and the game ends by the rules, not by the clock.
#[test]
fn a_rated_game_against_an_engine_that_reads_only_joined_move_lists() {
    let Finished {
        end, log, notes, ..
    } = kofi_plays_to_the_end("bot-joined", "AalinaBot", CONFIG, Some(false));
    assert_eq!(end["online"]["rated"], true, "{end}");
    let reason = end["online"]["end"].as_str().unwrap_or_default();
    assert!(
        ["capture", "draw", "no-feed", "cycle"].contains(&reason),
        "the rules ended the game, not the clock or a resignation: {end}\n{log}\n{notes}"
    );
    assert!(!notes.contains("refused"), "{notes}");
    assert!(
        notes
            .lines()
            .any(|l| l.starts_with("took: position startpos moves ") && l.len() > 40),
        "joined lists of several moves: {notes}"
    );
    assert_eq!(
        log.matches("engine started").count(),
        1,
        "one engine, never restarted: {log}"
    );
    assert!(!log.contains("engine failed"), "{log}");
}

/// An engine that dies after its first move and cannot be started again: the bridge says so
/// in the game's chat and resigns, and the person does not wait out the bot's clock.
#[test]
fn a_dying_engine_ends_the_game_with_a_resignation_and_a_chat_line() {
    let config = "[challenge]\nmin_initial_s = 60\nmax_initial_s = 600\n";
    let f = kofi_plays_to_the_end("bot-dying", "DyingBot", config, Some(true));
    let (end, log, notes) = (&f.end, &f.log, &f.notes);
    assert!(notes.contains("dying"), "{notes}");
    assert_eq!(
        (
            end["online"]["end"].as_str(),
            end["online"]["winner"].as_str()
        ),
        (Some("resign"), Some("S")),
        "the bot resigned: {end}\n{log}"
    );
    assert_eq!(f.played.len(), 2, "Kofi moved twice, the bot once: {end}");
    assert!(
        f.took < Duration::from_secs(120),
        "not the bot's clock (300 s) running out"
    );
    let (status, chat) =
        f.rt.block_on(
            f.kofi
                .call("GET", &format!("/api/games/{}/chat", f.id), None, None),
        );
    assert_eq!(status, 200, "{chat}");
    let line = chat["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == "DyingBot")
        .unwrap_or_else(|| panic!("the bot's chat line: {chat}"));
    let text = line["text"].as_str().unwrap();
    assert!(
        text.starts_with("engine failed: ") && text.ends_with("the bot resigns the game"),
        "{text}"
    );
    assert!(log.contains("giving the game up"), "{log}");
}

/// The server stopped by SIGTERM in the middle of a game, just after the person's move (the
/// bridge is thinking, or posting its answer, or waiting), and started again on the same file
/// and port: the bridge reconnects (its backoff shortened by the config) and the game is played
/// to its end by the rules, each of the person's moves once and in its place, the sides taking
/// turns (no move of the bot lost or played twice), no move of the bot refused.
#[test]
fn bot_reconnects_after_the_server_restarts_and_finishes_its_game() {
    let dir = run::fresh_dir("bot-restart");
    let db = dir.join("games.sqlite");
    let args = ["--db".as_ref(), db.as_os_str()];
    let mut server = Serve::in_dir(&dir);
    let (base, port) = (server.base.clone(), server.port);
    let config = format!("{CONFIG}[connection]\nbackoff_initial_ms = 50\nbackoff_max_ms = 200\n");
    runtime().block_on(async {
        let (mut kofi, mut bot, id, seat_token) =
            kofi_challenges(&dir, &base, "EngineBot", &config, &easy_engine()).await;
        let mut played = Vec::new();
        let before = kofi
            .play_south(&id, &seat_token, &mut played, Some(4))
            .await;
        assert_eq!(before["online"]["status"], "playing", "{before}");

        let status = server.stop();
        assert!(status.success(), "{status:?}");
        server = Serve::start(port, &args, &dir.join("serve-again.log"));
        assert_eq!(server.base, base);
        assert!(
            bot.child.try_wait().unwrap().is_none(),
            "the bridge is running"
        );
        // Kofi's page reconnects too: the old connections went with the old server (this
        // runtime was blocked while it stopped, so the pool never saw them close).
        kofi.client = reqwest::Client::new();

        let end = kofi.play_south(&id, &seat_token, &mut played, None).await;
        let log = bot.interrupt();
        assert_eq!(end["online"]["status"], "over", "{end}");
        let reason = end["online"]["end"].as_str().unwrap_or_default();
        assert!(
            ["capture", "draw", "no-feed", "cycle"].contains(&reason),
            "the rules ended the game, not a resignation, a clock or a claim: {end}"
        );
        let moves = end["moves"].as_array().unwrap();
        assert!(
            played.len() > 4 && moves.len() > 8,
            "the game went on: {end}"
        );
        for (ply, letter) in &played {
            assert_eq!(moves[*ply]["letter"], letter.as_str(), "ply {ply}: {end}");
        }
        let sides: Vec<&str> = moves.iter().map(|m| m["side"].as_str().unwrap()).collect();
        assert_eq!(
            sides.iter().filter(|s| **s == "S").count(),
            played.len(),
            "{end}"
        );
        for (ply, side) in sides.iter().enumerate() {
            let want = if ply % 2 == 0 { "S" } else { "N" };
            assert_eq!(*side, want, "ply {ply}: {end}");
        }
        assert!(log.contains("reconnecting"), "{log}");
        assert!(!log.contains("was refused: HTTP"), "{log}");
    });
    drop(server);
}

#[test]
fn two_bridged_engines_play_a_rated_game_with_clocks() {
    let dir = run::fresh_dir("bot-bots");
    let server = Serve::in_dir(&dir);
    let base = server.base.clone();
    runtime().block_on(async {
        let (ama, ama_token) = Account::bot(&base, "AmaBot").await;
        let (_kwame, kwame_token) = Account::bot(&base, "KwameBot").await;
        let a = Bot::start(&dir, &base, "AmaBot", &ama_token, CONFIG);
        let b = Bot::start(&dir, &base, "KwameBot", &kwame_token, CONFIG);
        let mut ama_events = events(&base, &ama_token).await;
        ama.wait_online("KwameBot").await;
        let (status, v) = ama
            .call(
                "POST",
                "/api/challenge/KwameBot",
                Some(json!({ "rated": true, "clock": { "initial_s": 60, "increment_s": 1 } })),
                Some(&ama_token),
            )
            .await;
        assert!(status == 200 || status == 201, "{status} {v}");
        let game = until_event(&mut ama_events, |e| match e {
            AccountEvent::GameFinish { game } => Some(game),
            _ => None,
        })
        .await;
        assert_eq!(game.status, Status::Over, "{game:?}");
        assert!(game.rated);
        assert_eq!(game.opponent.name, "KwameBot");
        a.interrupt();
        b.interrupt();
    });
    drop(server);
}

#[test]
fn bad_arguments_are_clear_errors_before_anything_starts() {
    let dir = run::fresh_dir("bot-args");
    let token = dir.join("token");
    std::fs::write(&token, "owt_secret_1\n").unwrap();
    let config = dir.join("bot.toml");
    std::fs::write(&config, "[challenge]\nmax_gmes = 2\n").unwrap();
    let t = token.to_str().unwrap();
    let c = config.to_str().unwrap();
    let missing = dir.join("missing").to_string_lossy().into_owned();
    let engine = "oware uci";
    let local = "http://127.0.0.1:9";
    for (server, token, engine, config, want) in [
        (local, missing.as_str(), engine, None, "cannot open"),
        (local, t, engine, Some(c), "unknown field `max_gmes`"),
        (local, t, "oware 'uci", None, "unbalanced quotes"),
        ("ftp://x", t, engine, None, "not a server address"),
    ] {
        let mut args = vec![
            "bot",
            "--server",
            server,
            "--token-file",
            token,
            "--engine",
            engine,
        ];
        if let Some(config) = config {
            args.extend(["--config", config]);
        }
        let (code, _, err) = run::oware_code(&args);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("owt_secret_1"), "the token was shown: {err}");
    }
}

#[test]
fn a_token_the_server_does_not_know_ends_the_bridge_with_a_clear_error() {
    let dir = run::fresh_dir("bot-refused");
    let server = Serve::in_dir(&dir);
    let token = dir.join("token");
    std::fs::write(&token, "owt_not_a_real_token\n").unwrap();
    let (code, _, err) = run::oware_code(&[
        "bot",
        "--server",
        &server.base,
        "--token-file",
        token.to_str().unwrap(),
        "--engine",
        &format!("{} uci", oware()),
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("refused the bot"), "{err}");
    assert!(
        !err.contains("owt_not_a_real_token"),
        "the token was shown: {err}"
    );
}
