//! Oware as a social game (issue 30) through the JSON API: ending a cycle by agreement (online,
//! against the computer, two people on one device) and the chat of online games (the players'
//! room, the spectators' room, advice, limits, bad input). Both backends, as every API test
//! (`OWARE_TEST_BACKEND=postgres`).

mod common;

use std::path::Path;
use std::time::Duration;

use common::{assert_error, ids, online_game, Api, Events};
use oware_protocol::{ChatLog, ChatMessage, StateView};
use oware_server::{start, ManualClock, OnlineConfig, Server, ServerConfig};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn test_online() -> OnlineConfig {
    OnlineConfig {
        min_initial_s: 1,
        create_limit: 1000,
        ..OnlineConfig::default()
    }
}

async fn server_on(db: &Path, clock: &ManualClock) -> Server {
    let config = ServerConfig {
        clock: clock.shared(),
        ..common::online_config(db, test_online()).await
    };
    start(&config).await.expect("server starts")
}

/// A test server on a fresh database, its time a manual clock: the folder, the clock, the
/// server and a client of it.
async fn fresh() -> (tempfile::TempDir, ManualClock, Server, Api) {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = server_on(&dir.path().join("games.sqlite"), &clock).await;
    let api = Api::new(&s);
    (dir, clock, s, api)
}

fn state(v: &Value) -> StateView {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("not a state ({e}): {v}"))
}

async fn cycle(api: &Api, id: &str, token: &str, action: &str) -> (StatusCode, Value) {
    api.post(
        &format!("/api/games/{id}/cycle"),
        Some(token),
        Some(json!({ "action": action })),
    )
    .await
}

/// The final scores equal the seeds on each row plus the stores of `before` (the position the
/// agreement ended).
fn assert_split(before: &StateView, after: &StateView) {
    let p = &before.position;
    let south: u32 = p.pits[..6].iter().map(|&n| u32::from(n)).sum();
    let north: u32 = p.pits[6..].iter().map(|&n| u32::from(n)).sum();
    let o = after.outcome.as_ref().expect("an outcome");
    assert_eq!(o.reason.name(), "agreed-cycle");
    assert_eq!(o.scores.south, f64::from(south + u32::from(p.stores.south)));
    assert_eq!(o.scores.north, f64::from(north + u32::from(p.stores.north)));
}

#[tokio::test]
async fn online_cycle_agreement_is_proposed_declined_lapses_and_ends_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let clock = ManualClock::starting_now();
    let s = server_on(&db, &clock).await;
    let api = Api::new(&s);
    let (id, south, north) = online_game(&api, &api, Value::Null).await;
    let mut watch = Events::open(&api, &id).await;
    for (token, mv) in [(&south, "F"), (&north, "c"), (&south, "A"), (&north, "f")] {
        let (st, b) = api.play(&id, token, mv).await;
        assert_eq!(st, StatusCode::OK, "{b}");
    }

    // Proposed by South, declined by North.
    let (st, b) = cycle(&api, &id, &south, "offer").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["online"]["cycle_offer"], "S");
    let ev = watch.until("update", |v| v["cause"] == "cycle").await;
    assert_eq!(ev["state"]["online"]["cycle_offer"], "S");
    let (st, b) = cycle(&api, &id, &south, "offer").await;
    assert_error(st, &b, StatusCode::CONFLICT, "already-offered");
    let (st, b) = cycle(&api, &id, &south, "accept").await;
    assert_error(st, &b, StatusCode::CONFLICT, "no-offer");
    let (st, b) = cycle(&api, &id, &north, "decline").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["online"]["cycle_offer"], Value::Null);
    assert_eq!(b["online"]["status"], "playing");
    // A declined proposal waits before it is made again.
    let (st, b) = cycle(&api, &id, &south, "offer").await;
    assert_error(st, &b, StatusCode::TOO_MANY_REQUESTS, "offer-too-soon");
    let (st, b) = api
        .post(
            &format!("/api/games/{id}/cycle"),
            Some(&south),
            Some(json!({ "action": "sideways" })),
        )
        .await;
    common::assert_bad_word(st, &b, "action");
    let (st, _) = cycle(&api, &id, "not-a-seat", "offer").await;
    assert_eq!(st, StatusCode::FORBIDDEN);

    // North proposes; South moves instead: the proposal lapses.
    let (st, b) = cycle(&api, &id, &north, "offer").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["online"]["cycle_offer"], "N");
    let (st, b) = api.play(&id, &south, "B").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_eq!(b["state"]["online"]["cycle_offer"], Value::Null);
    let (st, b) = cycle(&api, &id, &south, "accept").await;
    assert_error(st, &b, StatusCode::CONFLICT, "no-offer");

    // North proposes again (its proposal lapsed, it was not declined) and South accepts.
    let (st, b) = cycle(&api, &id, &north, "offer").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let before = state(&api.state(&id).await);
    let (st, b) = cycle(&api, &id, &south, "accept").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let after = state(&b);
    assert_split(&before, &after);
    let online = after.online.as_ref().unwrap();
    assert_eq!(online.status.name(), "over");
    assert_eq!(online.end.map(|e| e.name()), Some("agreed-cycle"));
    assert_eq!(online.cycle_offer, None);
    assert!(
        after.pits_info.iter().all(|p| !p.legal),
        "no move after the end"
    );
    assert!(
        after.ogn.contains("[Termination \"agreed-cycle\"]"),
        "{}",
        after.ogn
    );
    let o = after.outcome.as_ref().unwrap();
    let result = format!("[Result \"{}-{}\"]", o.scores.south, o.scores.north);
    assert!(after.ogn.contains(&result), "{result} in {}", after.ogn);
    let ev = watch
        .until("update", |v| v["state"]["online"]["status"] == "over")
        .await;
    assert_eq!(ev["state"]["outcome"]["reason"], "agreed-cycle");
    let (st, b) = api.play(&id, &north, "a").await;
    assert_error(st, &b, StatusCode::CONFLICT, "game-over");
    let (st, b) = cycle(&api, &id, &north, "offer").await;
    assert_error(st, &b, StatusCode::CONFLICT, "game-over");
    let (_, ogn) = (
        (),
        api.client
            .get(format!("{}/api/games/{id}/ogn", api.base))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
    );
    assert!(ogn.contains("agreed-cycle"), "{ogn}");

    // The end is stored with the game: a restarted server shows it alike.
    drop(watch);
    s.shutdown().await.unwrap();
    let s = server_on(&db, &clock).await;
    let api = Api::new(&s);
    let again = state(&api.state(&id).await);
    assert_eq!(again.outcome, after.outcome);
    assert_eq!(
        again.online.as_ref().unwrap().end.map(|e| e.name()),
        Some("agreed-cycle")
    );
    assert_eq!(again.ogn, after.ogn);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_cycle_is_agreed_only_while_both_rows_hold_seeds() {
    let (_dir, _clock, s, api) = fresh().await;
    // Two people on one device, North's row empty: refused, nothing changes.
    let ogn = "[FEN \"0-0-0-0-3-4-0-0-0-0-0-0-20-21-S\"]\n*";
    let (id, token, created) = api
        .new_game(json!({ "opponent": "friend", "ogn": ogn }))
        .await;
    let (st, b) = cycle(&api, &id, &token, "accept").await;
    assert_error(st, &b, StatusCode::CONFLICT, "cannot-agree-cycle");
    assert!(
        b["error"]
            .as_str()
            .unwrap()
            .contains("both rows hold seeds"),
        "{b}"
    );
    let now = state(&api.state(&id).await);
    assert!(now.outcome.is_none());
    assert_eq!(now.version, state(&created["state"]).version);

    // Both rows hold seeds: the page asked the other player, the game ends.
    let ogn = "[FEN \"0-0-0-0-3-4-1-0-2-0-0-0-18-20-S\"]\n*";
    let (id, token, created) = api
        .new_game(json!({ "opponent": "friend", "ogn": ogn }))
        .await;
    let before = state(&created["state"]);
    let (st, b) = cycle(&api, &id, &token, "accept").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_split(&before, &state(&b));
    assert_eq!(b["outcome"]["scores"], json!({"S": 25.0, "N": 23.0}));
    assert_eq!(b["outcome"]["winner"], "S");
    let (st, _) = cycle(&api, &id, "wrong", "accept").await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, b) = cycle(&api, &id, &token, "accept").await;
    assert_error(st, &b, StatusCode::CONFLICT, "cannot-agree-cycle");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_computer_answers_a_proposal_honestly() {
    let (_dir, _clock, s, api) = fresh().await;
    // The split would give South 25 and the computer (North) 23; playing on, North's F
    // captures 4 after South's only move (a 24-24 draw at worst): it declines, once per
    // position.
    let ogn = "[FEN \"2-0-0-0-0-0-0-0-0-0-0-3-23-20-S\"]\n*";
    let (id, token, _) = api
        .new_game(json!({ "opponent": "easy", "human": "S", "ogn": ogn }))
        .await;
    let (st, b) = cycle(&api, &id, &token, "offer").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert!(b["outcome"].is_null(), "declined: {b}");
    let (st, b) = cycle(&api, &id, &token, "offer").await;
    assert_error(st, &b, StatusCode::CONFLICT, "cycle-declined");
    let (st, b) = cycle(&api, &id, &token, "accept").await;
    assert_error(st, &b, StatusCode::CONFLICT, "no-offer");

    // A split that wins the game for the computer (North: 24 + 2 seeds) is accepted.
    let ogn = "[FEN \"1-0-0-0-0-0-2-0-0-0-0-0-21-24-S\"]\n*";
    let (id, token, created) = api
        .new_game(json!({ "opponent": "easy", "human": "S", "ogn": ogn }))
        .await;
    let before = state(&created["state"]);
    let (st, b) = cycle(&api, &id, &token, "offer").await;
    assert_eq!(st, StatusCode::OK, "{b}");
    assert_split(&before, &state(&b));
    assert_eq!(b["outcome"]["winner"], "N");
    assert!(b["ogn"].as_str().unwrap().contains("agreed-cycle"), "{b}");
    s.shutdown().await.unwrap();
}

async fn chat(api: &Api, id: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    api.post(&format!("/api/games/{id}/chat"), token, Some(body))
        .await
}

async fn chat_log(api: &Api, id: &str, token: Option<&str>) -> Vec<ChatMessage> {
    let resp = api
        .client
        .get(format!("{}/api/games/{id}/chat", api.base))
        .header("x-seat-token", token.unwrap_or(""))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let log: ChatLog = resp.json().await.unwrap();
    log.messages
}

/// A player's event stream (with the seat's presence key).
async fn player_events(api: &Api, id: &str, token: &str) -> Events {
    let (st, b) = api
        .post(&format!("/api/games/{id}/presence"), Some(token), None)
        .await;
    assert_eq!(st, StatusCode::OK, "{b}");
    let key = b["key"].as_str().unwrap();
    Events::open_path(api, &format!("/api/games/{id}/events?presence={key}")).await
}

#[tokio::test]
async fn players_chat_and_spectators_have_their_own_room() {
    let (_dir, clock, s, api) = fresh().await;
    let (id, south, north) = online_game(&api, &api, Value::Null).await;
    let mut north_events = player_events(&api, &id, &north).await;
    let mut spectator = Events::open(&api, &id).await;

    let (st, m) = chat(
        &api,
        &id,
        Some(&south),
        json!({ "text": "  Good luck! <b>hi</b> " }),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{m}");
    assert_eq!(m["room"], "players");
    assert_eq!(m["name"], "Ama");
    assert_eq!(m["side"], "S");
    assert_eq!(m["text"], "Good luck! <b>hi</b>");
    assert_eq!(m["seq"], 1);
    let ev = north_events.until("chat", |_| true).await;
    assert_eq!(ev, m);
    assert_eq!(
        spectator.until("chat", |_| true).await,
        m,
        "spectators read the players"
    );

    // A spectator writes in the spectators' room under the name given.
    let (st, m2) = chat(
        &api,
        &id,
        None,
        json!({ "text": "Take the seeds in E!", "name": "Yaw" }),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{m2}");
    assert_eq!(m2["room"], "spectators");
    assert_eq!(m2["name"], "Yaw");
    assert_eq!(m2["side"], Value::Null);
    assert_eq!(spectator.until("chat", |_| true).await, m2);
    // ... which the players never see in a game not open to advice: the next chat event on
    // North's stream is South's next message.
    let (st, m3) = chat(
        &api,
        &id,
        Some(&north),
        json!({ "text": "Thanks", "room": "players" }),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{m3}");
    assert_eq!(north_events.until("chat", |_| true).await, m3);
    let log: Vec<String> = chat_log(&api, &id, Some(&south))
        .await
        .into_iter()
        .map(|m| m.text)
        .collect();
    assert_eq!(log, ["Good luck! <b>hi</b>", "Thanks"]);
    let log = chat_log(&api, &id, None).await;
    assert_eq!(log.len(), 3, "a spectator reads both rooms");
    assert_eq!(log[1].name, "Yaw");

    // Bad input: a clear error, nothing kept.
    let (st, b) = chat(
        &api,
        &id,
        None,
        json!({ "text": "me too", "room": "players" }),
    )
    .await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "players-room");
    let (st, b) = chat(
        &api,
        &id,
        Some(&south),
        json!({ "text": "x", "room": "spectators" }),
    )
    .await;
    assert_error(st, &b, StatusCode::FORBIDDEN, "spectators-room");
    let (st, b) = chat(&api, &id, Some(&south), json!({ "text": "   " })).await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "empty-message");
    let (st, b) = chat(&api, &id, Some(&south), json!({ "text": "x".repeat(141) })).await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "message-too-long");
    assert!(b["error"].as_str().unwrap().contains("140"), "{b}");
    let (st, b) = chat(
        &api,
        &id,
        Some(&south),
        json!({ "text": "left\u{202E}right" }),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "bad-characters");
    let (st, b) = chat(&api, &id, Some(&south), json!({ "text": "two\nlines" })).await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "bad-characters");
    let (st, b) = chat(
        &api,
        &id,
        Some(&south),
        json!({ "text": "hi", "room": "lobby" }),
    )
    .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "bad-room");
    let (st, _) = chat(
        &api,
        &id,
        Some(&south),
        json!({ "text": "hi", "colour": "red" }),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        chat(&api, &id, Some(&south), json!({ "text": "x".repeat(140) }))
            .await
            .0
            .is_success()
    );
    assert_eq!(chat_log(&api, &id, None).await.len(), 4);

    // Five messages in ten seconds per person, on the server's clock.
    for i in 0..3 {
        let (st, b) = chat(&api, &id, Some(&south), json!({ "text": format!("m{i}") })).await;
        assert_eq!(st, StatusCode::CREATED, "{b}");
    }
    let (st, b) = chat(&api, &id, Some(&south), json!({ "text": "one too many" })).await;
    assert_error(st, &b, StatusCode::TOO_MANY_REQUESTS, "chat-too-fast");
    assert!(b["error"].as_str().unwrap().contains("too fast"), "{b}");
    assert!(chat(&api, &id, Some(&north), json!({ "text": "my turn" }))
        .await
        .0
        .is_success());
    clock.advance(Duration::from_secs(10));
    assert!(chat(&api, &id, Some(&south), json!({ "text": "back" }))
        .await
        .0
        .is_success());
    let log = chat_log(&api, &id, None).await;
    assert!(!log.iter().any(|m| m.text == "one too many"));
    assert_eq!(log.last().unwrap().text, "back");

    // Only online games have a chat.
    let (_, local) = api.create(json!({ "opponent": "friend" })).await;
    let (lid, ltoken) = ids(&local);
    let (st, b) = chat(&api, &lid, Some(&ltoken), json!({ "text": "hi" })).await;
    assert_error(st, &b, StatusCode::CONFLICT, "not-online");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_game_open_to_advice_shows_the_spectators_room_to_the_players() {
    let (_dir, _clock, s, api) = fresh().await;
    // Refused where it does not apply.
    let (st, b) = api
        .create(json!({ "opponent": "online", "rated": true, "advice": true, "clock": {"initial_s": 180, "increment_s": 2} }))
        .await;
    assert_error(st, &b, StatusCode::CONFLICT, "no-advice-in-rated-games");
    let (st, b) = api
        .create(json!({ "opponent": "friend", "advice": true }))
        .await;
    assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "not-applicable");

    let (id, south, created) = api
        .new_game(json!({ "opponent": "online", "color": "S", "name": "Ama", "advice": true }))
        .await;
    assert_eq!(created["state"]["online"]["advice"], true);
    let (st, joined) = api
        .post(
            &format!("/api/games/{id}/join"),
            None,
            Some(json!({ "name": "Kofi" })),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{joined}");
    let mut south_events = player_events(&api, &id, &south).await;
    let (st, m) = chat(&api, &id, None, json!({ "text": "Play E, Ama!" })).await;
    assert_eq!(st, StatusCode::CREATED, "{m}");
    assert_eq!(m["name"], "Spectator", "the default name");
    assert_eq!(south_events.until("chat", |_| true).await, m);
    let log = chat_log(&api, &id, Some(&south)).await;
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].text, "Play E, Ama!");
    s.shutdown().await.unwrap();
}

/// Waits until the computer has moved or proposed in game `id` (its reply runs in the
/// background).
async fn computer_done(api: &Api, id: &str) -> StateView {
    for _ in 0..200 {
        let st = state(&api.state(id).await);
        if st.cycle_offer.is_some() || !st.computer_to_move || st.outcome.is_some() {
            return st;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the computer neither moved nor proposed");
}

#[tokio::test]
async fn the_computer_proposes_when_a_cycle_is_all_that_is_left() {
    let (_dir, _clock, s, api) = fresh().await;
    // Two lone seeds chasing each other: nobody can ever capture.
    let ogn = "[FEN \"1-0-0-0-0-0-1-0-0-0-0-0-23-23-S\"]\n*";
    for answer in ["decline", "accept"] {
        let (id, token, _) = api
            .new_game(json!({ "opponent": "medium", "human": "S", "ogn": ogn }))
            .await;
        let mut events = Events::open(&api, &id).await;
        let (st, b) = api.play(&id, &token, "A").await;
        assert_eq!(st, StatusCode::OK, "{b}");
        let proposed = computer_done(&api, &id).await;
        assert_eq!(
            proposed.cycle_offer.map(|s| s.char()),
            Some('N'),
            "it proposes"
        );
        assert!(proposed.outcome.is_none() && !proposed.thinking);
        events
            .until("update", |v| v["state"]["cycle_offer"] == "N")
            .await;
        let (st, b) = cycle(&api, &id, &token, answer).await;
        assert_eq!(st, StatusCode::OK, "{b}");
        if answer == "accept" {
            assert_split(&proposed, &state(&b));
            assert_eq!(b["outcome"]["scores"], json!({"S": 24.0, "N": 24.0}));
        } else {
            // Declined: it moves instead and does not ask again before a capture.
            assert_eq!(b["cycle_offer"], Value::Null);
            let moved = computer_done(&api, &id).await;
            assert_eq!(moved.ply, 2, "it moved");
            assert_eq!(moved.cycle_offer, None);
            let (st, b) = cycle(&api, &id, &token, "accept").await;
            assert_error(st, &b, StatusCode::CONFLICT, "no-offer");
        }
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn chat_travels_between_instances() {
    // Two instances on PostgreSQL (the message posted on one reaches the streams held by the
    // other); on SQLite one server plays both parts.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let clock = ManualClock::starting_now();
    let a = server_on(&db, &clock).await;
    let b = if common::postgres() {
        Some(server_on(&db, &clock).await)
    } else {
        None
    };
    let api_a = Api::new(&a);
    let api_b = Api::new(b.as_ref().unwrap_or(&a));
    let (id, south, north) = online_game(&api_a, &api_b, Value::Null).await;
    let mut north_events = player_events(&api_b, &id, &north).await;
    let mut spectator = Events::open(&api_b, &id).await;
    let (st, m) = chat(
        &api_a,
        &id,
        Some(&south),
        json!({ "text": "Across the board" }),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{m}");
    assert_eq!(north_events.until("chat", |_| true).await, m);
    assert_eq!(spectator.until("chat", |_| true).await, m);
    // A spectator on instance A: instance B's spectator reads it, North (no advice) does not.
    let (st, s1) = chat(&api_a, &id, None, json!({ "text": "Nice", "name": "Yaw" })).await;
    assert_eq!(st, StatusCode::CREATED, "{s1}");
    assert_eq!(spectator.until("chat", |_| true).await, s1);
    let (_, m2) = chat(&api_a, &id, Some(&south), json!({ "text": "Your move" })).await;
    assert_eq!(north_events.until("chat", |_| true).await, m2);
    assert_eq!(chat_log(&api_b, &id, Some(&north)).await.len(), 2);
    assert_eq!(chat_log(&api_b, &id, None).await.len(), 3);
    drop((north_events, spectator));
    if let Some(b) = b {
        b.shutdown().await.unwrap();
    }
    a.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_guest_cannot_write_under_a_players_an_accounts_or_the_sites_name() {
    let (_dir, _clock, s, api) = fresh().await;
    let (id, _south, _north) = online_game(&api, &api, Value::Null).await;
    // An account watching writes under its name, marked as an account's.
    let mut efua = common::Browser::signed_up(&s, "Efua").await;
    let (st, m) = efua
        .post(&format!("/api/games/{id}/chat"), json!({ "text": "hello" }))
        .await;
    assert_eq!(st, StatusCode::CREATED, "{m}");
    assert_eq!(
        (m["name"].as_str(), m["account"].as_bool()),
        (Some("Efua"), Some(true))
    );
    // A guest may not pass for a seated player, an account or the site (any case, spelling).
    for (name, code) in [
        ("Ama", "name-taken"),
        ("KOFI", "name-taken"),
        ("A-m-a", "name-taken"),
        ("efua", "name-taken"),
        ("Expert", "reserved-name"),
        ("south", "reserved-name"),
        ("Computer (Easy)", "reserved-name"),
        ("admin", "reserved-name"),
    ] {
        let (st, b) = chat(&api, &id, None, json!({ "text": "hi", "name": name })).await;
        assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, code);
        assert!(b["error"].as_str().unwrap().contains("name"), "{b}");
    }
    // The default name and a name of one's own are fine, and marked as a guest's.
    let (st, m) = chat(
        &api,
        &id,
        None,
        json!({ "text": "hi", "name": "spectator" }),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{m}");
    assert_eq!(m["name"], "Spectator");
    let (st, m) = chat(&api, &id, None, json!({ "text": "hi", "name": "Yaw" })).await;
    assert_eq!(st, StatusCode::CREATED, "{m}");
    assert_eq!(
        (m["name"].as_str(), m["account"].as_bool()),
        (Some("Yaw"), Some(false))
    );
    let log = chat_log(&api, &id, None).await;
    assert_eq!(log.len(), 3, "the refused ones were not kept");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_sites_words_are_not_account_names() {
    let (_dir, _clock, s, _api) = fresh().await;
    for name in [
        "Spectator",
        "Easy",
        "Expert",
        "South",
        "north",
        "Computer",
        "Ex-pert",
    ] {
        let (st, b) = common::Browser::new(&s)
            .sign_up(name, common::PASSWORD)
            .await;
        assert_error(st, &b, StatusCode::UNPROCESSABLE_ENTITY, "bad-name");
    }
    s.shutdown().await.unwrap();
}
