//! Rated puzzles through the JSON API (issue 40): the puzzle of the day by the injected
//! clock, rounds checked against the line, Glicko-2 for players and puzzles, a simulated
//! player who solves everything (or nothing) and the puzzles it is given, guests, votes and
//! bad input. SQLite, or PostgreSQL with `OWARE_TEST_BACKEND=postgres` (see `common`).

mod common;

use std::time::Duration;

use common::{assert_error, Browser};
use oware_server::ManualClock;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// 2026-12-02 00:30 UTC.
const DAY_MS: u64 = 86_400_000;
const START_MS: u64 = 20_789 * DAY_MS + 30 * 60_000;

async fn setup(name: &str) -> (tempfile::TempDir, oware_server::Server, ManualClock) {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(START_MS);
    let s = common::clocked_server(&dir.path().join(format!("{name}.sqlite")), &clock).await;
    (dir, s, clock)
}

async fn get_ok(b: &mut Browser, path: &str) -> Value {
    let (st, v) = b.get(path).await;
    assert_eq!(st, StatusCode::OK, "{path}: {v}");
    v
}

async fn round(b: &mut Browser, id: &str, moves: &str) -> Value {
    let (st, v) = b
        .post(
            &format!("/api/puzzle/{id}/round"),
            json!({ "moves": moves }),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{moves}: {v}");
    v
}

/// A legal first move that is not the solution's.
fn wrong_move(p: &Value) -> String {
    let first = &p["solution"].as_str().unwrap()[..1];
    p["board"]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .find(|m| m != first)
        .expect("a puzzle has two legal moves or more")
}

fn rating(v: &Value) -> f64 {
    v["rating"]["rating"].as_f64().unwrap()
}

#[tokio::test]
async fn the_puzzle_of_the_day_is_the_same_all_day_and_changes_the_next() {
    let (_dir, s, clock) = setup("daily").await;
    let mut b = Browser::new(&s);
    let first = get_ok(&mut b, "/api/puzzle/daily").await;
    assert_eq!(first["date"], "2026-12-02");
    clock.advance(Duration::from_secs(23 * 3600));
    let later = get_ok(&mut b, "/api/puzzle/daily").await;
    assert_eq!(first["puzzle"]["id"], later["puzzle"]["id"]);
    clock.advance(Duration::from_secs(3600));
    let next = get_ok(&mut b, "/api/puzzle/daily").await;
    assert_eq!(next["date"], "2026-12-03");
    assert_ne!(first["puzzle"]["id"], next["puzzle"]["id"]);
    let id = first["puzzle"]["id"].as_str().unwrap();
    let by_id = get_ok(&mut b, &format!("/api/puzzle/{id}")).await;
    assert_eq!(by_id["solution"], first["puzzle"]["solution"]);
}

#[tokio::test]
async fn a_solved_round_raises_the_rating_a_wrong_move_fails_showing_the_right_one() {
    let (_dir, s, clock) = setup("rounds").await;
    let mut b = Browser::signed_up(&s, "Solver").await;
    let p = get_ok(&mut b, "/api/puzzle/next").await;
    let id = p["id"].as_str().unwrap();
    let line = p["solution"].as_str().unwrap();
    // Step by step: each right move but the last answers the reply.
    let mut played = String::new();
    for (k, c) in line.chars().enumerate().step_by(2) {
        played.push(c);
        let v = round(&mut b, id, &played).await;
        if k + 1 == line.len() {
            assert_eq!(v["result"], "solved", "{v}");
            assert_eq!(v["rated"], true);
            assert!(rating(&v) > 1500.0, "{v}");
            assert!(v["diff"].as_i64().unwrap() > 0);
        } else {
            assert_eq!(v["result"], "continue", "{v}");
            let reply = &line[k + 1..k + 2];
            assert_eq!(v["reply"], reply);
            played.push_str(reply);
        }
    }
    let after_solve = get_ok(&mut b, "/api/puzzle/history").await;
    assert_eq!(
        (
            after_solve["solved"].as_u64(),
            after_solve["failed"].as_u64()
        ),
        (Some(1), Some(0))
    );
    // A repeat is recorded but unrated.
    let again = round(&mut b, id, line).await;
    assert_eq!(
        (again["result"].as_str(), again["rated"].as_bool()),
        (Some("solved"), Some(false))
    );
    assert_eq!(again["diff"], 0);
    clock.advance(Duration::from_secs(60));
    // Another puzzle, a wrong first move: failed, the right move and the line shown.
    let q = get_ok(&mut b, &format!("/api/puzzle/next?after={id}")).await;
    let qid = q["id"].as_str().unwrap();
    assert_ne!(qid, id);
    let wrong = wrong_move(&q);
    let v = round(&mut b, qid, &wrong).await;
    assert_eq!(v["result"], "failed", "{v}");
    assert_eq!(
        v["expected"].as_str(),
        Some(&q["solution"].as_str().unwrap()[..1])
    );
    assert_eq!(v["solution"], q["solution"]);
    assert_eq!(
        v["board"]["fen"], q["board"]["fen"],
        "the board before the wrong move"
    );
    assert!(v["diff"].as_i64().unwrap() < 0, "{v}");
    assert!(rating(&v) < rating(&after_solve), "{v} {after_solve}");
    let h = get_ok(&mut b, "/api/puzzle/history").await;
    assert_eq!(h["rounds"].as_array().unwrap().len(), 2, "{h}");
    assert_eq!(h["rounds"][0]["id"], qid, "newest first");
    assert_eq!(
        (h["solved"].as_u64(), h["failed"].as_u64()),
        (Some(1), Some(1))
    );
    // The profile reads it by name.
    let public = get_ok(&mut Browser::new(&s), "/api/puzzle/history?user=Solver").await;
    assert_eq!(public["rounds"], h["rounds"]);
}

/// Plays `n` rounds as account `b`, solving every puzzle or failing every one: the ratings of
/// the puzzles given, in order, and the player's rating at the end.
async fn simulate(b: &mut Browser, n: usize, solve: bool) -> (Vec<f64>, f64) {
    let mut given = Vec::new();
    let mut last = 1500.0;
    for _ in 0..n {
        let p = get_ok(b, "/api/puzzle/next").await;
        given.push(p["rating"].as_f64().unwrap());
        let moves = if solve {
            p["solution"].as_str().unwrap().to_string()
        } else {
            wrong_move(&p)
        };
        let v = round(b, p["id"].as_str().unwrap(), &moves).await;
        assert_eq!(v["rated"], true, "a new puzzle every time: {v}");
        last = rating(&v);
    }
    (given, last)
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

#[tokio::test]
async fn a_player_who_solves_everything_rises_and_one_who_fails_everything_falls() {
    let (_dir, s, _clock) = setup("simulated").await;
    let mut up = Browser::signed_up(&s, "Riser").await;
    let (given, end) = simulate(&mut up, 30, true).await;
    assert!(end > 2000.0, "{end}");
    assert!(mean(&given[20..]) > mean(&given[..10]) + 300.0, "{given:?}");
    let mut down = Browser::signed_up(&s, "Faller").await;
    let (given, end) = simulate(&mut down, 30, false).await;
    assert!(end < 1100.0, "{end}");
    // The easiest puzzles start at 980: the fall stops there.
    assert!(mean(&given[20..]) < mean(&given[..10]) - 100.0, "{given:?}");
    assert!(given[29] < given[0] - 400.0, "{given:?}");
}

#[tokio::test]
async fn a_guest_gets_a_rating_back_and_the_puzzle_keeps_its_own() {
    let (_dir, s, _clock) = setup("guest").await;
    let mut g = Browser::new(&s);
    let p = get_ok(&mut g, "/api/puzzle/next?rating=1200").await;
    let id = p["id"].as_str().unwrap();
    let guest = json!({ "rating": 1200.0, "deviation": 200.0, "volatility": 0.06 });
    let (st, v) = g
        .post(
            &format!("/api/puzzle/{id}/round"),
            json!({ "moves": p["solution"], "guest": guest }),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["rated"], true);
    assert!(rating(&v) > 1200.0, "{v}");
    let again = get_ok(&mut g, &format!("/api/puzzle/{id}")).await;
    assert_eq!(
        (again["rating"].clone(), again["plays"].clone()),
        (p["rating"].clone(), json!(0))
    );
    // Streak mode moves nothing.
    let (st, v) = g
        .post(
            &format!("/api/puzzle/{id}/round"),
            json!({ "moves": p["solution"], "mode": "streak" }),
        )
        .await;
    assert_eq!(
        (st, v["rated"].as_bool(), v.get("rating")),
        (StatusCode::OK, Some(false), None)
    );
    // A guest cannot vote; a rating out of range is refused.
    let (st, v) = g
        .post(&format!("/api/puzzle/{id}/vote"), json!({ "up": true }))
        .await;
    assert_error(st, &v, StatusCode::UNAUTHORIZED, "not-logged-in");
    let bad = json!({ "moves": p["solution"], "guest": { "rating": 9e9, "deviation": 50.0, "volatility": 0.06 } });
    let (st, v) = g.post(&format!("/api/puzzle/{id}/round"), bad).await;
    assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
}

#[tokio::test]
async fn bad_input_is_refused_with_a_message_and_a_vote_counts_once() {
    let (_dir, s, _clock) = setup("bad").await;
    let mut b = Browser::signed_up(&s, "Voter").await;
    let (st, v) = b.get("/api/puzzle/000000000000").await;
    assert_error(st, &v, StatusCode::NOT_FOUND, "no-such-puzzle");
    let (st, v) = b.get("/api/puzzle/next?theme=nonsense").await;
    assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-theme");
    let p = get_ok(&mut b, "/api/puzzle/next?theme=capture-chain").await;
    assert!(p["themes"]
        .as_array()
        .unwrap()
        .contains(&json!("capture-chain")));
    let id = p["id"].as_str().unwrap().to_string();
    let path = format!("/api/puzzle/{id}/round");
    let (st, v) = b.post(&path, json!({ "moves": "Z9" })).await;
    assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-moves");
    let (st, v) = b.post(&path, json!({ "moves": "a" })).await;
    let code = if p["solver"] == "S" {
        "illegal-move"
    } else {
        ""
    };
    if !code.is_empty() {
        assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, code);
    }
    let (st, v) = b.post(&path, json!({ "moves": "A".repeat(40_000) })).await;
    assert_error(st, &v, StatusCode::PAYLOAD_TOO_LARGE, "body-too-large");
    let (st, v) = b.post(&path, json!({ "moves": "A".repeat(300) })).await;
    assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-moves");
    let (st, v) = b
        .post(&path, json!({ "moves": p["solution"], "mode": "blitz" }))
        .await;
    assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
    let (st, v) = b.get("/api/puzzle/history?page=0").await;
    assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
    // Nothing was recorded by the refusals; a vote needs a round first.
    let vote = format!("/api/puzzle/{id}/vote");
    let (st, v) = b.post(&vote, json!({ "up": true })).await;
    assert_error(st, &v, StatusCode::CONFLICT, "not-played");
    round(&mut b, &id, p["solution"].as_str().unwrap()).await;
    for _ in 0..2 {
        let (st, v) = b.post(&vote, json!({ "up": true })).await;
        assert_eq!((st, v), (StatusCode::OK, json!({ "up": 1, "down": 0 })));
    }
    let (st, v) = b.post(&vote, json!({ "up": false })).await;
    assert_eq!((st, v), (StatusCode::OK, json!({ "up": 0, "down": 1 })));
    let seen = get_ok(&mut b, &format!("/api/puzzle/{id}")).await;
    assert_eq!(
        (
            seen["up"].as_u64(),
            seen["down"].as_u64(),
            seen["plays"].as_u64()
        ),
        (Some(0), Some(1), Some(1))
    );
}
