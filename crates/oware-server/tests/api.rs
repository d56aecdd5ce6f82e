//! The JSON API against the real server on a loopback port, with a real SQLite file.

mod common;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::{
    assert_error, build_egdb, fresh_server, server, server_with, start_on, Api, Events, TestStore,
};
use oware_server::{start, EngineJobs, Server, ServerConfig, SqliteStore};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn illegal_moves_and_bad_requests_change_nothing() {
    let (_dir, s, api) = fresh_server().await;
    let (id, token, _) = api.new_game(json!({ "opponent": "friend" })).await;
    let before = api.state(&id).await;

    // Play C, then North's b; South's C is now empty.
    assert_eq!(api.play(&id, &token, "C").await.0, StatusCode::OK);
    assert_eq!(api.play(&id, &token, "b").await.0, StatusCode::OK);
    let mid = api.state(&id).await;
    assert_eq!(mid["ply"], 2);

    let (s1, b1) = api.play(&id, &token, "C").await;
    assert_error(s1, &b1, StatusCode::UNPROCESSABLE_ENTITY, "empty-pit");
    assert_eq!(b1["error"], "Pit C is empty.");
    let (s2, b2) = api.play(&id, &token, "a").await;
    assert_error(s2, &b2, StatusCode::UNPROCESSABLE_ENTITY, "wrong-side");
    let (s3, b3) = api.play(&id, &token, "Z").await;
    assert_error(s3, &b3, StatusCode::UNPROCESSABLE_ENTITY, "bad-move");
    let moves = format!("/api/games/{id}/moves");
    let send = |body| api.post(&moves, Some(&token), Some(body));
    let (s4, b4) = send(json!({ "pit": 9 })).await;
    assert_error(s4, &b4, StatusCode::UNPROCESSABLE_ENTITY, "bad-move");
    let (s5, b5) = send(json!({})).await;
    assert_error(s5, &b5, StatusCode::BAD_REQUEST, "bad-request");
    // Bad JSON, wrong type, wrong content type.
    let as_json = Some("application/json");
    let (st, b) = api.post_raw(&moves, &token, as_json, "{\"move\": ").await;
    assert_error(st, &b, StatusCode::BAD_REQUEST, "bad-json");
    let (s6, b6) = send(json!({ "pit": "two" })).await;
    assert_error(s6, &b6, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
    let (st, _) = api.post_raw(&moves, &token, None, "move=C").await;
    assert_eq!(st, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // Bad new-game settings.
    let (s7, b7) = api.create(json!({ "opponent": "grandmaster" })).await;
    assert_error(s7, &b7, StatusCode::UNPROCESSABLE_ENTITY, "bad-opponent");
    let (s8, b8) = api.create(json!({ "rules": "grand-slam=maybe" })).await;
    assert_error(s8, &b8, StatusCode::UNPROCESSABLE_ENTITY, "bad-rules");
    let (s9, b9) = api.create(json!({ "ogn": "1. C C" })).await;
    assert_error(s9, &b9, StatusCode::UNPROCESSABLE_ENTITY, "bad-ogn");
    assert!(b9["error"].as_str().unwrap().contains("ply 2"));

    let after = api.state(&id).await;
    assert_eq!(after, mid, "nothing changed");
    assert_ne!(before["version"], after["version"]);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn seat_tokens_guard_moves_and_undo() {
    let (_dir, s, api) = fresh_server().await;
    let (id, token, _) = api.new_game(json!({ "opponent": "friend" })).await;
    let (_, other_token, _) = api.new_game(json!({ "opponent": "friend" })).await;
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
    let (s4, b4) = api.act(&id, "undo", Some(&other_token)).await;
    assert_error(s4, &b4, StatusCode::FORBIDDEN, "wrong-token");
    let st = api.state(&id).await;
    assert_eq!(st["ply"], 1);
    // Reading needs no token, and never shows it.
    assert!(!st.to_string().contains(&token));
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn unknown_games_and_routes_are_404() {
    let (_dir, s, api) = fresh_server().await;
    for id in ["0123456789abcdef0123456789abcdef", "nope", "..%2F..%2Fetc"] {
        let (st, b) = api.get(&format!("/api/games/{id}")).await;
        assert_error(st, &b, StatusCode::NOT_FOUND, "unknown-game");
        let (st, b) = api.play(id, "t", "C").await;
        assert_error(st, &b, StatusCode::NOT_FOUND, "unknown-game");
        let (st, b) = api.act(id, "undo", Some("t")).await;
        assert_error(st, &b, StatusCode::NOT_FOUND, "unknown-game");
        let (st, _) = api.get(&format!("/api/games/{id}/events")).await;
        assert_eq!(st, StatusCode::NOT_FOUND);
    }
    let (st, b) = api.get("/api/whatever").await;
    assert_error(st, &b, StatusCode::NOT_FOUND, "not-found");
    let (st, home) = api.text("/").await;
    assert_eq!(st, StatusCode::OK);
    assert!(home.contains("<title>Oware</title>"));
    for page in [
        "/rules",
        "/strategy",
        "/faq",
        "/js/main.js",
        "/style.css",
        "/favicon.svg",
    ] {
        assert_eq!(api.text(page).await.0, StatusCode::OK, "{page}");
    }
    assert_eq!(api.text("/missing").await.0, StatusCode::NOT_FOUND);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn computer_replies_undo_takes_back_both_and_redo_replays() {
    let (_dir, s, api) = fresh_server().await;
    let (id, token, created) = api
        .new_game(json!({ "opponent": "easy", "starts": "you" }))
        .await;
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

    let (su, undone) = api.act(&id, "undo", Some(&token)).await;
    assert_eq!(su, StatusCode::OK);
    assert_eq!(undone["ply"], 0);
    assert_eq!(undone["can_redo"], true);
    assert_eq!(undone["can_undo"], false);
    let (sn, bn) = api.act(&id, "undo", Some(&token)).await;
    assert_error(sn, &bn, StatusCode::CONFLICT, "nothing-to-undo");
    let (sr, redone) = api.act(&id, "redo", Some(&token)).await;
    assert_eq!(sr, StatusCode::OK);
    assert_eq!(redone["ply"], 2);
    assert_eq!(redone["moves"], state["moves"]);
    let (se, be) = api.act(&id, "redo", Some(&token)).await;
    assert_error(se, &be, StatusCode::CONFLICT, "nothing-to-redo");
    // The OGN export has both moves.
    let (_, ogn) = api.text(&format!("/api/games/{id}/ogn")).await;
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
    let (_dir, s, api) = fresh_server().await;
    let (id, token, created) = api
        .new_game(json!({ "opponent": "easy", "starts": "computer" }))
        .await;
    assert_eq!(created["state"]["human"], "N");
    assert_eq!(created["state"]["view_side"], "N");
    let mut state = created["state"].clone();
    while state["ply"] != 1 {
        let v = state["version"].as_u64().unwrap();
        state = api.wait(&id, v).await;
    }
    assert_eq!(state["position"]["turn"], "N");
    let mut events = Events::open(&api, &id).await;
    let path = format!("/api/games/{id}/analysis");
    let analysis = |body| api.post(&path, Some(&token), Some(body));
    let (sa, ba) = analysis(json!({ "movetime_ms": 100, "purpose": "hint" })).await;
    assert_eq!(sa, StatusCode::ACCEPTED);
    let seq = ba["seq"].as_u64().unwrap();
    assert!(seq >= 1);
    // The analysis answers on the event stream: reports by depth, then the final one.
    let done = events
        .until("analysis", |v| v["seq"] == seq && v["done"] == true)
        .await;
    assert_eq!(done["purpose"], "hint");
    assert_eq!(done["ply"], 1);
    assert_eq!(done["side"], "N");
    assert!(done["depth"].as_u64().unwrap() >= 1, "{done}");
    assert!(!done["score_text"].as_str().unwrap().is_empty(), "{done}");
    let best = done["best"].as_str().expect("a best move").to_string();
    let legal: Vec<&str> = state["pits_info"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["legal"] == true)
        .map(|p| p["letter"].as_str().unwrap())
        .collect();
    assert!(legal.contains(&best.as_str()), "{best} in {legal:?}");
    let (sb, bb) = analysis(json!({ "ply": 99 })).await;
    assert_error(sb, &bb, StatusCode::UNPROCESSABLE_ENTITY, "bad-ply");
    // One move played: the sentence says "1 move", not "1 moves".
    assert_eq!(bb["error"], "the game has only 1 move", "{bb}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn restart_resumes_from_the_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let s = server(&db).await;
    let api = Api::new(&s);
    let (id, token, _) = api.new_game(json!({ "opponent": "friend" })).await;
    for m in ["C", "b", "F"] {
        assert_eq!(api.play(&id, &token, m).await.0, StatusCode::OK);
    }
    assert_eq!(api.act(&id, "undo", Some(&token)).await.0, StatusCode::OK);
    let before = api.state(&id).await;
    s.shutdown().await.unwrap();

    let s = server(&db).await;
    let api = Api::new(&s);
    let after = api.state(&id).await;
    assert_eq!(after, before, "the game comes back exactly, redo included");
    assert_eq!(after["ply"], 2);
    assert_eq!(after["can_redo"], true);
    // The token still works; redo replays F.
    let (sr, redone) = api.act(&id, "redo", Some(&token)).await;
    assert_eq!(sr, StatusCode::OK);
    assert_eq!(redone["moves"][2]["letter"], "F");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn imported_record_continues_and_finishes() {
    let (_dir, s, api) = fresh_server().await;
    let ogn = "[FEN \"0-0-0-0-1-1-2-1-0-0-0-1-22-20-N\"]\n\n1... f *\n";
    let (id, token, created) = api
        .new_game(json!({ "opponent": "easy", "ogn": ogn }))
        .await;
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
    build_egdb(&egdb, 6);
    let s = server_with(&dir.path().join("games.sqlite"), Some(&egdb)).await;
    let api = Api::new(&s);
    let ogn = "[FEN \"0-0-0-0-1-1-2-1-0-0-0-1-22-20-N\"]\n\n1... f *\n";
    let (_, _, created) = api
        .new_game(json!({ "opponent": "friend", "ogn": ogn }))
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
    let (_, _, fresh) = api.new_game(json!({ "opponent": "friend" })).await;
    assert!(fresh["state"]["egdb"].is_null());
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn moves_while_the_computer_thinks_are_refused() {
    let (_dir, s, api) = fresh_server().await;
    // Expert thinks for its whole time budget (seconds) on the first move.
    let (id, token, created) = api
        .new_game(json!({ "opponent": "expert", "starts": "computer" }))
        .await;
    assert_eq!(created["state"]["computer_to_move"], true);
    let (st, b) = api.play(&id, &token, "a").await;
    assert_error(st, &b, StatusCode::CONFLICT, "not-your-turn");
    let (su, bu) = api.act(&id, "undo", Some(&token)).await;
    assert_error(su, &bu, StatusCode::CONFLICT, "nothing-to-undo");
    let state = api.state(&id).await;
    assert_eq!(state["ply"], 0);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn must_feed_is_explained() {
    let (_dir, s, api) = fresh_server().await;
    let ogn = "[FEN \"1-0-0-0-0-1-0-0-0-0-0-0-23-23-S\"]\n*\n";
    let (id, token, created) = api
        .new_game(json!({ "opponent": "friend", "ogn": ogn }))
        .await;
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
async fn sse_update_events_carry_the_move_as_the_http_reply_does() {
    let (_dir, s, api) = fresh_server().await;
    let (id, token, _) = api
        .new_game(json!({ "opponent": "easy", "starts": "you" }))
        .await;
    let mut events = Events::open(&api, &id).await;
    let (name, first) = events.next().await;
    assert_eq!(name, "update");
    assert_eq!(first["cause"], "connect");
    assert_eq!(first["state"]["ply"], 0);

    let (st, reply) = api.play(&id, &token, "F").await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(reply["detail"]["ply"], 1);
    let mine = events.until("update", |v| v["cause"] == "move").await;
    assert_eq!(
        mine["detail"], reply["detail"],
        "the event's detail is the reply's"
    );
    assert_eq!(mine["detail"]["ply"], 1);
    assert_eq!(mine["state"]["version"], reply["state"]["version"]);
    assert_eq!(mine["state"]["ply"], 1);

    let theirs = events.until("update", |v| v["cause"] == "computer").await;
    assert_eq!(theirs["detail"]["ply"], 2);
    assert_eq!(theirs["detail"]["side"], "N");
    assert_eq!(theirs["state"]["ply"], 2);
    assert_eq!(theirs["state"]["last"], theirs["detail"]);
    drop(events);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_second_server_on_the_same_file_is_refused() {
    if common::sqlite_only("the lock file is SQLite's; PostgreSQL welcomes several servers") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let first = server(&db).await;
    let config = ServerConfig {
        port: 0,
        db: db.clone(),
        ..ServerConfig::default()
    };
    let Err(e) = start(&config).await else {
        panic!("a second server started on the same database file");
    };
    let message = e.to_string();
    assert!(
        message.contains("in use by another oware server"),
        "{message}"
    );
    assert!(message.contains(&db.display().to_string()), "{message}");
    // The first one is unharmed, and once it stops the file is free again.
    let api = Api::new(&first);
    assert_eq!(api.get("/api/health").await.0, StatusCode::OK);
    first.shutdown().await.unwrap();
    let again = start(&config)
        .await
        .expect("the file is free after shutdown");
    again.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_write_from_a_stale_copy_is_a_409_and_changes_nothing() {
    if common::sqlite_only("it writes the SQLite file behind the server's back; tests/multi_instance.rs races two instances on PostgreSQL") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let s = server(&db).await;
    let api = Api::new(&s);
    let (id, token, _) = api.new_game(json!({ "opponent": "friend" })).await;
    assert_eq!(api.play(&id, &token, "C").await.0, StatusCode::OK);
    // Another writer (as another server instance on a shared database would) plays b.
    let other = rusqlite::Connection::open(&db).unwrap();
    other.busy_timeout(Duration::from_secs(10)).unwrap();
    let changed = other
        .execute(
            "UPDATE games SET moves = 'Cb', version = version + 1 WHERE id = ?1",
            [&id],
        )
        .unwrap();
    assert_eq!(changed, 1);
    let stored = |c: &rusqlite::Connection| -> (String, i64) {
        c.query_row(
            "SELECT moves, version FROM games WHERE id = ?1",
            [&id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
    };
    let before = stored(&other);

    // This server's copy is one version behind: its write is refused.
    let (st, body) = api.play(&id, &token, "a").await;
    assert_error(st, &body, StatusCode::CONFLICT, "conflict");
    assert_eq!(stored(&other), before, "the refused write changed nothing");

    // The stale copy is dropped: the next read shows the other writer's move, and play goes on.
    let state = api.state(&id).await;
    assert_eq!(state["ply"], 2);
    assert_eq!(state["moves"][1]["letter"], "b");
    assert_eq!(api.play(&id, &token, "A").await.0, StatusCode::OK);
    assert_eq!(stored(&other).0, "CbA");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn wrong_side_moves_are_worded_for_the_player() {
    let (_dir, s, api) = fresh_server().await;
    let (id, token, _) = api
        .new_game(json!({ "opponent": "easy", "starts": "you" }))
        .await;
    let (st, b) = api.play(&id, &token, "a").await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "wrong-side");
    assert_eq!(b["error"], "It is your turn: play one of your pits (A–F).");
    let (fid, ftoken, _) = api.new_game(json!({ "opponent": "friend" })).await;
    let (st, b) = api.play(&fid, &ftoken, "a").await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "wrong-side");
    assert_eq!(b["error"], "It is South's turn (pits A–F).");
    s.shutdown().await.unwrap();
}

/// A server on an in-memory store whose updates fail after `updates` successes (a full disk,
/// a lost database), to see what the server does then: the store, the server, a client.
async fn flaky_server(updates: u64) -> (Arc<TestStore>, Server, Api) {
    let store = Arc::new(TestStore {
        updates_left: AtomicU64::new(updates),
        ..TestStore::over(Arc::new(SqliteStore::in_memory().unwrap()))
    });
    let s = start_on(store.clone(), EngineJobs::new(1)).await;
    let api = Api::new(&s);
    (store, s, api)
}

#[tokio::test]
async fn a_computer_reply_that_cannot_be_stored_is_reported_and_retried() {
    let (store, s, api) = flaky_server(1).await;
    let (id, token, _) = api
        .new_game(json!({ "opponent": "easy", "starts": "you" }))
        .await;
    let mut events = Events::open(&api, &id).await;
    // The player's move is stored (the one update allowed); the computer's reply is not.
    assert_eq!(api.play(&id, &token, "F").await.0, StatusCode::OK);
    let failed = events
        .until("thinking", |v| {
            v["thinking"] == false && !v["error"].is_null()
        })
        .await;
    let error = failed["error"].as_str().unwrap();
    assert!(error.contains("could not be saved"), "{error}");
    // The state says so too (not stuck on "thinking"), and a write refused by storage is a 503.
    let state = api.state(&id).await;
    assert_eq!(state["ply"], 1);
    assert_eq!(state["computer_to_move"], true);
    assert!(!state["engine_error"].is_null(), "{state}");
    // Storage is back: asking for the state retries the reply, which now lands.
    store.updates_left.store(u64::MAX, Ordering::SeqCst);
    let mut state = api.state(&id).await;
    while state["ply"] != 2 {
        state = api.wait(&id, state["version"].as_u64().unwrap()).await;
        if state["ply"] != 2 && !state["engine_error"].is_null() {
            state = api.state(&id).await;
        }
    }
    assert!(state["engine_error"].is_null(), "{state}");
    assert_eq!(state["last"]["side"], "N");
    drop(events);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_move_refused_by_storage_is_a_503_and_changes_nothing() {
    let (_store, s, api) = flaky_server(0).await;
    let (id, token, created) = api.new_game(json!({ "opponent": "friend" })).await;
    let (st, b) = api.play(&id, &token, "C").await;
    assert_error(st, &b, StatusCode::SERVICE_UNAVAILABLE, "storage");
    assert!(!b["error"].as_str().unwrap().contains("disk full"), "{b}");
    let state = api.state(&id).await;
    assert_eq!(state["ply"], 0);
    assert_eq!(state["version"], created["state"]["version"]);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_wrong_capture_suffix_is_refused_with_the_actual_count() {
    let (_dir, s, api) = fresh_server().await;
    let (id, token, _) = api.new_game(json!({ "opponent": "friend" })).await;
    let (st, b) = api.play(&id, &token, "C+9").await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "wrong-capture");
    let message = b["error"].as_str().unwrap();
    assert!(message.contains("C captures 0 seeds"), "{message}");
    let state = api.state(&id).await;
    assert_eq!(state["ply"], 0);
    assert_eq!(api.play(&id, &token, "C+0").await.0, StatusCode::OK);
    s.shutdown().await.unwrap();
}
