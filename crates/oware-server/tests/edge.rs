//! Edges found by a hostile test of online play, against the real server on a loopback port:
//! a second server reaching a served SQLite file through a hard link or a symlink, request
//! bodies with fields the route does not know or options that do not apply, bodies over the
//! limit on every route, unknown API paths and methods, foreign `Host` names (DNS rebinding),
//! and per-client allowances from one IPv6 /64. Every refusal is JSON and changes nothing.

mod common;

use std::path::Path;

use oware_server::{
    start, GameStore, ProxyNet, Server, ServerConfig, ServerLimits, SqliteStore, Store, StoreError,
    TrustedProxies,
};
use reqwest::{Client, Method, StatusCode};
use serde_json::{json, Value};

use common::{online_game, Api};

async fn server_with(dir: &Path, config: ServerConfig) -> Server {
    let config = ServerConfig {
        port: 0,
        db: common::db(&dir.join("games.sqlite")).await,
        engine_threads: 1,
        ..config
    };
    start(&config).await.expect("server starts")
}

async fn server(dir: &Path) -> Server {
    server_with(dir, ServerConfig::default()).await
}

/// Sends `method path` with an optional seat token, extra headers and a raw body: the status
/// and the answer as JSON (`Null` when it is not JSON).
async fn send(
    s: &Server,
    method: Method,
    path: &str,
    token: Option<&str>,
    headers: &[(&str, &str)],
    body: Option<Vec<u8>>,
) -> (StatusCode, Value) {
    let mut req = Client::new().request(method, format!("http://{}{path}", s.addr()));
    if let Some(t) = token {
        req = req.header("x-seat-token", t);
    }
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    if let Some(b) = body {
        req = req.header("content-type", "application/json").body(b);
    }
    let r = req.send().await.unwrap();
    let status = r.status();
    let text = r.text().await.unwrap();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// The number of games the store holds.
async fn stored_games(s: &Server) -> u64 {
    let (_, v) = send(s, Method::GET, "/api/health", None, &[], None).await;
    v["games"].as_u64().unwrap()
}

// --- 12. The SQLite lock follows the file, not its name ------------------------------------

#[tokio::test]
async fn a_second_store_through_a_hard_link_or_a_symlink_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite");
    let first = SqliteStore::open(&path).unwrap();
    let hard = dir.path().join("hard.sqlite");
    std::fs::hard_link(&path, &hard).unwrap();
    let soft = dir.path().join("soft.sqlite");
    std::os::unix::fs::symlink(&path, &soft).unwrap();
    // And a symlinked folder: another name again for the same file.
    let linked_dir = dir.path().join("linked");
    std::os::unix::fs::symlink(dir.path(), &linked_dir).unwrap();
    for other in [&hard, &soft, &linked_dir.join("games.sqlite")] {
        let Err(e) = SqliteStore::open(other) else {
            panic!(
                "a second store opened {} while the first serves it",
                other.display()
            );
        };
        assert!(matches!(e, StoreError::Locked { .. }), "{other:?}: {e}");
        let text = e.to_string();
        assert!(text.contains("in use by another oware server"), "{text}");
        let name = other.file_name().unwrap().to_str().unwrap();
        assert!(text.contains(name), "names the file asked for: {text}");
        assert!(text.contains("another name"), "{text}");
    }
    // Once the first store is closed, the file may be opened under any of its names.
    first.close().await.unwrap();
    let again = SqliteStore::open(&hard).unwrap();
    assert_eq!(again.count().await.unwrap(), 0);
    let Err(e) = SqliteStore::open(&path) else {
        panic!("the first name opened while the hard link serves the file");
    };
    assert!(matches!(e, StoreError::Locked { .. }), "{e}");
    again.close().await.unwrap();
}

#[tokio::test]
async fn a_second_server_on_a_hard_link_of_a_served_database_does_not_start() {
    if common::sqlite_only("the lock of a SQLite file") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path()).await;
    let hard = dir.path().join("hard.sqlite");
    std::fs::hard_link(dir.path().join("games.sqlite"), &hard).unwrap();
    let config = ServerConfig {
        port: 0,
        db: hard,
        engine_threads: 1,
        ..ServerConfig::default()
    };
    let Err(e) = start(&config).await else {
        panic!("a second server started on a hard link of a served database");
    };
    assert!(
        e.to_string().contains("in use by another oware server"),
        "{e}"
    );
    s.shutdown().await.unwrap();
}

// --- 14. Strict bodies, JSON errors -----------------------------------------------------------

/// Every route that takes a body, with a valid body where one is needed plus `"bogus": 1`.
fn routes_with_bogus_fields(local: &str, online: &str) -> Vec<(Method, String, Value)> {
    let g = |id: &str, rest: &str| format!("/api/games/{id}{rest}");
    vec![
        (
            Method::POST,
            "/api/games".into(),
            json!({ "opponent": "friend", "bogus": 1 }),
        ),
        (
            Method::POST,
            "/api/games".into(),
            json!({ "opponent": "online", "bogus": 1 }),
        ),
        (
            Method::POST,
            g(online, "/join"),
            json!({ "name": "Yaw", "bogus": 1 }),
        ),
        (Method::POST, g(online, "/resign"), json!({ "bogus": 1 })),
        (Method::POST, g(online, "/abort"), json!({ "bogus": 1 })),
        (
            Method::POST,
            g(online, "/draw"),
            json!({ "action": "offer", "bogus": 1 }),
        ),
        (
            Method::POST,
            g(online, "/takeback"),
            json!({ "action": "offer", "bogus": 1 }),
        ),
        (
            Method::POST,
            g(online, "/claim"),
            json!({ "result": "win", "bogus": 1 }),
        ),
        (
            Method::POST,
            g(online, "/rematch"),
            json!({ "action": "offer", "bogus": 1 }),
        ),
        (Method::POST, g(online, "/seat"), json!({ "bogus": 1 })),
        (Method::POST, g(online, "/presence"), json!({ "bogus": 1 })),
        (Method::DELETE, g(online, ""), json!({ "bogus": 1 })),
        (
            Method::POST,
            g(local, "/moves"),
            json!({ "move": "C", "bogus": 1 }),
        ),
        (Method::POST, g(local, "/undo"), json!({ "bogus": 1 })),
        (Method::POST, g(local, "/redo"), json!({ "bogus": 1 })),
        (
            Method::POST,
            g(local, "/analysis"),
            json!({ "ply": 0, "bogus": 1 }),
        ),
        (Method::DELETE, g(local, "/analysis"), json!({ "bogus": 1 })),
        (
            Method::POST,
            g(local, "/review"),
            json!({ "depth": 4, "bogus": 1 }),
        ),
    ]
}

#[tokio::test]
async fn every_body_with_an_unknown_field_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path()).await;
    let (api, joiner) = (Api::new(&s), Api::new(&s));
    let (local, local_token, _) = api.new_game(json!({ "opponent": "friend" })).await;
    assert_eq!(api.play(&local, &local_token, "C").await.0, StatusCode::OK);
    let (online, south, _north) = online_game(&api, &joiner, Value::Null).await;
    let before_games = stored_games(&s).await;
    let (_, before_local) = api.get(&format!("/api/games/{local}")).await;
    let (_, before_online) = api.get(&format!("/api/games/{online}")).await;
    for (method, path, body) in routes_with_bogus_fields(&local, &online) {
        let token = if path.contains(&local) {
            &local_token
        } else {
            &south
        };
        let raw = serde_json::to_vec(&body).unwrap();
        let (st, v) = send(&s, method.clone(), &path, Some(token), &[], Some(raw)).await;
        assert!(
            st == StatusCode::BAD_REQUEST || st == StatusCode::UNPROCESSABLE_ENTITY,
            "{method} {path}: {st} {v}"
        );
        assert_eq!(v["code"], "bad-field", "{method} {path}: {v}");
        assert!(
            v["error"].as_str().unwrap().contains("bogus"),
            "{method} {path}: names the field: {v}"
        );
    }
    assert_eq!(stored_games(&s).await, before_games, "no game created");
    let (_, after_local) = api.get(&format!("/api/games/{local}")).await;
    let (_, after_online) = api.get(&format!("/api/games/{online}")).await;
    assert_eq!(after_local["version"], before_local["version"]);
    assert_eq!(after_local["ply"], 1);
    assert_eq!(after_online["version"], before_online["version"]);
    assert_eq!(after_online["online"]["status"], "playing");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn options_that_do_not_apply_to_the_kind_of_game_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path()).await;
    let api = Api::new(&s);
    let clock = json!({ "initial_s": 300, "increment_s": 2 });
    for body in [
        json!({ "opponent": "easy", "clock": clock }),
        json!({ "opponent": "friend", "color": "S" }),
        json!({ "opponent": "hard", "name": "Ama" }),
        json!({ "opponent": "friend", "lobby": true }),
        json!({ "opponent": "online", "human": "S" }),
        json!({ "opponent": "online", "starts": "you" }),
        json!({ "opponent": "online", "ogn": "1. C" }),
        json!({ "opponent": "online", "names": { "S": "Ama" } }),
        json!({ "opponent": "friend", "names": { "S": "Ama", "East": "Kofi" } }),
        json!({ "opponent": "online", "clock": { "initial_s": 300, "increment": 2 } }),
    ] {
        let (st, v) = api.create(body.clone()).await;
        assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {v}");
        assert!(
            matches!(
                v["code"].as_str(),
                Some("not-applicable" | "bad-field" | "bad-clock")
            ),
            "{body}: {v}"
        );
        assert!(!v["error"].as_str().unwrap().is_empty(), "{v}");
    }
    assert_eq!(stored_games(&s).await, 0, "nothing was created");
    // What applies still works, `null` standing for "not given".
    for body in [
        json!({ "opponent": "easy", "starts": "you", "clock": null }),
        json!({ "opponent": "friend", "starts": "you", "names": { "S": "Ama", "N": "Kofi" } }),
        json!({ "opponent": "online", "clock": clock, "color": "N", "name": "Ama", "lobby": false }),
    ] {
        let (st, v) = api.create(body.clone()).await;
        assert_eq!(st, StatusCode::CREATED, "{body}: {v}");
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_body_over_the_limit_is_a_json_413_on_every_route() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path()).await;
    let api = Api::new(&s);
    let (id, token, created) = api.new_game(json!({ "opponent": "friend" })).await;
    let big = {
        let mut b = b"{\"depth\": 4, \"pad\": \"".to_vec();
        b.resize(300 * 1024, b'x');
        b.extend_from_slice(b"\"}");
        b
    };
    let g = |rest: &str| format!("/api/games/{id}{rest}");
    let mut routes = vec![
        (Method::POST, "/api/games".to_string()),
        (Method::GET, "/api/health".to_string()),
        (Method::GET, g("")),
        (Method::DELETE, g("")),
        (Method::GET, "/".to_string()),
    ];
    for rest in [
        "/join",
        "/resign",
        "/abort",
        "/draw",
        "/takeback",
        "/claim",
        "/rematch",
        "/seat",
        "/presence",
        "/moves",
        "/undo",
        "/redo",
        "/analysis",
        "/review",
    ] {
        routes.push((Method::POST, g(rest)));
    }
    routes.push((Method::DELETE, g("/analysis")));
    for (method, path) in routes {
        let (st, v) = send(
            &s,
            method.clone(),
            &path,
            Some(&token),
            &[],
            Some(big.clone()),
        )
        .await;
        assert_eq!(st, StatusCode::PAYLOAD_TOO_LARGE, "{method} {path}: {v}");
        assert_eq!(v["code"], "body-too-large", "{method} {path}: {v}");
        assert!(v["error"].as_str().unwrap().contains("KiB"), "{v}");
    }
    let (_, state) = api.get(&g("")).await;
    assert_eq!(
        state["version"], created["state"]["version"],
        "nothing changed"
    );
    assert_eq!(
        api.get(&g("/review")).await.1["status"],
        "none",
        "no review started"
    );
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn unknown_api_paths_and_methods_are_json() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path()).await;
    for (method, path, want, code) in [
        (Method::GET, "/api", StatusCode::NOT_FOUND, "not-found"),
        (Method::POST, "/api", StatusCode::NOT_FOUND, "not-found"),
        (Method::GET, "/api/nope", StatusCode::NOT_FOUND, "not-found"),
        (Method::PUT, "/api/nope", StatusCode::NOT_FOUND, "not-found"),
        (
            Method::PATCH,
            "/api/games/x/y/z",
            StatusCode::NOT_FOUND,
            "not-found",
        ),
        (
            Method::PATCH,
            "/api/games",
            StatusCode::METHOD_NOT_ALLOWED,
            "method-not-allowed",
        ),
        (
            Method::PUT,
            "/api/games/abc/moves",
            StatusCode::METHOD_NOT_ALLOWED,
            "method-not-allowed",
        ),
        (
            Method::POST,
            "/index.html",
            StatusCode::METHOD_NOT_ALLOWED,
            "method-not-allowed",
        ),
    ] {
        let (st, v) = send(&s, method.clone(), path, None, &[], None).await;
        assert_eq!(st, want, "{method} {path}: {v}");
        assert_eq!(v["code"], code, "{method} {path}: {v}");
    }
    s.shutdown().await.unwrap();
}

// --- 15. Host names (DNS rebinding) ---------------------------------------------------------

#[tokio::test]
async fn a_foreign_host_name_is_refused_and_loopback_names_pass() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(dir.path()).await;
    let port = s.addr().port();
    for host in [
        "evil.example",
        &format!("evil.example:{port}"),
        "localhost.evil.example",
        "127.0.0.1.nip.io",
    ] {
        for path in ["/api/health", "/", "/api/games/abc"] {
            let (st, v) = send(&s, Method::GET, path, None, &[("host", host)], None).await;
            assert_eq!(st, StatusCode::MISDIRECTED_REQUEST, "{host} {path}: {v}");
            assert_eq!(v["code"], "unknown-host", "{v}");
            assert!(
                v["error"].as_str().unwrap().contains("--public-host"),
                "{v}"
            );
        }
    }
    // Refused before anything is read or done.
    let body = serde_json::to_vec(&json!({ "opponent": "friend" })).unwrap();
    let (st, _) = send(
        &s,
        Method::POST,
        "/api/games",
        None,
        &[("host", "evil.example")],
        Some(body),
    )
    .await;
    assert_eq!(st, StatusCode::MISDIRECTED_REQUEST);
    assert_eq!(stored_games(&s).await, 0);
    for host in [
        format!("localhost:{port}"),
        "localhost".to_string(),
        "LocalHost.".to_string(),
        format!("127.0.0.1:{port}"),
        format!("127.8.9.10:{port}"),
        format!("[::1]:{port}"),
    ] {
        let (st, v) = send(
            &s,
            Method::GET,
            "/api/health",
            None,
            &[("host", &host)],
            None,
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{host}: {v}");
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_name_given_with_public_host_passes_and_others_still_do_not() {
    let dir = tempfile::tempdir().unwrap();
    let s = server_with(
        dir.path(),
        ServerConfig {
            public_hosts: vec!["oware.example.org".parse().unwrap()],
            ..ServerConfig::default()
        },
    )
    .await;
    for (host, want) in [
        ("oware.example.org", StatusCode::OK),
        ("Oware.Example.org:443", StatusCode::OK),
        ("localhost:1", StatusCode::OK),
        ("example.org", StatusCode::MISDIRECTED_REQUEST),
        ("evil.oware.example.org", StatusCode::MISDIRECTED_REQUEST),
    ] {
        let (st, v) = send(
            &s,
            Method::GET,
            "/api/health",
            None,
            &[("host", host)],
            None,
        )
        .await;
        assert_eq!(st, want, "{host}: {v}");
    }
    s.shutdown().await.unwrap();
}

// --- 16a. One allowance per IPv6 /64 --------------------------------------------------------

#[tokio::test]
async fn addresses_of_one_ipv6_64_share_one_allowance() {
    let dir = tempfile::tempdir().unwrap();
    let limits = ServerLimits {
        engine_starts: 1,
        trusted_proxies: TrustedProxies::new(["127.0.0.1".parse::<ProxyNet>().unwrap()]),
        ..ServerLimits::default()
    };
    let s = server_with(
        dir.path(),
        ServerConfig {
            limits,
            ..ServerConfig::default()
        },
    )
    .await;
    // A game against the computer where the human starts is one engine job, no search.
    let body = serde_json::to_vec(&json!({ "opponent": "easy", "starts": "you" })).unwrap();
    let mut created = 0;
    for i in 1..=100u32 {
        let client = format!("2001:db8:1:2:{i:x}:0:0:{i:x}");
        let (st, v) = send(
            &s,
            Method::POST,
            "/api/games",
            None,
            &[("x-forwarded-for", &client)],
            Some(body.clone()),
        )
        .await;
        match st {
            StatusCode::CREATED => created += 1,
            StatusCode::TOO_MANY_REQUESTS => assert_eq!(v["code"], "too-many-engine-jobs", "{v}"),
            _ => panic!("{client}: {st} {v}"),
        }
    }
    assert_eq!(created, 1, "one allowance for the whole /64");
    // Another /64 has its own; an IPv4 client and its IPv4-mapped form share one.
    for (client, want) in [
        ("2001:db8:1:3::1", StatusCode::CREATED),
        ("10.0.0.7", StatusCode::CREATED),
        ("::ffff:10.0.0.7", StatusCode::TOO_MANY_REQUESTS),
    ] {
        let (st, v) = send(
            &s,
            Method::POST,
            "/api/games",
            None,
            &[("x-forwarded-for", client)],
            Some(body.clone()),
        )
        .await;
        assert_eq!(st, want, "{client}: {v}");
    }
    s.shutdown().await.unwrap();
}
