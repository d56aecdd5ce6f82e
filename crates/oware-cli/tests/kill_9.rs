//! No acknowledged move is lost when `oware serve` is killed with `kill -9` in the middle of a
//! burst of moves, on SQLite and on PostgreSQL: sixteen online games play moves as fast as the
//! server answers them, the process is killed once 200 moves have been acknowledged (others are
//! in flight), a new process is started on the same database, and every game holds at least the
//! moves its players were told were played, in order, and goes on.
//!
//! The PostgreSQL test needs the cluster of `scripts/test.sh` (`OWARE_TEST_PG_URL`); without it
//! it is skipped with a note on a developer's machine and fails in CI (`CI` set).

#[path = "../../oware-server/tests/common/mod.rs"]
mod common;
mod run;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use common::{online_game, Api};
use reqwest::{Client, StatusCode};
use run::Serve;
use serde_json::{json, Value};
use tokio::sync::Notify;

/// Games played at once.
const GAMES: usize = 16;
/// Moves acknowledged in all before the kill.
const ACKED_BEFORE_KILL: usize = 200;

/// One game of the burst: its id, its seats' tokens, and the moves acknowledged so far.
struct Game {
    id: String,
    south: String,
    north: String,
    acked: Mutex<Vec<char>>,
}

fn start(db: &str, dir: &std::path::Path, log: &str) -> (Serve, Api) {
    let args: Vec<&std::ffi::OsStr> = vec![
        "--min-clock-s".as_ref(),
        "1".as_ref(),
        "--db".as_ref(),
        db.as_ref(),
    ];
    let serve = Serve::start(0, &args, &dir.join(log));
    let api = Api {
        client: Client::new(),
        base: serve.base.clone(),
    };
    (serve, api)
}

/// The first legal pit's letter in `state` and the token of the side to move, or `None` once
/// the game is over.
fn next_move<'g>(state: &Value, game: &'g Game) -> Option<(char, &'g str)> {
    if !state["outcome"].is_null() {
        return None;
    }
    let letter = state["pits_info"]
        .as_array()?
        .iter()
        .find(|p| p["legal"] == true)?["letter"]
        .as_str()?
        .chars()
        .next()?;
    let token = if state["position"]["turn"] == "N" {
        &game.north
    } else {
        &game.south
    };
    Some((letter, token))
}

/// Plays `game` from `state` until a move fails (the server is gone) or the game ends.
async fn play_on(
    api: Api,
    game: Arc<Game>,
    mut state: Value,
    acked: Arc<AtomicUsize>,
    enough: Arc<Notify>,
) {
    while let Some((letter, token)) = next_move(&state, &game) {
        // Sent by hand: once the server is gone the request fails, and the kit's helpers panic.
        let sent = api
            .client
            .post(format!("{}/api/games/{}/moves", api.base, game.id))
            .header("x-seat-token", token)
            .json(&json!({ "move": letter.to_string() }))
            .send()
            .await;
        let Ok(reply) = sent else { break };
        if reply.status() != StatusCode::OK {
            break;
        }
        // The move counts as acknowledged only once its whole answer has arrived.
        let Ok(answer) = reply.json::<Value>().await else {
            break;
        };
        game.acked.lock().unwrap().push(letter);
        if acked.fetch_add(1, Ordering::SeqCst) + 1 == ACKED_BEFORE_KILL {
            enough.notify_one();
        }
        state = answer["state"].clone();
    }
}

/// The burst, the kill and the check, on database `db` (a SQLite file or a PostgreSQL URL).
async fn no_acknowledged_move_is_lost(db: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (mut serve, api) = start(db, dir.path(), "first.log");
    let mut games = Vec::new();
    for _ in 0..GAMES {
        let (id, south, north) =
            online_game(&api, &api, json!({"initial_s": 600, "increment_s": 0})).await;
        games.push(Arc::new(Game {
            id,
            south,
            north,
            acked: Mutex::new(Vec::new()),
        }));
    }
    let acked = Arc::new(AtomicUsize::new(0));
    let enough = Arc::new(Notify::new());
    // Every game's state is read before the burst: a player still asking for it when the
    // others' moves reach the kill would see the server gone before its first move.
    let mut starts = Vec::new();
    for g in &games {
        let (status, state) = api.get(&format!("/api/games/{}", g.id)).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        starts.push(state);
    }
    let players: Vec<_> = games
        .iter()
        .zip(starts)
        .map(|(g, state)| {
            let api = Api {
                client: Client::new(),
                base: api.base.clone(),
            };
            tokio::spawn(play_on(
                api,
                g.clone(),
                state,
                acked.clone(),
                enough.clone(),
            ))
        })
        .collect();
    enough.notified().await;
    serve.kill_9();
    for p in players {
        p.await.unwrap();
    }
    let total = acked.load(Ordering::SeqCst);
    assert!(total >= ACKED_BEFORE_KILL, "{total} moves acknowledged");

    let (_serve, api) = start(db, dir.path(), "second.log");
    let mut in_flight = 0;
    for game in &games {
        let acked = game.acked.lock().unwrap().clone();
        let (status, state) = api.get(&format!("/api/games/{}", game.id)).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        let stored: Vec<char> = state["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["letter"].as_str().unwrap().chars().next().unwrap())
            .collect();
        // A move in flight at the kill may have been stored without its answer: one more at most.
        assert!(
            stored.len() == acked.len() || stored.len() == acked.len() + 1,
            "game {}: {} moves acknowledged, {} stored",
            game.id,
            acked.len(),
            stored.len()
        );
        assert_eq!(stored[..acked.len()], acked[..], "game {}", game.id);
        in_flight += stored.len() - acked.len();
        // The game goes on from where it was.
        if let Some((letter, token)) = next_move(&state, game) {
            let (status, answer) = api.play(&game.id, token, &letter.to_string()).await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            assert_eq!(answer["state"]["ply"], stored.len() + 1);
        }
    }
    eprintln!("{total} moves acknowledged before the kill, {in_flight} more stored unanswered");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_acknowledged_move_is_lost_on_sqlite_when_the_server_is_killed_mid_burst() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    no_acknowledged_move_is_lost(db.to_str().unwrap()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_acknowledged_move_is_lost_on_postgres_when_the_server_is_killed_mid_burst() {
    match std::env::var("OWARE_TEST_PG_URL") {
        Ok(url) if !url.is_empty() => {}
        _ if std::env::var_os("CI").is_some() => {
            panic!("OWARE_TEST_PG_URL is not set: scripts/test.sh starts a PostgreSQL cluster for these tests")
        }
        _ => {
            eprintln!("skipped: OWARE_TEST_PG_URL is not set (scripts/test.sh sets it)");
            return;
        }
    }
    let key = tempfile::tempdir().unwrap();
    let db = common::pg_database(&format!("{}-kill-9-burst", key.path().display())).await;
    no_acknowledged_move_is_lost(&db).await;
}
