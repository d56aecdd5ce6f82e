//! Puzzle rounds played without the network (issue 57), sent once the network is back:
//! `POST /api/puzzle/offline` checks each round as any round is checked, records it unrated on
//! the account (its history shows it, no rating moves), refuses a bad batch whole, and counts an
//! account's rounds a day. SQLite, or PostgreSQL with `OWARE_TEST_BACKEND=postgres` (see
//! `common`).

mod common;

use std::time::Duration;

use common::{assert_error, Browser};
use oware_server::ManualClock;
use reqwest::StatusCode;
use serde_json::{json, Value};

const DAY_MS: u64 = 86_400_000;
/// 2026-12-02 00:30 UTC.
const START_MS: u64 = 20_789 * DAY_MS + 30 * 60_000;
/// An account's rounds played offline a day (`budget::OFFLINE_ROUNDS_PER_DAY`).
const PER_DAY: usize = 200;
/// Rounds in one request (`training::OFFLINE_ROUNDS_PER_REQUEST`).
const PER_REQUEST: usize = 50;
const PATH: &str = "/api/puzzle/offline";

async fn setup(name: &str) -> (tempfile::TempDir, oware_server::Server, ManualClock) {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::new(START_MS);
    let s = common::clocked_server(&dir.path().join(format!("{name}.sqlite")), &clock).await;
    (dir, s, clock)
}

fn shipped() -> &'static [oware_puzzles::Puzzle] {
    static SET: std::sync::OnceLock<Vec<oware_puzzles::Puzzle>> = std::sync::OnceLock::new();
    SET.get_or_init(|| oware_puzzles::shipped().unwrap())
}

/// A shipped puzzle whose line has at least `plies` moves.
fn with_line(plies: usize) -> &'static oware_puzzles::Puzzle {
    shipped().iter().find(|p| p.line.len() >= plies).unwrap()
}

/// The puzzle's whole line as the page sends it (letters, concatenated).
fn solved(p: &oware_puzzles::Puzzle) -> String {
    p.line_text()
}

/// A legal first move that is not the line's.
fn failed(p: &oware_puzzles::Puzzle) -> String {
    let first = p.line_text()[..1].to_string();
    oware_puzzles::views::board(&p.position)
        .legal
        .into_iter()
        .find(|m| *m != first)
        .expect("a puzzle has two legal moves or more")
}

async fn history(b: &mut Browser) -> Value {
    let (st, v) = b.get("/api/puzzle/history").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    v
}

#[tokio::test]
async fn rounds_played_offline_are_recorded_unrated_on_the_account() {
    let (_dir, s, clock) = setup("offline").await;
    let mut b = Browser::signed_up(&s, "Kofi").await;
    let (a, c) = (with_line(3), with_line(1));
    let c = if c.id == a.id { &shipped()[1] } else { c };
    let (st, v) = b
        .post(
            PATH,
            json!({ "rounds": [
                { "id": a.id, "moves": solved(a) },
                { "id": c.id, "moves": failed(c) },
            ] }),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(
        v,
        json!({ "results": [
            { "id": a.id, "result": "solved" },
            { "id": c.id, "result": "failed" },
        ] })
    );
    let h = history(&mut b).await;
    assert_eq!(
        (h["solved"].as_u64(), h["failed"].as_u64()),
        (Some(1), Some(1))
    );
    let rounds = h["rounds"].as_array().unwrap();
    let of = |id: &str| rounds.iter().find(|r| r["id"] == id).unwrap().clone();
    assert_eq!(
        (of(&a.id)["solved"].as_bool(), of(&a.id)["diff"].as_i64()),
        (Some(true), Some(0))
    );
    assert_eq!(of(&c.id)["solved"], false);
    // Unrated: the account's rating is the starting one, the puzzle's plays unchanged.
    assert_eq!(h["rating"]["rating"].as_f64(), Some(1500.0), "{h}");
    assert_eq!(h["rating"]["deviation"].as_f64(), Some(350.0), "{h}");
    let (st, seen) = b.get(&format!("/api/puzzle/{}", a.id)).await;
    assert_eq!((st, seen["plays"].as_u64()), (StatusCode::OK, Some(0)));
    // The puzzle played online afterwards is a repeat: not rated.
    clock.advance(Duration::from_secs(60));
    let (st, v) = b
        .post(
            &format!("/api/puzzle/{}/round", a.id),
            json!({ "moves": solved(a), "round": seen["round"] }),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(
        (v["rated"].as_bool(), v["unrated"].as_str()),
        (Some(false), Some("played-before"))
    );
}

#[tokio::test]
async fn bad_offline_rounds_are_refused_whole_and_nothing_is_recorded() {
    let (_dir, s, _clock) = setup("offline-bad").await;
    let p = with_line(3);
    let good = json!({ "id": p.id, "moves": solved(p) });
    // A guest has no account to record them on.
    let mut guest = Browser::new(&s);
    let (st, v) = guest.post(PATH, json!({ "rounds": [good] })).await;
    assert_error(st, &v, StatusCode::UNAUTHORIZED, "not-logged-in");

    let mut b = Browser::signed_up(&s, "Ama").await;
    let unfinished = json!({ "id": p.id, "moves": &solved(p)[..1] });
    let other_row = if p.solver() == oware_core::Side::South {
        "a"
    } else {
        "A"
    };
    for (body, status, code) in [
        (
            json!({ "rounds": [good, { "id": "000000000000", "moves": "A" }] }),
            StatusCode::NOT_FOUND,
            "no-such-puzzle",
        ),
        (
            json!({ "rounds": [good, unfinished] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-moves",
        ),
        (
            json!({ "rounds": [{ "id": p.id, "moves": other_row }] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal-move",
        ),
        (
            json!({ "rounds": [{ "id": p.id, "moves": "A".repeat(300) }] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-moves",
        ),
        (
            json!({ "rounds": [] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-field",
        ),
        (
            json!({ "rounds": vec![good.clone(); PER_REQUEST + 1] }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-field",
        ),
        (
            json!({ "rounds": [good], "rated": true }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad-field",
        ),
        (
            json!({ "rounds": [{ "id": p.id, "moves": "A".repeat(40_000) }] }),
            StatusCode::PAYLOAD_TOO_LARGE,
            "body-too-large",
        ),
    ] {
        let (st, v) = b.post(PATH, body.clone()).await;
        assert_error(st, &v, status, code);
        assert!(
            v["error"].as_str().is_some_and(|m| !m.is_empty()),
            "{body}: {v}"
        );
    }
    let h = history(&mut b).await;
    assert_eq!(h["rounds"], json!([]), "nothing recorded: {h}");
    // The refusals counted nothing: a whole day's rounds still go through.
    for _ in 0..PER_DAY / PER_REQUEST {
        let (st, v) = b
            .post(PATH, json!({ "rounds": vec![good.clone(); PER_REQUEST] }))
            .await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
}

#[tokio::test]
async fn an_accounts_offline_rounds_are_counted_a_day() {
    let (_dir, s, clock) = setup("offline-budget").await;
    let mut b = Browser::signed_up(&s, "Yaw").await;
    let ones: Vec<&oware_puzzles::Puzzle> = shipped()
        .iter()
        .filter(|p| p.line.len() == 1)
        .take(PER_REQUEST)
        .collect();
    assert_eq!(ones.len(), PER_REQUEST);
    let batch = json!({ "rounds": ones.iter().map(|p| json!({ "id": p.id, "moves": solved(p) })).collect::<Vec<_>>() });
    for _ in 0..PER_DAY / PER_REQUEST {
        let (st, v) = b.post(PATH, batch.clone()).await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    let before = history(&mut b).await;
    let one = json!({ "rounds": [{ "id": ones[0].id, "moves": solved(ones[0]) }] });
    let (st, v) = b.post(PATH, one.clone()).await;
    assert_error(st, &v, StatusCode::TOO_MANY_REQUESTS, "too-many-rounds");
    assert_eq!(
        history(&mut b).await,
        before,
        "the refused round is not recorded"
    );
    // Another account has its own budget; the next day, this one's is back.
    let mut other = Browser::signed_up(&s, "Esi").await;
    let (st, v) = other.post(PATH, one.clone()).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    clock.advance(Duration::from_millis(DAY_MS));
    let (st, v) = b.post(PATH, one).await;
    assert_eq!(st, StatusCode::OK, "{v}");
}
