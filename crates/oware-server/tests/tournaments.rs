//! Tournaments through the JSON API (issue 31): an arena and a Swiss played to the end by
//! scripted players, on the real server with a real database (SQLite, or PostgreSQL with
//! `OWARE_TEST_BACKEND=postgres`), its time a [`ManualClock`] the tests move on: the pairing
//! waves run when the clock passes their time, never by sleeping.

mod common;

use std::path::Path;
use std::time::Duration;

use common::bot::Bot;
use common::{assert_error, Browser};
use oware_server::{start, ManualClock, Server, ServerConfig, TournamentConfig};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tempfile::TempDir;

async fn server(db: &Path, clock: &ManualClock) -> Server {
    let config = ServerConfig {
        tournaments: TournamentConfig {
            schedule: Vec::new(),
            ..TournamentConfig::default()
        },
        ..common::clocked_config(db, clock).await
    };
    start(&config).await.expect("server starts")
}

/// A test's folder, clock and server on database file `file` in the folder, and `names`
/// signed up.
async fn world(file: &str, names: &[&str]) -> (TempDir, ManualClock, Server, Vec<Player>) {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let s = server(&dir.path().join(file), &clock).await;
    let mut players = Vec::new();
    for name in names {
        players.push(Player::sign_up(&s, name).await);
    }
    (dir, clock, s, players)
}

/// A logged-in player with their own cookie.
struct Player {
    http: Bot,
    cookie: String,
    name: String,
}

impl Player {
    async fn sign_up(s: &Server, name: &str) -> Player {
        let b = Browser::signed_up(s, name).await;
        let cookie = format!("oware_session={}", b.cookie.expect("a session cookie"));
        Player {
            http: Bot::with_cookie(s, &cookie),
            cookie,
            name: name.to_string(),
        }
    }

    /// The same player on a restarted server (the session is in the database).
    fn on(&self, s: &Server) -> Player {
        Player {
            http: Bot::with_cookie(s, &self.cookie),
            cookie: self.cookie.clone(),
            name: self.name.clone(),
        }
    }

    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        self.http.send(method, path, body).await
    }

    async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.send(reqwest::Method::POST, path, Some(body)).await
    }

    async fn get(&self, path: &str) -> Value {
        let (st, v) = self.send(reqwest::Method::GET, path, None).await;
        assert_eq!(st, StatusCode::OK, "{path}: {v}");
        v
    }

    /// Resigns this player's game in play in tournament `t`.
    async fn resign(&self, t: &str) {
        let view = self.get(&format!("/api/tournaments/{t}")).await;
        let game = view["me"]["game"]
            .as_str()
            .expect("a game in play")
            .to_string();
        let (st, seat) = self
            .post(&format!("/api/games/{game}/seat"), json!({}))
            .await;
        assert_eq!(st, StatusCode::OK, "{seat}");
        let token = seat["token"].as_str().unwrap();
        let (st, v) = self
            .http
            .send_with(
                reqwest::Method::POST,
                &format!("/api/games/{game}/resign"),
                Some(json!({})),
                &[("x-seat-token", token)],
            )
            .await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
}

/// Waits (in real time, briefly) until tournament `t` as `p` sees it passes `check`: the
/// waves run on the server's tasks once the clock has passed their time.
async fn until(p: &Player, t: &str, what: &str, check: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..500 {
        let v = p.get(&format!("/api/tournaments/{t}")).await;
        if check(&v) {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("tournament never got to: {what}");
}

fn in_play(v: &Value) -> usize {
    v["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["result"].is_null())
        .count()
}

/// The lines of the standings of the tournament view `v`.
fn standings(v: &Value) -> &[Value] {
    v["standings"].as_array().unwrap()
}

/// The points of all the lines of the standings together.
fn total_points(v: &Value) -> f64 {
    standings(v)
        .iter()
        .map(|l| l["points"].as_f64().unwrap())
        .sum()
}

fn points(v: &Value, name: &str) -> f64 {
    standings(v)
        .iter()
        .find(|l| l["name"] == name)
        .unwrap_or_else(|| panic!("{name} in the standings: {v}"))["points"]
        .as_f64()
        .unwrap()
}

#[tokio::test]
async fn an_arena_is_played_to_its_podium_and_survives_a_restart() {
    let (dir, clock, s, mut players) = world("arena.sqlite", &["Ama", "Kofi", "Esi", "Yaw"]).await;
    let db = dir.path().join("arena.sqlite");
    // A guest cannot make one; a player can, within the limits.
    let guest = reqwest::Client::new()
        .post(format!("http://{}/api/tournaments", s.addr()))
        .json(&json!({ "kind": "arena", "initial_s": 180, "increment_s": 2 }))
        .send()
        .await
        .unwrap();
    assert_eq!(guest.status(), StatusCode::UNAUTHORIZED);
    let (st, bad) = players[0]
        .post(
            "/api/tournaments",
            json!({ "kind": "arena", "minutes": 5000, "initial_s": 180 }),
        )
        .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad["code"], "bad-length");
    let (st, created) = players[0]
        .post(
            "/api/tournaments",
            json!({ "kind": "arena", "name": "Test Arena", "minutes": 30,
                    "initial_s": 180, "increment_s": 2, "max_players": 4 }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    let t = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["status"], "created");
    for p in &players {
        let (st, v) = p
            .post(&format!("/api/tournaments/{t}/join"), json!({}))
            .await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    let fifth = Player::sign_up(&s, "Abena").await;
    let (st, full) = fifth
        .post(&format!("/api/tournaments/{t}/join"), json!({}))
        .await;
    assert_error(st, &full, StatusCode::CONFLICT, "tournament-full");
    let list = players[0].get("/api/tournaments").await;
    assert_eq!(list["upcoming"][0]["id"], t.as_str());

    // The start (5 minutes after creation): everyone is paired in the first wave.
    clock.advance(Duration::from_secs(301));
    let v = until(&players[0], &t, "two games of a started arena", |v| {
        in_play(v) == 2 && v["status"] == "started"
    })
    .await;
    assert_eq!(v["players"], 4);
    // Ama berserks before her first move: her clock is halved.
    let (st, v) = players[0]
        .post(&format!("/api/tournaments/{t}/berserk"), json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let game = v["me"]["game"].as_str().unwrap().to_string();
    let state = players[0].get(&format!("/api/games/{game}")).await;
    let berserk_side = if state["south"] == "Ama" || state["names"]["S"] == "Ama" {
        "S"
    } else {
        "N"
    };
    let line = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == game.as_str())
        .unwrap()
        .clone();
    assert!(
        line["south_berserk"] == true || line["north_berserk"] == true,
        "{line}"
    );
    let _ = berserk_side;

    // Round after round: in each game, the opponent of the first-listed player resigns.
    for wave in 0..3 {
        let v = until(&players[0], &t, "games in play", |v| in_play(v) == 2).await;
        let games: Vec<Value> = v["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["result"].is_null())
            .cloned()
            .collect();
        for g in &games {
            let loser = g["north"].as_str().unwrap();
            let p = players.iter().find(|p| p.name == loser).unwrap();
            p.resign(&t).await;
        }
        let done = 2 * (wave + 1);
        until(&players[0], &t, "results recorded", |v| {
            v["games"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|g| !g["result"].is_null())
                .count()
                == done
        })
        .await;
        if wave == 1 {
            // A restart between waves: the tournament, its players and games are stored.
            s.shutdown().await.unwrap();
            let s2 = server(&db, &clock).await;
            for p in players.iter_mut() {
                *p = p.on(&s2);
            }
            let v = players[1].get(&format!("/api/tournaments/{t}")).await;
            assert_eq!(v["players"], 4);
            // The four finished games and their results are stored; the new server may
            // already have run its first wave (two more games in play) when this is read.
            let games = v["games"].as_array().unwrap();
            let finished = games.iter().filter(|g| !g["result"].is_null()).count();
            assert_eq!(finished, 4, "{v}");
            assert!(matches!(in_play(&v), 0 | 2), "{v}");
            // The rest of the test runs on the new server (kept alive by leaking it).
            std::mem::forget(s2);
            clock.advance(Duration::from_secs(2));
            return finish_arena(&players, &t, &clock).await;
        }
        // The next wave pairs the free players again.
        clock.advance(Duration::from_secs(2));
    }
    unreachable!();
}

async fn finish_arena(players: &[Player], t: &str, clock: &ManualClock) {
    let v = until(&players[0], t, "games after the restart", |v| {
        in_play(v) == 2
    })
    .await;
    // Standings: points from the sheets (2 a win), the winners' marks.
    assert_eq!(total_points(&v), 8.0, "four wins of 2 points: {v}");
    // Pause: a paused player is not paired; Yaw pauses and the others' game goes on.
    let (st, paused) = players[3]
        .post(&format!("/api/tournaments/{t}/withdraw"), json!({}))
        .await;
    assert_eq!(st, StatusCode::OK, "{paused}");
    assert_eq!(paused["me"]["state"], "paused");
    // The end: 30 minutes after the start. Games still in play do not count.
    clock.advance(Duration::from_secs(30 * 60));
    let v = until(&players[0], t, "finished", |v| v["status"] == "finished").await;
    let podium = v["podium"].as_array().unwrap();
    assert_eq!(podium.len(), 3, "{v}");
    assert_eq!(podium[0], v["standings"][0]["name"]);
    assert!(points(&v, podium[0].as_str().unwrap()) >= 4.0);
    let (st, late) = players[0]
        .post(&format!("/api/tournaments/{t}/join"), json!({}))
        .await;
    assert_error(st, &late, StatusCode::CONFLICT, "tournament-finished");
    let list = players[0].get("/api/tournaments").await;
    assert_eq!(list["finished"][0]["id"], t);
    // The profile lists the tournament.
    let profile = players[1]
        .get(&format!("/api/user/{}", players[1].name))
        .await;
    assert_eq!(profile["tournaments"][0]["id"], t, "{profile}");
}

#[tokio::test]
async fn a_swiss_pairs_each_round_when_the_last_game_ends_with_a_bye() {
    let (_dir, clock, _s, players) = world("swiss.sqlite", &["Ama", "Kofi", "Esi"]).await;
    let (st, created) = players[0]
        .post(
            "/api/tournaments",
            json!({ "kind": "swiss", "rounds": 3, "initial_s": 600, "increment_s": 5 }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    let t = created["id"].as_str().unwrap().to_string();
    for p in &players {
        let (st, v) = p
            .post(&format!("/api/tournaments/{t}/join"), json!({}))
            .await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    clock.advance(Duration::from_secs(301));
    let mut byes = Vec::new();
    for round in 1..=3u64 {
        let v = until(&players[0], &t, "the round's game", |v| {
            v["round"] == round && in_play(v) == 1
        })
        .await;
        byes.push(
            v["bye"]
                .as_str()
                .expect("a bye with three players")
                .to_string(),
        );
        // The round does not end before its game: a wave now pairs nothing.
        clock.advance(Duration::from_secs(2));
        let g = v["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["result"].is_null())
            .unwrap()
            .clone();
        let loser = g["south"].as_str().unwrap();
        players
            .iter()
            .find(|p| p.name == loser)
            .unwrap()
            .resign(&t)
            .await;
        until(&players[0], &t, "the result", |v| in_play(v) == 0).await;
        clock.advance(Duration::from_secs(2));
    }
    let v = until(&players[0], &t, "finished", |v| v["status"] == "finished").await;
    // The page shows every round's bye, not only the last round's.
    let listed: Vec<(u64, String)> = v["byes"]
        .as_array()
        .unwrap_or_else(|| panic!("a list of byes: {v}"))
        .iter()
        .map(|b| {
            (
                b["round"].as_u64().unwrap(),
                b["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected: Vec<(u64, String)> = (1..).zip(byes.iter().cloned()).collect();
    assert_eq!(listed, expected, "{v}");
    byes.sort();
    byes.dedup();
    assert_eq!(byes.len(), 3, "each player had one bye: {byes:?}");
    assert_eq!(total_points(&v), 6.0, "three games and three byes: {v}");
    for line in standings(&v) {
        assert!(line["buchholz"].is_number() && line["sonneborn_berger"].is_number());
    }
    assert_eq!(v["podium"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn simultaneous_joins_never_overfill_a_tournament() {
    let names = ["Ama", "Kofi", "Esi", "Yaw", "Abena", "Kwame"];
    let (_dir, _clock, s, players) = world("full.sqlite", &names).await;
    let (st, created) = players[0]
        .post(
            "/api/tournaments",
            json!({ "kind": "arena", "minutes": 30, "initial_s": 180, "increment_s": 2,
                    "max_players": 2 }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    let t = created["id"].as_str().unwrap().to_string();
    // Everyone asks at once: each request reads "room for 2" before any has written.
    let mut joins = tokio::task::JoinSet::new();
    for p in &players {
        let p = p.on(&s);
        let path = format!("/api/tournaments/{t}/join");
        joins.spawn(async move { p.post(&path, json!({})).await });
    }
    let answers = joins.join_all().await;
    let taken = answers
        .iter()
        .filter(|(st, _)| *st == StatusCode::OK)
        .count();
    for (st, v) in answers.iter().filter(|(st, _)| *st != StatusCode::OK) {
        assert_error(*st, v, StatusCode::CONFLICT, "tournament-full");
    }
    assert_eq!(taken, 2, "{answers:?}");
    let v = players[0].get(&format!("/api/tournaments/{t}")).await;
    assert_eq!(v["players"], 2, "{v}");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn players_tournaments_cannot_pass_for_the_sites_and_come_after_them_in_the_list() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let config = ServerConfig {
        tournaments: TournamentConfig {
            schedule: oware_server::Recurring::parse_all("daily 20:00 arena 60 3+2 Weekly Arena")
                .unwrap(),
            ..TournamentConfig::default()
        },
        ..common::clocked_config(&dir.path().join("names.sqlite"), &clock).await
    };
    let s = start(&config).await.expect("server starts");
    let p = Player::sign_up(&s, "Ama").await;
    for name in [
        "Official Weekly Arena 7",
        "weekly-arena",
        "The OFFICIAL blitz",
    ] {
        let (st, v) = p
            .post(
                "/api/tournaments",
                json!({ "kind": "arena", "name": name, "initial_s": 180, "increment_s": 2 }),
            )
            .await;
        assert_error(st, &v, StatusCode::UNPROCESSABLE_ENTITY, "bad-name");
    }
    // A player's tournament starting before the site's is still listed after it.
    let (st, mine) = p
        .post(
            "/api/tournaments",
            json!({ "kind": "arena", "name": "Ama's blitz", "initial_s": 180, "increment_s": 2,
                    "starts_ms": oware_server::Clock::now_ms(&clock) + 60_000 }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{mine}");
    let list = loop {
        let list = p.get("/api/tournaments").await;
        if list["upcoming"].as_array().unwrap().len() == 2 {
            break list;
        }
        // The schedule's tournament is made by the first tick of the timer.
        tokio::time::sleep(Duration::from_millis(10)).await;
    };
    assert_eq!(list["upcoming"][0]["scheduled"], true, "{list}");
    assert_eq!(list["upcoming"][1]["name"], "Ama's blitz", "{list}");
    s.shutdown().await.unwrap();
}
