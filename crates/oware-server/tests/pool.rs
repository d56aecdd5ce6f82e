//! Quick pairing, correspondence clocks and rating ranges through the JSON API: the real
//! server on a loopback port (SQLite, or PostgreSQL with `OWARE_TEST_BACKEND=postgres`, see
//! `common`), its time a [`ManualClock`] the tests move on: the pool's range widens and a
//! correspondence flag falls without sleeping.

mod common;

use std::time::Duration;

use common::{assert_error, Browser};
use oware_server::ManualClock;
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The pools' part of a browser.
trait Pools {
    async fn join(&mut self, pool: &str) -> Value;
    async fn join_as(&mut self, pool: &str, name: &str) -> Value;
    async fn ticket(&mut self, t: &Value) -> Value;
}

impl Pools for Browser {
    /// Joins `pool`: the ticket.
    async fn join(&mut self, pool: &str) -> Value {
        self.join_as(pool, "").await
    }

    /// Joins `pool` as a guest named `name` (an account plays under its own).
    async fn join_as(&mut self, pool: &str, name: &str) -> Value {
        let (st, t) = self
            .post(&format!("/api/pool/{pool}"), json!({ "name": name }))
            .await;
        assert_eq!(st, StatusCode::CREATED, "{t}");
        t
    }

    /// The ticket `t` now (a pairing pass at the clock's time first).
    async fn ticket(&mut self, t: &Value) -> Value {
        let (st, v) = self
            .get(&format!(
                "/api/pool/ticket/{}",
                t["ticket"].as_str().unwrap()
            ))
            .await;
        assert_eq!(st, StatusCode::OK, "{v}");
        v
    }
}

/// The game id and seat token of a paired ticket.
fn pairing(t: &Value) -> (String, String) {
    let p = &t["paired"];
    assert!(p.is_object(), "paired: {t}");
    (
        p["id"].as_str().unwrap().to_string(),
        p["token"].as_str().unwrap().to_string(),
    )
}

#[tokio::test]
async fn two_guests_in_one_pool_are_paired_at_once_and_the_waiting_one_learns_it_on_its_stream() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = common::clocked_server(&dir.path().join("g.sqlite"), &clock).await;
    let (mut a, mut b) = (Browser::new(&s), Browser::new(&s));
    let ta = a.join_as("3+2", "Ama").await;
    assert_eq!(ta["name"], "Ama");
    assert!(ta["paired"].is_null(), "{ta}");
    assert_eq!(ta["range"], Value::Null, "a guest has no range: {ta}");
    let api = common::Api::new(&s);
    let mut events = common::Events::open_path(
        &api,
        &format!("/api/pool/ticket/{}/events", ta["ticket"].as_str().unwrap()),
    )
    .await;
    assert_eq!(events.next().await.0, "ticket");
    let tb = b.join_as("3+2", "Kofi").await;
    let (id, token_b) = pairing(&tb);
    let paired = events.until("paired", |_| true).await;
    let (id_a, token_a) = pairing(&paired);
    assert_eq!(id_a, id);
    assert_ne!(token_a, token_b);
    let (st, state) = a.get(&format!("/api/games/{id}")).await;
    assert_eq!(st, StatusCode::OK);
    let online = &state["online"];
    assert_eq!(online["status"], "playing", "{state}");
    assert_eq!(online["rated"], false, "guests play casual games");
    assert_eq!(online["clock"]["initial_ms"], 180_000);
    assert_eq!(online["clock"]["increment_ms"], 2_000);
    // The seat tokens are the players': South (whoever it is) moves with theirs.
    let south = if online["seats"]["S"]["name"] == ta["name"] {
        &token_a
    } else {
        &token_b
    };
    let (st, v) = api.play(&id, south, "C").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn pairing_oneself_costs_created_games_and_unplayed_pairings_are_aborted() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let online = oware_server::OnlineConfig {
        create_limit: 6,
        ..oware_server::OnlineConfig::default()
    };
    let config = oware_server::ServerConfig {
        clock: clock.shared(),
        ..common::online_config(&dir.path().join("self.sqlite"), online).await
    };
    let s = oware_server::start(&config).await.unwrap();
    // One address pairs its two guest tickets with each other, again and again: each ticket
    // counts as a game created, so three games use up its six.
    let (mut a, mut b) = (Browser::new(&s), Browser::new(&s));
    let mut games = Vec::new();
    for _ in 0..3 {
        a.join("3+2").await;
        let t = b.join("3+2").await;
        games.push(pairing(&t).0);
    }
    let (st, v) = a.post("/api/pool/3+2", json!({})).await;
    assert_error(st, &v, StatusCode::TOO_MANY_REQUESTS, "too-many-games");
    // Nobody moves: each game is aborted once its first move is late, with no result.
    for id in &games {
        let (_, state) = a.get(&format!("/api/games/{id}")).await;
        assert_eq!(state["online"]["status"], "playing", "{state}");
    }
    clock.advance(Duration::from_millis(oware_server::FIRST_MOVE_MS));
    for id in &games {
        let mut status = Value::Null;
        for _ in 0..200 {
            let (_, state) = a.get(&format!("/api/games/{id}")).await;
            status = state["online"]["status"].clone();
            if status == "aborted" {
                break;
            }
            // The game's timer runs on the server's tasks once the clock has passed.
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(status, "aborted");
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn accounts_of_close_rating_pair_rated_and_far_ones_only_once_the_range_has_widened() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = common::clocked_server(&dir.path().join("r.sqlite"), &clock).await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    let mut esi = Browser::signed_up(&s, "Esi").await;
    // Two new accounts (1500 each) are close: paired at once, rated.
    let t1 = ama.join("3+2").await;
    assert_eq!(t1["rating"], 1500);
    assert_eq!(t1["range"], 100);
    let t2 = kofi.join("3+2").await;
    let (id, kofi_token) = pairing(&t2);
    let t1 = ama.ticket(&t1).await;
    assert_eq!(pairing(&t1).0, id);
    let (_, state) = ama.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["online"]["rated"], true, "{state}");
    // The account's seat also follows the cookie.
    let (st, seat) = ama.post(&format!("/api/games/{id}/seat"), json!({})).await;
    assert_eq!(st, StatusCode::OK, "{seat}");
    assert_eq!(seat["token"], pairing(&t1).1);
    // Both move (a game resigned before that rates nothing), South first.
    let ama_token = pairing(&t1).1;
    let ama_south = state["online"]["seats"]["S"]["name"] == "Ama";
    let mut order = [(&mut ama, &ama_token, "F"), (&mut kofi, &kofi_token, "f")];
    if !ama_south {
        order.swap(0, 1);
        (order[0].2, order[1].2) = ("F", "f");
    }
    for (who, token, letter) in order {
        let (st, v) = who
            .post_seat(
                &format!("/api/games/{id}/moves"),
                token,
                json!({ "move": letter }),
            )
            .await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    let (st, v) = kofi
        .post_seat(&format!("/api/games/{id}/resign"), &kofi_token, json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");

    // Ama won: her blitz rating is now far from Esi's 1500.
    let far = ama.join("3+2").await;
    let near = esi.join("3+2").await;
    assert!(
        far["paired"].is_null() && near["paired"].is_null(),
        "{far} {near}"
    );
    let gap = far["rating"].as_i64().unwrap() - near["rating"].as_i64().unwrap();
    assert!(
        gap > 100 && gap <= 500,
        "a gap the range covers later: {gap}"
    );
    // ±100, +50 every 5 s: the range reaches the gap after this long.
    let steps = (gap - 100 + 49) / 50;
    let needed = Duration::from_secs(5 * steps as u64);
    clock.advance(needed - Duration::from_secs(1));
    let still = esi.ticket(&near).await;
    assert!(
        still["paired"].is_null(),
        "±{} < {gap}: {still}",
        still["range"]
    );
    assert_eq!(still["range"].as_i64().unwrap(), 100 + 50 * (steps - 1));
    clock.advance(Duration::from_secs(1));
    let now = esi.ticket(&near).await;
    let (id2, _) = pairing(&now);
    assert_ne!(id2, id);
    let (_, state) = esi.get(&format!("/api/games/{id2}")).await;
    assert_eq!(state["online"]["rated"], true);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_account_and_a_guest_pair_casually_after_10_s_and_limits_and_leaving_are_clear() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = common::clocked_server(&dir.path().join("l.sqlite"), &clock).await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let mut guest = Browser::new(&s);
    let ta = ama.join("10+5").await;
    // One ticket per account.
    let (st, v) = ama.post("/api/pool/5+3", json!({})).await;
    assert_error(st, &v, StatusCode::CONFLICT, "already-waiting");
    assert!(v["error"].as_str().unwrap().contains("10+5"), "{v}");
    let (st, v) = ama.post("/api/pool/1+0", json!({})).await;
    assert_error(st, &v, StatusCode::NOT_FOUND, "no-such-pool");
    let tg = guest.join("10+5").await;
    assert!(tg["paired"].is_null(), "not before 10 s: {tg}");
    clock.advance(Duration::from_secs(10));
    let tg = guest.ticket(&tg).await;
    let (id, _) = pairing(&tg);
    let (_, state) = guest.get(&format!("/api/games/{id}")).await;
    assert_eq!(state["online"]["rated"], false, "casual with a guest");
    assert_eq!(pairing(&ama.ticket(&ta).await).0, id);
    // Leaving a paired ticket is too late.
    let (st, v) = ama
        .delete(&format!(
            "/api/pool/ticket/{}",
            ta["ticket"].as_str().unwrap()
        ))
        .await;
    assert_error(st, &v, StatusCode::CONFLICT, "already-paired");

    // Leaving a waiting one takes it out; a closed stream too.
    let t = ama.join("15+10").await;
    let path = format!("/api/pool/ticket/{}", t["ticket"].as_str().unwrap());
    let (st, v) = ama.delete(&path).await;
    assert_eq!((st, &v["left"]), (StatusCode::OK, &json!(true)));
    let (st, v) = ama.get(&path).await;
    assert_error(st, &v, StatusCode::NOT_FOUND, "no-such-ticket");
    let t = ama.join("15+10").await;
    let path = format!("/api/pool/ticket/{}", t["ticket"].as_str().unwrap());
    let api = common::Api::new(&s);
    let mut events = common::Events::open_path(&api, &format!("{path}/events")).await;
    assert_eq!(events.next().await.0, "ticket");
    drop(events);
    let mut gone = false;
    for _ in 0..100 {
        let (st, _) = ama.get(&path).await;
        if st == StatusCode::NOT_FOUND {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(gone, "a closed stream leaves the pool");
    // Guests: two per address at most.
    let (mut g1, mut g2, mut g3) = (Browser::new(&s), Browser::new(&s), Browser::new(&s));
    g1.join("3+2").await;
    clock.advance(Duration::from_secs(1));
    let _ = g2.post("/api/pool/5+3", json!({})).await;
    let (st, v) = g3.post("/api/pool/10+5", json!({})).await;
    assert_error(st, &v, StatusCode::TOO_MANY_REQUESTS, "too-many-tickets");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_correspondence_flag_falls_after_its_days_and_the_home_list_shows_whose_turn_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = common::clocked_server(&dir.path().join("c.sqlite"), &clock).await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    for bad in [json!({"days": 4}), json!({"days": 3, "initial_s": 60})] {
        let (st, v) = ama
            .post("/api/games", json!({"opponent": "online", "clock": bad}))
            .await;
        assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-clock");
    }
    let (st, created) = ama
        .post(
            "/api/games",
            json!({"opponent": "online", "clock": {"days": 2}, "color": "S", "rated": true}),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let south = created["token"].as_str().unwrap().to_string();
    let two_days = 2 * 86_400_000u64;
    assert_eq!(created["state"]["online"]["clock"]["initial_ms"], two_days);
    let (st, joined) = kofi.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(st, StatusCode::OK, "{joined}");
    let north = joined["token"].as_str().unwrap().to_string();
    let api = common::Api::new(&s);
    let (st, v) = api.play(&id, &south, "C").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    // A day and a half for North's first move: its two days come back after it.
    clock.advance(Duration::from_secs(36 * 3600));
    let (st, v) = api.play(&id, &north, "d").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let c = &v["state"]["online"]["clock"];
    assert_eq!(c["remaining_ms"]["N"], two_days, "{c}");
    assert_eq!(c["running"], "S");
    // A guest's challenge is another game going on: nobody's list shows it.
    let (st, other) = Browser::new(&s)
        .post(
            "/api/games",
            json!({"opponent": "online", "clock": {"days": 2}, "color": "S"}),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{other}");
    let (st, list) = ama.get("/api/account/games").await;
    assert_eq!(st, StatusCode::OK, "{list}");
    assert_eq!(list["games"].as_array().map(Vec::len), Some(1), "{list}");
    let g = &list["games"][0];
    assert_eq!(
        (g["id"].as_str(), &g["your_turn"]),
        (Some(id.as_str()), &json!(true))
    );
    assert_eq!(g["days_per_move"], 2);
    assert_eq!(g["time_left_ms"], two_days);
    assert_eq!(g["opponent"], "Kofi");
    let (_, list) = kofi.get("/api/account/games").await;
    assert_eq!(list["games"].as_array().map(Vec::len), Some(1), "{list}");
    assert_eq!(list["games"][0]["your_turn"], false);
    let (st, v) = Browser::new(&s).get("/api/account/games").await;
    assert_eq!(st, StatusCode::UNAUTHORIZED, "{v}");
    // South lets the two days pass: the flag falls on the server's clock, nobody asking.
    let version = v_of(&api, &id).await;
    clock.advance(Duration::from_millis(two_days));
    let state = api.wait(&id, version).await;
    assert_eq!(state["online"]["status"], "over", "{state}");
    assert_eq!(state["online"]["end"], "time");
    assert_eq!(state["online"]["winner"], "N");
    let (_, profile) = kofi.get("/api/user/Kofi").await;
    let cats: Vec<&str> = profile["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["category"].as_str().unwrap())
        .collect();
    assert!(cats.contains(&"correspondence"), "{profile}");
    let (_, list) = ama.get("/api/account/games").await;
    assert_eq!(list["games"], json!([]));
    s.shutdown().await.unwrap();
}

async fn v_of(api: &common::Api, id: &str) -> u64 {
    let (_, state) = api.get(&format!("/api/games/{id}")).await;
    state["version"].as_u64().expect("a version")
}

#[tokio::test]
async fn a_challenge_limited_to_a_rating_range_refuses_joiners_outside_it() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = common::clocked_server(&dir.path().join("x.sqlite"), &clock).await;
    let mut ama = Browser::signed_up(&s, "Ama").await;
    let mut kofi = Browser::signed_up(&s, "Kofi").await;
    let body = |range: Value, clock: Value| json!({"opponent": "online", "clock": clock, "range": range, "lobby": true});
    let blitz = json!({"initial_s": 180, "increment_s": 2});
    for (range, clock) in [
        (json!([1700, 1400]), blitz.clone()),
        (json!([-5, 1400]), blitz.clone()),
        (json!([1400, 1700]), Value::Null),
    ] {
        let (st, v) = ama.post("/api/games", body(range, clock)).await;
        assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-range");
    }
    let (st, created) = ama
        .post("/api/games", body(json!([1600, 1800]), blitz.clone()))
        .await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let (_, lobby) = kofi.get("/api/lobby").await;
    assert_eq!(
        lobby["challenges"][0]["range"],
        json!([1600, 1800]),
        "{lobby}"
    );
    let (st, v) = kofi.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_error(st, &v, StatusCode::CONFLICT, "out-of-range");
    let msg = v["error"].as_str().unwrap();
    assert!(msg.contains("1600–1800") && msg.contains("1500"), "{msg}");
    let (st, v) = Browser::new(&s)
        .post(&format!("/api/games/{id}/join"), json!({}))
        .await;
    assert_error(st, &v, StatusCode::CONFLICT, "log-in-to-join");
    // Within the range, the join is taken.
    let (st, created) = ama
        .post("/api/games", body(json!([1400, 1600]), blitz))
        .await;
    assert_eq!(st, StatusCode::CREATED);
    let id = created["id"].as_str().unwrap();
    let (st, v) = kofi.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    s.shutdown().await.unwrap();
}
