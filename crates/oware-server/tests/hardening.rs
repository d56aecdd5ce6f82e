//! Hardening of the HTTP API against the real server on a loopback port: who may spend engine
//! time, strict request bodies, JSON for every refusal, and the security headers.

use oware_server::{start, Server, ServerConfig};
use reqwest::{Client, Method, StatusCode};
use serde_json::{json, Value};

async fn server(dir: &tempfile::TempDir) -> Server {
    let config = ServerConfig {
        port: 0,
        db: dir.path().join("games.sqlite"),
        engine_threads: 1,
        ..ServerConfig::default()
    };
    start(&config).await.expect("server starts")
}

/// Sends `method path` with an optional seat token and JSON body: the status, the headers and
/// the body as JSON (`Null` when it is not JSON).
async fn send(
    s: &Server,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, reqwest::header::HeaderMap, Value) {
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

async fn new_game(s: &Server) -> (String, String) {
    let (st, _, v) = send(
        s,
        Method::POST,
        "/api/games",
        None,
        Some(json!({ "opponent": "friend" })),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    )
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
    let (st, _, v) = send(&s, Method::POST, &path, Some(&token), Some(body)).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{v}");
    let (st, _, _) = send(&s, Method::DELETE, &path, Some(&token), None).await;
    assert_eq!(st, StatusCode::NO_CONTENT);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn unknown_fields_are_refused_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir).await;
    let (st, _, v) = send(
        &s,
        Method::POST,
        "/api/games",
        None,
        Some(json!({ "oponent": "hard" })),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "bad-field");
    assert!(v["error"].as_str().unwrap().contains("oponent"), "{v}");
    let (id, token) = new_game(&s).await;
    let (st, _, v) = send(
        &s,
        Method::POST,
        &format!("/api/games/{id}/moves"),
        Some(&token),
        Some(json!({ "move": "C", "pits": 2 })),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("pits"), "{v}");
    let (st, _, v) = send(
        &s,
        Method::POST,
        &format!("/api/games/{id}/analysis"),
        Some(&token),
        Some(json!({ "movetime": 100 })),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("movetime"), "{v}");
    // Nothing was played.
    let (_, _, state) = send(&s, Method::GET, &format!("/api/games/{id}"), None, None).await;
    assert_eq!(state["ply"], 0, "{state}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn human_and_starts_together_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir).await;
    let (st, _, v) = send(
        &s,
        Method::POST,
        "/api/games",
        None,
        Some(json!({ "opponent": "easy", "human": "S", "starts": "computer" })),
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
    let (_, h, _) = send(&s, Method::GET, "/", None, None).await;
    assert!(
        h.contains_key("content-security-policy"),
        "the page keeps its CSP"
    );
    s.shutdown().await.unwrap();
}
