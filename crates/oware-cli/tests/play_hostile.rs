//! `oware play --online` against a hostile server: a real HTTP server in the test (hand-written
//! HTTP/1.1 on a loopback port) answering what a real `oware serve` never would, and the
//! terminal client running in tmux with its data folder in a temporary one. Ids with `..`,
//! multi-line tokens, answers past the size limit: the client must write no file outside its
//! seats folder (none at all for a refused seat) and say why on screen.
//!
//! tmux comes from Debian's packages (`scripts/test.sh` installs it when missing); without it
//! these tests say so and skip.

mod tmux;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use tmux::{need_tmux, Tmux, PROMPT_SEEN};

/// The id a hostile server gives: from `data/oware/seats/SERVER-` it climbs to the test's
/// folder (the first `..` ends the file name `SERVER-..`, the next four climb seats, oware,
/// data).
const ESCAPE: &str = "../../../../../x";
/// A token that would add a line to a shell's start-up file.
const MULTI_LINE: &str = "00ff\nexport PWNED=1";

/// What the fake server answers.
enum Reply {
    /// A JSON answer with this status.
    Json(u16, Value),
    /// An event stream with these bytes, held open until the client goes.
    Events(String),
    /// A 200 answer of this many bytes of `x`, without a length, sent until the client goes.
    Huge(u64),
}

type Route = dyn Fn(&str, &str) -> Reply + Send + Sync;

/// A hostile server: every request is logged (`METHOD PATH`) and answered by the route.
struct Hostile {
    base: String,
    log: Arc<Mutex<Vec<String>>>,
    /// Bytes of a [`Reply::Huge`] the client took before it closed the connection.
    sent: Arc<AtomicU64>,
}

impl Hostile {
    fn start(route: impl Fn(&str, &str) -> Reply + Send + Sync + 'static) -> Hostile {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let log = Arc::new(Mutex::new(Vec::new()));
        let sent = Arc::new(AtomicU64::new(0));
        let route: Arc<Route> = Arc::new(route);
        let (l, s) = (log.clone(), sent.clone());
        std::thread::spawn(move || {
            for conn in listener.incoming() {
                let Ok(conn) = conn else { continue };
                let (route, log, sent) = (route.clone(), l.clone(), s.clone());
                std::thread::spawn(move || serve(conn, &*route, &log, &sent));
            }
        });
        Hostile { base, log, sent }
    }

    fn requests(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }
}

fn serve(conn: TcpStream, route: &Route, log: &Mutex<Vec<String>>, sent: &AtomicU64) {
    let mut reader = BufReader::new(conn.try_clone().unwrap());
    let mut first = String::new();
    if reader.read_line(&mut first).unwrap_or(0) == 0 {
        return;
    }
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    let mut parts = first.split_whitespace();
    let (method, path) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    log.lock().unwrap().push(format!("{method} {path}"));
    let mut out = conn;
    match route(method, path) {
        Reply::Json(status, v) => {
            let body = v.to_string();
            let _ = write!(
                out,
                "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
                 connection: close\r\n\r\n{body}",
                body.len()
            );
        }
        Reply::Events(text) => {
            let _ = write!(
                out,
                "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\n\
                 connection: close\r\n\r\n{text}"
            );
            let _ = out.flush();
            // Held open until the client closes it (the read then ends).
            let _ = reader.read_to_end(&mut Vec::new());
        }
        Reply::Huge(total) => {
            let _ = write!(
                out,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n"
            );
            let chunk = vec![b'x'; 64 * 1024];
            let mut n = 0;
            while n < total {
                if out.write_all(&chunk).is_err() {
                    break;
                }
                n += chunk.len() as u64;
                sent.store(n, Ordering::SeqCst);
            }
        }
    }
}

/// A game's state as the server shows it to the player of North (`you`), with `online` fields
/// added.
fn state(id: &str, version: u64, online: Value) -> Value {
    let mut o = json!({
        "status": "playing",
        "seats": { "S": { "name": "Ama", "taken": true, "connected": true },
                   "N": { "name": "Kofi", "taken": true, "connected": true } },
        "you": "N",
    });
    for (k, v) in online.as_object().unwrap() {
        o[k] = v.clone();
    }
    json!({ "id": id, "version": version, "rules": "abapa", "names": { "S": "Ama", "N": "Kofi" },
            "moves": [], "history": [{ "text": "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S" }], "online": o })
}

/// The game `abc123` with North's seat free, joined by the terminal; its event stream sends
/// `events`; other requests go to `other`.
fn joinable(
    events: String,
    other: impl Fn(&str, &str) -> Reply + Send + Sync + 'static,
) -> Hostile {
    Hostile::start(move |method, path| match (method, path) {
        ("GET", "/api/games/abc123") => Reply::Json(
            200,
            state(
                "abc123",
                1,
                json!({ "status": "open", "you": null,
                        "seats": { "S": { "name": "Ama", "taken": true }, "N": {} } }),
            ),
        ),
        ("POST", "/api/games/abc123/join") => Reply::Json(
            200,
            json!({ "id": "abc123", "token": "00ff00ff", "state": state("abc123", 2, json!({})) }),
        ),
        ("POST", "/api/games/abc123/presence") => Reply::Json(200, json!({ "key": "k1" })),
        ("GET", p) if p.starts_with("/api/games/abc123/events") => Reply::Events(events.clone()),
        _ => other(method, path),
    })
}

/// An `update` event carrying `state`.
fn update(state: Value) -> String {
    format!(
        "event: update\ndata: {}\n\n",
        json!({ "cause": "move", "state": state })
    )
}

/// A folder for one test, with the data folder `data` inside it.
fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("data")).unwrap();
    dir
}

/// Every file under `dir`, as paths relative to it.
fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// A shell in tmux whose per-user data folder is `dir/data`.
fn terminal(name: &str, dir: &Path) -> Tmux {
    Tmux::start_with(
        name,
        &format!(
            "XDG_DATA_HOME='{}' HOME='{}'",
            dir.join("data").display(),
            dir.display()
        ),
    )
}

fn play(args: &str) -> String {
    format!(
        "{} play --online {args} --name Kofi --no-animation --egdb-path ./no-tables",
        env!("CARGO_BIN_EXE_oware")
    )
}

/// The seat file of game `id` on `server`, relative to the test's folder.
fn seat_file(server: &Hostile, id: &str) -> String {
    let name: String = server
        .base
        .trim_start_matches("http://")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("data/oware/seats/{name}-{id}")
}

#[test]
fn creating_a_game_on_a_server_that_answers_a_climbing_id_and_a_multi_line_token_writes_nothing() {
    need_tmux!();
    let dir = test_dir("create");
    let server = Hostile::start(|method, path| match (method, path) {
        ("POST", "/api/games") => Reply::Json(
            201,
            json!({ "id": ESCAPE, "token": MULTI_LINE,
                    "state": state(ESCAPE, 1, json!({ "status": "open", "you": "S" })) }),
        ),
        _ => Reply::Json(404, json!({ "error": "no" })),
    });
    let t = terminal("create", &dir);
    t.type_line(&play(&format!("{} --new --side S", server.base)));
    let s = t.wait_for("the refusal", |s| {
        s.contains("the server's answer is refused") && s.trim_end().ends_with(PROMPT_SEEN)
    });
    // The message, as the terminal wraps it at 80 columns.
    let said = s.replace('\n', "");
    assert!(
        said.contains(
            "the server's answer is refused (a game id must be 1 to 64 ASCII letters and \
             digits); nothing was kept"
        ),
        "{s}"
    );
    assert_eq!(files(&dir), Vec::<String>::new(), "nothing is written");
    assert_eq!(server.requests(), ["POST /api/games"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_rematch_id_with_dots_in_a_game_joined_by_its_link_is_refused_and_never_followed() {
    need_tmux!();
    let dir = test_dir("follow");
    let over = state(
        "abc123",
        5,
        json!({ "status": "over", "end": "resign", "winner": "S", "rematch_id": ESCAPE }),
    );
    let server = joinable(update(over), |method, path| match method {
        // Where the rematch's seat would be taken: the answer names the climbing id again.
        "POST" if path.ends_with("/seat") => Reply::Json(
            200,
            json!({ "id": ESCAPE, "token": MULTI_LINE, "state": state(ESCAPE, 1, json!({})) }),
        ),
        _ => Reply::Json(404, json!({ "error": "no" })),
    });
    let t = terminal("follow", &dir);
    t.type_line(&play(&format!("{}/game/abc123", server.base)));
    t.wait_for("the refused update", |s| {
        s.contains("Refused the server's update: a game id must be 1 to 64")
    });
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.trim_end().ends_with(PROMPT_SEEN));
    // Only the seat of the game joined, with its token.
    let kept = seat_file(&server, "abc123");
    assert_eq!(files(&dir), std::slice::from_ref(&kept));
    assert_eq!(
        std::fs::read_to_string(dir.join(&kept)).unwrap(),
        "00ff00ff\n"
    );
    assert!(
        !server.requests().iter().any(|r| r.ends_with("/seat")),
        "{:?}",
        server.requests()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn accepting_a_rematch_whose_answer_names_a_climbing_id_is_refused_and_writes_nothing() {
    need_tmux!();
    let dir = test_dir("accept");
    let offered = state(
        "abc123",
        5,
        json!({ "status": "over", "end": "resign", "winner": "S", "rematch_offer": "S" }),
    );
    let server = joinable(update(offered), |method, path| match (method, path) {
        // The rematch's one shape: the game's state, and the seat in the new game.
        ("POST", "/api/games/abc123/rematch") => Reply::Json(
            200,
            json!({ "state": state("abc123", 6, json!({ "status": "over", "end": "resign",
                                                         "winner": "S", "rematch_id": "cd01" })),
                    "rematch": { "id": ESCAPE, "token": "00ff",
                                 "state": state(ESCAPE, 1, json!({ "you": "S" })) } }),
        ),
        _ => Reply::Json(404, json!({ "error": "no" })),
    });
    let t = terminal("accept", &dir);
    t.type_line(&play(&format!("{}/game/abc123", server.base)));
    t.wait_for("the rematch offer", |s| {
        s.contains("Ama offers a rematch: y accept, n decline")
    });
    t.keys(&["y"]);
    let s = t.wait_for("the refused answer", |s| {
        s.contains("Accepting the rematch: the server's answer is refused")
    });
    assert!(!s.contains("Rematch: you play"), "{s}");
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.trim_end().ends_with(PROMPT_SEEN));
    assert_eq!(files(&dir), [seat_file(&server, "abc123")]);
    assert!(server
        .requests()
        .contains(&"POST /api/games/abc123/rematch".to_string()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_answer_past_a_mebibyte_is_refused_while_it_is_read() {
    need_tmux!();
    let dir = test_dir("huge");
    // 300 MB of a game's state, with no length announced.
    let server = Hostile::start(|_, _| Reply::Huge(300_000_000));
    let t = terminal("huge", &dir);
    t.type_line(&play(&format!("{}/game/abc123", server.base)));
    t.wait_for("the refusal", |s| {
        s.contains("the server's answer is larger than 1 MiB: refused")
            && s.trim_end().ends_with(PROMPT_SEEN)
    });
    // What the client took before closing: the limit, a chunk and the sockets' buffers, far
    // from the 300 MB sent.
    let sent = server.sent.load(Ordering::SeqCst);
    assert!(sent < 64 << 20, "{sent} bytes taken");
    assert_eq!(files(&dir), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(&dir);
}
