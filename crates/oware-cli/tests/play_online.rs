//! `oware play --online URL` end to end, with real processes: a real `oware serve --port 0` on
//! a temporary SQLite file, the other player as a browser would be (HTTP requests with its seat
//! token and the game's server-sent events), and the terminal client running in tmux. Each
//! side must see the other's moves; resigning ends the game for both; a server that goes away
//! and comes back is reconnected to, and the seat token kept on disk gives the seat back.
//!
//! tmux comes from Debian's packages (`scripts/test.sh` installs it when missing); without it
//! these tests say so and skip.

#[path = "run/mod.rs"]
mod run;
mod tmux;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use oware_protocol::sse::FrameParser;
use run::Serve;
use serde_json::{json, Value};
use tmux::{files_in, need_tmux, Tmux, PATIENCE, PROMPT_SEEN};

/// Starts the server on `port` (0: a free one) with the games in `db`; returns once it says
/// it is ready.
fn start_server(db: &Path, port: u16) -> Serve {
    Serve::start(
        port,
        &["--db".as_ref(), db.as_os_str()],
        &db.with_extension(format!("{port}.log")),
    )
}

/// The other player, as the web page would be: requests with its seat token, and the game's
/// event stream (with its presence key) read in the background by the protocol's reader.
struct Browser {
    rt: tokio::runtime::Runtime,
    client: reqwest::Client,
    base: String,
    id: String,
    token: String,
    /// The last state the event stream brought.
    seen: Arc<Mutex<Option<Value>>>,
}

impl Browser {
    /// Creates an online game as Ama (South), with a 10+5 clock.
    fn create(base: &str) -> Browser {
        Browser::create_with(base, false)
    }

    /// [`Browser::create`], the game listed in the server's lobby when `lobby`.
    fn create_with(base: &str, lobby: bool) -> Browser {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let mut b = Browser {
            rt,
            client: reqwest::Client::new(),
            base: base.to_string(),
            id: String::new(),
            token: String::new(),
            seen: Arc::new(Mutex::new(None)),
        };
        let (status, v) = b.call(
            "POST",
            "/api/games",
            Some(
                json!({ "opponent": "online", "rules": "abapa", "color": "S", "name": "Ama",
                         "clock": { "initial_s": 600, "increment_s": 5 }, "lobby": lobby }),
            ),
        );
        assert_eq!(status, 201, "{v}");
        b.id = v["id"].as_str().unwrap().to_string();
        b.token = v["token"].as_str().unwrap().to_string();
        b
    }

    fn link(&self) -> String {
        format!("{}/game/{}", self.base, self.id)
    }

    /// One request with the seat token: (status, JSON body).
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut r = run::json_request(&self.client, method, format!("{}{path}", self.base), body);
        if !self.token.is_empty() {
            r = r.header("x-seat-token", &self.token);
        }
        self.rt.block_on(async move {
            let res = r.send().await.expect("the server answers");
            let status = res.status().as_u16();
            let text = res.text().await.unwrap();
            (status, serde_json::from_str(&text).unwrap_or(Value::Null))
        })
    }

    fn state(&self) -> Value {
        let (status, v) = self.call("GET", &format!("/api/games/{}", self.id), None);
        assert_eq!(status, 200, "{v}");
        v
    }

    /// Plays a legal pit of South's, chosen from the server's `pits_info` (as the page does),
    /// preferring `wanted`; returns its letter.
    fn play(&self, wanted: char) -> char {
        let st = self.state();
        let legal: Vec<char> = st["pits_info"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["legal"] == true)
            .map(|p| p["letter"].as_str().unwrap().chars().next().unwrap())
            .collect();
        let letter = if legal.contains(&wanted) {
            wanted
        } else {
            legal[0]
        };
        let (status, v) = self.call(
            "POST",
            &format!("/api/games/{}/moves", self.id),
            Some(json!({ "move": letter.to_string() })),
        );
        assert_eq!(status, 200, "{v}");
        letter
    }

    /// Opens the game's event stream with the seat's presence key, in the background.
    fn listen(&self) {
        let (status, v) = self.call("POST", &format!("/api/games/{}/presence", self.id), None);
        assert_eq!(status, 200, "{v}");
        let url = format!(
            "{}/api/games/{}/events?presence={}",
            self.base,
            self.id,
            v["key"].as_str().unwrap()
        );
        let client = self.client.clone();
        let seen = Arc::clone(&self.seen);
        self.rt.spawn(async move {
            let Ok(mut res) = client.get(url).send().await else {
                return;
            };
            let mut parser = FrameParser::default();
            // The whole state, as the page holds it: each update's end of the record joined on.
            let mut held: Option<oware_protocol::StateView> = None;
            while let Ok(Some(chunk)) = res.chunk().await {
                let Ok(frames) = parser.push(&chunk) else {
                    return;
                };
                for frame in frames.iter().filter(|f| f.name() == "update") {
                    let Ok(u) = serde_json::from_str::<oware_protocol::UpdateEvent>(&frame.data)
                    else {
                        continue;
                    };
                    let whole = match &held {
                        Some(h) => u.state.completed(h),
                        None => Some(u.state),
                    };
                    let Some(whole) = whole else {
                        // Every update joins on: a gap would be a server fault.
                        return;
                    };
                    *seen.lock().unwrap() = serde_json::to_value(&whole).ok();
                    held = Some(whole);
                }
            }
        });
    }

    /// Waits until the event stream has brought a state for which `ok` holds.
    fn wait_event(&self, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            if let Some(v) = self.seen.lock().unwrap().clone() {
                if ok(&v) {
                    return v;
                }
            }
            if start.elapsed() > PATIENCE {
                panic!(
                    "waited {PATIENCE:?} for {what}; the last event: {:?}",
                    self.seen.lock().unwrap()
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn letters(state: &Value) -> String {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["letter"].as_str().unwrap())
        .collect()
}

/// A pit of North's with seeds in the screen's position text, as the key 1–6 (North's pits
/// from North's left, a to f).
fn nonempty_north_key(screen: &str) -> String {
    let pos = screen
        .lines()
        .find_map(|l| l.split("position ").nth(1))
        .and_then(|r| r.split_whitespace().next())
        .expect("the position on screen");
    let pits: Vec<u32> = pos
        .split('-')
        .skip(6)
        .take(6)
        .map(|p| p.parse().unwrap())
        .collect();
    let i = pits.iter().position(|&n| n > 0).expect("North has seeds");
    (i + 1).to_string()
}

/// A folder for one test's database and seat tokens.
fn test_dir(name: &str) -> PathBuf {
    run::fresh_dir(&format!("online-{name}"))
}

fn play_online(link: &str) -> String {
    format!(
        "{} play --online {link} --name Kofi --no-animation --egdb-path ./no-tables",
        env!("CARGO_BIN_EXE_oware")
    )
}

/// The seat token files kept under `data`.
fn kept_tokens(data: &Path) -> Vec<PathBuf> {
    files_in(&data.join("oware/seats"))
}

#[test]
fn a_terminal_player_and_a_browser_player_see_each_others_moves_and_resign_ends_it() {
    need_tmux!();
    let dir = test_dir("play");
    let server = start_server(&dir.join("games.sqlite"), 0);
    let ama = Browser::create(&server.base);
    ama.listen();
    ama.wait_event("Ama's stream", |s| {
        s["online"]["seats"]["S"]["connected"] == true
    });

    let data = dir.join("data");
    let t = Tmux::start_with("online", &format!("XDG_DATA_HOME='{}'", data.display()));
    t.type_line(&play_online(&ama.link()));
    // The clocks are drawn once the seat's first state has come, and the event stream connects
    // after it: wait for all three (on a loaded machine the screen can be caught between them).
    let s = t.wait_for("the seat, its clocks and the stream", |s| {
        s.contains("You play North against Ama.")
            && s.contains(" Board ")
            && s.contains(" 10:00 ")
            && s.contains("server   connected")
    });
    assert!(s.contains("North: Kofi (you)"), "{s}");
    // The browser sees Kofi take the seat and connect.
    ama.wait_event("Kofi's seat", |s| {
        s["online"]["seats"]["N"]["name"] == "Kofi"
            && s["online"]["seats"]["N"]["connected"] == true
    });
    assert_eq!(kept_tokens(&data).len(), 1, "the seat token is kept");

    // Ama moves in the browser: the terminal shows it and asks for Kofi's move.
    let first = ama.play('C');
    t.wait_for("Ama's move on the terminal", |s| {
        s.contains(&format!("  1. {first}")) && s.contains("Your move")
    });
    // Kofi moves by key (North's a, key 1): the browser's event stream brings it.
    t.keys(&["1"]);
    let st = ama.wait_event("Kofi's move in the browser", |s| s["ply"] == 2);
    assert_eq!(letters(&st), format!("{first}a"));
    t.wait_for("the move on the terminal", |s| {
        s.contains(&format!("  1. {first}     a")) && s.contains("Ama's move (South)")
    });
    // The second round: Ama again, then Kofi's key; the clocks now run.
    let second = ama.play('D');
    let s = t.wait_for("Ama's second move", |s| {
        s.contains(&format!("  2. {second}")) && s.contains("Your move")
    });
    t.keys(&[&nonempty_north_key(&s)]);
    let st = ama.wait_event("Kofi's second move", |s| s["ply"] == 4);
    assert_eq!(st["online"]["clock"]["running"], "S", "{st}");
    t.wait_for("the second move on the terminal", |s| {
        s.contains("  2. ") && s.contains("Ama's move (South)")
    });

    // Kofi resigns from the terminal (x, then y): both sides see the end.
    t.keys(&["x"]);
    t.wait_for("the question", |s| {
        s.contains("Resign this game? y resigns")
    });
    t.keys(&["y"]);
    let s = t.wait_for("the end on the terminal", |s| {
        s.contains("Game over: Ama (South) wins") && s.contains("North resigned")
    });
    assert!(s.contains("n rematch"), "{s}");
    let st = ama.wait_event("the end in the browser", |s| s["online"]["end"] == "resign");
    assert_eq!(st["online"]["winner"], "S");
    assert_eq!(st["online"]["status"], "over");

    t.keys(&["q"]);
    let s = t.wait_for("the shell", |s| {
        s.contains("oware play: 4 moves, Ama (South) wins: North resigned")
            && s.trim_end().ends_with(PROMPT_SEEN)
    });
    assert!(
        !s.contains("takes your seat back"),
        "the game is over:\n{s}"
    );
    t.check_restored();
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_lost_server_is_reconnected_to_and_the_kept_token_gives_the_seat_back() {
    need_tmux!();
    let dir = test_dir("reconnect");
    let db = dir.join("games.sqlite");
    let server = start_server(&db, 0);
    let port = server.port;
    let ama = Browser::create(&server.base);
    let data = dir.join("data");
    let t = Tmux::start_with("reconnect", &format!("XDG_DATA_HOME='{}'", data.display()));
    t.type_line(&play_online(&ama.link()));
    t.wait_for("the seat", |s| s.contains("You play North against Ama."));
    let first = ama.play('C');
    t.wait_for("Ama's move", |s| s.contains(&format!("  1. {first}")));

    // The server goes away: the terminal says so and keeps trying.
    drop(server);
    t.wait_for("the lost connection", |s| s.contains("Connection lost"));
    let server = start_server(&db, port);
    t.wait_for("the reconnection", |s| {
        s.contains("Reconnected.") && s.contains("server   connected")
    });
    // Kofi's move after the reconnection reaches the server.
    t.keys(&["1"]);
    let start = Instant::now();
    while ama.state()["ply"] != 2 {
        assert!(start.elapsed() < PATIENCE, "Kofi's move never arrived");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(letters(&ama.state()), format!("{first}a"));

    // Leaving keeps the seat: the same command takes it back.
    t.keys(&["q"]);
    let s = t.wait_for("the shell", |s| s.contains("takes your seat back"));
    // The pane wraps long lines at 80 columns.
    let unwrapped: String = s.lines().collect();
    assert!(
        unwrapped.contains(&format!("oware play --online {} takes", ama.link())),
        "{s}"
    );
    t.type_line(&play_online(&ama.link()));
    let s = t.wait_for("the seat again", |s| {
        s.contains("Welcome back: you play North against Ama.")
    });
    assert!(s.contains(&format!("  1. {first}     a")), "{s}");
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.trim_end().ends_with(PROMPT_SEEN));

    // Another user (no token): both seats are taken, so they watch.
    t.type_line(&format!(
        "XDG_DATA_HOME=./elsewhere {}",
        play_online(&ama.link())
    ));
    let s = t.wait_for("the spectator", |s| {
        s.contains("You are watching: both seats are taken.")
    });
    assert!(s.contains("you      watch"), "{s}");
    t.keys(&["1"]);
    t.wait_for("the refusal", |s| {
        s.contains("You are watching: only the players move")
    });
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.trim_end().ends_with(PROMPT_SEEN));
    t.check_restored();
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_address_or_a_missing_game_gets_a_clear_message() {
    need_tmux!();
    let dir = test_dir("bad");
    let server = start_server(&dir.join("games.sqlite"), 0);
    let t = Tmux::start_with("badlink", &format!("XDG_DATA_HOME='{}'", dir.display()));
    t.type_line(&play_online("http://127.0.0.1/games/12"));
    t.wait_for("the bad link", |s| {
        s.contains("is not an online game's address") && s.trim_end().ends_with(PROMPT_SEEN)
    });
    t.type_line(&play_online(&format!("{}/game/00ff", server.base)));
    t.wait_for("the unknown game", |s| {
        s.contains(&format!("there is no game 00ff on {}", server.base))
    });
    // A new game's flags are read before anything is created.
    t.type_line(&play_online(&format!("{} --new --clock 5", server.base)));
    t.wait_for("the bad clock", |s| {
        s.contains("'5' is not a clock: give MINUTES+SECONDS")
    });
    t.type_line(&play_online(&format!("{} --new --side east", server.base)));
    t.wait_for("the bad side", |s| {
        s.contains("--side must be S, N or random, not 'east'")
    });
    // A new game's options with a game's link are refused, not ignored.
    t.type_line(&play_online(&format!(
        "{}/game/00ff --clock 3+2",
        server.base
    )));
    t.wait_for("the misplaced option", |s| {
        s.contains("--new, --clock, --side, --private and --rated are for a new game")
    });
    assert!(!t.screen().contains("panicked"));
    t.check_restored();
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `oware play ARGS` with no animation and no tables, as typed at the shell.
fn play_with(args: &str) -> String {
    format!(
        "{} play {args} --no-animation --egdb-path ./no-tables",
        env!("CARGO_BIN_EXE_oware")
    )
}

/// Waits until the server's lobby lists a challenge (its creator's stream is open).
fn wait_for_lobby(base: &str) -> Value {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let start = Instant::now();
    loop {
        let lobby: Value = rt.block_on(async {
            reqwest::get(format!("{base}/api/lobby"))
                .await
                .unwrap()
                .json()
                .await
                .unwrap()
        });
        if lobby["challenges"]
            .as_array()
            .is_some_and(|c| !c.is_empty())
        {
            return lobby;
        }
        assert!(start.elapsed() < PATIENCE, "the lobby stays empty: {lobby}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_game_created_in_one_terminal_is_taken_from_the_lobby_in_another() {
    need_tmux!();
    let dir = test_dir("lobby");
    let server = start_server(&dir.join("games.sqlite"), 0);
    // Ama creates a game from her terminal: no lobby prompt with --new.
    let ama_data = dir.join("ama");
    let ama = Tmux::start_with(
        "lobby-ama",
        &format!("XDG_DATA_HOME='{}'", ama_data.display()),
    );
    ama.type_line(&play_with(&format!(
        "--online {} --new --clock none --side S --name Ama",
        server.base
    )));
    let s = ama.wait_for("Ama's open game", |s| {
        s.contains("New game, in the lobby. Waiting for an opponent")
            && s.contains("South: Ama (you)")
    });
    assert!(
        s.contains(&format!("{}/game/", server.base)),
        "the link:\n{s}"
    );
    assert_eq!(kept_tokens(&ama_data).len(), 1, "Ama's seat token is kept");
    let lobby = wait_for_lobby(&server.base);
    assert_eq!(lobby["challenges"][0]["name"], "Ama", "{lobby}");
    assert_eq!(lobby["challenges"][0]["clock"], Value::Null, "{lobby}");

    // Kofi opens the server's address: the lobby's prompt lists Ama's game.
    let kofi_data = dir.join("kofi");
    let kofi = Tmux::start_with(
        "lobby-kofi",
        &format!("XDG_DATA_HOME='{}'", kofi_data.display()),
    );
    kofi.type_line(&play_with(&format!("--online {} --name Kofi", server.base)));
    kofi.wait_for("the lobby", |s| {
        s.contains("1. Ama plays South · no clock · abapa (you play North)")
            && s.contains("1: take it, n: a new game")
    });
    // A wrong answer is explained and asked again; then Kofi takes the challenge.
    kofi.type_line("7");
    kofi.wait_for("the explanation", |s| {
        s.contains("there is 1 challenge: give 1 to take it.")
    });
    kofi.type_line("1");
    let s = kofi.wait_for("Kofi's seat", |s| {
        s.contains("You play North against Ama.") && s.contains(" Board ")
    });
    assert!(s.contains("North: Kofi (you)"), "{s}");
    // Ama's screen sees him join; she moves, his screen shows it.
    ama.wait_for("Kofi on Ama's screen", |s| {
        s.contains("North: Kofi") && s.contains("Your move")
    });
    ama.keys(&["3"]);
    kofi.wait_for("Ama's move on Kofi's screen", |s| {
        s.contains("  1. C") && s.contains("Your move")
    });
    ama.wait_for("the move on Ama's screen", |s| s.contains("  1. C"));
    // Both leave; the game goes on at its link.
    for t in [&kofi, &ama] {
        t.keys(&["q"]);
        t.wait_for("the shell", |s| {
            s.contains("takes your seat back.") && s.trim_end().ends_with(PROMPT_SEEN)
        });
        t.check_restored();
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn lang_fr_shows_the_lobby_and_the_online_game_in_french() {
    need_tmux!();
    let dir = test_dir("fr");
    let server = start_server(&dir.join("games.sqlite"), 0);
    let ama = Browser::create_with(&server.base, true);
    ama.listen();
    wait_for_lobby(&server.base);
    let data = dir.join("kofi");
    let kofi = Tmux::start_with(
        "online-fr",
        &format!("LANG=fr_FR.UTF-8 XDG_DATA_HOME='{}'", data.display()),
    );
    kofi.type_line(&play_with(&format!("--online {} --name Kofi", server.base)));
    let s = kofi.wait_for("the French lobby", |s| {
        s.contains("Défis ouverts sur")
            && s.contains("1. Ama joue Sud · 10+5 · abapa (vous jouez Nord)")
            && s.contains("1\u{a0}: l'accepter, n\u{a0}: nouvelle partie")
    });
    for english in ["Open challenges", "plays South", "take it", "a new game"] {
        assert!(!s.contains(english), "{english}:\n{s}");
    }
    kofi.type_line("1");
    let s = kofi.wait_for("Kofi's seat, in French", |s| {
        s.contains("Vous jouez Nord contre Ama.")
            && s.contains(" Plateau ")
            && s.contains("serveur  connecté")
    });
    for french in [
        "Nord: Kofi (vous)",
        "Partie en ligne",
        "jouez Nord",
        "serveur  connecté",
        "x abandon",
    ] {
        assert!(s.contains(french), "{french}:\n{s}");
    }
    // A key the client refuses is explained in French.
    kofi.keys(&["h"]);
    let s = kofi.wait_for("a refusal in French", |s| {
        s.contains("Pas d'indice en ligne")
    });
    for english in [
        "You play",
        " Board ",
        "Online game",
        "server ",
        "connected",
        "link ",
        "Waiting",
        "'s move",
        "No hints",
        "resign",
    ] {
        assert!(!s.contains(english), "{english}:\n{s}");
    }
    ama.play('C');
    kofi.wait_for("Ama's move, then Kofi's turn in French", |s| {
        s.contains("  1. C") && s.contains("À vous")
    });
    kofi.keys(&["q"]);
    let s = kofi.wait_for("the shell", |s| {
        s.contains("vous rend votre place.") && s.trim_end().ends_with(PROMPT_SEEN)
    });
    assert!(s.contains("oware play\u{a0}: 1 coup"), "{s}");
    kofi.check_restored();
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
