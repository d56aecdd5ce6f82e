//! The whole bridge ([`oware_bot::Bridge::run`]) against a scripted server of a few lines of
//! HTTP/1.1 on loopback and a scripted engine (a shell loop): the token on every request, a
//! challenge accepted and one declined with its reason, the event stream lost at once and
//! reopened, a game's stream lost after the bot's move and reopened (the game resumed from its
//! `gameFull`, the move not sent twice), a draw offer declined, the second move, the end of the
//! game and a clean stop; and a first move answered 503 on a silent stream, sent again.
#![cfg(unix)]

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use oware_bot::config::Config;
use oware_bot::{Bridge, Client, EngineCommand, Exit, Token};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};

/// The scripted server's state.
#[derive(Default)]
struct Mock {
    /// Answer `GET /api/account` with 403, as a site that shows the account to its session
    /// only: the bridge then reads its side from `you` and its challenges from the list.
    hide_account: bool,
    /// Answer the bot's first move with 503 (the database down) and keep the game's stream
    /// open and silent: the bridge must send the move again.
    busy_first_move: bool,
    /// Moves posted.
    moves_tried: AtomicUsize,
    /// `METHOD PATH BODY` of each request, in order.
    requests: Mutex<Vec<String>>,
    /// The `Authorization` header of each request.
    auth: Mutex<Vec<String>>,
    /// The game's moves and status.
    game: Mutex<(String, String, bool)>,
    changed: Notify,
    event_opens: AtomicUsize,
    game_opens: AtomicUsize,
}

impl Mock {
    fn saw(&self, prefix: &str) -> bool {
        self.requests
            .lock()
            .unwrap()
            .iter()
            .any(|r| r.starts_with(prefix))
    }

    /// How many requests hold `what`.
    fn count(&self, what: &str) -> usize {
        count_in(&self.requests.lock().unwrap(), what)
    }

    /// Reads the next request on `sock` and notes it and its `Authorization`: its method and
    /// path (`None` once the connection ends).
    async fn note_request(&self, sock: &mut TcpStream) -> Option<(String, String)> {
        let (method, path, auth, body) = read_request(sock).await?;
        self.auth.lock().unwrap().push(auth);
        self.requests
            .lock()
            .unwrap()
            .push(format!("{method} {path} {body}"));
        self.changed.notify_waiters();
        Some((method, path))
    }

    /// Waits until a request starting with `prefix` has come.
    async fn wait_for(&self, prefix: &str) {
        self.wait_until(|m| m.saw(prefix)).await;
    }

    /// Waits until the requests so far pass `done`.
    async fn wait_until(&self, done: impl Fn(&Mock) -> bool) {
        loop {
            let notified = self.changed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if done(self) {
                return;
            }
            notified.await;
        }
    }

    fn state_line(&self, full: bool) -> String {
        let (moves, status, north_offers) = self.game.lock().unwrap().clone();
        let winner = if status == "over" { "\"S\"" } else { "null" };
        let end = if status == "over" {
            "\"resign\""
        } else {
            "null"
        };
        let offer = if north_offers { "\"N\"" } else { "null" };
        let plies = moves.split_whitespace().count();
        let to_move = if plies % 2 == 0 { "S" } else { "N" };
        let state = format!(
            r#"{{"type":"gameState","version":{plies},"moves":"{moves}","position":"","to_move":"{to_move}","south_time_ms":170000,"north_time_ms":175000,"status":"{status}","end":{end},"winner":{winner},"draw_offer":{offer}}}"#
        );
        if full {
            // Without `you` the bridge finds its side by its name.
            let state = state.replacen(r#""type":"gameState","#, "", 1);
            let you = if self.hide_account { "\"S\"" } else { "null" };
            format!(
                r#"{{"type":"gameFull","id":"g1","you":{you},"rated":true,"clock":{{"initial_s":180,"increment_s":2}},"rules":"abapa","south":{{"name":"Bot","bot":true}},"north":{{"name":"kofi"}},"initial":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S","created_ms":1,"state":{state}}}"#
            )
        } else {
            state
        }
    }
}

const STREAM_HEAD: &str =
    "HTTP/1.1 200 OK\r\ncontent-type: application/x-ndjson\r\nconnection: close\r\n\r\n";

async fn answer(sock: &mut TcpStream, status: &str, body: &str) {
    let head = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    let _ = sock.write_all(head.as_bytes()).await;
    let _ = sock.write_all(body.as_bytes()).await;
}

/// Reads one request: method, path, `Authorization` and body.
async fn read_request(sock: &mut TcpStream) -> Option<(String, String, String, String)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        let n = sock.read(&mut chunk).await.ok()?;
        if n == 0 || buf.len() > 64 * 1024 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(at) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.lines();
    let mut first = lines.next()?.split_whitespace();
    let (method, path) = (first.next()?.to_string(), first.next()?.to_string());
    let mut auth = String::new();
    let mut length = 0usize;
    for l in lines {
        if let Some((k, v)) = l.split_once(':') {
            match k.trim().to_ascii_lowercase().as_str() {
                "authorization" => auth = v.trim().to_string(),
                "content-length" => length = v.trim().parse().unwrap_or(0),
                _ => {}
            }
        }
    }
    let mut body = buf[head_end..].to_vec();
    while body.len() < length {
        let n = sock.read(&mut chunk).await.ok()?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Some((
        method,
        path,
        auth,
        String::from_utf8_lossy(&body).into_owned(),
    ))
}

async fn serve(mock: Arc<Mock>, mut sock: TcpStream) {
    let Some((method, path)) = mock.note_request(&mut sock).await else {
        return;
    };
    match (method.as_str(), path.as_str()) {
        ("GET", "/api/account") if mock.hide_account => {
            answer(
                &mut sock,
                "403 Forbidden",
                r#"{"error":"session-required"}"#,
            )
            .await
        }
        ("GET", "/api/account") => {
            answer(&mut sock, "200 OK", r#"{"name":"Bot","bot":true}"#).await
        }
        ("GET", "/api/challenge") => {
            let view = |id: &str, clock: &str| {
                format!(
                    "{{\"id\":\"{id}\",\"status\":\"created\",\"challenger\":{{\"name\":\"kofi\"}},\"target\":{{\"name\":\"Bot\",\"bot\":true}},\"rated\":true,\"clock\":{clock},\"side\":\"random\",\"created_ms\":1,\"expires_ms\":2}}"
                )
            };
            let list = format!(
                "{{\"incoming\":[{},{}],\"outgoing\":[]}}",
                view("c1", r#"{"initial_s":180,"increment_s":2}"#),
                view("c2", r#"{"initial_s":10,"increment_s":0}"#)
            );
            answer(&mut sock, "200 OK", &list).await
        }
        ("GET", "/api/stream/event") => {
            if mock.event_opens.fetch_add(1, Ordering::SeqCst) == 0 {
                // The first connection is lost at once.
                let _ = sock.write_all(STREAM_HEAD.as_bytes()).await;
                return;
            }
            let _ = sock.write_all(STREAM_HEAD.as_bytes()).await;
            let challenge = |id: &str, clock: &str| {
                format!(
                    "{{\"type\":\"challenge\",\"challenge\":{{\"id\":\"{id}\",\"status\":\"created\",\"challenger\":{{\"name\":\"kofi\"}},\"target\":{{\"name\":\"Bot\",\"bot\":true}},\"rated\":true,\"clock\":{clock},\"side\":\"random\",\"created_ms\":1,\"expires_ms\":2}}}}\n\n"
                )
            };
            let _ = sock
                .write_all(challenge("c1", r#"{"initial_s":180,"increment_s":2}"#).as_bytes())
                .await;
            let _ = sock
                .write_all(challenge("c2", r#"{"initial_s":10,"increment_s":0}"#).as_bytes())
                .await;
            let _ = sock
                .write_all(b"{\"type\":\"somethingNew\"}\nnot json\n")
                .await;
            mock.wait_for("POST /api/challenge/c1/accept").await;
            let _ = sock
                .write_all(
                    b"{\"type\":\"gameStart\",\"game\":{\"id\":\"g1\",\"side\":\"S\",\"opponent\":{\"name\":\"kofi\"},\"rated\":true,\"clock\":{\"initial_s\":180,\"increment_s\":2},\"rules\":\"abapa\",\"status\":\"playing\",\"your_turn\":true}}\n",
                )
                .await;
            // Held open until the bridge lets go.
            let mut rest = [0u8; 64];
            let _ = sock.read(&mut rest).await;
        }
        ("GET", "/api/bot/game/stream/g1") => {
            let first = mock.game_opens.fetch_add(1, Ordering::SeqCst) == 0;
            let _ = sock.write_all(STREAM_HEAD.as_bytes()).await;
            let _ = sock
                .write_all(format!("{}\n", mock.state_line(true)).as_bytes())
                .await;
            if first && !mock.busy_first_move {
                // Lost once the bot has moved: the reopened stream's gameFull resumes the game.
                mock.wait_for("POST /api/bot/game/g1/move/").await;
                return;
            }
            let mut sent = mock.state_line(false);
            loop {
                let notified = mock.changed.notified();
                tokio::pin!(notified);
                notified.as_mut().enable();
                let now = mock.state_line(false);
                if now != sent {
                    sent = now;
                    if sock
                        .write_all(format!("{sent}\n").as_bytes())
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
                notified.await;
            }
        }
        ("POST", p) if p.starts_with("/api/bot/game/g1/move/") => {
            if mock.busy_first_move && mock.moves_tried.fetch_add(1, Ordering::SeqCst) == 0 {
                let busy = r#"{"error":"the database is down","code":"unavailable"}"#;
                return answer(&mut sock, "503 Service Unavailable", busy).await;
            }
            {
                let mut g = mock.game.lock().unwrap();
                match &p["/api/bot/game/g1/move/".len()..] {
                    "F" => *g = ("F a".into(), "playing".into(), true),
                    "E" => *g = ("F a E".into(), "over".into(), false),
                    _ => {}
                }
            }
            mock.changed.notify_waiters();
            answer(&mut sock, "200 OK", "{}").await;
        }
        ("POST", _) => answer(&mut sock, "200 OK", "{}").await,
        _ => answer(&mut sock, "404 Not Found", r#"{"error":"no such route"}"#).await,
    }
}

/// An engine of a few shell lines: `F` first, then `E`, with a score.
fn script_engine() -> EngineCommand {
    EngineCommand {
        program: "sh".into(),
        args: vec![
            "-c".into(),
            "n=0; while read l; do case $l in uci) echo 'id name Script'; echo uciok;; \
             isready) echo readyok;; go*) n=$((n+1)); echo 'info depth 1 score cp -20'; \
             if [ $n = 1 ]; then echo 'bestmove F'; else echo 'bestmove E'; fi;; \
             quit) exit 0;; esac; done"
                .into(),
        ],
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bridge_accepts_plays_resumes_declines_a_draw_and_stops() {
    scenario(false, false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_account_s_name_the_side_and_challenges_come_from_the_site() {
    scenario(true, false).await;
}

/// The server answers the bot's first move with 503 while the game's stream stays open and
/// silent (it is the bot's turn): the bridge sends the same move again, without asking the
/// engine again, and the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_the_server_was_too_busy_to_take_is_sent_again() {
    scenario(false, true).await;
}

/// How many of `requests` hold `what`.
fn count_in(requests: &[String], what: &str) -> usize {
    requests.iter().filter(|r| r.contains(what)).count()
}

/// The scripted server on a loopback port, each connection answered by `serve` with `mock`:
/// its address.
async fn listen<F, Fut>(mock: &Arc<Mock>, serve: F) -> String
where
    F: Fn(Arc<Mock>, TcpStream) -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let mock = Arc::clone(mock);
    tokio::spawn(async move {
        while let Ok((sock, _)) = listener.accept().await {
            tokio::spawn(serve(Arc::clone(&mock), sock));
        }
    });
    base
}

/// Runs `bridge` until the requests pass `done` (a deadline only against a hang), then stops
/// it, which must end it cleanly: the requests it made.
async fn run_until(bridge: Bridge, mock: &Mock, done: impl Fn(&Mock) -> bool) -> Vec<String> {
    let (stop_tx, stop_rx) = watch::channel(false);
    let run = tokio::spawn(async move { bridge.run(stop_rx).await });
    let waited = tokio::time::timeout(Duration::from_secs(60), mock.wait_until(done)).await;
    assert!(
        waited.is_ok(),
        "requests: {:#?}",
        mock.requests.lock().unwrap()
    );
    stop_tx.send(true).unwrap();
    let exit = tokio::time::timeout(Duration::from_secs(30), run)
        .await
        .expect("the bridge stops")
        .unwrap();
    assert_eq!(exit, Exit::Stopped);
    mock.requests.lock().unwrap().clone()
}

async fn scenario(hide_account: bool, busy_first_move: bool) {
    let mock = Arc::new(Mock {
        hide_account,
        busy_first_move,
        game: Mutex::new((String::new(), "playing".into(), false)),
        ..Mock::default()
    });
    let base = listen(&mock, serve).await;
    let mut config = Config::parse(
        "[connection]\nbackoff_initial_ms = 1\nbackoff_max_ms = 2\n[game]\ngreeting = \"hi\"\n",
    )
    .unwrap();
    config.challenge.max_games = 1;
    let bridge = Bridge {
        client: Client::new(&base, Token::new("owt_test\n").unwrap()).unwrap(),
        engine: script_engine(),
        config: Arc::new(config),
    };
    // The second move ends the game; then the bridge is stopped.
    let requests = run_until(bridge, &mock, |m| m.saw("POST /api/bot/game/g1/move/E")).await;
    let index = |prefix: &str| {
        requests
            .iter()
            .position(|r| r.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix} in {requests:#?}"))
    };
    assert!(mock
        .auth
        .lock()
        .unwrap()
        .iter()
        .all(|a| a == "Bearer owt_test"));
    index("GET /api/account");
    if hide_account {
        index("GET /api/challenge");
    }
    assert!(mock.event_opens.load(Ordering::SeqCst) >= 2, "reconnected");
    index("POST /api/challenge/c1/accept");
    let declined = &requests[index("POST /api/challenge/c2/decline")];
    assert!(declined.ends_with(r#"{"reason":"too-fast"}"#), "{declined}");
    assert!(
        requests[index("POST /api/bot/game/g1/chat")].contains(r#"{"text":"hi"}"#),
        "the greeting"
    );
    let first = index("POST /api/bot/game/g1/move/F");
    let draw = index("POST /api/bot/game/g1/draw/no");
    let second = index("POST /api/bot/game/g1/move/E");
    assert!(first < draw && draw < second, "{requests:#?}");
    if busy_first_move {
        let moves: Vec<&String> = requests.iter().filter(|r| r.contains("/move/")).collect();
        assert_eq!(moves.len(), 3, "the first move twice: {requests:#?}");
        assert!(moves[0].contains("/move/F") && moves[1].contains("/move/F"));
    } else {
        assert!(
            mock.game_opens.load(Ordering::SeqCst) >= 2,
            "the game's stream reopened"
        );
        let moves = requests.iter().filter(|r| r.contains("/move/")).count();
        assert_eq!(moves, 2, "each move once: {requests:#?}");
    }
    assert!(!requests
        .iter()
        .any(|r| r.contains("/resign") || r.contains("/abort")));
}

/// How many games the hostile server starts at once.
const HOSTILE_GAMES: usize = 20;

/// A hostile server: `gameStart` for [`HOSTILE_GAMES`] games at once, each a game the bot is
/// to play (South, its turn), then a challenge; the games' streams stay open.
async fn serve_hostile(mock: Arc<Mock>, mut sock: TcpStream) {
    let Some((method, path)) = mock.note_request(&mut sock).await else {
        return;
    };
    match (method.as_str(), path.as_str()) {
        ("GET", "/api/account") => {
            answer(&mut sock, "200 OK", r#"{"name":"Bot","bot":true}"#).await
        }
        ("GET", "/api/stream/event") => {
            let _ = sock.write_all(STREAM_HEAD.as_bytes()).await;
            let mut lines = String::new();
            for n in 0..HOSTILE_GAMES {
                lines.push_str(&format!(
                    "{{\"type\":\"gameStart\",\"game\":{{\"id\":\"g{n}\",\"side\":\"S\",\"opponent\":{{\"name\":\"kofi\u{202E}\"}},\"rated\":true,\"clock\":{{\"initial_s\":180,\"increment_s\":2}},\"rules\":\"abapa\",\"status\":\"playing\",\"your_turn\":true}}}}\n"
                ));
            }
            lines.push_str("{\"type\":\"challenge\",\"challenge\":{\"id\":\"c9\",\"status\":\"created\",\"challenger\":{\"name\":\"kofi\"},\"target\":{\"name\":\"Bot\",\"bot\":true},\"rated\":true,\"clock\":{\"initial_s\":180,\"increment_s\":2},\"side\":\"random\",\"created_ms\":1,\"expires_ms\":2}}\n");
            let _ = sock.write_all(lines.as_bytes()).await;
            let mut rest = [0u8; 64];
            let _ = sock.read(&mut rest).await;
        }
        ("GET", p) if p.starts_with("/api/bot/game/stream/") => {
            let id = &p["/api/bot/game/stream/".len()..];
            let full = format!(
                r#"{{"type":"gameFull","id":"{id}","you":"S","rated":true,"clock":{{"initial_s":180,"increment_s":2}},"rules":"abapa","south":{{"name":"Bot","bot":true}},"north":{{"name":"kofi"}},"initial":"startpos","created_ms":1,"state":{{"version":0,"moves":"","position":"","to_move":"S","south_time_ms":180000,"north_time_ms":180000,"status":"playing","end":null,"winner":null}}}}"#
            );
            let _ = sock.write_all(STREAM_HEAD.as_bytes()).await;
            let _ = sock.write_all(format!("{full}\n").as_bytes()).await;
            let mut rest = [0u8; 64];
            let _ = sock.read(&mut rest).await;
        }
        ("POST", _) => answer(&mut sock, "200 OK", "{}").await,
        _ => answer(&mut sock, "404 Not Found", r#"{"error":"no such route"}"#).await,
    }
}

/// `max_games = 1` and a server that starts 20 games at once: one engine process runs, for
/// one game; the other 19 games are aborted (no side has moved) with a chat line saying why,
/// and a challenge that comes meanwhile is declined "later".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_starts_many_games_gets_no_more_engines_than_max_games() {
    let mock = Arc::new(Mock::default());
    let base = listen(&mock, serve_hostile).await;
    let dir = std::env::temp_dir().join(format!("oware-bot-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let starts = dir.join("starts");
    let _ = std::fs::remove_file(&starts);
    // Each engine process writes a line to `starts` as it begins.
    let engine = EngineCommand {
        program: "sh".into(),
        args: vec![
            "-c".into(),
            format!(
                "echo started >> '{}'; while read l; do case $l in uci) echo uciok;; \
                 isready) echo readyok;; go*) echo 'bestmove F';; quit) exit 0;; esac; done",
                starts.display()
            ),
        ],
    };
    let config = Config::parse(
        "[challenge]\nmax_games = 1\n[connection]\nbackoff_initial_ms = 1\nbackoff_max_ms = 2\n",
    )
    .unwrap();
    let bridge = Bridge {
        client: Client::new(&base, Token::new("owt_test").unwrap()).unwrap(),
        engine,
        config: Arc::new(config),
    };
    let requests = run_until(bridge, &mock, |m| {
        m.count("/abort") >= HOSTILE_GAMES - 1
            && m.count("/move/F") >= 1
            && m.count("/api/challenge/c9/decline") >= 1
    })
    .await;
    let count = |what: &str| count_in(&requests, what);

    let started = std::fs::read_to_string(&starts).unwrap_or_default();
    assert_eq!(started.lines().count(), 1, "one engine process in all");
    assert_eq!(count("/abort"), HOSTILE_GAMES - 1, "{requests:#?}");
    assert_eq!(count("/move/F"), 1, "{requests:#?}");
    assert!(!requests.iter().any(|r| r.contains("/resign")));
    let chats: Vec<&String> = requests.iter().filter(|r| r.contains("/chat ")).collect();
    assert_eq!(chats.len(), HOSTILE_GAMES - 1, "{requests:#?}");
    assert!(
        chats
            .iter()
            .all(|c| c.contains("no more than 1 game at once; the bot aborts the game")),
        "{chats:#?}"
    );
    let declined = requests
        .iter()
        .find(|r| r.starts_with("POST /api/challenge/c9/decline"))
        .unwrap();
    assert!(declined.ends_with(r#"{"reason":"later"}"#), "{declined}");
    let _ = std::fs::remove_dir_all(&dir);
}
