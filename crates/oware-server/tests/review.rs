//! Game reviews through the JSON API: the real server on a loopback port with a real SQLite
//! file (or, with `OWARE_TEST_BACKEND=postgres`, a PostgreSQL database: see `common`); the
//! review's lifecycle (start, progress events, result stored, fetched again after a
//! restart), who may ask, bad requests, and the per-client limit.

mod common;

use std::sync::Arc;

use common::{assert_error, fresh_server, server, start_on, Api, Events, TestStore};
use oware_server::{open_store, EngineJobs, Store, REVIEWS_PER_CLIENT};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Ten moves from the start.
const GAME: &str = "1. F f 2. A a 3. E e 4. B b 5. D d *";

async fn imported(api: &Api, ogn: &str) -> (String, String) {
    let (id, token, _) = api
        .new_game(json!({ "opponent": "friend", "ogn": ogn }))
        .await;
    (id, token)
}

fn review_path(id: &str) -> String {
    format!("/api/games/{id}/review")
}

/// Asks for a depth-4 review of game `id` (with the seat `token`, or none).
async fn ask_review(api: &Api, id: &str, token: Option<&str>) -> (StatusCode, Value) {
    api.post(&review_path(id), token, Some(json!({ "depth": 4 })))
        .await
}

#[tokio::test]
async fn a_review_runs_reports_progress_is_stored_and_kept_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let s = server(&db).await;
    let api = Api::new(&s);
    let (id, token) = imported(&api, GAME).await;

    let (st, none) = api.get(&review_path(&id)).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(none["status"], "none");

    let mut events = Events::open(&api, &id).await;
    let (st, started) = api
        .post(&review_path(&id), Some(&token), Some(json!({ "depth": 8 })))
        .await;
    assert_eq!(st, StatusCode::ACCEPTED, "{started}");
    assert_eq!(started["status"], "running");
    assert_eq!(started["total"], 10);
    assert_eq!(started["depth"], 8);

    // Progress events count the positions up to 10, then one says done.
    let mut seen = Vec::new();
    let done = loop {
        let ev = events.until("review", |_| true).await;
        match ev["status"].as_str().unwrap() {
            "running" => seen.push(ev["done"].as_u64().unwrap()),
            "done" => break ev,
            other => panic!("unexpected review event {other}: {ev}"),
        }
    };
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    assert_eq!(seen.last(), Some(&10), "{seen:?}");
    assert_eq!(done["total"], 10);
    let computed_at = done["computed_at"].as_u64().unwrap();

    let (st, r) = api.get(&review_path(&id)).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(r["status"], "done");
    assert_eq!(r["current"], true);
    assert_eq!(r["computed_at"], computed_at);
    let review = &r["review"];
    assert_eq!(review["moves"].as_array().unwrap().len(), 10);
    assert_eq!(review["graph"].as_array().unwrap().len(), 11);
    assert_eq!(review["moves"][0]["played"], "F");
    assert_eq!(review["moves"][1]["played"], "f");
    assert_eq!(review["summary"]["south"]["moves"], 5);
    assert!(review["settings"].as_str().unwrap().contains("depth 8"));

    // Asked again for the same moves and depth: the stored review, not a new search.
    let (st, again) = api
        .post(&review_path(&id), Some(&token), Some(json!({ "depth": 8 })))
        .await;
    assert_eq!(st, StatusCode::OK, "{again}");
    assert_eq!(again["computed_at"], computed_at);
    s.shutdown().await.unwrap();

    // A restart finds it in the database.
    let s = server(&db).await;
    let api = Api::new(&s);
    let (_, r) = api.get(&review_path(&id)).await;
    assert_eq!(r["status"], "done");
    assert_eq!(r["computed_at"], computed_at);
    assert_eq!(r["review"], *review);
    let (st, again) = api
        .post(&review_path(&id), Some(&token), Some(json!({ "depth": 8 })))
        .await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(again["computed_at"], computed_at);

    // The game goes on: the stored review no longer covers it, and asking again reviews anew.
    assert_eq!(api.play(&id, &token, "C").await.0, StatusCode::OK);
    let (_, r) = api.get(&review_path(&id)).await;
    assert_eq!(r["status"], "done");
    assert_eq!(r["current"], false);
    let mut events = Events::open(&api, &id).await;
    let (st, started) = api
        .post(&review_path(&id), Some(&token), Some(json!({ "depth": 8 })))
        .await;
    assert_eq!(st, StatusCode::ACCEPTED, "{started}");
    assert_eq!(started["total"], 11);
    events.until("review", |e| e["status"] == "done").await;
    let (_, r) = api.get(&review_path(&id)).await;
    assert_eq!(r["current"], true);
    assert_eq!(r["review"]["moves"].as_array().unwrap().len(), 11);
    assert!(r["computed_at"].as_u64().unwrap() >= computed_at);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn review_requests_are_checked_and_refusals_change_nothing() {
    let (_dir, s, api) = fresh_server().await;
    let (id, token) = imported(&api, GAME).await;
    let path = review_path(&id);

    let (st, b) = api
        .post("/api/games/nosuchgame/review", Some(&token), None)
        .await;
    assert_error(st, &b, StatusCode::NOT_FOUND, "unknown-game");
    let (st, b) = api.get("/api/games/nosuchgame/review").await;
    assert_error(st, &b, StatusCode::NOT_FOUND, "unknown-game");
    let (st, b) = api.post(&path, None, None).await;
    assert_error(st, &b, StatusCode::UNAUTHORIZED, "no-token");
    let (st, b) = api.post(&path, Some("not-the-token"), None).await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "wrong-token");
    for depth in [json!(1), json!(19), json!(-3), json!(100000000000i64)] {
        let (st, b) = api
            .post(&path, Some(&token), Some(json!({ "depth": depth })))
            .await;
        assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "bad-depth");
        assert!(b["error"].as_str().unwrap().contains("2 to 18"), "{b}");
    }
    let (st, b) = api
        .post(&path, Some(&token), Some(json!({ "depth": "deep" })))
        .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
    let (st, b) = api
        .post(&path, Some(&token), Some(json!({ "movetime": 100 })))
        .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
    assert!(b["error"].as_str().unwrap().contains("movetime"), "{b}");
    let as_json = Some("application/json");
    let (st, b) = api.post_raw(&path, &token, as_json, "{\"depth\": ").await;
    assert_error(st, &b, StatusCode::BAD_REQUEST, "bad-json");
    // Nothing was started by any of these.
    assert_eq!(api.get(&path).await.1["status"], "none");

    // A game without moves has nothing to review.
    let (fresh, fresh_token, _) = api.new_game(json!({ "opponent": "friend" })).await;
    let (st, b) = api
        .post(&review_path(&fresh), Some(&fresh_token), None)
        .await;
    assert_error(
        st,
        &b,
        StatusCode::UNPROCESSABLE_ENTITY,
        "nothing-to-review",
    );

    // An online game: not while it runs (even for its players), anyone once it is over.
    let (online, south, north) = common::online_game(&api, &api, serde_json::Value::Null).await;
    assert_eq!(api.play(&online, &south, "F").await.0, StatusCode::OK);
    assert_eq!(api.play(&online, &north, "f").await.0, StatusCode::OK);
    let (st, b) = api.post(&review_path(&online), Some(&south), None).await;
    assert_error(st, &b, StatusCode::CONFLICT, "review-after-the-game");
    let (st, b) = api.post(&review_path(&online), None, None).await;
    assert_error(st, &b, StatusCode::CONFLICT, "review-after-the-game");
    let (st, b) = api
        .post(
            &format!("/api/games/{online}/resign"),
            Some(&north),
            Some(json!({})),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let mut events = Events::open(&api, &online).await;
    let (st, b) = ask_review(&api, &online, None).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{b}");
    assert_eq!(b["total"], 2);
    events.until("review", |e| e["status"] == "done").await;
    assert_eq!(api.get(&review_path(&online)).await.1["status"], "done");
    s.shutdown().await.unwrap();
}

/// A server on a fresh database behind a [`TestStore`] whose reviews wait for `gate`: the
/// folder, the store behind the gate and the server.
async fn gated_server(
    gate: &Arc<tokio::sync::Semaphore>,
) -> (tempfile::TempDir, Arc<dyn Store>, oware_server::Server) {
    let dir = tempfile::tempdir().unwrap();
    let db = common::db(&dir.path().join("games.sqlite")).await;
    let inner = open_store(&db.to_string_lossy()).await.unwrap();
    let store = TestStore {
        review_gate: Some(Arc::clone(gate)),
        ..TestStore::over(Arc::clone(&inner))
    };
    let s = start_on(Arc::new(store), EngineJobs::new(2)).await;
    (dir, inner, s)
}

#[tokio::test]
async fn one_review_per_game_and_a_limit_per_client() {
    let gate = Arc::new(tokio::sync::Semaphore::new(0));
    let (_dir, _, s) = gated_server(&gate).await;
    let api = Api::new(&s);
    let mut games = Vec::new();
    for _ in 0..=REVIEWS_PER_CLIENT {
        games.push(imported(&api, GAME).await);
    }
    let mut streams = Vec::new();
    for (id, _) in &games[..REVIEWS_PER_CLIENT] {
        streams.push(Events::open(&api, id).await);
    }
    let (first, first_token) = &games[0];
    let (st, b) = ask_review(&api, first, Some(first_token)).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{b}");
    // Asking again while it runs answers the running review; no second one starts.
    let (st, b) = ask_review(&api, first, Some(first_token)).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{b}");
    assert_eq!(b["status"], "running");
    for (id, token) in &games[1..REVIEWS_PER_CLIENT] {
        let (st, b) = ask_review(&api, id, Some(token)).await;
        assert_eq!(st, StatusCode::ACCEPTED, "{b}");
    }
    // The searches end, but the reviews stay running until they are stored.
    let last = streams[0].until("review", |e| e["done"] == 10).await;
    assert_eq!(last["status"], "running");
    let (id, token) = &games[REVIEWS_PER_CLIENT];
    let (st, b) = ask_review(&api, id, Some(token)).await;
    assert_error(st, &b, StatusCode::TOO_MANY_REQUESTS, "too-many-reviews");
    assert_eq!(api.get(&review_path(id)).await.1["status"], "none");

    // Once they are stored, the client may start another.
    gate.add_permits(REVIEWS_PER_CLIENT);
    for events in &mut streams {
        events.until("review", |e| e["status"] == "done").await;
    }
    let (st, b) = ask_review(&api, id, Some(token)).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{b}");
    gate.add_permits(1);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_full_review_lane_refuses_a_review_at_once_with_engine_busy() {
    let dir = tempfile::tempdir().unwrap();
    let db = common::db(&dir.path().join("games.sqlite")).await;
    // One review slot and one place in the queue, both held by the test: the lane is full.
    let engine = EngineJobs::with_queue(1, 1);
    let held = (
        engine.review_ticket().unwrap(),
        engine.review_ticket().unwrap(),
    );
    let s = start_on(open_store(&db.to_string_lossy()).await.unwrap(), engine).await;
    let api = Api::new(&s);
    let (id, token) = imported(&api, GAME).await;
    let r = api
        .client
        .post(format!("{}{}", api.base, review_path(&id)))
        .header("x-seat-token", &token)
        .json(&json!({ "depth": 4 }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["retry-after"], "3");
    let status = r.status();
    let b: serde_json::Value = r.json().await.unwrap();
    assert_error(status, &b, StatusCode::SERVICE_UNAVAILABLE, "engine-busy");
    assert!(b["error"].as_str().unwrap().contains("game reviews"), "{b}");
    // Nothing was started (nor counted against the client).
    assert_eq!(api.get(&review_path(&id)).await.1["status"], "none");

    // Once the lane has room, the same request runs.
    drop(held);
    let mut events = Events::open(&api, &id).await;
    let (st, b) = ask_review(&api, &id, Some(&token)).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{b}");
    events.until("review", |e| e["status"] == "done").await;
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_stored_review_is_kept_against_shallower_requests_and_replaced_by_a_deeper_one_once_done()
{
    let gate = Arc::new(tokio::sync::Semaphore::new(0));
    let (_dir, inner, s) = gated_server(&gate).await;
    let api = Api::new(&s);
    // A finished online game, which anyone may have reviewed.
    let (id, south, north) = common::online_game(&api, &api, serde_json::Value::Null).await;
    assert_eq!(api.play(&id, &south, "F").await.0, StatusCode::OK);
    assert_eq!(api.play(&id, &north, "f").await.0, StatusCode::OK);
    assert_eq!(api.act(&id, "resign", Some(&north)).await.0, StatusCode::OK);
    let path = review_path(&id);
    let mut events = Events::open(&api, &id).await;

    // A player has it reviewed at depth 8.
    gate.add_permits(1);
    let (st, b) = api
        .post(&path, Some(&south), Some(json!({ "depth": 8 })))
        .await;
    assert_eq!(st, StatusCode::ACCEPTED, "{b}");
    let done = events.until("review", |e| e["status"] == "done").await;
    let computed_at = done["computed_at"].as_u64().unwrap();

    // A stranger asking for less gets the stored review, unchanged.
    for depth in [4, 8] {
        let (st, b) = api.post(&path, None, Some(json!({ "depth": depth }))).await;
        assert_eq!(st, StatusCode::OK, "depth {depth}: {b}");
        assert_eq!(b["status"], "done");
        assert_eq!(b["depth"], 8);
        assert_eq!(b["computed_at"], computed_at);
    }
    let (_, r) = api.get(&path).await;
    assert_eq!(
        (&r["depth"], &r["computed_at"]),
        (&json!(8), &json!(computed_at))
    );

    // A deeper request reviews again; until it is stored, the stored one stays the depth-8 one.
    let (st, b) = api.post(&path, None, Some(json!({ "depth": 10 }))).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{b}");
    assert_eq!(b["depth"], 10);
    events
        .until("review", |e| e["status"] == "running" && e["done"] == 2)
        .await;
    let kept: serde_json::Value =
        serde_json::from_str(&inner.load_review(id.clone()).await.unwrap().unwrap()).unwrap();
    assert_eq!(kept["depth"], 8);
    gate.add_permits(1);
    events.until("review", |e| e["status"] == "done").await;
    let (_, r) = api.get(&path).await;
    assert_eq!(r["depth"], 10);
    assert!(r["computed_at"].as_u64().unwrap() >= computed_at);
    // And now a depth-8 request answers the depth-10 review.
    let (st, b) = api.post(&path, None, Some(json!({ "depth": 8 }))).await;
    assert_eq!((st, &b["depth"]), (StatusCode::OK, &json!(10)), "{b}");
    s.shutdown().await.unwrap();
}
