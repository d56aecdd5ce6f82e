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

/// An account's rated rounds a minute (`training::RATED_PER_MINUTE`).
const RATED_PER_MINUTE: usize = 10;
/// The rated rounds after which an account's results move puzzles (`training::PUZZLE_WEIGHT_FROM`).
const PUZZLE_WEIGHT_FROM: u32 = 10;

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

/// The line of puzzle `id`, read from the shipped set (the API does not send it).
fn line(id: &str) -> String {
    static SET: std::sync::OnceLock<Vec<oware_puzzles::Puzzle>> = std::sync::OnceLock::new();
    SET.get_or_init(|| oware_puzzles::shipped().unwrap())
        .iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("no puzzle {id}"))
        .line_text()
}

/// Ids of shipped puzzles of one solver move.
fn one_movers(n: usize) -> Vec<String> {
    oware_puzzles::shipped()
        .unwrap()
        .into_iter()
        .filter(|p| p.line.len() == 1)
        .take(n)
        .map(|p| p.id)
        .collect()
}

async fn post_round(b: &mut Browser, p: &Value, moves: &str) -> Value {
    let id = p["id"].as_str().unwrap();
    let (st, v) = b
        .post(
            &format!("/api/puzzle/{id}/round"),
            json!({ "moves": moves, "round": p["round"] }),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{moves}: {v}");
    v
}

/// Plays served puzzle `p` to the end, a second (`pace`) before each solver move: solving it,
/// or with `wrong` as the first move. Checks that every answer before the end gives only the
/// reply to the move just played. The last answer.
async fn play(b: &mut Browser, clock: &ManualClock, p: &Value, wrong: bool, pace: u64) -> Value {
    let line = line(p["id"].as_str().unwrap());
    let mut played = String::new();
    for (k, c) in line.chars().enumerate().step_by(2) {
        clock.advance(Duration::from_millis(pace));
        if wrong {
            return post_round(b, p, &wrong_move(p, &line)).await;
        }
        played.push(c);
        let v = post_round(b, p, &played).await;
        if k + 1 == line.len() {
            assert_eq!(v["result"], "solved", "{v}");
            return v;
        }
        assert_eq!(v["result"], "continue", "{v}");
        let reply = &line[k + 1..k + 2];
        assert_eq!(v["reply"], reply);
        for key in ["solution", "steps", "expected", "explain"] {
            assert!(v.get(key).is_none(), "{key} before the end: {v}");
        }
        played.push_str(reply);
    }
    unreachable!()
}

/// A legal first move that is not the solution's.
fn wrong_move(p: &Value, line: &str) -> String {
    let first = &line[..1];
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
    assert_ne!(first["puzzle"]["round"], later["puzzle"]["round"]);
    clock.advance(Duration::from_secs(3600));
    let next = get_ok(&mut b, "/api/puzzle/daily").await;
    assert_eq!(next["date"], "2026-12-03");
    assert_ne!(first["puzzle"]["id"], next["puzzle"]["id"]);
    let id = first["puzzle"]["id"].as_str().unwrap();
    let by_id = get_ok(&mut b, &format!("/api/puzzle/{id}")).await;
    assert_eq!(by_id["board"], first["puzzle"]["board"]);
}

#[tokio::test]
async fn a_solved_round_raises_the_rating_a_wrong_move_fails_showing_the_right_one() {
    let (_dir, s, clock) = setup("rounds").await;
    let mut b = Browser::signed_up(&s, "Solver").await;
    let p = get_ok(&mut b, "/api/puzzle/next").await;
    let id = p["id"].as_str().unwrap();
    let full = line(id);
    let v = play(&mut b, &clock, &p, false, 2_000).await;
    assert_eq!(v["rated"], true, "{v}");
    assert!(v.get("unrated").is_none(), "{v}");
    assert!(rating(&v) > 1500.0, "{v}");
    assert!(v["diff"].as_i64().unwrap() > 0);
    assert_eq!(v["solution"], full.as_str());
    let ex = &v["explain"];
    assert_eq!(ex["right"].as_str(), Some(&full[full.len() - 1..]), "{v}");
    assert!(
        ex["line_wins"].is_i64() && ex.get("refute").is_none(),
        "{v}"
    );
    let after_solve = get_ok(&mut b, "/api/puzzle/history").await;
    assert_eq!(
        (
            after_solve["solved"].as_u64(),
            after_solve["failed"].as_u64()
        ),
        (Some(1), Some(0))
    );
    // A repeat, served again, is recorded but not rated: played before.
    let p2 = get_ok(&mut b, &format!("/api/puzzle/{id}")).await;
    let again = play(&mut b, &clock, &p2, false, 2_000).await;
    assert_eq!(
        (
            again["result"].as_str(),
            again["rated"].as_bool(),
            again["unrated"].as_str()
        ),
        (Some("solved"), Some(false), Some("played-before"))
    );
    assert!(again.get("diff").is_none(), "{again}");
    clock.advance(Duration::from_secs(60));
    // Another puzzle, a wrong first move: failed, the right move and the line shown.
    let q = get_ok(&mut b, &format!("/api/puzzle/next?after={id}")).await;
    let qid = q["id"].as_str().unwrap();
    assert_ne!(qid, id);
    let qline = line(qid);
    let v = play(&mut b, &clock, &q, true, 2_000).await;
    assert_eq!(v["result"], "failed", "{v}");
    assert_eq!(v["expected"].as_str(), Some(&qline[..1]));
    assert_eq!(v["explain"]["right"].as_str(), Some(&qline[..1]));
    assert_eq!(v["solution"], qline.as_str());
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

#[tokio::test]
async fn the_api_never_sends_a_move_of_the_line_before_the_one_before_it_is_played() {
    let (_dir, s, clock) = setup("secret").await;
    let mut b = Browser::signed_up(&s, "Peeker").await;
    // Several puzzles of several moves, served every way a puzzle is served.
    let mut views = vec![get_ok(&mut b, "/api/puzzle/daily").await["puzzle"].clone()];
    for _ in 0..5 {
        views.push(get_ok(&mut b, "/api/puzzle/next?rating=2200").await);
    }
    let long: Vec<String> = oware_puzzles::shipped()
        .unwrap()
        .into_iter()
        .filter(|p| p.line.len() >= 5)
        .take(3)
        .map(|p| p.id)
        .collect();
    for id in &long {
        views.push(get_ok(&mut b, &format!("/api/puzzle/{id}")).await);
    }
    // A view has the position and nothing of the line.
    let mut g = Browser::new(&s);
    for id in &long {
        views.push(get_ok(&mut g, &format!("/api/puzzle/{id}")).await);
    }
    for p in &views {
        let keys = [
            "id",
            "board",
            "solver",
            "rating",
            "plays",
            "themes",
            "solver_moves",
            "round",
            "up",
            "down",
        ];
        for k in p.as_object().unwrap().keys() {
            assert!(keys.contains(&k.as_str()), "{k}: {p}");
        }
    }
    // Step by step: each answer names only the reply to the move just played (`play` checks
    // it), the line comes at the end.
    for p in &views[views.len() - long.len()..] {
        let v = play(&mut g, &clock, p, false, 2_000).await;
        assert_eq!(v["solution"], line(p["id"].as_str().unwrap()).as_str());
    }
}

#[tokio::test]
async fn only_a_served_round_at_a_human_pace_is_rated() {
    let (_dir, s, clock) = setup("pace").await;
    let mut b = Browser::signed_up(&s, "Hasty").await;
    let ids = one_movers(RATED_PER_MINUTE + 5);
    // Never served: the round is answered, not rated, and the puzzle keeps its rating.
    let never = &ids[0];
    let before = get_ok(&mut Browser::new(&s), &format!("/api/puzzle/{never}")).await;
    let fake = json!({ "id": never, "round": "0123456789abcdef", "board": before["board"] });
    clock.advance(Duration::from_secs(5));
    let v = post_round(&mut b, &fake, &line(never)).await;
    assert_eq!(
        (
            v["result"].as_str(),
            v["rated"].as_bool(),
            v["unrated"].as_str()
        ),
        (Some("solved"), Some(false), Some("not-served")),
        "{v}"
    );
    let h = get_ok(&mut b, "/api/puzzle/history").await;
    assert!(
        h["rating"].is_null() || h["rating"]["rating"] == 1500.0,
        "no rating moved: {h}"
    );
    // Served, then solved faster than a second a move: not rated.
    let p = get_ok(&mut b, &format!("/api/puzzle/{}", ids[1])).await;
    let v = play(&mut b, &clock, &p, false, 300).await;
    assert_eq!(v["unrated"], "too-fast", "{v}");
    // Another puzzle served meanwhile closes the round of the first.
    let p = get_ok(&mut b, &format!("/api/puzzle/{}", ids[2])).await;
    get_ok(&mut b, &format!("/api/puzzle/{}", ids[3])).await;
    let v = play(&mut b, &clock, &p, false, 2_000).await;
    assert_eq!(v["unrated"], "not-served", "{v}");
    // At a human pace: rated, up to the rounds a minute.
    let mut rated = 0;
    for id in &ids[3..] {
        let p = get_ok(&mut b, &format!("/api/puzzle/{id}")).await;
        let v = play(&mut b, &clock, &p, false, 1_000).await;
        if v["rated"] == true {
            rated += 1;
        } else {
            assert_eq!(v["unrated"], "too-many", "{v}");
        }
    }
    assert_eq!(rated, RATED_PER_MINUTE);
    // A minute later it rates again.
    clock.advance(Duration::from_secs(60));
    let p = get_ok(&mut b, &format!("/api/puzzle/{}", ids[1])).await;
    let v = play(&mut b, &clock, &p, false, 1_000).await;
    assert_eq!(
        v["unrated"], "played-before",
        "the fast round counted as played: {v}"
    );
    // A guest's round needs the token it was served with.
    let mut g = Browser::new(&s);
    let p = get_ok(&mut g, &format!("/api/puzzle/{}", ids[5])).await;
    let mut forged = p.clone();
    forged["round"] = json!("feedfeedfeedfeed");
    clock.advance(Duration::from_secs(5));
    let v = post_round(&mut g, &forged, &line(&ids[5])).await;
    assert_eq!(v["unrated"], "not-served", "{v}");
    let v = play(&mut g, &clock, &p, false, 2_000).await;
    assert_eq!(v["rated"], true, "{v}");
}

#[tokio::test]
async fn a_new_accounts_results_do_not_move_the_puzzles() {
    let (_dir, s, clock) = setup("weight").await;
    let ids = one_movers(PUZZLE_WEIGHT_FROM as usize + 2);
    let mut b = Browser::signed_up(&s, "Newcomer").await;
    let target = ids.last().unwrap();
    let seen = |v: &Value| (v["rating"].clone(), v["plays"].clone());
    let start = get_ok(&mut Browser::new(&s), &format!("/api/puzzle/{target}")).await;
    // Its first rounds are rated for the player, not for the puzzles.
    for id in &ids[..PUZZLE_WEIGHT_FROM as usize] {
        let p = get_ok(&mut b, &format!("/api/puzzle/{id}")).await;
        let v = play(&mut b, &clock, &p, true, 7_000).await;
        assert_eq!(v["rated"], true, "{v}");
        let after = get_ok(&mut Browser::new(&s), &format!("/api/puzzle/{id}")).await;
        assert_eq!(after["plays"], 0, "{after}");
    }
    // From then on they count.
    let p = get_ok(&mut b, &format!("/api/puzzle/{target}")).await;
    let v = play(&mut b, &clock, &p, true, 7_000).await;
    assert_eq!(v["rated"], true, "{v}");
    let after = get_ok(&mut Browser::new(&s), &format!("/api/puzzle/{target}")).await;
    assert_ne!(seen(&after), seen(&start), "{after}");
    assert_eq!(after["plays"], 1);
}

#[tokio::test]
async fn a_hundred_new_players_do_not_all_start_with_the_same_puzzles() {
    let (_dir, s, _clock) = setup("variety").await;
    let mut first = std::collections::HashSet::new();
    let mut streak = std::collections::HashSet::new();
    for _ in 0..100 {
        let mut g = Browser::new(&s);
        first.insert(get_ok(&mut g, "/api/puzzle/next").await["id"].clone());
        streak.insert(get_ok(&mut g, "/api/puzzle/next?streak=0").await["id"].clone());
    }
    assert!(first.len() > 20, "{}", first.len());
    assert!(streak.len() > 20, "{}", streak.len());
    // The themes offered are those with puzzles.
    let t = get_ok(&mut Browser::new(&s), "/api/puzzle/themes").await;
    let set = oware_puzzles::shipped().unwrap();
    for theme in t["themes"].as_array().unwrap() {
        let name = theme["name"].as_str().unwrap();
        let n = set
            .iter()
            .filter(|p| p.themes.iter().any(|x| x.name() == name))
            .count();
        assert_eq!(theme["count"].as_u64(), Some(n as u64), "{name}");
        assert!(n > 0, "{name}");
    }
}

/// Plays `n` rounds as account `b`, solving every puzzle or failing every one: the ratings of
/// the puzzles given, in order, and the player's rating at the end.
async fn simulate(b: &mut Browser, clock: &ManualClock, n: usize, solve: bool) -> (Vec<f64>, f64) {
    let mut given = Vec::new();
    let mut last = 1500.0;
    for _ in 0..n {
        let p = get_ok(b, "/api/puzzle/next").await;
        given.push(p["rating"].as_f64().unwrap());
        let v = play(b, clock, &p, !solve, 7_000).await;
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
    let (_dir, s, clock) = setup("simulated").await;
    let mut up = Browser::signed_up(&s, "Riser").await;
    let (given, end) = simulate(&mut up, &clock, 30, true).await;
    assert!(end > 2000.0, "{end}");
    // Drawn at random from a window around the rating (wide where puzzles are few, at the top).
    assert!(given[0] < 1700.0, "{given:?}");
    assert!(mean(&given[20..]) > 2000.0, "{given:?}");
    assert!(mean(&given[20..]) > mean(&given[..10]) + 100.0, "{given:?}");
    let mut down = Browser::signed_up(&s, "Faller").await;
    let (given, end) = simulate(&mut down, &clock, 30, false).await;
    assert!(end < 1100.0, "{end}");
    // The easiest puzzles start at 980: the fall stops there.
    assert!(given[0] > 1300.0, "{given:?}");
    assert!(mean(&given[20..]) < 1100.0, "{given:?}");
}

#[tokio::test]
async fn a_guest_gets_a_rating_back_and_the_puzzle_keeps_its_own() {
    let (_dir, s, clock) = setup("guest").await;
    let mut g = Browser::new(&s);
    let p = get_ok(&mut g, "/api/puzzle/next?rating=1200").await;
    let id = p["id"].as_str().unwrap();
    let guest = json!({ "rating": 1200.0, "deviation": 200.0, "volatility": 0.06 });
    let full = line(id);
    clock.advance(Duration::from_secs(30));
    let (st, v) = g
        .post(
            &format!("/api/puzzle/{id}/round"),
            json!({ "moves": full, "guest": guest, "round": p["round"] }),
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
            json!({ "moves": full, "mode": "streak" }),
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
    let bad =
        json!({ "moves": full, "guest": { "rating": 9e9, "deviation": 50.0, "volatility": 0.06 } });
    let (st, v) = g.post(&format!("/api/puzzle/{id}/round"), bad).await;
    assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
}

#[tokio::test]
async fn bad_input_is_refused_with_a_message_and_a_vote_counts_once() {
    let (_dir, s, clock) = setup("bad").await;
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
    // A pit of the other side's row: illegal whichever side solves (the puzzle is drawn at
    // random, so a move of the solver's own row could end the round).
    let other_row = if p["solver"] == "S" { "a" } else { "A" };
    let (st, v) = b.post(&path, json!({ "moves": other_row })).await;
    assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "illegal-move");
    let (st, v) = b.post(&path, json!({ "moves": "A".repeat(40_000) })).await;
    assert_error(st, &v, StatusCode::PAYLOAD_TOO_LARGE, "body-too-large");
    let (st, v) = b.post(&path, json!({ "moves": "A".repeat(300) })).await;
    assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-moves");
    let (st, v) = b
        .post(&path, json!({ "moves": line(&id), "mode": "blitz" }))
        .await;
    assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
    let (st, v) = b.get("/api/puzzle/history?page=0").await;
    assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
    // Nothing was recorded by the refusals; a vote needs a round first.
    let vote = format!("/api/puzzle/{id}/vote");
    let (st, v) = b.post(&vote, json!({ "up": true })).await;
    assert_error(st, &v, StatusCode::CONFLICT, "not-played");
    clock.advance(Duration::from_secs(30));
    post_round(&mut b, &p, &line(&id)).await;
    for _ in 0..2 {
        let (st, v) = b.post(&vote, json!({ "up": true })).await;
        assert_eq!((st, v), (StatusCode::OK, json!({ "up": 1, "down": 0 })));
    }
    let (st, v) = b.post(&vote, json!({ "up": false })).await;
    assert_eq!((st, v), (StatusCode::OK, json!({ "up": 0, "down": 1 })));
    let seen = get_ok(&mut b, &format!("/api/puzzle/{id}")).await;
    // A new account's round does not move the puzzle: its plays stay 0.
    assert_eq!(
        (
            seen["up"].as_u64(),
            seen["down"].as_u64(),
            seen["plays"].as_u64()
        ),
        (Some(0), Some(1), Some(0))
    );
}

#[tokio::test]
async fn a_streak_round_can_be_voted_on() {
    let (_dir, s, clock) = setup("streak-vote").await;
    let mut b = Browser::signed_up(&s, "Streaker").await;
    let p = get_ok(&mut b, "/api/puzzle/next?streak=0").await;
    let id = p["id"].as_str().unwrap();
    let vote = format!("/api/puzzle/{id}/vote");
    let (st, v) = b.post(&vote, json!({ "up": true })).await;
    assert_error(st, &v, StatusCode::CONFLICT, "not-played");
    clock.advance(Duration::from_secs(30));
    let (st, v) = b
        .post(
            &format!("/api/puzzle/{id}/round"),
            json!({ "moves": line(id), "mode": "streak", "round": p["round"] }),
        )
        .await;
    assert_eq!(
        (st, v["result"].as_str(), v["unrated"].as_str()),
        (StatusCode::OK, Some("solved"), Some("streak")),
        "{v}"
    );
    let (st, v) = b.post(&vote, json!({ "up": true })).await;
    assert_eq!((st, v), (StatusCode::OK, json!({ "up": 1, "down": 0 })));
    // Nothing was stored as played: the puzzle is still new to the account's rated rounds.
    let h = get_ok(&mut b, "/api/puzzle/history").await;
    assert_eq!(h["rounds"], json!([]), "{h}");
}
