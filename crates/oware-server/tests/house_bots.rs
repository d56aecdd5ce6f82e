//! House bots (`oware serve --house-bots`, `docs/bots.md`): the server plays the computer's
//! levels as bot accounts. A lone person in a pool gets one after the wait (never when they
//! opted out), it plays a whole rated game on its own, accepts challenges, and is listed as
//! online. The server's time is a [`ManualClock`] the tests move on; the bots' moves are real
//! engine searches.

mod common;

use std::time::Duration;

use common::bot::{token, Bot};
use common::{assert_error, Browser, PASSWORD};
use oware_engine::Level;
use oware_server::{HouseConfig, ManualClock, Server};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A server running the house bots of `levels` (a lone player waits 20 s), on its own database
/// and manual clock.
async fn house_server(levels: &[Level]) -> (tempfile::TempDir, ManualClock, Server) {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = house_instance(&dir.path().join("house.sqlite"), &clock, levels).await;
    (dir, clock, s)
}

/// A server running the house bots of `levels` on database `db` (on PostgreSQL, several may
/// share it) and `clock`.
async fn house_instance(db: &std::path::Path, clock: &ManualClock, levels: &[Level]) -> Server {
    let config = oware_server::ServerConfig {
        house: HouseConfig {
            levels: levels.to_vec(),
            ..HouseConfig::default()
        },
        ..common::clocked_config(db, clock).await
    };
    oware_server::start(&config).await.expect("server starts")
}

/// Joins `pool` from `b`, accepting a house bot or not.
async fn join(b: &mut Browser, pool: &str, bots: bool) -> Value {
    let (st, t) = b
        .post(&format!("/api/pool/{pool}"), json!({ "bots": bots }))
        .await;
    assert_eq!(st, StatusCode::CREATED, "{t}");
    t
}

/// Ticket `t` now (a pairing pass at the clock's time first; it renews the ticket).
async fn ticket(b: &mut Browser, t: &Value) -> Value {
    let (st, v) = b
        .get(&format!(
            "/api/pool/ticket/{}",
            t["ticket"].as_str().unwrap()
        ))
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    v
}

/// Plays game `id` as `name`, the holder of `token` (the first legal move each turn), until it
/// ends, waiting for the house bot's replies with the game's long poll; resigns after
/// `max_plies`.
async fn play_out(api: &common::Api, id: &str, name: &str, token: &str, max_plies: usize) -> Value {
    let mut state = api.state(id).await;
    let mut conflicts = 0;
    let me = if state["online"]["seats"]["S"]["name"] == name {
        "S"
    } else {
        "N"
    };
    loop {
        if state["online"]["status"] != "playing" {
            return state;
        }
        if state["ply"].as_u64().unwrap() as usize >= max_plies {
            let (st, v) = api.act(id, "resign", Some(token)).await;
            assert_eq!(st, StatusCode::OK, "{v}");
            return api.state(id).await;
        }
        if state["position"]["turn"] == me {
            let pit = state["pits_info"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["legal"] == true)
                .expect("a legal move while playing");
            let (st, v) = api.play(id, token, pit["letter"].as_str().unwrap()).await;
            if st == StatusCode::CONFLICT && v["code"] == "conflict" && conflicts < 3 {
                // The other instance wrote the game at the same moment (its answer says to
                // reload and try again, as the page does): read it again and play on.
                conflicts += 1;
                state = api.state(id).await;
                continue;
            }
            assert_eq!(st, StatusCode::OK, "{v}");
        }
        let version = state["version"].as_u64().unwrap();
        state = api.wait(id, version).await;
    }
}

#[tokio::test]
async fn house_bot_takes_a_lone_persons_pool_seat_after_20_s_and_plays_a_rated_game_to_the_end() {
    let (_dir, clock, s) = house_server(&[Level::Easy, Level::Medium]).await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let t = join(&mut ama, "3+2", true).await;
    assert_eq!(t["bots"], true, "{t}");
    assert!(t["paired"].is_null(), "{t}");
    clock.advance(Duration::from_millis(19_999));
    let t = ticket(&mut ama, &t).await;
    assert!(t["paired"].is_null(), "no bot before 20 s: {t}");
    clock.advance(Duration::from_millis(1));
    let t = ticket(&mut ama, &t).await;
    let id = t["paired"]["id"]
        .as_str()
        .expect("a bot after 20 s")
        .to_string();
    let seat_token = t["paired"]["token"].as_str().unwrap().to_string();
    let api = common::Api::new(&s);
    let state = api.state(&id).await;
    let online = &state["online"];
    assert_eq!(
        online["rated"], true,
        "an account against a house bot is rated"
    );
    assert_eq!(online["clock"]["initial_ms"], 180_000);
    let seats = [&online["seats"]["S"], &online["seats"]["N"]];
    let bot = seats.iter().find(|s| s["name"] != "Ama").unwrap();
    // Both house bots start at 1500: the weakest of the closest ratings sits in.
    assert_eq!(bot["name"], "HouseBot-Easy", "{state}");
    assert_eq!(bot["bot"], true, "{state}");

    let end = play_out(&api, &id, "Ama", &seat_token, 400).await;
    assert_eq!(end["online"]["status"], "over", "{end}");
    // The bot's profile shows the game and a rating that moved.
    let (st, profile) = api.get("/api/user/HouseBot-Easy").await;
    assert_eq!(st, StatusCode::OK, "{profile}");
    assert_eq!(profile["bot"], true, "{profile}");
    let text = profile.to_string();
    assert!(text.contains("blitz"), "a blitz rating: {profile}");
    let (st, games) = api.get("/api/user/HouseBot-Easy/games").await;
    assert_eq!(st, StatusCode::OK, "{games}");
    assert!(
        games.to_string().contains(&id),
        "its game is listed: {games}"
    );
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn house_bot_never_pairs_a_person_who_opted_out() {
    let (_dir, clock, s) = house_server(&[Level::Easy]).await;
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    let mut t = join(&mut kofi, "5+3", false).await;
    assert_eq!(t["bots"], false, "{t}");
    // Ten minutes in steps of 30 s (each look renews the ticket, as the page's stream does).
    for _ in 0..20 {
        clock.advance(Duration::from_secs(30));
        t = ticket(&mut kofi, &t).await;
        assert!(t["paired"].is_null(), "opted out, never a bot: {t}");
    }
    // A guest who accepts one gets it in the same pool meanwhile.
    let mut guest = Browser::new(&s);
    let g = join(&mut guest, "10+5", true).await;
    clock.advance(Duration::from_secs(20));
    let g = ticket(&mut guest, &g).await;
    assert!(g["paired"].is_object(), "{g}");
    let state = common::Api::new(&s)
        .state(g["paired"]["id"].as_str().unwrap())
        .await;
    assert_eq!(state["online"]["rated"], false, "a guest's game is casual");
    let t = ticket(&mut kofi, &t).await;
    assert!(t["paired"].is_null(), "{t}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn house_bot_accepts_a_challenge_and_is_listed_online_and_cannot_be_logged_into() {
    let (_dir, _clock, s) = house_server(&[Level::Easy]).await;
    let api = common::Api::new(&s);
    let (st, online) = api.get("/api/bot/online").await;
    assert_eq!(st, StatusCode::OK, "{online}");
    assert_eq!(online["pools"], true);
    assert_eq!(online["after_s"], 20);
    assert_eq!(online["bots"][0]["name"], "HouseBot-Easy", "{online}");
    assert_eq!(online["bots"][0]["house"], "easy", "{online}");

    // A person challenges it from the page; it accepts on its own and plays.
    let mut esi = Browser::signed_up(&s, "Esi").await;
    let program = Bot::new(&s, &token(&mut esi, &["challenge:read"]).await);
    let mut events = program.stream("/api/stream/event").await;
    let (st, c) = esi
        .post(
            "/api/challenge/HouseBot-Easy",
            json!({"rated": true, "clock": {"initial_s": 300, "increment_s": 3}, "side": "south"}),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{c}");
    let start = events.until("gameStart", |_| true).await;
    let id = start["game"]["id"].as_str().unwrap().to_string();
    assert_eq!(start["game"]["opponent"]["name"], "HouseBot-Easy");
    let (st, seat) = esi.post(&format!("/api/games/{id}/seat"), json!({})).await;
    assert_eq!(st, StatusCode::OK, "{seat}");
    let my_token = seat["token"].as_str().unwrap().to_string();
    let state = play_out(&api, &id, "Esi", &my_token, 6).await;
    assert!(
        state["ply"].as_u64().unwrap() >= 6,
        "the bot answered each move: {state}"
    );
    // A rematch is declined: a house bot plays the games it is paired into or challenged to.
    let version = state["version"].as_u64().unwrap();
    let (st, v) = api
        .post(
            &format!("/api/games/{id}/rematch"),
            Some(&my_token),
            Some(json!({"action": "offer"})),
        )
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let mut after = api.wait(&id, version).await;
    while after["online"]["rematch_offer"].is_string() {
        let v = after["version"].as_u64().unwrap();
        after = api.wait(&id, v).await;
    }
    assert!(after["online"]["rematch_id"].is_null(), "{after}");

    // Its account has no password, and no person may take a house bot's name.
    let mut someone = Browser::new(&s);
    let (st, body) = someone.log_in("HouseBot-Easy", PASSWORD).await;
    assert!(st.is_client_error(), "{st} {body}");
    let (st, body) = someone.sign_up("HouseBot-Hard", PASSWORD).await;
    assert_error(st, &body, StatusCode::UNPROCESSABLE_ENTITY, "bad-name");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn without_house_bots_nobody_sits_in_and_none_is_listed() {
    let (_dir, clock, s) = house_server(&[]).await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let mut t = join(&mut ama, "3+2", true).await;
    for _ in 0..4 {
        clock.advance(Duration::from_secs(30));
        t = ticket(&mut ama, &t).await;
    }
    assert!(t["paired"].is_null(), "{t}");
    let (st, online) = common::Api::new(&s).get("/api/bot/online").await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(online, json!({"bots": [], "pools": false, "after_s": 20}));
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn house_bot_on_two_instances_plays_a_person_on_the_other_each_move_once() {
    // On PostgreSQL two instances share the database and both run the house bots: the person
    // waits on B, the pairing and the bot's moves may happen on either; on SQLite one server
    // plays both parts.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let clock = ManualClock::starting_now();
    let a = house_instance(&db, &clock, &[Level::Easy]).await;
    let b = if common::postgres() {
        Some(house_instance(&db, &clock, &[Level::Easy]).await)
    } else {
        None
    };
    let on_b = b.as_ref().unwrap_or(&a);
    let mut kwame = Browser::signed_up(on_b, "Kwame").await;
    let t = join(&mut kwame, "15+10", true).await;
    clock.advance(Duration::from_secs(20));
    // The instance whose pass holds the pairing claim pairs it: the ticket's long poll (a
    // second at a time, a minute at most) waits for that.
    let mut t = ticket(&mut kwame, &t).await;
    for _ in 0..60 {
        if t["paired"].is_object() {
            break;
        }
        let path = format!(
            "/api/pool/ticket/{}?wait_ms=1000",
            t["ticket"].as_str().unwrap()
        );
        let (st, v) = kwame.get(&path).await;
        assert_eq!(st, StatusCode::OK, "{v}");
        t = v;
    }
    let id = t["paired"]["id"].as_str().expect("a house bot").to_string();
    let token = t["paired"]["token"].as_str().unwrap().to_string();
    let api = common::Api::new(on_b);
    let end = play_out(&api, &id, "Kwame", &token, 40).await;
    assert_eq!(end["online"]["status"], "over", "{end}");
    // Every move is in the record once and legal (the record replays), whoever played it.
    let (st, ogn) = api.text(&format!("/api/games/{id}/ogn")).await;
    assert_eq!(st, StatusCode::OK, "{ogn}");
    assert!(ogn.contains("Kwame"), "{ogn}");
    let plies = end["ply"].as_u64().unwrap();
    if end["online"]["end"] == "resign" {
        assert!(plies >= 40, "the bot answered every move: {plies} plies");
    }
    let state_a = common::Api::new(&a).state(&id).await;
    assert_eq!(state_a["ply"], end["ply"], "both instances see one game");
    if let Some(b) = b {
        b.shutdown().await.unwrap();
    }
    a.shutdown().await.unwrap();
}
