//! Hardening of the HTTP API against the real server on a loopback port: who may spend engine
//! time, per-client limits and bounded engine queues, connection timeouts (raw TCP), strict
//! request bodies, JSON for every refusal, and the security headers. On SQLite, or on
//! PostgreSQL with `OWARE_TEST_BACKEND=postgres` (see `common`).

mod common;

use std::future::Future;
use std::time::Duration;

use oware_server::{start, ProxyNet, Server, ServerConfig, ServerLimits, TrustedProxies};
use reqwest::header::HeaderMap;
use reqwest::{Client, Method, StatusCode};
use serde_json::{json, Value};

async fn server(dir: &tempfile::TempDir) -> Server {
    server_with(dir, ServerLimits::default()).await
}

/// The server with one search thread and `limits`.
async fn server_with(dir: &tempfile::TempDir, limits: ServerLimits) -> Server {
    let config = ServerConfig {
        port: 0,
        db: common::db(&dir.path().join("games.sqlite")).await,
        engine_threads: 1,
        limits,
        ..ServerConfig::default()
    };
    start(&config).await.expect("server starts")
}

/// An answer: the status, the headers and the body as JSON (`Null` when it is not JSON).
type Reply = (StatusCode, HeaderMap, Value);

/// Sends `method path` with an optional seat token and JSON body.
async fn send(
    s: &Server,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Reply {
    let mut req = Client::new().request(method, format!("http://{}{path}", s.addr()));
    if let Some(t) = token {
        req = req.header("x-seat-token", t);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    let r = req.send().await.unwrap();
    let (status, headers) = (r.status(), r.headers().clone());
    (status, headers, r.json().await.unwrap_or(Value::Null))
}

async fn get(s: &Server, path: &str) -> Reply {
    send(s, Method::GET, path, None, None).await
}

/// A long poll of game `id`: its state once it has moved past `version` (or after `wait_ms`).
async fn poll(s: &Server, id: &str, version: u64, wait_ms: u64) -> Reply {
    get(
        s,
        &format!("/api/games/{id}?since={version}&wait_ms={wait_ms}"),
    )
    .await
}

/// `POST path` with a seat token and a JSON body.
async fn post(s: &Server, path: &str, token: &str, body: Value) -> Reply {
    send(s, Method::POST, path, Some(token), Some(body)).await
}

/// Asks `attempt` up to 200 times, 50 ms apart, until it answers `Some`: for what the server
/// does soon but not at once (a lane freed, a closed stream noticed).
async fn eventually<T, F: Future<Output = Option<T>>>(mut attempt: impl FnMut() -> F) -> Option<T> {
    for _ in 0..200 {
        if let Some(t) = attempt().await {
            return Some(t);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    None
}

/// `POST /api/games` with `body`.
async fn create(s: &Server, body: Value) -> Reply {
    send(s, Method::POST, "/api/games", None, Some(body)).await
}

/// Creates a game from `body`: its id and seat token.
async fn created(s: &Server, body: Value) -> (String, String) {
    let (st, _, v) = create(s, body).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    )
}

/// A game between friends (no engine work): its id and seat token.
async fn new_game(s: &Server) -> (String, String) {
    created(s, json!({ "opponent": "friend" })).await
}

#[tokio::test]
async fn analysis_and_hints_need_the_seat_token() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir).await;
    let (id, token) = new_game(&s).await;
    let path = format!("/api/games/{id}/analysis");
    let body = json!({ "movetime_ms": 50, "purpose": "hint" });
    let (st, _, v) = send(&s, Method::POST, &path, None, Some(body.clone())).await;
    assert_eq!(st, StatusCode::UNAUTHORIZED, "{v}");
    assert_eq!(v["code"], "no-token");
    assert!(v["error"].as_str().unwrap().contains("seat token"), "{v}");
    let (st, _, v) = send(&s, Method::POST, &path, Some("0123"), Some(body.clone())).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{v}");
    assert_eq!(v["code"], "wrong-token");
    // A spectator cannot stop the seat holder's analysis either.
    let (st, _, v) = send(&s, Method::DELETE, &path, None, None).await;
    assert_eq!(st, StatusCode::UNAUTHORIZED, "{v}");
    let (st, _, v) = send(&s, Method::DELETE, &path, Some("0123"), None).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{v}");
    // The seat holder may.
    let (st, _, v) = post(&s, &path, &token, body).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{v}");
    let (st, _, _) = send(&s, Method::DELETE, &path, Some(&token), None).await;
    assert_eq!(st, StatusCode::NO_CONTENT);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn unknown_fields_are_refused_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir).await;
    let (st, _, v) = create(&s, json!({ "oponent": "hard" })).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "bad-field");
    assert!(v["error"].as_str().unwrap().contains("oponent"), "{v}");
    let (id, token) = new_game(&s).await;
    for (path, body, field) in [
        ("moves", json!({ "move": "C", "pits": 2 }), "pits"),
        ("analysis", json!({ "movetime": 100 }), "movetime"),
    ] {
        let (st, _, v) = post(&s, &format!("/api/games/{id}/{path}"), &token, body).await;
        assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert!(v["error"].as_str().unwrap().contains(field), "{v}");
    }
    // Nothing was played.
    let (_, _, state) = get(&s, &format!("/api/games/{id}")).await;
    assert_eq!(state["ply"], 0, "{state}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn human_and_starts_together_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir).await;
    let (st, _, v) = create(
        &s,
        json!({ "opponent": "easy", "human": "S", "starts": "computer" }),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "conflicting-options");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_wrong_method_gets_a_json_405() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir).await;
    for (method, path) in [
        (Method::PUT, "/api/games"),
        (Method::GET, "/api/games"),
        (Method::DELETE, "/api/health"),
    ] {
        let (st, _, v) = send(&s, method.clone(), path, None, None).await;
        assert_eq!(st, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}: {v}");
        assert_eq!(v["code"], "method-not-allowed", "{method} {path}: {v}");
        assert!(v["error"].as_str().unwrap().contains(path), "{v}");
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir).await;
    let (id, _) = new_game(&s).await;
    for (method, path) in [
        (Method::GET, "/".to_string()),
        (Method::GET, "/api/health".to_string()),
        (Method::GET, format!("/api/games/{id}")),
        (Method::GET, "/api/nothing-here".to_string()),
        (Method::POST, "/api/games/nope/undo".to_string()),
        (Method::PUT, "/api/games".to_string()),
    ] {
        let (_, h, _) = send(&s, method.clone(), &path, None, None).await;
        assert_eq!(h["x-content-type-options"], "nosniff", "{method} {path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{method} {path}");
    }
    let (_, h, _) = get(&s, "/").await;
    assert!(
        h.contains_key("content-security-policy"),
        "the page keeps its CSP"
    );
    s.shutdown().await.unwrap();
}

/// The number of games the store holds.
async fn stored_games(s: &Server) -> u64 {
    let (_, _, v) = get(s, "/api/health").await;
    v["games"].as_u64().unwrap()
}

/// Limits where one engine search may run and one more wait.
fn queue_of_one() -> ServerLimits {
    ServerLimits {
        engine_queue: 1,
        ..ServerLimits::default()
    }
}

/// What a full engine queue answers.
const BUSY: (StatusCode, &str) = (StatusCode::SERVICE_UNAVAILABLE, "engine-busy");

/// Checks a 429 or 503: the status and the JSON error shape with `code`, and a `Retry-After` in
/// seconds.
fn assert_retry((st, h, v): &Reply, (want, code): (StatusCode, &str)) {
    assert_eq!(*st, want, "{v}");
    assert_eq!(v["code"], code, "{v}");
    assert!(!v["error"].as_str().unwrap().is_empty(), "{v}");
    let secs: u64 = h["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(secs >= 1, "Retry-After: {secs}");
}

#[tokio::test]
async fn engine_work_beyond_the_per_client_limit_gets_429_with_retry_after() {
    let dir = tempfile::tempdir().unwrap();
    let limits = ServerLimits {
        engine_starts: 3,
        ..ServerLimits::default()
    };
    let s = server_with(&dir, limits).await;
    let (id, token) = new_game(&s).await; // a friend game starts no engine work
    let path = format!("/api/games/{id}/analysis");
    let hint = json!({ "movetime_ms": 50, "purpose": "hint" });
    for _ in 0..2 {
        let (st, _, v) = post(&s, &path, &token, hint.clone()).await;
        assert_eq!(st, StatusCode::ACCEPTED, "{v}");
    }
    // A game against the computer is engine work too: the third start.
    created(&s, json!({ "opponent": "easy" })).await;
    let before = stored_games(&s).await;
    let too_many = (StatusCode::TOO_MANY_REQUESTS, "too-many-engine-jobs");
    assert_retry(&post(&s, &path, &token, hint).await, too_many);
    assert_retry(&create(&s, json!({ "opponent": "easy" })).await, too_many);
    assert_eq!(
        stored_games(&s).await,
        before,
        "the refused game was not created"
    );
    // Friend games and moves are not engine work.
    new_game(&s).await;
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn games_created_beyond_the_per_client_limit_get_429_and_are_not_stored() {
    let dir = tempfile::tempdir().unwrap();
    let limits = ServerLimits {
        games_created: 2,
        ..ServerLimits::default()
    };
    let s = server_with(&dir, limits).await;
    new_game(&s).await;
    created(&s, json!({ "opponent": "easy" })).await;
    let before = stored_games(&s).await;
    let too_many = (StatusCode::TOO_MANY_REQUESTS, "too-many-games");
    for body in [
        json!({ "opponent": "friend" }),
        json!({ "opponent": "easy" }),
    ] {
        let reply = create(&s, body).await;
        assert_retry(&reply, too_many);
        assert!(
            reply.2["error"]
                .as_str()
                .unwrap()
                .contains("created 2 games"),
            "{reply:?}"
        );
    }
    assert_eq!(stored_games(&s).await, before, "nothing was created");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_full_analysis_queue_answers_503_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let s = server_with(&dir, queue_of_one()).await;
    // Long analyses of three games: one searches, one waits, the third finds the queue full.
    let long = json!({ "movetime_ms": 20_000 });
    let mut games = Vec::new();
    for _ in 0..3 {
        let (id, token) = new_game(&s).await;
        games.push((format!("/api/games/{id}/analysis"), token));
    }
    for (path, token) in &games[..2] {
        let (st, _, v) = post(&s, path, token, long.clone()).await;
        assert_eq!(st, StatusCode::ACCEPTED, "{v}");
    }
    let (path, token) = &games[2];
    let refused = post(&s, path, token, long.clone()).await;
    assert_retry(&refused, BUSY);
    assert!(
        refused.2["error"].as_str().unwrap().contains("busy"),
        "{refused:?}"
    );
    // Stopping the running analyses frees the lane (the waiting one is dropped unsearched).
    for (path, token) in &games[..2] {
        let (st, _, _) = send(&s, Method::DELETE, path, Some(token), None).await;
        assert_eq!(st, StatusCode::NO_CONTENT);
    }
    let short = json!({ "movetime_ms": 50 });
    let accepted = eventually(|| async {
        let (st, _, _) = post(&s, path, token, short.clone()).await;
        (st == StatusCode::ACCEPTED).then_some(())
    })
    .await;
    assert!(accepted.is_some(), "the lane never had room again");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_full_reply_queue_refuses_new_computer_games_and_moves() {
    let dir = tempfile::tempdir().unwrap();
    let s = server_with(&dir, queue_of_one()).await;
    // An expert game where the person moves first: no engine work yet.
    let (mine, token) = created(&s, json!({ "opponent": "expert", "starts": "you" })).await;
    // Expert games where the computer starts: each reply searches 2 s, one at a time, one more
    // may wait; the next is refused (a loop, in case a search ends between two requests).
    let mut refused = None;
    for _ in 0..8 {
        let before = stored_games(&s).await;
        let reply = create(&s, json!({ "opponent": "expert", "starts": "computer" })).await;
        if reply.0 == StatusCode::SERVICE_UNAVAILABLE {
            assert_retry(&reply, BUSY);
            assert_eq!(
                stored_games(&s).await,
                before,
                "the refused game was not created"
            );
            // While the queue is full, a move that needs a reply is refused too.
            let moves = format!("/api/games/{mine}/moves");
            refused = Some(post(&s, &moves, &token, json!({ "move": "C" })).await);
            break;
        }
        assert_eq!(reply.0, StatusCode::CREATED, "{reply:?}");
    }
    assert_retry(&refused.expect("a full queue refuses a new game"), BUSY);
    let (_, _, state) = get(&s, &format!("/api/games/{mine}")).await;
    assert_eq!(state["ply"], 0, "the refused move was not played: {state}");
    s.shutdown().await.unwrap();
}

/// Waits (long poll) until game `id` has moved past version 1: the computer's first reply.
async fn wait_first_reply(s: &Server, id: &str) {
    loop {
        let (st, _, v) = poll(s, id, 1, 30_000).await;
        assert_eq!(st, StatusCode::OK, "{v}");
        if v["ply"].as_u64() > Some(0) {
            return;
        }
    }
}

#[tokio::test]
async fn an_easy_reply_does_not_wait_behind_expert_searches() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir).await;
    // Three expert replies queued on one search slot: 2 s each.
    let mut experts = Vec::new();
    for _ in 0..3 {
        let expert = json!({ "opponent": "expert", "starts": "computer" });
        experts.push(created(&s, expert).await.0);
    }
    let (easy, _) = created(&s, json!({ "opponent": "easy", "starts": "computer" })).await;
    wait_first_reply(&s, &easy).await;
    // The easy reply came while expert searches were still queued: the second and third
    // expert games have not moved (with one queue for all, the easy reply came 2 s after the
    // second expert's).
    for id in &experts[1..] {
        let (_, _, g) = get(&s, &format!("/api/games/{id}")).await;
        assert_eq!(g["ply"], 0, "{g}");
    }
    for id in &experts {
        wait_first_reply(&s, id).await;
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn streams_and_long_polls_beyond_the_per_client_cap_get_429() {
    let dir = tempfile::tempdir().unwrap();
    let limits = ServerLimits {
        streams_per_client: 2,
        ..ServerLimits::default()
    };
    let s = server_with(&dir, limits).await;
    let (id, _) = new_game(&s).await;
    let client = Client::new();
    let events = format!("http://{}/api/games/{id}/events", s.addr());
    let first = client.get(&events).send().await.unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    // A long poll that ends gives its place back.
    for _ in 0..3 {
        let (st, _, v) = poll(&s, &id, 1, 10).await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    let lobby = client
        .get(format!("http://{}/api/lobby/events", s.addr()))
        .send()
        .await
        .unwrap();
    assert_eq!(lobby.status(), StatusCode::OK);
    // Two open: a third stream and a long poll are refused.
    let too_many = (StatusCode::TOO_MANY_REQUESTS, "too-many-streams");
    let r = client.get(&events).send().await.unwrap();
    let (st, h) = (r.status(), r.headers().clone());
    assert_retry(&(st, h, r.json().await.unwrap()), too_many);
    assert_retry(&poll(&s, &id, 1, 10).await, too_many);
    // Plain reads are not streams.
    let (st, _, _) = get(&s, &format!("/api/games/{id}")).await;
    assert_eq!(st, StatusCode::OK);
    // A page that leaves closes its stream: the server notices and frees the place.
    drop(first);
    let reopened = eventually(|| async {
        let r = client.get(&events).send().await.unwrap();
        (r.status() == StatusCode::OK).then_some(r)
    })
    .await;
    assert!(reopened.is_some(), "a closed stream kept its place");
    drop((reopened, lobby));
    s.shutdown().await.unwrap();
}

/// Opens game `id`'s event stream as a request that says it was forwarded for `client`.
async fn stream_for(s: &Server, id: &str, client: &str) -> reqwest::Response {
    Client::new()
        .get(format!("http://{}/api/games/{id}/events", s.addr()))
        .header("x-forwarded-for", client)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_allowance() {
    let dir = tempfile::tempdir().unwrap();
    let limits = ServerLimits {
        streams_per_client: 1,
        trusted_proxies: TrustedProxies::new(["127.0.0.1".parse::<ProxyNet>().unwrap()]),
        ..ServerLimits::default()
    };
    let s = server_with(&dir, limits).await;
    let (id, _) = new_game(&s).await;
    // The test connects from 127.0.0.1, the trusted proxy: two clients, one stream each.
    let a = stream_for(&s, &id, "203.0.113.1").await;
    let b = stream_for(&s, &id, "198.51.100.1, 203.0.113.2").await;
    assert_eq!((a.status(), b.status()), (StatusCode::OK, StatusCode::OK));
    // A second stream of the first client is over its own allowance.
    let again = stream_for(&s, &id, "203.0.113.1").await;
    assert_eq!(again.status(), StatusCode::TOO_MANY_REQUESTS);
    drop((a, b));
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn without_a_trusted_proxy_a_forwarded_header_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let limits = ServerLimits {
        streams_per_client: 1,
        ..ServerLimits::default()
    };
    let s = server_with(&dir, limits).await;
    let (id, _) = new_game(&s).await;
    // Whatever the header claims, both requests come from 127.0.0.1: one allowance.
    let a = stream_for(&s, &id, "203.0.113.1").await;
    assert_eq!(a.status(), StatusCode::OK);
    let b = stream_for(&s, &id, "203.0.113.2").await;
    assert_eq!(b.status(), StatusCode::TOO_MANY_REQUESTS);
    drop(a);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn path_and_body_rejections_are_json() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir).await;
    // A path segment that is not UTF-8.
    let (st, _, v) = get(&s, "/api/games/%FF%FE").await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["code"], "bad-path", "{v}");
    // A raw body over the limit (join reads its optional body itself).
    let (id, _) = new_game(&s).await;
    let r = Client::new()
        .post(format!("http://{}/api/games/{id}/join", s.addr()))
        .body(vec![b' '; 300 * 1024])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["code"], "body-too-large", "{v}");
    s.shutdown().await.unwrap();
}

/// Reads what the server sends on `stream` until it closes the connection (a guard of 60 s
/// fails the test rather than hanging it).
fn read_until_closed(stream: &mut std::net::TcpStream) -> String {
    use std::io::Read;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break,
            Err(e) => panic!("the server kept the connection open: {e}"),
        }
    }
    String::from_utf8_lossy(&got).into_owned()
}

fn timeouts() -> ServerLimits {
    ServerLimits {
        header_timeout: Duration::from_millis(300),
        body_timeout: Duration::from_millis(300),
        ..ServerLimits::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_sends_nothing_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let s = server_with(&dir, timeouts()).await;
    let addr = s.addr();
    let got = tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        read_until_closed(&mut stream)
    })
    .await
    .unwrap();
    assert!(!got.contains("200 OK"), "{got}");
    // The server still answers others.
    let (st, _, _) = get(&s, "/api/health").await;
    assert_eq!(st, StatusCode::OK);
    s.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trickled_headers_are_cut_off() {
    let dir = tempfile::tempdir().unwrap();
    let s = server_with(&dir, timeouts()).await;
    let addr = s.addr();
    let (got, lines) = tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        let mut reader = stream.try_clone().unwrap();
        let reading = std::thread::spawn(move || read_until_closed(&mut reader));
        // One header line every 50 ms, never the blank line that ends them, until the server
        // hangs up (or 600 lines, 30 s).
        stream
            .write_all(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n")
            .unwrap();
        let mut lines = 0;
        while lines < 600
            && stream
                .write_all(format!("X-Slow-{lines}: 1\r\n").as_bytes())
                .is_ok()
        {
            lines += 1;
            if reading.is_finished() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        (reading.join().unwrap(), lines)
    })
    .await
    .unwrap();
    assert!(!got.contains("200 OK"), "{got}");
    assert!(lines < 600, "the server read {lines} trickled header lines");
    s.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_stops_arriving_is_answered_408() {
    let dir = tempfile::tempdir().unwrap();
    let s = server_with(&dir, timeouts()).await;
    let addr = s.addr();
    let before = stored_games(&s).await;
    let got = tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        // 5 of the 1,000 bytes announced, then nothing.
        stream
            .write_all(
                b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
                  Content-Length: 1000\r\n\r\n{\"opp",
            )
            .unwrap();
        read_until_closed(&mut stream)
    })
    .await
    .unwrap();
    assert!(got.starts_with("HTTP/1.1 408"), "{got}");
    let body: Value = serde_json::from_str(&got[got.find("\r\n\r\n").unwrap() + 4..]).unwrap();
    assert_eq!(body["code"], "body-timeout", "{body}");
    assert_eq!(stored_games(&s).await, before);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_move_undo_loop_keeps_one_reply_per_game_in_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let s = server_with(&dir, queue_of_one()).await;
    let (id, token) = created(&s, json!({ "opponent": "expert", "starts": "you" })).await;
    let moves = format!("/api/games/{id}/moves");
    let undo = format!("/api/games/{id}/undo");
    // Each move asks for a 2 s expert reply and each undo makes it stale; the stale searches
    // must not pile up in the engine's queue (one slot, one place waiting) and refuse moves.
    for round in 0..4 {
        let (st, _, v) = post(&s, &moves, &token, json!({ "move": "C" })).await;
        assert_eq!(st, StatusCode::OK, "move of round {round}: {v}");
        if round < 3 {
            let (st, _, v) = send(&s, Method::POST, &undo, Some(&token), None).await;
            assert_eq!(st, StatusCode::OK, "undo of round {round}: {v}");
            assert_eq!(v["ply"], 0, "{v}");
        }
    }
    // The last move gets its reply once the stale search ends.
    let mut version = 0;
    loop {
        let (st, _, v) = poll(&s, &id, version, 30_000).await;
        assert_eq!(st, StatusCode::OK, "{v}");
        assert!(v["engine_error"].is_null(), "{v}");
        if v["ply"] == 2 {
            break;
        }
        version = v["version"].as_u64().unwrap();
    }
    s.shutdown().await.unwrap();
}

// ---- Text inputs: chat messages and names (H2, H3) ----

/// A server on a manual clock, an online game between Ama (South) and Kofi (North) on it:
/// the folder, the clock, the server, a client, the game's id and the two seat tokens.
async fn chat_game() -> (
    tempfile::TempDir,
    oware_server::ManualClock,
    Server,
    common::Api,
    (String, String, String),
) {
    let dir = tempfile::tempdir().unwrap();
    let clock = oware_server::ManualClock::starting_now();
    let s = common::clocked_server(&dir.path().join("games.sqlite"), &clock).await;
    let api = common::Api::new(&s);
    let game = common::online_game(&api, &api, Value::Null).await;
    (dir, clock, s, api, game)
}

async fn chat(
    api: &common::Api,
    id: &str,
    token: Option<&str>,
    body: Value,
) -> (StatusCode, Value) {
    api.post(&format!("/api/games/{id}/chat"), token, Some(body))
        .await
}

async fn chat_log(api: &common::Api, id: &str) -> Vec<oware_protocol::ChatMessage> {
    let (st, v) = api_get(api, &format!("/api/games/{id}/chat")).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    serde_json::from_value::<oware_protocol::ChatLog>(v)
        .unwrap()
        .messages
}

async fn api_get(api: &common::Api, path: &str) -> (StatusCode, Value) {
    let r = api
        .client
        .get(format!("{}{path}", api.base))
        .send()
        .await
        .unwrap();
    let st = r.status();
    (st, r.json().await.unwrap_or(Value::Null))
}

/// An emoji family with skin tones: one character of 11 code points, 41 bytes.
const FAMILY: &str = "\u{1F468}\u{1F3FD}\u{200D}\u{1F469}\u{1F3FD}\u{200D}\u{1F467}\u{1F3FD}\u{200D}\u{1F466}\u{1F3FD}";

#[tokio::test]
async fn a_large_chat_text_is_refused_on_its_size_before_it_is_read() {
    let (_dir, _clock, s, api, (id, south, _)) = chat_game().await;
    // 224 KB of emoji joined by zero-width joiners: one grapheme cluster, so it was one
    // "character" of the 140, stored after seconds of work. Now its body is over the chat
    // route's limit.
    let zwj = "\u{1F600}\u{200D}".repeat(32_000) + "\u{1F600}";
    let (st, v) = chat(&api, &id, Some(&south), json!({ "text": zwj })).await;
    common::assert_error(st, &v, StatusCode::PAYLOAD_TOO_LARGE, "body-too-large");
    assert!(v["error"].as_str().unwrap().contains("32 KiB"), "{v}");
    // `a` with 124,999 accents (250 KB): one "character" before.
    let heavy = format!("a{}", "\u{0301}".repeat(124_999));
    let (st, v) = chat(&api, &id, Some(&south), json!({ "text": heavy })).await;
    common::assert_error(st, &v, StatusCode::PAYLOAD_TOO_LARGE, "body-too-large");
    // Within the body limit, over the message's bytes: refused on its length.
    let big = "\u{1F600}\u{200D}".repeat(2_000) + "\u{1F600}";
    let (st, v) = chat(&api, &id, Some(&south), json!({ "text": big })).await;
    common::assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "message-too-long");
    assert!(v["error"].as_str().unwrap().contains("bytes"), "{v}");
    // Stacked marks and long joined sequences, within the size: refused by what they are.
    let stacked = format!("a{}", "\u{0301}".repeat(40));
    let (st, v) = chat(&api, &id, Some(&south), json!({ "text": stacked })).await;
    common::assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "too-many-marks");
    let chain = "\u{1F600}\u{200D}".repeat(20) + "\u{1F600}";
    let (st, v) = chat(&api, &id, Some(&south), json!({ "text": chain })).await;
    common::assert_error(
        st,
        &v,
        StatusCode::UNPROCESSABLE_ENTITY,
        "character-too-long",
    );
    assert!(chat_log(&api, &id).await.is_empty(), "nothing kept");
    // 140 of the longest emoji people send: accepted.
    let (st, v) = chat(
        &api,
        &id,
        Some(&south),
        json!({ "text": FAMILY.repeat(140) }),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    s.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chunked_chat_body_is_cut_at_the_routes_small_limit() {
    let (_dir, _clock, s, _api, (id, _, _)) = chat_game().await;
    let path = format!("/api/games/{id}/chat");
    let line = tokio::task::spawn_blocking({
        let (s2, p) = (s.addr(), path.clone());
        move || {
            let s = Reach(s2);
            chunked_post_to(&s, &p, 100 * 1024)
        }
    })
    .await
    .unwrap();
    assert!(line.contains("413"), "{line}");
    s.shutdown().await.unwrap();
}

/// The address of a server, for a blocking thread.
struct Reach(std::net::SocketAddr);

/// Sends `POST path` with a chunked body of `size` bytes of `{"text":"xxx…"}` (no
/// `Content-Length`): the status line.
fn chunked_post_to(s: &Reach, path: &str, size: usize) -> String {
    use std::io::Write;
    let mut stream = std::net::TcpStream::connect(s.0).unwrap();
    let body = format!("{{\"text\":\"{}\"}}", "x".repeat(size));
    let mut req = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
        s.0
    )
    .into_bytes();
    for chunk in body.as_bytes().chunks(8192) {
        req.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        req.extend_from_slice(chunk);
        req.extend_from_slice(b"\r\n");
    }
    req.extend_from_slice(b"0\r\n\r\n");
    let _ = stream.write_all(&req);
    let got = read_until_closed(&mut stream);
    got.lines().next().unwrap_or_default().to_string()
}

#[tokio::test]
async fn the_missing_game_and_the_rate_limit_are_answered_before_the_text_is_checked() {
    let (_dir, _clock, s, api, (id, south, _)) = chat_game().await;
    let too_long = "x".repeat(141);
    // A game that does not exist: 404, whatever the text (it was 422: the text came first).
    let (st, v) = chat(
        &api,
        "nosuchgame",
        Some(&south),
        json!({ "text": too_long }),
    )
    .await;
    common::assert_error(st, &v, StatusCode::NOT_FOUND, "unknown-game");
    // A writer at the limit: 429 before the text is looked at (it was 422).
    for i in 0..5 {
        let (st, v) = chat(&api, &id, Some(&south), json!({ "text": format!("m{i}") })).await;
        assert_eq!(st, StatusCode::CREATED, "{v}");
    }
    let (st, v) = chat(&api, &id, Some(&south), json!({ "text": too_long })).await;
    common::assert_error(st, &v, StatusCode::TOO_MANY_REQUESTS, "chat-too-fast");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_refused_text_does_not_count_against_the_writers_limit() {
    let (_dir, _clock, s, api, (id, south, _)) = chat_game().await;
    for _ in 0..5 {
        let (st, v) = chat(&api, &id, Some(&south), json!({ "text": "x".repeat(141) })).await;
        common::assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "message-too-long");
    }
    let (st, v) = chat(&api, &id, Some(&south), json!({ "text": "now right" })).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_games_chat_keeps_its_newest_messages_within_its_bytes() {
    let (_dir, clock, s, api, (id, south, north)) = chat_game().await;
    // 20 messages of 140 emoji families (5,740 bytes each, 115 KB in all).
    let text = FAMILY.repeat(140);
    for i in 0..20 {
        let token = if i % 2 == 0 { &south } else { &north };
        if i % 10 == 9 {
            clock.advance(Duration::from_secs(10));
        }
        let (st, v) = chat(&api, &id, Some(token), json!({ "text": text })).await;
        assert_eq!(st, StatusCode::CREATED, "{i}: {v}");
    }
    // The log answers the newest that fit in 64 KiB of text and names (it answered all 20).
    let log = chat_log(&api, &id).await;
    let bytes: usize = log.iter().map(|m| m.text.len() + m.name.len()).sum();
    assert!(bytes <= 64 * 1024, "{bytes} bytes");
    assert_eq!(log.len(), 11, "the newest 11 fit");
    assert_eq!(log.last().unwrap().seq, 20);
    assert_eq!(log.first().unwrap().seq, 10);
    // ... and the database keeps no more (it kept all 20).
    if !common::sqlite_only("counts the rows of the SQLite file") {
        let db = rusqlite::Connection::open(_dir.path().join("games.sqlite")).unwrap();
        let (rows, max_bytes): (i64, i64) = db
            .query_row(
                "SELECT COUNT(*), COALESCE(SUM(length(CAST(body AS BLOB))), 0) FROM chat_messages",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!(rows, 11);
        assert!(max_bytes <= 64 * 1024);
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_games_chat_keeps_its_newest_500_messages() {
    let (_dir, clock, s, api, (id, south, north)) = chat_game().await;
    for i in 0..510 {
        let token = if i % 2 == 0 { &south } else { &north };
        if i % 10 == 0 {
            clock.advance(Duration::from_secs(10));
        }
        let (st, v) = chat(&api, &id, Some(token), json!({ "text": format!("m{i}") })).await;
        assert_eq!(st, StatusCode::CREATED, "{i}: {v}");
    }
    let log = chat_log(&api, &id).await;
    assert_eq!(log.len(), 500);
    assert_eq!(log.first().unwrap().text, "m10");
    assert_eq!(log.last().unwrap().seq, 510, "numbers go on");
    if !common::sqlite_only("counts the rows of the SQLite file") {
        let db = rusqlite::Connection::open(_dir.path().join("games.sqlite")).unwrap();
        let rows: i64 = db
            .query_row("SELECT COUNT(*) FROM chat_messages", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, 500, "the oldest went (all 510 were kept)");
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_name_body_over_the_small_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir).await;
    let (id, _) = new_game(&s).await;
    // 40 KB of name: over the 32 KiB of a route whose body is a name (it was read and cleaned,
    // seconds of work for a hostile one, even when the seat was taken).
    let name = "\u{1F600}\u{FE0F}\u{200D}".repeat(4_000);
    let (st, _, v) = send(
        &s,
        Method::POST,
        &format!("/api/games/{id}/join"),
        None,
        Some(json!({ "name": name })),
    )
    .await;
    assert_eq!(st, StatusCode::PAYLOAD_TOO_LARGE, "{v}");
    assert_eq!(v["code"], "body-too-large", "{v}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn simultaneous_chat_messages_are_all_numbered() {
    let dir = tempfile::tempdir().unwrap();
    let limits = ServerLimits {
        trusted_proxies: TrustedProxies::new(["127.0.0.1".parse::<ProxyNet>().unwrap()]),
        ..ServerLimits::default()
    };
    let s = server_with(&dir, limits).await;
    let api = common::Api::new(&s);
    let (id, _, _) = common::online_game(&api, &api, Value::Null).await;
    // Eight spectators at eight addresses write five messages each, all at once.
    let mut posts = tokio::task::JoinSet::new();
    for writer in 0..8 {
        for n in 0..5 {
            let url = format!("http://{}/api/games/{id}/chat", s.addr());
            posts.spawn(async move {
                Client::new()
                    .post(url)
                    .header("x-forwarded-for", format!("203.0.113.{}", writer + 1))
                    .json(&json!({ "text": format!("message {n} of writer {writer}") }))
                    .send()
                    .await
                    .unwrap()
                    .status()
            });
        }
    }
    let statuses = posts.join_all().await;
    assert!(
        statuses.iter().all(|st| *st == StatusCode::CREATED),
        "{statuses:?}"
    );
    let (st, _, log) = get(&s, &format!("/api/games/{id}/chat")).await;
    assert_eq!(st, StatusCode::OK);
    let mut seqs: Vec<u64> = log["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["seq"].as_u64().unwrap())
        .collect();
    seqs.sort_unstable();
    assert_eq!(seqs, (1..=40).collect::<Vec<u64>>());
    s.shutdown().await.unwrap();
}
