//! The JSON API against the real server on a loopback port, with a real SQLite file.

use std::path::Path;

use oware_server::{start, Server, ServerConfig};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

async fn server(db: &Path) -> Server {
    server_with(db, None).await
}

async fn server_with(db: &Path, egdb: Option<&Path>) -> Server {
    let config = ServerConfig {
        port: 0,
        db: db.to_path_buf(),
        engine_threads: 2,
        egdb_dir: egdb.map(Path::to_path_buf),
        ..ServerConfig::default()
    };
    start(&config).await.expect("server starts")
}

struct Api {
    client: Client,
    base: String,
}

impl Api {
    fn new(s: &Server) -> Api {
        Api {
            client: Client::new(),
            base: format!("http://{}", s.addr()),
        }
    }

    async fn create(&self, body: Value) -> (StatusCode, Value) {
        let r = self
            .client
            .post(format!("{}/api/games", self.base))
            .json(&body)
            .send()
            .await
            .unwrap();
        (r.status(), r.json().await.unwrap())
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        let r = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    async fn post(
        &self,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = self.client.post(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.header("x-seat-token", t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let r = req.send().await.unwrap();
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    async fn play(&self, id: &str, token: &str, mv: &str) -> (StatusCode, Value) {
        self.post(
            &format!("/api/games/{id}/moves"),
            Some(token),
            Some(json!({ "move": mv })),
        )
        .await
    }

    /// Waits (long poll) until the game's version is above `since`.
    async fn wait(&self, id: &str, since: u64) -> Value {
        let (s, v) = self
            .get(&format!("/api/games/{id}?since={since}&wait_ms=20000"))
            .await;
        assert_eq!(s, StatusCode::OK);
        v
    }
}

fn ids(v: &Value) -> (String, String) {
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    )
}

fn assert_error(status: StatusCode, body: &Value, want: StatusCode, code: &str) {
    assert_eq!(status, want, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert!(
        !body["error"].as_str().unwrap_or_default().is_empty(),
        "{body}"
    );
}

#[tokio::test]
async fn illegal_moves_and_bad_requests_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite")).await;
    let api = Api::new(&s);
    let (status, created) = api.create(json!({ "opponent": "friend" })).await;
    assert_eq!(status, StatusCode::CREATED);
    let (id, token) = ids(&created);
    let (_, before) = api.get(&format!("/api/games/{id}")).await;

    // Play C, then North's b; South's C is now empty.
    assert_eq!(api.play(&id, &token, "C").await.0, StatusCode::OK);
    assert_eq!(api.play(&id, &token, "b").await.0, StatusCode::OK);
    let (_, mid) = api.get(&format!("/api/games/{id}")).await;
    assert_eq!(mid["ply"], 2);

    let (s1, b1) = api.play(&id, &token, "C").await;
    assert_error(s1, &b1, StatusCode::UNPROCESSABLE_ENTITY, "empty-pit");
    assert_eq!(b1["error"], "Pit C is empty.");
    let (s2, b2) = api.play(&id, &token, "a").await;
    assert_error(s2, &b2, StatusCode::UNPROCESSABLE_ENTITY, "wrong-side");
    let (s3, b3) = api.play(&id, &token, "Z").await;
    assert_error(s3, &b3, StatusCode::UNPROCESSABLE_ENTITY, "bad-move");
    let (s4, b4) = api
        .post(
            &format!("/api/games/{id}/moves"),
            Some(&token),
            Some(json!({ "pit": 9 })),
        )
        .await;
    assert_error(s4, &b4, StatusCode::UNPROCESSABLE_ENTITY, "bad-move");
    let (s5, b5) = api
        .post(
            &format!("/api/games/{id}/moves"),
            Some(&token),
            Some(json!({})),
        )
        .await;
    assert_error(s5, &b5, StatusCode::BAD_REQUEST, "bad-request");
    // Bad JSON, wrong type, wrong content type.
    let r = api
        .client
        .post(format!("{}/api/games/{id}/moves", api.base))
        .header("x-seat-token", &token)
        .header("content-type", "application/json")
        .body("{\"move\": ")
        .send()
        .await
        .unwrap();
    let status = r.status();
    assert_error(
        status,
        &r.json().await.unwrap(),
        StatusCode::BAD_REQUEST,
        "bad-json",
    );
    let (s6, b6) = api
        .post(
            &format!("/api/games/{id}/moves"),
            Some(&token),
            Some(json!({ "pit": "two" })),
        )
        .await;
    assert_error(s6, &b6, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
    let r = api
        .client
        .post(format!("{}/api/games/{id}/moves", api.base))
        .header("x-seat-token", &token)
        .body("move=C")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // Bad new-game settings.
    let (s7, b7) = api.create(json!({ "opponent": "grandmaster" })).await;
    assert_error(s7, &b7, StatusCode::UNPROCESSABLE_ENTITY, "bad-opponent");
    let (s8, b8) = api.create(json!({ "rules": "grand-slam=maybe" })).await;
    assert_error(s8, &b8, StatusCode::UNPROCESSABLE_ENTITY, "bad-rules");
    let (s9, b9) = api.create(json!({ "ogn": "1. C C" })).await;
    assert_error(s9, &b9, StatusCode::UNPROCESSABLE_ENTITY, "bad-ogn");
    assert!(b9["error"].as_str().unwrap().contains("ply 2"));

    let (_, after) = api.get(&format!("/api/games/{id}")).await;
    assert_eq!(after, mid, "nothing changed");
    assert_ne!(before["version"], after["version"]);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn seat_tokens_guard_moves_and_undo() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite")).await;
    let api = Api::new(&s);
    let (_, created) = api.create(json!({ "opponent": "friend" })).await;
    let (id, token) = ids(&created);
    let (_, other) = api.create(json!({ "opponent": "friend" })).await;
    let (_, other_token) = ids(&other);
    assert_ne!(token, other_token);
    assert!(
        id.len() >= 32 && token.len() >= 48,
        "ids and tokens are long random strings"
    );

    let path = format!("/api/games/{id}/moves");
    let (s1, b1) = api.post(&path, None, Some(json!({ "move": "C" }))).await;
    assert_error(s1, &b1, StatusCode::UNAUTHORIZED, "no-token");
    let (s2, b2) = api
        .post(&path, Some(&other_token), Some(json!({ "move": "C" })))
        .await;
    assert_error(s2, &b2, StatusCode::FORBIDDEN, "wrong-token");
    let (s3, _) = api.play(&id, &token, "C").await;
    assert_eq!(s3, StatusCode::OK);
    let (s4, b4) = api
        .post(&format!("/api/games/{id}/undo"), Some(&other_token), None)
        .await;
    assert_error(s4, &b4, StatusCode::FORBIDDEN, "wrong-token");
    let (_, st) = api.get(&format!("/api/games/{id}")).await;
    assert_eq!(st["ply"], 1);
    // Reading needs no token, and never shows it.
    assert!(!st.to_string().contains(&token));
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn unknown_games_and_routes_are_404() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite")).await;
    let api = Api::new(&s);
    for id in ["0123456789abcdef0123456789abcdef", "nope", "..%2F..%2Fetc"] {
        let (st, b) = api.get(&format!("/api/games/{id}")).await;
        assert_error(st, &b, StatusCode::NOT_FOUND, "unknown-game");
        let (st, b) = api.play(id, "t", "C").await;
        assert_error(st, &b, StatusCode::NOT_FOUND, "unknown-game");
        let (st, b) = api
            .post(&format!("/api/games/{id}/undo"), Some("t"), None)
            .await;
        assert_error(st, &b, StatusCode::NOT_FOUND, "unknown-game");
        let (st, _) = api.get(&format!("/api/games/{id}/events")).await;
        assert_eq!(st, StatusCode::NOT_FOUND);
    }
    let (st, b) = api.get("/api/whatever").await;
    assert_error(st, &b, StatusCode::NOT_FOUND, "not-found");
    let r = api
        .client
        .get(format!("{}/", api.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.text().await.unwrap().contains("<title>Oware</title>"));
    for page in [
        "/rules",
        "/strategy",
        "/faq",
        "/js/main.js",
        "/style.css",
        "/favicon.svg",
    ] {
        let r = api
            .client
            .get(format!("{}{page}", api.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::OK, "{page}");
    }
    let r = api
        .client
        .get(format!("{}/missing", api.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn computer_replies_undo_takes_back_both_and_redo_replays() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite")).await;
    let api = Api::new(&s);
    let (_, created) = api
        .create(json!({ "opponent": "easy", "starts": "you" }))
        .await;
    let (id, token) = ids(&created);
    assert_eq!(created["state"]["human"], "S");
    let (st, r) = api.play(&id, &token, "F").await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(r["detail"]["sown"], json!([6, 7, 8, 9]));
    assert_eq!(r["detail"]["from"], 5);
    let v = r["state"]["version"].as_u64().unwrap();
    let mut state = api.wait(&id, v).await;
    while state["ply"] != 2 {
        let v = state["version"].as_u64().unwrap();
        state = api.wait(&id, v).await;
    }
    assert_eq!(state["position"]["turn"], "S");
    assert_eq!(state["last"]["side"], "N");
    assert_eq!(state["can_undo"], true);

    let (su, undone) = api
        .post(&format!("/api/games/{id}/undo"), Some(&token), None)
        .await;
    assert_eq!(su, StatusCode::OK);
    assert_eq!(undone["ply"], 0);
    assert_eq!(undone["can_redo"], true);
    assert_eq!(undone["can_undo"], false);
    let (sn, bn) = api
        .post(&format!("/api/games/{id}/undo"), Some(&token), None)
        .await;
    assert_error(sn, &bn, StatusCode::CONFLICT, "nothing-to-undo");
    let (sr, redone) = api
        .post(&format!("/api/games/{id}/redo"), Some(&token), None)
        .await;
    assert_eq!(sr, StatusCode::OK);
    assert_eq!(redone["ply"], 2);
    assert_eq!(redone["moves"], state["moves"]);
    let (se, be) = api
        .post(&format!("/api/games/{id}/redo"), Some(&token), None)
        .await;
    assert_error(se, &be, StatusCode::CONFLICT, "nothing-to-redo");
    // The OGN export has both moves.
    let ogn = api
        .client
        .get(format!("{}/api/games/{id}/ogn", api.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(ogn.contains("1. F "), "{ogn}");
    // The event stream starts with the whole state.
    let mut events = api
        .client
        .get(format!("{}/api/games/{id}/events", api.base))
        .send()
        .await
        .unwrap();
    assert_eq!(
        events.headers()["content-type"].to_str().unwrap(),
        "text/event-stream"
    );
    let first = events.chunk().await.unwrap().unwrap();
    let text = String::from_utf8_lossy(&first);
    assert!(text.starts_with("event: update"), "{text}");
    drop(events);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn computer_starts_when_asked_and_analysis_answers() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite")).await;
    let api = Api::new(&s);
    let (_, created) = api
        .create(json!({ "opponent": "easy", "starts": "computer" }))
        .await;
    let (id, _) = ids(&created);
    assert_eq!(created["state"]["human"], "N");
    assert_eq!(created["state"]["view_side"], "N");
    let mut state = created["state"].clone();
    while state["ply"] != 1 {
        let v = state["version"].as_u64().unwrap();
        state = api.wait(&id, v).await;
    }
    assert_eq!(state["position"]["turn"], "N");
    let (sa, ba) = api
        .post(
            &format!("/api/games/{id}/analysis"),
            None,
            Some(json!({ "movetime_ms": 100, "purpose": "hint" })),
        )
        .await;
    assert_eq!(sa, StatusCode::ACCEPTED);
    assert!(ba["seq"].as_u64().unwrap() >= 1);
    let (sb, bb) = api
        .post(
            &format!("/api/games/{id}/analysis"),
            None,
            Some(json!({ "ply": 99 })),
        )
        .await;
    assert_error(sb, &bb, StatusCode::UNPROCESSABLE_ENTITY, "bad-ply");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn restart_resumes_from_the_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let s = server(&db).await;
    let api = Api::new(&s);
    let (_, created) = api.create(json!({ "opponent": "friend" })).await;
    let (id, token) = ids(&created);
    for m in ["C", "b", "F"] {
        assert_eq!(api.play(&id, &token, m).await.0, StatusCode::OK);
    }
    assert_eq!(
        api.post(&format!("/api/games/{id}/undo"), Some(&token), None)
            .await
            .0,
        StatusCode::OK
    );
    let (_, before) = api.get(&format!("/api/games/{id}")).await;
    s.shutdown().await.unwrap();

    let s = server(&db).await;
    let api = Api::new(&s);
    let (st, after) = api.get(&format!("/api/games/{id}")).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(after, before, "the game comes back exactly, redo included");
    assert_eq!(after["ply"], 2);
    assert_eq!(after["can_redo"], true);
    // The token still works; redo replays F.
    let (sr, redone) = api
        .post(&format!("/api/games/{id}/redo"), Some(&token), None)
        .await;
    assert_eq!(sr, StatusCode::OK);
    assert_eq!(redone["moves"][2]["letter"], "F");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn imported_record_continues_and_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite")).await;
    let api = Api::new(&s);
    let ogn = "[FEN \"0-0-0-0-1-1-2-1-0-0-0-1-22-20-N\"]\n\n1... f *\n";
    let (st, created) = api.create(json!({ "opponent": "easy", "ogn": ogn })).await;
    assert_eq!(st, StatusCode::CREATED);
    let (id, token) = ids(&created);
    assert_eq!(created["state"]["human"], "S");
    assert_eq!(created["state"]["ply"], 1);
    let (sp, r) = api.play(&id, &token, "F").await;
    assert_eq!(sp, StatusCode::OK);
    assert_eq!(r["detail"]["captured"], 3);
    let o = &r["state"]["outcome"];
    assert_eq!(o["reason"], "capture");
    assert_eq!(o["winner"], "S");
    assert_eq!(o["scores"], json!({ "S": 25.0, "N": 20.0 }));
    let (sg, bg) = api.play(&id, &token, "E").await;
    assert_error(sg, &bg, StatusCode::UNPROCESSABLE_ENTITY, "game-over");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn endgame_database_values_per_pit() {
    let dir = tempfile::tempdir().unwrap();
    let egdb = dir.path().join("egdb");
    oware_egdb::build(
        &egdb,
        &oware_core::Rules::default(),
        &oware_egdb::BuildOptions {
            max_seeds: 6,
            threads: 1,
            memory: u64::MAX,
        },
        &mut |_| {},
    )
    .unwrap();
    let s = server_with(&dir.path().join("games.sqlite"), Some(&egdb)).await;
    let api = Api::new(&s);
    let ogn = "[FEN \"0-0-0-0-1-1-2-1-0-0-0-1-22-20-N\"]\n\n1... f *\n";
    let (_, created) = api
        .create(json!({ "opponent": "friend", "ogn": ogn }))
        .await;
    let values = created["state"]["egdb"]
        .as_array()
        .expect("egdb values")
        .clone();
    let letters: Vec<&str> = values
        .iter()
        .map(|v| v["letter"].as_str().unwrap())
        .collect();
    assert_eq!(letters, ["A", "E", "F"]);
    for v in &values {
        let (lo, hi) = (
            v["lo_halves"].as_u64().unwrap(),
            v["hi_halves"].as_u64().unwrap(),
        );
        assert!(lo <= hi && hi <= 12, "{v}");
        assert!(
            v["text"].as_str().unwrap().ends_with("of the 6 seeds"),
            "{v}"
        );
    }
    // F captures a's 3 seeds and reaches 25: the game ends with 3 of the 6 seeds for South.
    assert_eq!(values[2]["text"], "wins 3 of the 6 seeds");
    // The start position is not in a 6-seed database.
    let (_, fresh) = api.create(json!({ "opponent": "friend" })).await;
    assert!(fresh["state"]["egdb"].is_null());
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn moves_while_the_computer_thinks_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite")).await;
    let api = Api::new(&s);
    // Expert thinks for its whole time budget (seconds) on the first move.
    let (_, created) = api
        .create(json!({ "opponent": "expert", "starts": "computer" }))
        .await;
    let (id, token) = ids(&created);
    assert_eq!(created["state"]["computer_to_move"], true);
    let (st, b) = api.play(&id, &token, "a").await;
    assert_error(st, &b, StatusCode::CONFLICT, "not-your-turn");
    let (su, bu) = api
        .post(&format!("/api/games/{id}/undo"), Some(&token), None)
        .await;
    assert_error(su, &bu, StatusCode::CONFLICT, "nothing-to-undo");
    let (_, state) = api.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["ply"], 0);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn must_feed_is_explained() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite")).await;
    let api = Api::new(&s);
    let ogn = "[FEN \"1-0-0-0-0-1-0-0-0-0-0-0-23-23-S\"]\n*\n";
    let (_, created) = api
        .create(json!({ "opponent": "friend", "ogn": ogn }))
        .await;
    let (id, token) = ids(&created);
    let info = &created["state"]["pits_info"];
    assert_eq!(info[0]["legal"], false);
    assert_eq!(info[0]["code"], "must-feed");
    assert_eq!(info[5]["legal"], true);
    let (st, b) = api.play(&id, &token, "A").await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "must-feed");
    assert_eq!(
        b["error"],
        "North has no seeds: you must play a pit that gives North seeds."
    );
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_wrong_capture_suffix_is_refused_with_the_actual_count() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite")).await;
    let api = Api::new(&s);
    let (_, created) = api.create(json!({ "opponent": "friend" })).await;
    let (id, token) = ids(&created);
    let (st, b) = api.play(&id, &token, "C+9").await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "wrong-capture");
    let message = b["error"].as_str().unwrap();
    assert!(message.contains("C captures 0 seeds"), "{message}");
    let (_, state) = api.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["ply"], 0);
    assert_eq!(api.play(&id, &token, "C+0").await.0, StatusCode::OK);
    s.shutdown().await.unwrap();
}
