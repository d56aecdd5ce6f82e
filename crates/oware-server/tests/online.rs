//! Online play through the JSON API: the real server on a loopback port with a real SQLite
//! file, two players and spectators as separate clients. Tests about time give the server a
//! [`ManualClock`] and move it on (no real time has to pass), then wait for the effect (an
//! event, the state), never for a while.

mod common;

use std::path::Path;
use std::time::Duration;

use common::{assert_error, ids, online_game, Api, Events, LobbyWatch};
use oware_protocol::{RematchAnswer, Side, StateView, Status};
use oware_server::{start, ManualClock, OnlineConfig, Server, ServerConfig};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Online settings for tests: one-second clocks allowed, a one-second claim delay.
fn test_online() -> OnlineConfig {
    OnlineConfig {
        claim_delay: Duration::from_secs(1),
        fast_claim_delay: Duration::from_secs(1),
        min_initial_s: 1,
        create_limit: 1000,
        ..OnlineConfig::default()
    }
}

async fn server(db: &Path, online: OnlineConfig) -> Server {
    let config = common::online_config(db, online).await;
    start(&config).await.expect("server starts")
}

/// [`server`] on `clock` (a test's own time).
async fn server_on(db: &Path, online: OnlineConfig, clock: &ManualClock) -> Server {
    let config = ServerConfig {
        clock: clock.shared(),
        ..common::online_config(db, online).await
    };
    start(&config).await.expect("server starts")
}

async fn act(api: &Api, id: &str, what: &str, token: &str, body: Value) -> (StatusCode, Value) {
    api.post(&format!("/api/games/{id}/{what}"), Some(token), Some(body))
        .await
}

/// A rematch's answer, read as the protocol's one shape.
fn rematch(b: &Value) -> RematchAnswer {
    serde_json::from_value(b.clone()).unwrap_or_else(|e| panic!("not a rematch answer ({e}): {b}"))
}

#[tokio::test]
async fn join_race_gives_one_seat_and_tokens_stay_private() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite"), test_online()).await;
    let api = Api::new(&s);
    let mut lobby = LobbyWatch::open(&api).await;
    assert_eq!(lobby.next().await["challenges"], json!([]));
    let (st, created) = api
        .create(
            json!({ "opponent": "online", "clock": {"initial_s": 300, "increment_s": 3},
                        "color": "random", "name": "Ama", "lobby": true }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    let (id, token) = ids(&created);
    let online = &created["state"]["online"];
    assert_eq!(online["status"], "open");
    let creator = online["you"].as_str().unwrap().to_string();
    assert!(creator == "S" || creator == "N");
    let listed = lobby.next().await;
    assert_eq!(listed["challenges"][0]["id"], id.as_str());
    assert_eq!(listed["challenges"][0]["name"], "Ama");
    assert_eq!(listed["challenges"][0]["clock"]["initial_s"], 300);
    assert!(
        !listed.to_string().contains(&token),
        "the lobby shows no token"
    );
    assert_eq!(api.get("/api/lobby").await.1, listed);

    // Accepting your own challenge is refused.
    let (st, b) = api
        .post(&format!("/api/games/{id}/join"), Some(&token), None)
        .await;
    assert_error(st, &b, StatusCode::CONFLICT, "own-challenge");

    // Two joiners at once: one seat, one "taken".
    let mut spectator = Events::open(&api, &id).await;
    let join = |name: &'static str| {
        let api = Api {
            client: reqwest::Client::new(),
            base: api.base.clone(),
        };
        let id = id.clone();
        async move {
            api.post(
                &format!("/api/games/{id}/join"),
                None,
                Some(json!({ "name": name })),
            )
            .await
        }
    };
    let (a, b) = tokio::join!(join("Kofi"), join("Esi"));
    let mut answers = [a, b];
    answers.sort_by_key(|(st, _)| st.as_u16());
    assert_eq!(answers[0].0, StatusCode::OK, "{}", answers[0].1);
    assert_error(
        answers[1].0,
        &answers[1].1,
        StatusCode::CONFLICT,
        "seat-taken",
    );
    let joiner = answers[0].1["token"].as_str().unwrap().to_string();
    let joiner_side = answers[0].1["state"]["online"]["you"].as_str().unwrap();
    assert_ne!(joiner_side, creator);
    assert_eq!(lobby.next().await["challenges"], json!([]));
    // A third joiner finds the game full.
    let (st, b) = api.post(&format!("/api/games/{id}/join"), None, None).await;
    assert_error(st, &b, StatusCode::CONFLICT, "seat-taken");

    // The broadcast state carries no token and no "you".
    let ev = spectator.until("update", |v| v["cause"] == "join").await;
    let text = ev.to_string();
    assert!(!text.contains(&token) && !text.contains(&joiner), "{text}");
    assert_eq!(ev["state"]["online"]["you"], Value::Null);
    assert_eq!(ev["state"]["online"]["status"], "playing");
    assert_eq!(ev["state"]["online"]["spectators"], 1);
    let plain = api.state(&id).await;
    assert!(!plain.to_string().contains(&token));
    assert_eq!(plain["online"]["you"], Value::Null);

    // South moves first: the move of the wrong seat, of a spectator, of nobody.
    let (south, north) = if creator == "S" {
        (token.clone(), joiner.clone())
    } else {
        (joiner.clone(), token.clone())
    };
    let (st, b) = api.play(&id, &north, "a").await;
    assert_error(st, &b, StatusCode::CONFLICT, "not-your-turn");
    let (st, b) = api.play(&id, "0123456789abcdef", "C").await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "not-your-seat");
    let (st, b) = api
        .post(
            &format!("/api/games/{id}/moves"),
            None,
            Some(json!({"move": "C"})),
        )
        .await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "not-your-seat");
    assert_eq!(api.state(&id).await["ply"], 0, "nothing changed");
    let (st, b) = api.play(&id, &south, "C").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["state"]["online"]["you"], "S");
    // Undo does not exist online; analysis is refused to players while the game runs.
    let (st, b) = api.act(&id, "undo", Some(&south)).await;
    assert_error(st, &b, StatusCode::CONFLICT, "not-in-online-games");
    let (st, b) = act(&api, &id, "analysis", &north, json!({"movetime_ms": 50})).await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "no-analysis-during-play");
    s.shutdown().await.unwrap();
}

/// `POST path` with an `X-Watcher` handle (a spectator's stream).
async fn as_watcher(
    api: &Api,
    path: &str,
    watcher: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut req = api
        .client
        .post(format!("{}{path}", api.base))
        .header("x-watcher", watcher);
    if let Some(b) = body {
        req = req.json(&b);
    }
    let r = req.send().await.unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_spectators_analysis_reaches_that_spectator_alone() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite"), test_online()).await;
    let api = Api::new(&s);
    let (id, south, north) = online_game(&api, &api, Value::Null).await;
    api.play(&id, &south, "C").await;
    let path = format!("/api/games/{id}/analysis");
    let body = json!({"movetime_ms": 50});
    // A player leaving out the token is a stranger without a stream: refused.
    let (st, b) = api.post(&path, None, Some(body.clone())).await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "no-watcher");
    let (st, b) = as_watcher(&api, &path, "00112233445566778899aabb", Some(body.clone())).await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "no-watcher");
    // A player's stream, and two spectators'.
    let presence = api
        .post(&format!("/api/games/{id}/presence"), Some(&north), None)
        .await
        .1["key"]
        .as_str()
        .unwrap()
        .to_string();
    let mut player =
        Events::open_path(&api, &format!("/api/games/{id}/events?presence={presence}")).await;
    let (_, first) = player.next().await;
    assert_eq!(
        first["watcher"],
        Value::Null,
        "a player's stream has no handle"
    );
    let mut watcher = Events::open(&api, &id).await;
    let (_, first) = watcher.next().await;
    let handle = first["watcher"]
        .as_str()
        .expect("a spectator's handle")
        .to_string();
    let mut other = Events::open(&api, &id).await;
    let (_, first) = other.next().await;
    let other_handle = first["watcher"].as_str().unwrap().to_string();
    assert_ne!(handle, other_handle);
    let (st, b) = as_watcher(&api, &path, &handle, Some(body.clone())).await;
    assert_eq!(st, StatusCode::ACCEPTED, "{b}");
    let seq = b["seq"].clone();
    let done = watcher
        .until("analysis", |v| v["seq"] == seq && v["done"] == true)
        .await;
    assert!(done["best"].is_string(), "{done}");
    // The others' streams carry no analysis: a move follows, and no analysis came before it.
    api.play(&id, &north, "c").await;
    // The spectator's one stream carries the game's events besides its own analysis.
    loop {
        let (name, v) = watcher.next().await;
        if name == "update" && v["cause"] == "move" {
            break;
        }
    }
    for stream in [&mut player, &mut other] {
        loop {
            let (name, v) = stream.next().await;
            assert_ne!(name, "analysis", "{v}");
            if name == "update" && v["cause"] == "move" {
                break;
            }
        }
    }
    // Stopping needs the spectator's own handle: a player's token stops nothing of theirs.
    let (st, b) = api.delete(&path, Some(&south)).await;
    assert_eq!(st, StatusCode::NO_CONTENT, "{b}");
    let (st, _) = api.delete(&path, None).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn spectators_coming_and_going_send_a_count_not_the_state_at_most_once_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = server_on(&dir.path().join("games.sqlite"), test_online(), &clock).await;
    let api = Api::new(&s);
    let (id, _south, _north) = online_game(&api, &api, Value::Null).await;
    let mut first = Events::open(&api, &id).await;
    first.next().await;
    // Five arrive within a second of the first: one count, once the second is up (issue 52,
    // M4: every arrival sent to every spectator cost O(N²)).
    let mut others = Vec::new();
    for _ in 0..5 {
        others.push(Events::open(&api, &id).await);
    }
    clock.advance(std::time::Duration::from_millis(1000));
    let (name, v) = first.next().await;
    assert_eq!(name, "spectators", "{v}");
    assert_eq!(v["spectators"], 6, "one count for the five arrivals: {v}");
    assert!(v.get("state").is_none(), "{v}");
    assert!(v.to_string().len() < 100, "a few bytes: {v}");
    // They leave: again one count, a second after the last.
    drop(others);
    // The state counts them at once (once the server has seen the streams close).
    while api.state(&id).await["online"]["spectators"] != 1 {
        tokio::task::yield_now().await;
    }
    clock.advance(std::time::Duration::from_millis(1000));
    let v = first.until("spectators", |v| v["spectators"] == 1).await;
    assert!(v.to_string().len() < 100, "{v}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn absurd_clock_settings_and_bad_colours_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite"), OnlineConfig::default()).await;
    let api = Api::new(&s);
    for clock in [
        json!({"initial_s": 0}),
        json!({"initial_s": 10}),
        json!({"initial_s": 10801, "increment_s": 0}),
        json!({"initial_s": 300, "increment_s": 181}),
        json!({"initial_s": -60, "increment_s": 0}),
        json!({"initial_s": 1.5e300}),
        json!({"increment_s": 3}),
    ] {
        let (st, b) = api
            .create(json!({ "opponent": "online", "clock": clock }))
            .await;
        assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "bad-clock");
    }
    // A clock of another shape is no `ClockReq`: 422 `bad-field` naming it.
    for clock in [
        json!({"initial_s": "ten"}),
        json!(300),
        json!({"minutes": 3}),
    ] {
        let (st, b) = api
            .create(json!({ "opponent": "online", "clock": clock }))
            .await;
        assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "bad-field");
        assert!(b["error"].as_str().unwrap().contains("clock"), "{b}");
    }
    let (st, b) = api
        .create(json!({ "opponent": "online", "color": "E" }))
        .await;
    common::assert_bad_word(st, &b, "color");
    assert_eq!(api.get("/api/health").await.1["games"], 0, "nothing stored");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn creating_too_many_games_from_one_address_is_a_429() {
    let dir = tempfile::tempdir().unwrap();
    // A window of one minute: the refusal says "the last minute", not "the last 1 minutes".
    let online = OnlineConfig {
        create_limit: 2,
        create_window: Duration::from_secs(60),
        ..test_online()
    };
    let s = server(&dir.path().join("games.sqlite"), online).await;
    let api = Api::new(&s);
    for _ in 0..2 {
        assert_eq!(
            api.create(json!({"opponent": "online"})).await.0,
            StatusCode::CREATED
        );
    }
    let (st, b) = api.create(json!({"opponent": "online"})).await;
    assert_error(st, &b, StatusCode::TOO_MANY_REQUESTS, "too-many-games");
    let message = b["error"].as_str().unwrap();
    assert!(
        message.starts_with("you have created 2 online games in the last minute; wait "),
        "{message}"
    );
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_flag_falls_with_nobody_calling_and_a_late_move_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = server_on(&dir.path().join("games.sqlite"), test_online(), &clock).await;
    let api = Api::new(&s);
    let (id, south, north) =
        online_game(&api, &api, json!({"initial_s": 1, "increment_s": 0})).await;
    let mut events = Events::open(&api, &id).await;
    // The first two moves charge nothing; then South's clock runs.
    assert_eq!(api.play(&id, &south, "C").await.0, StatusCode::OK);
    let (_, b) = api.play(&id, &north, "c").await;
    assert_eq!(b["state"]["online"]["clock"]["running"], "S");
    assert_eq!(b["state"]["online"]["clock"]["remaining_ms"]["N"], 1000);
    // Not yet: a moment before the flag, the game goes on.
    clock.advance(Duration::from_millis(999));
    let st = api.state(&id).await;
    assert_eq!(st["online"]["status"], "playing", "{st}");
    assert_eq!(st["online"]["clock"]["remaining_ms"]["S"], 1);
    // Nobody calls: once South's second is up the server's timer ends the game and tells
    // the watchers.
    clock.advance(Duration::from_millis(1));
    let ev = events
        .until("update", |v| v["state"]["online"]["end"] == "time")
        .await;
    assert_eq!(ev["cause"], "time");
    assert_eq!(ev["state"]["online"]["status"], "over");
    assert_eq!(ev["state"]["online"]["winner"], "N");
    assert_eq!(ev["state"]["online"]["clock"]["remaining_ms"]["S"], 0);
    assert_eq!(ev["state"]["online"]["clock"]["running"], Value::Null);
    let (st, b) = api.play(&id, &south, "D").await;
    assert_error(st, &b, StatusCode::CONFLICT, "game-over");
    let (st, b) = act(&api, &id, "resign", &north, json!({})).await;
    assert_error(st, &b, StatusCode::CONFLICT, "game-over");
    let (_, ogn) = api.text(&format!("/api/games/{id}/ogn")).await;
    assert!(ogn.contains("[TimeControl \"1+0\"]"), "{ogn}");
    assert!(ogn.contains("[Termination \"time\"]"), "{ogn}");
    assert!(ogn.contains("[Result \"0-1\"]"), "{ogn}");
    // Finished: the players may analyse now.
    let (st, _) = act(&api, &id, "analysis", &south, json!({"movetime_ms": 50})).await;
    assert_eq!(st, StatusCode::ACCEPTED);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_restart_charges_the_time_used_before_the_stop_and_not_the_downtime() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let clock = ManualClock::starting_now();
    let s = server_on(&db, test_online(), &clock).await;
    let api = Api::new(&s);
    let (id, south, north) =
        online_game(&api, &api, json!({"initial_s": 60, "increment_s": 2})).await;
    assert_eq!(api.play(&id, &south, "C").await.0, StatusCode::OK);
    assert_eq!(api.play(&id, &north, "c").await.0, StatusCode::OK);
    let (_, b) = api.play(&id, &south, "D").await;
    let south_left = b["state"]["online"]["clock"]["remaining_ms"]["S"]
        .as_u64()
        .unwrap();
    assert_eq!(south_left, 62_000, "the increment was added");
    // North thinks 20 s, then the server stops (recording the time) and stays down for
    // 10 minutes.
    clock.advance(Duration::from_secs(20));
    s.shutdown().await.unwrap();
    clock.advance(Duration::from_secs(600));
    let s = server_on(&db, test_online(), &clock).await;
    let api = Api::new(&s);
    let after = api.state(&id).await;
    let clock_view = &after["online"]["clock"];
    assert_eq!(clock_view["running"], "N");
    assert_eq!(
        clock_view["remaining_ms"]["N"], 40_000,
        "North keeps 60 s less the 20 s thought before the stop, the downtime free"
    );
    assert_eq!(
        clock_view["remaining_ms"]["S"].as_u64().unwrap(),
        south_left
    );
    // Play goes on with the same tokens.
    assert_eq!(api.play(&id, &north, "d").await.0, StatusCode::OK);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn draw_offers_are_accepted_declined_withdrawn_and_lapse() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite"), test_online()).await;
    let api = Api::new(&s);
    let (id, south, north) = online_game(&api, &api, Value::Null).await;
    let draw = |token: &str, action: &str| {
        let (api, id, token, action) = (&api, id.clone(), token.to_string(), action.to_string());
        async move { act(api, &id, "draw", &token, json!({"action": action})).await }
    };
    // Offer, accept one's own (refused), decline.
    let (st, b) = draw(&south, "offer").await;
    assert_eq!(
        (st, &b["online"]["draw_offer"]),
        (StatusCode::OK, &json!("S"))
    );
    let (st, b) = draw(&south, "accept").await;
    assert_error(st, &b, StatusCode::CONFLICT, "no-offer");
    let (_, b) = draw(&north, "decline").await;
    assert_eq!(b["online"]["draw_offer"], Value::Null);
    // Withdrawn: cannot be accepted.
    draw(&south, "offer").await;
    draw(&south, "withdraw").await;
    let (st, b) = draw(&north, "accept").await;
    assert_error(st, &b, StatusCode::CONFLICT, "no-offer");
    // Lapsed: the offerer moved.
    draw(&south, "offer").await;
    assert_eq!(api.play(&id, &south, "C").await.0, StatusCode::OK);
    assert_eq!(api.state(&id).await["online"]["draw_offer"], Value::Null);
    let (st, b) = draw(&north, "accept").await;
    assert_error(st, &b, StatusCode::CONFLICT, "no-offer");
    // A spectator cannot offer; a real offer accepted ends the game.
    let (st, b) = api
        .post(
            &format!("/api/games/{id}/draw"),
            None,
            Some(json!({"action": "offer"})),
        )
        .await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "not-your-seat");
    draw(&north, "offer").await;
    let (st, b) = draw(&south, "accept").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["online"]["end"], "agreement");
    assert_eq!(b["online"]["winner"], Value::Null);
    let (st, b) = act(&api, &id, "resign", &south, json!({})).await;
    assert_error(st, &b, StatusCode::CONFLICT, "game-over");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_takeback_accepted_takes_back_the_askers_move_and_the_reply() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite"), test_online()).await;
    let api = Api::new(&s);
    let (id, south, north) = online_game(&api, &api, json!({"initial_s": 60})).await;
    let (st, b) = act(&api, &id, "takeback", &south, json!({"action": "offer"})).await;
    assert_error(st, &b, StatusCode::CONFLICT, "nothing-to-take-back");
    api.play(&id, &south, "C").await;
    api.play(&id, &north, "c").await;
    api.play(&id, &south, "D").await;
    // South asks, North accepts.
    act(&api, &id, "takeback", &south, json!({"action": "offer"})).await;
    let (st, b) = act(&api, &id, "takeback", &south, json!({"action": "accept"})).await;
    assert_error(st, &b, StatusCode::CONFLICT, "no-offer");
    let (st, b) = act(&api, &id, "takeback", &north, json!({"action": "accept"})).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["ply"], 2, "South's D is taken back");
    assert_eq!(b["online"]["takeback_offer"], Value::Null);
    assert_eq!(b["online"]["clock"]["running"], "S");
    // North asks to take back c; South declines, and North cannot ask again at once.
    act(&api, &id, "takeback", &north, json!({"action": "offer"})).await;
    let (_, b) = act(&api, &id, "takeback", &south, json!({"action": "decline"})).await;
    assert_eq!(b["ply"], 2);
    let (st, b) = act(&api, &id, "takeback", &north, json!({"action": "offer"})).await;
    assert_error(st, &b, StatusCode::TOO_MANY_REQUESTS, "offer-too-soon");
    assert_eq!(
        api.state(&id).await["online"]["takeback_offer"],
        Value::Null
    );
    // South asks to take back C: North's reply c goes with it.
    act(&api, &id, "takeback", &south, json!({"action": "offer"})).await;
    let (_, b) = act(&api, &id, "takeback", &north, json!({"action": "accept"})).await;
    assert_eq!(b["ply"], 0);
    assert_eq!(
        b["online"]["clock"]["running"],
        Value::Null,
        "fewer than two moves"
    );
    // Stored: a reload shows the same.
    assert_eq!(api.state(&id).await["ply"], 0);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn abort_only_before_both_sides_moved_and_cancel_only_while_open() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite"), test_online()).await;
    let api = Api::new(&s);
    let (id, south, north) = online_game(&api, &api, Value::Null).await;
    api.play(&id, &south, "C").await;
    let (st, b) = act(&api, &id, "abort", &north, json!({})).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["online"]["status"], "aborted");
    assert_eq!(b["online"]["end"], "aborted");
    let (st, b) = api.play(&id, &north, "c").await;
    assert_error(st, &b, StatusCode::CONFLICT, "game-over");

    let (id, south, north) = online_game(&api, &api, Value::Null).await;
    api.play(&id, &south, "C").await;
    api.play(&id, &north, "c").await;
    let (st, b) = act(&api, &id, "abort", &south, json!({})).await;
    assert_error(st, &b, StatusCode::CONFLICT, "cannot-abort");
    let (st, b) = api.delete(&format!("/api/games/{id}"), Some(&south)).await;
    assert_error(st, &b, StatusCode::CONFLICT, "not-open");

    // An open challenge: only its creator cancels it; then nobody can join.
    let (open, creator, _) = api
        .new_game(json!({"opponent": "online", "lobby": true}))
        .await;
    let (st, b) = api
        .delete(&format!("/api/games/{open}"), Some(&north))
        .await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "not-your-seat");
    let (st, b) = api
        .delete(&format!("/api/games/{open}"), Some(&creator))
        .await;
    assert_eq!(
        (st, &b["online"]["status"]),
        (StatusCode::OK, &json!("cancelled"))
    );
    assert_eq!(api.get("/api/lobby").await.1["challenges"], json!([]));
    let (st, b) = api
        .post(&format!("/api/games/{open}/join"), None, None)
        .await;
    assert_error(st, &b, StatusCode::CONFLICT, "not-open");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_opponent_of_a_player_who_left_may_claim_after_the_delay() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = server_on(&dir.path().join("games.sqlite"), test_online(), &clock).await;
    let api = Api::new(&s);
    let (id, south, north) = online_game(&api, &api, json!({"initial_s": 600})).await;
    let key = |token: &str| {
        let (api, id, token) = (&api, id.clone(), token.to_string());
        async move {
            let (st, b) = api
                .post(&format!("/api/games/{id}/presence"), Some(&token), None)
                .await;
            assert_eq!(st, StatusCode::OK, "{b}");
            b["key"].as_str().unwrap().to_string()
        }
    };
    let (st, b) = api
        .post(&format!("/api/games/{id}/presence"), None, None)
        .await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "not-your-seat");
    let south_key = key(&south).await;
    let north_key = key(&north).await;
    let mut south_events = Events::open_path(
        &api,
        &format!("/api/games/{id}/events?presence={south_key}"),
    )
    .await;
    let north_events = Events::open_path(
        &api,
        &format!("/api/games/{id}/events?presence={north_key}"),
    )
    .await;
    south_events
        .until("update", |v| {
            v["state"]["online"]["seats"]["N"]["connected"] == true
        })
        .await;
    api.play(&id, &south, "C").await;
    api.play(&id, &north, "c").await;
    api.play(&id, &south, "D").await;
    // A claim of something else is refused with the results there are, and changes nothing.
    let before = api.state(&id).await;
    let (st, b) = act(&api, &id, "claim", &south, json!({"result": "loss"})).await;
    common::assert_bad_word(st, &b, "result");
    assert_eq!(api.state(&id).await, before);
    // North (to move) is connected: no claim.
    let (st, b) = act(&api, &id, "claim", &south, json!({"result": "win"})).await;
    assert_error(st, &b, StatusCode::CONFLICT, "cannot-claim");
    // North leaves; South sees it, and may claim once the delay has passed.
    drop(north_events);
    south_events
        .until("update", |v| {
            v["state"]["online"]["seats"]["N"]["connected"] == false
        })
        .await;
    let (st, b) = act(&api, &id, "claim", &north, json!({"result": "win"})).await;
    assert_error(st, &b, StatusCode::CONFLICT, "cannot-claim");
    // The delay (a second here) counts from North's leaving.
    clock.advance(Duration::from_millis(999));
    assert_eq!(api.state(&id).await["online"]["claimable_ms"], 1);
    let (st, b) = act(&api, &id, "claim", &south, json!({"result": "win"})).await;
    assert_error(st, &b, StatusCode::CONFLICT, "cannot-claim");
    clock.advance(Duration::from_millis(1));
    let claimable = api.state(&id).await["online"]["claimable_ms"].clone();
    assert_eq!(claimable, 0);
    let (st, b) = act(&api, &id, "claim", &south, json!({"result": "win"})).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["online"]["end"], "abandon");
    assert_eq!(b["online"]["winner"], "S");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_rematch_swaps_colours_and_each_player_gets_a_seat() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite"), test_online()).await;
    let api = Api::new(&s);
    let (id, south, north) =
        online_game(&api, &api, json!({"initial_s": 300, "increment_s": 5})).await;
    let (st, b) = act(&api, &id, "rematch", &south, json!({"action": "offer"})).await;
    assert_error(st, &b, StatusCode::CONFLICT, "not-over");
    api.play(&id, &south, "C").await;
    act(&api, &id, "resign", &north, json!({})).await;
    // Nobody offered: nothing to accept.
    let (st, b) = act(&api, &id, "rematch", &north, json!({"action": "accept"})).await;
    assert_error(st, &b, StatusCode::CONFLICT, "no-offer");
    // Every step answers one shape: the game's state, and the seat once it is agreed.
    let (_, b) = act(&api, &id, "rematch", &north, json!({"action": "offer"})).await;
    let offered = rematch(&b);
    assert_eq!(
        offered.state.online.unwrap().rematch_offer,
        Some(Side::North)
    );
    assert_eq!(offered.rematch, None);
    let (st, b) = act(&api, &id, "rematch", &south, json!({"action": "accept"})).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let accepted = rematch(&b);
    let seat = accepted
        .rematch
        .expect("the accepter's seat in the rematch");
    let (new_id, south_new) = (seat.id.clone(), seat.token.clone());
    assert_ne!(new_id, id);
    let old = accepted.state.online.unwrap();
    assert_eq!(old.status, Status::Over);
    assert_eq!(old.rematch_id.as_deref(), Some(new_id.as_str()));
    let new = seat.state.online.unwrap();
    assert_eq!(new.you, Some(Side::North), "Ama plays North now");
    assert_eq!(new.status, Status::Playing);
    assert_eq!(new.seats.south.name, "Kofi");
    assert_eq!(new.clock.unwrap().increment_ms, 5000);
    assert_eq!(
        api.state(&id).await["online"]["rematch_id"],
        new_id.as_str()
    );
    // The offerer takes the seat with the old token; a stranger cannot.
    let (st, b) = api
        .post(
            &format!("/api/games/{new_id}/seat"),
            Some("feedfacefeedface"),
            None,
        )
        .await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "not-your-seat");
    let (st, b) = api
        .post(&format!("/api/games/{new_id}/seat"), Some(&north), None)
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["state"]["online"]["you"], "S");
    let north_new = b["token"].as_str().unwrap().to_string();
    assert_ne!(north_new, south_new);
    // Kofi (South now) starts.
    assert_eq!(api.play(&new_id, &north_new, "C").await.0, StatusCode::OK);
    // Offering again once it is made answers the seat in it (a second tab, a late click).
    let (st, b) = act(&api, &id, "rematch", &north, json!({"action": "offer"})).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let again = rematch(&b).rematch.expect("the seat again");
    assert_eq!((again.id, again.token), (new_id.clone(), north_new.clone()));
    let (st, b) = act(&api, &id, "rematch", &north, json!({"action": "withdraw"})).await;
    assert_error(st, &b, StatusCode::CONFLICT, "rematch-made");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_rematch_counts_as_a_creation_so_chains_meet_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let online = OnlineConfig {
        create_limit: 3,
        ..test_online()
    };
    let s = server(&dir.path().join("games.sqlite"), online).await;
    let api = Api::new(&s);
    // One client plays both seats: join its own challenge, abort, rematch, accept, again.
    let (id, south, north) = online_game(&api, &api, Value::Null).await;
    let (mut id, mut tokens) = (id, [south, north]);
    for round in 0.. {
        let (st, b) = act(&api, &id, "abort", &tokens[0], json!({})).await;
        assert_eq!(st, StatusCode::OK, "{b}");
        let (st, b) = act(&api, &id, "rematch", &tokens[0], json!({"action": "offer"})).await;
        assert_eq!(st, StatusCode::OK, "{b}");
        let (st, b) = act(
            &api,
            &id,
            "rematch",
            &tokens[1],
            json!({"action": "accept"}),
        )
        .await;
        if round == 2 {
            // The challenge and two rematches were this address's three creations.
            assert_error(st, &b, StatusCode::TOO_MANY_REQUESTS, "too-many-games");
            let after = api.state(&id).await;
            assert_eq!(
                after["online"]["rematch_id"],
                Value::Null,
                "nothing was made"
            );
            break;
        }
        assert_eq!(st, StatusCode::OK, "{b}");
        let seat = rematch(&b).rematch.expect("a seat in the rematch");
        let (next, accepter) = (seat.id, seat.token);
        let offerer = api
            .post(&format!("/api/games/{next}/seat"), Some(&tokens[0]), None)
            .await
            .1["token"]
            .as_str()
            .unwrap()
            .to_string();
        // Whoever is South in the new game aborts next.
        let south_is_accepter = seat.state.online.unwrap().you == Some(Side::South);
        tokens = if south_is_accepter {
            [accepter, offerer]
        } else {
            [offerer, accepter]
        };
        id = next;
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn racing_rematch_accepts_make_one_game_and_leave_no_orphan() {
    // Two instances on PostgreSQL; on SQLite two requests to the one server.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let a = server(&db, test_online()).await;
    let b = if common::postgres() {
        Some(server(&db, test_online()).await)
    } else {
        None
    };
    let api_a = Api::new(&a);
    let api_b = Api::new(b.as_ref().unwrap_or(&a));
    let games = |h: Value| h["games"].as_u64().unwrap();
    for _ in 0..10 {
        let (id, south, north) = online_game(&api_a, &api_b, Value::Null).await;
        act(&api_a, &id, "resign", &south, json!({})).await;
        let (st, _) = act(&api_a, &id, "rematch", &south, json!({"action": "offer"})).await;
        assert_eq!(st, StatusCode::OK);
        let before = games(api_a.get("/api/health").await.1);
        let body = json!({"action": "accept"});
        let ((s1, r1), (s2, r2)) = tokio::join!(
            act(&api_a, &id, "rematch", &north, body.clone()),
            act(&api_b, &id, "rematch", &north, body.clone())
        );
        assert_eq!((s1, s2), (StatusCode::OK, StatusCode::OK), "{r1} {r2}");
        let (r1, r2) = (rematch(&r1).rematch.unwrap(), rematch(&r2).rematch.unwrap());
        assert_eq!(r1.id, r2.id, "both answers name the one rematch");
        assert_eq!(r1.token, r2.token);
        assert_eq!(
            games(api_a.get("/api/health").await.1),
            before + 1,
            "one new game"
        );
        let linked = api_b.state(&id).await["online"]["rematch_id"].clone();
        assert_eq!(linked, r1.id.as_str());
    }
    if let Some(b) = b {
        b.shutdown().await.unwrap();
    }
    a.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_challenge_leaves_the_lobby_when_its_creator_leaves_and_returns_with_them() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let grace = Duration::from_secs(30);
    let online = OnlineConfig {
        lobby_grace: grace,
        ..test_online()
    };
    let s = server_on(&dir.path().join("games.sqlite"), online, &clock).await;
    let api = Api::new(&s);
    let mut lobby = LobbyWatch::open(&api).await;
    assert_eq!(lobby.next().await["challenges"], json!([]));

    // A challenge whose creator never opens the game's page is listed for the grace, then not.
    let (never, _, _) = api
        .new_game(json!({"opponent": "online", "lobby": true, "name": "Kofi"}))
        .await;
    let listed = lobby.until(|v| v["challenges"][0]["id"] == never.as_str());
    listed.await;
    clock.advance(grace + Duration::from_secs(1));
    lobby.until(|v| v["challenges"] == json!([])).await;
    assert_eq!(api.get("/api/lobby").await.1["challenges"], json!([]));

    // A creator who keeps the page open keeps the challenge listed past the grace.
    let (id, token, _) = api
        .new_game(json!({"opponent": "online", "lobby": true, "name": "Esi"}))
        .await;
    lobby
        .until(|v| v["challenges"][0]["id"] == id.as_str())
        .await;
    let (st, b) = api
        .post(&format!("/api/games/{id}/presence"), Some(&token), None)
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let key = b["key"].as_str().unwrap().to_string();
    let page = Events::open_path(&api, &format!("/api/games/{id}/events?presence={key}")).await;
    // A later challenge, created half a grace later and then left: its removal comes after
    // the first one's grace has run out with its creator present.
    clock.advance(grace / 2);
    let (_, other) = api
        .create(json!({"opponent": "online", "lobby": true, "name": "Yaw"}))
        .await;
    let (other, _) = ids(&other);
    lobby
        .until(|v| v["challenges"].as_array().unwrap().len() == 2)
        .await;
    clock.advance(grace / 2 + Duration::from_secs(1));
    clock.advance(grace / 2);
    let left = lobby
        .until(|v| v["challenges"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(left["challenges"][0]["id"], id.as_str(), "{left}");
    assert_ne!(left["challenges"][0]["id"], other.as_str());

    // The creator closes the page: the challenge leaves the lobby once the grace has passed
    // (from the moment the server saw the page go, which a spectator's stream shows).
    let mut watch = Events::open(&api, &id).await;
    drop(page);
    watch
        .until("update", |v| {
            let seats = &v["state"]["online"]["seats"];
            seats["S"]["connected"] == false && seats["N"]["connected"] == false
        })
        .await;
    clock.advance(grace - Duration::from_secs(1));
    assert_eq!(
        api.get("/api/lobby").await.1["challenges"][0]["id"],
        id.as_str(),
        "listed for the grace"
    );
    clock.advance(Duration::from_secs(2));
    lobby.until(|v| v["challenges"] == json!([])).await;
    // The game itself stays open: the invite link still works, and coming back relists it.
    assert_eq!(api.state(&id).await["online"]["status"], "open");
    let (_, b) = api
        .post(&format!("/api/games/{id}/presence"), Some(&token), None)
        .await;
    let key = b["key"].as_str().unwrap().to_string();
    let _page = Events::open_path(&api, &format!("/api/games/{id}/events?presence={key}")).await;
    lobby
        .until(|v| v["challenges"][0]["id"] == id.as_str())
        .await;
    s.shutdown().await.unwrap();
}

/// Joins an `update` event's state to `held` (the protocol's join), checking that it carries
/// only the end of the record: the positions from the ply the watchers hold on, not the game.
fn joined(held: &StateView, event: &Value) -> StateView {
    let tail: StateView = serde_json::from_value(event["state"].clone()).unwrap();
    let since = tail
        .since
        .expect("an update after the first carries the record's end");
    assert!(
        tail.history.len() <= 2 && tail.ogn.is_empty(),
        "at most the position before the move and after it, no OGN: {event}"
    );
    assert!(
        since <= tail.ply && since + tail.moves.len() == tail.ply,
        "{event}"
    );
    tail.completed(held).unwrap_or_else(|| {
        panic!(
            "the update joins the state held at ply {}: {event}",
            held.ply
        )
    })
}

#[tokio::test]
async fn updates_carry_the_records_end_and_joined_make_the_whole_state() {
    let dir = tempfile::tempdir().unwrap();
    let s = server(&dir.path().join("games.sqlite"), test_online()).await;
    let api = Api::new(&s);
    let (id, south, north) = online_game(&api, &api, json!({"initial_s": 600})).await;
    let mut events = Events::open(&api, &id).await;
    let first = events.until("update", |_| true).await;
    assert_eq!(first["cause"], "connect");
    let mut held: StateView = serde_json::from_value(first["state"].clone()).unwrap();
    assert_eq!(held.since, None, "the stream's first state is whole");
    assert!(!held.ogn.is_empty());
    let same_as_stored = |held: &StateView, stored: &Value| {
        let stored: StateView = serde_json::from_value(stored.clone()).unwrap();
        assert_eq!(held.version, stored.version);
        assert_eq!(held.ply, stored.ply);
        assert_eq!(held.history, stored.history);
        assert_eq!(held.moves, stored.moves);
        assert_eq!(held.position, stored.position);
        assert_eq!(held.pits_info, stored.pits_info);
    };
    let seats = [&south, &north];
    // The last legal pit of the side to move, as the server says.
    let legal = |held: &StateView| {
        let p = held.pits_info.iter().rev().find(|p| p.legal).unwrap();
        p.letter.to_string()
    };
    // Ten moves, a takeback of two, two more moves and a draw offer that changes no position.
    for i in 0..10 {
        let (st, b) = api.play(&id, seats[i % 2], &legal(&held)).await;
        assert_eq!(st, StatusCode::OK, "{b}");
        let update = events.until("update", |v| v["cause"] == "move").await;
        held = joined(&held, &update);
        assert_eq!(held.ply, i + 1);
        same_as_stored(&held, &api.state(&id).await);
    }
    act(&api, &id, "takeback", &south, json!({"action": "offer"})).await;
    held = joined(&held, &events.until("update", |_| true).await);
    let (st, b) = act(&api, &id, "takeback", &north, json!({"action": "accept"})).await;
    assert_eq!(st, StatusCode::OK, "{b}");
    held = joined(
        &held,
        &events.until("update", |v| v["state"]["ply"] == 8).await,
    );
    same_as_stored(&held, &api.state(&id).await);
    for i in 0..2 {
        api.play(&id, seats[i % 2], &legal(&held)).await;
        held = joined(
            &held,
            &events.until("update", |v| v["cause"] == "move").await,
        );
    }
    act(&api, &id, "draw", &north, json!({"action": "offer"})).await;
    held = joined(&held, &events.until("update", |_| true).await);
    assert_eq!(held.online.as_ref().unwrap().draw_offer, Some(Side::North));
    same_as_stored(&held, &api.state(&id).await);
    assert_eq!(held.moves.len(), 10);

    // The mover's answer, when asked, carries what follows the ply the mover holds.
    let (st, b) = api
        .post(
            &format!("/api/games/{id}/moves"),
            Some(&south),
            Some(json!({ "move": legal(&held), "since": held.ply })),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let answered = joined(&held, &b);
    same_as_stored(&answered, &api.state(&id).await);
    // A client that missed an update cannot join the next one, and is told so.
    let skipped = events.until("update", |v| v["cause"] == "move").await;
    api.play(&id, &north, &legal(&answered)).await;
    let next = events.until("update", |v| v["cause"] == "move").await;
    let tail: StateView = serde_json::from_value(next["state"].clone()).unwrap();
    assert_eq!(tail.completed(&held), None, "{skipped}");
    s.shutdown().await.unwrap();
}
